//! The platform model (Beaumont, Legrand, Marchal, Robert, paper 002) in the app: the state on
//! screen ([`PlatformState`]), its actions ([`PlatformAction`]) and their reducer, the runs of
//! its algorithms ([`PlRunRow`]); the drafts, the graph editor, the runner (web workers), the
//! results and the views are in the submodules.
//!
//! The graph as drawn may not be a valid instance (no target yet, a target cut off from the
//! source): it stays in the drafts, marked, and the algorithms keep the last valid instance.
//! The algorithms run in web workers ([`runner`]), whatever the platform's size, with
//! progress and Cancel: the page never freezes, and its wasm has no LP solver.

pub mod drafts;
mod edit;
pub mod editor;
pub mod results;
mod rows;
pub mod runner;
mod screen;
pub mod views;

use std::rc::Rc;

use hetcast_core::catalog::Catalog;
use hetcast_core::models::platform::{gallery, PlatformAlgorithm, PlatformInstance, APP_MAX_NODES};
use hetcast_core::AnyInstance;

use self::drafts::PlDrafts;
use crate::models::{Reply, Results};
use crate::state::Notice;

pub use rows::{period_text, row_of, PlRunOk, PlRunRow};

/// Why the app will not take `inst`, if it will not.
pub fn too_large(inst: &PlatformInstance) -> Option<String> {
    (inst.nodes.len() > APP_MAX_NODES).then(|| {
        format!(
            "{} nodes: the app runs platforms of at most {APP_MAX_NODES} nodes (the command line takes more)",
            inst.nodes.len()
        )
    })
}

/// What a loaded platform is, for the notice, or why it is refused.
pub fn describe(inst: &PlatformInstance) -> Result<String, String> {
    inst.validate().map_err(|e| e.to_string())?;
    if let Some(why) = too_large(inst) {
        return Err(why);
    }
    Ok(format!("{}, platform model", words(inst)))
}

/// "6 nodes, 10 edges, 2 targets".
pub fn words(inst: &PlatformInstance) -> String {
    let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    format!(
        "{}, {}, {}",
        plural(inst.nodes.len(), "node"),
        plural(inst.edges.len(), "edge"),
        plural(inst.targets.len(), "target")
    )
}

/// The platform shown when the model is first chosen: section 3's example.
pub fn default_platform() -> PlatformInstance {
    gallery::section3()
}

/// What is selected in the graph editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Pick {
    /// Nothing.
    #[default]
    None,
    /// A node.
    Node(usize),
    /// A directed edge (index in the drawing's edges).
    Edge(usize),
}

pub use runner::Pending;

/// The model's own keys (none: r, j, k and the shell's keys serve it).
pub const KEYS: &[(&str, &str)] = &[];

/// The action of key `key`: none of its own.
pub fn key_action(_key: &str) -> Option<PlatformAction> {
    None
}

/// The model on screen, as the shell's list of models ([`crate::models::ModelState`]) names it.
pub type State = PlatformState;
/// What can be done to it, as the shell's list of models names it.
pub type Action = PlatformAction;

