//! How the many-source model (paper 001) is drawn: its schedule as lanes and bars of the shared
//! Gantt layout ([`crate::layout::timeline`]) and, one per message, as boxes of the shared tree
//! layout ([`crate::layout::tidy_tree`]), with this model's headings, labels and colours.
//!
//! **Gantt chart** ([`multi_gantt_scene`], [`multi_gantt_scene_at`]): one lane per node, every
//! bar in the colour of its message.
//!
//! - **Lanes** (`lane-{v}`), in node order, labelled `P3  fast` (node and class name).
//! - **Bars**, coloured by message (class `mc{k % 8}`, Okabe-Ito palette,
//!   [`MESSAGE_COLOURS`](crate::layout::style::MESSAGE_COLOURS)) and told apart by pattern, not
//!   hue: the send overhead in the sender's lane is **solid** (`msend`, `send-{k}-{from}-{to}`,
//!   labelled "m0→P3" when it fits); the message in the network is a **thin dashed** bar in a
//!   strip under the receiver's bar (`mtransit`, `transit-{k}-{from}-{to}`; overlapping
//!   transits get strips of their own); the receive overhead is **hatched** (`mrecv`,
//!   `recv-{k}-{from}-{to}`, hatching drawn as `mhatch` lines); the time a receiver has issued
//!   its blocking receive but its message has not arrived is a **blocked** bar, grey
//!   cross-hatching on white, unlike the lane stripes (`blocked`, `blocked-{k}-{from}-{to}`).
//!   There are no arrows between lanes (with several messages they cross and hide the bars):
//!   the send bar names the receiver ("m0→P3") and the transit strip sits in the receiver's
//!   lane. Messages 8-15 and 16-23 reuse the colours with other patterns
//!   ([`message_variant`](crate::layout::style::message_variant)): white stripes on the send
//!   bars and another hatching direction.
//! - **Axis**: nice ticks in µs, ms or s ([`crate::layout::axis::TimeAxis::Micros`]), the
//!   completion line and its label "T = 14 µs".
//! - **Legend**: the bar kinds, drawn as a send, a transit and a receive of the first message
//!   look ("send (colour = message)"), then one entry per message (`legend-msg-{k}`):
//!   "m0 from P1, 1 KB → 5 nodes" ([`message_summary`]).
//!
//! Above [`DENSE_TRANSFERS`] transfers the hatching, stripes and bar labels are left out.
//!
//! **Trees** ([`multi_tree_scene`]): the tree one message followed, its source at the top,
//! each node's children left to right in the order it sent them the message, drawn in the
//! message's colour. Each box (`node-{v}`, class `mnode`, with `source` for the root and `last`
//! for the destinations that get the message last) shows the node and its class ("P3 · fast")
//! and the time it holds the message ("t = 14 µs", every time of one tree in one unit;
//! "source" for the root). Edges (`edge-{u}-{v}`, class `medge`) are arrows from sender to
//! receiver. A key line under the tree names the message.
//!
//! **Complexity**: O(T log T + n T + hatching) for the chart of T transfers on n nodes, O(n h)
//! for a tree.
//!
//! ```
//! use hetcast_core::models::multi::{gallery, simulate_multi};
//! use hetcast_core::models::multi::algo::MultiAlgorithm;
//! use hetcast_core::models::multi::view::{multi_gantt_scene, multi_tree_scene, MultiGanttOptions};
//! let inst = gallery::wrp_beats_wr();
//! let s = simulate_multi(&inst, &MultiAlgorithm::Wrp.run(&inst).unwrap()).unwrap();
//! let scene = multi_gantt_scene(&inst, &s, &MultiGanttOptions::default());
//! assert_eq!(scene.with_class("lane").count(), inst.node_count());
//! assert_eq!(scene.items.iter().filter(|i| matches!(i, hetcast_core::layout::Item::Rect { id, .. } if id.starts_with("legend-msg-"))).count(), 4);
//! // m1 goes from P1 to 5 destinations: 6 boxes, 5 edges.
//! let tree = multi_tree_scene(&inst, &s, 1, &Default::default());
//! assert_eq!(tree.with_class("mnode").count(), 6);
//! assert_eq!(tree.with_class("medge").count(), 5);
//! ```

use crate::layout::axis::TimeAxis;
use crate::layout::scene::{title_or, Scene};
use crate::layout::style::{message_class, truncate};
use crate::layout::tidy_tree::{BoxLook, TidyTree, NAME_CHARS};
use crate::layout::timeline::{
    timeline_scene, Bar, BarKind, Lane, LegendEntry, Look, Mark, Span, Swatch, Timeline,
    TransitPlace,
};
use crate::models::multi::instance::instance_words;
use crate::models::multi::{MultiInstance, MultiSchedule, Transfer};
use crate::playback::{CriticalPath, Holding, Motion, Move, Segment, SegmentKind};
use crate::trace::ItemId;
use crate::units::{fmt_bytes, fmt_in, fmt_us, time_unit};

