//! The algorithms of the platform model (paper 002): the linear programs of section 5.1 as
//! algorithms that return their loads ([`bounds`]), the refined heuristics of section 5.2
//! ([`reduced_broadcast`], [`augmented_multicast`], [`augmented_sources`]), the tree
//! heuristic of section 6 ([`mcph`]) and the plain broadcast of 5.1.4 ([`broadcast`]); and
//! Multicast-LB as the paper prints it, on gross flows ([`bounds::multicast_lb_printed`]), and
//! the best single tree, exactly, on small platforms ([`best_tree`]).

pub mod augmented_multicast;
pub mod augmented_sources;
pub mod best_tree;
pub mod bounds;
pub mod broadcast;
pub mod mcph;
pub mod reduced_broadcast;

use super::lp::{self, Bound, CutPool, LpSolution, LpSpec};
use super::{PlatformInstance, PlatformSolution};
use crate::catalog::Catalog;
use crate::error::Error;

/// Every algorithm of the platform model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlatformAlgorithm {
    /// Multicast-LB: equations (1)-(9) and (10'), a lower bound on `T*`.
    MulticastLb,
    /// Multicast-UB: equations (1)-(10), the scatter bound (achievable).
    MulticastUb,
    /// Broadcast-EB: Multicast-LB with every node a target (achievable).
    BroadcastEb,
    /// REDUCED_BROADCAST (figure 6).
    ReducedBroadcast,
    /// AUGMENTED_MULTICAST (figure 7).
    AugmentedMulticast,
    /// AUGMENTED_SOURCES (figure 8).
    AugmentedSources,
    /// MCPH, the tree heuristic (figure 9, cost update of figure 10).
    Mcph,
    /// Broadcast to the whole platform (section 5.1.4).
    Broadcast,
    /// Multicast-LB with (1)-(2) on gross flows, as the paper prints it (a bound below
    /// Multicast-LB, possibly far below every schedule).
    MulticastLbPrinted,
    /// The best single multicast tree, exactly (a mixed-integer program; small platforms:
    /// [`best_tree::MAX_FLOW_VARIABLES`]).
    BestTree,
}

impl Catalog for PlatformAlgorithm {
    const ALL: &'static [Self] = &[
        PlatformAlgorithm::MulticastLb,
        PlatformAlgorithm::MulticastUb,
        PlatformAlgorithm::BroadcastEb,
        PlatformAlgorithm::ReducedBroadcast,
        PlatformAlgorithm::AugmentedMulticast,
        PlatformAlgorithm::AugmentedSources,
        PlatformAlgorithm::Mcph,
        PlatformAlgorithm::Broadcast,
        PlatformAlgorithm::MulticastLbPrinted,
        PlatformAlgorithm::BestTree,
    ];

    fn key(self) -> &'static str {
        match self {
            PlatformAlgorithm::MulticastLb => "multicast-lb",
            PlatformAlgorithm::MulticastUb => "multicast-ub",
            PlatformAlgorithm::BroadcastEb => "broadcast-eb",
            PlatformAlgorithm::ReducedBroadcast => "reduced-broadcast",
            PlatformAlgorithm::AugmentedMulticast => "augmented-multicast",
            PlatformAlgorithm::AugmentedSources => "augmented-sources",
            PlatformAlgorithm::Mcph => "mcph",
            PlatformAlgorithm::Broadcast => "broadcast",
            PlatformAlgorithm::MulticastLbPrinted => "multicast-lb-printed",
            PlatformAlgorithm::BestTree => "best-tree",
        }
    }

    fn title(self) -> &'static str {
        match self {
            PlatformAlgorithm::MulticastLb => "Multicast-LB (lower bound)",
            PlatformAlgorithm::MulticastUb => "Multicast-UB (scatter)",
            PlatformAlgorithm::BroadcastEb => "Broadcast-EB",
            PlatformAlgorithm::ReducedBroadcast => "REDUCED_BROADCAST",
            PlatformAlgorithm::AugmentedMulticast => "AUGMENTED_MULTICAST",
            PlatformAlgorithm::AugmentedSources => "AUGMENTED_SOURCES",
            PlatformAlgorithm::Mcph => "MCPH (tree)",
            PlatformAlgorithm::Broadcast => "Broadcast (whole platform)",
            PlatformAlgorithm::MulticastLbPrinted => "Multicast-LB as printed (gross flows)",
            PlatformAlgorithm::BestTree => "Best single tree (exact)",
        }
    }

    fn short(self) -> &'static str {
        match self {
            PlatformAlgorithm::MulticastLb => "lower bound",
            PlatformAlgorithm::MulticastUb => "scatter",
            PlatformAlgorithm::BroadcastEb => "Broadcast-EB",
            PlatformAlgorithm::ReducedBroadcast => "Red. BC",
            PlatformAlgorithm::AugmentedMulticast => "Augm. MC",
            PlatformAlgorithm::AugmentedSources => "Multisource MC",
            PlatformAlgorithm::Mcph => "MCPH",
            PlatformAlgorithm::Broadcast => "broadcast",
            PlatformAlgorithm::MulticastLbPrinted => "LB printed",
            PlatformAlgorithm::BestTree => "best tree",
        }
    }

    fn aliases(self) -> &'static [&'static str] {
        match self {
            PlatformAlgorithm::MulticastLb => &["lb", "lower"],
            PlatformAlgorithm::MulticastUb => &["ub", "scatter"],
            PlatformAlgorithm::ReducedBroadcast => &["redbc"],
            PlatformAlgorithm::AugmentedMulticast => &["augmc"],
            PlatformAlgorithm::AugmentedSources => &["multisource"],
            PlatformAlgorithm::MulticastLbPrinted => &["printed"],
            PlatformAlgorithm::BestTree => &["tree", "besttree"],
            _ => &[],
        }
    }
}

