//! `single-send`: every message leaves its source in exactly one step, to all its
//! destinations at once, and is never forwarded (the restriction under which Gonzalez,
//! section 1, says Example 1.1 needs six steps). Two messages can share a step unless they
//! have the same source or a common destination, so a schedule is a colouring of the
//! messages' conflict graph and the fewest steps is its chromatic number.
//!
//! Up to [`SINGLE_SEND_EXACT_MAX_MESSAGES`] messages the colouring is exact (DSATUR branch
//! and bound: is there a `k`-colouring, for `k` from the largest clique found upwards, within
//! [`SINGLE_SEND_BUDGET`] search nodes); past that, or when the budget runs out, the answer is
//! the DSATUR greedy colouring (Brélaz 1979), a heuristic, and the solution says so
//! ([`super::MmSolution::exact`]).
//!
//! # Complexity
//! Conflict graph O(M²·n / 64) with bit sets; DSATUR O(M²); the exact search is exponential
//! in the worst case, bounded by the budget.
//!
//! # Example
//! Example 1.1: every two messages conflict (a complete graph on 6 messages), so 6 steps.
//!
//! ```
//! use hetcast_core::models::multimessage::{algo::single_send::single_send, gallery::example_1_1, simulate};
//! let inst = example_1_1();
//! let (plan, exact) = single_send(&inst);
//! assert_eq!((simulate(&inst, &plan).unwrap().steps, exact), (6, true));
//! ```

use crate::models::multimessage::{MmInstance, MmPlan, Transmission};

/// Most messages coloured exactly.
pub const SINGLE_SEND_EXACT_MAX_MESSAGES: usize = 40;
/// Search nodes the exact colouring may visit before it settles for the heuristic.
pub const SINGLE_SEND_BUDGET: u64 = 2_000_000;

/// The pseudo-code the trace points into.
pub const PSEUDO: &[&str] = &[
    "Conflict graph: messages m, m' conflict if they have the same source or a common destination",
    "Colour it: exactly (DSATUR branch and bound) when small, else DSATUR greedy",
    "Step c: every message of colour c, from its source to all its destinations",
];

