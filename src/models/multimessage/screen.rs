//! The multimessage model on the shell's screen ([`Screen`]).

use hetcast_core::layout::Scene;
use hetcast_core::models::{Place, View};
use hetcast_core::trace::Step;
use hetcast_core::{AnyInstance, ModelId};
use yew::prelude::*;

use super::editor::MmEditor;
use super::{results, MmState};
use crate::components::StateHandle;
use crate::models::{Reply, ResultsView, Screen};
use crate::state::Notice;
use crate::views::ViewLook;

impl Screen for MmState {
    fn id(&self) -> ModelId {
        ModelId::Multimessage
    }
    fn instance(&self) -> AnyInstance {
        AnyInstance::Multimessage((*self.instance).clone())
    }
    fn editor_has_errors(&self) -> bool {
        !self.drafts.is_valid()
    }
    fn reset_drafts(&mut self) {
        MmState::reset_drafts(self)
    }
    fn restore(&mut self, inst: AnyInstance) -> Result<(), AnyInstance> {
        match inst {
            AnyInstance::Multimessage(m) => {
                MmState::restore(self, m);
                Ok(())
            }
            other => Err(other),
        }
    }
    fn load(&mut self, inst: AnyInstance) -> Reply {
        match inst {
            AnyInstance::Multimessage(m) => MmState::load(self, m),
            _ => Reply::default(),
        }
    }
    fn run_all(&mut self) -> Reply {
        MmState::run_all(self)
    }
    fn run_action(&self, key: &str) -> Option<crate::models::ModelAction> {
        use hetcast_core::catalog::Catalog;
        let algo =
            <hetcast_core::models::multimessage::algo::MmAlgorithm as Catalog>::parse(key).ok()?;
        Some(crate::models::ModelAction::Multimessage(
            super::MmAction::Run(algo),
        ))
    }
    fn import_plan(&mut self, name: &str, text: &str) -> Reply {
        MmState::import_plan(self, name, text)
    }
    fn move_node(&mut self, _node: usize, _to: Place) -> Reply {
        Reply::say(Notice::error(
            "The multimessage model's drawing is the instance's multigraph, not a tree of the schedule: nothing to move.",
        ))
    }
    fn results(&self) -> &dyn ResultsView {
        &self.results
    }
    fn results_mut(&mut self) -> &mut dyn ResultsView {
        &mut self.results
    }
    fn scene(&self, pick: Option<&str>, view: View, look: &ViewLook) -> Option<Scene> {
        MmState::scene(self, pick, view, look)
    }
    fn replay(&self, pick: Option<&str>) -> Option<(f64, Vec<f64>)> {
        MmState::replay(self, pick)
    }
    fn steps(&self, pick: Option<&str>) -> Option<(Vec<Step>, &'static [&'static str])> {
        MmState::steps(self, pick)
    }
    fn time_fmt(&self) -> fn(f64) -> String {
        super::steps_text
    }
    fn result_rows(&self) -> Vec<hetcast_core::export::csv::ResultRow> {
        use hetcast_core::catalog::Catalog;
        let d = self.instance.degree() as f64;
        self.results
            .rows
            .iter()
            .chain(&self.results.edited)
            .filter_map(|r| {
                let ok = r.outcome.as_ref().ok()?;
                let (key, title) = crate::exports::csv_key(r.edited, r.algo.key(), r.algo.title());
                Some(hetcast_core::export::csv::ResultRow {
                    model: "multimessage".into(),
                    algorithm: key,
                    algorithm_title: title,
                    completion_time: ok.schedule.steps as f64,
                    lower_bound: d,
                })
            })
            .collect()
    }
    fn editor(&self, state: &StateHandle) -> Html {
        html! { <MmEditor state={state.clone()} /> }
    }
    fn generators(&self, _state: &StateHandle) -> Html {
        Html::default()
    }
    fn bounds(&self) -> Html {
        results::bounds_panel(self)
    }
    fn results_table(&self, state: &StateHandle) -> Html {
        results::results_table(state, self)
    }
    fn algorithm_buttons(&self, state: &StateHandle) -> (&'static str, Html) {
        (
            "Run gonzalez, single-send, no-forwarding and optimal (key r)",
            results::algorithm_buttons(state),
        )
    }
    fn view_body(&self, view: View, drawing: Option<Html>) -> Html {
        MmState::view_body(self, view, drawing)
    }
}