impl PlatformAlgorithm {
    /// Run the algorithm on a validated instance.
    pub fn solve(self, inst: &PlatformInstance) -> Result<PlatformSolution, Error> {
        self.solve_with_progress(inst, &mut |_, _| {})
    }

    /// [`PlatformAlgorithm::solve`], calling `progress(done, total)` after each LP solved
    /// (MCPH, which solves none: after each round of its tree). `total` is the number of
    /// LPs the algorithm expects to solve: for a heuristic, those of its current round as if
    /// it were the last, corrected upward when a round ends early and another begins. `done`
    /// and `total` never decrease, `done <= total`, and the last call is `(total, total)`
    /// (LPs planned but made unnecessary by an early end of a round count as done then).
    pub fn solve_with_progress(
        self,
        inst: &PlatformInstance,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<PlatformSolution, Error> {
        inst.validate()?;
        let mut p = Progress::new(progress);
        let got = match self {
            PlatformAlgorithm::MulticastLb => bounds::multicast_lb(inst),
            PlatformAlgorithm::MulticastUb => bounds::multicast_ub(inst),
            PlatformAlgorithm::BroadcastEb => bounds::broadcast_eb(inst),
            PlatformAlgorithm::ReducedBroadcast => {
                reduced_broadcast::reduced_broadcast_progress(inst, LpReuse::Generate, &mut p)
                    .map(|(s, _)| s)
            }
            PlatformAlgorithm::AugmentedMulticast => {
                augmented_multicast::augmented_multicast_progress(inst, LpReuse::Generate, &mut p)
            }
            PlatformAlgorithm::AugmentedSources => {
                augmented_sources::augmented_sources_progress(inst, &mut p)
            }
            PlatformAlgorithm::Mcph => mcph::mcph_progress(inst, &mut p),
            PlatformAlgorithm::Broadcast => broadcast::broadcast(inst),
            PlatformAlgorithm::MulticastLbPrinted => bounds::multicast_lb_printed(inst),
            PlatformAlgorithm::BestTree => best_tree::best_tree_progress(inst, &mut p),
        }?;
        p.finish();
        Ok(got)
    }

    /// Whether its `T*` is that of a schedule: false for the two bounds that are relaxations
    /// (Multicast-LB and the LP as printed), true for the others (the scatter bound and
    /// Broadcast-EB are achievable, the paper's section 5.1).
    pub fn achievable(self) -> bool {
        !matches!(
            self,
            PlatformAlgorithm::MulticastLb | PlatformAlgorithm::MulticastLbPrinted
        )
    }

    /// Whether the algorithm takes platforms of `inst`'s size: every one does but the best
    /// single tree, past [`best_tree::MAX_FLOW_VARIABLES`] (the app and `--algo all` skip it
    /// there; asked for it by name, it refuses with a message).
    pub fn fits(self, inst: &PlatformInstance) -> bool {
        self.refusal(inst).is_none()
    }

    /// The size limit `inst` is past ([`Error::TooLarge`]), `None` when the algorithm takes
    /// it: see [`PlatformAlgorithm::fits`].
    pub fn refusal(self, inst: &PlatformInstance) -> Option<Error> {
        match self {
            PlatformAlgorithm::BestTree => best_tree::refusal(inst).map(|_| Error::TooLarge {
                algorithm: "best-tree",
                size: (inst.targets.len() * inst.edges.len()) as u64,
                limit: best_tree::MAX_FLOW_VARIABLES as u64,
                what: "targets × edges",
            }),
            _ => None,
        }
    }

    /// The pseudo-code the trace's `pseudo_line` counts in (the paper's figures).
    pub fn pseudo_code(self) -> &'static [&'static str] {
        match self {
            PlatformAlgorithm::ReducedBroadcast => reduced_broadcast::PSEUDO,
            PlatformAlgorithm::AugmentedMulticast => augmented_multicast::PSEUDO,
            PlatformAlgorithm::AugmentedSources => augmented_sources::PSEUDO,
            PlatformAlgorithm::Mcph => mcph::PSEUDO,
            _ => &[],
        }
    }
}

