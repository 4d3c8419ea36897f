//! The root component: state, persistence, keyboard, layout.

use crate::components::algorithms::AlgorithmBar;
use crate::components::editor::InstanceEditor;
use crate::components::generators::{Generators, MultiGenerators};
use crate::components::help::HelpDialog;
use crate::components::multi_editor::MultiEditor;
use crate::components::results::{BoundsPanel, ResultsTable};
use crate::components::topbar::TopBar;
use crate::state::{default_instance, Action, AppState, Tab};
use crate::util;
use crate::views::ViewPanel;
use gloo::events::{EventListener, EventListenerOptions};
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::overhead::algo::Algorithm;
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};
use yew::prelude::*;

/// What a key press (outside text fields, without Ctrl/Alt/Meta) does, if anything.
pub fn key_action(key: &str, help_open: bool) -> Option<Action> {
    if help_open {
        return match key {
            "Escape" | "?" => Some(Action::CloseHelp),
            _ => None,
        };
    }
    Some(match key {
        "r" => Action::RunAll,
        "g" => Action::Run(Algorithm::Greedy),
        "o" => Action::Run(Algorithm::Optimal),
        "w" => Action::RunMulti(MultiAlgorithm::Wrp),
        "m" => Action::StepTreeMessage(1),
        "1" => Action::SetTab(Tab::ALL[0]),
        "2" => Action::SetTab(Tab::ALL[1]),
        "3" => Action::SetTab(Tab::ALL[2]),
        "j" => Action::SelectStep(1),
        "k" => Action::SelectStep(-1),
        "z" => Action::Undo,
        "y" => Action::Redo,
        "i" => Action::ToggleSide,
        "f" => Action::ToggleFocus,
        "Escape" => Action::LeaveFocus,
        "v" => Action::ToggleFit,
        "t" => Action::ToggleTable,
        "?" => Action::ToggleHelp,
        _ => return None,
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
fn is_typing(target: Option<web_sys::EventTarget>, key: &str) -> bool {
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

/// The hetcast app.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(|| match util::load_saved() {
        Some(saved) => AppState::from_saved(saved),
        None => AppState::new(default_instance()),
    });

    // Persist every committed instance (of the model on screen).
    {
        let inst = state.current();
        use_effect_with((state.revision, state.multi_mode), move |_| {
            util::save(&inst)
        });
    }

    // Keyboard commands.
    {
        let dispatcher = state.dispatcher();
        let help_open = state.help;
        use_effect_with(help_open, move |&help_open| {
            let doc = gloo::utils::document();
            let opts = EventListenerOptions::enable_prevent_default();
            let listener = EventListener::new_with_options(&doc, "keydown", opts, move |e| {
                let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if e.ctrl_key() || e.alt_key() || e.meta_key() || e.default_prevented() {
                    return;
                }
                if is_typing(e.target(), &e.key()) {
                    return;
                }
                if let Some(a) = key_action(&e.key(), help_open) {
                    e.prevent_default();
                    dispatcher.dispatch(a);
                }
            });
            move || drop(listener)
        });
    }

    let toggle_side = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::ToggleSide))
    };
    // The instance panel stays mounted while hidden (focus mode, key i), so that what it holds
    // besides the instance (generator fields, open sections) is still there when it comes back.
    let shown = state.side && !state.focus;
    let layout_class = if state.focus {
        "focus"
    } else if state.side {
        "with-side"
    } else {
        "no-side"
    };
    let side = html! {
        <>
            <aside class={classes!("side", (!shown).then_some("hidden"))} aria-label="Instance" aria-hidden={(!shown).then_some("true")}>
                if state.multi_mode {
                    <MultiEditor state={state.clone()} />
                } else {
                    <InstanceEditor state={state.clone()} />
                }
                <BoundsPanel state={state.clone()} />
                if state.multi_mode {
                    <MultiGenerators state={state.clone()} />
                } else {
                    <Generators state={state.clone()} />
                }
            </aside>
            if !state.side && !state.focus {
                <button class="show-side" id="show-side" onclick={toggle_side}
                    title="Show the instance panel (key i)">{"▶ Instance"}</button>
            }
        </>
    };
    html! {
        <div class="app">
            <TopBar state={state.clone()} />
            <div class={classes!("layout", layout_class)}>
                { side }
                <main class="main">
                    if !state.focus {
                        <AlgorithmBar state={state.clone()} />
                        <ResultsTable state={state.clone()} />
                    }
                    <ViewPanel state={state.clone()} />
                </main>
            </div>
            if state.help {
                <HelpDialog state={state.clone()} />
            }
        </div>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn keys() {
        assert_eq!(key_action("r", false), Some(Action::RunAll));
        assert_eq!(key_action("2", false), Some(Action::SetTab(Tab::Gantt)));
        assert_eq!(key_action("x", false), None);
        assert_eq!(key_action("r", true), None);
        assert_eq!(key_action("Escape", true), Some(Action::CloseHelp));
        assert_eq!(key_action("Escape", false), Some(Action::LeaveFocus));
        assert!(select_uses("ArrowDown") && select_uses("Enter"));
        assert!(!select_uses("r") && !select_uses("1"));
    }
}
