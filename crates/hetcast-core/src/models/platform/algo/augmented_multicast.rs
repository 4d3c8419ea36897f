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
//! at line 11), so Multicast-LB is solved again each round with the added nodes as targets,
//! from the last round's LP ([`lp::WarmLower`]: its rows stay valid, the new target's cuts
//! are added and the simplex goes on from its basis; the paper does not say which of the
//! LP's optimal flows orders the candidates, and this one takes the flows of the optimum the
//! simplex reaches from there, which may differ from those of the LP solved anew);
//! a broadcast that cannot reach a target is `+∞`, and `+∞ <= +∞` holds as written, so while
//! the set is not connected the first candidate is added; the source is not a candidate.
//!
//! A trial whose answer is known is not solved: Broadcast-EB(P_target ∪ P_source ∪ P_m) is at
//! least the cost of the cheapest edge into P_m from the nodes BestSol's broadcast reaches
//! (P_m must receive a whole message from them; with no such edge P_m is cut off and there is
//! no bound), so when that cost exceeds BestSol (by a relative 1e-6, far above the LPs'
//! accuracy) the trial fails as its LP would, and nothing else changes: every LP solved is
//! the one the plain path solves, from the same cuts ([`Trials::Bounded`]; on the app's
//! 65-node platform, seed 1, 63 of its 223 trials). Nor is a trial whose lower bound by
//! port weights exceeds BestSol (by [`CAP_MARGIN`]): for weights on the ports summing to 1,
//! the weight of a minimum spanning arborescence of the nodes the trial's set reaches, each
//! edge weighing its cost times its two ports' weights, is at most the trial's `T*` (LP
//! duality and Edmonds' branching theorem; [`lp::dual::broadcast_bound`], which moves the
//! weights by [`PORT_ROUNDS`] steps of multiplicative weights from BestSol's busiest ports;
//! [`Search::port_bound`]). Nor is a trial whose lower bound by
//! Multicast-LB exceeds BestSol (by [`CAP_MARGIN`]): once BestSol reaches every target of the
//! round's Multicast-LB, P_target ∪ P_source ∪ P_m broadcasts to all of them and to P_m, so
//! its `T*` is at least Multicast-LB on the whole platform for them and P_m, which is at
//! least the `T` of the round's LP (a copy) with P_m's first cut rows added (`lb_bound`,
//! [`lp::WarmLower::bound_with`]; where BestSol does not reach a node the set holds, from an
//! LP of Multicast-LB for the nodes it reaches, `Search::reach_lb`). The candidates are
//! bounded in the order the trials are tried, and the bounds stop for the run when they fail
//! far more often than they settle (`Search::settle`); a bound that [`within_cap`] shows
//! cannot exceed BestSol is counted as failed without its LP. A trial that is solved only asks whether
//! `T*` is at most BestSol: its cut generation stops at the first LP (an LP with some of the
//! cut rows, a relaxation, whose `T` is a lower bound on `T*`) whose `T` exceeds BestSol by
//! a relative [`CAP_MARGIN`], and the trial fails with "T* ≥ that `T`"
//! ([`lp::lower_by_cuts_capped`]). An accepted trial, whose `T*` is at most BestSol, never
//! meets the cap, so its LPs are all solved as before.
//! Native builds also solve two LPs at once
//! ([`Trials::Parallel`], the default): the first round's Multicast-LB beside BestSol;
//! beside the first trial of a round whose LP is solved (whatever bounds settled the trials
//! before it), the next round's Multicast-LB on the guess that the trial is accepted (it is
//! in most rounds; from a copy of the round's LP; given up between two of its rows as soon as
//! the trial fails, [`lp::WarmLower::add_target_unless`]) unless the last round's first
//! trial solved failed, and beside each later trial (and that first one then) the next one; what the sequential path would not have solved is dropped, so the
//! answer is the same, bit for bit, whatever the threads' timing (test
//! `augmented_multicast_bound_changes_nothing`).
//!
//! # Complexity
//! At most |V| rounds, each one Multicast-LB (after the first, a target added to the last
//! round's LP) and at most |V| Broadcast-EB LPs.
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
    broadcast_capped, broadcast_with, listed, node_step, not_worse, Broadcast, Capped, LpReuse,
    LpWork, PlatformAlgorithm, Progress,
};
use crate::error::Error;
use crate::trace::Step;
use crate::units::fmt_t;
use std::sync::atomic::{AtomicBool, Ordering};

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

