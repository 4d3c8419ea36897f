//! The key help ("?").

use super::StateProps;
use crate::state::{Action, UiAction};
use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What Tab moves between inside the dialog.
const FOCUSABLE: &str = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

/// The keys the app answers to (outside text fields), as (key, meaning).
pub const KEYS: &[(&str, &str)] = &[
    ("r", "run every algorithm"),
    ("g", "run greedy / FNF (one-source models)"),
    ("o", "run the optimum (one-source models)"),
    ("w", "run WRP (many-source model)"),
    ("m", "tree of the next message (many-source model)"),
    (
        "1 2 3 4",
        "show Tree, Gantt, Trace (many-source model: Tree, Gantt, Tasks, Trace; multimessage model: Tree is the instance's multigraph)",
    ),
    ("j / k", "select the next / previous result"),
    (
        "p / Space",
        "Gantt view: play or pause the schedule (Space: not on a button)",
    ),
    (", / .", "Gantt view: step to the previous / next event"),
    ("z / y", "undo / redo an instance change"),
    ("i", "hide or show the instance panel"),
    ("f", "focus: only the drawing, as large as the window"),
    ("v", "drawing fitted to the panel / at 100%"),
    ("t", "whole results table / only the selected row"),
    (
        "e",
        "Experiments: the papers' figures and the explorer (Esc goes back)",
    ),
    ("?", "show or hide this help"),
    ("Esc", "close this help; leave focus mode"),
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
                <h2 id="help-h">{"Keyboard"}</h2>
                <table class="keys">
                    <tbody>
                        { for KEYS.iter().map(|(k, m)| html! {
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
