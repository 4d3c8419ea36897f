//! The schedule properties of 000 section 2: non-idling, monotonic, layered.
//!
//! "Faster" is judged by [`speed_key`] (receive time, then send time): in the node model
//! that is the cost c(v), as in the paper; in the sender-receiver model with consistent speeds
//! it is the common order of s and r.
//!
//! **Complexity**: O(n log n).

use super::algo::speed_key;
use crate::models::overhead::instance::Instance;
use crate::models::overhead::simulate::Schedule;
use serde::{Deserialize, Serialize};

/// Tolerance for comparing times computed by different sums of the same costs.
pub const EPS: f64 = 1e-9;

/// Which of the three properties a schedule has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Properties {
    /// No node waits between holding the message and its first send, or between two sends.
    pub non_idling: bool,
    /// No non-root node sends to a strictly faster node.
    pub monotonic: bool,
    /// No non-root node holds the message earlier than a strictly faster non-root node.
    pub layered: bool,
}

fn key_lt(a: (f64, f64), b: (f64, f64)) -> bool {
    a.0 < b.0 || (a.0 == b.0 && a.1 < b.1)
}

/// Check the three properties of `s`, a schedule of `inst`.
pub fn check(inst: &Instance, s: &Schedule) -> Properties {
    Properties {
        non_idling: non_idling(inst, s),
        monotonic: monotonic(inst, s),
        layered: layered(inst, s),
    }
}

/// 000 section 2: a node idles if some child's send starts later than the end of the previous
/// send (or, for the first child, later than the node holds the message).
/// With LogP gaps, a send may start no earlier than the gap after the previous one's start.
pub fn non_idling(inst: &Instance, s: &Schedule) -> bool {
    let mut free: Vec<f64> = s.ready.clone();
    // `sends` is grouped by sender in start order.
    s.sends.iter().all(|op| {
        let ok = (op.start - free[op.from]).abs() <= EPS * (1.0 + op.start.abs());
        free[op.from] = if inst.step(op.from) > inst.nodes[op.from].send {
            op.start + inst.step(op.from)
        } else {
            op.end
        };
        ok
    })
}

/// 000 section 2: for every edge (u, v) with u not the root, c(u) <= c(v).
pub fn monotonic(inst: &Instance, s: &Schedule) -> bool {
    s.sends
        .iter()
        .filter(|op| op.from != s.source)
        .all(|op| !key_lt(speed_key(inst, op.to), speed_key(inst, op.from)))
}

/// 000 section 2: for non-root u, v with c(u) < c(v), t(u) <= t(v).
pub fn layered(inst: &Instance, s: &Schedule) -> bool {
    let mut v: Vec<usize> = inst.destinations().collect();
    crate::order::sort_by(&mut v, |&a, &b| {
        let (ka, kb) = (speed_key(inst, a), speed_key(inst, b));
        ka.0.total_cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
    });
    // Walk groups of equal speed; every node must hold the message no earlier than the latest
    // node of every strictly faster group.
    let mut latest_faster = f64::NEG_INFINITY;
    let mut i = 0;
    while i < v.len() {
        let k = speed_key(inst, v[i]);
        let mut j = i;
        let mut group_latest = f64::NEG_INFINITY;
        while j < v.len() && speed_key(inst, v[j]) == k {
            if s.ready[v[j]] + EPS < latest_faster {
                return false;
            }
            group_latest = group_latest.max(s.ready[v[j]]);
            j += 1;
        }
        latest_faster = latest_faster.max(group_latest);
        i = j;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::overhead::plan::Plan;
    use crate::models::overhead::simulate::simulate;

    #[test]
    fn figure_1_schedules() {
        let inst = crate::models::overhead::gallery::libeskind_hadas_figure1();
        let g = simulate(
            &inst,
            &crate::models::overhead::algo::greedy::greedy(&inst)
                .unwrap()
                .plan,
        )
        .unwrap();
        assert_eq!(
            check(&inst, &g),
            Properties {
                non_idling: true,
                monotonic: true,
                layered: true
            }
        );
    }

    #[test]
    fn detects_each_violation() {
        // Costs: source 1, P1 = 3 (slow), P2 = 1 (fast).
        let inst = Instance::node_model(0, &[1.0, 3.0, 1.0]);
        // Source -> P1 -> P2: a slow node sends to a faster one; P1 (slow) holds before P2.
        let p = Plan {
            source: 0,
            children: vec![vec![1], vec![2], vec![]],
            wait: vec![],
        };
        let s = simulate(&inst, &p).unwrap();
        let pr = check(&inst, &s);
        assert!(pr.non_idling && !pr.monotonic && !pr.layered);
        // Source -> P2, P1 with a wait before the second send: idling, monotonic, layered.
        let p = Plan {
            source: 0,
            children: vec![vec![2, 1], vec![], vec![]],
            wait: vec![vec![0.0, 0.5]],
        };
        let pr = check(&inst, &simulate(&inst, &p).unwrap());
        assert!(!pr.non_idling && pr.monotonic && pr.layered);
    }
}
