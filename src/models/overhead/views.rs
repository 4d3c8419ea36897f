//! The views of a one-source result: Tree and Gantt (Scenes) and Trace (the greedy steps).

use hetcast_core::layout::Scene;
use hetcast_core::models::overhead::view;
use hetcast_core::models::overhead::Instance;
use hetcast_core::models::View;
use yew::prelude::*;

use super::{OverheadState, RunOk};
use crate::components::trace_list::trace_list;
use crate::util::fmt_time;
use crate::views::fitted_gantt;

/// The Scene of `view` for a successful run of the algorithm named `algo`, if the view draws
/// one; its heading and title name the algorithm, the view, the instance and T
/// ([`tree::heading`], [`gantt::heading`]). The Gantt chart is laid out for the panel (see
/// [`fitted_gantt`]), as it stands at time `at` (`None`: the whole schedule).
pub fn scene_of(
    inst: &Instance,
    run: &RunOk,
    algo: &str,
    view: View,
    size: (f64, f64),
    fit: bool,
    at: Option<f64>,
) -> Option<Scene> {
    match view {
        View::Tree => Some(view::tree_scene(
            inst,
            &run.schedule,
            &view::TreeOptions {
                title: view::tree_heading(algo, inst, &run.schedule),
                ..Default::default()
            },
        )),
        View::Gantt => Some(fitted_gantt(size, fit, |width| {
            let opts = view::GanttOptions {
                width,
                title: view::gantt_heading(algo, inst, &run.schedule),
                ..Default::default()
            };
            view::gantt_scene_at(inst, &run.schedule, &opts, at)
        })),
        View::Trace | View::Tasks => None,
    }
}

impl OverheadState {
    /// The Scene of `view` of the selected result at time `at`, if it succeeded and the view
    /// draws one.
    pub fn scene(&self, view: View, size: (f64, f64), fit: bool, at: Option<f64>) -> Option<Scene> {
        let row = self.results.selected_row()?;
        let ok = row.outcome.as_ref().ok()?;
        scene_of(&self.instance, ok, &row.title(), view, size, fit, at)
    }

    /// The completion time and the event times ([`view::event_times`]) of the selected
    /// result, if it succeeded: what a replay of it needs.
    pub fn replay(&self) -> Option<(f64, Vec<f64>)> {
        let ok = self.results.selected_row()?.outcome.as_ref().ok()?;
        let s = &ok.schedule;
        Some((s.completion_time, view::event_times(s)))
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
