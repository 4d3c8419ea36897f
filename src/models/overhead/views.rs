//! The views of a one-source result: Tree and Gantt (Scenes) and Trace (the greedy steps).

use hetcast_core::layout::{Motion, Scene};
use hetcast_core::models::overhead::view;
use hetcast_core::models::overhead::{Instance, Overhead};
use hetcast_core::models::{Model, View};
use hetcast_core::trace::Step;
use yew::prelude::*;

use super::{OverheadAction, OverheadState, RunOk, RunRow};
use crate::components::trace_list::trace_list;
use crate::util::fmt_time;
use crate::views::ViewLook;

/// The Scene of `view` for a successful run of the algorithm named `algo`, if the view draws
/// one; its heading and title name the algorithm, the view, the instance and T. The Gantt
/// chart is laid out for the panel (see [`ViewLook::gantt`]), its axis running to `time_max` at
/// least (two schedules compared on one time scale).
pub fn scene_of(
    inst: &Instance,
    run: &RunOk,
    algo: &str,
    view: View,
    look: &ViewLook,
    lanes: Option<Vec<usize>>,
) -> Option<Scene> {
    match view {
        View::Tree => Some(view::tree_scene(
            inst,
            &run.schedule,
            &view::TreeOptions {
                title: look.heading(|| view::tree_heading(algo, inst, &run.schedule)),
                critical: look.critical,
                ..Default::default()
            },
        )),
        View::Gantt => Some(look.gantt(|width| {
            let opts = view::GanttOptions {
                width,
                title: look.heading(|| view::gantt_heading(algo, inst, &run.schedule)),
                time_max: look.time_max,
                compact: look.compact(),
                critical: look.critical,
                lanes: lanes.clone(),
                ..Default::default()
            };
            view::gantt_scene(inst, &run.schedule, &opts)
        })),
        View::Graph | View::Trace | View::Tasks => None,
    }
}

impl OverheadState {
    /// The row `pick` names (an algorithm's key, or "edited"), or the selected row (`None`).
    pub fn row(&self, pick: Option<&str>) -> Option<&RunRow> {
        match pick {
            None => self.results.selected_row(),
            Some(k) => self.results.by_key(k),
        }
    }

    /// The row's successful run.
    fn ok(&self, pick: Option<&str>) -> Option<(&RunRow, &RunOk)> {
        let row = self.row(pick)?;
        Some((row, row.outcome.as_ref().ok()?))
    }

    /// The Scene of `view` of the row `pick`, if it succeeded and the view draws one.
    pub fn scene(&self, pick: Option<&str>, view: View, look: &ViewLook) -> Option<Scene> {
        let (row, ok) = self.ok(pick)?;
        // Two results compared: the lanes in the order of the first one's chart.
        let lanes = look
            .lanes_of
            .as_deref()
            .and_then(|k| self.ok(Some(k)))
            .map(|(_, first)| view::lane_order(&self.instance, &first.schedule));
        scene_of(&self.instance, ok, &row.title(), view, look, lanes)
    }

    /// The completion time and the event times ([`view::event_times`]) of the row `pick`,
    /// if it succeeded: what a replay of it needs.
    pub fn replay(&self, pick: Option<&str>) -> Option<(f64, Vec<f64>)> {
        let s = &self.ok(pick)?.1.schedule;
        Some((s.completion_time, view::event_times(s)))
    }

    /// What moves in the tree of row `pick` when it is played.
    pub fn motion(&self, pick: Option<&str>) -> Option<Motion> {
        let m = Overhead::motion(&self.instance, &self.ok(pick)?.1.schedule);
        Some(Motion::of_tree(&m, None))
    }

    /// The typed steps of row `pick` and its algorithm's pseudo-code.
    pub fn steps(&self, pick: Option<&str>) -> Option<(Vec<Step>, &'static [&'static str])> {
        let (row, ok) = self.ok(pick)?;
        if row.edited {
            return None;
        }
        Some((
            Overhead::steps(&self.instance, row.algo, &ok.solution),
            row.algo.pseudo_code_in(self.instance.model),
        ))
    }

    /// The panel's content: a hint without a result, the error of a failed run, else the
    /// `drawing` of the view (when it draws one) or the trace.
    pub fn view_body(&self, drawing: Option<Html>) -> Html {
        let Some(row) = self.results.selected_row() else {
            return html! {
                <p class="hint">{"Run an algorithm (key "}<kbd>{"r"}</kbd>{" runs all) and select a result to see its schedule."}</p>
            };
        };
        match &row.outcome {
            Err(m) => html! { <p class="field-error">{ format!("⚠ {}: {m}", row.title()) }</p> },
            Ok(ok) => drawing.unwrap_or_else(|| trace_view(ok)),
        }
    }
}

/// The Trace view: the algorithm's steps with their times.
fn trace_view(run: &RunOk) -> Html {
    let steps = run.solution.trace.iter().map(|s| {
        (
            s.text.clone(),
            format!(
                " [send {}–{}, holds the message at {}]",
                fmt_time(s.send_start),
                fmt_time(s.send_end),
                fmt_time(s.receiver_ready)
            ),
        )
    });
    trace_list(
        steps.collect(),
        "This algorithm records no steps; its schedule is in the Tree and Gantt views.",
    )
}

/// The button that starts (or leaves) the walk through 000's Lemma 2 and Lemma 6 exchanges
/// from the selected schedule.
pub fn exchanges_button(state: &crate::components::StateHandle, m: &OverheadState) -> Html {
    let on = m.exchanges.is_some();
    let s = state.clone();
    let onclick = Callback::from(move |_: MouseEvent| {
        s.dispatch(if on {
            OverheadAction::StopExchanges.into()
        } else {
            OverheadAction::Exchange(0).into()
        })
    });
    html! {
        <button id="exchanges" class={classes!("mode-btn", "solo", on.then_some("on"))} aria-pressed={on.to_string()} {onclick}
            title="Lemmas 2 and 6 of Libeskind-Hadas et al.: make this schedule monotonic, then layered, one exchange at a time; the completion time never grows">{"Exchanges"}</button>
    }
}

/// The bar of the exchanges walk: the step, its sentence, every step's completion time (it
/// never grows), back and forward.
pub fn exchanges_bar(state: &crate::components::StateHandle, m: &OverheadState) -> Html {
    let Some((steps, i)) = &m.exchanges else {
        return html! {};
    };
    let go = |d: i32| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(OverheadAction::Exchange(d).into()))
    };
    let stop = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(OverheadAction::StopExchanges.into()))
    };
    let step = &steps[*i];
    html! {
        <div class="exchanges-bar" id="exchanges-bar" aria-live="polite">
            <button id="exchange-back" onclick={go(-1)} disabled={*i == 0} title="The previous exchange">{"◀"}</button>
            <span class="step-count" id="exchange-count">{ format!("Exchange {} / {}", i, steps.len() - 1) }</span>
            <button id="exchange-next" onclick={go(1)} disabled={*i + 1 >= steps.len()} title="The next exchange">{"▶"}</button>
            <span id="exchange-text" class="exchange-text">{ step.text.clone() }</span>
            <span class="exchange-times" id="exchange-times" title="The completion time after each step: it never grows">
                {"T: "}
                { for steps.iter().enumerate().map(|(k, e)| {
                    let t = fmt_time(e.completion);
                    html! { <>{ if k > 0 { " → " } else { "" } }<span class={classes!((k == *i).then_some("now"))}>{ t }</span></> }
                }) }
            </span>
            <button id="exchange-stop" onclick={stop} title="Leave the exchanges">{"✕"}</button>
        </div>
    }
}
