//! The animated SVG export (`export::animated`) against the player's frames
//! (`layout::frame`): for every model × gallery example × algorithm × view that moves when
//! played (the trees of the one-source and many-source models, every Gantt chart), and for
//! two results compared, the file parses strictly, holds no script, and its SMIL animations,
//! evaluated here by the SMIL rules (discrete and linear `keyTimes`/`values`, looped), show at
//! sampled times t what the player's frame at t shows: the same boxes lit, the same edges
//! veiled, the same dots at the same places, the cursor at the same x (so the same bars
//! begun). The frames themselves are checked against the schedule's holdings.

use std::collections::{BTreeSet, HashMap};

use hetcast_core::catalog::Catalog;
use hetcast_core::export::animated::{animated_svg, AnimOptions, Track};
use hetcast_core::layout::frame::{self, Moving};
use hetcast_core::layout::svg::SvgOptions;
use hetcast_core::layout::{Item, Scene};
use hetcast_core::models::multi::Multi;
use hetcast_core::models::multimessage::Multimessage;
use hetcast_core::models::overhead::Overhead;
use hetcast_core::models::platform::Platform;
use hetcast_core::models::Model;
use hetcast_core::playback::{PLAY_SECONDS, REST_SECONDS, SPEEDS};
use hetcast_core::ModelId;

mod common;
use common::svg::{parse, Elem};

/// One SMIL `<animate>`: its attribute, duration, repetition, mode, keys and values.
#[derive(Debug)]
struct Anim {
    attr: String,
    dur: f64,
    looped: bool,
    discrete: bool,
    keys: Vec<f64>,
    values: Vec<String>,
}

impl Anim {
    fn read(e: &Elem) -> Anim {
        let a = |k: &str| e.attrs.get(k).unwrap_or_else(|| panic!("{k} of {e:?}"));
        let keys: Vec<f64> = a("keyTimes")
            .split(';')
            .map(|k| k.parse().unwrap())
            .collect();
        let values: Vec<String> = a("values").split(';').map(str::to_string).collect();
        assert_eq!(keys.len(), values.len(), "{e:?}");
        assert_eq!(keys[0], 0.0, "the first key time is 0: {e:?}");
        assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{e:?}");
        let discrete = a("calcMode") == "discrete";
        if !discrete {
            assert_eq!(keys.last(), Some(&1.0), "linear keys end at 1: {e:?}");
        }
        let looped = e.attrs.get("repeatCount").map(String::as_str) == Some("indefinite");
        assert!(
            looped || e.attrs.get("fill").map(String::as_str) == Some("freeze"),
            "{e:?}"
        );
        Anim {
            attr: a("attributeName").clone(),
            dur: a("dur").trim_end_matches('s').parse().unwrap(),
            looped,
            discrete,
            keys,
            values,
        }
    }

    /// The value at `secs` seconds after the document starts, by the SMIL rules.
    fn at(&self, secs: f64) -> String {
        let f = if self.looped {
            (secs % self.dur) / self.dur
        } else {
            (secs / self.dur).min(1.0)
        };
        let j = self.keys.iter().rposition(|&k| k <= f).unwrap();
        if self.discrete || j + 1 == self.keys.len() {
            return self.values[j].clone();
        }
        let (k0, k1) = (self.keys[j], self.keys[j + 1]);
        let (v0, v1): (f64, f64) = (
            self.values[j].parse().unwrap(),
            self.values[j + 1].parse().unwrap(),
        );
        let p = if k1 > k0 { (f - k0) / (k1 - k0) } else { 1.0 };
        (v0 + p * (v1 - v0)).to_string()
    }
}

/// The elements of a parsed file by id, each with its own attributes and its animations.
struct File {
    elems: HashMap<String, (HashMap<String, String>, Vec<Anim>)>,
}

impl File {
    fn read(svg: &str) -> File {
        let all = parse(svg);
        no_script(&all);
        let mut elems = HashMap::new();
        for (i, e) in all.iter().enumerate() {
            let Some(id) = e.attrs.get("id") else {
                continue;
            };
            let anims = all[i + 1..]
                .iter()
                .take_while(|c| c.depth > e.depth)
                .filter(|c| c.depth == e.depth + 1 && c.name == "animate")
                .map(Anim::read)
                .collect();
            assert!(
                elems.insert(id.clone(), (e.attrs.clone(), anims)).is_none(),
                "id {id} twice"
            );
        }
        File { elems }
    }

    /// Attribute `attr` of element `id` at `secs` (its animation's value, else its own).
    fn attr(&self, id: &str, attr: &str, secs: f64) -> Option<String> {
        let (attrs, anims) = self.elems.get(id)?;
        match anims.iter().find(|a| a.attr == attr) {
            Some(a) => Some(a.at(secs)),
            None => attrs.get(attr).cloned(),
        }
    }

