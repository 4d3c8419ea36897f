//! The top bar: model, gallery, import, export, undo/redo, help; and the notice line.

use std::cell::RefCell;
use std::rc::Rc;

use super::{StateHandle, StateProps};
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

/// Keep the model menu `model_ref` in step with the instance (undo, imports and the gallery
/// change it).
#[hook]
fn use_model_menu_sync(state: &StateHandle, model_ref: &NodeRef) {
    let model_ref = model_ref.clone();
    let key = state.model.screen().menu_value();
    use_effect_with(key, move |m| {
        if let Some(sel) = model_ref.cast::<HtmlSelectElement>() {
            sel.set_value(m);
        }
    });
}

/// Information notices go away after a few seconds ([`NOTICE_MS`]); errors stay until
/// dismissed.
#[hook]
fn use_notice_timeout(state: &StateHandle) {
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

/// The model menu chose a model.
fn on_model(state: &StateHandle) -> Callback<Event> {
    let s = state.clone();
    Callback::from(move |e: Event| {
        let sel: HtmlSelectElement = e.target_unchecked_into();
        let value = sel.value();
        if let Some(&(tag, _, _)) = MODEL_MENU.iter().find(|m| m.0 == value) {
            s.dispatch(Action::UseModel(tag))
        }
    })
}

/// The gallery menu and its Load button: an example loads when it is picked with the mouse,
/// on Enter, or with the Load button; stepping through the menu with the arrow keys (or
/// type-ahead) only selects it (`pending`), so the instance is not replaced at every step.
#[derive(Clone)]
struct Gallery {
    node: NodeRef,
    /// The example chosen by keys, not loaded yet.
    pending: UseStateHandle<String>,
    /// The last change of the menu came from the keyboard.
    by_keys: Rc<RefCell<bool>>,
    /// Load the example chosen (or start the tour).
    load: Rc<dyn Fn()>,
}

/// The gallery's state (see [`Gallery`]).
#[hook]
fn use_gallery(state: &StateHandle, tour: &crate::tours::TourContext) -> Gallery {
    let node = use_node_ref();
    let pending = use_state(String::new);
    let by_keys: Rc<RefCell<bool>> = use_mut_ref(|| false);
    let load = {
        let (s, node, pending, tour) = (state.clone(), node.clone(), pending.clone(), tour.clone());
        Rc::new(move || {
            let Some(sel) = node.cast::<HtmlSelectElement>() else {
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
    Gallery {
        node,
        pending,
        by_keys,
        load,
    }
}

impl Gallery {
    /// The menu changed: by keys, the choice waits; by the mouse, it loads.
    fn on_change(&self) -> Callback<Event> {
        let g = self.clone();
        Callback::from(move |e: Event| {
            let sel: HtmlSelectElement = e.target_unchecked_into();
            if *g.by_keys.borrow() {
                g.pending.set(sel.value());
            } else {
                (g.load)();
            }
        })
    }

    /// Enter loads; other keys (but Tab, Shift, Escape) mark the next change as by keys.
    fn on_key(&self) -> Callback<KeyboardEvent> {
        let g = self.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Enter" => {
                e.prevent_default();
                *g.by_keys.borrow_mut() = false;
                (g.load)();
            }
            "Tab" | "Shift" | "Escape" => {}
            _ => *g.by_keys.borrow_mut() = true,
        })
    }

    /// The mouse on the menu: its next change loads.
    fn on_mouse(&self) -> Callback<MouseEvent> {
        let by_keys = self.by_keys.clone();
        Callback::from(move |_: MouseEvent| *by_keys.borrow_mut() = false)
    }

    /// The Load button.
    fn on_load(&self) -> Callback<MouseEvent> {
        let g = self.clone();
        Callback::from(move |_: MouseEvent| {
            (g.load)();
            // The Load button is disabled now; the focus goes back to the menu, not the page.
            if let Some(sel) = g.node.cast::<HtmlSelectElement>() {
                let _ = sel.focus();
            }
        })
    }

    /// The menu (every model's examples, then the tours) and the Load button.
    fn html(&self) -> Html {
        let pending = !self.pending.is_empty();
        html! {
            <>
            <label for="gallery" class="sr-only">{"Gallery"}</label>
            <select id="gallery" ref={self.node.clone()} onchange={self.on_change()} onkeydown={self.on_key()}
                onmousedown={self.on_mouse()}
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
            <button id="gallery-load" onclick={self.on_load()} disabled={!pending}
                class={classes!(pending.then_some("pending"))}
                title="Load the example chosen in the gallery (Enter in the menu does the same)">{"Load"}</button>
            </>
        }
    }
}

/// A file read by Import: a tour starts, an instance loads, else the error is said.
fn on_read(
    state: &StateHandle,
    tour: crate::tours::TourContext,
) -> Callback<(String, Result<String, String>)> {
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
}

/// The action `a` on a click.
fn on_click(state: &StateHandle, a: Action) -> Callback<MouseEvent> {
    let s = state.clone();
    Callback::from(move |_: MouseEvent| s.dispatch(a.clone()))
}

/// The notice line under the bar, when there is a notice.
fn notice_html(state: &StateHandle) -> Html {
    let Some(n) = &state.ui.notice else {
        return html! {};
    };
    html! {
        <div class={classes!("notice", (n.kind == NoticeKind::Error).then_some("error"))}
            id="notice" role={if n.kind == NoticeKind::Error { "alert" } else { "status" }}>
            <span>{ n.text.clone() }</span>
            <button class="icon" id="dismiss" aria-label="Dismiss message" onclick={on_click(state, Action::Ui(UiAction::Dismiss))}>{"✕"}</button>
        </div>
    }
}

/// The overflow of the bar: in a window narrower than 1280 px (static/style.css) the items
/// used less in a lecture (Scenarios, Import) fold under a "More" button, so that the bar stays
/// one row down to 1024 px; wider, the button is hidden and the items stand in the bar.
struct More {
    open: UseStateHandle<bool>,
    node: NodeRef,
}

/// The "More" button and the `items` it folds (see [`More`]); Escape closes it.
fn more_menu(more: &More, items: Html) -> Html {
    let open = *more.open;
    let toggle = {
        let o = more.open.clone();
        Callback::from(move |_: MouseEvent| o.set(!*o))
    };
    let onkeydown = {
        let o = more.open.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" && *o {
                o.set(false);
            }
        })
    };
    html! {
        <div class={classes!("bar-more", open.then_some("open"))} ref={more.node.clone()} {onkeydown}>
            <button id="more-button" class={classes!("more-button", open.then_some("open"))} onclick={toggle}
                aria-haspopup="true" aria-expanded={open.to_string()} aria-controls="more-items"
                title="More: Scenarios (save, open) and Import">{"More"}<span aria-hidden="true">{" ▾"}</span></button>
            <div class="more-items" id="more-items">{ items }</div>
        </div>
    }
}

