//! Edge colouring of a bipartite multigraph with Δ colours, Δ its largest degree (König's
//! edge-colouring theorem), by alternating-path recolouring.
//!
//! Each edge `(u, v)` in turn gets a colour `a` missing at `u` and `b` missing at `v`
//! (one of each exists, as fewer than Δ edges are coloured at each end). If `a` is also
//! missing at `v` the edge takes it; otherwise the path from `v` whose edges are coloured
//! `a, b, a, ...` swaps its two colours. The path cannot reach `u` (in a bipartite graph it
//! would arrive at `u`'s side by an `a` edge, and `a` is missing at `u`), so after the swap
//! `a` is missing at both ends and the edge takes it.
//!
//! Used by the multimessage model (Gonzalez, section 2.0.3: a degree-`d` unicasting instance
//! is a `d`-regular bipartite multigraph, solved in `d` steps, one colour a step); the same
//! colouring serves the periodic schedules of paper 002.
//!
//! # Complexity
//! O(E·(V + Δ)) time for E edges on V vertices (one path of at most V edges per edge, and
//! a scan of Δ colours at each end), O((V + E)·Δ) memory.
//!
//! ```
//! use hetcast_core::combinatorics::edge_colouring::colour_bipartite;
//! // K(2,2) plus a parallel edge: Δ = 3.
//! let edges = [(0, 0), (0, 1), (1, 0), (1, 1), (0, 0)];
//! let c = colour_bipartite(2, 2, &edges);
//! assert_eq!(c.colours, 3);
//! assert!(c.colour.iter().all(|&x| x < 3));
//! ```

/// A proper edge colouring.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgeColouring {
    /// How many colours (Δ, or 0 for no edges).
    pub colours: usize,
    /// The colour of each edge, in the order given.
    pub colour: Vec<usize>,
}

