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
//! Speed (docs/performance.md, "AUGMENTED_SOURCES: trials settled by a bound" and "port
//! weights without the dual LP"): a round's trials are first bounded from below by LP
//! duality ([`lp::dual`]: port weights of the round's sources, then
//! shortest paths per candidate); a trial whose bound is not below BestSol is rejected
//! without its LP ([`Trials::Bounded`]). The weights are sought first by cutting planes on
//! the ports BestSol's loads saturate ([`lp::dual::saturated_weights`]: shortest paths and an
//! LP of a few variables), at the round's first trial, and by the dual LP only when those
//! find none as good, at its second (the first candidate, which most rounds pick, is bounded
//! only with the cutting planes' weights). The answer
//! is the one of solving every trial; on the app's 65-node platforms nearly every trial of
//! the last round is settled so.
//!
//! # Complexity
//! At most |V| rounds of at most |V| LPs, each with `|sources|·(|targets| + |sources|)`
//! commodities, solved with each source's commodities aggregated into one flow
//! ([`lp::upper`]: `|sources|·|E|` flow variables); with [`Trials::Bounded`], per round at
//! most [`CUT_ROUNDS`] cutting-plane rounds (`|sources|`
//! Dijkstra searches and a re-solve of an LP with one variable per saturated port each),
//! then, when they fail and the round reaches its second candidate, one dual LP of the
//! trials' size, and `|sources| + 1` Dijkstra
//! searches (O(|V|² + |E|)) per bounded trial.
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
    lp::upper(inst, &spec(inst, sources))
}

/// MulticastMultiSource-UB's spec on the whole platform with `sources`.
fn spec(inst: &PlatformInstance, sources: &[usize]) -> LpSpec {
    LpSpec {
        alive: vec![true; inst.node_count()],
        sources: sources.to_vec(),
        targets: inst.targets.clone(),
        bound: Bound::Upper,
    }
}

/// The largest relative gap below BestSol at which a lower bound still rejects a trial: a
/// trial is picked when its `T* < BestSol·(1 - 1e-9)`, and a bound at least
/// `BestSol·(1 - 5e-10)` leaves half that margin to the simplex's round-off.
const BOUND_MARGIN: f64 = 5e-10;

/// At most this many cutting-plane rounds seek a round's port weights without the dual LP
/// ([`lp::dual::saturated_weights`]); the 65-node platforms of Figure 11's seed 1 needed at
/// most 130 (`fig11_profile 1 big`, docs/performance.md), 40 left 21 of their 45 rounds to
/// the dual LP. A round costs a few Dijkstra searches, about a thousandth of the dual LP.
pub const CUT_ROUNDS: usize = 500;

/// AUGMENTED_SOURCES with MulticastMultiSource-UB.
pub fn augmented_sources(inst: &PlatformInstance) -> Result<PlatformSolution, Error> {
    Progress::silent(|p| augmented_sources_progress(inst, p))
}

/// [`augmented_sources`], reporting each MulticastMultiSource-UB LP to `progress`.
pub fn augmented_sources_progress(
    inst: &PlatformInstance,
    progress: &mut Progress<'_>,
) -> Result<PlatformSolution, Error> {
    augmented_sources_part(inst, None, Trials::Bounded, progress, &mut |_| {})
}

/// How a round's trials are settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trials {
    /// Every trial by its LP (the reference of the test
    /// `augmented_sources_bound_changes_nothing`).
    All,
    /// Each trial first by a lower bound ([`lp::dual::bound`] with port weights of the
    /// round's sources, found once per round: by [`lp::dual::saturated_weights`], else, for
    /// the trials after the round's first candidate, by the dual LP
    /// [`lp::dual::port_weights`]): a trial whose bound is not below BestSol is rejected
    /// without its LP. The answer is
    /// [`Trials::All`]'s; the trace gives the bound (`T* ≥`) for those trials.
    Bounded,
}

/// What a run of part `part` of 2 ([`augmented_sources_part`]) knows when none of its own
/// trials of a round improves: the solution as it would be if the other part's trials of the
/// round did not improve either (the round then is the last), and its own trials' steps.
/// [`join`] of the two parts' halves of the same round is the sequential run's answer.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Half {
    /// Which part (0 or 1).
    pub part: usize,
    /// The round (from 0).
    pub round: usize,
    /// The sources at the start of the round.
    pub sources: Vec<usize>,
    /// The solution on `sources`, with the steps before the round's trials.
    pub solution: PlatformSolution,
    /// The round's trials' steps by candidate position: this part's (see [`owns`]), `None`
    /// at the other part's positions and for a trial whose LP has no solution.
    pub steps: Vec<Option<Step>>,
}

