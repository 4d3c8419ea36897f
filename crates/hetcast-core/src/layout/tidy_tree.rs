//! The one tree layout: an ordered tree drawn tidily as boxes and arrows ([`TidyTree`]), root
//! at the top, each node's children left to right in the given order. Every model's tree view
//! is drawn here; the model gives the children lists, the two text lines of each box, the
//! classes and tooltips (the overhead model in `models::overhead::view`, the many-source model,
//! one tree per message, in `models::multi::view`).
//!
//! Each node is a rounded box (`node-{v}`) with two lines: a name (`node-name`) over a label
//! (`node-label`); edges (`edge-{u}-{v}`) are arrows from the parent's box to the child's. A
//! visible heading (class `title`) stands above the tree and a one-line key (class `legend`)
//! under it, both centred over the root where they fit, so that a wide tree shown around its
//! root shows them too.
//!
//! **Layout**: a tidy tree in the manner of Reingold and Tilford ([`tidy_x`]). All boxes have
//! the same width (the widest label's); each subtree is laid out on its own, then sibling
//! subtrees are pushed right until, at every depth, they clear the subtrees to their left by a
//! gap, and a parent is centred over its first and last child. Boxes never overlap: at one
//! depth, consecutive boxes are at least one box width plus [`GAP`] apart; different depths
//! are different rows.
//!
//! **Complexity**: O(n h) for n nodes and tree height h.
//!
//! ```
//! use hetcast_core::layout::tidy_tree::{BoxLook, TidyTree};
//! let children = vec![vec![1, 2], vec![], vec![]];
//! let names: Vec<String> = (0..3).map(|v| format!("P{v}")).collect();
//! let labels: Vec<String> = (0..3).map(|v| format!("t = {v}")).collect();
//! let tree = TidyTree::new(&children, 0, &names, &labels, "", "key");
//! let look = |_| BoxLook { class: "node".into(), tip: String::new(), faded: false };
//! let scene = tree.scene("A tree".into(), |_, _| "edge".into(), look);
//! assert_eq!(scene.with_class("node").count(), 3);
//! assert_eq!(scene.with_class("edge").count(), 2);
//! ```

use super::scene::{Anchor, Item, Scene};
use super::style::{text_width, title_width, FONT_LABEL, FONT_SMALL, FONT_TITLE};

/// Horizontal gap between neighbouring boxes.
pub const GAP: f64 = 18.0;
/// Names longer than this are cut (with "…") inside the box.
pub const NAME_CHARS: usize = 14;
/// Height of a node box.
pub const BOX_H: f64 = 56.0;
/// Vertical distance between the tops of two rows.
pub const ROW: f64 = BOX_H + 56.0;
const MARGIN: f64 = 20.0;

/// Height of the key line under the tree.
const KEY_H: f64 = FONT_SMALL + 16.0;

/// How one box of a [`TidyTree`] is drawn.
pub struct BoxLook {
    /// Classes of the box.
    pub class: String,
    /// Tooltip of the box.
    pub tip: String,
    /// Whether the box's two text lines get the class `future` (drawn faded).
    pub faded: bool,
}

/// An ordered tree laid out tidily (see the module documentation), with its heading and key
/// line: the layout every model's tree view uses.
pub struct TidyTree<'a> {
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
    pub fn x(&self, v: usize) -> f64 {
        self.cx[v] + self.dx
    }

    /// y of the top of `v`'s box.
    pub fn y(&self, v: usize) -> f64 {
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
                    tip: String::new(),
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
            time: None,
        }
    }
}

/// Tidy x positions of an ordered tree (Reingold-Tilford): `order` lists the nodes
/// breadth-first from the root, `kids` their children; boxes at one depth are at least `slot`
/// apart. Children are placed before parents; each parent is centred over its first and last
/// child. The root is at 0; nodes not in `order` stay at 0.
pub fn tidy_x(order: &[usize], kids: &[Vec<usize>], slot: f64) -> Vec<f64> {
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
