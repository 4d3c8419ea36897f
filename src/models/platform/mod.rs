//! The platform model (Beaumont, Legrand, Marchal, Robert, paper 002) in the app: the state on
//! screen ([`PlatformState`]), its actions ([`PlatformAction`]) and their reducer, the runs of
//! its algorithms ([`PlRunRow`]); the drafts, the graph editor, the runner (web workers), the
//! results and the views are in the submodules.
//!
//! The graph as drawn may not be a valid instance (no target yet, a target cut off from the
//! source): it stays in the drafts, marked, and the algorithms keep the last valid instance.
//! A small platform runs on the page's thread (milliseconds); a larger one runs in web
//! workers ([`runner`]), with progress and Cancel, so that the page never freezes.

pub mod drafts;
pub mod editor;
pub mod results;
mod rows;
pub mod runner;
mod screen;
pub mod views;

use std::rc::Rc;

use hetcast_core::catalog::Catalog;
use hetcast_core::models::platform::generate::{tiers, TiersSpec};
use hetcast_core::models::platform::{
    gallery, PlatformAlgorithm, PlatformEdge, PlatformInstance, PlatformNode, APP_MAX_NODES,
};
use hetcast_core::AnyInstance;

use self::drafts::{parse_edge_list, with_edges, PlDrafts};
use crate::models::{Reply, Results};
use crate::state::Notice;

/// Platforms with more nodes than this run in web workers; smaller ones on the page's thread,
/// where a run must not hold the page up (time one with `hetcast generate platform --nodes 8`
/// and `hetcast run FILE --algo all`).
pub const RUN_HERE_MAX_NODES: usize = 8;