    fn shown(&self, id: &str, secs: f64) -> bool {
        self.attr(id, "visibility", secs).as_deref() == Some("visible")
    }

    fn num(&self, id: &str, attr: &str, secs: f64) -> f64 {
        self.attr(id, attr, secs).unwrap().parse().unwrap()
    }
}

/// No script in any form: no `<script>`, no event attribute, no `javascript:` link, no
/// `<foreignObject>`.
fn no_script(all: &[Elem]) {
    for e in all {
        assert!(
            !["script", "foreignObject", "iframe", "handler"].contains(&e.name.as_str()),
            "{}",
            e.name
        );
        for (k, v) in &e.attrs {
            assert!(
                !k.to_ascii_lowercase().starts_with("on"),
                "{k} on {}",
                e.name
            );
            assert!(
                !v.to_ascii_lowercase().contains("javascript:"),
                "{k}={v} on {}",
                e.name
            );
        }
    }
}

/// Sample times of a schedule of completion time `total` whose events are `events`: the
/// midpoint between each two events and a third of the way (never on an event, where the
/// file's rounded key times and the player's slack could differ).
fn samples(events: &[f64], total: f64) -> Vec<f64> {
    let mut ev: Vec<f64> = events
        .iter()
        .copied()
        .chain([0.0, total])
        .filter(|t| (0.0..=total).contains(t))
        .collect();
    ev.sort_by(f64::total_cmp);
    ev.dedup();
    ev.windows(2)
        .filter(|w| w[1] - w[0] > 1e-6 * total)
        .flat_map(|w| [(w[0] + w[1]) / 2.0, w[0] + (w[1] - w[0]) / 3.0])
        .collect()
}

/// How close positions must agree: the file writes coordinates to 0.01 and key times to
/// 1e-6 of a round.
const NEAR: f64 = 0.05;

/// The file of `tracks` (placed in it as `placed`), played at `speed`, shows at every sample
/// time what the frames show; at rest, nothing over the drawing. Returns the samples checked.
fn agree(
    tracks: &[Track],
    placed: &[(Moving, String)],
    total: f64,
    events: &[f64],
    speed: f64,
    what: &str,
) -> usize {
    let opts = AnimOptions {
        speed,
        looped: true,
        svg: SvgOptions::default(),
    };
    let svg = animated_svg(tracks, total, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
    let file = File::read(&svg);
    let play = PLAY_SECONDS / speed;
    let mut n = 0;
    for t in samples(events, total) {
        // The player at speed `speed` shows t this many seconds after it starts; a loop later
        // again.
        let secs = t / total * play + if n % 2 == 1 { play + REST_SECONDS } else { 0.0 };
        for (m, p) in placed {
            let f = m.frame(t);
            let waiting: BTreeSet<usize> = m
                .nodes
                .iter()
                .filter(|b| file.shown(&format!("{p}hc-wait-{}", b.v), secs))
                .map(|b| b.v)
                .collect();
            let lit: Vec<usize> = {
                let mut l: Vec<usize> = m
                    .nodes
                    .iter()
                    .map(|b| b.v)
                    .filter(|v| !waiting.contains(v))
                    .collect();
                l.sort_unstable();
                l
            };
            assert_eq!(lit, f.lit, "{what}: lit at t = {t}");
            let covered: BTreeSet<usize> = m
                .nodes
                .iter()
                .filter(|b| file.shown(&format!("{p}hc-cover-{}", b.v), secs))
                .map(|b| b.v)
                .collect();
            let labelled: BTreeSet<usize> = f
                .waiting
                .iter()
                .filter(|&&i| m.nodes[i].label.is_some())
                .map(|&i| m.nodes[i].v)
                .collect();
            assert_eq!(covered, labelled, "{what}: times covered at t = {t}");
            let veiled: Vec<usize> = (0..m.edges.len())
                .filter(|&i| file.shown(&format!("{p}hc-veil-{}", m.edges[i].id), secs))
                .collect();
            assert_eq!(veiled, f.veiled, "{what}: edges veiled at t = {t}");
            let dots: Vec<(usize, (f64, f64))> = (0..m.edges.len())
                .filter_map(|i| {
                    let id = format!("{p}hc-dot-{}", m.edges[i].id);
                    file.shown(&id, secs)
                        .then(|| (i, (file.num(&id, "cx", secs), file.num(&id, "cy", secs))))
                })
                .collect();
            assert_eq!(dots.len(), f.dots.len(), "{what}: dots at t = {t}");
            for ((i, (x, y)), (j, (fx, fy))) in dots.iter().zip(&f.dots) {
                assert_eq!(i, j, "{what}: t = {t}");
                assert!(
                    (x - fx).abs() < NEAR && (y - fy).abs() < NEAR,
                    "{what}: dot {i} at ({x}, {y}), the player's at ({fx}, {fy}), t = {t}"
                );
            }
            if let Some(cx) = f.cursor {
                let id = format!("{p}hc-cursor");
                assert!(file.shown(&id, secs), "{what}: cursor at t = {t}");
                let x = file.num(&id, "x1", secs);
                assert!((x - cx).abs() < NEAR, "{what}: cursor {x} not {cx}");
                assert!((file.num(&id, "x2", secs) - cx).abs() < NEAR, "{what}");
                let after = format!("{p}hc-after");
                assert!((file.num(&after, "x", secs) - cx).abs() < NEAR, "{what}");
            }
        }
        n += 1;
    }
    // At rest (after play, before the next loop): the still drawing, nothing over it.
    let rest = play + REST_SECONDS / 2.0;
    for (id, _) in file.elems.iter().filter(|(id, _)| id.contains("hc-")) {
        assert!(!file.shown(id, rest), "{what}: {id} shown at rest");
    }
    n
}

/// [`agree`] for a file of one drawing.
fn agree_alone(track: Track, total: f64, events: &[f64], speed: f64, what: &str) -> usize {
    let placed = [(track.moving.clone(), String::new())];
    agree(&[track], &placed, total, events, speed, what)
}

/// The bars of a timeline scene begun by cursor x `x` (their left edge before it).
fn begun(scene: &Scene, x: f64) -> BTreeSet<String> {
    scene
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Rect { id, x: bx, .. }
                if ["send-", "transit-", "recv-", "blocked-"]
                    .iter()
                    .any(|p| id.starts_with(p))
                    && *bx < x =>
            {
                Some(id.clone())
            }
            _ => None,
        })
        .collect()
}

