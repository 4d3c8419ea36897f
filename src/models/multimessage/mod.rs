//! The multimessage model (Gonzalez, paper 003) in the app: the state on screen ([`MmState`]),
//! its actions ([`MmAction`]) and their reducer, the runs of its algorithms ([`MmRunRow`]);
//! the editor's text, the editor, the results and the views are in the submodules.
//!
//! As with the other models, every field keeps its text as typed; an edit is committed only
//! when every field parses and the instance validates.

pub mod drafts;
pub mod editor;
pub mod results;
pub mod runner;
mod screen;
pub mod views;

use std::rc::Rc;

use hetcast_core::catalog::Catalog;
use hetcast_core::models::multimessage::view::instance_words;
use hetcast_core::models::multimessage::{
    simulate, MmAlgorithm, MmInstance, MmPlan, MmSchedule, MmSolution, Transmission,
    APP_MAX_PROCESSORS,
};
use hetcast_core::AnyInstance;

use self::drafts::{MmDrafts, MsgDraft, MsgField};
use crate::models::{marked, Reply, Results, Row};
use crate::state::Notice;

/// Most transfers (destinations over all messages) the app runs.
pub const APP_MAX_TRANSFERS: usize = 4096;

/// Why the app will not take `inst` (too large for a browser tab), if it will not.
pub fn too_large(inst: &MmInstance) -> Option<String> {
    if inst.processors > APP_MAX_PROCESSORS {
        Some(format!(
            "{} processors: the app runs at most {APP_MAX_PROCESSORS} (the command line takes more)",
            inst.processors
        ))
    } else if inst.transfers() > APP_MAX_TRANSFERS {
        Some(format!(
            "{} transfers: the app runs at most {APP_MAX_TRANSFERS} (the command line takes more)",
            inst.transfers()
        ))
    } else {
        None
    }
}

/// A successful run: the schedule and its check.
#[derive(Clone, Debug, PartialEq)]
pub struct MmRunOk {
    /// The algorithm's schedule and steps.
    pub solution: MmSolution,
    /// The checked schedule (its step count comes from the checker).
    pub schedule: MmSchedule,
}

/// One row of the results table.
#[derive(Clone, Debug, PartialEq)]
pub struct MmRunRow {
    /// Which algorithm.
    pub algo: MmAlgorithm,
    /// The result, or the error message.
    pub outcome: Result<MmRunOk, String>,
    /// A schedule imported from a file (the edited row), not a run of `algo`.
    pub edited: bool,
}

impl Row for MmRunRow {
    type Algo = MmAlgorithm;

    fn algo(&self) -> MmAlgorithm {
        self.algo
    }

    fn time(&self) -> Option<f64> {
        MmRunRow::time(self)
    }

    fn name(&self) -> String {
        self.label().to_string()
    }

    fn fmt_time(t: f64) -> String {
        steps_text(t)
    }

    fn plan_json(&self) -> Option<serde_json::Value> {
        let ok = self.outcome.as_ref().ok()?;
        serde_json::to_value(&ok.solution.plan).ok()
    }

    fn is_edited(&self) -> bool {
        self.edited
    }
}

/// "3 steps", "1 step".
pub fn steps_text(t: f64) -> String {
    let n = t.round() as i64;
    format!("{n} step{}", if n == 1 { "" } else { "s" })
}

impl MmRunRow {
    /// The row's name: the algorithm's title, or "Edited plan".
    pub fn label(&self) -> &'static str {
        if self.edited {
            crate::plan_import::EDITED_TITLE
        } else {
            self.algo.title()
        }
    }

    /// The number of steps, when the run succeeded.
    pub fn time(&self) -> Option<f64> {
        self.outcome.as_ref().ok().map(|r| r.schedule.steps as f64)
    }
}

/// The instance shown when the model is first chosen: Gonzalez's Example 1.1.
pub fn default_mm() -> MmInstance {
    hetcast_core::models::multimessage::gallery::example_1_1()
}

/// The model's own keys (none: r, j, k and the shell's keys serve it).
pub const KEYS: &[(&str, &str)] = &[];

/// The action of key `key`: none of its own.
pub fn key_action(_key: &str) -> Option<MmAction> {
    None
}

/// The model on screen, as the shell's list of models ([`crate::models::ModelState`]) names it.
pub type State = MmState;
/// What can be done to it, as the shell's list of models names it.
pub type Action = MmAction;

