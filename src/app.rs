//! The root component: state, persistence, keyboard, layout.

use crate::components::algorithms::AlgorithmBar;
use crate::components::help::HelpDialog;
use crate::components::results::{BoundsPanel, ResultsTable};
use crate::components::topbar::TopBar;
use crate::experiments::{self, ExperimentsHost};
use crate::keys::{is_typing, key_action};
use crate::models::Runners;
use crate::state::{Action, UiAction};
use crate::views::ViewPanel;
use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

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
        let mut s = crate::startup_state();
        if window_defaults && !crate::handover::taken() {
            let w = gloo::utils::window();
            let size = |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64());
            if let (Some(width), Some(height)) = (size(w.inner_width()), size(w.inner_height())) {
                s.ui.fit_window(width, height);
            }
        }
        s
    });

    crate::saved::use_autosave(&state);
    let tour = crate::tours::TourContext(use_state(crate::handover::take_tour));

    // A model that this module leaves out came on screen: the app with every model takes over.
    {
        let elsewhere = state.model.loads_elsewhere();
        let (state, tour) = (state.clone(), tour.0.clone());
        use_effect_with(elsewhere, move |&elsewhere| {
            if elsewhere {
                crate::handover::hand_over(&state, (*tour).as_ref());
            }
        });
    }

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
    let runners = html! { <Runners state={state.clone()} /> };
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
                    // The algorithm bar and the results table share a row where they fit
                    // side by side (the table folded to its selected row): static/style.css, .runs.
                    if !ui.focus && !ui.lecture {
                        <div class="runs">
                            <AlgorithmBar state={state.clone()} />
                            <ResultsTable state={state.clone()} />
                        </div>
                    }
                    <ViewPanel state={state.clone()} />
                </main>
            </div>
            <ExperimentsHost state={state.clone()} />
            { runners }
            if ui.help {
                <HelpDialog state={state.clone()} />
            }
        </div>
        </ContextProvider<crate::tours::TourContext>>
    }
}
