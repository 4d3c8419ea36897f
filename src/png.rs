//! PNG of the current view, for slides: the view's SVG drawn into a canvas at twice its size
//! (an `Image` of a Blob URL), white behind, saved with `canvas.toBlob`.

use js_sys::{Array, Promise};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, BlobPropertyBag, CanvasRenderingContext2d, HtmlCanvasElement, HtmlImageElement, Url,
};

/// How many pixels of the PNG per CSS pixel of the drawing.
pub const SCALE: f64 = 2.0;

/// The SVG document `svg` as a loaded image (an `Image` of a Blob URL), to draw into a
/// canvas.
pub async fn svg_image(svg: &str) -> Result<HtmlImageElement, JsValue> {
    let opts = BlobPropertyBag::new();
    opts.set_type("image/svg+xml");
    let parts = Array::of1(&JsValue::from_str(svg));
    let blob = Blob::new_with_str_sequence_and_options(&parts, &opts)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let img = HtmlImageElement::new()?;
    let loaded = Promise::new(&mut |resolve, reject| {
        let ok = Closure::once_into_js(move || resolve.call0(&JsValue::NULL));
        let bad = Closure::once_into_js(move || {
            reject.call1(
                &JsValue::NULL,
                &JsValue::from_str("the drawing did not load as an image"),
            )
        });
        img.set_onload(Some(ok.unchecked_ref()));
        img.set_onerror(Some(bad.unchecked_ref()));
    });
    img.set_src(&url);
    let waited = JsFuture::from(loaded).await;
    let _ = Url::revoke_object_url(&url);
    waited?;
    Ok(img)
}

/// A new canvas of `w` x `h` px and its 2D context.
pub fn canvas(w: f64, h: f64) -> Result<(HtmlCanvasElement, CanvasRenderingContext2d), JsValue> {
    let canvas: HtmlCanvasElement = gloo::utils::document()
        .create_element("canvas")?
        .dyn_into()?;
    canvas.set_width(w as u32);
    canvas.set_height(h as u32);
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or_else(|| JsValue::from_str("no 2D canvas"))?
        .dyn_into()?;
    Ok((canvas, ctx))
}

/// The PNG of `svg` (a drawing of `width` x `height` CSS px) at [`SCALE`].
pub async fn svg_to_png(svg: &str, width: f64, height: f64) -> Result<Blob, JsValue> {
    let img = svg_image(svg).await?;
    let (w, h) = ((width * SCALE).ceil(), (height * SCALE).ceil());
    let (canvas, ctx) = canvas(w, h)?;
    ctx.set_fill_style_str("#ffffff");
    ctx.fill_rect(0.0, 0.0, w, h);
    ctx.draw_image_with_html_image_element_and_dw_and_dh(&img, 0.0, 0.0, w, h)?;
    let done = Promise::new(&mut |resolve, reject| {
        let reject2 = reject.clone();
        let cb = Closure::once_into_js(move |b: JsValue| {
            if b.is_null() {
                let _ = reject.call1(&JsValue::NULL, &JsValue::from_str("the canvas made no PNG"));
            } else {
                let _ = resolve.call1(&JsValue::NULL, &b);
            }
        });
        if let Err(e) = canvas.to_blob_with_type(cb.unchecked_ref(), "image/png") {
            let _ = reject2.call1(&JsValue::NULL, &e);
        }
    });
    Ok(JsFuture::from(done).await?.unchecked_into())
}