/// What can be done to a platform and its results.
#[derive(Clone, Debug, PartialEq)]
pub enum PlatformAction {
    /// Start a new drawing: the source alone (the platform in use stays until the drawing is
    /// a valid platform).
    Clear,
    /// Lay the drawing out again (stress majorization, labels apart): every node moves.
    Tidy,
    /// Add a node at `(x, y)` in [0, 1]².
    AddNode {
        /// Left to right.
        x: f64,
        /// Top to bottom.
        y: f64,
    },
    /// Move a node to `(x, y)` (the end of a drag: one undo step).
    MoveNode {
        /// The node.
        node: usize,
        /// Left to right.
        x: f64,
        /// Top to bottom.
        y: f64,
    },
    /// Add the edge `from → to` (and `to → from` unless one-way is on), of cost 1.
    Connect {
        /// Sender.
        from: usize,
        /// Receiver.
        to: usize,
    },
    /// Start typing the cost of an edge in place.
    EditCost(usize),
    /// The cost field's text.
    TypeCost(String),
    /// Commit the cost typed in place (Enter, or the field loses the focus).
    CommitCost,
    /// Leave the cost field without a change (Esc).
    CancelCost,
    /// Delete what is selected (key Delete or Backspace).
    DeleteSelected,
    /// Delete a node (its edges go with it).
    DeleteNode(usize),
    /// Delete an edge.
    DeleteEdge(usize),
    /// Make a node the source.
    SetSource(usize),
    /// Make a node a target, or not.
    ToggleTarget(usize),
    /// Rename a node.
    Rename(usize, String),
    /// Select a node or an edge.
    Pick(Pick),
    /// One-way edges when connecting (else both directions).
    SetOneWay(bool),
    /// The edge list's text as typed.
    TypeEdges(String),
    /// Read the edge list into the drawing (the text area loses the focus).
    CommitEdges,
    /// A Tiers-like platform (section 7).
    Generate {
        /// About this many nodes.
        nodes: usize,
        /// Share of the LAN nodes that are targets.
        density: f64,
        /// The generator's seed.
        seed: u64,
    },
    /// Run one algorithm.
    Run(PlatformAlgorithm),
    /// Stop the algorithms running in workers.
    Cancel,
    /// A worker's message about job `job`, request `index`.
    Worker {
        /// The run it belongs to.
        job: u32,
        /// Which of the run's pending algorithms.
        index: usize,
        /// What it says.
        message: hetcast_worker::Message,
    },
    /// Select a result row.
    Select(PlatformAlgorithm),
}

impl PlatformAction {
    /// The text field the action types into, as a key (`None` when it is not typing).
    pub fn edit_key(&self) -> Option<String> {
        Some(match self {
            PlatformAction::Rename(v, _) => format!("platform name {v}"),
            PlatformAction::TypeEdges(_) => "platform edges".into(),
            PlatformAction::TypeCost(_) => "platform cost".into(),
            _ => return None,
        })
    }
}

/// The answer to a platform action while another model is on screen.
pub fn elsewhere(action: &PlatformAction) -> Reply {
    match action {
        PlatformAction::Run(a) => Reply::say(Notice::info(format!(
            "{} runs in the platform model (choose it in the model menu).",
            a.title()
        ))),
        _ => Reply::default(),
    }
}

/// The notice when the model menu brings the model on screen (see [`crate::models::welcome`]).
pub fn welcome(_inst: &PlatformInstance, first: bool) -> String {
    if first {
        "Platform model (Beaumont et al.): section 3's example, where one tree cannot reach throughput 1 and two trees of 1/2 can. Draw your own platform in the editor; press r to run the bounds and heuristics.".into()
    } else {
        "Platform model: back to the last platform.".into()
    }
}

/// What the model makes of another model's instance the first time it is chosen
/// ([`crate::models::adopt`]): nothing, it opens its first example.
pub fn adopt(_from: &AnyInstance) -> Option<(AnyInstance, String)> {
    None
}

/// The platform model on screen.
#[derive(Clone, Debug, PartialEq)]
pub struct PlatformState {
    /// The last valid instance.
    pub instance: Rc<PlatformInstance>,
    /// The editor's graph and text.
    pub drafts: PlDrafts,
    /// Results on `instance`, in [`PlatformAlgorithm`] list order, and the selected one.
    pub results: Results<PlRunRow>,
    /// The algorithms running in workers, in request order.
    pub pending: Vec<Pending>,
    /// The number of the current run (a worker's message of an older run is ignored).
    pub job: u32,
    /// What is selected in the editor.
    pub pick: Pick,
    /// Connect adds one direction only.
    pub one_way: bool,
    /// What the results table selects as rows come in from the workers.
    pub follow: Follow,
}

/// What the results table selects as rows come in from the workers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Follow {
    /// The first row, when nothing is selected.
    First,
    /// Since Run all: the best schedule so far (until a row is clicked).
    Best,
    /// Since one algorithm's Run: its row when it comes, whichever run ends first (a link's
    /// `algo=` names it; the run it is compared with may end before it).
    Run(PlatformAlgorithm),
}

impl PlatformState {
    /// A fresh state showing `inst` (an invalid or too large one is replaced by
    /// [`default_platform`]).
    pub fn new(inst: PlatformInstance) -> PlatformState {
        let inst = if describe(&inst).is_ok() {
            inst
        } else {
            default_platform()
        };
        PlatformState {
            drafts: PlDrafts::from_instance(&inst),
            instance: Rc::new(inst),
            results: Results::default(),
            pending: Vec::new(),
            job: 0,
            pick: Pick::None,
            one_way: false,
            follow: Follow::First,
        }
    }

