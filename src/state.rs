//! The application state: one [`Reducible`] value changed only through [`Action`]s.
//!
//! The editor keeps the text of every field as typed ([`Drafts`]); an edit is committed to
//! [`AppState::instance`] only when every field parses and the instance validates, so the last
//! valid instance stays on screen and in use while the user types. Every committed change can be
//! undone. Results are recomputed whenever the instance changes, so the table always describes
//! the instance on screen.

use hetcast_core::catalog::Catalog;
use std::rc::Rc;

use hetcast_core::models::multi::algo::lower_bound::{lower_bound, LowerBound};
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::multi::instance::instance_words;
use hetcast_core::models::multi::MultiInstance;
use hetcast_core::models::overhead::algo::{self, Algorithm, Solution};
use hetcast_core::models::overhead::bounds::{self, BoundsReport};
use hetcast_core::models::overhead::instance::{cost_ok, latency_ok};
use hetcast_core::models::overhead::properties::{self, Properties};
use hetcast_core::models::overhead::simulate::{simulate, Schedule};
use hetcast_core::models::overhead::{Instance, ModelKind, Node};
use hetcast_core::Error;
use yew::Reducible;

use crate::multi::{
    run_multi, ClassDraft, ClassField, MessageDraft, MsgField, MultiDrafts, MultiRunRow,
};

/// An instance of either kind, as undo, the local storage and the JSON import keep it.
#[derive(Clone, Debug, PartialEq)]
pub enum Saved {
    /// The node or sender-receiver model (one message).
    Single(Instance),
    /// The many-source model (paper 001).
    Multi(MultiInstance),
}

impl Saved {
    /// The instance's JSON.
    pub fn to_json(&self) -> String {
        match self {
            Saved::Single(i) => i.to_json(),
            Saved::Multi(m) => m.to_json(),
        }
    }

    /// Read either kind of JSON: the many-source model when the text says `"model": "multi"`.
    pub fn from_json(text: &str) -> Result<Saved, Error> {
        if hetcast_core::ModelId::of_json(text) == Some(hetcast_core::ModelId::Multi) {
            MultiInstance::from_json(text).map(Saved::Multi)
        } else {
            Instance::from_json(text).map(Saved::Single)
        }
    }
}

/// How many committed instances undo remembers.
pub const UNDO_LIMIT: usize = 100;

/// Largest instance the editor and the generators build (the table stays usable).
pub const MAX_NODES: usize = 500;

/// The views of the selected result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// The multicast tree.
    Tree,
    /// The Gantt chart of sends and receives.
    Gantt,
    /// The algorithm's steps.
    Trace,
}

impl Tab {
    /// The tabs in display order (keys 1, 2, 3).
    pub const ALL: [Tab; 3] = [Tab::Tree, Tab::Gantt, Tab::Trace];

    /// Label shown on the tab.
    pub fn title(self) -> &'static str {
        match self {
            Tab::Tree => "Tree",
            Tab::Gantt => "Gantt",
            Tab::Trace => "Trace",
        }
    }

    /// Short machine name (element ids, file names).
    pub fn key(self) -> &'static str {
        match self {
            Tab::Tree => "tree",
            Tab::Gantt => "gantt",
            Tab::Trace => "trace",
        }
    }
}

/// Which cost field of a node row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeField {
    /// Display name (optional).
    Name,
    /// Send overhead, the node model's cost.
    Send,
    /// Receive overhead (sender-receiver model only).
    Recv,
}

/// A field of the editor that can carry an error message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldId {
    /// A field of node `0`.
    Node(usize, NodeField),
    /// The latency field.
    Latency,
}

/// Errors of drafts that do not make a valid instance: by field, and for the whole instance.
pub type DraftErrors = (Vec<(FieldId, String)>, Option<String>);

/// The text of one node row as typed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct NodeDraft {
    /// Name text.
    pub name: String,
    /// Send (or cost) text.
    pub send: String,
    /// Receive text.
    pub recv: String,
}

/// The editor's text, which may be invalid, and the errors found in it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Drafts {
    /// One row per node.
    pub nodes: Vec<NodeDraft>,
    /// Latency text.
    pub latency: String,
    /// Index of the source row.
    pub source: usize,
    /// Errors attached to fields.
    pub errors: Vec<(FieldId, String)>,
    /// An error of the whole instance (e.g. no destination).
    pub general: Option<String>,
}

/// Text of a number as the editor shows it: shortest form that reads back the same value.
pub fn num_text(x: f64) -> String {
    format!("{x}")
}

/// The message of a field whose number is not a valid cost: short, as it is shown next to
/// the field.
fn bad_value(field: &str, v: f64) -> String {
    let why = hetcast_core::error::cost_problem(v);
    format!(
        "{field} {}; must be > 0, ≤ 1e9",
        why.trim_start_matches("is ")
    )
}

fn parse_num(text: &str) -> Result<f64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("enter a number".into());
    }
    t.parse::<f64>()
        .map_err(|_| format!("'{t}' is not a number"))
}

/// The message of the first error about `field` in an editor's list of field errors.
pub fn field_error<F: PartialEq>(errors: &[(F, String)], field: F) -> Option<&str> {
    errors
        .iter()
        .find(|(f, _)| *f == field)
        .map(|(_, m)| m.as_str())
}

impl Drafts {
    /// The drafts that show `inst` exactly.
    pub fn from_instance(inst: &Instance) -> Drafts {
        Drafts {
            nodes: inst
                .nodes
                .iter()
                .map(|n| NodeDraft {
                    name: n.name.clone().unwrap_or_default(),
                    send: num_text(n.send),
                    recv: num_text(n.recv),
                })
                .collect(),
            latency: num_text(inst.latency),
            source: inst.source,
            errors: Vec::new(),
            general: None,
        }
    }

    /// The error shown next to `field`, if any.
    pub fn error(&self, field: FieldId) -> Option<&str> {
        field_error(&self.errors, field)
    }

