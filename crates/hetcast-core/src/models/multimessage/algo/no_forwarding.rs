//! `no-forwarding`: every destination gets each message straight from its source, but a
//! message may leave its source in several steps, each time to some of its destinations
//! (Gonzalez, section 1: four steps for Example 1.1, "best possible unless forwarding is
//! allowed"). A schedule gives each transfer (message, destination) a step such that a
//! processor receives one transfer a step and a source sends one message a step.
//!
//! Up to [`NO_FORWARDING_EXACT_MAX_TRANSFERS`] transfers it is exact: for `T` from the lower
//! bound up, a depth-first search gives the transfers steps (the transfer with the fewest
//! steps left first; steps are interchangeable, so a transfer may open at most one new step),
//! within [`NO_FORWARDING_BUDGET`] search nodes. Past that, or when the budget runs out, the
//! answer is the greedy schedule, a heuristic (the solution says so): step after step, each
//! source in order of most transfers left picks the message with the most destinations still
//! free in this step and sends it to all of them.
//!
//! # Complexity
//! Greedy: O(steps · (E + n·M)); exact: exponential in the worst case, bounded by the budget.
//!
//! # Example
//! Example 1.1: 4 steps (d = 3 steps are not enough without forwarding).
//!
//! ```
//! use hetcast_core::models::multimessage::{algo::no_forwarding::no_forwarding, gallery::example_1_1, simulate};
//! let inst = example_1_1();
//! let (plan, exact) = no_forwarding(&inst);
//! assert_eq!((simulate(&inst, &plan).unwrap().steps, exact), (4, true));
//! ```

use crate::models::multimessage::{MmInstance, MmPlan, Transmission};

/// Most transfers solved exactly.
pub const NO_FORWARDING_EXACT_MAX_TRANSFERS: usize = 48;
/// Search nodes the exact search may visit before it settles for the heuristic.
pub const NO_FORWARDING_BUDGET: u64 = 2_000_000;

/// The pseudo-code the trace points into.
pub const PSEUDO: &[&str] = &[
    "Transfers: one per (message, destination); each goes straight from the message's source",
    "Give each transfer a step: a processor receives one transfer a step, a source sends one message a step (exact search when small, else greedy)",
    "Step t: each source multicasts its message of step t to the destinations given step t",
];

/// The greedy schedule: `slot[e]` for each transfer `e` of `transfers`, and the step count.
fn greedy(inst: &MmInstance, transfers: &[(usize, usize)]) -> Vec<usize> {
    let n = inst.processors;
    let mut slot = vec![usize::MAX; transfers.len()];
    // Per message, its transfers not yet given a step.
    let mut left: Vec<Vec<usize>> = vec![Vec::new(); inst.messages.len()];
    for (e, &(k, _)) in transfers.iter().enumerate() {
        left[k].push(e);
    }
    let mut by_source: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, msg) in inst.messages.iter().enumerate() {
        by_source[msg.source].push(k);
    }
    let mut remaining = transfers.len();
    let mut t = 0;
    let mut busy = vec![usize::MAX; n];
    while remaining > 0 {
        let mut order: Vec<usize> = (0..n).collect();
        let load = |p: usize| by_source[p].iter().map(|&k| left[k].len()).sum::<usize>();
        let loads: Vec<usize> = (0..n).map(load).collect();
        crate::order::sort_by_key(&mut order, |&p| std::cmp::Reverse(loads[p]));
        for p in order {
            let best = by_source[p]
                .iter()
                .copied()
                .map(|k| {
                    let free = left[k]
                        .iter()
                        .filter(|&&e| busy[transfers[e].1] != t)
                        .count();
                    (free, k)
                })
                .filter(|&(free, _)| free > 0)
                .max_by_key(|&(free, k)| (free, std::cmp::Reverse(k)));
            if let Some((_, k)) = best {
                let mut keep = Vec::new();
                for &e in &left[k] {
                    let q = transfers[e].1;
                    if busy[q] != t {
                        busy[q] = t;
                        slot[e] = t;
                        remaining -= 1;
                    } else {
                        keep.push(e);
                    }
                }
                left[k] = keep;
            }
        }
        t += 1;
    }
    slot
}