/// Above this many transfers the chart is drawn plainly: no hatching lines, stripes or bar
/// labels (the bars are then a few pixels wide, and the drawing stays light enough for a
/// browser); receive bars keep their tint and outline, send bars their solid fill.
pub const DENSE_TRANSFERS: usize = 1000;
/// Class names longer than this are cut in lane labels.
pub const CLASS_CHARS: usize = 12;

/// The measures of the many-source chart: 4 px above and below the bars, transits in 6 px
/// strips under them.
pub const LOOK: Look = Look {
    tick_px: 90.0,
    right_pad: 36.0,
    lane_pad: 4.0,
    transit_h: 6.0,
    transit: TransitPlace::Strips,
    label_pad: 6.0,
};

/// Options of [`multi_gantt_scene`].
#[derive(Debug, Clone, PartialEq)]
pub struct MultiGanttOptions {
    /// Visible heading (none when empty). The scene's title is this, or
    /// "Gantt chart, completion time T = …" when empty.
    pub title: String,
    /// Width of the scene (the plot takes what the lane labels leave, at least
    /// [`crate::layout::timeline::MIN_PLOT_W`]). Default 1200.
    pub width: f64,
    /// The axis runs to this time at least (charts compared on one time scale).
    pub time_max: Option<f64>,
    /// Lanes only as tall as their bars (lecture mode).
    pub compact: bool,
    /// Outline the critical path ([`critical_path`]), with a legend entry.
    pub critical: bool,
}

impl Default for MultiGanttOptions {
    fn default() -> Self {
        MultiGanttOptions {
            title: String::new(),
            width: crate::layout::timeline::DEFAULT_WIDTH,
            time_max: None,
            compact: false,
            critical: false,
        }
    }
}

/// The heading (and title) of the Gantt chart of algorithm `algo`'s many-source schedule
/// `s`: the algorithm, the view, the instance and the completion time, e.g.
/// "WRP — Gantt chart, 8 nodes, 4 messages, T = 14 µs" (as the single-source
/// [`crate::models::overhead::view::gantt_heading`]).
pub fn gantt_heading(algo: &str, inst: &MultiInstance, s: &MultiSchedule) -> String {
    format!(
        "{algo} — Gantt chart, {}, T = {}",
        instance_words(inst),
        fmt_us(s.completion_time)
    )
}

/// The legend text of message `k`: "m0 from P1, 1 KB → 5 nodes".
pub fn message_summary(inst: &MultiInstance, k: usize) -> String {
    let m = &inst.messages[k];
    let d = m.destinations.len();
    format!(
        "{} from {}, {} → {d} node{}",
        inst.message_label(k),
        inst.label(m.source),
        fmt_bytes(m.size),
        if d == 1 { "" } else { "s" }
    )
}

/// The label of node `v`'s lane: "P3  fast" (the class name cut to [`CLASS_CHARS`]).
pub fn lane_label(inst: &MultiInstance, v: usize) -> String {
    with_class(inst, v, "  ", CLASS_CHARS)
}

/// Node `v`'s label, then `sep` and its class name cut to `chars` characters (just the label
/// when the class has no name).
fn with_class(inst: &MultiInstance, v: usize, sep: &str, chars: usize) -> String {
    let class = inst
        .class_of(v)
        .map(|c| truncate(&inst.classes[c].name, chars))
        .unwrap_or_default();
    if class.is_empty() {
        inst.label(v)
    } else {
        format!("{}{sep}{class}", inst.label(v))
    }
}

/// True when `s` is a schedule over exactly the nodes and messages of `inst`, so that layouts
/// may index it freely.
pub fn schedule_fits(inst: &MultiInstance, s: &MultiSchedule) -> bool {
    let (n, nm) = (inst.node_count(), inst.messages.len());
    n > 0
        && s.parent.len() == nm
        && s.holds.len() == nm
        && s.parent.iter().all(|p| p.len() == n)
        && s.holds.iter().all(|h| h.len() == n)
        && s.finish.len() == n
        && inst.messages.iter().all(|m| m.source < n)
        && s.transfers
            .iter()
            .all(|t| t.from < n && t.to < n && t.msg < nm)
}

/// Words a bar's tooltip from its span ("3 µs to 5 µs") and duration ("2 µs").
type Tip<'a> = &'a dyn Fn(String, String) -> String;

