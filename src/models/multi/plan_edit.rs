//! A plan of the many-source model from a file, or edited by hand in a message's tree (a
//! node moved): timed by the simulator, it becomes the "Edited plan" row.

use hetcast_core::catalog::Catalog;
use hetcast_core::models::multi::{simulate_multi, MultiAlgorithm, MultiPlan, MultiSolution};
use hetcast_core::models::Place;

use super::{MultiRunOk, MultiRunRow, MultiState};
use crate::models::Reply;
use crate::plan_import::{imported, read_plan, refused};
use crate::state::Notice;

/// The fields of a many-source plan.
pub const MULTI_PLAN_FIELDS: &[&str] = &["tasks"];

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
        hetcast_core::order::sort_by(&mut sends, |a, b| {
            a.send_start.total_cmp(&b.send_start).then(a.to.cmp(&b.to))
        });
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
