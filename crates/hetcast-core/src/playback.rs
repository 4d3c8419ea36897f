//! What a player needs of a timed schedule, in one shape for every model: the **critical
//! path** (the chain of sends, transits, waits and receives that fixes the completion time) and
//! the **motion** of the message(s) (when each node comes to hold a message, and each tree
//! edge's transfer from the start of its send to the moment the receiver holds the message), so
//! that a frame at any time `t` is drawn from the schedule alone, with no layout and no replay
//! of side effects.
//!
//! Each model computes them from its simulator's schedule
//! ([`Model::critical_path`](crate::models::Model::critical_path),
//! [`Model::motion`](crate::models::Model::motion)); the items ([`ItemId`]) are the ones the
//! tree and Gantt scenes and the trace steps use.
//!
//! ```
//! use hetcast_core::models::{overhead::{gallery, Overhead}, Model};
//! use hetcast_core::catalog::Catalog;
//! let inst = gallery::libeskind_hadas_figure1();
//! let algo = <Overhead as Model>::Algorithm::ALL[0]; // greedy
//! let sol = Overhead::solve(&inst, algo, 0).unwrap();
//! let s = Overhead::simulate(&inst, &sol).unwrap();
//! let path = Overhead::critical_path(&inst, &s);
//! assert_eq!(path.end(), 10.0);
//! assert!(path.is_chain());
//! let m = Overhead::motion(&inst, &s);
//! // By t = 6: the source, and the nodes that hold the message at 3, 5 and 6.
//! assert_eq!(m.holding_at(6.0).count(), 4);
//! ```

use crate::trace::ItemId;
use serde::{Deserialize, Serialize};

/// The speeds a player offers, as factors of 1x.
pub const SPEEDS: [f64; 6] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0];
/// Index of 1x in [`SPEEDS`], the speed at start.
pub const NORMAL_SPEED: usize = 2;
/// Seconds the whole schedule takes to play at 1x, whatever its completion time.
pub const PLAY_SECONDS: f64 = 10.0;
/// Seconds an animated file rests on the whole schedule (the player at rest) after playing
/// it, before it plays again.
pub const REST_SECONDS: f64 = 2.0;

/// The clock of a played schedule: schedule time `t` in [0, `total`] runs in `play` seconds
/// (at speed `s`, [`PLAY_SECONDS`] / `s`, as the player does), then the whole schedule rests
/// for `rest` seconds. The animated export's key times come from here and nowhere else.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// The completion time played (the longer, when two schedules are compared).
    pub total: f64,
    /// Seconds of play.
    pub play: f64,
    /// Seconds at rest after it.
    pub rest: f64,
}

impl Timing {
    /// The clock of a schedule of completion time `total` at speed `speed` (a factor of 1x).
    pub fn new(total: f64, speed: f64) -> Timing {
        Timing {
            total,
            play: PLAY_SECONDS / speed,
            rest: REST_SECONDS,
        }
    }

    /// Seconds of one round: play, then rest.
    pub fn round(&self) -> f64 {
        self.play + self.rest
    }

    /// The second of a round at which schedule time `t` is shown.
    pub fn seconds(&self, t: f64) -> f64 {
        if self.total > 0.0 {
            (t / self.total).clamp(0.0, 1.0) * self.play
        } else {
            0.0
        }
    }

    /// Where in a round (0 to 1, an SMIL key time) schedule time `t` is shown.
    pub fn key(&self, t: f64) -> f64 {
        self.seconds(t) / self.round()
    }

    /// Where in a round the play ends and the rest begins.
    pub fn rest_key(&self) -> f64 {
        self.play / self.round()
    }

    /// The schedule time shown `secs` seconds into a round; `None` at rest (the whole
    /// schedule, as the player shows it stopped at the end).
    pub fn at(&self, secs: f64) -> Option<f64> {
        (secs < self.play && self.total > 0.0).then(|| secs.max(0.0) / self.play * self.total)
    }
}

/// What a node is doing during one link of a critical path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SegmentKind {
    /// A send overhead, in the sender's lane.
    Send,
    /// The message in the network (latency), in the receiver's lane.
    Transit,
    /// A receive overhead, in the receiver's lane.
    Receive,
    /// Idle time before a send, in the sender's lane: a wait the plan inserted (the overhead
    /// model's waits) or a LogP gap longer than the send.
    Wait,
}

impl SegmentKind {
    /// The word used in tooltips and steps.
    pub fn word(self) -> &'static str {
        match self {
            SegmentKind::Send => "send",
            SegmentKind::Transit => "in the network",
            SegmentKind::Receive => "receive",
            SegmentKind::Wait => "idle (a wait, or the gap)",
        }
    }
}

/// One link of a critical path: `node` is busy (or waits) from `start` to `end`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    /// What it is.
    pub kind: SegmentKind,
    /// The node whose lane it is in (the sender for a send or wait, the receiver otherwise).
    pub node: usize,
    /// The transfer it belongs to: `Edge { from, to, message }` (a wait belongs to the send it
    /// delays).
    pub item: ItemId,
    /// Start.
    pub start: f64,
    /// End.
    pub end: f64,
}

impl Segment {
    /// `end - start`.
    pub fn duration(&self) -> f64 {
        self.end - self.start
    }
}

/// The critical path of a schedule: links in time order, each starting where the previous
/// ends, the first at 0, the last ending at the completion time. Where several chains fix the
/// completion time, the model's rule picks one (stated on its `critical_path`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CriticalPath {
    /// The links, in time order.
    pub segments: Vec<Segment>,
    /// The nodes whose arrival times are on the chain, from the source to the node that
    /// finishes last (for the tree view); for a many-message model, the message each node
    /// holds on the chain.
    pub nodes: Vec<(usize, Option<usize>)>,
}

