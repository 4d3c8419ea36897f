//! Layout and SVG export: the documents parse as XML, the geometry holds on random instances,
//! user text is escaped, and the pictures show the numbers the simulator computed.

mod common;

use common::svg::{parse, Elem};
use hetcast_core::layout::axis::nice_ticks;
use hetcast_core::layout::svg::{to_svg, DEFS};
use hetcast_core::layout::{Item, Scene, ROOT_CLASS, STYLE};
use hetcast_core::models::overhead::algo::{greedy::greedy, random::random_selection};
use hetcast_core::models::overhead::generate::{random, RandomSpec};
use hetcast_core::models::overhead::instance::{Instance, ModelKind};
use hetcast_core::models::overhead::simulate::{simulate, Schedule};
use hetcast_core::models::overhead::view::{gantt_scene, tree_scene, GanttOptions, TreeOptions};
use hetcast_core::models::overhead::{gallery, Plan};
use proptest::prelude::*;
use std::collections::HashMap;

/// What a reader gets back for `s`: control characters become U+FFFD.
fn shown(s: &str) -> String {
    s.chars()
        .map(|c| {
            if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') {
                '\u{FFFD}'
            } else {
                c
            }
        })
        .collect()
}

fn sched(inst: &Instance, plan: &Plan) -> Schedule {
    simulate(inst, plan).unwrap()
}

fn rect_by_id<'a>(scene: &'a Scene, want: &str) -> Option<(f64, f64, f64, f64, &'a str)> {
    scene.items.iter().find_map(|i| match i {
        Item::Rect {
            x,
            y,
            w,
            h,
            id,
            class,
            ..
        } if id == want => Some((*x, *y, *w, *h, class.as_str())),
        _ => None,
    })
}

fn texts<'a>(scene: &'a Scene, class: &'a str) -> Vec<(f64, f64, &'a str)> {
    scene
        .with_class(class)
        .filter_map(|i| match i {
            Item::Text { x, y, text, .. } => Some((*x, *y, text.as_str())),
            _ => None,
        })
        .collect()
}

fn node_boxes(scene: &Scene) -> Vec<(f64, f64, f64, f64)> {
    scene
        .with_class("node")
        .filter_map(|i| match i {
            Item::Rect { x, y, w, h, .. } => Some((*x, *y, *w, *h)),
            _ => None,
        })
        .collect()
}

fn completion_x(scene: &Scene) -> f64 {
    scene
        .items
        .iter()
        .find_map(|i| match i {
            Item::Line { x1, x2, id, .. } if id == "completion" => {
                assert_eq!(x1, x2, "the marker is vertical");
                Some(*x1)
            }
            _ => None,
        })
        .expect("a completion marker")
}

