//! The best single multicast tree, exactly (paper 002: section 3 shows that one tree may not
//! reach the optimal throughput, Theorem 1 that finding the best tree is NP-hard; section 6's
//! MCPH is a heuristic for it). It shows the gap between one tree and the multi-path LP
//! heuristics on platforms small enough to solve.
//!
//! The tree's period is its busiest port: a node sends one message per multicast to each of
//! its children, one after the other. As a mixed-integer program, it is Multicast-LB (section
//! 5.1) with every load `n(j,k)` an integer 0 or 1 (`y_e`): one unit flow `x_t` per target `t`
//! (net-flow rows (1)-(3)), `x_t(e) <= y_e`, the port rows (4)-(9) over `c_e·y_e`, and, valid
//! for a tree and a cut for the solver, at most one edge into each node. Any tree is a
//! solution of equal period, and in any solution the edges `y_e = 1` hold a path to every
//! target, so the arborescence a breadth-first search finds inside them (pruned to the
//! targets' paths) has no larger port times: the optimum is the best tree's period. Its LP
//! relaxation is Multicast-LB with `n <= 1`, so the answer is never below Multicast-LB.
//! Solved by microlp's branch and bound, started from MCPH's tree (an incumbent); edges into
//! the source are left out (no tree uses them).
//!
//! Size limits, stated once here: at most [`MAX_FLOW_VARIABLES`] flow variables
//! (`|targets|·|E|`: every 30-node platform of the generator at any density, 17 targets and
//! about 100 edges; 65-node ones, about 220-240 edges, up to 8 targets) and [`MAX_BB_NODES`]
//! branch-and-bound nodes; past either, the algorithm refuses with a message that says which
//! ([`PlatformAlgorithm::fits`](super::PlatformAlgorithm::fits) tells beforehand for the
//! first). Measured (release build, one run each): 30-node Tiers-like platforms with every LAN
//! node a target took 0.6 to 7.7 s (seeds 1-10), with 20-50 % targets at most 0.5 s; 65-node
//! ones with 9 targets 0.1 to 10.3 s (the 5 of seeds 1-10 within the limit).
//!
//! # Complexity
//! Exponential in the worst case (the problem is NP-hard, Theorem 1): one LP of
//! `1 + |E|·(1 + |targets|)` variables per branch-and-bound node, at most [`MAX_BB_NODES`].
//!
//! # Example
//! Two targets behind a relay A, and a slow direct edge S → B: the tree S → A → {B, C} keeps
//! A busy 2; S → B, S → A → C keeps S busy 4. The best tree is the first.
//! ```
//! use hetcast_core::models::platform::{algo::best_tree, PlatformInstance};
//! let p = PlatformInstance::new(4, &[(0, 1, 1.0), (1, 2, 1.0), (1, 3, 1.0), (0, 2, 3.0)], 0, &[2, 3]);
//! let s = best_tree::best_tree(&p).unwrap();
//! assert_eq!(s.tree, vec![0, 1, 2]);
//! assert_eq!(s.period, 2.0);
//! ```

use super::super::lp::time_unit;
use super::super::{PlatformInstance, PlatformSolution};
use super::{PlatformAlgorithm, Progress};
use crate::error::Error;
use crate::trace::Step;
use crate::units::fmt_t;

/// The most flow variables (`|targets|·|E|`) of the program the best single tree solves.
pub const MAX_FLOW_VARIABLES: usize = 2000;

/// The most branch-and-bound nodes the solver may explore before the algorithm gives up.
pub const MAX_BB_NODES: u64 = 5000;

/// The best single tree.
pub fn best_tree(inst: &PlatformInstance) -> Result<PlatformSolution, Error> {
    Progress::silent(|p| best_tree_progress(inst, p))
}

/// Why the best single tree refuses `inst` before solving, if it does.
pub fn refusal(inst: &PlatformInstance) -> Option<String> {
    let size = inst.targets.len() * inst.edges.len();
    (size > MAX_FLOW_VARIABLES).then(|| {
        format!(
            "the best single tree is computed exactly (a mixed-integer program) when targets × edges is at most {MAX_FLOW_VARIABLES}; here {} × {} = {size}",
            inst.targets.len(),
            inst.edges.len()
        )
    })
}

