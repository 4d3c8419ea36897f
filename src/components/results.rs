//! The results table (one row per algorithm run) and the bounds of the instance.

use super::algorithms::short_label;
use super::StateProps;
use crate::multi::MultiRunRow;
use crate::state::{Action, RunRow};
use crate::util::fmt_time;
use hetcast_core::catalog::Catalog;
use hetcast_core::units::fmt_us;
use yew::prelude::*;

fn yes_no(b: bool) -> Html {
    if b {
        html! { <td class="prop yes"><span aria-hidden="true">{"✓"}</span><span class="sr-only">{"yes"}</span></td> }
    } else {
        html! { <td class="prop no"><span aria-hidden="true">{"✗"}</span><span class="sr-only">{"no"}</span></td> }
    }
}

/// The row label: the algorithm's short name, and the seed of random selection.
fn row_label(r: &RunRow) -> String {
    match r.algo {
        hetcast_core::models::overhead::algo::Algorithm::Random => {
            format!("{} (seed {})", short_label(r.algo), r.seed)
        }
        a => short_label(a).to_string(),
    }
}

/// Ratio `t / opt` with up to three decimals ("1" when equal, "1.2", "1.111").
pub fn ratio_text(t: f64, opt: f64) -> String {
    if opt > 0.0 {
        crate::util::trimmed(t / opt, 3)
    } else {
        "—".into()
    }
}

/// A result row (`row-{key}`): selected on click, Enter or Space (`select`); its header cell
/// `head`, then `cells`.
fn result_row(
    state: &super::StateHandle,
    key: &'static str,
    selected: bool,
    select: Action,
    head: Html,
    cells: Html,
) -> Html {
    let onclick = {
        let (s, select) = (state.clone(), select.clone());
        Callback::from(move |_: MouseEvent| s.dispatch(select.clone()))
    };
    let onkeydown = {
        let s = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" || e.key() == " " {
                e.prevent_default();
                s.dispatch(select.clone());
            }
        })
    };
    html! {
        <tr key={key} id={format!("row-{key}")} class={classes!("result", selected.then_some("selected"))}
            tabindex="0" aria-current={selected.then_some("true")} {onclick} {onkeydown}>
            { head }
            { cells }
        </tr>
    }
}

/// The cell of a failed run (`error-{key}`) across `span` columns.
fn error_cell(key: &str, span: usize, message: &str) -> Html {
    html! {
        <td colspan={span.to_string()} class="run-error" id={format!("error-{key}")} title={message.to_string()}>{"⚠ "}{ message.to_string() }</td>
    }
}

/// The first header cell: the button that shows every row or only the selected one.
fn toggle_header(state: &super::StateHandle) -> Html {
    let toggle = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::ToggleTable))
    };
    html! {
        <th scope="col">
            <button id="toggle-table" class="icon fold" onclick={toggle}
                aria-expanded={state.table_open.to_string()}
                title={if state.table_open { "Show only the selected row (key t)" } else { "Show every result (key t)" }}>
                { if state.table_open { "▾" } else { "▸" } }
            </button>
            {" Algorithm"}
        </th>
    }
}

/// When the editor holds text that does not make a valid instance, a line saying that the
/// results (and the views) are those of the last valid instance.
fn stale_note(state: &super::StateHandle) -> Html {
    if !state.editor_has_errors() {
        return html! {};
    }
    html! {
        <p class="field-error stale-note" id="stale-note" role="status">
            {"⚠ The editor has errors: results and drawing are for the last valid instance."}
        </p>
    }
}

/// The results of the algorithms run on the current instance; click or Enter selects a row.
#[function_component(ResultsTable)]
pub fn results_table(p: &StateProps) -> Html {
    let state = &p.state;
    if state.multi_mode {
        return multi_results(state);
    }
    let opt = state.optimum();
    let bounds = &state.bounds;
    let lb = fmt_time(bounds.lower_bound);
    // Collapsed, the table shows only the selected row (or the first).
    let shown = state
        .selected_row()
        .or(state.results.first())
        .map(|r| r.algo);
    let row = |r: &RunRow| {
        let a = r.algo;
        let key = a.key();
        let selected = state.selected == Some(a);
        let cells = match &r.outcome {
            Ok(ok) => {
                let t = ok.schedule.completion_time;
                let pr = ok.properties;
                html! {
                    <>
                        <td class="time num" id={format!("time-{key}")}>{ fmt_time(t) }</td>
                        <td class="num">{ lb.clone() }</td>
                        <td class="guarantee">{ bounds.guarantee(a).unwrap_or_else(|| "—".into()) }</td>
                        <td class="num" id={format!("ratio-{key}")}>{ opt.map(|o| ratio_text(t, o)).unwrap_or_else(|| "—".into()) }</td>
                        { yes_no(pr.non_idling) }
                        { yes_no(pr.monotonic) }
                        { yes_no(pr.layered) }
                    </>
                }
            }
            Err(m) => error_cell(key, 7, m),
        };
        let head = html! { <th scope="row" title={r.title()}>{ row_label(r) }</th> };
        result_row(state, key, selected, Action::Select(a), head, cells)
    };
    html! {
        <section class="results-panel" aria-labelledby="results-h">
            <h2 id="results-h" class="sr-only">{"Results"}</h2>
            { stale_note(state) }
            if state.results.is_empty() {
                <p class="hint" id="results-empty">
                    {"No results yet. Press "}<kbd>{"r"}</kbd>{" to run every algorithm, or pick one above."}
                </p>
            } else {
                <div class="table-wrap">
                    <table class="results" id="results">
                        <thead>
                            <tr>
                                { toggle_header(state) }
                                <th scope="col" title="completion time">{"Time"}</th>
                                <th scope="col" title="proven lower bound on the optimum"><abbr title="lower bound">{"LB"}</abbr></th>
                                <th scope="col">{"Guarantee"}</th>
                                <th scope="col" title="completion time / optimum (when an exact solver ran)">{"÷ OPT"}</th>
                                <th scope="col" class="prop-h" title="non-idling: no node waits while it could send">{"Non-idle"}</th>
                                <th scope="col" class="prop-h" title="monotonic: no node sends to a faster node (root excepted)">{"Mono"}</th>
                                <th scope="col" class="prop-h" title="layered: faster nodes hold the message no later than slower ones">{"Layer"}</th>
                            </tr>
                        </thead>
                        <tbody>{ for state.results.iter().filter(|r| state.table_open || Some(r.algo) == shown).map(row) }</tbody>
                    </table>
                </div>
            }
        </section>
    }
}