/// The bars of transfer `t`: send, transit, blocked, receive (those of positive length).
fn transfer_bars(inst: &MultiInstance, t: &Transfer, marks: &mut Vec<Mark>, any: &mut [bool; 3]) {
    let (k, u, v) = (t.msg, t.from, t.to);
    let (nu, nv, mk) = (inst.label(u), inst.label(v), inst.message_label(k));
    // `tip(span, duration)` words the tooltip, span "3 µs to 5 µs", duration "2 µs".
    let bar = |kind, lane, (start, end): (f64, f64), id: &str, tip: Tip| Bar {
        lane,
        kind,
        start,
        end,
        message: Some(k),
        id: format!("{id}-{k}-{u}-{v}"),
        tip: tip(
            format!("{} to {}", fmt_us(start), fmt_us(end)),
            fmt_us(end - start),
        ),
        label: None,
    };
    let send = |span, d| format!("{nu} sends {mk} to {nv}: {span} (S = {d})");
    marks.push(Mark::Bar(Bar {
        label: Some(format!("{mk}→{nv}")),
        ..bar(BarKind::Send, u, (t.send_start, t.send_end), "send", &send)
    }));
    let buffer = if t.recv_start > t.arrive {
        format!("; waits in {nv}'s buffer until {}", fmt_us(t.recv_start))
    } else {
        String::new()
    };
    let held = fmt_us(t.recv_end);
    let transit = |span, _| format!("{mk} from {nu} to {nv} in the network: {span}{buffer}");
    // Blocked: the receive is issued, the message is not there yet.
    let blocked = |span, d| format!("{nv} waits for {mk} from {nu}: {span} ({d} blocked)");
    let recv =
        |span, d| format!("{nv} receives {mk} from {nu}: {span} (R = {d}); holds {mk} at {held}");
    let rest: [(BarKind, (f64, f64), &str, Tip); 3] = [
        (
            BarKind::Transit,
            (t.send_end, t.arrive),
            "transit",
            &transit,
        ),
        (
            BarKind::Blocked,
            (t.recv_issue, t.recv_start),
            "blocked",
            &blocked,
        ),
        (BarKind::Receive, (t.recv_start, t.recv_end), "recv", &recv),
    ];
    for (i, (kind, span, id, tip)) in rest.into_iter().enumerate() {
        if span.1 > span.0 {
            any[i] = true;
            let label = (kind == BarKind::Receive).then(|| mk.clone());
            marks.push(Mark::Bar(Bar {
                label,
                ..bar(kind, v, span, id, tip)
            }));
        }
    }
}

/// Schedule `s` as a [`Timeline`] (see the module documentation); `s` must fit `inst`.
pub fn gantt_timeline(
    inst: &MultiInstance,
    s: &MultiSchedule,
    opts: &MultiGanttOptions,
    title: String,
) -> Timeline {
    let n = inst.node_count();
    let lanes = (0..n)
        .map(|v| {
            let sends = s.transfers.iter().filter(|t| t.from == v).count();
            let recvs = s.transfers.iter().filter(|t| t.to == v).count();
            let class = inst
                .class_of(v)
                .map(|c| inst.classes[c].name.as_str())
                .filter(|c| !c.is_empty())
                .map(|c| format!(" ({c})"))
                .unwrap_or_default();
            Lane {
                key: v,
                label: lane_label(inst, v),
                tip: format!(
                    "{}{class}: {sends} send(s), {recvs} receive(s); last task ends at {}",
                    inst.label(v),
                    fmt_us(s.finish[v])
                ),
            }
        })
        .collect();
    let mut marks = Vec::with_capacity(4 * s.transfers.len());
    let mut any = [false; 3]; // transit, blocked, receive
    for t in &s.transfers {
        transfer_bars(inst, t, &mut marks, &mut any);
    }
    // The kinds look like the first message's bars: sends are in their message's colour.
    let entry = |swatch, words: String, key: Option<String>| LegendEntry { swatch, words, key };
    let kind = |kind, words: &str| entry(Swatch::Bar(kind, Some(0)), words.into(), None);
    let mut legend = vec![kind(BarKind::Send, "send (colour = message)")];
    if any[0] {
        legend.push(kind(BarKind::Transit, "in the network"));
    }
    if any[2] {
        legend.push(kind(BarKind::Receive, "receive"));
    }
    if any[1] {
        legend.push(kind(BarKind::Blocked, "blocked, waiting"));
    }
    legend.push(entry(Swatch::Completion, "completion time".into(), None));
    let critical = if opts.critical {
        legend.push(entry(
            Swatch::Critical,
            "critical path: the tasks that fix T".into(),
            None,
        ));
        Span::critical(
            &critical_path(inst, s),
            |v| v,
            |v| inst.label(v),
            |a, b| format!("{} to {}", fmt_us(a), fmt_us(b)),
        )
    } else {
        Vec::new()
    };
    for k in 0..inst.messages.len() {
        legend.push(entry(
            Swatch::Bar(BarKind::Send, Some(k)),
            message_summary(inst, k),
            Some(format!("legend-msg-{k}")),
        ));
    }
    Timeline {
        title,
        heading: opts.title.clone(),
        width: opts.width,
        axis: TimeAxis::Micros,
        look: if opts.compact {
            Look {
                lane_pad: 0.0,
                ..LOOK
            }
        } else {
            LOOK
        },
        lanes,
        marks,
        completion: s.completion_time,
        completion_label: format!("T = {}", fmt_us(s.completion_time)),
        legend,
        plain: s.transfers.len() > DENSE_TRANSFERS,
        faded_after: None,
        time_max: opts.time_max,
        critical,
    }
}

