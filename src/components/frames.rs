//! Frames of the drawings on screen, drawn straight into their SVG: playback lights the boxes
//! that hold the message, moves a dot along each edge in transit and veils the Gantt chart
//! after the cursor; the stepper fades what the algorithm has not decided yet and marks what
//! the current step decides. Nothing is laid out again: a frame only sets the attribute
//! [`ATTR`] (and the dot's and the veil's positions) on elements the scene already drew, and
//! only on the elements whose state changed. The app stylesheet says what the attribute looks
//! like; Yew never sets it, so its diffing and the frames do not meet.

use std::collections::HashSet;

use hetcast_core::layout::{Motion, TimeFrame};
use hetcast_core::trace::{ItemId, Step};
use wasm_bindgen::JsCast;
use web_sys::Element;

/// The attribute a frame sets: `future` (faded), `hidden`, `current` (the step's), `on` (a
/// dot or the veil shown), `later` (comparison: holds the message later than the other side).
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

/// A node box and the two text lines under it (name, then "cost | time").
struct NodeEls {
    holds: f64,
    rect: Element,
    texts: Vec<Element>,
    lit: Option<bool>,
}

/// A tree edge, its dot, and where it runs.
struct EdgeEls {
    start: f64,
    end: f64,
    line: Element,
    dot: Option<Element>,
    from: (f64, f64),
    to: (f64, f64),
    /// 0 not begun, 1 in transit, 2 done; `None` before the first frame.
    state: Option<u8>,
}

/// One drawing on screen and what its frames change.
pub struct Drawing {
    svg: Element,
    layer: Element,
    time: Option<TimeFrame>,
    nodes: Vec<NodeEls>,
    edges: Vec<EdgeEls>,
    /// Every element that stands for a node or a transfer (the stepper's).
    keyed: Vec<(Key, Element)>,
    /// The Gantt veil and cursor, for a timeline.
    veil: Option<(Element, Element)>,
    last_t: Option<Option<f64>>,
}

/// The element with id `id` inside `root` (ids repeat when two drawings are compared).
fn find(root: &Element, id: &str) -> Option<Element> {
    root.query_selector(&format!("[id=\"{id}\"]"))
        .ok()
        .flatten()
}

impl Drawing {
    /// The drawing in the `<svg>` with id `svg_id`: its scene's time frame `time` (a
    /// timeline), its tree's `motion`, of message `message` (many-message trees).
    pub fn find(
        svg_id: &str,
        time: Option<TimeFrame>,
        motion: Option<&Motion>,
        message: Option<usize>,
    ) -> Option<Drawing> {
        let doc = gloo::utils::document();
        let svg = doc.get_element_by_id(svg_id)?;
        // The layer over the drawing with what moves every frame (see `SceneView`).
        let layer = doc
            .get_element_by_id(&format!("{svg_id}-overlay"))
            .unwrap_or_else(|| svg.clone());
        let mut nodes = Vec::new();
        let mut edges = Vec::new();
        if let Some(m) = motion {
            for n in &m.nodes {
                let Some(rect) = find(&svg, &n.id) else {
                    continue;
                };
                let mut texts = Vec::new();
                let mut next = rect.next_element_sibling();
                while let Some(t) = next.filter(|e| e.tag_name() == "text") {
                    next = t.next_element_sibling();
                    texts.push(t);
                    if texts.len() == 2 {
                        break;
                    }
                }
                nodes.push(NodeEls {
                    holds: n.holds,
                    rect,
                    texts,
                    lit: None,
                });
            }
            let dots = layer.query_selector_all("circle.pb-dot").ok();
            for (i, e) in m.edges.iter().enumerate() {
                let Some(line) = find(&svg, &e.id) else {
                    continue;
                };
                let dot = dots
                    .as_ref()
                    .and_then(|d| d.item(i as u32))
                    .and_then(|n| n.dyn_into::<Element>().ok());
                let from = (num_attr(&line, "x1"), num_attr(&line, "y1"));
                let to = (num_attr(&line, "x2"), num_attr(&line, "y2"));
                edges.push(EdgeEls {
                    start: e.start,
                    end: e.end,
                    line,
                    dot,
                    from,
                    to,
                    state: None,
                });
            }
        }
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
        let veil = match (
            layer.query_selector("rect.pb-veil").ok().flatten(),
            layer.query_selector("line.pb-cursor").ok().flatten(),
        ) {
            (Some(v), Some(c)) if time.is_some() => Some((v, c)),
            _ => None,
        };
        let d = Drawing {
            svg,
            layer,
            time,
            nodes,
            edges,
            keyed,
            veil,
            last_t: None,
        };
        d.clear();
        Some(d)
    }

