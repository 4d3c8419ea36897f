//! What the platform model draws: one period of the periodic schedule on the shared timeline
//! (a lane per node, each send in the sender's lane and each receive in the receiver's,
//! coloured by edge), and the platform (nodes at their positions, edges as arrows whose
//! width grows with their load, dropped nodes faded, secondary sources as diamonds, MCPH's
//! tree edges marked) — paper 002, figures 1(e) and 12.

use super::{PeriodicSchedule, PlatformAlgorithm, PlatformInstance};
use crate::catalog::Catalog;
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
    period_scene_with(inst, algo, s, at, false, 1200.0)
}

/// [`period_scene`] `width` wide, with the critical path ([`critical_path`]: the busiest port's
/// communications) outlined when `critical`.
pub fn period_scene_with(
    inst: &PlatformInstance,
    algo: PlatformAlgorithm,
    s: &PeriodicSchedule,
    at: Option<f64>,
    critical: bool,
    width: f64,
) -> Scene {
    let n = inst.node_count();
    // Two lanes per node with traffic, its out-port above its in-port: in the one-port model a
    // node may send and receive at the same time, never two of either.
    let busy: Vec<usize> = (0..n)
        .filter(|&v| s.transfers.iter().any(|t| t.from == v || t.to == v))
        .collect();
    let mut lane_of = vec![(0, 0); n];
    let mut lanes = Vec::with_capacity(2 * busy.len());
    for &v in &busy {
        lane_of[v] = (lanes.len(), lanes.len() + 1);
        for (k, dir, count) in [
            (
                2 * v,
                "sends",
                s.transfers.iter().filter(|t| t.from == v).count(),
            ),
            (
                2 * v + 1,
                "receives",
                s.transfers.iter().filter(|t| t.to == v).count(),
            ),
        ] {
            lanes.push(Lane {
                key: k,
                label: format!("{} {}", inst.name(v), if k % 2 == 0 { "out" } else { "in" }),
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
        title: title.clone(),
        heading: title,
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
    timeline_scene(&tl, at)
}

/// The platform drawing (figure 12): node boxes at the instance's positions (a circle
/// when there are none), edges with their load, width by load class `load-1`..`load-5`.
pub fn platform_scene(
    inst: &PlatformInstance,
    algo: PlatformAlgorithm,
    s: &PeriodicSchedule,
) -> Scene {
    let n = inst.node_count();
    let legend = [
        "edge labels and widths: messages per multicast; dashed grey: unused edge",
        "green: the tree (MCPH, best tree); blue square: source; amber: targets; grey: dropped",
        "diamonds: secondary sources; orange outline: the busiest port (key x)",
    ];
    let title = heading(inst, algo, s);
    let w = legend
        .iter()
        .map(|l| text_width(l, FONT_SMALL) + 40.0)
        .fold(900.0_f64.max(title_width(&title) + 40.0), f64::max);
    // The nodes' bounding box fills the width (at most 560 high, the aspect kept): a path
    // drawn on one line is a short drawing, not a tall empty one.
    let (mx, my) = (60.0, 80.0);
    let raw: Vec<(f64, f64)> = (0..n).map(|v| inst.position(v)).collect();
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in &raw {
        (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
    }
    let (bw, bh) = ((x1 - x0).max(1e-9), (y1 - y0).max(0.0));
    let inner_w = w - 2.0 * mx;
    let scale = (inner_w / bw).min(if bh > 0.0 { 480.0 / bh } else { f64::MAX });
    let scale = if scale.is_finite() && scale < 1e12 {
        scale
    } else {
        0.0
    };
    let dx = mx + (inner_w - bw * scale).max(0.0) / 2.0;
    let h = my + bh * scale + 114.0;
    let pos: Vec<(f64, f64)> = raw
        .iter()
        .map(|&(x, y)| (dx + (x - x0) * scale, my + (y - y0) * scale))
        .collect();
    let mut items = vec![Item::Text {
        x: 20.0,
        y: 30.0,
        text: heading(inst, algo, s),
        class: "title".into(),
        anchor: Anchor::Start,
    }];
    let max_load = s.loads.iter().copied().fold(0.0_f64, f64::max);
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
        items.push(Item::Line {
            x1: link.start.0,
            y1: link.start.1,
            x2: link.end.0,
            y2: link.end.1,
            class,
            arrow: true,
            id: format!("edge-{}-{}", edge.from, edge.to),
        });
        if load > 0.0 {
            let (x, y) = link.label(0.5, 2.0);
            items.push(Item::Text {
                x,
                y,
                text: fmt_t(load),
                class: "edge-load".into(),
                anchor: Anchor::Middle,
            });
        }
    }
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
                });
            }
        }
        let bw = (text_width(&inst.name(v), FONT_LABEL) + 18.0).max(50.0);
        items.push(Item::Rect {
            x: x - bw / 2.0,
            y: y - 17.0,
            w: bw,
            h: 34.0,
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
            y: h - 56.0 + 22.0 * k as f64,
            text: (*line).into(),
            class: "legend".into(),
            anchor: Anchor::Start,
        });
    }
    Scene {
        width: w,
        height: h,
        title: heading(inst, algo, s),
        items,
        time: None,
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
    let n = inst.node_count();
    let mut busy = vec![(0.0f64, 0.0f64); n];
    for t in s.transfers.iter().filter(|t| t.from < n && t.to < n) {
        busy[t.from].0 += t.end - t.start;
        busy[t.to].1 += t.end - t.start;
    }
    let Some((v, out)) = (0..n)
        .flat_map(|v| [(v, true), (v, false)])
        .max_by(|a, b| {
            let load = |&(v, o): &(usize, bool)| if o { busy[v].0 } else { busy[v].1 };
            load(a).total_cmp(&load(b)).then(b.0.cmp(&a.0))
        })
        .filter(|&(v, o)| (if o { busy[v].0 } else { busy[v].1 }) > 0.0)
    else {
        return CriticalPath::default();
    };
    let mut mine: Vec<_> = s
        .transfers
        .iter()
        .filter(|t| if out { t.from == v } else { t.to == v })
        .collect();
    mine.sort_by(|a, b| a.start.total_cmp(&b.start));
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
