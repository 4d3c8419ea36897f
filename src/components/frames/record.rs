//! A WebM video of the player: the figure the animated SVG export draws
//! ([`hetcast_core::export::animated::figure`]) painted into a canvas frame after frame, the
//! still drawing under the player's layer ([`super::paint`] of the core's frame at t), while a
//! `MediaRecorder` records the canvas. Time runs as the player runs it at its speed, then the
//! whole schedule rests ([`Timing`]), so the video lasts one round of the animated SVG,
//! recorded in real time.

use std::cell::RefCell;
use std::rc::Rc;

use hetcast_core::export::animated::{figure, Track};
use hetcast_core::layout::svg::{to_svg_with, SvgOptions};
use hetcast_core::playback::Timing;
use js_sys::{Array, Promise};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobEvent, BlobPropertyBag, MediaRecorder, MediaRecorderOptions};

use crate::png;

/// Frames a second of the video.
pub const FPS: f64 = 30.0;

/// The video's type: VP9 where the browser records it, else its WebM default.
fn mime() -> &'static str {
    if MediaRecorder::is_type_supported("video/webm;codecs=vp9") {
        "video/webm;codecs=vp9"
    } else {
        "video/webm"
    }
}

/// Wait `ms` milliseconds.
async fn sleep(ms: f64) -> Result<(), JsValue> {
    let p = Promise::new(&mut |resolve, _| {
        let _ = gloo::utils::window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms.round() as i32);
    });
    JsFuture::from(p).await.map(|_| ())
}

/// An even number of px, at least 2 (video encoders want even sizes).
fn even(x: f64) -> f64 {
    (2.0 * (x / 2.0).round()).max(2.0)
}

/// The WebM video of `tracks` played over [0, `total`] at `speed`, `width` px wide.
pub async fn record(tracks: &[Track], total: f64, speed: f64, width: f64) -> Result<Blob, JsValue> {
    let (scene, moving) = figure(tracks);
    let k = width / scene.width.max(1.0);
    let (w, h) = (even(width), even(scene.height.max(1.0) * k));
    let svg = to_svg_with(
        &scene,
        &SvgOptions {
            inline_styles: false,
            width: Some(width),
        },
    );
    let img = png::svg_image(&svg).await?;
    let (out, octx) = png::canvas(w, h)?;
    let (layer, lctx) = png::canvas(w, h)?;
    let times: Vec<_> = moving.iter().map(|m| m.label_times(&scene)).collect();
    let draw = |t: Option<f64>| -> Result<(), JsValue> {
        octx.set_fill_style_str("#ffffff");
        octx.fill_rect(0.0, 0.0, w, h);
        octx.draw_image_with_html_image_element_and_dw_and_dh(&img, 0.0, 0.0, w, h)?;
        let Some(t) = t else { return Ok(()) };
        for (m, times) in moving.iter().zip(&times) {
            lctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)?;
            lctx.clear_rect(0.0, 0.0, w, h);
            lctx.set_transform(k, 0.0, 0.0, k, 0.0, 0.0)?;
            super::paint(&lctx, (w, h), m, &m.frame(t), times);
            octx.draw_image_with_html_canvas_element(&layer, 0.0, 0.0)?;
        }
        Ok(())
    };
    let timing = Timing::new(total, speed);
    draw(timing.at(0.0))?;
    let stream = out.capture_stream_with_frame_request_rate(FPS)?;
    let opts = MediaRecorderOptions::new();
    opts.set_mime_type(mime());
    let rec = MediaRecorder::new_with_media_stream_and_media_recorder_options(&stream, &opts)?;
    let chunks = Rc::new(RefCell::new(Array::new()));
    let on_data = {
        let chunks = chunks.clone();
        Closure::<dyn FnMut(BlobEvent)>::new(move |e: BlobEvent| {
            if let Some(b) = e.data() {
                chunks.borrow().push(&b);
            }
        })
    };
    rec.set_ondataavailable(Some(on_data.as_ref().unchecked_ref()));
    let stopped = Promise::new(&mut |resolve, _| {
        rec.set_onstop(Some(&resolve));
    });
    rec.start()?;
    let start = js_sys::Date::now();
    loop {
        let secs = (js_sys::Date::now() - start) / 1000.0;
        if secs >= timing.round() {
            break;
        }
        draw(timing.at(secs))?;
        sleep(1000.0 / FPS).await?;
    }
    rec.stop()?;
    JsFuture::from(stopped).await?;
    drop(on_data);
    let opts = BlobPropertyBag::new();
    opts.set_type("video/webm");
    let parts = chunks.borrow();
    Blob::new_with_blob_sequence_and_options(&parts, &opts)
}
