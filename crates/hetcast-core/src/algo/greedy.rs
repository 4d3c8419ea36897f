//! Greedy multicast (000 section 2, Lemma 1), which is fastest-node-first (FNF, 004 sections
//! 3.1 and 5.2) in the sender-receiver model.
//!
//! Destinations are sorted fastest first ([`super::faster_first`]). A binary heap holds the
//! nodes that have the message, keyed by the time their next send would end. Each step pops the
//! sender whose next send ends first, gives it the fastest waiting destination as its next child,
//! pushes the receiver (key: when it holds the message plus its own send time) and re-pushes the
//! sender (key: plus its send time).
//!
//! **Ties** (documented, deterministic): equal heap keys go to the smaller node index.
//! Equal destinations go to the smaller index.
//!
//! **Complexity**: O(n log n) time (one sort, n-1 pops and 2(n-1) pushes), O(n) space.
//!
//! ```
//! use hetcast_core::{gallery, algo::greedy::greedy, simulate};
//! let inst = gallery::libeskind_hadas_figure1();
//! let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
//! assert_eq!(s.completion_time, 10.0);
//! ```

use super::{faster_first, Solution};
use crate::error::Error;
use crate::model::Instance;
use crate::plan::Plan;
use crate::trace::TraceStep;
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

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

/// Greedy / FNF with its trace. See the module documentation.
pub fn greedy(inst: &Instance) -> Result<Solution, Error> {
    greedy_impl(inst, true)
}

/// Greedy / FNF without building the trace (for benchmarks and large experiments).
pub fn greedy_plan(inst: &Instance) -> Result<Plan, Error> {
    greedy_impl(inst, false).map(|s| s.plan)
}

fn greedy_impl(inst: &Instance, with_trace: bool) -> Result<Solution, Error> {
    inst.validate()?;
    let mut waiting: Vec<usize> = inst.destinations().collect();
    waiting.sort_unstable_by(|&a, &b| faster_first(inst, a, b));
    Ok(list_schedule(inst, &waiting, with_trace))
}

/// The list schedule of 004 equation 1: destinations receive in the given `order`, each from
/// the node whose next send ends first (ties: smaller index). Greedy / FNF is the list schedule
/// of the fastest-first order; any other order gives the schedule 004 calls the sequence `P`.
/// `order` must list every destination once; `inst` must be valid. O(n log n).
pub fn list_schedule(inst: &Instance, order: &[usize], with_trace: bool) -> Solution {
    let n = inst.nodes.len();
    let mut plan = Plan::new(inst.source, n);
    let mut trace = Vec::new();
    let mut heap = BinaryHeap::with_capacity(n);
    heap.push(Reverse(Key(inst.nodes[inst.source].send, inst.source)));
    for &w in order {
        let Reverse(Key(end, v)) = heap.pop().expect("the heap always holds the source");
        let ready = end + inst.arrival_delay(w);
        plan.children[v].push(w);
        if with_trace {
            let start = end - inst.nodes[v].send;
            trace.push(TraceStep {
                sender: v,
                receiver: w,
                send_start: start,
                send_end: end,
                receiver_ready: ready,
                text: format!(
                    "the heap gives {} (its next send ends first, at t={}); the fastest waiting node {} becomes its child #{} and holds the message at t={}",
                    inst.label(v),
                    fmt_t(end),
                    inst.label(w),
                    plan.children[v].len(),
                    fmt_t(ready)
                ),
            });
        }
        heap.push(Reverse(Key(ready + inst.nodes[w].send, w)));
        heap.push(Reverse(Key(end + inst.nodes[v].send, v)));
    }
    Solution { plan, trace }
}

/// Format a time for messages: integers without a decimal point, others with up to 3 decimals.
pub fn fmt_t(t: f64) -> String {
    if (t - t.round()).abs() < 1e-9 {
        format!("{}", t.round() as i64)
    } else {
        let s = format!("{t:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulate::simulate;

    #[test]
    fn trace_times_match_the_simulator() {
        let inst =
            Instance::sender_receiver(0, 1.0, &[(1.0, 2.0), (1.0, 2.0), (2.0, 3.0), (1.0, 2.0)]);
        let sol = greedy(&inst).unwrap();
        let s = simulate(&inst, &sol.plan).unwrap();
        assert_eq!(sol.trace.len(), 3);
        for st in &sol.trace {
            assert_eq!(s.ready[st.receiver], st.receiver_ready);
            assert_eq!(s.parent[st.receiver], Some(st.sender));
        }
        // The first step: the source sends to the fastest node (P1, index tie-break before P3).
        assert_eq!((sol.trace[0].sender, sol.trace[0].receiver), (0, 1));
        assert!(sol.trace[0].text.contains("P1"));
    }

    #[test]
    fn liu_figure_3_fnf_finishes_at_6() {
        let inst = Instance::sender_receiver(0, 1.0, &[(1.0, 2.0), (1.0, 2.0), (2.0, 3.0)]);
        let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
        assert_eq!(s.completion_time, 6.0);
    }
}
