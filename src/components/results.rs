//! The results table (one row per algorithm run) and the bounds of the instance.

use super::algorithms::short_label;
use super::StateProps;
use crate::state::{Action, RunRow};
use crate::util::fmt_time;
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
        hetcast_core::algo::Algorithm::Random => {
            format!("{} (seed {})", short_label(r.algo), r.seed)
        }
        a => short_label(a).to_string(),
    }
}

/// Ratio `t / opt` with up to three decimals ("1" when equal, "1.2", "1.111").
pub fn ratio_text(t: f64, opt: f64) -> String {
    if opt > 0.0 {
        let r = t / opt;
        let s = format!("{r:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        "—".into()
    }
}

/// The results of the algorithms run on the current instance; click or Enter selects a row.
#[function_component(ResultsTable)]
pub fn results_table(p: &StateProps) -> Html {
    let state = &p.state;
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
        let onclick = {
            let s = state.clone();
            Callback::from(move |_: MouseEvent| s.dispatch(Action::Select(a)))
        };
        let onkeydown = {
            let s = state.clone();
            Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Enter" || e.key() == " " {
                    e.prevent_default();
                    s.dispatch(Action::Select(a));
                }
            })
        };
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
            Err(m) => html! {
                <td colspan="7" class="run-error" id={format!("error-{key}")} title={m.clone()}>{"⚠ "}{ m.clone() }</td>
            },
        };
        html! {
            <tr key={key} id={format!("row-{key}")} class={classes!("result", selected.then_some("selected"))}
                tabindex="0" aria-current={selected.then_some("true")} {onclick} {onkeydown}>
                <th scope="row" title={r.title()}>{ row_label(r) }</th>
                { cells }
            </tr>
        }
    };
    let toggle = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::ToggleTable))
    };
    html! {
        <section class="results-panel" aria-labelledby="results-h">
            <h2 id="results-h" class="sr-only">{"Results"}</h2>
            if state.results.is_empty() {
                <p class="hint" id="results-empty">
                    {"No results yet. Press "}<kbd>{"r"}</kbd>{" to run every algorithm, or pick one above."}
                </p>
            } else {
                <div class="table-wrap">
                    <table class="results" id="results">
                        <thead>
                            <tr>
                                <th scope="col">
                                    <button id="toggle-table" class="icon fold" onclick={toggle}
                                        aria-expanded={state.table_open.to_string()}
                                        title={if state.table_open { "Show only the selected row (key t)" } else { "Show every result (key t)" }}>
                                        { if state.table_open { "▾" } else { "▸" } }
                                    </button>
                                    {" Algorithm"}
                                </th>
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

/// The bounds of the instance, with their explanations (collapsed to one line by default).
#[function_component(BoundsPanel)]
pub fn bounds_panel(p: &StateProps) -> Html {
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
