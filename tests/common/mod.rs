//! The shared harness of the browser tests: the app mounted on a fresh element, and small
//! helpers that drive it with real DOM events and read what the page shows.
#![allow(dead_code)]

use gloo::timers::future::TimeoutFuture;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement, HtmlSelectElement};

/// The app mounted on a fresh element; unmounted (and the saved work cleared) on drop.
pub struct Mounted {
    root: Element,
    handle: Option<yew::AppHandle<hetcast_app::App>>,
}

impl Mounted {
    /// Mount with nothing saved.
    pub async fn new() -> Mounted {
        hetcast_app::saved::clear_all();
        Mounted::keep().await
    }

    /// Mount over what is saved (a reload).
    pub async fn keep() -> Mounted {
        // No worker script is served here: the web workers' jobs (the one-source optimum, the
        // many-source and multimessage runs) are answered on the page by the worker's own code.
        hetcast_app::experiments::pool::answer_on_the_page(hetcast_worker::run);
        let doc = gloo::utils::document();
        // The app's stylesheet, as the page has it (the panels' sizes depend on it).
        if doc.get_element_by_id("app-style").is_none() {
            let style = doc.create_element("style").unwrap();
            style.set_id("app-style");
            style.set_text_content(Some(include_str!("../../static/style.css")));
            doc.head().unwrap().append_child(&style).unwrap();
        }
        // The page of a failed test: out of the way.
        let old = doc.query_selector_all(".test-root").unwrap();
        for i in 0..old.length() {
            if let Some(e) = old.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                e.remove();
            }
        }
        let root = doc.create_element("div").unwrap();
        root.set_class_name("test-root");
        doc.body().unwrap().append_child(&root).unwrap();
        // A link in the address is decompressed by the browser first, as the page does.
        hetcast_app::share::inflate_address().await;
        let handle = hetcast_app::mount(root.clone());
        settle().await;
        Mounted {
            root,
            handle: Some(handle),
        }
    }

    /// Unmount, keeping what is saved, as a reload does: the page is hidden first (the app
    /// saves its last change then: the autosave otherwise waits for a pause).
    pub async fn close(mut self) {
        let hide = Event::new("pagehide").unwrap();
        gloo::utils::window().dispatch_event(&hide).unwrap();
        if let Some(h) = self.handle.take() {
            h.destroy();
        }
        self.root.remove();
        std::mem::forget(self);
        settle().await;
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        if let Some(h) = self.handle.take() {
            h.destroy();
        }
        self.root.remove();
        hetcast_app::saved::clear_all();
    }
}

pub async fn settle() {
    TimeoutFuture::new(40).await;
}

/// Wait until no run of the page's model is still in a web worker (no `tr.running` row), at
/// most 10 s (here the worker's code answers on the page: [`Mounted::keep`]).
pub async fn workers_answered() {
    for _ in 0..250 {
        if count("#results tr.running") == 0 {
            return;
        }
        settle().await;
    }
    panic!("a run in a web worker did not end within 10 s");
}

pub fn el(id: &str) -> Element {
    gloo::utils::document()
        .get_element_by_id(id)
        .unwrap_or_else(|| panic!("no element #{id}"))
}

pub fn text(id: &str) -> String {
    el(id).text_content().unwrap_or_default().trim().to_string()
}

/// The text of the notice line (without its dismiss button).
pub fn notice() -> String {
    el("notice")
        .first_element_child()
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

pub fn exists(id: &str) -> bool {
    gloo::utils::document().get_element_by_id(id).is_some()
}

pub async fn click(id: &str) {
    el(id).dyn_into::<HtmlElement>().unwrap().click();
    settle().await;
}

pub fn fire(target: &Element, kind: &str) {
    let init = EventInit::new();
    init.set_bubbles(true);
    let e = Event::new_with_event_init_dict(kind, &init).unwrap();
    target.dispatch_event(&e).unwrap();
}

pub async fn choose(id: &str, value: &str) {
    let sel: HtmlSelectElement = el(id).dyn_into().unwrap();
    sel.set_value(value);
    fire(&sel, "change");
    settle().await;
}

pub fn count(selector: &str) -> u32 {
    gloo::utils::document()
        .query_selector_all(selector)
        .unwrap()
        .length()
}

pub async fn type_into(id: &str, value: &str) {
    let input: HtmlInputElement = el(id).dyn_into().unwrap();
    input.set_value(value);
    fire(&input, "input");
    settle().await;
}

pub async fn key(k: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(k);
    init.set_bubbles(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    gloo::utils::body().dispatch_event(&e).unwrap();
    settle().await;
}
