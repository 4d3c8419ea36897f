//! Random selection (004 section 5.2): repeatedly pick a sender uniformly among the nodes that
//! already hold (or are scheduled to receive) the message, and a receiver uniformly among those
//! that do not; the receiver becomes the sender's next child. The simulator then times the tree
//! with every node sending as early as it can.
//!
//! **Complexity**: O(n) per run with a seeded generator ([`crate::rng::Rng64`]: the same runs on every target), so a run is
//! reproducible from its seed.

use super::Solution;
use crate::error::Error;
use crate::models::overhead::instance::Instance;
use crate::models::overhead::plan::Plan;
use crate::models::overhead::simulate::simulate;
use crate::models::overhead::trace::TraceStep;
use crate::rng::{below, Rng64};
use rand::SeedableRng;

/// One random-selection run, seeded, with its trace.
pub fn random_selection(inst: &Instance, seed: u64) -> Result<Solution, Error> {
    inst.validate()?;
    let n = inst.nodes.len();
    let mut rng = Rng64::seed_from_u64(seed);
    let mut senders = vec![inst.source];
    let mut waiting: Vec<usize> = inst.destinations().collect();
    let mut plan = Plan::new(inst.source, n);
    let mut picks = Vec::with_capacity(n);
    while !waiting.is_empty() {
        let v = senders[below(&mut rng, senders.len())];
        let w = waiting.swap_remove(below(&mut rng, waiting.len()));
        plan.children[v].push(w);
        senders.push(w);
        picks.push((v, w));
    }
    let s = simulate(inst, &plan)?;
    let trace = picks
        .into_iter()
        .map(|(v, w)| {
            let op = s
                .incoming(w)
                .expect("every destination has an incoming send");
            TraceStep {
                sender: v,
                receiver: w,
                send_start: op.start,
                send_end: op.end,
                receiver_ready: op.recv_end,
                text: format!(
                    "Random pick: {} sends to {} as its child #{}.",
                    inst.label(v),
                    inst.label(w),
                    plan.children[v]
                        .iter()
                        .position(|&c| c == w)
                        .map_or(0, |i| i + 1)
                ),
            }
        })
        .collect();
    Ok(Solution { plan, trace })
}

/// A second reading of 004's random selection, used in the experiment for comparison: the
/// receivers come in a uniformly random order, and each is served by the node whose next send
/// ends first (the list schedule of a random order, [`super::greedy::list_schedule`]). It
/// isolates what "fastest first" is worth, where [`random_selection`] also randomises the sender.
pub fn random_order(inst: &Instance, seed: u64) -> Result<Solution, Error> {
    inst.validate()?;
    let mut rng = Rng64::seed_from_u64(seed);
    let mut order: Vec<usize> = inst.destinations().collect();
    for i in (1..order.len()).rev() {
        order.swap(i, below(&mut rng, i + 1));
    }
    Ok(super::greedy::list_schedule(inst, &order, false))
}

/// Mean completion time of `runs` [`random_order`] runs with seeds `seed, seed+1, ...`.
pub fn random_order_average(inst: &Instance, runs: usize, seed: u64) -> Result<f64, Error> {
    let runs = runs.max(1);
    let mut sum = 0.0;
    for r in 0..runs {
        let sol = random_order(inst, seed.wrapping_add(r as u64))?;
        sum += simulate(inst, &sol.plan)?.completion_time;
    }
    Ok(sum / runs as f64)
}

/// Completion times of `runs` random-selection runs with seeds `seed, seed+1, ...`:
/// (mean, min, max).
pub fn random_average(inst: &Instance, runs: usize, seed: u64) -> Result<(f64, f64, f64), Error> {
    let runs = runs.max(1);
    let (mut sum, mut lo, mut hi) = (0.0, f64::INFINITY, f64::NEG_INFINITY);
    for r in 0..runs {
        let sol = random_selection(inst, seed.wrapping_add(r as u64))?;
        let t = simulate(inst, &sol.plan)?.completion_time;
        sum += t;
        lo = lo.min(t);
        hi = hi.max(t);
    }
    Ok((sum / runs as f64, lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_runs_repeat_and_vary() {
        let inst = Instance::node_model(0, &[1.0, 2.0, 3.0, 1.0, 5.0, 2.0, 2.0, 4.0]);
        let a = random_selection(&inst, 7).unwrap();
        assert_eq!(a, random_selection(&inst, 7).unwrap());
        let distinct: std::collections::HashSet<String> = (0..20)
            .map(|s| format!("{:?}", random_selection(&inst, s).unwrap().plan.children))
            .collect();
        assert!(distinct.len() > 5);
        let (mean, lo, hi) = random_average(&inst, 50, 1).unwrap();
        assert!(lo <= mean && mean <= hi);
    }
}
