//! One period of a platform schedule as a Gantt chart on the shared timeline (paper 002,
//! figure 1(e)): a lane per busy port, grouped by node, the busiest port marked.

use super::{critical_path, heading};
use crate::layout::scene::{Item, Scene};
use crate::layout::timeline::{
    timeline_scene, Bar, BarKind, Lane, LegendEntry, Mark, Span, Swatch, Timeline,
};
use crate::models::platform::{PeriodicSchedule, PlatformAlgorithm, PlatformInstance};
use crate::playback::SegmentKind;
use crate::units::fmt_t;

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
