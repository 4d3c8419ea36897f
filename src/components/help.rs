//! The key help ("?").

use super::StateProps;
use crate::state::{Action, UiAction};
use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What Tab moves between inside the dialog.
const FOCUSABLE: &str = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

/// The keys the shell answers to (outside text fields), as (key, meaning); the models' own
/// keys ([`crate::models::model_keys`]) are listed after "r".
pub const KEYS: &[(&str, &str)] = &[
    ("r", "run every algorithm"),
    (
        "1 2 3 4",
        "show Tree, Gantt, Trace (many-source model: Tree, Gantt, Tasks, Trace; multimessage model: Graph (the instance's multigraph), Gantt, Trace; platform model: Graph (the platform with its loads), Gantt (one period), Trace)",
    ),
    ("j / k", "select the next / previous result"),
    (
        "Space / p",
        "play or pause (Tree and Gantt views; Space: not on a button)",
    ),
    ("← / →", "previous / next event (or step, in Steps)"),
    ("[ / ]", "slower / faster (also − / +)"),
    ("Home / End", "to the start / the end"),
    (
        "s",
        "switch between playing in time and stepping through the algorithm",
    ),
    (
        "c",
        "compare the selected result with another, on one time scale",
    ),
    ("l", "lecture mode: one view filling the screen, large text"),
    (
        "PageDown / PageUp",
        "next / previous stop of a tour (the gallery's tours)",
    ),
    ("z / y", "undo / redo an instance change"),
    ("i", "hide or show the instance panel"),
    ("f", "focus: only the drawing, as large as the window"),
    ("v", "drawing fitted to the panel / at 100%"),
    ("t", "whole results table and algorithm bar / selected row, algorithms under Run one"),
    (
        "e",
        "Experiments: the papers' figures and the explorer (Esc goes back)",
    ),
    ("?", "show or hide this help"),
    ("Esc", "close this help; leave focus or lecture mode"),
    ("Tab", "move between controls; Enter or Space activates"),
];

/// A modal list of the keys. Its close button takes the focus when it opens; Tab and
/// Shift+Tab stay inside it while it is open; when it closes (Esc, `?`, Close), the focus goes
/// back to the control that had it before.
#[function_component(HelpDialog)]
pub fn help_dialog(p: &StateProps) -> Html {
    let close_ref = use_node_ref();
    let dialog_ref = use_node_ref();
    {
        let close_ref = close_ref.clone();
        let dialog_ref = dialog_ref.clone();
        use_effect_with((), move |_| {
            let doc = gloo::utils::document();
            let opener = doc
                .active_element()
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(b) = close_ref.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
            let opts = EventListenerOptions::enable_prevent_default();
            let trap = EventListener::new_with_options(&doc, "keydown", opts, move |e| {
                let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                    return;
                };
                if e.key() != "Tab" {
                    return;
                }
                let Some(dialog) = dialog_ref.cast::<web_sys::Element>() else {
                    return;
                };
                e.prevent_default();
                let Ok(list) = dialog.query_selector_all(FOCUSABLE) else {
                    return;
                };
                let items: Vec<web_sys::HtmlElement> = (0..list.length())
                    .filter_map(|i| list.get(i))
                    .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
                    .collect();
                if items.is_empty() {
                    return;
                }
                let active = gloo::utils::document().active_element();
                let cur = items.iter().position(|it| {
                    active
                        .as_ref()
                        .is_some_and(|a| a == it.as_ref() as &web_sys::Element)
                });
                let n = items.len();
                let next = match (cur, e.shift_key()) {
                    (Some(i), false) => (i + 1) % n,
                    (Some(i), true) => (i + n - 1) % n,
                    (None, false) => 0,
                    (None, true) => n - 1,
                };
                let _ = items[next].focus();
            });
            move || {
                drop(trap);
                if let Some(o) = opener {
                    if o.is_connected() {
                        let _ = o.focus();
                    }
                }
            }
        });
    }
    let close = {
        let s = p.state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::Ui(UiAction::CloseHelp)))
    };
    html! {
        <div class="overlay">
            <div class="dialog" ref={dialog_ref} role="dialog" aria-modal="true" aria-labelledby="help-h" id="help">
                <h2 id="help-h">{"What you see"}</h2>
                <ul class="help-what">
                    <li><b>{"Models"}</b>{": the node model (a node spends c per send; paper of Libeskind-Hadas et al.), the sender-receiver model (send time s, receive time r, latency L; Liu et al.) and the many-source model (several messages at once, non-blocking sends; Wu et al.), multimessage multicasting in unit steps (Gonzalez) and platform graphs in steady state (throughput of a series of multicasts; Beaumont et al.: draw the graph in the editor). Pick one in the top-left menu; the gallery holds the papers' examples."}</li>
                    <li><b>{"Results"}</b>{": one row per algorithm run. Time is the completion time T (when the last destination holds the message); LB a lower bound; ÷ OPT the ratio to the optimum; Guarantee the paper's bound; Non-idle, Mono, Layer whether the schedule has the properties of the paper's lemmas."}</li>
                    <li><b>{"Views"}</b>{": Tree (who sends to whom; a box reads cost | time it holds the message; Critical path (key x) outlines in orange the chain of sends and receives that fixes the completion time), Gantt (a lane per node, every send and receive in time), Trace (the algorithm's steps)."}</li>
                    <li><b>{"Play"}</b>{": under the views, Time plays the schedule (boxes light up as they get the message, dots travel along the edges, the Gantt chart fills up to the cursor); Steps walks through the algorithm's decisions with its pseudo-code. Compare puts two results side by side on one time scale."}</li>
                </ul>
                <h2>{"Keyboard"}</h2>
                <table class="keys">
                    <tbody>
                        { for KEYS[..1].iter().chain(&crate::models::model_keys()).chain(&KEYS[1..]).map(|(k, m)| html! {
                            <tr><th scope="row"><kbd>{ *k }</kbd></th><td>{ *m }</td></tr>
                        }) }
                    </tbody>
                </table>
                <p>{"Keys do nothing while the cursor is in a text field. In a menu, the arrows choose and Enter loads the chosen example."}</p>
                <button ref={close_ref} id="help-close" onclick={close}>{"Close"}</button>
            </div>
        </div>
    }
}
