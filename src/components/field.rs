//! A text field that keeps what the user typed and shows its error next to it.

use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Props of [`TextField`].
#[derive(Properties, PartialEq, Clone)]
pub struct TextFieldProps {
    /// Element id (the error gets `{id}-error`).
    pub id: AttrValue,
    /// Accessible name (used when there is no visible label).
    #[prop_or_default]
    pub aria_label: Option<AttrValue>,
    /// The text as typed.
    pub value: AttrValue,
    /// The error to show, if any.
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// Called with the new text on every keystroke.
    pub oninput: Callback<String>,
    /// `inputmode` hint ("decimal", "numeric", "text").
    #[prop_or(AttrValue::Static("decimal"))]
    pub inputmode: AttrValue,
    /// Extra CSS class of the input.
    #[prop_or_default]
    pub class: Classes,
    /// Placeholder text.
    #[prop_or_default]
    pub placeholder: Option<AttrValue>,
}

/// An `<input type="text">` with an inline error message (`role="alert"`).
#[function_component(TextField)]
pub fn text_field(p: &TextFieldProps) -> Html {
    let oninput = {
        let cb = p.oninput.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            cb.emit(input.value());
        })
    };
    let err_id = format!("{}-error", p.id);
    let invalid = p.error.is_some();
    html! {
        <span class="field">
            <input
                type="text"
                id={p.id.clone()}
                class={classes!("input", p.class.clone(), invalid.then_some("invalid"))}
                aria-label={p.aria_label.clone()}
                aria-invalid={invalid.to_string()}
                aria-describedby={invalid.then(|| err_id.clone())}
                inputmode={p.inputmode.clone()}
                placeholder={p.placeholder.clone()}
                spellcheck="false"
                autocomplete="off"
                value={p.value.clone()}
                {oninput}
            />
            if let Some(e) = &p.error {
                <span class="field-error" id={err_id} role="alert">{"⚠ "}{e.clone()}</span>
            }
        </span>
    }
}

/// Parse a whole number in `lo..=hi`.
pub fn parse_count(text: &str, lo: u64, hi: u64) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(format!("a whole number from {lo} to {hi}")),
    }
}

/// A callback that stores the text typed into a field in `h`.
pub fn setter(h: &UseStateHandle<String>) -> Callback<String> {
    let h = h.clone();
    Callback::from(move |t: String| h.set(t))
}
