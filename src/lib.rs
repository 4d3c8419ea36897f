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
        mount_on_body();
    });
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
            yew::Renderer::<App>::with_root_and_props(root, props).render();
        }
        _ => {
            yew::Renderer::<App>::with_props(props).render();
        }
    }
}
