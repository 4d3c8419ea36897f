//! The multimessage model on the shell's screen ([`Screen`]).

use hetcast_core::models::{Place, View};
use yew::prelude::*;

use super::editor::MmEditor;
use super::{results, MmState};
use crate::components::StateHandle;
use crate::models::kept::ModelScenario;
use crate::models::{Reply, Screen};
use crate::state::Notice;

impl Screen for MmState {
    #[cfg(test)]
    fn answer_workers(&mut self) -> Vec<crate::models::ModelAction> {
        crate::models::worker_runs::answer_natively(self);
        Vec::new()
    }
    fn keep(&self) -> ModelScenario {
        let mut out = ModelScenario::of_instance(&Screen::instance(self));
        self.results.keep(&mut out);
        self.runs.keep(&mut out);
        out
    }
    fn put_back(&mut self, m: &ModelScenario) -> Result<(), String> {
        use hetcast_core::models::multimessage::MmAlgorithm;
        let (algos, follow) = crate::models::worker_runs::scenario_runs::<MmAlgorithm>(m)?;
        crate::models::worker_runs::run(self, &algos, follow);
        if let Some(plan) = &m.edited {
            let reply = self.import_plan("the edited plan", &plan.to_string());
            if self.results.edited.is_none() {
                return Err(reply.notice.map(|n| n.text).unwrap_or_default());
            }
        }
        self.results.edited_selected = false;
        self.results.put_back_selection(m.selected.as_deref())
    }
    crate::screen_basics!(
        MmState,
        Multimessage,
        hetcast_core::models::multimessage::algo::MmAlgorithm,
        super::MmAction
    );
    fn move_node(&mut self, _node: usize, _to: Place) -> Reply {
        Reply::say(Notice::error(
            "The multimessage model's drawing is the instance's multigraph, not a tree of the schedule: nothing to move.",
        ))
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