/// Colour the edges `(left, right)` of a bipartite multigraph with `left` and `right` vertices
/// with Δ colours; no two edges sharing an end get the same colour.
///
/// # Panics
/// If an edge names a vertex out of range (a caller's bug, not user data).
pub fn colour_bipartite(left: usize, right: usize, edges: &[(usize, usize)]) -> EdgeColouring {
    let mut deg_l = vec![0usize; left];
    let mut deg_r = vec![0usize; right];
    for &(u, v) in edges {
        deg_l[u] += 1;
        deg_r[v] += 1;
    }
    let delta = deg_l.iter().chain(&deg_r).copied().max().unwrap_or(0);
    // at_l[u * delta + c]: the edge of colour c at left vertex u (usize::MAX: none).
    const NONE: usize = usize::MAX;
    let mut at_l = vec![NONE; left * delta];
    let mut at_r = vec![NONE; right * delta];
    let mut colour = vec![NONE; edges.len()];
    let mut path = Vec::new();
    for (e, &(u, v)) in edges.iter().enumerate() {
        let free = |at: &[usize], x: usize| (0..delta).find(|&c| at[x * delta + c] == NONE);
        let a = free(&at_l, u).expect("a colour is missing at u: fewer than Δ edges coloured");
        if at_r[v * delta + a] != NONE {
            let b = free(&at_r, v).expect("a colour is missing at v");
            // Collect the a/b path from v: edges coloured a, b, a, ... alternately, leaving v
            // on the right side, then a left vertex, and so on.
            path.clear();
            let (mut on_right, mut x, mut want) = (true, v, a);
            loop {
                let next = if on_right {
                    at_r[x * delta + want]
                } else {
                    at_l[x * delta + want]
                };
                if next == NONE {
                    break;
                }
                path.push(next);
                let (eu, ev) = edges[next];
                x = if on_right { eu } else { ev };
                on_right = !on_right;
                want = if want == a { b } else { a };
            }
            for &p in &path {
                let (pu, pv) = edges[p];
                at_l[pu * delta + colour[p]] = NONE;
                at_r[pv * delta + colour[p]] = NONE;
            }
            for &p in &path {
                let (pu, pv) = edges[p];
                let c = if colour[p] == a { b } else { a };
                colour[p] = c;
                at_l[pu * delta + c] = p;
                at_r[pv * delta + c] = p;
            }
        }
        debug_assert!(at_l[u * delta + a] == NONE && at_r[v * delta + a] == NONE);
        colour[e] = a;
        at_l[u * delta + a] = e;
        at_r[v * delta + a] = e;
    }
    EdgeColouring {
        colours: delta,
        colour,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{below, Rng64};
    use rand::SeedableRng;

    fn proper(edges: &[(usize, usize)], c: &EdgeColouring) -> bool {
        for i in 0..edges.len() {
            if c.colour[i] >= c.colours {
                return false;
            }
            for j in i + 1..edges.len() {
                let share = edges[i].0 == edges[j].0 || edges[i].1 == edges[j].1;
                if share && c.colour[i] == c.colour[j] {
                    return false;
                }
            }
        }
        true
    }

    /// The fewest colours of a proper edge colouring, by exhaustive search.
    fn brute_force(left: usize, right: usize, edges: &[(usize, usize)]) -> usize {
        fn fits(k: usize, i: usize, edges: &[(usize, usize)], col: &mut Vec<usize>) -> bool {
            if i == edges.len() {
                return true;
            }
            for c in 0..k {
                let ok = (0..i)
                    .all(|j| col[j] != c || (edges[j].0 != edges[i].0 && edges[j].1 != edges[i].1));
                if ok {
                    col[i] = c;
                    if fits(k, i + 1, edges, col) {
                        return true;
                    }
                }
            }
            false
        }
        let _ = (left, right);
        let mut col = vec![0; edges.len()];
        (0..=edges.len())
            .find(|&k| fits(k, 0, edges, &mut col))
            .unwrap_or(0)
    }

    /// Random bipartite multigraphs: the colouring is proper with Δ colours, and Δ is the
    /// fewest possible (exhaustive search on the small ones).
    #[test]
    fn delta_colours_and_no_fewer() {
        let mut rng = Rng64::seed_from_u64(7);
        for round in 0..2000 {
            let left = 1 + below(&mut rng, 5);
            let right = 1 + below(&mut rng, 5);
            let m = below(&mut rng, if round < 1500 { 9 } else { 60 });
            let edges: Vec<(usize, usize)> = (0..m)
                .map(|_| (below(&mut rng, left), below(&mut rng, right)))
                .collect();
            let c = colour_bipartite(left, right, &edges);
            assert!(proper(&edges, &c), "{edges:?}: {c:?}");
            if m <= 8 {
                assert_eq!(c.colours, brute_force(left, right, &edges), "{edges:?}");
            }
        }
    }

    /// A d-regular bipartite multigraph (a union of d random perfect matchings) gets d colours,
    /// each a perfect matching.
    #[test]
    fn regular_graphs_get_d_colours() {
        let mut rng = Rng64::seed_from_u64(3);
        for _ in 0..500 {
            let n = 1 + below(&mut rng, 12);
            let d = 1 + below(&mut rng, 8);
            let mut edges = Vec::new();
            for _ in 0..d {
                let mut perm: Vec<usize> = (0..n).collect();
                for i in (1..n).rev() {
                    perm.swap(i, below(&mut rng, i + 1));
                }
                edges.extend((0..n).map(|u| (u, perm[u])));
            }
            let c = colour_bipartite(n, n, &edges);
            assert_eq!(c.colours, d);
            assert!(proper(&edges, &c));
            for colour in 0..d {
                assert_eq!(c.colour.iter().filter(|&&x| x == colour).count(), n);
            }
        }
    }

    #[test]
    fn no_edges_no_colours() {
        assert_eq!(colour_bipartite(3, 0, &[]).colours, 0);
    }
}
