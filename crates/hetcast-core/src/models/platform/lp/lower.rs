//! Multicast-LB and Broadcast-EB (paper 002, section 5, load rule (10')): the entry points
//! ([`lower`], [`lower_with`], [`lower_capped`]) pick the full LP on small platforms
//! ([`FULL_LP_MAX_VARIABLES`]) or cut generation ([`lower_by_cuts`]), whose rounds of
//! separation ([`super::cuts`]) add cut rows to the LP of [`super::cut_lp`].

use super::cut_lp::CutLp;
use super::cuts::{shadows, Cuts};
use super::{alive_edges, feasible, solve, Bound, LpSolution, LpSpec};
use crate::error::Error;
use crate::models::platform::PlatformInstance;

/// Cuts remembered between the LPs of a heuristic: each is the sink side of a cut between
/// the source and a target (a set of nodes without the source). On any sub-platform and for
/// any targets, a set that holds a target and not the source gives a valid cut row: every
/// path from the source to that target enters the set over an edge that is alive.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CutPool {
    pub(super) sets: Vec<Vec<bool>>,
}

impl CutPool {
    /// No cuts.
    pub fn new() -> CutPool {
        CutPool::default()
    }

    /// How many cuts.
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// No cuts at all.
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }
}

/// How [`lower_by_cuts_with`] starts and adds the cuts a round finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CutMode {
    /// `None`: each cut is added to the solved LP, which microlp re-solves from its current
    /// basis. `Some(k)`: the LP is rebuilt with every cut and solved anew when a round finds
    /// more than `k` cuts (fewer: added warm).
    pub rebuild_above: Option<usize>,
    /// The first LP holds the shadows of the nodes and linked pairs ([`shadows`]).
    pub shadows: bool,
}

/// The default [`CutMode`] (measured with `hetcast bench platform`).
pub const CUT_MODE: CutMode = CutMode {
    rebuild_above: Some(8),
    shadows: true,
};

/// Multicast-LB (and Broadcast-EB, every node a target) by cut generation: by the max-flow
/// min-cut theorem, loads `n` admit a unit flow to target `t` bounded by `n` (equations
/// (1)-(3), (10')) iff every cut between the source and `t` carries at least 1. So the LP is
/// `min T + ε·Σ n·c` over `T` and `n` only, with the port rows (4)-(9) and cut rows
/// `Σ_{e in cut} n(e) >= 1`, added as max flows find them violated. It starts with the cuts
/// around the source and around each target; each round, every target whose max flow under
/// the loads falls short of 1 gives its two extreme minimum cuts (the one closest to the
/// source and the one closest to the target: the latter closes the cycles an LP with few
/// cuts builds among neighbours). The answer is the same optimum as [`super::Program::build`]'s
/// with `Bound::Lower` (tested); the flows reported are the max flows under the loads, scaled
/// to 1 (deterministic).
///
/// # Complexity
/// `|E| + 1` variables; per round `|targets|` max flows (O(V·E²) each) and an incremental
/// re-solve per cut or one solve anew ([`CUT_MODE`]).
pub fn lower_by_cuts(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    work: &mut usize,
) -> Result<Option<LpSolution>, Error> {
    lower_by_cuts_with(inst, alive, targets, &mut CutPool::new(), CUT_MODE, work)
}

/// [`lower_by_cuts`] starting from the cuts of `pool` that are valid here (those holding a
/// target), and leaving in `pool` the cuts tight at the optimum (for the next LP of a
/// heuristic: a warm start by cuts, since microlp cannot start a new problem from a basis).
pub fn lower_by_cuts_with(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    pool: &mut CutPool,
    mode: CutMode,
    work: &mut usize,
) -> Result<Option<LpSolution>, Error> {
    Capped::uncapped(lower_by_cuts_capped(
        inst,
        alive,
        targets,
        pool,
        mode,
        f64::INFINITY,
        work,
    )?)
}

/// What cut generation under a cap found ([`lower_by_cuts_capped`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Capped {
    /// The LP's optimum, as [`lower_by_cuts_with`] returns it.
    Solved(LpSolution),
    /// The value of a relaxation (the LP with some of its cut rows), above the cap: the LP's
    /// optimum `T` is at least this (up to the simplex's tolerance), and was not sought.
    Above(f64),
}

impl Capped {
    /// The answer of a run with no cap (`+∞`, which no LP value exceeds).
    pub(super) fn uncapped(got: Option<Capped>) -> Result<Option<LpSolution>, Error> {
        match got {
            None => Ok(None),
            Some(Capped::Solved(sol)) => Ok(Some(sol)),
            Some(Capped::Above(t)) => Err(Error::InvalidPlan(format!(
                "the linear program's value {t} exceeds +∞"
            ))),
        }
    }
}

