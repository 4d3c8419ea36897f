//! Fuzzing the importers: every model's instance reader (`AnyInstance::from_json`) and plan
//! reader (serde into `Plan` / `MultiPlan`, then the model's simulator) is fed mutated valid
//! files and random text from seeded generators, so every run sees the same inputs.
//!
//! Checked for every input: no panic; an accepted instance passes `validate()` and comes back
//! equal through `to_json()` / `from_json()`; a rejected one gets an error message that is
//! non-empty, one line, under [`MAX_MESSAGE`] characters, and, for malformed JSON, names a
//! position ("line N column M") or a field. An accepted plan simulates to a finite
//! completion time or is refused with a message of the same shape.
//!
//! Counts: [`ALWAYS`] inputs per model and reader (62,500 in all) in every `cargo test`, and
//! [`FULL`] per model and reader (1,000,000 in all) more under `cargo test --release`, where
//! the full run is not ignored: in a debug build the million takes over a minute of two
//! cores, in release a few seconds. Run it in debug with `-- --include-ignored`. A failing
//! input is printed with the seed and index that make it.

use hetcast_core::models::multi::{MultiAlgorithm, MultiInstance, MultiPlan};
use hetcast_core::models::overhead::{Algorithm, Instance, Plan};
use hetcast_core::models::{multi, multimessage, overhead, platform, Model};
use hetcast_core::{AnyInstance, Catalog, Error};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// Inputs per (model, reader) in the always-on run.
const ALWAYS: usize = 12_500;
/// Inputs per (model, reader) in the release-only run: 4 x 250 000 = 1 000 000.
const FULL: usize = 250_000;
/// The longest error message accepted, in characters.
const MAX_MESSAGE: usize = 300;

/// Numbers that break parsers and validators, as JSON text (some are not JSON at all).
const EXTREME_NUMBERS: &[&str] = &[
    "-0",
    "-0.0",
    "0",
    "1e309",
    "-1e309",
    "1e-320",
    "4.9e-324",
    "NaN",
    "-NaN",
    "Infinity",
    "-Infinity",
    "inf",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "9223372036854775807",
    "-9223372036854775808",
    "-1",
    "1e9",
    "1000000000.0000002",
    "1e10",
    "10000000000.000002",
    "4096",
    "4097",
    "1.5",
    "0.1",
    "1E2",
    "01",
    "1.",
    ".5",
    "+1",
    "0x10",
    "1e",
    "123456789012345678901234567890",
    "0.30000000000000004",
    "2.2250738585072014e-308",
    "1.7976931348623157e308",
];

/// Strings for names, tags and keys.
const HOSTILE_STRINGS: &[&str] = &[
    "",
    "node",
    "sender_receiver",
    "multi",
    "per_byte",
    "matrix",
    "send",
    "recv",
    "<script>alert(1)</script>",
    "a\\nb",
    "\\u0000",
    "\\ud800",
    "\\udc00\\ud800",
    "\\\"",
    "\u{202e}evil",
    "\u{200d}\u{1f469}\u{200d}\u{1f4bb}",
    "]]>",
    "\\t\\r",
];

/// Keys of both formats (and near misses), for inserted or renamed entries.
const KEYS: &[&str] = &[
    "version",
    "model",
    "latency",
    "source",
    "nodes",
    "name",
    "cost",
    "send",
    "recv",
    "classes",
    "count",
    "fixed",
    "per_byte",
    "link",
    "matrix",
    "messages",
    "size",
    "destinations",
    "children",
    "wait",
    "tasks",
    "op",
    "peer",
    "msg",
    "colour",
    "Model",
    "",
];

fn pick<'a, T>(rng: &mut SmallRng, xs: &'a [T]) -> &'a T {
    &xs[rng.gen_range(0..xs.len())]
}

