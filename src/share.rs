//! Share links: the whole [`Scenario`] in the URL's fragment, `#s=` followed by its JSON,
//! zlib-compressed (RFC 1950, with its Adler-32 check: in the browser by its own
//! `CompressionStream("deflate")`, natively by `miniz_oxide` at level 9, [`pack`]) and written
//! in URL-safe base64 without padding (RFC 4648 section 5), then the model's own deep-link keys of what it
//! shows (`&exchange=2`: the exchanges walk at exchange 2). A damaged or truncated link does not decode
//! (bad base64, a failed checksum or inflate, JSON that is not a scenario, an invalid instance)
//! and the error says so, as it says a link too large to open ([`LinkError`]); nothing in it
//! panics.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use miniz_oxide::inflate::{decompress_to_vec_zlib_with_limit, TINFLStatus};
use wasm_bindgen::JsValue;

use crate::scenario::{restore, Restored, Scenario};

/// What the fragment of a share link starts with.
pub const HASH_PREFIX: &str = "#s=";
/// The largest scenario a link may inflate to (bytes): a damaged link cannot fill the memory.
pub const MAX_INFLATED: usize = 8 << 20;

/// Why a link does not open.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkError {
    /// Its scenario is more than [`MAX_INFLATED`] bytes as text.
    TooLarge,
    /// It is damaged or cut short, or not a scenario this build reads: why, in a few words.
    Damaged(String),
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkError::TooLarge => write!(
                f,
                "its scenario is more than {} MB as text, the most a link opens",
                MAX_INFLATED >> 20
            ),
            LinkError::Damaged(why) => f.write_str(why),
        }
    }
}

/// The link's payload (after `#s=`) of `sc`, or why the browser cannot compress it.
pub async fn encode(sc: &Scenario) -> Result<String, String> {
    pack(&sc.to_json()).await
}

/// `text` as a link's payload: zlib-compressed, in URL-safe base64 (share links, tour links);
/// `Err` says why the browser cannot compress it. [`unpack`] reads it.
pub async fn pack(text: &str) -> Result<String, String> {
    Ok(URL_SAFE_NO_PAD.encode(zlib(text).await?))
}

/// `text` compressed in the zlib format (RFC 1950) by the browser's
/// `CompressionStream("deflate")`, so that the page's module carries no compressor (only
/// [`unpack`]'s decompressor, which opens a link at once when the page starts): 13 KB
/// of the page's wasm (docs/performance.md, "The app's wasm", step 15). Its error when the
/// browser has no `CompressionStream` (before Chrome 80, Firefox 113, Safari 16.4).
#[cfg(target_arch = "wasm32")]
async fn zlib(text: &str) -> Result<Vec<u8>, String> {
    use wasm_bindgen::JsCast;
    let why = |e: JsValue| {
        e.dyn_ref::<js_sys::Error>()
            .and_then(|e| e.message().as_string())
            .unwrap_or_else(|| format!("{e:?}"))
    };
    let compress = js_sys::Function::new_with_args(
        "text",
        "return new Response(new Blob([text]).stream()\
         .pipeThrough(new CompressionStream('deflate'))).arrayBuffer()",
    );
    let buffer = compress
        .call1(&JsValue::NULL, &JsValue::from_str(text))
        .map_err(why)?;
    let buffer = wasm_bindgen_futures::JsFuture::from(js_sys::Promise::from(buffer))
        .await
        .map_err(why)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// `text` compressed in the zlib format by miniz_oxide at level 9 (natively: tests).
#[cfg(not(target_arch = "wasm32"))]
async fn zlib(text: &str) -> Result<Vec<u8>, String> {
    Ok(miniz_oxide::deflate::compress_to_vec_zlib(
        text.as_bytes(),
        9,
    ))
}

/// The value of a future that is ready when first polled, as [`pack`]'s is natively (tests).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn ready<T>(f: impl std::future::Future<Output = T>) -> T {
    let mut f = std::pin::pin!(f);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    match f.as_mut().poll(&mut cx) {
        std::task::Poll::Ready(value) => value,
        std::task::Poll::Pending => panic!("natively, packing does not wait"),
    }
}