/// [`lower_by_cuts_with`] that stops as soon as an LP it solves has a `T` above `cap` (in the
/// instance's units): each such LP holds only some of the cut rows, so it is a relaxation
/// and its `T` is a lower bound on the optimum. A heuristic that only asks "is `T*` at most
/// BestSol?" stops there (AUGMENTED_MULTICAST's trials, issue 19); with `cap = +∞` the run
/// is [`lower_by_cuts_with`]'s, LP for LP, and so it is up to the LP that exceeds the cap.
/// (A probe first, the first LP without the shadow rows, smaller but weaker, cost more CPU
/// than it saved on 20 of the app's 65-node platforms: measured once, not kept.) On
/// [`Capped::Above`], `pool` is left empty.
///
/// # Complexity
/// That of [`lower_by_cuts`], at most.
pub fn lower_by_cuts_capped(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    pool: &mut CutPool,
    mode: CutMode,
    cap: f64,
    work: &mut usize,
) -> Result<Option<Capped>, Error> {
    let spec = LpSpec {
        alive: alive.to_vec(),
        sources: vec![inst.source],
        targets: targets.to_vec(),
        bound: Bound::Lower,
    };
    if !feasible(inst, &spec) {
        return Ok(None);
    }
    let n = inst.node_count();
    let lp = CutLp::new(inst, alive, targets);
    let mut cuts = Cuts::new(inst, lp.edges.clone(), targets);
    let mut all_but_source = vec![true; n];
    all_but_source[inst.source] = false;
    cuts.offer(all_but_source);
    for &t in targets {
        let mut one = vec![false; n];
        one[t] = true;
        cuts.offer(one);
    }
    for set in std::mem::take(&mut pool.sets) {
        cuts.offer(set);
    }
    if mode.shadows {
        for set in shadows(inst, alive, &lp.edges) {
            cuts.offer(set);
        }
    }
    let mut sol = lp.fresh(&cuts.rows, work)?;
    for _round in 0..10 * n + 100 {
        let relaxed = sol.value() * lp.scale;
        if relaxed > cap {
            return Ok(Some(Capped::Above(relaxed)));
        }
        let loads = lp.loads(&sol);
        let first_new = cuts.rows.len();
        let least = cuts.add_violated(alive, targets, &loads);
        if cuts.rows.len() == first_new {
            return lp
                .optimum(&sol, loads, least, &cuts, targets, pool)
                .map(Some);
        }
        let rebuild = mode
            .rebuild_above
            .is_some_and(|k| cuts.rows.len() - first_new > k);
        sol = if rebuild {
            lp.fresh(&cuts.rows, work)?
        } else {
            lp.add_cuts(sol, &cuts.rows[first_new..], work)?
        };
    }
    Err(Error::InvalidPlan("cut generation did not converge".into()))
}

/// Above this many flow variables (`|targets|·|E|`), Multicast-LB and Broadcast-EB are solved
/// by [`lower_by_cuts`]; at or below it, by the paper's LP whole ([`super::Program`]), which is then
/// faster. Measured (release, shared 2-core machine) with REDUCED_BROADCAST, whose LPs shrink
/// as it drops nodes: on 65-node Tiers-like platforms (20 % targets, seeds 2004 and 1) a
/// threshold of 4000 took 1.7 s and 24.7 s, 300 took 0.42 s and 3.6 s; on 30-node ones
/// (seeds 1 and 2) 1000 took 0.21 s and 1.2 s, 300 took 0.04 s and 0.33 s.
pub const FULL_LP_MAX_VARIABLES: usize = 300;

/// Multicast-LB on the sub-platform `alive` for `targets`, by the full LP or by cuts (see
/// [`FULL_LP_MAX_VARIABLES`]); `work` counts the solves.
pub fn lower(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    work: &mut usize,
) -> Result<Option<LpSolution>, Error> {
    lower_with(inst, alive, targets, &mut CutPool::new(), work)
}

/// [`lower`], starting cut generation from `pool` and leaving its tight cuts there (see
/// [`lower_by_cuts_with`]).
pub fn lower_with(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    pool: &mut CutPool,
    work: &mut usize,
) -> Result<Option<LpSolution>, Error> {
    Capped::uncapped(lower_capped(
        inst,
        alive,
        targets,
        pool,
        f64::INFINITY,
        work,
    )?)
}

/// [`lower_with`] under a cap: cut generation stops at a relaxation whose `T` is above `cap`
/// ([`lower_by_cuts_capped`]); the full LP, on small platforms, is solved whole.
pub fn lower_capped(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    pool: &mut CutPool,
    cap: f64,
    work: &mut usize,
) -> Result<Option<Capped>, Error> {
    if targets.len() * alive_edges(inst, alive).len() <= FULL_LP_MAX_VARIABLES {
        *work += 1;
        let spec = LpSpec {
            alive: alive.to_vec(),
            sources: vec![inst.source],
            targets: targets.to_vec(),
            bound: Bound::Lower,
        };
        return Ok(solve(inst, &spec)?.map(Capped::Solved));
    }
    lower_by_cuts_capped(inst, alive, targets, pool, CUT_MODE, cap, work)
}