/// Checks every scene must pass: the SVG parses, the root is right, items lie in the scene.
fn check_document(scene: &Scene) -> Vec<Elem> {
    let svg = to_svg(scene);
    let doc = parse(&svg);
    let root = &doc[0];
    assert_eq!(root.name, "svg");
    assert_eq!(root.attrs["xmlns"], "http://www.w3.org/2000/svg");
    assert_eq!(root.attrs["version"], "1.1");
    assert_eq!(root.attrs["class"], ROOT_CLASS);
    let vb: Vec<f64> = root.attrs["viewBox"]
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(vb[0], 0.0);
    assert!((vb[2] - scene.width).abs() < 0.01 && (vb[3] - scene.height).abs() < 0.01);
    assert_eq!(root.attrs["width"].parse::<f64>().unwrap(), vb[2]);
    let title = doc
        .iter()
        .find(|e| e.name == "title" && e.depth == 1)
        .unwrap();
    assert_eq!(title.text, shown(&scene.title));
    assert!(doc
        .iter()
        .any(|e| e.name == "pattern" && e.attrs["id"] == "hc-hatch"));
    assert!(doc
        .iter()
        .any(|e| e.name == "marker" && e.attrs["id"] == "hc-arrow"));
    assert!(svg.contains(STYLE.trim()));
    // Every item is one element, in order, after the background.
    let drawn: Vec<usize> = (0..doc.len())
        .filter(|&i| doc[i].depth == 1 && matches!(doc[i].name.as_str(), "rect" | "line" | "text"))
        .skip(1)
        .collect();
    assert_eq!(drawn.len(), scene.items.len());
    let eps = 0.5;
    for (item, &k) in scene.items.iter().zip(&drawn) {
        let el = &doc[k];
        match item {
            Item::Rect {
                x, y, w, h, tip, ..
            } => {
                assert_eq!(el.name, "rect");
                assert!(*x >= -eps && *y >= -eps, "{item:?}");
                assert!(
                    x + w <= scene.width + eps && y + h <= scene.height + eps,
                    "{item:?}"
                );
                assert!(*w >= 0.0 && *h >= 0.0);
                if tip.is_empty() {
                    assert!(doc.get(k + 1).is_none_or(|c| c.depth < 2));
                } else {
                    let t = &doc[k + 1];
                    assert_eq!((t.name.as_str(), t.depth), ("title", 2));
                    assert_eq!(t.text, shown(tip));
                }
            }
            Item::Line { x1, y1, x2, y2, .. } => {
                assert_eq!(el.name, "line");
                for (x, y) in [(x1, y1), (x2, y2)] {
                    assert!(*x >= -eps && *x <= scene.width + eps, "{item:?}");
                    assert!(*y >= -eps && *y <= scene.height + eps, "{item:?}");
                }
            }
            Item::Text { x, y, text, .. } => {
                assert_eq!(el.name, "text");
                assert_eq!(el.text, shown(text));
                assert!(*x >= -eps && *x <= scene.width + eps, "{item:?}");
                assert!(*y > 0.0 && *y <= scene.height + eps, "{item:?}");
            }
        }
    }
    doc
}

fn boxes_disjoint(b: &[(f64, f64, f64, f64)]) -> Result<(), String> {
    for i in 0..b.len() {
        for j in i + 1..b.len() {
            let (p, q) = (b[i], b[j]);
            let apart =
                p.0 + p.2 <= q.0 || q.0 + q.2 <= p.0 || p.1 + p.3 <= q.1 || q.1 + q.3 <= p.1;
            if !apart {
                return Err(format!("boxes {p:?} and {q:?} overlap"));
            }
        }
    }
    Ok(())
}

#[test]
fn figure_1_tree_matches_the_paper() {
    let inst = gallery::libeskind_hadas_figure1();
    let s = sched(&inst, &greedy(&inst).unwrap().plan);
    let scene = tree_scene(&inst, &s, &TreeOptions::default());
    check_document(&scene);
    // Readable on a projector: the 12-node tree fits 1280x720.
    assert!(scene.width <= 1280.0 && scene.height <= 720.0, "{scene:?}");
    let labels: Vec<&str> = texts(&scene, "node-label")
        .into_iter()
        .map(|t| t.2)
        .collect();
    assert_eq!(labels.len(), 12);
    assert!(labels.contains(&"3|0"), "the source: cost 3, time 0");
    assert_eq!(labels.iter().filter(|l| l.ends_with("|10")).count(), 1);
    for v in 0..inst.len() {
        let (_, _, _, _, class) = rect_by_id(&scene, &format!("node-{v}")).unwrap();
        assert_eq!(
            class.contains("last"),
            s.ready[v] == 10.0,
            "node {v}: {class}"
        );
        assert_eq!(class.contains("source"), v == 0);
    }
    // One edge per tree edge, from the parent's box bottom to the child's box top, and the
    // children of a node left to right in send order.
    for (u, ch) in s.children.iter().enumerate() {
        let mut last_x = f64::NEG_INFINITY;
        for &c in ch {
            let (px, py, pw, ph, _) = rect_by_id(&scene, &format!("node-{u}")).unwrap();
            let (cx, cy, cw, _, _) = rect_by_id(&scene, &format!("node-{c}")).unwrap();
            let edge = scene
                .items
                .iter()
                .find_map(|i| match i {
                    Item::Line {
                        x1,
                        y1,
                        x2,
                        y2,
                        id,
                        arrow,
                        ..
                    } if *id == format!("edge-{u}-{c}") => Some((*x1, *y1, *x2, *y2, *arrow)),
                    _ => None,
                })
                .unwrap();
            assert_eq!(edge, (px + pw / 2.0, py + ph, cx + cw / 2.0, cy, true));
            assert!(cx > last_x, "children in send order, left to right");
            last_x = cx;
            assert!(cy > py, "children below their parent");
        }
    }
    assert_eq!(scene.with_class("edge").count(), inst.len() - 1);
}