/// The progress of a run: LPs solved (`done`) out of those expected (`total`); see
/// [`PlatformAlgorithm::solve_with_progress`].
pub struct Progress<'a> {
    report: &'a mut dyn FnMut(usize, usize),
    done: usize,
    total: usize,
    last: Option<(usize, usize)>,
}

impl<'a> Progress<'a> {
    /// A run that has solved nothing yet, reporting to `report`.
    pub fn new(report: &'a mut dyn FnMut(usize, usize)) -> Progress<'a> {
        Progress {
            report,
            done: 0,
            total: 0,
            last: None,
        }
    }

    /// No report at all.
    pub fn silent<R>(f: impl FnOnce(&mut Progress<'_>) -> R) -> R {
        let mut none = |_: usize, _: usize| {};
        f(&mut Progress::new(&mut none))
    }

    /// `more` LPs are still expected from now on (raises `total` if needed; never lowers it).
    pub fn expect(&mut self, more: usize) {
        self.total = self.total.max(self.done + more);
    }

    /// One more LP solved: report it.
    pub fn solved(&mut self) {
        self.done += 1;
        self.total = self.total.max(self.done);
        self.report_now();
    }

    /// The run is over: report `(total, total)` unless that was the last report.
    pub fn finish(&mut self) {
        self.total = self.total.max(self.done).max(1);
        self.done = self.total;
        self.report_now();
    }

    /// `(done, total)` so far.
    pub fn state(&self) -> (usize, usize) {
        (self.done, self.total)
    }

    fn report_now(&mut self) {
        let now = (self.done, self.total);
        if self.last != Some(now) {
            self.last = Some(now);
            (self.report)(now.0, now.1);
        }
    }
}

/// A heuristic's trace step about the node `node` it tries, at line `line` of its
/// pseudo-code (untimed: a steady state has no decision times).
pub fn node_step(node: usize, line: usize, text: String) -> crate::trace::Step {
    crate::trace::Step {
        text,
        pseudo_line: Some(line),
        highlight: vec![crate::trace::ItemId::Node { node }],
        t: 0.0,
        built: Vec::new(),
    }
}

/// How the heuristics solve their Broadcast-EB LPs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LpReuse {
    /// Every LP from scratch, one commodity per node (the paper's formulation as written).
    Scratch,
    /// Cut generation ([`lp::lower_by_cuts_with`]): variables `T` and `n` only, cut rows
    /// added whenever a maximum flow under the loads falls short of 1; each LP of a heuristic
    /// starts from the cuts tight at the optimum of the LP it improves on (its pool). Same
    /// optimum (max-flow min-cut), LPs of `|E| + 1` variables.
    Generate,
}

/// Counts of the LP work of a run (for `hetcast bench platform`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LpWork {
    /// LP solves (with cut generation: the first solve and every incremental re-solve).
    pub lps: usize,
    /// Variables summed over those LPs.
    pub variables: usize,
}

/// Broadcast-EB on the sub-platform `alive`: every node of it that the source reaches is a
/// target; `None` (the paper's `+∞`) when one of `must` is not reached.
pub fn broadcast_on(
    inst: &PlatformInstance,
    alive: &[bool],
    must: &[usize],
) -> Result<Option<Broadcast>, Error> {
    let mut work = LpWork::default();
    broadcast_with(
        inst,
        alive,
        must,
        LpReuse::Generate,
        &mut CutPool::new(),
        &mut work,
    )
}

/// A broadcast's LP answer and the nodes it reaches.
pub type Broadcast = (LpSolution, Vec<bool>);