/// The conflict graph as adjacency lists: `adj[k]` lists the messages that conflict with `k`
/// (a processor is the source of both, or a destination of both; a processor is never the
/// source and a destination of one message).
pub fn conflict_graph(inst: &MmInstance) -> Vec<Vec<usize>> {
    let m = inst.messages.len();
    let mut src_of = vec![Vec::new(); inst.processors];
    let mut dst_of = vec![Vec::new(); inst.processors];
    for (k, msg) in inst.messages.iter().enumerate() {
        src_of[msg.source].push(k);
        for &q in &msg.destinations {
            dst_of[q].push(k);
        }
    }
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); m];
    for group in src_of.iter().chain(dst_of.iter()) {
        for (x, &a) in group.iter().enumerate() {
            for &b in &group[x + 1..] {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
    }
    for list in &mut adj {
        list.sort_unstable();
        list.dedup();
    }
    adj
}

/// A colouring of the graph `adj` (adjacency lists) with colours `0..k`, and whether `k` is
/// known to be the fewest.
pub fn colour_graph(adj: &[Vec<usize>], exact_max: usize, budget: u64) -> (Vec<usize>, bool) {
    let v = adj.len();
    let greedy = dsatur_greedy(adj);
    let k_greedy = greedy.iter().map(|&c| c + 1).max().unwrap_or(0);
    if v > exact_max {
        return (greedy, false);
    }
    let mut matrix = vec![vec![false; v]; v];
    for (a, list) in adj.iter().enumerate() {
        for &b in list {
            matrix[a][b] = true;
        }
    }
    let lb = greedy_clique(&matrix);
    let mut best = greedy;
    let mut nodes = 0u64;
    // Is there a colouring with k - 1 colours? Downwards from the greedy count.
    let mut k = k_greedy;
    while k > lb {
        let mut col = vec![usize::MAX; v];
        match k_colour(&matrix, k - 1, &mut col, &mut nodes, budget) {
            Some(true) => {
                best = col;
                k -= 1;
            }
            Some(false) => return (best, true),
            None => return (best, false),
        }
    }
    (best, true)
}

/// DSATUR greedy (Brélaz): colour next the vertex with the most distinct colours among its
/// neighbours (ties: most uncoloured neighbours, then lowest index), with the least colour
/// free. O(V² + E).
pub fn dsatur_greedy(adj: &[Vec<usize>]) -> Vec<usize> {
    let v = adj.len();
    let mut col = vec![usize::MAX; v];
    let mut seen: Vec<std::collections::HashSet<usize>> = vec![Default::default(); v];
    let mut free_deg: Vec<usize> = adj.iter().map(Vec::len).collect();
    for _ in 0..v {
        let x = (0..v)
            .filter(|&x| col[x] == usize::MAX)
            .max_by_key(|&x| (seen[x].len(), free_deg[x], std::cmp::Reverse(x)))
            .expect("an uncoloured vertex is left");
        let c = (0..).find(|c| !seen[x].contains(c)).unwrap_or(0);
        col[x] = c;
        for &y in &adj[x] {
            seen[y].insert(c);
            free_deg[y] -= 1;
        }
    }
    col
}

fn pick(adj: &[Vec<bool>], col: &[usize]) -> usize {
    let v = adj.len();
    let mut best = (0usize, 0usize, usize::MAX);
    for x in 0..v {
        if col[x] != usize::MAX {
            continue;
        }
        let mut seen: Vec<usize> = (0..v)
            .filter(|&y| adj[x][y] && col[y] != usize::MAX)
            .map(|y| col[y])
            .collect();
        seen.sort_unstable();
        seen.dedup();
        let free_deg = (0..v)
            .filter(|&y| adj[x][y] && col[y] == usize::MAX)
            .count();
        if best.2 == usize::MAX || (seen.len(), free_deg) > (best.0, best.1) {
            best = (seen.len(), free_deg, x);
        }
    }
    best.2
}

/// The size of a clique found greedily (a lower bound on the colours).
fn greedy_clique(adj: &[Vec<bool>]) -> usize {
    let v = adj.len();
    let mut best = usize::from(v > 0);
    for start in 0..v {
        let mut clique = vec![start];
        let mut order: Vec<usize> = (0..v).filter(|&y| adj[start][y]).collect();
        crate::order::sort_by_key(&mut order, |&y| {
            std::cmp::Reverse(adj[y].iter().filter(|&&b| b).count())
        });
        for y in order {
            if clique.iter().all(|&c| adj[c][y]) {
                clique.push(y);
            }
        }
        best = best.max(clique.len());
    }
    best
}

/// Colour the uncoloured vertices with colours `0..k` (DSATUR order, symmetric colours tried
/// once): `Some(true)` found, `Some(false)` none exists, `None` budget spent.
fn k_colour(
    adj: &[Vec<bool>],
    k: usize,
    col: &mut [usize],
    nodes: &mut u64,
    budget: u64,
) -> Option<bool> {
    *nodes += 1;
    if *nodes > budget {
        return None;
    }
    if col.iter().all(|&c| c != usize::MAX) {
        return Some(true);
    }
    let x = pick(adj, col);
    let used_max = col
        .iter()
        .filter(|&&c| c != usize::MAX)
        .max()
        .map_or(0, |&c| c + 1);
    for c in 0..k.min(used_max + 1) {
        if (0..adj.len()).any(|y| adj[x][y] && col[y] == c) {
            continue;
        }
        col[x] = c;
        match k_colour(adj, k, col, nodes, budget) {
            Some(true) => return Some(true),
            None => return None,
            Some(false) => {}
        }
    }
    col[x] = usize::MAX;
    Some(false)
}

/// The schedule and whether it has the fewest steps possible under the restriction.
pub fn single_send(inst: &MmInstance) -> (MmPlan, bool) {
    let adj = conflict_graph(inst);
    let (col, exact) = colour_graph(&adj, SINGLE_SEND_EXACT_MAX_MESSAGES, SINGLE_SEND_BUDGET);
    let k = col.iter().map(|&c| c + 1).max().unwrap_or(0);
    let mut steps: Vec<Vec<Transmission>> = vec![Vec::new(); k];
    for (m, msg) in inst.messages.iter().enumerate() {
        steps[col[m]].push(Transmission {
            message: m,
            from: msg.source,
            to: msg.destinations.clone(),
        });
    }
    (MmPlan { steps }, exact)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exact colouring against every assignment on small random graphs.
    #[test]
    fn exact_colouring_is_the_chromatic_number() {
        use crate::rng::{below, Rng64};
        use rand::SeedableRng;
        let mut rng = Rng64::seed_from_u64(5);
        for _ in 0..300 {
            let v = 1 + below(&mut rng, 7);
            let mut adj = vec![vec![false; v]; v];
            let pairs: Vec<(usize, usize)> = (0..v)
                .flat_map(|a| (a + 1..v).map(move |b| (a, b)))
                .collect();
            for (a, b) in pairs {
                if below(&mut rng, 2) == 0 {
                    adj[a][b] = true;
                    adj[b][a] = true;
                }
            }
            let lists: Vec<Vec<usize>> = adj
                .iter()
                .map(|r| (0..v).filter(|&b| r[b]).collect())
                .collect();
            let (col, exact) = colour_graph(&lists, 40, u64::MAX);
            assert!(exact);
            let k = col.iter().map(|&c| c + 1).max().unwrap_or(0);
            let brute = (1..=v)
                .find(|&k| {
                    (0..k.pow(v as u32)).any(|mut code| {
                        let c: Vec<usize> = (0..v)
                            .map(|_| {
                                let x = code % k;
                                code /= k;
                                x
                            })
                            .collect();
                        (0..v).all(|a| (0..v).all(|b| !adj[a][b] || c[a] != c[b]))
                    })
                })
                .unwrap_or(0);
            assert_eq!(k, brute, "{adj:?}");
            for a in 0..v {
                for b in 0..v {
                    assert!(!adj[a][b] || col[a] != col[b]);
                }
            }
        }
    }
}
