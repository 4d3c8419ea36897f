//! Multicast-LB on the whole platform for a set of targets that grows one node at a time
//! (AUGMENTED_MULTICAST's line 4, issue 19): one LP of cut generation kept from round to round.
//!
//! Every cut row of Multicast-LB for targets `X` (a set holding a target and not the source)
//! is a cut row for any `X' ⊇ X`, so the LP of the last round, with all its rows and its
//! simplex basis, is the LP of the next round minus the rows the new target needs. Adding a
//! target adds its own cuts (the node alone, and the shadows ([`super::shadows`]) that hold
//! it) and then the rounds of separation of [`super::lower_by_cuts_capped`], each cut added
//! to the solved LP and re-solved from its basis (microlp's dual simplex), never from
//! scratch.
//!
//! Separation is in-out ([`IN_OUT`]): a target's max flow is taken first at a point between
//! the LP's loads and an inner point, loads under which every target already gets a whole
//! flow (`WarmLower::core`). A cut that point violates, the loads violate too (the inner
//! point holds every cut row), and it is deeper: it cuts off more of the loads the simplex
//! would move to next. Where that point violates no cut, it becomes the inner point, and the
//! loads themselves are separated as before, so cut generation still ends only when no cut
//! is violated at the LP's optimum. On the slow 65-node platforms the LP moved among
//! degenerate optima, each new cut met by loads that violate another, and needed hundreds of
//! rounds for one target (docs/performance.md).
//!
//! Rows that stay slack are dropped now and then ([`WarmLower::compact`]): microlp cannot
//! remove a row, so the LP is rebuilt from the rows tight at its optimum and solved anew.
//! A dropped row is valid still and comes back if separation finds it violated again. On
//! the slow platforms one new target (a node near the core) needs hundreds of cuts, and each
//! cut's re-solve costs pivots in proportion to the LP's rows (docs/performance.md).
//!
//! The optimum `T` is Multicast-LB's (the LP is the same set of rows, max-flow min-cut), but
//! the loads, which are not unique (degenerate LPs), are those the simplex reaches from the
//! last round's basis, not those of an LP solved anew: the candidates' order of
//! AUGMENTED_MULTICAST follows them (docs/algorithms.md, "AUGMENTED_MULTICAST").
//!
//! # Complexity
//! Per target added: at least one re-solve from the current basis per cut added (microlp
//! refactorises the basis on each row), per round of separation at most `2·|targets|` max
//! flows (in-out, then at the loads), one more to route the new target in the inner point, and
//! per [`COMPACT_EVERY`] cuts at most one LP solved anew.

use std::sync::atomic::{AtomicBool, Ordering};

use super::cut_lp::{CutLp, CutSolve};
use super::cuts::Cuts;
use super::{feasible, Bound, Capped, CutPool, LpSolution, LpSpec};
use crate::error::Error;
use crate::models::platform::PlatformInstance;

/// Multicast-LB's LP of cut generation on the whole platform, solved, for targets that only
/// grow ([`WarmLower::add_target`]).
#[derive(Clone)]
pub struct WarmLower<'a> {
    lp: CutLp<'a>,
    cuts: Cuts<'a>,
    /// The LP solved (`None` only while a row is being added).
    sol: Option<CutSolve>,
    targets: Vec<usize>,
    /// The shadows of the nodes and linked pairs ([`super::shadows`]): those that hold no
    /// target yet are offered when one of their nodes becomes a target.
    shadows: Vec<Vec<bool>>,
    /// `T` when the LP was last rebuilt by [`WarmLower::compact`] (0 before).
    compacted_at: f64,
    /// The inner point of the in-out separation ([`IN_OUT`]): loads by edge of the
    /// instance under which every target has a max flow of at least 1 (up to the
    /// separation's tolerance), so that every cut row holds there. At first 1 on every
    /// alive edge; a new target's unit flow under those loads is added to it.
    core: Vec<f64>,
}

impl<'a> WarmLower<'a> {
    /// Multicast-LB on the whole platform for `targets` by cut generation, from the cuts
    /// around the source, around each target and the shadows; `None` when a target is
    /// unreachable. `work` counts the LP solves.
    pub fn start(
        inst: &'a PlatformInstance,
        targets: &[usize],
        work: &mut usize,
    ) -> Result<Option<(WarmLower<'a>, LpSolution)>, Error> {
        WarmLower::start_with(inst, targets, Vec::new(), work)
    }

