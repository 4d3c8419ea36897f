//! The animated SVG of a played schedule: the still drawing ([`crate::layout::svg`]) with the
//! player's frames over it ([`crate::layout::frame`]) as SMIL animations, so that the file
//! plays by itself in a browser, in an `<img>` of a slide, with no script. It is the drawing
//! at `t` as the player shows it: the boxes that wait for the message veiled and framed by a
//! dashed line, their times covered, the edges that carry no message yet veiled, a dot on each
//! edge in transit, the Gantt chart's cursor with the veil after it. Time runs as the player
//! runs it at the chosen speed ([`Timing`]); at the end the whole schedule rests for
//! [`crate::playback::REST_SECONDS`], then it plays again (or, played once, stays).
//!
//! Every element over the drawing is hidden in the file as written (a viewer without SMIL
//! shows the still drawing) and carries an id: `hc-veil-edge-{u}-{v}`, `hc-wait-{v}`,
//! `hc-cover-{v}`, `hc-dot-edge-{u}-{v}`, `hc-after`, `hc-cursor`; in a figure of two
//! drawings, with the prefix `s0-` or `s1-` as the drawings' own ids.
//!
//! ```
//! use hetcast_core::export::animated::{animated_svg, AnimOptions, Track};
//! use hetcast_core::layout::frame::Moving;
//! use hetcast_core::models::overhead::{gallery, Overhead, Algorithm};
//! use hetcast_core::models::Model;
//! let inst = gallery::libeskind_hadas_figure1();
//! let s = Overhead::simulate(&inst, &Overhead::solve(&inst, Algorithm::Greedy, 0).unwrap()).unwrap();
//! let scene = Overhead::tree_scenes(&inst, Algorithm::Greedy, &s).remove(0);
//! let motion = Overhead::tree_motions(&inst, &s).remove(0);
//! let moving = Moving::new(&scene, Some(&motion), None);
//! let svg = animated_svg(&[Track { scene, moving, later: vec![] }], 10.0, &AnimOptions::default()).unwrap();
//! assert!(svg.contains("<animate") && !svg.contains("<script"));
//! ```

use std::fmt::Write;

use crate::layout::frame::{
    self, cover_band, Moving, CURSOR_OVERHANG, CURSOR_WIDTH, DOT_R, EDGE_VEIL_WIDTH,
    GANTT_VEIL_OPACITY, GANTT_VEIL_PAST, LATER_STYLE, WAITING_DASH, WAITING_LINE, WAITING_OPACITY,
    WAITING_WIDTH,
};
use crate::layout::svg::{escape, num, SvgOptions, Writer};
use crate::layout::{stack, Item, Motion, Scene};
use crate::playback::{Timing, SPEEDS};

/// How [`animated_svg`] writes the file.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AnimOptions {
    /// The player's speed, one of [`SPEEDS`] (1: the whole schedule in
    /// [`crate::playback::PLAY_SECONDS`]).
    pub speed: f64,
    /// Play again after the rest, for ever; else play once and stay on the whole schedule.
    pub looped: bool,
    /// The still drawing's options (width, inline styles).
    pub svg: SvgOptions,
}

impl Default for AnimOptions {
    fn default() -> Self {
        AnimOptions {
            speed: 1.0,
            looped: true,
            svg: SvgOptions::default(),
        }
    }
}

/// One drawing of an animated figure.
#[derive(Debug, Clone)]
pub struct Track {
    /// The drawing.
    pub scene: Scene,
    /// What moves in it ([`Moving::new`] of the scene).
    pub moving: Moving,
    /// Nodes whose boxes are marked: they hold the message later than in the other drawing
    /// ([`frame::later`]); empty for one drawing.
    pub later: Vec<usize>,
}

impl Track {
    /// The drawing `scene` and what moves in it: the tree `motion` of message `message`
    /// (`None`: a one-message model; no motion: a timeline, or a drawing where nothing moves).
    pub fn new(scene: Scene, motion: Option<&Motion>, message: Option<usize>) -> Track {
        let moving = Moving::new(&scene, motion, message);
        Track {
            scene,
            moving,
            later: Vec::new(),
        }
    }
}

