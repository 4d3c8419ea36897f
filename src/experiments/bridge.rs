//! How the page and the Experiments module talk. The Experiments page is a WebAssembly module
//! of its own (the `hetcast-experiments` binary, [`super::module`]), loaded the first time the
//! page is opened ([`super::host`]), so that the app's main module does not carry it. The two
//! modules share no memory: they send each other events on the window whose `detail` is text.

use gloo::events::EventListener;
use serde::{Deserialize, Serialize};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CustomEvent, CustomEventInit};

/// The module's loader, relative to the page (Trunk's `data-loader-shim` with
/// `data-bindgen-target="web"`: it imports the module's script and starts it).
pub const LOADER_URL: &str = "./hetcast-experiments_loader.js";

/// Page to module: whether the Experiments page is on screen (detail `"true"` or `"false"`).
pub const OPEN_EVENT: &str = "hetcast-experiments-open";

/// Page to module, once the module's loader is imported: say [`ToPage::Ready`] again. A module
/// that the page's module loaded before the app with every model took over
/// ([`crate::handover`]) is already mounted: importing it again does not start it again.
pub const HELLO_EVENT: &str = "hetcast-experiments-hello";

/// Module to page: a [`ToPage`] as JSON.
pub const TO_PAGE_EVENT: &str = "hetcast-experiments-to-page";

/// What the Experiments module asks of the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToPage {
    /// The module is mounted and listens for [`OPEN_EVENT`].
    Ready,
    /// Back to the editor.
    Close,
    /// Load an instance into the editor (an explorer's worst instance) and go back to it.
    Load {
        /// The instance's file ([`hetcast_core::AnyInstance::to_json`]).
        instance: String,
        /// Where it came from, said in the notice.
        origin: String,
    },
    /// Say an error in the page's notice.
    Error(String),
}

/// Fire event `name` on the window with `detail`.
pub fn send(name: &str, detail: &str) {
    let init = CustomEventInit::new();
    init.set_detail(&JsValue::from_str(detail));
    if let Ok(e) = CustomEvent::new_with_event_init_dict(name, &init) {
        let _ = gloo::utils::window().dispatch_event(&e);
    }
}

/// Send `message` to the page.
pub fn send_to_page(message: &ToPage) {
    if let Ok(text) = serde_json::to_string(message) {
        send(TO_PAGE_EVENT, &text);
    }
}

/// Call `f` with the detail of every event `name` on the window, while the listener lives.
pub fn listen(name: &'static str, mut f: impl FnMut(String) + 'static) -> EventListener {
    EventListener::new(&gloo::utils::window(), name, move |e| {
        if let Some(text) = e
            .dyn_ref::<CustomEvent>()
            .and_then(|e| e.detail().as_string())
        {
            f(text);
        }
    })
}