/// Which trials AUGMENTED_MULTICAST solves, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trials {
    /// Every trial's LP, one at a time (the path before issue 19; `hetcast bench platform`
    /// and the equivalence test run it).
    All,
    /// Not those the cheapest edge into the candidate already fails, and the others' cut
    /// generation stopped at a relaxation above BestSol (see the module doc).
    Bounded,
    /// [`Trials::Bounded`], two LPs at once in native builds: the first round's Multicast-LB
    /// beside BestSol; beside a round's first trial whose LP is solved, the next round's
    /// Multicast-LB on the guess that the trial is accepted (kept if it is, given up as soon
    /// as it fails) when the last round's first such trial was accepted, and beside each
    /// later trial (and that first one otherwise) the next one (discarded if the first is
    /// accepted). Every LP kept is the one the sequential path solves, from the same cuts.
    Parallel,
}

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
    augmented_multicast_with(inst, reuse, Trials::Parallel, progress)
}

/// [`augmented_multicast_progress`], solving the trials `trials` says.
pub fn augmented_multicast_with(
    inst: &PlatformInstance,
    reuse: LpReuse,
    trials: Trials,
    progress: &mut Progress<'_>,
) -> Result<PlatformSolution, Error> {
    let mut search = Search::start(inst, reuse, trials, progress)?;
    while search.round(progress)? {}
    let (sol, reach) = search.best.ok_or_else(|| {
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
        search.trace,
    ))
}

/// A trial solved: the candidate's index in the round's order, its set, the LP's answer and
/// the cuts it leaves.
type Outcome = (usize, Vec<bool>, (Capped, lp::CutPool));

