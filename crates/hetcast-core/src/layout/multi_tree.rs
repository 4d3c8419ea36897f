//! The tree one message followed in a many-source schedule (paper 001) as a [`Scene`]: the
//! message's source at the top, each node's children left to right in the order it sent them
//! the message, drawn in the message's colour (class `mc{k % 8}`).
//!
//! Each box (`node-{v}`, class `mnode`, with `source` for the root and `last` for the
//! destinations that get the message last) shows the node and its class ("P3 · fast") and the
//! time it holds the message ("t = 14 µs"; "source" for the root). Edges (`edge-{u}-{v}`,
//! class `medge`) are arrows from sender to receiver. A key line under the tree (class
//! `legend`) names the message. The layout is the tidy tree of [`super::tree`]: boxes of one
//! width, subtrees pushed apart until they clear each other at every depth, parents centred
//! over their children.
//!
//! **Complexity**: O(n h) for the n nodes of the message and tree height h.
//!
//! ```
//! use hetcast_core::models::multi::{gallery, simulate_multi};
//! use hetcast_core::models::multi::algo::MultiAlgorithm;
//! use hetcast_core::layout::multi_tree::{multi_tree_scene, MultiTreeOptions};
//! let inst = gallery::wrp_beats_wr();
//! let s = simulate_multi(&inst, &MultiAlgorithm::Wrp.run(&inst).unwrap()).unwrap();
//! let scene = multi_tree_scene(&inst, &s, 3, &MultiTreeOptions::default());
//! // m3 goes from P3 to 5 destinations: 6 boxes, 5 edges.
//! assert_eq!(scene.with_class("mnode").count(), 6);
//! assert_eq!(scene.with_class("medge").count(), 5);
//! ```

use super::multi_gantt::{message_summary, schedule_fits, with_class};
use super::scene::Scene;
use super::style::message_class;
use super::tree::{message_scene, BoxLook, TidyTree, NAME_CHARS};
use crate::models::multi::instance::instance_words;
use crate::models::multi::{MultiInstance, MultiSchedule};
use crate::units::{fmt_in, fmt_us, time_unit};

/// Options of [`multi_tree_scene`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MultiTreeOptions {
    /// Visible heading (none when empty). The scene's title is this, or
    /// "Tree of m2, done at …" when empty.
    pub title: String,
}

/// The heading (and title) of the tree message `k` followed in algorithm `algo`'s schedule
/// `s`: the algorithm, the message, the instance, when the message is done and the
/// completion time, e.g. "WRP — tree of m3, 8 nodes, 4 messages: m3 done at 9 µs, T = 14 µs"
/// (as [`super::multi_gantt::heading`]).
pub fn heading(algo: &str, inst: &MultiInstance, s: &MultiSchedule, k: usize) -> String {
    if k >= inst.messages.len() {
        return format!(
            "{algo} — tree, {}, T = {}",
            instance_words(inst),
            fmt_us(s.completion_time)
        );
    }
    let mk = inst.message_label(k);
    format!(
        "{algo} — tree of {mk}, {}: {mk} done at {}, T = {}",
        instance_words(inst),
        s.message_completion
            .get(k)
            .map(|&t| fmt_us(t))
            .unwrap_or_else(|| "—".into()),
        fmt_us(s.completion_time)
    )
}

/// The name line of node `v`'s box: "P3 · fast" (class name cut to fit).
pub fn box_name(inst: &MultiInstance, v: usize) -> String {
    with_class(inst, v, " · ", NAME_CHARS.saturating_sub(5))
}

