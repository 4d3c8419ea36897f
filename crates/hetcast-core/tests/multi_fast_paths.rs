//! The fast paths of ECF, WR and WRP under one link rate (per-message candidates kept between
//! iterations) make exactly the choices of the plain scans they replaced, which stay in the
//! library as `ecf_full_scan`, `work_racing_full_scan` and `wrp_full_scan`: the same task
//! lists (and for WRP steps, predicted times and preemptions) and simulated completion time,
//! on thousands of random instances, from tiny ones full of ties to the paper's section-5
//! setting, and across the whole range of values an instance may hold. FEF, which keeps each
//! message's lightest waiting edge, gives the task lists of [`fef_scan`], the plain scan over
//! every (message, waiting node) pair written out here. The lower bound under one link rate
//! (each destination's distance the direct transfer's) gives, to the bit, the values of
//! `lower_bound_dijkstra`, the dense Dijkstra search, and `lower_bound_value` (what the
//! experiments read) gives its value.

use hetcast_core::models::multi::algo::{ecf, fef, lower_bound, work_racing, wrp};
use hetcast_core::models::multi::generate::{section5, Network, Section5Spec, SizeMix};
use hetcast_core::models::multi::{
    completion_time_multi, simulate_multi, Link, Message, MultiInstance, MultiPlan, NodeClass,
    Overhead, Task,
};
use hetcast_core::rng::{below, between, Rng64};
use rand::{Rng, SeedableRng};

/// Small instances in whole or quarter units (many equal times, so every tie rule is met):
/// 2 to 10 nodes in 1 to 3 classes, 1 to 6 messages of 1 to 4 bytes (or one size for all),
/// random sources and destination sets; a per-byte link rate of 0 to 2.
fn tiny(seed: u64) -> MultiInstance {
    let mut rng = Rng64::seed_from_u64(seed);
    let unit = if seed.is_multiple_of(2) { 1.0 } else { 0.25 };
    let q = |rng: &mut Rng64, hi: usize| below(rng, hi + 1) as f64 * unit;
    let classes: Vec<NodeClass> = (0..between(&mut rng, 1, 3))
        .map(|c| NodeClass {
            name: format!("c{c}"),
            count: between(&mut rng, 1, 4),
            send: Overhead {
                fixed: q(&mut rng, 4) + unit,
                per_byte: q(&mut rng, 2),
            },
            recv: Overhead {
                fixed: q(&mut rng, 4),
                per_byte: q(&mut rng, 2),
            },
        })
        .collect();
    let mut classes = classes;
    let one_size = rng.gen_bool(0.5);
    let messages = random_messages(&mut rng, &mut classes, 0.6, |rng| {
        if one_size {
            1.0
        } else {
            between(rng, 1, 4) as f64
        }
    });
    let link = Link::PerByte(q(&mut rng, 8) / 4.0);
    MultiInstance {
        classes,
        link,
        messages,
    }
}

/// 1 to 6 messages on the nodes of `classes` (the first class grows to make 2 nodes if need
/// be): random sources, each other node a destination with probability `share` (at least one),
/// sizes from `size`.
fn random_messages(
    rng: &mut Rng64,
    classes: &mut [NodeClass],
    share: f64,
    mut size: impl FnMut(&mut Rng64) -> f64,
) -> Vec<Message> {
    if classes.iter().map(|c| c.count).sum::<usize>() < 2 {
        classes[0].count = 2;
    }
    let n: usize = classes.iter().map(|c| c.count).sum();
    (0..between(rng, 1, 6))
        .map(|_| {
            let source = below(rng, n);
            let mut destinations: Vec<usize> = (0..n)
                .filter(|&v| v != source && rng.gen_bool(share))
                .collect();
            if destinations.is_empty() {
                destinations.push((source + 1) % n);
            }
            let size = size(rng);
            Message {
                source,
                size,
                destinations,
            }
        })
        .collect()
}

