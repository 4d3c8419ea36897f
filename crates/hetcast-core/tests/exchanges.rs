//! 000's Lemma 2 and Lemma 6 exchanges, one at a time (`algo::exchanges`): the completion
//! time never grows, on thousands of random plans (random trees, child orders and waits) of
//! random instances across the accepted range; on power-of-two node-model instances the end
//! is monotonic and layered, so greedy is no later (000 Corollary 1).

use hetcast_core::models::overhead::algo::exchanges::{exchanges, ExchangeKind};
use hetcast_core::models::overhead::{algo, generate, properties, simulate, Instance, Overhead};
use hetcast_core::models::Model;
use hetcast_core::rng::{below, Rng64};
use rand::SeedableRng;

/// Costs of mixed magnitudes and decimals (`Overhead::random_instance`, both models): the
/// completion time never grows beyond the rounding of float sums (relative 1e-12 per node),
/// and every step's plan simulates to the time it records.
#[test]
fn the_completion_time_never_grows_across_the_accepted_range() {
    let mut exchanged = 0;
    for seed in 0..3000u64 {
        let inst = Overhead::random_instance(2 + seed as usize % 30, seed);
        let plan = generate::random_plan(&inst, seed, seed % 3 == 0);
        let steps = exchanges(&inst, &plan).unwrap();
        let tol = 1e-12 * inst.nodes.len() as f64;
        for w in steps.windows(2) {
            assert!(
                w[1].completion <= w[0].completion * (1.0 + tol),
                "seed {seed}: {:?} grew {} -> {}",
                w[1].kind,
                w[0].completion,
                w[1].completion
            );
        }
        for s in &steps {
            assert_eq!(
                simulate(&inst, &s.plan).unwrap().completion_time,
                s.completion
            );
            assert!(!s.text.is_empty());
        }
        exchanged += steps.len() - 2;
        assert!(matches!(
            steps.last().unwrap().kind,
            ExchangeKind::Done { .. }
        ));
    }
    assert!(exchanged > 3000, "{exchanged} exchanges");
}

/// Whole power-of-two costs in the node model (000 Theorem 3's S'): every sum is exact, the
/// completion time never grows, the end is monotonic and layered, and greedy is no later
/// (000 Corollary 1: greedy is no later than any layered schedule).
#[test]
fn power_of_two_costs_end_monotonic_and_layered_and_greedy_is_no_later() {
    let (mut l2, mut l6) = (0, 0);
    for seed in 0..3000u64 {
        let mut rng = Rng64::seed_from_u64(seed);
        let n = 2 + below(&mut rng, 25);
        let costs: Vec<f64> = (0..n)
            .map(|_| (1u64 << below(&mut rng, 5)) as f64)
            .collect();
        let inst = Instance::node_model(below(&mut rng, n), &costs);
        let plan = generate::random_plan(&inst, seed, seed % 2 == 0);
        let steps = exchanges(&inst, &plan).unwrap();
        for w in steps.windows(2) {
            assert!(
                w[1].completion <= w[0].completion,
                "seed {seed}: {:?}",
                w[1].kind
            );
        }
        let last = steps.last().unwrap();
        assert_eq!(
            last.kind,
            ExchangeKind::Done {
                monotonic: true,
                layered: true
            },
            "seed {seed}"
        );
        let s = simulate(&inst, &last.plan).unwrap();
        assert!(properties::layered(&inst, &s) && properties::monotonic(&inst, &s));
        let g = simulate(&inst, &algo::greedy::greedy(&inst).unwrap().plan).unwrap();
        assert!(g.completion_time <= last.completion, "seed {seed}");
        for st in &steps {
            match st.kind {
                ExchangeKind::Lemma2 { .. } => l2 += 1,
                ExchangeKind::Lemma6 { l, .. } => {
                    assert!(l >= 2 && l.is_power_of_two());
                    l6 += 1
                }
                _ => {}
            }
        }
    }
    assert!(
        l2 > 1000 && l6 > 1000,
        "{l2} Lemma 2, {l6} Lemma 6 exchanges"
    );
}

/// Consistent sender-receiver instances with whole costs: exact sums, the time never grows;
/// with L = 0 and r = 2s, the exchanges that the proof allows are taken.
#[test]
fn consistent_sender_receiver_plans_never_grow() {
    let mut exchanged = 0;
    for seed in 0..2000u64 {
        let mut rng = Rng64::seed_from_u64(seed);
        let n = 2 + below(&mut rng, 20);
        let costs: Vec<(f64, f64)> = (0..n)
            .map(|_| {
                let k = 1 + below(&mut rng, 6) as u64;
                (k as f64, 2.0 * k as f64)
            })
            .collect();
        let inst = Instance::sender_receiver(below(&mut rng, n), below(&mut rng, 3) as f64, &costs);
        let plan = generate::random_plan(&inst, seed, true);
        let steps = exchanges(&inst, &plan).unwrap();
        for w in steps.windows(2) {
            assert!(
                w[1].completion <= w[0].completion,
                "seed {seed}: {:?}",
                w[1].kind
            );
        }
        exchanged += steps
            .iter()
            .filter(|s| matches!(s.kind, ExchangeKind::Lemma2 { .. }))
            .count();
    }
    assert!(exchanged > 500, "{exchanged} exchanges");
}
