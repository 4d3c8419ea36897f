//! The many-source drawings' tests: the Gantt chart, the trees, and the replay's event times.

use super::*;
use crate::catalog::Catalog;
use crate::layout::scene::Item;
use crate::layout::style::message_variant;
use crate::models::multi::algo::MultiAlgorithm;
use crate::models::multi::instance::{Link, Message, NodeClass, Overhead};
use crate::models::multi::{gallery, simulate_multi};

fn ids_with(scene: &Scene, prefix: &str) -> Vec<String> {
    scene
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Rect { id, .. } | Item::Line { id, .. } if id.starts_with(prefix) => {
                Some(id.clone())
            }
            _ => None,
        })
        .collect()
}

#[test]
fn one_lane_per_node_one_legend_entry_per_message_and_every_transfer_drawn() {
    let inst = gallery::wrp_beats_wr();
    for a in MultiAlgorithm::ALL.iter().copied() {
        let s = simulate_multi(&inst, &a.run(&inst).unwrap()).unwrap();
        let scene = multi_gantt_scene(&inst, &s, &MultiGanttOptions::default());
        assert_eq!(ids_with(&scene, "lane-").len(), 8);
        assert_eq!(ids_with(&scene, "legend-msg-").len(), 4);
        let transfers: usize = inst.messages.iter().map(|m| m.destinations.len()).sum();
        assert_eq!(ids_with(&scene, "send-").len(), transfers);
        assert_eq!(ids_with(&scene, "recv-").len(), transfers);
        assert_eq!(ids_with(&scene, "transit-").len(), transfers, "X > 0");
        // Send bars carry their message's colour.
        for t in &s.transfers {
            let id = format!("send-{}-{}-{}", t.msg, t.from, t.to);
            let class = scene
                .items
                .iter()
                .find_map(|i| match i {
                    Item::Rect { id: i, class, .. } if *i == id => Some(class.clone()),
                    _ => None,
                })
                .unwrap();
            assert!(class.contains(&message_class(t.msg)), "{class}");
        }
        let blocked = s
            .transfers
            .iter()
            .filter(|t| t.recv_start > t.recv_issue)
            .count();
        assert_eq!(ids_with(&scene, "blocked-").len(), blocked);
        let svg = crate::layout::svg::to_svg(&scene);
        assert!(svg.contains(&format!("T = {}", fmt_us(s.completion_time))));
        assert!(svg.contains("m0 from P0, 1 B → 3 nodes"), "{a:?}");
        // Every bar is inside the scene.
        for i in &scene.items {
            if let Item::Rect { x, y, w, h, .. } = i {
                assert!(*x >= 0.0 && x + w <= scene.width + 1e-6, "{i:?}");
                assert!(*y >= 0.0 && y + h <= scene.height + 1e-6, "{i:?}");
            }
        }
    }
}

#[test]
fn large_times_use_ms_and_many_messages_vary_the_pattern() {
    let dests: Vec<usize> = (1..6).collect();
    let inst = MultiInstance {
        classes: vec![NodeClass {
            name: "a very long class name".into(),
            count: 6,
            send: Overhead {
                fixed: 300.0,
                per_byte: 0.01,
            },
            recv: Overhead {
                fixed: 200.0,
                per_byte: 0.01,
            },
        }],
        link: Link::PerByte(Link::per_byte_of_mbps(155.0)),
        messages: (0..10)
            .map(|k| Message {
                source: 0,
                size: 1_048_576.0 + k as f64,
                destinations: dests.clone(),
            })
            .collect(),
    };
    let s = simulate_multi(&inst, &MultiAlgorithm::Wrp.run(&inst).unwrap()).unwrap();
    assert!(s.completion_time > 1e5);
    let scene = multi_gantt_scene(&inst, &s, &MultiGanttOptions::default());
    let texts: Vec<&str> = scene
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert!(
        texts.iter().any(|t| *t == "time (ms)" || *t == "time (s)"),
        "{texts:?}"
    );
    assert!(texts.iter().any(|t| t.starts_with("P0  a very long…")));
    assert_eq!(ids_with(&scene, "legend-msg-").len(), 10);
    // Messages 8 and 9 share colours with 0 and 1 but have stripes.
    assert!(scene.with_class("mstripe").count() > 0);
    assert_eq!(message_class(8), message_class(0));
    assert_ne!(message_variant(8), message_variant(0));
}