    /// True when the drafts have no error.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty() && self.general.is_none()
    }

    /// Parse and validate the drafts as an instance of `model`; on failure, the errors to show
    /// (by field, and for the whole instance).
    pub fn build(&self, model: ModelKind) -> Result<Instance, DraftErrors> {
        // Every field is checked on its own, so that all the bad fields are marked at once.
        let mut errors = Vec::new();
        let mut nodes = Vec::with_capacity(self.nodes.len());
        let send_name = match model {
            ModelKind::Node => "cost",
            ModelKind::SenderReceiver => "send",
        };
        let mut cost = |i: usize, f: NodeField, name: &'static str, text: &str| {
            let value = parse_num(text).and_then(|v| {
                if cost_ok(v) {
                    Ok(v)
                } else {
                    Err(bad_value(name, v))
                }
            });
            value.unwrap_or_else(|e| {
                errors.push((FieldId::Node(i, f), e));
                f64::NAN
            })
        };
        for (i, d) in self.nodes.iter().enumerate() {
            let send = cost(i, NodeField::Send, send_name, &d.send);
            let recv = match model {
                ModelKind::Node => 0.0,
                ModelKind::SenderReceiver => cost(i, NodeField::Recv, "recv", &d.recv),
            };
            let name = d.name.trim();
            nodes.push(Node {
                name: (!name.is_empty()).then(|| name.to_string()),
                send,
                recv,
            });
        }
        let latency = match model {
            ModelKind::Node => 0.0,
            ModelKind::SenderReceiver => {
                let value = parse_num(&self.latency).and_then(|v| {
                    if latency_ok(v) {
                        Ok(v)
                    } else {
                        Err(Error::BadLatency(v).to_string())
                    }
                });
                value.unwrap_or_else(|e| {
                    errors.push((FieldId::Latency, e));
                    f64::NAN
                })
            }
        };
        if !errors.is_empty() {
            return Err((errors, None));
        }
        if nodes.len() > MAX_NODES {
            return Err((
                Vec::new(),
                Some(format!("at most {MAX_NODES} nodes in the editor")),
            ));
        }
        let inst = Instance {
            model,
            latency,
            source: self.source,
            nodes,
        };
        match inst.validate() {
            Ok(()) => Ok(inst),
            Err(e) => Err((Vec::new(), Some(e.to_string()))),
        }
    }
}

/// A successful run: the plan, its schedule and the schedule's properties.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOk {
    /// Plan and trace.
    pub solution: Solution,
    /// The simulated schedule.
    pub schedule: Schedule,
    /// Non-idling, monotonic, layered.
    pub properties: Properties,
}

/// One row of the results table.
#[derive(Clone, Debug, PartialEq)]
pub struct RunRow {
    /// Which algorithm.
    pub algo: Algorithm,
    /// The seed (random selection only).
    pub seed: u64,
    /// The result, or the error message (e.g. an exact solver refusing a large instance).
    pub outcome: Result<RunOk, String>,
}

impl RunRow {
    /// The completion time, when the run succeeded.
    pub fn time(&self) -> Option<f64> {
        self.outcome
            .as_ref()
            .ok()
            .map(|r| r.schedule.completion_time)
    }

    /// Title shown in the table.
    pub fn title(&self) -> String {
        match self.algo {
            Algorithm::Random => format!("{} (seed {})", self.algo.title(), self.seed),
            a => a.title().to_string(),
        }
    }
}

/// Run `algo` on `inst`, simulate the plan and check its properties. Never panics.
pub fn run_one(inst: &Instance, algo: Algorithm, seed: u64) -> RunRow {
    let outcome = algo::run(inst, algo, seed)
        .and_then(|solution| {
            let schedule = simulate(inst, &solution.plan)?;
            let properties = properties::check(inst, &schedule);
            Ok(RunOk {
                solution,
                schedule,
                properties,
            })
        })
        .map_err(|e| e.to_string());
    RunRow {
        algo,
        seed,
        outcome,
    }
}

/// Severity of a notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// Something happened as asked.
    Info,
    /// Something failed; nothing changed.
    Error,
}

/// A one-line message under the top bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// Severity.
    pub kind: NoticeKind,
    /// Text.
    pub text: String,
}

impl Notice {
    /// An information notice.
    pub fn info(text: impl Into<String>) -> Notice {
        Notice {
            kind: NoticeKind::Info,
            text: text.into(),
        }
    }

    /// An error notice.
    pub fn error(text: impl Into<String>) -> Notice {
        Notice {
            kind: NoticeKind::Error,
            text: text.into(),
        }
    }
}

/// Everything the user can do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Convert the instance to another model.
    SetModel(ModelKind),
    /// Replace the instance (gallery, import, generators); `origin` is said in the notice.
    Load {
        /// The new instance (validated here again).
        instance: Instance,
        /// Where it came from, e.g. "gallery: Fig. 1".
        origin: String,
    },
    /// Edit a field of a node row.
    EditNode {
        /// Row.
        node: usize,
        /// Field.
        field: NodeField,
        /// New text.
        text: String,
    },
    /// Edit the latency.
    EditLatency(String),
    /// Make node `0` the source.
    SetSource(usize),
    /// Switch to the many-source model (the instance becomes one message from its source).
    UseMulti,
    /// Replace the instance by a many-source one (gallery, import, generator).
    LoadMulti {
        /// The new instance (validated here again).
        instance: MultiInstance,
        /// Where it came from.
        origin: String,
    },
    /// Edit a field of a class row (many-source model).
    EditClass {
        /// Row.
        class: usize,
        /// Field.
        field: ClassField,
        /// New text.
        text: String,
    },
    /// Append a class (a copy of the last one, 1 node).
    AddClass,
    /// Remove a class row.
    RemoveClass(usize),
    /// Edit the one link rate (µs/byte).
    EditRate(String),
    /// Set the one link rate from a bandwidth in Mbps.
    SetRateMbps(f64),
    /// One rate for every pair (false) or a per-pair matrix (true).
    SetPerPair(bool),
    /// Edit the per-pair rate from node `from` to node `to`.
    EditMatrix {
        /// Sender.
        from: usize,
        /// Receiver.
        to: usize,
        /// New text.
        text: String,
    },
    /// Edit a field of a message row.
    EditMessage {
        /// Row.
        msg: usize,
        /// Field.
        field: MsgField,
        /// New text.
        text: String,
    },
    /// Append a message (from node 0 to all).
    AddMessage,
    /// Remove a message row.
    RemoveMessage(usize),
    /// Run one many-source algorithm.
    RunMulti(MultiAlgorithm),
    /// Select a many-source result row.
    SelectMulti(MultiAlgorithm),
    /// Show the tree of message `0`.
    SetTreeMessage(usize),
    /// Show the tree of the next (+1) or previous (-1) message.
    StepTreeMessage(i32),
    /// Append a node (a copy of the last row's costs).
    AddNode,
    /// Remove a node row.
    RemoveNode(usize),
    /// Run one algorithm.
    Run(Algorithm),
    /// Run every algorithm.
    RunAll,
    /// Edit the random-selection seed.
    SetSeed(String),
    /// Select a result row.
    Select(Algorithm),
    /// Select the next (+1) or previous (-1) result row.
    SelectStep(i32),
    /// Switch view.
    SetTab(Tab),
    /// Show or hide the key help.
    ToggleHelp,
    /// Hide the key help.
    CloseHelp,
    /// Show or hide the instance panel (more room for the views).
    ToggleSide,
    /// The size (CSS px, width and height) available to the views, measured by the view panel.
    SetViewSize(f64, f64),
    /// Switch the drawings between fitted to the panel and natural size (100%).
    ToggleFit,
    /// Show the whole results table, or only the selected row.
    ToggleTable,
    /// Enter or leave focus mode: only the top bar and the selected view, as large as the window.
    ToggleFocus,
    /// Leave focus mode (Esc); nothing when not in it.
    LeaveFocus,
    /// Undo the last committed instance change.
    Undo,
    /// Redo an undone change.
    Redo,
    /// Show a notice.
    Notify(Notice),
    /// Hide the notice.
    Dismiss,
}

