//! The platform model (paper 002): the gallery's claims, the bounds' order, every schedule
//! through the one-port checker, the LPs against independent computations.

use hetcast_core::catalog::Catalog;
use hetcast_core::models::platform::algo::{LpReuse, LpWork};
use hetcast_core::models::platform::gallery::{figure2, min_cover, section3, set_cover};
use hetcast_core::models::platform::generate::{tiers, TiersSpec};
use hetcast_core::models::platform::simulate::{check, port_period, schedule, simulate};
use hetcast_core::models::platform::{
    algo, Delivery, PlatformAlgorithm, PlatformInstance, PlatformSolution,
};
use hetcast_core::rng::{below, Rng64};
use rand::{Rng, SeedableRng};

/// LP answers are exact to the simplex's tolerance and the tie-break term (relative 1e-7).
const REL: f64 = 1e-6;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= REL * a.abs().max(b.abs()).max(1e-300)
}

fn le(a: f64, b: f64) -> bool {
    a <= b * (1.0 + REL)
}

/// The best period of a single multicast tree (every target reached from the source along
/// tree edges, one message per tree edge): brute force over the choice of a parent edge (or
/// none) for every node, every such choice whose partial port times can still beat the best
/// (an exhaustive enumeration of trees, pruned). For small platforms only: the independent
/// check of the examples, of the LP values and of `best-tree`.
fn best_tree_period(inst: &PlatformInstance) -> f64 {
    let n = inst.node_count();
    let mut ins: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (e, edge) in inst.edges.iter().enumerate() {
        ins[edge.to].push(e);
    }
    let order: Vec<usize> = (0..n).filter(|&v| v != inst.source).collect();
    let mut chosen: Vec<Option<usize>> = vec![None; n];
    let mut best = f64::INFINITY;
    let mut out_busy = vec![0.0; n];
    fn go(
        i: usize,
        order: &[usize],
        inst: &PlatformInstance,
        ins: &[Vec<usize>],
        chosen: &mut Vec<Option<usize>>,
        out_busy: &mut Vec<f64>,
        best: &mut f64,
    ) {
        if i == order.len() {
            // Every target must reach the source by parent edges, without a cycle.
            let mut loads = vec![0.0; inst.edges.len()];
            for &t in &inst.targets {
                let mut v = t;
                let mut steps = 0;
                while v != inst.source {
                    let Some(e) = chosen[v] else { return };
                    loads[e] = 1.0;
                    v = inst.edges[e].from;
                    steps += 1;
                    if steps > chosen.len() {
                        return;
                    }
                }
            }
            let p = port_period(inst, &loads);
            if p < *best {
                *best = p;
            }
            return;
        }
        let v = order[i];
        chosen[v] = None;
        go(i + 1, order, inst, ins, chosen, out_busy, best);
        for &e in &ins[v] {
            let edge = inst.edges[e];
            if edge.cost >= *best || out_busy[edge.from] + edge.cost >= *best {
                continue;
            }
            chosen[v] = Some(e);
            out_busy[edge.from] += edge.cost;
            go(i + 1, order, inst, ins, chosen, out_busy, best);
            out_busy[edge.from] -= edge.cost;
        }
        chosen[v] = None;
    }
    go(0, &order, inst, &ins, &mut chosen, &mut out_busy, &mut best);
    best
}

/// Section 3: the best single tree has period 3/2 (brute force; by hand: S must feed P1 and
/// P3, or P3 or P2 must feed two children of cost 1), while Multicast-LB is 1 and the two
/// trees of weight 1/2 of figure 1(b, c) reach it: their loads keep every port busy at most
/// 1 per multicast, deliver a whole message to every target, and the König schedule of one
/// period passes the checker.
#[test]
fn section3_one_tree_is_not_enough_two_are() {
    let p = section3();
    p.validate().unwrap();
    assert_eq!(best_tree_period(&p), 1.5);
    let lb = PlatformAlgorithm::MulticastLb.solve(&p).unwrap();
    assert!(close(lb.period, 1.0), "LB {}", lb.period);
    let edge = |a: usize, b: usize| {
        p.edges
            .iter()
            .position(|e| e.from == a && e.to == b)
            .unwrap()
    };
    let cliques = [(7, 8), (7, 9), (7, 10), (11, 12), (11, 13)];
    let tree_a = [(0, 1), (0, 3), (3, 4), (4, 5), (5, 6), (6, 7), (1, 11)];
    let tree_b = [(0, 3), (3, 2), (2, 1), (1, 11), (2, 6), (6, 7)];
    let mut loads = vec![0.0; p.edges.len()];
    for &(a, b) in tree_a.iter().chain(&tree_b).chain(&cliques).chain(&cliques) {
        loads[edge(a, b)] += 0.5;
    }
    assert_eq!(port_period(&p, &loads), 1.0);
    let sol = PlatformSolution {
        algorithm: PlatformAlgorithm::MulticastLb,
        period: 1.0,
        lp_value: None,
        loads: loads.clone(),
        nodes_kept: (0..14).collect(),
        sources: vec![0],
        tree: Vec::new(),
        delivery: Delivery::Bound {
            nodes: p.targets.clone(),
        },
        lp: None,
        trace: Vec::new(),
    };
    let s = schedule(&p, &loads);
    assert_eq!(s.period, 1.0);
    check(&p, &sol, &s).unwrap();
}

/// Section 3, every algorithm's `T*` (the values the app's section-3 test shows):
/// - Multicast-LB = 1: two trees of weight 1/2 (the test above).
/// - Multicast-UB = 14/3, by hand: every target's unit of flow is counted apart; the 3 for
///   P11..P13 enter through P1, the 4 for P7..P10 through P6, fed from P2 or P5, which only P3
///   feeds. With `x` units on S→P1 (cost 1) and `7 - x` on S→P3 (cost 1/2), S's out-port is
///   busy `x + (7 - x)/2` and P3's `7 - x` (it forwards all of it at cost 1); the larger is
///   least at `x = 7/3`: 14/3 (every other port is busy at most 4).
/// - Broadcast-EB = broadcast = 2, by hand: P3 alone feeds P2 and P4, a whole message each at
///   cost 1, so its out-port is busy 2; the tree S→{P1, P3}, P3→{P2, P4}, P4→P5, P2→P6,
///   P6→P7→{P8, P9, P10}, P1→P11→{P12, P13} is busy at most 2 everywhere.
/// - MCPH = 1.5 = the best single tree (brute force, above).
/// - REDUCED_BROADCAST = AUGMENTED_MULTICAST = 1.25 and AUGMENTED_SOURCES = 1.2: the
///   heuristics' values, regression pins (between Multicast-LB and broadcast, as they must be).
#[test]
fn section3_every_algorithm() {
    let p = section3();
    let t = |a: PlatformAlgorithm| {
        let s = a.solve(&p).unwrap();
        if a.achievable() {
            // A schedule of that period passes the checker.
            assert!(close(simulate(&p, &s).unwrap().period, s.period), "{a:?}");
        }
        s.period
    };
    for (a, want) in [
        (PlatformAlgorithm::MulticastLb, 1.0),
        (PlatformAlgorithm::MulticastUb, 14.0 / 3.0),
        (PlatformAlgorithm::BroadcastEb, 2.0),
        (PlatformAlgorithm::Broadcast, 2.0),
        (PlatformAlgorithm::Mcph, 1.5),
        (PlatformAlgorithm::ReducedBroadcast, 1.25),
        (PlatformAlgorithm::AugmentedMulticast, 1.25),
        (PlatformAlgorithm::AugmentedSources, 1.2),
    ] {
        let got = t(a);
        assert!(close(got, want), "{a:?}: {got} (expected {want})");
    }
}

