//! What the platform model draws: one period of the periodic schedule on the shared timeline
//! (a lane per node, each send in the sender's lane and each receive in the receiver's,
//! coloured by edge), and the platform (nodes at their positions, edges as arrows whose
//! width grows with their load, dropped nodes faded, secondary sources as diamonds, MCPH's
//! tree edges marked) — paper 002, figures 1(e) and 12.

use super::{PeriodicSchedule, PlatformAlgorithm, PlatformInstance};
use crate::catalog::Catalog;
use crate::layout::graph_layout::{self, GraphLayout};
use crate::layout::labels::{place_link_labels, Bounds};
use crate::layout::links::Link;
use crate::layout::scene::{Anchor, Item, Scene};
use crate::layout::style::{text_width, title_width, FONT_LABEL, FONT_SMALL};
use crate::layout::timeline::{
    timeline_scene, Bar, BarKind, Lane, LegendEntry, Mark, Span, Swatch, Timeline,
};
use crate::playback::{CriticalPath, Holding, Motion, Move, Segment, SegmentKind};
use crate::trace::ItemId;
use crate::units::fmt_t;

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

/// One period of `s` on the shared timeline, as of `at` (see [`Timeline`]).
pub fn period_scene(
    inst: &PlatformInstance,
    algo: PlatformAlgorithm,
    s: &PeriodicSchedule,
    at: Option<f64>,
) -> Scene {
    period_scene_with(inst, algo, s, at, false, 1200.0, true)
}

/// The busiest port of `s`: `(node, out)` with the largest busy time per period (the sum of
/// its transfers' lengths; `out` for the out-port; of equals, the lowest node, and of its two
/// ports the in-port), `None` without transfers.
///
/// # Complexity
/// O(n + transfers).
pub fn busiest_port(inst: &PlatformInstance, s: &PeriodicSchedule) -> Option<(usize, bool)> {
    let n = inst.node_count();
    let mut busy = vec![(0.0f64, 0.0f64); n];
    for t in s.transfers.iter().filter(|t| t.from < n && t.to < n) {
        busy[t.from].0 += t.end - t.start;
        busy[t.to].1 += t.end - t.start;
    }
    let load = |&(v, o): &(usize, bool)| if o { busy[v].0 } else { busy[v].1 };
    (0..n)
        .flat_map(|v| [(v, true), (v, false)])
        .max_by(|a, b| load(a).total_cmp(&load(b)).then(b.0.cmp(&a.0)))
        .filter(|p| load(p) > 0.0)
}

