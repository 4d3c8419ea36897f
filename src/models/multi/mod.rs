//! The many-source model (paper 001) in the app: the state on screen ([`MultiState`]), its
//! actions ([`MultiAction`]) and their reducer, the runs of its algorithms ([`MultiRunRow`]);
//! the editor's text, the editor, generator, results and views are in the submodules.
//!
//! As with the other models, every field keeps its text as typed; an edit is committed only
//! when every field parses and the instance validates, so the last valid instance stays in use.

pub mod drafts;
pub mod editor;
pub mod generators;
pub mod link_graph;
pub mod plan_edit;
pub mod results;
pub mod runner;
mod screen;
pub mod text;
pub mod views;

use std::rc::Rc;

use hetcast_core::catalog::Catalog;
use hetcast_core::models::multi::algo::lower_bound::{lower_bound, LowerBound};
use hetcast_core::models::multi::instance::instance_words;
use hetcast_core::models::multi::{
    Link, MultiAlgorithm, MultiInstance, MultiSchedule, MultiSolution,
};
use hetcast_core::AnyInstance;

use self::drafts::{ClassDraft, ClassField, MessageDraft, MsgField, MultiDrafts};
use crate::models::{marked, Reply, Results, Row};
use crate::state::Notice;

/// Largest matrix of per-pair rates the editor shows as a grid.
pub const MAX_GRID: usize = 12;

pub use hetcast_core::models::multi::{
    app_refusal as too_large, APP_MAX_TRANSFERS as MAX_TRANSFERS,
};

/// A successful many-source run: the task lists and their simulated schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct MultiRunOk {
    /// The algorithm's task lists and steps.
    pub solution: MultiSolution,
    /// Their times, from the simulator (never the algorithm's own predictions).
    pub schedule: MultiSchedule,
}

/// One row of the many-source results table.
#[derive(Clone, Debug, PartialEq)]
pub struct MultiRunRow {
    /// Which algorithm.
    pub algo: MultiAlgorithm,
    /// The result, or the error message.
    pub outcome: Result<MultiRunOk, String>,
    /// A plan imported from a file (the edited row), not a run of `algo`.
    pub edited: bool,
}

impl Row for MultiRunRow {
    type Algo = MultiAlgorithm;

    fn algo(&self) -> MultiAlgorithm {
        self.algo
    }

    fn time(&self) -> Option<f64> {
        MultiRunRow::time(self)
    }

    fn name(&self) -> String {
        self.label().to_string()
    }

    fn fmt_time(t: f64) -> String {
        hetcast_core::units::fmt_us(t)
    }

    fn plan_json(&self) -> Option<serde_json::Value> {
        let ok = self.outcome.as_ref().ok()?;
        serde_json::to_value(&ok.solution.plan).ok()
    }

    fn is_edited(&self) -> bool {
        self.edited
    }
}

impl MultiRunRow {
    /// The row's name in captions and headings: the algorithm's abbreviation ("WRP"), or
    /// "Edited plan".
    pub fn label(&self) -> &'static str {
        if self.edited {
            crate::plan_import::EDITED_TITLE
        } else {
            self.algo.short()
        }
    }

    /// The completion time, when the run succeeded.
    pub fn time(&self) -> Option<f64> {
        self.outcome
            .as_ref()
            .ok()
            .map(|r| r.schedule.completion_time)
    }
}

/// The many-source instance shown when the model is first chosen: the gallery's
/// "WRP beats WR".
pub fn default_multi() -> MultiInstance {
    hetcast_core::models::multi::gallery::wrp_beats_wr()
}

/// The keys of the many-source model, as (key, meaning) for the help.
pub const KEYS: &[(&str, &str)] = &[
    ("w", "run WRP (many-source model)"),
    ("m", "tree of the next message (many-source model)"),
];

/// The action of key `key`, if it is one of [`KEYS`].
pub fn key_action(key: &str) -> Option<MultiAction> {
    match key {
        "w" => Some(MultiAction::Run(MultiAlgorithm::Wrp)),
        "m" => Some(MultiAction::StepTreeMessage(1)),
        _ => None,
    }
}

