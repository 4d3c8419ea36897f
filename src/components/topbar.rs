//! The top bar: model, gallery, import, export, undo/redo, help; and the notice line.

use std::cell::RefCell;
use std::rc::Rc;

use super::StateProps;
use crate::state::{Action, Notice, NoticeKind, UiAction};
use hetcast_core::registry::MODEL_MENU;
use hetcast_core::AnyInstance;

/// The menu text of a many-source gallery entry: its title up to the colon
/// ("WRP beats WR (Wu et al., fig. 1)"); the full title is the tooltip.
pub fn gallery_title(title: &str) -> &str {
    title.split(':').next().unwrap_or(title).trim()
}
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The action that shows notice `n`.
fn notify(n: Notice) -> Action {
    Action::Ui(UiAction::Notify(n))
}

/// How long an information notice stays, in milliseconds.
pub const NOTICE_MS: u32 = 6000;

/// The top bar of the app.
#[function_component(TopBar)]
pub fn top_bar(p: &StateProps) -> Html {
    let state = &p.state;
    let model_ref = use_node_ref();
    {
        // Keep the model menu in step with the instance (undo, imports and the gallery change it).
        let model_ref = model_ref.clone();
        let key = state.model.screen().menu_value();
        use_effect_with(key, move |m| {
            if let Some(sel) = model_ref.cast::<HtmlSelectElement>() {
                sel.set_value(m);
            }
        });
    }
    {
        // Information notices go away after a few seconds; errors stay until dismissed.
        let s = state.clone();
        use_effect_with(state.ui.notice.clone(), move |n| {
            let timer = n.as_ref().filter(|n| n.kind == NoticeKind::Info).map(|_| {
                gloo::timers::callback::Timeout::new(NOTICE_MS, move || {
                    s.dispatch(Action::Ui(UiAction::Dismiss))
                })
            });
            move || drop(timer)
        });
    }

    let on_model = {
        let s = state.clone();
        Callback::from(move |e: Event| {
            let sel: HtmlSelectElement = e.target_unchecked_into();
            let value = sel.value();
            if let Some(&(tag, _, _)) = MODEL_MENU.iter().find(|m| m.0 == value) {
                s.dispatch(Action::UseModel(tag))
            }
        })
    };
    // The gallery loads an example when it is picked with the mouse, on Enter, or with the Load
    // button; stepping through the menu with the arrow keys (or type-ahead) only selects it, so
    // the instance is not replaced at every step.
    let gallery_ref = use_node_ref();
    let pending = use_state(String::new);
    let by_keys: Rc<RefCell<bool>> = use_mut_ref(|| false);
    let tour = use_context::<crate::tours::TourContext>().expect("the root provides the tour");
    let load_example = {
        let s = state.clone();
        let gallery_ref = gallery_ref.clone();
        let pending = pending.clone();
        let tour = tour.clone();
        Rc::new(move || {
            let Some(sel) = gallery_ref.cast::<HtmlSelectElement>() else {
                return;
            };
            let id = sel.value();
            // Back to the prompt, so that choosing the same example again reloads it.
            sel.set_value("");
            pending.set(String::new());
            if crate::tours::start_from_gallery(&tour, &s, &id) {
                return;
            }
            if let Some(ex) = hetcast_core::registry::example(&id) {
                let origin = gallery_title(ex.title);
                s.dispatch(Action::Load {
                    instance: ex.instance,
                    origin: origin.to_string(),
                });
                // The result the example is about comparing with (WRP against WR), else the
                // best other one.
                let partner = ex.compare.map(|(_, with)| with.to_string());
                s.dispatch(Action::Ui(UiAction::SetPartner(partner)));
            }
        })
    };
    let on_gallery = {
        let load = load_example.clone();
        let by_keys = by_keys.clone();
        let pending = pending.clone();
        Callback::from(move |e: Event| {
            let sel: HtmlSelectElement = e.target_unchecked_into();
            if *by_keys.borrow() {
                pending.set(sel.value());
            } else {
                load();
            }
        })
    };
    let on_gallery_key = {
        let load = load_example.clone();
        let by_keys = by_keys.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Enter" => {
                e.prevent_default();
                *by_keys.borrow_mut() = false;
                load();
            }
            "Tab" | "Shift" | "Escape" => {}
            _ => *by_keys.borrow_mut() = true,
        })
    };
    let on_gallery_mouse = {
        let by_keys = by_keys.clone();
        Callback::from(move |_: MouseEvent| *by_keys.borrow_mut() = false)
    };
    let on_gallery_load = {
        let load = load_example.clone();
        let gallery_ref = gallery_ref.clone();
        Callback::from(move |_: MouseEvent| {
            load();
            // The Load button is disabled now; the focus goes back to the menu, not the page.
            if let Some(sel) = gallery_ref.cast::<HtmlSelectElement>() {
                let _ = sel.focus();
            }
        })
    };
    let on_read = {
        let s = state.clone();
        Callback::from(
            move |(name, read): (String, Result<String, String>)| match read {
                Ok(text) if crate::tours::import(&tour, &s, &name, &text) => {}
                Ok(text) => match AnyInstance::from_json(&text) {
                    Ok(instance) => s.dispatch(Action::Load {
                        instance,
                        origin: format!("file {name}"),
                    }),
                    Err(e) => s.dispatch(notify(Notice::error(format!(
                        "Could not import {name}: {e}. The current instance is kept."
                    )))),
                },
                Err(e) => s.dispatch(notify(Notice::error(format!("Could not read {name}: {e}")))),
            },
        )
    };
    let dispatch = |a: Action| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(a.clone()))
    };
    let on_screen = state.model.screen().menu_value();
    html! {
        <>
        <header class="topbar">
            <h1>{"hetcast"}</h1>
            <label for="model" class="sr-only">{"Model"}</label>
            <select id="model" ref={model_ref} onchange={on_model} title="Cost model of the instance">
                { for MODEL_MENU.iter().map(|&(value, label, _)| html! {
                    <option {value} selected={value == on_screen}>{ label }</option>
                }) }
            </select>
            <label for="gallery" class="sr-only">{"Gallery"}</label>
            <select id="gallery" ref={gallery_ref} onchange={on_gallery} onkeydown={on_gallery_key}
                onmousedown={on_gallery_mouse}
                title="Load a worked example from the papers (with the keyboard: arrows choose, Enter loads)">
                <option value="" selected=true>{"Gallery…"}</option>
                { for hetcast_core::ModelId::ALL.into_iter().map(|id| html! {
                    <optgroup label={id.title()}>
                    { for hetcast_core::registry::gallery_of(id).into_iter().map(|ex| html! {
                        <option value={ex.id} title={ex.title}>{ ex.title }</option>
                    }) }
                    </optgroup>
                }) }
                { crate::tours::gallery_group() }
            </select>
            <button id="gallery-load" onclick={on_gallery_load} disabled={pending.is_empty()}
                class={classes!((!pending.is_empty()).then_some("pending"))}
                title="Load the example chosen in the gallery (Enter in the menu does the same)">{"Load"}</button>
            <super::scenarios::ScenarioMenu state={state.clone()} />
            <super::file_button::FileButton id="import" label="Import" title="Load an instance (or a tour) from a JSON file" {on_read} />
            <super::export_menu::ExportMenu state={state.clone()} />
            <super::scenarios::ShareMenu state={state.clone()} />
            // In the spacer: one more item in the bar would cost a gap, and it wraps at 1280 px.
            <span class="spacer"><button id="experiments-button" onclick={dispatch(Action::Ui(UiAction::ToggleExperiments))} aria-label="Experiments" title="Experiments: the papers' figures and the counterexample explorer (key e)">{"⚗"}</button></span>
            <button id="help-button" onclick={dispatch(Action::Ui(UiAction::ToggleHelp))} aria-label="Keyboard help" title="Keyboard help (key ?)">{"?"}</button>
        </header>
        if let Some(n) = &state.ui.notice {
            <div class={classes!("notice", (n.kind == NoticeKind::Error).then_some("error"))}
                id="notice" role={if n.kind == NoticeKind::Error { "alert" } else { "status" }}>
                <span>{ n.text.clone() }</span>
                <button class="icon" id="dismiss" aria-label="Dismiss message" onclick={dispatch(Action::Ui(UiAction::Dismiss))}>{"✕"}</button>
            </div>
        }
        </>
    }
}
