//! Browser tests of the platform editor (paper 002): nodes added by clicks, edges by drags,
//! a cost typed in place, a node deleted with the key, undo; the page's own events, not the
//! reducer's actions.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlInputElement, PointerEvent, PointerEventInit};

wasm_bindgen_test_configure!(run_in_browser);

mod common;
use common::*;

// The drawing's size and margin (src/components/graph_canvas.rs).
const W: f64 = 700.0;
const H: f64 = 440.0;
const M: f64 = 30.0;

/// The page point of the drawing's point `(sx, sy)`.
fn page_point(sx: f64, sy: f64) -> (i32, i32) {
    el("platform-graph").scroll_into_view();
    let r = el("platform-graph").get_bounding_client_rect();
    let scale = (r.width() / W).min(r.height() / H);
    let (ox, oy) = (
        (r.width() - W * scale) / 2.0,
        (r.height() - H * scale) / 2.0,
    );
    (
        (r.left() + ox + sx * scale).round() as i32,
        (r.top() + oy + sy * scale).round() as i32,
    )
}

/// The drawing's point of the position `(x, y)` in [0, 1]².
fn at(x: f64, y: f64) -> (f64, f64) {
    (M + x * (W - 2.0 * M), M + y * (H - 2.0 * M))
}

/// The drawing's point of node `v`'s centre.
fn node(v: usize) -> (f64, f64) {
    let n = el(&format!("platform-graph-node-{v}"));
    let get = |a: &str| n.get_attribute(a).unwrap().parse::<f64>().unwrap();
    (get("data-x"), get("data-y"))
}

/// In the graph editor `graph`, click the label of edge `e`, type `cost` and press Enter.
async fn edit_cost(graph: &str, e: usize, cost: &str) {
    svg_click(&format!("{graph}-label-{e}")).await;
    let field: HtmlInputElement = el(&format!("{graph}-cost")).dyn_into().unwrap();
    field.set_value(cost);
    fire(&field, "input");
    settle().await;
    press(&field, "Enter").await;
}

/// A pointer event at the drawing's point, on the element there (as a real pointer would).
fn pointer(kind: &str, (sx, sy): (f64, f64)) {
    pointer_at(kind, page_point(sx, sy));
}

/// A pointer event at the page's point `(x, y)`, on the element there.
fn pointer_at(kind: &str, (x, y): (i32, i32)) {
    let target = gloo::utils::document()
        .element_from_point(x as f32, y as f32)
        .expect("an element under the point");
    let init = PointerEventInit::new();
    init.set_bubbles(true);
    init.set_client_x(x);
    init.set_client_y(y);
    init.set_button(0);
    init.set_pointer_id(1);
    let e = PointerEvent::new_with_event_init_dict(kind, &init).unwrap();
    target.dispatch_event(&e).unwrap();
}

async fn click_at(p: (f64, f64)) {
    pointer("pointerdown", p);
    pointer("pointerup", p);
    settle().await;
}

async fn drag(from: (f64, f64), to: (f64, f64)) {
    pointer("pointerdown", from);
    settle().await;
    let mid = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
    pointer("pointermove", mid);
    settle().await;
    pointer("pointermove", to);
    settle().await;
    pointer("pointerup", to);
    settle().await;
}

/// A click on an SVG element (no `HtmlElement::click` there).
async fn svg_click(id: &str) {
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    let e = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    el(id).dispatch_event(&e).unwrap();
    settle().await;
}

/// A key pressed on `target` (the app's `key` presses on the page's body).
async fn press(target: &web_sys::Element, k: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(k);
    init.set_bubbles(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&e).unwrap();
    settle().await;
}

fn nodes() -> u32 {
    count("#platform-graph [id^='platform-graph-node-']")
}

fn edges() -> u32 {
    count("#platform-graph [id^='platform-graph-edge-']")
}

#[wasm_bindgen_test]
async fn add_connect_edit_delete_and_undo_with_the_page_events() {
    let _app = Mounted::new().await;
    choose("model", "platform").await;
    click("clear-platform").await;
    assert_eq!(nodes(), 1);
    // A new drawing is in progress: a hint, not an error.
    assert!(text("draw-hint").starts_with("Draw nodes"));
    assert!(!exists("instance-error"));
    // Add: a click on empty space.
    click_at(at(0.5, 0.5)).await;
    click_at(at(0.9, 0.5)).await;
    assert_eq!(nodes(), 3);
    // Connect: a drag from a node onto another (both directions).
    drag(node(0), node(1)).await;
    drag(node(1), node(2)).await;
    assert_eq!(edges(), 4);
    // Move: a drag onto empty space.
    let before = node(2);
    drag(before, at(0.9, 0.1)).await;
    assert_ne!(node(2), before);
    assert_eq!(edges(), 4);
    // Edit: click the label of 0 → 1, type, Enter.
    edit_cost("platform-graph", 0, "3.5").await;
    assert!(!exists("platform-graph-cost"));
    assert_eq!(text("platform-graph-label-0"), "3.5");
    // Source and target: click node 2, mark it; the platform is valid.
    click_at(node(2)).await;
    click("is-target").await;
    assert!(text("instance-summary").starts_with("3 nodes, 4 edges, 1 target"));
    assert!(!exists("instance-error"));
    let list: web_sys::HtmlTextAreaElement = el("platform-edges").dyn_into().unwrap();
    assert_eq!(list.value(), "0 1 3.5\n1 0 1\n1 2 1\n2 1 1\n");
    // Delete: the picked edge 0 → 1 goes with the Delete key; node 0 cannot reach 2 any more.
    svg_click("platform-graph-edge-0").await;
    press(&el("platform-graph-wrap"), "Delete").await;
    assert_eq!(edges(), 3);
    assert!(
        text("instance-error").contains("unreachable"),
        "{}",
        text("instance-error")
    );
    // Undo: the unfinished edit goes first, and the drawing is the valid platform again.
    click("undo").await;
    assert_eq!(edges(), 4);
    assert!(!exists("instance-error"));
}

/// The many-source model's per-pair rates in the same graph editor: a rate typed on an arrow
/// is the matrix cell of that pair; picking a node shows only its arrows.
#[wasm_bindgen_test]
async fn the_many_source_rates_are_edited_on_the_graph() {
    let _app = Mounted::new().await;
    choose("model", "multi").await;
    click("per-pair").await;
    click("matrix-as-graph").await;
    // The first visit's Figure 1 becomes one message from its source to the 11 others: 12
    // nodes, an arrow each way between every two.
    let n = count("#link-graph [id^='link-graph-node-']");
    assert_eq!(n, 12);
    assert_eq!(count("#link-graph [id^='link-graph-edge-']"), n * (n - 1));
    // Arrow 0 is P0 → P1.
    edit_cost("link-graph", 0, "0.25").await;
    assert_eq!(text("link-graph-label-0"), "0.25");
    // Picking P1 leaves its own 2 (n - 1) arrows.
    el("link-graph").scroll_into_view();
    let r = el("link-graph-node-1").get_bounding_client_rect();
    let (x, y) = (
        (r.left() + r.width() / 2.0) as i32,
        (r.top() + r.height() / 2.0) as i32,
    );
    for kind in ["pointerdown", "pointerup"] {
        pointer_at(kind, (x, y));
        settle().await;
    }
    assert_eq!(count("#link-graph [id^='link-graph-edge-']"), 2 * (n - 1));
    click("matrix-as-graph").await;
    let cell: HtmlInputElement = el("matrix-0-1").dyn_into().unwrap();
    assert_eq!(cell.value(), "0.25");
}
