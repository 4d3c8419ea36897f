//! The views of a multimessage result: Gantt (the schedule on the step timeline), Tree (the
//! instance's bundled multigraph, the paper's figure 1) and Trace (the algorithm's steps: for
//! gonzalez, its phases, so that figures 2-7 can be walked through).

use hetcast_core::layout::Scene;
use hetcast_core::models::multimessage::{view, Multimessage};
use hetcast_core::models::{Model, SceneOptions, View};
use hetcast_core::trace::Step;
use yew::prelude::*;

use super::{MmRunOk, MmRunRow, MmState};
use crate::components::trace_list::steps_with_lines;
use crate::views::ViewLook;

impl MmState {
    /// The row `pick` names (an algorithm's key, or "edited"), or the selected row (`None`).
    pub fn row(&self, pick: Option<&str>) -> Option<&MmRunRow> {
        match pick {
            None => self.results.selected_row(),
            Some(k) => self.results.by_key(k),
        }
    }

    fn ok(&self, pick: Option<&str>) -> Option<(&MmRunRow, &MmRunOk)> {
        let row = self.row(pick)?;
        Some((row, row.outcome.as_ref().ok()?))
    }

    /// The Scene of `view` of row `pick`, if it succeeded and the view draws one, laid out
    /// as `look` says.
    pub fn scene(&self, pick: Option<&str>, view: View, look: &ViewLook) -> Option<Scene> {
        let (row, ok) = self.ok(pick)?;
        let inst = &self.instance;
        let opts = SceneOptions {
            at: None,
            critical: look.critical,
        };
        match view {
            View::Gantt => Some(look.gantt(|width| {
                view::timeline_sized(inst, row.label(), &ok.schedule, width, None, look.critical)
            })),
            // In Steps mode, what the steps so far built (Gonzalez: the dummies, each
            // (I_i, G_i), the sets and the communication mode), else the instance.
            View::Graph => look
                .step
                .filter(|_| !row.edited)
                .and_then(|done| view::step_scene(inst, &ok.solution.trace, done))
                .or_else(|| {
                    Multimessage::tree_scenes_with(inst, row.algo, &ok.schedule, &opts)
                        .into_iter()
                        .next()
                }),
            View::Tree | View::Trace | View::Tasks => None,
        }
    }

    /// The number of steps and the step boundaries of row `pick`: what a replay steps
    /// through.
    pub fn replay(&self, pick: Option<&str>) -> Option<(f64, Vec<f64>)> {
        let t = self.ok(pick)?.1.schedule.steps;
        Some((t as f64, (0..=t).map(|s| s as f64).collect()))
    }

    /// The typed steps of row `pick` and its algorithm's pseudo-code.
    pub fn steps(&self, pick: Option<&str>) -> Option<(Vec<Step>, &'static [&'static str])> {
        let (row, ok) = self.ok(pick)?;
        if row.edited {
            return None;
        }
        Some((
            Multimessage::steps(&self.instance, row.algo, &ok.solution),
            Multimessage::pseudo_code(row.algo),
        ))
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
                _ => steps_with_lines(
                    &ok.solution.trace,
                    row.algo.pseudo_code(),
                    "This schedule has no recorded steps; it is in the Gantt view.",
                ),
            },
        }
    }
}