/// Figure 2 (B = 2): the cover {C1, C4} gives one tree of period max(2/B, 4/N) = 1.
#[test]
fn figure2_has_a_tree_of_throughput_one() {
    let p = figure2();
    p.validate().unwrap();
    assert_eq!(best_tree_period(&p), 1.0);
}

/// Theorem 1 on 300 random small set-cover instances (drawn until 300 have a cover): a single tree of throughput 1 exists iff a
/// cover of size at most B does; and (Theorem 2) the best tree's period is at least K/B for
/// the smallest cover size K.
#[test]
fn set_cover_reduction_matches_theorem_1() {
    let mut rng = Rng64::seed_from_u64(2);
    let mut both = [0; 2];
    while both[0] + both[1] < 300 {
        let n = 1 + below(&mut rng, 5);
        let k = 1 + below(&mut rng, 4);
        let subsets: Vec<Vec<usize>> = (0..k)
            .map(|_| (0..n).filter(|_| below(&mut rng, 2) == 0).collect())
            .collect();
        let Some(kmin) = min_cover(n, &subsets) else {
            continue;
        };
        let b = 1 + below(&mut rng, k);
        let p = set_cover(n, &subsets, b);
        p.validate().unwrap();
        let best = best_tree_period(&p);
        assert_eq!(best <= 1.0 + 1e-12, kmin <= b, "n {n}, {subsets:?}, B {b}");
        assert!(best >= kmin as f64 / b as f64 - 1e-12);
        both[usize::from(kmin <= b)] += 1;
    }
    // 300 instances with a cover; how many have one of size at most B is a regression pin of
    // this seeded draw (Rng64, the same on every target): both sides of the equivalence occur.
    assert_eq!(both, [32, 268]);
}

/// The platforms the AUGMENTED_MULTICAST bound tests run on: 30 random digraphs of 2-7 nodes
/// drawn from `rng`, then Tiers-like platforms of 8, 14, 20 and 30 nodes.
fn bound_test_platforms(rng: &mut Rng64) -> Vec<PlatformInstance> {
    let mut platforms: Vec<PlatformInstance> = (0..30).map(|_| random_platform(rng)).collect();
    for (n, d, seed) in [(8, 0.5, 1), (14, 0.3, 2), (20, 0.5, 3), (30, 0.2, 4)] {
        platforms.push(tiers(&TiersSpec::sized(n, d), seed));
    }
    platforms
}

fn random_platform(rng: &mut Rng64) -> PlatformInstance {
    if below(rng, 2) == 0 {
        let n = 4 + below(rng, 9);
        let d = [0.1, 0.3, 0.6, 1.0][below(rng, 4)];
        return tiers(&TiersSpec::sized(n, d), rng.gen());
    }
    // A random digraph: a random arborescence from 0 (so all are reachable) and extra edges,
    // costs across the accepted range.
    let n = 2 + below(rng, 6);
    let mut edges = Vec::new();
    let cost = |rng: &mut Rng64| match below(rng, 4) {
        0 => rng.gen_range(1e-3..1.0),
        1 => rng.gen_range(1.0..1e6),
        2 => (1 + below(rng, 9)) as f64,
        _ => (rng.gen_range(0.1..10.0_f64) * 1e4).round() / 1e4,
    };
    for v in 1..n {
        let u = below(rng, v);
        let c = cost(rng);
        edges.push((u, v, c));
    }
    for _ in 0..below(rng, 2 * n) {
        let (a, b) = (below(rng, n), below(rng, n));
        if a != b && !edges.iter().any(|&(x, y, _)| (x, y) == (a, b)) {
            let c = cost(rng);
            edges.push((a, b, c));
        }
    }
    let mut targets: Vec<usize> = (1..n).filter(|_| below(rng, 2) == 0).collect();
    if targets.is_empty() {
        targets.push(n - 1);
    }
    PlatformInstance::new(n, &edges, 0, &targets)
}

/// On 2000 random platforms (Tiers-like of 4-12 nodes, and random digraphs of 2-7 nodes with
/// costs from 1e-3 to 1e6, integers and 4-decimal values mixed): every algorithm's periodic schedule passes the one-port checker at
/// its claimed period; the printed LP <= Multicast-LB <= every achievable result (and
/// Multicast-LB <= Broadcast-EB);
/// UB <= |targets|·LB (section 5.1.3); REDUCED_BROADCAST <= Broadcast-EB and
/// AUGMENTED_SOURCES <= Multicast-UB (each starts there and only improves); MCPH >= the best
/// single tree >= LB (brute force).
#[test]
fn bounds_order_and_every_schedule_checks() {
    let mut rng = Rng64::seed_from_u64(11);
    for case in 0..2000 {
        let p = random_platform(&mut rng);
        p.validate().unwrap();
        let mut t = std::collections::HashMap::new();
        // The best single tree has its own test (`best_tree_equals_the_enumeration`).
        for &al in PlatformAlgorithm::ALL
            .iter()
            .filter(|&&al| al != PlatformAlgorithm::BestTree)
        {
            let sol = al
                .solve(&p)
                .unwrap_or_else(|e| panic!("case {case} {}: {e}", al.key()));
            let s = simulate(&p, &sol).unwrap_or_else(|e| panic!("case {case} {}: {e}", al.key()));
            assert!(close(s.period, sol.period));
            let total: f64 = s.transfers.iter().map(|x| x.end - x.start).sum();
            assert!(total >= 0.0 && s.transfers.iter().all(|x| x.end <= s.period * (1.0 + 1e-9)));
            t.insert(al, sol.period);
        }
        let lb = t[&PlatformAlgorithm::MulticastLb];
        let ub = t[&PlatformAlgorithm::MulticastUb];
        let bc = t[&PlatformAlgorithm::BroadcastEb];
        let printed = t.remove(&PlatformAlgorithm::MulticastLbPrinted).unwrap();
        assert!(le(printed, lb), "case {case}: printed {printed} > LB {lb}");
        for (&al, &v) in &t {
            assert!(le(lb, v), "case {case}: LB {lb} > {} {v}", al.key());
        }
        assert!(le(ub, p.targets.len() as f64 * lb), "case {case}");
        assert!(
            le(t[&PlatformAlgorithm::ReducedBroadcast], bc),
            "case {case}"
        );
        assert!(
            le(t[&PlatformAlgorithm::AugmentedSources], ub),
            "case {case}"
        );
        if p.edges.len() <= 14 {
            let tree = best_tree_period(&p);
            assert!(le(lb, tree), "case {case}: LB {lb} > best tree {tree}");
            assert!(le(tree, t[&PlatformAlgorithm::Mcph]), "case {case}");
        }
    }
}

/// On a platform that is itself a tree (one path to every node), the LPs have no choice:
/// Multicast-LB is the tree of the targets' paths with one message per edge, and the scatter
/// sends one message per target below each edge. Both computed here by hand, independently.
#[test]
fn lps_on_tree_platforms_match_a_direct_count() {
    let mut rng = Rng64::seed_from_u64(5);
    for _ in 0..200 {
        let n = 2 + below(&mut rng, 9);
        let parent: Vec<usize> = (0..n)
            .map(|v| if v == 0 { 0 } else { below(&mut rng, v) })
            .collect();
        let edges: Vec<(usize, usize, f64)> = (1..n)
            .map(|v| (parent[v], v, rng.gen_range(0.01..100.0)))
            .collect();
        let mut targets: Vec<usize> = (1..n).filter(|_| below(&mut rng, 2) == 0).collect();
        if targets.is_empty() {
            targets.push(n - 1);
        }
        let p = PlatformInstance::new(n, &edges, 0, &targets);
        let mut lb_loads = vec![0.0; n - 1];
        let mut ub_loads = vec![0.0; n - 1];
        for &t in &targets {
            let mut v = t;
            while v != 0 {
                lb_loads[v - 1] = 1.0;
                ub_loads[v - 1] += 1.0;
                v = parent[v];
            }
        }
        let lb = PlatformAlgorithm::MulticastLb.solve(&p).unwrap().period;
        let ub = PlatformAlgorithm::MulticastUb.solve(&p).unwrap().period;
        assert!(close(lb, port_period(&p, &lb_loads)), "{lb}");
        assert!(close(ub, port_period(&p, &ub_loads)), "{ub}");
        assert!(close(lb, best_tree_period(&p)));
    }
}

