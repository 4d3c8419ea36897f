//! The bundled multigraph (Gonzalez, figure 1): processors as boxes on a circle, an arrow from
//! a message's source to each of its destinations, coloured by message, and a thin line (the
//! bundle) joining the arrows of one message near their source, labelled with the message's
//! name.
//!
//! Items: boxes `node-{p}` (class `node`, `node source` for a processor that holds a
//! message at first) with their names (`node-label`); arrows `edge-{from}-{to}-{k}` (class
//! `medge mc{k%8}`); bundle lines `bundle-{k}` (class `bundle mc{k%8}`) and their labels
//! (`bundle-label`); a heading (`title`).
//!
//! **Layout**: when no processor both sends and receives (as in the paper's figure 1), the
//! senders in a row over the receivers; otherwise `n` boxes evenly on a circle whose
//! circumference leaves each box its width and a gap, the first at the top, clockwise. A message's bundle line joins, in angle order, the
//! points at 18 % (34 %, 50 %, 66 % for the source's next messages) of its arrows from the
//! source; its label sits beyond the first of them.
//!
//! **Complexity**: O(n + E) for E arrows.
//!
//! ```
//! use hetcast_core::layout::bundles::{bundle_scene, Bundled};
//! let g = Bundled {
//!     heading: "Three processors".into(),
//!     names: vec!["P1".into(), "P2".into(), "P3".into()],
//!     messages: vec![("a".into(), 0, vec![1, 2])],
//!     ..Bundled::default()
//! };
//! let s = bundle_scene(&g);
//! assert_eq!(s.with_class("medge").count(), 2);
//! assert_eq!(s.with_class("bundle").count(), 1);
//! ```

use super::scene::{Anchor, Item, Scene};
use super::style::{message_class, text_width, title_width, truncate, FONT_LABEL, FONT_SMALL};

const MARGIN: f64 = 24.0;
const BOX_H: f64 = 40.0;
/// Names longer than this are cut (with "…") in the boxes and bundle labels; the box's
/// tooltip has the whole name.
pub const NAME_CHARS: usize = 14;

/// A multigraph with bundles.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Bundled {
    /// The heading.
    pub heading: String,
    /// The processors' names.
    pub names: Vec<String>,
    /// Each message: name, source, destinations.
    pub messages: Vec<(String, usize, Vec<usize>)>,
    /// The colour of each message (index into the `mc` classes); empty: its position.
    pub colours: Vec<usize>,
    /// More classes on each message's arrows (`dummy`, `picked`, `new`); empty: none.
    pub classes: Vec<String>,
    /// More classes on each processor's box; empty: none.
    pub node_classes: Vec<String>,
}

/// Where the boxes go: the scene's size, the boxes' width and each box's centre.
struct Placement {
    width: f64,
    height: f64,
    box_w: f64,
    pos: Vec<(f64, f64)>,
}

/// The scene of `g` (see the module documentation): the boxes placed ([`place`]), then each
/// message's arrows and bundle ([`message_items`]), then the boxes over them
/// ([`node_items`]).
pub fn bundle_scene(g: &Bundled) -> Scene {
    let at = place(g);
    let mut items = Vec::new();
    if !g.heading.is_empty() {
        items.push(Item::Text {
            x: at.width / 2.0,
            y: MARGIN + 20.0,
            text: g.heading.clone(),
            class: "title".into(),
            anchor: Anchor::Middle,
        });
    }
    let n = g.names.len();
    let mut sources = vec![false; n];
    let mut held = vec![0usize; n];
    for (k, (_, src, _)) in g.messages.iter().enumerate() {
        if *src >= n {
            continue;
        }
        sources[*src] = true;
        // The source's j-th message has its bundle line at 18 % + 16 % j of its arrows
        // (cycling), so that two bundles of one source do not lie on each other.
        let frac = 0.18 + 0.16 * (held[*src] % 4) as f64;
        held[*src] += 1;
        message_items(g, &at, k, frac, &mut items);
    }
    node_items(g, &at, &sources, &mut items);
    Scene {
        width: at.width,
        height: at.height,
        title: if g.heading.is_empty() {
            "Multigraph".into()
        } else {
            g.heading.clone()
        },
        items,
        time: None,
    }
}