/// The model on screen, as the shell's list of models ([`crate::models::ModelState`]) names it.
pub type State = MultiState;
/// What can be done to it, as the shell's list of models names it.
pub type Action = MultiAction;

/// What can be done to a many-source instance and its results.
#[derive(Clone, Debug, PartialEq)]
pub enum MultiAction {
    /// Edit a field of a class row.
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
    /// Run one algorithm.
    Run(MultiAlgorithm),
    /// Select a result row.
    Select(MultiAlgorithm),
    /// Show the tree of message `0`.
    SetTreeMessage(usize),
    /// Show the tree of the next (+1) or previous (-1) message.
    StepTreeMessage(i32),
    /// Stop the runs in the web workers.
    Cancel,
    /// A message of a web worker about request `index` of run `job`.
    Worker {
        /// The run.
        job: u32,
        /// Which of its pending algorithms.
        index: usize,
        /// What the worker said.
        message: hetcast_worker::Message,
    },
}

impl MultiAction {
    /// The text field the action types into, as a key (`None` when it is not typing).
    pub fn edit_key(&self) -> Option<String> {
        Some(match self {
            MultiAction::EditClass { class, field, .. } => format!("class {class} {field:?}"),
            MultiAction::EditRate(_) => "rate".into(),
            MultiAction::EditMatrix { from, to, .. } => format!("matrix {from} {to}"),
            MultiAction::EditMessage { msg, field, .. } => format!("message {msg} {field:?}"),
            _ => return None,
        })
    }
}

/// The answer to a many-source action while a one-source model is on screen: a run key says
/// what to press instead; other actions do nothing.
pub fn elsewhere(action: &MultiAction) -> Reply {
    match action {
        MultiAction::Run(a) => Reply::say(Notice::info(format!(
            "{} runs in the many-source model (choose it in the model menu); here press g, o or r.",
            a.short()
        ))),
        _ => Reply::default(),
    }
}

/// What a loaded instance is, for the notice ("8 nodes, 4 messages, many-source model"), or
/// why it is refused (invalid, or too large for the app).
pub fn describe(inst: &MultiInstance) -> Result<String, String> {
    inst.validate().map_err(|e| e.to_string())?;
    if let Some(why) = too_large(inst) {
        return Err(why);
    }
    Ok(format!("{}, many-source model", instance_words(inst)))
}

/// The notice when the model menu brings the model on screen (see [`crate::models::welcome`]).
pub fn welcome(inst: &MultiInstance, first: bool) -> String {
    if first {
        "Many-source model (Wu et al.): the first gallery example. Press r to run FEF, ECF, WR and WRP.".into()
    } else {
        format!(
            "Many-source model: back to the last many-source instance ({}).",
            instance_words(inst)
        )
    }
}

/// What the model makes of another model's instance `from` the first time it is chosen
/// ([`crate::models::adopt`]): a one-source instance as one message ([`adopted`]).
pub fn adopt(from: &AnyInstance) -> Option<(AnyInstance, String)> {
    let converted = hetcast_core::registry::convert(from, hetcast_core::ModelId::Multi);
    let Some(AnyInstance::Multi(m)) = converted else {
        return None;
    };
    let (m, text) = adopted(m);
    Some((m.into(), text))
}

/// The many-source instance the model menu makes of a one-source instance, `m` as the core
/// converts it ([`hetcast_core::registry::convert`]: one message of 1 byte from its source to
/// every other node, one class per node named after it), or the gallery's 'WRP beats WR' when
/// it is too large for the app; and the notice saying so.
pub fn adopted(m: MultiInstance) -> (MultiInstance, String) {
    if m.validate().is_ok() && too_large(&m).is_none() {
        let source = m.messages.first().map_or(0, |msg| msg.source);
        let name = m
            .class_of(source)
            .map_or_else(|| m.label(source), |c| m.classes[c].name.clone());
        let text = format!(
            "Many-source model: this instance as one message of 1 byte from {name} (S = s, R = r, X = L per byte). The gallery has a 4-message example."
        );
        (m, text)
    } else {
        (
            default_multi(),
            "Many-source model: this instance is too large to convert; showing the gallery's 'WRP beats WR'.".to_string(),
        )
    }
}