/// The top bar of the app.
#[function_component(TopBar)]
pub fn top_bar(p: &StateProps) -> Html {
    let state = &p.state;
    let model_ref = use_node_ref();
    use_model_menu_sync(state, &model_ref);
    use_notice_timeout(state);
    let tour = use_context::<crate::tours::TourContext>().expect("the root provides the tour");
    let gallery = use_gallery(state, &tour);
    let more = More {
        open: use_state(|| false),
        node: use_node_ref(),
    };
    super::menu::use_close_outside(&more.node, &more.open);
    let on_screen = state.model.screen().menu_value();
    html! {
        <>
        <header class="topbar">
            <h1>{"hetcast"}</h1>
            <label for="model" class="sr-only">{"Model"}</label>
            <select id="model" ref={model_ref} onchange={on_model(state)} title="Cost model of the instance">
                { for MODEL_MENU.iter().map(|&(value, label, _)| html! {
                    <option {value} selected={value == on_screen}>{ label }</option>
                }) }
            </select>
            { gallery.html() }
            { more_menu(&more, html! {
                <>
                <super::scenarios::ScenarioMenu state={state.clone()} />
                <super::file_button::FileButton id="import" label="Import" title="Load an instance (or a tour) from a JSON file" on_read={on_read(state, tour)} />
                </>
            }) }
            <super::export_menu::ExportMenu state={state.clone()} />
            <super::scenarios::ShareMenu state={state.clone()} />
            // In the spacer: one more item in the bar would cost a gap, and it wraps at 1280 px.
            <span class="spacer"><button id="experiments-button" onclick={on_click(state, Action::Ui(UiAction::ToggleExperiments))} aria-label="Experiments" title="Experiments: the papers' figures and the counterexample explorer (key e)">{"⚗"}</button></span>
            <button id="help-button" onclick={on_click(state, Action::Ui(UiAction::ToggleHelp))} aria-label="Keyboard help" title="Keyboard help (key ?)">{"?"}</button>
        </header>
        { notice_html(state) }
        </>
    }
}
