//! The many-source multicast model with non-blocking sends (Wu, Yeh, Liu, paper 001):
//! the instance ([`instance`]), the plan of task lists ([`plan`]), its simulator ([`simulate`]),
//! the section 5 generator ([`generate`]), the experiments ([`experiment`]), the gallery
//! instances ([`gallery`]) and the algorithms ([`algo`]).

pub mod algo;
pub mod experiment;
pub mod explore;
pub mod gallery;
pub mod generate;
pub mod instance;
pub mod plan;
pub mod search;
pub mod simulate;
pub mod view;

pub use algo::{MultiAlgorithm, MultiSolution};
pub use instance::{Link, Message, MultiInstance, NodeClass, Overhead, MAX_NODES};
pub use plan::{MultiPlan, Op, Task};
pub use simulate::{completion_time_multi, simulate_multi, MultiSchedule, Transfer};

/// Largest instance the app runs (the simulator and the CLI take up to [`MAX_NODES`]).
pub const APP_MAX_NODES: usize = 128;

/// Most transfers (the sum of the destination counts) the app runs.
pub const APP_MAX_TRANSFERS: usize = 4096;

/// Why the app will not take `inst` (too large for a browser tab), if it will not: the one rule
/// the app's generator, editor and Import apply.
pub fn app_refusal(inst: &MultiInstance) -> Option<String> {
    let n = inst.node_count();
    let transfers: usize = inst.messages.iter().map(|m| m.destinations.len()).sum();
    if n > APP_MAX_NODES {
        Some(format!(
            "{n} nodes: the app runs at most {APP_MAX_NODES} (the command line takes more)"
        ))
    } else if transfers > APP_MAX_TRANSFERS {
        Some(format!(
            "{transfers} transfers: the app runs at most {APP_MAX_TRANSFERS} (the command line takes more)"
        ))
    } else {
        None
    }
}

/// The most sources the section 5 generator may be asked for, for the app's transfer limit, on
/// `nodes` nodes with `dest_fraction` (`None`: a random number of destinations, up to
/// `nodes - 1` per message): every message may reach that many nodes.
pub fn app_max_sources(nodes: usize, dest_fraction: Option<f64>) -> usize {
    let others = nodes.saturating_sub(1).max(1);
    let per_message = match dest_fraction {
        Some(f) => ((f * others as f64).round() as usize).clamp(1, others),
        None => others,
    };
    (APP_MAX_TRANSFERS / per_message).min(nodes)
}

use crate::models::{GalleryEntry, Model, SceneOptions, View};
use crate::trace::Step;
use crate::ModelId;

/// The many-source model in the model registry (see [`Model`]).
#[derive(Debug, Clone, Copy)]
pub struct Multi;

impl Model for Multi {
    const ID: ModelId = ModelId::Multi;
    const VIEWS: &'static [View] = &[View::Tree, View::Gantt, View::Tasks, View::Trace];
    type Instance = MultiInstance;
    type Algorithm = MultiAlgorithm;
    type Solution = MultiSolution;
    type Schedule = MultiSchedule;

    fn gallery() -> Vec<GalleryEntry<MultiInstance>> {
        gallery::all().into_iter().map(GalleryEntry::from).collect()
    }

    /// The section 5 generator (1 to 4 classes, 1 to `nodes` sources, either network, small
    /// or hybrid sizes), so costs span what the paper draws.
    fn random_instance(nodes: usize, seed: u64) -> MultiInstance {
        let n = nodes.clamp(2, MAX_NODES);
        let spec = generate::Section5Spec {
            nodes: n,
            classes: 1 + (seed % 4) as usize % n,
            sources: 1 + (seed / 4) as usize % n,
            network: if seed.is_multiple_of(2) {
                generate::Network::Fast
            } else {
                generate::Network::Slow
            },
            sizes: if seed.is_multiple_of(3) {
                generate::SizeMix::Hybrid
            } else {
                generate::SizeMix::Small
            },
            dest_fraction: None,
        };
        generate::section5(&spec, seed).expect("a valid section 5 spec")
    }

    fn solve(
        inst: &MultiInstance,
        algo: MultiAlgorithm,
        _seed: u64,
    ) -> Result<MultiSolution, crate::Error> {
        algo.solve(inst)
    }

    fn simulate(inst: &MultiInstance, sol: &MultiSolution) -> Result<MultiSchedule, crate::Error> {
        simulate_multi(inst, &sol.plan)
    }

    fn completion_time(s: &MultiSchedule) -> f64 {
        s.completion_time
    }

    fn steps(_inst: &MultiInstance, _algo: MultiAlgorithm, sol: &MultiSolution) -> Vec<Step> {
        sol.trace.clone()
    }

    fn pseudo_code(algo: MultiAlgorithm) -> &'static [&'static str] {
        algo.pseudo_code()
    }

    fn timeline_scene_with(
        inst: &MultiInstance,
        algo: MultiAlgorithm,
        s: &MultiSchedule,
        o: &SceneOptions,
    ) -> crate::layout::Scene {
        let opts = view::MultiGanttOptions {
            title: view::gantt_heading(crate::catalog::Catalog::short(algo), inst, s),
            critical: o.critical,
            ..Default::default()
        };
        view::multi_gantt_scene_at(inst, s, &opts, o.at)
    }

    /// The trees are drawn whole (`o.at` is not used: the Gantt chart plays the time).
    fn tree_scenes_with(
        inst: &MultiInstance,
        algo: MultiAlgorithm,
        s: &MultiSchedule,
        o: &SceneOptions,
    ) -> Vec<crate::layout::Scene> {
        (0..inst.messages.len())
            .map(|k| {
                let opts = view::MultiTreeOptions {
                    title: view::tree_heading(crate::catalog::Catalog::short(algo), inst, s, k),
                    critical: o.critical,
                    room: None,
                };
                view::multi_tree_scene(inst, s, k, &opts)
            })
            .collect()
    }

    /// See [`view::critical_path`].
    fn critical_path(inst: &MultiInstance, s: &MultiSchedule) -> crate::playback::CriticalPath {
        view::critical_path(inst, s)
    }

    fn motion(inst: &MultiInstance, s: &MultiSchedule) -> crate::playback::Motion {
        view::motion(inst, s)
    }
}