/// Same input, same flows (the heuristics built on them are reproducible).
#[test]
fn flows_are_deterministic() {
    let p = tiers(&TiersSpec::small(0.3), 4);
    for al in [
        PlatformAlgorithm::MulticastLb,
        PlatformAlgorithm::ReducedBroadcast,
    ] {
        let a = al.solve(&p).unwrap();
        let b = al.solve(&p).unwrap();
        assert_eq!(a, b);
    }
}

/// Solutions go from the web worker to the page as JSON, their flows as sparse rows: the text
/// gives back exactly the solution, for every algorithm on a 30-node platform and on a hand-made
/// answer with an all-zero row, an empty row, and values from 1e-300 to 1e300 with many
/// decimals; an entry past its row is an error, not a panic.
#[test]
fn solutions_round_trip_through_json() {
    use hetcast_core::models::platform::lp::{Commodity, LpSolution};
    let p = tiers(&TiersSpec::sized(30, 0.2), 2);
    for &al in PlatformAlgorithm::ALL {
        let a = al.solve(&p).unwrap();
        let text = serde_json::to_string(&a).unwrap();
        let b: PlatformSolution = serde_json::from_str(&text).unwrap();
        assert_eq!(a, b, "{al:?}");
    }
    let c = Commodity { source: 0, dest: 1 };
    let lp = LpSolution {
        value: 0.1 + 0.2,
        loads: vec![1e-300, 1e300, 0.0],
        commodities: vec![c; 3],
        flows: vec![
            vec![0.0, 0.0, 0.0],
            vec![],
            vec![1e-300, 0.0, 123456.78901234567],
        ],
        amounts: vec![1.0; 3],
    };
    let text = serde_json::to_string(&lp).unwrap();
    assert!(text.contains(r#""flows":[{"len":3,"nonzero":[]},{"len":0,"nonzero":[]},{"len":3,"nonzero":[[0,1e-300],[2,123456.78901234567]]}]"#), "{text}");
    assert_eq!(serde_json::from_str::<LpSolution>(&text).unwrap(), lp);
    let bad = text.replace("[2,123456", "[3,123456");
    let e = serde_json::from_str::<LpSolution>(&bad).unwrap_err();
    assert!(
        e.to_string().starts_with("flow entry 3 past the row's 3"),
        "{e}"
    );
}

/// A round's Multicast-LB solved on a guess beside a trial (AUGMENTED_MULTICAST's parallel
/// path, `WarmLower::add_target_unless`): while it is not stopped, its answer and its LP are
/// those of `add_target`, bit for bit (the next target added gives the same answer too);
/// stopped, it gives up with an error before its first round of separation.
#[test]
fn a_guessed_round_lb_is_the_round_lb_or_given_up() {
    use hetcast_core::models::platform::lp::WarmLower;
    use std::sync::atomic::AtomicBool;
    let p = tiers(&TiersSpec::sized(30, 0.3), 4);
    let (warm, _) = WarmLower::start(&p, &p.targets, &mut 0).unwrap().unwrap();
    let others: Vec<usize> = (0..p.node_count())
        .filter(|&v| v != p.source && !p.targets.contains(&v))
        .collect();
    assert!(!others.is_empty());
    for (i, &m) in others.iter().enumerate() {
        let (mut plain, mut guessed, mut stopped) = (warm.clone(), warm.clone(), warm.clone());
        let go = AtomicBool::new(false);
        let a = plain.add_target(m, &mut 0).unwrap();
        let b = guessed.add_target_unless(m, &mut 0, Some(&go)).unwrap();
        assert!(a.is_some(), "node {m}");
        assert_eq!(a, b, "node {m}");
        let next = others[(i + 1) % others.len()];
        assert_eq!(
            plain.add_target(next, &mut 0).unwrap(),
            guessed.add_target(next, &mut 0).unwrap(),
            "node {m}, then {next}"
        );
        let stop = AtomicBool::new(true);
        let e = stopped
            .add_target_unless(m, &mut 0, Some(&stop))
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid plan: cut generation was given up",
            "node {m}"
        );
    }
}

/// Equivalence to 1e-9 (relative): T* of every LP a heuristic solves by cut generation
/// (each starting from the cuts of the LP it improves on) equals the LP solved whole.
const EXACT: f64 = 1e-9;

fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= EXACT * a.abs().max(b.abs())
}

/// Cut generation with carried cuts gives REDUCED_BROADCAST and AUGMENTED_MULTICAST the same
/// T* as LPs from scratch on platforms of 14 to 30 nodes (some LPs above
/// `lp::FULL_LP_MAX_VARIABLES`, so by cuts). The nodes kept may differ: the candidates are
/// sorted by the LP's flows, which are not unique (degenerate LPs), and the two methods pick
/// different optimal flows (seed 5 keeps 7 nodes one way, 5 the other, at the same T*); the
/// per-LP equivalence is `carried_cuts_equal_the_full_lp`.
#[test]
fn cut_generation_matches_scratch() {
    use hetcast_core::models::platform::algo::Progress;
    for (n, density, seed) in [
        (14, 0.3, 0),
        (14, 0.3, 1),
        (14, 0.3, 2),
        (20, 0.2, 3),
        (20, 0.5, 4),
        (30, 0.1, 5),
        (30, 0.3, 6),
    ] {
        let p = tiers(&TiersSpec::sized(n, density), seed);
        let (a, wa): (PlatformSolution, LpWork) =
            algo::reduced_broadcast::reduced_broadcast_with(&p, LpReuse::Scratch).unwrap();
        let (b, wb) =
            algo::reduced_broadcast::reduced_broadcast_with(&p, LpReuse::Generate).unwrap();
        assert!(
            same(a.period, b.period),
            "seed {seed}: {} vs {}",
            a.period,
            b.period
        );
        assert!(wb.variables <= wa.variables * 2, "{wa:?} {wb:?}");
        let [c, d] = [LpReuse::Scratch, LpReuse::Generate].map(|reuse| {
            Progress::silent(|pr| {
                algo::augmented_multicast::augmented_multicast_progress(&p, reuse, pr).unwrap()
            })
        });
        assert!(
            same(c.period, d.period),
            "seed {seed}: {} vs {}",
            c.period,
            d.period
        );
    }
}

