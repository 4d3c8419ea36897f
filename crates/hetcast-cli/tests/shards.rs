//! `--shard K/N` and `hetcast merge`: for every experiment at a small size, the parts run as
//! separate processes (each in its own directory, as on separate machines) and merged write
//! exactly the files of one unsharded run, byte for byte; a part is the same whenever it is
//! run; merging refuses incomplete or mixed parts with a message.

mod common;

use common::{fails, ok, scratch};
use std::path::Path;

/// The files of `dir`, by name, with their bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// Run `name args` once whole and as `n` parts in `n` directories, merge them, and compare.
fn sharded_equals_whole(name: &str, args: &[&str], n: u64) {
    let root = scratch(&format!("{name}-{n}"));
    let s = |p: &Path| p.to_string_lossy().into_owned();
    let whole = root.join("whole");
    let mut run = vec!["experiment", name];
    run.extend_from_slice(args);
    let mut all = run.clone();
    let w = s(&whole);
    all.extend_from_slice(&["--out", &w]);
    ok(&all);
    let mut dirs = Vec::new();
    for k in 1..=n {
        let dir = s(&root.join(format!("machine-{k}")));
        let shard = format!("{k}/{n}");
        let mut part = run.clone();
        part.extend_from_slice(&["--shard", &shard, "--out", &dir]);
        ok(&part);
        let written = files(Path::new(&dir));
        assert_eq!(written.len(), 1, "{name} {shard}: one part file");
        // The explorer's parts are named by model: explore-MODEL.
        let named = match args.iter().position(|&a| a == "--model") {
            Some(i) if name == "explore" => format!("explore-{}", args[i + 1]),
            _ => name.to_string(),
        };
        assert_eq!(written[0].0, format!("{named}.part-{k}-of-{n}.json"));
        dirs.push(dir);
    }
    // A part is fixed by the settings, K and N: part 1 again, the same bytes.
    let again = s(&root.join("again"));
    let shard = format!("1/{n}");
    let mut part = run.clone();
    part.extend_from_slice(&["--shard", &shard, "--out", &again]);
    ok(&part);
    assert_eq!(
        files(Path::new(&again)),
        files(Path::new(&dirs[0])),
        "{name}"
    );
    let merged = root.join("merged");
    let m = s(&merged);
    let mut merge = vec!["merge"];
    merge.extend(dirs.iter().map(String::as_str));
    merge.extend_from_slice(&["--out", &m]);
    ok(&merge);
    let (a, b) = (files(&whole), files(&merged));
    let names = |f: &[(String, Vec<u8>)]| f.iter().map(|x| x.0.clone()).collect::<Vec<_>>();
    assert_eq!(names(&a), names(&b), "{name}: the same files");
    for ((file, x), (_, y)) in a.iter().zip(&b) {
        assert!(x == y, "{name}: {file} differs after merging {n} parts");
    }
}

#[test]
fn liu_fig6() {
    sharded_equals_whole(
        "liu-fig6",
        &["--n-max", "14", "--runs", "7", "--seed", "3"],
        3,
    );
}

#[test]
fn wu_fig3_and_fig4() {
    for name in ["wu-fig3", "wu-fig4"] {
        sharded_equals_whole(name, &["--runs", "1", "--threads", "2"], 3);
    }
}

#[test]
fn wu_search() {
    sharded_equals_whole("wu-search", &["--runs", "60", "--seed", "11"], 3);
    // More parts than tries: the empty parts merge too.
    sharded_equals_whole("wu-search", &["--runs", "2"], 3);
}

#[test]
fn beaumont_fig11() {
    sharded_equals_whole(
        "beaumont-fig11",
        &[
            "--runs",
            "2",
            "--n-max",
            "30",
            "--densities",
            "0.3",
            "--targets",
            "per-lan",
        ],
        2,
    );
}

#[test]
fn greedy_explore_exhaustive_and_random() {
    sharded_equals_whole("greedy-explore", &["--n-max", "6", "--max-cost", "4"], 3);
    sharded_equals_whole(
        "greedy-explore",
        &[
            "--model",
            "sender_receiver",
            "--n-max",
            "7",
            "--max-cost",
            "5",
            "--runs",
            "200",
            "--seed",
            "9",
        ],
        4,
    );
}

#[test]
fn explore_every_model() {
    for (model, size) in [
        ("node", &["--n-max", "6"][..]),
        ("sender_receiver", &["--n-max", "4"]),
        ("multi", &["--n-max", "2"]),
        ("multimessage", &["--n-max", "3", "--messages", "2"]),
        ("platform", &["--n-max", "3"]),
    ] {
        let mut args = vec!["--model", model];
        args.extend_from_slice(size);
        sharded_equals_whole("explore", &args, 3);
        args.extend_from_slice(&["--runs", "40", "--seed", "5"]);
        sharded_equals_whole("explore", &args, 2);
    }
}

