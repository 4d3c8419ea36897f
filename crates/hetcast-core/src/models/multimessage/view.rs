//! What the multimessage model draws: its schedule on the shared timeline
//! ([`crate::layout::timeline`]) in unit steps, and the instance as a bundled multigraph
//! ([`crate::layout::bundles`], the paper's figure 1).
//!
//! - **Timeline**: a lane per processor; step `s` is the interval `[s - 1, s]`. A send is a
//!   bar of the message's colour labelled with its name (`send-{p}-{s}`); a receipt is a strip
//!   under the lane's bar band labelled likewise (`transit-{q}-{s}`), so that a processor that
//!   sends and receives in one step shows both. Whole-number ticks ([`TimeAxis::Steps`]).
//! - **Multigraph**: an arrow from each message's source to each destination, the arrows of one
//!   message joined by its bundle line.
//! - **Steps of Gonzalez** ([`step_scene`]): the multigraph the algorithm transforms, as its
//!   steps so far left it: the dummy processors and messages of input balancing, each
//!   `(I_i, G_i)` as its round builds it, the sets `S`, `S'` and the marks, the bundles `Q_j`
//!   chosen, and the communication mode being built.

use super::instance::MmInstance;
use super::simulate::MmSchedule;
use crate::layout::axis::TimeAxis;
use crate::layout::bundles::{bundle_scene, Bundled};
use crate::layout::style::truncate;
use crate::layout::style::{text_width, FONT_SMALL};
use crate::layout::timeline::{
    timeline_scene, Bar, BarKind, Lane, LegendEntry, Look, Mark, Span, Swatch, Timeline,
    TransitPlace,
};
use crate::layout::Scene;
use crate::layout::{Anchor, Item};
use crate::playback::{CriticalPath, Holding, Motion, Move, Segment, SegmentKind};
use crate::trace::{BuiltBundle, BuiltGraph, BuiltSend, ItemId, Step};

/// Lane labels longer than this are cut (with "…"); the lane's tooltip has the whole name.
pub const LANE_CHARS: usize = 16;

/// Most messages listed in the timeline's legend.
pub const LEGEND_MESSAGES: usize = 12;

/// "9 processors, 6 messages, d = 3".
pub fn instance_words(inst: &MmInstance) -> String {
    let m = inst.messages.len();
    format!(
        "{} processor{}, {m} message{}, d = {}",
        inst.processors,
        if inst.processors == 1 { "" } else { "s" },
        if m == 1 { "" } else { "s" },
        inst.degree()
    )
}

fn steps_words(t: usize) -> String {
    format!("{t} step{}", if t == 1 { "" } else { "s" })
}

/// The timeline of schedule `s` of algorithm `algo` (see the module documentation), as it
/// stands at step time `at` (`None`: all of it), 1200 px wide.
pub fn timeline(inst: &MmInstance, algo: &str, s: &MmSchedule, at: Option<f64>) -> Scene {
    timeline_sized(inst, algo, s, 1200.0, at, false)
}