impl CriticalPath {
    /// The end of the last link (0 for an empty path).
    pub fn end(&self) -> f64 {
        self.segments.last().map_or(0.0, |s| s.end)
    }

    /// The sum of the links' durations.
    pub fn total(&self) -> f64 {
        self.segments.iter().map(Segment::duration).sum()
    }

    /// True when the links form a chain: the first starts at 0, each starts exactly where the
    /// previous ends, none is negative.
    pub fn is_chain(&self) -> bool {
        self.segments.first().is_none_or(|s| s.start == 0.0)
            && self.segments.iter().all(|s| s.end >= s.start)
            && self.segments.windows(2).all(|w| w[0].end == w[1].start)
    }

    /// The items to light up: every node on the chain, then every transfer on it, once each
    /// (the transfers of a sender's earlier sends included: they delay the chain).
    pub fn items(&self) -> Vec<ItemId> {
        let mut out: Vec<ItemId> = Vec::new();
        for &(node, _) in &self.nodes {
            let id = ItemId::Node { node };
            if !out.contains(&id) {
                out.push(id);
            }
        }
        for s in &self.segments {
            if !out.contains(&s.item) {
                out.push(s.item);
            }
        }
        out
    }

    /// The tree edges `(from, to, message)` on the path from the source to the node that
    /// finishes last.
    pub fn tree_edges(&self) -> Vec<(usize, usize, Option<usize>)> {
        self.nodes
            .windows(2)
            .map(|w| (w[0].0, w[1].0, w[1].1))
            .collect()
    }
}

/// A node comes to hold a message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Holding {
    /// The node.
    pub node: usize,
    /// The message (`None` in a one-message model).
    pub message: Option<usize>,
    /// When it holds it (0 for a source).
    pub t: f64,
}

/// One transfer along a tree edge, for a dot moving from sender to receiver.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Move {
    /// The edge (`Edge { from, to, message }`), as the scenes name it.
    pub item: ItemId,
    /// Sender.
    pub from: usize,
    /// Receiver.
    pub to: usize,
    /// Message (`None` in a one-message model).
    pub message: Option<usize>,
    /// The send starts.
    pub start: f64,
    /// The send ends: the message enters the network.
    pub sent: f64,
    /// The message leaves the network (reaches the receiver).
    pub arrive: f64,
    /// The receive ends: the receiver holds the message.
    pub end: f64,
}

impl Move {
    /// The transfer of `message` (`None` in a one-message model) from `from` to `to` along the
    /// edge the scenes name `Edge { from, to, message }`, at its four times: the send starts,
    /// the send ends, the message arrives, the receive ends.
    pub fn along(from: usize, to: usize, message: Option<usize>, times: [f64; 4]) -> Move {
        let [start, sent, arrive, end] = times;
        Move {
            item: ItemId::Edge { from, to, message },
            from,
            to,
            message,
            start,
            sent,
            arrive,
            end,
        }
    }

    /// Where the dot is at `t`, as a fraction of the edge from sender (0) to receiver (1):
    /// `None` before the send starts and after the receiver holds the message, else linear in
    /// time over `[start, end]`.
    pub fn position(&self, t: f64) -> Option<f64> {
        if t < self.start || t > self.end {
            return None;
        }
        let span = self.end - self.start;
        Some(if span > 0.0 {
            ((t - self.start) / span).clamp(0.0, 1.0)
        } else {
            1.0
        })
    }
}

/// Everything a player draws at time `t`, precomputed once per schedule.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Motion {
    /// Every node and message it comes to hold, sources at 0, sorted by time (ties by node,
    /// then message).
    pub holdings: Vec<Holding>,
    /// Every transfer, sorted by start (ties by sender, then receiver).
    pub moves: Vec<Move>,
    /// The moments at which something starts or ends (sorted, each once): where "step to the
    /// next event" stops.
    pub events: Vec<f64>,
    /// The completion time.
    pub completion: f64,
}

impl Motion {
    /// Build from holdings and moves: sorts both and derives the events (0, each move's start,
    /// send end, arrival and end).
    pub fn new(mut holdings: Vec<Holding>, mut moves: Vec<Move>, completion: f64) -> Motion {
        crate::order::sort_by(&mut holdings, |a, b| {
            a.t.total_cmp(&b.t)
                .then(a.node.cmp(&b.node))
                .then(a.message.cmp(&b.message))
        });
        crate::order::sort_by(&mut moves, |a, b| {
            a.start
                .total_cmp(&b.start)
                .then(a.from.cmp(&b.from))
                .then(a.to.cmp(&b.to))
                .then(a.message.cmp(&b.message))
        });
        let events = crate::order::sorted_distinct(
            std::iter::once(0.0).chain(
                moves
                    .iter()
                    .flat_map(|m| [m.start, m.sent, m.arrive, m.end]),
            ),
        );
        Motion {
            holdings,
            moves,
            events,
            completion,
        }
    }

    /// The holdings reached by `t` (`t` included).
    pub fn holding_at(&self, t: f64) -> impl Iterator<Item = &Holding> + '_ {
        let k = self.holdings.partition_point(|h| h.t <= t);
        self.holdings[..k].iter()
    }

    /// The transfers under way at `t`, with the dot's position on each edge.
    pub fn moving_at(&self, t: f64) -> impl Iterator<Item = (&Move, f64)> + '_ {
        let k = self.moves.partition_point(|m| m.start <= t);
        self.moves[..k]
            .iter()
            .filter(move |m| t < m.end)
            .filter_map(move |m| m.position(t).map(|p| (m, p)))
    }
}
