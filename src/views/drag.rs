//! Hand edits of a tree and panning, on the view panel: drag a node box of the tree onto
//! another (its lower half: the dragged node becomes that node's last child; its upper half: it
//! goes just before that node among its siblings), and drag the background of a drawing that
//! scrolls to pan it; Ctrl + wheel zooms.
//!
//! While a node is dragged, a ghost (its name and what dropping it here does, "becomes the last
//! child of P3" or "goes before P3") follows the pointer, and the box under it is framed as
//! the drop target (`data-drop`: `child` or `before`, drawn by the app stylesheet).

use std::cell::Cell;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use hetcast_core::models::Place;
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent};
use yew::prelude::*;

use crate::models::ModelAction;
use crate::state::{Action, AppState, UiAction};

/// Where a pan began: the pointer (x, y) and the container's scroll offsets (left, top).
type PanStart = (f64, f64, i32, i32);

/// Id of the ghost that follows a dragged node.
pub const GHOST_ID: &str = "drag-ghost";

/// What dropping a node on `target` does, in words: "becomes the last child of P3" (lower
/// half) or "goes before P3" (upper half).
pub fn drop_words(target: &str, upper: bool) -> String {
    if upper {
        format!("goes before {target}")
    } else {
        format!("becomes the last child of {target}")
    }
}

/// The hand edits and panning of the view panel `panel` (see the module documentation).
#[hook]
pub fn use_hand_edits(panel: NodeRef, dispatcher: UseReducerDispatcher<AppState>) {
    use_effect_with((), move |_| {
        let panel = panel.cast::<Element>();
        let dragged: Rc<Cell<Option<usize>>> = Rc::default();
        let pan: Rc<Cell<Option<PanStart>>> = Rc::default();
        let listeners = panel.map(|panel| {
            let (d, pn) = (dragged.clone(), pan.clone());
            let opts = EventListenerOptions::enable_prevent_default();
            let down = EventListener::new_with_options(&panel, "pointerdown", opts, move |e| {
                let hit = tree_node_at(e).map(|(v, _, _)| v);
                if hit.is_some() {
                    // No text selection, no native drag of it: this drag moves a node.
                    e.prevent_default();
                } else if let Some((wrap, pe)) = scrolling_wrap(e) {
                    e.prevent_default();
                    pn.set(Some((
                        pe.client_x() as f64,
                        pe.client_y() as f64,
                        wrap.scroll_left(),
                        wrap.scroll_top(),
                    )));
                }
                d.set(hit);
            });
            let (d, pn) = (dragged.clone(), pan.clone());
            let moving = EventListener::new(&panel, "pointermove", move |e| {
                if let Some(v) = d.get() {
                    show_drop(e, v);
                    return;
                }
                let (Some((x0, y0, l0, t0)), Some((wrap, pe))) = (pn.get(), scrolling_wrap(e))
                else {
                    return;
                };
                wrap.set_scroll_left(l0 - (pe.client_x() as f64 - x0) as i32);
                wrap.set_scroll_top(t0 - (pe.client_y() as f64 - y0) as i32);
            });
            let (d, pn, md) = (dragged.clone(), pan.clone(), dispatcher.clone());
            let up = EventListener::new(&panel, "pointerup", move |e| {
                pn.set(None);
                clear_drop();
                let Some(v) = d.take() else { return };
                let Some((u, upper, _)) = tree_node_at(e) else {
                    return;
                };
                if u == v {
                    return;
                }
                let to = if upper {
                    Place::Before(u)
                } else {
                    Place::LastChildOf(u)
                };
                md.dispatch(Action::Model(ModelAction::MoveNode { node: v, to }));
            });
            let (d, pn) = (dragged.clone(), pan.clone());
            let cancel = EventListener::new(&panel, "pointercancel", move |_| {
                d.set(None);
                pn.set(None);
                clear_drop();
            });
            let zd = dispatcher.clone();
            let wheel = EventListener::new_with_options(&panel, "wheel", opts, move |e| {
                let Some(w) = e.dyn_ref::<web_sys::WheelEvent>() else {
                    return;
                };
                // Ctrl + wheel (and a touchpad's pinch) zooms; the wheel alone scrolls.
                if w.ctrl_key() {
                    e.prevent_default();
                    let f = if w.delta_y() < 0.0 { 1.25 } else { 0.8 };
                    zd.dispatch(Action::Ui(UiAction::Zoom(f)));
                }
            });
            (down, moving, up, cancel, wheel)
        });
        move || {
            clear_drop();
            drop(listeners)
        }
    });
}

