//! The one simulator of the overhead model (node model and sender-receiver model): it turns a
//! [`Plan`] into times and rejects a plan that is not a tree over exactly the instance's nodes.
//!
//! Timing rules (000 section 2; 004 sections 2.2-2.3, equation 1):
//! - the source holds the message at time 0;
//! - a node `u` that holds the message at `ready(u)` sends to its children in order, back to back:
//!   the `i`-th send starts at `max(end of send i-1, ready(u)) + wait[u][i]` and lasts `s(u)`;
//!   with a gap `g(u)` (heterogeneous LogP, 000 section 5) above `s(u)`, a send starts no
//!   earlier than `g(u)` after the start of the previous one: `max(start of send i-1 + g(u),
//!   ready(u)) + wait[u][i]` (the node is idle between the end of a send and the gap; a gap at
//!   or below `s(u)` changes nothing). A node receives once, so the gap between receives never
//!   binds; a receive and the first send that follows it are not spaced by the gap;
//! - the message is in transit for `L` after the send ends, then the child receives for `r(child)`;
//!   the child holds the message ("ready to send", the node model's arrival time `t(v)`) when
//!   that receive ends;
//! - the completion time is the latest `ready` over all destinations.

use crate::error::Error;
use crate::models::overhead::instance::Instance;
use crate::models::overhead::plan::Plan;
use serde::{Deserialize, Serialize};

/// One send operation in a schedule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SendOp {
    /// Sender.
    pub from: usize,
    /// Receiver.
    pub to: usize,
    /// When the sender starts (busy from here) ...
    pub start: f64,
    /// ... until here; the message then enters the network.
    pub end: f64,
    /// When the message leaves the network (`end + L`) and the receive starts.
    pub recv_start: f64,
    /// When the receiver holds the message.
    pub recv_end: f64,
}

/// Timed schedule of one multicast: what the Gantt chart and tree show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Schedule {
    /// Source node.
    pub source: usize,
    /// Parent of each node (None for the source).
    pub parent: Vec<Option<usize>>,
    /// Children of each node in send order.
    pub children: Vec<Vec<usize>>,
    /// When each node holds the message and may send (0 for the source).
    pub ready: Vec<f64>,
    /// When each node starts receiving ("ready to receive" + L); None for the source.
    pub recv_start: Vec<Option<f64>>,
    /// Every send, grouped by sender in send order.
    pub sends: Vec<SendOp>,
    /// Largest `ready` over destinations.
    pub completion_time: f64,
}

impl Schedule {
    /// The send that delivered the message to `v`.
    pub fn incoming(&self, v: usize) -> Option<&SendOp> {
        self.sends.iter().find(|s| s.to == v)
    }

    /// 004's `TR`: the last "ready to receive" time over destinations, i.e. the latest end of a
    /// send (004 section 2.3 folds the latency into the receive time). FNF minimises this on
    /// power-of-2 clusters (004 Theorem 2), not the completion time.
    pub fn last_ready_to_receive(&self) -> f64 {
        self.sends.iter().map(|s| s.end).fold(0.0, f64::max)
    }
}

/// A node as messages name it: its label, cut to one short line (names are user text).
fn name(inst: &Instance, v: usize) -> String {
    crate::error::excerpt(&inst.label(v))
}