/// The tree message `k` followed in `s` (see the module documentation). A `k` that is not a
/// message, or a schedule that does not fit the instance, gives a scene with a message only.
pub fn multi_tree_scene(
    inst: &MultiInstance,
    s: &MultiSchedule,
    k: usize,
    opts: &MultiTreeOptions,
) -> Scene {
    if !schedule_fits(inst, s) || k >= inst.messages.len() {
        let title = if opts.title.is_empty() {
            "Tree of a message".to_string()
        } else {
            opts.title.clone()
        };
        return message_scene(&title, "The schedule does not match the instance.");
    }
    let mk = inst.message_label(k);
    let done = s.message_completion.get(k).copied().unwrap_or(0.0);
    let title = if opts.title.is_empty() {
        format!("Tree of {mk}, done at {}", fmt_us(done))
    } else {
        opts.title.clone()
    };
    let n = inst.node_count();
    let root = inst.messages[k].source;
    // Children in the order of the sends (the layout visits them breadth-first from the root).
    let mut sends: Vec<&crate::models::multi::Transfer> =
        s.transfers.iter().filter(|t| t.msg == k).collect();
    sends.sort_by(|a, b| a.send_start.total_cmp(&b.send_start).then(a.to.cmp(&b.to)));
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for t in &sends {
        children[t.from].push(t.to);
    }
    let hold = |v: usize| s.holds[k][v];
    let is_last =
        |v: usize| v != root && hold(v).is_some_and(|h| (h - done).abs() <= 1e-9 * done.max(1.0));
    let names: Vec<String> = (0..n).map(|v| box_name(inst, v)).collect();
    // One unit for every time in the tree: the unit of the latest one.
    let unit = time_unit(done);
    let labels: Vec<String> = (0..n)
        .map(|v| {
            if v == root {
                "source".to_string()
            } else {
                hold(v)
                    .map(|h| format!("t = {}", fmt_in(h, unit)))
                    .unwrap_or_else(|| "—".into())
            }
        })
        .collect();
    let key = format!(
        "{}. Box: node · class | time it holds {mk}; dashed: gets it last",
        message_summary(inst, k)
    );
    let lay = TidyTree::new(&children, root, &names, &labels, &opts.title, &key);
    let kids = &lay.kids;
    let colour = message_class(k);
    lay.scene(
        title,
        |_, _| format!("medge {colour}"),
        |v| {
            let mut class = format!("mnode {colour}");
            if v == root {
                class.push_str(" source");
            }
            if is_last(v) {
                class.push_str(" last");
            }
            let tip = match s.parent[k][v] {
                _ if v == root => format!(
                    "{} is the source of {mk}; sends it to {} node(s)",
                    inst.label(v),
                    kids[v].len()
                ),
                Some(p) => {
                    let rank = kids[p].iter().position(|&c| c == v).unwrap_or(0) + 1;
                    format!(
                        "{} receives {mk} from {} (send {rank} of {}); holds it at {}{}",
                        inst.label(v),
                        inst.label(p),
                        kids[p].len(),
                        hold(v).map(fmt_us).unwrap_or_else(|| "—".into()),
                        if is_last(v) { " (the last)" } else { "" }
                    )
                }
                None => inst.label(v),
            };
            BoxLook {
                class,
                tip,
                faded: false,
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::layout::scene::Item;
    use crate::models::multi::algo::MultiAlgorithm;
    use crate::models::multi::{gallery, simulate_multi};

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
                            .filter(|i| matches!(i, Item::Line { id, .. } if *id == format!("edge-{p}-{d}")))
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
    fn the_heading_names_the_algorithm_the_message_the_instance_and_t() {
        let inst = gallery::wrp_beats_wr();
        let s = simulate_multi(&inst, &MultiAlgorithm::Ecf.run(&inst).unwrap()).unwrap();
        let h = heading("ECF", &inst, &s, 3);
        assert_eq!(
            h,
            format!(
                "ECF — tree of m3, 8 nodes, 4 messages: m3 done at {}, T = {}",
                fmt_us(s.message_completion[3]),
                fmt_us(s.completion_time)
            )
        );
        let scene = multi_tree_scene(&inst, &s, 3, &MultiTreeOptions { title: h.clone() });
        assert_eq!(scene.title, h);
        assert!(scene.items.iter().any(
            |i| matches!(i, Item::Text { text, class, .. } if *text == h && class == "title")
        ));
        assert!(heading("ECF", &inst, &s, 9).starts_with("ECF — tree, 8 nodes"));
    }

    #[test]
    fn a_message_that_does_not_exist_gives_a_message_scene() {
        let inst = gallery::wrp_beats_wr();
        let s = simulate_multi(&inst, &MultiAlgorithm::Fef.run(&inst).unwrap()).unwrap();
        let scene = multi_tree_scene(&inst, &s, 9, &MultiTreeOptions::default());
        assert_eq!(scene.with_class("mnode").count(), 0);
    }
}
