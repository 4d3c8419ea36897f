//! AUGMENTED_MULTICAST (paper 002, section 5.2.2, figure 7): start from a broadcast on the
//! targets and the source only, and add, one at a time, the nodes that carry much of the
//! targets' traffic in Multicast-LB, as long as the broadcast on the grown set is not slower.
//!
//! ```text
//! AUGMENTED_MULTICAST(P, P_target)
//! 1: Improvement <- YES
//! 2: BestSol <- Broadcast-EB(P_target ∪ P_source)
//! 3: while Improvement = YES do
//! 4:   sort the nodes of P \ P_target by decreasing Σ_{i in P_target} Σ_{P_j in N_in(P_m)} x_i(j,m)
//!      in the solution of Multicast-LB(P, P_target): P_k1, ..., P_kl
//! 5:   Improvement <- NO
//! 6:   m <- 1
//! 7:   while Improvement = NO and m <= k_l do
//! 8:     if Broadcast-EB(P_target ∪ P_source ∪ P_m) <= BestSol then
//! 9:       Improvement <- YES
//! 10:      BestSol <- Broadcast-EB(P_target ∪ P_source ∪ P_m)
//! 11:      P_target <- P_target ∪ P_m
//! ```
//!
//! Choices (docs/algorithms.md): `P_target` at line 4 is the grown set (the figure updates it
//! at line 11), so Multicast-LB is solved again each round with the added nodes as targets;
//! a broadcast that cannot reach a target is `+∞`, and `+∞ <= +∞` holds as written, so while
//! the set is not connected the first candidate is added; the source is not a candidate.
//!
//! # Complexity
//! At most |V| rounds, each one Multicast-LB and at most |V| Broadcast-EB LPs.
//!
//! # Example
//! The targets P2, P3 are reached only through P1, which is kept (P4, which costs nothing in
//! the period, may be kept too: the LP's ties decide):
//! ```
//! use hetcast_core::models::platform::{algo::augmented_multicast, PlatformInstance};
//! let p = PlatformInstance::new(5, &[(0, 1, 1.0), (1, 2, 1.0), (1, 3, 1.0), (0, 4, 1.0)], 0, &[2, 3]);
//! let s = augmented_multicast::augmented_multicast(&p).unwrap();
//! assert!([0, 1, 2, 3].iter().all(|v| s.nodes_kept.contains(v)));
//! assert!((s.period - 2.0).abs() < 1e-6);
//! ```

use super::super::lp;
use super::super::simulate::port_period;
use super::super::{Delivery, PlatformInstance, PlatformSolution};
use super::{
    broadcast_trial, broadcast_with, listed, node_step, not_worse, LpReuse, LpWork,
    PlatformAlgorithm, Progress,
};
use crate::error::Error;
use crate::trace::Step;
use crate::units::fmt_t;

/// Figure 7, one line a row.
pub const PSEUDO: &[&str] = &[
    "Improvement ← YES",
    "BestSol ← Broadcast-EB(P_target ∪ P_source)",
    "while Improvement = YES do",
    "  sort P \\ P_target by decreasing inflow in Multicast-LB(P, P_target)",
    "  Improvement ← NO",
    "  m ← 1",
    "  while Improvement = NO and m ≤ k_l do",
    "    if Broadcast-EB(P_target ∪ P_source ∪ P_m) ≤ BestSol then",
    "      Improvement ← YES",
    "      BestSol ← Broadcast-EB(P_target ∪ P_source ∪ P_m)",
    "      P_target ← P_target ∪ P_m",
];

/// AUGMENTED_MULTICAST.
pub fn augmented_multicast(inst: &PlatformInstance) -> Result<PlatformSolution, Error> {
    Progress::silent(|p| augmented_multicast_progress(inst, LpReuse::Generate, p))
}