    /// The editor shows the instance in use again.
    pub fn reset_drafts(&mut self) {
        self.drafts = PlDrafts::from_instance(&self.instance);
        self.pick = Pick::None;
    }

    /// Put `p` on screen without an undo step; results rerun, editor reset.
    pub fn restore(&mut self, p: PlatformInstance) {
        self.set_instance(p);
        self.reset_drafts();
    }

    /// Replace the instance from outside the editor (gallery, import, generator).
    pub fn load(&mut self, p: PlatformInstance) -> Reply {
        let reply = self.commit(p);
        self.reset_drafts();
        reply
    }

    /// Run every algorithm; one past its size limit ([`PlatformAlgorithm::refusal`]) is
    /// skipped, and said so. The best schedule is selected ([`runner::best_schedule`]).
    pub fn run_all(&mut self) -> Reply {
        self.follow = Follow::Best;
        let (mut fit, mut skipped) = (Vec::new(), Vec::new());
        for &a in PlatformAlgorithm::ALL {
            match a.refusal(&self.instance) {
                Some(e) => skipped.push((a.title(), e)),
                None => fit.push(a),
            }
        }
        self.run(fit);
        Reply {
            replaced: None,
            notice: crate::models::skipped_notice(&skipped),
        }
    }

    /// The platform model has no plan files to import (its schedule follows from the loads).
    pub fn import_plan(&mut self, name: &str, _text: &str) -> Reply {
        Reply::say(Notice::error(format!(
            "Could not import {name}: a platform's periodic schedule follows from an algorithm's edge loads; run an algorithm instead."
        )))
    }

    /// Apply `action`.
    pub fn apply(&mut self, action: PlatformAction) -> Reply {
        use PlatformAction as A;
        match action {
            A::Run(a) => {
                self.follow = Follow::Run(a);
                self.run(vec![a]);
                self.results.select(a);
                Reply::default()
            }
            A::Cancel => {
                let n = self.running().count();
                self.follow = Follow::First;
                self.pending.clear();
                self.job = self.job.wrapping_add(1);
                Reply::cancelled(n)
            }
            A::Worker {
                job,
                index,
                message,
            } => {
                self.on_worker(job, index, message);
                Reply::default()
            }
            A::Select(a) => {
                self.follow = Follow::First;
                self.results.select(a);
                Reply::default()
            }
            edit => {
                let mut g = self.drafts.graph.clone();
                if let Some(reply) = self.edit(edit, &mut g) {
                    return reply;
                }
                self.drafts.graph = g;
                self.drafts.sync_text();
                self.try_commit()
            }
        }
    }

    fn try_commit(&mut self) -> Reply {
        let g = self.drafts.graph.clone();
        let valid = g.validate();
        self.drafts
            .judge(valid.as_ref().err().map(ToString::to_string));
        match valid {
            Ok(()) => match too_large(&g) {
                Some(why) => {
                    self.drafts.general = Some(why);
                    Reply::default()
                }
                None => self.commit(g),
            },
            Err(_) => Reply::default(),
        }
    }

    fn commit(&mut self, p: PlatformInstance) -> Reply {
        if p == *self.instance {
            return Reply::default();
        }
        let before = AnyInstance::Platform((*self.instance).clone());
        self.set_instance(p);
        Reply::replaced(before)
    }

    fn set_instance(&mut self, p: PlatformInstance) {
        // Names and positions change nothing the algorithms see: the results stay.
        let same_graph = {
            let a = &*self.instance;
            a.edges == p.edges
                && a.source == p.source
                && a.targets == p.targets
                && a.nodes.len() == p.nodes.len()
        };
        self.instance = Rc::new(p);
        if same_graph {
            return;
        }
        let algos: Vec<PlatformAlgorithm> = self
            .results
            .rows
            .iter()
            .map(|r| r.algo)
            .chain(self.running().map(|p| p.algo))
            .collect();
        let selected = self.results.selected;
        self.results = Results::default();
        self.pending.clear();
        self.job = self.job.wrapping_add(1);
        if !algos.is_empty() {
            self.run(algos);
        }
        self.results.selected = selected.or(self.results.selected);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
