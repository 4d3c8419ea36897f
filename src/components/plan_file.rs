//! The "Import plan" button of the algorithm bar: a plan file (docs/formats.md section 2 or
//! 2b, or a `hetcast run` output) becomes the edited row of the instance in use.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::file::callbacks::FileReader;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::StateProps;
use crate::models::ModelAction;
use crate::state::{Action, Notice, UiAction};

/// The button and its hidden file input.
#[function_component(PlanImport)]
pub fn plan_import(p: &StateProps) -> Html {
    let state = &p.state;
    let file_ref = use_node_ref();
    let reader: Rc<RefCell<Option<FileReader>>> = use_mut_ref(|| None);
    let on_click = {
        let file_ref = file_ref.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(input) = file_ref.cast::<HtmlInputElement>() {
                input.click();
            }
        })
    };
    let on_file = {
        let s = state.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            input.set_value("");
            let name = file.name();
            let file = gloo::file::File::from(file);
            let s = s.clone();
            let task = gloo::file::callbacks::read_as_text(&file, move |res| match res {
                Ok(text) => s.dispatch(Action::Model(ModelAction::ImportPlan { name, text })),
                Err(e) => s.dispatch(Action::Ui(UiAction::Notify(Notice::error(format!(
                    "Could not read {name}: {e}"
                ))))),
            });
            *reader.borrow_mut() = Some(task);
        })
    };
    html! {
        <>
            <button id="import-plan" onclick={on_click}
                title="Time a plan from a file (a plan JSON or a hetcast run output) on this instance: it becomes the row 'Edited plan'">
                {"Import plan…"}
            </button>
            <input type="file" id="import-plan-file" ref={file_ref} class="hidden" accept=".json,application/json"
                tabindex="-1" aria-hidden="true" onchange={on_file} />
        </>
    }
}