/// A result kept for the comparison: its Gantt chart, its first tree, its trees' motions,
/// its completion time and its events.
type Done = (
    Scene,
    Scene,
    Vec<hetcast_core::layout::Motion>,
    f64,
    Vec<f64>,
);

/// Every gallery example and algorithm of `M` (past an exact method's limit skipped): its
/// trees and its Gantt chart, each animated, and the first two results compared. Returns the
/// samples checked.
fn check_model<M: Model>() -> usize {
    let mut n = 0;
    for e in M::gallery() {
        let inst = &e.instance;
        let mut done: Vec<Done> = Vec::new();
        for (a, &algo) in M::Algorithm::ALL.iter().enumerate() {
            let Ok(sol) = M::solve(inst, algo, 7) else {
                continue;
            };
            let s = M::simulate(inst, &sol).unwrap();
            let total = M::completion_time(&s);
            if total <= 0.0 {
                continue;
            }
            let what = format!("{:?} {} {}", M::ID, e.id, algo.key());
            let motion = M::motion(inst, &s);
            let speed = SPEEDS[a % SPEEDS.len()];
            // The trees: what the player moves in each.
            let trees = M::tree_scenes(inst, algo, &s);
            let motions = M::tree_motions(inst, &s);
            for (k, (tree, tm)) in trees.iter().zip(&motions).enumerate() {
                let message = (M::ID == ModelId::Multi).then_some(k);
                let track = Track::new(tree.clone(), Some(tm), message);
                if track.moving.is_still() {
                    assert!(animated_svg(&[track], total, &AnimOptions::default()).is_err());
                    continue;
                }
                // The frames are the schedule's: the boxes lit are the nodes that hold the
                // message by t.
                for t in samples(&motion.events, total) {
                    let mut holding: Vec<usize> = motion
                        .holding_at(t)
                        .filter(|h| h.message == message)
                        .map(|h| h.node)
                        .collect();
                    holding.sort_unstable();
                    assert_eq!(track.moving.frame(t).lit, holding, "{what} tree {k}");
                }
                n += agree_alone(
                    track,
                    total,
                    &motion.events,
                    speed,
                    &format!("{what} tree {k}"),
                );
            }
            // The Gantt chart: the cursor, and so the bars begun.
            let gantt = M::timeline_scene(inst, algo, &s, None);
            let track = Track::new(gantt.clone(), None, None);
            let tf = track.moving.time.expect("a timeline has a time frame");
            for t in samples(&motion.events, total) {
                let x = track.moving.frame(t).cursor.unwrap();
                assert_eq!(x, tf.x(t));
                // A bar is begun exactly when its start is before t.
                let at_t = M::timeline_scene(inst, algo, &s, Some(t));
                let cut: BTreeSet<String> = begun(&at_t, f64::INFINITY);
                assert_eq!(begun(&gantt, x), cut, "{what}: bars begun at t = {t}");
            }
            n += agree_alone(
                track,
                total,
                &motion.events,
                speed,
                &format!("{what} gantt"),
            );
            if done.len() < 2 {
                done.push((
                    gantt,
                    trees[0].clone(),
                    motions,
                    total,
                    motion.events.clone(),
                ));
            }
        }
        // Two results compared: one time scale (the longer), the drawings one above the
        // other, each prefixed.
        if let [a, b] = &done[..] {
            let total = a.3.max(b.3);
            let events: Vec<f64> = a.4.iter().chain(&b.4).copied().collect();
            for gantt in [true, false] {
                let (sa, sb) = if gantt { (&a.0, &b.0) } else { (&a.1, &b.1) };
                let (ma, mb) = (a.2.first(), b.2.first());
                let message = (M::ID == ModelId::Multi).then_some(0);
                let mut ta = Track::new(sa.clone(), ma.filter(|_| !gantt), message);
                let mut tb = Track::new(sb.clone(), mb.filter(|_| !gantt), message);
                if ta.moving.is_still() && tb.moving.is_still() {
                    continue;
                }
                if let (false, Some(ma), Some(mb)) = (gantt, ma, mb) {
                    ta.later = frame::later(ma, mb);
                    tb.later = frame::later(mb, ma);
                }
                let placed = [
                    (ta.moving.shifted(0.0, 0), "s0-".to_string()),
                    (
                        tb.moving.shifted(sa.height + 24.0, sa.items.len()),
                        "s1-".to_string(),
                    ),
                ];
                let what = format!("{:?} {} compared, gantt {gantt}", M::ID, e.id);
                n += agree(&[ta, tb], &placed, total, &events, 1.0, &what);
            }
        }
    }
    n
}