/// The scenario in a link's payload, or why it does not read.
pub fn decode(payload: &str) -> Result<Scenario, LinkError> {
    Scenario::from_json(&unpack(payload)?).map_err(LinkError::Damaged)
}

/// The text of a link's payload ([`pack`]), or why it does not read.
pub fn unpack(payload: &str) -> Result<String, LinkError> {
    // The model's keys after it (`&exchange=2`) are not the payload's: base64 has no `&`.
    let payload = payload.split('&').next().unwrap_or_default();
    let damaged = |why: &str| LinkError::Damaged(why.to_string());
    let bytes = URL_SAFE_NO_PAD
        .decode(payload.trim())
        .map_err(|_| damaged("it is not URL-safe base64: part of it is missing or changed"))?;
    let json = decompress_to_vec_zlib_with_limit(&bytes, MAX_INFLATED).map_err(|e| {
        if e.status == TINFLStatus::HasMoreOutput {
            LinkError::TooLarge
        } else {
            damaged("it does not decompress: part of it is missing or changed")
        }
    })?;
    String::from_utf8(json).map_err(|_| damaged("it is not UTF-8 text"))
}

/// The models and view of a link's payload, made again, or why it does not open. The model's
/// own keys after the payload (`…&exchange=2`, [`crate::models::Screen::open_link_key`]) are
/// opened on the model shown first; what they cannot do is added to the words.
pub fn open(payload: &str) -> Result<Restored, LinkError> {
    let mut r = restore(&decode(payload)?).map_err(LinkError::Damaged)?;
    let keys = payload
        .split_once('&')
        .map(|(_, keys)| crate::deep_link::pairs(keys))
        .unwrap_or_default();
    if let Some(first) = r.models.first_mut() {
        let problems = crate::deep_link::open_model_keys(first, &keys);
        if !problems.is_empty() {
            r.words = format!("{}; ignored: {}", r.words, problems.join("; "));
        }
    }
    Ok(r)
}

/// The payload of a fragment (`location.hash`), when it is a share link's.
pub fn payload_of(hash: &str) -> Option<&str> {
    hash.strip_prefix(HASH_PREFIX)
}

/// The fragment of the page's address, if any.
pub fn location_hash() -> Option<String> {
    web_sys::window()?.location().hash().ok()
}

/// The page's address without its fragment.
pub fn page_address() -> String {
    let Some(loc) = web_sys::window().map(|w| w.location()) else {
        return String::new();
    };
    let href = loc.href().unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_string()
}

/// The share link of `sc` on this page, with the model's own `keys` after its payload
/// (`&exchange=2`, [`crate::deep_link::model_keys_text`]); why there is none in words: the
/// link would not open ([`LinkError::TooLarge`]), or the browser cannot compress it.
pub async fn link(sc: &Scenario, keys: &str) -> Result<String, String> {
    if sc.to_json().len() > MAX_INFLATED {
        return Err(LinkError::TooLarge.to_string());
    }
    let payload = encode(sc)
        .await
        .map_err(|e| format!("this browser cannot compress it ({e})"))?;
    Ok(format!("{}{HASH_PREFIX}{payload}{keys}", page_address()))
}

/// Take the fragment off the address (without reloading or a history entry), so that a reload
/// shows the autosaved work, not the link again.
pub fn clear_hash() {
    let Some(w) = web_sys::window() else {
        return;
    };
    let loc = w.location();
    let path = format!(
        "{}{}",
        loc.pathname().unwrap_or_default(),
        loc.search().unwrap_or_default()
    );
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&path));
    }
}

/// Copy `text` to the clipboard; `Err` when the browser refuses (no permission, no secure
/// context).
pub async fn copy(text: &str) -> Result<(), String> {
    let w = web_sys::window().ok_or("no window")?;
    let clip = w.navigator().clipboard();
    wasm_bindgen_futures::JsFuture::from(clip.write_text(text))
        .await
        .map(|_| ())
        .map_err(|e| format!("{e:?}"))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
