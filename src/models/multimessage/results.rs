//! The multimessage results: the algorithm buttons, the results table (steps, steps / d, exact)
//! and the bounds panel (the degree d).

use hetcast_core::catalog::Catalog;
use hetcast_core::models::multimessage::MmAlgorithm;
use yew::prelude::*;

use super::{steps_text, MmAction, MmRunRow, MmState};
use crate::components::results::{
    error_cell, ratio_text, result_row, results_panel, results_table_of, running_rows, with_cancel,
};
use crate::components::StateHandle;
use crate::plan_import::EDITED_TITLE;

/// One button per algorithm.
pub fn algorithm_buttons(state: &StateHandle) -> Html {
    let buttons = MmAlgorithm::ALL.iter().map(|&a| {
        let s = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| s.dispatch(MmAction::Run(a).into()));
        html! {
            <button id={format!("run-{}", a.key())} class="algo"
                title={format!("Run {} (paper 003)", a.title())} {onclick}>
                { a.key() }
            </button>
        }
    });
    html! { for buttons }
}

/// One row per algorithm: steps, steps / d, and whether the count is the fewest its rules
/// allow.
pub fn results_table(state: &StateHandle, m: &MmState) -> Html {
    let d = m.instance.degree();
    let results = &m.results;
    let row = |r: &MmRunRow| {
        let a = r.algo;
        let key = if r.edited { "edited" } else { a.key() };
        let (short, title) = if r.edited {
            (
                EDITED_TITLE,
                "A schedule imported from a file, checked by the model's rules",
            )
        } else {
            (a.key(), a.title())
        };
        let cells = match &r.outcome {
            Ok(ok) => {
                let t = ok.schedule.steps as f64;
                let exact = if r.edited {
                    "—"
                } else if ok.solution.exact {
                    "yes"
                } else {
                    "no"
                };
                html! {
                    <>
                        <td class="time num" id={format!("time-{key}")}>{ steps_text(t) }</td>
                        <td class="num" id={format!("ratio-{key}")}>{ ratio_text(t, d as f64) }</td>
                        <td class="num" title="the fewest steps the algorithm's own rules allow (single-send, no-forwarding: up to their limits; optimal: always)">{ exact }</td>
                    </>
                }
            }
            Err(msg) => error_cell(key, 3, msg),
        };
        let head = html! {
            <th scope="row" title={title}>{ short }<span class="algo-name">{" "}{ title }</span></th>
        };
        result_row(
            state,
            (results, r),
            key,
            MmAction::Select(a).into(),
            head,
            cells,
        )
    };
    let open = state.ui.table_open;
    let columns = html! {
        <>
            <th scope="col" title="number of steps, from the checker">{"Steps"}</th>
            <th scope="col" title="steps / d (d: the degree, a lower bound; gonzalez is at most 2)">{"÷ d"}</th>
            <th scope="col" title="known to be the fewest under the algorithm's rules">{"Exact"}</th>
        </>
    };
    let running = running_rows(m.running().map(|a| (a.key(), a.short().to_string())), 3);
    let any_running = m.running().next().is_some();
    let rows = html! {
        <>
            { for results.table_rows(open).map(row) }
            { running }
        </>
    };
    let table = results_table_of(state, classes!("results", "mm"), columns, rows);
    let cancel = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(MmAction::Cancel.into()))
    };
    let table = with_cancel(table, any_running, cancel);
    let empty = html! {
        <p class="hint" id="results-empty">
            {"No results yet. Press "}<kbd>{"r"}</kbd>{" to run gonzalez, single-send, no-forwarding and optimal. Lower bound: d = "}
            <strong id="time-lb">{ d }</strong>
        </p>
    };
    results_panel(
        state,
        results.rows.is_empty() && results.edited.is_none() && !any_running,
        empty,
        table,
    )
}

/// The lower bound d, with its explanation.
pub fn bounds_panel(m: &MmState) -> Html {
    let d = m.instance.degree();
    html! {
        <details class="panel bounds" id="bounds">
            <summary><h2>{ format!("Bounds: d = {d} ≤ T ≤ 2d = {}", 2 * d) }</h2></summary>
            <p>
                {"The degree d is the most messages a processor sends or needs; a processor receives one message a step, so d steps is a lower bound. Gonzalez's algorithm (section 2) takes at most 2d steps on every instance."}
            </p>
        </details>
    }
}
