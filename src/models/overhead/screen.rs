//! The one-source models on the shell's screen ([`Screen`]).

use std::rc::Rc;

use hetcast_core::catalog::Catalog;
use hetcast_core::layout::Motion;
use hetcast_core::models::overhead::algo::Algorithm;
use hetcast_core::models::overhead::ModelKind;
use hetcast_core::models::{Place, View};
use yew::prelude::*;

use super::dp_table::{tables_html, DpTables};
use super::editor::InstanceEditor;
use super::generators::Generators;
use super::{results, views, OverheadState};
use crate::components::player::StepPanel;
use crate::components::StateHandle;
use crate::models::kept::ModelScenario;
use crate::models::{Reply, Screen};

impl Screen for OverheadState {
    fn choose(&mut self, tag: &str) -> Option<String> {
        let kind = [ModelKind::Node, ModelKind::SenderReceiver]
            .into_iter()
            .find(|k| k.name() == tag)?;
        if kind == self.instance.model {
            return None;
        }
        OverheadState::restore(self, super::convert_model(&self.instance, kind));
        Some(super::converted_to(kind).to_string())
    }
    fn keep(&self) -> ModelScenario {
        let mut out = ModelScenario::of_instance(&Screen::instance(self));
        self.results.keep(&mut out);
        out.seed = (self.seed_text != "1").then(|| self.seed_text.clone());
        // With the exchanges walk open, the result it started from: a share link's
        // `exchange=K` opens the walk from it again.
        if let (Some(_), Some(a)) = (&self.exchanges, self.exchanges_from) {
            out.selected = Some(a.key().into());
        }
        out
    }
    fn put_back(&mut self, m: &ModelScenario) -> Result<(), String> {
        let mut later = Vec::new();
        for (a, seed) in m.algorithms::<Algorithm>()? {
            let seed = seed.unwrap_or(0);
            if super::runner::in_worker(a) {
                later.push((a, seed));
            } else {
                self.results.put(super::run_one(&self.instance, a, seed));
            }
        }
        // The selected row may be one of the worker's: selected once it comes.
        self.follow = m
            .selected
            .as_deref()
            .and_then(|k| later.iter().find(|(a, _)| a.key() == k))
            .map(|&(a, _)| a);
        self.run_in_worker(later);
        if let Some(plan) = &m.edited {
            let plan: hetcast_core::models::overhead::Plan = hetcast_core::error::from_value(plan)
                .map_err(|e| format!("malformed plan: {e}"))?;
            self.results.edited = Some(super::plan_edit::overhead_row(&self.instance, plan)?);
        }
        if let Some(seed) = &m.seed {
            self.seed_text = seed.clone();
            self.seed_error = seed.trim().parse::<u64>().err().map(|_| {
                format!(
                    "'{}' is not a whole number from 0 to {}",
                    seed.trim(),
                    u64::MAX
                )
            });
        }
        self.results.put_back_selection(m.selected.as_deref())
    }
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
    fn link_keys(&self) -> Vec<(&'static str, String)> {
        OverheadState::link_keys(self)
    }
    fn open_link_key(&mut self, key: &str, value: &str) -> Option<Result<(), String>> {
        (key == super::EXCHANGE_KEY).then(|| self.open_exchange(value))
    }
    #[cfg(test)]
    fn answer_workers(&mut self) -> Vec<crate::models::ModelAction> {
        super::runner::worker_answers(self)
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
