//! What the platform model draws: one period of the periodic schedule on the shared timeline
//! (a lane per node, each send in the sender's lane and each receive in the receiver's,
//! coloured by edge), and the platform (nodes at their positions, edges as arrows whose
//! width grows with their load, dropped nodes faded, secondary sources as diamonds, MCPH's
//! tree edges marked) — paper 002, figures 1(e) and 12.
//!
//! The period's Gantt chart is in `period.rs`, the drawing in `drawing.rs`; this file holds
//! the heading, the nodes' layout ([`tidy_positions`]), the critical path and the motion.

use super::{PeriodicSchedule, PlatformAlgorithm, PlatformInstance};
use crate::catalog::Catalog;
use crate::layout::graph_layout::{self, GraphLayout};
use crate::layout::style::{text_width, FONT_LABEL};
use crate::playback::{CriticalPath, Holding, Motion, Move, Segment, SegmentKind};
use crate::trace::ItemId;
use crate::units::fmt_t;

mod drawing;
mod period;
pub use drawing::{
    edge_label_width, outline_critical, platform_scene, platform_scene_in, platform_scene_with,
    EDGE_LABEL_HEIGHT,
};
pub use period::{busiest_port, period_scene, period_scene_with};

/// The heading of both views: "REDUCED_BROADCAST on 30 nodes: T* = 12.5 per multicast".
pub fn heading(inst: &PlatformInstance, algo: PlatformAlgorithm, s: &PeriodicSchedule) -> String {
    format!(
        "{} on {} nodes, {} targets: T* = {} per multicast (throughput {})",
        algo.title(),
        inst.node_count(),
        inst.targets.len(),
        fmt_t(s.period),
        fmt_t(s.throughput())
    )
}

/// Height of a node's box in the platform drawing, in pixels.
pub const NODE_HEIGHT: f64 = 34.0;
/// The ideal length of a link in [`tidy_positions`], in pixels at scale 1.
pub const LINK_PX: f64 = 110.0;
/// The least free space between two node boxes in the platform drawing, in pixels.
pub const NODE_GAP: f64 = 10.0;
/// The width / height ratio [`tidy_positions`] stretches a platform to (a 16:9 screen).
pub const ASPECT: f64 = 16.0 / 9.0;

/// The size (width, height) of node `v`'s box in the platform drawing: its name at
/// [`FONT_LABEL`] px with room around it, at least 50 wide.
pub fn node_size(inst: &PlatformInstance, v: usize) -> (f64, f64) {
    (
        (text_width(&inst.name(v), FONT_LABEL) + 18.0).max(50.0),
        NODE_HEIGHT,
    )
}

fn node_sizes(inst: &PlatformInstance) -> Vec<(f64, f64)> {
    (0..inst.node_count()).map(|v| node_size(inst, v)).collect()
}

/// Positions in [0, 1]² for every node, laid out by [`graph_layout::layout`] (stress
/// majorization, then no two node boxes closer than [`NODE_GAP`] at the drawing's scale):
/// the nodes `v` with `keep[v]` and a position of their own keep it (the editor's dragged
/// nodes), the others are placed. `keep` may be shorter than the node list (the rest are
/// free); with nothing kept, the whole platform is laid out afresh, its longest axis
/// horizontal. The app's "tidy" button calls it with `keep` empty; an editor adding nodes to a
/// drawing calls it with `keep[v]` true for every node already placed.
///
/// Kept positions are unchanged when the placed nodes fit in [0, 1]² around them (the kept
/// nodes are spread up to 1.5⁸ times further apart, in pixels, to make room); otherwise every
/// position is scaled and shifted alike (the kept nodes keep their arrangement) to fit.
///
/// # Complexity
/// That of [`graph_layout::layout`]: O(n·(n + m) + n²·sweeps), at most 300 sweeps.
pub fn tidy_positions(inst: &PlatformInstance, keep: &[bool]) -> Vec<(f64, f64)> {
    let n = inst.node_count();
    let sizes = node_sizes(inst);
    let links: Vec<(usize, usize)> = inst.edges.iter().map(|e| (e.from, e.to)).collect();
    let kept: Vec<Option<(f64, f64)>> = (0..n)
        .map(|v| match inst.nodes.get(v).map(|p| (p.x, p.y)) {
            Some((Some(x), Some(y))) if keep.get(v) == Some(&true) => Some((x, y)),
            _ => None,
        })
        .collect();
    let free = |fixed: &[Option<(f64, f64)>]| {
        graph_layout::layout(&GraphLayout {
            sizes: &sizes,
            links: &links,
            fixed,
            edge_length: LINK_PX,
            gap: NODE_GAP,
            aspect: Some(ASPECT),
        })
    };
    let whole = free(&[]);
    let (x0, y0, x1, y1) = graph_layout::bounds(&whole, &sizes);
    let extent = (x1 - x0).max(y1 - y0).max(1.0);
    if kept.iter().all(Option::is_none) {
        // Centres in [0, 1]², the aspect kept.
        return whole
            .iter()
            .map(|&(x, y)| ((x - x0) / extent, (y - y0) / extent))
            .collect();
    }
    // Kept positions to pixels: as spread as the whole layout, and no closer than the gap.
    let placed: Vec<usize> = (0..n).filter(|&v| kept[v].is_some()).collect();
    let pts: Vec<(f64, f64)> = placed.iter().filter_map(|&v| kept[v]).collect();
    let psizes: Vec<(f64, f64)> = placed.iter().map(|&v| sizes[v]).collect();
    let sep = graph_layout::separating_scale(&pts, &psizes, NODE_GAP);
    let k = if sep.is_finite() {
        sep.max(extent)
    } else {
        extent
    };
    // Spread the kept nodes further (the placed ones come nearer to each other) until every
    // node fits in [0, 1]², at most 8 times; then scale and shift all alike.
    let mut k = k;
    let mut out = Vec::new();
    for _ in 0..8 {
        let fixed: Vec<Option<(f64, f64)>> = kept
            .iter()
            .map(|p| p.map(|(x, y)| (x * k, y * k)))
            .collect();
        out = free(&fixed)
            .iter()
            .zip(&kept)
            .map(|(&(x, y), p)| p.unwrap_or((x / k, y / k)))
            .collect();
        let inside = |&(x, y): &(f64, f64)| (0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y);
        if out.iter().all(inside) {
            return out;
        }
        k *= 1.5;
    }
    let (mut a, mut b, mut c, mut d) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in &out {
        (a, b, c, d) = (a.min(x), b.min(y), c.max(x), d.max(y));
    }
    let span = (c - a).max(d - b).max(1e-12);
    for p in &mut out {
        *p = ((p.0 - a) / span, (p.1 - b) / span);
    }
    out
}

