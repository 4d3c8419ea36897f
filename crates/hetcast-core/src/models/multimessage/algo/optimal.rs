//! `optimal`: the fewest steps with forwarding, by search, for small instances (Gonzalez,
//! section 1: three steps for Example 1.1, "all communications can be carried out in three
//! steps" once forwarding is allowed; the problem is NP-hard, section 1).
//!
//! For `T` from the lower bound up to one less than the best schedule of the other algorithms,
//! a depth-first search looks for a `T`-step schedule, one step at a time. A state is what
//! every processor holds. Within a step the receivers choose in turn: a message it lacks and
//! that is still needed somewhere, from a processor that already sends it in this step, or
//! from a processor that holds it and sends nothing yet (this commits that sender), or nothing.
//! Pruning: a processor that still lacks `r` needed messages needs `r` more steps; a processor
//! that is the only holder of `s` messages still needed elsewhere needs `s` more steps; a
//! receiver lacking as many needed messages as steps are left must receive one of them now;
//! a message a processor does not need is taken only if a later step can forward it; states
//! proven hopeless with `k` steps left are remembered. If no shorter schedule exists the best
//! of the others is optimal.
//!
//! Limits: [`OPTIMAL_MAX_PROCESSORS`], [`OPTIMAL_MAX_MESSAGES`], [`OPTIMAL_MAX_TRANSFERS`],
//! and [`OPTIMAL_BUDGET`] search nodes; past them it refuses with [`Error::TooLarge`].
//!
//! # Complexity
//! Exponential in the worst case; bounded by the budget.
//!
//! # Example
//! Example 1.1: 3 steps (= d, so optimal).
//!
//! ```
//! use hetcast_core::models::multimessage::{algo::optimal::optimal, gallery::example_1_1, simulate};
//! let inst = example_1_1();
//! let plan = optimal(&inst).unwrap();
//! assert_eq!(simulate(&inst, &plan).unwrap().steps, 3);
//! ```

use super::{gonzalez, no_forwarding, single_send};
use crate::error::Error;
use crate::models::multimessage::{simulate, MmInstance, MmPlan, Transmission};
use std::collections::HashMap;

/// Most processors the exact search takes.
pub const OPTIMAL_MAX_PROCESSORS: usize = 10;
/// Most messages the exact search takes.
pub const OPTIMAL_MAX_MESSAGES: usize = 12;
/// Most transfers (destinations over all messages) the exact search takes.
pub const OPTIMAL_MAX_TRANSFERS: usize = 30;
/// Search nodes (receiver choices) the exact search may visit.
pub const OPTIMAL_BUDGET: u64 = 20_000_000;

/// The pseudo-code the trace points into.
pub const PSEUDO: &[&str] = &[
    "Upper bound U: the best schedule of gonzalez, single-send and no-forwarding",
    "for T = d to U − 1: depth-first search for a T-step schedule (receivers choose a message and a sender in turn; bounds prune)",
    "The first T found is the minimum; if none, the upper bound's schedule is optimal",
];

const NAME: &str = "optimal (exact search)";

struct Search {
    n: usize,
    need: Vec<u32>,
    /// Messages still needed somewhere (by some processor lacking it): recomputed per state.
    memo: HashMap<Vec<u32>, usize>,
    nodes: u64,
    steps: Vec<Vec<Transmission>>,
}

impl Search {
    fn lacking(&self, hold: &[u32], q: usize) -> u32 {
        (self.need[q] & !hold[q]).count_ones()
    }

    /// Messages some processor needs and lacks.
    fn alive(&self, hold: &[u32]) -> u32 {
        (0..self.n).fold(0, |a, q| a | (self.need[q] & !hold[q]))
    }

    fn lower_bound(&self, hold: &[u32]) -> usize {
        let alive = self.alive(hold);
        let mut lb = 0;
        for q in 0..self.n {
            lb = lb.max(self.lacking(hold, q) as usize);
        }
        // The only holder of s live messages sends them in s different steps.
        let mut sole = vec![0usize; self.n];
        let mut k_bits = alive;
        while k_bits != 0 {
            let k = k_bits.trailing_zeros();
            k_bits &= k_bits - 1;
            let holders: Vec<usize> = (0..self.n).filter(|&p| hold[p] >> k & 1 == 1).collect();
            if holders.len() == 1 {
                sole[holders[0]] += 1;
            }
        }
        lb.max(sole.into_iter().max().unwrap_or(0))
    }

    /// Is there a schedule of `left` more steps from `hold`?
    fn solve(&mut self, hold: &[u32], left: usize) -> Result<bool, Error> {
        if self.alive(hold) == 0 {
            return Ok(true);
        }
        if left == 0 || self.lower_bound(hold) > left {
            return Ok(false);
        }
        if self.memo.get(hold).is_some_and(|&k| k >= left) {
            return Ok(false);
        }
        let mut send = vec![u32::MAX; self.n];
        let mut got = vec![u32::MAX; self.n];
        let found = self.receiver(hold, left, 0, &mut send, &mut got)?;
        if !found {
            let e = self.memo.entry(hold.to_vec()).or_insert(0);
            *e = (*e).max(left);
        }
        Ok(found)
    }