/// A trial settled without its LP: a lower bound on its `T*` above BestSol, and why.
type Settled = (f64, &'static str);

/// AUGMENTED_MULTICAST between two trials: BestSol, its set and its cuts, the trace so far.
struct Search<'a> {
    inst: &'a PlatformInstance,
    reuse: LpReuse,
    trials: Trials,
    /// `P_target ∪ P_source` (the grown set), as a set of nodes.
    set: Vec<bool>,
    /// BestSol (`None`: `+∞`) and its period.
    best: Option<Broadcast>,
    best_t: f64,
    /// Cuts carried from LP to LP: those tight at BestSol's broadcast, and at the last
    /// Multicast-LB.
    pool: lp::CutPool,
    /// The rounds' Multicast-LB, kept from round to round.
    lb: RoundLb<'a>,
    trace: Vec<Step>,
    /// The next round's Multicast-LB, solved beside the round's first trial on a guess that
    /// the trial is accepted (`Trials::Parallel`): its answer and its LP.
    next_lb: Option<(Option<lp::LpSolution>, RoundLb<'a>)>,
    /// Multicast-LB on the whole platform for nodes BestSol reaches, started when a trial
    /// first needs a bound ([`lb_bound`]) and the round's LB has a target BestSol does not
    /// reach (a node added while the set was cut off); `None` before, or when it could not
    /// be solved. Its targets stay reached as the set grows, so it stays valid.
    reach_lb: Option<lp::WarmLower<'a>>,
    /// The bounds by Multicast-LB sought so far: those that settled a trial, those that did
    /// not ([`Search::settle`]).
    probes: (usize, usize),
    /// The candidates whose bound by Multicast-LB this round surely fails ([`within_cap`]):
    /// counted as failed without their LP.
    sure_fail: Vec<bool>,
    /// The candidates whose bound by port weights ([`Search::port_bound`]) was sought this
    /// round.
    port_tried: Vec<bool>,
    /// Whether the last round's first trial whose LP was solved was accepted (true before
    /// the first round): the next round's LB is then guessed beside this round's first
    /// (`Trials::Parallel`), else that trial is paired with the next one.
    guess_lb: bool,
}

impl<'a> Search<'a> {
    /// Lines 1-2: BestSol, the broadcast on the targets and the source.
    fn start(
        inst: &'a PlatformInstance,
        reuse: LpReuse,
        trials: Trials,
        progress: &mut Progress<'_>,
    ) -> Result<Search<'a>, Error> {
        let mut set = vec![false; inst.node_count()];
        set[inst.source] = true;
        for &t in &inst.targets {
            set[t] = true;
        }
        progress.expect(2);
        let mut pool = lp::CutPool::new();
        let mut work = LpWork::default();
        // The first round's Multicast-LB does not depend on BestSol: with
        // `Trials::Parallel`, it is solved beside it (and taken up by the first round).
        let ahead = trials == Trials::Parallel && PARALLEL;
        let grown: Vec<usize> = (0..set.len())
            .filter(|&v| set[v] && v != inst.source)
            .collect();
        let mut first_lb = RoundLb::default();
        let (best, lb) = two(
            !ahead,
            || broadcast_with(inst, &set, &inst.targets, reuse, &mut pool, &mut work),
            || ahead.then(|| first_lb.solve(inst, reuse, &grown, None)),
        );
        let best = best?;
        let next_lb = match lb {
            Some(lb) => Some((lb?, first_lb)),
            None => None,
        };
        progress.solved();
        let best_t = best
            .as_ref()
            .map_or(f64::INFINITY, |(s, _)| port_period(inst, &s.loads));
        let trace = vec![Step {
            text: format!(
                "Broadcast-EB on the targets and the source: T* = {}",
                fmt_t(best_t)
            ),
            pseudo_line: Some(2),
            highlight: Vec::new(),
            t: 0.0,
            built: Vec::new(),
        }];
        Ok(Search {
            inst,
            reuse,
            trials,
            set,
            best,
            best_t,
            pool,
            lb: RoundLb::default(),
            trace,
            next_lb,
            reach_lb: None,
            probes: (0, 0),
            sure_fail: Vec::new(),
            port_tried: Vec::new(),
            guess_lb: true,
        })
    }

    /// One round (lines 4-11): Multicast-LB on the grown set orders the candidates, tried in
    /// that order until one is accepted. True when one was (another round follows).
    ///
    /// # Complexity
    /// One Multicast-LB and at most |V| Broadcast-EB LPs.
    fn round(&mut self, progress: &mut Progress<'_>) -> Result<bool, Error> {
        let (inst, n) = (self.inst, self.inst.node_count());
        let grown: Vec<usize> = (0..n)
            .filter(|&v| self.set[v] && v != inst.source)
            .collect();
        progress.expect(1 + (0..n).filter(|&v| !self.set[v]).count());
        let lb = match self.next_lb.take() {
            Some((lb, lb_lp)) => {
                self.lb = lb_lp;
                lb
            }
            None => self.lb.solve(inst, self.reuse, &grown, None)?,
        };
        let Some(lb) = lb else {
            return Ok(false);
        };
        progress.solved();
        let mut cands: Vec<(f64, usize)> = (0..n)
            .filter(|&v| !self.set[v])
            .map(|v| (inflow(inst, &lb, &grown, v), v))
            .collect();
        crate::order::sort_by(&mut cands, |a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        // A trial's cut generation stops at a relaxation above this: it fails.
        let cap = match self.trials {
            Trials::All => f64::INFINITY,
            _ => self.best_t * (1.0 + CAP_MARGIN),
        };
        self.sure_fail = match (&self.lb.warm, &self.best) {
            (Some(_), Some(_)) => within_cap(inst, &lb.loads, cap),
            _ => Vec::new(),
        };
        let mut bound = self.bounds(&cands);
        self.port_tried = vec![false; cands.len()];
        // Whether a trial's LP was solved this round: beside the first, the next round's LB
        // is guessed (Parallel), whatever bounds settled the trials before it, unless the
        // last round's first such trial failed (then a trial pair, as for later trials).
        let mut solved_any = false;
        // Candidates whose bound by Multicast-LB was sought and not found.
        let mut probed = vec![false; cands.len()];
        let mut k = 0;
        while k < cands.len() {
            let m = cands[k].1;
            if self.settle(k, &cands, cap, &mut bound, &mut probed) {
                if let Some((t, why)) = bound[k] {
                    progress.solved();
                    self.trace.push(bounded_step(inst, m, t, why, self.best_t));
                }
                k += 1;
                continue;
            }
            let first = !solved_any && self.guess_lb;
            let first_solved = !solved_any;
            solved_any = true;
            // The bounds sought ahead for `later` are undone if trial `k` is accepted, as
            // the sequential path never seeks them (so both paths answer alike).
            let before = (self.probes, self.reach_lb.is_none());
            let later = match self.trials {
                Trials::Parallel if PARALLEL && !first => (k + 1..cands.len())
                    .find(|&j| !self.settle(j, &cands, cap, &mut bound, &mut probed)),
                _ => None,
            };
            let beside = self.beside(first, m, &grown, &cands, later);
            let outcomes = self.solve_trial(k, beside, later, &cands, cap)?;
            let (improved, at) = self.weigh(outcomes, k, &cands, &bound, progress);
            if first_solved {
                self.guess_lb = improved && at == k + 1;
            }
            if improved {
                if at == k + 1 {
                    self.probes = before.0;
                    if before.1 {
                        self.reach_lb = None;
                    }
                }
                return Ok(true);
            }
            k = at;
            // The guess failed: the next round's LB is solved when it comes.
            self.next_lb = None;
        }
        Ok(false)
    }

    /// The Multicast-LB whose copies bound the trials ([`lb_bound`]): the round's when BestSol
    /// reaches its targets, else [`Search::reach_lb`]; none for [`Trials::All`] or while
    /// BestSol is `+∞`.
    fn probe_lb(&self) -> Option<&lp::WarmLower<'a>> {
        let (_, reach) = self.best.as_ref().filter(|_| self.trials != Trials::All)?;
        match &self.lb.warm {
            Some(w) if w.targets().iter().all(|&v| reach[v]) => Some(w),
            _ => self.reach_lb.as_ref(),
        }
    }

    /// [`Search::reach_lb`] started, if [`Search::probe_lb`] needs it and it is not yet: on
    /// the nodes BestSol reaches, from the round's LP's tight cuts that hold one of them (one
    /// LP of cut generation, solved once a run; not on platforms small enough for the round's
    /// LB to be the whole LP).
    fn start_reach_lb(&mut self) {
        let Some((_, reach)) = self.best.as_ref().filter(|_| self.trials != Trials::All) else {
            return;
        };
        // With no round LB by cuts (a small platform), no bound either.
        let Some(round_lb) = &self.lb.warm else {
            return;
        };
        if self.reach_lb.is_some() || round_lb.targets().iter().all(|&v| reach[v]) {
            return;
        }
        let targets: Vec<usize> = (0..reach.len())
            .filter(|&v| reach[v] && v != self.inst.source)
            .collect();
        self.reach_lb = lp::WarmLower::start_from(self.inst, &targets, round_lb, &mut 0)
            .ok()
            .flatten()
            .map(|(w, _)| w);
    }

    /// For each candidate `(inflow, m)`, the cost of the cheapest edge into `m` from the nodes
    /// BestSol reaches when it exceeds BestSol (the trial fails without its LP), else `None`.
    /// BestSol and its reach do not change within a round (an accepted trial ends it): which
    /// trials the bound settles is known at its start.
    fn bounds(&self, cands: &[(f64, usize)]) -> Vec<Option<Settled>> {
        cands
            .iter()
            .map(|&(_, m)| match (self.trials, &self.best) {
                (Trials::All, _) | (_, None) => None,
                (_, Some((_, reach))) => {
                    // From the nodes BestSol reaches (with none, P_m is cut off: no bound).
                    let cheapest = self
                        .inst
                        .edges
                        .iter()
                        .filter(|e| e.to == m && reach[e.from])
                        .map(|e| e.cost)
                        .fold(f64::INFINITY, f64::min);
                    (cheapest.is_finite() && cheapest > self.best_t * (1.0 + 1e-6))
                        .then_some((cheapest, CHEAPEST_WHY))
                }
            })
            .collect()
    }

    /// Whether the trial of candidate `k` is settled without its LP: by the cheapest edge in
    /// (`bound[k]` already), or now by [`lb_bound`] (then kept in `bound[k]`), unless
    /// `probed[k]` says that was tried. The bounds by Multicast-LB stop for the rest of the
    /// run once they fail more than twice as often as they settle, plus [`PROBE_SLACK`]
    /// (each costs a copy of the LP and a few re-solves; on some platforms they rarely
    /// settle a trial). A bound that [`within_cap`] says fails is counted as failed without
    /// being sought (nor is [`Search::reach_lb`] started for it).
    fn settle(
        &mut self,
        k: usize,
        cands: &[(f64, usize)],
        cap: f64,
        bound: &mut [Option<Settled>],
        probed: &mut [bool],
    ) -> bool {
        if bound[k].is_some() {
            return true;
        }
        if !self.port_tried[k] {
            self.port_tried[k] = true;
            if let Some(t) = self.port_bound(cands[k].1, cap) {
                bound[k] = Some((t, PORTS_WHY));
                return true;
            }
        }
        if probed[k] || self.probes.1 > 2 * self.probes.0 + PROBE_SLACK {
            return false;
        }
        probed[k] = true;
        let m = cands[k].1;
        // Counted as failed, as the bound would (the stop rule sees the same counts).
        if self.sure_fail.get(m).copied().unwrap_or(false) {
            self.probes.1 += 1;
            return false;
        }
        self.start_reach_lb();
        let mut trial = self.set.clone();
        trial[m] = true;
        let Some(lb) = self.probe_lb() else {
            return false;
        };
        match lb_bound(self.inst, &trial, lb, m, cap) {
            Some(t) => {
                self.probes.0 += 1;
                bound[k] = Some((t, LB_WHY));
                true
            }
            None => {
                self.probes.1 += 1;
                false
            }
        }
    }

    /// A lower bound above `cap` on the trial of candidate `m` by port weights
    /// ([`lp::dual::broadcast_bound`] on the nodes the trial's set reaches, from BestSol's
    /// busiest ports), or `None`: none for [`Trials::All`], while BestSol is `+∞`, or when the
    /// set does not reach `m` (the trial is BestSol's broadcast again).
    ///
    /// A bound that [`surely_within`] shows cannot exceed `cap` is not sought.
    ///
    /// # Complexity
    /// One search and [`PORT_ROUNDS`] minimum arborescences.
    fn port_bound(&self, m: usize, cap: f64) -> Option<f64> {
        let (sol, best_reach) = self.best.as_ref().filter(|_| self.trials != Trials::All)?;
        if !cap.is_finite() {
            return None;
        }
        let mut trial = self.set.clone();
        trial[m] = true;
        let reach = super::super::graph::reachable(self.inst, &trial, self.inst.source);
        if !reach[m] || surely_within(self.inst, sol, best_reach, &reach, m, cap) {
            return None;
        }
        lp::dual::broadcast_bound(self.inst, &reach, &sol.loads, cap, PORT_ROUNDS)
    }

    /// What to solve beside the trial of candidate `m` (Parallel): the next round's LB on
    /// the guess that it is accepted (the round's `first` trial), or the next trial to solve,
    /// candidate `later`.
    fn beside(
        &self,
        first: bool,
        m: usize,
        grown: &[usize],
        cands: &[(f64, usize)],
        later: Option<usize>,
    ) -> Beside {
        if self.trials != Trials::Parallel || !PARALLEL {
            Beside::Nothing
        } else if first {
            let mut grown_m = grown.to_vec();
            grown_m.push(m);
            grown_m.sort_unstable();
            Beside::Lb(grown_m)
        } else if let Some(j) = later {
            let mut other = self.set.clone();
            other[cands[j].1] = true;
            Beside::Trial(other)
        } else {
            Beside::Nothing
        }
    }

    /// The trial of candidate `k` and, on another thread, what `beside` says: the trials
    /// solved, in order (a guessed LB is kept in `next_lb`).
    fn solve_trial(
        &mut self,
        k: usize,
        beside: Beside,
        later: Option<usize>,
        cands: &[(f64, usize)],
        cap: f64,
    ) -> Result<Vec<Outcome>, Error> {
        let (inst, reuse, pool, lb) = (self.inst, self.reuse, &self.pool, &self.lb);
        let best_t = self.best_t;
        let mut trial = self.set.clone();
        trial[cands[k].1] = true;
        // Set when the trial fails: the LB guessed beside it is then given up.
        let stop = AtomicBool::new(false);
        let (got, other) = two(
            matches!(beside, Beside::Nothing),
            || {
                let got = trial_lp(inst, &trial, reuse, pool, cap);
                if !matches!(&got, Ok((c, _)) if accepts(inst, c, best_t)) {
                    stop.store(true, Ordering::Relaxed);
                }
                got
            },
            || match &beside {
                Beside::Nothing => Ok(Aside::Nothing),
                Beside::Lb(grown_m) => {
                    let mut next = lb.clone();
                    next.solve(inst, reuse, grown_m, Some(&stop))
                        .map(|got| Aside::Lb(got, Box::new(next)))
                }
                Beside::Trial(other) => trial_lp(inst, other, reuse, pool, cap).map(Aside::Trial),
            },
        );
        let mut outcomes = vec![(k, trial, got?)];
        // A guessed LB beside a trial that fails is dropped, finished, given up or failed
        // (the sequential path never solves it).
        let given_up = matches!(beside, Beside::Lb(_)) && stop.into_inner();
        let other = if given_up { Ok(Aside::Nothing) } else { other };
        match other? {
            Aside::Nothing => {}
            Aside::Lb(lb, lb_lp) => self.next_lb = Some((lb, *lb_lp)),
            Aside::Trial(answer) => {
                let j = later.unwrap_or(k);
                let mut other = self.set.clone();
                other[cands[j].1] = true;
                outcomes.push((j, other, answer));
            }
        }
        Ok(outcomes)
    }

    /// Lines 8-11 for the trials solved, in order, and the bounded trials before each: the
    /// first accepted becomes BestSol. Returns whether one was, and the next candidate's index.
    fn weigh(
        &mut self,
        outcomes: Vec<Outcome>,
        k: usize,
        cands: &[(f64, usize)],
        bound: &[Option<Settled>],
        progress: &mut Progress<'_>,
    ) -> (bool, usize) {
        let inst = self.inst;
        let mut at = k;
        for (j, trial, (got, trial_pool)) in outcomes {
            // The bounded trials before j, in order.
            for i in at..j {
                if let Some((t, why)) = bound[i] {
                    progress.solved();
                    self.trace
                        .push(bounded_step(inst, cands[i].1, t, why, self.best_t));
                }
            }
            at = j + 1;
            let m = cands[j].1;
            progress.solved();
            let got = match got {
                Capped::Solved(got) => got,
                Capped::Above(lower) => {
                    self.trace
                        .push(trial_step(inst, m, "≥", lower, self.best_t));
                    continue;
                }
            };
            let t = got
                .as_ref()
                .map_or(f64::INFINITY, |(s, _)| port_period(inst, &s.loads));
            if not_worse(t, self.best_t) {
                self.trace.push(node_step(
                    m,
                    11,
                    format!(
                        "with {}: T* = {} ≤ {}: added",
                        inst.name(m),
                        fmt_t(t),
                        fmt_t(self.best_t)
                    ),
                ));
                self.best = got;
                self.best_t = t;
                self.set = trial;
                self.pool = trial_pool;
                return (true, at);
            }
            self.trace.push(trial_step(inst, m, "=", t, self.best_t));
        }
        (false, at)
    }
}