#[test]
fn sender_receiver_labels_show_both_costs() {
    let inst = gallery::liu_figure1();
    let s = sched(&inst, &greedy(&inst).unwrap().plan);
    let scene = tree_scene(&inst, &s, &TreeOptions::default());
    let mut labels: Vec<&str> = texts(&scene, "node-label")
        .into_iter()
        .map(|t| t.2)
        .collect();
    labels.sort();
    assert_eq!(labels, vec!["s1 r2 | 0", "s1 r2 | 4", "s2 r3 | 6"]);
    let key = texts(&scene, "legend");
    assert_eq!(key.len(), 1);
    assert!(key[0].2.starts_with("s r | t: send time, receive time"));
    // The key sits under the lowest box, inside the scene.
    let lowest = scene
        .with_class("node")
        .filter_map(|i| match i {
            Item::Rect { y, h, .. } => Some(y + h),
            _ => None,
        })
        .fold(0.0, f64::max);
    assert!(key[0].1 > lowest && key[0].1 < scene.height, "{key:?}");
}

#[test]
fn figure_1_gantt_marker_ticks_and_lanes() {
    let inst = gallery::libeskind_hadas_figure1();
    let s = sched(&inst, &greedy(&inst).unwrap().plan);
    assert_eq!(s.completion_time, 10.0);
    let scene = gantt_scene(
        &inst,
        &s,
        &GanttOptions {
            title: "Greedy / FNF: completion time 10".into(),
            ..Default::default()
        },
    );
    check_document(&scene);
    // Projector-sized: 12 lanes, a heading, axis and legend fit 1280x720.
    assert!(
        scene.width <= 1280.0 && scene.height <= 720.0,
        "{} x {}",
        scene.width,
        scene.height
    );
    // The marker sits on the tick labelled 10 and at the end of the send that delivers last.
    let xe = completion_x(&scene);
    let ticks = texts(&scene, "tick-label");
    let ten = ticks.iter().find(|t| t.2 == "10").expect("a tick at 10");
    assert!(
        (ten.0 - xe).abs() < 1e-9,
        "tick 10 at {}, marker at {xe}",
        ten.0
    );
    let zero = ticks.iter().find(|t| t.2 == "0").expect("a tick at 0");
    let last = s.sends.iter().find(|o| o.recv_end == 10.0).unwrap();
    let (x, _, w, _, _) = rect_by_id(&scene, &format!("send-{}-{}", last.from, last.to)).unwrap();
    assert!((x + w - xe).abs() < 1e-9);
    // x is linear in time: the bar starting at 0 starts at the 0 tick.
    let first = &s.sends[0];
    assert_eq!(first.start, 0.0);
    let (x0, _, _, _, _) =
        rect_by_id(&scene, &format!("send-{}-{}", first.from, first.to)).unwrap();
    assert!((x0 - zero.0).abs() < 1e-9);
    let label = texts(&scene, "completion-label");
    assert_eq!(label.len(), 1);
    assert_eq!(label[0].2, "T = 10");
    // Node model: no transit, no receive bars; every send has its bar.
    assert_eq!(scene.with_class("transit").count(), 0);
    assert_eq!(scene.with_class("recv").count(), 0);
    for o in &s.sends {
        assert!(rect_by_id(&scene, &format!("send-{}-{}", o.from, o.to)).is_some());
    }
}

#[test]
fn gantt_lanes_source_first_then_by_ready_time() {
    let inst = gallery::libeskind_hadas_figure1();
    let s = sched(&inst, &greedy(&inst).unwrap().plan);
    let scene = gantt_scene(&inst, &s, &GanttOptions::default());
    let lanes: Vec<(f64, usize)> = (0..inst.len())
        .map(|v| (rect_by_id(&scene, &format!("lane-{v}")).unwrap().1, v))
        .collect();
    let src_y = lanes[inst.source].0;
    assert!(lanes.iter().all(|l| l.0 >= src_y));
    for a in &lanes {
        for b in &lanes {
            if a.1 != inst.source && b.1 != inst.source && s.ready[a.1] < s.ready[b.1] {
                assert!(a.0 < b.0, "lane of P{} above P{}", a.1, b.1);
            }
        }
    }
    // Lane labels give the costs.
    let labels = texts(&scene, "lane-label");
    assert!(labels.iter().any(|t| t.2 == "P0 (source)  c=3"));
    assert!(labels.iter().any(|t| t.2 == "P4  c=2"));
}

