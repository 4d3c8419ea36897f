//! `hetcast generate`: every model's output validates, reads back to the same bytes, is the
//! core generator's instance, and depends on the seed alone.

mod common;

use common::hetcast;
use hetcast_core::models::multi::generate::{section5, Network, Section5Spec, SizeMix};
use hetcast_core::models::multimessage::generate::random_degree;
use hetcast_core::models::overhead::generate::{random, RandomSpec};
use hetcast_core::models::overhead::ModelKind;
use hetcast_core::models::platform::generate::{tiers, TargetSpread, TiersSpec};
use hetcast_core::models::platform::view;
use hetcast_core::AnyInstance;
use std::path::PathBuf;

/// `hetcast generate ARGS`: must succeed; its standard output.
fn generate(args: &[&str]) -> String {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let out = hetcast(&all);
    assert!(
        out.status.success(),
        "{all:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `hetcast generate ARGS` must fail as bad input does (see [`common::fails`]); its line.
fn fails(args: &[&str]) -> String {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    common::fails(&all)
}

/// The text validates, carries `tag`, and writing what it reads gives the same bytes.
fn round_trips(text: &str, tag: &str) -> AnyInstance {
    let inst = AnyInstance::from_json(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    inst.validate().unwrap();
    let v: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(v["model"], tag);
    assert_eq!(format!("{}\n", inst.to_json()), text);
    inst
}

const TAGS: [&str; 5] = [
    "node",
    "sender_receiver",
    "multi",
    "multimessage",
    "platform",
];

#[test]
fn every_model_round_trips_and_depends_on_the_seed_alone() {
    for tag in TAGS {
        let default = generate(&[tag]);
        round_trips(&default, tag);
        assert_eq!(default, generate(&[tag, "--seed", "1"]), "{tag}");
        let a = generate(&[tag, "--seed", "7"]);
        round_trips(&a, tag);
        assert_eq!(a, generate(&[tag, "--seed", "7"]), "{tag}");
        assert_ne!(a, default, "{tag}: seeds 1 and 7 give the same instance");
    }
}

#[test]
fn the_output_is_the_core_generators_instance() {
    let node = generate(&[
        "node",
        "--nodes",
        "40",
        "--types",
        "5",
        "--max-cost",
        "1000",
        "--seed",
        "18446744073709551615",
    ]);
    let want = random(RandomSpec {
        model: ModelKind::Node,
        nodes: 40,
        types: 5,
        max_cost: 1000,
        seed: u64::MAX,
    });
    assert_eq!(round_trips(&node, "node"), want.into());

    let sr = generate(&[
        "sender_receiver",
        "--nodes",
        "2",
        "--types",
        "1",
        "--max-cost",
        "1",
    ]);
    let want = random(RandomSpec {
        model: ModelKind::SenderReceiver,
        nodes: 2,
        types: 1,
        max_cost: 1,
        seed: 1,
    });
    assert_eq!(round_trips(&sr, "sender_receiver"), want.into());

    let multi = generate(&[
        "multi",
        "--nodes",
        "200",
        "--classes",
        "200",
        "--sources",
        "200",
        "--network",
        "slow",
        "--sizes",
        "hybrid",
        "--fraction",
        "50%",
        "--seed",
        "0",
    ]);
    let spec = Section5Spec {
        nodes: 200,
        classes: 200,
        sources: 200,
        network: Network::Slow,
        sizes: SizeMix::Hybrid,
        dest_fraction: Some(0.5),
    };
    assert_eq!(
        round_trips(&multi, "multi"),
        section5(&spec, 0).unwrap().into()
    );
    let large = generate(&[
        "multi",
        "--nodes",
        "2",
        "--classes",
        "1",
        "--sources",
        "1",
        "--sizes",
        "large",
        "--fraction",
        "1",
    ]);
    round_trips(&large, "multi");

    let mm = generate(&[
        "multimessage",
        "--nodes",
        "30",
        "--degree",
        "6",
        "--fanout",
        "29",
        "--seed",
        "5",
    ]);
    assert_eq!(
        round_trips(&mm, "multimessage"),
        random_degree(30, 6, 29, 180, 5).into()
    );
    let one = generate(&["multimessage", "--nodes", "1"]);
    assert_eq!(
        round_trips(&one, "multimessage"),
        random_degree(1, 3, 3, 3, 1).into()
    );

    let platform = generate(&[
        "platform",
        "--nodes",
        "65",
        "--density",
        "20%",
        "--seed",
        "3",
    ]);
    assert_eq!(
        round_trips(&platform, "platform"),
        view::tidy(&tiers(&TiersSpec::big(0.2), 3)).into()
    );
    let spread = generate(&["platform", "--targets", "per-lan", "--seed", "4"]);
    let spec = TiersSpec {
        targets: TargetSpread::PerLan,
        ..TiersSpec::sized(30, 0.2)
    };
    assert_eq!(
        round_trips(&spread, "platform"),
        view::tidy(&tiers(&spec, 4)).into()
    );
    assert_ne!(
        spread,
        generate(&["platform", "--seed", "4"]),
        "per-lan is not uniform"
    );
    let tiny = generate(&[
        "platform",
        "--wan",
        "1",
        "--man",
        "1",
        "--lan",
        "1",
        "--density",
        "1",
    ]);
    let mut spec = TiersSpec::sized(4, 1.0);
    (spec.wan, spec.man, spec.lan) = (1, 1, 1);
    assert_eq!(
        round_trips(&tiny, "platform"),
        view::tidy(&tiers(&spec, 1)).into()
    );
}

#[test]
fn a_type_list_builds_the_papers_figure() {
    let fig1 = generate(&["node", "--type-list", "4 x 2, 7 x 3", "--source", "3"]);
    assert_eq!(
        round_trips(&fig1, "node"),
        hetcast_core::models::overhead::gallery::libeskind_hadas_figure1().into()
    );
    let sr = generate(&[
        "sender_receiver",
        "--type-list",
        "2 x 1/2, 1 x 2/3",
        "--latency",
        "0.5",
    ]);
    let AnyInstance::Overhead(inst) = round_trips(&sr, "sender_receiver") else {
        panic!("not the one-source model")
    };
    assert_eq!(inst.latency, 0.5);
    let costs: Vec<(f64, f64)> = inst.nodes.iter().map(|n| (n.send, n.recv)).collect();
    assert_eq!(
        costs,
        [(1.0, 2.0), (1.0, 2.0), (1.0, 2.0), (2.0, 3.0)],
        "the source 1/2, then the types"
    );
}

#[test]
fn count_writes_the_files_of_consecutive_seeds() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("generate-count");
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_string_lossy();
    for tag in TAGS {
        generate(&[tag, "--seed", "4", "--count", "3", "--out", &d]);
        for seed in ["4", "5", "6"] {
            let file = std::fs::read_to_string(dir.join(format!("{tag}-{seed}.json"))).unwrap();
            assert_eq!(file, generate(&[tag, "--seed", seed]), "{tag} {seed}");
        }
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 15);
    let one = dir.join("one.json");
    generate(&["multi", "--out", &one.to_string_lossy()]);
    assert_eq!(std::fs::read_to_string(&one).unwrap(), generate(&["multi"]));
}

#[test]
fn bad_options_say_what_is_wrong() {
    for (args, says) in [
        (
            &["multi", "--degree", "3"][..],
            "--degree does not apply to multi",
        ),
        (&["bogus"], "invalid value 'bogus'"),
        (
            &["node", "--count", "2"],
            "give the directory with --out DIR",
        ),
        (&["node", "--count", "0", "--out", "x"], "--count 0"),
        (
            &[
                "node",
                "--seed",
                "18446744073709551615",
                "--count",
                "2",
                "--out",
                "x",
            ],
            "2^64",
        ),
        (&["node", "--types", "10"], "at most 9 types"),
        (&["node", "--nodes", "1"], "--nodes 1: from 2 to"),
        (&["node", "--nodes", "99999999999"], "--nodes 99999999999"),
        (&["node", "--max-cost", "0"], "--max-cost 0"),
        (&["node", "--type-list", "4 x two"], "'two' is not a number"),
        (
            &["node", "--type-list", "4 x 2", "--seed", "3"],
            "--seed and --count do not apply",
        ),
        (
            &["node", "--type-list", "4 x 2", "--nodes", "3"],
            "--nodes is an option of the random",
        ),
        (
            &["sender_receiver", "--type-list", "4 x 2/3", "--source", "2"],
            "write SEND/RECV",
        ),
        (&["node", "--source", "2"], "go with --type-list"),
        (&["multi", "--nodes", "5000"], "2 to 4096 nodes"),
        (
            &["multi", "--nodes", "4", "--classes", "5"],
            "5 classes for 4 nodes",
        ),
        (&["multi", "--nodes", "4", "--sources", "0"], "0 sources"),
        (&["multi", "--fraction", "0"], "--fraction 0"),
        (
            &["multi", "--network", "slowest"],
            "possible values: fast, slow",
        ),
        (&["multimessage", "--nodes", "0"], "--nodes 0"),
        (&["multimessage", "--messages", "5000"], "--messages 5000"),
        (&["platform", "--nodes", "3"], "--nodes 3: from 4 to 500"),
        (&["platform", "--wan", "1"], "go together"),
        (
            &["platform", "--wan", "1", "--man", "1", "--lan", "0"],
            "at least one node of each level",
        ),
        (
            &[
                "platform", "--wan", "1", "--man", "1", "--lan", "1", "--nodes", "5",
            ],
            "not both",
        ),
        (&["platform", "--density", "120%"], "--density 120%"),
        (&["platform", "--targets", "some"], "--targets some"),
    ] {
        let err = fails(args);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
