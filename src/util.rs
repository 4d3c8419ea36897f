//! Browser helpers: downloads, local storage, the tables' time format.

use hetcast_core::AnyInstance;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};

/// Local-storage key of the instance being edited.
pub const STORAGE_KEY: &str = "hetcast.instance.v1";

/// A time as the tables show it ([`hetcast_core::units::fmt_t`]), "—" for NaN.
pub fn fmt_time(t: f64) -> String {
    if t.is_nan() {
        return "—".into();
    }
    hetcast_core::units::fmt_t(t)
}

/// Offer `text` as a file download named `filename` with MIME type `mime`.
pub fn download(filename: &str, mime: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = BlobPropertyBag::new();
    opts.set_type(mime);
    let blob = Blob::new_with_str_sequence_and_options(&parts, &opts)?;
    download_blob(filename, &blob)
}

/// Offer `blob` as a file download named `filename`.
pub fn download_blob(filename: &str, blob: &Blob) -> Result<(), JsValue> {
    let url = Url::create_object_url_with_blob(blob)?;
    let document = gloo::utils::document();
    let a: HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    a.set_href(&url);
    a.set_download(filename);
    a.set_attribute("style", "display:none")?;
    let body = gloo::utils::body();
    body.append_child(&a)?;
    a.click();
    body.remove_child(&a)?;
    gloo::timers::callback::Timeout::new(10_000, move || {
        let _ = Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The instance saved by an earlier visit (any model, read by its `"model"` tag), if any and
/// if it still reads.
pub fn load_saved() -> Option<AnyInstance> {
    let text = storage()?.get_item(STORAGE_KEY).ok().flatten()?;
    AnyInstance::from_json(&text).ok()
}

/// Save `inst`, as its model's JSON, for the next visit (silently does nothing where storage
/// is unavailable).
pub fn save(inst: &AnyInstance) {
    if let Some(s) = storage() {
        let _ = s.set_item(STORAGE_KEY, &inst.to_json());
    }
}

/// Import the ES module at `url` (relative to the page), started by its loader: the
/// Experiments module, the app with every model; `Err` says why it did not load.
pub async fn import_module(url: &str) -> Result<(), String> {
    let base = gloo::utils::document()
        .base_uri()
        .ok()
        .flatten()
        .unwrap_or_default();
    let url = web_sys::Url::new_with_base(url, &base).map_err(|e| format!("{e:?}"))?;
    let import = js_sys::Function::new_with_args("url", "return import(url)");
    let promise = import
        .call1(&JsValue::NULL, &JsValue::from_str(&url.href()))
        .map_err(|e| format!("{e:?}"))?;
    wasm_bindgen_futures::JsFuture::from(js_sys::Promise::from(promise))
        .await
        .map(drop)
        .map_err(|e| {
            js_sys::Error::from(e)
                .message()
                .as_string()
                .unwrap_or_default()
        })
}
