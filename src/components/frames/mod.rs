//! Frames of the drawings on screen. Playback paints on a light layer over the drawing (a
//! `<canvas>`, see [`Layer`]): a veil over the boxes and edges that do not hold the message
//! yet (their arrival times covered), a dot moving along each edge in transit, the Gantt
//! chart's veil after the cursor and the cursor. The drawing itself stays as the scene drew
//! it while time runs: a frame neither lays out nor restyles nor repaints its thousands of
//! elements, and the layer's cost does not grow with what the drawing holds. Every frame is
//! the core's [`Moving::frame`] (from the times in [`Motion`] and the scene's time frame), so
//! going back is exact, and the animated SVG export plays the same frames.
//!
//! The stepper, one step a second, fades what the algorithm has not decided yet and marks
//! what the current step decides with the attribute [`ATTR`] on the drawing's elements (only
//! on those whose state changed); the app stylesheet says what it looks like; Yew never sets
//! it, so its diffing and the frames do not meet.
//!
//! The layer says what it shows in attributes that no stylesheet reads (for tests and
//! assistive tools): `data-at` (the frame's time, none at rest), `data-lit` (the nodes that
//! hold the message), `data-moving` (dots in transit) and `data-colour` (theirs),
//! `data-cursor` (the cursor's x, in scene units).

use std::collections::HashSet;

use hetcast_core::layout::frame::{
    cover_band, Frame, Moving, ARROW, CURSOR_OVERHANG, CURSOR_WIDTH, DOT_R, EDGE_VEIL_WIDTH,
    GANTT_VEIL_OPACITY, GANTT_VEIL_PAST, MOVE_COLOUR, WAITING_DASH, WAITING_LINE, WAITING_OPACITY,
    WAITING_WIDTH,
};
use hetcast_core::layout::{Motion, Scene};
use hetcast_core::trace::{ItemId, Step};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Element};

/// The attribute a step frame sets: `future` (faded), `current` (the step's).
pub const ATTR: &str = "data-pb";

/// What an element of the drawing stands for, read from its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A node box, its lane marker (`node-{v}`, `ready-{v}`).
    Node(usize),
    /// A transfer `u -> v`, of message `k` in many-message models (tree edges `edge-{u}-{v}`,
    /// bars `{kind}-{u}-{v}` or `{kind}-{k}-{u}-{v}`).
    Edge(usize, usize, Option<usize>),
}

/// The [`Key`] of the element with id `id` in a drawing of message `message` (a many-message
/// model's tree), if it stands for a node or a transfer.
pub fn key_of(id: &str, message: Option<usize>) -> Option<Key> {
    let mut parts = id.split('-');
    let kind = parts.next()?;
    let nums: Vec<usize> = parts.map(str::parse).collect::<Result<_, _>>().ok()?;
    match (kind, nums.as_slice()) {
        ("node" | "ready", [v]) => Some(Key::Node(*v)),
        ("edge", [u, v]) => Some(Key::Edge(*u, *v, message)),
        ("lane", _) => None,
        (_, [u, v]) => Some(Key::Edge(*u, *v, None)),
        (_, [k, u, v]) => Some(Key::Edge(*u, *v, Some(*k))),
        _ => None,
    }
}

/// The key a step's highlighted item lights.
fn step_key(i: &ItemId) -> Option<Key> {
    match *i {
        ItemId::Node { node } => Some(Key::Node(node)),
        ItemId::Edge { from, to, message } => Some(Key::Edge(from, to, message)),
        ItemId::Message { .. } => None,
    }
}

/// Set (or remove, `None`) the frame attribute.
fn mark(el: &Element, value: Option<&str>) {
    let _ = match value {
        Some(v) => el.set_attribute(ATTR, v),
        None => el.remove_attribute(ATTR),
    };
}

