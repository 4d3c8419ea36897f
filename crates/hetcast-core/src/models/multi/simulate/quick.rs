//! The many-source simulator's quick pass ([`quick_time`]): the completion time of a valid
//! plan, every rule checked as the tasks run, for the experiments' many runs; a plan that
//! breaks a rule goes through [`super::checked_run`], which names the task.

use super::super::instance::{MultiInstance, NodeCosts};
use super::super::plan::{MultiPlan, Op};
use crate::order::later;

/// What [`quick_time`] knows of one (message, node) pair: `state` is [`NOT_DEST`] where the node is
/// neither a destination nor the source, [`HELD`] where it holds the message, 0 for a destination
/// that no send reached yet, and `1 + i` once node `i`'s send reached it; `arrival`: when that send
/// puts the message in its buffer.
#[derive(Clone, Copy)]
struct Slot {
    arrival: f64,
    state: u32,
}

const NOT_DEST: u32 = u32::MAX;
const HELD: u32 = u32::MAX - 1;

/// The completion time of a plan that keeps every rule of [`checked_run`](super::checked_run), None
/// when it breaks one (or the instance has `u32::MAX - 2` nodes or more). The same rules, checked
/// as the tasks run rather than in a matching pass first: tasks name existing nodes and messages
/// and not their own node; a send goes to a destination that no send reached yet, from a node that
/// holds the message; a receive takes the message from the node whose send reached it (it waits
/// while none did; a send from another node breaks the rule), once; no deadlock (every task runs)
/// and every destination receives. Then every send has its receive too: each destination is sent
/// the message at most once and receives it exactly once, from a send. The same times: each node
/// runs its list in order as in [`execute`](super::execute) (equations 3 and 4, the same sums), and
/// the latest end of a receive is the latest hold of a destination (each destination receives once,
/// and only destinations receive). A node that waits on a receive notes the pair it waits on, and
/// the send to that pair wakes it (each pair is sent at most once): the order in which nodes run
/// changes no time, since each receive's arrival is set by its one send.
///
/// **Complexity**: O(N·M + T), with one [`Slot`] per (message, node) instead of
/// [`checked_run`](super::checked_run)'s positions and options, and one pass over the tasks.
pub(super) fn quick_time(
    inst: &MultiInstance,
    nodes: &[NodeCosts],
    plan: &MultiPlan,
) -> Option<f64> {
    let n = inst.node_count();
    let nm = inst.messages.len();
    if plan.tasks.len() != n || nodes.len() != n || n >= HELD as usize - 1 {
        return None;
    }
    let mut slot = vec![
        Slot {
            arrival: 0.0,
            state: NOT_DEST,
        };
        nm * n
    ];
    let mut receives = 0usize;
    for (k, m) in inst.messages.iter().enumerate() {
        let row = &mut slot[k * n..(k + 1) * n];
        receives += m.destinations.len();
        for &d in &m.destinations {
            row[d].state = 0;
        }
        row[m.source].state = HELD;
    }
    // Per node: its place in its list, its clock, and the pair `k * n + v` it waits on
    // (`usize::MAX` before it ever waits).
    let mut at = vec![(0usize, 0.0f64, usize::MAX); n];
    let mut latest = 0.0f64;
    let mut work: Vec<usize> = (0..n).rev().collect();
    while let Some(v) = work.pop() {
        let list = &plan.tasks[v];
        // `v`'s place and clock, kept in registers while it runs (only `v` changes them).
        let (mut p, mut now, _) = at[v];
        let (send, recv) = (&nodes[v].send, &nodes[v].recv);
        while let Some(&t) = list.get(p) {
            if t.peer >= n || t.msg >= nm || t.peer == v {
                return None;
            }
            let size = inst.messages[t.msg].size;
            let row = t.msg * n;
            match t.op {
                Op::Send => {
                    if slot[row + v].state != HELD {
                        return None;
                    }
                    let to = &mut slot[row + t.peer];
                    if to.state != 0 {
                        return None;
                    }
                    to.state = v as u32 + 1;
                    let end = now + send.at(size);
                    to.arrival = end + inst.link.x(v, t.peer) * size;
                    now = end;
                    // Wake the receiver if it waits on this pair.
                    if at[t.peer].2 == row + t.peer {
                        work.push(t.peer);
                    }
                }
                Op::Recv => {
                    let s = &mut slot[row + v];
                    if s.state == 0 {
                        at[v].2 = row + v;
                        break;
                    }
                    if s.state != t.peer as u32 + 1 {
                        return None;
                    }
                    s.state = HELD;
                    let end = later(s.arrival, now) + recv.at(size);
                    now = end;
                    receives -= 1;
                    latest = later(latest, end);
                }
            }
            p += 1;
        }
        (at[v].0, at[v].1) = (p, now);
    }
    (receives == 0 && (0..n).all(|v| at[v].0 == plan.tasks[v].len())).then_some(latest)
}
