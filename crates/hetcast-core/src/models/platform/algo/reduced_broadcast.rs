//! REDUCED_BROADCAST (paper 002, section 5.2.1, figure 6): start from a broadcast to the whole
//! platform and drop, one at a time, the non-target nodes that carry little of the targets'
//! traffic, as long as the broadcast on what is left is not slower.
//!
//! ```text
//! REDUCED_BROADCAST(P)
//! 1: Improvement <- YES
//! 2: BestSol <- Broadcast-EB(P)
//! 3: while Improvement = YES do
//! 4:   sort the nodes of P \ P_target by increasing Σ_{i in P_target} Σ_{P_j in N_in(P_m)} x_i(j,m)
//!      in the solution of Broadcast-EB(P): P_k1, ..., P_kl
//! 5:   Improvement <- NO
//! 6:   m <- 1
//! 7:   while Improvement = NO and m <= k_l do
//! 8:     if Broadcast-EB(P \ P_m) <= BestSol then
//! 9:       Improvement <- YES
//! 10:      BestSol <- Broadcast-EB(P \ P_m)
//! 11:      P <- P \ P_m
//! ```
//!
//! Choices (docs/algorithms.md): the source is never dropped; Broadcast-EB(P) broadcasts to
//! the nodes of P the source reaches (a node cut off by a removal is dropped with it), and is
//! `+∞` when a target is cut off; `<=` has a relative slack of 1e-9; the candidates are tried
//! in the sorted order, ties by node index.
//!
//! # Complexity
//! At most |V|² Broadcast-EB LPs (|V| rounds of at most |V| tries); each LP is solved with
//! commodity generation ([`super::LpReuse::Generate`]).
//!
//! # Example
//! A detour node P3 that only slows the broadcast down is dropped:
//! ```
//! use hetcast_core::models::platform::{algo::reduced_broadcast, PlatformInstance};
//! let p = PlatformInstance::new(4, &[(0, 1, 1.0), (1, 2, 1.0), (0, 3, 5.0)], 0, &[2]);
//! let s = reduced_broadcast::reduced_broadcast(&p).unwrap();
//! assert_eq!(s.nodes_kept, vec![0, 1, 2]);
//! assert!((s.period - 1.0).abs() < 1e-6);
//! ```

use super::super::lp::CutPool;
use super::super::{Delivery, PlatformInstance, PlatformSolution};
use super::{
    broadcast_trial, broadcast_with, listed, node_step, not_worse, LpReuse, LpWork,
    PlatformAlgorithm, Progress,
};
use crate::error::Error;
use crate::trace::Step;
use crate::units::fmt_t;

/// Figure 6, one line a row.
pub const PSEUDO: &[&str] = &[
    "Improvement ← YES",
    "BestSol ← Broadcast-EB(P)",
    "while Improvement = YES do",
    "  sort P \\ P_target by increasing inflow of the targets' flows",
    "  Improvement ← NO",
    "  m ← 1",
    "  while Improvement = NO and m ≤ k_l do",
    "    if Broadcast-EB(P \\ P_m) ≤ BestSol then",
    "      Improvement ← YES",
    "      BestSol ← Broadcast-EB(P \\ P_m)",
    "      P ← P \\ P_m",
];

/// REDUCED_BROADCAST with cut generation.
pub fn reduced_broadcast(inst: &PlatformInstance) -> Result<PlatformSolution, Error> {
    reduced_broadcast_with(inst, LpReuse::Generate).map(|(s, _)| s)
}

/// REDUCED_BROADCAST, solving its LPs as `reuse` says; returns the LP work too.
pub fn reduced_broadcast_with(
    inst: &PlatformInstance,
    reuse: LpReuse,
) -> Result<(PlatformSolution, LpWork), Error> {
    Progress::silent(|p| reduced_broadcast_progress(inst, reuse, p))
}

/// [`reduced_broadcast_with`], reporting each Broadcast-EB LP to `progress`.
pub fn reduced_broadcast_progress(
    inst: &PlatformInstance,
    reuse: LpReuse,
    progress: &mut Progress<'_>,
) -> Result<(PlatformSolution, LpWork), Error> {
    progress.expect(1);
    let n = inst.node_count();
    let mut work = LpWork::default();
    let mut trace = Vec::new();
    let all = vec![true; n];
    // The cuts tight at BestSol's optimum: every trial starts from them.
    let mut pool = CutPool::new();
    let (mut best, mut alive) =
        broadcast_with(inst, &all, &inst.targets, reuse, &mut pool, &mut work)?
            .ok_or_else(|| Error::InvalidPlan("a target is unreachable from the source".into()))?;
    progress.solved();
    let mut best_t = super::super::simulate::port_period(inst, &best.loads);
    trace.push(Step {
        text: format!("Broadcast-EB on the whole platform: T* = {}", fmt_t(best_t)),
        pseudo_line: Some(2),
        highlight: Vec::new(),
        t: 0.0,
        built: Vec::new(),
    });
    let is_target = |v: usize| inst.targets.contains(&v);
    loop {
        let mut cands: Vec<(f64, usize)> = (0..n)
            .filter(|&v| alive[v] && v != inst.source && !is_target(v))
            .map(|v| (target_inflow(inst, &best, v), v))
            .collect();
        crate::order::sort_by(&mut cands, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        progress.expect(cands.len());
        let mut improved = false;
        for &(_, m) in &cands {
            let mut trial = alive.clone();
            trial[m] = false;
            let (got, trial_pool) =
                broadcast_trial(inst, &trial, reuse, &pool, &mut work, progress)?;
            match got {
                None => trace.push(node_step(
                    m,
                    8,
                    format!("without {} a target is cut off: +∞, kept", inst.name(m)),
                )),
                Some((sol, reach)) => {
                    let t = super::super::simulate::port_period(inst, &sol.loads);
                    if not_worse(t, best_t) {
                        trace.push(node_step(
                            m,
                            11,
                            format!(
                                "without {}: T* = {} ≤ {}: dropped",
                                inst.name(m),
                                fmt_t(t),
                                fmt_t(best_t)
                            ),
                        ));
                        best = sol;
                        best_t = t;
                        alive = reach;
                        pool = trial_pool;
                        improved = true;
                        break;
                    }
                    trace.push(node_step(
                        m,
                        8,
                        format!(
                            "without {}: T* = {} > {}: kept",
                            inst.name(m),
                            fmt_t(t),
                            fmt_t(best_t)
                        ),
                    ));
                }
            }
        }
        if !improved {
            break;
        }
    }
    let nodes = listed(&alive);
    Ok((
        PlatformSolution::from_lp(
            inst,
            PlatformAlgorithm::ReducedBroadcast,
            best,
            nodes.clone(),
            vec![inst.source],
            Delivery::Broadcast { nodes },
            trace,
        ),
        work,
    ))
}

/// `Σ_{i in P_target} Σ_{j in N_in(m)} x_i(j,m)` in `sol`.
pub fn target_inflow(inst: &PlatformInstance, sol: &super::LpSolution, m: usize) -> f64 {
    sol.commodities
        .iter()
        .zip(&sol.flows)
        .filter(|(c, _)| inst.targets.contains(&c.dest))
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
