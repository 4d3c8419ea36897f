//! What a player's frame at time `t` shows over a drawing, computed from the drawing's
//! [`Scene`] and the tree's [`Motion`] alone: which node boxes hold the message (lit) and
//! which wait (veiled, framed by a dashed line, their time covered), which tree edges carry
//! no message yet (veiled), a dot on each edge in transit, and on a timeline the cursor at
//! `t` with a veil over what comes after it. One computation, two renderers: the app paints a
//! [`Frame`] on a canvas over the drawing, the animated SVG export
//! ([`crate::export::animated`]) writes the same frames as SMIL animations; both read the
//! switch times from [`Moving`], and both decide with [`reached`].

use super::scene::{Item, Scene, TimeFrame};
use super::style::{FONT_LABEL, MESSAGE_COLOURS};
use super::Motion;

/// Colour of the dots of a one-message drawing and of the cursor.
pub const MOVE_COLOUR: &str = "#b34700";
/// The veil over the tree edges that carry no message yet: white at this opacity (the faded
/// look of 18% opacity).
pub const VEIL_OPACITY: f64 = 0.82;
/// The veil over a timeline after the cursor: white at this opacity.
pub const GANTT_VEIL_OPACITY: f64 = 0.86;
/// The veil over a node that waits for the message: white at this opacity, light, so that
/// its cost stays readable.
pub const WAITING_OPACITY: f64 = 0.45;
/// The dashed frame of a waiting node: colour, width and dashes (scene units).
pub const WAITING_LINE: &str = "#333333";
/// Width of a waiting node's dashed frame.
pub const WAITING_WIDTH: f64 = 3.0;
/// The dashes of a waiting node's frame.
pub const WAITING_DASH: [f64; 2] = [8.0, 5.0];
/// Radius of a dot, in scene units.
pub const DOT_R: f64 = 9.0;
/// Length of an edge's arrowhead, in scene units (the scene's arrow marker): the veil over an
/// edge is [`EDGE_VEIL_WIDTH`] wide, and this wide over its last this-many units.
pub const ARROW: f64 = 13.0;
/// Width of the veil over an edge.
pub const EDGE_VEIL_WIDTH: f64 = 4.0;
/// Width of the cursor line.
pub const CURSOR_WIDTH: f64 = 3.0;
/// How far the cursor reaches over and under the lanes.
pub const CURSOR_OVERHANG: f64 = 6.0;
/// How far the timeline's veil reaches right of the axis' end.
pub const GANTT_VEIL_PAST: f64 = 30.0;
/// A node that holds the message later than in the schedule compared with: its box's frame.
pub const LATER_STYLE: &str = "stroke: #c00000; stroke-width: 4px; stroke-dasharray: 8 4;";

/// True when something that happens at `at` has happened by time `t`: `at <= t`, with a
/// slack of 1e-9 relative, so that a frame drawn at an event's time shows it. Every frame
/// decision goes through this.
pub fn reached(at: f64, t: f64) -> bool {
    at <= t + 1e-9 * t.abs().max(1.0)
}

/// A node box of a tree and when it holds the message.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeBox {
    /// The node.
    pub v: usize,
    /// When it holds the message.
    pub holds: f64,
    /// The box (x, y, w, h), in scene units.
    pub rect: (f64, f64, f64, f64),
    /// The index in the scene's items of its "cost | time" line, whose time is covered until
    /// the node holds the message (the cost stays in sight: greedy chooses by it).
    pub label: Option<usize>,
}

/// A tree edge: when its send runs and where the edge runs.
#[derive(Debug, Clone, PartialEq)]
pub struct EdgeRun {
    /// Id of its line (`edge-{u}-{v}`).
    pub id: String,
    /// The send begins.
    pub start: f64,
    /// The receiver holds the message.
    pub end: f64,
    /// Start of the line.
    pub from: (f64, f64),
    /// End of the line (the arrow's tip).
    pub to: (f64, f64),
}

impl EdgeRun {
    /// Where the dot is at `t`: linear in time from `from` (at `start`) to `to` (at `end`).
    pub fn dot_at(&self, t: f64) -> (f64, f64) {
        let span = self.end - self.start;
        let f = if span > 0.0 {
            ((t - self.start) / span).clamp(0.0, 1.0)
        } else {
            1.0
        };
        (
            self.from.0 + f * (self.to.0 - self.from.0),
            self.from.1 + f * (self.to.1 - self.from.1),
        )
    }