/// Room between two drawings of one figure (as the still figure of a comparison).
pub const GAP: f64 = 24.0;

/// A key time as written (six decimals: a microsecond in a round of a few seconds).
fn key_text(k: f64) -> String {
    let s = format!("{:.6}", k.clamp(0.0, 1.0));
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() {
        "0".into()
    } else {
        s.to_string()
    }
}

/// The SMIL animations of one file: their common duration and repetition.
struct Clock {
    timing: Timing,
    repeat: &'static str,
    dur: String,
}

impl Clock {
    /// `<animate>` of `attr` through `points` (key time, value), first at key 0: `discrete`
    /// (a value holds until the next key) or linear. Points of one key keep the last.
    fn animate(&self, out: &mut String, attr: &str, points: &[(f64, String)], discrete: bool) {
        let mut keys: Vec<(String, &str)> = Vec::new();
        for (k, v) in points {
            let k = key_text(*k);
            match keys.last_mut() {
                Some(last) if last.0 == k => last.1 = v,
                _ => keys.push((k, v)),
            }
        }
        if discrete {
            // A value equal to the one before changes nothing.
            keys.dedup_by(|b, a| a.1 == b.1);
        }
        let times: Vec<&str> = keys.iter().map(|(k, _)| k.as_str()).collect();
        let values: Vec<&str> = keys.iter().map(|(_, v)| *v).collect();
        let _ = write!(
            out,
            "<animate attributeName=\"{attr}\" dur=\"{}\" {} calcMode=\"{}\" keyTimes=\"{}\" values=\"{}\"/>",
            self.dur,
            self.repeat,
            if discrete { "discrete" } else { "linear" },
            times.join(";"),
            values.join(";"),
        );
    }

    /// Visible from schedule time `from` until `until` (hidden before, after and at rest).
    fn shown(&self, out: &mut String, from: f64, until: f64) {
        let t = &self.timing;
        let on = if frame::reached(until, from) {
            // Shown for no time (the player's test `reached(start) && !reached(end)`).
            "hidden"
        } else {
            "visible"
        };
        let points = [
            (0.0, "hidden".to_string()),
            (t.key(from), on.to_string()),
            (t.key(until), "hidden".to_string()),
            (t.rest_key(), "hidden".to_string()),
        ];
        self.animate(out, "visibility", &points, true);
    }

    /// Linear from `a` at schedule time `from` to `b` at `until`, at `a` before and `b` after.
    fn glide(&self, out: &mut String, attr: &str, from: f64, until: f64, a: f64, b: f64) {
        self.path(out, attr, &[(from, a), (until, b)]);
    }

    /// Linear through `points` (schedule time, value) in time order, at the first value
    /// before them and the last after.
    fn path(&self, out: &mut String, attr: &str, points: &[(f64, f64)]) {
        let t = &self.timing;
        let (Some(first), Some(last)) = (points.first(), points.last()) else {
            return;
        };
        let keys: Vec<(f64, String)> = std::iter::once((0.0, num(first.1)))
            .chain(points.iter().map(|&(at, v)| (t.key(at), num(v))))
            .chain(std::iter::once((1.0, num(last.1))))
            .collect();
        self.animate(out, attr, &keys, false);
    }
}

/// The figure of `tracks` (one drawing, or two one above the other, [`GAP`] apart, on one
/// time scale) and what moves in each, placed in it (the app's video of the player draws the
/// same figure).
pub fn figure(tracks: &[Track]) -> (Scene, Vec<Moving>) {
    if let [one] = tracks {
        return (one.scene.clone(), vec![one.moving.clone()]);
    }
    let scenes: Vec<Scene> = tracks.iter().map(|t| t.scene.clone()).collect();
    let title = scenes
        .iter()
        .map(|s| s.title.as_str())
        .collect::<Vec<_>>()
        .join(" / ");
    let (mut y0, mut skip) = (0.0, 0);
    let mut moving = Vec::new();
    for t in tracks {
        moving.push(t.moving.shifted(y0, skip));
        y0 += t.scene.height + GAP;
        skip += t.scene.items.len();
    }
    (stack(&scenes, GAP, title), moving)
}