/// Broadcast-EB by cuts starting from the cuts carried from another LP (the whole platform's,
/// as REDUCED_BROADCAST does; then a sub-platform's for the whole platform, as
/// AUGMENTED_MULTICAST does) equals the paper's LP solved whole, to 1e-9, on every
/// sub-platform with one node removed, on random platforms.
#[test]
fn carried_cuts_equal_the_full_lp() {
    use hetcast_core::models::platform::graph::reachable;
    use hetcast_core::models::platform::lp::{
        lower_by_cuts_with, Bound, CutPool, LpSpec, Program, CUT_MODE,
    };
    let mut rng = Rng64::seed_from_u64(31);
    let full_value = |p: &PlatformInstance, alive: &[bool]| {
        let reach = reachable(p, alive, p.source);
        let everyone: Vec<usize> = (0..p.node_count())
            .filter(|&v| reach[v] && v != p.source)
            .collect();
        let spec = LpSpec {
            alive: reach.clone(),
            sources: vec![p.source],
            targets: everyone.clone(),
            bound: Bound::Lower,
        };
        let sol = Program::build(p, &spec).solve(p).unwrap();
        (port_period(p, &sol.loads), reach, everyone)
    };
    for case in 0..24 {
        let p = if case % 2 == 0 {
            random_platform(&mut rng)
        } else {
            tiers(&TiersSpec::sized(8 + below(&mut rng, 8), 0.3), rng.gen())
        };
        let all = vec![true; p.node_count()];
        let (_, reach, everyone) = full_value(&p, &all);
        let mut pool = CutPool::new();
        let mut work = 0;
        lower_by_cuts_with(&p, &reach, &everyone, &mut pool, CUT_MODE, &mut work)
            .unwrap()
            .unwrap();
        for m in (0..p.node_count()).filter(|&m| m != p.source) {
            let mut alive = all.clone();
            alive[m] = false;
            let (want, reach, everyone) = full_value(&p, &alive);
            if everyone.is_empty() {
                continue;
            }
            let mut trial = pool.clone();
            let got = lower_by_cuts_with(&p, &reach, &everyone, &mut trial, CUT_MODE, &mut work)
                .unwrap()
                .unwrap();
            let got_t = port_period(&p, &got.loads);
            assert!(
                same(want, got_t),
                "case {case} without {m}: {want} vs {got_t}"
            );
            // Back to the whole platform from the sub-platform's cuts.
            let (want, reach, everyone) = full_value(&p, &all);
            let back = lower_by_cuts_with(&p, &reach, &everyone, &mut trial, CUT_MODE, &mut work)
                .unwrap()
                .unwrap();
            let back_t = port_period(&p, &back.loads);
            assert!(same(want, back_t), "case {case} back: {want} vs {back_t}");
        }
    }
}

/// The -UB programs with each source's commodities aggregated into one flow (`lp::upper`)
/// equal the paper's LP whole (one flow per commodity), to 1e-9, with one source and with up
/// to three, on random platforms; the flows they report are conserved per commodity and fit in
/// the loads (the checker's scatter rule, through `bounds_order_and_every_schedule_checks`).
#[test]
fn aggregated_upper_equals_the_full_lp() {
    use hetcast_core::models::platform::lp::{upper, Bound, LpSpec, Program};
    let mut rng = Rng64::seed_from_u64(41);
    for case in 0..120 {
        let p = random_platform(&mut rng);
        let n = p.node_count();
        let mut sources = vec![p.source];
        for _ in 0..below(&mut rng, 3) {
            let v = below(&mut rng, n);
            if !sources.contains(&v) {
                sources.push(v);
            }
        }
        let spec = LpSpec {
            alive: vec![true; n],
            sources,
            targets: p.targets.clone(),
            bound: Bound::Upper,
        };
        let full = Program::build(&p, &spec).solve(&p).unwrap();
        let agg = upper(&p, &spec).unwrap().unwrap();
        let (a, b) = (port_period(&p, &full.loads), port_period(&p, &agg.loads));
        assert!(same(a, b), "case {case}: {a} vs {b}");
        assert_eq!(full.commodities, agg.commodities);
        for (k, flow) in agg.flows.iter().enumerate() {
            let c = agg.commodities[k];
            let net_in: f64 = p
                .edges
                .iter()
                .enumerate()
                .map(|(e, edge)| {
                    if edge.to == c.dest {
                        flow[e]
                    } else if edge.from == c.dest {
                        -flow[e]
                    } else {
                        0.0
                    }
                })
                .sum();
            assert!((net_in - agg.amounts[k]).abs() <= 1e-9, "case {case} {c:?}");
        }
        for e in 0..p.edges.len() {
            let sum: f64 = agg.flows.iter().map(|f| f[e]).sum();
            assert!(sum <= agg.loads[e] + 1e-9, "case {case} edge {e}");
        }
    }
}

/// Figure 5's claim on `gallery::bounds_gap(k)`: Multicast-LB = 1, Multicast-UB = k =
/// |targets| · LB exactly, and the best single tree (brute force) and MCPH reach 1, so the
/// scatter bound is not tight.
#[test]
fn bounds_gap_is_the_number_of_targets() {
    use hetcast_core::models::platform::gallery::bounds_gap;
    for k in 1..=6 {
        let p = bounds_gap(k);
        p.validate().unwrap();
        let lb = PlatformAlgorithm::MulticastLb.solve(&p).unwrap().period;
        let ub = PlatformAlgorithm::MulticastUb.solve(&p).unwrap().period;
        assert!(same(lb, 1.0), "k {k}: LB {lb}");
        assert!(same(ub, k as f64), "k {k}: UB {ub}");
        assert!(same(best_tree_period(&p), 1.0), "k {k}");
        assert!(same(PlatformAlgorithm::Mcph.solve(&p).unwrap().period, 1.0));
    }
}

/// The CPLEX LP text names every row and ends with End.
#[test]
fn cplex_text_is_complete() {
    use hetcast_core::models::platform::lp::{Bound, LpSpec, Program};
    let p = section3();
    let spec = LpSpec {
        alive: vec![true; 14],
        sources: vec![0],
        targets: p.targets.clone(),
        bound: Bound::Lower,
    };
    let prog = Program::build(&p, &spec);
    let text = prog.to_cplex("section 3");
    assert!(text.starts_with("\\ section 3\nMinimize\nobj: T"));
    assert!(text.ends_with("End\n"));
    assert_eq!(
        text.matches(" <= ").count() + text.matches(" = ").count(),
        prog.rows.len()
    );
}

/// Multicast-LB by cut generation equals the paper's LP (one commodity per target) solved
/// whole, on 1000 random platforms across the cost range (costs from 1e-3 to 1e6 on one
/// platform): the cut solution's flows are whole (so its `T*`, the busy time of its loads, is
/// at least the optimum), and its `T*` is at most the whole LP's times `1 + TIE_BREAK` (the
/// most the tie-break term moves `T`). The whole LP is the less accurate of the two here: its
/// solver holds rows to an absolute 1e-7, which its large cost coefficients magnify (its
/// loads' busy time was up to 8.5e-6 above the cut LP's on 20,000 such platforms, never
/// below it by more than 8.5e-8), so equality is not asked.
#[test]
fn cut_generation_equals_the_full_lp() {
    use hetcast_core::models::platform::graph::max_flow;
    use hetcast_core::models::platform::lp::{lower_by_cuts, Bound, LpSpec, Program, TIE_BREAK};
    let mut rng = Rng64::seed_from_u64(21);
    for case in 0..1000 {
        let p = random_platform(&mut rng);
        let all = vec![true; p.node_count()];
        let spec = LpSpec {
            alive: all.clone(),
            sources: vec![p.source],
            targets: p.targets.clone(),
            bound: Bound::Lower,
        };
        let full = Program::build(&p, &spec).solve(&p).unwrap();
        let mut solves = 0;
        let cuts = lower_by_cuts(&p, &all, &p.targets, &mut solves)
            .unwrap()
            .unwrap();
        for &t in &p.targets {
            let f = max_flow(&p, &cuts.loads, p.source, t, 0.0);
            assert!(f >= 1.0 - 1e-9, "case {case}: target {t} gets {f}");
        }
        let (whole, by_cuts) = (port_period(&p, &full.loads), port_period(&p, &cuts.loads));
        assert!(
            by_cuts <= whole * (1.0 + TIE_BREAK),
            "case {case}: T* {whole} whole, {by_cuts} by cuts (LP values {}, {})",
            full.value,
            cuts.value
        );
    }
}