    /// Remove every frame mark: the drawing as the scene drew it.
    pub fn clear(&self) {
        for root in [&self.svg, &self.layer] {
            if let Ok(all) = root.query_selector_all(&format!("[{ATTR}]")) {
                for i in 0..all.length() {
                    if let Some(el) = all.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                        mark(&el, None);
                    }
                }
            }
        }
    }

    /// The frame of playback time `t` (`None`: at rest, the whole schedule).
    pub fn time_frame(&mut self, t: Option<f64>) {
        if self.last_t == Some(t) {
            return;
        }
        self.last_t = Some(t);
        let eps = 1e-9 * t.unwrap_or(0.0).abs().max(1.0);
        for n in &mut self.nodes {
            let lit = t.is_none_or(|t| n.holds <= t + eps);
            if n.lit != Some(lit) {
                n.lit = Some(lit);
                mark(&n.rect, (!lit).then_some("future"));
                for (i, el) in n.texts.iter().enumerate() {
                    // The time it holds the message appears when it does.
                    let off = if i == 1 { "hidden" } else { "future" };
                    mark(el, (!lit).then_some(off));
                }
            }
        }
        for e in &mut self.edges {
            let state = match t {
                None => 2,
                Some(t) if t + eps < e.start => 0,
                Some(t) if t + eps < e.end => 1,
                Some(_) => 2,
            };
            if e.state != Some(state) {
                e.state = Some(state);
                mark(&e.line, (state == 0).then_some("future"));
                if let Some(dot) = &e.dot {
                    mark(dot, (state == 1).then_some("on"));
                }
            }
            if let (1, Some(dot), Some(t)) = (state, &e.dot, t) {
                let f = ((t - e.start) / (e.end - e.start)).clamp(0.0, 1.0);
                let x = e.from.0 + f * (e.to.0 - e.from.0);
                let y = e.from.1 + f * (e.to.1 - e.from.1);
                let _ = dot.set_attribute("cx", &format!("{x:.1}"));
                let _ = dot.set_attribute("cy", &format!("{y:.1}"));
            }
        }
        if let (Some((veil, cursor)), Some(tf)) = (&self.veil, &self.time) {
            match t {
                None => {
                    mark(veil, None);
                    mark(cursor, None);
                }
                Some(t) => {
                    let x = tf.x(t);
                    let set = |el: &Element, k: &str, v: f64| {
                        let _ = el.set_attribute(k, &format!("{v:.1}"));
                    };
                    set(veil, "x", x);
                    set(veil, "y", tf.top);
                    set(veil, "width", (tf.right + 30.0 - x).max(0.0));
                    set(veil, "height", (tf.bottom - tf.top).max(0.0));
                    set(cursor, "x1", x);
                    set(cursor, "x2", x);
                    set(cursor, "y1", tf.top - 6.0);
                    set(cursor, "y2", tf.bottom + 6.0);
                    mark(veil, Some("on"));
                    mark(cursor, Some("on"));
                }
            }
        }
    }

    /// The frame of the stepper after `done` of `steps`: what no step up to it lit is faded,
    /// what the last of them lights is marked `current`. `done == steps.len()` with no steps
    /// ... draws everything.
    pub fn step_frame(&mut self, steps: &[Step], done: usize) {
        self.last_t = None;
        for n in &mut self.nodes {
            n.lit = None;
        }
        for e in &mut self.edges {
            e.state = None;
        }
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
        for e in &self.edges {
            if let Some(dot) = &e.dot {
                mark(dot, None);
            }
        }
        if let Some((veil, cursor)) = &self.veil {
            mark(veil, None);
            mark(cursor, None);
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
