//! End-to-end tests of `hetcast run` on platform instances (paper 002), its errors, the
//! CPLEX LP output, the beaumont-fig11 experiment (one platform) and the platform bench.

mod common;

use common::{fails, file, ok, scratch};
use serde_json::Value;

/// Two targets behind a relay, and a slow direct edge.
const P: &str = r#"{"model": "platform", "version": 1,
 "nodes": [{"name": "S"}, {"name": "A"}, {"name": "B"}, {"name": "C"}],
 "edges": [{"from": 0, "to": 1, "cost": 1}, {"from": 1, "to": 2, "cost": 1},
           {"from": 1, "to": 3, "cost": 1}, {"from": 0, "to": 2, "cost": 3}],
 "source": 0, "targets": [2, 3]}"#;

/// `--algo all`: every algorithm, the keys of docs/formats.md, the hand-computed periods:
/// MCPH's tree S→A→{B, C} keeps A busy 2; the scatter balances S (1 + x + 3(1 − x)) and A
/// (1 + x) at x = 1: 2; the others reach 7/4: S sends a whole message to A and 1/4 straight
/// to B (S busy 1 + 3/4), A forwards 3/4 to B and 1 to C (7/4); AUGMENTED_SOURCES gets there
/// with A as a secondary source; the best single tree is MCPH's.
#[test]
fn run_all_on_a_platform() {
    let d = scratch("all");
    let f = file(&d, "p.json", P);
    let v: Value = serde_json::from_str(&ok(&["run", &f, "--algo", "all"])).unwrap();
    let outs = v.as_array().unwrap();
    assert_eq!(outs.len(), 10);
    for o in outs {
        for key in [
            "algorithm",
            "period",
            "throughput",
            "edges",
            "nodes_kept",
            "sources",
            "schedule",
        ] {
            assert!(o.get(key).is_some(), "{key} missing in {o}");
        }
        let period = o["period"].as_f64().unwrap();
        assert!((o["throughput"].as_f64().unwrap() * period - 1.0).abs() < 1e-12);
        for t in o["schedule"].as_array().unwrap() {
            assert!(t["end"].as_f64().unwrap() <= period * (1.0 + 1e-9));
        }
        let want = match o["algorithm"].as_str().unwrap() {
            "multicast-ub" | "mcph" | "best-tree" => 2.0,
            _ => 1.75,
        };
        assert!((period - want).abs() < 1e-6, "{}: {period}", o["algorithm"]);
    }
}

/// The gallery's `beaumont-printed-lp` (S → T cost 4, S ⇄ A and T ⇄ B cost 1): the LP as
/// printed gives 1 (circulations), the net-flow LP 4; both LP files are written, and differ
/// in rows (1) and (2).
#[test]
fn printed_and_net_lps() {
    let d = scratch("printed");
    let f = file(
        &d,
        "p.json",
        r#"{"model": "platform", "version": 1,
 "nodes": [{"name": "S"}, {"name": "A"}, {"name": "T"}, {"name": "B"}],
 "edges": [{"from": 0, "to": 2, "cost": 4}, {"from": 0, "to": 1, "cost": 1},
           {"from": 1, "to": 0, "cost": 1}, {"from": 2, "to": 3, "cost": 1},
           {"from": 3, "to": 2, "cost": 1}],
 "source": 0, "targets": [2]}"#,
    );
    let period = |algo: &str| {
        let v: Value = serde_json::from_str(&ok(&["run", &f, "--algo", algo])).unwrap();
        assert_eq!(v["achievable"], Value::Bool(false), "{algo}");
        v["period"].as_f64().unwrap()
    };
    assert_eq!(period("multicast-lb-printed"), 1.0);
    assert_eq!(period("multicast-lb"), 4.0);
    let printed = ok(&["run", &f, "--algo", "printed", "--format", "lp"]);
    let net = ok(&["run", &f, "--algo", "multicast-lb", "--format", "lp"]);
    assert!(
        printed.starts_with("\\ Multicast-LB as printed (gross flows)"),
        "{printed}"
    );
    assert!(
        printed.contains("\nc1_0_2: x2_0_2 + x2_0_1 = 1\n"),
        "{printed}"
    );
    assert!(
        net.contains("\nc1_0_2: x2_0_2 + x2_0_1 - x2_1_0 = 1\n"),
        "{net}"
    );
}

#[test]
fn lp_svg_and_errors() {
    let d = scratch("lp");
    let f = file(&d, "p.json", P);
    let lp = ok(&["run", &f, "--algo", "multicast-lb", "--format", "lp"]);
    assert!(lp.contains("Minimize") && lp.contains("Subject To") && lp.ends_with("End\n"));
    assert!(lp.contains("port_out_1: n_1_2 + n_1_3 - T <= 0"), "{lp}");
    let svg = ok(&["run", &f, "--format", "svg-graph"]);
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"));
    assert!(ok(&["run", &f, "--format", "svg-timeline"]).contains("<svg"));
    assert!(fails(&["run", &f, "--algo", "mcph", "--format", "lp"]).contains("many LPs"));
    assert!(fails(&["run", &f, "--format", "dot"]).contains("does not apply to platform"));
    let bad = file(
        &d,
        "bad.json",
        &P.replace(r#""targets": [2, 3]"#, r#""targets": [0, 3]"#),
    );
    assert!(fails(&["run", &bad]).contains("the source S is among the targets"));
    let cut = file(
        &d,
        "cut.json",
        &P.replace(
            r#"{"from": 1, "to": 3, "cost": 1}"#,
            r#"{"from": 3, "to": 1, "cost": 1}"#,
        ),
    );
    assert!(fails(&["run", &cut]).contains("target C (node 3) is unreachable from the source S"));
    let dup = file(
        &d,
        "dup.json",
        &P.replace(
            r#"{"from": 0, "to": 2, "cost": 3}"#,
            r#"{"from": 0, "to": 1, "cost": 3}"#,
        ),
    );
    assert!(fails(&["run", &dup]).contains("edge 3 (0 -> 1): duplicate of edge 0"));
}

/// The experiment's arguments are checked before any work (a full run takes minutes: it is
/// run by hand, see docs/experiments/beaumont-fig11.md).
#[test]
fn fig11_experiment_checks_its_arguments() {
    let d = scratch("fig11");
    let dir = d.to_string_lossy().into_owned();
    let err = fails(&[
        "experiment",
        "beaumont-fig11",
        "--n-max",
        "10",
        "--out",
        &dir,
    ]);
    assert!(
        err.contains("--n-max 10: 30 (the small platforms) or 65 (both sizes)"),
        "{err}"
    );
    let err = fails(&["experiment", "beaumont-fig11", "--runs", "0", "--out", &dir]);
    assert!(
        err.contains("--runs (platforms per size) must be between 1 and 1000"),
        "{err}"
    );
    let err = fails(&[
        "experiment",
        "beaumont-fig11",
        "--targets",
        "lan",
        "--out",
        &dir,
    ]);
    assert!(
        err.contains("--targets lan: uniform (among all LAN nodes) or per-lan (one per LAN first)"),
        "{err}"
    );
    let err = fails(&[
        "experiment",
        "liu-fig6",
        "--targets",
        "per-lan",
        "--out",
        &dir,
    ]);
    assert!(
        err.contains("--targets applies to beaumont-fig11 only"),
        "{err}"
    );
}