/// MCPH's tie rule (figure 9, line 6; docs/algorithms.md): P0 → P1 (cost 4), P1 → P2 (4),
/// P1 → P3 (2), P3 → P2 (1); targets P2, P3. Both targets have bottleneck 4; P2, the lower
/// index, is added first, by one of two paths of bottleneck 4: P0 → P1 → P2 (sum 8, the one a
/// bottleneck Dijkstra finds first) or P0 → P1 → P3 → P2 (sum 7). The least sum takes the
/// second, which brings P3 along: the tree's busiest port is P0's 4. The first-found path
/// would leave P3 for a second round, where P1 → P3 costs 2 + 4 = 6 after the update of
/// line 12, and P1 would send 4 + 2 = 6 per multicast. (Found by a search over random
/// 4-to-6-node platforms with integer costs for the smallest where the two rules give a
/// different T*, then checked by hand as above.)
#[test]
fn mcph_breaks_bottleneck_ties_by_least_sum() {
    let p = PlatformInstance::new(
        4,
        &[(0, 1, 4.0), (1, 2, 4.0), (1, 3, 2.0), (3, 2, 1.0)],
        0,
        &[2, 3],
    );
    let s = algo::mcph::mcph(&p).unwrap();
    assert_eq!(s.tree, vec![0, 2, 3]);
    assert_eq!(s.period, 4.0);
    assert_eq!(s.trace.len(), 1, "{:?}", s.trace);
    assert_eq!(
        s.trace[0].text,
        "P2 is the closest target (bottleneck 4): path P0 → P1 → P3 → P2"
    );
    check(&p, &s, &simulate(&p, &s).unwrap()).unwrap();
    // Equal sums: fewer hops. P0 → P1 → P2 (2 + 2) against P0 → P3 → P4 → P2 (1 + 2 + 1).
    let p = PlatformInstance::new(
        5,
        &[
            (0, 1, 2.0),
            (1, 2, 2.0),
            (0, 3, 1.0),
            (3, 4, 2.0),
            (4, 2, 1.0),
        ],
        0,
        &[2],
    );
    assert_eq!(algo::mcph::mcph(&p).unwrap().tree, vec![0, 1]);
    // Equal sums and hops: the path whose node before the target has the lower index.
    let p = PlatformInstance::new(
        4,
        &[(0, 2, 1.0), (2, 3, 1.0), (0, 1, 1.0), (1, 3, 1.0)],
        0,
        &[3],
    );
    assert_eq!(algo::mcph::mcph(&p).unwrap().tree, vec![2, 3]);
}