/// The trace's step for a trial that fails: with `m`, `T*` is (`rel` "=") or is at least
/// (`rel` "≥") `t`, above `best_t`.
fn trial_step(inst: &PlatformInstance, m: usize, rel: &str, t: f64, best_t: f64) -> Step {
    node_step(
        m,
        8,
        format!(
            "with {}: T* {rel} {} > {}: not added",
            inst.name(m),
            fmt_t(t),
            fmt_t(best_t)
        ),
    )
}

/// The trace's step for a trial a bound settles: with `m`, `T*` is at least `t`, by `why`.
fn bounded_step(inst: &PlatformInstance, m: usize, t: f64, why: &str, best_t: f64) -> Step {
    node_step(
        m,
        8,
        format!(
            "with {}: T* ≥ {} ({why}) > {}: not added",
            inst.name(m),
            fmt_t(t),
            fmt_t(best_t)
        ),
    )
}

/// The trace's reason for a trial settled by the cheapest edge into the candidate.
const CHEAPEST_WHY: &str = "its cheapest edge in";

/// The relative margin above BestSol past which a trial's relaxation ends it (far above the
/// simplex's tolerance, 1e-9 relative on `T` near 1, and the `ε`-weighted cost term of the
/// objective, below 1e-7 relative).
const CAP_MARGIN: f64 = 1e-5;

