//! A model that this module leaves out (built without the feature `all-models`: the page's
//! module, docs/performance.md "The app's wasm", step 19), on screen for the moment it takes the
//! app with every model to take over ([`crate::handover`]): it holds what a scenario keeps of
//! the model ([`ModelScenario`]: its instance, the runs asked for, the selection), says that
//! the model is loading, and gives all of it back to [`Screen::keep`], which the handover
//! carries. Nothing runs here.

use hetcast_core::layout::Scene;
use hetcast_core::models::View;
use hetcast_core::trace::Step;
use hetcast_core::{AnyInstance, ModelId};
use yew::prelude::*;

use super::kept::ModelScenario;
use super::{Reply, ResultsView, Screen};
use crate::components::StateHandle;
use crate::views::ViewLook;

/// A model of another module, as a scenario keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct OnDemand {
    /// The instance in use.
    instance: AnyInstance,
    /// What a scenario keeps of the model (the instance's file, the runs, the selection).
    kept: ModelScenario,
    /// Its results: none.
    results: NoResults,
}

impl OnDemand {
    /// The model of `instance` (valid), with nothing run.
    pub fn new(instance: AnyInstance) -> OnDemand {
        let kept = ModelScenario::of_instance(&instance);
        OnDemand {
            instance,
            kept,
            results: NoResults,
        }
    }

    /// "Loading the many-source model…".
    fn loading(&self) -> Html {
        let text = format!("Loading the {} model…", self.instance.model().title());
        html! { <p class="hint on-demand" role="status" aria-busy="true">{ text }</p> }
    }
}

/// No results: they are run once the app with every model has taken over.
#[derive(Clone, Debug, PartialEq)]
struct NoResults;

impl ResultsView for NoResults {
    fn len(&self) -> usize {
        0
    }
    fn caption(&self) -> String {
        String::new()
    }
    fn selected_key(&self) -> Option<String> {
        None
    }
    fn succeeded(&self) -> Vec<(String, String, f64)> {
        Vec::new()
    }
    fn step(&mut self, _: i32) {}
    fn select_edited(&mut self) {}
    fn has_edit(&self) -> bool {
        false
    }
    fn undo_edit(&mut self) -> bool {
        false
    }
}

impl Screen for OnDemand {
    fn id(&self) -> ModelId {
        self.instance.model()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn on_demand(&self) -> bool {
        true
    }
    fn instance(&self) -> AnyInstance {
        self.instance.clone()
    }
    fn editor_has_errors(&self) -> bool {
        false
    }
    fn reset_drafts(&mut self) {}
    fn restore(&mut self, inst: AnyInstance) -> Result<(), AnyInstance> {
        if inst.model() != self.id() {
            return Err(inst);
        }
        *self = OnDemand::new(inst);
        Ok(())
    }
    fn load(&mut self, inst: AnyInstance) -> Reply {
        if inst.model() != self.id() {
            return Reply::default();
        }
        let before = std::mem::replace(self, OnDemand::new(inst)).instance;
        Reply::replaced(before)
    }
    fn keep(&self) -> ModelScenario {
        self.kept.clone()
    }
    fn put_back(&mut self, m: &ModelScenario) -> Result<(), String> {
        self.kept = m.clone();
        Ok(())
    }
    fn run_all(&mut self) -> Reply {
        Reply::default()
    }
    fn run_action(&self, _: &str) -> Option<super::ModelAction> {
        None
    }
    fn import_plan(&mut self, _: &str, _: &str) -> Reply {
        Reply::default()
    }
    fn results(&self) -> &dyn ResultsView {
        &self.results
    }
    fn results_mut(&mut self) -> &mut dyn ResultsView {
        &mut self.results
    }
    fn scene(&self, _: Option<&str>, _: View, _: &ViewLook) -> Option<Scene> {
        None
    }
    fn replay(&self, _: Option<&str>) -> Option<(f64, Vec<f64>)> {
        None
    }
    fn steps(&self, _: Option<&str>) -> Option<(Vec<Step>, &'static [&'static str])> {
        None
    }
    fn time_fmt(&self) -> fn(f64) -> String {
        super::num_text
    }
    fn result_rows(&self) -> Vec<hetcast_core::export::csv::ResultRow> {
        Vec::new()
    }
    fn editor(&self, _: &StateHandle) -> Html {
        self.loading()
    }
    fn generators(&self, _: &StateHandle) -> Html {
        Html::default()
    }
    fn bounds(&self) -> Html {
        Html::default()
    }
    fn results_table(&self, _: &StateHandle) -> Html {
        Html::default()
    }
    fn algorithm_buttons(&self, _: &StateHandle) -> (&'static str, Html) {
        ("", Html::default())
    }
    fn view_body(&self, _: View, _: Option<Html>) -> Html {
        self.loading()
    }
}