/// [`timeline`] asked to be `width` px wide (the app fits it to its panel).
pub fn timeline_sized(
    inst: &MmInstance,
    algo: &str,
    s: &MmSchedule,
    width: f64,
    at: Option<f64>,
    critical: bool,
) -> Scene {
    let names: Vec<String> = (0..inst.processors).map(|p| inst.label(p)).collect();
    let mut marks = Vec::new();
    for (si, step) in s.plan.steps.iter().enumerate() {
        let step_no = si + 1;
        for t in step {
            if t.from >= inst.processors || t.message >= inst.messages.len() {
                continue;
            }
            let name = inst.message_label(t.message);
            let to: Vec<String> =
                t.to.iter()
                    .filter(|&&q| q < inst.processors)
                    .map(|&q| names[q].clone())
                    .collect();
            marks.push(Mark::Bar(Bar {
                lane: t.from,
                kind: BarKind::Send,
                start: si as f64,
                end: step_no as f64,
                message: Some(t.message),
                id: format!("send-{}-{step_no}", t.from),
                tip: format!(
                    "step {step_no}: {} sends {name} to {}",
                    names[t.from],
                    to.join(", ")
                ),
                label: Some(name.clone()),
            }));
            for &q in t.to.iter().filter(|&&q| q < inst.processors) {
                marks.push(Mark::Bar(Bar {
                    lane: q,
                    kind: BarKind::Transit,
                    start: si as f64,
                    end: step_no as f64,
                    message: Some(t.message),
                    id: format!("transit-{q}-{step_no}"),
                    tip: format!(
                        "step {step_no}: {} receives {name} from {}",
                        names[q], names[t.from]
                    ),
                    label: Some(name.clone()),
                }));
            }
        }
    }
    let mut legend: Vec<LegendEntry> = inst
        .messages
        .iter()
        .enumerate()
        .take(LEGEND_MESSAGES)
        .map(|(k, m)| LegendEntry {
            swatch: Swatch::Bar(BarKind::Send, Some(k)),
            words: format!(
                "{}: {} → {}",
                m.name,
                inst.label(m.source),
                if m.destinations.len() <= 4 {
                    m.destinations
                        .iter()
                        .map(|&q| inst.label(q))
                        .collect::<Vec<_>>()
                        .join(", ")
                } else {
                    format!("{} processors", m.destinations.len())
                }
            ),
            key: Some(format!("legend-msg-{k}")),
        })
        .collect();
    if inst.messages.len() > LEGEND_MESSAGES {
        legend.push(LegendEntry {
            swatch: Swatch::Completion,
            words: format!(
                "… and {} more messages",
                inst.messages.len() - LEGEND_MESSAGES
            ),
            key: None,
        });
    }
    legend.push(LegendEntry {
        swatch: Swatch::Bar(BarKind::Transit, None),
        words: "received (strip under the lane)".into(),
        key: None,
    });
    let critical = if critical {
        legend.push(LegendEntry {
            swatch: Swatch::Critical,
            words: "critical path: the transmissions (and waits) that fix T".into(),
            key: None,
        });
        critical_path(inst, s)
            .segments
            .iter()
            .map(|c| Span {
                lane: c.node,
                start: c.start,
                end: c.end,
                tip: format!(
                    "critical path: {} of {}, steps {} to {}",
                    c.kind.word(),
                    inst.label(c.node),
                    c.start,
                    c.end
                ),
            })
            .collect()
    } else {
        Vec::new()
    };
    let t = Timeline {
        critical,
        title: format!("{algo}: schedule of {}", steps_words(s.steps)),
        heading: format!(
            "{algo} — {}, T = {}",
            instance_words(inst),
            steps_words(s.steps)
        ),
        axis: TimeAxis::Steps,
        look: Look {
            transit: TransitPlace::Strips,
            transit_h: 22.0,
            label_pad: 4.0,
            tick_px: 60.0,
            ..Look::default()
        },
        lanes: names
            .iter()
            .enumerate()
            .map(|(p, l)| Lane {
                key: p,
                label: truncate(l, LANE_CHARS),
                tip: l.clone(),
            })
            .collect(),
        marks,
        completion: s.steps as f64,
        completion_label: format!("T = {}", steps_words(s.steps)),
        legend,
        plain: s.plan.steps.iter().map(Vec::len).sum::<usize>() > 2000,
        width,
        ..Timeline::default()
    };
    timeline_scene(&t, at)
}

/// The critical path of `s` (see [`crate::playback`]): back from a transmission of the last
/// step, each hop the transmission that brought its message to its sender (a send of one
/// step in the sender's lane), with the steps the message waited at the sender as a `Wait`,
/// down to the message's source at step 0. So the links run without a gap from 0 to the
/// number of steps. Empty for an empty schedule.
///
/// **Complexity**: O(steps × transmissions per step).
pub fn critical_path(inst: &MmInstance, s: &MmSchedule) -> CriticalPath {
    let n = inst.processors;
    let Some(last) = s.plan.steps.get(s.steps.wrapping_sub(1)).and_then(|st| {
        st.iter()
            .find(|t| t.from < n && t.message < inst.messages.len() && !t.to.is_empty())
    }) else {
        return CriticalPath::default();
    };
    let mut segments = Vec::new();
    let mut nodes = vec![(last.to[0], Some(last.message))];
    let (mut p, k, mut step) = (last.from, last.message, s.steps);
    for _ in 0..=s.steps {
        let to = nodes.last().map_or(p, |x| x.0);
        let item = ItemId::Edge {
            from: p,
            to,
            message: Some(k),
        };
        segments.push(Segment {
            kind: SegmentKind::Send,
            node: p,
            item,
            start: (step - 1) as f64,
            end: step as f64,
        });
        nodes.push((p, Some(k)));
        let got = s
            .arrival
            .get(p)
            .and_then(|a| a.get(k))
            .copied()
            .flatten()
            .unwrap_or(0);
        if got + 1 < step {
            segments.push(Segment {
                kind: SegmentKind::Wait,
                node: p,
                item,
                start: got as f64,
                end: (step - 1) as f64,
            });
        }
        if got == 0 {
            break;
        }
        let Some(prev) = s
            .plan
            .steps
            .get(got - 1)
            .and_then(|st| st.iter().find(|t| t.message == k && t.to.contains(&p)))
        else {
            break;
        };
        p = prev.from;
        step = got;
    }
    segments.reverse();
    nodes.reverse();
    CriticalPath { segments, nodes }
}

