//! The platform results: the algorithm buttons, the results table (T*, throughput, T* over
//! the lower bound, nodes kept; the runs still in workers with their progress and Cancel) and
//! the bounds panel.

use hetcast_core::catalog::Catalog;
use hetcast_core::models::platform::PlatformAlgorithm;
use hetcast_core::units::fmt_t;
use yew::prelude::*;

use super::{PlRunRow, PlatformAction, PlatformState};
use crate::components::results::{
    error_cell, ratio_text, result_row, results_panel, results_table_of,
};
use crate::components::StateHandle;

/// One button per algorithm.
pub fn algorithm_buttons(state: &StateHandle) -> Html {
    let buttons = PlatformAlgorithm::ALL.iter().map(|&a| {
        let s = state.clone();
        let onclick =
            Callback::from(move |_: MouseEvent| s.dispatch(PlatformAction::Run(a).into()));
        html! {
            <button id={format!("run-{}", a.key())} class="algo"
                title={format!("Run {} (paper 002)", a.title())} {onclick}>
                { a.short() }
            </button>
        }
    });
    html! { for buttons }
}

/// Multicast-LB's T*, when it ran: every achievable T* is at least this.
fn lower_bound(p: &PlatformState) -> Option<f64> {
    p.results
        .by_key(PlatformAlgorithm::MulticastLb.key())
        .and_then(|r| r.time())
}

/// One row per algorithm run, then one per algorithm still running.
pub fn results_table(state: &StateHandle, p: &PlatformState) -> Html {
    let results = &p.results;
    let lb = lower_bound(p);
    let row = |r: &PlRunRow| {
        let a = r.algo;
        let key = a.key();
        let cells = match &r.outcome {
            Ok(ok) => {
                let t = ok.schedule.period;
                let kept = ok.solution.nodes_kept.len();
                let extra = ok.solution.sources.len().saturating_sub(1);
                html! {
                    <>
                        <td class="time num" id={format!("time-{key}")}>{ fmt_t(t) }</td>
                        <td class="num" id={format!("throughput-{key}")}>{ fmt_t(1.0 / t) }</td>
                        <td class="num" id={format!("ratio-{key}")}>{ lb.map_or("—".into(), |lb| ratio_text(t, lb)) }</td>
                        <td class="num" id={format!("kept-{key}")}>
                            { format!("{kept}/{}", p.instance.nodes.len()) }
                            if extra > 0 { { format!(" +{extra} src") } }
                        </td>
                    </>
                }
            }
            Err(msg) => error_cell(key, 4, msg),
        };
        let head = html! {
            <th scope="row" title={a.title()}>{ a.short() }<span class="algo-name">{" "}{ a.title() }</span></th>
        };
        result_row(
            state,
            (results, r),
            key,
            PlatformAction::Select(a).into(),
            head,
            cells,
        )
    };
    let open = state.ui.table_open;
    // Each run still in a worker has a row of its own when the whole table shows; the status
    // line above the table (outside its scroll) sums them up and holds Cancel in every case.
    let running = p.running().filter(|_| open).map(|r| {
        let key = r.algo.key();
        html! {
            <tr key={format!("running-{key}")} id={format!("running-{key}")} class="running">
                <th scope="row">{ r.algo.short() }<span class="algo-name">{" "}{ r.algo.title() }</span></th>
                <td colspan="4">
                    <progress max={r.total.max(1).to_string()} value={r.done.to_string()}></progress>
                    { format!(" queued or running in a web worker: {} of about {} linear programs", r.done, r.total) }
                </td>
            </tr>
        }
    });
    let columns = html! {
        <>
            <th scope="col" title="time per multicast in steady state (the busiest port's time per period)">{"T*"}</th>
            <th scope="col" title="multicasts per time unit, 1 / T*">{"Throughput"}</th>
            <th scope="col" title="T* over Multicast-LB's (a lower bound on every schedule)">{"÷ LB"}</th>
            <th scope="col" title="nodes the algorithm kept; + secondary sources (AUGMENTED_SOURCES)">{"Kept"}</th>
        </>
    };
    let any_running = p.running().next().is_some();
    let rows = html! {
        <>
            { for results.table_rows(open).map(row) }
            { for running }
        </>
    };
    let table = results_table_of(state, classes!("results", "platform"), columns, rows);
    let table = html! {
        <>
            { run_status(state, p) }
            { table }
        </>
    };
    let empty = html! {
        <p class="hint" id="results-empty">
            {"No results yet. Press "}<kbd>{"r"}</kbd>{" to run the bounds, the four heuristics and the broadcast."}
        </p>
    };
    results_panel(state, results.rows.is_empty() && !any_running, empty, table)
}

/// While algorithms run in workers: one line with their summed progress, their names and
/// Cancel (`run-status`, `cancel-runs`). It stays in sight above the table's scroll, and it is
/// all that shows of them while the table is folded to its selected row.
fn run_status(state: &StateHandle, p: &PlatformState) -> Html {
    let running: Vec<_> = p.running().collect();
    if running.is_empty() {
        return html! {};
    }
    let done: u64 = running.iter().map(|r| r.done).sum();
    let total: u64 = running.iter().map(|r| r.total.max(1)).sum();
    let names = running
        .iter()
        .map(|r| r.algo.short())
        .collect::<Vec<_>>()
        .join(", ");
    let cancel = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(PlatformAction::Cancel.into()))
    };
    html! {
        <div class="run-status" id="run-status" role="status">
            <progress max={total.to_string()} value={done.to_string()}></progress>
            <span class="run-text">
                { format!(" {} queued or running in web workers ({done} of about {total} linear programs): {names}", running.len()) }
            </span>
            <button id="cancel-runs" onclick={cancel} title="Stop the web workers">{"Cancel"}</button>
        </div>
    }
}

/// The bounds: what Multicast-LB, Multicast-UB and Broadcast-EB say, as they ran.
pub fn bounds_panel(p: &PlatformState) -> Html {
    let t = |a: PlatformAlgorithm| {
        p.results
            .by_key(a.key())
            .and_then(|r| r.time())
            .map_or("?".to_string(), fmt_t)
    };
    let (lb, ub) = (
        t(PlatformAlgorithm::MulticastLb),
        t(PlatformAlgorithm::MulticastUb),
    );
    html! {
        <details class="panel bounds" id="bounds">
            <summary><h2>{ format!("Bounds: {lb} ≤ T* ≤ {ub}") }</h2></summary>
            <p>
                {"Multicast-LB (equations 1–9 and 10') lets every target count the same message as a separate flow: its T* is a lower bound, not always achievable (figure 4). Multicast-UB (1–10) sends every target its own copy (a scatter): achievable, an upper bound. Broadcast-EB sends to every node: achievable. The heuristics of section 5.2 and MCPH (section 6) lie between the bounds. \"? \" means the bound has not run yet (key r)."}
            </p>
        </details>
    }
}
