//! The platform model on the shell's screen ([`Screen`]).

use hetcast_core::models::{Place, View};
use yew::prelude::*;

use super::editor::{PlatformEditor, PlatformGenerator};
use super::{results, PlatformState};
use crate::components::StateHandle;
use crate::models::kept::{ModelScenario, RunSpec, EDITED};
use crate::models::{Reply, Screen};
use crate::state::Notice;
use hetcast_core::catalog::Catalog;

impl Screen for PlatformState {
    fn keep(&self) -> ModelScenario {
        let mut out = ModelScenario::of_instance(&Screen::instance(self));
        self.results.keep(&mut out);
        // Runs still in workers start again on load.
        out.runs.extend(self.running().map(|p| RunSpec {
            algorithm: p.algo.key().into(),
            seed: None,
        }));
        out
    }
    fn put_back(&mut self, m: &ModelScenario) -> Result<(), String> {
        use hetcast_core::models::platform::PlatformAlgorithm;
        // The runs start again, in workers.
        let algos = m.algorithms::<PlatformAlgorithm>()?;
        self.run(algos.into_iter().map(|(a, _)| a).collect());
        self.results.put_back_selection(m.selected.as_deref())?;
        if let Some(k) = m.selected.as_deref() {
            // A run still in a worker is selected when it comes back.
            if self.results.selected.is_none() && k != EDITED {
                self.results.selected =
                    Some(PlatformAlgorithm::parse(k).map_err(|e| e.to_string())?);
            }
        }
        Ok(())
    }
    crate::screen_basics!(
        PlatformState,
        Platform,
        hetcast_core::models::platform::algo::PlatformAlgorithm,
        super::PlatformAction
    );
    fn editor_unfinished(&self) -> bool {
        self.drafts.incomplete && self.drafts.fields_ok()
    }
    fn move_node(&mut self, _node: usize, _to: Place) -> Reply {
        Reply::say(Notice::error(
            "The platform drawing shows the graph and its loads, not a tree of the schedule: nothing to move (edit the graph in the editor).",
        ))
    }
    fn time_fmt(&self) -> fn(f64) -> String {
        crate::util::fmt_time
    }
    fn result_rows(&self) -> Vec<hetcast_core::export::csv::ResultRow> {
        use hetcast_core::catalog::Catalog;
        use hetcast_core::models::platform::PlatformAlgorithm;
        // The lower bound is Multicast-LB's T*, when it ran (else the column is empty).
        let lb = self
            .results
            .by_key(PlatformAlgorithm::MulticastLb.key())
            .and_then(crate::models::Row::time)
            .unwrap_or(f64::NAN);
        self.results
            .rows
            .iter()
            .filter_map(|r| {
                Some(hetcast_core::export::csv::ResultRow {
                    model: "platform".into(),
                    algorithm: r.algo.key().into(),
                    algorithm_title: r.algo.title().into(),
                    completion_time: crate::models::Row::time(r)?,
                    lower_bound: lb,
                })
            })
            .collect()
    }
    fn editor(&self, state: &StateHandle) -> Html {
        html! { <PlatformEditor state={state.clone()} /> }
    }
    fn generators(&self, state: &StateHandle) -> Html {
        html! { <PlatformGenerator state={state.clone()} /> }
    }
    fn algorithm_buttons(&self, state: &StateHandle) -> (&'static str, Html) {
        (
            "Run the bounds, the four heuristics and the broadcast (key r)",
            results::algorithm_buttons(state),
        )
    }
    fn view_body(&self, view: View, drawing: Option<Html>) -> Html {
        PlatformState::view_body(self, view, drawing)
    }
    fn wide_editor(&self) -> bool {
        true
    }
}
