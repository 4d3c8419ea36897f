//! The one layout of general graphs (platform drawings and the platform editor's "tidy"):
//! stress majorization, then the removal of label overlaps.
//!
//! 1. **Ideal distances**: the hop distance between two nodes in the undirected graph, times
//!    [`GraphLayout::edge_length`] (nodes in different components: one hop more than the
//!    longest finite distance).
//! 2. **Start**: classical scaling (the two leading eigenvectors of the double-centred squared
//!    distances, by power iteration), so the result does not depend on a random start.
//! 3. **Stress majorization** (Gansner, Koren and North, "Graph drawing by stress
//!    majorization", 2004), node by node: each free node moves to the weighted mean of where
//!    every other node says it should be (weights `d⁻²`); fixed nodes stay.
//! 4. Without fixed nodes, the drawing is turned so its longest axis (principal component) is
//!    horizontal — wide screens — and shifted so its box starts at (0, 0).
//! 5. **Overlap removal**: two label boxes (plus [`GraphLayout::gap`]) that overlap are pushed
//!    apart along the axis where they overlap least, a fixed node never moving; sweeps repeat
//!    until none overlap. Without fixed nodes, any overlap left after the sweeps is removed by
//!    scaling the drawing up by the least factor that separates every pair
//!    ([`separating_scale`]), so the result has no overlap at all.
//!
//! Positions are box centres in pixels. Pure geometry: the caller says how wide each label
//! box is (e.g. with [`text_width`](crate::layout::style::text_width)).
//!
//! # Complexity
//! O(n·(n + m)) for the distances, O(n²) per sweep of the start and of stress majorization
//! (at most [`MAX_SWEEPS`] sweeps, fewer for big graphs so n²·sweeps stays under 2·10⁷), and
//! O(n²) per overlap sweep (at most [`MAX_SWEEPS`]). Memory O(n²).

use std::collections::VecDeque;

/// Sweeps at most, of stress majorization and of overlap removal.
pub const MAX_SWEEPS: usize = 300;

/// A graph to lay out.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphLayout<'a> {
    /// Width and height of each node's label box, in pixels (one per node).
    pub sizes: &'a [(f64, f64)],
    /// The links (undirected; a link given in both directions counts once; loops ignored).
    pub links: &'a [(usize, usize)],
    /// Nodes that keep their place (centre, pixels), e.g. where the user dragged them; `None`
    /// for a node to place. Shorter than `sizes`: the rest are free.
    pub fixed: &'a [Option<(f64, f64)>],
    /// The ideal length of one link, in pixels.
    pub edge_length: f64,
    /// The least free space between two label boxes, in pixels.
    pub gap: f64,
    /// Without fixed nodes: stretch a drawing narrower than this width / height ratio to it
    /// (x grows, y shrinks by the same factor, so the area stays), e.g. 16 / 9 for a wide
    /// screen; `None` keeps the shape stress majorization gives.
    pub aspect: Option<f64>,
}

/// Lay out `g` (see the module documentation): one centre per node, in pixels.
pub fn layout(g: &GraphLayout) -> Vec<(f64, f64)> {
    let n = g.sizes.len();
    if n == 0 {
        return Vec::new();
    }
    let fixed: Vec<Option<(f64, f64)>> = (0..n)
        .map(|v| g.fixed.get(v).copied().flatten())
        .map(|p| p.filter(|&(x, y)| x.is_finite() && y.is_finite()))
        .collect();
    let any_fixed = fixed.iter().any(Option::is_some);
    let d = distances(n, g.links, g.edge_length.max(1.0));
    let mut pos = classical_scaling(&d, n);
    if any_fixed {
        // The start of a free node: near its placed neighbours' mean, or the fixed nodes' mean.
        let placed: Vec<(f64, f64)> = fixed.iter().flatten().copied().collect();
        let mean = centroid(&placed);
        for v in 0..n {
            pos[v] = match fixed[v] {
                Some(p) => p,
                None => {
                    let near: Vec<(f64, f64)> = (0..n)
                        .filter_map(|u| fixed[u].filter(|_| d[v * n + u] <= g.edge_length))
                        .collect();
                    let c = if near.is_empty() {
                        mean
                    } else {
                        centroid(&near)
                    };
                    // Apart from each other: a small spiral by index.
                    let a = v as f64 * 2.399_963;
                    let r = 0.5 * g.edge_length * (1.0 + (v as f64).sqrt() * 0.1);
                    (c.0 + r * a.cos(), c.1 + r * a.sin())
                }
            };
        }
    }
    let sweeps = MAX_SWEEPS.min(20_000_000 / (n * n).max(1)).max(10);
    majorize(&mut pos, &d, n, &fixed, sweeps);
    if !any_fixed {
        turn_wide(&mut pos);
        if let Some(target) = g.aspect.filter(|a| a.is_finite() && *a > 0.0) {
            stretch(&mut pos, target);
        }
    }
    remove_overlaps(&mut pos, g.sizes, &fixed, g.gap);
    if !any_fixed {
        let s = separating_scale(&pos, g.sizes, g.gap);
        if s > 1.0 {
            for p in &mut pos {
                *p = (p.0 * s, p.1 * s);
            }
        }
        let (x0, y0, _, _) = bounds(&pos, g.sizes);
        for p in &mut pos {
            *p = (p.0 - x0, p.1 - y0);
        }
    }
    pos
}