#[test]
fn sender_receiver_gantt_has_transit_and_receive_bars() {
    let inst = gallery::liu_figure1();
    let s = sched(&inst, &greedy(&inst).unwrap().plan);
    let scene = gantt_scene(&inst, &s, &GanttOptions::default());
    check_document(&scene);
    for o in &s.sends {
        let (sx, sy, sw, _, _) = rect_by_id(&scene, &format!("send-{}-{}", o.from, o.to)).unwrap();
        let (tx, ty, tw, th, _) =
            rect_by_id(&scene, &format!("transit-{}-{}", o.from, o.to)).unwrap();
        let (rx, ry, rw, _, _) = rect_by_id(&scene, &format!("recv-{}-{}", o.from, o.to)).unwrap();
        // Contiguous in time: send, then transit (L = 1), then receive.
        assert!((sx + sw - tx).abs() < 1e-9 && (tx + tw - rx).abs() < 1e-9);
        assert!((tw - sw * inst.latency / (o.end - o.start)).abs() < 1e-9);
        assert!(rw > 0.0 && th < 26.0, "transit is thin");
        // The receive and transit are in the receiver's lane, below the sender's.
        let (_, ly, _, lh, _) = rect_by_id(&scene, &format!("lane-{}", o.to)).unwrap();
        assert!(ry >= ly && ry < ly + lh && ty >= ly && ty < ly + lh);
        assert!(sy < ly);
    }
    assert_eq!(texts(&scene, "completion-label")[0].2, "T = 6");
    // The legend names the three kinds in words.
    let legend: Vec<&str> = texts(&scene, "legend").into_iter().map(|t| t.2).collect();
    for w in ["send", "transit (L)", "receive"] {
        assert!(legend.contains(&w), "{legend:?}");
    }
    // A narrow view: the legend wraps instead of widening the chart (which would shrink the
    // text when the app scales the picture to its view).
    let narrow = GanttOptions {
        width: 824.0,
        ..GanttOptions::default()
    };
    let scene = gantt_scene(&inst, &s, &narrow);
    assert!(scene.width <= 824.0, "{}", scene.width);
    for (x, _, t) in texts(&scene, "legend") {
        assert!(x + 8.0 * t.len() as f64 <= scene.width + 1e-9, "{t} at {x}");
    }
}

#[test]
fn user_names_are_escaped() {
    let evil = "<&>\"' ]]> \u{1}";
    let mut inst = gallery::liu_figure1();
    inst.nodes[1].name = Some(evil.into());
    inst.nodes[2].name = Some("</svg><script>alert(1)</script>".into());
    let s = sched(&inst, &greedy(&inst).unwrap().plan);
    for scene in [
        tree_scene(
            &inst,
            &s,
            &TreeOptions {
                title: format!("title {evil}"),
                ..Default::default()
            },
        ),
        gantt_scene(
            &inst,
            &s,
            &GanttOptions {
                title: format!("title {evil}"),
                ..Default::default()
            },
        ),
    ] {
        let svg = to_svg(&scene);
        assert!(!svg.contains("<script"));
        let doc = check_document(&scene);
        // The name comes back intact (the control character as U+FFFD).
        let shown = "<&>\"' ]]> \u{FFFD}";
        assert!(
            doc.iter()
                .any(|e| e.name == "text" && e.text.contains(shown)),
            "{svg}"
        );
        assert!(doc
            .iter()
            .any(|e| e.name == "title" && e.text.contains(shown)));
        assert!(!doc.iter().any(|e| e.name == "script"));
    }
}

