//! The platform model of Beaumont, Legrand, Marchal and Robert (paper 002, "Complexity
//! results and heuristics for pipelined multicast operations on heterogeneous platforms"):
//! a directed graph with a cost per edge, one-port nodes, a source and targets; the goal is
//! the steady-state throughput of a series of multicasts, or its inverse `T*`, the time per
//! multicast.
//!
//! - [`instance`]: the JSON instance and its validation; [`graph`]: reachability, max flow;
//! - [`lp`]: the linear programs of section 5 (microlp, or CPLEX LP text);
//! - [`algo`]: the bounds and the heuristics of sections 5.1, 5.2 and 6;
//! - [`simulate`]: the periodic schedule (weighted König colouring) and the one-port checker;
//! - [`gallery`], [`generate`]: the paper's examples and a Tiers-like generator (section 7);
//! - [`view`]: one period on the shared timeline, the platform drawing.

pub mod algo;
pub mod experiment;
pub mod explore;
pub mod gallery;
pub mod generate;
pub mod graph;
pub mod instance;
pub mod lp;
pub mod simulate;
pub mod view;

pub use algo::PlatformAlgorithm;
pub use instance::{PlatformEdge, PlatformInstance, PlatformNode};
pub use simulate::{PeriodicSchedule, Transfer};

/// Most nodes a platform may have (validation, the CLI).
pub const MAX_NODES: usize = 500;
/// Most edges a platform may have.
pub const MAX_EDGES: usize = 20_000;
/// Largest edge cost.
pub const MAX_COST: f64 = 1e9;
/// Largest platform the app edits and runs (the section 7 "big" platforms have 65 nodes).
pub const APP_MAX_NODES: usize = 65;

use crate::models::{GalleryEntry, Model, View};
use crate::trace::Step;
use crate::ModelId;
use lp::LpSolution;

/// What the checker asks of the loads (see [`simulate::check`]).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Delivery {
    /// A broadcast on the sub-platform `nodes`: every one of them gets a maximum flow of at
    /// least 1 from the source under the loads, which makes the throughput achievable
    /// (weighted Edmonds branching theorem, the paper's section 5.1.4 and references [6, 5]).
    Broadcast {
        /// The nodes that receive the message.
        nodes: Vec<usize>,
    },
    /// Multicast-LB's relaxation: every target gets a flow of 1, but the loads may not be
    /// achievable (figure 4).
    Bound {
        /// The targets.
        nodes: Vec<usize>,
    },
    /// A scatter (Multicast-UB, MulticastMultiSource-UB): the per-commodity flows are
    /// conserved and their sum fits in each edge's load.
    Scatter,
    /// The rows of the paper's LP as printed (Multicast-LB with (1)-(2) on gross flows): each
    /// target's flow leaves the source with a gross 1, enters the target with a gross 1, is
    /// conserved everywhere else and fits in the loads. Nothing says the target gets the
    /// message: a circulation through the source or the target meets these rows.
    Printed,
}

/// What a platform algorithm returns.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PlatformSolution {
    /// Which algorithm.
    pub algorithm: PlatformAlgorithm,
    /// `T*`: the busiest port's time per multicast under [`PlatformSolution::loads`].
    pub period: f64,
    /// The LP's own value of `T` (where an LP gave the answer).
    pub lp_value: Option<f64>,
    /// `n(j,k)`: messages per multicast on each edge of the instance.
    pub loads: Vec<f64>,
    /// The sub-platform the algorithm kept (node indices, ascending).
    pub nodes_kept: Vec<usize>,
    /// The sources, the platform's first (AUGMENTED_SOURCES adds secondary ones).
    pub sources: Vec<usize>,
    /// The tree of MCPH or of the best single tree (edge indices); empty for the others.
    pub tree: Vec<usize>,
    /// What the checker verifies.
    pub delivery: Delivery,
    /// The final LP's solution (flows), where an LP gave the answer.
    pub lp: Option<LpSolution>,
    /// The steps.
    pub trace: Vec<Step>,
}

impl PlatformSolution {
    /// A solution from an LP answer.
    pub fn from_lp(
        inst: &PlatformInstance,
        algorithm: PlatformAlgorithm,
        lp: LpSolution,
        nodes_kept: Vec<usize>,
        sources: Vec<usize>,
        delivery: Delivery,
        trace: Vec<Step>,
    ) -> PlatformSolution {
        PlatformSolution {
            algorithm,
            period: simulate::port_period(inst, &lp.loads),
            lp_value: Some(lp.value),
            loads: lp.loads.clone(),
            nodes_kept,
            sources,
            tree: Vec::new(),
            delivery,
            lp: Some(lp),
            trace,
        }
    }

