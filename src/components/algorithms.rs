//! The algorithm buttons: run one, or run all.

use super::field::TextField;
use super::StateProps;
use crate::state::Action;
use hetcast_core::catalog::Catalog;
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::overhead::algo::Algorithm;
use yew::prelude::*;

/// Short label of an algorithm's button (the full title is its tooltip).
pub fn short_label(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Greedy => "Greedy",
        Algorithm::Random => "Random",
        Algorithm::Optimal => "Optimum",
        Algorithm::Lemma5 => "Lemma 5",
        Algorithm::Exhaustive => "Exhaustive",
    }
}

/// One button per algorithm, "Run all", and the seed of random selection.
#[function_component(AlgorithmBar)]
pub fn algorithm_bar(p: &StateProps) -> Html {
    let state = &p.state;
    let run_all = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::RunAll))
    };
    let on_seed = {
        let s = state.clone();
        Callback::from(move |t| s.dispatch(Action::SetSeed(t)))
    };
    if state.multi_mode {
        let buttons = MultiAlgorithm::ALL.iter().map(|&a| {
            let s = state.clone();
            let onclick = Callback::from(move |_: MouseEvent| s.dispatch(Action::RunMulti(a)));
            html! {
                <button id={format!("run-{}", a.key())} class="algo"
                    title={format!("Run {} (paper 001){}", a.title(), if a == MultiAlgorithm::Wrp { ", key w" } else { "" })} {onclick}>
                    { a.short() }
                </button>
            }
        });
        return html! {
            <section class="algos" aria-label="Algorithms">
                <button id="run-all" class="primary" onclick={run_all} title="Run FEF, ECF, WR and WRP (key r)">
                    {"Run all"}
                </button>
                { for buttons }
            </section>
        };
    }
    let seed_field = html! {
        <span class="seed">
            <label for="seed">{"seed"}</label>
            <TextField id="seed" value={state.seed_text.clone()} inputmode="numeric"
                error={state.seed_error.clone().map(AttrValue::from)}
                oninput={on_seed} class={classes!("num", "seed-input")} />
        </span>
    };
    let buttons = Algorithm::ALL.iter().map(|&a| {
        let s = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| s.dispatch(Action::Run(a)));
        html! {
            <>
                <button id={format!("run-{}", a.key())} class="algo"
                    title={format!("Run {}", a.title())} {onclick}>
                    { short_label(a) }
                </button>
                if a == Algorithm::Random { { seed_field.clone() } }
            </>
        }
    });
    html! {
        <section class="algos" aria-label="Algorithms">
            <button id="run-all" class="primary" onclick={run_all} title="Run every algorithm (key r)">
                {"Run all"}
            </button>
            { for buttons }
        </section>
    }
}
