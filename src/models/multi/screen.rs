//! The many-source model on the shell's screen ([`Screen`]).

use hetcast_core::catalog::Catalog;
use hetcast_core::layout::Motion;
use hetcast_core::models::{Place, View};
use yew::prelude::*;

use super::editor::MultiEditor;
use super::generators::MultiGenerators;
use super::{results, views, MultiState};
use crate::components::StateHandle;
use crate::models::kept::ModelScenario;
use crate::models::{Reply, Screen};

impl Screen for MultiState {
    #[cfg(test)]
    fn answer_workers(&mut self) -> Vec<crate::models::ModelAction> {
        crate::models::worker_runs::answer_natively(self);
        Vec::new()
    }
    fn keep(&self) -> ModelScenario {
        let mut out = ModelScenario::of_instance(&Screen::instance(self));
        self.results.keep(&mut out);
        self.runs.keep(&mut out);
        out.tree_message = self.tree_msg;
        out
    }
    fn put_back(&mut self, m: &ModelScenario) -> Result<(), String> {
        use hetcast_core::models::multi::{MultiAlgorithm, MultiPlan};
        let (algos, follow) = crate::models::worker_runs::scenario_runs::<MultiAlgorithm>(m)?;
        crate::models::worker_runs::run(self, &algos, follow);
        if let Some(plan) = &m.edited {
            let plan: MultiPlan = hetcast_core::error::from_value(plan)
                .map_err(|e| format!("malformed plan: {e}"))?;
            self.results.edited = Some(super::plan_edit::multi_row(&self.instance, plan)?);
        }
        self.results.put_back_selection(m.selected.as_deref())?;
        if m.tree_message < self.instance.messages.len() {
            self.tree_msg = m.tree_message;
        }
        Ok(())
    }
    crate::screen_basics!(
        MultiState,
        Multi,
        hetcast_core::models::multi::algo::MultiAlgorithm,
        super::MultiAction
    );
    fn move_node(&mut self, node: usize, to: Place) -> Reply {
        MultiState::move_node(self, node, to)
    }
    fn motion(&self, pick: Option<&str>) -> Option<Motion> {
        MultiState::motion(self, pick)
    }
    fn tree_message(&self) -> Option<usize> {
        Some(self.tree_msg)
    }
    fn time_fmt(&self) -> fn(f64) -> String {
        hetcast_core::units::fmt_us
    }
    fn trace_events(&self, title: &str) -> Option<String> {
        let ok = self.results.selected_row()?.outcome.as_ref().ok()?;
        Some(
            hetcast_core::export::trace_event::multi(&self.instance, &ok.schedule, title).to_json(),
        )
    }
    fn tree_dot(&self, title: &str) -> Option<String> {
        let ok = self.results.selected_row()?.outcome.as_ref().ok()?;
        let title = format!("{title} — {}", self.instance.message_label(self.tree_msg));
        hetcast_core::export::dot::multi(&self.instance, &ok.schedule, self.tree_msg, &title)
    }
    fn result_rows(&self) -> Vec<hetcast_core::export::csv::ResultRow> {
        let inst = &self.instance;
        self.results
            .rows
            .iter()
            .chain(&self.results.edited)
            .filter_map(|r| {
                let ok = r.outcome.as_ref().ok()?;
                let (key, title) = crate::exports::csv_key(r.edited, r.algo.key(), r.algo.title());
                Some(hetcast_core::export::csv::ResultRow::multi(
                    inst,
                    &key,
                    &title,
                    &ok.schedule,
                ))
            })
            .collect()
    }
    fn editor(&self, state: &StateHandle) -> Html {
        html! { <MultiEditor state={state.clone()} /> }
    }
    fn generators(&self, state: &StateHandle) -> Html {
        html! { <MultiGenerators state={state.clone()} /> }
    }
    fn algorithm_buttons(&self, state: &StateHandle) -> (&'static str, Html) {
        (
            "Run FEF, ECF, WR and WRP (key r)",
            results::algorithm_buttons(state),
        )
    }
    fn view_body(&self, view: View, drawing: Option<Html>) -> Html {
        MultiState::view_body(self, view, drawing)
    }
    fn view_extras(&self, state: &StateHandle) -> Html {
        if state.ui.tab == View::Tree {
            views::tree_message_menu(state, self)
        } else {
            Html::default()
        }
    }
}