    /// A single tree's solution (MCPH, the best tree): one message per multicast on each of
    /// the edges `tree`, which reach every target from the source; the nodes kept are the
    /// source and the tree's nodes, each of which gets the message.
    pub fn from_tree(
        inst: &PlatformInstance,
        algorithm: PlatformAlgorithm,
        tree: Vec<usize>,
        lp_value: Option<f64>,
        trace: Vec<Step>,
    ) -> PlatformSolution {
        let mut loads = vec![0.0; inst.edges.len()];
        let mut on = vec![false; inst.node_count()];
        on[inst.source] = true;
        for &e in &tree {
            loads[e] = 1.0;
            on[inst.edges[e].to] = true;
        }
        let nodes: Vec<usize> = (0..on.len()).filter(|&v| on[v]).collect();
        PlatformSolution {
            algorithm,
            period: simulate::port_period(inst, &loads),
            lp_value,
            loads,
            nodes_kept: nodes.clone(),
            sources: vec![inst.source],
            tree,
            delivery: Delivery::Broadcast { nodes },
            lp: None,
            trace,
        }
    }

    /// Multicasts per time unit, `1 / T*`.
    pub fn throughput(&self) -> f64 {
        1.0 / self.period
    }
}

/// The platform model in the registry (see [`Model`]).
#[derive(Debug, Clone, Copy)]
pub struct Platform;

impl Model for Platform {
    const ID: ModelId = ModelId::Platform;
    const VIEWS: &'static [View] = &[View::Graph, View::Gantt, View::Trace];
    type Instance = PlatformInstance;
    type Algorithm = PlatformAlgorithm;
    type Solution = PlatformSolution;
    type Schedule = PeriodicSchedule;

    fn gallery() -> Vec<GalleryEntry<PlatformInstance>> {
        gallery::all().into_iter().map(GalleryEntry::from).collect()
    }

    /// A Tiers-like platform (section 7) of about `nodes` nodes, targets among the LAN nodes,
    /// its nodes placed by [`view::tidy`].
    fn random_instance(nodes: usize, seed: u64) -> PlatformInstance {
        let spec = generate::TiersSpec::sized(
            nodes.clamp(4, APP_MAX_NODES),
            0.1 + (seed % 5) as f64 * 0.1,
        );
        view::tidy(&generate::tiers(&spec, seed))
    }

    fn solve(
        inst: &PlatformInstance,
        algo: PlatformAlgorithm,
        _seed: u64,
    ) -> Result<PlatformSolution, crate::Error> {
        algo.solve(inst)
    }

    fn simulate(
        inst: &PlatformInstance,
        sol: &PlatformSolution,
    ) -> Result<PeriodicSchedule, crate::Error> {
        simulate::simulate(inst, sol)
    }

    fn completion_time(s: &PeriodicSchedule) -> f64 {
        s.period
    }

    fn steps(
        _inst: &PlatformInstance,
        _algo: PlatformAlgorithm,
        sol: &PlatformSolution,
    ) -> Vec<Step> {
        sol.trace.clone()
    }

    fn pseudo_code(algo: PlatformAlgorithm) -> &'static [&'static str] {
        algo.pseudo_code()
    }

    fn timeline_scene_with(
        inst: &PlatformInstance,
        algo: PlatformAlgorithm,
        s: &PeriodicSchedule,
        o: &crate::models::SceneOptions,
    ) -> crate::layout::Scene {
        view::period_scene_with(inst, algo, s, o.at, o.critical, 1200.0, true)
    }

    /// The platform drawing, with the busiest port's node outlined when `o.critical`.
    fn tree_scenes_with(
        inst: &PlatformInstance,
        algo: PlatformAlgorithm,
        s: &PeriodicSchedule,
        o: &crate::models::SceneOptions,
    ) -> Vec<crate::layout::Scene> {
        let mut g = view::platform_scene(inst, algo, s);
        if o.critical {
            view::outline_critical(inst, s, &mut g);
        }
        vec![g]
    }

    /// See [`view::critical_path`].
    fn critical_path(
        inst: &PlatformInstance,
        s: &PeriodicSchedule,
    ) -> crate::playback::CriticalPath {
        view::critical_path(inst, s)
    }

    fn motion(inst: &PlatformInstance, s: &PeriodicSchedule) -> crate::playback::Motion {
        view::motion(inst, s)
    }

    /// A platform is no tree, and a period repeats: nothing moves in its drawing (the Gantt
    /// chart of the period plays).
    fn tree_motions(_inst: &PlatformInstance, _s: &PeriodicSchedule) -> Vec<crate::layout::Motion> {
        vec![crate::layout::Motion::default()]
    }
}
