//! MCPH, the tree heuristic of section 6 (paper 002, figure 9, cost update of figure 10),
//! adapted from the Minimum Cost Path Heuristic for Steiner trees: grow a tree from the
//! source; each round, add the target whose best path from the tree has the smallest
//! bottleneck (largest edge cost on the path, with the current costs), then charge every
//! sender on that path for its new child: the other edges out of it cost what they cost plus
//! the time it now spends on the path's edge, and the path's edges cost 0.
//!
//! ```text
//! MINIMUM-TREE(P, P_target)
//! 1: c(i,j) <- c_ij
//! 2: Tree <- ({P_source}, ∅)
//! 3: while P_target ≠ ∅ do
//! 4:   NodeToAdd <- ∅; path <- ∅; cost <- ∞
//! 5:   for each node P_t in P_target do
//! 6:     compute the path P(P_t) from Tree to P_t such that c(P_t) = max_{(i,j) in P(P_t)} c(i,j) is minimal
//! 7:     if c(P_t) < cost then
//! 8:       NodeToAdd <- P_t; path <- P(P_t); cost <- c(P_t)
//! 9:   add P(P_t) and P_t to the tree
//! 10:  P_target <- P_target \ P_t
//! 11:  for each edge (i,j) in P(P_t) and all k such that (i,k) in E do
//! 12:    c(i,k) <- c(i,k) + c(i,j)
//! 13:  c(i,j) <- 0
//! ```
//!
//! The tree carries one message per multicast on each of its edges; its period is its
//! busiest port (a node's sends to its children, one after the other), computed by the
//! simulator. Choices (docs/algorithms.md): line 7 keeps the first target of least
//! bottleneck (targets in index order); line 6 leaves paths of equal bottleneck open, and we
//! take the one of least sum of current costs, then of fewest hops, then of lowest node
//! indices (read from the target back); a target already in the tree is taken at cost 0 with
//! an empty path.
//!
//! # Complexity
//! O(|targets|·(|E| + |V|)·log|V|): per round one bottleneck Dijkstra from every tree node at
//! once, then one Dijkstra by sum for the chosen target.
//!
//! # Example
//! P0 can feed P2 directly (cost 3) or through P1 (costs 1, 1): MCPH takes the path whose
//! largest edge is smallest.
//! ```
//! use hetcast_core::models::platform::{algo::mcph, PlatformInstance};
//! let p = PlatformInstance::new(3, &[(0, 1, 1.0), (1, 2, 1.0), (0, 2, 3.0)], 0, &[2]);
//! let s = mcph::mcph(&p).unwrap();
//! assert_eq!(s.tree, vec![0, 1]); // edges 0 -> 1 and 1 -> 2
//! assert_eq!(s.period, 1.0);
//! ```

use super::super::{PlatformInstance, PlatformSolution};
use super::{PlatformAlgorithm, Progress};
use crate::error::Error;
use crate::order::Total;
use crate::trace::{ItemId, Step};
use crate::units::fmt_t;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Figure 9, one line a row.
pub const PSEUDO: &[&str] = &[
    "c(i,j) ← c_ij",
    "Tree ← ({P_source}, ∅)",
    "while P_target ≠ ∅ do",
    "  NodeToAdd ← ∅; path ← ∅; cost ← ∞",
    "  for each node P_t in P_target do",
    "    path P(P_t) from Tree to P_t with the smallest max c(i,j)",
    "    if c(P_t) < cost then",
    "      NodeToAdd ← P_t; path ← P(P_t); cost ← c(P_t)",
    "  add P(P_t) and P_t to the tree",
    "  P_target ← P_target \\ P_t",
    "  for each (i,j) in P(P_t) and all k with (i,k) in E do c(i,k) ← c(i,k) + c(i,j)",
    "  c(i,j) ← 0",
];

/// MCPH.
pub fn mcph(inst: &PlatformInstance) -> Result<PlatformSolution, Error> {
    Progress::silent(|p| mcph_progress(inst, p))
}