#[test]
fn the_file_plays_the_players_frames_for_every_model() {
    let mut checked = Vec::new();
    for id in ModelId::ALL {
        let n = match id {
            ModelId::Overhead => check_model::<Overhead>(),
            ModelId::Multi => check_model::<Multi>(),
            ModelId::Multimessage => check_model::<Multimessage>(),
            ModelId::Platform => check_model::<Platform>(),
        };
        assert!(n > 0, "{id:?}: nothing checked");
        checked.push((id, n));
    }
    eprintln!("samples checked: {checked:?}");
}

#[test]
fn options_and_refusals() {
    use hetcast_core::models::overhead::{gallery, Algorithm};
    let inst = gallery::libeskind_hadas_figure1();
    let s = Overhead::simulate(
        &inst,
        &Overhead::solve(&inst, Algorithm::Greedy, 0).unwrap(),
    )
    .unwrap();
    let tree = Overhead::tree_scenes(&inst, Algorithm::Greedy, &s).remove(0);
    let motion = Overhead::tree_motions(&inst, &s).remove(0);
    let track = || Track::new(tree.clone(), Some(&motion), None);
    // Played once: frozen on the whole schedule; at 2x the round is 10 / 2 + 2 s.
    let once = AnimOptions {
        speed: 2.0,
        looped: false,
        svg: SvgOptions {
            inline_styles: true,
            width: Some(800.0),
        },
    };
    let svg = animated_svg(&[track()], 10.0, &once).unwrap();
    assert!(svg.contains("dur=\"7s\" fill=\"freeze\""), "{svg}");
    assert!(!svg.contains("indefinite"));
    assert!(svg.contains("width=\"800\""));
    let file = File::read(&svg);
    // The first node to hold the message (at 3, 3 / 10 of 5 s): waiting before, lit after.
    let first = motion.nodes[1].id.strip_prefix("node-").unwrap();
    assert_eq!(motion.nodes[1].holds, 3.0);
    assert!(file.shown(&format!("hc-wait-{first}"), 1.49));
    assert!(!file.shown(&format!("hc-wait-{first}"), 1.51));
    assert!(!file.shown(&format!("hc-wait-{first}"), 100.0));
    let speed = AnimOptions {
        speed: 3.0,
        ..AnimOptions::default()
    };
    let e = animated_svg(&[track()], 10.0, &speed).unwrap_err();
    assert_eq!(e, "speed 3: the player's speeds are 0.25, 0.5, 1, 2, 4, 8");
    let still = Track::new(tree.clone(), None, None);
    assert_eq!(
        animated_svg(&[still], 10.0, &AnimOptions::default()).unwrap_err(),
        "nothing moves in this drawing when its schedule plays"
    );
    assert_eq!(
        animated_svg(&[track()], 0.0, &AnimOptions::default()).unwrap_err(),
        "the schedule takes no time: there is nothing to play"
    );
    // Hostile names stay text.
    let mut hostile = tree.clone();
    for i in &mut hostile.items {
        if let Item::Text { text, .. } = i {
            *text = format!("<script>alert(1)</script>\" onload=\"x {text}");
        }
    }
    let svg = animated_svg(
        &[Track::new(hostile, Some(&motion), None)],
        10.0,
        &AnimOptions::default(),
    )
    .unwrap();
    File::read(&svg);
}
