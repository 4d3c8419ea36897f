//! Exact optimum by exhaustive search over non-idling ordered trees, for at most
//! [`EXHAUSTIVE_MAX_NODES`] nodes: an independent cross-check of the dynamic programs.
//!
//! It does **not** use the recurrence of Lemma 5. It replays the simulator's clock: the nodes
//! that hold the message are "open senders", each with the time its next send would end. The
//! search always looks at the open sender whose next send ends first (ties: the node added
//! first) and branches on what that node does with that slot:
//!
//! - send to a destination of type `l` (one branch per type with destinations left: identical
//!   destinations are interchangeable, so only the type is chosen); the receiver holds the
//!   message at `end + L + r_l` and becomes an open sender;
//! - or stop sending for good (the node is closed).
//!
//! Every non-idling ordered tree corresponds to exactly one sequence of such decisions (each node
//! sends back to back, so at each of its slots it either has a next child or has none), so the
//! search sees every schedule once up to renaming identical destinations. Times are summed in
//! the simulator's order, so they equal [`crate::models::overhead::simulate::simulate`]'s to the bit.
//!
//! **Branch and bound.** The incumbent starts as greedy's plan; a branch is cut when
//! - a receiver would hold the message at or after `best - tol`;
//! - the earliest slot `t` plus the largest `L + r` among the types still to place reaches
//!   `best - tol` (that node must receive after `t`);
//! - even if every remaining destination were as fast as the fastest remaining type (smallest
//!   send time, smallest `L + r`), fewer than the remaining number could be reached before
//!   `best - tol`. The count is greedy's on identical receivers, which maximises the number of
//!   nodes reached by a deadline; lowering costs never delays a schedule.
//!
//! `tol = REL_TOL * greedy` (1e-12, the same as [`super::optimal::REL_TOL`]): a schedule must beat
//! the incumbent by more than that to replace it.
//!
//! **LogP gaps** (000 section 5): a sender's next slot ends one *step* later (its send time, or
//! its gap when larger, [`Instance::step`]); with gaps the sums are `end + g` where the
//! simulator sums `start + g + s`, equal up to rounding (the tolerance covers it).
//!
//! **Complexity**: exponential; at most 9 nodes (8 destinations) are accepted, which takes well
//! under a second in a debug build for up to 3 types. Above, [`Error::TooLarge`].

use super::greedy::greedy_plan;
use super::lemma5::{Assigner, Groups};
use super::Solution;
use crate::error::Error;
use crate::models::overhead::instance::Instance;
use crate::models::overhead::plan::Plan;
use crate::models::overhead::simulate::simulate;

/// Largest number of nodes (source included) the exhaustive search accepts.
pub const EXHAUSTIVE_MAX_NODES: usize = 9;

/// [`Error::TooLarge`] when `inst` has more than [`EXHAUSTIVE_MAX_NODES`] nodes.
pub fn too_large(inst: &Instance) -> Option<Error> {
    (inst.len() > EXHAUSTIVE_MAX_NODES).then(|| Error::TooLarge {
        algorithm: "exhaustive",
        size: inst.len() as u64,
        limit: EXHAUSTIVE_MAX_NODES as u64,
        what: "nodes",
    })
}

/// Exact optimum by exhaustive search (see the module documentation).
pub fn exhaustive(inst: &Instance) -> Result<Solution, Error> {
    exhaustive_with_time(inst).map(|(s, _)| s)
}

/// The optimal plan and its completion time.
pub fn exhaustive_with_time(inst: &Instance) -> Result<(Solution, f64), Error> {
    inst.validate()?;
    if let Some(e) = too_large(inst) {
        return Err(e);
    }
    let incumbent = greedy_plan(inst)?;
    let best = simulate(inst, &incumbent)?.completion_time;
    let g = Groups::new(inst);
    let k = g.len();
    let mut s = Search {
        send: g.send.clone(),
        step: g.step.clone(),
        recv: g.recv.clone(),
        latency: inst.latency,
        remaining: g.counts(),
        left: inst.len() - 1,
        node_type: vec![None],
        parent: vec![0],
        open: vec![(inst.nodes[inst.source].send, 0, inst.step(inst.source))],
        max_ready: 0.0,
        best,
        tol: super::optimal::REL_TOL * best,
        found: None,
    };
    debug_assert!(k >= 1);
    s.dfs();
    let (time, plan) = match s.found.take() {
        None => (best, incumbent),
        Some((t, types, parent)) => {
            let mut plan = Plan::new(inst.source, inst.len());
            let mut assign = Assigner::new(&g);
            let mut concrete = vec![inst.source; types.len()];
            for id in 1..types.len() {
                let l = types[id].unwrap_or(0);
                concrete[id] = assign.take(l).ok_or_else(|| {
                    Error::InvalidPlan("exhaustive: internal count mismatch".into())
                })?;
                plan.children[concrete[parent[id]]].push(concrete[id]);
            }
            (t, plan)
        }
    };
    Ok((
        Solution {
            plan,
            trace: Vec::new(),
        },
        time,
    ))
}

