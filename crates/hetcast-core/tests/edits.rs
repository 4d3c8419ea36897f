//! Hand-edited trees through the app's drag and drop (`Plan::moved`, a place turned into a
//! parent and a position for `move_subtree`, whose own tests are in `editing.rs`): a valid
//! tree that the simulator times, or one of the stated refusals.

use hetcast_core::models::overhead::algo::Algorithm;
use hetcast_core::models::overhead::plan::Place;
use hetcast_core::models::overhead::{gallery, simulate, Overhead};
use hetcast_core::models::Model;
use hetcast_core::rng::{below, SplitMix64};
use rand::SeedableRng;

/// Libeskind-Hadas et al. Figure 1(b) rebuilt from greedy's tree by three moves: P3 (with its
/// subtree) before P5 under P2, P5 last under P0, P11 under P7. Greedy completes at 10, the
/// edited tree at 9, the optimum.
#[test]
fn three_moves_turn_greedys_tree_of_figure_1_into_an_optimal_one() {
    let inst = gallery::libeskind_hadas_figure1();
    let greedy = Overhead::solve(&inst, Algorithm::Greedy, 0).unwrap().plan;
    assert_eq!(
        greedy.children[..5],
        [
            vec![1, 3, 7],
            vec![2, 4, 8],
            vec![5, 9],
            vec![6, 11],
            vec![10]
        ]
    );
    assert_eq!(simulate(&inst, &greedy).unwrap().completion_time, 10.0);
    let p = greedy.moved(&inst, 3, Place::Before(5)).unwrap();
    let p = p.moved(&inst, 5, Place::LastChildOf(0)).unwrap();
    let p = p.moved(&inst, 11, Place::LastChildOf(7)).unwrap();
    assert_eq!(p.children[0], [1, 7, 5]);
    assert_eq!(p.children[2], [3, 9]);
    assert_eq!(p.children[7], [11]);
    assert_eq!(simulate(&inst, &p).unwrap().completion_time, 9.0);
}

#[test]
fn forbidden_moves_are_refused_with_the_reason() {
    let inst = gallery::libeskind_hadas_figure1();
    let greedy = Overhead::solve(&inst, Algorithm::Greedy, 0).unwrap().plan;
    let e = greedy.moved(&inst, 0, Place::LastChildOf(1)).unwrap_err();
    assert_eq!(
        e,
        "P0 is the source: it holds the message from the start, so it has no sender to change"
    );
    let e = greedy.moved(&inst, 1, Place::LastChildOf(4)).unwrap_err();
    assert_eq!(
        e,
        "P4 is in the subtree of P1: P1 would receive from its own descendant, and the subtree would be cut off from the source"
    );
    let e = greedy.moved(&inst, 2, Place::Before(0)).unwrap_err();
    assert_eq!(
        e,
        "P0 is the source: nothing can be sent before it receives"
    );
}

/// Thousands of random moves on random instances across the accepted range: every move is
/// either refused for one of the stated reasons, or gives a tree over every node that the
/// simulator times.
#[test]
fn random_moves_keep_a_valid_tree() {
    let mut rng = SplitMix64::seed_from_u64(7);
    let (mut done, mut refused) = (0, 0);
    for case in 0..300 {
        let n = 2 + (case % 30);
        let inst = Overhead::random_instance(n, case as u64);
        let mut plan = Overhead::solve(&inst, Algorithm::Greedy, 0).unwrap().plan;
        for _ in 0..20 {
            let v = below(&mut rng, n);
            let u = below(&mut rng, n);
            let to = if below(&mut rng, 2) == 0 {
                Place::LastChildOf(u)
            } else {
                Place::Before(u)
            };
            match plan.moved(&inst, v, to) {
                Ok(p) => {
                    let s = simulate(&inst, &p)
                        .unwrap_or_else(|e| panic!("case {case}: {to:?} of {v}: {e}"));
                    assert!(s.completion_time.is_finite());
                    assert_eq!(
                        p.subtree(p.source).len(),
                        n,
                        "case {case}: every node in the tree"
                    );
                    plan = p;
                    done += 1;
                }
                Err(e) => {
                    assert!(
                        e.contains("is the source")
                            || e.contains("is in the subtree of")
                            || e.contains("to itself"),
                        "case {case}: {e}"
                    );
                    refused += 1;
                }
            }
        }
    }
    assert!(
        done > 3000 && refused > 0,
        "{done} moves, {refused} refused"
    );
}