#[test]
fn dense_charts_leave_out_hatching_and_labels() {
    let n = 40;
    let inst = MultiInstance {
        classes: vec![NodeClass {
            name: "x".into(),
            count: n,
            send: Overhead {
                fixed: 100.0,
                per_byte: 0.001,
            },
            recv: Overhead {
                fixed: 120.0,
                per_byte: 0.001,
            },
        }],
        link: Link::PerByte(0.008),
        messages: (0..30)
            .map(|k| Message {
                source: k,
                size: 1000.0,
                destinations: (0..n).filter(|&d| d != k).collect(),
            })
            .collect(),
    };
    let s = simulate_multi(&inst, &MultiAlgorithm::Wr.run(&inst).unwrap()).unwrap();
    assert!(s.transfers.len() > DENSE_TRANSFERS);
    let scene = multi_gantt_scene(&inst, &s, &MultiGanttOptions::default());
    assert_eq!(scene.with_class("mhatch").count(), 0);
    assert_eq!(scene.with_class("mbar-label").count(), 0);
    assert_eq!(ids_with(&scene, "recv-").len(), s.transfers.len());
    assert_eq!(ids_with(&scene, "lane-").len(), n);
    assert_eq!(ids_with(&scene, "legend-msg-").len(), 30);
}

fn texts(scene: &Scene) -> Vec<(String, String, f64)> {
    scene
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text { text, class, y, .. } => Some((text.clone(), class.clone(), *y)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_gantt_heading_names_the_algorithm_the_instance_and_t() {
    let inst = gallery::wrp_beats_wr();
    let s = simulate_multi(&inst, &MultiAlgorithm::Wrp.run(&inst).unwrap()).unwrap();
    let h = gantt_heading("WRP", &inst, &s);
    assert_eq!(
        h,
        format!(
            "WRP — Gantt chart, 8 nodes, 4 messages, T = {}",
            fmt_us(s.completion_time)
        )
    );
    let opts = MultiGanttOptions {
        title: h.clone(),
        ..Default::default()
    };
    let scene = multi_gantt_scene(&inst, &s, &opts);
    assert_eq!(scene.title, h);
    assert!(texts(&scene).iter().any(|t| t.0 == h && t.1 == "title"));
}

#[test]
fn a_tall_chart_has_the_time_axis_at_the_top_too() {
    let spec = crate::models::multi::generate::Section5Spec::default();
    let inst = crate::models::multi::generate::section5(&spec, 1).unwrap();
    assert_eq!(inst.node_count(), 64);
    let s = simulate_multi(&inst, &MultiAlgorithm::Wrp.run(&inst).unwrap()).unwrap();
    let scene = multi_gantt_scene(&inst, &s, &MultiGanttOptions::default());
    assert_eq!(ids_with(&scene, "top-axis").len(), 1);
    let top_labels: Vec<(String, String, f64)> = texts(&scene)
        .into_iter()
        .filter(|t| t.1 == "top-tick-label")
        .collect();
    let bottom_labels: Vec<(String, String, f64)> = texts(&scene)
        .into_iter()
        .filter(|t| t.1 == "tick-label")
        .collect();
    assert!(top_labels.len() >= 3);
    assert_eq!(
        top_labels.iter().map(|t| &t.0).collect::<Vec<_>>(),
        bottom_labels.iter().map(|t| &t.0).collect::<Vec<_>>()
    );
    // Above every lane.
    let first_lane = scene
        .items
        .iter()
        .find_map(|i| match i {
            Item::Rect { id, y, .. } if id == "lane-0" => Some(*y),
            _ => None,
        })
        .unwrap();
    assert!(top_labels.iter().all(|t| t.2 < first_lane));
    // A short chart has one axis, at the bottom.
    let small = gallery::wrp_beats_wr();
    let s = simulate_multi(&small, &MultiAlgorithm::Wrp.run(&small).unwrap()).unwrap();
    let scene = multi_gantt_scene(&small, &s, &MultiGanttOptions::default());
    assert!(ids_with(&scene, "top-axis").is_empty());
    assert_eq!(scene.with_class("top-tick-label").count(), 0);
}

#[test]
fn the_legend_draws_the_bar_kinds_in_message_colours() {
    let inst = gallery::wrp_beats_wr();
    let s = simulate_multi(&inst, &MultiAlgorithm::Wrp.run(&inst).unwrap()).unwrap();
    let scene = multi_gantt_scene(&inst, &s, &MultiGanttOptions::default());
    let legend_y = texts(&scene)
        .iter()
        .find(|t| t.0 == "send (colour = message)")
        .map(|t| t.2)
        .expect("the send entry says colours are messages");
    // The swatches of the kinds sit on the legend's first row; none is grey.
    let kinds: Vec<String> = scene
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Rect { class, y, id, .. }
                if id.is_empty() && (*y - legend_y).abs() < 20.0 && *y > legend_y - 20.0 =>
            {
                Some(class.clone())
            }
            _ => None,
        })
        .collect();
    assert!(kinds.iter().any(|c| c.starts_with("msend")), "{kinds:?}");
    for c in kinds.iter().filter(|c| c.starts_with('m')) {
        assert!(c.split_whitespace().any(|w| w == "mc0"), "{c}");
    }
    assert!(!crate::layout::style::STYLE.contains("mkey"));
}

#[test]
fn formats() {
    assert_eq!(fmt_us(850.5), "850.5 µs");
    assert_eq!(fmt_us(999.99), "1 ms");
    assert_eq!(fmt_us(123_456.0), "123.5 ms");
    assert_eq!(fmt_us(f64::NAN), "—");
    assert_eq!(fmt_bytes(512.0), "512 B");
    assert_eq!(fmt_bytes(1000.0), "1 KB");
    assert_eq!(fmt_bytes(1536.0), "1.5 KB");
    assert_eq!(time_unit(2e6).1, "s");
}

