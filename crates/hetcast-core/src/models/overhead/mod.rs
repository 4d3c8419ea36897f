//! The overhead model shared by the node model (Libeskind-Hadas et al., paper 000) and the
//! sender-receiver model (Liu, Wang, Guo, paper 004): the instance ([`instance`]), the plan (an
//! ordered tree, [`plan`]), its simulator ([`simulate`](mod@simulate)), the bounds ([`bounds`]), schedule
//! properties ([`properties`]), the gallery ([`gallery`]), generators ([`generate`]), the
//! experiments ([`experiment`]) and the algorithms ([`algo`]).

pub mod algo;
pub mod bounds;
pub mod experiment;
pub mod explore;
pub mod gallery;
pub mod generate;
pub mod instance;
pub mod plan;
pub mod properties;
pub mod simulate;
pub mod trace;
pub mod view;

pub use algo::{Algorithm, Solution};
pub use instance::{Instance, ModelKind, Node};
pub use plan::Plan;
pub use simulate::{simulate, Schedule};

/// Largest instance the app's editor holds (the CLI takes any size the algorithms take).
pub const APP_MAX_NODES: usize = 500;

/// Why the app will not take `inst` (too large for a browser tab's editor), if it will not:
/// the one rule the app's generators, editor and Import apply.
pub fn app_refusal(inst: &Instance) -> Option<String> {
    let n = inst.nodes.len();
    (n > APP_MAX_NODES).then(|| {
        format!("{n} nodes: the app edits at most {APP_MAX_NODES} (the command line takes more)")
    })
}

use crate::models::{GalleryEntry, Model, SceneOptions, View};
use crate::rng::{below, Rng64};
use crate::trace::Step;
use crate::ModelId;
use rand::{Rng, SeedableRng};

/// The overhead model in the model registry (see [`Model`]).
#[derive(Debug, Clone, Copy)]
pub struct Overhead;

impl Model for Overhead {
    const ID: ModelId = ModelId::Overhead;
    const VIEWS: &'static [View] = &[View::Tree, View::Gantt, View::Trace];
    type Instance = Instance;
    type Algorithm = Algorithm;
    type Solution = Solution;
    type Schedule = Schedule;

    fn gallery() -> Vec<GalleryEntry<Instance>> {
        gallery::examples()
            .into_iter()
            .map(|e| GalleryEntry {
                id: e.id,
                title: e.title,
                instance: (e.build)(),
            })
            .collect()
    }

    /// Node or sender-receiver model (by the seed), costs of mixed magnitudes from 1e-3 to 1e6
    /// with up to 6 decimals, latency 0 or of the same spread, any source.
    fn random_instance(nodes: usize, seed: u64) -> Instance {
        let mut rng = Rng64::seed_from_u64(seed);
        let cost = |rng: &mut Rng64| {
            let x = 10f64.powf(rng.gen_range(-3.0..6.0));
            (x * 1e6).round().max(1.0) / 1e6
        };
        let n = nodes.max(2);
        let source = below(&mut rng, n);
        if rng.gen_bool(0.5) {
            let costs: Vec<f64> = (0..n).map(|_| cost(&mut rng)).collect();
            Instance::node_model(source, &costs)
        } else {
            let costs: Vec<(f64, f64)> = (0..n).map(|_| (cost(&mut rng), cost(&mut rng))).collect();
            let latency = if rng.gen_bool(0.5) {
                0.0
            } else {
                cost(&mut rng)
            };
            Instance::sender_receiver(source, latency, &costs)
        }
    }

    fn solve(inst: &Instance, algo: Algorithm, seed: u64) -> Result<Solution, crate::Error> {
        algo::run(inst, algo, seed)
    }

    fn simulate(inst: &Instance, sol: &Solution) -> Result<Schedule, crate::Error> {
        simulate(inst, &sol.plan)
    }

    fn completion_time(s: &Schedule) -> f64 {
        s.completion_time
    }

    /// Greedy's and random selection's decisions; for the Lemma 5 dynamic program, its table
    /// filling, the optimum and the tree read back ([`algo::lemma5::dp_steps`]) on instances
    /// of at most [`algo::lemma5::LEMMA5_STEPS_CELL_LIMIT`] cells (past it, one step says so).
    fn steps(inst: &Instance, algo: Algorithm, sol: &Solution) -> Vec<Step> {
        if algo == Algorithm::Lemma5 {
            return match algo::lemma5::dp_steps(inst) {
                Ok((steps, types)) => steps.iter().map(|s| s.step(&types)).collect(),
                Err(e) => vec![Step {
                    text: format!("The dynamic program's steps are not shown: {e}"),
                    pseudo_line: None,
                    highlight: vec![],
                    t: 0.0,
                    built: Vec::new(),
                }],
            };
        }
        sol.trace.iter().map(|s| s.step(algo.step_line())).collect()
    }

    fn pseudo_code(algo: Algorithm) -> &'static [&'static str] {
        algo.pseudo_code()
    }

    fn timeline_scene_with(
        inst: &Instance,
        algo: Algorithm,
        s: &Schedule,
        o: &SceneOptions,
    ) -> crate::layout::Scene {
        let opts = view::GanttOptions {
            title: view::gantt_heading(algo.name_in(inst.model), inst, s),
            critical: o.critical,
            ..Default::default()
        };
        view::gantt_scene_at(inst, s, &opts, o.at)
    }

    fn tree_scenes_with(
        inst: &Instance,
        algo: Algorithm,
        s: &Schedule,
        o: &SceneOptions,
    ) -> Vec<crate::layout::Scene> {
        let opts = view::TreeOptions {
            title: view::tree_heading(algo.name_in(inst.model), inst, s),
            at: o.at,
            critical: o.critical,
        };
        vec![view::tree_scene(inst, s, &opts)]
    }

    /// See [`view::critical_path`]: ties for the last node go to the smallest index.
    fn critical_path(inst: &Instance, s: &Schedule) -> crate::playback::CriticalPath {
        view::critical_path(inst, s)
    }

    fn motion(inst: &Instance, s: &Schedule) -> crate::playback::Motion {
        view::motion(inst, s)
    }
}
