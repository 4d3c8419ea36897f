//! Browser tests of the app (wasm-bindgen-test in Chromium): mount the app, drive it with real
//! DOM events, read what the page shows.
//!
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p hetcast-app --target wasm32-unknown-unknown`
#![cfg(target_arch = "wasm32")]

use gloo::timers::future::TimeoutFuture;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

/// The app mounted on a fresh element; unmounted and removed on drop.
struct Mounted {
    root: Element,
    handle: Option<yew::AppHandle<hetcast_app::App>>,
}

impl Mounted {
    async fn new() -> Mounted {
        hetcast_app::util::clear_saved();
        let doc = gloo::utils::document();
        let root = doc.create_element("div").unwrap();
        doc.body().unwrap().append_child(&root).unwrap();
        let handle = hetcast_app::mount(root.clone());
        settle().await;
        Mounted {
            root,
            handle: Some(handle),
        }
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        if let Some(h) = self.handle.take() {
            h.destroy();
        }
        self.root.remove();
        hetcast_app::util::clear_saved();
    }
}

/// Let Yew render (it renders asynchronously after a dispatch).
async fn settle() {
    TimeoutFuture::new(30).await;
}

fn el(id: &str) -> Element {
    gloo::utils::document()
        .get_element_by_id(id)
        .unwrap_or_else(|| panic!("no element #{id}"))
}

fn text(id: &str) -> String {
    el(id).text_content().unwrap_or_default().trim().to_string()
}

fn count(selector: &str) -> u32 {
    gloo::utils::document()
        .query_selector_all(selector)
        .unwrap()
        .length()
}

async fn click(id: &str) {
    el(id).dyn_into::<HtmlElement>().unwrap().click();
    settle().await;
}

fn fire(target: &Element, kind: &str) {
    let init = EventInit::new();
    init.set_bubbles(true);
    let e = Event::new_with_event_init_dict(kind, &init).unwrap();
    target.dispatch_event(&e).unwrap();
}

async fn choose(id: &str, value: &str) {
    let sel: HtmlSelectElement = el(id).dyn_into().unwrap();
    sel.set_value(value);
    fire(&sel, "change");
    settle().await;
}

async fn type_into(id: &str, value: &str) {
    let input: HtmlInputElement = el(id).dyn_into().unwrap();
    input.set_value(value);
    fire(&input, "input");
    settle().await;
}

async fn key(k: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(k);
    init.set_bubbles(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    gloo::utils::body().dispatch_event(&e).unwrap();
    settle().await;
}

#[wasm_bindgen_test]
async fn figure_1_from_the_gallery_greedy_completes_at_10() {
    let _app = Mounted::new().await;
    // Another example first, so that the numbers below come from loading Figure 1.
    choose("gallery", "liu-fig1").await;
    click("run-greedy").await;
    assert_eq!(text("time-greedy"), "6");
    assert!(text("instance-summary").starts_with("3 nodes"));

    choose("gallery", "lh-fig1").await;
    assert!(
        text("instance-summary").starts_with("12 nodes"),
        "{}",
        text("instance-summary")
    );
    click("run-greedy").await;
    assert_eq!(text("time-greedy"), "10");
    assert!(text("view-caption").ends_with("T = 10"));

    // The Gantt view draws one lane per node; the tree one box per node.
    click("tab-gantt").await;
    assert_eq!(count("#scene-gantt [id^='lane-']"), 12);
    click("tab-tree").await;
    assert_eq!(count("#scene-tree rect[id^='node-']"), 12);
}

#[wasm_bindgen_test]
async fn invalid_text_keeps_the_last_valid_instance() {
    let _app = Mounted::new().await;
    choose("gallery", "lh-fig1").await;
    click("run-greedy").await;
    type_into("node-1-send", "two").await;
    assert!(text("node-1-send-error").contains("'two' is not a number"));
    // Still the valid instance: same completion time.
    assert_eq!(text("time-greedy"), "10");
    type_into("node-1-send", "-2").await;
    assert!(text("node-1-send-error").contains("negative"));
    assert_eq!(text("time-greedy"), "10");
    // A valid edit is committed and the results follow it.
    type_into("node-1-send", "1").await;
    assert_eq!(count("#node-1-send-error"), 0);
    assert_ne!(text("time-greedy"), "10");
    click("undo").await;
    assert_eq!(text("time-greedy"), "10");
}

#[wasm_bindgen_test]
async fn every_bad_field_is_marked_at_the_same_time() {
    let _app = Mounted::new().await;
    choose("gallery", "liu-fig1").await;
    click("run-greedy").await;
    type_into("latency", "-1").await;
    type_into("node-1-recv", "0").await;
    assert!(text("latency-error").contains("latency"));
    assert!(text("node-1-recv-error").contains("zero"));
    // An empty field gets its own mark; the others stay.
    type_into("node-2-send", "").await;
    assert!(text("node-2-send-error").contains("enter a number"));
    assert_eq!(count(".field-error[id$='-error']"), 3);
    assert_eq!(count("input.invalid"), 3);
    assert_eq!(text("time-greedy"), "6");
}

#[wasm_bindgen_test]
async fn keys_run_everything_and_switch_tabs_but_not_while_typing() {
    let _app = Mounted::new().await;
    choose("gallery", "liu-fig1").await;
    key("r").await;
    assert_eq!(count("#results tr.result"), 5);
    assert_eq!(text("time-greedy"), "6");
    key("2").await;
    assert_eq!(
        el("tab-gantt").get_attribute("aria-selected").as_deref(),
        Some("true")
    );
    key("3").await;
    assert!(count("#trace li") >= 2);
    // Typing "1" in a field edits it and does not switch tabs.
    let input: HtmlInputElement = el("seed").dyn_into().unwrap();
    input.focus().unwrap();
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("1");
    init.set_bubbles(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    input.dispatch_event(&e).unwrap();
    settle().await;
    assert_eq!(
        el("tab-trace").get_attribute("aria-selected").as_deref(),
        Some("true")
    );
    key("?").await;
    assert_eq!(count("#help"), 1);
    key("Escape").await;
    assert_eq!(count("#help"), 0);
}

#[wasm_bindgen_test]
async fn generators_and_model_switch_build_valid_instances() {
    let _app = Mounted::new().await;
    choose("gallery", "liu-fig1").await;
    // Back to the node model: the type generator rebuilds Figure 1 from "4 x 2, 7 x 3".
    choose("model", "node").await;
    assert!(text("instance-summary").contains("node model"));
    type_into("gen-types-text", "4 x 2, 7 x 3").await;
    type_into("gen-source", "3").await;
    fire(&el("gen-types"), "submit");
    settle().await;
    assert!(text("instance-summary").starts_with("12 nodes"));
    click("run-greedy").await;
    assert_eq!(text("time-greedy"), "10");
    // A type list that does not parse is reported and changes nothing.
    type_into("gen-types-text", "4 x two").await;
    fire(&el("gen-types"), "submit");
    settle().await;
    assert!(text("gen-types-text-error").contains("two"));
    assert!(text("instance-summary").starts_with("12 nodes"));
    // The random generator: n nodes, every one with a cost field.
    type_into("gen-n", "7").await;
    fire(&el("gen-random"), "submit");
    settle().await;
    assert!(text("instance-summary").starts_with("7 nodes"));
    assert_eq!(count("#nodes tbody tr"), 7);
    // The sender-receiver model adds receive times and the latency.
    choose("model", "sender_receiver").await;
    assert!(text("instance-summary").contains("sender-receiver"));
    assert_eq!(count("[id^='node-'][id$='-recv']"), 7);
    type_into("latency", "2").await;
    assert!(text("instance-summary").ends_with("L = 2"));
    // Undo goes back through the model switch, and the menu follows.
    click("undo").await;
    click("undo").await;
    let model: HtmlSelectElement = el("model").dyn_into().unwrap();
    assert_eq!(model.value(), "node");
}

fn key_on(target: &Element, k: &str, shift: bool) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(k);
    init.set_shift_key(shift);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&e).unwrap();
}

fn active_id() -> String {
    gloo::utils::document()
        .active_element()
        .map(|e| e.id())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn gallery_arrows_only_choose_enter_loads_and_keys_work_on_the_menu() {
    let _app = Mounted::new().await;
    choose("gallery", "liu-fig1").await;
    assert!(text("instance-summary").starts_with("3 nodes"));
    let gallery: HtmlSelectElement = el("gallery").dyn_into().unwrap();
    gallery.focus().unwrap();
    // Stepping with the arrow keys changes the choice but not the instance.
    key_on(&gallery, "ArrowDown", false);
    gallery.set_value("lh-fig1");
    fire(&gallery, "change");
    settle().await;
    assert!(text("instance-summary").starts_with("3 nodes"));
    assert!(!el("gallery-load").has_attribute("disabled"));
    // Enter loads the choice.
    key_on(&gallery, "Enter", false);
    settle().await;
    assert!(text("instance-summary").starts_with("12 nodes"));
    assert!(el("gallery-load").has_attribute("disabled"));
    // The Load button does the same.
    key_on(&gallery, "ArrowUp", false);
    gallery.set_value("liu-fig1");
    fire(&gallery, "change");
    settle().await;
    assert!(text("instance-summary").starts_with("12 nodes"));
    click("gallery-load").await;
    assert!(text("instance-summary").starts_with("3 nodes"));
    // Commands work while the menu has the focus.
    key_on(&gallery, "r", false);
    settle().await;
    assert_eq!(count("#results tr.result"), 5);
    key_on(&gallery, "2", false);
    settle().await;
    assert_eq!(
        el("tab-gantt").get_attribute("aria-selected").as_deref(),
        Some("true")
    );
}

#[wasm_bindgen_test]
async fn help_keeps_tab_inside_and_gives_the_focus_back() {
    let _app = Mounted::new().await;
    let button: HtmlElement = el("help-button").dyn_into().unwrap();
    button.focus().unwrap();
    button.click();
    settle().await;
    assert_eq!(count("#help"), 1);
    assert_eq!(active_id(), "help-close");
    // Tab and Shift+Tab stay in the dialog.
    key_on(&el("help-close"), "Tab", false);
    assert_eq!(active_id(), "help-close");
    key_on(&el("help-close"), "Tab", true);
    assert_eq!(active_id(), "help-close");
    // Esc closes it and the focus goes back to the button that opened it.
    key_on(&el("help-close"), "Escape", false);
    settle().await;
    assert_eq!(count("#help"), 0);
    assert_eq!(active_id(), "help-button");
}

#[wasm_bindgen_test]
async fn random_generator_says_types_are_at_most_max_cost() {
    let _app = Mounted::new().await;
    type_into("gen-n", "30").await;
    type_into("gen-k", "20").await;
    type_into("gen-max", "9").await;
    fire(&el("gen-random"), "submit");
    settle().await;
    assert!(text("instance-summary").starts_with("30 nodes"));
    assert!(text("gen-random-note").contains("at most 9 types"));
    assert!(text("notice").contains("distinct destination types"));
    // Within the limit: no note.
    type_into("gen-k", "3").await;
    fire(&el("gen-random"), "submit");
    settle().await;
    assert_eq!(count("#gen-random-note"), 0);
}
