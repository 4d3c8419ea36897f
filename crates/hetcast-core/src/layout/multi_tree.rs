//! The tree one message followed in a many-source schedule (paper 001) as a [`Scene`]: the
//! message's source at the top, each node's children left to right in the order it sent them
//! the message, drawn in the message's colour (class `mc{k % 8}`).
//!
//! Each box (`node-{v}`, class `mnode`, with `source` for the root and `last` for the
//! destinations that get the message last) shows the node and its class ("P3 · fast") and the
//! time it holds the message ("t = 14 µs"; "source" for the root). Edges (`edge-{u}-{v}`,
//! class `medge`) are arrows from sender to receiver. A key line under the tree (class
//! `legend`) names the message. The layout is the tidy tree of [`super::tree`]: boxes of one
//! width, subtrees pushed apart until they clear each other at every depth, parents centred
//! over their children.
//!
//! **Complexity**: O(n h) for the n nodes of the message and tree height h.
//!
//! ```
//! use hetcast_core::multi::{gallery, simulate_multi};
//! use hetcast_core::algo::multi::MultiAlgorithm;
//! use hetcast_core::layout::multi_tree::{multi_tree_scene, MultiTreeOptions};
//! let inst = gallery::wrp_beats_wr();
//! let s = simulate_multi(&inst, &MultiAlgorithm::Wrp.run(&inst).unwrap()).unwrap();
//! let scene = multi_tree_scene(&inst, &s, 3, &MultiTreeOptions::default());
//! // m3 goes from P3 to 5 destinations: 6 boxes, 5 edges.
//! assert_eq!(scene.with_class("mnode").count(), 6);
//! assert_eq!(scene.with_class("medge").count(), 5);
//! ```

use super::multi_gantt::{fmt_us, message_summary, schedule_fits};
use super::scene::{Anchor, Item, Scene};
use super::style::{message_class, text_width, truncate, FONT_LABEL, FONT_SMALL, FONT_TITLE};
use super::tree::{message_scene, BOX_H, GAP, NAME_CHARS, ROW};
use crate::multi::{MultiInstance, MultiSchedule};

const MARGIN: f64 = 20.0;
const KEY_H: f64 = FONT_SMALL + 16.0;

/// Options of [`multi_tree_scene`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MultiTreeOptions {
    /// Visible heading (none when empty). The scene's title is this, or
    /// "Tree of m2, done at …" when empty.
    pub title: String,
}

/// The name line of node `v`'s box: "P3 · fast" (class name cut to fit).
pub fn box_name(inst: &MultiInstance, v: usize) -> String {
    let class = inst
        .class_of(v)
        .map(|c| truncate(&inst.classes[c].name, NAME_CHARS.saturating_sub(5)))
        .unwrap_or_default();
    if class.is_empty() {
        inst.label(v)
    } else {
        format!("{} · {class}", inst.label(v))
    }
}