/// What a player needs of `s` (see [`crate::playback::Motion`]): each processor holds each
/// message from the end of the step that brought it (its source from 0); each transmission
/// moves its message during its step.
pub fn motion(inst: &MmInstance, s: &MmSchedule) -> Motion {
    let mut holdings = Vec::new();
    for (q, row) in s.arrival.iter().enumerate().take(inst.processors) {
        for (k, a) in row.iter().enumerate() {
            if let Some(a) = a {
                holdings.push(Holding {
                    node: q,
                    message: Some(k),
                    t: *a as f64,
                });
            }
        }
    }
    let mut moves = Vec::new();
    for (si, step) in s.plan.steps.iter().enumerate() {
        for t in step {
            for &q in &t.to {
                moves.push(Move {
                    item: ItemId::Edge {
                        from: t.from,
                        to: q,
                        message: Some(t.message),
                    },
                    from: t.from,
                    to: q,
                    message: Some(t.message),
                    start: si as f64,
                    sent: (si + 1) as f64,
                    arrive: (si + 1) as f64,
                    end: (si + 1) as f64,
                });
            }
        }
    }
    Motion::new(holdings, moves, s.steps as f64)
}

/// The instance as a bundled multigraph (the paper's figure 1), headed with `heading`.
pub fn multigraph(inst: &MmInstance, heading: String) -> Scene {
    bundle_scene(&Bundled {
        heading,
        names: (0..inst.processors).map(|p| inst.label(p)).collect(),
        messages: inst
            .messages
            .iter()
            .map(|m| (m.name.clone(), m.source, m.destinations.clone()))
            .collect(),
        ..Bundled::default()
    })
}

/// The multigraph Gonzalez's steps build ([`crate::trace::Built`]): the input's, then what
/// the first `done` of `steps` built. `None` when no step builds anything (the algorithms that
/// only make a schedule).
///
/// **Complexity**: O(done × (E + sends)) for E edges.
pub fn built_graph(inst: &MmInstance, steps: &[Step], done: usize) -> Option<BuiltGraph> {
    if steps.iter().all(|s| s.built.is_empty()) {
        return None;
    }
    let mut g = BuiltGraph {
        nodes: (0..inst.processors).map(|p| Some(inst.label(p))).collect(),
        bundles: inst
            .messages
            .iter()
            .enumerate()
            .map(|(k, m)| BuiltBundle {
                from: m.source,
                message: k,
                name: m.name.clone(),
                to: m.destinations.clone(),
                new: false,
            })
            .collect(),
        label: "(I, G): the input".into(),
        ..BuiltGraph::default()
    };
    for s in &steps[..done.min(steps.len())] {
        g.apply(&s.built);
    }
    Some(g)
}

/// `{P1, P2}`, or `∅`.
fn set_words(names: &[Option<String>], set: &[usize]) -> String {
    if set.is_empty() {
        return "∅".into();
    }
    let words: Vec<&str> = set
        .iter()
        .filter_map(|&p| names.get(p).and_then(|n| n.as_deref()))
        .collect();
    format!("{{{}}}", words.join(", "))
}

/// `text` in lines of at most `width` px at [`FONT_SMALL`], broken at spaces.
fn wrap(text: &str, width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let longer = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && text_width(&longer, FONT_SMALL) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = longer;
        }
    }
    lines.push(line);
    lines
}

