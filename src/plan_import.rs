//! Import a plan (docs/formats.md sections 2 and 2b, or a `hetcast run` output with a `plan`)
//! as the "edited" result row of the instance in use: the model's simulator times it, and a
//! plan that breaks the model is refused with the simulator's message, nothing changed.

use hetcast_core::catalog::Catalog;
use hetcast_core::models::multi::{simulate_multi, MultiAlgorithm, MultiPlan, MultiSolution};
use hetcast_core::models::overhead::algo::{Algorithm, Solution};
use hetcast_core::models::overhead::plan::Place;
use hetcast_core::models::overhead::properties;
use hetcast_core::models::overhead::simulate::simulate;
use hetcast_core::models::overhead::Plan;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::models::multi::{MultiRunOk, MultiRunRow, MultiState};
use crate::models::overhead::{OverheadState, RunOk, RunRow};
use crate::models::Reply;
use crate::state::Notice;

/// The edited row's name in the table, the caption and the drawings' headings.
pub const EDITED_TITLE: &str = "Edited plan";

/// The fields of a one-source plan.
pub const PLAN_FIELDS: &[&str] = &["source", "children", "wait"];
/// The fields of a many-source plan.
pub const MULTI_PLAN_FIELDS: &[&str] = &["tasks"];

/// The plan in `text` (its fields among `fields`), or the `"plan"` of a `hetcast run` (or
/// `hetcast simulate`) output; the error is the reader's message, `malformed plan: ...`.
pub fn read_plan<P: DeserializeOwned>(text: &str, fields: &[&str]) -> Result<P, String> {
    let bad = |e: &dyn std::fmt::Display| format!("malformed plan: {e}");
    let v: Value = serde_json::from_str(text).map_err(|e| bad(&e))?;
    let v = match v.get("plan") {
        Some(p) if v.get("format").is_some() => p.clone(),
        _ => v,
    };
    let Some(obj) = v.as_object() else {
        return Err(bad(&"expected a JSON object"));
    };
    if let Some(k) = obj.keys().find(|k| !fields.contains(&k.as_str())) {
        let expected: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
        return Err(bad(&format!(
            "unknown field `{k}`, expected {}",
            expected.join(" or ")
        )));
    }
    serde_json::from_value(v).map_err(|e| bad(&e))
}

/// The one-source edited row of `plan` on `inst`, or the simulator's message.
pub fn overhead_row(
    inst: &hetcast_core::models::overhead::Instance,
    plan: Plan,
) -> Result<RunRow, String> {
    let schedule = simulate(inst, &plan).map_err(|e| e.to_string())?;
    let properties = properties::check(inst, &schedule);
    Ok(RunRow {
        algo: Algorithm::ALL[0],
        seed: 0,
        outcome: Ok(RunOk {
            solution: Solution {
                plan,
                trace: Default::default(),
            },
            schedule,
            properties,
        }),
        edited: true,
        kind: inst.model,
    })
}

/// The many-source edited row of `plan` on `inst`, or the simulator's message.
pub fn multi_row(
    inst: &hetcast_core::models::multi::MultiInstance,
    plan: MultiPlan,
) -> Result<MultiRunRow, String> {
    let schedule = simulate_multi(inst, &plan).map_err(|e| e.to_string())?;
    Ok(MultiRunRow {
        algo: MultiAlgorithm::ALL[0],
        outcome: Ok(MultiRunOk {
            solution: MultiSolution {
                plan,
                trace: Default::default(),
            },
            schedule,
        }),
        edited: true,
    })
}

/// The notice of an imported plan: its completion time.
fn imported(name: &str, time: String) -> Notice {
    Notice::info(format!(
        "Imported the plan of {name} as the row '{EDITED_TITLE}': T = {time} (timed by the simulator)."
    ))
}

/// The notice of a refused plan.
fn refused(name: &str, e: &str) -> Reply {
    Reply::say(Notice::error(format!(
        "Could not import the plan of {name}: {e}. Nothing changed."
    )))
}

impl OverheadState {
    /// Time the plan in `text` (file `name`) on the instance in use as the edited row.
    pub fn import_plan(&mut self, name: &str, text: &str) -> Reply {
        let row =
            read_plan::<Plan>(text, PLAN_FIELDS).and_then(|p| overhead_row(&self.instance, p));
        match row {
            Ok(row) => {
                let t = row.time().map(crate::util::fmt_time).unwrap_or_default();
                self.results.put_edited(row);
                Reply::say(imported(name, t))
            }
            Err(e) => refused(name, &e),
        }
    }
}

