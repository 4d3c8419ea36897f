//! One folder per model. Each holds its instance (JSON, validation, limits), plan, simulator,
//! bounds, gallery, generator, experiments and `algo/` (one file per algorithm).
//!
//! - [`overhead`]: the node model (paper 000) and the sender-receiver model (paper 004);
//! - [`multi`]: the many-source model with non-blocking sends (paper 001);
//! - [`multimessage`]: multimessage multicasting with forwarding in unit steps (paper 003).
//! - [`platform`]: platform graphs in steady state (paper 002).
//!
//! A new model adds a folder here, a variant to [`crate::ModelId`] and [`crate::AnyInstance`],
//! and an entry to the registry that `tests/every_model.rs` loops over.

pub mod multi;
pub mod multimessage;
pub mod overhead;
pub mod platform;

use crate::catalog::Catalog;
use crate::error::Error;
use crate::trace::Step;
use crate::ModelId;

/// The views a model can show of a result; the app's tabs come from [`Model::VIEWS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum View {
    /// The tree each message followed.
    Tree,
    /// The instance's graph with what the result puts on it (the multimessage model's
    /// multigraph, the platform with its loads): a graph, not a tree of the schedule.
    Graph,
    /// The Gantt chart (the shared timeline layout).
    Gantt,
    /// The algorithm's steps.
    Trace,
    /// Every node's task list.
    Tasks,
}

impl View {
    /// The view a link's `view=` names, among `views` (a model's); "tree" still opens the
    /// Graph view of the models that draw a graph (links written before it was named so).
    pub fn find(views: &[View], key: &str) -> Option<View> {
        views.iter().copied().find(|v| v.key() == key).or_else(|| {
            (key == "tree")
                .then_some(View::Graph)
                .filter(|g| views.contains(g))
        })
    }

    /// Label shown on the tab.
    pub fn title(self) -> &'static str {
        match self {
            View::Tree => "Tree",
            View::Graph => "Graph",
            View::Gantt => "Gantt",
            View::Trace => "Trace",
            View::Tasks => "Tasks",
        }
    }

    /// Short machine name (element ids, file names).
    pub fn key(self) -> &'static str {
        match self {
            View::Tree => "tree",
            View::Graph => "graph",
            View::Gantt => "gantt",
            View::Trace => "trace",
            View::Tasks => "tasks",
        }
    }
}

/// Where a hand edit of a tree puts the node it moves (the tree views of every model that
/// draws its schedule as trees: [`overhead::plan::Plan::moved`], the many-source trees).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// After the last child of this node (it sends to the moved node last).
    LastChildOf(usize),
    /// Just before this node among its parent's children (the parent sends to the moved node
    /// just before it).
    Before(usize),
}

/// A gallery entry of any model.
#[derive(Debug, Clone)]
pub struct GalleryEntry<I> {
    /// Stable identifier (tests, URLs, the CLI).
    pub id: &'static str,
    /// Title shown in the gallery menu.
    pub title: &'static str,
    /// The instance.
    pub instance: I,
}

/// A model's gallery list gives `(id, title, instance)`.
impl<I> From<(&'static str, &'static str, I)> for GalleryEntry<I> {
    fn from((id, title, instance): (&'static str, &'static str, I)) -> Self {
        GalleryEntry {
            id,
            title,
            instance,
        }
    }
}

/// What every model gives the shared parts (the CLI, the app, `tests/every_model.rs`): its
/// instance, algorithms, solver, simulator and examples. One zero-sized type per model
/// implements it ([`overhead::Overhead`], [`multi::Multi`], [`multimessage::Multimessage`],
/// [`platform::Platform`]); a new model joins by implementing
/// it and by being added to the loops over [`ModelId::ALL`].
pub trait Model {
    /// Which model this is.
    const ID: ModelId;
    /// The views the app shows of a result, in tab order (keys 1, 2, ...).
    const VIEWS: &'static [View];
    /// The instance type (what the user draws).
    type Instance: Clone + std::fmt::Debug;
    /// The list of algorithms.
    type Algorithm: Catalog + std::fmt::Debug;
    /// What an algorithm returns (plan and trace).
    type Solution: Clone + std::fmt::Debug;
    /// What the simulator returns (timed operations).
    type Schedule: Clone + std::fmt::Debug;

