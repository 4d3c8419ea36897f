//! The multicast tree as a [`Scene`]: root at the top, each node's children left to right in
//! send order, as in 000 Figure 1.
//!
//! Each node is a rounded box with two lines: its name (`P3` or the given name, cut to
//! [`NAME_CHARS`] characters; the full name is in the tooltip) and its label "c|t" (node
//! model: message-initiation cost | arrival time, as in 000 Figure 1) or "s1 r2 | t"
//! (sender-receiver: send time s, receive time r | the time the node holds the message). A
//! one-line key under the tree (class `legend`) says what the label means ([`label_key`]). Ids: `node-{v}` on the boxes,
//! `edge-{u}-{v}` on the edges (arrows from the parent's box to the child's). The box's tooltip
//! gives the costs, the parent, the send's rank and the time. The source's box has the class
//! `source`, the boxes of the nodes that finish last `last`, and the edges on the paths from
//! the root to them `critical`.
//!
//! **Layout**: a tidy tree in the manner of Reingold and Tilford. All boxes have the same width
//! (the widest label's); each subtree is laid out on its own, then sibling subtrees are pushed
//! right until, at every depth, they clear the subtrees to their left by a gap, and a parent is
//! centred over its first and last child. Boxes never overlap: at one depth, consecutive boxes
//! are at least one box width plus [`GAP`] apart; different depths are different rows.
//!
//! **Complexity**: O(n h) for n nodes and tree height h.
//!
//! ```
//! use hetcast_core::{models::overhead::{gallery, algo::greedy::greedy, simulate}, layout::tree};
//! let inst = gallery::libeskind_hadas_figure1();
//! let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
//! let scene = tree::tree_scene(&inst, &s, &Default::default());
//! assert_eq!(scene.with_class("node").count(), 12);
//! assert!(scene.with_class("last").count() >= 1);
//! ```

use super::scene::{Anchor, Item, Scene};
use super::style::{text_width, title_width, truncate, FONT_LABEL, FONT_SMALL, FONT_TITLE};
use crate::models::overhead::instance::{Instance, ModelKind};
use crate::models::overhead::simulate::Schedule;
use crate::units::fmt_t;

/// Horizontal gap between neighbouring boxes.
pub const GAP: f64 = 18.0;
/// Names longer than this are cut (with "…") inside the box.
pub const NAME_CHARS: usize = 14;
/// Height of a node box.
pub const BOX_H: f64 = 56.0;
/// Vertical distance between the tops of two rows.
pub const ROW: f64 = BOX_H + 56.0;
const MARGIN: f64 = 20.0;

/// Options of [`tree_scene`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TreeOptions {
    /// Visible heading (none when empty). The scene's title (SVG `<title>`) is this, or
    /// "Multicast tree, completion time T" when empty.
    pub title: String,
    /// Replay time: nodes that hold the message later than this, and the edges into them, get
    /// the class `future` (drawn faded). `None` draws everything.
    pub at: Option<f64>,
}

/// The text of a node's box label: "c|t" (node model, as in 000 Figure 1) or "s1 r2 | t"
/// (sender-receiver model: send time 1, receive time 2, holds the message at t).
pub fn node_label(inst: &Instance, s: &Schedule, v: usize) -> String {
    let n = &inst.nodes[v];
    let t = fmt_t(s.ready[v]);
    match inst.model {
        ModelKind::Node => format!("{}|{}", fmt_t(n.send), t),
        ModelKind::SenderReceiver => {
            format!("s{} r{} | {}", fmt_t(n.send), fmt_t(n.recv), t)
        }
    }
}

/// The heading (and title) of the tree of algorithm `algo`'s schedule `s`: the algorithm,
/// the view, the instance and the completion time, e.g.
/// "Greedy / FNF — multicast tree, 12 nodes, T = 10" (as [`super::gantt::heading`]).
pub fn heading(algo: &str, inst: &Instance, s: &Schedule) -> String {
    format!(
        "{algo} — multicast tree, {} nodes, T = {}",
        inst.nodes.len(),
        fmt_t(s.completion_time)
    )
}

/// The key line under the tree: what a node's label means in `model`.
pub fn label_key(model: ModelKind) -> &'static str {
    match model {
        ModelKind::Node => "c | t: cost | time the node holds the message",
        ModelKind::SenderReceiver => {
            "s r | t: send time, receive time | time the node holds the message"
        }
    }
}

/// Height of the key line under the tree.
const KEY_H: f64 = FONT_SMALL + 16.0;

