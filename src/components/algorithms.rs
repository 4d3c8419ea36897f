//! The algorithm bar: "Run all", then the buttons of the model on screen.

use super::StateProps;
use crate::models::{multi, multimessage, overhead, ModelAction, ModelState};
use crate::state::Action;
use yew::prelude::*;

/// "Run all" (key r) and one button per algorithm of the model on screen.
#[function_component(AlgorithmBar)]
pub fn algorithm_bar(p: &StateProps) -> Html {
    let state = &p.state;
    let run_all = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::Model(ModelAction::RunAll)))
    };
    let (title, buttons) = match &state.model {
        ModelState::Overhead(m) => (
            "Run every algorithm (key r)",
            overhead::results::algorithm_buttons(state, m),
        ),
        ModelState::Multi(_) => (
            "Run FEF, ECF, WR and WRP (key r)",
            multi::results::algorithm_buttons(state),
        ),
        ModelState::Multimessage(_) => (
            "Run gonzalez, single-send, no-forwarding and optimal (key r)",
            multimessage::results::algorithm_buttons(state),
        ),
        ModelState::Platform(_) => (
            "Run the bounds, the four heuristics and the broadcast (key r)",
            crate::models::platform::results::algorithm_buttons(state),
        ),
    };
    html! {
        <section class="algos" aria-label="Algorithms">
            <button id="run-all" class="primary" onclick={run_all} {title}>
                {"Run all"}
            </button>
            { buttons }
            <super::plan_file::PlanImport state={state.clone()} />
        </section>
    }
}
