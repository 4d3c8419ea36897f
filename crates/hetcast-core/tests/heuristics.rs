//! Property tests of the heuristics: every plan goes through the simulator, on 10,000 random
//! instances of both models (consistent and inconsistent speeds).

use hetcast_core::models::overhead::algo::{greedy, random};
use hetcast_core::models::overhead::simulate::simulate;
use hetcast_core::models::overhead::{bounds, properties};
use proptest::prelude::*;

mod common;
use common::instances;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn greedy_plans_simulate_and_match_their_trace(inst in instances()) {
        let sol = greedy::greedy(&inst).unwrap();
        let s = simulate(&inst, &sol.plan).unwrap();
        prop_assert_eq!(sol.trace.len(), inst.len() - 1);
        for st in &sol.trace {
            let op = s.incoming(st.receiver).unwrap();
            prop_assert_eq!(op.from, st.sender);
            prop_assert!((op.end - st.send_end).abs() < 1e-9);
            prop_assert!((s.ready[st.receiver] - st.receiver_ready).abs() < 1e-9);
        }
        let last = inst.destinations().map(|v| s.ready[v]).fold(0.0, f64::max);
        prop_assert_eq!(s.completion_time, last);
        // Greedy schedules are non-idling, monotonic and layered by construction (000 section 2).
        let p = properties::check(&inst, &s);
        prop_assert!(p.non_idling && p.monotonic && p.layered, "{:?}", p);
        prop_assert!(bounds::lower_bound(&inst) <= s.completion_time + 1e-9);
    }

    #[test]
    fn random_selection_plans_simulate(inst in instances(), seed in any::<u64>()) {
        let sol = random::random_selection(&inst, seed).unwrap();
        let s = simulate(&inst, &sol.plan).unwrap();
        prop_assert_eq!(sol.trace.len(), inst.len() - 1);
        prop_assert!(properties::non_idling(&inst, &s));
        prop_assert!(bounds::lower_bound(&inst) <= s.completion_time + 1e-9);
        for st in &sol.trace {
            prop_assert_eq!(s.parent[st.receiver], Some(st.sender));
        }
    }

    #[test]
    fn random_order_plans_simulate(inst in instances(), seed in any::<u64>()) {
        let sol = random::random_order(&inst, seed).unwrap();
        let s = simulate(&inst, &sol.plan).unwrap();
        prop_assert!(properties::non_idling(&inst, &s));
        prop_assert!(bounds::lower_bound(&inst) <= s.completion_time + 1e-9);
    }

    #[test]
    fn lowering_costs_never_delays_a_plan(inst in instances(), seed in any::<u64>()) {
        // The monotonicity the relaxation bound rests on: same plan, smaller costs, earlier times.
        let plan = random::random_selection(&inst, seed).unwrap().plan;
        let before = simulate(&inst, &plan).unwrap();
        let after = simulate(&bounds::relaxed(&inst), &plan).unwrap();
        for v in 0..inst.len() {
            prop_assert!(after.ready[v] <= before.ready[v] + 1e-9);
        }
    }
}