/// The boxes' width and places: two rows (senders over receivers, as in the paper's figure
/// 1) when no processor both sends and receives; a circle otherwise.
fn place(g: &Bundled) -> Placement {
    let n = g.names.len();
    let box_w = g
        .names
        .iter()
        .map(|s| text_width(&truncate(s, NAME_CHARS), FONT_LABEL) * 1.1 + 16.0)
        .fold(56.0, f64::max);
    let title_h = if g.heading.is_empty() { 0.0 } else { 44.0 };
    let title_w = title_width(&g.heading) + 2.0 * MARGIN;
    let mut sends = vec![false; n];
    let mut gets = vec![false; n];
    for (_, src, dests) in &g.messages {
        if *src < n {
            sends[*src] = true;
        }
        for &q in dests {
            if q < n {
                gets[q] = true;
            }
        }
    }
    if n >= 2 && (0..n).all(|p| !(sends[p] && gets[p])) {
        two_rows(&sends, box_w, title_h, title_w)
    } else {
        let label_w = g
            .messages
            .iter()
            .map(|m| text_width(&truncate(&m.0, NAME_CHARS), FONT_SMALL))
            .fold(0.0, f64::max);
        circle(n, box_w, label_w, title_h, title_w)
    }
}

/// The senders (`sends[p]`) in a row over the others, each row centred.
fn two_rows(sends: &[bool], box_w: f64, title_h: f64, title_w: f64) -> Placement {
    let n = sends.len();
    let top: Vec<usize> = (0..n).filter(|&p| sends[p]).collect();
    let bottom: Vec<usize> = (0..n).filter(|&p| !sends[p]).collect();
    let slot = box_w + 40.0;
    let row_w = top.len().max(bottom.len()) as f64 * slot;
    let width = (row_w + 2.0 * MARGIN).max(title_w);
    let gap = 120.0 + 24.0 * top.len().max(1) as f64;
    let y0 = title_h + MARGIN + BOX_H / 2.0 + 4.0;
    let height = y0 + gap + BOX_H / 2.0 + MARGIN;
    let mut pos = vec![(0.0, 0.0); n];
    for (row, y) in [(&top, y0), (&bottom, y0 + gap)] {
        let start = width / 2.0 - row.len() as f64 * slot / 2.0 + slot / 2.0;
        for (i, &p) in row.iter().enumerate() {
            pos[p] = (start + i as f64 * slot, y);
        }
    }
    Placement {
        width,
        height,
        box_w,
        pos,
    }
}

/// `n` boxes evenly on a circle whose circumference leaves each box its width and a gap,
/// the first at the top, clockwise, with room around it for the bundle labels (`label_w`).
fn circle(n: usize, box_w: f64, label_w: f64, title_h: f64, title_w: f64) -> Placement {
    let circumference = n as f64 * (box_w + 40.0);
    let radius = if n <= 1 {
        0.0
    } else {
        (circumference / std::f64::consts::TAU).max(box_w * 0.8 + 40.0)
    };
    let pad = MARGIN + box_w / 2.0 + label_w + 8.0;
    let width = (2.0 * (radius + pad)).max(title_w);
    let height = title_h + 2.0 * (radius + MARGIN + BOX_H / 2.0 + FONT_SMALL + 8.0);
    let cx = width / 2.0;
    let cy = title_h + (height - title_h) / 2.0;
    let pos = (0..n)
        .map(|p| {
            let a =
                -std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * p as f64 / n.max(1) as f64;
            (cx + radius * a.cos(), cy + radius * a.sin())
        })
        .collect();
    Placement {
        width,
        height,
        box_w,
        pos,
    }
}

