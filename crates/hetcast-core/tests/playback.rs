//! The players' data of every model (`hetcast_core::playback`): the critical path is a chain
//! from 0 that ends exactly at the completion time, and its durations sum to it, on thousands
//! of random schedules of every model (every algorithm on random instances across the
//! accepted range, and for the overhead model random plans with waits); the motion has every
//! holding and every transfer; the scenes outline the critical path and say so in the legend.

use hetcast_core::catalog::Catalog;
use hetcast_core::layout::{Item, Scene};
use hetcast_core::models::multi::Multi;
use hetcast_core::models::multimessage::Multimessage;
use hetcast_core::models::overhead::{generate, simulate, view, Overhead};
use hetcast_core::models::platform::Platform;
use hetcast_core::models::{Model, SceneOptions};
use hetcast_core::playback::CriticalPath;
use hetcast_core::ModelId;

/// The theorem of a critical path: a chain from 0 to T whose durations sum to T.
fn check_path(cp: &CriticalPath, t: f64, what: &str) {
    assert!(cp.is_chain(), "{what}: not a chain: {cp:?}");
    assert_eq!(cp.end(), t, "{what}: ends at {} not T = {t}", cp.end());
    // The sum telescopes to T; only the rounding of the sum itself differs.
    let tol = 1e-12 * t * cp.segments.len() as f64;
    assert!(
        (cp.total() - t).abs() <= tol,
        "{what}: sums to {} not {t}",
        cp.total()
    );
    assert!(!cp.nodes.is_empty(), "{what}: no nodes");
    assert_eq!(cp.segments.first().map(|s| s.start), Some(0.0), "{what}");
}

fn sol_algo() -> hetcast_core::models::overhead::Algorithm {
    hetcast_core::models::overhead::Algorithm::Greedy
}

fn count_class(scene: &Scene, class: &str) -> usize {
    scene
        .items
        .iter()
        .filter(|i| match i {
            Item::Rect { class: c, .. } | Item::Line { class: c, .. } => {
                c.split_whitespace().any(|w| w == class)
            }
            _ => false,
        })
        .count()
}

fn legend_says(scene: &Scene, words: &str) -> bool {
    scene
        .items
        .iter()
        .any(|i| matches!(i, Item::Text { text, .. } if text.contains(words)))
}

