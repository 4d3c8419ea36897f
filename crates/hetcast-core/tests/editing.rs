//! Hand-edited trees: `move_subtree` of both models. 000 Figure 1 rebuilt from greedy's tree
//! by hand-sized moves gives 9; forbidden moves are refused with their reason; any tree turns
//! into any other by `moves_between`, every step a valid plan; the many-source model's moves
//! per message either time or say why not.

use hetcast_core::models::multi::plan::move_subtree as move_multi;
use hetcast_core::models::multi::{simulate_multi, Multi, MultiAlgorithm};
use hetcast_core::models::overhead::plan::{move_subtree, moves_between};
use hetcast_core::models::overhead::{algo, gallery, generate, simulate, Overhead};
use hetcast_core::models::Model;
use hetcast_core::rng::{below, Rng64};
use rand::SeedableRng;

/// From greedy's tree of 000 Figure 1 (T = 10), seven moves give the optimal tree of the
/// Lemma 5 dynamic program (T = 9): a schedule of Figure 1(b)'s completion time. (The
/// paper's text does not give Figure 1(b)'s drawing, so the target is the DP's tree; no
/// sequence of one or two moves reaches 9: `no_one_or_two_moves_reach_9`.)
#[test]
fn greedy_of_figure_1_is_edited_into_a_schedule_of_9() {
    let inst = gallery::libeskind_hadas_figure1();
    let greedy = algo::greedy::greedy(&inst).unwrap().plan;
    assert_eq!(simulate(&inst, &greedy).unwrap().completion_time, 10.0);
    // (node, new parent, position)
    let moves = [
        (9, 0, 1),  // P9 (cost 3) becomes the source's second child: it holds at 6
        (11, 0, 2), // P11 (cost 3) the source's third: 9
        (10, 9, 0), // P10 receives from P9: 9
        (3, 2, 0),  // P3 (cost 2) receives first from P2: 7
        (6, 2, 1),  // P6 second from P2: 9
        (7, 4, 0),  // P7 from P4: 9
        (5, 3, 0),  // P5 from P3: 9 (until here P5 followed P3 late)
    ];
    let mut plan = greedy.clone();
    let mut times = Vec::new();
    for (v, p, i) in moves {
        plan = move_subtree(&inst, &plan, v, p, i).unwrap();
        times.push(simulate(&inst, &plan).unwrap().completion_time);
    }
    // The trees in between are worse (the simulator's times); the last is 9.
    assert_eq!(times, [13.0, 15.0, 15.0, 12.0, 12.0, 11.0, 9.0]);
    let target = algo::lemma5::lemma5(&inst).unwrap().plan;
    assert_eq!(plan.children, target.children);
    assert_eq!(moves_between(&greedy, &target), moves);
}

/// Every one-move and two-move edit of greedy's tree of 000 Figure 1 (every node but the
/// source, to every parent, at every position `move_subtree` accepts): none reaches 9; the best
/// is 10, greedy's own time. Under a second in a debug build.
#[test]
fn no_one_or_two_moves_reach_9() {
    let inst = gallery::libeskind_hadas_figure1();
    let greedy = algo::greedy::greedy(&inst).unwrap().plan;
    let n = inst.nodes.len();
    let edits = |plan: &hetcast_core::models::overhead::Plan| {
        let mut out = Vec::new();
        for v in (0..n).filter(|&v| v != inst.source) {
            for p in 0..n {
                for i in 0..=plan.children[p].len() {
                    if let Ok(next) = move_subtree(&inst, plan, v, p, i) {
                        out.push(next);
                    }
                }
            }
        }
        out
    };
    let time = |plan: &hetcast_core::models::overhead::Plan| {
        simulate(&inst, plan).unwrap().completion_time
    };
    let mut seen = std::collections::HashSet::new();
    let mut best = f64::INFINITY;
    let mut two_move_trees = 0;
    for one in edits(&greedy) {
        if !seen.insert(one.children.clone()) {
            continue;
        }
        best = best.min(time(&one));
        for two in edits(&one) {
            best = best.min(time(&two));
            two_move_trees += 1;
        }
    }
    assert_eq!(best, 10.0);
    // How many edits were tried (distinct one-move trees, two-move edits): regression pins.
    assert_eq!((seen.len(), two_move_trees), (193, 39993));
}

#[test]
fn forbidden_moves_say_why() {
    let inst = gallery::libeskind_hadas_figure1();
    let plan = algo::greedy::greedy(&inst).unwrap().plan;
    let err = |v, p, i| move_subtree(&inst, &plan, v, p, i).unwrap_err();
    assert!(err(0, 1, 0).contains("P0 is the source"));
    assert!(err(1, 2, 0).contains("P2 is in the subtree of P1"));
    assert!(err(1, 1, 0).contains("cannot send the message to itself"));
    assert!(err(5, 0, 4).contains("P0 would have 4 children: position 4 is past the end (0 to 3)"));
    assert!(err(12, 0, 0).contains("no node 12"));
    // Moving a node to its own place changes nothing.
    assert_eq!(move_subtree(&inst, &plan, 3, 0, 1).unwrap(), plan);
}

/// Any random tree turns into any other by the moves of `moves_between`, each a valid plan
/// (waits included in the start plan: moved sends lose theirs).
#[test]
fn any_tree_turns_into_any_other() {
    for seed in 0..2000u64 {
        let inst = Overhead::random_instance(2 + seed as usize % 30, seed);
        let from = generate::random_plan(&inst, seed, true);
        let to = generate::random_plan(&inst, seed + 1_000_000, false);
        let moves = moves_between(&from, &to);
        assert!(moves.len() < inst.nodes.len());
        let mut plan = from.clone();
        plan.wait.clear();
        for (v, p, i) in moves {
            plan =
                move_subtree(&inst, &plan, v, p, i).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            simulate(&inst, &plan).unwrap();
        }
        assert_eq!(plan.children, to.children, "seed {seed}");
        // And with the waits kept: the moved ones are dropped, the plan simulates.
        let mut rng = Rng64::seed_from_u64(seed);
        let v = 1 + below(&mut rng, inst.nodes.len() - 1);
        let v = if v == inst.source { 0 } else { v };
        let p = below(&mut rng, inst.nodes.len());
        if let Ok(q) = move_subtree(&inst, &from, v, p, 0) {
            simulate(&inst, &q).unwrap();
        }
    }
}

/// Random moves in the many-source model's trees: a move is taken and then times, with the
/// receiver under its new sender, or refused with a reason; nothing panics.
#[test]
fn many_source_moves_time_or_say_why() {
    let (mut ok, mut refused) = (0, 0);
    for seed in 0..600u64 {
        let inst = Multi::random_instance(3 + seed as usize % 12, seed);
        let plan = MultiAlgorithm::Fef.solve(&inst).unwrap().plan;
        let mut rng = Rng64::seed_from_u64(seed);
        for _ in 0..5 {
            let k = below(&mut rng, inst.messages.len());
            let n = inst.node_count();
            let (v, p, i) = (below(&mut rng, n), below(&mut rng, n), below(&mut rng, 3));
            match move_multi(&inst, &plan, k, v, p, i) {
                Ok(q) => {
                    let s = simulate_multi(&inst, &q).unwrap();
                    assert_eq!(s.parent[k][v], Some(p), "seed {seed}");
                    ok += 1;
                }
                Err(e) => {
                    assert!(!e.is_empty());
                    refused += 1;
                }
            }
        }
    }
    assert!(ok > 100 && refused > 100, "{ok} taken, {refused} refused");
}