/// The pairs of label boxes (centres `pos`, sizes `sizes`) closer than `gap`: each pair
/// `(i, j)` with `i < j` once.
///
/// # Complexity
/// O(n²).
pub fn overlapping_pairs(
    pos: &[(f64, f64)],
    sizes: &[(f64, f64)],
    gap: f64,
) -> Vec<(usize, usize)> {
    let n = pos.len().min(sizes.len());
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if penetration(pos, sizes, gap, i, j).is_some() {
                out.push((i, j));
            }
        }
    }
    out
}

/// The least factor by which to scale the centres `pos` (about the origin) so that no two
/// boxes are closer than `gap`; 0 for fewer than two nodes, infinite when two centres
/// coincide.
///
/// # Complexity
/// O(n²).
pub fn separating_scale(pos: &[(f64, f64)], sizes: &[(f64, f64)], gap: f64) -> f64 {
    let n = pos.len().min(sizes.len());
    let mut s: f64 = 0.0;
    for i in 0..n {
        for j in i + 1..n {
            let need_x = (sizes[i].0 + sizes[j].0) / 2.0 + gap;
            let need_y = (sizes[i].1 + sizes[j].1) / 2.0 + gap;
            let dx = (pos[i].0 - pos[j].0).abs();
            let dy = (pos[i].1 - pos[j].1).abs();
            let sx = if dx > 0.0 { need_x / dx } else { f64::INFINITY };
            let sy = if dy > 0.0 { need_y / dy } else { f64::INFINITY };
            s = s.max(sx.min(sy));
        }
    }
    s
}

/// The box around the label boxes: (left, top, right, bottom); zeros when empty.
pub fn bounds(pos: &[(f64, f64)], sizes: &[(f64, f64)]) -> (f64, f64, f64, f64) {
    let mut b = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for (p, s) in pos.iter().zip(sizes) {
        b = (
            b.0.min(p.0 - s.0 / 2.0),
            b.1.min(p.1 - s.1 / 2.0),
            b.2.max(p.0 + s.0 / 2.0),
            b.3.max(p.1 + s.1 / 2.0),
        );
    }
    if b.0 > b.2 {
        (0.0, 0.0, 0.0, 0.0)
    } else {
        b
    }
}

/// How far boxes `i` and `j` overlap (with `gap`) along x and y, when they do.
fn penetration(
    pos: &[(f64, f64)],
    sizes: &[(f64, f64)],
    gap: f64,
    i: usize,
    j: usize,
) -> Option<(f64, f64)> {
    let ox = (sizes[i].0 + sizes[j].0) / 2.0 + gap - (pos[i].0 - pos[j].0).abs();
    let oy = (sizes[i].1 + sizes[j].1) / 2.0 + gap - (pos[i].1 - pos[j].1).abs();
    (ox > 1e-9 && oy > 1e-9).then_some((ox, oy))
}

fn centroid(p: &[(f64, f64)]) -> (f64, f64) {
    let k = p.len().max(1) as f64;
    let (sx, sy) = p.iter().fold((0.0, 0.0), |a, q| (a.0 + q.0, a.1 + q.1));
    (sx / k, sy / k)
}

