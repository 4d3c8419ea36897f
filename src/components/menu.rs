//! A drop-down panel under a top-bar button (the Scenarios, Share and Export menus): the
//! button says whether it is open (`aria-expanded`); Escape closes the panel and gives the
//! focus back to the button; a click outside closes it.

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, Node};
use yew::prelude::*;

/// Props of [`Menu`].
#[derive(Properties, PartialEq)]
pub struct MenuProps {
    /// `{id}-button` and `{id}-panel` are the ids of the button and the panel.
    pub id: AttrValue,
    /// The button's text.
    pub label: AttrValue,
    /// The button's tooltip.
    pub title: AttrValue,
    /// Open or closed (the owner keeps it, so that its items can close the menu).
    pub open: UseStateHandle<bool>,
    /// Called when the menu opens (e.g. to make a share link).
    #[prop_or_default]
    pub on_open: Callback<()>,
    /// The panel's content.
    pub children: Html,
}

/// While `open`, a press outside the element `root` closes it.
#[hook]
pub fn use_close_outside(root: &NodeRef, open: &UseStateHandle<bool>) {
    let (root, open) = (root.clone(), open.clone());
    use_effect_with(*open, move |&is_open| {
        let listener = is_open.then(|| {
            EventListener::new(&gloo::utils::document(), "mousedown", move |e| {
                let inside = match (root.cast::<Node>(), e.target()) {
                    (Some(r), Some(t)) => t.dyn_ref::<Node>().is_some_and(|t| r.contains(Some(t))),
                    _ => false,
                };
                if !inside {
                    open.set(false);
                }
            })
        });
        move || drop(listener)
    });
}

/// A button and, when open, its panel.
#[function_component(Menu)]
pub fn menu(p: &MenuProps) -> Html {
    let root = use_node_ref();
    let button = use_node_ref();
    let open = p.open.clone();
    use_close_outside(&root, &open);
    // A menu whose button is in the right half of the window opens leftwards, so that its
    // panel stays inside the window.
    let leftwards = use_state(|| false);
    let toggle = {
        let (open, on_open, button, leftwards) = (
            open.clone(),
            p.on_open.clone(),
            button.clone(),
            leftwards.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            if !*open {
                if let Some(b) = button.cast::<web_sys::Element>() {
                    let r = b.get_bounding_client_rect();
                    let w = gloo::utils::window()
                        .inner_width()
                        .ok()
                        .and_then(|w| w.as_f64())
                        .unwrap_or(0.0);
                    leftwards.set(r.left() + r.width() / 2.0 > w / 2.0);
                }
                on_open.emit(());
            }
            open.set(!*open);
        })
    };
    let onkeydown = {
        let (open, button) = (open.clone(), button.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" && *open {
                e.prevent_default();
                e.stop_propagation();
                open.set(false);
                if let Some(b) = button.cast::<HtmlElement>() {
                    let _ = b.focus();
                }
            }
        })
    };
    let id = &p.id;
    html! {
        <div class="menu" ref={root} {onkeydown}>
            <button id={format!("{id}-button")} ref={button} onclick={toggle} title={p.title.clone()}
                aria-haspopup="true" aria-expanded={open.to_string()} aria-controls={format!("{id}-panel")}
                class={classes!(open.then_some("open"))}>
                { p.label.clone() }<span aria-hidden="true">{" ▾"}</span>
            </button>
            if *open {
                <div class={classes!("menu-panel", leftwards.then_some("leftwards"))} id={format!("{id}-panel")} role="group" aria-label={p.label.clone()}>
                    { p.children.clone() }
                </div>
            }
        </div>
    }
}
