//! What the platform model draws: one period of the periodic schedule on the shared timeline
//! (a lane per node, each send in the sender's lane and each receive in the receiver's,
//! coloured by edge), and the platform (nodes at their positions, edges as arrows whose
//! width grows with their load, dropped nodes faded, secondary sources as diamonds, MCPH's
//! tree edges marked) — paper 002, figures 1(e) and 12.

use super::{PeriodicSchedule, PlatformAlgorithm, PlatformInstance};
use crate::catalog::Catalog;
use crate::layout::scene::{Anchor, Item, Scene};
use crate::layout::style::{text_width, title_width, FONT_SMALL};
use crate::layout::timeline::{timeline_scene, Bar, BarKind, Lane, Mark, Timeline};
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
    let tl = Timeline {
        title: title.clone(),
        heading: title,
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
    let legend =
        "edge labels: messages per multicast; grey boxes: dropped; diamonds: secondary sources";
    let title = heading(inst, algo, s);
    let w = 900.0_f64
        .max(title_width(&title) + 40.0)
        .max(text_width(legend, FONT_SMALL) + 40.0);
    let h = 700.0;
    let (mx, my) = (60.0, 80.0);
    let pos: Vec<(f64, f64)> = (0..n)
        .map(|v| {
            let node = &inst.nodes[v];
            let (x, y) = match (node.x, node.y) {
                (Some(x), Some(y)) => (x, y),
                _ => {
                    let a = std::f64::consts::TAU * v as f64 / n as f64;
                    (0.5 + 0.45 * a.cos(), 0.5 + 0.45 * a.sin())
                }
            };
            (mx + x * (w - 2.0 * mx), my + y * (h - my - 40.0))
        })
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
        let (x1, y1) = pos[edge.from];
        let (x2, y2) = pos[edge.to];
        // Offset the two directions of a link, and stop short of the boxes.
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ux, uy) = (dx / len, dy / len);
        let (ox, oy) = (-uy * 4.0, ux * 4.0);
        let cut = 22.0_f64.min(len / 3.0);
        let class = if load > 0.0 {
            let k = 1 + ((load / max_load.max(1e-12)) * 4.0).round() as usize;
            let tree = if s.tree.contains(&e) { " tree" } else { "" };
            format!("pedge used load-{}{tree}", k.min(5))
        } else {
            "pedge idle".into()
        };
        items.push(Item::Line {
            x1: x1 + ux * cut + ox,
            y1: y1 + uy * cut + oy,
            x2: x2 - ux * cut + ox,
            y2: y2 - uy * cut + oy,
            class,
            arrow: true,
            id: format!("edge-{}-{}", edge.from, edge.to),
        });
        if load > 0.0 {
            items.push(Item::Text {
                x: (x1 + x2) / 2.0 + ox * 2.0,
                y: (y1 + y2) / 2.0 + oy * 2.0,
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
            let r = 26.0;
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
        items.push(Item::Rect {
            x: x - 18.0,
            y: y - 12.0,
            w: 36.0,
            h: 24.0,
            rx: if v == inst.source { 0.0 } else { 10.0 },
            class,
            id: format!("node-{v}"),
            tip: inst.name(v),
        });
        items.push(Item::Text {
            x,
            y: y + 5.0,
            text: inst.name(v),
            class: "node-name".into(),
            anchor: Anchor::Middle,
        });
    }
    items.push(Item::Text {
        x: 20.0,
        y: h - 12.0,
        text: legend.into(),
        class: "legend".into(),
        anchor: Anchor::Start,
    });
    Scene {
        width: w,
        height: h,
        title: heading(inst, algo, s),
        items,
    }
}