/// `inst` with every node placed by [`tidy_positions`] (nothing kept): what the generator's
/// platforms are drawn with.
pub fn tidy(inst: &PlatformInstance) -> PlatformInstance {
    let mut out = inst.clone();
    for (node, (x, y)) in out.nodes.iter_mut().zip(tidy_positions(inst, &[])) {
        node.x = Some(x.clamp(0.0, 1.0));
        node.y = Some(y.clamp(0.0, 1.0));
    }
    out
}

/// Where the platform drawing puts each node, in [0, 1]²: the instance's positions when every
/// node has one, else [`tidy_positions`] keeping those given.
pub fn drawing_positions(inst: &PlatformInstance) -> Vec<(f64, f64)> {
    let given = |n: &super::PlatformNode| n.x.is_some() && n.y.is_some();
    if inst.nodes.iter().all(given) {
        (0..inst.node_count()).map(|v| inst.position(v)).collect()
    } else {
        let keep: Vec<bool> = inst.nodes.iter().map(given).collect();
        tidy_positions(inst, &keep)
    }
}

/// The critical path of a period (see [`crate::playback`]): in steady state the period is
/// fixed by the busiest port (the out-port or in-port with the most busy time per period; the
/// first of equals), and the colouring keeps that port busy in every matching, so its
/// communications, in time order, run from 0 to `T*` (a gap, if rounding leaves one, is a
/// `Wait`). Empty for a schedule without transfers.
///
/// **Complexity**: O(n + transfers · log transfers).
pub fn critical_path(inst: &PlatformInstance, s: &PeriodicSchedule) -> CriticalPath {
    let Some((v, out)) = busiest_port(inst, s) else {
        return CriticalPath::default();
    };
    let mut mine: Vec<_> = s
        .transfers
        .iter()
        .filter(|t| if out { t.from == v } else { t.to == v })
        .collect();
    crate::order::sort_by(&mut mine, |a, b| a.start.total_cmp(&b.start));
    let kind = if out {
        SegmentKind::Send
    } else {
        SegmentKind::Receive
    };
    // A slot that ends at the period up to rounding ends at the period.
    let snap = |x: f64| {
        if (x - s.period).abs() <= 1e-9 * s.period.abs().max(1.0) {
            s.period
        } else {
            x
        }
    };
    let mut segments = Vec::new();
    let mut at = 0.0;
    for t in mine {
        let item = ItemId::Edge {
            from: t.from,
            to: t.to,
            message: None,
        };
        if snap(t.start) > at {
            segments.push(Segment {
                kind: SegmentKind::Wait,
                node: v,
                item,
                start: at,
                end: snap(t.start),
            });
        }
        segments.push(Segment {
            kind,
            node: v,
            item,
            start: snap(t.start),
            end: snap(t.end),
        });
        at = snap(t.end);
    }
    if at < s.period {
        segments.push(Segment {
            kind: SegmentKind::Wait,
            node: v,
            item: ItemId::Node { node: v },
            start: at,
            end: s.period,
        });
    }
    CriticalPath {
        segments,
        nodes: vec![(v, None)],
    }
}

/// What a player needs of one period (see [`crate::playback::Motion`]): the sources hold the
/// message from 0, every other node from the end of its first receive in the period; each
/// communication moves during its slot.
pub fn motion(inst: &PlatformInstance, s: &PeriodicSchedule) -> Motion {
    let n = inst.node_count();
    // A slot that ends at the period up to rounding ends at the period.
    let snap = |x: f64| {
        if (x - s.period).abs() <= 1e-9 * s.period.abs().max(1.0) {
            s.period
        } else {
            x
        }
    };
    let mut first = vec![None::<f64>; n];
    for &src in &s.sources {
        if src < n {
            first[src] = Some(0.0);
        }
    }
    if inst.source < n {
        first[inst.source] = Some(0.0);
    }
    for t in s.transfers.iter().filter(|t| t.to < n) {
        let e = first[t.to].get_or_insert(snap(t.end));
        *e = e.min(snap(t.end));
    }
    let holdings = first
        .iter()
        .enumerate()
        .filter_map(|(v, t)| {
            t.map(|t| Holding {
                node: v,
                message: None,
                t,
            })
        })
        .collect();
    let moves = s
        .transfers
        .iter()
        .map(|t| {
            let end = snap(t.end);
            Move::along(t.from, t.to, None, [t.start, end, end, end])
        })
        .collect();
    Motion::new(holdings, moves, s.period)
}
