//! A plan of the one-source models from a file, or edited by hand in the tree (a node moved):
//! timed by the simulator, it becomes the "Edited plan" row.

use hetcast_core::catalog::Catalog;
use hetcast_core::models::overhead::algo::{Algorithm, Solution};
use hetcast_core::models::overhead::properties;
use hetcast_core::models::overhead::simulate::simulate;
use hetcast_core::models::overhead::Plan;
use hetcast_core::models::Place;

use super::{OverheadState, RunOk, RunRow};
use crate::models::Reply;
use crate::plan_import::{imported, read_plan, refused};
use crate::state::Notice;

/// The fields of a one-source plan.
pub const PLAN_FIELDS: &[&str] = &["source", "children", "wait"];

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
