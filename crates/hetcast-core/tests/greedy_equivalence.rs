//! The fast greedy / FNF (radix sort, calendar queue, radix-grouped children) returns exactly
//! what the textbook version returns: sort by `faster_first`, then a binary heap keyed by
//! (send end, node index). Same plan, same trace, on random instances of both models with many
//! ties, and the same list schedule for arbitrary receive orders.

use hetcast_core::models::overhead::algo::greedy::{greedy, greedy_plan, list_schedule};
use hetcast_core::models::overhead::algo::{faster_first, Solution};
use hetcast_core::models::overhead::instance::{Instance, ModelKind, Node};
use hetcast_core::models::overhead::plan::Plan;
use hetcast_core::models::overhead::trace::TraceStep;
use hetcast_core::units::fmt_t;
use proptest::prelude::*;
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

// ---- The reference: the original implementation, verbatim in substance. ----

#[derive(PartialEq)]
struct Key(f64, usize);
impl Eq for Key {}
impl PartialOrd for Key {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Key {
    fn cmp(&self, o: &Self) -> Ordering {
        self.0.total_cmp(&o.0).then(self.1.cmp(&o.1))
    }
}

fn reference_greedy(inst: &Instance) -> Solution {
    inst.validate().expect("valid instance");
    let mut waiting: Vec<usize> = inst.destinations().collect();
    waiting.sort_unstable_by(|&a, &b| faster_first(inst, a, b));
    reference_list_schedule(inst, &waiting)
}

fn reference_list_schedule(inst: &Instance, order: &[usize]) -> Solution {
    let n = inst.nodes.len();
    let mut plan = Plan::new(inst.source, n);
    let mut trace = Vec::new();
    let mut heap = BinaryHeap::with_capacity(n);
    heap.push(Reverse(Key(inst.nodes[inst.source].send, inst.source)));
    for &w in order {
        let Reverse(Key(end, v)) = heap.pop().expect("the heap always holds the source");
        let ready = end + inst.arrival_delay(w);
        plan.children[v].push(w);
        let start = end - inst.nodes[v].send;
        trace.push(TraceStep {
            sender: v,
            receiver: w,
            send_start: start,
            send_end: end,
            receiver_ready: ready,
            text: format!(
                "{} can finish a send first (at t = {}; ties go to the lower index), so the fastest node still waiting, {}, becomes its child #{}.",
                inst.label(v),
                fmt_t(end),
                inst.label(w),
                plan.children[v].len()
            ),
        });
        heap.push(Reverse(Key(ready + inst.nodes[w].send, w)));
        heap.push(Reverse(Key(end + inst.nodes[v].send, v)));
    }
    Solution { plan, trace }
}

// ---- Instances with many ties. ----

/// How costs are drawn: whole numbers 1..=k, multiples of 0.1 (inexact in binary), quarters,
/// arbitrary reals, or magnitudes spread over many orders.
fn cost(kind: u8, k: u32, raw: u64) -> f64 {
    let u = (raw >> 11) as f64 / (1u64 << 53) as f64;
    match kind {
        0 => (1 + raw % k as u64) as f64,
        1 => (1 + raw % (10 * k as u64)) as f64 * 0.1,
        2 => (1 + raw % (4 * k as u64)) as f64 * 0.25,
        3 => 1.0 + 99.0 * u,
        _ => 10f64.powf(-3.0 + 6.0 * u),
    }
}

prop_compose! {
    fn instance(max_n: usize)(
        sr in any::<bool>(),
        kind in 0u8..5,
        k in 1u32..6,
        raws in prop::collection::vec((any::<u64>(), any::<u64>()), 2..max_n),
        // Receive times: all equal (the radix path) or drawn like the sends.
        equal_recv in any::<bool>(),
        lat in 0u32..4,
        src in any::<prop::sample::Index>(),
        named in any::<bool>(),
    ) -> Instance {
        let model = if sr { ModelKind::SenderReceiver } else { ModelKind::Node };
        let nodes: Vec<Node> = raws
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| Node {
                name: (named && i % 3 == 1).then(|| format!("w{i}")),
                send: cost(kind, k, a),
                recv: match (sr, equal_recv) {
                    (false, _) => 0.0,
                    (true, true) => cost(kind, k, 12345),
                    (true, false) => cost(kind, k, b),
                },
                gap: None,
            })
            .collect();
        Instance {
            model,
            latency: if sr { lat as f64 * 0.5 } else { 0.0 },
            source: src.index(nodes.len()),
            nodes,
        }
    }
}

