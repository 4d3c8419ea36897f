//! The results table and the bounds panel of the model on screen, and the parts every
//! model's table is built of (rows, error cells, the fold button, the stale note).

use super::{StateHandle, StateProps};
use crate::models::ModelAction;
use crate::models::{Results, Row};
use crate::state::{Action, UiAction};
use yew::prelude::*;

/// A yes/no cell (✓ or ✗, with the words for screen readers).
pub fn yes_no(b: bool) -> Html {
    if b {
        html! { <td class="prop yes"><span aria-hidden="true">{"✓"}</span><span class="sr-only">{"yes"}</span></td> }
    } else {
        html! { <td class="prop no"><span aria-hidden="true">{"✗"}</span><span class="sr-only">{"no"}</span></td> }
    }
}

/// Ratio `t / opt` with up to three decimals ("1" when equal, "1.2", "1.111").
pub fn ratio_text(t: f64, opt: f64) -> String {
    if opt > 0.0 {
        hetcast_core::units::trimmed(t / opt, 3)
    } else {
        "—".into()
    }
}

/// The table row (`row-{key}`) of `r`, one of `results`' rows: its header cell `head`, then
/// `cells`. A click, Enter or Space selects it: `select` (the model's action selecting `r`'s
/// algorithm), or the edited row when `r` is that one.
pub fn result_row<R: Row>(
    state: &StateHandle,
    (results, r): (&Results<R>, &R),
    key: &'static str,
    select: Action,
    head: Html,
    cells: Html,
) -> Html {
    let selected = results.is_selected(r);
    let select = if r.is_edited() {
        ModelAction::SelectEdited.into()
    } else {
        select
    };
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
pub fn error_cell(key: &str, span: usize, message: &str) -> Html {
    html! {
        <td colspan={span.to_string()} class="run-error" id={format!("error-{key}")} title={message.to_string()}>{"⚠ "}{ message.to_string() }</td>
    }
}

/// The first header cell: the button that shows every row or only the selected one.
fn toggle_header(state: &StateHandle) -> Html {
    let toggle = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::Ui(UiAction::ToggleTable)))
    };
    let open = state.ui.table_open;
    html! {
        <th scope="col">
            <button id="toggle-table" class="icon fold" onclick={toggle}
                aria-expanded={open.to_string()}
                title={if open { "Show only the selected row (key t)" } else { "Show every result (key t)" }}>
                { if open { "▾" } else { "▸" } }
            </button>
            {" Algorithm"}
        </th>
    }
}

/// The results table (`results`, of CSS class `class`): the fold button's column, the
/// model's `columns` (header cells), then its `rows`.
pub fn results_table_of(state: &StateHandle, class: Classes, columns: Html, rows: Html) -> Html {
    html! {
        <div class="table-wrap">
            <table {class} id="results">
                <thead>
                    <tr>
                        { toggle_header(state) }
                        { columns }
                    </tr>
                </thead>
                <tbody>{ rows }</tbody>
            </table>
        </div>
    }
}

/// The rows of the algorithms still running in web workers (`(key, label)` each, in a row of
/// `span` cells after the name), with a progress bar.
pub fn running_rows(running: impl Iterator<Item = (&'static str, String)>, span: usize) -> Html {
    let span = span.to_string();
    html! {
        { for running.map(|(key, label)| html! {
            <tr key={format!("running-{key}")} id={format!("running-{key}")} class="running">
                <th scope="row">{ label }</th>
                <td colspan={span.clone()}><progress></progress>{" running in a web worker"}</td>
            </tr>
        }) }
    }
}

/// `table`, and under it, while runs are in web workers (`running`), the button that stops
/// them (`cancel`).
pub fn with_cancel(table: Html, running: bool, cancel: Callback<MouseEvent>) -> Html {
    html! {
        <>
            { table }
            if running {
                <button id="cancel-runs" onclick={cancel} title="Stop the web workers">{"Cancel"}</button>
            }
        </>
    }
}

/// The results section: the stale note, then `empty` when there are no results, else `table`.
pub fn results_panel(state: &StateHandle, is_empty: bool, empty: Html, table: Html) -> Html {
    html! {
        <section class="results-panel" aria-labelledby="results-h">
            <h2 id="results-h" class="sr-only">{"Results"}</h2>
            { stale_note(state) }
            if is_empty { { empty } } else { { table } }
        </section>
    }
}

/// When the editor holds text that does not make a valid instance, a line saying that the
/// results (and the views) are those of the last valid instance.
fn stale_note(state: &StateHandle) -> Html {
    if !state.editor_has_errors() {
        return html! {};
    }
    if state.model.editor_unfinished() {
        return html! {
            <p class="hint stale-note" id="stale-note" role="status">
                {"The drawing is not finished: results and drawing are for the last valid instance."}
            </p>
        };
    }
    html! {
        <p class="field-error stale-note" id="stale-note" role="status">
            {"⚠ The editor has errors: results and drawing are for the last valid instance."}
        </p>
    }
}

/// The results of the algorithms run on the current instance; click or Enter selects a row.
/// The table scrolls inside its panel (at most a fifth of the window's height, static/style.css):
/// the selected row is kept in sight there whenever the selection, the rows or the fold change
/// (Run all selects the best row, which can be below the fold).
#[function_component(ResultsTable)]
pub fn results_table(p: &StateProps) -> Html {
    let (rows, selected) = p.state.model.results_shape();
    use_effect_with((rows, selected, p.state.ui.table_open), |_| {
        let row = gloo::utils::document()
            .query_selector(".results-panel tr.selected")
            .ok()
            .flatten();
        if let Some(row) = row {
            let opts = web_sys::ScrollIntoViewOptions::new();
            opts.set_block(web_sys::ScrollLogicalPosition::Nearest);
            row.scroll_into_view_with_scroll_into_view_options(&opts);
        }
    });
    p.state.model.screen().results_table(&p.state)
}

/// The bounds of the instance, with their explanations (collapsed to one line by default).
#[function_component(BoundsPanel)]
pub fn bounds_panel(p: &StateProps) -> Html {
    p.state.model.screen().bounds()
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