/// [`period_scene`] `width` wide, with the critical path ([`critical_path`]: the busiest port's
/// communications) outlined when `critical`.
///
/// A lane per busy port only (lane `2v` for node `v`'s out-port, `2v + 1` for its in-port),
/// a node's two ports next to each other, nodes in index order: a 65-node platform gets as
/// many lanes as it has ports in use, not 130. The busiest port's lane ([`busiest_port`]) has
/// the class `busiest`, "(busiest)" after its label, and a legend entry.
pub fn period_scene_with(
    inst: &PlatformInstance,
    algo: PlatformAlgorithm,
    s: &PeriodicSchedule,
    at: Option<f64>,
    critical: bool,
    width: f64,
    titled: bool,
) -> Scene {
    let n = inst.node_count();
    let busiest = busiest_port(inst, s);
    // One lane per busy port, a node's out-port above its in-port: in the one-port model a
    // node may send and receive at the same time, never two of either.
    let mut lane_of = vec![(usize::MAX, usize::MAX); n];
    let mut lanes = Vec::new();
    for (v, ports) in lane_of.iter_mut().enumerate() {
        for (out, dir) in [(true, "sends"), (false, "receives")] {
            let count = s
                .transfers
                .iter()
                .filter(|t| if out { t.from == v } else { t.to == v })
                .count();
            if count == 0 {
                continue;
            }
            if out {
                ports.0 = lanes.len();
            } else {
                ports.1 = lanes.len();
            }
            let mark = if busiest == Some((v, out)) {
                " (busiest)"
            } else {
                ""
            };
            lanes.push(Lane {
                key: 2 * v + usize::from(!out),
                label: format!("{} {}{mark}", inst.name(v), if out { "out" } else { "in" }),
                tip: format!("{} {dir} {count} time(s) per period", inst.name(v)),
            });
        }
    }
    let mut marks = Vec::with_capacity(2 * s.transfers.len());
    for (i, t) in s.transfers.iter().enumerate() {
        let words = format!(
            "{} → {}: {} to {} ({} message(s) per multicast)",
            inst.name(t.from),
            inst.name(t.to),
            fmt_t(t.start),
            fmt_t(t.end),
            fmt_t(s.loads.get(t.edge).copied().unwrap_or(0.0))
        );
        marks.push(Mark::Bar(Bar {
            lane: lane_of[t.from].0,
            kind: BarKind::Send,
            start: t.start,
            end: t.end,
            message: Some(t.edge),
            id: format!("send-{}-{}-{i}", t.from, t.to),
            tip: words.clone(),
            label: Some(format!("→{}", inst.name(t.to))),
        }));
        marks.push(Mark::Bar(Bar {
            lane: lane_of[t.to].1,
            kind: BarKind::Receive,
            start: t.start,
            end: t.end,
            message: Some(t.edge),
            id: format!("recv-{}-{}-{i}", t.from, t.to),
            tip: words,
            label: Some(format!("←{}", inst.name(t.from))),
        }));
    }
    let title = heading(inst, algo, s);
    let mut legend = Vec::new();
    if let Some((v, out)) = busiest {
        legend.push(LegendEntry {
            swatch: Swatch::Band("busiest"),
            words: format!(
                "busiest port: {} {} (sets T*)",
                inst.name(v),
                if out { "out" } else { "in" }
            ),
            key: None,
        });
    }
    let critical = if critical {
        legend.push(LegendEntry {
            swatch: Swatch::Critical,
            words: "critical path: the busiest port, busy the whole period".into(),
            key: None,
        });
        critical_path(inst, s)
            .segments
            .iter()
            .map(|c| Span {
                lane: if c.kind == SegmentKind::Receive {
                    lane_of[c.node].1
                } else {
                    lane_of[c.node].0
                },
                start: c.start,
                end: c.end,
                tip: format!(
                    "critical path: {} of {}, t={} to {}",
                    c.kind.word(),
                    inst.name(c.node),
                    fmt_t(c.start),
                    fmt_t(c.end)
                ),
            })
            .collect()
    } else {
        Vec::new()
    };
    let tl = Timeline {
        heading: if titled { title.clone() } else { String::new() },
        title,
        width,
        legend,
        critical,
        lanes,
        marks,
        completion: s.period,
        completion_label: format!("T* = {}", fmt_t(s.period)),
        plain: s.transfers.len() > 400,
        ..Default::default()
    };
    let mut scene = timeline_scene(&tl, at);
    if let Some((v, out)) = busiest {
        let want = format!("lane-{}", 2 * v + usize::from(!out));
        for item in &mut scene.items {
            if let Item::Rect { id, class, .. } = item {
                if *id == want {
                    class.push_str(" busiest");
                }
            }
        }
    }
    scene
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

/// The platform drawing (figure 12): node boxes at [`drawing_positions`], edges with their
/// load, width by load class `load-1`..`load-5`. The positions are scaled alike in x and y:
/// to at least 840 x 480 px, and further when needed so that no two node boxes come closer
/// than [`NODE_GAP`] (text stays at its stylesheet size, the drawing grows); a 65-node
/// platform laid out by [`tidy_positions`] is drawn about 1.9 times as wide as high.
pub fn platform_scene(
    inst: &PlatformInstance,
    algo: PlatformAlgorithm,
    s: &PeriodicSchedule,
) -> Scene {
    platform_scene_with(inst, algo, s, true)
}

/// [`platform_scene`], with its heading drawn only when `titled` (the app's lecture and embed
/// modes name the result above the drawing, and a heading as wide as a 65-node drawing's would
/// be cut where the drawing scrolls). Untitled, the drawing neither keeps the heading's width
/// nor its band at the top.
pub fn platform_scene_with(
    inst: &PlatformInstance,
    algo: PlatformAlgorithm,
    s: &PeriodicSchedule,
    titled: bool,
) -> Scene {
    platform_scene_in(inst, algo, s, titled, None)
}

/// The legend of the platform drawing, a line each.
const LEGEND: [&str; 3] = [
    "edge labels, widths and tooltips: messages per multicast; dashed grey: unused edge",
    "green: the tree (MCPH, best tree); blue square: source; amber: targets; grey: dropped",
    "diamonds: secondary sources; orange outline: the busiest port (key x)",
];

/// [`platform_scene_with`], laid out for a panel when `room` is given: the panel's (width,
/// height) in the drawing's own pixels at the smallest scale it is shown at (its text floor).
/// The nodes' positions are then stretched to the aspect of the room left for them (a wide
/// panel spreads the tiers sideways, a tall one downwards; the area they take stays) and
/// pushed apart where boxes come closer than [`NODE_GAP`]
/// ([`graph_layout::push_apart`]); when they would not fit the room even at the floor, they
/// are laid out as wide as the room and grow downwards (a panel scrolls down, never
/// sideways). A legend line wider than the room is broken at its "; ", a heading after its
/// ": ".
///
/// # Complexity
/// O(n² · sweeps) for the reshaping (at most 4 tries of [`graph_layout::push_apart`]), then
/// as [`platform_scene`].
pub fn platform_scene_in(
    inst: &PlatformInstance,
    algo: PlatformAlgorithm,
    s: &PeriodicSchedule,
    titled: bool,
    room: Option<(f64, f64)>,
) -> Scene {
    let room = room.filter(|r| r.0.is_finite() && r.1.is_finite() && r.0 > 0.0 && r.1 > 0.0);
    let legend = legend_lines(room.map_or(f64::INFINITY, |r| r.0 - 40.0));
    let title = heading(inst, algo, s);
    let sizes = node_sizes(inst);
    let raw = drawing_positions(inst);
    // The heading's lines: one, or two (broken after its ": ") where a room is narrower.
    let mut head: Vec<&str> = Vec::new();
    if titled {
        match title.split_once(": ") {
            Some((a, _)) if room.is_some_and(|r| title_width(&title) + 40.0 > r.0) => {
                head.extend([&title[..a.len() + 1], &title[a.len() + 2..]]);
            }
            _ => head.push(&title),
        }
    }
    let (pos, w, h) = place(&raw, &sizes, &head, &legend, room);
    let mut items = Vec::new();
    for (k, line) in head.iter().enumerate() {
        items.push(Item::Text {
            x: 20.0,
            y: 30.0 + 28.0 * k as f64,
            text: (*line).into(),
            class: "title".into(),
            anchor: Anchor::Start,
        });
    }
    let max_load = s.loads.iter().copied().fold(0.0_f64, f64::max);
    // The loads' labels, placed after every link is known (see `edge_labels`).
    let mut labelled: Vec<(Link, String)> = Vec::new();
    for (e, edge) in inst.edges.iter().enumerate() {
        let load = s.loads.get(e).copied().unwrap_or(0.0);
        // The two directions of a link side by side, stopping short of the boxes.
        let link = Link::new(pos[edge.from], pos[edge.to], 4.0, 30.0);
        let class = if load > 0.0 {
            let k = 1 + ((load / max_load.max(1e-12)) * 4.0).round() as usize;
            let tree = if s.tree.contains(&e) { " tree" } else { "" };
            format!("pedge used load-{}{tree}", k.min(5))
        } else {
            "pedge idle".into()
        };
        let tip = if load > 0.0 {
            format!(
                "{} → {}: {} message(s) per multicast",
                inst.name(edge.from),
                inst.name(edge.to),
                fmt_t(load)
            )
        } else {
            format!("{} → {}: unused", inst.name(edge.from), inst.name(edge.to))
        };
        items.push(Item::Line {
            x1: link.start.0,
            y1: link.start.1,
            x2: link.end.0,
            y2: link.end.1,
            class,
            arrow: true,
            id: format!("edge-{}-{}", edge.from, edge.to),
            tip,
        });
        if load > 0.0 {
            labelled.push((link, fmt_t(load)));
        }
    }
    // 22 px apart, the last one 12 px over the bottom.
    let lines = legend.len();
    let legend_y = |k: usize| h - 56.0 - 22.0 * (lines as f64 - 3.0) + 22.0 * k as f64;
    let mut obstacles: Vec<Bounds> = pos
        .iter()
        .zip(&sizes)
        .map(|(&(x, y), &(bw, bh))| (x - bw / 2.0, y - bh / 2.0, x + bw / 2.0, y + bh / 2.0))
        .collect();
    for (k, line) in legend.iter().enumerate() {
        let y = legend_y(k);
        obstacles.push((20.0, y - 15.0, 20.0 + text_width(line, FONT_SMALL), y + 4.0));
    }
    for (k, line) in head.iter().enumerate() {
        let y = 28.0 * k as f64;
        obstacles.push((20.0, 8.0 + y, 20.0 + title_width(line), 36.0 + y));
    }
    items.extend(edge_labels(&labelled, &obstacles, (0.0, 0.0, w, h)));
    for (v, &(x, y)) in pos.iter().enumerate() {
        let kept = s.nodes_kept.contains(&v);
        let mut class = String::from("pnode");
        if inst.targets.contains(&v) {
            class.push_str(" target");
        }
        if v == inst.source {
            class.push_str(" source");
        }
        if !kept {
            class.push_str(" dropped");
        }
        if s.sources.contains(&v) && v != inst.source {
            // A diamond: four lines around the box.
            class.push_str(" extra-source");
            let r = 36.0;
            for (a, b) in [
                ((0.0, -r), (r, 0.0)),
                ((r, 0.0), (0.0, r)),
                ((0.0, r), (-r, 0.0)),
                ((-r, 0.0), (0.0, -r)),
            ] {
                items.push(Item::Line {
                    x1: x + a.0,
                    y1: y + a.1,
                    x2: x + b.0,
                    y2: y + b.1,
                    class: "diamond".into(),
                    arrow: false,
                    id: String::new(),
                    tip: String::new(),
                });
            }
        }
        let (bw, bh) = sizes[v];
        items.push(Item::Rect {
            x: x - bw / 2.0,
            y: y - bh / 2.0,
            w: bw,
            h: bh,
            rx: if v == inst.source { 0.0 } else { 10.0 },
            class,
            id: format!("node-{v}"),
            tip: inst.name(v),
        });
        items.push(Item::Text {
            x,
            y: y + 7.0,
            text: inst.name(v),
            class: "node-label".into(),
            anchor: Anchor::Middle,
        });
    }
    for (k, line) in legend.iter().enumerate() {
        items.push(Item::Text {
            x: 20.0,
            y: legend_y(k),
            text: line.clone(),
            class: "legend".into(),
            anchor: Anchor::Start,
        });
    }
    Scene {
        width: w,
        height: h,
        title,
        items,
        time: None,
    }
}

/// The height of an edge's load label's box (pixels): the line of [`FONT_SMALL`] px type.
pub const EDGE_LABEL_HEIGHT: f64 = 19.0;

/// The width of an edge's load label's box (pixels): [`text_width`] of its bold figures, a
/// tenth wider (bold digits are 0.70 em in DejaVu Sans).
pub fn edge_label_width(text: &str) -> f64 {
    text_width(text, FONT_SMALL) * 1.1
}

/// The load labels of the links `labelled` (each link with its text), placed by
/// [`place_link_labels`]: beside each link on its right, at the free spot nearest its middle,
/// clear of `obstacles` (node boxes, legend, heading) and of each other. A label with no free
/// spot is left out: its load is in its link's tooltip, as every load is (a number over
/// another is read by no one; one to hover over is read by whoever asks).
fn edge_labels(labelled: &[(Link, String)], obstacles: &[Bounds], frame: Bounds) -> Vec<Item> {
    let sized: Vec<(Link, (f64, f64))> = labelled
        .iter()
        .map(|(l, t)| (*l, (edge_label_width(t), EDGE_LABEL_HEIGHT)))
        .collect();
    place_link_labels(&sized, obstacles, frame)
        .into_iter()
        .zip(labelled)
        .filter_map(|(c, (_, text))| {
            // The baseline under the box's centre: DejaVu Sans rises 0.93 em, drops 0.24 em.
            c.map(|(x, y)| Item::Text {
                x,
                y: y + 0.35 * FONT_SMALL,
                text: text.clone(),
                class: "edge-load".into(),
                anchor: Anchor::Middle,
            })
        })
        .collect()
}

/// Outline, in the platform drawing `g` of `s`, the nodes on the critical path (the busiest
/// port's node and the nodes it exchanges with: [`critical_path`]), by the class `critical`.
pub fn outline_critical(inst: &PlatformInstance, s: &PeriodicSchedule, g: &mut Scene) {
    let on: Vec<String> = critical_path(inst, s)
        .nodes
        .iter()
        .map(|(v, _)| format!("node-{v}"))
        .collect();
    for item in &mut g.items {
        if let Item::Rect { id, class, .. } = item {
            if on.contains(id) {
                class.push_str(" critical");
            }
        }
    }
}

/// The legend's lines ([`LEGEND`]), each line wider than `width` (at [`FONT_SMALL`] px)
/// broken at its "; " into as few lines as fit (a part wider than `width` alone on its line).
fn legend_lines(width: f64) -> Vec<String> {
    let mut out = Vec::new();
    for line in LEGEND {
        if text_width(line, FONT_SMALL) <= width {
            out.push(line.to_string());
            continue;
        }
        let mut cur = String::new();
        for part in line.split("; ") {
            let joined = format!("{cur}; {part}");
            if cur.is_empty() {
                cur = part.to_string();
            } else if text_width(&joined, FONT_SMALL) <= width {
                cur = joined;
            } else {
                out.push(std::mem::replace(&mut cur, part.to_string()));
            }
        }
        out.push(cur);
    }
    out
}

/// The drawing's node centres in pixels, its width and height: see [`platform_scene`] and,
/// with a `room`, [`platform_scene_in`].
fn place(
    raw: &[(f64, f64)],
    sizes: &[(f64, f64)],
    heading: &[&str],
    legend: &[String],
    room: Option<(f64, f64)>,
) -> (Vec<(f64, f64)>, f64, f64) {
    let widest = sizes.iter().map(|s| s.0).fold(50.0, f64::max);
    // The heading's band at the top, when there is a heading: 28 px more a line past the first.
    let my = match heading.len() {
        0 => 40.0,
        k => 80.0 + 28.0 * (k - 1) as f64,
    };
    let heading_w = heading.iter().map(|l| title_width(l)).fold(0.0, f64::max);
    let mx = 20.0 + widest / 2.0;
    // The legend's band at the bottom: 22 px a line, 48 px more.
    let bottom = 48.0 + 22.0 * legend.len() as f64;
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in raw {
        (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
    }
    let (bw, bh) = ((x1 - x0).max(1e-9), (y1 - y0).max(0.0));
    // The least scale: 840 px wide or 480 high; more if boxes would come too close, at most
    // 4000 px either way (two nodes at one place stay overlapped rather than blow up).
    let base = (840.0 / bw).min(if bh > 0.0 { 480.0 / bh } else { f64::MAX });
    let cap = 4000.0 / bw.max(bh);
    let apart = graph_layout::separating_scale(raw, sizes, NODE_GAP).min(cap);
    let scale = base.max(apart);
    let scale = if scale.is_finite() && scale < 1e12 {
        scale
    } else {
        0.0
    };
    // Centres in pixels from the top-left one, and their extent.
    let mut px: Vec<(f64, f64)> = raw
        .iter()
        .map(|&(x, y)| ((x - x0) * scale, (y - y0) * scale))
        .collect();
    let (mut cw, mut ch) = (bw * scale, bh * scale);
    let mut least = 900.0_f64;
    if let Some((rw, rh)) = room {
        let plot = (rw - 2.0 * mx, rh - my - bottom);
        if let Some(p) = reshape(&px, sizes, plot) {
            (px, cw, ch) = p;
        }
        least = least.min(rw);
    }
    let w = legend
        .iter()
        .map(|l| text_width(l, FONT_SMALL) + 40.0)
        .fold(least.max(heading_w + 40.0), f64::max)
        .max(cw + 2.0 * mx);
    let dx = (w - cw) / 2.0;
    let h = my + ch + bottom;
    let pos = px.iter().map(|&(x, y)| (dx + x, my + y)).collect();
    (pos, w, h)
}

/// The centres `px` (pixels, their box starting at (0, 0)) stretched to the aspect of a
/// `plot` room (width, height), the area of their box kept, as wide as the room at most, then
/// pushed apart ([`graph_layout::push_apart`]); when that makes them wider than the room, the
/// stretch is tried again narrower (4 tries at most; the last one is kept). `None` (keep `px`) for fewer than two
/// nodes, centres on one line, a room with no place, or a push that blows the drawing up.
/// Returns the centres from (0, 0) and their extent.
#[allow(clippy::type_complexity)]
fn reshape(
    px: &[(f64, f64)],
    sizes: &[(f64, f64)],
    plot: (f64, f64),
) -> Option<(Vec<(f64, f64)>, f64, f64)> {
    let extent = |p: &[(f64, f64)]| {
        p.iter()
            .fold((0.0_f64, 0.0_f64), |a, q| (a.0.max(q.0), a.1.max(q.1)))
    };
    let (cw, ch) = extent(px);
    let (pw, ph) = plot;
    if px.len() < 2 || cw <= 0.0 || ch <= 0.0 || pw <= 0.0 || ph <= 0.0 {
        return None;
    }
    let area = cw * ch;
    let mut tw = (area * pw / ph).sqrt().min(pw);
    let mut out = None;
    for _ in 0..4 {
        let th = area / tw;
        let mut p: Vec<(f64, f64)> = px
            .iter()
            .map(|&(x, y)| (x * tw / cw, y * th / ch))
            .collect();
        graph_layout::push_apart(&mut p, sizes, NODE_GAP);
        let (l, t) = p
            .iter()
            .fold((f64::MAX, f64::MAX), |a, q| (a.0.min(q.0), a.1.min(q.1)));
        for q in &mut p {
            *q = (q.0 - l, q.1 - t);
        }
        let (w, h) = extent(&p);
        if !(w.is_finite() && h.is_finite()) || w.max(h) > 4.0 * (cw + ch + pw + ph) {
            return out;
        }
        out = Some((p, w, h));
        if w <= pw {
            break;
        }
        // A little narrower than in proportion: the push may widen it again.
        tw *= 0.99 * pw / w;
    }
    out
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
        .map(|t| Move {
            item: ItemId::Edge {
                from: t.from,
                to: t.to,
                message: None,
            },
            from: t.from,
            to: t.to,
            message: None,
            start: t.start,
            sent: snap(t.end),
            arrive: snap(t.end),
            end: snap(t.end),
        })
        .collect();
    Motion::new(holdings, moves, s.period)
}