/// The LP as printed (section 5.1.1, (1)-(2) on gross flows) against the net-flow LP on
/// `gallery::printed_lp`: S reaches T only over S → T (cost 4), so every schedule has
/// `T*` >= 4 and the net-flow Multicast-LB is exactly 4 (MCPH's tree reaches it); the printed
/// LP is exactly 1, by the circulations S → A → S (gross 1 out of S) and B → T → B (gross 1
/// into T), each edge busy 1, nothing from S to T. The printed answer passes the checker of
/// its own rows, and fails the net-flow LP's delivery check (T gets nothing). Their CPLEX
/// texts differ in rows (1) and (2) only.
#[test]
fn the_printed_lp_is_below_every_schedule() {
    use hetcast_core::models::platform::gallery::printed_lp;
    use hetcast_core::models::platform::lp::{Bound, LpSpec, Program};
    let p = printed_lp();
    p.validate().unwrap();
    let printed = PlatformAlgorithm::MulticastLbPrinted.solve(&p).unwrap();
    let net = PlatformAlgorithm::MulticastLb.solve(&p).unwrap();
    assert_eq!(printed.period, 1.0);
    assert_eq!(printed.loads, vec![0.0, 1.0, 1.0, 1.0, 1.0]);
    assert_eq!(net.period, 4.0);
    assert_eq!(net.loads, vec![1.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(PlatformAlgorithm::Mcph.solve(&p).unwrap().period, 4.0);
    assert_eq!(best_tree_period(&p), 4.0);
    check(&p, &printed, &simulate(&p, &printed).unwrap()).unwrap();
    let as_net = PlatformSolution {
        delivery: Delivery::Bound {
            nodes: p.targets.clone(),
        },
        ..printed.clone()
    };
    let e = simulate(&p, &as_net).unwrap_err().to_string();
    assert!(e.contains("T gets 0 of a message per period"), "{e}");
    let spec = LpSpec {
        alive: vec![true; 4],
        sources: vec![0],
        targets: vec![2],
        bound: Bound::Lower,
    };
    let (a, b) = (
        Program::build_printed(&p, &spec).to_cplex("printed"),
        Program::build(&p, &spec).to_cplex("net"),
    );
    assert!(a.contains("c1_0_2: x2_0_2 + x2_0_1 = 1\n"), "{a}");
    assert!(a.contains("c2_0_2: x2_0_2 + x2_3_2 = 1\n"), "{a}");
    assert!(b.contains("c1_0_2: x2_0_2 + x2_0_1 - x2_1_0 = 1\n"), "{b}");
    assert!(b.contains("c2_0_2: x2_0_2 + x2_3_2 - x2_2_3 = 1\n"), "{b}");
    let rows = |t: &str| -> Vec<String> {
        t.lines()
            .skip(1)
            .filter(|l| !l.contains("c1_") && !l.contains("c2_"))
            .map(String::from)
            .collect()
    };
    assert_eq!(rows(&a), rows(&b));
}

/// The best single tree (`best-tree`, a mixed-integer program) equals the exhaustive
/// enumeration of trees (`best_tree_period`) on 300 random platforms of at most 14 edges
/// (Tiers-like of 4-12 nodes and random digraphs of 2-7 nodes, costs from 1e-3 to 1e6), its
/// tree passes the one-port checker at its period, and Multicast-LB <= best tree <= MCPH.
/// Exact values on the gallery: section 3 (3/2: one tree cannot reach the LB's 1), figure 2
/// (1, where MCPH's tree gives 2), the printed-LP platform (4). Past its size limit it refuses
/// with a message, and `fits` says so beforehand.
#[test]
fn best_tree_equals_the_enumeration() {
    use hetcast_core::models::platform::algo::best_tree::MAX_FLOW_VARIABLES;
    use hetcast_core::models::platform::gallery::printed_lp;
    let tree = |p: &PlatformInstance| {
        let s = PlatformAlgorithm::BestTree.solve(p).unwrap();
        let sched = simulate(p, &s).unwrap();
        assert_eq!(sched.period, s.period);
        s.period
    };
    assert_eq!(tree(&section3()), 1.5);
    assert_eq!(tree(&figure2()), 1.0);
    assert_eq!(
        PlatformAlgorithm::Mcph.solve(&figure2()).unwrap().period,
        2.0
    );
    assert_eq!(tree(&printed_lp()), 4.0);
    let mut rng = Rng64::seed_from_u64(61);
    let mut cases = 0;
    let mut below_mcph = 0;
    while cases < 300 {
        let p = random_platform(&mut rng);
        if p.edges.len() > 14 {
            continue;
        }
        cases += 1;
        let got = tree(&p);
        let want = best_tree_period(&p);
        assert!(
            (got - want).abs() <= 1e-12 * want,
            "case {cases}: {got} vs {want}\n{}",
            p.to_json()
        );
        let lb = PlatformAlgorithm::MulticastLb.solve(&p).unwrap().period;
        let mcph = PlatformAlgorithm::Mcph.solve(&p).unwrap().period;
        assert!(
            le(lb, got) && got <= mcph,
            "case {cases}: {lb} {got} {mcph}"
        );
        below_mcph += usize::from(got < mcph);
    }
    // The cases are not all ones where MCPH is already optimal: how many are is a regression
    // pin of this seeded draw.
    assert_eq!(below_mcph, 24);
    let big = tiers(&TiersSpec::big(0.5), 1);
    assert!(!PlatformAlgorithm::BestTree.fits(&big));
    assert!(big.targets.len() * big.edges.len() > MAX_FLOW_VARIABLES);
    let e = PlatformAlgorithm::BestTree
        .solve(&big)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("when targets × edges is at most 2000; here 24 × "),
        "{e}"
    );
}

/// AUGMENTED_MULTICAST skips the trials whose cheapest edge in already exceeds BestSol, and
/// those whose Multicast-LB with the candidate a target does (a copy of the round's LP with
/// the candidate's first cut rows; not sought where `within_cap` says it fails), and stops
/// the others' cut generation at a relaxation above BestSol (`Trials::Bounded`), and solves two LPs at once (`Trials::Parallel`, the
/// default): the same solution as solving every trial whole, one at a time (`Trials::All`),
/// bit for bit (loads, period, nodes kept, flows; only the trace's sentences for the skipped
/// and stopped trials differ; the parallel run's trace and all equal the bounded one's), on
/// 120 random platforms (Tiers-like of 4-12 nodes, random digraphs of 2-7 nodes, costs from
/// 1e-3 to 1e6), the gallery, and Tiers-like ones of 20 and 30 nodes; the first two shortcuts
/// do fire. About 5 s in a debug build.
#[test]
fn augmented_multicast_bound_changes_nothing() {
    use hetcast_core::models::platform::algo::augmented_multicast::{
        augmented_multicast_with, Trials,
    };
    use hetcast_core::models::platform::algo::Progress;
    let mut rng = Rng64::seed_from_u64(71);
    let mut platforms: Vec<PlatformInstance> =
        (0..120).map(|_| random_platform(&mut rng)).collect();
    platforms.extend(
        hetcast_core::models::platform::gallery::all()
            .into_iter()
            .map(|(_, _, p)| p),
    );
    for (n, d, seed) in [(20, 0.5, 2), (30, 0.3, 4)] {
        platforms.push(tiers(&TiersSpec::sized(n, d), seed));
    }
    let mut skipped = 0;
    let mut stopped = 0;
    let mut by_lb = 0;
    for (case, p) in platforms.iter().enumerate() {
        let [all, bounded, parallel] =
            [Trials::All, Trials::Bounded, Trials::Parallel].map(|trials| {
                Progress::silent(|pr| augmented_multicast_with(p, LpReuse::Generate, trials, pr))
                    .unwrap()
            });
        assert_eq!(bounded, parallel, "case {case}");
        skipped += bounded
            .trace
            .iter()
            .filter(|s| s.text.contains("(its cheapest edge in)"))
            .count();
        stopped += bounded
            .trace
            .iter()
            .filter(|s| s.text.contains("T* ≥") && !s.text.contains(") > "))
            .count();
        by_lb += bounded
            .trace
            .iter()
            .filter(|s| s.text.contains("(Multicast-LB with it)"))
            .count();
        assert_eq!(
            PlatformSolution {
                trace: Vec::new(),
                ..all
            },
            PlatformSolution {
                trace: Vec::new(),
                ..bounded
            },
            "case {case}"
        );
    }
    // Here the bound by Multicast-LB settles every trial the cap stopped before it (18
    // trials): the cap still stops some on the app's 65-node platforms (docs/performance.md).
    assert!(
        skipped > 0 && by_lb > 0,
        "{skipped} skipped, {stopped} stopped, {by_lb} by Multicast-LB"
    );
}

/// `augmented_multicast::within_cap`, which lets AUGMENTED_MULTICAST skip the bounds by
/// Multicast-LB that cannot settle a trial, says what it claims: for target sets `X` (the
/// platform's targets and random other nodes) with Multicast-LB's loads for `X`, every node
/// `m` it returns under a cap has Multicast-LB for `X ∪ {m}`, solved anew, at most the cap;
/// caps from Multicast-LB for `X` itself up to 30 % above it, on Tiers-like platforms of
/// 8-30 nodes and random digraphs of 2-7 nodes. It does return nodes (184 here), and none
/// when the cap is below the loads' own busy time. About 3 s in a debug build.
#[test]
fn within_cap_is_below_the_cap() {
    use hetcast_core::models::platform::algo::augmented_multicast::within_cap;
    let mut rng = Rng64::seed_from_u64(83);
    let platforms = bound_test_platforms(&mut rng);
    let mut found = 0;
    for (case, p) in platforms.iter().enumerate() {
        let n = p.node_count();
        let everywhere = vec![true; n];
        let mut x: Vec<usize> = (0..n)
            .filter(|&v| v != p.source && (p.targets.contains(&v) || below(&mut rng, 3) == 0))
            .collect();
        x.sort_unstable();
        let Some(lb) =
            hetcast_core::models::platform::lp::lower(p, &everywhere, &x, &mut 0).unwrap()
        else {
            continue;
        };
        let own = port_period(p, &lb.loads);
        assert!(
            within_cap(p, &lb.loads, own * (1.0 - 1e-3))
                .iter()
                .all(|&b| !b),
            "case {case}"
        );
        for rise in [0.0, 0.05, 0.3] {
            let cap = own * (1.0 + rise) * (1.0 + 2e-6);
            let sure = within_cap(p, &lb.loads, cap);
            for m in (0..n).filter(|&m| sure.get(m) == Some(&true)) {
                if m == p.source || x.contains(&m) {
                    continue;
                }
                found += 1;
                let mut with_m = x.clone();
                with_m.push(m);
                with_m.sort_unstable();
                let t = hetcast_core::models::platform::lp::lower(p, &everywhere, &with_m, &mut 0)
                    .unwrap()
                    .unwrap()
                    .value;
                assert!(t <= cap, "case {case}, m {m}: {t} > {cap}\n{}", p.to_json());
            }
        }
    }
    assert_eq!(found, 184);
}

/// `graph::min_arborescence` equals an exhaustive enumeration (one arc into every node but
/// the root, kept when every node then leads back to the root) in weight, and what it returns
/// is such an arborescence, on 300 random digraphs of 1-6 nodes with repeated and
/// zero weights (129 of them have one); `None` exactly when some node is not reachable
/// from the root.
#[test]
fn min_arborescence_equals_enumeration() {
    use hetcast_core::models::platform::graph::min_arborescence;
    let mut rng = Rng64::seed_from_u64(97);
    let is_tree = |n: usize, root: usize, parent: &[Option<usize>]| {
        (0..n).all(|v| {
            let mut x = v;
            for _ in 0..=n {
                if x == root {
                    return true;
                }
                match parent[x] {
                    Some(p) => x = p,
                    None => return false,
                }
            }
            false
        })
    };
    let mut spanning = 0;
    for case in 0..300 {
        let n = 1 + below(&mut rng, 6);
        let root = below(&mut rng, n);
        let mut arcs = Vec::new();
        for _ in 0..below(&mut rng, 3 * n + 1) {
            let (u, v) = (below(&mut rng, n), below(&mut rng, n));
            arcs.push((u, v, below(&mut rng, 4) as f64 * 0.5));
        }
        // Every choice of one arc into each node but the root.
        let ins: Vec<Vec<usize>> = (0..n)
            .map(|v| {
                (0..arcs.len())
                    .filter(|&a| arcs[a].1 == v && arcs[a].0 != v && v != root)
                    .collect()
            })
            .collect();
        let mut best: Option<f64> = None;
        let mut pick = vec![0usize; n];
        'all: loop {
            let parent: Vec<Option<usize>> = (0..n)
                .map(|v| ins[v].get(pick[v]).map(|&a| arcs[a].0))
                .collect();
            if (0..n).all(|v| v == root || !ins[v].is_empty()) && is_tree(n, root, &parent) {
                let w: f64 = (0..n)
                    .filter_map(|v| ins[v].get(pick[v]).map(|&a| arcs[a].2))
                    .sum();
                best = Some(best.map_or(w, |b: f64| b.min(w)));
            }
            for v in 0..n {
                pick[v] += 1;
                if pick[v] < ins[v].len().max(1) {
                    continue 'all;
                }
                pick[v] = 0;
            }
            break;
        }
        let got = min_arborescence(n, root, &arcs);
        match (best, got) {
            (None, None) => {}
            (Some(b), Some(tree)) => {
                spanning += 1;
                let mut parent = vec![None; n];
                for &a in &tree {
                    assert!(parent[arcs[a].1].is_none(), "case {case}: two arcs in");
                    parent[arcs[a].1] = Some(arcs[a].0);
                }
                assert_eq!(tree.len(), n - 1, "case {case}");
                assert!(
                    is_tree(n, root, &parent),
                    "case {case}: not an arborescence"
                );
                let w: f64 = tree.iter().map(|&a| arcs[a].2).sum();
                assert_eq!(w, b, "case {case}");
            }
            (b, g) => panic!("case {case}: enumeration {b:?}, min_arborescence {g:?}"),
        }
    }
    assert_eq!(spanning, 129, "spanning cases");
}

