//! The light layer over a drawing that the frames paint on: a `<canvas>` placed over the part
//! of the drawing in sight, in scene units.

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement};

/// Where the layer is and how scene units map to its pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Place {
    /// Its offset from the drawing's top-left corner and its size, in CSS px.
    left: f64,
    top: f64,
    w: f64,
    h: f64,
    /// Device pixels per CSS px.
    dpr: f64,
    /// CSS px per scene unit, and the drawing's origin in the layer (CSS px).
    scale: f64,
    ox: f64,
    oy: f64,
}

/// The light layer over a drawing: a canvas that covers the part of the drawing in sight
/// (all of it when fitted; what its scroll box shows at 100% or zoomed), placed and sized
/// again only when that part changes.
pub(super) struct Layer {
    pub(super) canvas: HtmlCanvasElement,
    pub(super) ctx: CanvasRenderingContext2d,
    place: Option<Place>,
    /// The attributes last written (written again only when they change).
    said: Vec<(&'static str, Option<String>)>,
}

impl Layer {
    pub(super) fn new(el: Element) -> Option<Layer> {
        let canvas: HtmlCanvasElement = el.dyn_into().ok()?;
        let ctx = canvas.get_context("2d").ok()??.dyn_into().ok()?;
        Some(Layer {
            canvas,
            ctx,
            place: None,
            said: Vec::new(),
        })
    }

    /// Place the layer over the part of `svg` in sight; false when none is (the layer is
    /// then empty, 0 x 0).
    pub(super) fn place(&mut self, svg: &Element) -> bool {
        let r = svg.get_bounding_client_rect();
        let (mut x0, mut y0, mut x1, mut y1) = (r.left(), r.top(), r.right(), r.bottom());
        // The scroll box the drawing sits in (its `.scene-wrap`), without its scroll bars.
        if let Some(wrap) = svg.closest(".scene-wrap").ok().flatten() {
            let b = wrap.get_bounding_client_rect();
            let (l, t) = (
                b.left() + wrap.client_left() as f64,
                b.top() + wrap.client_top() as f64,
            );
            x0 = x0.max(l);
            y0 = y0.max(t);
            x1 = x1.min(l + wrap.client_width() as f64);
            y1 = y1.min(t + wrap.client_height() as f64);
        }
        let (w, h) = ((x1 - x0).max(0.0), (y1 - y0).max(0.0));
        if w < 1.0 || h < 1.0 || r.width() < 1.0 {
            // Nothing in sight: an empty layer (a frame still says what it shows).
            self.canvas.set_width(0);
            self.canvas.set_height(0);
            self.place = None;
            return false;
        }
        // The viewBox, fitted into the box of the `<svg>` (preserveAspectRatio: centred, meet).
        let vb: Vec<f64> = svg
            .get_attribute("viewBox")
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|v| v.parse().ok())
            .collect();
        let (vw, vh) = match vb[..] {
            [_, _, w, h] if w > 0.0 && h > 0.0 => (w, h),
            _ => (r.width(), r.height()),
        };
        let scale = (r.width() / vw).min(r.height() / vh);
        let p = Place {
            left: x0 - r.left(),
            top: y0 - r.top(),
            w,
            h,
            dpr: gloo::utils::window().device_pixel_ratio().max(1.0),
            scale,
            ox: (r.width() - vw * scale) / 2.0 - (x0 - r.left()),
            oy: (r.height() - vh * scale) / 2.0 - (y0 - r.top()),
        };
        if self.place != Some(p) {
            let same_size = self
                .place
                .is_some_and(|q| (q.w, q.h, q.dpr) == (p.w, p.h, p.dpr));
            let _ = self.canvas.set_attribute(
                "style",
                &format!(
                    "transform:translate({:.2}px,{:.2}px);width:{:.2}px;height:{:.2}px",
                    p.left, p.top, p.w, p.h
                ),
            );
            if !same_size {
                self.canvas.set_width((p.w * p.dpr).round() as u32);
                self.canvas.set_height((p.h * p.dpr).round() as u32);
            }
            self.place = Some(p);
        }
        // Scene units to device pixels.
        let k = p.scale * p.dpr;
        let _ = self
            .ctx
            .set_transform(k, 0.0, 0.0, k, p.ox * p.dpr, p.oy * p.dpr);
        true
    }

    /// Wipe the layer.
    pub(super) fn wipe(&self) {
        let _ = self.ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        self.ctx.clear_rect(
            0.0,
            0.0,
            self.canvas.width() as f64,
            self.canvas.height() as f64,
        );
    }

    /// Write attribute `name` (remove it: `None`), when it changed.
    pub(super) fn say(&mut self, name: &'static str, value: Option<String>) {
        match self.said.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) if *v == value => return,
            Some((_, v)) => *v = value.clone(),
            None => self.said.push((name, value.clone())),
        }
        let _ = match value {
            Some(v) => self.canvas.set_attribute(name, &v),
            None => self.canvas.remove_attribute(name),
        };
    }
}