/// Whether part `part` of 2 solves a round's trial at candidate position `i` before it knows
/// the other part's answers: both solve the first candidate (it is accepted in most rounds),
/// part 0 the odd positions, part 1 the even ones from 2 on.
pub fn owns(part: usize, i: usize) -> bool {
    i == 0 || (i - 1) % 2 == part
}

/// The sequential run's answer from the halves of both parts on the same round, `None` when
/// they are not of the same round and sources, or of the same part. The round had no
/// improving trial (neither part's own trials improve), so it is the last: the solution is
/// either half's, its steps followed by the round's, in candidate order.
///
/// # Complexity
/// O(|steps|).
pub fn join(a: &Half, b: &Half) -> Option<PlatformSolution> {
    if a.part == b.part
        || a.round != b.round
        || a.sources != b.sources
        || a.steps.len() != b.steps.len()
    {
        return None;
    }
    let mut solution = a.solution.clone();
    solution.trace.extend(
        a.steps
            .iter()
            .zip(&b.steps)
            .filter_map(|(x, y)| x.clone().or_else(|| y.clone())),
    );
    Some(solution)
}

/// One trial of a round: the candidate added to the sources.
enum Trial {
    /// Not solved (yet).
    Open,
    /// The LP has no solution.
    Infeasible,
    /// Its `T*`, not below BestSol.
    Rejected(f64),
    /// A lower bound on its `T*` ([`lp::dual::bound`]) not below BestSol: not solved.
    Bounded(f64),
    /// Its `T*`, below BestSol, and its solution.
    Improves(f64, Box<LpSolution>),
}

