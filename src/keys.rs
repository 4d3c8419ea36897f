//! What a key press does (outside text fields): the shell's keys and the models' own
//! ([`crate::models::ModelAction::of_key`]), and when a press belongs to a text field or a menu.

use crate::models::ModelAction;
use crate::state::{Action, UiAction};
use hetcast_core::models::View;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// How much one press of ( or ) zooms.
pub const ZOOM_STEP: f64 = 1.5;

/// What a key press (outside text fields, without Ctrl/Alt/Meta) does, if anything; the digit
/// keys pick among `views`, the views of the model on screen.
pub fn key_action(key: &str, help_open: bool, views: &[View]) -> Option<Action> {
    if help_open {
        return match key {
            "Escape" | "?" => Some(UiAction::CloseHelp.into()),
            _ => None,
        };
    }
    let digit = key.parse::<usize>().ok().filter(|_| key.len() == 1);
    if let Some(d) = digit {
        let view = views.get(d.checked_sub(1)?)?;
        return Some(UiAction::SetTab(*view).into());
    }
    Some(match key {
        "r" => ModelAction::RunAll.into(),
        "j" => ModelAction::SelectStep(1).into(),
        "k" => ModelAction::SelectStep(-1).into(),
        "z" => Action::Undo,
        "y" => Action::Redo,
        "i" => UiAction::ToggleSide.into(),
        "f" => UiAction::ToggleFocus.into(),
        "Escape" => UiAction::LeaveLecture.into(),
        "c" => UiAction::ToggleCompare.into(),
        "l" => UiAction::ToggleLecture.into(),
        "x" => UiAction::ToggleCritical.into(),
        ")" => UiAction::Zoom(ZOOM_STEP).into(),
        "(" => UiAction::Zoom(1.0 / ZOOM_STEP).into(),
        "v" => UiAction::ToggleFit.into(),
        "t" => UiAction::ToggleTable.into(),
        "?" => UiAction::ToggleHelp.into(),
        "e" => UiAction::ToggleExperiments.into(),
        _ => return ModelAction::of_key(key).map(Action::Model),
    })
}

/// True when a menu (`<select>`) uses `key` itself: moving through its options, opening it,
/// choosing. Other keys (r, digits, ...) are commands even while a menu has the focus.
pub fn select_uses(key: &str) -> bool {
    matches!(
        key,
        "ArrowUp"
            | "ArrowDown"
            | "ArrowLeft"
            | "ArrowRight"
            | "Home"
            | "End"
            | "PageUp"
            | "PageDown"
            | "Enter"
            | " "
    )
}

/// True when the press of `key` on `target` belongs to a text field (or is a key a menu uses)
/// and must not be treated as a command.
pub(crate) fn is_typing(target: Option<web_sys::EventTarget>, key: &str) -> bool {
    let Some(el) = target.and_then(|t| t.dyn_into::<Element>().ok()) else {
        return false;
    };
    let tag = el.tag_name().to_ascii_uppercase();
    if tag == "TEXTAREA" {
        return true;
    }
    if tag == "SELECT" {
        return select_uses(key);
    }
    if tag == "INPUT" {
        let ty = el.get_attribute("type").unwrap_or_default();
        return !matches!(
            ty.as_str(),
            "radio" | "checkbox" | "button" | "submit" | "file"
        );
    }
    el.get_attribute("contenteditable")
        .is_some_and(|v| v != "false")
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn keys() {
        let views = hetcast_core::registry::views_of(hetcast_core::ModelId::ALL[0]);
        assert_eq!(
            key_action("r", false, views),
            Some(Action::Model(ModelAction::RunAll))
        );
        assert_eq!(
            key_action("2", false, views),
            Some(Action::Ui(UiAction::SetTab(View::Gantt)))
        );
        assert_eq!(key_action("q", false, views), None);
        assert_eq!(
            key_action("c", false, views),
            Some(Action::Ui(UiAction::ToggleCompare))
        );
        assert_eq!(
            key_action("l", false, views),
            Some(Action::Ui(UiAction::ToggleLecture))
        );
        assert_eq!(key_action("r", true, views), None);
        assert_eq!(
            key_action("Escape", true, views),
            Some(Action::Ui(UiAction::CloseHelp))
        );
        assert_eq!(
            key_action("Escape", false, views),
            Some(Action::Ui(UiAction::LeaveLecture))
        );
        assert!(select_uses("ArrowDown") && select_uses("Enter"));
        assert!(!select_uses("r") && !select_uses("1"));
    }
}