/// A trial of REDUCED_BROADCAST or AUGMENTED_MULTICAST: [`broadcast_with`] on the sub-platform
/// `alive` for the platform's targets, from a copy of `pool`, counted in `work` and `progress`.
/// Returns the answer and the copy (with this LP's tight cuts), which the heuristic keeps if
/// it accepts the trial.
pub fn broadcast_trial(
    inst: &PlatformInstance,
    alive: &[bool],
    reuse: LpReuse,
    pool: &CutPool,
    work: &mut LpWork,
    progress: &mut Progress<'_>,
) -> Result<(Option<Broadcast>, CutPool), Error> {
    let mut trial_pool = pool.clone();
    let got = broadcast_with(inst, alive, &inst.targets, reuse, &mut trial_pool, work)?;
    progress.solved();
    Ok((got, trial_pool))
}

/// [`broadcast_on`] with a choice of [`LpReuse`], counting the work in `work`. With
/// [`LpReuse::Generate`], cut generation starts from the cuts of `pool` (those of an earlier
/// LP of the heuristic) and leaves there the cuts tight at this LP's optimum.
pub fn broadcast_with(
    inst: &PlatformInstance,
    alive: &[bool],
    must: &[usize],
    reuse: LpReuse,
    pool: &mut CutPool,
    work: &mut LpWork,
) -> Result<Option<Broadcast>, Error> {
    match broadcast_capped(inst, alive, must, reuse, pool, f64::INFINITY, work)? {
        Capped::Solved(got) => Ok(got),
        Capped::Above(t) => Err(Error::InvalidPlan(format!(
            "the linear program's value {t} exceeds +∞"
        ))),
    }
}

/// What [`broadcast_capped`] found.
#[derive(Debug, Clone, PartialEq)]
pub enum Capped {
    /// [`broadcast_with`]'s answer.
    Solved(Option<Broadcast>),
    /// Cut generation stopped at a relaxation whose `T` is this, above the cap: the
    /// broadcast's `T*` is at least this ([`lp::lower_by_cuts_capped`]).
    Above(f64),
}

/// [`broadcast_with`] for a heuristic's trial that only asks whether `T*` is at most `cap`:
/// with [`LpReuse::Generate`], cut generation stops at the first relaxation above `cap`
/// ([`lp::lower_capped`]; `pool` is then left empty). [`LpReuse::Scratch`] solves the LP
/// whole.
pub fn broadcast_capped(
    inst: &PlatformInstance,
    alive: &[bool],
    must: &[usize],
    reuse: LpReuse,
    pool: &mut CutPool,
    cap: f64,
    work: &mut LpWork,
) -> Result<Capped, Error> {
    let reach = super::graph::reachable(inst, alive, inst.source);
    if must.iter().any(|&t| !reach[t]) {
        return Ok(Capped::Solved(None));
    }
    let everyone: Vec<usize> = (0..inst.node_count())
        .filter(|&v| reach[v] && v != inst.source)
        .collect();
    match reuse {
        LpReuse::Scratch => {
            let spec = LpSpec {
                alive: reach.clone(),
                sources: vec![inst.source],
                targets: everyone,
                bound: Bound::Lower,
            };
            let program = lp::Program::build(inst, &spec);
            work.lps += 1;
            work.variables += program.names.len();
            Ok(Capped::Solved(Some((program.solve(inst)?, reach))))
        }
        LpReuse::Generate => {
            let mut solves = 0;
            let sol = lp::lower_capped(inst, &reach, &everyone, pool, cap, &mut solves)?;
            let edges = inst
                .edges
                .iter()
                .filter(|e| reach[e.from] && reach[e.to])
                .count();
            work.lps += solves;
            work.variables += solves * (edges + 1);
            Ok(match sol {
                None => Capped::Solved(None),
                Some(lp::Capped::Solved(s)) => Capped::Solved(Some((s, reach))),
                Some(lp::Capped::Above(t)) => Capped::Above(t),
            })
        }
    }
}

/// The nodes with `alive[v]`, in index order.
pub fn listed(alive: &[bool]) -> Vec<usize> {
    (0..alive.len()).filter(|&v| alive[v]).collect()
}

/// `a <= b` for the heuristics' "BestSol" tests, with a relative slack of 1e-9 so that an
/// LP answer equal to the best one up to rounding counts as equal (the paper's `<=`).
pub fn not_worse(a: f64, b: f64) -> bool {
    a <= b * (1.0 + 1e-9)
}
