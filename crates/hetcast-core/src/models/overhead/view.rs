//! How the overhead model is drawn: its schedule as lanes and bars of the shared Gantt layout
//! ([`crate::layout::timeline`]) and as boxes of the shared tree layout
//! ([`crate::layout::tidy_tree`]), with the headings, lane labels and box labels of this model.
//!
//! **Gantt chart** ([`gantt_scene`], [`gantt_scene_at`]): one lane per node.
//!
//! - **Lanes** (`lane-{v}`): the source first, then the destinations in the order they come to
//!   hold the message (`ready`), ties by index, so the chart reads top to bottom as the message
//!   spreads and every message arrow points down ([`lane_order`]). Each lane's label, at the
//!   left, gives the name and costs: `P3  c=2` (node model) or `P3  s=1 r=2` (sender-receiver).
//! - **Bars** (each with a tooltip): the send overhead in the sender's lane (`send`,
//!   `send-{from}-{to}`, solid, labelled "→P3" when the receiver's name fits), the message in
//!   the network in the receiver's lane when L > 0 (`transit`, `transit-{from}-{to}`, thin and
//!   dashed), the receive overhead in the receiver's lane when r > 0 (`recv`, `recv-{from}-{to}`,
//!   hatched), a small marker when the receiver holds the message (`ready`, `ready-{v}`), and an
//!   arrow from the end of the send to the start of the receive (`msg`, `msg-{from}-{to}`).
//! - **Axis**: unitless nice ticks ([`crate::layout::axis`]); the completion line "T = 10".
//! - **Legend**: the bar kinds present, in words ("send", "transit (L)", "receive",
//!   "holds the message", "completion time").
//!
//! **Tree** ([`tree_scene`]): root at the top, each node's children left to right in send order,
//! as in 000 Figure 1. Each box shows the node's name (`P3` or the given name, cut to
//! [`NAME_CHARS`] characters; the full name is in the tooltip) and its label "c|t" (node model:
//! message-initiation cost | arrival time) or "s1 r2 | t" (sender-receiver: send time s,
//! receive time r | the time the node holds the message); the key under the tree says which
//! ([`label_key`]). The source's box has the class `source`, the boxes of the nodes that finish
//! last `last`; on demand ([`TreeOptions::critical`]) the nodes and edges of the critical path
//! ([`critical_path`]) `critical`, said in the key line. The Gantt chart outlines the critical
//! path's links on demand ([`GanttOptions::critical`]), with a legend entry.
//!
//! **Complexity**: O(n log n) for the chart (sorting the lanes), O(n h) for the tree.
//!
//! ```
//! use hetcast_core::models::overhead::{gallery, algo::greedy::greedy, simulate};
//! use hetcast_core::models::overhead::view::{gantt_scene, tree_scene, GanttOptions};
//! use hetcast_core::layout::Item;
//! let inst = gallery::liu_figure1();
//! let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
//! let scene = gantt_scene(&inst, &s, &GanttOptions::default());
//! assert_eq!(scene.with_class("lane").count(), 3);
//! assert_eq!(scene.with_class("send").filter(|i| matches!(i, Item::Rect { .. })).count(), 2 + 1);
//! let inst = gallery::libeskind_hadas_figure1();
//! let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
//! let scene = tree_scene(&inst, &s, &Default::default());
//! assert_eq!(scene.with_class("node").count(), 12);
//! assert!(scene.with_class("last").count() >= 1);
//! ```

use crate::layout::axis::TimeAxis;
use crate::layout::scene::{title_or, Scene};
use crate::layout::style::truncate;
use crate::layout::tidy_tree::{BoxLook, TidyTree, NAME_CHARS};
use crate::layout::timeline::{
    timeline_scene, Arrow, Bar, BarKind, Lane, LegendEntry, Look, Mark, Marker, Span, Swatch,
    Timeline,
};
use crate::models::overhead::instance::{Instance, ModelKind};
use crate::models::overhead::simulate::Schedule;
use crate::playback::{CriticalPath, Holding, Motion, Move, Segment, SegmentKind};
use crate::trace::ItemId;
use crate::units::fmt_t;