/// Instances across the whole range validation accepts: overheads and link rates from 0 (also
/// written `-0.0`) through tiny values with many decimals to 1e9, sizes up to 1e10, so that
/// times span many magnitudes and sums round (different costs can give equal times); some
/// classes copy another's overheads (equal times between classes).
fn wide(seed: u64) -> MultiInstance {
    let mut rng = Rng64::seed_from_u64(seed ^ 0x51de);
    // 0, -0, or 10^e for e in [-9, 9], times a factor with many decimals.
    let value = |rng: &mut Rng64, zero: bool| -> f64 {
        match below(rng, 8) {
            0 if zero => 0.0,
            1 if zero => -0.0,
            _ => 10f64.powi(between(rng, 0, 18) as i32 - 9) * rng.gen_range(1.0..10.0),
        }
        .min(1e9)
    };
    let mut classes: Vec<NodeClass> = Vec::new();
    for c in 0..between(&mut rng, 1, 4) {
        let copy = c > 0 && rng.gen_bool(0.3);
        let (send, recv) = if copy {
            let o = &classes[below(&mut rng, c)];
            (o.send, o.recv)
        } else {
            (
                Overhead {
                    fixed: value(&mut rng, false),
                    per_byte: value(&mut rng, true),
                },
                Overhead {
                    fixed: value(&mut rng, true),
                    per_byte: value(&mut rng, true),
                },
            )
        };
        classes.push(NodeClass {
            name: format!("c{c}"),
            count: between(&mut rng, 1, 5),
            send,
            recv,
        });
    }
    let messages = random_messages(&mut rng, &mut classes, 0.7, |rng| {
        (value(rng, false) * 10.0).min(1e10)
    });
    let link = Link::PerByte(value(&mut rng, true));
    MultiInstance {
        classes,
        link,
        messages,
    }
}

/// The section-5 setting at random: 2 to 24 nodes, 1 to 4 classes, up to every node a
/// source, either network and any size mix, a random or a fixed share of destinations.
fn section5_at(seed: u64) -> MultiInstance {
    let mut rng = Rng64::seed_from_u64(seed ^ 0x5ec5);
    let nodes = between(&mut rng, 2, 24);
    let spec = Section5Spec {
        nodes,
        classes: between(&mut rng, 1, nodes.min(4)),
        sources: between(&mut rng, 1, nodes),
        network: [Network::Fast, Network::Slow][below(&mut rng, 2)],
        sizes: SizeMix::ALL[below(&mut rng, 3)],
        dest_fraction: [None, Some(1.0), Some(0.3)][below(&mut rng, 3)],
    };
    section5(&spec, seed).unwrap()
}

/// FEF as paper 001 section 4.1 states it: each iteration scans every message's waiting nodes
/// (in index order, messages in order) for the lightest edge `T(i, j, l_k)` from `A_k`, the
/// first of equal weights winning; a node's lightest edge from `A_k` is the first sender that
/// reached its least weight.
fn fef_scan(inst: &MultiInstance) -> MultiPlan {
    let nodes = inst.nodes();
    let n = nodes.len();
    let t = |i: usize, j: usize, k: usize| {
        let l = inst.messages[k].size;
        nodes[i].send.at(l) + inst.link.x(i, j) * l + nodes[j].recv.at(l)
    };
    let mut waiting: Vec<Vec<usize>> = inst
        .messages
        .iter()
        .map(|m| {
            let mut w = m.destinations.clone();
            w.sort_unstable();
            w
        })
        .collect();
    let mut best: Vec<Vec<(f64, usize)>> = (0..inst.messages.len())
        .map(|k| {
            let src = inst.messages[k].source;
            (0..n).map(|j| (t(src, j, k), src)).collect()
        })
        .collect();
    let mut plan = MultiPlan::new(n);
    loop {
        let mut pick: Option<(f64, usize, usize, usize)> = None;
        for (k, w) in waiting.iter().enumerate() {
            for &j in w {
                let (wt, i) = best[k][j];
                if pick.is_none_or(|p| wt < p.0) {
                    pick = Some((wt, k, j, i));
                }
            }
        }
        let Some((_, k, j, i)) = pick else {
            return plan;
        };
        plan.tasks[i].push(Task::send(j, k));
        plan.tasks[j].push(Task::recv(i, k));
        waiting[k].retain(|&x| x != j);
        for &v in &waiting[k] {
            if t(j, v, k) < best[k][v].0 {
                best[k][v] = (t(j, v, k), j);
            }
        }
    }
}