#[test]
fn ticks_are_nice_increasing_and_cover_the_range() {
    for &max in &[
        0.3, 1.0, 6.0, 9.99, 10.0, 10.01, 37.0, 131.0, 999.0, 12345.0, 1e-3,
    ] {
        for max_ticks in 2..=12 {
            let t = nice_ticks(max, max_ticks);
            assert_eq!(t[0], 0.0);
            assert!(*t.last().unwrap() >= max * (1.0 - 1e-12), "{max}: {t:?}");
            assert!(t.len() - 1 <= max_ticks, "{max} {max_ticks}: {t:?}");
            let step = t[1] - t[0];
            let mant = step / 10f64.powf(step.log10().floor());
            assert!(
                [1.0, 2.0, 5.0].iter().any(|m| (mant - m).abs() < 1e-6),
                "{step}"
            );
            assert!(t
                .windows(2)
                .all(|w| (w[1] - w[0] - step).abs() < step * 1e-6));
            // The last tick is the first one at or after max.
            assert!(t[t.len() - 2] < max);
        }
    }
}

#[test]
fn replay_time_fades_the_future() {
    let inst = gallery::libeskind_hadas_figure1();
    let s = sched(&inst, &greedy(&inst).unwrap().plan);
    let at = Some(6.0);
    let tree = tree_scene(
        &inst,
        &s,
        &TreeOptions {
            title: String::new(),
            at,
            ..Default::default()
        },
    );
    for v in 0..inst.len() {
        let class = rect_by_id(&tree, &format!("node-{v}")).unwrap().4;
        assert_eq!(class.contains("future"), s.ready[v] > 6.0, "node {v}");
    }
    let g = gantt_scene(
        &inst,
        &s,
        &GanttOptions {
            at,
            ..Default::default()
        },
    );
    for o in &s.sends {
        let class = rect_by_id(&g, &format!("send-{}-{}", o.from, o.to))
            .unwrap()
            .4;
        assert_eq!(class.contains("future"), o.start > 6.0);
    }
    assert_eq!(g.with_class("now").count(), 1);
}

#[test]
fn a_schedule_of_another_instance_gives_a_message_not_a_panic() {
    let inst = gallery::libeskind_hadas_figure1();
    let other = gallery::liu_figure1();
    let s = sched(&other, &greedy(&other).unwrap().plan);
    for scene in [
        tree_scene(&inst, &s, &TreeOptions::default()),
        gantt_scene(&inst, &s, &GanttOptions::default()),
    ] {
        check_document(&scene);
        assert!(scene.with_class("node").count() == 0);
    }
}

/// Geometry checks on one instance and plan.
fn check_instance(inst: &Instance, plan: &Plan) -> Result<(), TestCaseError> {
    let s = sched(inst, plan);
    let tree = tree_scene(inst, &s, &TreeOptions::default());
    let boxes = node_boxes(&tree);
    prop_assert_eq!(boxes.len(), inst.len());
    boxes_disjoint(&boxes).map_err(TestCaseError::fail)?;
    // Labels fit their boxes (same width for all, from the widest label).
    for (x, _, _) in texts(&tree, "node-label") {
        prop_assert!(boxes.iter().any(|b| (b.0 + b.2 / 2.0 - x).abs() < 1e-9));
    }
    let gantt = gantt_scene(inst, &s, &GanttOptions::default());
    // One lane per node.
    let lanes: Vec<&Item> = gantt.with_class("lane").collect();
    prop_assert_eq!(lanes.len(), inst.len());
    for v in 0..inst.len() {
        let id = format!("lane-{v}");
        prop_assert!(rect_by_id(&gantt, &id).is_some(), "no {}", id);
    }
    // Ticks: increasing values and positions, inside the scene.
    let ticks = texts(&gantt, "tick-label");
    prop_assert!(ticks.len() >= 2);
    let vals: Vec<f64> = ticks.iter().map(|t| t.2.parse().unwrap()).collect();
    prop_assert!(vals.windows(2).all(|w| w[0] < w[1]));
    prop_assert!(ticks.windows(2).all(|w| w[0].0 < w[1].0));
    prop_assert!(ticks.iter().all(|t| t.0 >= 0.0 && t.0 <= gantt.width));
    prop_assert!(*vals.last().unwrap() >= s.completion_time - 1e-9);
    // The marker is at T on the axis's linear scale.
    let (x0, x1) = (ticks[0].0, ticks[ticks.len() - 1].0);
    let expect = x0 + s.completion_time / vals[vals.len() - 1] * (x1 - x0);
    prop_assert!((completion_x(&gantt) - expect).abs() < 1e-6);
    // Bars of one lane never overlap (one-port: a node sends one message at a time).
    for v in 0..inst.len() {
        let mut bars: Vec<(f64, f64)> = gantt
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Rect { x, w, id, .. } if id.starts_with(&format!("send-{}-", v)) => {
                    Some((*x, x + w))
                }
                _ => None,
            })
            .collect();
        bars.sort_by(|a, b| a.0.total_cmp(&b.0));
        prop_assert!(bars.windows(2).all(|w| w[0].1 <= w[1].0 + 1e-6));
    }
    check_document(&tree);
    check_document(&gantt);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_instances_lay_out_cleanly(inst in common::instances(), seed in 0u64..1000) {
        check_instance(&inst, &greedy(&inst).unwrap().plan)?;
        check_instance(&inst, &random_selection(&inst, seed).unwrap().plan)?;
    }
}