/// Options of [`gantt_scene`].
#[derive(Debug, Clone, PartialEq)]
pub struct GanttOptions {
    /// Visible heading (none when empty). The scene's title is this, or
    /// "Gantt chart, completion time T" when empty.
    pub title: String,
    /// Width of the scene; the lane labels take what they need and the plot the rest (at least
    /// [`crate::layout::timeline::MIN_PLOT_W`], widening the scene if needed). Default 1200.
    pub width: f64,
    /// Replay time: a vertical `now` line there, and bars that start later get the class
    /// `future` (drawn faded). `None` draws everything. (To draw only what has happened by a
    /// moment, see [`gantt_scene_at`].)
    pub at: Option<f64>,
    /// The axis runs to this time at least (charts compared on one time scale).
    pub time_max: Option<f64>,
    /// Lanes only as tall as their bars (lecture mode: more lanes fit, so the chart can be
    /// drawn larger).
    pub compact: bool,
    /// Outline the critical path ([`critical_path`]), with a legend entry.
    pub critical: bool,
    /// The lanes from top to bottom (node indices), e.g. another schedule's
    /// [`lane_order`] so that two charts compared have their lanes side by side; `None`, or
    /// a list that is not an order of the nodes: this schedule's own [`lane_order`].
    pub lanes: Option<Vec<usize>>,
}

impl Default for GanttOptions {
    fn default() -> Self {
        GanttOptions {
            title: String::new(),
            width: crate::layout::timeline::DEFAULT_WIDTH,
            at: None,
            time_max: None,
            compact: false,
            critical: false,
            lanes: None,
        }
    }
}

/// The heading (and title) of the Gantt chart of algorithm `algo`'s schedule `s`: the
/// algorithm, the view, the instance and the completion time, e.g.
/// "Greedy / FNF — Gantt chart, 12 nodes, T = 10". The tree's is [`tree_heading`].
pub fn gantt_heading(algo: &str, inst: &Instance, s: &Schedule) -> String {
    format!(
        "{algo} — Gantt chart, {} nodes, T = {}",
        inst.nodes.len(),
        fmt_t(s.completion_time)
    )
}

/// The text of a lane label: name and costs.
pub fn lane_label(inst: &Instance, v: usize) -> String {
    let name = truncate(&inst.label(v), NAME_CHARS);
    let n = &inst.nodes[v];
    let src = if v == inst.source { " (source)" } else { "" };
    let gap = n
        .gap
        .map(|g| format!(" g={}", fmt_t(g)))
        .unwrap_or_default();
    match inst.model {
        ModelKind::Node => format!("{name}{src}  c={}{gap}", fmt_t(n.send)),
        ModelKind::SenderReceiver => {
            format!("{name}{src}  s={} r={}{gap}", fmt_t(n.send), fmt_t(n.recv))
        }
    }
}

/// The lanes from top to bottom: the source, then destinations by `ready`, then index.
pub fn lane_order(inst: &Instance, s: &Schedule) -> Vec<usize> {
    let mut d: Vec<usize> = inst.destinations().collect();
    crate::order::sort_by(&mut d, |&a, &b| {
        s.ready[a].total_cmp(&s.ready[b]).then(a.cmp(&b))
    });
    let mut out = Vec::with_capacity(d.len() + 1);
    out.push(inst.source);
    out.extend(d);
    out
}

/// True when `lanes` lists each of the `n` nodes once.
fn is_order_of(lanes: &[usize], n: usize) -> bool {
    let mut seen = vec![false; n];
    lanes.len() == n
        && lanes
            .iter()
            .all(|&v| v < n && !std::mem::replace(&mut seen[v], true))
}