/// What can be done to a multimessage instance and its results.
#[derive(Clone, Debug, PartialEq)]
pub enum MmAction {
    /// Edit the number of processors.
    EditProcessors(String),
    /// Edit a field of a message row.
    EditMessage {
        /// Row.
        msg: usize,
        /// Field.
        field: MsgField,
        /// New text.
        text: String,
    },
    /// Append a message (from P1 to P2).
    AddMessage,
    /// Remove a message row.
    RemoveMessage(usize),
    /// Run one algorithm.
    Run(MmAlgorithm),
    /// Select a result row.
    Select(MmAlgorithm),
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

impl MmAction {
    /// The text field the action types into, as a key (`None` when it is not typing).
    pub fn edit_key(&self) -> Option<String> {
        Some(match self {
            MmAction::EditProcessors(_) => "processors".into(),
            MmAction::EditMessage { msg, field, .. } => format!("mm message {msg} {field:?}"),
            _ => return None,
        })
    }
}

/// The answer to a multimessage action while another model is on screen.
pub fn elsewhere(action: &MmAction) -> Reply {
    match action {
        MmAction::Run(a) => Reply::say(Notice::info(format!(
            "{} runs in the multimessage model (choose it in the model menu).",
            a.title()
        ))),
        _ => Reply::default(),
    }
}

/// The notice when the model menu brings the model on screen (see [`crate::models::welcome`]).
pub fn welcome(_inst: &MmInstance, first: bool) -> String {
    if first {
        "Multimessage model (Gonzalez): Example 1.1 of the paper. Press r to run the four algorithms.".into()
    } else {
        "Multimessage model: back to the last multimessage instance.".into()
    }
}

/// What the model makes of another model's instance the first time it is chosen
/// ([`crate::models::adopt`]): nothing, it opens its first example.
pub fn adopt(_from: &AnyInstance) -> Option<(AnyInstance, String)> {
    None
}

/// What a loaded instance is, for the notice, or why it is refused.
pub fn describe(inst: &MmInstance) -> Result<String, String> {
    inst.validate().map_err(|e| e.to_string())?;
    if let Some(why) = too_large(inst) {
        return Err(why);
    }
    Ok(format!("{}, multimessage model", instance_words(inst)))
}

/// The multimessage model on screen: its instance, editor text and results.
#[derive(Clone, Debug, PartialEq)]
pub struct MmState {
    /// The last valid instance.
    pub instance: Rc<MmInstance>,
    /// The editor's text.
    pub drafts: MmDrafts,
    /// Results on `instance`, in [`MmAlgorithm`] list order, and the selected one.
    pub results: Results<MmRunRow>,
    /// The algorithms running in web workers ([`runner`]).
    pub runs: crate::models::worker_runs::WorkerRuns<MmAlgorithm>,
}

impl MmState {
    /// A fresh state showing `inst` (an invalid or too large one is replaced by
    /// [`default_mm`]).
    pub fn new(inst: MmInstance) -> MmState {
        let inst = if describe(&inst).is_ok() {
            inst
        } else {
            default_mm()
        };
        MmState {
            drafts: MmDrafts::from_instance(&inst),
            instance: Rc::new(inst),
            results: Results::default(),
            runs: Default::default(),
        }
    }

    /// The editor shows the instance in use again.
    pub fn reset_drafts(&mut self) {
        self.drafts = MmDrafts::from_instance(&self.instance);
    }

    /// Put `m` on screen without an undo step; results rerun, editor reset.
    pub fn restore(&mut self, m: MmInstance) {
        self.set_instance(m);
        self.reset_drafts();
    }

    /// Replace the instance from outside the editor (gallery, import).
    pub fn load(&mut self, m: MmInstance) -> Reply {
        let reply = self.commit(m);
        self.reset_drafts();
        reply
    }

    /// Run every algorithm; the first one is selected when none was. One past its size limit
    /// ([`MmAlgorithm::refusal`]) is skipped, and said so.
    pub fn run_all(&mut self) -> Reply {
        let mut skipped = Vec::new();
        let mut algos = Vec::new();
        for a in MmAlgorithm::ALL.iter().copied() {
            match a.refusal(&self.instance) {
                Some(e) => skipped.push((a.title(), e)),
                None => algos.push(a),
            }
        }
        let follow = if self.results.selected_row().is_none() {
            self.results.selected.or(algos.first().copied())
        } else {
            None
        };
        crate::models::worker_runs::run(self, &algos, follow);
        Reply {
            replaced: None,
            notice: crate::models::skipped_notice(&skipped),
        }
    }