struct Search<'a> {
    transfers: &'a [(usize, usize)],
    source: Vec<usize>,
    t: usize,
    // recv[q * t + s]: processor q receives in step s.
    recv: Vec<bool>,
    // send[p * t + s]: the message p sends in step s (usize::MAX: none).
    send: Vec<usize>,
    slot: Vec<usize>,
    used: usize,
    nodes: u64,
    budget: u64,
}

impl Search<'_> {
    fn ok(&self, e: usize, s: usize) -> bool {
        let (k, q) = self.transfers[e];
        let p = self.source[k];
        !self.recv[q * self.t + s] && {
            let x = self.send[p * self.t + s];
            x == usize::MAX || x == k
        }
    }

    /// Some(true): all transfers placed; Some(false): impossible; None: budget spent.
    fn go(&mut self, placed: usize) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        if placed == self.transfers.len() {
            return Some(true);
        }
        // The unplaced transfer with the fewest possible steps.
        let limit = (self.used + 1).min(self.t);
        let mut best: Option<(usize, usize)> = None;
        for e in 0..self.transfers.len() {
            if self.slot[e] != usize::MAX {
                continue;
            }
            let options = (0..limit).filter(|&s| self.ok(e, s)).count();
            if options == 0 {
                return Some(false);
            }
            if best.is_none_or(|(o, _)| options < o) {
                best = Some((options, e));
            }
        }
        let (_, e) = best.expect("an unplaced transfer is left");
        let (k, q) = self.transfers[e];
        let p = self.source[k];
        for s in 0..limit {
            if !self.ok(e, s) {
                continue;
            }
            let was = self.send[p * self.t + s];
            let used_was = self.used;
            self.recv[q * self.t + s] = true;
            self.send[p * self.t + s] = k;
            self.slot[e] = s;
            self.used = self.used.max(s + 1);
            let r = self.go(placed + 1);
            if r != Some(false) {
                // Found (keep the placements) or out of budget.
                return r;
            }
            self.recv[q * self.t + s] = false;
            self.send[p * self.t + s] = was;
            self.slot[e] = usize::MAX;
            self.used = used_was;
        }
        Some(false)
    }
}

/// The schedule and whether it has the fewest steps possible without forwarding.
pub fn no_forwarding(inst: &MmInstance) -> (MmPlan, bool) {
    let transfers: Vec<(usize, usize)> = inst
        .messages
        .iter()
        .enumerate()
        .flat_map(|(k, m)| m.destinations.iter().map(move |&q| (k, q)))
        .collect();
    let mut slot = greedy(inst, &transfers);
    let mut steps = slot.iter().map(|&s| s + 1).max().unwrap_or(0);
    let mut exact = transfers.len() <= NO_FORWARDING_EXACT_MAX_TRANSFERS;
    if exact {
        let lb = inst.lower_bound();
        let mut nodes = 0u64;
        while steps > lb {
            let t = steps - 1;
            let mut search = Search {
                transfers: &transfers,
                source: inst.messages.iter().map(|m| m.source).collect(),
                t,
                recv: vec![false; inst.processors * t],
                send: vec![usize::MAX; inst.processors * t],
                slot: vec![usize::MAX; transfers.len()],
                used: 0,
                nodes,
                budget: NO_FORWARDING_BUDGET,
            };
            let r = search.go(0);
            nodes = search.nodes;
            match r {
                Some(true) => {
                    slot = search.slot;
                    steps = t;
                }
                Some(false) => break,
                None => {
                    exact = false;
                    break;
                }
            }
        }
    }
    (plan_of(inst, &transfers, &slot, steps), exact)
}

fn plan_of(
    inst: &MmInstance,
    transfers: &[(usize, usize)],
    slot: &[usize],
    steps: usize,
) -> MmPlan {
    let mut out: Vec<Vec<Transmission>> = vec![Vec::new(); steps];
    for (e, &(k, q)) in transfers.iter().enumerate() {
        let step = &mut out[slot[e]];
        match step.iter_mut().find(|t| t.message == k) {
            Some(t) => t.to.push(q),
            None => step.push(Transmission {
                message: k,
                from: inst.messages[k].source,
                to: vec![q],
            }),
        }
    }
    MmPlan { steps: out }.compacted()
}
