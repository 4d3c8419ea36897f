//! The one-source models on the shell's screen ([`Screen`]).

use std::rc::Rc;

use hetcast_core::layout::Motion;
use hetcast_core::models::overhead::algo::Algorithm;
use hetcast_core::models::{Place, View};
use yew::prelude::*;

use super::dp_table::{tables_html, DpTables};
use super::editor::InstanceEditor;
use super::generators::Generators;
use super::{results, views, OverheadState};
use crate::components::player::StepPanel;
use crate::components::StateHandle;
use crate::models::{Reply, Screen};

impl Screen for OverheadState {
    crate::screen_basics!(
        OverheadState,
        Overhead,
        hetcast_core::models::overhead::algo::Algorithm,
        super::OverheadAction
    );
    fn menu_value(&self) -> &'static str {
        self.instance.model.name()
    }
    fn move_node(&mut self, node: usize, to: Place) -> Reply {
        OverheadState::move_node(self, node, to)
    }
    fn motion(&self, pick: Option<&str>) -> Option<Motion> {
        OverheadState::motion(self, pick)
    }
    fn time_fmt(&self) -> fn(f64) -> String {
        crate::util::fmt_time
    }
    fn export_key(&self) -> String {
        OverheadState::export_key(self)
    }
    fn trace_events(&self, title: &str) -> Option<String> {
        let ok = self.results.selected_row()?.outcome.as_ref().ok()?;
        Some(
            hetcast_core::export::trace_event::overhead(&self.instance, &ok.schedule, title)
                .to_json(),
        )
    }
    fn tree_dot(&self, title: &str) -> Option<String> {
        let ok = self.results.selected_row()?.outcome.as_ref().ok()?;
        Some(hetcast_core::export::dot::overhead(
            &self.instance,
            &ok.schedule,
            title,
        ))
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
                let (key, title) = crate::exports::csv_key(r.edited, r.algo.key(), &r.title());
                Some(hetcast_core::export::csv::ResultRow::overhead(
                    inst,
                    &key,
                    &title,
                    &ok.schedule,
                ))
            })
            .collect()
    }
    fn editor(&self, state: &StateHandle) -> Html {
        html! { <InstanceEditor state={state.clone()} /> }
    }
    fn generators(&self, state: &StateHandle) -> Html {
        html! { <Generators state={state.clone()} /> }
    }
    fn algorithm_buttons(&self, state: &StateHandle) -> (&'static str, Html) {
        (
            "Run every algorithm (key r)",
            results::algorithm_buttons(state, self),
        )
    }
    fn view_body(&self, _view: View, drawing: Option<Html>) -> Html {
        OverheadState::view_body(self, drawing)
    }
    fn view_extras(&self, state: &StateHandle) -> Html {
        views::exchanges_bar(state, self)
    }
    fn player_extras(&self, state: &StateHandle) -> Html {
        views::exchanges_button(state, self)
    }
    fn step_tables(&self) -> Option<StepPanel> {
        let tables = self
            .results
            .selected_row()
            .filter(|r| r.algo == Algorithm::Lemma5 && !r.edited)
            .and_then(|_| DpTables::of(&self.instance))?;
        Some(StepPanel(Rc::new(move |done| tables_html(&tables, done))))
    }
}