/// A scene with only a message, for a schedule that does not fit its instance.
pub(crate) fn message_scene(title: &str, text: &str) -> Scene {
    Scene {
        width: 640.0,
        height: 80.0,
        title: title.to_string(),
        items: vec![Item::Text {
            x: MARGIN,
            y: 45.0,
            text: text.to_string(),
            class: "title".into(),
            anchor: Anchor::Start,
        }],
    }
}

/// True when `s` is a tree schedule over exactly the nodes of `inst`, so that layouts may index
/// it freely.
pub(crate) fn fits(inst: &Instance, s: &Schedule) -> bool {
    let n = inst.nodes.len();
    n > 0
        && s.source < n
        && s.ready.len() == n
        && s.parent.len() == n
        && s.children.len() == n
        && s.recv_start.len() == n
        && s.children.iter().flatten().all(|&c| c < n)
        && s.sends.iter().all(|o| o.from < n && o.to < n)
}

/// Whether `v` finishes at the completion time (a destination whose `ready` is the latest).
pub(crate) fn is_last(inst: &Instance, s: &Schedule, v: usize) -> bool {
    v != inst.source && (s.ready[v] - s.completion_time).abs() <= 1e-9 * s.completion_time.max(1.0)
}

/// The tree of schedule `s` (see the module documentation).
pub fn tree_scene(inst: &Instance, s: &Schedule, opts: &TreeOptions) -> Scene {
    let title = if opts.title.is_empty() {
        format!(
            "Multicast tree, completion time {}",
            fmt_t(s.completion_time)
        )
    } else {
        opts.title.clone()
    };
    if !fits(inst, s) {
        return message_scene(&title, "The schedule does not match the instance.");
    }
    let n = inst.nodes.len();
    let root = s.source;
    let names: Vec<String> = (0..n)
        .map(|v| truncate(&inst.label(v), NAME_CHARS))
        .collect();
    let labels: Vec<String> = (0..n).map(|v| node_label(inst, s, v)).collect();
    let key = label_key(inst.model);
    let lay = TidyTree::new(&s.children, root, &names, &labels, &opts.title, key);

    // Critical edges: on a path from the root to a node that finishes last.
    let mut critical = vec![false; n];
    for &v in &lay.order {
        if is_last(inst, s, v) {
            let mut w = v;
            while w != root && !critical[w] {
                critical[w] = true;
                match s.parent[w] {
                    Some(p) if p < n => w = p,
                    _ => break,
                }
            }
        }
    }
    let future = |v: usize| opts.at.is_some_and(|t| s.ready[v] > t + 1e-9);
    let edge_class = |_: usize, c: usize| {
        let mut class = String::from("edge");
        if critical[c] {
            class.push_str(" critical");
        }
        if future(c) {
            class.push_str(" future");
        }
        class
    };
    let node_look = |v: usize| {
        let mut class = String::from("node");
        if v == root {
            class.push_str(" source");
        }
        if is_last(inst, s, v) {
            class.push_str(" last");
        }
        if future(v) {
            class.push_str(" future");
        }
        let node = &inst.nodes[v];
        let costs = match inst.model {
            ModelKind::Node => format!("cost {}", fmt_t(node.send)),
            ModelKind::SenderReceiver => {
                format!("send {}, receive {}", fmt_t(node.send), fmt_t(node.recv))
            }
        };
        let tip = match s.parent[v] {
            None => format!(
                "{} (source): {costs}; sends to {} node(s)",
                inst.label(v),
                lay.kids[v].len()
            ),
            Some(p) => {
                let k = s.children[p].iter().position(|&c| c == v).unwrap_or(0) + 1;
                format!(
                    "{}: {costs}; receives from {} (send {k} of {}); holds the message at t={}{}",
                    inst.label(v),
                    inst.label(p),
                    s.children[p].len(),
                    fmt_t(s.ready[v]),
                    if is_last(inst, s, v) {
                        " (the completion time)"
                    } else {
                        ""
                    }
                )
            }
        };
        BoxLook {
            class,
            tip,
            faded: future(v),
        }
    };
    lay.scene(title, edge_class, node_look)
}

/// How one box of a [`TidyTree`] is drawn.
pub(crate) struct BoxLook {
    /// Classes of the box.
    pub class: String,
    /// Tooltip of the box.
    pub tip: String,
    /// Whether the box's two text lines get the class `future` (drawn faded).
    pub faded: bool,
}