type Found = (f64, Vec<Option<usize>>, Vec<usize>);

struct Search {
    send: Vec<f64>,
    /// Per type, the time between the starts of two sends (send time, or LogP gap).
    step: Vec<f64>,
    recv: Vec<f64>,
    latency: f64,
    remaining: Vec<usize>,
    left: usize,
    /// Type of each placed node (None: the source), in the order placed.
    node_type: Vec<Option<usize>>,
    /// Parent of each placed node (by placement id).
    parent: Vec<usize>,
    /// Open senders: (end of the next send, placement id, step to the next send).
    open: Vec<(f64, usize, f64)>,
    max_ready: f64,
    best: f64,
    tol: f64,
    found: Option<Found>,
}

impl Search {
    fn dfs(&mut self) {
        if self.left == 0 {
            if self.max_ready < self.best - self.tol {
                self.best = self.max_ready;
                self.found = Some((self.max_ready, self.node_type.clone(), self.parent.clone()));
            }
            return;
        }
        // The open sender whose next send ends first (ties: placed first).
        let Some(idx) = (0..self.open.len()).min_by(|&a, &b| {
            let (x, y) = (self.open[a], self.open[b]);
            x.0.total_cmp(&y.0).then(x.1.cmp(&y.1))
        }) else {
            return;
        };
        let (t, u, su) = self.open[idx];
        let cut = self.best - self.tol;
        let k = self.send.len();
        let mut max_a = f64::NEG_INFINITY;
        let (mut min_s, mut min_r) = (f64::INFINITY, f64::INFINITY);
        for l in 0..k {
            if self.remaining[l] > 0 {
                max_a = max_a.max(self.latency + self.recv[l]);
                min_s = min_s.min(self.send[l]);
                min_r = min_r.min(self.recv[l]);
            }
        }
        if t + max_a >= cut || !self.can_reach(min_s, min_r, cut) {
            return;
        }
        for l in 0..k {
            if self.remaining[l] == 0 {
                continue;
            }
            let ready = t + self.latency + self.recv[l];
            if ready >= cut {
                continue;
            }
            let id = self.node_type.len();
            self.node_type.push(Some(l));
            self.parent.push(u);
            self.remaining[l] -= 1;
            self.left -= 1;
            self.open[idx].0 = t + su;
            self.open.push((ready + self.send[l], id, self.step[l]));
            let old_max = self.max_ready;
            self.max_ready = self.max_ready.max(ready);
            self.dfs();
            self.max_ready = old_max;
            self.open.pop();
            self.open[idx].0 = t;
            self.left += 1;
            self.remaining[l] += 1;
            self.parent.pop();
            self.node_type.pop();
        }
        // Close this sender.
        let saved = self.open.swap_remove(idx);
        self.dfs();
        self.open.push(saved);
        let last = self.open.len() - 1;
        self.open.swap(idx, last);
    }

    /// Can `self.left` more nodes be reached before `cut` if each were as fast as (`min_s`,
    /// `min_r`)? Greedy on identical receivers reaches the most nodes by any deadline.
    fn can_reach(&self, min_s: f64, min_r: f64, cut: f64) -> bool {
        let mut slots: Vec<(f64, f64)> = self.open.iter().map(|&(t, _, s)| (t, s)).collect();
        let mut count = 0;
        while count < self.left {
            let Some(i) = (0..slots.len()).min_by(|&a, &b| slots[a].0.total_cmp(&slots[b].0))
            else {
                return false;
            };
            let (t, s) = slots[i];
            let ready = t + self.latency + min_r;
            if ready >= cut {
                return false;
            }
            count += 1;
            slots[i].0 = t + s;
            // Steps are at least the send times: min_s is a relaxation of every step.
            slots.push((ready + min_s, min_s));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::overhead::gallery;

    #[test]
    fn golden_examples() {
        let inst = gallery::liu_figure1();
        let (sol, t) = exhaustive_with_time(&inst).unwrap();
        assert_eq!(t, 5.0);
        assert_eq!(simulate(&inst, &sol.plan).unwrap().completion_time, 5.0);
        assert!(matches!(
            exhaustive(&gallery::libeskind_hadas_figure1()),
            Err(Error::TooLarge {
                algorithm: "exhaustive",
                size: 12,
                limit: 9,
                ..
            })
        ));
    }
}