pub use rows::{period_text, row_of, run_platform, PlRunOk, PlRunRow};

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
    /// Since Run all: select the best schedule as rows come in (until a row is clicked).
    pub pick_best: bool,
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
            pick_best: false,
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
        self.pick_best = true;
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
        let mut g = self.drafts.graph.clone();
        match action {
            A::Clear => {
                g = PlatformInstance {
                    nodes: vec![PlatformNode {
                        name: "S".into(),
                        x: Some(0.1),
                        y: Some(0.5),
                    }],
                    edges: Vec::new(),
                    source: 0,
                    targets: Vec::new(),
                };
                self.pick = Pick::None;
            }
            A::Tidy => {
                g = hetcast_core::models::platform::view::tidy(&g);
            }
            A::AddNode { x, y } => {
                if g.nodes.len() >= APP_MAX_NODES {
                    return Reply::say(Notice::error(format!(
                        "The app draws at most {APP_MAX_NODES} nodes (the command line takes more)."
                    )));
                }
                g.nodes.push(PlatformNode {
                    name: format!("P{}", g.nodes.len()),
                    x: Some(clamp01(x)),
                    y: Some(clamp01(y)),
                });
                self.pick = Pick::Node(g.nodes.len() - 1);
            }
            A::MoveNode { node, x, y } => {
                let Some(n) = g.nodes.get_mut(node) else {
                    return Reply::default();
                };
                n.x = Some(clamp01(x));
                n.y = Some(clamp01(y));
            }
            A::Connect { from, to } => {
                if from == to || from >= g.nodes.len() || to >= g.nodes.len() {
                    return Reply::default();
                }
                let mut added = 0;
                let ways: &[(usize, usize)] = if self.one_way {
                    &[(from, to)]
                } else {
                    &[(from, to), (to, from)]
                };
                for &(a, b) in ways {
                    if !g.edges.iter().any(|e| e.from == a && e.to == b) {
                        g.edges.push(PlatformEdge {
                            from: a,
                            to: b,
                            cost: 1.0,
                        });
                        added += 1;
                    }
                }
                if let Some(e) = g.edges.iter().position(|e| e.from == from && e.to == to) {
                    self.pick = Pick::Edge(e);
                }
                if added == 0 {
                    return Reply::say(Notice::info(format!(
                        "{} → {} is already there: click its cost to change it.",
                        g.name(from),
                        g.name(to)
                    )));
                }
            }
            A::EditCost(e) => {
                if let Some(edge) = g.edges.get(e) {
                    self.drafts.cost_edit = Some((e, edge.cost.to_string()));
                    self.drafts.cost_error = None;
                    self.pick = Pick::Edge(e);
                }
                return Reply::default();
            }
            A::TypeCost(text) => {
                if let Some((_, t)) = &mut self.drafts.cost_edit {
                    *t = text;
                }
                return Reply::default();
            }
            A::CancelCost => {
                self.drafts.cost_edit = None;
                self.drafts.cost_error = None;
                return Reply::default();
            }
            A::CommitCost => {
                let Some((e, text)) = self.drafts.cost_edit.clone() else {
                    return Reply::default();
                };
                let cost = match drafts::parse_cost(&text) {
                    Ok(c) => c,
                    Err(e) => {
                        self.drafts.cost_error = Some(e);
                        return Reply::default();
                    }
                };
                self.drafts.cost_edit = None;
                self.drafts.cost_error = None;
                match g.edges.get_mut(e) {
                    Some(edge) => edge.cost = cost,
                    None => return Reply::default(),
                }
            }
            A::DeleteSelected => match self.pick {
                Pick::Node(v) => return self.apply(A::DeleteNode(v)),
                Pick::Edge(e) => return self.apply(A::DeleteEdge(e)),
                Pick::None => return Reply::default(),
            },
            A::DeleteNode(v) => {
                if v >= g.nodes.len() {
                    return Reply::default();
                }
                if v == g.source {
                    return Reply::say(Notice::error(format!(
                        "{} is the source: make another node the source before deleting it.",
                        g.name(v)
                    )));
                }
                g.nodes.remove(v);
                g.edges.retain(|e| e.from != v && e.to != v);
                let shift = |u: usize| if u > v { u - 1 } else { u };
                for e in &mut g.edges {
                    e.from = shift(e.from);
                    e.to = shift(e.to);
                }
                g.targets.retain(|&t| t != v);
                g.targets = g.targets.iter().map(|&t| shift(t)).collect();
                g.source = shift(g.source);
                self.pick = Pick::None;
            }
            A::DeleteEdge(e) => {
                if e >= g.edges.len() {
                    return Reply::default();
                }
                g.edges.remove(e);
                self.pick = Pick::None;
            }
            A::SetSource(v) => {
                if v >= g.nodes.len() {
                    return Reply::default();
                }
                g.source = v;
                g.targets.retain(|&t| t != v);
            }
            A::ToggleTarget(v) => {
                if v >= g.nodes.len() || v == g.source {
                    return Reply::default();
                }
                match g.targets.iter().position(|&t| t == v) {
                    Some(k) => {
                        g.targets.remove(k);
                    }
                    None => {
                        g.targets.push(v);
                        g.targets.sort_unstable();
                    }
                }
            }
            A::Rename(v, name) => match g.nodes.get_mut(v) {
                Some(n) => n.name = name,
                None => return Reply::default(),
            },
            A::Pick(p) => {
                self.pick = p;
                return Reply::default();
            }
            A::SetOneWay(b) => {
                self.one_way = b;
                return Reply::default();
            }
            A::TypeEdges(text) => {
                self.drafts.edge_text = text;
                return Reply::default();
            }
            A::CommitEdges => {
                match parse_edge_list(&self.drafts.edge_text, g.nodes.len()) {
                    Ok((edges, n)) => {
                        self.drafts.text_error = None;
                        g = with_edges(&g, edges, n);
                    }
                    Err(e) => {
                        self.drafts.text_error = Some(e);
                        return Reply::default();
                    }
                }
                self.pick = Pick::None;
            }
            A::Generate {
                nodes,
                density,
                seed,
            } => {
                let spec = TiersSpec::sized(nodes.clamp(4, APP_MAX_NODES), density.clamp(0.0, 1.0));
                let p = hetcast_core::models::platform::view::tidy(&tiers(&spec, seed));
                let reply = self.load(p);
                return Reply {
                    notice: Some(Notice::info(format!(
                        "Generated a Tiers-like platform (seed {seed}): {}.",
                        words(&self.instance)
                    ))),
                    ..reply
                };
            }
            A::Run(a) => {
                self.pick_best = false;
                self.run(vec![a]);
                self.results.select(a);
                return Reply::default();
            }
            A::Cancel => {
                let n = self.running().count();
                self.pending.clear();
                self.job = self.job.wrapping_add(1);
                return Reply::say(Notice::info(format!(
                    "Cancelled {n} run{}.",
                    if n == 1 { "" } else { "s" }
                )));
            }
            A::Worker {
                job,
                index,
                message,
            } => {
                self.on_worker(job, index, message);
                return Reply::default();
            }
            A::Select(a) => {
                self.pick_best = false;
                self.results.select(a);
                return Reply::default();
            }
        }
        self.drafts.graph = g;
        self.drafts.sync_text();
        self.try_commit()
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

fn clamp01(x: f64) -> f64 {
    if x.is_finite() {
        x.clamp(0.0, 1.0)
    } else {
        0.5
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