    /// [`WarmLower::start`] for `targets`, with the cut rows tight at `from`'s optimum among
    /// the first rows (those whose set holds one of `targets`: the others are not cuts here),
    /// so that separation has less to find.
    pub fn start_from(
        inst: &'a PlatformInstance,
        targets: &[usize],
        from: &WarmLower<'a>,
        work: &mut usize,
    ) -> Result<Option<(WarmLower<'a>, LpSolution)>, Error> {
        let sets = from
            .tight()?
            .into_iter()
            .map(|i| from.cuts.sets[i].clone())
            .collect();
        WarmLower::start_with(inst, targets, sets, work)
    }

    /// [`WarmLower::start`] with the sets `extra` offered as cuts too.
    fn start_with(
        inst: &'a PlatformInstance,
        targets: &[usize],
        extra: Vec<Vec<bool>>,
        work: &mut usize,
    ) -> Result<Option<(WarmLower<'a>, LpSolution)>, Error> {
        let n = inst.node_count();
        let alive = vec![true; n];
        let spec = LpSpec {
            alive: alive.clone(),
            sources: vec![inst.source],
            targets: targets.to_vec(),
            bound: Bound::Lower,
        };
        if !feasible(inst, &spec) {
            return Ok(None);
        }
        let lp = CutLp::new(inst, &alive, targets);
        let mut cuts = Cuts::new(inst, lp.edges.clone(), targets);
        let mut all_but_source = vec![true; n];
        all_but_source[inst.source] = false;
        cuts.offer(all_but_source);
        for &t in targets {
            cuts.offer(single(n, t));
        }
        let shadows = super::shadows(inst, &alive, &lp.edges);
        for set in &shadows {
            cuts.offer(set.clone());
        }
        for set in extra {
            cuts.offer(set);
        }
        let sol = lp.fresh(&cuts.rows, work)?;
        let mut core = vec![0.0; inst.edges.len()];
        for &e in &lp.edges {
            core[e] = 1.0;
        }
        let mut warm = WarmLower {
            core,
            lp,
            cuts,
            sol: Some(sol),
            targets: targets.to_vec(),
            shadows,
            compacted_at: 0.0,
        };
        let got = warm.generate(work, None)?;
        Ok(Some((warm, got)))
    }

    /// The targets, in the order they were given.
    pub fn targets(&self) -> &[usize] {
        &self.targets
    }

    /// Multicast-LB with `m` a target too, from this LP; `None` when `m` is unreachable
    /// (the LP is then left as it was).
    pub fn add_target(&mut self, m: usize, work: &mut usize) -> Result<Option<LpSolution>, Error> {
        self.add_target_unless(m, work, None)
    }

    /// [`WarmLower::add_target`], given up with an error as soon as `stop` is set (checked
    /// before the LP is compacted, before each of the new target's own rows and before each
    /// round of separation): for an LP solved on a guess that may turn out
    /// useless (AUGMENTED_MULTICAST's next round, beside a trial that fails). An LP given up
    /// is left part-way and must be dropped. Unless it is given up, every LP solved is the
    /// one [`WarmLower::add_target`] solves.
    pub fn add_target_unless(
        &mut self,
        m: usize,
        work: &mut usize,
        stop: Option<&AtomicBool>,
    ) -> Result<Option<LpSolution>, Error> {
        let inst = self.lp.inst;
        let n = inst.node_count();
        if self.targets.contains(&m) {
            return self.generate(work, stop).map(Some);
        }
        if !super::super::graph::reachable(inst, &vec![true; n], inst.source)[m] {
            return Ok(None);
        }
        given_up(stop)?;
        // The inner point carries a whole flow to `m` too: a shortest path, a unit flow
        // under loads of 1 (`m` is reachable).
        let mut ones = vec![0.0; inst.edges.len()];
        for &e in &self.lp.edges {
            ones[e] = 1.0;
        }
        let unit = super::super::graph::max_flow_cut_upto(inst, &ones, inst.source, m, 1e-12, 1.0);
        for (c, f) in self.core.iter_mut().zip(&unit.flow) {
            *c = c.max(f / unit.value);
        }
        self.compact(work)?;
        self.targets.push(m);
        self.cuts.is_target[m] = true;
        let first_new = self.cuts.rows.len();
        self.cuts.offer(single(n, m));
        for set in &self.shadows {
            if set[m] {
                self.cuts.offer(set.clone());
            }
        }
        // One row at a time, as `add_rows` adds them, so that `stop` is seen between two.
        for first in first_new..self.cuts.rows.len() {
            given_up(stop)?;
            let sol = self.sol.take().ok_or_else(unreachable_answer)?;
            self.sol = Some(
                self.lp
                    .add_cuts(sol, &self.cuts.rows[first..first + 1], work)?,
            );
        }
        self.generate(work, stop).map(Some)
    }

