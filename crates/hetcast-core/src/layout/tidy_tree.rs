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
//! **Laid out for a panel** ([`TidyTree::new_in`]): given the room of the panel it is shown in
//! (in the drawing's own pixels at its text floor), a heading wider than the room is broken
//! after its ": " and the key line at its "; " and ". "; a tree wider than the room whose
//! depths laid left to right ([`GAP_ACROSS`] between columns, [`GAP_DOWN`] between rows)
//! would be narrower is drawn that way, root at the left: the panel then scrolls down, not
//! sideways (the many-source tree beside the instance panel at 1024 px).
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
use super::style::{break_at, text_width, title_width, FONT_LABEL, FONT_SMALL, FONT_TITLE};

/// Horizontal gap between neighbouring boxes.
pub const GAP: f64 = 18.0;
/// Names longer than this are cut (with "…") inside the box.
pub const NAME_CHARS: usize = 14;
/// Height of a node box.
pub const BOX_H: f64 = 56.0;
/// Vertical distance between the tops of two rows.
pub const ROW: f64 = BOX_H + 56.0;
const MARGIN: f64 = 20.0;
/// Left to right: the gap between the columns of two depths (room for the arrows).
pub const GAP_ACROSS: f64 = 48.0;
/// Left to right: the gap between neighbouring boxes of one depth.
pub const GAP_DOWN: f64 = 14.0;
/// Distance between the baselines of two heading lines.
const TITLE_LINE: f64 = 28.0;
/// Distance between the baselines of two key lines.
const KEY_LINE: f64 = FONT_SMALL + 6.0;

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
    /// Each box's place across the depths: x of its centre (top down) or y of its centre
    /// (left to right), before the shift `dx`.
    cx: Vec<f64>,
    names: &'a [String],
    labels: &'a [String],
    heading: Vec<String>,
    key: Vec<String>,
    box_w: f64,
    width: f64,
    dx: f64,
    top: f64,
    key_y: f64,
    /// The depths run left to right (root at the left) instead of top down.
    across: bool,
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
        TidyTree::new_in(children, root, names, labels, heading, key, None)
    }

    /// [`TidyTree::new`], laid out for a panel when `room` is given: the panel's (width,
    /// height) in the drawing's own pixels at its text floor. The heading and the key are
    /// broken into lines no wider than the room where they can be, and a tree wider than the
    /// room is laid out left to right when that is narrower (see the module documentation).
    pub fn new_in(
        children: &[Vec<usize>],
        root: usize,
        names: &'a [String],
        labels: &'a [String],
        heading: &'a str,
        key: &'a str,
        room: Option<(f64, f64)>,
    ) -> TidyTree<'a> {
        let room_w = room
            .map(|r| r.0)
            .filter(|w| w.is_finite() && *w > 0.0)
            .unwrap_or(f64::INFINITY);
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
        let max_depth = order.iter().map(|&v| depth[v]).max().unwrap_or(0);
        let spread = |cx: &[f64]| {
            let lo = order.iter().map(|&v| cx[v]).fold(f64::INFINITY, f64::min);
            let hi = order
                .iter()
                .map(|&v| cx[v])
                .fold(f64::NEG_INFINITY, f64::max);
            (lo, hi)
        };
        let mut cx = tidy_x(&order, &kids, box_w + GAP);
        let (mut lo, hi) = spread(&cx);
        let mut tree_w = hi - lo + box_w + 2.0 * MARGIN;
        let mut tree_h = max_depth as f64 * ROW + BOX_H;
        let mut across = false;
        if tree_w > room_w {
            let down = tidy_x(&order, &kids, BOX_H + GAP_DOWN);
            let (dlo, dhi) = spread(&down);
            let w = max_depth as f64 * (box_w + GAP_ACROSS) + box_w + 2.0 * MARGIN;
            if w < tree_w {
                across = true;
                cx = down;
                lo = dlo;
                tree_w = w;
                tree_h = dhi - dlo + BOX_H;
            }
        }
        let lines_w = room_w - 2.0 * MARGIN;
        let heading = break_at(heading, &[": "], lines_w, title_width);
        let mut key = break_at(key, &["; ", ". "], lines_w, |t| text_width(t, FONT_SMALL));
        if key.is_empty() {
            key.push(String::new());
        }
        let title_h = match heading.len() {
            0 => 0.0,
            k => 40.0 + TITLE_LINE * (k - 1) as f64,
        };
        let title_w = heading
            .iter()
            .map(|h| title_width(h) + 2.0 * MARGIN)
            .fold(0.0, f64::max);
        let key_w = key
            .iter()
            .map(|k| text_width(k, FONT_SMALL) + 2.0 * MARGIN)
            .fold(0.0, f64::max);
        let width = tree_w.max(title_w).max(key_w).max(200.0);
        // Centre the tree when the title is wider.
        let dx = if across {
            MARGIN + (width - tree_w) / 2.0
        } else {
            MARGIN + box_w / 2.0 - lo + (width - tree_w) / 2.0
        };
        let top = MARGIN + title_h;
        if across {
            // Rows from the top of the tree's box: the place across is the centre's y.
            for c in cx.iter_mut() {
                *c -= lo;
            }
        }
        let key_y = top + tree_h + KEY_H;
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
            across,
        }
    }

    /// Whether the depths run left to right (root at the left), as laid out for a narrow
    /// room by [`TidyTree::new_in`].
    pub fn left_to_right(&self) -> bool {
        self.across
    }

    /// x of the centre of `v`'s box.
    pub fn x(&self, v: usize) -> f64 {
        if self.across {
            self.dx + self.box_w / 2.0 + self.depth[v] as f64 * (self.box_w + GAP_ACROSS)
        } else {
            self.cx[v] + self.dx
        }
    }

    /// y of the top of `v`'s box.
    pub fn y(&self, v: usize) -> f64 {
        if self.across {
            self.top + self.cx[v]
        } else {
            self.top + self.depth[v] as f64 * ROW
        }
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
        for (k, line) in self.heading.iter().enumerate() {
            items.push(Item::Text {
                x: over_root(title_width(line)),
                y: MARGIN + FONT_TITLE + TITLE_LINE * k as f64,
                text: line.clone(),
                class: "title".into(),
                anchor: Anchor::Middle,
            });
        }
        // Edges first, so boxes paint over their ends: from the parent's bottom to the
        // child's top, or left to right from the parent's right side to the child's left.
        let half = self.box_w / 2.0;
        for &u in &self.order {
            for &c in &self.kids[u] {
                let ((x1, y1), (x2, y2)) = if self.across {
                    (
                        (self.x(u) + half, self.y(u) + BOX_H / 2.0),
                        (self.x(c) - half, self.y(c) + BOX_H / 2.0),
                    )
                } else {
                    ((self.x(u), self.y(u) + BOX_H), (self.x(c), self.y(c)))
                };
                items.push(Item::Line {
                    x1,
                    y1,
                    x2,
                    y2,
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
        for (k, line) in self.key.iter().enumerate() {
            items.push(Item::Text {
                x: over_root(text_width(line, FONT_SMALL)),
                y: self.key_y + KEY_LINE * k as f64,
                text: line.clone(),
                class: "legend".into(),
                anchor: Anchor::Middle,
            });
        }
        let key_lines = self.key.len() - 1;
        Scene {
            width: self.width,
            height: self.key_y + KEY_LINE * key_lines as f64 + MARGIN,
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

    fn boxes(scene: &Scene) -> Vec<(f64, f64, f64, f64)> {
        scene
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Rect { x, y, w, h, .. } => Some((*x, *y, *w, *h)),
                _ => None,
            })
            .collect()
    }

    fn plain(_: usize) -> BoxLook {
        BoxLook {
            class: "node".into(),
            tip: String::new(),
            faded: false,
        }
    }

    #[test]
    fn a_tree_wider_than_its_room_runs_left_to_right_and_fits_it() {
        // The many-source example's tree of m0 (12 nodes, depth 3, 7 leaves) in the room of
        // the view beside the instance panel at 1024 px (562 px at the 11 px floor, 16/11).
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); 12];
        children[0] = vec![1, 3, 7];
        children[1] = vec![2, 4, 8];
        children[3] = vec![6, 11];
        children[2] = vec![5, 9];
        children[4] = vec![10];
        let names: Vec<String> = (0..12).map(|v| format!("P{v} · P{v}")).collect();
        let labels: Vec<String> = (0..12).map(|v| format!("t = {v} µs")).collect();
        let heading = "WRP — tree of m0, 12 nodes, 1 message: m0 done at 10 µs, T = 10 µs";
        let key = "m0 from P0, 1 B → 11 nodes. Box: node · class | time it holds m0; dashed: gets it last";
        let wide = TidyTree::new(&children, 0, &names, &labels, heading, key);
        let room = (562.0 * 16.0 / 11.0, 340.0 * 16.0 / 11.0);
        assert!(wide.scene(heading.into(), |_, _| "e".into(), plain).width > room.0);
        let lay = TidyTree::new_in(&children, 0, &names, &labels, heading, key, Some(room));
        assert!(lay.left_to_right());
        let scene = lay.scene(heading.into(), |_, _| "e".into(), plain);
        assert!(scene.width <= room.0, "{} > {}", scene.width, room.0);
        // The heading after its ": ".
        let texts = |class: &str| -> Vec<String> {
            scene
                .items
                .iter()
                .filter_map(|i| match i {
                    Item::Text { text, class: c, .. } if c == class => Some(text.clone()),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(
            texts("title"),
            [
                "WRP — tree of m0, 12 nodes, 1 message:",
                "m0 done at 10 µs, T = 10 µs"
            ]
        );
        // The key fits the room on one line.
        assert_eq!(texts("legend"), [key]);
        // Depth runs left to right: the root in the first column, its children in the
        // second; no two boxes meet, and every box is inside the scene.
        let b = boxes(&scene);
        assert_eq!(b.len(), 12);
        assert!(lay.x(0) < lay.x(1) && lay.x(1) < lay.x(2));
        assert_eq!(lay.x(1), lay.x(3));
        for (i, p) in b.iter().enumerate() {
            assert!(p.0 >= 0.0 && p.0 + p.2 <= scene.width && p.1 + p.3 <= scene.height);
            for q in &b[i + 1..] {
                let apart =
                    p.0 + p.2 <= q.0 || q.0 + q.2 <= p.0 || p.1 + p.3 <= q.1 || q.1 + q.3 <= p.1;
                assert!(apart, "{p:?} {q:?}");
            }
        }
        // Edges go from a parent's right side to its child's left side.
        let edge = scene
            .items
            .iter()
            .find_map(|i| match i {
                Item::Line { x1, x2, id, .. } if id == "edge-0-1" => Some((*x1, *x2)),
                _ => None,
            })
            .unwrap();
        assert_eq!(
            edge,
            (lay.x(0) + lay.box_w / 2.0, lay.x(1) - lay.box_w / 2.0)
        );
        // A room wide enough keeps the tree top down, its heading and key on one line each.
        let roomy = TidyTree::new_in(
            &children,
            0,
            &names,
            &labels,
            heading,
            key,
            Some((4000.0, 800.0)),
        );
        assert!(!roomy.left_to_right());
        let same = roomy.scene(heading.into(), |_, _| "e".into(), plain);
        assert_eq!(
            same.items.len(),
            wide.scene(heading.into(), |_, _| "e".into(), plain)
                .items
                .len()
        );
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