/// The many-source model on screen: its instance, editor text, lower bound and results.
#[derive(Clone, Debug, PartialEq)]
pub struct MultiState {
    /// The last valid instance.
    pub instance: Rc<MultiInstance>,
    /// Its idealised lower bound.
    pub lb: Rc<LowerBound>,
    /// The editor's text.
    pub drafts: MultiDrafts,
    /// Results on `instance`, in [`MultiAlgorithm`] list order, and the selected one.
    pub results: Results<MultiRunRow>,
    /// The message whose tree the Tree view shows.
    pub tree_msg: usize,
    /// The algorithms running in web workers ([`runner`]).
    pub runs: crate::models::worker_runs::WorkerRuns<MultiAlgorithm>,
}

impl MultiState {
    /// A fresh state showing `inst` (an invalid one is replaced by [`default_multi`]).
    pub fn new(inst: MultiInstance) -> MultiState {
        let inst = if inst.validate().is_ok() {
            inst
        } else {
            default_multi()
        };
        MultiState {
            lb: Rc::new(lower_bound(&inst)),
            drafts: MultiDrafts::from_instance(&inst),
            instance: Rc::new(inst),
            results: Results::default(),
            tree_msg: 0,
            runs: Default::default(),
        }
    }

    /// The editor shows the instance in use again.
    pub fn reset_drafts(&mut self) {
        self.drafts = MultiDrafts::from_instance(&self.instance);
    }

    /// Put `m` on screen without an undo step; results rerun, editor reset.
    pub fn restore(&mut self, m: MultiInstance) {
        self.set_instance(m);
        self.reset_drafts();
    }

    /// Replace the instance from outside the editor (gallery, import, generator).
    pub fn load(&mut self, m: MultiInstance) -> Reply {
        let reply = self.commit(m);
        self.reset_drafts();
        reply
    }

    /// Run every algorithm (in web workers); the last one is selected when none was.
    pub fn run_all(&mut self) -> Reply {
        let last = MultiAlgorithm::ALL.last().copied();
        let follow = if self.results.selected_row().is_none() {
            self.results.selected.or(last)
        } else {
            None
        };
        crate::models::worker_runs::run(self, MultiAlgorithm::ALL, follow);
        Reply::default()
    }