fn num_attr(el: &Element, name: &str) -> f64 {
    el.get_attribute(name)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

/// Where the time part (after the last `|`) of the label `text` of a node's box runs: its
/// left and right x and its baseline, measured by the browser's own text layout.
fn time_part(text: &Element, rect: (f64, f64, f64, f64)) -> Option<(f64, f64, f64)> {
    let content = text.text_content()?;
    let y = num_attr(text, "y");
    let (x, _, w, _) = rect;
    let Some(bar) = content.rfind('|') else {
        return Some((x + 2.0, x + w - 2.0, y));
    };
    let t = text.dyn_ref::<web_sys::SvgTextContentElement>()?;
    let whole = t.get_computed_text_length() as f64;
    let chars = content[..=bar].chars().count() as u32;
    let before = t.get_sub_string_length(0, chars).ok()? as f64;
    // The label is centred on the box.
    let left = x + w / 2.0 - whole / 2.0 + before;
    Some((left, x + w - 2.0, y))
}

/// White at opacity `a`, for the canvas.
fn white(a: f64) -> String {
    format!("rgba(255, 255, 255, {a})")
}

/// The dashes of a waiting node's frame (scene units).
fn waiting_dash() -> js_sys::Array {
    WAITING_DASH
        .iter()
        .map(|&d| wasm_bindgen::JsValue::from_f64(d))
        .collect()
}

/// Cover the time parts `times` (x0, x1, baseline) of "cost | time" lines on the layer, white.
fn cover_times<'a>(
    ctx: &CanvasRenderingContext2d,
    times: impl Iterator<Item = &'a (f64, f64, f64)>,
) {
    ctx.begin_path();
    for &(x0, x1, y) in times {
        let (top, h) = cover_band(y);
        ctx.rect(x0, top, (x1 - x0).max(0.0), h);
    }
    ctx.set_fill_style_str("#ffffff");
    ctx.fill();
}

/// Paint frame `f` of the drawing whose moving parts are `m` on `ctx`, which is transformed
/// to scene units and holds nothing else (the edges' veil is made translucent over the whole
/// canvas, of `size` px): the veils, the waiting boxes with their times (`times`, in the order
/// of `m.nodes`) covered, the dots, the cursor. The player's layer and the video recorder
/// ([`record`]) paint with it.
pub fn paint(
    ctx: &CanvasRenderingContext2d,
    size: (f64, f64),
    m: &Moving,
    f: &Frame,
    times: &[Option<(f64, f64, f64)>],
) {
    // The veil over the edges not used yet: one shape, opaque, then made translucent at
    // once (where edges cross it is not veiled twice).
    ctx.begin_path();
    for &i in &f.veiled {
        let e = &m.edges[i];
        ctx.move_to(e.from.0, e.from.1);
        ctx.line_to(e.to.0, e.to.1);
    }
    ctx.set_stroke_style_str("#ffffff");
    ctx.set_line_width(EDGE_VEIL_WIDTH);
    ctx.stroke();
    // The arrowheads.
    ctx.begin_path();
    for &i in &f.veiled {
        let (a, b) = m.edges[i].head();
        ctx.move_to(a.0, a.1);
        ctx.line_to(b.0, b.1);
    }
    ctx.set_line_width(ARROW);
    ctx.stroke();
    let _ = ctx.set_global_composite_operation("source-in");
    ctx.set_fill_style_str(&white(m.veil_opacity()));
    ctx.save();
    let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
    ctx.fill_rect(0.0, 0.0, size.0, size.1);
    ctx.restore();
    let _ = ctx.set_global_composite_operation("source-over");
    // A waiting node: lightly veiled, its cost in sight (greedy chooses by it), framed by
    // a dark dashed line that a projector shows; its time appears when it holds the message.
    ctx.begin_path();
    for &i in &f.waiting {
        let (x, y, w, h) = m.nodes[i].rect;
        ctx.rect(x, y, w, h);
    }
    ctx.set_fill_style_str(&white(WAITING_OPACITY));
    ctx.fill();
    let _ = ctx.set_line_dash(&waiting_dash());
    ctx.set_stroke_style_str(WAITING_LINE);
    ctx.set_line_width(WAITING_WIDTH);
    ctx.stroke();
    let _ = ctx.set_line_dash(&js_sys::Array::new());
    cover_times(ctx, f.waiting.iter().filter_map(|&i| times[i].as_ref()));
    // A dot on each edge in transit.
    ctx.begin_path();
    for &(_, (x, y)) in &f.dots {
        ctx.move_to(x + DOT_R, y);
        let _ = ctx.arc(x, y, DOT_R, 0.0, std::f64::consts::TAU);
    }
    ctx.set_fill_style_str(m.colour);
    ctx.fill();
    ctx.set_stroke_style_str("#ffffff");
    ctx.set_line_width(2.0);
    ctx.stroke();
    // The Gantt chart: veiled after the cursor.
    if let (Some(tf), Some(x)) = (&m.time, f.cursor) {
        ctx.set_fill_style_str(&white(GANTT_VEIL_OPACITY));
        ctx.fill_rect(
            x,
            tf.top,
            (tf.right + GANTT_VEIL_PAST - x).max(0.0),
            (tf.bottom - tf.top).max(0.0),
        );
        ctx.begin_path();
        ctx.move_to(x, tf.top - CURSOR_OVERHANG);
        ctx.line_to(x, tf.bottom + CURSOR_OVERHANG);
        ctx.set_stroke_style_str(MOVE_COLOUR);
        ctx.set_line_width(CURSOR_WIDTH);
        ctx.stroke();
    }
}