/// Time `plan` on `inst`. Errors name the offending node: a node out of range, a node with two
/// parents, a node that never receives, the source as a child, a cycle, a wait that is negative,
/// NaN or above 1e9.
pub fn simulate(inst: &Instance, plan: &Plan) -> Result<Schedule, Error> {
    let n = inst.nodes.len();
    if plan.children.len() != n {
        return Err(Error::InvalidPlan(format!(
            "the plan lists children for {} nodes, the instance has {n}",
            plan.children.len()
        )));
    }
    if plan.source != inst.source {
        return Err(Error::InvalidPlan(format!(
            "the plan is rooted at {}, the instance's source is {}",
            name(inst, plan.source.min(n - 1)),
            name(inst, inst.source)
        )));
    }
    let mut parent: Vec<Option<usize>> = vec![None; n];
    for (u, ch) in plan.children.iter().enumerate() {
        for (i, &v) in ch.iter().enumerate() {
            if v >= n {
                return Err(Error::InvalidPlan(format!(
                    "{} sends to node {v}, which does not exist",
                    name(inst, u)
                )));
            }
            if v == inst.source {
                return Err(Error::InvalidPlan(format!(
                    "{} sends to the source {}",
                    name(inst, u),
                    name(inst, v)
                )));
            }
            if let Some(p) = parent[v] {
                return Err(Error::InvalidPlan(format!(
                    "{} receives twice (from {} and from {})",
                    name(inst, v),
                    name(inst, p),
                    name(inst, u)
                )));
            }
            let w = plan.wait_before(u, i);
            // At most MAX_COST, as costs: two waits of 1e308 would make the times infinite.
            if !crate::models::overhead::instance::latency_ok(w) {
                return Err(Error::InvalidPlan(format!(
                    "{} waits {} before its send to {}; waits must be numbers from 0 to 1e9",
                    name(inst, u),
                    crate::error::num_shown(w),
                    name(inst, v)
                )));
            }
            parent[v] = Some(u);
        }
    }
    // Breadth-first from the source: times are final once the parent's are.
    let mut ready = vec![f64::NAN; n];
    let mut recv_start = vec![None; n];
    let mut reached = vec![false; n];
    let mut sends = Vec::with_capacity(n.saturating_sub(1));
    ready[inst.source] = 0.0;
    reached[inst.source] = true;
    let mut queue = std::collections::VecDeque::from([inst.source]);
    while let Some(u) = queue.pop_front() {
        let s = inst.nodes[u].send;
        let gap = inst.nodes[u].gap.filter(|&g| g > s);
        let mut free = ready[u];
        for (i, &v) in plan.children[u].iter().enumerate() {
            let start = free + plan.wait_before(u, i);
            let end = start + s;
            let rs = end + inst.latency;
            let re = rs + inst.nodes[v].recv;
            sends.push(SendOp {
                from: u,
                to: v,
                start,
                end,
                recv_start: rs,
                recv_end: re,
            });
            recv_start[v] = Some(rs);
            ready[v] = re;
            reached[v] = true;
            // With a gap above s, the next send starts g after this one; else when it ends.
            free = match gap {
                Some(g) => start + g,
                None => end,
            };
            queue.push_back(v);
        }
    }
    if let Some(v) = (0..n).find(|&v| !reached[v]) {
        return Err(Error::InvalidPlan(match parent[v] {
            None => format!("{} never receives the message", name(inst, v)),
            Some(_) => format!(
                "{} is on a cycle that the source does not reach",
                name(inst, v)
            ),
        }));
    }
    crate::order::sort_by(&mut sends, |a, b| {
        a.from.cmp(&b.from).then(a.start.total_cmp(&b.start))
    });
    let completion_time = inst.destinations().map(|v| ready[v]).fold(0.0, f64::max);
    Ok(Schedule {
        source: inst.source,
        parent,
        children: plan.children.clone(),
        ready,
        recv_start,
        sends,
        completion_time,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn liu_figure_1_timing() {
        // p0, p1: s=1, r=2; p2: s=2, r=3; L=1. p0 sends to p2 then p1: both receive at 5.
        let inst = Instance::sender_receiver(0, 1.0, &[(1.0, 2.0), (1.0, 2.0), (2.0, 3.0)]);
        let plan = Plan {
            source: 0,
            children: vec![vec![2, 1], vec![], vec![]],
            wait: vec![],
        };
        let s = simulate(&inst, &plan).unwrap();
        assert_eq!(s.ready, vec![0.0, 5.0, 5.0]);
        assert_eq!(s.recv_start[2], Some(2.0));
        assert_eq!(s.completion_time, 5.0);
    }

    #[test]
    fn rejects_non_trees_naming_the_node() {
        let inst = Instance::node_model(0, &[1.0, 1.0, 1.0]);
        let bad = |children: Vec<Vec<usize>>| {
            simulate(
                &inst,
                &Plan {
                    source: 0,
                    children,
                    wait: vec![],
                },
            )
            .unwrap_err()
            .to_string()
        };
        assert!(bad(vec![vec![1], vec![], vec![]]).contains("P2 never receives"));
        assert!(bad(vec![vec![1, 2], vec![2], vec![]]).contains("P2 receives twice"));
        assert!(bad(vec![vec![1], vec![0], vec![]]).contains("sends to the source"));
        assert!(bad(vec![vec![], vec![2], vec![1]]).contains("cycle"));
        assert!(bad(vec![vec![7], vec![], vec![]]).contains("does not exist"));
        assert!(bad(vec![vec![1]]).contains("3"));
    }

    /// LogP gaps: P0 (s = 1, g = 3) sends to P1 at 0-1 and to P2 at 3-4; P1 (s = 2, g = 1:
    /// below s, no effect) sends to P3 at 1-3 and P4 at 3-5. A gap equal to s is the old rule.
    #[test]
    fn gaps_space_the_starts_of_sends() {
        let mut inst = Instance::node_model(0, &[1.0, 2.0, 1.0, 1.0, 1.0]);
        inst.nodes[0].gap = Some(3.0);
        inst.nodes[1].gap = Some(1.0);
        let plan = Plan {
            source: 0,
            children: vec![vec![1, 2], vec![3, 4], vec![], vec![], vec![]],
            wait: vec![],
        };
        let s = simulate(&inst, &plan).unwrap();
        assert_eq!(s.ready, vec![0.0, 1.0, 4.0, 3.0, 5.0]);
        inst.nodes[0].gap = Some(1.0);
        let s = simulate(&inst, &plan).unwrap();
        assert_eq!(s.ready, vec![0.0, 1.0, 2.0, 3.0, 5.0]);
        // With a wait: the wait counts from the gap.
        inst.nodes[0].gap = Some(3.0);
        let waited = Plan {
            wait: vec![vec![0.0, 0.5]],
            ..plan
        };
        assert_eq!(simulate(&inst, &waited).unwrap().ready[2], 4.5);
    }

    #[test]
    fn waits_delay_sends() {
        let inst = Instance::node_model(0, &[2.0, 1.0, 1.0]);
        let plan = Plan {
            source: 0,
            children: vec![vec![1, 2], vec![], vec![]],
            wait: vec![vec![0.0, 1.5]],
        };
        let s = simulate(&inst, &plan).unwrap();
        assert_eq!(s.ready, vec![0.0, 2.0, 5.5]);
    }
}