/// All-pairs ideal distances (row-major n×n), by breadth-first search from every node.
fn distances(n: usize, links: &[(usize, usize)], unit: f64) -> Vec<f64> {
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in links {
        if a < n && b < n && a != b {
            adj[a].push(b);
            adj[b].push(a);
        }
    }
    let mut hops = vec![usize::MAX; n * n];
    let mut queue = VecDeque::new();
    for s in 0..n {
        let row = &mut hops[s * n..(s + 1) * n];
        row[s] = 0;
        queue.push_back(s);
        while let Some(v) = queue.pop_front() {
            for &u in &adj[v] {
                if row[u] == usize::MAX {
                    row[u] = row[v] + 1;
                    queue.push_back(u);
                }
            }
        }
    }
    let longest = hops
        .iter()
        .copied()
        .filter(|&h| h != usize::MAX)
        .max()
        .unwrap_or(0);
    hops.iter()
        .map(|&h| {
            if h == usize::MAX {
                (longest + 1) as f64 * unit
            } else {
                h as f64 * unit
            }
        })
        .collect()
}

/// Classical scaling: the two leading eigenvectors of `B = -½ J D² J`, by power iteration
/// (the second deflated), each scaled by the square root of its eigenvalue.
fn classical_scaling(d: &[f64], n: usize) -> Vec<(f64, f64)> {
    if n == 1 {
        return vec![(0.0, 0.0)];
    }
    let sq: Vec<f64> = d.iter().map(|x| x * x).collect();
    let row: Vec<f64> = (0..n)
        .map(|i| sq[i * n..(i + 1) * n].iter().sum::<f64>() / n as f64)
        .collect();
    let all = row.iter().sum::<f64>() / n as f64;
    let b: Vec<f64> = (0..n * n)
        .map(|k| {
            let (i, j) = (k / n, k % n);
            -0.5 * (sq[k] - row[i] - row[j] + all)
        })
        .collect();
    let mut vecs: Vec<(Vec<f64>, f64)> = Vec::new();
    for k in 0..2 {
        // A deterministic start that is not orthogonal to much.
        let mut v: Vec<f64> = (0..n)
            .map(|i| ((i * (k + 2) + 1) as f64 * 0.618_034).fract() - 0.5)
            .collect();
        let mut lambda = 0.0;
        for _ in 0..200 {
            let mut w: Vec<f64> = (0..n)
                .map(|i| (0..n).map(|j| b[i * n + j] * v[j]).sum())
                .collect();
            for (u, _) in &vecs {
                let dot: f64 = w.iter().zip(u).map(|(a, b)| a * b).sum::<f64>();
                for (wi, ui) in w.iter_mut().zip(u) {
                    *wi -= dot * ui;
                }
            }
            let norm = w.iter().map(|x| x * x).sum::<f64>().sqrt();
            if norm < 1e-12 {
                break;
            }
            lambda = norm;
            v = w.iter().map(|x| x / norm).collect();
        }
        vecs.push((v, lambda));
    }
    (0..n)
        .map(|i| {
            let c = |k: usize| vecs[k].0[i] * vecs[k].1.max(0.0).sqrt();
            // Break exact ties (symmetric graphs) a little, by index.
            (c(0) + 1e-3 * i as f64, c(1) + 1e-3 * ((i * 7) % n) as f64)
        })
        .collect()
}

/// Stress majorization, node by node (localized), weights `d⁻²`.
fn majorize(
    pos: &mut [(f64, f64)],
    d: &[f64],
    n: usize,
    fixed: &[Option<(f64, f64)>],
    sweeps: usize,
) {
    for _ in 0..sweeps {
        let mut moved: f64 = 0.0;
        for i in 0..n {
            if fixed[i].is_some() {
                continue;
            }
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            for j in 0..n {
                let dij = d[i * n + j];
                if j == i || dij <= 0.0 {
                    continue;
                }
                let w = 1.0 / (dij * dij);
                let (ex, ey) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
                let len = (ex * ex + ey * ey).sqrt();
                let (ux, uy) = if len > 1e-9 {
                    (ex / len, ey / len)
                } else {
                    (1.0, 0.0)
                };
                sx += w * (pos[j].0 + dij * ux);
                sy += w * (pos[j].1 + dij * uy);
                sw += w;
            }
            if sw > 0.0 {
                let next = (sx / sw, sy / sw);
                moved = moved.max((next.0 - pos[i].0).abs() + (next.1 - pos[i].1).abs());
                pos[i] = next;
            }
        }
        if moved < 1e-3 {
            break;
        }
    }
}