#[test]
fn fifty_nodes_do_not_overlap() {
    for seed in 0..40 {
        for model in [ModelKind::Node, ModelKind::SenderReceiver] {
            let inst = random(RandomSpec {
                model,
                nodes: 50,
                types: 4,
                max_cost: 9,
                seed,
            });
            check_instance(&inst, &greedy(&inst).unwrap().plan).unwrap();
            check_instance(&inst, &random_selection(&inst, seed).unwrap().plan).unwrap();
        }
    }
    // A path (deepest tree) and a star (widest) too.
    let inst = Instance::node_model(0, &[1.0; 50]);
    let mut path = Plan::new(0, 50);
    for v in 0..49 {
        path.children[v].push(v + 1);
    }
    check_instance(&inst, &path).unwrap();
    let mut star = Plan::new(0, 50);
    star.children[0] = (1..50).collect();
    check_instance(&inst, &star).unwrap();
}

#[test]
fn defs_are_shared_markup() {
    // The app includes DEFS as-is: it must parse on its own.
    let doc = parse(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\">{DEFS}</svg>"
    ));
    assert!(doc.iter().any(|e| e.name == "defs"));
}

#[test]
fn extreme_costs_still_give_documents() {
    for t in [
        nice_ticks(f64::MAX, 1),
        nice_ticks(5e-324, 5),
        nice_ticks(f64::NAN, 3),
    ] {
        assert!(t.len() >= 2 && t[0] == 0.0, "{t:?}");
    }
    for costs in [
        // The largest costs an instance may have (larger ones are refused by validate).
        vec![1e9, 1e9, 1e9],
        vec![1e-9, 2e-9, 3e-9],
        vec![0.1, 0.2, 0.3],
    ] {
        let inst = Instance::node_model(0, &costs);
        let s = sched(&inst, &greedy(&inst).unwrap().plan);
        check_document(&tree_scene(&inst, &s, &TreeOptions::default()));
        let g = gantt_scene(&inst, &s, &GanttOptions::default());
        check_document(&g);
        let ticks = texts(&g, "tick-label");
        assert!(
            ticks
                .windows(2)
                .all(|w| w[0].0 < w[1].0 && w[0].2 != w[1].2),
            "{ticks:?}"
        );
    }
}

/// Every bar of a Gantt scene (send, transit, receive, blocked): id → (left, right).
fn bars(scene: &Scene) -> HashMap<String, (f64, f64)> {
    scene
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Rect { x, w, id, .. }
                if ["send-", "transit-", "recv-", "blocked-"]
                    .iter()
                    .any(|p| id.starts_with(p)) =>
            {
                Some((id.clone(), (*x, x + w)))
            }
            _ => None,
        })
        .collect()
}

