//! The root component: state, persistence, keyboard, layout.

use crate::components::algorithms::AlgorithmBar;
use crate::components::help::HelpDialog;
use crate::components::results::{BoundsPanel, ResultsTable};
use crate::components::topbar::TopBar;
use crate::experiments::{self, ExperimentsPage};
use crate::models::platform::runner::PlatformRunner;
use crate::models::ModelAction;
use crate::state::{Action, UiAction};
use crate::views::ViewPanel;
use gloo::events::{EventListener, EventListenerOptions};
use hetcast_core::models::View;
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};
use yew::prelude::*;

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

/// Props of [`App`].
#[derive(Properties, PartialEq, Clone, Default)]
pub struct AppProps {
    /// Open the panels as the window's size asks ([`crate::state::Ui::fit_window`]): the
    /// page does; the browser tests, which mount the app in a page of their own, do not.
    #[prop_or_default]
    pub window_defaults: bool,
}

/// The hetcast app.
#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let window_defaults = props.window_defaults;
    let state = use_reducer(move || {
        let mut s = crate::saved::startup();
        if window_defaults {
            let w = gloo::utils::window();
            let size = |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64());
            if let (Some(width), Some(height)) = (size(w.inner_width()), size(w.inner_height())) {
                s.ui.fit_window(width, height);
            }
        }
        s
    });

    crate::saved::use_autosave(&state);
    let tour = crate::tours::TourContext(use_state(|| None));

    // Keyboard commands.
    {
        let dispatcher = state.dispatcher();
        let help_open = state.ui.help;
        let views = state.model.views();
        let exp_open = state.ui.experiments && !help_open;
        let embed = state.ui.embed.is_some();
        use_effect_with(
            (help_open, views, exp_open, embed),
            move |&(help_open, views, exp_open, embed)| {
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
                    let action = if embed {
                        crate::embed::key_action(&e.key())
                    } else if exp_open {
                        experiments::key_action(&e.key())
                    } else {
                        key_action(&e.key(), help_open, views)
                    };
                    if let Some(a) = action {
                        e.prevent_default();
                        dispatcher.dispatch(a);
                    }
                });
                move || drop(listener)
            },
        );
    }

    // A text field's value is committed (Enter, or focus leaves it): one undo step per
    // committed value, so 2 -> 5 -> 2.5 undoes to 5, then 2.
    {
        let dispatcher = state.dispatcher();
        use_effect_with((), move |_| {
            let doc = gloo::utils::document();
            let listener = EventListener::new(&doc, "change", move |e| {
                let is_text = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                    .is_some_and(|i| i.type_() == "text");
                if is_text {
                    dispatcher.dispatch(Action::EndEdit);
                }
            });
            move || drop(listener)
        });
    }

    let toggle_side = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(UiAction::ToggleSide.into()))
    };
    // The instance panel stays mounted while hidden (focus mode, key i), so that what it holds
    // besides the instance (generator fields, open sections) is still there when it comes back.
    let ui = &state.ui;
    let runners = html! { <PlatformRunner state={state.clone()} /> };
    if let Some(rest) = &ui.embed {
        return crate::embed::view(&state, rest, runners);
    }
    let screen = state.model.screen();
    let shown = ui.side && !ui.focus && !ui.lecture;
    let layout_class = if ui.focus || ui.lecture {
        "focus"
    } else if ui.side {
        if screen.wide_editor() {
            "with-side wide-side"
        } else {
            "with-side"
        }
    } else {
        "no-side"
    };
    // The model on screen's editor; another model's is unmounted.
    let side = html! {
        <>
            <aside class={classes!("side", (!shown).then_some("hidden"))} aria-label="Instance" aria-hidden={(!shown).then_some("true")}>
                { screen.editor(&state) }
                <BoundsPanel state={state.clone()} />
                { screen.generators(&state) }
            </aside>
            if !ui.side && !ui.focus && !ui.lecture {
                <button class="show-side" id="show-side" onclick={toggle_side}
                    title="Show the instance panel (key i)">{"▶ Instance"}</button>
            }
        </>
    };
    html! {
        <ContextProvider<crate::tours::TourContext> context={tour}>
        <div class={classes!("app", ui.lecture.then_some("lecture"))}
            data-side={if ui.side { "open" } else { "folded" }}
            data-table={if ui.table_open { "open" } else { "folded" }}>
            if !ui.lecture {
                <TopBar state={state.clone()} />
            }
            <crate::tours::TourBar state={state.clone()} />
            <crate::offline::UpdateBanner />
            <div class={classes!("layout", layout_class)}>
                { side }
                <main class="main">
                    if !ui.focus && !ui.lecture {
                        <AlgorithmBar state={state.clone()} />
                        <ResultsTable state={state.clone()} />
                    }
                    <ViewPanel state={state.clone()} />
                </main>
            </div>
            <ExperimentsPage state={state.clone()} />
            { runners }
            if ui.help {
                <HelpDialog state={state.clone()} />
            }
        </div>
        </ContextProvider<crate::tours::TourContext>>
    }
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