/// [`best_tree`], reporting MCPH's start and the program's answer to `progress`.
pub fn best_tree_progress(
    inst: &PlatformInstance,
    progress: &mut Progress<'_>,
) -> Result<PlatformSolution, Error> {
    use microlp::{ComparisonOp, OptimizationDirection, Problem, SolveOptions, SolveOutcome};
    if let Some(why) = refusal(inst) {
        return Err(Error::InvalidPlan(why));
    }
    progress.expect(2);
    let start = super::mcph::mcph(inst)?;
    progress.solved();
    let n = inst.node_count();
    let edges: Vec<usize> = (0..inst.edges.len())
        .filter(|&e| inst.edges[e].to != inst.source && inst.edges[e].from != inst.edges[e].to)
        .collect();
    let scale = time_unit(inst, &edges, &inst.targets);
    let cost = |e: usize| inst.edges[e].cost / scale;
    let mut p = Problem::new(OptimizationDirection::Minimize);
    let t_var = p.add_var(1.0, (0.0, f64::INFINITY));
    let y: Vec<microlp::Variable> = edges.iter().map(|_| p.add_binary_var(0.0)).collect();
    let mut ins: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut outs: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (q, &e) in edges.iter().enumerate() {
        outs[inst.edges[e].from].push(q);
        ins[inst.edges[e].to].push(q);
    }
    for &t in &inst.targets {
        let x: Vec<microlp::Variable> = edges
            .iter()
            .map(|_| p.add_var(0.0, (0.0, f64::INFINITY)))
            .collect();
        for v in 0..n {
            if ins[v].is_empty() && outs[v].is_empty() {
                continue;
            }
            // Net flow into v: 1 at the target, -1 at the source, 0 elsewhere.
            let row: Vec<(microlp::Variable, f64)> = ins[v]
                .iter()
                .map(|&q| (x[q], 1.0))
                .chain(outs[v].iter().map(|&q| (x[q], -1.0)))
                .collect();
            let rhs = if v == t {
                1.0
            } else if v == inst.source {
                -1.0
            } else {
                0.0
            };
            p.add_constraint(row.as_slice(), ComparisonOp::Eq, rhs);
        }
        for q in 0..edges.len() {
            p.add_constraint([(x[q], 1.0), (y[q], -1.0)], ComparisonOp::Le, 0.0);
        }
    }
    for v in 0..n {
        for list in [&ins[v], &outs[v]] {
            if list.is_empty() {
                continue;
            }
            let mut row: Vec<(microlp::Variable, f64)> =
                list.iter().map(|&q| (y[q], cost(edges[q]))).collect();
            row.push((t_var, -1.0));
            p.add_constraint(row.as_slice(), ComparisonOp::Le, 0.0);
        }
        if ins[v].len() > 1 {
            let row: Vec<(microlp::Variable, f64)> = ins[v].iter().map(|&q| (y[q], 1.0)).collect();
            p.add_constraint(row.as_slice(), ComparisonOp::Le, 1.0);
        }
    }
    let mut options = SolveOptions::default();
    options.node_limit = Some(MAX_BB_NODES);
    options.warm_start = Some(
        edges
            .iter()
            .zip(&y)
            .map(|(&e, &v)| (v, f64::from(u8::from(start.tree.contains(&e)))))
            .collect(),
    );
    let outcome = p
        .solve_with(options)
        .map_err(|e| Error::InvalidPlan(format!("the tree program has no solution: {e}")))?;
    let sol = match outcome {
        SolveOutcome::Interrupted(_) => {
            return Err(Error::InvalidPlan(format!(
                "the best single tree was not proven within {MAX_BB_NODES} branch-and-bound nodes (MCPH's tree has T* = {})",
                fmt_t(start.period)
            )))
        }
        done => done.into_solution().map_err(|_| {
            Error::InvalidPlan("the tree program was interrupted before an answer".into())
        })?,
    };
    let mut chosen = vec![false; inst.edges.len()];
    for (&e, &v) in edges.iter().zip(&y) {
        chosen[e] = sol.var_value(v).round() == 1.0;
    }
    progress.solved();
    let Some(tree) = arborescence(inst, &chosen) else {
        return Err(Error::InvalidPlan(
            "the tree program's edges do not reach every target (solver tolerance)".into(),
        ));
    };
    let tree =
        PlatformSolution::from_tree(inst, PlatformAlgorithm::BestTree, tree, None, Vec::new());
    // The program's optimum is the best tree's period; MCPH's tree is a tree: keep it on a tie
    // of the solver's tolerance (never worse).
    let (tree, period) = if start.period <= tree.period {
        (start.tree, start.period)
    } else {
        (tree.tree, tree.period)
    };
    let trace = vec![
        Step {
            text: format!(
                "MCPH's tree as the first incumbent: T* = {}",
                fmt_t(start.period)
            ),
            pseudo_line: None,
            highlight: Vec::new(),
            t: 0.0,
            built: Vec::new(),
        },
        Step {
            text: format!(
                "branch and bound over the edges (Multicast-LB with 0/1 loads): the best tree has T* = {}",
                fmt_t(period)
            ),
            pseudo_line: None,
            highlight: Vec::new(),
            t: 0.0,
            built: Vec::new(),
        },
    ];
    Ok(PlatformSolution::from_tree(
        inst,
        PlatformAlgorithm::BestTree,
        tree,
        Some(sol.var_value(t_var) * scale),
        trace,
    ))
}

/// A tree inside the edges `chosen` that reaches every target: breadth-first from the source
/// in edge order, then pruned to the paths to the targets. Its edges, ascending; `None` if a
/// target is not reached.
fn arborescence(inst: &PlatformInstance, chosen: &[bool]) -> Option<Vec<usize>> {
    let n = inst.node_count();
    let mut parent: Vec<Option<usize>> = vec![None; n];
    let mut seen = vec![false; n];
    seen[inst.source] = true;
    let mut queue = std::collections::VecDeque::from([inst.source]);
    while let Some(v) = queue.pop_front() {
        for (e, edge) in inst.edges.iter().enumerate() {
            if chosen[e] && edge.from == v && !seen[edge.to] {
                seen[edge.to] = true;
                parent[edge.to] = Some(e);
                queue.push_back(edge.to);
            }
        }
    }
    if inst.targets.iter().any(|&t| !seen[t]) {
        return None;
    }
    let mut keep = vec![false; inst.edges.len()];
    for &t in &inst.targets {
        let mut v = t;
        while let Some(e) = parent[v] {
            if keep[e] {
                break;
            }
            keep[e] = true;
            v = inst.edges[e].from;
        }
    }
    Some((0..inst.edges.len()).filter(|&e| keep[e]).collect())
}
