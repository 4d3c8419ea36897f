//! The algorithm bar: "Run all", then the buttons of the model on screen.

use super::StateProps;
use crate::models::ModelAction;
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
    let (title, buttons) = state.model.screen().algorithm_buttons(state);
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