/// `lp::dual::broadcast_bound` is a lower bound: on the nodes the source reaches in random
/// subsets of random and Tiers-like platforms (8-30 nodes), its first weight (any cap below
/// it) is at most Broadcast-EB's `T*` (Multicast-LB with every reached node a target, by
/// cut generation), and with the cap at `T*` (up to the LP's tie-break term and tolerance,
/// relative 1e-6) no step of the 60 finds one above it; with the cap 1 % below `T*`, the
/// steps find one on all 89 sets (they reach near the LP's value).
#[test]
fn broadcast_bound_is_below_broadcast_eb() {
    use hetcast_core::models::platform::graph::reachable;
    use hetcast_core::models::platform::lp::{dual::broadcast_bound, lower};
    let mut rng = Rng64::seed_from_u64(89);
    let platforms = bound_test_platforms(&mut rng);
    let (mut cases, mut near) = (0, 0);
    for (case, p) in platforms.iter().enumerate() {
        let n = p.node_count();
        for _ in 0..3 {
            let alive: Vec<bool> = (0..n)
                .map(|v| v == p.source || below(&mut rng, 4) != 0)
                .collect();
            let reach = reachable(p, &alive, p.source);
            let nodes: Vec<usize> = (0..n).filter(|&v| reach[v] && v != p.source).collect();
            if nodes.is_empty() {
                continue;
            }
            let sol = lower(p, &reach, &nodes, &mut 0).unwrap().unwrap();
            let t = port_period(p, &sol.loads);
            let first = broadcast_bound(p, &reach, &sol.loads, 0.0, 1).unwrap();
            assert!(le(first, t), "case {case}: {first} > T* {t}");
            assert_eq!(
                broadcast_bound(p, &reach, &sol.loads, t * (1.0 + REL), 60),
                None,
                "case {case}"
            );
            if broadcast_bound(p, &reach, &sol.loads, t * 0.99, 60).is_some() {
                near += 1;
            }
            cases += 1;
        }
    }
    assert_eq!((cases, near), (89, 89), "cases, within 1 %");
}

/// `augmented_multicast::surely_within`, which lets AUGMENTED_MULTICAST skip the bounds by
/// port weights that cannot settle a trial, says what it claims: for sets `S` (the source,
/// the targets and random other nodes) with BestSol the broadcast on `S` and caps from its
/// period up to 30 % above, every node `m` it accepts has Broadcast-EB on the nodes `S ∪ {m}`
/// reaches, solved anew, at most the cap (up to the LP's tie-break term and tolerance,
/// relative 1e-6), on Tiers-like platforms of 8-30 nodes and random digraphs of 2-7 nodes.
/// It does accept nodes (80 here).
#[test]
fn surely_within_is_below_the_cap() {
    use hetcast_core::models::platform::algo::augmented_multicast::surely_within;
    use hetcast_core::models::platform::algo::broadcast_with;
    use hetcast_core::models::platform::graph::reachable;
    use hetcast_core::models::platform::lp::{lower, CutPool};
    let mut rng = Rng64::seed_from_u64(101);
    let platforms = bound_test_platforms(&mut rng);
    let mut found = 0;
    for (case, p) in platforms.iter().enumerate() {
        let n = p.node_count();
        for _ in 0..2 {
            let set: Vec<bool> = (0..n)
                .map(|v| v == p.source || p.targets.contains(&v) || below(&mut rng, 3) == 0)
                .collect();
            let Some((sol, best_reach)) = broadcast_with(
                p,
                &set,
                &p.targets,
                LpReuse::Generate,
                &mut CutPool::new(),
                &mut LpWork::default(),
            )
            .unwrap() else {
                continue;
            };
            let best_t = port_period(p, &sol.loads);
            for cap in [best_t * (1.0 + 1e-5), best_t * 1.1, best_t * 1.3] {
                for m in (0..n).filter(|&m| !set[m]) {
                    let mut trial = set.clone();
                    trial[m] = true;
                    let reach = reachable(p, &trial, p.source);
                    if !reach[m] || !surely_within(p, &sol, &best_reach, &reach, m, cap) {
                        continue;
                    }
                    let nodes: Vec<usize> = (0..n).filter(|&v| reach[v] && v != p.source).collect();
                    let t =
                        port_period(p, &lower(p, &reach, &nodes, &mut 0).unwrap().unwrap().loads);
                    assert!(le(t, cap), "case {case}: m {m}, {t} > cap {cap}");
                    found += 1;
                }
            }
        }
    }
    assert_eq!(found, 80);
}

/// `solve_with_progress` reports monotone `(done, total)` with `done <= total`, ends at
/// `(total, total)`, and gives the same solution as `solve`, for every algorithm on gallery
/// instances.
#[test]
fn progress_is_monotone_and_ends_full() {
    use hetcast_core::models::platform::gallery::figure2;
    for p in [section3(), figure2(), tiers(&TiersSpec::sized(14, 0.3), 3)] {
        for &al in PlatformAlgorithm::ALL {
            let mut calls: Vec<(usize, usize)> = Vec::new();
            let got = al
                .solve_with_progress(&p, &mut |d, t| calls.push((d, t)))
                .unwrap();
            assert_eq!(got, al.solve(&p).unwrap(), "{}", al.key());
            let &(d, t) = calls.last().unwrap();
            assert_eq!(d, t, "{}: {calls:?}", al.key());
            assert!(t >= 1);
            for w in calls.windows(2) {
                assert!(
                    w[0].0 <= w[1].0 && w[0].1 <= w[1].1,
                    "{}: {calls:?}",
                    al.key()
                );
                assert_ne!(w[0], w[1]);
            }
            assert!(
                calls.iter().all(|&(d, t)| d <= t),
                "{}: {calls:?}",
                al.key()
            );
            if matches!(
                al,
                PlatformAlgorithm::ReducedBroadcast
                    | PlatformAlgorithm::AugmentedMulticast
                    | PlatformAlgorithm::AugmentedSources
            ) {
                assert!(calls.len() >= 2, "{}: {calls:?}", al.key());
            }
        }
    }
}