/// Node `v`'s costs in words, for tooltips: "cost 3" or "send 1, receive 2".
fn costs(inst: &Instance, v: usize) -> String {
    let node = &inst.nodes[v];
    let gap = node
        .gap
        .map(|g| {
            format!(
                ", gap {} (sends start at least {} apart)",
                fmt_t(g),
                fmt_t(inst.step(v))
            )
        })
        .unwrap_or_default();
    match inst.model {
        ModelKind::Node => format!("cost {}{gap}", fmt_t(node.send)),
        ModelKind::SenderReceiver => {
            format!(
                "send {}, receive {}{gap}",
                fmt_t(node.send),
                fmt_t(node.recv)
            )
        }
    }
}

/// Schedule `s` as a [`Timeline`] (see the module documentation); `s` must fit `inst`.
pub fn gantt_timeline(
    inst: &Instance,
    s: &Schedule,
    opts: &GanttOptions,
    title: String,
) -> Timeline {
    let n = inst.nodes.len();
    let order = match &opts.lanes {
        Some(lanes) if is_order_of(lanes, n) => lanes.clone(),
        _ => lane_order(inst, s),
    };
    let mut lane_of = vec![0usize; n];
    for (i, &v) in order.iter().enumerate() {
        lane_of[v] = i;
    }
    let (marks, any) = send_marks(inst, s, &lane_of);
    let critical = if opts.critical {
        critical_spans(inst, s, &lane_of)
    } else {
        Vec::new()
    };
    Timeline {
        title,
        heading: opts.title.clone(),
        width: opts.width,
        axis: TimeAxis::Plain,
        look: if opts.compact {
            Look {
                lane_pad: 0.0,
                ..Look::default()
            }
        } else {
            Look::default()
        },
        lanes: gantt_lanes(inst, s, &order),
        marks,
        completion: s.completion_time,
        completion_label: format!("T = {}", fmt_t(s.completion_time)),
        legend: gantt_legend(any, opts.critical),
        plain: false,
        faded_after: opts.at,
        time_max: opts.time_max,
        critical,
    }
}

/// The lanes of the nodes in `order`, top to bottom: label ([`lane_label`]) and a tooltip
/// with the node's costs and when it holds the message.
fn gantt_lanes(inst: &Instance, s: &Schedule, order: &[usize]) -> Vec<Lane> {
    order
        .iter()
        .map(|&v| {
            let held = if v == inst.source {
                format!(" (source): {}; holds the message at t=0", costs(inst, v))
            } else {
                format!(
                    ": {}; holds the message at t={}",
                    costs(inst, v),
                    fmt_t(s.ready[v])
                )
            };
            Lane {
                key: v,
                label: lane_label(inst, v),
                tip: format!("{}{held}", inst.label(v)),
            }
        })
        .collect()
}

/// The marks of the sends of `s` (node `v` in lane `lane_of[v]`): each send's bar, its
/// transit and receive bars when they last, its message arrow and the receiver's marker; and
/// whether any transit, any receive bar was drawn.
///
/// # Complexity
/// O(sends).
fn send_marks(inst: &Instance, s: &Schedule, lane_of: &[usize]) -> (Vec<Mark>, [bool; 2]) {
    let mut marks = Vec::with_capacity(5 * s.sends.len());
    let mut any = [false; 2]; // transit, receive
    for op in &s.sends {
        let (u, v) = (op.from, op.to);
        let (nu, nv) = (inst.label(u), inst.label(v));
        // Tooltip "P0 sends to P1: t=0 to 1 (s=1)".
        let bar = |kind, lane, (start, end): (f64, f64), id: &str, what: String, cost: &str| Bar {
            lane,
            kind,
            start,
            end,
            message: None,
            id: format!("{id}-{u}-{v}"),
            tip: format!(
                "{what}: t={} to {} ({cost}={})",
                fmt_t(start),
                fmt_t(end),
                fmt_t(end - start)
            ),
            label: None,
        };
        let send = (op.start, op.end);
        marks.push(Mark::Bar(Bar {
            label: Some(format!("→{}", truncate(&nv, NAME_CHARS))),
            ..bar(
                BarKind::Send,
                lane_of[u],
                send,
                "send",
                format!("{nu} sends to {nv}"),
                "s",
            )
        }));
        let rest = [
            (BarKind::Transit, (op.end, op.recv_start), "transit"),
            (BarKind::Receive, (op.recv_start, op.recv_end), "recv"),
        ];
        for (i, (kind, span, id)) in rest.into_iter().enumerate() {
            if span.1 > span.0 {
                any[i] = true;
                let (what, cost) = match kind {
                    BarKind::Transit => (format!("message to {nv} in the network"), "L"),
                    _ => (format!("{nv} receives from {nu}"), "r"),
                };
                marks.push(Mark::Bar(bar(kind, lane_of[v], span, id, what, cost)));
            }
        }
        marks.push(Mark::Arrow(Arrow {
            from: lane_of[u],
            to: lane_of[v],
            start: op.end,
            end: op.recv_start,
            id: format!("msg-{u}-{v}"),
        }));
        let last = if is_last(inst, s, v) {
            " (the completion time)"
        } else {
            ""
        };
        marks.push(Mark::Marker(Marker {
            lane: lane_of[v],
            t: op.recv_end,
            id: format!("ready-{v}"),
            tip: format!("{nv} holds the message at t={}{last}", fmt_t(op.recv_end)),
        }));
    }
    (marks, any)
}

