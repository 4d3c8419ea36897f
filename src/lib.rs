//! hetcast in the browser: a Yew app over `hetcast-core`.
//!
//! The app is a library so that browser tests can mount it on an element of their own
//! ([`mount`]); the `hetcast-app` binary (what Trunk builds) calls [`start`].
//!
//! - [`state`]: the [`Reducible`](yew::Reducible) state; its root reducer routes each
//!   [`Action`](state::Action) to the UI, the undo history or the model on screen;
//! - [`models`]: one folder per model: its drafts, reducer, editor, generators, results, views;
//! - [`components`]: model-independent components (top bar, results table, help, fields, ...);
//! - [`views`]: the view panel (a tab per view of the model) and how drawings fit it;
//! - [`experiments`]: the Experiments page (the papers' experiments and the explorer, in web
//!   workers).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod app;
pub mod components;
pub mod deep_link;
pub mod embed;
pub mod experiments;
pub mod exports;
pub mod handover;
pub mod keys;
pub mod models;
pub mod offline;
pub mod plan_import;
pub mod png;
pub mod saved;
pub mod scenario;
pub mod share;
pub mod state;
pub mod tours;
pub mod util;
pub mod views;

pub use app::App;

/// Mount the app as the last child of `root`; the handle can destroy it again. A link in the
/// address is read only once [`share::inflate_address`] has decompressed it.
pub fn mount(root: web_sys::Element) -> yew::AppHandle<App> {
    yew::Renderer::<App>::with_root(root).render()
}

/// Mount the app on the page (the binary's entry point), its panels opened as the window's
/// size asks.
///
/// The app has an element of its own in the body (`#app-root`, laid out as if the app were the
/// body's child: `display: contents`), beside the Experiments page's module
/// ([`experiments::module`]): each Yew app handles the events under its own root, and the two
/// modules' Yew would both take an event in the other's elements for theirs if one root held
/// the other.
pub fn start() {
    // A link's payload in the address is decompressed by the browser first (share::unpack).
    wasm_bindgen_futures::spawn_local(async {
        share::inflate_address().await;
        // The page's module: what the app starts with may be a model it leaves out; then the
        // app with every model opens the address itself, as it was (crate::handover).
        #[cfg(not(feature = "all-models"))]
        {
            let address = gloo::utils::window().location().href().ok();
            let state = saved::startup();
            if state.model.loads_elsewhere() {
                if let (Some(address), Ok(history)) = (address, gloo::utils::window().history()) {
                    let _ = history.replace_state_with_url(
                        &wasm_bindgen::JsValue::NULL,
                        "",
                        Some(&address),
                    );
                }
                handover::load_full().await;
                return;
            }
            STARTUP.with(|s| *s.borrow_mut() = Some(state));
        }
        mount_on_body();
    });
}

thread_local! {
    /// The app mounted by [`start`], until [`unmount`].
    static MOUNTED: std::cell::RefCell<Option<yew::AppHandle<App>>> =
        const { std::cell::RefCell::new(None) };
    /// The state [`start`] made, until the app takes it ([`startup_state`]).
    static STARTUP: std::cell::RefCell<Option<state::AppState>> =
        const { std::cell::RefCell::new(None) };
}

/// The state the app starts with: the one [`start`] made, else [`saved::startup`]'s.
pub fn startup_state() -> state::AppState {
    STARTUP
        .with(|s| s.borrow_mut().take())
        .unwrap_or_else(saved::startup)
}

/// Unmount the app that [`start`] mounted and take its element off the page (the app with
/// every model takes over: [`handover`]).
pub fn unmount() {
    if let Some(app) = MOUNTED.with(|m| m.borrow_mut().take()) {
        app.destroy();
    }
    if let Some(root) = gloo::utils::document().get_element_by_id("app-root") {
        root.remove();
    }
}

/// Mount the app in `#app-root` (see [`start`]).
fn mount_on_body() {
    let props = app::AppProps {
        window_defaults: true,
    };
    let document = gloo::utils::document();
    match document.create_element("div") {
        Ok(root) if gloo::utils::body().append_child(&root).is_ok() => {
            root.set_id("app-root");
            let app = yew::Renderer::<App>::with_root_and_props(root, props).render();
            MOUNTED.with(|m| *m.borrow_mut() = Some(app));
        }
        _ => {
            let app = yew::Renderer::<App>::with_props(props).render();
            MOUNTED.with(|m| *m.borrow_mut() = Some(app));
        }
    }
}