fn word(rng: &mut SmallRng, xs: &[&'static str]) -> &'static str {
    xs[rng.gen_range(0..xs.len())]
}

fn json_string(s: &str) -> String {
    // HOSTILE_STRINGS are already written as JSON string contents (escapes included).
    format!("\"{s}\"")
}

/// A random scalar or small structure of the wrong kind.
fn wrong_value(rng: &mut SmallRng) -> String {
    match rng.gen_range(0..9) {
        0 => word(rng, EXTREME_NUMBERS).to_string(),
        1 => json_string(word(rng, HOSTILE_STRINGS)),
        2 => "true".into(),
        3 => "null".into(),
        4 => "[]".into(),
        5 => "{}".into(),
        6 => {
            let depth = *pick(rng, &[2usize, 50, 127, 128, 129, 200, 5000]);
            format!("{}1{}", "[".repeat(depth), "]".repeat(depth))
        }
        7 => {
            let depth = *pick(rng, &[2usize, 127, 129, 3000]);
            format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth))
        }
        _ => format!("\"{}\"", "x".repeat(*pick(rng, &[1usize, 100, 10_000]))),
    }
}

/// Write `v` as JSON, mutating on the way: each node is, with small probability, replaced by
/// a wrong value or an extreme number, and objects may lose, repeat or gain entries, arrays
/// may lose or repeat elements.
fn emit(v: &Value, rng: &mut SmallRng, p: f64, out: &mut String) {
    if rng.gen_bool(p) {
        out.push_str(&wrong_value(rng));
        return;
    }
    match v {
        Value::Number(n) => {
            if rng.gen_bool(p * 3.0) {
                out.push_str(word(rng, EXTREME_NUMBERS));
            } else {
                out.push_str(&n.to_string());
            }
        }
        Value::String(s) => {
            if rng.gen_bool(p * 3.0) {
                out.push_str(&json_string(word(rng, HOSTILE_STRINGS)));
            } else {
                out.push_str(&Value::String(s.clone()).to_string());
            }
        }
        Value::Array(a) => {
            out.push('[');
            let mut first = true;
            for x in a {
                let times = if rng.gen_bool(p) {
                    rng.gen_range(0..3)
                } else {
                    1
                };
                for _ in 0..times {
                    if !first {
                        out.push(',');
                    }
                    first = false;
                    emit(x, rng, p, out);
                }
            }
            if rng.gen_bool(p) {
                if !first {
                    out.push(',');
                }
                out.push_str(&wrong_value(rng));
            }
            out.push(']');
        }
        Value::Object(m) => {
            out.push('{');
            let mut first = true;
            let mut sep = |out: &mut String| {
                if !first {
                    out.push(',');
                }
                first = false;
            };
            for (k, x) in m {
                // 0: removed, 2: duplicated.
                let times = if rng.gen_bool(p) {
                    rng.gen_range(0..3)
                } else {
                    1
                };
                for _ in 0..times {
                    sep(out);
                    let key = if rng.gen_bool(p) {
                        word(rng, KEYS).to_string()
                    } else {
                        k.clone()
                    };
                    out.push_str(&Value::String(key).to_string());
                    out.push(':');
                    emit(x, rng, p, out);
                }
            }
            if rng.gen_bool(p) {
                sep(out);
                out.push_str(&json_string(word(rng, KEYS)));
                out.push(':');
                out.push_str(&wrong_value(rng));
            }
            out.push('}');
        }
        Value::Bool(_) | Value::Null => out.push_str(&v.to_string()),
    }
}