/// The chart drawn at `t` has exactly the bars `(id, start, end)` of `all` that started before
/// `t`, each with its right edge at `min(end, t)` on the full chart's time scale.
fn check_cut(full: &Scene, cut: &Scene, all: &[(String, f64, f64)], t: f64) {
    let (full_bars, cut_bars) = (bars(full), bars(cut));
    assert_eq!(full_bars.len(), all.len(), "the full chart has every bar");
    let begun: Vec<&(String, f64, f64)> = all.iter().filter(|b| b.1 < t).collect();
    assert!(!begun.is_empty(), "t = {t} is after the start");
    assert_eq!(cut_bars.len(), begun.len(), "t = {t}");
    for (id, start, end) in begun {
        let (l, r) = full_bars[id];
        let (cl, cr) = cut_bars[id];
        // x is linear in time: x(min(end, t)) from the full bar's x(start) and x(end).
        let want = l + (r - l) * (end.min(t) - start) / (end - start);
        assert!((cl - l).abs() < 1e-9, "{id} starts where it did");
        assert!(
            (cr - want).abs() < 1e-9,
            "{id}: right edge {cr}, want {want}"
        );
        if *end <= t {
            assert!((cr - r).abs() < 1e-9, "{id} ended before t: drawn whole");
        }
    }
    // The frame stays put; a `now` line marks t.
    assert_eq!((cut.width, cut.height), (full.width, full.height));
    assert_eq!(cut.with_class("now").count(), 1);
    assert_eq!(full.with_class("now").count(), 0);
}

#[test]
fn a_timeline_drawn_at_t_has_the_bars_begun_before_t_cut_at_t() {
    use hetcast_core::catalog::Catalog;
    use hetcast_core::models::multi::algo::MultiAlgorithm;
    use hetcast_core::models::multi::view::{multi_gantt_scene_at, MultiGanttOptions};
    use hetcast_core::models::multi::{gallery as multi_gallery, simulate_multi};
    use hetcast_core::models::overhead::view::gantt_scene_at;

    // Overhead model: Liu et al. Figure 1 (send, transit and receive bars).
    let inst = gallery::liu_figure1();
    let s = sched(&inst, &greedy(&inst).unwrap().plan);
    let mut all = Vec::new();
    for o in &s.sends {
        let ids = format!("{}-{}", o.from, o.to);
        all.push((format!("send-{ids}"), o.start, o.end));
        all.push((format!("transit-{ids}"), o.end, o.recv_start));
        all.push((format!("recv-{ids}"), o.recv_start, o.recv_end));
    }
    let opts = GanttOptions::default();
    let full = gantt_scene(&inst, &s, &opts);
    assert_eq!(gantt_scene_at(&inst, &s, &opts, None), full);
    // Sends [0, 1] and [1, 2]; transits [1, 2] and [2, 3]; receives [2, 4] and [3, 6].
    for t in [0.5, 1.5, 2.5, 3.0] {
        let cut = gantt_scene_at(&inst, &s, &opts, Some(t));
        assert!(bars(&cut).len() < all.len(), "t = {t} leaves bars out");
        check_cut(&full, &cut, &all, t);
        check_document(&cut);
        // A message is held (marker) once it has been received.
        let held = s.sends.iter().filter(|o| o.recv_end <= t).count();
        assert_eq!(
            cut.with_class("ready").count(),
            held + 1,
            "legend swatch too"
        );
    }

    // Many-source model: every algorithm on the gallery's example.
    let inst = multi_gallery::wrp_beats_wr();
    for &a in MultiAlgorithm::ALL {
        let s = simulate_multi(&inst, &a.run(&inst).unwrap()).unwrap();
        let mut all = Vec::new();
        for t in &s.transfers {
            let ids = format!("{}-{}-{}", t.msg, t.from, t.to);
            all.push((format!("send-{ids}"), t.send_start, t.send_end));
            for (kind, start, end) in [
                ("transit", t.send_end, t.arrive),
                ("blocked", t.recv_issue, t.recv_start),
                ("recv", t.recv_start, t.recv_end),
            ] {
                if end > start {
                    all.push((format!("{kind}-{ids}"), start, end));
                }
            }
        }
        let opts = MultiGanttOptions::default();
        let full = multi_gantt_scene_at(&inst, &s, &opts, None);
        for f in [0.1, 0.37, 0.5, 0.81] {
            let t = s.completion_time * f;
            let cut = multi_gantt_scene_at(&inst, &s, &opts, Some(t));
            check_cut(&full, &cut, &all, t);
            check_document(&cut);
        }
    }
}
