//! The algorithm bar: "Run all", then the buttons of the model on screen, then "Import plan".
//!
//! It folds with the results table (key t, [`crate::state::Ui::table_open`]): while the table
//! shows only its selected row, the algorithm buttons and "Import plan" are under one menu
//! button, "Run one", so that the bar is short enough to stand beside the folded table and the
//! drawing keeps the height (docs/architecture.md, "The drawing first").

use super::menu::Menu;
use super::StateProps;
use crate::models::ModelAction;
use crate::state::Action;
use yew::prelude::*;

/// "Run all" (key r), one button per algorithm of the model on screen and "Import plan": in
/// the bar while the results table is open; while it is folded, all but "Run all" are under
/// the "Run one" menu (`run-one-button`).
#[function_component(AlgorithmBar)]
pub fn algorithm_bar(p: &StateProps) -> Html {
    let state = &p.state;
    let menu_open = use_state(|| false);
    let run_all = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::Model(ModelAction::RunAll)))
    };
    let (title, buttons) = state.model.screen().algorithm_buttons(state);
    let import = html! { <super::plan_file::PlanImport state={state.clone()} /> };
    if state.ui.table_open {
        return html! {
            <section class="algos" aria-label="Algorithms">
                <button id="run-all" class="primary" onclick={run_all} {title}>
                    {"Run all"}
                </button>
                { buttons }
                { import }
            </section>
        };
    }
    // A run started from the menu closes it (its row is then the one shown); "Import plan"
    // keeps it open, and its file input mounted, while the file is chosen and read.
    let close = {
        let open = menu_open.clone();
        Callback::from(move |e: MouseEvent| {
            let on_algorithm = e
                .target()
                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
                .and_then(|t| t.closest("button.algo").ok().flatten())
                .is_some();
            if on_algorithm {
                open.set(false);
            }
        })
    };
    html! {
        <section class="algos" aria-label="Algorithms">
            <button id="run-all" class="primary" onclick={run_all} {title}>
                {"Run all"}
            </button>
            <Menu id="run-one" label="Run one" open={menu_open.clone()}
                title="Run one algorithm, or time a plan from a file (while the results table is folded; key t shows both)">
                <div class="run-one-items" onclick={close}>{ buttons }{ import }</div>
            </Menu>
        </section>
    }
}
