//! What Steps mode draws for Gonzalez (the paper's figures 2 to 7, one per step): the
//! multigraph the algorithm transforms, as its steps so far left it ([`built_graph`]), drawn
//! as a bundled multigraph ([`crate::layout::bundles`]) with the sets, the bundles chosen and
//! the schedule's latest transmissions ([`step_scene`]). [`super::view`] re-exports both.

use super::instance::MmInstance;
use crate::layout::bundles::{bundle_scene, Bundled};
use crate::layout::style::{break_at, text_width, FONT_SMALL};
use crate::layout::Scene;
use crate::layout::{Anchor, Item};
use crate::trace::{BuiltBundle, BuiltGraph, BuiltSend, Step};

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
                tip: String::new(),
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
    for line in notes
        .iter()
        .flat_map(|n| break_at(n, &[" "], width, |t| text_width(t, FONT_SMALL)))
    {
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