/// The animated SVG of `tracks` played over [0, `total`] (the longer completion time of two
/// compared), written as `opts` says; an error in words when there is nothing to play.
pub fn animated_svg(tracks: &[Track], total: f64, opts: &AnimOptions) -> Result<String, String> {
    if !SPEEDS.contains(&opts.speed) {
        return Err(format!(
            "speed {}: the player's speeds are {}",
            opts.speed,
            SPEEDS.map(|s| format!("{s}")).join(", ")
        ));
    }
    if tracks.is_empty() || tracks.iter().all(|t| t.moving.is_still()) {
        return Err("nothing moves in this drawing when its schedule plays".into());
    }
    if !(total.is_finite() && total > 0.0) {
        return Err("the schedule takes no time: there is nothing to play".into());
    }
    let timing = Timing::new(total, opts.speed);
    let clock = Clock {
        timing,
        repeat: if opts.looped {
            "repeatCount=\"indefinite\""
        } else {
            "fill=\"freeze\""
        },
        dur: format!("{}s", num(timing.round())),
    };
    let (scene, moving) = figure(tracks);
    let prefix = |i: usize| {
        if tracks.len() > 1 {
            format!("s{i}-")
        } else {
            String::new()
        }
    };
    // Items that change: the boxes marked later, the labels whose times are covered.
    let mut later_rects = Vec::new();
    let mut labels = Vec::new();
    for (i, (t, m)) in tracks.iter().zip(&moving).enumerate() {
        let p = prefix(i);
        later_rects.extend(t.later.iter().map(|v| format!("{p}node-{v}")));
        labels.extend(
            m.nodes
                .iter()
                .filter(|n| !frame::reached(n.holds, 0.0))
                .filter_map(|n| Some((n.label?, n.holds))),
        );
    }
    let mut w = Writer::open(&scene, &opts.svg);
    for (k, item) in scene.items.iter().enumerate() {
        match item {
            Item::Rect { id, .. } if later_rects.contains(id) => w.item(item, LATER_STYLE),
            Item::Text {
                x,
                y,
                text,
                class,
                anchor,
            } if labels.iter().any(|l| l.0 == k) => {
                let holds = labels.iter().find(|l| l.0 == k).map_or(0.0, |l| l.1);
                // The time part in a span of its own, hidden until the node holds the message.
                let cut = text.rfind('|').map_or(0, |b| b + 1);
                w.text_open(*x, *y, class, *anchor, "");
                let out = w.out();
                out.push_str(&escape(&text[..cut]));
                out.push_str("<tspan>");
                clock.animate(
                    out,
                    "visibility",
                    &[
                        (0.0, "hidden".into()),
                        (timing.key(holds), "visible".into()),
                    ],
                    true,
                );
                let _ = writeln!(out, "{}</tspan></text>", escape(&text[cut..]));
            }
            _ => w.item(item, ""),
        }
    }
    let out = w.out();
    out.push_str("<g id=\"hc-frames\" pointer-events=\"none\">\n");
    for (i, m) in moving.iter().enumerate() {
        overlay(out, &scene, m, &prefix(i), &clock);
    }
    out.push_str("</g>\n");
    Ok(w.close())
}