/// The ghost of node `v` at the pointer, and the drop target under it framed.
fn show_drop(e: &web_sys::Event, v: usize) {
    let Some(pe) = e.dyn_ref::<PointerEvent>() else {
        return;
    };
    let doc = gloo::utils::document();
    let name = node_name(v);
    let target = tree_node_at(e).filter(|(u, _, _)| *u != v);
    clear_targets();
    let words = match &target {
        Some((_, upper, rect)) => {
            let _ = rect.set_attribute("data-drop", if *upper { "before" } else { "child" });
            let u_name = rect
                .next_element_sibling()
                .and_then(|t| t.text_content())
                .unwrap_or_default();
            format!("{name} {}", drop_words(&u_name, *upper))
        }
        None => format!("{name}: drop on a box (lower half: last child, upper half: before it)"),
    };
    let ghost = doc.get_element_by_id(GHOST_ID).or_else(|| {
        let g = doc.create_element("div").ok()?;
        g.set_id(GHOST_ID);
        g.set_attribute("role", "status").ok()?;
        doc.body()?.append_child(&g).ok()?;
        Some(g)
    });
    if let Some(g) = ghost {
        g.set_text_content(Some(&words));
        let _ = g.set_attribute(
            "style",
            &format!("left:{}px;top:{}px", pe.client_x() + 16, pe.client_y() + 16),
        );
    }
}

/// The name the tree's box of node `v` shows.
fn node_name(v: usize) -> String {
    gloo::utils::document()
        .query_selector(&format!("#scene-tree rect[id='node-{v}']"))
        .ok()
        .flatten()
        .and_then(|r| r.next_element_sibling())
        .and_then(|t| t.text_content())
        .unwrap_or_default()
}

/// Remove the drop target's frame.
fn clear_targets() {
    if let Ok(all) = gloo::utils::document().query_selector_all("#scene-tree [data-drop]") {
        for i in 0..all.length() {
            if let Some(el) = all.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                let _ = el.remove_attribute("data-drop");
            }
        }
    }
}

/// Remove the ghost and the drop target's frame.
fn clear_drop() {
    clear_targets();
    if let Some(g) = gloo::utils::document().get_element_by_id(GHOST_ID) {
        g.remove();
    }
}

/// The drawing container under pointer event `e`, when it scrolls, and the event as a pointer
/// event.
fn scrolling_wrap(e: &web_sys::Event) -> Option<(Element, PointerEvent)> {
    let pe = e.dyn_ref::<PointerEvent>()?.clone();
    let target = e.target()?.dyn_into::<Element>().ok()?;
    let wrap = target.closest(".scene-wrap").ok()??;
    (wrap.scroll_width() > wrap.client_width() || wrap.scroll_height() > wrap.client_height())
        .then_some((wrap, pe))
}

/// The node box of the selected result's tree under pointer event `e`: its node, whether the
/// pointer is in its upper half, and the box.
fn tree_node_at(e: &web_sys::Event) -> Option<(usize, bool, Element)> {
    let e = e.dyn_ref::<PointerEvent>()?;
    let doc = gloo::utils::document();
    let hit = doc.element_from_point(e.client_x() as f32, e.client_y() as f32)?;
    let rect = hit.closest("#scene-tree rect[id^='node-']").ok()??;
    let v = rect.id().strip_prefix("node-")?.parse().ok()?;
    let b = rect.get_bounding_client_rect();
    let upper = (e.client_y() as f64) < b.top() + b.height() / 2.0;
    Some((v, upper, rect))
}

#[cfg(test)]
mod tests {
    use super::drop_words;

    #[test]
    fn the_ghost_says_what_a_drop_does() {
        assert_eq!(drop_words("P3", false), "becomes the last child of P3");
        assert_eq!(drop_words("P3", true), "goes before P3");
    }
}
