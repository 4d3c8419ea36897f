//! Hostile labels: the strings a file carries (node names of the overhead model, class names
//! of the many-source model, `docs/formats.md`) set to markup, entities, CDATA ends, scripts,
//! direction marks, zero-width joiners, emoji, control characters and 10,000 characters. For
//! every model, every algorithm and every view (tree and Gantt chart; every message's tree in
//! the many-source model), the exported SVG parses strictly as XML, carries the label only as
//! escaped text (no `<script` anywhere), shows it back intact where it shows it whole, and
//! does not grow with the label's length.

mod common;

use hetcast_core::layout::svg::to_svg;
use hetcast_core::layout::Scene;
use hetcast_core::models::multi::view::{
    multi_gantt_scene, multi_tree_scene, MultiGanttOptions, MultiTreeOptions,
};
use hetcast_core::models::multi::{self, MultiAlgorithm, MultiInstance};
use hetcast_core::models::overhead::view::{gantt_scene, tree_scene, GanttOptions, TreeOptions};
use hetcast_core::models::overhead::{self, Algorithm, Instance};
use hetcast_core::models::Model;
use hetcast_core::{Catalog, Error};

/// The longest label: 10,000 characters of markup, entities and quotes.
fn long_label() -> String {
    "<b>&amp;\"'".chars().cycle().take(10_000).collect()
}