/// The Gantt chart of many-source schedule `s` (see the module documentation).
pub fn multi_gantt_scene(
    inst: &MultiInstance,
    s: &MultiSchedule,
    opts: &MultiGanttOptions,
) -> Scene {
    multi_gantt_scene_at(inst, s, opts, None)
}

/// The Gantt chart of many-source schedule `s` as it stands at time `at`: only the bars that
/// began before `at`, each cut there (see [`crate::layout::timeline`]); `None` draws
/// everything, as [`multi_gantt_scene`].
pub fn multi_gantt_scene_at(
    inst: &MultiInstance,
    s: &MultiSchedule,
    opts: &MultiGanttOptions,
    at: Option<f64>,
) -> Scene {
    let title = title_or(&opts.title, || {
        format!(
            "Gantt chart, completion time T = {}",
            fmt_us(s.completion_time)
        )
    });
    if !schedule_fits(inst, s) {
        return Scene::mismatch(title);
    }
    timeline_scene(&gantt_timeline(inst, s, opts, title), at)
}

/// The moments of many-source schedule `s` a replay steps through: every send start, every
/// arrival (the message reaches the receiver's buffer) and every receive end, in increasing
/// order, each once.
pub fn event_times(s: &MultiSchedule) -> Vec<f64> {
    crate::order::sorted_distinct(
        s.transfers
            .iter()
            .flat_map(|x| [x.send_start, x.arrive, x.recv_end]),
    )
}

/// One task of a node, timed: index into `transfers`, and whether it is the send (else the
/// receive).
#[derive(Clone, Copy)]
struct TaskAt {
    start: f64,
    end: f64,
    transfer: usize,
    send: bool,
}

/// Every node's tasks in the order it ran them: a node runs its list back to back and every
/// send and receive lasts a positive time, so the order of the start times (a receive starts
/// when it is issued) is the list's order.
fn tasks_in_order(n: usize, s: &MultiSchedule) -> Vec<Vec<TaskAt>> {
    let mut out: Vec<Vec<TaskAt>> = vec![Vec::new(); n];
    for (i, t) in s.transfers.iter().enumerate() {
        out[t.from].push(TaskAt {
            start: t.send_start,
            end: t.send_end,
            transfer: i,
            send: true,
        });
        out[t.to].push(TaskAt {
            start: t.recv_issue,
            end: t.recv_end,
            transfer: i,
            send: false,
        });
    }
    for list in &mut out {
        crate::order::sort_by(list, |a, b| {
            a.start.total_cmp(&b.start).then(a.end.total_cmp(&b.end))
        });
    }
    out
}