/// Byte-level damage: flips, deletions, insertions, truncation, duplicated spans.
fn damage(text: &str, rng: &mut SmallRng) -> String {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..rng.gen_range(1..4) {
        let len = b.len();
        let at = rng.gen_range(0..=len);
        match rng.gen_range(0..7) {
            0 if len > 0 => {
                let i = at.min(len - 1);
                b[i] ^= 1 << rng.gen_range(0..8);
            }
            1 if len > 0 => {
                let end = (at + rng.gen_range(1..16)).min(len);
                b.drain(at.min(len)..end);
            }
            2 => {
                let ins: Vec<u8> = (0..rng.gen_range(1..8)).map(|_| rng.gen()).collect();
                b.splice(at..at, ins);
            }
            3 => {
                let tok = *pick(
                    rng,
                    &[
                        "{", "}", "[", "]", ",", ":", "\"", "\\", "-", "e", "0", "null", "1e309",
                        "NaN", " ", "\u{feff}", "\u{0}",
                    ],
                );
                b.splice(at..at, tok.bytes());
            }
            4 => b.truncate(at),
            5 if len > 0 => {
                let end = (at + rng.gen_range(1..40)).min(len);
                let span = b[at.min(len)..end].to_vec();
                b.splice(end..end, span);
            }
            _ => {
                if len > 0 {
                    let i = at.min(len - 1);
                    b[i] = *pick(rng, b"{}[]\",:0123456789.eE-+ntfu\\");
                }
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Random text: bytes, JSON-ish tokens, or a random JSON tree with the formats' keys.
fn random_text(rng: &mut SmallRng) -> String {
    match rng.gen_range(0..3) {
        0 => {
            let b: Vec<u8> = (0..rng.gen_range(0..200)).map(|_| rng.gen()).collect();
            String::from_utf8_lossy(&b).into_owned()
        }
        1 => (0..rng.gen_range(0..200))
            .map(|_| *pick(rng, b"{}[]\",: 0123456789.eE-+abcdlmnorstu\\\n") as char)
            .collect(),
        _ => {
            let v = random_value(rng, 0);
            let mut s = String::new();
            emit(&v, rng, 0.02, &mut s);
            s
        }
    }
}

fn random_value(rng: &mut SmallRng, depth: usize) -> Value {
    let r = if depth > 4 {
        rng.gen_range(0..4)
    } else {
        rng.gen_range(0..7)
    };
    match r {
        0 => Value::from(rng.gen_range(0..10)),
        1 => Value::from(*pick(rng, &[0.5, 1.0, 3.0, 1e9, 0.0, -1.0])),
        2 => Value::from(*pick(
            rng,
            &["node", "sender_receiver", "multi", "send", "x"],
        )),
        3 => Value::Null,
        4 | 5 => {
            let mut m = serde_json::Map::new();
            if depth == 0 {
                m.insert(
                    "model".into(),
                    Value::from(*pick(rng, &["node", "sender_receiver", "multi"])),
                );
            }
            for _ in 0..rng.gen_range(0..6) {
                m.insert(word(rng, KEYS).to_string(), random_value(rng, depth + 1));
            }
            Value::Object(m)
        }
        _ => Value::Array(
            (0..rng.gen_range(0..5))
                .map(|_| random_value(rng, depth + 1))
                .collect(),
        ),
    }
}

/// One fuzz input made from `seeds` (valid files): mostly mutations, some random text.
fn input(seeds: &[String], rng: &mut SmallRng) -> String {
    let seed = pick(rng, seeds);
    match rng.gen_range(0..10) {
        0 => random_text(rng),
        1..=3 => damage(seed, rng),
        4 => {
            let v: Value = serde_json::from_str(seed).unwrap();
            let mut s = String::new();
            emit(&v, rng, 0.05, &mut s);
            damage(&s, rng)
        }
        _ => {
            let v: Value = serde_json::from_str(seed).unwrap();
            let mut s = String::new();
            let p = *pick(rng, &[0.01, 0.03, 0.1]);
            emit(&v, rng, p, &mut s);
            s
        }
    }
}

/// Does `msg` name a field of either format, quoted as the messages quote them?
fn names_a_field(msg: &str) -> bool {
    KEYS.iter()
        .filter(|k| !k.is_empty())
        .any(|k| msg.contains(&format!("\"{k}\"")) || msg.contains(&format!("`{k}`")))
}

/// The shape every error message must have.
fn check_message(msg: &str, what: &str, text: &str) {
    let ctx = || format!("{what}: message {msg:?} for input {text:?}");
    assert!(!msg.trim().is_empty(), "empty {}", ctx());
    assert!(
        !msg.contains(['\n', '\r']),
        "message of more than one line: {}",
        ctx()
    );
    assert!(
        !msg.contains(['\u{202e}', '\u{200d}', '\u{0}']),
        "message with invisible or direction marks: {}",
        ctx()
    );
    assert!(
        msg.chars().count() < MAX_MESSAGE,
        "message of {} characters: {}",
        msg.chars().count(),
        ctx()
    );
}

/// The checks on an instance reader's answer to `text`.
fn check_instance_text(text: &str, tag: &str) {
    match AnyInstance::from_json(text) {
        Ok(inst) => {
            assert_eq!(inst.validate(), Ok(()), "{tag}: accepted {text:?}");
            let back = AnyInstance::from_json(&inst.to_json());
            assert_eq!(back.as_ref(), Ok(&inst), "{tag}: round trip of {text:?}");
        }
        Err(e) => {
            let msg = e.to_string();
            check_message(&msg, tag, text);
            if let Error::Format(m) = &e {
                let position = m.contains("line ");
                assert!(
                    position || names_a_field(m) || m.contains("latency"),
                    "{tag}: malformed-JSON message names neither a position nor a field: {msg:?} for {text:?}"
                );
            }
        }
    }
}

fn overhead_seeds() -> Vec<String> {
    let mut out: Vec<String> = overhead::Overhead::gallery()
        .into_iter()
        .map(|g| g.instance.to_json())
        .collect();
    for seed in 0..6 {
        let mut i = overhead::Overhead::random_instance(5, seed);
        i.nodes[1].name = Some("fast-1".into());
        out.push(i.to_json());
    }
    out
}

fn multi_seeds() -> Vec<String> {
    let mut out: Vec<String> = multi::Multi::gallery()
        .into_iter()
        .map(|g| g.instance.to_json())
        .collect();
    for seed in 0..6 {
        out.push(multi::Multi::random_instance(4, seed).to_json());
    }
    let mut m = multi::Multi::random_instance(3, 7);
    let n = m.node_count();
    m.link = multi::Link::Matrix(vec![vec![0.5; n]; n]);
    out.push(m.to_json());
    out
}

/// Overhead plans (with and without waits) paired with the instance they belong to.
fn overhead_plans() -> Vec<(Instance, String)> {
    let mut out = Vec::new();
    for (i, mut g) in overhead::Overhead::gallery().into_iter().enumerate() {
        // Half the instances carry names that error messages quote: a line break, a
        // direction mark, 10,000 characters.
        if i % 2 == 1 {
            for (v, n) in g.instance.nodes.iter_mut().enumerate() {
                n.name = Some(match v % 3 {
                    0 => "a\nb".into(),
                    1 => "\u{202e}x".into(),
                    _ => "y".repeat(10_000),
                });
            }
        }
        for &algo in Algorithm::ALL {
            if let Ok(sol) = overhead::Overhead::solve(&g.instance, algo, 1) {
                let mut plan = sol.plan.clone();
                out.push((g.instance.clone(), serde_json::to_string(&plan).unwrap()));
                plan.wait = vec![vec![0.5, 1.0]; 2];
                out.push((g.instance.clone(), serde_json::to_string(&plan).unwrap()));
            }
        }
    }
    out
}

fn multi_plans() -> Vec<(MultiInstance, String)> {
    let mut out = Vec::new();
    let mut insts: Vec<MultiInstance> = multi::Multi::gallery()
        .into_iter()
        .map(|g| g.instance)
        .collect();
    insts.push(multi::Multi::random_instance(5, 3));
    for inst in insts {
        for &algo in MultiAlgorithm::ALL {
            let sol = multi::Multi::solve(&inst, algo, 0).unwrap();
            out.push((inst.clone(), serde_json::to_string(&sol.plan).unwrap()));
        }
    }
    out
}

/// Run `f`; if it panics, fail naming the input (the panic's own message is printed above).
fn no_panic(tag: &str, text: &str, f: impl FnOnce()) {
    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).is_err() {
        panic!("{tag}: panicked on input {text:?}");
    }
}

fn fuzz_instances(seeds: &[String], count: usize, seed: u64, tag: &str) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for i in 0..count {
        let text = input(seeds, &mut rng);
        let t = format!("{tag} seed {seed} input {i}");
        no_panic(&t, &text, || check_instance_text(&text, &t));
    }
}

fn fuzz_overhead_plans(count: usize, seed: u64) {
    let pairs = overhead_plans();
    let texts: Vec<String> = pairs.iter().map(|p| p.1.clone()).collect();
    let mut rng = SmallRng::seed_from_u64(seed);
    for i in 0..count {
        let k = rng.gen_range(0..pairs.len());
        let text = input(std::slice::from_ref(&texts[k]), &mut rng);
        let tag = format!("overhead plan seed {seed} input {i}");
        let Ok(plan) = serde_json::from_str::<Plan>(&text) else {
            continue;
        };
        no_panic(&tag, &text, || {
            match overhead::simulate(&pairs[k].0, &plan) {
                Ok(s) => assert!(
                    s.completion_time.is_finite() && s.completion_time >= 0.0,
                    "{tag}: completion time {} for {text:?}",
                    s.completion_time
                ),
                Err(e) => check_message(&e.to_string(), &tag, &text),
            }
        });
    }
}

fn fuzz_multi_plans(count: usize, seed: u64) {
    let pairs = multi_plans();
    let texts: Vec<String> = pairs.iter().map(|p| p.1.clone()).collect();
    let mut rng = SmallRng::seed_from_u64(seed);
    for i in 0..count {
        let k = rng.gen_range(0..pairs.len());
        let text = input(std::slice::from_ref(&texts[k]), &mut rng);
        let tag = format!("multi plan seed {seed} input {i}");
        let Ok(plan) = serde_json::from_str::<MultiPlan>(&text) else {
            continue;
        };
        no_panic(&tag, &text, || {
            match multi::simulate_multi(&pairs[k].0, &plan) {
                Ok(s) => assert!(
                    s.completion_time.is_finite() && s.completion_time >= 0.0,
                    "{tag}: completion time {} for {text:?}",
                    s.completion_time
                ),
                Err(e) => check_message(&e.to_string(), &tag, &text),
            }
        });
    }
}

#[test]
fn overhead_instances_survive_mutation() {
    fuzz_instances(&overhead_seeds(), ALWAYS, 1, "overhead instance");
}

#[test]
fn multi_instances_survive_mutation() {
    fuzz_instances(&multi_seeds(), ALWAYS, 2, "multi instance");
}

/// The gallery of model `M` and six random instances of `nodes` nodes, as files.
fn gallery_and_random<M: Model>(
    nodes: usize,
    to_json: impl Fn(&M::Instance) -> String,
) -> Vec<String> {
    let mut out: Vec<String> = M::gallery().iter().map(|g| to_json(&g.instance)).collect();
    for seed in 0..6 {
        out.push(to_json(&M::random_instance(nodes, seed)));
    }
    out
}

fn multimessage_seeds() -> Vec<String> {
    gallery_and_random::<multimessage::Multimessage>(5, |i| i.to_json())
}

#[test]
fn multimessage_instances_survive_mutation() {
    fuzz_instances(&multimessage_seeds(), ALWAYS, 5, "multimessage instance");
}

fn platform_seeds() -> Vec<String> {
    gallery_and_random::<platform::Platform>(6, |i| i.to_json())
}

#[test]
fn platform_instances_survive_mutation() {
    fuzz_instances(&platform_seeds(), ALWAYS, 6, "platform instance");
}

#[test]
fn overhead_plans_survive_mutation() {
    fuzz_overhead_plans(ALWAYS, 3);
}

#[test]
fn multi_plans_survive_mutation() {
    fuzz_multi_plans(ALWAYS, 4);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "10^6 inputs: run with cargo test --release (CI: --profile ci --include-ignored)"
)]
fn overhead_instances_survive_mutation_full() {
    fuzz_instances(&overhead_seeds(), FULL, 11, "overhead instance");
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "10^6 inputs: run with cargo test --release (CI: --profile ci --include-ignored)"
)]
fn multi_instances_survive_mutation_full() {
    fuzz_instances(&multi_seeds(), FULL, 12, "multi instance");
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "10^6 inputs: run with cargo test --release (CI: --profile ci --include-ignored)"
)]
fn overhead_plans_survive_mutation_full() {
    fuzz_overhead_plans(FULL, 13);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "10^6 inputs: run with cargo test --release (CI: --profile ci --include-ignored)"
)]
fn multi_plans_survive_mutation_full() {
    fuzz_multi_plans(FULL, 14);
}

