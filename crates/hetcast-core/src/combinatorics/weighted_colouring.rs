//! Weighted bipartite edge colouring (König's theorem, weighted form): the edges of a
//! bipartite graph with positive weights are split into a sequence of matchings, each with a
//! duration, so that every edge is covered for exactly its weight and the durations sum to
//! the largest weighted degree Δ. A one-port period is this: the senders on the left, the
//! receivers on the right, an edge's weight its busy time per period (paper 002, proof of
//! Theorem 1; Schrijver, *Combinatorial Optimization*, vol. A, chapter 20).
//!
//! The method: pad the graph with dummy edges until every vertex has weighted degree Δ
//! (both sides have the same total deficit, so a greedy pairing of deficits does it); a
//! Δ-regular weighted bipartite graph has a perfect matching on the support of its positive
//! weights (Hall / Birkhoff-von Neumann); take one, for the smallest weight in it, subtract,
//! and repeat. Each round empties at least one edge.
//!
//! # Complexity
//! O((E + V)·V·(E + V)): at most E + 2V rounds, each a Kuhn matching in O(V·(E + V)).
//!
//! ```
//! use hetcast_core::combinatorics::weighted_colouring::colour;
//! // Sender 0 talks to receivers 0 and 1; sender 1 to receiver 0.
//! let rounds = colour(2, 2, &[(0, 0, 2.0), (0, 1, 1.0), (1, 0, 1.0)]);
//! let total: f64 = rounds.iter().map(|r| r.duration).sum();
//! assert_eq!(total, 3.0); // the weighted degree of sender 0 (and of receiver 0)
//! ```

/// One matching of the sequence: the edges (indices into the input) busy during `duration`.
#[derive(Debug, Clone, PartialEq)]
pub struct Round {
    /// How long the matching lasts.
    pub duration: f64,
    /// The input edges it uses (at most one per left and per right vertex).
    pub edges: Vec<usize>,
}

/// Colour the bipartite graph with `left` and `right` vertices and edges
/// `(left vertex, right vertex, weight)`; weights `<= 0` are ignored. The rounds' durations
/// sum to the largest weighted degree, and each edge is in rounds totalling its weight (up to
/// rounding: residues below `1e-12·Δ` are dropped).
pub fn colour(left: usize, right: usize, edges: &[(usize, usize, f64)]) -> Vec<Round> {
    let mut deg_l = vec![0.0; left];
    let mut deg_r = vec![0.0; right];
    for &(u, v, w) in edges {
        if w > 0.0 {
            deg_l[u] += w;
            deg_r[v] += w;
        }
    }
    let delta = deg_l
        .iter()
        .chain(deg_r.iter())
        .copied()
        .fold(0.0_f64, f64::max);
    if delta <= 0.0 {
        return Vec::new();
    }
    let tol = 1e-12 * delta;
    let size = left.max(right);
    // Weights on a square graph (size × size): real edges first, then dummies.
    let mut w: Vec<(usize, usize, f64, Option<usize>)> = edges
        .iter()
        .enumerate()
        .filter(|(_, e)| e.2 > 0.0)
        .map(|(i, &(u, v, w))| (u, v, w, Some(i)))
        .collect();
    let mut def_l: Vec<f64> = (0..size)
        .map(|u| delta - deg_l.get(u).copied().unwrap_or(0.0))
        .collect();
    let mut def_r: Vec<f64> = (0..size)
        .map(|v| delta - deg_r.get(v).copied().unwrap_or(0.0))
        .collect();
    let (mut i, mut j) = (0, 0);
    while i < size && j < size {
        if def_l[i] <= tol {
            i += 1;
            continue;
        }
        if def_r[j] <= tol {
            j += 1;
            continue;
        }
        let d = def_l[i].min(def_r[j]);
        w.push((i, j, d, None));
        def_l[i] -= d;
        def_r[j] -= d;
    }
    let mut rounds = Vec::new();
    let mut remaining = delta;
    while remaining > tol {
        let alive: Vec<usize> = (0..w.len()).filter(|&k| w[k].2 > tol).collect();
        let Some(matching) = perfect_matching(size, &w, &alive) else {
            break; // cannot happen on a regular graph; rounding left a residue
        };
        let d = matching
            .iter()
            .map(|&k| w[k].2)
            .fold(f64::INFINITY, f64::min)
            .min(remaining);
        for &k in &matching {
            w[k].2 -= d;
        }
        remaining -= d;
        let mut real: Vec<usize> = matching.iter().filter_map(|&k| w[k].3).collect();
        real.sort_unstable();
        rounds.push(Round {
            duration: d,
            edges: real,
        });
    }
    rounds
}