/// The many-source results: one row per algorithm (time, ratio to the lower bound, tasks) and
/// the lower bound's row.
fn multi_results(state: &super::StateHandle) -> Html {
    let lb = state.multi_lb.value;
    let shown = state
        .selected_multi()
        .or(state.multi_results.first())
        .map(|r| r.algo);
    let row = |r: &MultiRunRow| {
        let a = r.algo;
        let key = a.key();
        let selected = state.multi_selected == Some(a);
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
            Err(m) => error_cell(key, 3, m),
        };
        let head = html! {
            <th scope="row" title={a.title()}>{ a.short() }<span class="algo-name">{" "}{ a.title() }</span></th>
        };
        result_row(state, key, selected, Action::SelectMulti(a), head, cells)
    };
    html! {
        <section class="results-panel" aria-labelledby="results-h">
            <h2 id="results-h" class="sr-only">{"Results"}</h2>
            { stale_note(state) }
            if state.multi_results.is_empty() {
                <p class="hint" id="results-empty">
                    {"No results yet. Press "}<kbd>{"r"}</kbd>{" to run FEF, ECF, WR and WRP, or pick one above. Lower bound: "}
                    <strong id="time-lb">{ fmt_us(lb) }</strong>
                </p>
            } else {
                <div class="table-wrap">
                    <table class="results multi" id="results">
                        <thead>
                            <tr>
                                { toggle_header(state) }
                                <th scope="col" title="completion time: when the last destination holds its last message (simulated)">{"Time T"}</th>
                                <th scope="col" title="completion time / idealised lower bound (paper 001, section 3.1)">{"÷ LB"}</th>
                                <th scope="col" title="total time receivers spend blocked waiting for a message">{"Blocked"}</th>
                            </tr>
                        </thead>
                        <tbody>
                            { for state.multi_results.iter().filter(|r| state.table_open || Some(r.algo) == shown).map(row) }
                            if state.table_open {
                                <tr class="lb-row" id="row-lb">
                                    <th scope="row" title="idealised lower bound: a node may receive and send many messages at once (section 3.1)">{"LB"}<span class="algo-name">{" lower bound"}</span></th>
                                    <td class="time num" id="time-lb">{ fmt_us(lb) }</td>
                                    <td class="num">{"1"}</td>
                                    <td class="num">{"—"}</td>
                                </tr>
                            }
                        </tbody>
                    </table>
                </div>
            }
        </section>
    }
}

/// The bounds of the instance, with their explanations (collapsed to one line by default).
#[function_component(BoundsPanel)]
pub fn bounds_panel(p: &StateProps) -> Html {
    if p.state.multi_mode {
        let lb = &p.state.multi_lb;
        let worst = (0..lb.per_node.len())
            .max_by(|&a, &b| lb.per_node[a].total_cmp(&lb.per_node[b]))
            .unwrap_or(0);
        return html! {
            <details class="panel bounds" id="bounds">
                <summary><h2>{ format!("Bounds: T ≥ {}", fmt_us(lb.value)) }</h2></summary>
                <p>
                    {"Idealised lower bound (paper 001, section 3.1): every message takes its fastest path, a node may send and receive many messages at once, but its receives do not overlap. "}
                    { format!("The largest is P{worst}'s: {}.", fmt_us(lb.per_node.get(worst).copied().unwrap_or(0.0))) }
                </p>
            </details>
        };
    }
    let bounds = &p.state.bounds;
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

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::ratio_text;

    #[test]
    fn ratios() {
        assert_eq!(ratio_text(10.0, 9.0), "1.111");
        assert_eq!(ratio_text(9.0, 9.0), "1");
        assert_eq!(ratio_text(6.0, 5.0), "1.2");
        assert_eq!(ratio_text(9.0, 0.0), "—");
    }
}