fn check(inst: &Instance) -> Result<(), TestCaseError> {
    let want = reference_greedy(inst);
    let got = greedy(inst).expect("valid instance");
    prop_assert_eq!(&got.plan, &want.plan);
    prop_assert_eq!(&got.trace, &want.trace);
    prop_assert_eq!(&greedy_plan(inst).expect("valid instance"), &want.plan);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn greedy_equals_the_heap_version_small(inst in instance(60)) {
        check(&inst)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn greedy_equals_the_heap_version_large(inst in instance(3000)) {
        check(&inst)?;
    }

    /// Any receive order (the random-selection algorithm's use): the same list schedule.
    #[test]
    fn list_schedule_equals_the_heap_version(inst in instance(400), seed in any::<u64>()) {
        let mut order: Vec<usize> = inst.destinations().collect();
        // Fisher-Yates with a small generator.
        let mut s = seed | 1;
        for i in (1..order.len()).rev() {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            order.swap(i, (s % (i as u64 + 1)) as usize);
        }
        let want = reference_list_schedule(&inst, &order);
        let got = list_schedule(&inst, &order, true);
        prop_assert_eq!(&got.plan, &want.plan);
        prop_assert_eq!(&got.trace, &want.trace);
        prop_assert_eq!(&list_schedule(&inst, &order, false).plan, &want.plan);
    }
}

#[test]
fn equal_costs_and_two_costs() {
    for n in [2usize, 3, 17, 1000, 4097] {
        for src in [0, n / 2, n - 1] {
            let all_equal = Instance::node_model(src, &vec![3.0; n]);
            check(&all_equal).unwrap();
            let two: Vec<f64> = (0..n).map(|i| if i % 3 == 0 { 2.0 } else { 5.0 }).collect();
            check(&Instance::node_model(src, &two)).unwrap();
            let sr: Vec<(f64, f64)> = (0..n).map(|i| (1.0 + (i % 2) as f64, 0.5)).collect();
            check(&Instance::sender_receiver(src, 1.0, &sr)).unwrap();
        }
    }
}

#[test]
fn a_large_random_node_model_instance() {
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    let costs: Vec<f64> = (0..200_000)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            1.0 + 99.0 * ((s >> 11) as f64 / (1u64 << 53) as f64)
        })
        .collect();
    let inst = Instance::node_model(0, &costs);
    let want = reference_greedy(&inst);
    assert_eq!(greedy_plan(&inst).unwrap(), want.plan);
}

#[test]
fn extreme_magnitudes() {
    // Valid costs spread over 18 orders of magnitude (sends negligible next to the clock).
    let cases: Vec<Vec<f64>> = vec![
        vec![1e-9, 1e9, 1e9, 1e-9, 3.0, 1e-9],
        vec![5e-324, 1.0, 5e-324, 2.0, 1e-310],
        vec![1e9, 1e-9, 1.0, 1e5, 1e-5, 7.0],
    ];
    for costs in &cases {
        for src in 0..costs.len() {
            check(&Instance::node_model(src, costs)).unwrap();
        }
    }
    // Beyond what `validate` accepts: greedy refuses like the validation, and the list
    // schedule (which does not validate) still answers like the heap, overflowing times
    // included.
    let huge: Vec<Vec<f64>> = vec![
        vec![f64::MAX / 2.0, 1e308, 1e308, 1e308, 1e308],
        vec![f64::MAX / 2.0, f64::MAX / 3.0, 1.0, f64::MAX],
        vec![1e-30, 1e20, 1e20, 1e-30, 3.0, 1e-30],
        vec![1e300, 1e-300, 1.0, 1e150, 1e-150, 7.0],
    ];
    for costs in &huge {
        for src in 0..costs.len() {
            let inst = Instance::node_model(src, costs);
            let err = inst.validate().unwrap_err();
            assert_eq!(greedy(&inst).unwrap_err(), err);
            let mut order: Vec<usize> = inst.destinations().collect();
            order.sort_unstable_by(|&a, &b| faster_first(&inst, a, b));
            let want = reference_list_schedule(&inst, &order);
            assert_eq!(list_schedule(&inst, &order, true), want);
        }
    }
}

/// The FNF column of `hetcast experiment liu-fig6` (004 section 5) at every size from 6 to 100
/// is the textbook greedy's completion time; at n = 100 it is 23 (the value
/// `experiment.rs` pins).
#[test]
fn liu_fig6_fnf_is_the_textbook_greedy() {
    use hetcast_core::models::overhead::experiment::{liu_fig6_instance, liu_fig6_row};
    use hetcast_core::models::overhead::simulate::simulate;
    for n in 6..=100 {
        let inst = liu_fig6_instance(n);
        let t = simulate(&inst, &reference_greedy(&inst).plan)
            .unwrap()
            .completion_time;
        assert_eq!(liu_fig6_row(n, 1, 0).unwrap().fnf, t, "n = {n}");
        if n == 100 {
            assert_eq!(t, 23.0);
        }
    }
}