/// A perfect matching of the square bipartite graph on the edges `alive` (Kuhn's algorithm,
/// vertices and edges tried in index order, so the answer is deterministic).
fn perfect_matching(
    size: usize,
    w: &[(usize, usize, f64, Option<usize>)],
    alive: &[usize],
) -> Option<Vec<usize>> {
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); size];
    for &k in alive {
        adj[w[k].0].push(k);
    }
    let mut match_r: Vec<Option<usize>> = vec![None; size];
    for u in 0..size {
        let mut seen = vec![false; size];
        if !augment(u, &adj, w, &mut match_r, &mut seen) {
            return None;
        }
    }
    Some(match_r.into_iter().flatten().collect())
}

fn augment(
    u: usize,
    adj: &[Vec<usize>],
    w: &[(usize, usize, f64, Option<usize>)],
    match_r: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for &k in &adj[u] {
        let v = w[k].1;
        if seen[v] {
            continue;
        }
        seen[v] = true;
        let free = match match_r[v] {
            None => true,
            Some(k2) => augment(w[k2].0, adj, w, match_r, seen),
        };
        if free {
            match_r[v] = Some(k);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{below, Rng64};
    use rand::{Rng, SeedableRng};

    fn check(left: usize, right: usize, edges: &[(usize, usize, f64)]) {
        let rounds = colour(left, right, edges);
        let mut deg = vec![0.0; left + right];
        for &(u, v, w) in edges {
            deg[u] += w;
            deg[left + v] += w;
        }
        let delta = deg.iter().copied().fold(0.0, f64::max);
        let total: f64 = rounds.iter().map(|r| r.duration).sum();
        assert!(
            (total - delta).abs() <= 1e-9 * delta.max(1.0),
            "{total} vs {delta}"
        );
        let mut covered = vec![0.0; edges.len()];
        for r in &rounds {
            let mut l = vec![false; left];
            let mut rr = vec![false; right];
            for &e in &r.edges {
                let (u, v, _) = edges[e];
                assert!(!l[u] && !rr[v], "not a matching");
                l[u] = true;
                rr[v] = true;
                covered[e] += r.duration;
            }
        }
        for (e, &(_, _, w)) in edges.iter().enumerate() {
            assert!(
                (covered[e] - w).abs() <= 1e-9 * delta.max(1.0),
                "edge {e}: {} vs {w}",
                covered[e]
            );
        }
    }

    /// Brute force for the least total duration of a fractional colouring on tiny graphs:
    /// no schedule is shorter than Δ (a vertex is busy Δ), and ours is Δ; here we check on
    /// unit weights that the number of rounds of weight 1 is Δ, as König says.
    #[test]
    fn koenig_on_unit_weights() {
        let edges = [
            (0, 0, 1.0),
            (0, 1, 1.0),
            (1, 0, 1.0),
            (1, 2, 1.0),
            (2, 1, 1.0),
            (2, 2, 1.0),
        ];
        let rounds = colour(3, 3, &edges);
        assert_eq!(rounds.iter().map(|r| r.duration).sum::<f64>(), 2.0);
        check(3, 3, &edges);
    }

    #[test]
    fn random_weighted_graphs_are_coloured_in_delta() {
        let mut rng = Rng64::seed_from_u64(7);
        for _ in 0..2000 {
            let left = 1 + below(&mut rng, 6);
            let right = 1 + below(&mut rng, 6);
            let mut edges = Vec::new();
            for u in 0..left {
                for v in 0..right {
                    if below(&mut rng, 3) == 0 {
                        let w = match below(&mut rng, 3) {
                            0 => 1.0 + below(&mut rng, 5) as f64,
                            1 => rng.gen_range(1e-3..1.0),
                            _ => rng.gen_range(1.0..1e6),
                        };
                        edges.push((u, v, w));
                    }
                }
            }
            check(left, right, &edges);
        }
    }
}