mod layer;
pub mod record;
use layer::Layer;

/// One drawing on screen and what its frames change.
pub struct Drawing {
    svg: Element,
    layer: Option<Layer>,
    /// What moves in it (the core's, as the animated export reads it).
    moving: Moving,
    /// Where the time part of each box's "cost | time" line runs (x0, x1, baseline), in
    /// the order of `moving.nodes`, measured by the browser.
    times: Vec<Option<(f64, f64, f64)>>,
    /// Every element that stands for a node or a transfer (the stepper's).
    keyed: Vec<(Key, Element)>,
    /// The stepper has marked the drawing.
    marked: bool,
    last_t: Option<Option<f64>>,
}

/// The element with id `id` inside `root` (ids repeat when two drawings are compared).
fn find(root: &Element, id: &str) -> Option<Element> {
    root.query_selector(&format!("[id=\"{id}\"]"))
        .ok()
        .flatten()
}

impl Drawing {
    /// The drawing of `scene` in the `<svg>` with id `svg_id`, its tree's `motion`, of
    /// message `message` (many-message trees).
    pub fn find(
        svg_id: &str,
        scene: &Scene,
        motion: Option<&Motion>,
        message: Option<usize>,
    ) -> Option<Drawing> {
        let doc = gloo::utils::document();
        let svg = doc.get_element_by_id(svg_id)?;
        // The layer over the drawing (see `SceneView`).
        let layer = doc
            .get_element_by_id(&format!("{svg_id}-overlay"))
            .and_then(Layer::new);
        let moving = Moving::new(scene, motion, message);
        // Each box's two lines follow it: its name, then "cost | time".
        let times = moving
            .nodes
            .iter()
            .map(|n| {
                find(&svg, &format!("node-{}", n.v))?
                    .next_element_sibling()?
                    .next_element_sibling()
                    .filter(|t| t.tag_name() == "text")
                    .and_then(|t| time_part(&t, n.rect))
            })
            .collect();
        let mut keyed = Vec::new();
        if let Ok(all) = svg.query_selector_all("[id]") {
            for i in 0..all.length() {
                let Some(el) = all.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                    continue;
                };
                if let Some(k) = key_of(&el.id(), message) {
                    keyed.push((k, el));
                }
            }
        }
        let mut d = Drawing {
            svg,
            layer,
            moving,
            times,
            keyed,
            marked: true,
            last_t: None,
        };
        d.clear();
        Some(d)
    }

    /// Remove every frame mark: the drawing as the scene drew it, the layer empty.
    pub fn clear(&mut self) {
        if self.marked {
            if let Ok(all) = self.svg.query_selector_all(&format!("[{ATTR}]")) {
                for i in 0..all.length() {
                    if let Some(el) = all.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                        mark(&el, None);
                    }
                }
            }
            self.marked = false;
        }
        if let Some(l) = &mut self.layer {
            l.wipe();
            for a in [
                "data-at",
                "data-lit",
                "data-moving",
                "data-colour",
                "data-cursor",
            ] {
                l.say(a, None);
            }
        }
    }

    /// Draw the last time frame again (the drawing was scrolled or resized).
    pub fn redraw(&mut self) {
        if let Some(Some(t)) = self.last_t.take() {
            self.time_frame(Some(t));
        }
    }

    /// The frame of playback time `t` (`None`: at rest, the whole schedule).
    pub fn time_frame(&mut self, t: Option<f64>) {
        if self.last_t == Some(t) {
            return;
        }
        if self.marked || t.is_none() {
            self.clear();
        }
        self.last_t = Some(t);
        let Some(t) = t else {
            return;
        };
        let Some(layer) = &mut self.layer else {
            return;
        };
        layer.wipe();
        layer.place(&self.svg);
        let ctx = &layer.ctx;
        let m = &self.moving;
        let f = m.frame(t);
        let size = (layer.canvas.width() as f64, layer.canvas.height() as f64);
        paint(ctx, size, m, &f, &self.times);
        let lit = (!m.nodes.is_empty()).then(|| {
            f.lit
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        });
        let moving = f.dots.len();
        layer.say("data-at", Some(t.to_string()));
        layer.say("data-lit", lit);
        layer.say("data-moving", Some(moving.to_string()));
        layer.say("data-colour", (moving > 0).then(|| m.colour.to_string()));
        layer.say("data-cursor", f.cursor.map(|x| format!("{x:.1}")));
    }

    /// The frame of the stepper after `done` of `steps`: what no step up to it lit is faded,
    /// what the last of them lights is marked `current`. `done == steps.len()` with no steps
    /// ... draws everything.
    pub fn step_frame(&mut self, steps: &[Step], done: usize) {
        if self.last_t.is_some() {
            self.clear();
            self.last_t = None;
        }
        self.marked = true;
        let mut decided: HashSet<Key> = HashSet::new();
        for s in &steps[..done.min(steps.len())] {
            decided.extend(s.highlight.iter().filter_map(step_key));
        }
        let current: HashSet<Key> = done
            .checked_sub(1)
            .and_then(|i| steps.get(i))
            .map(|s| s.highlight.iter().filter_map(step_key).collect())
            .unwrap_or_default();
        // Before any step, only the sources (nodes no step receives at) are there.
        let receivers: HashSet<usize> = steps
            .iter()
            .flat_map(|s| s.highlight.iter())
            .filter_map(|i| match i {
                ItemId::Edge { to, .. } => Some(*to),
                _ => None,
            })
            .collect();
        for (k, el) in &self.keyed {
            let state = if current.contains(k) {
                Some("current")
            } else if decided.contains(k) || matches!(k, Key::Node(v) if !receivers.contains(v)) {
                None
            } else {
                Some("future")
            };
            mark(el, state);
        }
        // The times of the nodes not decided yet stay covered: the end is not given away.
        if let Some(layer) = &mut self.layer {
            layer.wipe();
            layer.place(&self.svg);
            let reached: HashSet<usize> = decided
                .iter()
                .map(|k| match *k {
                    Key::Node(v) | Key::Edge(_, v, _) => v,
                })
                .collect();
            let undecided = self
                .moving
                .nodes
                .iter()
                .zip(&self.times)
                .filter(|(n, _)| receivers.contains(&n.v) && !reached.contains(&n.v))
                .filter_map(|(_, t)| t.as_ref());
            cover_times(&layer.ctx, undecided);
        }
    }

    /// Mark the boxes (and lanes) of the nodes in `later`: they hold the message later here
    /// than in the schedule compared with.
    pub fn mark_later(&self, later: &HashSet<usize>) {
        for (k, el) in &self.keyed {
            if let Key::Node(v) = k {
                if later.contains(v) && el.tag_name() == "rect" {
                    let _ = el.set_attribute("data-later", "true");
                } else {
                    let _ = el.remove_attribute("data-later");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_as_nodes_and_transfers() {
        assert_eq!(key_of("node-3", None), Some(Key::Node(3)));
        assert_eq!(key_of("ready-7", None), Some(Key::Node(7)));
        assert_eq!(key_of("edge-0-4", Some(2)), Some(Key::Edge(0, 4, Some(2))));
        assert_eq!(key_of("send-0-4", None), Some(Key::Edge(0, 4, None)));
        assert_eq!(key_of("recv-1-0-4", None), Some(Key::Edge(0, 4, Some(1))));
        assert_eq!(key_of("lane-3", None), None);
        assert_eq!(key_of("axis", None), None);
        assert_eq!(key_of("now", None), None);
        assert_eq!(key_of("top-axis", None), None);
    }
}