/// Whether this build solves two LPs at once in [`Trials::Parallel`] (wasm32 has no threads
/// here: the app runs each heuristic in a web worker).
const PARALLEL: bool = cfg!(not(target_arch = "wasm32"));

/// What is solved beside a trial.
enum Beside {
    Nothing,
    /// The next round's Multicast-LB for these targets.
    Lb(Vec<usize>),
    /// The trial of this set.
    Trial(Vec<bool>),
}

/// Its answer.
enum Aside<'a> {
    Nothing,
    Lb(Option<lp::LpSolution>, Box<RoundLb<'a>>),
    Trial((Capped, lp::CutPool)),
}

/// `(a(), b())`, on two threads where the build has them and `b` is not `alone` (then `b`
/// runs on this thread).
fn two<A: Send, B: Send>(
    alone: bool,
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    if alone || !PARALLEL {
        return (a(), b());
    }
    std::thread::scope(|s| {
        let h = s.spawn(b);
        let ra = a();
        (
            ra,
            h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
        )
    })
}

/// The rounds' Multicast-LB (line 4): its LP of cut generation, kept from round to round
/// ([`lp::WarmLower`]) when the grown set has one node more than the last round's.
#[derive(Clone, Default)]
struct RoundLb<'a> {
    warm: Option<lp::WarmLower<'a>>,
}

