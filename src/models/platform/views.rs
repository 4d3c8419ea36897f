//! The views of a platform result: Platform (the Tree tab: the graph with its edge loads, kept
//! and dropped nodes, extra sources as diamonds, MCPH's tree: paper 002 figure 12), Gantt (one
//! period of the periodic schedule, a lane per port) and Trace (the heuristic's steps: which
//! node was tried, the LP's value, kept or dropped).

use hetcast_core::layout::Scene;
use hetcast_core::models::platform::{view, Platform};
use hetcast_core::models::{Model, View};
use hetcast_core::trace::Step;
use yew::prelude::*;

use super::{PlRunOk, PlRunRow, PlatformState};
use crate::components::trace_list::steps_with_lines;
use crate::views::ViewLook;

impl PlatformState {
    /// The row `pick` names (an algorithm's key), or the selected row (`None`).
    pub fn row(&self, pick: Option<&str>) -> Option<&PlRunRow> {
        match pick {
            None => self.results.selected_row(),
            Some(k) => self.results.by_key(k),
        }
    }

    fn ok(&self, pick: Option<&str>) -> Option<(&PlRunRow, &PlRunOk)> {
        let row = self.row(pick)?;
        Some((row, row.outcome.as_ref().ok()?))
    }

    /// The Scene of `view` of row `pick`, if it succeeded and the view draws one, laid out
    /// as `look` says.
    pub fn scene(&self, pick: Option<&str>, v: View, look: &ViewLook) -> Option<Scene> {
        let (row, ok) = self.ok(pick)?;
        let inst = &self.instance;
        match v {
            View::Gantt => Some(look.gantt(|width| {
                view::period_scene_with(
                    inst,
                    row.algo,
                    &ok.schedule,
                    None,
                    look.critical,
                    width,
                    look.titled,
                )
            })),
            View::Graph => {
                let mut g =
                    view::platform_scene_in(inst, row.algo, &ok.schedule, look.titled, look.room());
                if look.critical {
                    view::outline_critical(inst, &ok.schedule, &mut g);
                }
                Some(g)
            }
            View::Tree | View::Trace | View::Tasks => None,
        }
    }

    /// The period and the moments something starts or ends in it: what a replay steps
    /// through (one period).
    pub fn replay(&self, pick: Option<&str>) -> Option<(f64, Vec<f64>)> {
        let s = &self.ok(pick)?.1.schedule;
        let events = hetcast_core::order::sorted_distinct(
            std::iter::once(0.0)
                .chain(s.transfers.iter().flat_map(|t| [t.start, t.end]))
                .chain(std::iter::once(s.period)),
        );
        Some((s.period, events))
    }

    /// The typed steps of row `pick` and its algorithm's pseudo-code.
    pub fn steps(&self, pick: Option<&str>) -> Option<(Vec<Step>, &'static [&'static str])> {
        let (row, ok) = self.ok(pick)?;
        Some((
            Platform::steps(&self.instance, row.algo, &ok.solution),
            Platform::pseudo_code(row.algo),
        ))
    }

    /// The panel's content: a hint without a result, the error of a failed run, else the
    /// `drawing` of `view`, or the trace.
    pub fn view_body(&self, v: View, drawing: Option<Html>) -> Html {
        let Some(row) = self.results.selected_row() else {
            let running = self.running().count();
            return if running > 0 {
                html! { <p class="hint" id="view-running">{ format!("{running} algorithm{} queued or running in web workers: the first result appears here.", if running == 1 { "" } else { "s" }) }</p> }
            } else {
                html! {
                    <p class="hint">{"Run an algorithm (key "}<kbd>{"r"}</kbd>{" runs them all) and select a result to see the platform with its edge loads, one period of the schedule, or the steps."}</p>
                }
            };
        };
        let title = hetcast_core::catalog::Catalog::title(row.algo);
        match &row.outcome {
            Err(m) => html! { <p class="field-error">{ format!("⚠ {title}: {m}") }</p> },
            Ok(ok) => match (drawing, v) {
                (Some(d), _) => d,
                _ => steps_with_lines(
                    &ok.solution.trace,
                    row.algo.pseudo_code(),
                    "This algorithm solves one linear program: its value is in the table, its loads in the Tree view.",
                ),
            },
        }
    }
}