/// The legend: "send", "transit (L)" and "receive" when `any` (of [`send_marks`]) says such
/// bars are drawn, the marker, the completion line, and the critical path when `critical`.
fn gantt_legend(any: [bool; 2], critical: bool) -> Vec<LegendEntry> {
    let entry = |swatch, words: &str| LegendEntry {
        swatch,
        words: words.into(),
        key: None,
    };
    let mut legend = vec![entry(Swatch::Bar(BarKind::Send, None), "send")];
    if any[0] {
        legend.push(entry(Swatch::Bar(BarKind::Transit, None), "transit (L)"));
    }
    if any[1] {
        legend.push(entry(Swatch::Bar(BarKind::Receive, None), "receive"));
    }
    legend.push(entry(Swatch::Marker, "holds the message"));
    legend.push(entry(Swatch::Completion, "completion time"));
    if critical {
        legend.push(entry(
            Swatch::Critical,
            "critical path: the sends and receives that fix T",
        ));
    }
    legend
}

/// The links of the critical path of `s` ([`critical_path`]) as outlined spans, node `v` in
/// lane `lane_of[v]`, each with its tooltip.
fn critical_spans(inst: &Instance, s: &Schedule, lane_of: &[usize]) -> Vec<Span> {
    Span::critical(
        &critical_path(inst, s),
        |v| lane_of[v],
        |v| inst.label(v),
        |a, b| format!("t={} to {}", fmt_t(a), fmt_t(b)),
    )
}

/// The Gantt chart of schedule `s` (see the module documentation).
pub fn gantt_scene(inst: &Instance, s: &Schedule, opts: &GanttOptions) -> Scene {
    gantt_scene_at(inst, s, opts, None)
}

/// The Gantt chart of schedule `s` as it stands at time `at`: only the bars that began before
/// `at`, each cut there (see [`crate::layout::timeline`]); `None` draws everything, as
/// [`gantt_scene`].
pub fn gantt_scene_at(
    inst: &Instance,
    s: &Schedule,
    opts: &GanttOptions,
    at: Option<f64>,
) -> Scene {
    let title = title_or(&opts.title, || {
        format!("Gantt chart, completion time {}", fmt_t(s.completion_time))
    });
    if !fits(inst, s) {
        return Scene::mismatch(title);
    }
    timeline_scene(&gantt_timeline(inst, s, opts, title), at)
}

/// The moments of schedule `s` a replay steps through: every send start, every arrival (the
/// message leaves the network, `end + L`) and every receive end, in increasing order, each
/// once. The Gantt chart changes only at these times ([`gantt_scene_at`]).
pub fn event_times(s: &Schedule) -> Vec<f64> {
    crate::order::sorted_distinct(
        s.sends
            .iter()
            .flat_map(|op| [op.start, op.recv_start, op.recv_end]),
    )
}