/// The whole state of the app.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    /// The last valid instance: what the algorithms run on.
    pub instance: Rc<Instance>,
    /// Bounds of `instance`.
    pub bounds: Rc<BoundsReport>,
    /// The editor's text.
    pub drafts: Drafts,
    /// Results on `instance`, in [`Algorithm::ALL`] order.
    pub results: Vec<RunRow>,
    /// The selected result.
    pub selected: Option<Algorithm>,
    /// The selected view.
    pub tab: Tab,
    /// Seed text of random selection.
    pub seed_text: String,
    /// Error of the seed text.
    pub seed_error: Option<String>,
    /// Message under the top bar.
    pub notice: Option<Notice>,
    /// Key help shown.
    pub help: bool,
    /// Instance panel shown.
    pub side: bool,
    /// Width available to the views (0 until measured); the Gantt chart is laid out for it.
    pub view_width: f64,
    /// Height available to the views (0 until measured).
    pub view_height: f64,
    /// Focus mode: panels, algorithm bar and results hidden.
    pub focus: bool,
    /// The drawings are scaled to fit the view panel (otherwise drawn at 100%).
    pub fit: bool,
    /// The whole results table is shown (otherwise only the selected row).
    pub table_open: bool,
    /// Increases with every committed instance change (drives persistence).
    pub revision: u64,
    /// The many-source model is on screen (otherwise `instance`'s model).
    pub multi_mode: bool,
    /// The last valid many-source instance.
    pub multi: Rc<MultiInstance>,
    /// Its idealised lower bound.
    pub multi_lb: Rc<LowerBound>,
    /// The many-source editor's text.
    pub multi_drafts: MultiDrafts,
    /// Results on `multi`, in [`MultiAlgorithm::ALL`] order.
    pub multi_results: Vec<MultiRunRow>,
    /// The selected many-source result.
    pub multi_selected: Option<MultiAlgorithm>,
    /// The message whose tree the Tree view shows.
    pub tree_msg: usize,
    /// `multi` is the user's (edited, loaded or restored), not the start-up example: going back
    /// to the many-source model shows it instead of converting the one-source instance.
    multi_used: bool,
    /// The text field the action being applied edits (`None` for other actions).
    edit_key: Option<String>,
    /// The text field whose edit made the last commit: further keystrokes in the same field
    /// amend that undo step instead of adding one per keystroke.
    last_edit_key: Option<String>,
    undo: Vec<Saved>,
    redo: Vec<Saved>,
}

/// The text field `action` types into, as a key (`None` when it is not typing in a field).
fn edit_key(action: &Action) -> Option<String> {
    Some(match action {
        Action::EditNode { node, field, .. } => format!("node {node} {field:?}"),
        Action::EditLatency(_) => "latency".into(),
        Action::EditClass { class, field, .. } => format!("class {class} {field:?}"),
        Action::EditRate(_) => "rate".into(),
        Action::EditMatrix { from, to, .. } => format!("matrix {from} {to}"),
        Action::EditMessage { msg, field, .. } => format!("message {msg} {field:?}"),
        _ => return None,
    })
}