impl<'a> RoundLb<'a> {
    /// Multicast-LB on the whole platform for `grown`: by the full LP for `Scratch` (the
    /// paper's formulation) and for small LPs ([`lp::FULL_LP_MAX_VARIABLES`]), else by the
    /// last round's LP with the new node a target (or anew). With the last round's LP, given
    /// up (an error, this LP left part-way) once `stop` is set
    /// ([`lp::WarmLower::add_target_unless`]).
    fn solve(
        &mut self,
        inst: &'a PlatformInstance,
        reuse: LpReuse,
        grown: &[usize],
        stop: Option<&AtomicBool>,
    ) -> Result<Option<lp::LpSolution>, Error> {
        let everywhere = vec![true; inst.node_count()];
        if reuse == LpReuse::Scratch {
            return lp::solve(
                inst,
                &lp::LpSpec {
                    alive: everywhere,
                    sources: vec![inst.source],
                    targets: grown.to_vec(),
                    bound: lp::Bound::Lower,
                },
            );
        }
        if grown.len() * inst.edges.len() <= lp::FULL_LP_MAX_VARIABLES {
            self.warm = None;
            return lp::lower(inst, &everywhere, grown, &mut 0);
        }
        if let Some(warm) = &mut self.warm {
            let new: Vec<usize> = grown
                .iter()
                .copied()
                .filter(|v| !warm.targets().contains(v))
                .collect();
            if let ([m], true) = (new.as_slice(), warm.targets().len() + 1 == grown.len()) {
                let got = warm.add_target_unless(*m, &mut 0, stop)?;
                if got.is_none() {
                    self.warm = None;
                }
                return Ok(got);
            }
        }
        let started = lp::WarmLower::start(inst, grown, &mut 0)?;
        Ok(started.map(|(warm, got)| {
            self.warm = Some(warm);
            got
        }))
    }
}