/// Bad settings of the explorer get one line naming the option or the setting.
#[test]
fn explore_refuses_bad_settings() {
    for (args, says) in [
        (&["--model", "foo"][..], "--model foo: one of node"),
        (
            &["--model", "multi", "--n-max", "99"],
            "nodes must run from at least 2 up to at most 8",
        ),
        (
            &["--model", "multimessage", "--messages", "0"],
            "messages must be 1 to 12 (got 0)",
        ),
        (
            &["--model", "platform", "--max-cost", "40"],
            "the largest cost must be 1 to 16",
        ),
        (
            &["--model", "multi", "--types", "2"],
            "--types applies to the node and sender_receiver",
        ),
        (
            &["--model", "multi", "--seed", "2"],
            "--seed applies to a random search",
        ),
        (&["--model", "multi", "--climb", "2"], "give --runs"),
        (
            &["--model", "node", "--stop-after", "2"],
            "give --checkpoint FILE",
        ),
    ] {
        let mut a = vec!["experiment", "explore"];
        a.extend_from_slice(args);
        let err = fails(&a);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A search stopped every few instances and resumed from its checkpoint writes the files of one
/// run: exhaustive, random then climbing.
#[test]
fn explore_checkpoints_resume_to_one_run() {
    for (model, search) in [
        ("multi", &["--n-max", "2"][..]),
        (
            "sender_receiver",
            &[
                "--n-max", "5", "--runs", "20", "--climb", "15", "--seed", "3",
            ],
        ),
    ] {
        let root = scratch(&format!("checkpoint-{model}"));
        let s = |p: &Path| p.to_string_lossy().into_owned();
        let (whole, resumed) = (s(&root.join("whole")), s(&root.join("resumed")));
        let check = s(&root.join("search.json"));
        let mut args = vec!["experiment", "explore", "--model", model];
        args.extend_from_slice(search);
        let mut one = args.clone();
        one.extend_from_slice(&["--out", &whole]);
        ok(&one);
        let mut step = args.clone();
        step.extend_from_slice(&[
            "--out",
            &resumed,
            "--checkpoint",
            &check,
            "--stop-after",
            "13",
        ]);
        let mut stops = 0;
        while !Path::new(&resumed).exists() {
            ok(&step);
            stops += 1;
            assert!(stops < 100, "{model}: the search does not end");
        }
        assert!(stops > 2, "{model}: stopped {stops} times");
        assert_eq!(
            files(Path::new(&whole)),
            files(Path::new(&resumed)),
            "{model}"
        );
        // A checkpoint of other settings is refused.
        let mut other = args.clone();
        other.extend_from_slice(&["--max-cost", "4", "--checkpoint", &check]);
        let err = fails(&other);
        assert!(err.contains("the checkpoint of another search"), "{err}");
    }
}

/// The parts of a guided search climb on their own; merged, they keep the worst of all, and
/// each worst instance written is an instance file `hetcast run` takes.
#[test]
fn explore_guided_parts_merge_their_best() {
    let root = scratch("explore-guided");
    let s = |p: &Path| p.to_string_lossy().into_owned();
    let search = [
        "experiment",
        "explore",
        "--model",
        "platform",
        "--n-max",
        "4",
        "--runs",
        "6",
        "--climb",
        "4",
    ];
    let dirs: Vec<String> = (1..=2)
        .map(|k| s(&root.join(format!("part-{k}"))))
        .collect();
    for (k, dir) in dirs.iter().enumerate() {
        let shard = format!("{}/2", k + 1);
        let mut a = search.to_vec();
        a.extend_from_slice(&["--shard", &shard, "--out", dir]);
        ok(&a);
    }
    let merged = s(&root.join("merged"));
    ok(&["merge", &dirs[0], &dirs[1], "--out", &merged]);
    let names: Vec<String> = files(Path::new(&merged)).into_iter().map(|f| f.0).collect();
    assert_eq!(names.len(), 6, "{names:?}");
    let worst = root.join("merged/explore-platform-mcph-best-tree.json");
    ok(&["run", &s(&worst), "--algo", "mcph"]);
}

#[test]
fn gonzalez_random() {
    sharded_equals_whole("gonzalez-random", &["--runs", "1"], 3);
}

#[test]
fn merge_refuses_what_is_not_one_whole_run() {
    let root = scratch("refusals");
    let d = |x: &str| root.join(x).to_string_lossy().into_owned();
    let part = |k: &str, seed: &str, dir: &str| {
        ok(&[
            "experiment",
            "liu-fig6",
            "--n-max",
            "9",
            "--runs",
            "2",
            "--seed",
            seed,
            "--shard",
            k,
            "--out",
            &d(dir),
        ])
    };
    part("1/3", "1", "a");
    part("3/3", "1", "a");
    assert!(fails(&["merge", &d("a"), "--out", &d("m")]).contains("part 2 of 3 missing"));
    part("2/3", "2", "b");
    assert!(fails(&["merge", &d("a"), &d("b"), "--out", &d("m")]).contains("different runs"));
    part("1/2", "1", "c");
    assert!(fails(&["merge", &d("a"), &d("c"), "--out", &d("m")]).contains("part of 2 parts"));
    part("1/3", "1", "e");
    assert!(fails(&["merge", &d("a"), &d("e"), "--out", &d("m")]).contains("part 1 of 3 twice"));
    // A part whose item count was edited.
    let text = std::fs::read_to_string(root.join("c").join("liu-fig6.part-1-of-2.json")).unwrap();
    std::fs::create_dir_all(root.join("f")).unwrap();
    std::fs::write(
        root.join("f").join("liu-fig6.part-1-of-1.json"),
        text.replace("\"items\": 4", "\"items\": 100000000000")
            .replace("[\n    1,\n    2\n  ]", "[\n    1,\n    1\n  ]"),
    )
    .unwrap();
    assert!(fails(&["merge", &d("f")]).contains("results for a run of 100000000000 items"));
    std::fs::create_dir_all(root.join("empty")).unwrap();
    assert!(fails(&["merge", &d("empty")]).contains("no part files"));
    std::fs::create_dir_all(root.join("bad")).unwrap();
    std::fs::write(root.join("bad").join("x.part-1-of-1.json"), "{").unwrap();
    assert!(fails(&["merge", &d("bad")]).contains("not a part file"));
    assert!(fails(&["merge"]).contains("DIR"));
    assert!(fails(&["experiment", "liu-fig6", "--shard", "4/3"]).contains("1 <= K <= N"));
}