    /// The part of the line under the arrowhead: from [`ARROW`] before the tip to the tip.
    pub fn head(&self) -> ((f64, f64), (f64, f64)) {
        let (dx, dy) = (self.to.0 - self.from.0, self.to.1 - self.from.1);
        let len = dx.hypot(dy).max(1e-9);
        let f = (ARROW / len).min(1.0);
        ((self.to.0 - f * dx, self.to.1 - f * dy), self.to)
    }
}

/// What moves in one drawing when its schedule is played: the tree's boxes and edges with
/// their times, the timeline's time frame, the colour of the dots.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Moving {
    /// The boxes, in the motion's order (the order they light up).
    pub nodes: Vec<NodeBox>,
    /// The edges, in the motion's order (the order their sends begin).
    pub edges: Vec<EdgeRun>,
    /// Where time runs across a timeline.
    pub time: Option<TimeFrame>,
    /// The colour of the dots (the message's, in many-message models).
    pub colour: &'static str,
}

/// A frame: what the player shows over the drawing at one time.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Frame {
    /// The nodes that hold the message, in increasing order.
    pub lit: Vec<usize>,
    /// The boxes that wait for the message (indices into [`Moving::nodes`]).
    pub waiting: Vec<usize>,
    /// The edges that carry no message yet (indices into [`Moving::edges`]).
    pub veiled: Vec<usize>,
    /// The dots of the edges in transit: (index into [`Moving::edges`], centre).
    pub dots: Vec<(usize, (f64, f64))>,
    /// The cursor's x on a timeline.
    pub cursor: Option<f64>,
}

impl Moving {
    /// What moves in `scene` (its items `node-{v}` and `edge-{u}-{v}` as `motion` names them,
    /// its time frame), for the tree of message `message` (`None`: a one-message model).
    pub fn new(scene: &Scene, motion: Option<&Motion>, message: Option<usize>) -> Moving {
        let mut nodes = Vec::new();
        let mut edges = Vec::new();
        if let Some(m) = motion {
            let index = |id: &str| {
                scene.items.iter().position(|i| match i {
                    Item::Rect { id: d, .. } | Item::Line { id: d, .. } => d == id,
                    Item::Text { .. } => false,
                })
            };
            for n in &m.nodes {
                let Some(v) = n.id.strip_prefix("node-").and_then(|v| v.parse().ok()) else {
                    continue;
                };
                let Some(k) = index(&n.id) else { continue };
                let Item::Rect { x, y, w, h, .. } = scene.items[k] else {
                    continue;
                };
                // The box's two lines follow it: its name, then "cost | time".
                let label =
                    matches!(scene.items.get(k + 2), Some(Item::Text { .. })).then_some(k + 2);
                nodes.push(NodeBox {
                    v,
                    holds: n.holds,
                    rect: (x, y, w, h),
                    label,
                });
            }
            for e in &m.edges {
                let Some(k) = index(&e.id) else { continue };
                let Item::Line { x1, y1, x2, y2, .. } = scene.items[k] else {
                    continue;
                };
                edges.push(EdgeRun {
                    id: e.id.clone(),
                    start: e.start,
                    end: e.end,
                    from: (x1, y1),
                    to: (x2, y2),
                });
            }
        }
        Moving {
            nodes,
            edges,
            time: scene.time,
            colour: message.map_or(MOVE_COLOUR, |k| MESSAGE_COLOURS[k % MESSAGE_COLOURS.len()]),
        }
    }

    /// True when nothing moves in the drawing (no tree motion, no timeline): the player
    /// draws nothing over it.
    pub fn is_still(&self) -> bool {
        self.nodes.is_empty() && self.edges.is_empty() && self.time.is_none()
    }

    /// The same drawing moved down by `dy` and with `skip` items before its own (its place in
    /// a figure of several drawings one above the other, [`super::stack`]).
    pub fn shifted(&self, dy: f64, skip: usize) -> Moving {
        let mut m = self.clone();
        for n in &mut m.nodes {
            n.rect.1 += dy;
            n.label = n.label.map(|k| k + skip);
        }
        for e in &mut m.edges {
            e.from.1 += dy;
            e.to.1 += dy;
        }
        if let Some(tf) = &mut m.time {
            tf.top += dy;
            tf.bottom += dy;
        }
        m
    }

    /// The frame at playback time `t`.
    pub fn frame(&self, t: f64) -> Frame {
        let mut lit: Vec<usize> = self
            .nodes
            .iter()
            .filter(|n| reached(n.holds, t))
            .map(|n| n.v)
            .collect();
        lit.sort_unstable();
        let waiting = (0..self.nodes.len())
            .filter(|&i| !reached(self.nodes[i].holds, t))
            .collect();
        let veiled = (0..self.edges.len())
            .filter(|&i| !reached(self.edges[i].start, t))
            .collect();
        let dots = self
            .edges
            .iter()
            .enumerate()
            .filter(|(_, e)| reached(e.start, t) && !reached(e.end, t))
            .map(|(i, e)| (i, e.dot_at(t)))
            .collect();
        Frame {
            lit,
            waiting,
            veiled,
            dots,
            cursor: self.time.map(|tf| tf.x(t)),
        }
    }