/// One trial (line 8): Broadcast-EB on `alive` for the targets, from a copy of `pool`,
/// stopped at a relaxation above `cap`; the answer and the copy with this LP's tight cuts.
fn trial_lp(
    inst: &PlatformInstance,
    alive: &[bool],
    reuse: LpReuse,
    pool: &lp::CutPool,
    cap: f64,
) -> Result<(Capped, lp::CutPool), Error> {
    let mut cuts = pool.clone();
    let got = broadcast_capped(
        inst,
        alive,
        &inst.targets,
        reuse,
        &mut cuts,
        cap,
        &mut LpWork::default(),
    )?;
    Ok((got, cuts))
}

/// Whether a trial's answer `got` is accepted at line 8 (its `T*` at most `best_t`), as
/// [`Search::weigh`] decides.
fn accepts(inst: &PlatformInstance, got: &Capped, best_t: f64) -> bool {
    match got {
        Capped::Above(_) => false,
        Capped::Solved(got) => not_worse(
            got.as_ref()
                .map_or(f64::INFINITY, |(s, _)| port_period(inst, &s.loads)),
            best_t,
        ),
    }
}

/// Whether the trial's `T*` is at most `cap` for sure, so that no lower bound on it can
/// exceed `cap` ([`Search::port_bound`] is then not sought; the trial may still fail, by
/// less than the cap's margin): when the trial's set reaches (`reach`) only the nodes
/// BestSol reaches (`best_reach`) and `m`, BestSol's loads with one edge `(u, m)` from a
/// node it reaches raised to 1 carry a whole flow to every node of the trial (to `m`, over
/// `u`, which receives one), so Broadcast-EB for the trial is at most their busiest port;
/// that is within `cap / (1 + SURE_MARGIN)` when every port is under BestSol's loads and
/// `u`'s out-port and `m`'s in-port stay so with the edge's cost added.
///
/// # Complexity
/// `O(|V| + |E|)`.
pub fn surely_within(
    inst: &PlatformInstance,
    best: &lp::LpSolution,
    best_reach: &[bool],
    reach: &[bool],
    m: usize,
    cap: f64,
) -> bool {
    let n = inst.node_count();
    if (0..n).any(|v| reach[v] && v != m && !best_reach[v]) {
        return false;
    }
    let lim = cap / (1.0 + SURE_MARGIN);
    let (mut busy_in, mut busy_out) = (vec![0.0; n], vec![0.0; n]);
    for (e, edge) in inst.edges.iter().enumerate() {
        let t = best.loads.get(e).copied().unwrap_or(0.0) * edge.cost;
        busy_out[edge.from] += t;
        busy_in[edge.to] += t;
    }
    if busy_in.iter().chain(&busy_out).any(|&b| b > lim) {
        return false;
    }
    inst.edges.iter().any(|e| {
        e.to == m
            && best_reach[e.from]
            && busy_out[e.from] + e.cost <= lim
            && busy_in[m] + e.cost <= lim
    })
}