    /// A lower bound on Multicast-LB with `m` a target too, when it exceeds `cap`: this LP
    /// (a copy) with the cut rows of `m` alone and of the shadows that hold `m` added one at
    /// a time, stopping at the first whose `T` is above `cap` (in the instance's units).
    /// Each such LP has some of the rows of Multicast-LB for the targets and `m`, so its `T`
    /// is at most that optimum (a relaxation). `None` when none exceeds `cap` (or `m` is
    /// a target already); the LP kept here is left as it was.
    ///
    /// # Complexity
    /// A copy of the LP and at most one re-solve from its basis per shadow holding `m`.
    pub fn bound_with(&self, m: usize, cap: f64) -> Result<Option<f64>, Error> {
        let n = self.lp.inst.node_count();
        let mut sol = self.sol.clone().ok_or_else(unreachable_answer)?;
        if self.targets.contains(&m) {
            return Ok(None);
        }
        let mut rows: Vec<Vec<usize>> = Vec::new();
        let single = single(n, m);
        for set in std::iter::once(&single).chain(self.shadows.iter().filter(|s| s[m])) {
            if let Some(row) = self.cuts.new_row_with(set, m) {
                if !rows.contains(&row) {
                    rows.push(row);
                }
            }
        }
        for row in &rows {
            sol = self.lp.add_cuts(sol, std::slice::from_ref(row), &mut 0)?;
            let t = sol.value() * self.lp.scale;
            if t > cap {
                return Ok(Some(t));
            }
        }
        Ok(None)
    }

    /// The LP rebuilt from its cut rows tight at the optimum, and solved anew, when the
    /// others number more than the tight ones plus [`COMPACT_SLACK_ROWS`] and `T` rose since
    /// the last rebuild. `T` stays the same (the rows dropped are slack at an optimum); the
    /// loads may move to another optimum. Only at a larger `T` each time, so the rebuilds of
    /// one run are finitely many (finitely many sets of cut rows) and cut generation still
    /// ends.
    fn compact(&mut self, work: &mut usize) -> Result<(), Error> {
        let sol = self.sol.as_ref().ok_or_else(unreachable_answer)?;
        let t = sol.value();
        if t <= self.compacted_at * (1.0 + 1e-9) {
            return Ok(());
        }
        let tight = self.tight()?;
        if self.cuts.rows.len() <= 2 * tight.len() + COMPACT_SLACK_ROWS {
            return Ok(());
        }
        let mut cuts = Cuts::new(self.lp.inst, self.lp.edges.clone(), &self.targets);
        for &i in &tight {
            cuts.offer(self.cuts.sets[i].clone());
        }
        self.sol = Some(self.lp.fresh(&cuts.rows, work)?);
        self.cuts = cuts;
        self.compacted_at = t;
        Ok(())
    }

    /// The indices of the cut rows tight at the LP's optimum.
    fn tight(&self) -> Result<Vec<usize>, Error> {
        let sol = self.sol.as_ref().ok_or_else(unreachable_answer)?;
        let loads = self.lp.loads(sol);
        Ok((0..self.cuts.rows.len())
            .filter(|&i| self.cuts.rows[i].iter().map(|&e| loads[e]).sum::<f64>() <= 1.0 + 1e-7)
            .collect())
    }

