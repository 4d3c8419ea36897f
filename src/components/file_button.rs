//! A button that opens the browser's file chooser and reads the chosen JSON file as text: the
//! top bar's Import and the algorithm bar's Import plan.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::file::callbacks::FileReader;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Props of [`FileButton`].
#[derive(Properties, PartialEq, Clone)]
pub struct FileButtonProps {
    /// The button's id; its hidden file input is `{id}-file`.
    pub id: AttrValue,
    /// The button's text.
    pub label: AttrValue,
    /// The button's tooltip.
    pub title: AttrValue,
    /// Called with the file's name and its text, or why it could not be read.
    pub on_read: Callback<(String, Result<String, String>)>,
}

/// The button and its hidden `<input type="file">` (JSON files).
#[function_component(FileButton)]
pub fn file_button(p: &FileButtonProps) -> Html {
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
        let on_read = p.on_read.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            input.set_value("");
            let name = file.name();
            let file = gloo::file::File::from(file);
            let on_read = on_read.clone();
            let task = gloo::file::callbacks::read_as_text(&file, move |res| {
                on_read.emit((name, res.map_err(|e| e.to_string())))
            });
            *reader.borrow_mut() = Some(task);
        })
    };
    html! {
        <>
            <button id={p.id.clone()} onclick={on_click} title={p.title.clone()}>{ p.label.clone() }</button>
            <input type="file" id={format!("{}-file", p.id)} ref={file_ref} class="hidden"
                accept=".json,application/json" tabindex="-1" aria-hidden="true" onchange={on_file} />
        </>
    }
}