    /// Apply `action`.
    pub fn apply(&mut self, action: MultiAction) -> Reply {
        let d = &mut self.drafts;
        match action {
            MultiAction::EditClass { class, field, text } => {
                d.set_class(class, field, text);
                d.fit_matrix();
            }
            MultiAction::AddClass => {
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
            }
            MultiAction::RemoveClass(i) => {
                if i >= d.classes.len() || d.classes.len() <= 1 {
                    return Reply::default();
                }
                d.classes.remove(i);
                d.errors.clear();
                d.fit_matrix();
            }
            MultiAction::EditRate(text) => d.rate = text,
            MultiAction::SetRateMbps(mbps) => {
                if !(mbps.is_finite() && mbps > 0.0) {
                    return Reply::default();
                }
                d.rate = text::rate_text(Link::per_byte_of_mbps(mbps));
                d.per_pair = false;
            }
            MultiAction::SetPerPair(on) => {
                if on == d.per_pair {
                    return Reply::default();
                }
                if on {
                    match d.node_count() {
                        Some(n) if n <= MAX_GRID => {
                            d.per_pair = true;
                            d.matrix.clear();
                            d.fit_matrix();
                        }
                        _ => {
                            return Reply::say(Notice::error(format!(
                                "The grid of per-pair rates is for at most {MAX_GRID} nodes; for more, import a JSON file with a \"matrix\" link."
                            )))
                        }
                    }
                } else {
                    d.per_pair = false;
                }
            }
            MultiAction::EditMatrix { from, to, text } => {
                match d.matrix.get_mut(from).and_then(|r| r.get_mut(to)) {
                    Some(cell) => *cell = text,
                    None => return Reply::default(),
                }
            }
            MultiAction::EditMessage { msg, field, text } => d.set_message(msg, field, text),
            MultiAction::AddMessage => {
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
            }
            MultiAction::RemoveMessage(k) => {
                if k >= d.messages.len() || d.messages.len() <= 1 {
                    return Reply::default();
                }
                d.messages.remove(k);
                d.errors.clear();
            }
            MultiAction::Run(a) => {
                crate::models::worker_runs::run(self, &[a], Some(a));
                return Reply::default();
            }
            MultiAction::Cancel => {
                return Reply::cancelled(self.runs.cancel());
            }
            MultiAction::Worker {
                job,
                index,
                message,
            } => {
                crate::models::worker_runs::on_worker(self, job, index, message);
                return Reply::default();
            }
            MultiAction::Select(a) => {
                self.results.select(a);
                return Reply::default();
            }
            MultiAction::SetTreeMessage(k) => {
                if k < self.instance.messages.len() {
                    self.tree_msg = k;
                }
                return Reply::default();
            }
            MultiAction::StepTreeMessage(step) => {
                let n = self.instance.messages.len() as i64;
                if n > 0 {
                    self.tree_msg = (self.tree_msg as i64 + step as i64).rem_euclid(n) as usize;
                }
                return Reply::default();
            }
        }
        self.try_commit()
    }

    /// Commit the drafts when they are valid; otherwise record their errors.
    fn try_commit(&mut self) -> Reply {
        let d = &mut self.drafts;
        match marked(d.build(), &mut d.errors, &mut d.general) {
            Some(inst) => self.commit(inst),
            None => Reply::default(),
        }
    }

    /// Make `m` (valid) the instance; the reply carries the one it replaces.
    fn commit(&mut self, m: MultiInstance) -> Reply {
        if m == *self.instance {
            return Reply::default();
        }
        let before = AnyInstance::Multi((*self.instance).clone());
        self.set_instance(m);
        Reply::replaced(before)
    }

    /// Replace the instance and recompute its bound and every result shown.
    fn set_instance(&mut self, m: MultiInstance) {
        self.lb = Rc::new(lower_bound(&m));
        self.instance = Rc::new(m);
        if self.tree_msg >= self.instance.messages.len() {
            self.tree_msg = 0;
        }
        crate::models::worker_runs::rerun(self);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use hetcast_core::models::multi::simulate_multi;

    /// WRP runs in the web worker (answered here by the worker's code); its row's times are
    /// the simulator's, and it is selected once it comes.
    #[test]
    fn runs_use_the_simulator() {
        let inst = default_multi();
        let mut s = crate::state::AppState::new(inst.clone());
        s.apply(MultiAction::Run(MultiAlgorithm::Wrp));
        let running = |s: &crate::state::AppState| match &s.model {
            crate::models::ModelState::Multi(m) => m.running().collect::<Vec<_>>(),
            _ => unreachable!("the many-source model is on screen"),
        };
        assert_eq!(running(&s), [MultiAlgorithm::Wrp]);
        s.answer_workers();
        assert!(running(&s).is_empty());
        let crate::models::ModelState::Multi(m) = &s.model else {
            unreachable!("the many-source model is on screen")
        };
        assert_eq!(m.results.selected, Some(MultiAlgorithm::Wrp));
        let row = &m.results.rows[0];
        let ok = row.outcome.as_ref().unwrap();
        assert_eq!(
            ok.schedule,
            simulate_multi(&inst, &MultiAlgorithm::Wrp.run(&inst).unwrap()).unwrap()
        );
        assert!(row.time().unwrap() > 0.0);
    }
}