    /// Check a schedule read from a file (`{"steps": [...]}` or a `hetcast run` output): it
    /// becomes the edited row, or the checker's message is said.
    pub fn import_plan(&mut self, name: &str, text: &str) -> Reply {
        let parsed = serde_json::from_str::<serde_json::Value>(text)
            .map_err(|e| format!("malformed plan: {e}"))
            .and_then(|v| {
                let steps = match (v.get("schedule"), v.get("steps")) {
                    (Some(s), _) => s.clone(),
                    (_, Some(s)) => s.clone(),
                    _ => return Err(
                        "malformed plan: expected {\"steps\": [...]} or the output of hetcast run"
                            .to_string(),
                    ),
                };
                hetcast_core::error::from_value::<Vec<Vec<Transmission>>>(&steps)
                    .map_err(|e| format!("malformed plan: {e}"))
            });
        let steps = match parsed {
            Ok(s) => s,
            Err(e) => return Reply::say(Notice::error(format!("Could not import {name}: {e}"))),
        };
        let plan = MmPlan { steps };
        match simulate(&self.instance, &plan) {
            Ok(schedule) => {
                let t = schedule.steps;
                self.results.put_edited(MmRunRow {
                    algo: MmAlgorithm::Gonzalez,
                    outcome: Ok(MmRunOk {
                        solution: MmSolution {
                            plan,
                            trace: Vec::new(),
                            exact: false,
                            gonzalez: None,
                        },
                        schedule,
                    }),
                    edited: true,
                });
                Reply::say(Notice::info(format!(
                    "Imported {name}: {}.",
                    steps_text(t as f64)
                )))
            }
            Err(e) => Reply::say(Notice::error(format!("Could not import {name}: {e}"))),
        }
    }

    /// Apply `action`.
    pub fn apply(&mut self, action: MmAction) -> Reply {
        let d = &mut self.drafts;
        match action {
            MmAction::EditProcessors(text) => d.processors = text,
            MmAction::EditMessage { msg, field, text } => d.set_message(msg, field, text),
            MmAction::AddMessage => {
                let taken: Vec<&str> = d.messages.iter().map(|m| m.name.trim()).collect();
                let name = (0..)
                    .map(hetcast_core::models::multimessage::generate::message_name)
                    .find(|n| !taken.contains(&n.as_str()))
                    .unwrap_or_default();
                d.messages.push(MsgDraft {
                    name,
                    source: "1".into(),
                    dests: "2".into(),
                });
            }
            MmAction::RemoveMessage(k) => {
                if k >= d.messages.len() {
                    return Reply::default();
                }
                d.messages.remove(k);
                d.errors.clear();
            }
            MmAction::Run(a) => {
                crate::models::worker_runs::run(self, &[a], Some(a));
                return Reply::default();
            }
            MmAction::Cancel => {
                return Reply::cancelled(self.runs.cancel());
            }
            MmAction::Worker {
                job,
                index,
                message,
            } => {
                crate::models::worker_runs::on_worker(self, job, index, message);
                return Reply::default();
            }
            MmAction::Select(a) => {
                self.results.select(a);
                return Reply::default();
            }
        }
        self.try_commit()
    }

    fn try_commit(&mut self) -> Reply {
        let d = &mut self.drafts;
        match marked(d.build(), &mut d.errors, &mut d.general) {
            Some(inst) => match too_large(&inst) {
                Some(why) => {
                    self.drafts.general = Some(why);
                    Reply::default()
                }
                None => self.commit(inst),
            },
            None => Reply::default(),
        }
    }

    fn commit(&mut self, m: MmInstance) -> Reply {
        if m == *self.instance {
            return Reply::default();
        }
        let before = AnyInstance::Multimessage((*self.instance).clone());
        self.set_instance(m);
        Reply::replaced(before)
    }

