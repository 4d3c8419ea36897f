//! The one-source results: the algorithm buttons, the results table and the bounds panel.

use hetcast_core::catalog::Catalog;
use hetcast_core::models::overhead::algo::Algorithm;
use hetcast_core::models::overhead::ModelKind;
use yew::prelude::*;

use super::{OverheadAction, OverheadState, RunRow};
use crate::components::field::TextField;
use crate::components::results::{
    error_cell, ratio_text, result_row, results_panel, results_table_of, yes_no,
};
use crate::components::StateHandle;
use crate::util::fmt_time;

/// Short label of an algorithm's button (the full title is its tooltip).
pub fn short_label(a: Algorithm, kind: ModelKind) -> &'static str {
    match a {
        Algorithm::Random => "Random",
        a => a.name_in(kind),
    }
}

/// One button per algorithm, with the seed of random selection after its button.
pub fn algorithm_buttons(state: &StateHandle, m: &OverheadState) -> Html {
    let on_seed = {
        let s = state.clone();
        Callback::from(move |t| s.dispatch(OverheadAction::SetSeed(t).into()))
    };
    let seed_field = html! {
        <span class="seed">
            <label for="seed">{"seed"}</label>
            <TextField id="seed" value={m.seed_text.clone()} inputmode="numeric"
                error={m.seed_error.clone().map(AttrValue::from)}
                oninput={on_seed} class={classes!("num", "seed-input")} />
        </span>
    };
    let buttons = Algorithm::ALL.iter().map(|&a| {
        let s = state.clone();
        let onclick =
            Callback::from(move |_: MouseEvent| s.dispatch(OverheadAction::Run(a).into()));
        html! {
            <>
                <button id={format!("run-{}", a.key())} class="algo"
                    title={a.also_called(m.instance.model)} {onclick}>
                    { short_label(a, m.instance.model) }
                </button>
                if a == Algorithm::Random { { seed_field.clone() } }
            </>
        }
    });
    html! { for buttons }
}

/// The row label: the algorithm's short name, and the seed of random selection.
fn row_label(r: &RunRow) -> String {
    match r.algo {
        _ if r.edited => crate::plan_import::EDITED_TITLE.to_string(),
        Algorithm::Random => format!("{} (seed {})", short_label(r.algo, r.kind), r.seed),
        a => short_label(a, r.kind).to_string(),
    }
}

/// The results table of the one-source models.
pub fn results_table(state: &StateHandle, m: &OverheadState) -> Html {
    let opt = m.optimum();
    let bounds = &m.bounds;
    let lb = fmt_time(bounds.lower_bound);
    let results = &m.results;
    let row = |r: &RunRow| {
        let a = r.algo;
        let key = if r.edited { "edited" } else { a.key() };
        let guarantee = if r.edited { None } else { bounds.guarantee(a) };
        let cells = match &r.outcome {
            Ok(ok) => {
                let t = ok.schedule.completion_time;
                let pr = ok.properties;
                html! {
                    <>
                        <td class="time num" id={format!("time-{key}")}>{ fmt_time(t) }</td>
                        <td class="num">{ lb.clone() }</td>
                        <td class="guarantee">{ guarantee.clone().unwrap_or_else(|| "—".into()) }</td>
                        <td class="num" id={format!("ratio-{key}")}>{ opt.map(|o| ratio_text(t, o)).unwrap_or_else(|| "—".into()) }</td>
                        { yes_no(pr.non_idling) }
                        { yes_no(pr.monotonic) }
                        { yes_no(pr.layered) }
                    </>
                }
            }
            Err(msg) => error_cell(key, 7, msg),
        };
        let head = html! { <th scope="row" title={if r.edited { r.title() } else { r.algo.also_called(r.kind).to_string() }}>{ row_label(r) }</th> };
        result_row(
            state,
            (results, r),
            key,
            OverheadAction::Select(a).into(),
            head,
            cells,
        )
    };
    let columns = html! {
        <>
            <th scope="col" title="completion time">{"Time"}</th>
            <th scope="col" title="proven lower bound on the optimum"><abbr title="lower bound">{"LB"}</abbr></th>
            <th scope="col">{"Guarantee"}</th>
            <th scope="col" title="completion time / optimum (when an exact solver ran)">{"÷ OPT"}</th>
            <th scope="col" class="prop-h" title="non-idling: no node waits while it could send">{"Non-idle"}</th>
            <th scope="col" class="prop-h" title="monotonic: no node sends to a faster node (root excepted)">{"Mono"}</th>
            <th scope="col" class="prop-h" title="layered: faster nodes hold the message no later than slower ones">{"Layer"}</th>
        </>
    };
    let open = state.ui.table_open;
    let running = m.running().map(|a| {
        let key = a.key();
        html! {
            <tr key={format!("running-{key}")} id={format!("running-{key}")} class="running">
                <th scope="row">{ short_label(a, m.instance.model) }</th>
                <td colspan="7"><progress></progress>{" running in a web worker"}</td>
            </tr>
        }
    });
    let any_running = m.running().next().is_some();
    let rows = html! {
        <>
            { for results.table_rows(open).map(row) }
            { for running }
        </>
    };
    let cancel = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(OverheadAction::Cancel.into()))
    };
    let table = results_table_of(state, classes!("results"), columns, rows);
    let table = html! {
        <>
            { table }
            if any_running {
                <button id="cancel-runs" onclick={cancel} title="Stop the web worker">{"Cancel"}</button>
            }
        </>
    };
    let empty = html! {
        <p class="hint" id="results-empty">
            {"No results yet. Press "}<kbd>{"r"}</kbd>{" to run every algorithm, or pick one above."}
        </p>
    };
    results_panel(
        state,
        results.rows.is_empty() && results.edited.is_none() && !any_running,
        empty,
        table,
    )
}

/// The bounds of the instance, with their explanations (collapsed to one line by default).
pub fn bounds_panel(m: &OverheadState) -> Html {
    let bounds = &m.bounds;
    let lines = bounds.lines.iter().map(|l| {
        html! {
            <li><strong>{ l.label.clone() }{": "}{ fmt_time(l.value) }</strong>{" — "}{ l.explanation.clone() }</li>
        }
    });
    html! {
        <details class="panel bounds" id="bounds">
            <summary><h2>{ format!("Bounds: OPT ≥ {}", fmt_time(bounds.best_lower_bound())) }</h2></summary>
            <ul>{ for lines }</ul>
        </details>
    }
}