fn same_choices(inst: &MultiInstance, what: &str) {
    inst.validate().unwrap();
    assert_eq!(fef::fef(inst), fef_scan(inst), "FEF, {what}");
    let (fast, scan) = (ecf::ecf(inst), ecf::ecf_full_scan(inst));
    assert_eq!(fast, scan, "ECF, {what}");
    let (fast_t, scan_t) = (
        simulate_multi(inst, &fast).unwrap().completion_time,
        simulate_multi(inst, &scan).unwrap().completion_time,
    );
    assert_eq!(fast_t.to_bits(), scan_t.to_bits(), "ECF, {what}");
    let (fast, scan) = (
        work_racing::work_racing(inst),
        work_racing::work_racing_full_scan(inst),
    );
    assert_eq!(fast, scan, "WR, {what}");
    let (fast, scan) = (wrp::wrp_run(inst), wrp::wrp_full_scan(inst));
    assert_eq!(fast, scan, "WRP, {what}");
    // The plan alone (no steps nor predicted times recorded) is the same plan.
    assert_eq!(wrp::wrp(inst), fast.plan, "WRP's plan alone, {what}");
    let (fast_t, scan_t) = (
        simulate_multi(inst, &fast.plan).unwrap().completion_time,
        simulate_multi(inst, &scan.plan).unwrap().completion_time,
    );
    assert_eq!(fast_t.to_bits(), scan_t.to_bits(), "WRP, {what}");
    // The experiments' timing (no transfers recorded) gives the simulator's completion time,
    // for each algorithm's plan.
    let wr = work_racing::work_racing(inst);
    for plan in [&fef::fef(inst), &ecf::ecf(inst), &wr, &fast.plan] {
        let quick = completion_time_multi(inst, plan).unwrap();
        let full = simulate_multi(inst, plan).unwrap().completion_time;
        assert_eq!(
            quick.to_bits(),
            full.to_bits(),
            "completion_time_multi, {what}"
        );
    }
    let bits = |b: &lower_bound::LowerBound| {
        let hold: Vec<Vec<Option<u64>>> = b
            .hold
            .iter()
            .map(|h| h.iter().map(|t| t.map(f64::to_bits)).collect())
            .collect();
        let per_node: Vec<u64> = b.per_node.iter().map(|t| t.to_bits()).collect();
        (b.value.to_bits(), per_node, hold)
    };
    assert_eq!(
        bits(&lower_bound::lower_bound(inst)),
        bits(&lower_bound::lower_bound_dijkstra(inst)),
        "lower bound, {what}"
    );
    assert_eq!(
        lower_bound::lower_bound_value(inst).to_bits(),
        lower_bound::lower_bound(inst).value.to_bits(),
        "lower bound's value alone, {what}"
    );
}

#[test]
fn fast_paths_equal_the_scans_on_tiny_instances() {
    for seed in 0..3000 {
        same_choices(&tiny(seed), &format!("tiny instance {seed}"));
    }
}

#[test]
fn fast_paths_equal_the_scans_across_magnitudes() {
    for seed in 0..1000 {
        same_choices(&wide(seed), &format!("wide instance {seed}"));
    }
}

#[test]
fn fast_paths_equal_the_scans_in_the_section_5_setting() {
    for seed in 0..600 {
        same_choices(&section5_at(seed), &format!("section 5 instance {seed}"));
    }
    // The bench's shape, smaller: all-to-all broadcast, hybrid sizes.
    let spec = Section5Spec {
        nodes: 24,
        classes: 4,
        sources: 24,
        network: Network::Fast,
        sizes: SizeMix::Hybrid,
        dest_fraction: Some(1.0),
    };
    for seed in 0..5 {
        same_choices(
            &section5(&spec, seed).unwrap(),
            &format!("all-to-all {seed}"),
        );
    }
}

/// `completion_time_multi` checks a plan by itself and names a broken rule through the full
/// simulator: on plans broken at random (a task dropped, duplicated, moved, or naming another
/// peer or message) it gives `simulate_multi`'s error, or its time when the plan still holds.
#[test]
fn completion_time_rejects_what_the_simulator_rejects() {
    let (mut broken, mut kept) = (0, 0);
    for seed in 0..1500 {
        let inst = tiny(seed);
        let mut rng = Rng64::seed_from_u64(seed ^ 0x5eed);
        let base = work_racing::work_racing(&inst);
        for _ in 0..8 {
            let mut plan = base.clone();
            let v = below(&mut rng, plan.tasks.len());
            let len = plan.tasks[v].len();
            if len == 0 {
                continue;
            }
            let p = below(&mut rng, len);
            match below(&mut rng, 5) {
                0 => {
                    plan.tasks[v].remove(p);
                }
                1 => {
                    let t = plan.tasks[v][p];
                    plan.tasks[v].insert(below(&mut rng, len + 1), t);
                }
                2 => {
                    let t = plan.tasks[v].remove(p);
                    plan.tasks[v].insert(below(&mut rng, len), t);
                }
                3 => plan.tasks[v][p].peer = below(&mut rng, plan.tasks.len() + 1),
                _ => plan.tasks[v][p].msg = below(&mut rng, inst.messages.len() + 1),
            }
            let full = simulate_multi(&inst, &plan).map(|s| s.completion_time.to_bits());
            let quick = completion_time_multi(&inst, &plan).map(f64::to_bits);
            broken += usize::from(full.is_err());
            kept += usize::from(full.is_ok());
            assert_eq!(
                quick.map_err(|e| e.to_string()),
                full.map_err(|e| e.to_string()),
                "tiny instance {seed}, {plan:?}"
            );
        }
    }
    // Both ways are taken.
    assert!(
        broken > 0 && kept > 0,
        "{broken} broken, {kept} still valid"
    );
}