#[test]
fn every_message_tree_has_its_source_and_destinations_without_overlap() {
    let inst = gallery::wrp_beats_wr();
    for a in MultiAlgorithm::ALL.iter().copied() {
        let s = simulate_multi(&inst, &a.run(&inst).unwrap()).unwrap();
        for (k, m) in inst.messages.iter().enumerate() {
            let scene = multi_tree_scene(&inst, &s, k, &MultiTreeOptions::default());
            let boxes: Vec<(String, f64, f64, f64)> = scene
                .items
                .iter()
                .filter_map(|i| match i {
                    Item::Rect { id, x, y, w, .. } if id.starts_with("node-") => {
                        Some((id.clone(), *x, *y, *w))
                    }
                    _ => None,
                })
                .collect();
            assert_eq!(boxes.len(), m.destinations.len() + 1, "{a:?} m{k}");
            assert!(boxes.iter().any(|b| b.0 == format!("node-{}", m.source)));
            for d in &m.destinations {
                assert!(boxes.iter().any(|b| b.0 == format!("node-{d}")));
                let p = s.parent[k][*d].unwrap();
                assert_eq!(
                    scene
                        .items
                        .iter()
                        .filter(
                            |i| matches!(i, Item::Line { id, .. } if *id == format!("edge-{p}-{d}"))
                        )
                        .count(),
                    1
                );
            }
            for (i, a) in boxes.iter().enumerate() {
                for b in &boxes[i + 1..] {
                    let same_row = (a.2 - b.2).abs() < 1e-9;
                    assert!(!same_row || (a.1 - b.1).abs() >= a.3 - 1e-9, "{a:?} {b:?}");
                }
            }
            assert_eq!(scene.with_class("source").count(), 1);
            assert!(scene.with_class("last").count() >= 1);
            assert_eq!(
                scene.with_class(&message_class(k)).count(),
                2 * m.destinations.len() + 1
            );
            let svg = crate::layout::svg::to_svg(&scene);
            assert!(svg.contains(&format!("t = {}", fmt_us(s.message_completion[k]))));
            // Every time in the tree in one unit, that of the latest.
            let unit = time_unit(s.message_completion[k]).1;
            for label in svg.split("t = ").skip(1) {
                let label = &label[..label.find('<').unwrap()];
                assert!(label.ends_with(unit), "{label} in {unit}");
            }
        }
    }
}

#[test]
fn the_tree_heading_names_the_algorithm_the_message_the_instance_and_t() {
    let inst = gallery::wrp_beats_wr();
    let s = simulate_multi(&inst, &MultiAlgorithm::Ecf.run(&inst).unwrap()).unwrap();
    let h = tree_heading("ECF", &inst, &s, 3);
    assert_eq!(
        h,
        format!(
            "ECF — tree of m3, 8 nodes, 4 messages: m3 done at {}, T = {}",
            fmt_us(s.message_completion[3]),
            fmt_us(s.completion_time)
        )
    );
    let scene = multi_tree_scene(
        &inst,
        &s,
        3,
        &MultiTreeOptions {
            title: h.clone(),
            ..Default::default()
        },
    );
    assert_eq!(scene.title, h);
    assert!(scene
        .items
        .iter()
        .any(|i| matches!(i, Item::Text { text, class, .. } if *text == h && class == "title")));
    assert!(tree_heading("ECF", &inst, &s, 9).starts_with("ECF — tree, 8 nodes"));
}

#[test]
fn a_message_that_does_not_exist_gives_a_message_scene() {
    let inst = gallery::wrp_beats_wr();
    let s = simulate_multi(&inst, &MultiAlgorithm::Fef.run(&inst).unwrap()).unwrap();
    let scene = multi_tree_scene(&inst, &s, 9, &MultiTreeOptions::default());
    assert_eq!(scene.with_class("mnode").count(), 0);
}

mod replay {
    use super::super::event_times;
    use crate::catalog::Catalog;
    use crate::models::multi::Multi;
    use crate::models::Model;

    #[test]
    fn events_are_sorted_once_each_and_end_at_the_completion_time() {
        for g in Multi::gallery() {
            for &a in <Multi as Model>::Algorithm::ALL {
                let Ok(sol) = Multi::solve(&g.instance, a, 1) else {
                    continue;
                };
                let s = Multi::simulate(&g.instance, &sol).unwrap();
                let ev = event_times(&s);
                assert!(ev.windows(2).all(|w| w[0] < w[1]), "{}", g.id);
                assert_eq!(ev.last().copied(), Some(s.completion_time), "{}", g.id);
                let arrivals = s.transfers.iter().map(|t| t.arrive);
                assert!(arrivals.into_iter().all(|t| ev.contains(&t)));
            }
        }
    }
}