/// An ordered tree laid out tidily (see the module documentation), with its heading and key
/// line: the layout [`tree_scene`] and the many-source tree share.
pub(crate) struct TidyTree<'a> {
    /// Nodes reachable from the root, breadth-first, root first.
    pub order: Vec<usize>,
    /// Each node's children among the reachable nodes, in the given order.
    pub kids: Vec<Vec<usize>>,
    depth: Vec<usize>,
    cx: Vec<f64>,
    names: &'a [String],
    labels: &'a [String],
    heading: &'a str,
    key: &'a str,
    box_w: f64,
    width: f64,
    dx: f64,
    top: f64,
    key_y: f64,
}

impl<'a> TidyTree<'a> {
    /// Lay out the tree of `children` (ordered children lists over the nodes `0..children.len()`,
    /// every child below that) from `root`; a node listed twice counts where breadth-first
    /// search meets it first. Boxes show `names[v]` over `labels[v]`; `heading` (none when
    /// empty) stands above the tree and `key` below it.
    pub fn new(
        children: &[Vec<usize>],
        root: usize,
        names: &'a [String],
        labels: &'a [String],
        heading: &'a str,
        key: &'a str,
    ) -> TidyTree<'a> {
        let n = children.len();
        // Reachable nodes in breadth-first order (guards against malformed children lists).
        let mut order = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        seen[root] = true;
        order.push(root);
        let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut i = 0;
        while i < order.len() {
            let u = order[i];
            for &c in &children[u] {
                if !seen[c] {
                    seen[c] = true;
                    kids[u].push(c);
                    order.push(c);
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
        let box_w = order
            .iter()
            .map(|&v| {
                // Labels are bold: about a tenth wider than the regular-type estimate.
                (text_width(&labels[v], FONT_LABEL) * 1.1 + 20.0)
                    .max(text_width(&names[v], FONT_SMALL) + 16.0)
            })
            .fold(64.0, f64::max);
        let cx = tidy_x(&order, &kids, box_w + GAP);
        let min_x = order.iter().map(|&v| cx[v]).fold(f64::INFINITY, f64::min);
        let max_x = order
            .iter()
            .map(|&v| cx[v])
            .fold(f64::NEG_INFINITY, f64::max);
        let title_h = if heading.is_empty() { 0.0 } else { 40.0 };
        let title_w = if heading.is_empty() {
            0.0
        } else {
            title_width(heading) + 2.0 * MARGIN
        };
        let key_w = text_width(key, FONT_SMALL) + 2.0 * MARGIN;
        let tree_w = max_x - min_x + box_w + 2.0 * MARGIN;
        let width = tree_w.max(title_w).max(key_w).max(200.0);
        // Centre the tree when the title is wider.
        let dx = MARGIN + box_w / 2.0 - min_x + (width - tree_w) / 2.0;
        let top = MARGIN + title_h;
        let max_depth = order.iter().map(|&v| depth[v]).max().unwrap_or(0);
        let key_y = top + max_depth as f64 * ROW + BOX_H + KEY_H;
        TidyTree {
            order,
            kids,
            depth,
            cx,
            names,
            labels,
            heading,
            key,
            box_w,
            width,
            dx,
            top,
            key_y,
        }
    }

    /// x of the centre of `v`'s box.
    fn x(&self, v: usize) -> f64 {
        self.cx[v] + self.dx
    }

    /// y of the top of `v`'s box.
    fn y(&self, v: usize) -> f64 {
        self.top + self.depth[v] as f64 * ROW
    }

    /// The scene: heading, edges `edge-{u}-{c}` (arrows, classes `edge_class(u, c)`), boxes
    /// `node-{v}` (`look(v)`) with their two text lines, and the key line.
    pub fn scene(
        &self,
        title: String,
        edge_class: impl Fn(usize, usize) -> String,
        look: impl Fn(usize) -> BoxLook,
    ) -> Scene {
        let mut items = Vec::with_capacity(4 * self.order.len() + 2);
        // The heading and the key are centred over the root where they fit, so that a wide
        // tree shown around its root (the app scrolls there) shows them too.
        let over_root = |w: f64| {
            let half = w / 2.0 + MARGIN;
            match self.order.first() {
                Some(&root) if 2.0 * half < self.width => {
                    self.x(root).clamp(half, self.width - half)
                }
                _ => self.width / 2.0,
            }
        };
        if !self.heading.is_empty() {
            items.push(Item::Text {
                x: over_root(title_width(self.heading)),
                y: MARGIN + FONT_TITLE,
                text: self.heading.to_string(),
                class: "title".into(),
                anchor: Anchor::Middle,
            });
        }
        // Edges first, so boxes paint over their ends.
        for &u in &self.order {
            for &c in &self.kids[u] {
                items.push(Item::Line {
                    x1: self.x(u),
                    y1: self.y(u) + BOX_H,
                    x2: self.x(c),
                    y2: self.y(c),
                    class: edge_class(u, c),
                    arrow: true,
                    id: format!("edge-{u}-{c}"),
                });
            }
        }
        for &v in &self.order {
            let BoxLook { class, tip, faded } = look(v);
            let (x, y) = (self.x(v) - self.box_w / 2.0, self.y(v));
            items.push(Item::Rect {
                x,
                y,
                w: self.box_w,
                h: BOX_H,
                rx: 10.0,
                class,
                id: format!("node-{v}"),
                tip,
            });
            let fade = if faded { " future" } else { "" };
            items.push(Item::Text {
                x: self.x(v),
                y: y + 20.0,
                text: self.names[v].clone(),
                class: format!("node-name{fade}"),
                anchor: Anchor::Middle,
            });
            items.push(Item::Text {
                x: self.x(v),
                y: y + 45.0,
                text: self.labels[v].clone(),
                class: format!("node-label{fade}"),
                anchor: Anchor::Middle,
            });
        }
        items.push(Item::Text {
            x: over_root(text_width(self.key, FONT_SMALL)),
            y: self.key_y,
            text: self.key.to_string(),
            class: "legend".into(),
            anchor: Anchor::Middle,
        });
        Scene {
            width: self.width,
            height: self.key_y + MARGIN,
            title,
            items,
        }
    }
}

/// Tidy x positions of an ordered tree (Reingold-Tilford): `order` lists the nodes
/// breadth-first from the root, `kids` their children; boxes at one depth are at least `slot`
/// apart. Children are placed before parents; each parent is centred over its first and last
/// child. The root is at 0; nodes not in `order` stay at 0.
pub(crate) fn tidy_x(order: &[usize], kids: &[Vec<usize>], slot: f64) -> Vec<f64> {
    let n = kids.len();
    // offset[c]: x of c relative to its parent; contour[v]: (left, right) per depth below v,
    // relative to v's x.
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
                    .map(|(m, k)| m.1 - k.0 + slot)
                    .fold(f64::NEG_INFINITY, f64::max)
            };
            for (d, k) in cc.iter().enumerate() {
                let (l, r) = (k.0 + shift, k.1 + shift);
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
    for &u in order {
        for &c in &kids[u] {
            cx[c] = cx[u] + offset[c];
        }
    }
    cx
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::overhead::algo::greedy::greedy;
    use crate::models::overhead::{gallery, simulate};

    #[test]
    fn the_heading_names_the_algorithm_the_instance_and_t() {
        let inst = gallery::libeskind_hadas_figure1();
        let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
        let h = heading("Greedy / FNF", &inst, &s);
        assert_eq!(h, "Greedy / FNF — multicast tree, 12 nodes, T = 10");
        let opts = TreeOptions {
            title: h.clone(),
            ..Default::default()
        };
        let scene = tree_scene(&inst, &s, &opts);
        assert_eq!(scene.title, h);
        assert!(scene.items.iter().any(
            |i| matches!(i, Item::Text { text, class, .. } if *text == h && class == "title")
        ));
    }

    #[test]
    fn the_heading_and_key_of_a_wide_tree_stand_over_its_root() {
        // The root has 40 children, the first of which has 10: the root is right of the middle.
        let n = 51;
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        children[0] = (1..41).collect();
        children[1] = (41..51).collect();
        let names: Vec<String> = (0..n).map(|v| format!("P{v}")).collect();
        let labels: Vec<String> = (0..n).map(|v| format!("t = {v}")).collect();
        let heading = "WRP — tree of m0, 51 nodes, 1 message: done at 9 µs, T = 9 µs";
        let lay = TidyTree::new(&children, 0, &names, &labels, heading, "key");
        let scene = lay.scene(
            heading.into(),
            |_, _| "edge".into(),
            |_| BoxLook {
                class: "node".into(),
                tip: String::new(),
                faded: false,
            },
        );
        let root_x = lay.x(0);
        assert!(
            (root_x - scene.width / 2.0).abs() > 100.0,
            "{root_x} {}",
            scene.width
        );
        let x_of = |class: &str| {
            scene
                .items
                .iter()
                .find_map(|i| match i {
                    Item::Text { x, class: c, .. } if c == class => Some(*x),
                    _ => None,
                })
                .unwrap()
        };
        assert!((x_of("title") - root_x).abs() < 1e-9);
        assert!((x_of("legend") - root_x).abs() < 1e-9);
        // The heading stays inside the scene.
        let half = title_width(heading) / 2.0;
        assert!(x_of("title") - half >= 0.0 && x_of("title") + half <= scene.width);
    }
}
