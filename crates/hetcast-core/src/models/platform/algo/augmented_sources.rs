//! AUGMENTED_SOURCES (paper 002, section 5.2.3, figure 8): keep the targets, and add
//! secondary sources, one at a time, among the nodes that receive much of the targets'
//! traffic, as long as the multi-source multicast is not slower. A secondary source first
//! receives the whole message from the earlier sources, then sends its own parts.
//!
//! ```text
//! AUGMENTED_SOURCES(P, P_target, P_source)
//! 1: Improvement <- YES
//! 2: P_source <- {P_source}
//! 3: BestSol <- MulticastMultiSource-LB(P, P_target, P_source)
//! 4: while Improvement = YES do
//! 5:   sort the nodes of P \ P_source by decreasing Σ_{i in P_target} Σ_{P_j in N_in(P_m)} x_i(j,m)
//!      in the solution of MulticastMultiSource-LB(P, P_target, P_source): P_k1, ..., P_kl
//! 6:   Improvement <- NO
//! 7:   m <- 1
//! 8:   while Improvement = NO and m <= k_l do
//! 9:     if MulticastMultiSource-LB(P, P_target, P_source ∪ P_m) <= BestSol then
//! 10:      Improvement <- YES
//! 11:      BestSol <- MulticastMultiSource-LB(P, P_target, P_source ∪ P_m)
//! 12:      P_source <- P_source ∪ P_m
//! ```
//!
//! Choice (docs/algorithms.md): the figure's pseudo-code calls the -LB program, but its
//! caption, the text of 5.2.3 ("we measure the occupation of communication links by summing
//! up the different messages ... it is easy to build up a schedule ... that achieves exactly
//! the throughput") and section 7 ("based on the linear program MulticastMultiSource-UB") use
//! the -UB one. We run -UB, whose answer is achievable; the -LB program is in
//! [`crate::models::platform::lp`] (`Bound::Lower` with several sources).
//!
//! # Complexity
//! At most |V| rounds of at most |V| LPs, each with `|sources|·(|targets| + |sources|)`
//! commodities, solved with each source's commodities aggregated into one flow
//! ([`lp::upper`]: `|sources|·|E|` flow variables).
//!
//! # Example
//! P1 relays to two targets: the period is 2 (P1's out-port sends one message to each),
//! whether or not P1 is made a secondary source (a tie the LP decides).
//! ```
//! use hetcast_core::models::platform::{algo::augmented_sources, PlatformInstance};
//! let p = PlatformInstance::new(4, &[(0, 1, 1.0), (1, 2, 1.0), (1, 3, 1.0)], 0, &[2, 3]);
//! let s = augmented_sources::augmented_sources(&p).unwrap();
//! assert_eq!(s.sources[0], 0);
//! assert!((s.period - 2.0).abs() < 1e-6);
//! ```

use super::super::lp::{self, Bound, LpSolution, LpSpec};
use super::super::simulate::port_period;
use super::super::{Delivery, PlatformInstance, PlatformSolution};
use super::{node_step, not_worse, PlatformAlgorithm, Progress};
use crate::error::Error;
use crate::trace::Step;
use crate::units::fmt_t;

/// Figure 8, one line a row.
pub const PSEUDO: &[&str] = &[
    "Improvement ← YES",
    "P_source ← {P_source}",
    "BestSol ← MulticastMultiSource(P, P_target, P_source)",
    "while Improvement = YES do",
    "  sort P \\ P_source by decreasing inflow of the targets' flows",
    "  Improvement ← NO",
    "  m ← 1",
    "  while Improvement = NO and m ≤ k_l do",
    "    if MulticastMultiSource(P, P_target, P_source ∪ P_m) ≤ BestSol then",
    "      Improvement ← YES",
    "      BestSol ← MulticastMultiSource(P, P_target, P_source ∪ P_m)",
    "      P_source ← P_source ∪ P_m",
];

fn multi(inst: &PlatformInstance, sources: &[usize]) -> Result<Option<LpSolution>, Error> {
    lp::upper(
        inst,
        &LpSpec {
            alive: vec![true; inst.node_count()],
            sources: sources.to_vec(),
            targets: inst.targets.clone(),
            bound: Bound::Upper,
        },
    )
}

/// AUGMENTED_SOURCES with MulticastMultiSource-UB.
pub fn augmented_sources(inst: &PlatformInstance) -> Result<PlatformSolution, Error> {
    Progress::silent(|p| augmented_sources_progress(inst, p))
}

/// [`augmented_sources`], reporting each MulticastMultiSource-UB LP to `progress`.
pub fn augmented_sources_progress(
    inst: &PlatformInstance,
    progress: &mut Progress<'_>,
) -> Result<PlatformSolution, Error> {
    let n = inst.node_count();
    let mut sources = vec![inst.source];
    progress.expect(1);
    let mut best = multi(inst, &sources)?
        .ok_or_else(|| Error::InvalidPlan("a target is unreachable from the source".into()))?;
    progress.solved();
    let mut best_t = port_period(inst, &best.loads);
    let mut trace = vec![Step {
        text: format!(
            "MulticastMultiSource-UB from the source alone: T* = {}",
            fmt_t(best_t)
        ),
        pseudo_line: Some(3),
        highlight: Vec::new(),
        t: 0.0,
        built: Vec::new(),
    }];
    loop {
        let mut cands: Vec<(f64, usize)> = (0..n)
            .filter(|v| !sources.contains(v))
            .map(|v| (inflow(inst, &best, v), v))
            .collect();
        crate::order::sort_by(&mut cands, |a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        progress.expect(cands.len());
        let mut improved = false;
        for &(_, m) in &cands {
            let mut trial = sources.clone();
            trial.push(m);
            let got = multi(inst, &trial)?;
            progress.solved();
            let Some(sol) = got else {
                continue;
            };
            let t = port_period(inst, &sol.loads);
            if not_worse(t, best_t) && t < best_t * (1.0 - 1e-9) {
                trace.push(node_step(
                    m,
                    12,
                    format!(
                        "{} as a secondary source: T* = {} < {}: added",
                        inst.name(m),
                        fmt_t(t),
                        fmt_t(best_t)
                    ),
                ));
                best = sol;
                best_t = t;
                sources = trial;
                improved = true;
                break;
            }
            trace.push(node_step(
                m,
                9,
                format!(
                    "{} as a secondary source: T* = {} ≥ {}: not added",
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
    Ok(PlatformSolution::from_lp(
        inst,
        PlatformAlgorithm::AugmentedSources,
        best,
        (0..n).collect(),
        sources,
        Delivery::Scatter,
        trace,
    ))
}

/// What flows into `m` towards the targets, over every source.
fn inflow(inst: &PlatformInstance, sol: &LpSolution, m: usize) -> f64 {
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
