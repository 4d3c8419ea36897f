//! Every model × every algorithm × every gallery example and random instances of many sizes:
//! solve, simulate, draw the Gantt chart (whole and as of moments) and the trees, and check
//! each picture: the SVG parses strictly, no two bars of one lane overlap, and every text lies
//! inside the drawing.
//!
//! Written once over the [`Model`] trait; a new [`ModelId`] does not compile here until it is
//! added to the `match` in [`every_model_draws_every_result`].

use hetcast_core::catalog::Catalog;
use hetcast_core::layout::style::{text_width, title_width, FONT_LABEL, FONT_SMALL};
use hetcast_core::layout::svg::to_svg;
use hetcast_core::layout::{Anchor, Item, Scene};
use hetcast_core::models::multi::Multi;
use hetcast_core::models::multimessage::Multimessage;
use hetcast_core::models::overhead::Overhead;
use hetcast_core::models::platform::Platform;
mod common;

use hetcast_core::models::Model;
use hetcast_core::{Error, ModelId};

/// Parse `svg` strictly (the shared reader of `common::svg`).
fn parse_strictly(svg: &str) {
    common::svg::parse(svg);
}

/// The (top, bottom) of every lane band, by id.
fn lanes(scene: &Scene) -> Vec<(f64, f64)> {
    scene
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Rect { id, y, h, .. } if id.starts_with("lane-") => Some((*y, y + h)),
            _ => None,
        })
        .collect()
}

/// No two bars (send, transit, receive, blocked) of one lane overlap: within a lane, bars that
/// share some height share no width.
fn bars_apart(scene: &Scene, what: &str) {
    let bars: Vec<(&str, f64, f64, f64, f64)> = scene
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Rect { id, x, y, w, h, .. }
                if ["send-", "transit-", "recv-", "blocked-"]
                    .iter()
                    .any(|p| id.starts_with(p)) =>
            {
                Some((id.as_str(), *x, x + w, *y, y + h))
            }
            _ => None,
        })
        .collect();
    let eps = 1e-6 * scene.width;
    for (top, bottom) in lanes(scene) {
        let mut mine: Vec<_> = bars
            .iter()
            .filter(|b| b.3 >= top && b.4 <= bottom)
            .collect();
        mine.sort_by(|a, b| a.1.total_cmp(&b.1));
        for (i, a) in mine.iter().enumerate() {
            for b in &mine[i + 1..] {
                if b.1 >= a.2 - eps {
                    break;
                }
                let same_height = a.3 < b.4 && b.3 < a.4;
                assert!(
                    !same_height,
                    "{what}: {} and {} overlap: {a:?} {b:?}",
                    a.0, b.0
                );
            }
        }
    }
    // Every bar is in some lane.
    for b in &bars {
        assert!(
            lanes(scene).iter().any(|l| b.3 >= l.0 && b.4 <= l.1),
            "{what}: {} outside the lanes",
            b.0
        );
    }
}

/// Every text, at its estimated width, lies inside the drawing.
fn texts_inside(scene: &Scene, what: &str) {
    for i in &scene.items {
        if let Item::Text {
            x,
            y,
            text,
            class,
            anchor,
        } = i
        {
            let w = match class.split_whitespace().next() {
                Some("title") => title_width(text),
                Some("node-label") => text_width(text, FONT_LABEL) * 1.1,
                Some("completion-label") => text_width(text, 18.0),
                _ => text_width(text, FONT_SMALL),
            };
            let (l, r) = match anchor {
                Anchor::Start => (*x, x + w),
                Anchor::Middle => (x - w / 2.0, x + w / 2.0),
                Anchor::End => (x - w, *x),
            };
            let eps = 0.5;
            assert!(
                l >= -eps && r <= scene.width + eps,
                "{what}: {text:?} ({class}) runs from {l} to {r}, width {}",
                scene.width
            );
            assert!(
                *y > 0.0 && *y <= scene.height + eps,
                "{what}: {text:?} at y {y}"
            );
        }
    }
}

fn check_scene(scene: &Scene, what: &str) {
    parse_strictly(&to_svg(scene));
    bars_apart(scene, what);
    texts_inside(scene, what);
}