/// The player's layer over one drawing, as animations (see the module documentation).
fn overlay(out: &mut String, scene: &Scene, m: &Moving, p: &str, clock: &Clock) {
    let total = clock.timing.total;
    // The edges that carry no message yet: one veil, so that where edges cross it is not
    // veiled twice (the player's one shape).
    let _ = writeln!(out, "<g opacity=\"{}\">", num(m.veil_opacity()));
    for e in m.edges.iter().filter(|e| !frame::reached(e.start, 0.0)) {
        let ((hx, hy), _) = e.head();
        let _ = write!(
            out,
            "<g id=\"{p}hc-veil-{}\" visibility=\"hidden\" stroke=\"#ffffff\"><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke-width=\"{}\"/><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke-width=\"{}\"/>",
            e.id,
            num(e.from.0),
            num(e.from.1),
            num(e.to.0),
            num(e.to.1),
            num(EDGE_VEIL_WIDTH),
            num(hx),
            num(hy),
            num(e.to.0),
            num(e.to.1),
            num(frame::ARROW),
        );
        clock.shown(out, 0.0, e.start);
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
    // The boxes that wait: lightly veiled, framed by a dark dashed line.
    let waiting: Vec<&frame::NodeBox> = m
        .nodes
        .iter()
        .filter(|n| !frame::reached(n.holds, 0.0))
        .collect();
    for n in &waiting {
        let (x, y, w, h) = n.rect;
        let _ = write!(
            out,
            "<rect id=\"{p}hc-wait-{}\" visibility=\"hidden\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\" fill-opacity=\"{}\" stroke=\"{WAITING_LINE}\" stroke-width=\"{}\" stroke-dasharray=\"{} {}\">",
            n.v,
            num(x),
            num(y),
            num(w),
            num(h),
            num(WAITING_OPACITY),
            num(WAITING_WIDTH),
            num(WAITING_DASH[0]),
            num(WAITING_DASH[1]),
        );
        clock.shown(out, 0.0, n.holds);
        out.push_str("</rect>\n");
    }
    // Their times covered.
    let times = m.label_times(scene);
    for (n, at) in m.nodes.iter().zip(&times) {
        let Some((x0, x1, y)) = at.filter(|_| !frame::reached(n.holds, 0.0)) else {
            continue;
        };
        let (top, h) = cover_band(y);
        let _ = write!(
            out,
            "<rect id=\"{p}hc-cover-{}\" visibility=\"hidden\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\">",
            n.v,
            num(x0),
            num(top),
            num((x1 - x0).max(0.0)),
            num(h),
        );
        clock.shown(out, 0.0, n.holds);
        out.push_str("</rect>\n");
    }
    // A dot on each edge in transit.
    for e in &m.edges {
        let _ = write!(
            out,
            "<circle id=\"{p}hc-dot-{}\" visibility=\"hidden\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"2\">",
            e.id,
            num(e.from.0),
            num(e.from.1),
            num(DOT_R),
            m.colour,
        );
        clock.shown(out, e.start, e.end);
        clock.glide(out, "cx", e.start, e.end, e.from.0, e.to.0);
        clock.glide(out, "cy", e.start, e.end, e.from.1, e.to.1);
        out.push_str("</circle>\n");
    }
    // A timeline: the veil after the cursor, and the cursor.
    if let Some(tf) = m.time {
        // The cursor runs linearly to the axis' end, then stays there (a schedule shorter
        // than the other one compared).
        let knee = tf.t_max.clamp(0.0, total);
        let run: Vec<(f64, f64)> = [0.0, knee, total].iter().map(|&t| (t, tf.x(t))).collect();
        let x0 = tf.x(0.0);
        let end = tf.right + GANTT_VEIL_PAST;
        let _ = write!(
            out,
            "<rect id=\"{p}hc-after\" visibility=\"hidden\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\" fill-opacity=\"{}\">",
            num(x0),
            num(tf.top),
            num((end - x0).max(0.0)),
            num((tf.bottom - tf.top).max(0.0)),
            num(GANTT_VEIL_OPACITY),
        );
        clock.shown(out, 0.0, total);
        clock.path(out, "x", &run);
        let widths: Vec<(f64, f64)> = run.iter().map(|&(t, x)| (t, (end - x).max(0.0))).collect();
        clock.path(out, "width", &widths);
        out.push_str("</rect>\n");
        let _ = write!(
            out,
            "<line id=\"{p}hc-cursor\" visibility=\"hidden\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\">",
            num(x0),
            num(tf.top - CURSOR_OVERHANG),
            num(x0),
            num(tf.bottom + CURSOR_OVERHANG),
            frame::MOVE_COLOUR,
            num(CURSOR_WIDTH),
        );
        clock.shown(out, 0.0, total);
        clock.path(out, "x1", &run);
        clock.path(out, "x2", &run);
        out.push_str("</line>\n");
    }
}