/// Turn the drawing about its centroid so its principal axis is horizontal.
fn turn_wide(pos: &mut [(f64, f64)]) {
    let c = centroid(pos);
    let (mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0);
    for p in pos.iter() {
        let (x, y) = (p.0 - c.0, p.1 - c.1);
        sxx += x * x;
        syy += y * y;
        sxy += x * y;
    }
    let a = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    let (s, co) = a.sin_cos();
    for p in pos.iter_mut() {
        let (x, y) = (p.0 - c.0, p.1 - c.1);
        *p = (x * co + y * s, -x * s + y * co);
    }
}

/// Stretch x and shrink y by one factor so that the centres' box is `target` times as wide as
/// high, when it is narrower.
fn stretch(pos: &mut [(f64, f64)], target: f64) {
    let (x0, x1) = pos
        .iter()
        .fold((f64::MAX, f64::MIN), |a, p| (a.0.min(p.0), a.1.max(p.0)));
    let (y0, y1) = pos
        .iter()
        .fold((f64::MAX, f64::MIN), |a, p| (a.0.min(p.1), a.1.max(p.1)));
    let (w, h) = (x1 - x0, y1 - y0);
    if h <= 1e-9 || w / h >= target {
        return;
    }
    let f = (target / (w / h)).sqrt();
    for p in pos.iter_mut() {
        *p = (p.0 * f, p.1 / f);
    }
}

/// Push the boxes (centres `pos`, sizes `sizes`, pixels) apart until no two are closer than
/// `gap`: the overlap removal of [`layout`] (step 5) with every node free, then, if sweeps
/// leave an overlap, the least scaling about the origin that separates every pair
/// ([`separating_scale`]). Boxes already apart do not move. What a drawing reshaped to its
/// panel uses (the platform view's positions stretched to the panel's aspect).
///
/// # Complexity
/// O(n²) per sweep, at most [`MAX_SWEEPS`] sweeps.
pub fn push_apart(pos: &mut [(f64, f64)], sizes: &[(f64, f64)], gap: f64) {
    remove_overlaps(pos, sizes, &[], gap);
    let s = separating_scale(pos, sizes, gap);
    if s > 1.0 && s.is_finite() {
        for p in pos.iter_mut() {
            *p = (p.0 * s, p.1 * s);
        }
    }
}

