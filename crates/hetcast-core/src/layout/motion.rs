//! What moves when a schedule is played in one tree drawing: when each node box starts to hold
//! the message, and when each edge carries it, by the ids of the scene's items (`node-{v}`,
//! `edge-{u}-{v}` of [`super::tidy_tree`]). It is the drawing's view of the model's
//! [`crate::playback::Motion`] ([`Motion::of_tree`]). The app draws every frame from this and
//! the scene, lit boxes and a dot travelling along the edges in transit, without laying the
//! tree out again.

use serde::{Deserialize, Serialize};

/// A box that holds the message from time `holds` on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NodeMove {
    /// Id of the box (`node-{v}`).
    pub id: String,
    /// When it holds the message (0 for the source).
    pub holds: f64,
}

/// An edge that carries the message from `start` (the send begins) to `end` (the receiver
/// holds it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EdgeMove {
    /// Id of the line (`edge-{u}-{v}`).
    pub id: String,
    /// The send begins.
    pub start: f64,
    /// The receiver holds the message.
    pub end: f64,
}

/// Everything that moves in one tree drawing.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Motion {
    /// The boxes, in the order they light up.
    pub nodes: Vec<NodeMove>,
    /// The edges, in the order their sends begin.
    pub edges: Vec<EdgeMove>,
}

impl Motion {
    /// A motion from `(node, holds)` and `(from, to, start, end)` lists, sorted by time.
    pub fn new(
        nodes: impl IntoIterator<Item = (usize, f64)>,
        edges: impl IntoIterator<Item = (usize, usize, f64, f64)>,
    ) -> Motion {
        let mut nodes: Vec<NodeMove> = nodes
            .into_iter()
            .map(|(v, holds)| NodeMove {
                id: format!("node-{v}"),
                holds,
            })
            .collect();
        crate::order::sort_by(&mut nodes, |a, b| a.holds.total_cmp(&b.holds));
        let mut edges: Vec<EdgeMove> = edges
            .into_iter()
            .map(|(u, v, start, end)| EdgeMove {
                id: format!("edge-{u}-{v}"),
                start,
                end,
            })
            .collect();
        crate::order::sort_by(&mut edges, |a, b| a.start.total_cmp(&b.start));
        Motion { nodes, edges }
    }

    /// The tree of message `message` (`None` for one-message models) in the model's motion
    /// `m`: each node that comes to hold it, each edge that carries it (from the start of the
    /// send to the moment the receiver holds it).
    pub fn of_tree(m: &crate::playback::Motion, message: Option<usize>) -> Motion {
        Motion::new(
            m.holdings
                .iter()
                .filter(|h| h.message == message)
                .map(|h| (h.node, h.t)),
            m.moves
                .iter()
                .filter(|mv| mv.message == message)
                .map(|mv| (mv.from, mv.to, mv.start, mv.end)),
        )
    }

    /// The ids of the boxes that hold the message at `t`.
    pub fn lit_at(&self, t: f64) -> impl Iterator<Item = &str> + '_ {
        let e = 1e-9 * t.abs().max(1.0);
        self.nodes
            .iter()
            .filter(move |n| n.holds <= t + e)
            .map(|n| n.id.as_str())
    }

    /// The edges in transit at `t`, with how far along they are (0 at the start, 1 at the end).
    pub fn in_transit_at(&self, t: f64) -> impl Iterator<Item = (&str, f64)> + '_ {
        self.edges
            .iter()
            .filter(move |e| e.start <= t && t < e.end)
            .map(move |e| (e.id.as_str(), (t - e.start) / (e.end - e.start)))
    }
}