    fn set_instance(&mut self, m: MmInstance) {
        self.instance = Rc::new(m);
        crate::models::worker_runs::rerun(self);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Example 1.1 in the app: 6 / 4 / 3 steps from the checker, gonzalez within 2d.
    #[test]
    fn example_1_1_runs() {
        let mut s = MmState::new(default_mm());
        s.run_all();
        assert_eq!(s.running().count(), 4);
        crate::models::worker_runs::answer_natively(&mut s);
        let steps: Vec<Option<f64>> = s.results.rows.iter().map(|r| r.time()).collect();
        assert_eq!(steps[1..], [Some(6.0), Some(4.0), Some(3.0)]);
        assert!(steps[0].unwrap() <= 6.0);
        assert_eq!(
            s.results.caption().split(':').next(),
            Some("Gonzalez 2d (with forwarding)")
        );
    }

    /// Past the exact search's 10 processors, "Run all" skips it and says so, with no failed
    /// row (issue 20); the other three run.
    #[test]
    fn run_all_skips_the_optimum_past_its_limit() {
        let mut s = MmState::new(MmInstance {
            processors: 11,
            names: None,
            messages: vec![hetcast_core::models::multimessage::Message {
                name: "a".into(),
                source: 0,
                destinations: (1..11).collect(),
            }],
        });
        let reply = s.run_all();
        crate::models::worker_runs::answer_natively(&mut s);
        let ran: Vec<MmAlgorithm> = s.results.rows.iter().map(|r| r.algo).collect();
        assert_eq!(
            ran,
            [
                MmAlgorithm::Gonzalez,
                MmAlgorithm::SingleSend,
                MmAlgorithm::NoForwarding
            ]
        );
        assert!(s.results.rows.iter().all(|r| r.time().is_some()));
        assert_eq!(
            reply.notice,
            Some(Notice::info(
                "Skipped Optimal with forwarding (search): over its limit of 10 processors (this instance has 11)."
            ))
        );
    }

    /// An edit commits when valid (results rerun), keeps the text and names the field when not.
    #[test]
    fn edits() {
        let mut s = MmState::new(default_mm());
        s.run_all();
        let r = s.apply(MmAction::EditMessage {
            msg: 0,
            field: MsgField::Dests,
            text: "3".into(),
        });
        // Typed as drawn: 3 is P3, index 2 of the file.
        assert!(r.replaced.is_some());
        assert_eq!(s.instance.messages[0].destinations, vec![2]);
        let r = s.apply(MmAction::EditMessage {
            msg: 0,
            field: MsgField::Dests,
            text: "3, 10".into(),
        });
        assert!(r.replaced.is_none());
        assert!(!s.drafts.is_valid());
        assert_eq!(s.instance.messages[0].destinations, vec![2]);
        // A new message goes from P1 to P2.
        s.apply(MmAction::AddMessage);
        let g = s.drafts.messages.last().unwrap();
        assert_eq!(
            (g.name.as_str(), g.source.as_str(), g.dests.as_str()),
            ("g", "1", "2")
        );
    }

    /// The model menu brings Example 1.1 and back; a multimessage file loads into its model
    /// and undo goes back.
    #[test]
    fn the_model_menu_load_and_undo() {
        use crate::state::{Action, AppState};
        use hetcast_core::ModelId;
        let mut s = AppState::new(crate::models::overhead::default_instance());
        let one = s.current();
        s.apply(Action::UseModel("multimessage"));
        assert_eq!(s.model.id(), ModelId::Multimessage);
        assert_eq!(s.current(), AnyInstance::Multimessage(default_mm()));
        s.apply(Action::UseModel("node"));
        assert_eq!(s.current(), one);
        let unicast = hetcast_core::models::multimessage::gallery::unicast();
        s.apply(Action::Load {
            instance: unicast.clone().into(),
            origin: "a file".into(),
        });
        assert_eq!(s.current(), AnyInstance::Multimessage(unicast));
        assert_eq!(
            s.ui.notice.as_ref().map(|n| n.text.as_str()),
            Some("Loaded a file: 4 processors, 7 messages, d = 2, multimessage model.")
        );
        s.apply(Action::Undo);
        assert_eq!(s.current(), one);
    }

    #[test]
    fn import_plan() {
        let mut s = MmState::new(default_mm());
        let r = s.import_plan(
            "p.json",
            r#"{"steps": [[{"message": 0, "from": 0, "to": [3, 4]}]]}"#,
        );
        assert_eq!(
            r.notice.unwrap().text,
            "Could not import p.json: invalid plan: at the end, P6 does not hold b, which it needs"
        );
    }
}
