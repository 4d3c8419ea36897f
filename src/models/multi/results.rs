//! The many-source results: the algorithm buttons, the results table (with the lower bound's
//! row) and the bounds panel.

use hetcast_core::catalog::Catalog;
use hetcast_core::models::multi::MultiAlgorithm;
use hetcast_core::units::fmt_us;
use yew::prelude::*;

use super::{MultiAction, MultiRunRow, MultiState};
use crate::components::results::{
    error_cell, ratio_text, result_row, results_panel, results_table_of, running_rows, with_cancel,
};
use crate::components::StateHandle;
use crate::plan_import::EDITED_TITLE;

/// One button per algorithm (FEF, ECF, WR, WRP).
pub fn algorithm_buttons(state: &StateHandle) -> Html {
    let buttons = MultiAlgorithm::ALL.iter().map(|&a| {
        let s = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| s.dispatch(MultiAction::Run(a).into()));
        html! {
            <button id={format!("run-{}", a.key())} class="algo"
                title={format!("Run {} (paper 001){}", a.title(), if a == MultiAlgorithm::Wrp { ", key w" } else { "" })} {onclick}>
                { a.short() }
            </button>
        }
    });
    html! { for buttons }
}

/// The many-source results: one row per algorithm (time, ratio to the lower bound, blocked
/// time) and the lower bound's row.
pub fn results_table(state: &StateHandle, m: &MultiState) -> Html {
    let lb = m.lb.value;
    let results = &m.results;
    let row = |r: &MultiRunRow| {
        let a = r.algo;
        let key = if r.edited { "edited" } else { a.key() };
        let (short, title, name) = if r.edited {
            (
                EDITED_TITLE,
                "A plan imported from a file, timed by the simulator",
                "",
            )
        } else {
            (a.short(), a.title(), a.title())
        };
        let cells = match &r.outcome {
            Ok(ok) => {
                let t = ok.schedule.completion_time;
                let blocked: f64 = ok
                    .schedule
                    .transfers
                    .iter()
                    .map(|x| x.recv_start - x.recv_issue)
                    .sum();
                html! {
                    <>
                        <td class="time num" id={format!("time-{key}")}>{ fmt_us(t) }</td>
                        <td class="num" id={format!("ratio-{key}")}>{ ratio_text(t, lb) }</td>
                        <td class="num" title="sum over all receives of the time spent blocked, waiting for the message">{ fmt_us(blocked) }</td>
                    </>
                }
            }
            Err(msg) => error_cell(key, 3, msg),
        };
        let head = html! {
            <th scope="row" title={title}>{ short }<span class="algo-name">{" "}{ name }</span></th>
        };
        result_row(
            state,
            (results, r),
            key,
            MultiAction::Select(a).into(),
            head,
            cells,
        )
    };
    let open = state.ui.table_open;
    let columns = html! {
        <>
            <th scope="col" title="completion time: when the last destination holds its last message (simulated)">{"Time T"}</th>
            <th scope="col" title="completion time / idealised lower bound (paper 001, section 3.1)">{"÷ LB"}</th>
            <th scope="col" title="total time receivers spend blocked waiting for a message">{"Blocked"}</th>
        </>
    };
    let running = running_rows(m.running().map(|a| (a.key(), a.short().to_string())), 3);
    let any_running = m.running().next().is_some();
    let rows = html! {
        <>
            { for results.table_rows(open).map(row) }
            { running }
            if open {
                <tr class="lb-row" id="row-lb">
                    <th scope="row" title="idealised lower bound: a node may receive and send many messages at once (section 3.1)">{"LB"}<span class="algo-name">{" lower bound"}</span></th>
                    <td class="time num" id="time-lb">{ fmt_us(lb) }</td>
                    <td class="num">{"1"}</td>
                    <td class="num">{"—"}</td>
                </tr>
            }
        </>
    };
    let table = results_table_of(state, classes!("results", "multi"), columns, rows);
    let cancel = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(MultiAction::Cancel.into()))
    };
    let table = with_cancel(table, any_running, cancel);
    let empty = html! {
        <p class="hint" id="results-empty">
            {"No results yet. Press "}<kbd>{"r"}</kbd>{" to run FEF, ECF, WR and WRP, or pick one above. Lower bound: "}
            <strong id="time-lb">{ fmt_us(lb) }</strong>
        </p>
    };
    results_panel(
        state,
        results.rows.is_empty() && results.edited.is_none() && !any_running,
        empty,
        table,
    )
}

/// The idealised lower bound, with its explanation (collapsed to one line by default).
pub fn bounds_panel(m: &MultiState) -> Html {
    let lb = &m.lb;
    let worst = (0..lb.per_node.len())
        .max_by(|&a, &b| lb.per_node[a].total_cmp(&lb.per_node[b]))
        .unwrap_or(0);
    html! {
        <details class="panel bounds" id="bounds">
            <summary><h2>{ format!("Bounds: T ≥ {}", fmt_us(lb.value)) }</h2></summary>
            <p>
                {"Idealised lower bound (paper 001, section 3.1): every message takes its fastest path, a node may send and receive many messages at once, but its receives do not overlap. "}
                { format!("The largest is P{worst}'s: {}.", fmt_us(lb.per_node.get(worst).copied().unwrap_or(0.0))) }
            </p>
        </details>
    }
}
