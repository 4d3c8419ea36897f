//! The "Import plan" button of the algorithm bar: a plan file (docs/formats.md section 2 or
//! 2b, or a `hetcast run` output) becomes the edited row of the instance in use.

use yew::prelude::*;

use super::file_button::FileButton;
use super::StateProps;
use crate::models::ModelAction;
use crate::state::{Action, Notice, UiAction};

/// The button and its hidden file input.
#[function_component(PlanImport)]
pub fn plan_import(p: &StateProps) -> Html {
    let on_read = {
        let s = p.state.clone();
        Callback::from(
            move |(name, read): (String, Result<String, String>)| match read {
                Ok(text) => s.dispatch(Action::Model(ModelAction::ImportPlan { name, text })),
                Err(e) => s.dispatch(Action::Ui(UiAction::Notify(Notice::error(format!(
                    "Could not read {name}: {e}"
                ))))),
            },
        )
    };
    html! {
        <FileButton id="import-plan" label="Import plan…" {on_read}
            title="Time a plan from a file (a plan JSON or a hetcast run output) on this instance: it becomes the row 'Edited plan'" />
    }
}