impl AppState {
    /// A fresh state showing `instance`, which must be valid (an invalid one is replaced by the
    /// first gallery example).
    pub fn new(instance: Instance) -> AppState {
        let instance = if instance.validate().is_ok() {
            instance
        } else {
            default_instance()
        };
        let multi = crate::multi::default_multi();
        AppState {
            bounds: Rc::new(bounds::report(&instance)),
            drafts: Drafts::from_instance(&instance),
            instance: Rc::new(instance),
            results: Vec::new(),
            selected: None,
            tab: Tab::Tree,
            seed_text: "1".into(),
            seed_error: None,
            notice: None,
            help: false,
            side: true,
            view_width: 0.0,
            view_height: 0.0,
            focus: false,
            fit: true,
            table_open: true,
            revision: 0,
            multi_lb: Rc::new(lower_bound(&multi)),
            multi_drafts: MultiDrafts::from_instance(&multi),
            multi: Rc::new(multi),
            multi_mode: false,
            multi_results: Vec::new(),
            multi_selected: None,
            tree_msg: 0,
            multi_used: false,
            edit_key: None,
            last_edit_key: None,
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// A fresh state showing a saved instance of either kind (an invalid one is replaced by a
    /// gallery example).
    pub fn from_saved(saved: Saved) -> AppState {
        match saved {
            Saved::Single(i) => AppState::new(i),
            Saved::Multi(m) => {
                let mut s = AppState::new(default_instance());
                if m.validate().is_ok() {
                    s.set_multi(m);
                    s.multi_drafts = MultiDrafts::from_instance(&s.multi);
                }
                s.multi_mode = true;
                s.multi_used = true;
                s.revision = 0;
                s
            }
        }
    }

    /// True when the editor on screen holds text that does not make a valid instance: the
    /// algorithms, the views and Export JSON then use the last valid instance.
    pub fn editor_has_errors(&self) -> bool {
        if self.multi_mode {
            !self.multi_drafts.is_valid()
        } else {
            !self.drafts.is_valid()
        }
    }

    /// The instance on screen, of either kind.
    pub fn current(&self) -> Saved {
        if self.multi_mode {
            Saved::Multi((*self.multi).clone())
        } else {
            Saved::Single((*self.instance).clone())
        }
    }

    /// The selected many-source result row.
    pub fn selected_multi(&self) -> Option<&MultiRunRow> {
        let a = self.multi_selected?;
        self.multi_results.iter().find(|r| r.algo == a)
    }

    /// True when there is a change to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// True when there is a change to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The selected result row.
    pub fn selected_row(&self) -> Option<&RunRow> {
        let a = self.selected?;
        self.results.iter().find(|r| r.algo == a)
    }

    /// The best completion time among successful exact runs.
    pub fn optimum(&self) -> Option<f64> {
        self.results
            .iter()
            .filter(|r| r.algo.is_exact())
            .filter_map(RunRow::time)
            .reduce(f64::min)
    }

    fn seed(&self) -> Option<u64> {
        self.seed_text.trim().parse().ok()
    }

    /// Apply `action` in place.
    pub fn apply(&mut self, action: Action) {
        // Editing actions of the model that is not on screen do nothing.
        let single_edit = matches!(
            action,
            Action::EditNode { .. }
                | Action::EditLatency(_)
                | Action::SetSource(_)
                | Action::AddNode
                | Action::RemoveNode(_)
                | Action::Run(_)
                | Action::Select(_)
        );
        let multi_edit = matches!(
            action,
            Action::EditClass { .. }
                | Action::AddClass
                | Action::RemoveClass(_)
                | Action::EditRate(_)
                | Action::SetRateMbps(_)
                | Action::SetPerPair(_)
                | Action::EditMatrix { .. }
                | Action::EditMessage { .. }
                | Action::AddMessage
                | Action::RemoveMessage(_)
                | Action::RunMulti(_)
                | Action::SelectMulti(_)
                | Action::SetTreeMessage(_)
                | Action::StepTreeMessage(_)
        );
        if (self.multi_mode && single_edit) || (!self.multi_mode && multi_edit) {
            // A key of the other model says what to press instead; other actions do nothing.
            if let Action::Run(a) = action {
                self.notice = Some(Notice::info(format!(
                    "{} runs in the one-source models; in the many-source model press w (WRP) or r (FEF, ECF, WR and WRP).",
                    a.title()
                )));
            } else if let Action::RunMulti(a) = action {
                self.notice = Some(Notice::info(format!(
                    "{} runs in the many-source model (choose it in the model menu); here press g, o or r.",
                    a.short()
                )));
            }
            return;
        }
        self.edit_key = edit_key(&action);
        match action {
            Action::SetModel(model) => {
                if self.multi_mode {
                    // Back to the last one-message instance, in the model asked for.
                    let inst = convert_model(&self.instance, model);
                    self.push_undo(self.current());
                    self.multi_mode = false;
                    self.set_instance(inst);
                    self.drafts = Drafts::from_instance(&self.instance);
                    self.notice = Some(Notice::info(format!(
                        "{} model: back to the last one-message instance ({} nodes).",
                        model_title(model),
                        self.instance.len()
                    )));
                    return;
                }
                if model == self.instance.model {
                    return;
                }
                let inst = convert_model(&self.instance, model);
                let text = match model {
                    ModelKind::Node => {
                        "Node model: each cost is the former send time; receive times and latency dropped."
                    }
                    ModelKind::SenderReceiver => {
                        "Sender-receiver model: receive time = send time, latency 0. Edit them in the table."
                    }
                };
                self.load(inst, Notice::info(text));
            }
            Action::UseMulti => {
                if self.multi_mode {
                    return;
                }
                if self.multi_used {
                    // Back to the many-source instance last on screen, with its editor text.
                    self.push_undo(self.current());
                    self.multi_mode = true;
                    self.last_edit_key = None;
                    self.revision += 1;
                    self.notice = Some(Notice::info(format!(
                        "Many-source model: back to the last many-source instance ({}).",
                        instance_words(&self.multi)
                    )));
                    return;
                }
                let m = MultiInstance::from_single(&self.instance);
                let (m, text) = if m.validate().is_ok() && crate::multi::too_large(&m).is_none() {
                    (
                        m,
                        format!(
                            "Many-source model: this instance as one message of 1 byte from {} (S = s, R = r, X = L per byte). The gallery has a 4-message example.",
                            self.instance.label(self.instance.source)
                        ),
                    )
                } else {
                    (
                        crate::multi::default_multi(),
                        "Many-source model: this instance is too large to convert; showing the gallery's 'WRP beats WR'.".to_string(),
                    )
                };
                self.load_multi(m, Notice::info(text));
            }
            Action::LoadMulti { instance, origin } => {
                let check = instance
                    .validate()
                    .map_err(|e| e.to_string())
                    .and_then(|()| crate::multi::too_large(&instance).map_or(Ok(()), Err));
                match check {
                    Ok(()) => {
                        let text = format!(
                            "Loaded {origin}: {}, many-source model.",
                            instance_words(&instance)
                        );
                        self.load_multi(instance, Notice::info(text));
                    }
                    Err(e) => {
                        self.notice = Some(Notice::error(format!(
                            "Could not load {origin}: {e}. The current instance is kept."
                        )))
                    }
                }
            }
            Action::EditClass { class, field, text } => {
                self.multi_drafts.set_class(class, field, text);
                self.multi_drafts.fit_matrix();
                self.try_commit_multi();
            }
            Action::AddClass => {
                let d = &mut self.multi_drafts;
                let mut c = d.classes.last().cloned().unwrap_or(ClassDraft {
                    name: String::new(),
                    count: "1".into(),
                    send_fixed: "100".into(),
                    send_per_byte: "0.001".into(),
                    recv_fixed: "100".into(),
                    recv_per_byte: "0.001".into(),
                });
                c.name = format!("class {}", d.classes.len() + 1);
                c.count = "1".into();
                d.classes.push(c);
                d.fit_matrix();
                self.try_commit_multi();
            }
            Action::RemoveClass(i) => {
                let d = &mut self.multi_drafts;
                if i < d.classes.len() && d.classes.len() > 1 {
                    d.classes.remove(i);
                    d.errors.clear();
                    d.fit_matrix();
                    self.try_commit_multi();
                }
            }
            Action::EditRate(text) => {
                self.multi_drafts.rate = text;
                self.try_commit_multi();
            }
            Action::SetRateMbps(mbps) => {
                if mbps.is_finite() && mbps > 0.0 {
                    let d = &mut self.multi_drafts;
                    d.rate = crate::multi::rate_text(
                        hetcast_core::models::multi::Link::per_byte_of_mbps(mbps),
                    );
                    d.per_pair = false;
                    self.try_commit_multi();
                }
            }
            Action::SetPerPair(on) => {
                let d = &mut self.multi_drafts;
                if on == d.per_pair {
                    return;
                }
                if on {
                    match d.node_count() {
                        Some(n) if n <= crate::multi::MAX_GRID => {
                            d.per_pair = true;
                            d.matrix.clear();
                            d.fit_matrix();
                        }
                        _ => {
                            self.notice = Some(Notice::error(format!(
                                "The grid of per-pair rates is for at most {} nodes; for more, import a JSON file with a \"matrix\" link.",
                                crate::multi::MAX_GRID
                            )));
                            return;
                        }
                    }
                } else {
                    d.per_pair = false;
                }
                self.try_commit_multi();
            }
            Action::EditMatrix { from, to, text } => {
                if let Some(cell) = self
                    .multi_drafts
                    .matrix
                    .get_mut(from)
                    .and_then(|r| r.get_mut(to))
                {
                    *cell = text;
                    self.try_commit_multi();
                }
            }
            Action::EditMessage { msg, field, text } => {
                self.multi_drafts.set_message(msg, field, text);
                self.try_commit_multi();
            }
            Action::AddMessage => {
                let d = &mut self.multi_drafts;
                let size = d
                    .messages
                    .last()
                    .map(|m| m.size.clone())
                    .unwrap_or_else(|| "1024".into());
                d.messages.push(MessageDraft {
                    source: "0".into(),
                    size,
                    dests: "all".into(),
                });
                self.try_commit_multi();
            }
            Action::RemoveMessage(k) => {
                let d = &mut self.multi_drafts;
                if k < d.messages.len() && d.messages.len() > 1 {
                    d.messages.remove(k);
                    d.errors.clear();
                    self.try_commit_multi();
                }
            }
            Action::RunMulti(a) => {
                let row = run_multi(&self.multi, a);
                self.put_multi_row(row);
                self.multi_selected = Some(a);
            }
            Action::SelectMulti(a) => {
                if self.multi_results.iter().any(|r| r.algo == a) {
                    self.multi_selected = Some(a);
                }
            }
            Action::SetTreeMessage(k) => {
                if k < self.multi.messages.len() {
                    self.tree_msg = k;
                }
            }
            Action::StepTreeMessage(d) => {
                let n = self.multi.messages.len() as i64;
                if n > 0 {
                    self.tree_msg = (self.tree_msg as i64 + d as i64).rem_euclid(n) as usize;
                }
            }
            Action::Load { instance, origin } => match instance.validate() {
                Ok(()) => {
                    let text = format!(
                        "Loaded {origin}: {} nodes, {} model.",
                        instance.len(),
                        model_title(instance.model)
                    );
                    self.load(instance, Notice::info(text));
                }
                Err(e) => {
                    self.notice = Some(Notice::error(format!(
                        "Could not load {origin}: {e}. The current instance is kept."
                    )))
                }
            },
            Action::EditNode { node, field, text } => {
                if let Some(d) = self.drafts.nodes.get_mut(node) {
                    match field {
                        NodeField::Name => d.name = text,
                        NodeField::Send => d.send = text,
                        NodeField::Recv => d.recv = text,
                    }
                    self.try_commit();
                }
            }
            Action::EditLatency(text) => {
                self.drafts.latency = text;
                self.try_commit();
            }
            Action::SetSource(v) => {
                if v < self.drafts.nodes.len() {
                    self.drafts.source = v;
                    self.try_commit();
                }
            }
            Action::AddNode => {
                if self.drafts.nodes.len() >= MAX_NODES {
                    self.notice = Some(Notice::error(format!(
                        "The editor holds at most {MAX_NODES} nodes."
                    )));
                    return;
                }
                let mut d = self.drafts.nodes.last().cloned().unwrap_or_default();
                d.name.clear();
                self.drafts.nodes.push(d);
                self.try_commit();
            }
            Action::RemoveNode(v) => {
                if v < self.drafts.nodes.len() && v != self.drafts.source {
                    self.drafts.nodes.remove(v);
                    self.drafts.errors.clear();
                    if self.drafts.source > v {
                        self.drafts.source -= 1;
                    }
                    self.try_commit();
                }
            }
            Action::Run(a) => {
                if let Some(row) = self.run_checked(a) {
                    self.put_row(row);
                    self.selected = Some(a);
                }
            }
            Action::RunAll if self.multi_mode => {
                for a in MultiAlgorithm::ALL.iter().copied() {
                    let row = run_multi(&self.multi, a);
                    self.put_multi_row(row);
                }
                if self.selected_multi().is_none() {
                    self.multi_selected = self.multi_results.last().map(|r| r.algo);
                }
            }
            Action::SelectStep(d) if self.multi_mode => {
                if self.multi_results.is_empty() {
                    return;
                }
                let n = self.multi_results.len() as i64;
                let cur = self
                    .multi_selected
                    .and_then(|a| self.multi_results.iter().position(|r| r.algo == a));
                let next = match cur {
                    Some(i) => (i as i64 + d as i64).rem_euclid(n),
                    None if d >= 0 => 0,
                    None => n - 1,
                };
                self.multi_selected = Some(self.multi_results[next as usize].algo);
            }
            Action::RunAll => {
                for a in Algorithm::ALL.iter().copied() {
                    if let Some(row) = self.run_checked(a) {
                        self.put_row(row);
                    }
                }
                if self.selected_row().is_none() {
                    self.selected = self.results.first().map(|r| r.algo);
                }
            }
            Action::SetSeed(text) => {
                self.seed_error = match text.trim().parse::<u64>() {
                    Ok(_) => None,
                    Err(_) => Some(format!(
                        "'{}' is not a whole number from 0 to {}",
                        text.trim(),
                        u64::MAX
                    )),
                };
                self.seed_text = text;
            }
            Action::Select(a) => {
                if self.results.iter().any(|r| r.algo == a) {
                    self.selected = Some(a);
                }
            }
            Action::SelectStep(d) => {
                if self.results.is_empty() {
                    return;
                }
                let n = self.results.len() as i64;
                let cur = self
                    .selected
                    .and_then(|a| self.results.iter().position(|r| r.algo == a));
                let next = match cur {
                    Some(i) => (i as i64 + d as i64).rem_euclid(n),
                    None if d >= 0 => 0,
                    None => n - 1,
                };
                self.selected = Some(self.results[next as usize].algo);
            }
            Action::SetTab(t) => self.tab = t,
            Action::ToggleHelp => self.help = !self.help,
            Action::CloseHelp => self.help = false,
            Action::ToggleSide => {
                self.side = !self.side;
                if self.side {
                    self.focus = false;
                }
            }
            Action::ToggleFocus => self.focus = !self.focus,
            Action::LeaveFocus => self.focus = false,
            Action::SetViewSize(w, h) => {
                if w.is_finite() && w >= 0.0 && h.is_finite() && h >= 0.0 {
                    self.view_width = w;
                    self.view_height = h;
                }
            }
            Action::ToggleFit => self.fit = !self.fit,
            Action::ToggleTable => self.table_open = !self.table_open,
            Action::Undo if self.editor_has_errors() => {
                // The unfinished (invalid) edit is the last change: undo drops it.
                if self.multi_mode {
                    self.multi_drafts = MultiDrafts::from_instance(&self.multi);
                } else {
                    self.drafts = Drafts::from_instance(&self.instance);
                }
                self.last_edit_key = None;
                self.notice = Some(Notice::info(
                    "Undone: the unfinished edit is dropped; the editor shows the instance in use.",
                ));
            }
            Action::Undo => {
                self.last_edit_key = None;
                if let Some(prev) = self.undo.pop() {
                    let cur = self.current();
                    self.redo.push(cur);
                    self.restore(prev);
                    self.notice = Some(Notice::info("Undone."));
                }
            }
            Action::Redo => {
                self.last_edit_key = None;
                if let Some(next) = self.redo.pop() {
                    let cur = self.current();
                    self.undo.push(cur);
                    self.restore(next);
                    self.notice = Some(Notice::info("Redone."));
                }
            }
            Action::Notify(n) => self.notice = Some(n),
            Action::Dismiss => self.notice = None,
        }
    }

    /// Run `a` unless random selection's seed is invalid (then say so).
    fn run_checked(&mut self, a: Algorithm) -> Option<RunRow> {
        let seed = if a == Algorithm::Random {
            match self.seed() {
                Some(s) => s,
                None => {
                    self.notice =
                        Some(Notice::error("Random selection needs a whole-number seed."));
                    return None;
                }
            }
        } else {
            0
        };
        Some(run_one(&self.instance, a, seed))
    }

    /// Insert or replace the row of `row.algo`, keeping [`Algorithm::ALL`] order.
    fn put_row(&mut self, row: RunRow) {
        let rank = |a: Algorithm| Algorithm::ALL.iter().position(|&x| x == a);
        match self.results.iter_mut().find(|r| r.algo == row.algo) {
            Some(r) => *r = row,
            None => {
                self.results.push(row);
                self.results.sort_by_key(|r| rank(r.algo));
            }
        }
    }

    /// Replace the instance from outside the editor: undoable, drafts reset.
    fn load(&mut self, inst: Instance, notice: Notice) {
        self.commit(inst);
        self.drafts = Drafts::from_instance(&self.instance);
        self.notice = Some(notice);
    }

    /// Commit the drafts when they are valid; otherwise record their errors.
    fn try_commit(&mut self) {
        match self.drafts.build(self.instance.model) {
            Ok(inst) => {
                self.drafts.errors.clear();
                self.drafts.general = None;
                self.commit(inst);
            }
            Err((errors, general)) => {
                self.drafts.errors = errors;
                self.drafts.general = general;
            }
        }
    }

    /// Make `inst` (valid) the instance, remembering the one on screen for undo.
    fn commit(&mut self, inst: Instance) {
        if !self.multi_mode && inst == *self.instance {
            return;
        }
        self.remember_for_undo();
        self.multi_mode = false;
        self.set_instance(inst);
    }

    /// Remember the instance on screen before a commit, unless the commit continues typing in
    /// the field of the last commit (one undo step per field edited, not per keystroke).
    fn remember_for_undo(&mut self) {
        let key = self.edit_key.take();
        if key.is_some() && key == self.last_edit_key {
            self.redo.clear();
        } else {
            self.push_undo(self.current());
        }
        self.last_edit_key = key;
    }

    /// Remember `saved` for undo; a new change forgets what could be redone.
    fn push_undo(&mut self, saved: Saved) {
        self.undo.push(saved);
        if self.undo.len() > UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Put a remembered instance back on screen (undo, redo), with its drafts.
    fn restore(&mut self, saved: Saved) {
        match saved {
            Saved::Single(i) => {
                self.multi_mode = false;
                self.set_instance(i);
                self.drafts = Drafts::from_instance(&self.instance);
            }
            Saved::Multi(m) => {
                self.multi_mode = true;
                self.multi_used = true;
                self.set_multi(m);
                self.multi_drafts = MultiDrafts::from_instance(&self.multi);
            }
        }
    }

    /// Make `m` (valid) the many-source instance on screen, remembering the one on screen.
    fn commit_multi(&mut self, m: MultiInstance) {
        if self.multi_mode && m == *self.multi {
            return;
        }
        self.remember_for_undo();
        self.multi_mode = true;
        self.multi_used = true;
        self.set_multi(m);
    }

    /// Replace the many-source instance from outside the editor: undoable, drafts reset.
    fn load_multi(&mut self, m: MultiInstance, notice: Notice) {
        self.commit_multi(m);
        self.multi_drafts = MultiDrafts::from_instance(&self.multi);
        self.notice = Some(notice);
    }

    /// Commit the many-source drafts when they are valid; otherwise record their errors.
    fn try_commit_multi(&mut self) {
        match self.multi_drafts.build() {
            Ok(m) => {
                self.multi_drafts.errors.clear();
                self.multi_drafts.general = None;
                self.commit_multi(m);
            }
            Err((errors, general)) => {
                self.multi_drafts.errors = errors;
                self.multi_drafts.general = general;
            }
        }
    }

    /// Replace the many-source instance and recompute its bound and every result shown.
    fn set_multi(&mut self, m: MultiInstance) {
        self.multi_lb = Rc::new(lower_bound(&m));
        self.multi = Rc::new(m);
        self.revision += 1;
        if self.tree_msg >= self.multi.messages.len() {
            self.tree_msg = 0;
        }
        let algos: Vec<MultiAlgorithm> = self.multi_results.iter().map(|r| r.algo).collect();
        self.multi_results = algos
            .into_iter()
            .map(|a| run_multi(&self.multi, a))
            .collect();
    }

    /// Insert or replace the row of `row.algo`, keeping [`MultiAlgorithm::ALL`] order.
    fn put_multi_row(&mut self, row: MultiRunRow) {
        let rank = |a: MultiAlgorithm| MultiAlgorithm::ALL.iter().position(|&x| x == a);
        match self.multi_results.iter_mut().find(|r| r.algo == row.algo) {
            Some(r) => *r = row,
            None => {
                self.multi_results.push(row);
                self.multi_results.sort_by_key(|r| rank(r.algo));
            }
        }
    }

    /// Replace the instance and recompute bounds and every result shown.
    fn set_instance(&mut self, inst: Instance) {
        self.bounds = Rc::new(bounds::report(&inst));
        self.instance = Rc::new(inst);
        self.revision += 1;
        let rows: Vec<(Algorithm, u64)> = self.results.iter().map(|r| (r.algo, r.seed)).collect();
        self.results = rows
            .into_iter()
            .map(|(a, seed)| run_one(&self.instance, a, seed))
            .collect();
    }
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        Rc::new(next)
    }
}

/// `inst` in `model`: receive times and latency dropped for the node model; receive time =
/// send time and latency 0 for the sender-receiver model. Unchanged when already in `model`.
pub fn convert_model(inst: &Instance, model: ModelKind) -> Instance {
    let mut inst = inst.clone();
    if inst.model == model {
        return inst;
    }
    inst.model = model;
    inst.latency = 0.0;
    for n in &mut inst.nodes {
        n.recv = match model {
            ModelKind::Node => 0.0,
            ModelKind::SenderReceiver => n.send,
        };
    }
    inst
}

/// Name of a model as shown on screen.
pub fn model_title(m: ModelKind) -> &'static str {
    match m {
        ModelKind::Node => "node",
        ModelKind::SenderReceiver => "sender-receiver",
    }
}

/// The instance shown on a first visit: the first gallery example.
pub fn default_instance() -> Instance {
    hetcast_core::models::overhead::gallery::examples()
        .first()
        .map(|e| (e.build)())
        .unwrap_or_else(|| Instance::node_model(0, &[1.0, 1.0]))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use hetcast_core::models::overhead::gallery;

    fn state() -> AppState {
        AppState::new(gallery::libeskind_hadas_figure1())
    }

    #[test]
    fn invalid_text_keeps_the_last_valid_instance() {
        let mut s = state();
        let before = s.instance.clone();
        s.apply(Action::EditNode {
            node: 2,
            field: NodeField::Send,
            text: "abc".into(),
        });
        assert_eq!(s.instance, before);
        assert_eq!(
            s.drafts.error(FieldId::Node(2, NodeField::Send)),
            Some("'abc' is not a number")
        );
        assert_eq!(s.drafts.nodes[2].send, "abc");
        s.apply(Action::EditNode {
            node: 2,
            field: NodeField::Send,
            text: "-1".into(),
        });
        assert_eq!(s.instance, before);
        let msg = s.drafts.error(FieldId::Node(2, NodeField::Send)).unwrap();
        assert!(msg.contains("negative"), "{msg}");
        s.apply(Action::EditNode {
            node: 2,
            field: NodeField::Send,
            text: "5".into(),
        });
        assert!(s.drafts.is_valid());
        assert_eq!(s.instance.nodes[2].send, 5.0);
        assert_eq!(s.revision, 1);
    }

    #[test]
    fn every_bad_field_is_marked_at_once() {
        let mut s = state();
        s.apply(Action::SetModel(ModelKind::SenderReceiver));
        let before = s.instance.clone();
        s.apply(Action::EditLatency("-1".into()));
        s.apply(Action::EditNode {
            node: 3,
            field: NodeField::Recv,
            text: "0".into(),
        });
        s.apply(Action::EditNode {
            node: 1,
            field: NodeField::Send,
            text: "2e9".into(),
        });
        assert!(s.drafts.error(FieldId::Latency).is_some());
        let recv = s.drafts.error(FieldId::Node(3, NodeField::Recv)).unwrap();
        assert!(recv.contains("zero"), "{recv}");
        let send = s.drafts.error(FieldId::Node(1, NodeField::Send)).unwrap();
        assert!(send.contains("too large"), "{send}");
        // An empty field adds its own mark and keeps the others.
        s.apply(Action::EditNode {
            node: 2,
            field: NodeField::Send,
            text: "".into(),
        });
        assert_eq!(
            s.drafts.error(FieldId::Node(2, NodeField::Send)),
            Some("enter a number")
        );
        assert_eq!(s.drafts.errors.len(), 4);
        assert_eq!(s.instance, before);
        // Fixing one field leaves the other marks in place.
        s.apply(Action::EditLatency("1".into()));
        assert!(s.drafts.error(FieldId::Latency).is_none());
        assert_eq!(s.drafts.errors.len(), 3);
        assert_eq!(s.instance, before);
    }

    #[test]
    fn results_follow_the_instance_and_undo() {
        let mut s = state();
        s.apply(Action::Run(Algorithm::Greedy));
        assert_eq!(s.results[0].time(), Some(10.0));
        assert_eq!(s.selected, Some(Algorithm::Greedy));
        s.apply(Action::Load {
            instance: gallery::liu_figure1(),
            origin: "test".into(),
        });
        assert_eq!(s.results[0].time(), Some(6.0));
        assert_eq!(s.drafts.nodes.len(), 3);
        s.apply(Action::Undo);
        assert_eq!(*s.instance, gallery::libeskind_hadas_figure1());
        assert_eq!(s.results[0].time(), Some(10.0));
        s.apply(Action::Redo);
        assert_eq!(*s.instance, gallery::liu_figure1());
        assert!(!s.can_redo());
    }

    #[test]
    fn removing_and_adding_nodes_keeps_the_source() {
        let mut s = AppState::new(Instance::node_model(2, &[1.0, 2.0, 3.0, 4.0]));
        s.apply(Action::RemoveNode(2));
        assert_eq!(s.instance.len(), 4, "the source cannot be removed");
        s.apply(Action::RemoveNode(0));
        assert_eq!(s.instance.source, 1);
        assert_eq!(s.instance.nodes[1].send, 3.0);
        s.apply(Action::AddNode);
        assert_eq!(s.instance.len(), 4);
        assert_eq!(s.instance.nodes[3].send, 4.0);
        s.apply(Action::RemoveNode(0));
        s.apply(Action::RemoveNode(1));
        s.apply(Action::RemoveNode(1));
        assert!(s.drafts.general.as_deref().unwrap().contains("destination"));
        assert_eq!(s.instance.len(), 2);
    }

    #[test]
    fn model_switch_and_bad_loads() {
        let mut s = state();
        s.apply(Action::SetModel(ModelKind::SenderReceiver));
        assert_eq!(s.instance.model, ModelKind::SenderReceiver);
        assert!(s.instance.validate().is_ok());
        s.apply(Action::EditLatency("x".into()));
        assert!(s.drafts.error(FieldId::Latency).is_some());
        s.apply(Action::EditLatency("2".into()));
        assert_eq!(s.instance.latency, 2.0);
        let before = s.instance.clone();
        s.apply(Action::Load {
            instance: Instance::node_model(0, &[1.0]),
            origin: "bad".into(),
        });
        assert_eq!(s.instance, before);
        assert_eq!(s.notice.as_ref().unwrap().kind, NoticeKind::Error);
    }

    #[test]
    fn run_all_orders_rows_and_reports_refusals() {
        let mut s = state();
        s.apply(Action::SetSeed("x".into()));
        assert!(s.seed_error.is_some());
        s.apply(Action::RunAll);
        assert!(!s.results.iter().any(|r| r.algo == Algorithm::Random));
        s.apply(Action::SetSeed("7".into()));
        s.apply(Action::RunAll);
        let order: Vec<Algorithm> = s.results.iter().map(|r| r.algo).collect();
        assert_eq!(order, Algorithm::ALL.to_vec());
        assert_eq!(s.results[1].seed, 7);
        // Every row either succeeded with a time at least the lower bound, or carries a message.
        for r in &s.results {
            match &r.outcome {
                Ok(ok) => assert!(ok.schedule.completion_time >= s.bounds.lower_bound - 1e-9),
                Err(m) => assert!(!m.is_empty()),
            }
        }
        s.apply(Action::SelectStep(-1));
        assert_eq!(s.selected, Some(Algorithm::ALL[4]));
        s.apply(Action::SelectStep(1));
        assert_eq!(s.selected, Some(Algorithm::ALL[0]));
    }

    #[test]
    fn many_source_model_switch_edit_run_and_undo() {
        use crate::multi::{ClassField, MultiField};
        let mut s = state();
        s.apply(Action::UseMulti);
        assert!(s.multi_mode);
        // The node instance as one message from its source to every other node.
        assert_eq!(s.multi.node_count(), 12);
        assert_eq!(s.multi.messages.len(), 1);
        assert_eq!(s.multi.messages[0].destinations.len(), 11);
        // Single-model edits do nothing while the many-source model is on screen.
        let before = s.multi.clone();
        s.apply(Action::AddNode);
        assert_eq!(s.multi, before);
        s.apply(Action::LoadMulti {
            instance: hetcast_core::models::multi::gallery::wrp_beats_wr(),
            origin: "gallery".into(),
        });
        assert_eq!(s.multi.node_count(), 8);
        s.apply(Action::RunAll);
        assert_eq!(s.multi_results.len(), 4);
        assert_eq!(s.multi_selected, Some(MultiAlgorithm::Wrp));
        for r in &s.multi_results {
            assert!(r.time().unwrap() >= s.multi_lb.value - 1e-9);
        }
        let wrp = s.multi_results[3].time().unwrap();
        // A bad value is marked and changes nothing; a good one is committed and rerun.
        s.apply(Action::EditClass {
            class: 1,
            field: ClassField::SendFixed,
            text: "-2".into(),
        });
        assert!(s
            .multi_drafts
            .error(MultiField::Class(1, ClassField::SendFixed))
            .is_some());
        assert_eq!(s.multi_results[3].time(), Some(wrp));
        s.apply(Action::EditClass {
            class: 1,
            field: ClassField::SendFixed,
            text: "3".into(),
        });
        s.apply(Action::EditClass {
            class: 0,
            field: ClassField::SendFixed,
            text: "10".into(),
        });
        assert!(s.multi_drafts.is_valid());
        assert_eq!(s.multi.classes[0].send.fixed, 10.0);
        assert!(s.multi_results[3].time().unwrap() > wrp);
        // Undo goes back through the edit, the load and the model switch.
        s.apply(Action::Undo);
        assert_eq!(s.multi_results[3].time(), Some(wrp));
        s.apply(Action::Undo);
        s.apply(Action::Undo);
        assert!(!s.multi_mode);
        assert_eq!(*s.instance, gallery::libeskind_hadas_figure1());
        s.apply(Action::Redo);
        assert!(s.multi_mode);
        // Back to the node model: the last one-message instance.
        s.apply(Action::SetModel(ModelKind::SenderReceiver));
        assert!(!s.multi_mode);
        assert_eq!(s.instance.model, ModelKind::SenderReceiver);
        assert_eq!(s.instance.len(), 12);
        // A saved many-source instance comes back in its model.
        let saved =
            Saved::from_json(&hetcast_core::models::multi::gallery::wrp_beats_wr().to_json())
                .unwrap();
        let s2 = AppState::from_saved(saved);
        assert!(s2.multi_mode && s2.multi.messages.len() == 4);
    }

    #[test]
    fn undo_steps_are_per_field_and_an_unfinished_edit_is_undone_first() {
        use crate::multi::ClassField;
        let mut s = state();
        s.apply(Action::UseMulti);
        s.apply(Action::LoadMulti {
            instance: hetcast_core::models::multi::gallery::wrp_beats_wr(),
            origin: "gallery".into(),
        });
        let edit = |s: &mut AppState, class, text: &str| {
            s.apply(Action::EditClass {
                class,
                field: ClassField::SendFixed,
                text: text.into(),
            })
        };
        // Typing "1", "12", "125" in one field is one undo step.
        for t in ["1", "12", "125"] {
            edit(&mut s, 0, t);
        }
        assert_eq!(s.multi.classes[0].send.fixed, 125.0);
        edit(&mut s, 1, "7");
        assert_eq!(s.multi.classes[1].send.fixed, 7.0);
        // An unfinished edit (invalid text) is what the first undo drops ...
        edit(&mut s, 1, "7x");
        assert!(s.editor_has_errors());
        s.apply(Action::Undo);
        assert!(!s.editor_has_errors());
        assert_eq!(s.multi_drafts.classes[1].send_fixed, "7");
        assert_eq!(s.multi.classes[1].send.fixed, 7.0);
        // ... then one undo per field edited.
        s.apply(Action::Undo);
        assert_eq!(s.multi.classes[1].send.fixed, 3.0);
        assert_eq!(s.multi.classes[0].send.fixed, 125.0);
        s.apply(Action::Undo);
        assert_eq!(
            s.multi,
            Rc::new(hetcast_core::models::multi::gallery::wrp_beats_wr())
        );
        // After an undo, typing in the same field starts a new step.
        edit(&mut s, 0, "2");
        edit(&mut s, 0, "20");
        s.apply(Action::Undo);
        assert_eq!(s.multi.classes[0].send.fixed, 1.0);
    }

    #[test]
    fn the_many_source_instance_survives_a_trip_to_the_node_model() {
        use crate::multi::MsgField;
        let mut s = state();
        s.apply(Action::UseMulti);
        s.apply(Action::LoadMulti {
            instance: hetcast_core::models::multi::gallery::wrp_beats_wr(),
            origin: "gallery".into(),
        });
        // An unfinished edit too: nothing the user typed is lost.
        s.apply(Action::EditMessage {
            msg: 0,
            field: MsgField::Dests,
            text: "1-".into(),
        });
        s.apply(Action::SetModel(ModelKind::Node));
        assert!(!s.multi_mode);
        s.apply(Action::UseMulti);
        assert!(s.multi_mode);
        assert_eq!(
            s.multi,
            Rc::new(hetcast_core::models::multi::gallery::wrp_beats_wr())
        );
        assert_eq!(s.multi_drafts.messages[0].dests, "1-");
        assert!(s.notice.as_ref().unwrap().text.contains("4 messages"));
        // The one-source keys say what to press instead.
        s.apply(Action::Run(Algorithm::Greedy));
        assert!(s.notice.as_ref().unwrap().text.contains("press w"));
        // A reloaded many-source instance shows its own text in the editor.
        let mut m = hetcast_core::models::multi::gallery::wrp_beats_wr();
        m.classes[0].send.fixed = 77.0;
        let s2 = AppState::from_saved(Saved::Multi(m));
        assert_eq!(s2.multi_drafts.classes[0].send_fixed, "77");
    }

    #[test]
    fn bandwidth_presets_read_as_bandwidths() {
        let mut s = state();
        s.apply(Action::UseMulti);
        s.apply(Action::SetRateMbps(155.0));
        assert_eq!(s.multi_drafts.rate, "155 Mbps");
        assert_eq!(
            s.multi.link,
            hetcast_core::models::multi::Link::PerByte(8.0 / 155.0)
        );
        s.apply(Action::EditRate("1 gbps".into()));
        assert_eq!(
            s.multi.link,
            hetcast_core::models::multi::Link::PerByte(0.008)
        );
        s.apply(Action::EditRate("0.01".into()));
        assert_eq!(
            s.multi.link,
            hetcast_core::models::multi::Link::PerByte(0.01)
        );
        s.apply(Action::EditRate("inf".into()));
        assert!(s.editor_has_errors());
        assert_eq!(
            s.multi.link,
            hetcast_core::models::multi::Link::PerByte(0.01)
        );
    }

    #[test]
    fn many_source_loads_that_are_invalid_or_too_large_are_refused() {
        let mut s = state();
        s.apply(Action::UseMulti);
        let before = s.multi.clone();
        let mut bad = hetcast_core::models::multi::gallery::wrp_beats_wr();
        bad.messages[0].destinations.push(0);
        s.apply(Action::LoadMulti {
            instance: bad,
            origin: "bad.json".into(),
        });
        assert_eq!(s.multi, before);
        assert!(s.notice.as_ref().unwrap().text.contains("also listed"));
        let mut big = hetcast_core::models::multi::gallery::wrp_beats_wr();
        big.classes[0].count = 400;
        s.apply(Action::LoadMulti {
            instance: big,
            origin: "big.json".into(),
        });
        assert_eq!(s.multi, before);
        assert!(s
            .notice
            .as_ref()
            .unwrap()
            .text
            .contains(&format!("at most {}", crate::multi::MAX_NODES)));
        s.apply(Action::StepTreeMessage(-1));
        assert_eq!(s.tree_msg, 0, "one message: stays at m0");
    }
}