/// `count` random platforms ([`random_platform`], drawn from `seed`), the gallery, and
/// Tiers-like ones of 20 nodes (density 0.5, seed 2) and 30 nodes (density 0.2, seed 1).
fn random_gallery_tiers(seed: u64, count: usize) -> Vec<PlatformInstance> {
    let mut rng = Rng64::seed_from_u64(seed);
    let mut platforms: Vec<PlatformInstance> =
        (0..count).map(|_| random_platform(&mut rng)).collect();
    platforms.extend(
        hetcast_core::models::platform::gallery::all()
            .into_iter()
            .map(|(_, _, p)| p),
    );
    for (n, d, seed) in [(20, 0.5, 2), (30, 0.2, 1)] {
        platforms.push(tiers(&TiersSpec::sized(n, d), seed));
    }
    platforms
}

/// AUGMENTED_SOURCES split over two web workers (`augmented_sources_part`, parts 0 and 1):
/// each part's own answer, and the `join` of the two parts' halves of the same round (what the
/// page shows as soon as both have come), equal the sequential run exactly (period, sources in
/// order, loads, flows, trace), on 40 random platforms (Tiers-like of 4-12 nodes, random
/// digraphs of 2-7 nodes, costs from 1e-3 to 1e6), the gallery, and Tiers-like ones of 20 and
/// 30 nodes; halves of other rounds do not join, and a half whose round the other part
/// improves (the run goes on) does occur. About 4 s in a debug build.
#[test]
fn augmented_sources_split_equals_the_sequential_run() {
    use hetcast_core::models::platform::algo::augmented_sources::{
        augmented_sources, augmented_sources_part, join, Half, Trials,
    };
    use hetcast_core::models::platform::algo::Progress;
    let platforms = random_gallery_tiers(19, 40);
    let mut joined = 0;
    let mut went_on = 0;
    for (case, p) in platforms.iter().enumerate() {
        let Ok(seq) = augmented_sources(p) else {
            continue;
        };
        let halves: Vec<Vec<Half>> = (0..2)
            .map(|k| {
                let mut halves = Vec::new();
                let alone = Progress::silent(|pr| {
                    augmented_sources_part(p, Some(k), Trials::Bounded, pr, &mut |h| halves.push(h))
                })
                .unwrap();
                assert_eq!(alone, seq, "case {case}, part {k} alone");
                halves
            })
            .collect();
        let last = |k: usize| halves[k].last().expect("the last round has a half");
        assert_eq!(join(last(0), last(1)).as_ref(), Some(&seq), "case {case}");
        assert_eq!(join(last(1), last(0)).as_ref(), Some(&seq), "case {case}");
        assert_eq!(join(last(0), last(0)), None);
        joined += 1;
        for a in &halves[0] {
            for b in halves[1].iter().filter(|b| b.round != a.round) {
                assert_eq!(join(a, b), None, "case {case}");
            }
        }
        went_on += halves.iter().map(|h| h.len() - 1).sum::<usize>();
    }
    assert!(joined >= 40, "{joined} joined");
    assert!(went_on > 0, "no half of a round that improved");
}

/// AUGMENTED_SOURCES with the trials after a round's first candidate settled by a lower bound
/// where it can (`Trials::Bounded`) equals the run that solves every trial (`Trials::All`)
/// exactly (period, sources in order, loads, flows; only the trace's sentences of the bounded
/// trials differ), on 60 random platforms (Tiers-like of 4-12 nodes, random digraphs of 2-7
/// nodes, costs from 1e-3 to 1e6), the gallery, and Tiers-like ones of 20 and 30 nodes; the
/// bound does fire. And the bound is LP duality (`lp::dual`), on those of at most 12 nodes:
/// for the sources of each round (the first k of the answer's), the bound with the dual LP's
/// port weights equals MulticastMultiSource-UB's `T*` (to the tie-break), and with those
/// weights and one more source (every other node) it is at most that LP's `T*`; so is it
/// with the weights `dual::saturated_weights` finds from the LP's loads, when it finds some
/// (their sum at most 1, their bound for the round's sources at least `T*·(1 - 1e-10)`).
/// About 3 s in a debug build.
#[test]
fn augmented_sources_bound_changes_nothing() {
    use hetcast_core::models::platform::algo::augmented_sources::{augmented_sources_part, Trials};
    use hetcast_core::models::platform::algo::Progress;
    use hetcast_core::models::platform::lp::{dual, upper, Bound, LpSpec};
    let platforms = random_gallery_tiers(23, 60);
    let mut bounded = 0;
    let mut compared = 0;
    let mut found = 0;
    for (case, p) in platforms.iter().enumerate() {
        let n = p.node_count();
        let run = |trials| {
            Progress::silent(|pr| augmented_sources_part(p, None, trials, pr, &mut |_| {}))
        };
        let (all, fast) = (run(Trials::All), run(Trials::Bounded));
        let (Ok(all), Ok(fast)) = (all, fast) else {
            assert!(run(Trials::All).is_err() && run(Trials::Bounded).is_err());
            continue;
        };
        bounded += fast
            .trace
            .iter()
            .filter(|s| s.text.contains("T* ≥"))
            .count();
        assert_eq!(all.trace.len(), fast.trace.len(), "case {case}");
        assert_eq!(
            PlatformSolution {
                trace: Vec::new(),
                ..fast
            },
            PlatformSolution {
                trace: Vec::new(),
                ..all.clone()
            },
            "case {case}"
        );
        if n > 12 {
            continue;
        }
        let alive = vec![true; n];
        let spec = |sources: &[usize]| LpSpec {
            alive: alive.clone(),
            sources: sources.to_vec(),
            targets: p.targets.clone(),
            bound: Bound::Upper,
        };
        for k in 1..=all.sources.len() {
            let sources = &all.sources[..k];
            let w = dual::port_weights(p, &spec(sources)).unwrap().unwrap();
            let loads = upper(p, &spec(sources)).unwrap().unwrap().loads;
            let t = port_period(p, &loads);
            let b = dual::bound(p, &alive, &w, sources, &p.targets);
            assert!(close(b, t), "case {case}, {sources:?}: bound {b}, T* {t}");
            let goal = t * (1.0 - 1e-10);
            let cheap = dual::saturated_weights(p, &alive, sources, &p.targets, &loads, goal, 500);
            let cheap = cheap.unwrap();
            if let Some(c) = &cheap {
                let sum: f64 = c.inward.iter().chain(&c.outward).sum();
                let b = dual::bound(p, &alive, c, sources, &p.targets);
                assert!(
                    sum <= 1.0 && b >= goal,
                    "case {case}, {sources:?}: {sum}, {b}"
                );
                found += 1;
            }
            for m in (0..n).filter(|m| !sources.contains(m)) {
                let mut with = sources.to_vec();
                with.push(m);
                let Some(lp) = upper(p, &spec(&with)).unwrap() else {
                    continue;
                };
                let tm = port_period(p, &lp.loads);
                for w in std::iter::once(&w).chain(&cheap) {
                    let bm = dual::bound(p, &alive, w, &with, &p.targets);
                    assert!(le(bm, tm), "case {case}, {with:?}: bound {bm}, T* {tm}");
                }
                compared += 1;
            }
        }
    }
    assert!(
        bounded > 0 && compared > 0 && found > 0,
        "{bounded} bounded, {compared} compared, {found} found by cutting planes"
    );
}
