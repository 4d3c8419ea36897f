//! The platform model on the shell's screen ([`Screen`]).

use hetcast_core::layout::Scene;
use hetcast_core::models::{Place, View};
use hetcast_core::trace::Step;
use hetcast_core::{AnyInstance, ModelId};
use yew::prelude::*;

use super::editor::{PlatformEditor, PlatformGenerator};
use super::{results, PlatformState};
use crate::components::StateHandle;
use crate::models::{Reply, ResultsView, Screen};
use crate::state::Notice;
use crate::views::ViewLook;

impl Screen for PlatformState {
    fn id(&self) -> ModelId {
        ModelId::Platform
    }
    fn instance(&self) -> AnyInstance {
        AnyInstance::Platform((*self.instance).clone())
    }
    fn editor_has_errors(&self) -> bool {
        !self.drafts.is_valid()
    }
    fn reset_drafts(&mut self) {
        PlatformState::reset_drafts(self)
    }
    fn restore(&mut self, inst: AnyInstance) -> Result<(), AnyInstance> {
        match inst {
            AnyInstance::Platform(p) => {
                PlatformState::restore(self, p);
                Ok(())
            }
            other => Err(other),
        }
    }
    fn load(&mut self, inst: AnyInstance) -> Reply {
        match inst {
            AnyInstance::Platform(p) => PlatformState::load(self, p),
            _ => Reply::default(),
        }
    }
    fn run_all(&mut self) -> Reply {
        PlatformState::run_all(self)
    }
    fn run_action(&self, key: &str) -> Option<crate::models::ModelAction> {
        use hetcast_core::catalog::Catalog;
        let algo = <hetcast_core::models::platform::algo::PlatformAlgorithm as Catalog>::parse(key)
            .ok()?;
        Some(crate::models::ModelAction::Platform(
            super::PlatformAction::Run(algo),
        ))
    }
    fn import_plan(&mut self, name: &str, text: &str) -> Reply {
        PlatformState::import_plan(self, name, text)
    }
    fn move_node(&mut self, _node: usize, _to: Place) -> Reply {
        Reply::say(Notice::error(
            "The platform drawing shows the graph and its loads, not a tree of the schedule: nothing to move (edit the graph in the editor).",
        ))
    }
    fn results(&self) -> &dyn ResultsView {
        &self.results
    }
    fn results_mut(&mut self) -> &mut dyn ResultsView {
        &mut self.results
    }
    fn scene(&self, pick: Option<&str>, view: View, look: &ViewLook) -> Option<Scene> {
        PlatformState::scene(self, pick, view, look)
    }
    fn replay(&self, pick: Option<&str>) -> Option<(f64, Vec<f64>)> {
        PlatformState::replay(self, pick)
    }
    fn steps(&self, pick: Option<&str>) -> Option<(Vec<Step>, &'static [&'static str])> {
        PlatformState::steps(self, pick)
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
    fn bounds(&self) -> Html {
        results::bounds_panel(self)
    }
    fn results_table(&self, state: &StateHandle) -> Html {
        results::results_table(state, self)
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
