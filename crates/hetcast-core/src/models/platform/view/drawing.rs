//! The platform drawing (paper 002, figure 12): node boxes at their positions, edges as
//! arrows whose width grows with their load, load labels placed clear of each other, the
//! legend and heading; laid out for a panel when its room is given.

use super::{critical_path, drawing_positions, heading, node_sizes, NODE_GAP};
use crate::layout::graph_layout;
use crate::layout::labels::{place_link_labels, Bounds};
use crate::layout::links::Link;
use crate::layout::scene::{Anchor, Item, Scene};
use crate::layout::style::{break_at, text_width, title_width, FONT_SMALL};
use crate::models::platform::{PeriodicSchedule, PlatformAlgorithm, PlatformInstance};
use crate::units::fmt_t;

/// The platform drawing (figure 12): node boxes at [`drawing_positions`], edges with their
/// load, width by load class `load-1`..`load-5`. The positions are scaled alike in x and y:
/// to at least 840 x 480 px, and further when needed so that no two node boxes come closer
/// than [`NODE_GAP`] (text stays at its stylesheet size, the drawing grows); a 65-node
/// platform laid out by [`tidy_positions`](super::tidy_positions) is drawn about 1.9 times as wide as high.
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
    let head: Vec<String> = if titled {
        let width = room.map_or(f64::INFINITY, |r| r.0 - 40.0);
        break_at(&title, &[": "], width, title_width)
    } else {
        Vec::new()
    };
    let (pos, w, h) = place(&raw, &sizes, &head, &legend, room);
    let mut items = Vec::new();
    for (k, line) in head.iter().enumerate() {
        items.push(Item::Text {
            x: 20.0,
            y: 30.0 + 28.0 * k as f64,
            text: line.clone(),
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
/// broken after its "; " into as few lines as fit (a part wider than `width` alone on its line).
fn legend_lines(width: f64) -> Vec<String> {
    LEGEND
        .iter()
        .flat_map(|line| break_at(line, &["; "], width, |t| text_width(t, FONT_SMALL)))
        .collect()
}

/// The drawing's node centres in pixels, its width and height: see [`platform_scene`] and,
/// with a `room`, [`platform_scene_in`].
fn place(
    raw: &[(f64, f64)],
    sizes: &[(f64, f64)],
    heading: &[String],
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