/// The drawing of Steps mode for Gonzalez (the paper's figures 2 to 7, one per step): the
/// multigraph of [`built_graph`] after `done` of `steps`, headed with its name (`(Ī, Ḡ)`,
/// `(I_i, G_i)`, ...). Dummy processors and messages are dashed (`dummy`), the bundles `Q_j`
/// chosen dotted (`picked`), what the last step built thick (`new`); the sets `S`, `marked`,
/// `S'` are written under their processors' boxes (`node-tag`); the transmissions of the
/// schedule's latest step are arrows (`xsend`, `new` for the last step's). Under the graph,
/// the sets and those transmissions in words (`step-note`). Ids are prefixed `step-` (they
/// are not the schedule's nodes and transfers that the stepper lights). `None` as for
/// [`built_graph`].
///
/// **Complexity**: O(done × E + n + E).
pub fn step_scene(inst: &MmInstance, steps: &[Step], done: usize) -> Option<Scene> {
    let g = built_graph(inst, steps, done)?;
    let at = compact_indices(&g.nodes);
    let bundled = step_bundled(inst, &g, &at);
    let mut scene = bundle_scene(&bundled);
    let boxes = node_boxes(&scene, bundled.names.len());
    push_set_tags(&mut scene, &g, &at, &boxes);
    // The schedule's latest step, as arrows.
    let latest = g.sends.iter().map(|s| s.step).max();
    let current: Vec<&BuiltSend> = g.sends.iter().filter(|s| Some(s.step) == latest).collect();
    push_send_arrows(&mut scene, &current, &at, &boxes);
    let notes = step_notes(inst, &g, &current, latest);
    push_notes(&mut scene, &notes);
    for item in &mut scene.items {
        if let Item::Rect { id, .. } | Item::Line { id, .. } = item {
            if !id.is_empty() {
                *id = format!("step-{id}");
            }
        }
    }
    Some(scene)
}

/// Each node's index among the nodes there (`None`: not there), in index order: the
/// drawing's compact numbering.
fn compact_indices(nodes: &[Option<String>]) -> Vec<Option<usize>> {
    nodes
        .iter()
        .scan(0usize, |next, n| {
            Some(n.as_ref().map(|_| {
                *next += 1;
                *next - 1
            }))
        })
        .collect()
}

/// Node `p`'s compact index ([`compact_indices`] `at`), `None` when it is not drawn.
fn drawn(at: &[Option<usize>], p: usize) -> Option<usize> {
    at.get(p).copied().flatten()
}

/// The names of the sets of `g` that hold node `p`.
fn sets_holding(g: &BuiltGraph, p: usize) -> impl Iterator<Item = &str> {
    g.sets
        .iter()
        .filter(move |s| s.1.contains(&p))
        .map(|s| s.0.as_str())
}

/// The bundled multigraph of [`step_scene`]: the nodes there (classed `dummy`, `new`,
/// `chosen`), the bundles (classed `dummy`, `picked` for the `Q_j` chosen, `new`).
///
/// # Complexity
/// O(n × sets + bundles × (picked + n)).
fn step_bundled(inst: &MmInstance, g: &BuiltGraph, at: &[Option<usize>]) -> Bundled {
    let node_classes = (0..g.nodes.len())
        .filter(|&p| drawn(at, p).is_some())
        .map(|p| {
            let mut c = Vec::new();
            if g.added.contains(&p) {
                c.push("dummy");
            }
            if g.new_nodes.contains(&p) {
                c.push("new");
            }
            if sets_holding(g, p).next().is_some() {
                c.push("chosen");
            }
            c.join(" ")
        })
        .collect();
    // Q_j: of each bundle picked, (from, message), the first of the largest fan-out.
    let picked: Vec<usize> = g
        .picked
        .iter()
        .filter_map(|&(from, message)| {
            let of = |b: &&BuiltBundle| b.from == from && b.message == message;
            let most = g.bundles.iter().filter(of).map(|b| b.to.len()).max()?;
            g.bundles.iter().position(|b| of(&b) && b.to.len() == most)
        })
        .collect();
    let mut bundled = Bundled {
        heading: g.label.clone(),
        names: g.nodes.iter().flatten().cloned().collect(),
        ..Bundled::default()
    };
    for (x, b) in g.bundles.iter().enumerate() {
        let Some(from) = drawn(at, b.from) else {
            continue;
        };
        let mut c = Vec::new();
        if b.message >= inst.messages.len() {
            c.push("dummy");
        }
        if picked.contains(&x) {
            c.push("picked");
        }
        if b.new {
            c.push("new");
        }
        bundled.messages.push((
            b.name.clone(),
            from,
            b.to.iter().filter_map(|&q| drawn(at, q)).collect(),
        ));
        bundled.colours.push(b.message);
        bundled.classes.push(c.join(" "));
    }
    bundled.node_classes = node_classes;
    bundled
}