    /// Receivers `q..n` choose what they receive in this step.
    fn receiver(
        &mut self,
        hold: &[u32],
        left: usize,
        q: usize,
        send: &mut [u32],
        got: &mut [u32],
    ) -> Result<bool, Error> {
        self.nodes += 1;
        if self.nodes > OPTIMAL_BUDGET {
            return Err(Error::TooLarge {
                algorithm: NAME,
                size: self.nodes,
                limit: OPTIMAL_BUDGET,
                what: "search nodes",
            });
        }
        if q == self.n {
            // The step is chosen: apply it and go on.
            let mut next = hold.to_vec();
            let mut changed = false;
            for p in 0..self.n {
                if got[p] != u32::MAX {
                    next[p] |= 1 << got[p];
                    changed = true;
                }
            }
            if !changed {
                return Ok(false);
            }
            if self.solve(&next, left - 1)? {
                let mut step: Vec<Transmission> = Vec::new();
                for (r, &g) in got.iter().enumerate() {
                    if g == u32::MAX {
                        continue;
                    }
                    let k = g as usize;
                    let p = (0..self.n)
                        .find(|&p| p != r && send[p] == g)
                        .expect("a sender of the message was committed");
                    match step.iter_mut().find(|t| t.from == p) {
                        Some(t) => t.to.push(r),
                        None => step.push(Transmission {
                            message: k,
                            from: p,
                            to: vec![r],
                        }),
                    }
                }
                self.steps.push(step);
                return Ok(true);
            }
            return Ok(false);
        }
        let alive = self.alive(hold);
        let lacks = self.need[q] & !hold[q];
        let must = lacks.count_ones() as usize >= left;
        // Candidate messages: needed ones first, then (if a later step can forward) others.
        let mut cands: Vec<u32> = Vec::new();
        let mut bits = lacks & alive;
        while bits != 0 {
            cands.push(bits.trailing_zeros());
            bits &= bits - 1;
        }
        if !must && left >= 2 {
            let mut relay = alive & !hold[q] & !self.need[q];
            while relay != 0 {
                cands.push(relay.trailing_zeros());
                relay &= relay - 1;
            }
        }
        let mut free_useful = false;
        for &k in &cands {
            // A sender already multicasting k in this step: no new commitment.
            if let Some(_p) = (0..self.n).find(|&p| p != q && send[p] == k) {
                if lacks >> k & 1 == 1 {
                    free_useful = true;
                }
                got[q] = k;
                if self.receiver(hold, left, q + 1, send, got)? {
                    return Ok(true);
                }
                got[q] = u32::MAX;
                continue;
            }
            for p in 0..self.n {
                if p == q || send[p] != u32::MAX || hold[p] >> k & 1 == 0 {
                    continue;
                }
                send[p] = k;
                got[q] = k;
                let r = self.receiver(hold, left, q + 1, send, got)?;
                send[p] = u32::MAX;
                got[q] = u32::MAX;
                if r {
                    return Ok(true);
                }
            }
        }
        // Nothing: never when a needed message must come now, nor when a sender already
        // multicasts a message q needs (joining it costs nothing).
        if !must && !free_useful {
            return self.receiver(hold, left, q + 1, send, got);
        }
        Ok(false)
    }
}

/// Check the limits of the exact search.
pub fn check_limits(inst: &MmInstance) -> Result<(), Error> {
    for (size, limit, what) in [
        (inst.processors, OPTIMAL_MAX_PROCESSORS, "processors"),
        (inst.messages.len(), OPTIMAL_MAX_MESSAGES, "messages"),
        (inst.transfers(), OPTIMAL_MAX_TRANSFERS, "transfers"),
    ] {
        if size > limit {
            return Err(Error::TooLarge {
                algorithm: NAME,
                size: size as u64,
                limit: limit as u64,
                what,
            });
        }
    }
    Ok(())
}

/// The fewest-step schedule with forwarding; refuses instances past the limits.
pub fn optimal(inst: &MmInstance) -> Result<MmPlan, Error> {
    inst.validate()?;
    check_limits(inst)?;
    // Upper bound: the best of the other algorithms.
    let mut best = gonzalez::gonzalez(inst)?.plan;
    for other in [
        no_forwarding::no_forwarding(inst).0,
        single_send::single_send(inst).0,
    ] {
        if other.steps.len() < best.steps.len() {
            best = other;
        }
    }
    let upper = simulate(inst, &best)?.steps;
    let n = inst.processors;
    let mut need = vec![0u32; n];
    let mut hold = vec![0u32; n];
    for (k, m) in inst.messages.iter().enumerate() {
        hold[m.source] |= 1 << k;
        for &q in &m.destinations {
            need[q] |= 1 << k;
        }
    }
    let mut search = Search {
        n,
        need,
        memo: HashMap::new(),
        nodes: 0,
        steps: Vec::new(),
    };
    for t in inst.lower_bound()..upper {
        search.steps.clear();
        if search.solve(&hold, t)? {
            let mut steps = std::mem::take(&mut search.steps);
            steps.reverse();
            return Ok(MmPlan { steps });
        }
    }
    Ok(best)
}
