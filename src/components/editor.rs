//! What every model's instance editor shows around its tables: the head (Undo, Redo, hide the
//! panel) and the status under it.

use super::StateHandle;
use crate::state::{Action, UiAction};
use yew::prelude::*;

/// The editor's head: its title, Undo (z), Redo (y) and the button that hides the panel (i).
pub fn editor_head(state: &StateHandle) -> Html {
    let dispatch = |a: Action| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(a.clone()))
    };
    html! {
        <div class="panel-head">
            <h2 id="editor-h">{"Instance"}</h2>
            <button id="undo" onclick={dispatch(Action::Undo)} disabled={!state.can_undo()} title="Undo the last change: a move in the tree, an unfinished edit or an instance change (key z)">{"Undo"}</button>
            <button id="redo" onclick={dispatch(Action::Redo)} disabled={!state.history.can_redo()} title="Redo (key y)">{"Redo"}</button>
            <button id="hide-side" class="icon" onclick={dispatch(Action::Ui(UiAction::ToggleSide))} aria-label="Hide the instance panel" title="Hide the instance panel (key i)">{"◀"}</button>
        </div>
    }
}

/// Under an editor: the error of the whole instance (`instance-error`), and, while any field is
/// invalid, the hint that the last valid instance stays in use (`kept-hint`).
pub fn draft_status(general: Option<&str>, valid: bool) -> Html {
    html! {
        <>
            if let Some(g) = general {
                <p class="field-error" role="alert" id="instance-error">{"⚠ "}{ g.to_string() }</p>
            }
            if !valid {
                <p class="hint" id="kept-hint">{"Fix the marked fields; the algorithms keep using the last valid instance."}</p>
            }
        </>
    }
}