/// [`augmented_sources_progress`], the answer the same whatever `part` and `trials_by` (the
/// trace's steps of the trials settled by a bound differ). With `part` `None`,
/// a round solves its trials in candidate order until one improves. With `Some(k)` (k = 0 or
/// 1; two runs, one per web worker), a round first solves the trials at the positions part `k`
/// [`owns`], in order, until one improves; then it solves the other part's trials before that
/// one (in order, the first improving one is picked), so the pick is the sequential run's.
/// When none of its own improves, it hands `on_half` its [`Half`] (the other part's half of
/// the same round, [`join`]ed, is the answer), and goes on with the other part's trials: the
/// run alone still ends with the sequential answer.
///
/// # Complexity
/// As [`augmented_sources`]; a part solves at most the same LPs, and in a round whose first
/// candidate is not picked, about half of them before its half or its pick.
pub fn augmented_sources_part(
    inst: &PlatformInstance,
    part: Option<usize>,
    trials_by: Trials,
    progress: &mut Progress<'_>,
    on_half: &mut dyn FnMut(Half),
) -> Result<PlatformSolution, Error> {
    let n = inst.node_count();
    let alive = vec![true; n];
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
    for round in 0.. {
        let mut cands: Vec<(f64, usize)> = (0..n)
            .filter(|v| !sources.contains(v))
            .map(|v| (inflow(inst, &best, v), v))
            .collect();
        crate::order::sort_by(&mut cands, |a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let cands: Vec<usize> = cands.into_iter().map(|(_, v)| v).collect();
        progress.expect(cands.len());
        let mut trials: Vec<Trial> = cands.iter().map(|_| Trial::Open).collect();
        // Port weights of the round's sources, sought at the round's first trial by cutting
        // planes (cheap; they may settle the first candidate, the LP that most rounds pick,
        // in the round that picks none) and, when those find none, by the dual LP for the
        // first trial after the first candidate. Used for every trial of the round, so that
        // a trial's verdict and step do not depend on which others were solved.
        let mut cheap: Option<Option<lp::dual::PortWeights>> = None;
        let mut weights: Option<Option<lp::dual::PortWeights>> = None;
        let mut solve = |i: usize, trials: &mut [Trial]| -> Result<bool, Error> {
            let mut with = sources.clone();
            with.push(cands[i]);
            if trials_by == Trials::Bounded {
                // The bounds only spare LPs: without weights every trial is solved.
                let found = cheap.get_or_insert_with(|| {
                    lp::dual::saturated_weights(
                        inst,
                        &alive,
                        &sources,
                        &inst.targets,
                        &best.loads,
                        best_t * (1.0 - BOUND_MARGIN / 5.0),
                        CUT_ROUNDS,
                    )
                    .unwrap_or(None)
                });
                let w = match (found, i) {
                    (Some(w), _) => Some(&*w),
                    (None, 0) => None,
                    (None, _) => weights
                        .get_or_insert_with(|| {
                            lp::dual::port_weights(inst, &spec(inst, &sources)).unwrap_or(None)
                        })
                        .as_ref(),
                };
                if let Some(w) = w {
                    let b = lp::dual::bound(inst, &alive, w, &with, &inst.targets);
                    if b.is_finite() && b >= best_t * (1.0 - BOUND_MARGIN) {
                        progress.solved();
                        trials[i] = Trial::Bounded(b);
                        return Ok(false);
                    }
                }
            }
            let got = multi(inst, &with)?;
            progress.solved();
            trials[i] = match got {
                None => Trial::Infeasible,
                Some(sol) => {
                    let t = port_period(inst, &sol.loads);
                    if not_worse(t, best_t) && t < best_t * (1.0 - 1e-9) {
                        Trial::Improves(t, Box::new(sol))
                    } else {
                        Trial::Rejected(t)
                    }
                }
            };
            Ok(matches!(trials[i], Trial::Improves(..)))
        };
        // The first improving trial among `positions` (solved in order).
        let mut first = |positions: &mut dyn Iterator<Item = usize>,
                         trials: &mut [Trial]|
         -> Result<Option<usize>, Error> {
            for i in positions {
                if solve(i, trials)? {
                    return Ok(Some(i));
                }
            }
            Ok(None)
        };
        let all = cands.len();
        let pick = match part {
            None => first(&mut (0..all), &mut trials)?,
            Some(k) => match first(&mut (0..all).filter(|&i| owns(k, i)), &mut trials)? {
                Some(i) => first(&mut (0..i).filter(|&j| !owns(k, j)), &mut trials)?.or(Some(i)),
                None => {
                    on_half(Half {
                        part: k,
                        round,
                        sources: sources.clone(),
                        solution: solution(inst, best.clone(), &sources, trace.clone()),
                        steps: (0..all)
                            .map(|i| step(inst, cands[i], &trials[i], best_t))
                            .collect(),
                    });
                    first(&mut (0..all).filter(|&i| !owns(k, i)), &mut trials)?
                }
            },
        };
        let upto = pick.map_or(all, |i| i + 1);
        trace.extend((0..upto).filter_map(|i| step(inst, cands[i], &trials[i], best_t)));
        // The pick is an improving trial; no pick ends the run.
        let Some((i, Trial::Improves(t, sol))) =
            pick.map(|i| (i, std::mem::replace(&mut trials[i], Trial::Open)))
        else {
            break;
        };
        best = *sol;
        best_t = t;
        sources.push(cands[i]);
    }
    Ok(solution(inst, best, &sources, trace))
}

/// The trace's step of trial `trial` of candidate `m` against BestSol `best_t` (`None` when
/// the trial was not solved or its LP has no solution).
fn step(inst: &PlatformInstance, m: usize, trial: &Trial, best_t: f64) -> Option<Step> {
    let (line, t, verdict) = match trial {
        Trial::Open | Trial::Infeasible => return None,
        Trial::Rejected(t) => (9, *t, "="),
        Trial::Bounded(t) => (9, *t, "≥"),
        Trial::Improves(t, _) => (12, *t, "="),
    };
    let (cmp, added) = match (line, verdict) {
        (12, _) => ("<", "added"),
        _ => ("≥", "not added"),
    };
    Some(node_step(
        m,
        line,
        format!(
            "{} as a secondary source: T* {verdict} {} {cmp} {}: {added}",
            inst.name(m),
            fmt_t(t),
            fmt_t(best_t)
        ),
    ))
}

/// AUGMENTED_SOURCES' answer: MulticastMultiSource-UB's solution `best` on `sources`.
fn solution(
    inst: &PlatformInstance,
    best: LpSolution,
    sources: &[usize],
    trace: Vec<Step>,
) -> PlatformSolution {
    PlatformSolution::from_lp(
        inst,
        PlatformAlgorithm::AugmentedSources,
        best,
        (0..inst.node_count()).collect(),
        sources.to_vec(),
        Delivery::Scatter,
        trace,
    )
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
