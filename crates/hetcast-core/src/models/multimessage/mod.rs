//! Multimessage multicasting with forwarding (Gonzalez, "Algorithms for Multimessage
//! Multicasting with Forwarding"): the instance ([`instance`]), the schedule ([`plan`]), its
//! checker ([`simulate`]), the gallery ([`gallery`]), random instances ([`generate`]), the
//! `gonzalez-random` experiment ([`experiment`]), the views ([`view`]; Gonzalez's steps in
//! [`step_view`]) and the algorithms ([`algo`]).
//!
//! Limits are stated once: the instance's in [`instance`] ([`MAX_PROCESSORS`],
//! [`MAX_MESSAGES`], [`MAX_TRANSFERS`]), the exact methods' in their files
//! ([`algo::optimal::OPTIMAL_MAX_PROCESSORS`], ...), the app's here ([`APP_MAX_PROCESSORS`]).

pub mod algo;
pub mod experiment;
pub mod explore;
pub mod gallery;
pub mod generate;
pub mod instance;
pub mod plan;
pub mod simulate;
pub mod step_view;
pub mod view;

pub use algo::{MmAlgorithm, MmSolution};
pub use instance::{Message, MmInstance, MAX_MESSAGES, MAX_PROCESSORS, MAX_TRANSFERS};
pub use plan::{MmPlan, Transmission};
pub use simulate::{simulate, MmSchedule};

/// Largest instance, in processors, the app edits and runs.
pub const APP_MAX_PROCESSORS: usize = 64;

use crate::catalog::Catalog;
use crate::models::{GalleryEntry, Model, View};
use crate::trace::Step;
use crate::ModelId;

/// The multimessage model in the model registry (see [`Model`]).
#[derive(Debug, Clone, Copy)]
pub struct Multimessage;

impl Model for Multimessage {
    const ID: ModelId = ModelId::Multimessage;
    const VIEWS: &'static [View] = &[View::Graph, View::Gantt, View::Trace];
    type Instance = MmInstance;
    type Algorithm = MmAlgorithm;
    type Solution = MmSolution;
    type Schedule = MmSchedule;

    fn gallery() -> Vec<GalleryEntry<MmInstance>> {
        gallery::all().into_iter().map(GalleryEntry::from).collect()
    }

    /// [`generate::random_instance`]: degree 1, one message, fan-out 1 or any degree up to 4.
    fn random_instance(nodes: usize, seed: u64) -> MmInstance {
        generate::random_instance(nodes, seed)
    }

    fn solve(inst: &MmInstance, algo: MmAlgorithm, _seed: u64) -> Result<MmSolution, crate::Error> {
        algo.solve(inst)
    }

    fn simulate(inst: &MmInstance, sol: &MmSolution) -> Result<MmSchedule, crate::Error> {
        simulate(inst, &sol.plan)
    }

    fn completion_time(s: &MmSchedule) -> f64 {
        s.steps as f64
    }

    fn steps(_inst: &MmInstance, _algo: MmAlgorithm, sol: &MmSolution) -> Vec<Step> {
        sol.trace.clone()
    }

    fn pseudo_code(algo: MmAlgorithm) -> &'static [&'static str] {
        algo.pseudo_code()
    }

    fn timeline_scene_with(
        inst: &MmInstance,
        algo: MmAlgorithm,
        s: &MmSchedule,
        o: &crate::models::SceneOptions,
    ) -> crate::layout::Scene {
        view::timeline_sized(inst, algo.title(), s, 1200.0, o.at, o.critical)
    }

    /// One picture: the instance's bundled multigraph (paper figure 1); it has no time, so
    /// `o` changes nothing.
    fn tree_scenes_with(
        inst: &MmInstance,
        algo: MmAlgorithm,
        s: &MmSchedule,
        o: &crate::models::SceneOptions,
    ) -> Vec<crate::layout::Scene> {
        let mut g = view::multigraph(
            inst,
            format!(
                "{} — {}, T = {} step{}",
                algo.short(),
                view::instance_words(inst),
                s.steps,
                if s.steps == 1 { "" } else { "s" }
            ),
        );
        if o.critical {
            // The processors on the critical path, outlined.
            let on: Vec<String> = view::critical_path(inst, s)
                .nodes
                .iter()
                .map(|(p, _)| format!("node-{p}"))
                .collect();
            for item in &mut g.items {
                if let crate::layout::Item::Rect { id, class, .. } = item {
                    if on.contains(id) {
                        class.push_str(" critical");
                    }
                }
            }
        }
        vec![g]
    }

    /// See [`view::critical_path`].
    fn critical_path(inst: &MmInstance, s: &MmSchedule) -> crate::playback::CriticalPath {
        view::critical_path(inst, s)
    }

    fn motion(inst: &MmInstance, s: &MmSchedule) -> crate::playback::Motion {
        view::motion(inst, s)
    }

    /// The multigraph is no tree: nothing moves in it.
    fn tree_motions(_inst: &MmInstance, _s: &MmSchedule) -> Vec<crate::layout::Motion> {
        vec![crate::layout::Motion::default()]
    }
}