/// The critical path of schedule `s` (see [`crate::playback`]): from the destination that
/// holds the message last (the smallest index among ties) up to the source, each hop `p -> v`
/// contributes, in `p`'s lane, its waits and its sends to its children up to and including
/// `v` (the earlier sends delay `v`'s), then the transit (when `L > 0`) and the receive (when
/// `r(v) > 0`) in `v`'s lane. Links of zero length are left out. Every time is read from
/// the schedule, so each link starts exactly where the previous ends and the last ends at
/// the completion time. Empty when `s` does not fit `inst`.
///
/// **Complexity**: O(n) after grouping the sends by sender.
///
/// ```
/// use hetcast_core::models::overhead::{gallery, algo::greedy::greedy, simulate, view};
/// let inst = gallery::libeskind_hadas_figure1();
/// let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
/// let c = view::critical_path(&inst, &s);
/// assert!(c.is_chain());
/// assert_eq!(c.end(), 10.0);
/// assert_eq!(c.total(), 10.0);
/// ```
pub fn critical_path(inst: &Instance, s: &Schedule) -> CriticalPath {
    if !fits(inst, s) {
        return CriticalPath::default();
    }
    let n = inst.nodes.len();
    let Some(last) = inst
        .destinations()
        .filter(|&v| s.ready[v].is_finite())
        .min_by(|&a, &b| s.ready[b].total_cmp(&s.ready[a]).then(a.cmp(&b)))
    else {
        return CriticalPath::default();
    };
    // The path up from `last` (guarding against a malformed parent array).
    let mut path = vec![last];
    let mut w = last;
    while let Some(p) = s.parent[w].filter(|&p| p < n) {
        if path.len() > n {
            return CriticalPath::default();
        }
        path.push(p);
        w = p;
    }
    path.reverse();
    let mut by_sender: Vec<Vec<&crate::models::overhead::simulate::SendOp>> = vec![Vec::new(); n];
    for op in &s.sends {
        by_sender[op.from].push(op);
    }
    let mut segments = Vec::new();
    let mut push = |kind, node, item, start: f64, end: f64| {
        if end > start {
            segments.push(Segment {
                kind,
                node,
                item,
                start,
                end,
            });
        }
    };
    for hop in path.windows(2) {
        let (p, v) = (hop[0], hop[1]);
        let mut free = s.ready[p];
        for op in &by_sender[p] {
            let item = ItemId::Edge {
                from: p,
                to: op.to,
                message: None,
            };
            push(SegmentKind::Wait, p, item, free, op.start);
            push(SegmentKind::Send, p, item, op.start, op.end);
            free = op.end;
            if op.to == v {
                push(SegmentKind::Transit, v, item, op.end, op.recv_start);
                push(SegmentKind::Receive, v, item, op.recv_start, op.recv_end);
                break;
            }
        }
    }
    CriticalPath {
        segments,
        nodes: path.into_iter().map(|v| (v, None)).collect(),
    }
}

/// What a player needs of schedule `s` (see [`crate::playback::Motion`]): the source holds
/// the message at 0, every other node at its `ready`; each tree edge's transfer runs from the
/// start of its send to the end of its receive. Empty when `s` does not fit `inst`.
///
/// **Complexity**: O(n log n).
pub fn motion(inst: &Instance, s: &Schedule) -> Motion {
    if !fits(inst, s) {
        return Motion::default();
    }
    let holdings = (0..inst.nodes.len())
        .filter(|&v| v == s.source || s.parent[v].is_some())
        .map(|v| Holding {
            node: v,
            message: None,
            t: if v == s.source { 0.0 } else { s.ready[v] },
        })
        .collect();
    let moves = s
        .sends
        .iter()
        .map(|op| {
            let times = [op.start, op.end, op.recv_start, op.recv_end];
            Move::along(op.from, op.to, None, times)
        })
        .collect();
    Motion::new(holdings, moves, s.completion_time)
}