    /// Where the time part of each box's "cost | time" line runs in `scene` (x0, x1,
    /// baseline), estimated from the stylesheet's type ([`time_part`]), in the order of
    /// [`Moving::nodes`]: what a frame covers until the box holds the message.
    pub fn label_times(&self, scene: &Scene) -> Vec<Option<(f64, f64, f64)>> {
        self.nodes
            .iter()
            .map(|n| match n.label.and_then(|k| scene.items.get(k)) {
                Some(Item::Text { text, y, .. }) => {
                    let (x0, x1) = time_part(text, n.rect);
                    Some((x0, x1, *y))
                }
                _ => None,
            })
            .collect()
    }

    /// The veil over the edges (its opacity): lighter over a timeline's trees (none today).
    pub fn veil_opacity(&self) -> f64 {
        if self.time.is_some() {
            GANTT_VEIL_OPACITY
        } else {
            VEIL_OPACITY
        }
    }
}

/// Where the time part (after the last `|`) of the "cost | time" line `text` of a box runs,
/// estimated from the stylesheet's type ([`super::style::text_width`]): its left and right
/// x; the box is `rect`, the line centred on it. Without a `|` the whole line is the time.
/// (The app measures it with the browser's own text layout instead.)
pub fn time_part(text: &str, rect: (f64, f64, f64, f64)) -> (f64, f64) {
    let (x, _, w, _) = rect;
    let Some(bar) = text.rfind('|') else {
        return (x + 2.0, x + w - 2.0);
    };
    let whole = super::style::text_width(text, FONT_LABEL);
    let before = super::style::text_width(&text[..=bar], FONT_LABEL);
    (x + w / 2.0 - whole / 2.0 + before, x + w - 2.0)
}

/// The band that covers a label's time part on baseline `y` (x from `x0` to `x1`): its top
/// and height.
pub fn cover_band(y: f64) -> (f64, f64) {
    (y - 0.85 * FONT_LABEL, 1.15 * FONT_LABEL)
}

/// The nodes that hold the message later in `a` than in `b` (the boxes a comparison marks).
pub fn later(a: &Motion, b: &Motion) -> Vec<usize> {
    let mut out: Vec<usize> = a
        .nodes
        .iter()
        .filter(|n| {
            b.nodes
                .iter()
                .find(|o| o.id == n.id)
                .is_some_and(|o| n.holds > o.holds + 1e-9 * o.holds.abs().max(1.0))
        })
        .filter_map(|n| n.id.strip_prefix("node-")?.parse().ok())
        .collect();
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::overhead::{gallery, Overhead};
    use crate::models::{Model, SceneOptions};

    #[test]
    fn the_greedy_tree_of_figure_1_at_t_4() {
        let inst = gallery::libeskind_hadas_figure1();
        let algo = crate::models::overhead::Algorithm::Greedy;
        let sol = Overhead::solve(&inst, algo, 0).unwrap();
        let s = Overhead::simulate(&inst, &sol).unwrap();
        let scene = Overhead::tree_scenes_with(&inst, algo, &s, &SceneOptions::default()).remove(0);
        let motion = Overhead::tree_motions(&inst, &s).remove(0);
        let m = Moving::new(&scene, Some(&motion), None);
        assert_eq!(m.nodes.len(), inst.len());
        assert_eq!(m.edges.len(), inst.len() - 1);
        // Holdings at 0 (the source) and 3; the sends under way at 4 are the source's second
        // (3 to 5) and the first node's first.
        let f = m.frame(4.0);
        assert_eq!(f.lit.len(), 2);
        assert_eq!(f.dots.len(), 2);
        assert_eq!(f.waiting.len(), inst.len() - 2);
        assert_eq!(f.cursor, None);
        assert!(m.frame(10.0).waiting.is_empty() && m.frame(10.0).dots.is_empty());
        assert_eq!(m.frame(0.0).lit, vec![inst.source]);
    }

    #[test]
    fn reached_has_a_relative_slack() {
        assert!(reached(3.0, 3.0));
        assert!(reached(3.0 + 1e-12, 3.0));
        assert!(!reached(3.0 + 1e-6, 3.0));
        assert!(reached(1e6 + 1e-4, 1e6));
    }
}