impl OverheadState {
    /// Move node `v` (with its subtree) in the selected schedule's tree to `to`: the edited
    /// tree, timed by the simulator, becomes the edited row (undo: key z); a move the model
    /// forbids is refused with the reason, nothing changed.
    pub fn move_node(&mut self, v: usize, to: Place) -> Reply {
        let inst = self.instance.clone();
        let label = |u: usize| inst.label(u);
        let Some(row) = self.results.selected_row() else {
            return Reply::say(Notice::error("Select a result to edit its tree."));
        };
        let Ok(ok) = &row.outcome else {
            return Reply::say(Notice::error("This run has no tree to edit."));
        };
        let before = ok.schedule.completion_time;
        let from = row.title();
        let plan = match ok.solution.plan.moved(&inst, v, to) {
            Ok(p) => p,
            Err(e) => {
                return Reply::say(Notice::error(format!(
                    "Cannot move {}: {e}. Nothing changed.",
                    label(v)
                )))
            }
        };
        match overhead_row(&inst, plan) {
            Ok(row) => {
                let t = row.time().unwrap_or(before);
                let fmt = crate::util::fmt_time;
                let place = match to {
                    Place::LastChildOf(u) => format!("under {} (sent to last)", label(u)),
                    Place::Before(u) => format!("just before {}", label(u)),
                };
                self.results.push_edit(row);
                Reply::say(Notice::info(format!(
                    "Moved {} {place}: T = {} (the tree of {from}: {}). Key z undoes.",
                    label(v),
                    fmt(t),
                    fmt(before)
                )))
            }
            Err(e) => Reply::say(Notice::error(format!(
                "Cannot move {}: {e}. Nothing changed.",
                label(v)
            ))),
        }
    }
}

impl MultiState {
    /// Move node `v` (with its subtree) in the tree of the message on screen
    /// ([`MultiState::tree_msg`]) of the selected schedule to `to`: its task lists are edited
    /// ([`move_subtree`](hetcast_core::models::multi::plan::move_subtree)), the simulator times
    /// them and they become the edited row (undo: key z); a move the model forbids is refused
    /// with the reason, nothing changed.
    pub fn move_node(&mut self, v: usize, to: Place) -> Reply {
        let inst = self.instance.clone();
        let k = self.tree_msg;
        let Some(Ok(ok)) = self.results.selected_row().map(|r| &r.outcome) else {
            return Reply::say(Notice::error("Select a result to edit its trees."));
        };
        let s = &ok.schedule;
        // Each node's children in the tree of message k, in the order of the sends (as drawn).
        let mut sends: Vec<_> = s.transfers.iter().filter(|t| t.msg == k).collect();
        sends.sort_by(|a, b| a.send_start.total_cmp(&b.send_start).then(a.to.cmp(&b.to)));
        let kids = |u: usize| -> Vec<usize> {
            sends
                .iter()
                .filter(|t| t.from == u)
                .map(|t| t.to)
                .filter(|&c| c != v)
                .collect()
        };
        let (parent, position) = match to {
            Place::LastChildOf(u) => (u, kids(u).len()),
            Place::Before(u) => match s.parent.get(k).and_then(|p| p.get(u)).copied().flatten() {
                Some(p) => (p, kids(p).iter().position(|&c| c == u).unwrap_or(0)),
                None => {
                    return Reply::say(Notice::error(format!(
                        "Cannot move {}: {} is the source of {}: nothing can be sent before it. Nothing changed.",
                        inst.label(v),
                        inst.label(u),
                        inst.message_label(k)
                    )))
                }
            },
        };
        let before = s.completion_time;
        let edited = hetcast_core::models::multi::plan::move_subtree(
            &inst,
            &ok.solution.plan,
            k,
            v,
            parent,
            position,
        )
        .and_then(|plan| multi_row(&inst, plan));
        match edited {
            Ok(row) => {
                let t = row.time().unwrap_or(before);
                self.results.push_edit(row);
                Reply::say(Notice::info(format!(
                    "Moved {} under {} in the tree of {}: T = {} (it was {}). Key z undoes.",
                    inst.label(v),
                    inst.label(parent),
                    inst.message_label(k),
                    hetcast_core::units::fmt_us(t),
                    hetcast_core::units::fmt_us(before)
                )))
            }
            Err(e) => Reply::say(Notice::error(format!(
                "Cannot move {}: {e}. Nothing changed.",
                inst.label(v)
            ))),
        }
    }

    /// Time the plan in `text` (file `name`) on the instance in use as the edited row.
    pub fn import_plan(&mut self, name: &str, text: &str) -> Reply {
        let row = read_plan::<MultiPlan>(text, MULTI_PLAN_FIELDS)
            .and_then(|p| multi_row(&self.instance, p));
        match row {
            Ok(row) => {
                let t = row
                    .time()
                    .map(hetcast_core::units::fmt_us)
                    .unwrap_or_default();
                self.results.put_edited(row);
                Reply::say(imported(name, t))
            }
            Err(e) => refused(name, &e),
        }
    }
}
