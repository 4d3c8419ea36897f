//! Share links: the whole [`Scenario`] in the URL's fragment, `#s=` followed by its JSON,
//! zlib-compressed (RFC 1950, with its Adler-32 check: in the browser by its own
//! `CompressionStream("deflate")` and read by its `DecompressionStream`, natively by
//! `miniz_oxide` at level 9, [`pack`], [`inflate_address`]) and written
//! in URL-safe base64 without padding (RFC 4648 section 5), then the model's own deep-link keys of what it
//! shows (`&exchange=2`: the exchanges walk at exchange 2). A damaged or truncated link does not decode
//! (bad base64, a failed checksum or inflate, JSON that is not a scenario, an invalid instance)
//! and the error says so, as it says a link too large to open ([`LinkError`]); nothing in it
//! panics.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
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
/// `CompressionStream("deflate")`, so that the page's module carries no compressor: 13 KB
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

/// The text of a link's payload ([`pack`]), or why it does not read. In the page, the payload
/// must be in the address when [`inflate_address`] last ran (which every reader of the address
/// awaits first); natively it is inflated here.
pub fn unpack(payload: &str) -> Result<String, LinkError> {
    // The model's keys after it (`&exchange=2`) are not the payload's: base64 has no `&`.
    let payload = payload.split('&').next().unwrap_or_default();
    let bytes = URL_SAFE_NO_PAD.decode(payload.trim()).map_err(|_| {
        LinkError::Damaged(
            "it is not URL-safe base64: part of it is missing or changed".to_string(),
        )
    })?;
    let json = inflated(payload, &bytes)?;
    String::from_utf8(json).map_err(|_| LinkError::Damaged("it is not UTF-8 text".to_string()))
}

/// Why a payload does not decompress.
fn not_inflated() -> LinkError {
    LinkError::Damaged("it does not decompress: part of it is missing or changed".to_string())
}

/// `bytes` (the base64 of `payload`) decompressed, natively: miniz_oxide's zlib reader, at
/// most [`MAX_INFLATED`] bytes.
#[cfg(not(target_arch = "wasm32"))]
fn inflated(_payload: &str, bytes: &[u8]) -> Result<Vec<u8>, LinkError> {
    use miniz_oxide::inflate::{decompress_to_vec_zlib_with_limit, TINFLStatus};
    decompress_to_vec_zlib_with_limit(bytes, MAX_INFLATED).map_err(|e| {
        if e.status == TINFLStatus::HasMoreOutput {
            LinkError::TooLarge
        } else {
            not_inflated()
        }
    })
}

/// A payload of the address with its decompressed bytes, or why it does not decompress.
#[cfg(target_arch = "wasm32")]
type Inflated = (String, Result<Vec<u8>, LinkError>);

#[cfg(target_arch = "wasm32")]
thread_local! {
    /// The payloads of the address as [`inflate_address`] last found them.
    static INFLATED: std::cell::RefCell<Vec<Inflated>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `payload`'s bytes decompressed in the page: [`inflate_address`] has done it.
#[cfg(target_arch = "wasm32")]
fn inflated(payload: &str, _bytes: &[u8]) -> Result<Vec<u8>, LinkError> {
    INFLATED.with_borrow(|found| {
        found
            .iter()
            .find(|(p, _)| p == payload)
            .map(|(_, bytes)| bytes.clone())
            .unwrap_or_else(|| {
                Err(LinkError::Damaged(
                    "it was not decompressed when the page read its address".to_string(),
                ))
            })
    })
}

/// The payloads that `hash` holds: a share link's (`s=`, also embedded) and a tour's
/// (`tour=~`).
pub fn payloads(hash: &str) -> Vec<&str> {
    hash.trim_start_matches('#')
        .split('&')
        .filter_map(|part| part.strip_prefix("s=").or(part.strip_prefix("tour=~")))
        .collect()
}

/// Decompress the payloads of the page's address (a share link's, a tour's) with the
/// browser's `DecompressionStream("deflate")`, at most [`MAX_INFLATED`] bytes each, for
/// [`unpack`], so that the page's module carries no decompressor (docs/performance.md, "The
/// app's wasm", step 16). The app is mounted, and a link followed in an open tab is opened,
/// once this is done: a few milliseconds for a link, nothing without one. A browser without
/// `DecompressionStream` (before Chrome 80, Firefox 113, Safari 16.4) finds every link damaged.
#[cfg(target_arch = "wasm32")]
pub async fn inflate_address() {
    let hash = location_hash().unwrap_or_default();
    let mut found = Vec::new();
    for payload in payloads(&hash) {
        let Ok(bytes) = URL_SAFE_NO_PAD.decode(payload.trim()) else {
            continue; // unpack says why
        };
        found.push((payload.to_string(), inflate(&bytes).await));
    }
    INFLATED.set(found);
}

/// Natively there is nothing to do before [`unpack`].
#[cfg(not(target_arch = "wasm32"))]
pub async fn inflate_address() {}

/// `bytes` decompressed by the browser, at most [`MAX_INFLATED`] of them.
#[cfg(target_arch = "wasm32")]
async fn inflate(bytes: &[u8]) -> Result<Vec<u8>, LinkError> {
    let read = js_sys::Function::new_with_args(
        "bytes, limit",
        "const reader = new Blob([bytes]).stream()\
           .pipeThrough(new DecompressionStream('deflate')).getReader();\
         const parts = [];\
         let size = 0;\
         const more = ({ done, value }) => {\
           if (done) {\
             const all = new Uint8Array(size);\
             let at = 0;\
             for (const part of parts) { all.set(part, at); at += part.length; }\
             return all;\
           }\
           size += value.length;\
           if (size > limit) { reader.cancel(); return null; }\
           parts.push(value);\
           return reader.read().then(more);\
         };\
         return reader.read().then(more);",
    );
    let array = js_sys::Uint8Array::from(bytes);
    let promise = read
        .call2(
            &JsValue::NULL,
            &array,
            &JsValue::from_f64(MAX_INFLATED as f64),
        )
        .map_err(|_| not_inflated())?;
    match wasm_bindgen_futures::JsFuture::from(js_sys::Promise::from(promise)).await {
        Ok(out) if out.is_null() => Err(LinkError::TooLarge),
        Ok(out) => Ok(js_sys::Uint8Array::new(&out).to_vec()),
        Err(_) => Err(not_inflated()),
    }
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