/// Each node box's centre and half size `(x, y, w / 2, h / 2)`, by compact index (`count`
/// boxes), read from the scene's `node-{k}` rectangles.
fn node_boxes(scene: &Scene, count: usize) -> Vec<(f64, f64, f64, f64)> {
    let mut boxes = vec![(0.0, 0.0, 0.0, 0.0); count];
    for item in &scene.items {
        if let Item::Rect { x, y, w, h, id, .. } = item {
            if let Some(k) = id
                .strip_prefix("node-")
                .and_then(|k| k.parse::<usize>().ok())
            {
                if let Some(b) = boxes.get_mut(k) {
                    *b = (x + w / 2.0, y + h / 2.0, w / 2.0, h / 2.0);
                }
            }
        }
    }
    boxes
}

/// The names of the sets holding each node, written under its box (`node-tag`).
fn push_set_tags(
    scene: &mut Scene,
    g: &BuiltGraph,
    at: &[Option<usize>],
    boxes: &[(f64, f64, f64, f64)],
) {
    for (p, _) in g.nodes.iter().enumerate() {
        let Some(k) = drawn(at, p) else { continue };
        let tags: Vec<&str> = sets_holding(g, p).collect();
        if !tags.is_empty() {
            let (x, y, _, hh) = boxes[k];
            scene.items.push(Item::Text {
                x,
                y: y + hh + FONT_SMALL + 2.0,
                text: tags.join(", "),
                class: "node-tag".into(),
                anchor: Anchor::Middle,
            });
        }
    }
}

/// The transmissions `current` as arrows from box border to box border (`xsend`, `xsend new`
/// for the last step's), ids `xsend-{from}-{to}-{message}`.
fn push_send_arrows(
    scene: &mut Scene,
    current: &[&BuiltSend],
    at: &[Option<usize>],
    boxes: &[(f64, f64, f64, f64)],
) {
    // Where the line from box `a`'s centre towards `b` leaves the box (6 px out).
    let border = |(ax, ay, aw, ah): (f64, f64, f64, f64), (bx, by): (f64, f64)| {
        let (dx, dy) = (bx - ax, by - ay);
        let t = ((aw + 6.0) / dx.abs().max(1e-9))
            .min((ah + 6.0) / dy.abs().max(1e-9))
            .min(0.45);
        (ax + dx * t, ay + dy * t)
    };
    for s in current {
        let Some(a) = drawn(at, s.from).map(|k| boxes[k]) else {
            continue;
        };
        for &q in &s.to {
            let Some(b) = drawn(at, q).map(|k| boxes[k]) else {
                continue;
            };
            let (x1, y1) = border(a, (b.0, b.1));
            let (x2, y2) = border(b, (a.0, a.1));
            scene.items.push(Item::Line {
                x1,
                y1,
                x2,
                y2,
                class: if s.new { "xsend new" } else { "xsend" }.into(),
                arrow: true,
                id: format!("xsend-{}-{q}-{}", s.from, s.message),
            });
        }
    }
}

/// The sets and the transmissions of schedule step `latest` (`current`) in words.
fn step_notes(
    inst: &MmInstance,
    g: &BuiltGraph,
    current: &[&BuiltSend],
    latest: Option<usize>,
) -> Vec<String> {
    let mut notes = Vec::new();
    if !g.sets.is_empty() {
        notes.push(
            g.sets
                .iter()
                .map(|(name, set)| format!("{name} = {}", set_words(&g.nodes, set)))
                .collect::<Vec<_>>()
                .join(" · "),
        );
    }
    if let Some(step) = latest {
        let sends: Vec<String> = current
            .iter()
            .map(|s| {
                let name = g
                    .bundles
                    .iter()
                    .find(|b| b.message == s.message)
                    .map_or_else(|| inst.message_label(s.message), |b| b.name.clone());
                let from = g.nodes.get(s.from).cloned().flatten().unwrap_or_default();
                if s.to.is_empty() {
                    format!("{from} keeps {name}")
                } else {
                    format!("{from} → {}: {name}", set_words(&g.nodes, &s.to))
                }
            })
            .collect();
        notes.push(format!("Schedule step {step}: {}", sends.join("; ")));
    }
    notes
}

/// `notes` under the drawing, wrapped to its width (`step-note`); the scene grows to hold them.
fn push_notes(scene: &mut Scene, notes: &[String]) {
    let width = scene.width - 48.0;
    for line in notes.iter().flat_map(|n| wrap(n, width)) {
        scene.height += FONT_SMALL + 8.0;
        scene.items.push(Item::Text {
            x: 24.0,
            y: scene.height - 6.0,
            text: line,
            class: "step-note".into(),
            anchor: Anchor::Start,
        });
    }
    if !notes.is_empty() {
        scene.height += 12.0;
    }
}