/// The critical path of many-source schedule `s` (see [`crate::playback`]), followed back
/// from the receive that ends last (the first in `s.transfers` among ties). A receive starts
/// either when its message arrives (then the chain goes back through the transit to the
/// sender's send, and on from the task before that send) or when the receiver's previous
/// task ends (then the chain goes on from that task); where both are the same moment, it
/// follows the message. A send starts when the sender's previous task ends, or at 0. Blocked
/// time is never on the chain (the arrival that ends it is). `nodes` lists, from the first to
/// the last, the node and message of each receive on the chain (the source of the first
/// message first). Empty when `s` does not fit `inst`.
///
/// **Complexity**: O(T log T) for T transfers.
///
/// ```
/// use hetcast_core::models::multi::{gallery, simulate_multi, view};
/// use hetcast_core::models::multi::algo::MultiAlgorithm;
/// let (_, _, inst) = gallery::all().remove(0);
/// let s = simulate_multi(&inst, &MultiAlgorithm::Fef.solve(&inst).unwrap().plan).unwrap();
/// let c = view::critical_path(&inst, &s);
/// assert!(c.is_chain());
/// assert_eq!(c.end(), s.completion_time);
/// ```
pub fn critical_path(inst: &MultiInstance, s: &MultiSchedule) -> CriticalPath {
    if !schedule_fits(inst, s) || s.transfers.is_empty() {
        return CriticalPath::default();
    }
    let n = inst.node_count();
    let tasks = tasks_in_order(n, s);
    // Position of each transfer's send and receive in its node's list.
    let mut pos_send = vec![0usize; s.transfers.len()];
    let mut pos_recv = vec![0usize; s.transfers.len()];
    for list in &tasks {
        for (p, t) in list.iter().enumerate() {
            if t.send {
                pos_send[t.transfer] = p;
            } else {
                pos_recv[t.transfer] = p;
            }
        }
    }
    let mut last = 0;
    for (i, t) in s.transfers.iter().enumerate() {
        if t.recv_end > s.transfers[last].recv_end {
            last = i;
        }
    }
    let mut rev: Vec<Segment> = Vec::new();
    let mut nodes_rev: Vec<(usize, Option<usize>)> = Vec::new();
    // (node, position of the task in its list) to explain next.
    let mut cur = Some((s.transfers[last].to, pos_recv[last]));
    let mut guard = 0usize;
    while let Some((v, p)) = cur {
        guard += 1;
        if guard > 2 * s.transfers.len() + 2 {
            return CriticalPath::default();
        }
        let task = tasks[v][p];
        let t = &s.transfers[task.transfer];
        let item = ItemId::Edge {
            from: t.from,
            to: t.to,
            message: Some(t.msg),
        };
        let seg = |kind, node, start: f64, end: f64| Segment {
            kind,
            node,
            item,
            start,
            end,
        };
        let before = |v: usize, p: usize| (p > 0).then(|| (v, p - 1));
        if task.send {
            rev.push(seg(SegmentKind::Send, v, t.send_start, t.send_end));
            cur = before(v, p);
        } else {
            rev.push(seg(SegmentKind::Receive, v, t.recv_start, t.recv_end));
            nodes_rev.push((v, Some(t.msg)));
            if t.recv_start == t.arrive {
                if t.arrive > t.send_end {
                    rev.push(seg(SegmentKind::Transit, v, t.send_end, t.arrive));
                }
                rev.push(seg(SegmentKind::Send, t.from, t.send_start, t.send_end));
                cur = before(t.from, pos_send[task.transfer]);
                if cur.is_none() {
                    nodes_rev.push((t.from, Some(t.msg)));
                }
            } else {
                cur = before(v, p);
            }
        }
    }
    rev.reverse();
    nodes_rev.reverse();
    CriticalPath {
        segments: rev,
        nodes: nodes_rev,
    }
}

/// What a player needs of many-source schedule `s` (see [`crate::playback::Motion`]): each
/// message's source holds it at 0, each destination when its receive ends; each transfer runs
/// from the start of its send to the end of its receive. Empty when `s` does not fit `inst`.
///
/// **Complexity**: O(T log T + N M) for T transfers, N nodes, M messages.
pub fn motion(inst: &MultiInstance, s: &MultiSchedule) -> Motion {
    if !schedule_fits(inst, s) {
        return Motion::default();
    }
    let mut holdings = Vec::new();
    for (k, h) in s.holds.iter().enumerate() {
        for (v, t) in h.iter().enumerate() {
            if let Some(t) = *t {
                holdings.push(Holding {
                    node: v,
                    message: Some(k),
                    t,
                });
            }
        }
    }
    let moves = s
        .transfers
        .iter()
        .map(|t| {
            let times = [t.send_start, t.send_end, t.arrive, t.recv_end];
            Move::along(t.from, t.to, Some(t.msg), times)
        })
        .collect();
    Motion::new(holdings, moves, s.completion_time)
}

/// Options of [`multi_tree_scene`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MultiTreeOptions {
    /// Visible heading (none when empty). The scene's title is this, or
    /// "Tree of m2, done at …" when empty.
    pub title: String,
    /// Draw the edges and nodes of this message that are on the critical path
    /// ([`critical_path`]) with the class `critical`, said in the key line.
    pub critical: bool,
    /// The room of the panel the tree is shown in, in the drawing's pixels at its text floor
    /// (none: laid out on its own; see [`TidyTree::new_in`]).
    pub room: Option<(f64, f64)>,
}

mod tree;
pub use tree::{box_name, multi_tree_scene, tree_heading};

#[cfg(test)]
mod tests;