    /// The gallery.
    fn gallery() -> Vec<GalleryEntry<Self::Instance>>;
    /// A random valid instance of about `nodes` nodes, reproducible from `seed`, with costs
    /// drawn across the range validation accepts.
    fn random_instance(nodes: usize, seed: u64) -> Self::Instance;
    /// Validate and run `algo` (`seed` for randomised algorithms).
    fn solve(
        inst: &Self::Instance,
        algo: Self::Algorithm,
        seed: u64,
    ) -> Result<Self::Solution, Error>;
    /// Time the solution's plan: the only place with the model's timing rules.
    fn simulate(inst: &Self::Instance, sol: &Self::Solution) -> Result<Self::Schedule, Error>;
    /// The schedule's completion time.
    fn completion_time(s: &Self::Schedule) -> f64;
    /// The solution's steps, typed for the shared stepper (empty where it has none).
    fn steps(inst: &Self::Instance, algo: Self::Algorithm, sol: &Self::Solution) -> Vec<Step>;

    /// The pseudo-code of `algo`, one line a row (a step's `pseudo_line` counts from 1; empty
    /// where the algorithm records no steps).
    fn pseudo_code(algo: Self::Algorithm) -> &'static [&'static str];

    /// The Gantt chart of `algo`'s schedule `s` (the shared [`crate::layout::timeline`]
    /// layout), headed with the algorithm, the instance and the completion time, as it stands
    /// at time `at`: `None` draws everything, `Some(t)` the bars begun before `t`, cut at `t`.
    /// The same as [`Model::timeline_scene_with`] without the critical path.
    fn timeline_scene(
        inst: &Self::Instance,
        algo: Self::Algorithm,
        s: &Self::Schedule,
        at: Option<f64>,
    ) -> crate::layout::Scene {
        Self::timeline_scene_with(
            inst,
            algo,
            s,
            &SceneOptions {
                at,
                critical: false,
            },
        )
    }
    /// The trees of `algo`'s schedule `s` (the shared [`crate::layout::tidy_tree`] layout),
    /// headed like [`Model::timeline_scene`]: one for a one-message model, one per message
    /// (in message order) for a many-message one. The same as [`Model::tree_scenes_with`]
    /// without the critical path.
    fn tree_scenes(
        inst: &Self::Instance,
        algo: Self::Algorithm,
        s: &Self::Schedule,
    ) -> Vec<crate::layout::Scene> {
        Self::tree_scenes_with(inst, algo, s, &SceneOptions::default())
    }

    /// [`Model::timeline_scene`] with options: at `opts.at`, and with the critical path
    /// ([`Model::critical_path`]) outlined (class `critical`, explained in the legend) when
    /// `opts.critical`.
    fn timeline_scene_with(
        inst: &Self::Instance,
        algo: Self::Algorithm,
        s: &Self::Schedule,
        opts: &SceneOptions,
    ) -> crate::layout::Scene;
    /// [`Model::tree_scenes`] with options: the nodes that do not hold the message by
    /// `opts.at` faded (where the model draws trees at a time), and the tree edges of the
    /// critical path drawn with the class `critical` (explained in the key line) when
    /// `opts.critical`.
    fn tree_scenes_with(
        inst: &Self::Instance,
        algo: Self::Algorithm,
        s: &Self::Schedule,
        opts: &SceneOptions,
    ) -> Vec<crate::layout::Scene>;
    /// What moves in each of [`Model::tree_scenes`] when `s` is played (same order), by the
    /// ids of the drawings' items: [`Model::motion`] split by message
    /// ([`crate::layout::Motion::of_tree`]).
    fn tree_motions(inst: &Self::Instance, s: &Self::Schedule) -> Vec<crate::layout::Motion> {
        let m = Self::motion(inst, s);
        let mut messages: Vec<Option<usize>> = m.holdings.iter().map(|h| h.message).collect();
        crate::order::sort_by(&mut messages, Ord::cmp);
        messages.dedup();
        messages
            .into_iter()
            .map(|k| crate::layout::Motion::of_tree(&m, k))
            .collect()
    }

    /// The critical path of `s`: the chain of sends, transits, waits and receives from time 0
    /// that fixes the completion time, computed exactly from the schedule (each link starts
    /// where the previous ends; the last ends at [`Model::completion_time`]).
    fn critical_path(inst: &Self::Instance, s: &Self::Schedule) -> crate::playback::CriticalPath;

    /// What a player needs to draw `s` at any time without a new layout: when each node holds
    /// each message, each tree edge's transfer, the event times.
    fn motion(inst: &Self::Instance, s: &Self::Schedule) -> crate::playback::Motion;
}

/// How [`Model::timeline_scene_with`] and [`Model::tree_scenes_with`] draw a schedule.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SceneOptions {
    /// The moment drawn (`None`: the whole schedule).
    pub at: Option<f64>,
    /// Outline the critical path.
    pub critical: bool,
}