fn labels() -> Vec<String> {
    let mut v: Vec<String> = [
        "<",
        "&",
        "\"",
        "'",
        ">",
        "]]>",
        "<![CDATA[x]]>",
        "<script>alert(1)</script>",
        "</text></svg><script>alert(1)</script>",
        "&lt;&#0;&#x41;&bogus;",
        "\u{202E}gnp.exe",
        "a\u{200D}b\u{200B}c",
        "\u{1F469}\u{200D}\u{1F4BB}\u{1F680}",
        "tab\tnl\ncr\r",
        "ctl\u{1}\u{1F}\u{7F}",
        "\u{FFFE}\u{FFFF}",
        "<?xml version=\"1.0\"?>",
        "<!-- x -->",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push(long_label());
    v
}

/// The largest width and height, in px, of any drawing here, the 10,000-character label
/// included (the layouts cut names; a label that widened the picture would exceed these).
/// The largest drawings here measure 1440.88 x 642 px.
const MAX_WIDTH: f64 = 1500.0;
const MAX_HEIGHT: f64 = 700.0;

/// What a reader gets back for `s`: characters XML 1.0 does not allow become U+FFFD.
fn shown(s: &str) -> String {
    s.chars()
        .map(|c| {
            if ((c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r'))
                || c == '\u{FFFE}'
                || c == '\u{FFFF}'
            {
                '\u{FFFD}'
            } else {
                c
            }
        })
        .collect()
}

/// Parse `svg` strictly (the shared reader of `common::svg`) and return every element's
/// (name, unescaped text); panics on any error and on a `script` element.
fn parse(svg: &str) -> Vec<(String, String)> {
    common::svg::parse(svg)
        .into_iter()
        .map(|e| {
            assert_ne!(e.name, "script");
            (e.name, e.text)
        })
        .collect()
}

/// The checks every exported scene passes; returns its parsed elements.
fn check(scene: &Scene, label: &str, what: &str) -> Vec<(String, String)> {
    let svg = to_svg(scene);
    assert!(!svg.contains("<script"), "{what}: raw script tag");
    assert!(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
    assert_eq!(svg.matches("<?xml").count(), 1, "{what}");
    assert!(
        !svg.contains("<!--") && !svg.contains("<![CDATA[x"),
        "{what}"
    );
    if label.contains(['<', '&']) && label.chars().count() > 1 {
        assert!(
            !svg.contains(label),
            "{what}: the label is written unescaped"
        );
    }
    let doc = parse(&svg);
    assert!(
        scene.width <= MAX_WIDTH && scene.height <= MAX_HEIGHT,
        "{what}: {} x {} px",
        scene.width,
        scene.height
    );
    doc
}

/// Does some element's text hold the label whole (as a reader gets it back)?
fn shows_whole(doc: &[(String, String)], label: &str) -> bool {
    let want = shown(label);
    doc.iter().any(|(_, t)| t.contains(&want))
}

fn named(inst: &Instance, label: &str) -> Instance {
    let mut inst = inst.clone();
    for n in &mut inst.nodes {
        n.name = Some(label.to_string());
    }
    inst
}

/// The scenes of every overhead view for `inst` solved by `algo`.
fn overhead_scenes(inst: &Instance, algo: Algorithm) -> Result<Vec<(&'static str, Scene)>, Error> {
    let sol = overhead::Overhead::solve(inst, algo, 7)?;
    let s = overhead::Overhead::simulate(inst, &sol)?;
    Ok(vec![
        ("tree", tree_scene(inst, &s, &TreeOptions::default())),
        ("gantt", gantt_scene(inst, &s, &GanttOptions::default())),
    ])
}

fn classed(inst: &MultiInstance, label: &str) -> MultiInstance {
    let mut inst = inst.clone();
    for c in &mut inst.classes {
        c.name = label.to_string();
    }
    inst
}

fn multi_scenes(inst: &MultiInstance, algo: MultiAlgorithm) -> Vec<(String, Scene)> {
    let sol = multi::Multi::solve(inst, algo, 0).unwrap();
    let s = multi::Multi::simulate(inst, &sol).unwrap();
    let mut out = vec![(
        "gantt".to_string(),
        multi_gantt_scene(inst, &s, &MultiGanttOptions::default()),
    )];
    for k in 0..inst.messages.len() {
        out.push((
            format!("tree of m{k}"),
            multi_tree_scene(inst, &s, k, &MultiTreeOptions::default()),
        ));
    }
    out
}

#[test]
fn overhead_names_are_escaped_in_every_view() {
    let mut runs = 0;
    let mut refused = Vec::new();
    for g in overhead::Overhead::gallery() {
        for label in labels() {
            let inst = named(&g.instance, &label);
            // The same instance with the label cut to its first 100 characters: the
            // picture must not grow with the label beyond that.
            let short: String = label.chars().take(100).collect();
            let short_inst = named(&g.instance, &short);
            for &algo in Algorithm::ALL {
                let scenes = match overhead_scenes(&inst, algo) {
                    Ok(s) => s,
                    Err(e @ Error::TooLarge { .. }) => {
                        refused.push(format!("{} {}: {e}", g.id, algo.key()));
                        continue;
                    }
                    Err(e) => panic!("{} {}: {e}", g.id, algo.key()),
                };
                let short_scenes = overhead_scenes(&short_inst, algo).unwrap();
                for ((view, scene), (_, short_scene)) in scenes.iter().zip(&short_scenes) {
                    let what = format!("{} {} {view} label {:.40?}", g.id, algo.key(), label);
                    let doc = check(scene, &label, &what);
                    // The full name is in a tooltip of every view.
                    assert!(shows_whole(&doc, &label), "{what}: the name is not shown");
                    assert_eq!(
                        (scene.width, scene.height),
                        (short_scene.width, short_scene.height),
                        "{what}"
                    );
                    runs += 1;
                }
            }
        }
    }
    // Exhaustive search refuses the two 12-node gallery instances and the 13-node one found
    // by search (its limit is 9 nodes), once per label; everything else runs: (6 x 5 - 3)
    // runs x 19 labels x 2 views.
    refused.sort();
    refused.dedup();
    let limit = |n: usize| {
        format!("exhaustive: exhaustive accepts at most 9 nodes; this instance needs {n}. Use fewer nodes or fewer node types, or a heuristic")
    };
    assert_eq!(
        refused,
        vec![
            format!("fnf-past-twice {}", limit(13)),
            format!("lh-fig1 {}", limit(12)),
            format!("pow2 {}", limit(12))
        ]
    );
    assert_eq!(runs, (6 * 5 - 3) * 19 * 2);
}

#[test]
fn multi_class_names_are_escaped_in_every_view() {
    let mut insts: Vec<MultiInstance> = multi::Multi::gallery()
        .into_iter()
        .map(|g| g.instance)
        .collect();
    // The sender-receiver figure as a many-source instance: one class per node.
    insts.push(MultiInstance::from_single(&overhead::gallery::liu_figure1()));
    let mut runs = 0;
    for inst in &insts {
        for label in labels() {
            let named = classed(inst, &label);
            let short: String = label.chars().take(100).collect();
            let short_named = classed(inst, &short);
            for &algo in MultiAlgorithm::ALL {
                let scenes = multi_scenes(&named, algo);
                let short_scenes = multi_scenes(&short_named, algo);
                for ((view, scene), (_, short_scene)) in scenes.iter().zip(&short_scenes) {
                    let what = format!("{} {view} label {:.40?}", algo.key(), label);
                    let doc = check(scene, &label, &what);
                    // The Gantt chart's lane tooltips carry the class name whole; the tree
                    // boxes show it cut (and have no class tooltip).
                    if view == "gantt" {
                        assert!(shows_whole(&doc, &label), "{what}: the name is not shown");
                    }
                    assert_eq!(
                        (scene.width, scene.height),
                        (short_scene.width, short_scene.height),
                        "{what}"
                    );
                    runs += 1;
                }
            }
        }
    }
    // wrp-beats-wr: 4 messages, two nodes swapping: 2, liu-fig1: 1 message; each a Gantt
    // chart and one tree per message, for 19 labels and 4 algorithms.
    assert_eq!(runs, (5 + 3 + 2) * 19 * 4);
}

/// The multimessage model's processor and message names (at most 40 characters, unique, so
/// each label is cut to 37 and numbered): every algorithm's timeline and the bundled
/// multigraph parse strictly, carry the names only as escaped text, show a processor's name
/// whole in a tooltip, and are no larger than with names of 37 wide (CJK) characters and a
/// number (names are cut in the drawing).
#[test]
fn multimessage_names_are_escaped_in_every_view() {
    use hetcast_core::models::multimessage::{self as mm, MmAlgorithm, MmInstance};
    let rename = |inst: &MmInstance, label: &str| {
        let cut: String = label.chars().take(37).collect();
        let mut inst = inst.clone();
        inst.names = Some((0..inst.processors).map(|p| format!("{cut}{p}")).collect());
        for (k, m) in inst.messages.iter_mut().enumerate() {
            m.name = format!("{cut}{k}");
        }
        inst
    };
    let mut runs = 0;
    for g in mm::Multimessage::gallery() {
        let plain = rename(&g.instance, &"\u{4E00}".repeat(37));
        for label in labels() {
            let inst = rename(&g.instance, &label);
            if inst.validate().is_err() {
                // Names that are blank once trimmed ("\t\n\r" cut short) are refused.
                continue;
            }
            for &algo in MmAlgorithm::ALL {
                let sol = mm::Multimessage::solve(&inst, algo, 0).unwrap();
                let s = mm::Multimessage::simulate(&inst, &sol).unwrap();
                let plain_s = mm::Multimessage::simulate(
                    &plain,
                    &mm::Multimessage::solve(&plain, algo, 0).unwrap(),
                )
                .unwrap();
                let scenes = [
                    (
                        "timeline",
                        mm::Multimessage::timeline_scene(&inst, algo, &s, None),
                    ),
                    (
                        "graph",
                        mm::Multimessage::tree_scenes(&inst, algo, &s).remove(0),
                    ),
                ];
                let plain_scenes = [
                    mm::Multimessage::timeline_scene(&plain, algo, &plain_s, None),
                    mm::Multimessage::tree_scenes(&plain, algo, &plain_s).remove(0),
                ];
                for ((view, scene), plain_scene) in scenes.iter().zip(&plain_scenes) {
                    let what = format!("{} {} {view} label {:.40?}", g.id, algo.key(), label);
                    let svg = to_svg(scene);
                    assert!(!svg.contains("<script"), "{what}");
                    let doc = parse(&svg);
                    let name0 = inst.label(0);
                    assert!(shows_whole(&doc, &name0), "{what}: {name0:?} not shown");
                    assert!(
                        scene.width <= plain_scene.width && scene.height <= plain_scene.height,
                        "{what}: {} x {} against {} x {}",
                        scene.width,
                        scene.height,
                        plain_scene.width,
                        plain_scene.height
                    );
                    runs += 1;
                }
            }
        }
    }
    // Every gallery entry, algorithm, view and label ran (a regression pin of that product).
    assert_eq!(runs, 456);
}