/// The cases the fuzzer found, with their exact messages: a line break in an unknown model
/// name, a 10,000-letter unknown key, a direction mark, a 10,000-letter class name, a huge
/// latency.
#[test]
fn found_inputs_give_one_short_line() {
    let msg = |text: &str| AnyInstance::from_json(text).unwrap_err().to_string();
    assert_eq!(
        msg(r#"{"model":"nod\ne","source":0,"nodes":[]}"#),
        "malformed instance: line 1: the model \"nod\\ne\" is not one hetcast reads (node, sender_receiver, multi, multimessage, platform)"
    );
    let long_key = format!(r#"{{"{}":1}}"#, "k".repeat(10_000));
    assert_eq!(
        msg(&long_key),
        format!(
            "malformed instance: line 1: \"{}…\" is not a key read here (the keys are \"version\", \"model\", \"latency\", \"source\", \"nodes\")",
            "k".repeat(40)
        )
    );
    assert_eq!(
        msg("{\"model\":\"\u{202e}x\",\"source\":0,\"nodes\":[]}"),
        "malformed instance: line 1: the model \"\\u{202e}x\" is not one hetcast reads (node, sender_receiver, multi, multimessage, platform)"
    );
    let long_class = format!(
        r#"{{"model":"multi","classes":[{{"name":"{}","count":2,"send":{{"fixed":0}},"recv":{{"fixed":1}}}}],"link":{{"per_byte":0}},"messages":[]}}"#,
        "c".repeat(10_000)
    );
    assert_eq!(
        msg(&long_class),
        format!(
            "invalid instance: class 1 ({}…): the send overhead's constant part 0 is zero; it must be a positive number up to 1e9",
            "c".repeat(40)
        )
    );
    assert_eq!(
        msg(
            r#"{"model":"sender_receiver","latency":1.7976931348623157e308,"source":0,"nodes":[{"send":1,"recv":1},{"send":1,"recv":1}]}"#
        ),
        "latency must be between 0 and 1e9 (got 1.7976931348623157e308)"
    );
    // A number the default reader rounds differently from a correct one: the file written
    // back reads to the same instance.
    let text = r#"{"model":"sender_receiver","source":0,"nodes":[{"send":0.107303398049380513,"recv":1},{"send":1,"recv":1}]}"#;
    let inst = AnyInstance::from_json(text).unwrap();
    assert_eq!(AnyInstance::from_json(&inst.to_json()), Ok(inst));
    // Two waits of 1.8e308 made the simulated times infinite.
    let plan: Plan = serde_json::from_str(
        r#"{"source":0,"children":[[2,1],[],[]],"wait":[[1.7976931348623157e308,1.7976931348623157e308]]}"#,
    )
    .unwrap();
    assert_eq!(
        overhead::simulate(&overhead::gallery::liu_figure1(), &plan)
            .unwrap_err()
            .to_string(),
        "invalid plan: P0 waits 1.7976931348623157e308 before its send to P2; waits must be numbers from 0 to 1e9"
    );
}