/// The steps of multiplicative weights of [`Search::port_bound`].
const PORT_ROUNDS: usize = 60;

/// The trace's reason for a trial settled by [`Search::port_bound`].
const PORTS_WHY: &str = "port weights";

/// See [`Search::settle`].
const PROBE_SLACK: usize = 30;

/// The trace's reason for a trial settled by [`lb_bound`].
const LB_WHY: &str = "Multicast-LB with it";

/// A lower bound above `cap` on the trial of candidate `m` (the set `alive`), from the
/// round's Multicast-LB `lb` ([`lp::WarmLower::bound_with`]), or `None`. Valid when every
/// target of `lb` and `m` are reached from the source in `alive`: the trial's broadcast then
/// delivers to all of them, its loads on `alive`'s edges are loads of a multicast to them on
/// the whole platform, and so its `T*` is at least Multicast-LB for them, which is at least
/// the bound (a relaxation of it; the LP's `ε` term moves `T` by a relative 1e-7 at most,
/// far below [`CAP_MARGIN`]). A failure of the copy's re-solve gives no bound (the trial's LP
/// is solved then).
///
/// # Complexity
/// One search of `alive` and [`lp::WarmLower::bound_with`]'s re-solves.
fn lb_bound(
    inst: &PlatformInstance,
    alive: &[bool],
    lb: &lp::WarmLower<'_>,
    m: usize,
    cap: f64,
) -> Option<f64> {
    if !cap.is_finite() {
        return None;
    }
    let reach = super::super::graph::reachable(inst, alive, inst.source);
    if !reach[m] || lb.targets().iter().any(|&v| !reach[v]) {
        return None;
    }
    lb.bound_with(m, cap).ok().flatten()
}

/// The nodes `m` for which Multicast-LB with `m` a target too is at most `cap` for sure,
/// given `loads`, which carry a whole flow to every target of the round's Multicast-LB `X`
/// (its answer): then every bound [`lb_bound`] can find for `m` fails, whichever LP it is
/// copied from (the round's, for `X`, or [`Search::reach_lb`], for nodes BestSol reaches,
/// which are in `X`), as that bound is at most Multicast-LB for `X ∪ {m}`. Loads `n'` equal
/// to `loads` but raised to 1 on the edges of a simple path from the source to `m` carry a
/// whole flow to `X` and to `m`; on that path each node's out-port and in-port gain one edge
/// each, `(1 - n(e))·c(e)`. So `m` is in the answer when the source reaches it over edges
/// whose gain keeps both ports at most `cap / (1 + SURE_MARGIN)`, and every port's busy time
/// under `loads` is at most that already: Multicast-LB for `X ∪ {m}`, whose `T` is at most
/// `T(n')` times `1 + ε` (the LP's tie-break), is then at most `cap`. Empty when `cap` is
/// `+∞` (no bound is sought then).
///
/// # Complexity
/// `O(|V| + |E|)`: one search, the same for every candidate of the round.
pub fn within_cap(inst: &PlatformInstance, loads: &[f64], cap: f64) -> Vec<bool> {
    let n = inst.node_count();
    if !cap.is_finite() {
        return Vec::new();
    }
    let lim = cap / (1.0 + SURE_MARGIN);
    let (mut busy_in, mut busy_out) = (vec![0.0; n], vec![0.0; n]);
    for (e, edge) in inst.edges.iter().enumerate() {
        let t = loads.get(e).copied().unwrap_or(0.0) * edge.cost;
        busy_out[edge.from] += t;
        busy_in[edge.to] += t;
    }
    if busy_in.iter().chain(&busy_out).any(|&b| b > lim) {
        return Vec::new();
    }
    let mut next = vec![Vec::new(); n];
    for (e, edge) in inst.edges.iter().enumerate() {
        let gain = (1.0 - loads.get(e).copied().unwrap_or(0.0)).max(0.0) * edge.cost;
        if busy_out[edge.from] + gain <= lim && busy_in[edge.to] + gain <= lim {
            next[edge.from].push(edge.to);
        }
    }
    super::super::graph::search(&next, inst.source)
}

/// The relative margin below the cap that [`within_cap`] keeps (the LP's tie-break moves
/// `T` by a relative 1e-7 at most, the simplex's tolerance by about 1e-9).
const SURE_MARGIN: f64 = 1e-6;

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