/// Options of [`tree_scene`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TreeOptions {
    /// Visible heading (none when empty). The scene's title (SVG `<title>`) is this, or
    /// "Multicast tree, completion time T" when empty.
    pub title: String,
    /// Replay time: nodes that hold the message later than this, and the edges into them, get
    /// the class `future` (drawn faded). `None` draws everything.
    pub at: Option<f64>,
    /// Draw the tree edges and nodes of the critical path ([`critical_path`]) with the class
    /// `critical`, said in the key line.
    pub critical: bool,
}

/// The text of a node's box label: "c|t" (node model, as in 000 Figure 1) or "s1 r2 | t"
/// (sender-receiver model: send time 1, receive time 2, holds the message at t); a node with
/// a LogP gap adds it: "1 g3|t", "s1 r2 g3 | t".
pub fn node_label(inst: &Instance, s: &Schedule, v: usize) -> String {
    let n = &inst.nodes[v];
    let t = fmt_t(s.ready[v]);
    let gap = n.gap.map(|g| format!(" g{}", fmt_t(g))).unwrap_or_default();
    match inst.model {
        ModelKind::Node => format!("{}{gap}|{}", fmt_t(n.send), t),
        ModelKind::SenderReceiver => {
            format!("s{} r{}{gap} | {}", fmt_t(n.send), fmt_t(n.recv), t)
        }
    }
}

