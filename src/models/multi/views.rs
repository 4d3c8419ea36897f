//! The views of a many-source result: Tree (of one message) and Gantt (Scenes), Tasks (every
//! node's task list) and Trace (the algorithm's steps); and the tree's message menu.

use crate::views::message_swatch_class;
use hetcast_core::layout::{Motion, Scene};
use hetcast_core::models::multi::view;
use hetcast_core::models::multi::{Multi, MultiInstance, Op};
use hetcast_core::models::{Model, View};
use hetcast_core::trace::Step;
use hetcast_core::units::fmt_us;
use yew::prelude::*;

use super::{MultiAction, MultiRunOk, MultiRunRow, MultiState};
use crate::components::trace_list::trace_list;
use crate::components::StateHandle;
use crate::views::ViewLook;

/// The Scene of `view` for a successful many-source run of the algorithm named `algo`: the
/// Gantt chart (laid out for the panel, see [`ViewLook::gantt`], its axis running to
/// `look.time_max` at least) or the tree of message `msg`; None for the other views. Headings
/// and titles name the algorithm, the view, the instance and T.
pub fn multi_scene_of(
    inst: &MultiInstance,
    run: &MultiRunOk,
    algo: &str,
    view: View,
    msg: usize,
    look: &ViewLook,
) -> Option<Scene> {
    match view {
        View::Tree => Some(view::multi_tree_scene(
            inst,
            &run.schedule,
            msg,
            &view::MultiTreeOptions {
                title: look.heading(|| view::tree_heading(algo, inst, &run.schedule, msg)),
                critical: look.critical,
                // Beside the instance panel at 1024 px the tree runs left to right and the
                // panel scrolls down, not sideways (core `TidyTree::new_in`).
                room: look.room(),
            },
        )),
        View::Gantt => Some(look.gantt(|width| {
            let opts = view::MultiGanttOptions {
                width,
                title: look.heading(|| view::gantt_heading(algo, inst, &run.schedule)),
                time_max: look.time_max,
                compact: look.compact(),
                critical: look.critical,
            };
            view::multi_gantt_scene(inst, &run.schedule, &opts)
        })),
        View::Graph | View::Trace | View::Tasks => None,
    }
}

impl MultiState {
    /// The row `pick` names (an algorithm's key, or "edited"), or the selected row (`None`).
    pub fn row(&self, pick: Option<&str>) -> Option<&MultiRunRow> {
        match pick {
            None => self.results.selected_row(),
            Some(k) => self.results.by_key(k),
        }
    }

    fn ok(&self, pick: Option<&str>) -> Option<(&MultiRunRow, &MultiRunOk)> {
        let row = self.row(pick)?;
        Some((row, row.outcome.as_ref().ok()?))
    }

    /// The Scene of `view` of row `pick`, if it succeeded and the view draws one.
    pub fn scene(&self, pick: Option<&str>, view: View, look: &ViewLook) -> Option<Scene> {
        let (row, ok) = self.ok(pick)?;
        multi_scene_of(&self.instance, ok, row.label(), view, self.tree_msg, look)
    }

    /// The completion time and the event times ([`view::event_times`]) of row `pick`, if it
    /// succeeded: what a replay of it needs.
    pub fn replay(&self, pick: Option<&str>) -> Option<(f64, Vec<f64>)> {
        let s = &self.ok(pick)?.1.schedule;
        Some((s.completion_time, view::event_times(s)))
    }

    /// What moves in the tree on screen (message [`MultiState::tree_msg`]) of row `pick`.
    pub fn motion(&self, pick: Option<&str>) -> Option<Motion> {
        let s = &self.ok(pick)?.1.schedule;
        Some(Motion::of_tree(
            &Multi::motion(&self.instance, s),
            Some(self.tree_msg),
        ))
    }

