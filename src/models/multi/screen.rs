//! The many-source model on the shell's screen ([`Screen`]).

use hetcast_core::layout::{Motion, Scene};
use hetcast_core::models::{Place, View};
use hetcast_core::trace::Step;
use hetcast_core::{AnyInstance, ModelId};
use yew::prelude::*;

use super::editor::MultiEditor;
use super::generators::MultiGenerators;
use super::{results, views, MultiState};
use crate::components::StateHandle;
use crate::models::{Reply, ResultsView, Screen};
use crate::views::ViewLook;

impl Screen for MultiState {
    fn id(&self) -> ModelId {
        ModelId::Multi
    }
    fn instance(&self) -> AnyInstance {
        AnyInstance::Multi((*self.instance).clone())
    }
    fn editor_has_errors(&self) -> bool {
        !self.drafts.is_valid()
    }
    fn reset_drafts(&mut self) {
        MultiState::reset_drafts(self)
    }
    fn restore(&mut self, inst: AnyInstance) -> Result<(), AnyInstance> {
        match inst {
            AnyInstance::Multi(m) => {
                MultiState::restore(self, m);
                Ok(())
            }
            other => Err(other),
        }
    }
    fn load(&mut self, inst: AnyInstance) -> Reply {
        match inst {
            AnyInstance::Multi(m) => MultiState::load(self, m),
            _ => Reply::default(),
        }
    }
    fn run_all(&mut self) -> Reply {
        MultiState::run_all(self)
    }
    fn run_action(&self, key: &str) -> Option<crate::models::ModelAction> {
        use hetcast_core::catalog::Catalog;
        let algo =
            <hetcast_core::models::multi::algo::MultiAlgorithm as Catalog>::parse(key).ok()?;
        Some(crate::models::ModelAction::Multi(super::MultiAction::Run(
            algo,
        )))
    }
    fn import_plan(&mut self, name: &str, text: &str) -> Reply {
        MultiState::import_plan(self, name, text)
    }
    fn move_node(&mut self, node: usize, to: Place) -> Reply {
        MultiState::move_node(self, node, to)
    }
    fn results(&self) -> &dyn ResultsView {
        &self.results
    }
    fn results_mut(&mut self) -> &mut dyn ResultsView {
        &mut self.results
    }
    fn scene(&self, pick: Option<&str>, view: View, look: &ViewLook) -> Option<Scene> {
        MultiState::scene(self, pick, view, look)
    }
    fn replay(&self, pick: Option<&str>) -> Option<(f64, Vec<f64>)> {
        MultiState::replay(self, pick)
    }
    fn motion(&self, pick: Option<&str>) -> Option<Motion> {
        MultiState::motion(self, pick)
    }
    fn steps(&self, pick: Option<&str>) -> Option<(Vec<Step>, &'static [&'static str])> {
        MultiState::steps(self, pick)
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
        use hetcast_core::catalog::Catalog;
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
    fn bounds(&self) -> Html {
        results::bounds_panel(self)
    }
    fn results_table(&self, state: &StateHandle) -> Html {
        results::results_table(state, self)
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