/// Solve, simulate and draw every algorithm's result on the gallery and on random instances.
/// Returns how many results were drawn.
fn check_model<M: Model>() -> usize {
    let mut cases: Vec<(String, M::Instance)> = M::gallery()
        .into_iter()
        .map(|e| (format!("gallery {}", e.id), e.instance))
        .collect();
    for nodes in 2..=12 {
        for seed in 0..3 {
            cases.push((
                format!("random {nodes} nodes, seed {seed}"),
                M::random_instance(nodes, seed),
            ));
        }
    }
    for seed in 0..2 {
        cases.push((
            format!("random 40 nodes, seed {seed}"),
            M::random_instance(40, seed),
        ));
    }
    let (mut drawn, mut refused) = (0, 0);
    for (name, inst) in &cases {
        for &algo in M::Algorithm::ALL {
            let what = format!("{:?} {} on {name}", M::ID, algo.key());
            let sol = match M::solve(inst, algo, 11) {
                Ok(sol) => sol,
                // Exact methods refuse instances past their documented limits, and only those.
                Err(Error::TooLarge { size, limit, .. }) if size > limit => {
                    refused += 1;
                    continue;
                }
                Err(e) => panic!("{what}: {e}"),
            };
            let s = M::simulate(inst, &sol).unwrap_or_else(|e| panic!("{what}: simulate: {e}"));
            let t = M::completion_time(&s);
            assert!(t.is_finite() && t >= 0.0, "{what}: T = {t}");
            // Typed steps: a pseudo-code line that exists, a moment inside the schedule.
            let pseudo = M::pseudo_code(algo);
            for step in M::steps(inst, algo, &sol) {
                assert!(!step.text.is_empty(), "{what}: a step without text");
                if let Some(line) = step.pseudo_line {
                    assert!((1..=pseudo.len()).contains(&line), "{what}: line {line}");
                }
                assert!(
                    (0.0..=t).contains(&step.t),
                    "{what}: step at {} > T",
                    step.t
                );
            }
            let full = M::timeline_scene(inst, algo, &s, None);
            assert!(full.with_class("lane").count() >= 2, "{what}: lanes");
            check_scene(&full, &what);
            for f in [0.0, 0.3, 0.7, 1.0] {
                let scene = M::timeline_scene(inst, algo, &s, Some(t * f));
                check_scene(&scene, &format!("{what} at {f} T"));
            }
            let trees = M::tree_scenes(inst, algo, &s);
            assert!(!trees.is_empty(), "{what}: no tree");
            for (k, tree) in trees.iter().enumerate() {
                check_scene(tree, &format!("{what}, tree {k}"));
            }
            check_motions(&trees, &M::tree_motions(inst, &s), t, &what);
            drawn += 1;
        }
    }
    eprintln!(
        "{:?}: {} instances, {drawn} results drawn, {refused} refused as too large",
        M::ID,
        cases.len()
    );
    drawn
}

/// What playback moves in the trees: one motion per tree; every id is an item of its tree;
/// every edge carries the message for a while that ends when its receiver holds it; the last
/// box to light up does so at the completion time, and at T every box that ever lights is lit.
fn check_motions(trees: &[Scene], motions: &[hetcast_core::layout::Motion], t: f64, what: &str) {
    assert_eq!(trees.len(), motions.len(), "{what}: one motion per tree");
    let mut last = 0.0f64;
    for (tree, m) in trees.iter().zip(motions) {
        let ids: std::collections::HashSet<&str> = tree
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Rect { id, .. } | Item::Line { id, .. } => Some(id.as_str()),
                _ => None,
            })
            .collect();
        for n in &m.nodes {
            assert!(ids.contains(n.id.as_str()), "{what}: no box {}", n.id);
            last = last.max(n.holds);
        }
        for e in &m.edges {
            assert!(ids.contains(e.id.as_str()), "{what}: no edge {}", e.id);
            assert!(e.start < e.end, "{what}: {} carries nothing", e.id);
            let to = e.id.rsplit('-').next().unwrap();
            let holds = m.nodes.iter().find(|n| n.id == format!("node-{to}"));
            assert_eq!(holds.map(|n| n.holds), Some(e.end), "{what}: {}", e.id);
        }
        assert_eq!(m.lit_at(t).count(), m.nodes.len(), "{what}: all lit at T");
        assert_eq!(m.in_transit_at(t).count(), 0, "{what}: nothing moves at T");
    }
    // A drawing that is no tree (the multimessage model's multigraph) moves nothing.
    if motions.iter().any(|m| !m.nodes.is_empty()) {
        assert_eq!(last, t, "{what}: the last box lights at T");
    }
}

#[test]
fn every_model_draws_every_result() {
    for id in ModelId::ALL {
        // One arm per model: a new ModelId fails to compile here until it is checked.
        let drawn = match id {
            ModelId::Overhead => check_model::<Overhead>(),
            ModelId::Multi => check_model::<Multi>(),
            ModelId::Multimessage => check_model::<Multimessage>(),
            ModelId::Platform => check_model::<Platform>(),
        };
        assert!(drawn > 0, "{id:?}: nothing drawn");
    }
}

/// A rectangle item.
fn rect(id: &str, x: f64, y: f64, w: f64, h: f64) -> Item {
    Item::Rect {
        x,
        y,
        w,
        h,
        rx: 0.0,
        class: "send".into(),
        id: id.into(),
        tip: String::new(),
    }
}

#[test]
#[should_panic(expected = "overlap")]
fn the_checks_catch_overlapping_bars() {
    let scene = Scene {
        width: 200.0,
        height: 100.0,
        title: "two bars at once".into(),
        items: vec![
            rect("lane-0", 0.0, 0.0, 200.0, 40.0),
            rect("send-0-1", 10.0, 7.0, 50.0, 26.0),
            rect("send-0-2", 40.0, 7.0, 50.0, 26.0),
        ],
        time: None,
    };
    check_scene(&scene, "test");
}

#[test]
#[should_panic(expected = "runs from")]
fn the_checks_catch_text_past_the_edge() {
    let scene = Scene {
        width: 200.0,
        height: 100.0,
        title: "a long label".into(),
        items: vec![Item::Text {
            x: 150.0,
            y: 50.0,
            text: "a label far too long for the drawing".into(),
            class: "legend".into(),
            anchor: Anchor::Start,
        }],
        time: None,
    };
    check_scene(&scene, "test");
}