    /// The typed steps of row `pick` and its algorithm's pseudo-code.
    pub fn steps(&self, pick: Option<&str>) -> Option<(Vec<Step>, &'static [&'static str])> {
        let (row, ok) = self.ok(pick)?;
        if row.edited {
            return None;
        }
        Some((
            Multi::steps(&self.instance, row.algo, &ok.solution),
            Multi::pseudo_code(row.algo),
        ))
    }

    /// The panel's content: a hint without a result, the error of a failed run, else the
    /// `drawing` of `view` (when it draws one), the task lists or the trace.
    pub fn view_body(&self, view: View, drawing: Option<Html>) -> Html {
        let Some(row) = self.results.selected_row() else {
            return html! {
                <p class="hint">{"Run an algorithm (key "}<kbd>{"r"}</kbd>{" runs FEF, ECF, WR and WRP) and select a result to see its schedule."}</p>
            };
        };
        match &row.outcome {
            Err(m) => {
                html! { <p class="field-error">{ format!("⚠ {}: {m}", row.label()) }</p> }
            }
            Ok(ok) => match (drawing, view) {
                (Some(d), _) => d,
                (None, View::Trace) => trace_list(
                    ok.solution.trace.iter().map(|s| (s.text.clone(), String::new())).collect(),
                    "This algorithm records no steps; its schedule is in the Tree, Gantt and Tasks views.",
                ),
                (None, _) => tasks_view(&self.instance, ok),
            },
        }
    }
}

/// The menu of the message whose tree the Tree view shows (key m: the next one).
pub fn tree_message_menu(state: &StateHandle, m: &MultiState) -> Html {
    let s = state.clone();
    let onchange = Callback::from(move |e: Event| {
        let sel: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Ok(k) = sel.value().parse::<usize>() {
            s.dispatch(MultiAction::SetTreeMessage(k).into());
        }
    });
    let inst = &m.instance;
    // On its own line under the tab strip, so that the caption keeps its room.
    html! {
        <div class="tree-msg">
            <label for="tree-msg">{"Tree of message"}</label>
            <select id="tree-msg" {onchange} title="The tree this message followed (key m: next message)">
                { for (0..inst.messages.len()).map(|k| html! {
                    <option value={k.to_string()} selected={k == m.tree_msg}>
                        { format!("m{k} from {}", inst.label(inst.messages[k].source)) }
                    </option>
                }) }
            </select>
        </div>
    }
}

/// The Tasks view of a many-source run: every node's task list in order, with its times.
fn tasks_view(inst: &MultiInstance, run: &MultiRunOk) -> Html {
    let s = &run.schedule;
    let find = |msg: usize, to: usize| s.transfers.iter().find(|t| t.msg == msg && t.to == to);
    let rows = run.solution.plan.tasks.iter().enumerate().map(|(v, list)| {
        let tasks = list.iter().map(|t| {
            let colour = message_swatch_class(t.msg);
            let (text, times) = match t.op {
                Op::Send => (
                    format!("send m{} → P{}", t.msg, t.peer),
                    find(t.msg, t.peer)
                        .map(|x| format!("{}–{}", fmt_us(x.send_start), fmt_us(x.send_end)))
                        .unwrap_or_default(),
                ),
                Op::Recv => (
                    format!("recv m{} ← P{}", t.msg, t.peer),
                    find(t.msg, v)
                        .map(|x| {
                            let wait = x.recv_start - x.recv_issue;
                            format!(
                                "{}–{}{}",
                                fmt_us(x.recv_start),
                                fmt_us(x.recv_end),
                                if wait > 0.0 {
                                    format!(", waited {}", fmt_us(wait))
                                } else {
                                    String::new()
                                }
                            )
                        })
                        .unwrap_or_default(),
                ),
            };
            html! {
                <li class={classes!("task", colour)}>
                    <span class="task-op">{ text }</span>
                    <span class="step-times">{ format!(" {times}") }</span>
                </li>
            }
        });
        html! {
            <tr id={format!("tasks-{v}")}>
                <th scope="row">{ view::lane_label(inst, v) }</th>
                <td><ol class="tasks">{ for tasks }</ol></td>
            </tr>
        }
    });
    html! {
        <div class="tasks-view" id="trace">
            <p class="hint small">{"Each node runs its list in order. Sends are non-blocking (the node is busy S only); a receive blocks until the message is there, then takes R."}</p>
            <table class="tasks-table"><tbody>{ for rows }</tbody></table>
        </div>
    }
}