/// [`mcph`], reporting each round (one target added to the tree) to `progress`.
pub fn mcph_progress(
    inst: &PlatformInstance,
    progress: &mut Progress<'_>,
) -> Result<PlatformSolution, Error> {
    let n = inst.node_count();
    let m = inst.edges.len();
    let mut c: Vec<f64> = inst.edges.iter().map(|e| e.cost).collect();
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (e, edge) in inst.edges.iter().enumerate() {
        out[edge.from].push(e);
    }
    let mut in_tree = vec![false; n];
    in_tree[inst.source] = true;
    let mut tree_edge = vec![false; m];
    let mut left: Vec<usize> = inst.targets.clone();
    left.sort_unstable();
    let mut trace = Vec::new();
    while !left.is_empty() {
        progress.expect(left.len());
        // Bottleneck Dijkstra from every tree node at once.
        let mut best = vec![f64::INFINITY; n];
        let mut heap = BinaryHeap::new();
        for v in (0..n).filter(|&v| in_tree[v]) {
            best[v] = 0.0;
            heap.push(Reverse((Total(0.0), v)));
        }
        let mut done = vec![false; n];
        while let Some(Reverse((Total(d), v))) = heap.pop() {
            if done[v] {
                continue;
            }
            done[v] = true;
            for &e in &out[v] {
                let w = inst.edges[e].to;
                let nd = d.max(c[e]);
                if nd < best[w] && !in_tree[w] {
                    best[w] = nd;
                    heap.push(Reverse((Total(nd), w)));
                }
            }
        }
        let Some(&t) = left
            .iter()
            .min_by(|&&a, &&b| best[a].total_cmp(&best[b]).then(a.cmp(&b)))
        else {
            break;
        };
        if !best[t].is_finite() {
            return Err(Error::InvalidPlan(format!(
                "{} is unreachable from the tree",
                inst.name(t)
            )));
        }
        let path = least_sum_path(inst, &out, &c, &in_tree, best[t], t);
        trace.push(Step {
            text: format!(
                "{} is the closest target (bottleneck {}): path {}",
                inst.name(t),
                fmt_t(best[t]),
                path_words(inst, &path)
            ),
            pseudo_line: Some(9),
            highlight: std::iter::once(ItemId::Node { node: t })
                .chain(path.iter().map(|&e| ItemId::Edge {
                    from: inst.edges[e].from,
                    to: inst.edges[e].to,
                    message: None,
                }))
                .collect(),
            t: 0.0,
            built: Vec::new(),
        });
        for &e in &path {
            let i = inst.edges[e].from;
            let cij = c[e];
            for &k in &out[i] {
                c[k] += cij;
            }
            c[e] = 0.0;
            tree_edge[e] = true;
            in_tree[inst.edges[e].to] = true;
        }
        left.retain(|&x| !in_tree[x]);
        progress.solved();
    }
    let tree: Vec<usize> = (0..m).filter(|&e| tree_edge[e]).collect();
    Ok(PlatformSolution::from_tree(
        inst,
        PlatformAlgorithm::Mcph,
        tree,
        None,
        trace,
    ))
}

/// Line 6's tie rule: among the paths from the tree to `t` whose largest current cost is
/// `bottleneck` (the least there is), the one of least sum of current costs, then of fewest
/// hops, then whose nodes, read from `t` back to the tree, have the lowest indices. Every path
/// over edges of current cost at most `bottleneck` has that bottleneck, so this is a Dijkstra
/// from every tree node at once on those edges, by (sum, hops) (an order that extending a path
/// keeps, unlike (bottleneck, sum)); on a tie at a node the predecessor of lower index is kept
/// (all of them are settled before it, since each adds a hop). Sums are compared as computed
/// (`f64`, no tolerance). Returns the path's edges from the tree to `t`.
///
/// # Complexity
/// O((|E| + |V|)·log|V|).
fn least_sum_path(
    inst: &PlatformInstance,
    out: &[Vec<usize>],
    c: &[f64],
    in_tree: &[bool],
    bottleneck: f64,
    t: usize,
) -> Vec<usize> {
    let n = inst.node_count();
    let mut label: Vec<(f64, usize)> = vec![(f64::INFINITY, usize::MAX); n];
    let mut prev: Vec<Option<usize>> = vec![None; n];
    let mut heap = BinaryHeap::new();
    for v in (0..n).filter(|&v| in_tree[v]) {
        label[v] = (0.0, 0);
        heap.push(Reverse((Total(0.0), 0, v)));
    }
    let mut done = vec![false; n];
    while let Some(Reverse((Total(d), h, v))) = heap.pop() {
        if done[v] {
            continue;
        }
        done[v] = true;
        if v == t {
            break;
        }
        for &e in &out[v] {
            let w = inst.edges[e].to;
            if in_tree[w] || done[w] || c[e] > bottleneck {
                continue;
            }
            let nl = (d + c[e], h + 1);
            let (old, old_h) = label[w];
            let better = nl.0 < old
                || (nl.0 == old && nl.1 < old_h)
                || (nl == (old, old_h) && prev[w].is_some_and(|p| v < inst.edges[p].from));
            if better {
                label[w] = nl;
                prev[w] = Some(e);
                heap.push(Reverse((Total(nl.0), nl.1, w)));
            }
        }
    }
    let mut path = Vec::new();
    let mut v = t;
    while !in_tree[v] {
        let Some(e) = prev[v] else { break };
        path.push(e);
        v = inst.edges[e].from;
    }
    path.reverse();
    path
}

fn path_words(inst: &PlatformInstance, path: &[usize]) -> String {
    let mut s = String::new();
    for (i, &e) in path.iter().enumerate() {
        if i == 0 {
            s.push_str(&inst.name(inst.edges[e].from));
        }
        s.push_str(" → ");
        s.push_str(&inst.name(inst.edges[e].to));
    }
    s
}