/// Every algorithm of `M` on `runs` random instances of 2 to 9 nodes (the exact methods' range
/// in a debug build) and the algorithms in `big` on as many of 10 to `max_n` nodes: the
/// critical path, the motion and the scenes with the path.
fn check_model<M: Model>(runs: u64, max_n: usize, big: &[&str]) -> usize {
    let mut checked = 0;
    for seed in 0..2 * runs {
        let small = seed < runs;
        let n = if small {
            2 + seed as usize % 8
        } else {
            10 + (seed as usize * 7919) % (max_n - 9)
        };
        let inst = M::random_instance(n, seed);
        for &algo in M::Algorithm::ALL {
            if !small && !big.contains(&algo.key()) {
                continue;
            }
            let Ok(sol) = M::solve(&inst, algo, seed) else {
                continue; // an exact method past its limit
            };
            let s = M::simulate(&inst, &sol).expect("every algorithm's plan simulates");
            let t = M::completion_time(&s);
            let what = format!("{:?} {} seed {seed}", M::ID, algo.key());
            let cp = M::critical_path(&inst, &s);
            check_path(&cp, t, &what);
            let m = M::motion(&inst, &s);
            assert_eq!(m.completion, t);
            assert!(m.events.windows(2).all(|w| w[0] < w[1]), "{what}");
            assert_eq!(m.events.last().copied(), Some(t), "{what}: last event");
            assert!(m
                .moves
                .iter()
                .all(|x| x.start <= x.sent && x.sent <= x.arrive && x.arrive <= x.end));
            assert_eq!(m.holding_at(t).count(), m.holdings.len(), "{what}");
            assert_eq!(m.moving_at(t).count(), 0, "{what}: nothing moves at T");
            if seed % 50 == 0 {
                let on = SceneOptions {
                    at: None,
                    critical: true,
                };
                let g = M::timeline_scene_with(&inst, algo, &s, &on);
                assert_eq!(
                    count_class(&g, "critical"),
                    cp.segments.len() + 1,
                    "{what}: one outline per link and the legend's"
                );
                assert!(legend_says(&g, "critical path"), "{what}");
                let off = M::timeline_scene(&inst, algo, &s, None);
                assert_eq!(count_class(&off, "critical"), 0, "{what}");
                let trees = M::tree_scenes_with(&inst, algo, &s, &on);
                assert!(
                    trees
                        .iter()
                        .map(|x| count_class(x, "critical"))
                        .sum::<usize>()
                        >= 1,
                    "{what}"
                );
                assert!(M::tree_scenes(&inst, algo, &s)
                    .iter()
                    .all(|x| count_class(x, "critical") == 0));
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_critical_path_of_every_model_sums_to_the_completion_time() {
    for id in ModelId::ALL {
        let n = match id {
            ModelId::Overhead => check_model::<Overhead>(400, 80, &["greedy", "random"]),
            ModelId::Multi => check_model::<Multi>(200, 24, &["fef", "ecf", "wr", "wrp"]),
            ModelId::Multimessage => {
                check_model::<Multimessage>(400, 12, &["gonzalez", "single-send", "no-forwarding"])
            }
            ModelId::Platform => check_model::<Platform>(130, 14, &["multicast-ub", "broadcast"]),
        };
        assert!(n >= 1000, "{id:?}: {n} schedules");
    }
}

/// Random plans (random trees, random child orders, waits) on random instances: the chain
/// goes through the waits, and ends at T.
#[test]
fn the_critical_path_of_random_plans_with_waits() {
    let mut waits_on_path = 0;
    for seed in 0..3000u64 {
        let inst = Overhead::random_instance(2 + (seed as usize % 40), seed);
        let plan = generate::random_plan(&inst, seed, seed % 2 == 0);
        let s = simulate(&inst, &plan).unwrap();
        let cp = view::critical_path(&inst, &s);
        check_path(&cp, s.completion_time, &format!("seed {seed}"));
        // The nodes run from the source to a node that finishes last.
        assert_eq!(cp.nodes[0].0, inst.source);
        let last = cp.nodes.last().unwrap().0;
        assert_eq!(s.ready[last], s.completion_time);
        waits_on_path += cp
            .segments
            .iter()
            .filter(|x| x.kind == hetcast_core::playback::SegmentKind::Wait)
            .count();
    }
    assert!(waits_on_path > 100, "{waits_on_path} waits on the paths");
}

/// 000 Figure 1, greedy: T = 10, by hand. Greedy's source (cost 3) sends to P1 at 0-3, then
/// to P3 at 3-6; P3 (cost 2) sends to P6 at 6-8, then to P11 at 8-10. P11 is the smallest
/// index among the nodes that hold the message at 10, so the chain is these four sends.
#[test]
fn figure_1_greedy_critical_path_by_hand() {
    let inst = hetcast_core::models::overhead::gallery::libeskind_hadas_figure1();
    let sol = Overhead::solve(&inst, hetcast_core::models::overhead::Algorithm::Greedy, 0).unwrap();
    let s = Overhead::simulate(&inst, &sol).unwrap();
    let cp = Overhead::critical_path(&inst, &s);
    let spans: Vec<(usize, f64, f64)> = cp
        .segments
        .iter()
        .map(|x| (x.node, x.start, x.end))
        .collect();
    assert_eq!(
        spans,
        [(0, 0.0, 3.0), (0, 3.0, 6.0), (3, 6.0, 8.0), (3, 8.0, 10.0)]
    );
    assert_eq!(cp.nodes, [(0, None), (3, None), (11, None)]);
    check_path(&cp, 10.0, "figure 1");
    // The tree draws the two edges of the path, and its three nodes but the source.
    let on = SceneOptions {
        at: None,
        critical: true,
    };
    let tree = &Overhead::tree_scenes_with(&inst, sol_algo(), &s, &on)[0];
    assert_eq!(count_class(tree, "critical"), 2 + 2);
    assert!(legend_says(tree, "orange: the critical path"));
}

/// The tree edges a trace lights up, in step order (the decisions: one edge per step that
/// makes one).
fn edges_of(steps: &[hetcast_core::trace::Step]) -> Vec<(usize, usize, Option<usize>)> {
    steps
        .iter()
        .flat_map(|s| {
            s.highlight.iter().filter_map(|h| match *h {
                hetcast_core::trace::ItemId::Edge { from, to, message } => {
                    Some((from, to, message))
                }
                _ => None,
            })
        })
        .collect()
}

/// Every overhead algorithm with steps (greedy, random selection, the Lemma 5 dynamic
/// program): its trace's edges, taken in order as "next child of", rebuild its plan exactly.
#[test]
fn every_overhead_trace_replays_to_its_plan() {
    use hetcast_core::models::overhead::{Algorithm, Plan};
    let mut replayed = 0;
    for seed in 0..1500u64 {
        let n = 2 + seed as usize % 14;
        let inst = Overhead::random_instance(n, seed);
        for algo in [Algorithm::Greedy, Algorithm::Random, Algorithm::Lemma5] {
            // The dynamic program shows its steps up to its cell limit only (and runs long
            // past it in a debug build).
            if algo == Algorithm::Lemma5
                && hetcast_core::models::overhead::algo::lemma5::dp_steps(&inst).is_err()
            {
                continue;
            }
            let sol = Overhead::solve(&inst, algo, seed).unwrap();
            let steps = Overhead::steps(&inst, algo, &sol);
            let mut plan = Plan::new(inst.source, inst.nodes.len());
            for (from, to, _) in edges_of(&steps) {
                plan.children[from].push(to);
            }
            assert_eq!(plan, sol.plan, "{algo:?} seed {seed}");
            replayed += 1;
        }
    }
    assert!(replayed >= 3000, "{replayed} traces");
}

/// Every many-source algorithm: its trace's edges, in order, are each node's sends in its
/// task list, in order, with their messages.
#[test]
fn every_many_source_trace_replays_to_its_plan() {
    use hetcast_core::models::multi::Op;
    let mut replayed = 0;
    for seed in 0..400u64 {
        let inst = Multi::random_instance(2 + seed as usize % 20, seed);
        for &algo in <Multi as Model>::Algorithm::ALL {
            let sol = Multi::solve(&inst, algo, seed).unwrap();
            let n = inst.node_count();
            let mut sends: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
            for (from, to, k) in edges_of(&Multi::steps(&inst, algo, &sol)) {
                sends[from].push((to, k.expect("a message")));
            }
            for (v, tasks) in sol.plan.tasks.iter().enumerate() {
                let plan: Vec<(usize, usize)> = tasks
                    .iter()
                    .filter(|t| t.op == Op::Send)
                    .map(|t| (t.peer, t.msg))
                    .collect();
                assert_eq!(sends[v], plan, "{} seed {seed} node {v}", algo.key());
            }
            replayed += 1;
        }
    }
    assert!(replayed >= 1000, "{replayed} traces");
}

/// The Lemma 5 steps on 000 Figure 1: 80 cells, the optimum 9 at the last cell of the
/// source's class, the 11 edges of the plan.
#[test]
fn lemma5_steps_of_figure_1() {
    use hetcast_core::models::overhead::algo::lemma5::{dp_steps, DpStep, LEMMA5_PSEUDO};
    let inst = hetcast_core::models::overhead::gallery::libeskind_hadas_figure1();
    let (steps, types) = dp_steps(&inst).unwrap();
    assert_eq!(steps.len(), 80 + 1 + 11);
    // Cells in fill order: (0,0) for both classes, then (0,1), ...; the source's class is
    // the send time 3 (the second class, after the first type's 2).
    assert_eq!(
        steps[0],
        DpStep::Cell {
            sender: 2.0,
            counts: vec![0, 0],
            value: 0.0,
            best: None
        }
    );
    // τ(C=3, (0,1)) = 3: one node of cost 3 gets it at 3.
    assert_eq!(
        steps[3],
        DpStep::Cell {
            sender: 3.0,
            counts: vec![0, 1],
            value: 3.0,
            best: Some((1, vec![0, 0]))
        }
    );
    // τ(C=3, (4, 7)) = 9, and its argmin (l, y) satisfies the recurrence by the table's own
    // cells: the first child (type l) holds the message at 3, its subtree of y takes
    // τ(c_l, y) more, and the source serves the rest in τ(3, rest) more.
    let DpStep::Cell {
        sender: 3.0,
        counts,
        value: 9.0,
        best: Some((l, y)),
    } = &steps[79]
    else {
        panic!("{:?}", steps[79]);
    };
    assert_eq!(counts, &vec![4, 7]);
    // Which argmin the table keeps (ties are possible): a regression pin.
    assert_eq!((*l, y.as_slice()), (0, [3, 4].as_slice()));
    let cell = |sender: f64, counts: &[usize]| {
        steps
            .iter()
            .find_map(|s| match s {
                DpStep::Cell {
                    sender: c,
                    counts: k,
                    value,
                    ..
                } if *c == sender && k == counts => Some(*value),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no cell ({sender}, {counts:?})"))
    };
    let cost = [2.0, 3.0][*l];
    let rest: Vec<usize> = (0..2)
        .map(|t| [4, 7][t] - usize::from(t == *l) - y[t])
        .collect();
    assert_eq!(3.0 + cell(cost, y).max(cell(3.0, &rest)), 9.0);
    assert_eq!(
        steps[80],
        DpStep::Optimum {
            sender: 3.0,
            counts: vec![4, 7],
            value: 9.0,
            t: 9.0
        }
    );
    let shown: Vec<_> = steps.iter().map(|s| s.step(&types)).collect();
    assert!(shown
        .iter()
        .all(|s| (1..=LEMMA5_PSEUDO.len()).contains(&s.pseudo_line.unwrap())));
    assert!(shown[80].text.contains("= 9"));
    assert!(
        shown[81].text.starts_with("Read back: P0"),
        "{}",
        shown[81].text
    );
}