/// Where a segment from the centre of box `a` towards `b` leaves the box (4 px out).
fn border(box_w: f64, (ax, ay): (f64, f64), (bx, by): (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (bx - ax, by - ay);
    let t = ((box_w / 2.0 + 4.0) / dx.abs().max(1e-9))
        .min((BOX_H / 2.0 + 4.0) / dy.abs().max(1e-9))
        .min(0.45);
    (ax + dx * t, ay + dy * t)
}

/// Message `k`'s arrows, its bundle line through the points at `frac` of them (in angle
/// order) and its label beyond the first of those points. Its source is a box of `g`.
fn message_items(g: &Bundled, at: &Placement, k: usize, frac: f64, items: &mut Vec<Item>) {
    let (name, src, dests) = &g.messages[k];
    let n = g.names.len();
    let mut cls = message_class(g.colours.get(k).copied().unwrap_or(k));
    if let Some(more) = g.classes.get(k).filter(|c| !c.is_empty()) {
        cls = format!("{cls} {more}");
    }
    let a = at.pos[*src];
    let mut joints: Vec<(f64, f64, f64)> = Vec::new();
    for &q in dests {
        if q >= n || q == *src {
            continue;
        }
        let b = at.pos[q];
        let (x1, y1) = border(at.box_w, a, b);
        let (x2, y2) = border(at.box_w, b, a);
        items.push(Item::Line {
            x1,
            y1,
            x2,
            y2,
            class: format!("medge {cls}"),
            arrow: true,
            id: format!("edge-{src}-{q}-{k}"),
            tip: String::new(),
        });
        let (jx, jy) = (x1 + frac * (x2 - x1), y1 + frac * (y2 - y1));
        joints.push(((jy - a.1).atan2(jx - a.0), jx, jy));
    }
    crate::order::sort_by(&mut joints, |x, y| x.0.total_cmp(&y.0));
    for w in joints.windows(2) {
        items.push(Item::Line {
            x1: w[0].1,
            y1: w[0].2,
            x2: w[1].1,
            y2: w[1].2,
            class: format!("bundle {cls}"),
            arrow: false,
            id: format!("bundle-{k}"),
            tip: String::new(),
        });
    }
    if let Some(&(_, jx, jy)) = joints.first() {
        // Beyond the joint, away from the source, kept inside the drawing.
        let (dx, dy) = (jx - a.0, jy - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (lx, ly) = (jx + 14.0 * dx / len, jy + 14.0 * dy / len + 6.0);
        let name = truncate(name, NAME_CHARS);
        let w = text_width(&name, FONT_SMALL);
        items.push(Item::Text {
            x: lx.clamp(w / 2.0 + 2.0, at.width - w / 2.0 - 2.0),
            y: ly.clamp(FONT_SMALL, at.height - 2.0),
            text: name,
            class: format!("bundle-label {cls}"),
            anchor: Anchor::Middle,
        });
    }
}

/// The processors' boxes (`source` on those in `sources`) and their names.
fn node_items(g: &Bundled, at: &Placement, sources: &[bool], items: &mut Vec<Item>) {
    for (p, name) in g.names.iter().enumerate() {
        let (x, y) = at.pos[p];
        items.push(Item::Rect {
            x: x - at.box_w / 2.0,
            y: y - BOX_H / 2.0,
            w: at.box_w,
            h: BOX_H,
            rx: BOX_H / 2.0,
            class: format!(
                "node{}{}",
                if sources[p] { " source" } else { "" },
                g.node_classes
                    .get(p)
                    .filter(|c| !c.is_empty())
                    .map_or(String::new(), |c| format!(" {c}"))
            ),
            id: format!("node-{p}"),
            tip: name.clone(),
        });
        items.push(Item::Text {
            x,
            y: y + 7.0,
            text: truncate(name, NAME_CHARS),
            class: "node-label".into(),
            anchor: Anchor::Middle,
        });
    }
}