/// The heading (and title) of the tree of algorithm `algo`'s schedule `s`: the algorithm,
/// the view, the instance and the completion time, e.g.
/// "Greedy / FNF — multicast tree, 12 nodes, T = 10" (as [`gantt_heading`]).
pub fn tree_heading(algo: &str, inst: &Instance, s: &Schedule) -> String {
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

/// True when `s` is a tree schedule over exactly the nodes of `inst`, so that layouts may index
/// it freely.
pub fn fits(inst: &Instance, s: &Schedule) -> bool {
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
fn is_last(inst: &Instance, s: &Schedule, v: usize) -> bool {
    v != inst.source && (s.ready[v] - s.completion_time).abs() <= 1e-9 * s.completion_time.max(1.0)
}

/// The tree of schedule `s` (see the module documentation).
pub fn tree_scene(inst: &Instance, s: &Schedule, opts: &TreeOptions) -> Scene {
    let title = title_or(&opts.title, || {
        format!(
            "Multicast tree, completion time {}",
            fmt_t(s.completion_time)
        )
    });
    if !fits(inst, s) {
        return Scene::mismatch(title);
    }
    let n = inst.nodes.len();
    let root = s.source;
    let names: Vec<String> = (0..n)
        .map(|v| truncate(&inst.label(v), NAME_CHARS))
        .collect();
    let labels: Vec<String> = (0..n).map(|v| node_label(inst, s, v)).collect();
    let mut key = label_key(inst.model).to_string();
    if inst.nodes.iter().any(|n| n.gap.is_some()) {
        key.push_str("; g: LogP gap");
    }
    if opts.critical {
        key.push_str("; orange: the critical path");
    }
    let lay = TidyTree::new(&s.children, root, &names, &labels, &opts.title, &key);

    // The critical path's nodes, from the root to the node that finishes last.
    let mut critical = vec![false; n];
    if opts.critical {
        for (v, _) in critical_path(inst, s).nodes {
            critical[v] = true;
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
        if critical[v] && v != root {
            class.push_str(" critical");
        }
        if future(v) {
            class.push_str(" future");
        }
        let costs = costs(inst, v);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::scene::Item;
    use crate::layout::timeline::TOP_AXIS_LANES;
    use crate::models::overhead::algo::greedy::greedy;
    use crate::models::overhead::{gallery, simulate};

    fn texts_of(scene: &Scene, class: &str) -> Vec<(String, f64)> {
        scene
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text {
                    text, class: c, y, ..
                } if c == class => Some((text.clone(), *y)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_gantt_heading_names_the_algorithm_the_instance_and_t() {
        let inst = gallery::libeskind_hadas_figure1();
        let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
        let h = gantt_heading("Greedy / FNF", &inst, &s);
        assert_eq!(h, "Greedy / FNF — Gantt chart, 12 nodes, T = 10");
        let opts = GanttOptions {
            title: h.clone(),
            ..Default::default()
        };
        let scene = gantt_scene(&inst, &s, &opts);
        assert_eq!(scene.title, h);
        assert_eq!(texts_of(&scene, "title")[0].0, h);
    }

    #[test]
    fn a_chart_can_take_another_schedules_lane_order() {
        use crate::models::overhead::algo::{run, Algorithm};
        let inst = gallery::libeskind_hadas_figure1();
        let timed = |a| simulate(&inst, &run(&inst, a, 0).unwrap().plan).unwrap();
        let (greedy, opt) = (timed(Algorithm::Greedy), timed(Algorithm::Optimal));
        let lanes_of = |t: &Timeline| t.lanes.iter().map(|l| l.key).collect::<Vec<_>>();
        let first = lane_order(&inst, &greedy);
        let opts = GanttOptions {
            lanes: Some(first.clone()),
            ..GanttOptions::default()
        };
        assert_eq!(
            lanes_of(&gantt_timeline(&inst, &opt, &opts, String::new())),
            first
        );
        // Not an order of the nodes: the schedule's own.
        let bad = GanttOptions {
            lanes: Some(vec![0, 0, 1]),
            ..GanttOptions::default()
        };
        assert_eq!(
            lanes_of(&gantt_timeline(&inst, &opt, &bad, String::new())),
            lane_order(&inst, &opt)
        );
    }

    #[test]
    fn more_than_top_axis_lanes_repeat_the_axis_above_the_lanes() {
        for (n, top) in [
            (TOP_AXIS_LANES, false),
            (TOP_AXIS_LANES + 1, true),
            (64, true),
        ] {
            let costs: Vec<f64> = (0..n).map(|i| 1.0 + (i % 5) as f64).collect();
            let inst = Instance::node_model(0, &costs);
            let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
            let scene = gantt_scene(&inst, &s, &GanttOptions::default());
            let top_labels = texts_of(&scene, "top-tick-label");
            let bottom_labels = texts_of(&scene, "tick-label");
            assert_eq!(!top_labels.is_empty(), top, "{n} lanes");
            assert_eq!(
                scene
                    .items
                    .iter()
                    .filter(|i| matches!(i, Item::Line { id, .. } if id == "top-axis"))
                    .count(),
                usize::from(top)
            );
            if top {
                let names = |l: &[(String, f64)]| l.iter().map(|t| t.0.clone()).collect::<Vec<_>>();
                assert_eq!(names(&top_labels), names(&bottom_labels));
                let first_lane = scene
                    .items
                    .iter()
                    .filter_map(|i| match i {
                        Item::Rect { id, y, .. } if id.starts_with("lane-") => Some(*y),
                        _ => None,
                    })
                    .fold(f64::INFINITY, f64::min);
                assert!(top_labels.iter().all(|t| t.1 < first_lane));
                // The completion label stays above the top tick labels.
                let t_label = texts_of(&scene, "completion-label")[0].1;
                assert!(top_labels.iter().all(|t| t.1 - 16.0 > t_label), "{t_label}");
            }
        }
    }

    #[test]
    fn the_tree_heading_names_the_algorithm_the_instance_and_t() {
        let inst = gallery::libeskind_hadas_figure1();
        let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
        let h = tree_heading("Greedy / FNF", &inst, &s);
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
}
#[cfg(test)]
mod replay_tests {
    use super::event_times;
    use crate::models::overhead::algo::greedy::greedy;
    use crate::models::overhead::{gallery, simulate};

    #[test]
    fn the_events_of_the_greedy_schedule_of_libeskind_hadas_figure_1() {
        let inst = gallery::libeskind_hadas_figure1();
        let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
        assert_eq!(s.completion_time, 10.0);
        // L = 0: every arrival is the end of its send; the last receive ends at T.
        assert_eq!(event_times(&s), [0.0, 3.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]);
    }
}