/// Push overlapping boxes apart (see the module documentation, step 5); a node past the end
/// of `fixed` is free.
fn remove_overlaps(
    pos: &mut [(f64, f64)],
    sizes: &[(f64, f64)],
    fixed: &[Option<(f64, f64)>],
    gap: f64,
) {
    let n = pos.len();
    for _ in 0..MAX_SWEEPS {
        let mut any = false;
        for i in 0..n {
            for j in i + 1..n {
                let Some((ox, oy)) = penetration(pos, sizes, gap, i, j) else {
                    continue;
                };
                let free = |v: usize| !matches!(fixed.get(v), Some(Some(_)));
                let (fi, fj) = (free(i), free(j));
                if !fi && !fj {
                    continue;
                }
                any = true;
                // Share the push between the free ones; a little more than needed.
                let (si, sj) = match (fi, fj) {
                    (true, true) => (0.5, 0.5),
                    (true, false) => (1.0, 0.0),
                    _ => (0.0, 1.0),
                };
                // Along the axis of least overlap; i < j, so of equal places i goes first.
                let along_x = ox <= oy;
                let c = |p: (f64, f64)| if along_x { p.0 } else { p.1 };
                let dir = if c(pos[i]) <= c(pos[j]) { -1.0 } else { 1.0 };
                let push = ox.min(oy) + 0.5;
                let (di, dj) = (dir * push * si, -dir * push * sj);
                if along_x {
                    pos[i].0 += di;
                    pos[j].0 += dj;
                } else {
                    pos[i].1 += di;
                    pos[j].1 += dj;
                }
            }
        }
        if !any {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxes(n: usize) -> Vec<(f64, f64)> {
        vec![(60.0, 34.0); n]
    }

    /// A path of 5 nodes lies on one horizontal line, one edge length apart.
    #[test]
    fn a_path_is_a_horizontal_line() {
        let sizes = boxes(5);
        let links = [(0, 1), (1, 2), (2, 3), (3, 4)];
        let pos = layout(&GraphLayout {
            sizes: &sizes,
            links: &links,
            fixed: &[],
            edge_length: 100.0,
            gap: 8.0,
            aspect: None,
        });
        for w in pos.windows(2) {
            assert!((w[0].1 - w[1].1).abs() < 0.5, "{pos:?}");
            assert!(((w[0].0 - w[1].0).abs() - 100.0).abs() < 0.5, "{pos:?}");
        }
        // Shifted so the boxes start at (0, 0).
        let b = bounds(&pos, &sizes);
        assert!(b.0.abs() < 1e-9 && b.1.abs() < 1e-9, "{b:?}");
    }

    /// Fixed nodes stay exactly; a free node between two fixed ones goes between them.
    #[test]
    fn fixed_nodes_stay() {
        let sizes = boxes(3);
        let links = [(0, 1), (1, 2)];
        let fixed = [Some((0.0, 0.0)), None, Some((400.0, 0.0))];
        let pos = layout(&GraphLayout {
            sizes: &sizes,
            links: &links,
            fixed: &fixed,
            edge_length: 100.0,
            gap: 8.0,
            aspect: None,
        });
        assert_eq!(pos[0], (0.0, 0.0));
        assert_eq!(pos[2], (400.0, 0.0));
        assert!(
            (pos[1].0 - 200.0).abs() < 1.0 && pos[1].1.abs() < 1.0,
            "{pos:?}"
        );
    }

    /// Boxes wider than the edge length: no overlap is left (a star of 12 leaves).
    #[test]
    fn wide_labels_do_not_overlap() {
        let sizes = vec![(160.0, 34.0); 13];
        let links: Vec<(usize, usize)> = (1..13).map(|k| (0, k)).collect();
        let pos = layout(&GraphLayout {
            sizes: &sizes,
            links: &links,
            fixed: &[],
            edge_length: 60.0,
            gap: 8.0,
            aspect: Some(16.0 / 9.0),
        });
        assert_eq!(overlapping_pairs(&pos, &sizes, 8.0), vec![]);
    }

    /// Two 60 x 34 boxes 34 px apart (gap 8) overlap by 34 px in x, 42 in y: each moves
    /// half of 34.5 px along x; a third box already apart does not move.
    #[test]
    fn push_apart_moves_overlapping_boxes_along_their_least_overlap() {
        let sizes = boxes(3);
        let mut pos = [(0.0, 0.0), (34.0, 0.0), (0.0, 200.0)];
        push_apart(&mut pos, &sizes, 8.0);
        assert_eq!(pos, [(-17.25, 0.0), (51.25, 0.0), (0.0, 200.0)]);
        assert_eq!(overlapping_pairs(&pos, &sizes, 8.0), vec![]);
    }

    #[test]
    fn separating_scale_is_exact() {
        let sizes = boxes(2);
        // 60 wide boxes, gap 8: centres 68 apart in x at least; 34 apart now -> factor 2.
        assert_eq!(
            separating_scale(&[(0.0, 0.0), (34.0, 0.0)], &sizes, 8.0),
            2.0
        );
        assert_eq!(separating_scale(&[(0.0, 0.0)], &sizes[..1], 8.0), 0.0);
        assert_eq!(
            overlapping_pairs(&[(0.0, 0.0), (34.0, 0.0)], &sizes, 8.0),
            vec![(0, 1)]
        );
        assert_eq!(
            overlapping_pairs(&[(0.0, 0.0), (68.0, 0.0)], &sizes, 8.0),
            vec![]
        );
        assert!(layout(&GraphLayout {
            sizes: &[],
            links: &[],
            fixed: &[],
            edge_length: 1.0,
            gap: 0.0,
            aspect: None,
        })
        .is_empty());
    }
}
