//! The key help ("?").

use super::StateProps;
use crate::state::Action;
use yew::prelude::*;

/// The keys the app answers to (outside text fields), as (key, meaning).
pub const KEYS: &[(&str, &str)] = &[
    ("r", "run every algorithm"),
    ("g", "run greedy / FNF"),
    ("o", "run the optimum"),
    ("1 2 3", "show Tree, Gantt, Trace"),
    ("j / k", "select the next / previous result"),
    ("z / y", "undo / redo an instance change"),
    ("i", "hide or show the instance panel"),
    ("f", "focus: only the drawing, as large as the window"),
    ("v", "drawing fitted to the panel / at 100%"),
    ("t", "whole results table / only the selected row"),
    ("?", "show or hide this help"),
    ("Esc", "close this help"),
    ("Tab", "move between controls; Enter or Space activates"),
];

/// A modal list of the keys; its close button takes the focus.
#[function_component(HelpDialog)]
pub fn help_dialog(p: &StateProps) -> Html {
    let close_ref = use_node_ref();
    {
        let close_ref = close_ref.clone();
        use_effect_with((), move |_| {
            if let Some(b) = close_ref.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        });
    }
    let close = {
        let s = p.state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::CloseHelp))
    };
    html! {
        <div class="overlay">
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="help-h" id="help">
                <h2 id="help-h">{"Keyboard"}</h2>
                <table class="keys">
                    <tbody>
                        { for KEYS.iter().map(|(k, m)| html! {
                            <tr><th scope="row"><kbd>{ *k }</kbd></th><td>{ *m }</td></tr>
                        }) }
                    </tbody>
                </table>
                <p>{"Keys do nothing while the cursor is in a text field."}</p>
                <button ref={close_ref} id="help-close" onclick={close}>{"Close"}</button>
            </div>
        </div>
    }
}