    /// Rounds of separation until no cut is violated, each cut added to the solved LP (and
    /// the LP compacted after each [`COMPACT_EVERY`] cuts); given up before a round once
    /// `stop` is set.
    fn generate(
        &mut self,
        work: &mut usize,
        stop: Option<&AtomicBool>,
    ) -> Result<LpSolution, Error> {
        let n = self.lp.inst.node_count();
        let alive = vec![true; n];
        let mut added = 0;
        for round in 0..100 * n + 100 {
            given_up(stop)?;
            if added >= COMPACT_EVERY {
                added = 0;
                self.compact(work)?;
            }
            let sol = self.sol.as_ref().ok_or_else(unreachable_answer)?;
            let loads = self.lp.loads(sol);
            let first_new = self.cuts.rows.len();
            // One target a round, from the next one on: a cut added moves the loads, and
            // the cuts the other targets would give in this round are often met then.
            // First at the point between the loads and the inner point (in-out): a cut
            // violated there is violated by the loads too, since the inner point holds it.
            let mid: Vec<f64> = loads
                .iter()
                .zip(&self.core)
                .map(|(&x, &c)| x + IN_OUT * (c - x))
                .collect();
            let least_mid = self
                .cuts
                .add_violated_from(&alive, &self.targets, &mid, round, 1);
            if self.cuts.rows.len() > first_new {
                added += self.cuts.rows.len() - first_new;
                self.add_rows(first_new, work)?;
                continue;
            }
            // No new cut there: that point is the inner point from now on if it violates
            // no cut (a cut it violates may be a row already), and the loads are separated.
            if least_mid >= 1.0 - 1e-9 {
                self.core = mid;
            }
            let least = self
                .cuts
                .add_violated_from(&alive, &self.targets, &loads, round, 1);
            if self.cuts.rows.len() == first_new {
                let got = self.lp.optimum(
                    sol,
                    loads,
                    least,
                    &self.cuts,
                    &self.targets,
                    &mut CutPool::new(),
                )?;
                return Capped::uncapped(Some(got))?.ok_or_else(unreachable_answer);
            }
            added += self.cuts.rows.len() - first_new;
            self.add_rows(first_new, work)?;
        }
        Err(Error::InvalidPlan("cut generation did not converge".into()))
    }

    /// The cut rows from `first_new` on added to the solved LP, re-solved from its basis.
    fn add_rows(&mut self, first_new: usize, work: &mut usize) -> Result<(), Error> {
        let sol = self.sol.take().ok_or_else(unreachable_answer)?;
        self.sol = Some(self.lp.add_cuts(sol, &self.cuts.rows[first_new..], work)?);
        Ok(())
    }
}

/// Where the in-out separation of [`WarmLower::generate`] takes its point: `loads + IN_OUT ·
/// (core - loads)` (0 would be plain separation at the loads). Chosen on the app generator's
/// 65-node platforms (seeds 1-14, CPU time of AUGMENTED_MULTICAST in all, one run each, a
/// build without LTO on a loaded machine): 0.3: 11.9 s, 0.5: 7.5 s, 0.7: 7.5 s
/// (docs/performance.md).
pub const IN_OUT: f64 = 0.5;

/// [`WarmLower::compact`] is tried after this many cuts added in one run of separation (and
/// before each new target). Measured on the app generator's 65-node platforms (seeds 1-14,
/// CPU time in all, one run each on a loaded machine): never 29.1 s, every 100 cuts 23.3 s,
/// every 50 22.1-24.3 s, every 25 26.7 s (docs/performance.md).
pub const COMPACT_EVERY: usize = 50;

/// The slack rows [`WarmLower::compact`] leaves alone beyond as many as the tight ones.
pub const COMPACT_SLACK_ROWS: usize = 50;

/// An error once `stop` is set ([`WarmLower::add_target_unless`]).
fn given_up(stop: Option<&AtomicBool>) -> Result<(), Error> {
    match stop {
        Some(s) if s.load(Ordering::Relaxed) => {
            Err(Error::InvalidPlan("cut generation was given up".into()))
        }
        _ => Ok(()),
    }
}

/// The set of the node `v` alone.
fn single(n: usize, v: usize) -> Vec<bool> {
    let mut set = vec![false; n];
    set[v] = true;
    set
}

fn unreachable_answer() -> Error {
    Error::InvalidPlan("cut generation gave no answer".into())
}