/// The tree message `k` followed in `s` (see the module documentation). A `k` that is not a
/// message, or a schedule that does not fit the instance, gives a scene with a message only.
pub fn multi_tree_scene(
    inst: &MultiInstance,
    s: &MultiSchedule,
    k: usize,
    opts: &MultiTreeOptions,
) -> Scene {
    if !schedule_fits(inst, s) || k >= inst.messages.len() {
        let title = if opts.title.is_empty() {
            "Tree of a message".to_string()
        } else {
            opts.title.clone()
        };
        return message_scene(&title, "The schedule does not match the instance.");
    }
    let mk = inst.message_label(k);
    let done = s.message_completion.get(k).copied().unwrap_or(0.0);
    let title = if opts.title.is_empty() {
        format!("Tree of {mk}, done at {}", fmt_us(done))
    } else {
        opts.title.clone()
    };
    let n = inst.node_count();
    let root = inst.messages[k].source;
    // Children in the order of the sends.
    let mut sends: Vec<&crate::multi::Transfer> =
        s.transfers.iter().filter(|t| t.msg == k).collect();
    sends.sort_by(|a, b| a.send_start.total_cmp(&b.send_start).then(a.to.cmp(&b.to)));
    let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut seen = vec![false; n];
    seen[root] = true;
    // Breadth-first from the root over the send edges (guards against malformed input).
    let mut order = vec![root];
    let mut i = 0;
    while i < order.len() {
        let u = order[i];
        for t in sends.iter().filter(|t| t.from == u) {
            if !seen[t.to] {
                seen[t.to] = true;
                kids[u].push(t.to);
                order.push(t.to);
            }
        }
        i += 1;
    }
    let mut depth = vec![0usize; n];
    for &u in &order {
        for &c in &kids[u] {
            depth[c] = depth[u] + 1;
        }
    }
    let hold = |v: usize| s.holds[k][v];
    let is_last =
        |v: usize| v != root && hold(v).is_some_and(|h| (h - done).abs() <= 1e-9 * done.max(1.0));
    let names: Vec<String> = (0..n).map(|v| box_name(inst, v)).collect();
    let labels: Vec<String> = (0..n)
        .map(|v| {
            if v == root {
                "source".to_string()
            } else {
                hold(v)
                    .map(|h| format!("t = {}", fmt_us(h)))
                    .unwrap_or_else(|| "—".into())
            }
        })
        .collect();
    let box_w = order
        .iter()
        .map(|&v| {
            (text_width(&labels[v], FONT_LABEL) + 20.0)
                .max(text_width(&names[v], FONT_SMALL) + 16.0)
        })
        .fold(64.0, f64::max);
    let slot = box_w + GAP;

    // Tidy layout (as in `tree.rs`): children before parents.
    let mut offset = vec![0.0; n];
    let mut contour: Vec<Vec<(f64, f64)>> = vec![Vec::new(); n];
    for &v in order.iter().rev() {
        let mut merged: Vec<(f64, f64)> = Vec::new();
        let mut pos: Vec<f64> = Vec::with_capacity(kids[v].len());
        for &c in &kids[v] {
            let cc = std::mem::take(&mut contour[c]);
            let shift = if merged.is_empty() {
                0.0
            } else {
                merged
                    .iter()
                    .zip(&cc)
                    .map(|(m, q)| m.1 - q.0 + slot)
                    .fold(f64::NEG_INFINITY, f64::max)
            };
            for (d, q) in cc.iter().enumerate() {
                let (l, r) = (q.0 + shift, q.1 + shift);
                match merged.get_mut(d) {
                    Some(m) => *m = (m.0.min(l), m.1.max(r)),
                    None => merged.push((l, r)),
                }
            }
            pos.push(shift);
        }
        let mid = match (pos.first(), pos.last()) {
            (Some(a), Some(b)) => (a + b) / 2.0,
            _ => 0.0,
        };
        for (&c, p) in kids[v].iter().zip(&pos) {
            offset[c] = p - mid;
        }
        let mut own = Vec::with_capacity(merged.len() + 1);
        own.push((0.0, 0.0));
        own.extend(merged.into_iter().map(|(l, r)| (l - mid, r - mid)));
        contour[v] = own;
    }
    let mut cx = vec![0.0; n];
    for &u in &order {
        for &c in &kids[u] {
            cx[c] = cx[u] + offset[c];
        }
    }
    let min_x = order.iter().map(|&v| cx[v]).fold(f64::INFINITY, f64::min);
    let max_x = order
        .iter()
        .map(|&v| cx[v])
        .fold(f64::NEG_INFINITY, f64::max);
    let title_h = if opts.title.is_empty() { 0.0 } else { 40.0 };
    let title_w = if opts.title.is_empty() {
        0.0
    } else {
        text_width(&opts.title, FONT_TITLE) + 2.0 * MARGIN
    };
    let key = format!(
        "{}. Box: node · class | time it holds {mk}; dashed: gets it last",
        message_summary(inst, k)
    );
    let key_w = text_width(&key, FONT_SMALL) + 2.0 * MARGIN;
    let tree_w = max_x - min_x + box_w + 2.0 * MARGIN;
    let width = tree_w.max(title_w).max(key_w).max(200.0);
    let dx = MARGIN + box_w / 2.0 - min_x + (width - tree_w) / 2.0;
    let top = MARGIN + title_h;
    let max_depth = order.iter().map(|&v| depth[v]).max().unwrap_or(0);
    let key_y = top + max_depth as f64 * ROW + BOX_H + KEY_H;
    let x_of = |v: usize| cx[v] + dx;
    let y_of = |v: usize| top + depth[v] as f64 * ROW;
    let colour = message_class(k);

    let mut items = Vec::with_capacity(4 * order.len() + 2);
    if !opts.title.is_empty() {
        items.push(Item::Text {
            x: width / 2.0,
            y: MARGIN + FONT_TITLE,
            text: opts.title.clone(),
            class: "title".into(),
            anchor: Anchor::Middle,
        });
    }
    for &u in &order {
        for &c in &kids[u] {
            items.push(Item::Line {
                x1: x_of(u),
                y1: y_of(u) + BOX_H,
                x2: x_of(c),
                y2: y_of(c),
                class: format!("medge {colour}"),
                arrow: true,
                id: format!("edge-{u}-{c}"),
            });
        }
    }
    for &v in &order {
        let mut class = format!("mnode {colour}");
        if v == root {
            class.push_str(" source");
        }
        if is_last(v) {
            class.push_str(" last");
        }
        let tip = match s.parent[k][v] {
            _ if v == root => format!(
                "{} is the source of {mk}; sends it to {} node(s)",
                inst.label(v),
                kids[v].len()
            ),
            Some(p) => {
                let rank = kids[p].iter().position(|&c| c == v).unwrap_or(0) + 1;
                format!(
                    "{} receives {mk} from {} (send {rank} of {}); holds it at {}{}",
                    inst.label(v),
                    inst.label(p),
                    kids[p].len(),
                    hold(v).map(fmt_us).unwrap_or_else(|| "—".into()),
                    if is_last(v) { " (the last)" } else { "" }
                )
            }
            None => inst.label(v),
        };
        let (x, y) = (x_of(v) - box_w / 2.0, y_of(v));
        items.push(Item::Rect {
            x,
            y,
            w: box_w,
            h: BOX_H,
            rx: 10.0,
            class,
            id: format!("node-{v}"),
            tip,
        });
        items.push(Item::Text {
            x: x_of(v),
            y: y + 20.0,
            text: names[v].clone(),
            class: "node-name".into(),
            anchor: Anchor::Middle,
        });
        items.push(Item::Text {
            x: x_of(v),
            y: y + 45.0,
            text: labels[v].clone(),
            class: "node-label".into(),
            anchor: Anchor::Middle,
        });
    }
    items.push(Item::Text {
        x: width / 2.0,
        y: key_y,
        text: key,
        class: "legend".into(),
        anchor: Anchor::Middle,
    });
    Scene {
        width,
        height: key_y + MARGIN,
        title,
        items,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::multi::MultiAlgorithm;
    use crate::multi::{gallery, simulate_multi};

    #[test]
    fn every_message_tree_has_its_source_and_destinations_without_overlap() {
        let inst = gallery::wrp_beats_wr();
        for a in MultiAlgorithm::ALL {
            let s = simulate_multi(&inst, &a.run(&inst).unwrap()).unwrap();
            for (k, m) in inst.messages.iter().enumerate() {
                let scene = multi_tree_scene(&inst, &s, k, &MultiTreeOptions::default());
                let boxes: Vec<(String, f64, f64, f64)> = scene
                    .items
                    .iter()
                    .filter_map(|i| match i {
                        Item::Rect { id, x, y, w, .. } if id.starts_with("node-") => {
                            Some((id.clone(), *x, *y, *w))
                        }
                        _ => None,
                    })
                    .collect();
                assert_eq!(boxes.len(), m.destinations.len() + 1, "{a:?} m{k}");
                assert!(boxes.iter().any(|b| b.0 == format!("node-{}", m.source)));
                for d in &m.destinations {
                    assert!(boxes.iter().any(|b| b.0 == format!("node-{d}")));
                    let p = s.parent[k][*d].unwrap();
                    assert_eq!(
                        scene
                            .items
                            .iter()
                            .filter(|i| matches!(i, Item::Line { id, .. } if *id == format!("edge-{p}-{d}")))
                            .count(),
                        1
                    );
                }
                for (i, a) in boxes.iter().enumerate() {
                    for b in &boxes[i + 1..] {
                        let same_row = (a.2 - b.2).abs() < 1e-9;
                        assert!(!same_row || (a.1 - b.1).abs() >= a.3 - 1e-9, "{a:?} {b:?}");
                    }
                }
                assert_eq!(scene.with_class("source").count(), 1);
                assert!(scene.with_class("last").count() >= 1);
                assert_eq!(
                    scene.with_class(&message_class(k)).count(),
                    2 * m.destinations.len() + 1
                );
                let svg = crate::layout::svg::to_svg(&scene);
                assert!(svg.contains(&format!("t = {}", fmt_us(s.message_completion[k]))));
            }
        }
    }

    #[test]
    fn a_message_that_does_not_exist_gives_a_message_scene() {
        let inst = gallery::wrp_beats_wr();
        let s = simulate_multi(&inst, &MultiAlgorithm::Fef.run(&inst).unwrap()).unwrap();
        let scene = multi_tree_scene(&inst, &s, 9, &MultiTreeOptions::default());
        assert_eq!(scene.with_class("mnode").count(), 0);
    }
}