/// [`augmented_multicast`], solving its LPs as `reuse` says (with [`LpReuse::Scratch`],
/// every LP whole, the paper's formulation, for the equivalence tests), reporting each LP
/// (Multicast-LB or Broadcast-EB) to `progress`.
pub fn augmented_multicast_progress(
    inst: &PlatformInstance,
    reuse: LpReuse,
    progress: &mut Progress<'_>,
) -> Result<PlatformSolution, Error> {
    let n = inst.node_count();
    let mut set = vec![false; n];
    set[inst.source] = true;
    for &t in &inst.targets {
        set[t] = true;
    }
    let mut trace = Vec::new();
    progress.expect(2);
    // Cuts carried from LP to LP: those tight at BestSol's broadcast, and at the last
    // Multicast-LB.
    let mut pool = lp::CutPool::new();
    let mut lb_pool = lp::CutPool::new();
    let mut work = LpWork::default();
    let mut best = broadcast_with(inst, &set, &inst.targets, reuse, &mut pool, &mut work)?;
    progress.solved();
    let mut best_t = best
        .as_ref()
        .map_or(f64::INFINITY, |(s, _)| port_period(inst, &s.loads));
    trace.push(Step {
        text: format!(
            "Broadcast-EB on the targets and the source: T* = {}",
            fmt_t(best_t)
        ),
        pseudo_line: Some(2),
        highlight: Vec::new(),
        t: 0.0,
    });
    loop {
        let grown: Vec<usize> = (0..n).filter(|&v| set[v] && v != inst.source).collect();
        let mut solves = 0;
        progress.expect(1 + (0..n).filter(|&v| !set[v]).count());
        let everywhere = vec![true; n];
        let lb = match reuse {
            LpReuse::Generate => {
                lp::lower_with(inst, &everywhere, &grown, &mut lb_pool, &mut solves)?
            }
            LpReuse::Scratch => lp::solve(
                inst,
                &lp::LpSpec {
                    alive: everywhere,
                    sources: vec![inst.source],
                    targets: grown.clone(),
                    bound: lp::Bound::Lower,
                },
            )?,
        };
        let Some(lb) = lb else {
            break;
        };
        progress.solved();
        let mut cands: Vec<(f64, usize)> = (0..n)
            .filter(|&v| !set[v])
            .map(|v| (inflow(inst, &lb, &grown, v), v))
            .collect();
        cands.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut improved = false;
        for &(_, m) in &cands {
            let mut trial = set.clone();
            trial[m] = true;
            let (got, trial_pool) =
                broadcast_trial(inst, &trial, reuse, &pool, &mut work, progress)?;
            let t = got
                .as_ref()
                .map_or(f64::INFINITY, |(s, _)| port_period(inst, &s.loads));
            if not_worse(t, best_t) {
                trace.push(node_step(
                    m,
                    11,
                    format!(
                        "with {}: T* = {} ≤ {}: added",
                        inst.name(m),
                        fmt_t(t),
                        fmt_t(best_t)
                    ),
                ));
                best = got;
                best_t = t;
                set = trial;
                pool = trial_pool;
                improved = true;
                break;
            }
            trace.push(node_step(
                m,
                8,
                format!(
                    "with {}: T* = {} > {}: not added",
                    inst.name(m),
                    fmt_t(t),
                    fmt_t(best_t)
                ),
            ));
        }
        if !improved {
            break;
        }
    }
    let (sol, reach) = best.ok_or_else(|| {
        Error::InvalidPlan("no sub-platform broadcast reaches every target".into())
    })?;
    let nodes = listed(&reach);
    Ok(PlatformSolution::from_lp(
        inst,
        PlatformAlgorithm::AugmentedMulticast,
        sol,
        nodes.clone(),
        vec![inst.source],
        Delivery::Broadcast { nodes },
        trace,
    ))
}

/// `Σ_{i in targets} Σ_j x_i(j,m)` in `sol`.
fn inflow(inst: &PlatformInstance, sol: &lp::LpSolution, targets: &[usize], m: usize) -> f64 {
    sol.commodities
        .iter()
        .zip(&sol.flows)
        .filter(|(c, _)| targets.contains(&c.dest))
        .map(|(_, f)| {
            inst.edges
                .iter()
                .enumerate()
                .filter(|(_, e)| e.to == m)
                .map(|(e, _)| f[e])
                .sum::<f64>()
        })
        .sum()
}
