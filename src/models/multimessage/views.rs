//! The views of a multimessage result: Gantt (the schedule on the step timeline), Tree (the
//! instance's bundled multigraph, the paper's figure 1) and Trace (the algorithm's steps: for
//! gonzalez, its phases, so that figures 2-7 can be walked through).

use hetcast_core::layout::Scene;
use hetcast_core::models::multimessage::view;
use hetcast_core::models::View;
use yew::prelude::*;

use super::{steps_text, MmState};
use crate::components::trace_list::trace_list;
use crate::views::fitted_gantt;

impl MmState {
    /// The Scene of `view` of the selected result at step time `at`, if it succeeded and the
    /// view draws one.
    pub fn scene(&self, view: View, size: (f64, f64), fit: bool, at: Option<f64>) -> Option<Scene> {
        let row = self.results.selected_row()?;
        let ok = row.outcome.as_ref().ok()?;
        let inst = &self.instance;
        match view {
            View::Gantt => Some(fitted_gantt(size, fit, |width| {
                view::timeline_sized(inst, row.label(), &ok.schedule, width, at)
            })),
            View::Tree => Some(view::multigraph(
                inst,
                format!(
                    "{} — {}, T = {}",
                    row.label(),
                    view::instance_words(inst),
                    steps_text(ok.schedule.steps as f64)
                ),
            )),
            View::Trace | View::Tasks => None,
        }
    }

    /// The number of steps and the step boundaries of the selected result: what a replay
    /// steps through.
    pub fn replay(&self) -> Option<(f64, Vec<f64>)> {
        let ok = self.results.selected_row()?.outcome.as_ref().ok()?;
        let t = ok.schedule.steps;
        Some((t as f64, (0..=t).map(|s| s as f64).collect()))
    }

    /// The panel's content: a hint without a result, the error of a failed run, else the
    /// `drawing` of `view`, or the trace.
    pub fn view_body(&self, view: View, drawing: Option<Html>) -> Html {
        let Some(row) = self.results.selected_row() else {
            return html! {
                <p class="hint">{"Run an algorithm (key "}<kbd>{"r"}</kbd>{" runs all four) and select a result to see its schedule."}</p>
            };
        };
        match &row.outcome {
            Err(m) => html! { <p class="field-error">{ format!("⚠ {}: {m}", row.label()) }</p> },
            Ok(ok) => match (drawing, view) {
                (Some(d), _) => d,
                _ => {
                    let pseudo = row.algo.pseudo_code();
                    trace_list(
                        ok.solution
                            .trace
                            .iter()
                            .map(|s| {
                                let line = s
                                    .pseudo_line
                                    .and_then(|l| {
                                        pseudo
                                            .get(l.wrapping_sub(1))
                                            .map(|p| format!(" line {l}: {}", p.trim()))
                                    })
                                    .unwrap_or_default();
                                (s.text.clone(), line)
                            })
                            .collect(),
                        "This schedule has no recorded steps; it is in the Gantt view.",
                    )
                }
            },
        }
    }
}
