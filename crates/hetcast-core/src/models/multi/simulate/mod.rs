//! The simulator of the many-source model with non-blocking sends (paper 001, equations 1, 3
//! and 4): it times a [`MultiPlan`] and rejects one that breaks the model.
//!
//! Timing rules. Every node runs its task list in order from time 0, with a clock `avail`:
//! - **send** `m_k` to `j` (non-blocking): busy from `avail` to `avail + S(i, l_k)`; the message
//!   reaches `j`'s network buffer at `avail + S(i, l_k) + X(i, j)·l_k` (equation 3);
//! - **receive** `m_k` from `i` (blocking): the node waits from `avail` until the message is in
//!   its buffer, then is busy `R(j, l_k)`: it holds `m_k` at
//!   `max(arrival, avail) + R(j, l_k)` (equation 4);
//! - the completion time is the latest end of a receive.
//!
//! Rules, each reported with the task that breaks it: tasks name existing nodes and messages
//! and not the node itself; a node relays only a message it holds (it is the message's source
//! or received it earlier in its list); only destinations receive a message, and each once;
//! every destination receives; every send has its receive and every receive its send; no
//! deadlock (every node blocked on a receive whose send it waits for).
//!
//! Complexity: O(N·M + T) for N nodes, M messages, T tasks.
//!
//! On one-message plans this gives exactly the times of the sender-receiver simulator
//! [`simulate`](mod@crate::models::overhead::simulate) (tested in `tests/multi.rs`).

use super::instance::{MultiInstance, NodeCosts};
use super::plan::{MultiPlan, Op, Task};
use crate::error::Error;
use serde::{Deserialize, Serialize};

/// One message transfer, timed: a send and its matching receive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Transfer {
    /// Message index.
    pub msg: usize,
    /// Sender.
    pub from: usize,
    /// Receiver.
    pub to: usize,
    /// The sender starts the send (busy from here) ...
    pub send_start: f64,
    /// ... until here (`send_start + S`); the message then enters the network.
    pub send_end: f64,
    /// The message reaches the receiver's buffer (`send_end + X·l`).
    pub arrive: f64,
    /// The receiver issues the receive (its previous task ended); it may wait from here.
    pub recv_issue: f64,
    /// The receiver starts copying (`max(arrive, recv_issue)`).
    pub recv_start: f64,
    /// The receiver holds the message (`recv_start + R`).
    pub recv_end: f64,
}

/// A timed plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MultiSchedule {
    /// Every transfer, by start of its send (ties by sender).
    pub transfers: Vec<Transfer>,
    /// `parent[k][v]`: who sent message `k` to `v` (None for its source and non-destinations).
    pub parent: Vec<Vec<Option<usize>>>,
    /// `holds[k][v]`: when `v` holds message `k` (0 for its source, None if never).
    pub holds: Vec<Vec<Option<f64>>>,
    /// Per message, the latest time one of its destinations holds it.
    pub message_completion: Vec<f64>,
    /// Per node, when its last task ends (0 for a node without tasks).
    pub finish: Vec<f64>,
    /// The latest end of a receive.
    pub completion_time: f64,
}

fn task_name(inst: &MultiInstance, v: usize, pos: usize, t: &Task) -> String {
    let what = match t.op {
        Op::Send => format!("send {} to P{}", inst.message_label(t.msg), t.peer),
        Op::Recv => format!("receive {} from P{}", inst.message_label(t.msg), t.peer),
    };
    format!("task {} of P{v} ({what})", pos + 1)
}

/// Time `plan` on `inst`. The instance should be valid ([`MultiInstance::validate`]).
///
/// Three stages: the tasks are matched into transfers and checked ([`match_tasks`]), run
/// event by event ([`execute`]), and the timed transfers gathered ([`schedule_of`]).
pub fn simulate_multi(inst: &MultiInstance, plan: &MultiPlan) -> Result<MultiSchedule, Error> {
    let run = checked_run(inst, plan, true)?;
    Ok(schedule_of(inst, run))
}

/// The completion time of [`simulate_multi`] (the same checks and the same value), without
/// recording, gathering and sorting the transfers and senders: what the experiments need of
/// each run.
///
/// A valid plan is matched, checked and run by [`quick_time`] (every rule checked, without
/// keeping what it needs to name the task that breaks one); when a rule is broken, the plan
/// goes through [`checked_run`] again, which names it.
pub fn completion_time_multi(inst: &MultiInstance, plan: &MultiPlan) -> Result<f64, Error> {
    completion_time_with(inst, &inst.nodes(), plan)
}

/// [`completion_time_multi`] with the instance's node costs given (`inst.nodes()`), for a
/// caller that times several plans of one instance and has them already.
pub(crate) fn completion_time_with(
    inst: &MultiInstance,
    nodes: &[NodeCosts],
    plan: &MultiPlan,
) -> Result<f64, Error> {
    debug_assert!(nodes == inst.nodes());
    if let Some(t) = quick_time(inst, nodes, plan) {
        return Ok(t);
    }
    let run = checked_run(inst, plan, false)?;
    Ok(message_completion(inst, &run.holds)
        .into_iter()
        .fold(0.0, f64::max))
}

mod quick;
use quick::quick_time;

/// Match, check and run `plan` ([`match_tasks`], [`execute`]); `record`: keep the transfers
/// and senders (else they are left empty).
fn checked_run(inst: &MultiInstance, plan: &MultiPlan, record: bool) -> Result<Run, Error> {
    let n = inst.node_count();
    if plan.tasks.len() != n {
        return Err(Error::InvalidPlan(format!(
            "the plan has task lists for {} nodes, the instance has {n}",
            plan.tasks.len()
        )));
    }
    match_tasks(inst, plan)?;
    execute(inst, plan, record)
}

/// Each message's completion: the latest hold among its destinations (0 if none); `holds`
/// by `k * n + v` ([`Run::holds`]).
fn message_completion(inst: &MultiInstance, holds: &[Option<f64>]) -> Vec<f64> {
    let n = inst.node_count();
    inst.messages
        .iter()
        .enumerate()
        .map(|(k, m)| {
            m.destinations
                .iter()
                .filter_map(|&d| holds[k * n + d])
                .fold(0.0, f64::max)
        })
        .collect()
}

/// `is_dest[k * n + v]`: node `v` is a destination of message `k`.
fn destinations(inst: &MultiInstance) -> Vec<bool> {
    let n = inst.node_count();
    let mut is_dest = vec![false; inst.messages.len() * n];
    for (k, m) in inst.messages.iter().enumerate() {
        for &d in &m.destinations {
            is_dest[k * n + d] = true;
        }
    }
    is_dest
}

/// Check that every task names an existing node and message, not its own node, and a
/// destination of the message; that each destination receives each message once, from the
/// node that sends it; and that every send has its receive and every receive its send. The
/// first task that breaks a rule, in node order then list order, is reported.
fn match_tasks(inst: &MultiInstance, plan: &MultiPlan) -> Result<(), Error> {
    let n = inst.node_count();
    let nm = inst.messages.len();
    let bad = |m: String| Err(Error::InvalidPlan(m));
    let is_dest = destinations(inst);
    // recv_at[k*n+v] = (sender, position) of v's receive of m_k; send_to[k*n+v] the send's.
    let mut recv_at: Vec<Option<(usize, usize)>> = vec![None; nm * n];
    let mut send_to: Vec<Option<(usize, usize)>> = vec![None; nm * n];
    for (v, list) in plan.tasks.iter().enumerate() {
        for (pos, t) in list.iter().enumerate() {
            if t.peer >= n || t.msg >= nm || t.peer == v {
                let why = if t.msg >= nm {
                    format!("there is no message m{}", t.msg)
                } else if t.peer >= n {
                    format!("there is no node P{}", t.peer)
                } else {
                    "a node cannot send to itself".into()
                };
                return bad(format!("{}: {why}", task_name(inst, v, pos, t)));
            }
            let (to, from) = match t.op {
                Op::Send => (t.peer, v),
                Op::Recv => (v, t.peer),
            };
            if !is_dest[t.msg * n + to] {
                return bad(format!(
                    "{}: P{to} is not a destination of {}",
                    task_name(inst, v, pos, t),
                    inst.message_label(t.msg)
                ));
            }
            let slot = match t.op {
                Op::Send => &mut send_to[t.msg * n + to],
                Op::Recv => &mut recv_at[t.msg * n + to],
            };
            if let Some((other, _)) = *slot {
                let m = inst.message_label(t.msg);
                return bad(match t.op {
                    Op::Recv => format!(
                        "{}: P{to} receives {m} twice (also from P{other})",
                        task_name(inst, v, pos, t)
                    ),
                    Op::Send => format!(
                        "{}: {m} is sent to P{to} twice (also by P{other})",
                        task_name(inst, v, pos, t)
                    ),
                });
            }
            *slot = Some((from, pos));
        }
    }
    check_pairs(inst, plan, &is_dest, &send_to, &recv_at)
}

/// Check that each send (`send_to`, by `k * n + receiver`: sender and position) has its
/// receive (`recv_at`, likewise) from the same sender and the other way round, and that
/// every destination receives.
fn check_pairs(
    inst: &MultiInstance,
    plan: &MultiPlan,
    is_dest: &[bool],
    send_to: &[Option<(usize, usize)>],
    recv_at: &[Option<(usize, usize)>],
) -> Result<(), Error> {
    let n = inst.node_count();
    let bad = |m: String| Err(Error::InvalidPlan(m));
    for k in 0..inst.messages.len() {
        for to in 0..n {
            let i = k * n + to;
            match (send_to[i], recv_at[i]) {
                (Some((from, pos)), None) => {
                    let t = plan.tasks[from][pos];
                    return bad(format!(
                        "{}: P{to} never posts the matching receive",
                        task_name(inst, from, pos, &t)
                    ));
                }
                (None, Some((from, pos))) => {
                    let t = plan.tasks[to][pos];
                    return bad(format!(
                        "{}: P{from} never sends {} to P{to}",
                        task_name(inst, to, pos, &t),
                        inst.message_label(k)
                    ));
                }
                (Some((a, _)), Some((b, pos))) if a != b => {
                    let t = plan.tasks[to][pos];
                    return bad(format!(
                        "{}: P{a} sends it, not P{b}",
                        task_name(inst, to, pos, &t)
                    ));
                }
                (None, None) if is_dest[i] => {
                    return bad(format!("P{to} never receives {}", inst.message_label(k)));
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// What running a plan gives: the transfers in the order their receives ran, and per
/// message and node who sent it and when it was held, and each node's clock at the end.
struct Run {
    transfers: Vec<Transfer>,
    parent: Vec<Vec<Option<usize>>>,
    /// `holds[k * n + v]`: when node `v` holds message `k` (one block, not one vector per
    /// message: the experiments time four plans per instance).
    holds: Vec<Option<f64>>,
    clock: Vec<f64>,
}

/// Run a matched plan ([`match_tasks`]) event by event: each node runs its list until it
/// blocks on a receive whose send has not run yet; the send wakes it. Reports a node that
/// relays a message before it holds it, and a deadlock (tasks left when no node can move).
/// Without `record`, `transfers` and `parent` stay empty (the times and checks are the same).
fn execute(inst: &MultiInstance, plan: &MultiPlan, record: bool) -> Result<Run, Error> {
    let n = inst.node_count();
    let nm = inst.messages.len();
    let nodes = inst.nodes();
    let mut pc = vec![0usize; n];
    let mut clock = vec![0.0f64; n];
    let mut holds: Vec<Option<f64>> = vec![None; nm * n];
    let mut parent: Vec<Vec<Option<usize>>> = if record {
        vec![vec![None; n]; nm]
    } else {
        Vec::new()
    };
    for (k, m) in inst.messages.iter().enumerate() {
        holds[k * n + m.source] = Some(0.0);
    }
    // arrive[k*n+to] once the send has run; with `record`, also sent[k*n+to] =
    // (send_start, send_end).
    let mut arrival: Vec<Option<f64>> = vec![None; nm * n];
    let mut sent: Vec<(f64, f64)> = if record {
        vec![(0.0, 0.0); nm * n]
    } else {
        Vec::new()
    };
    let mut transfers = Vec::with_capacity(if record { plan.len() / 2 } else { 0 });
    let mut work: Vec<usize> = (0..n).rev().collect();
    while let Some(v) = work.pop() {
        let list = &plan.tasks[v];
        while pc[v] < list.len() {
            let t = list[pc[v]];
            let size = inst.messages[t.msg].size;
            match t.op {
                Op::Send => {
                    if holds[t.msg * n + v].is_none() {
                        return Err(Error::InvalidPlan(format!(
                            "{}: P{v} relays {} before it holds it",
                            task_name(inst, v, pc[v], &t),
                            inst.message_label(t.msg)
                        )));
                    }
                    let start = clock[v];
                    let end = start + nodes[v].send.at(size);
                    let arrive = end + inst.link.x(v, t.peer) * size;
                    arrival[t.msg * n + t.peer] = Some(arrive);
                    if record {
                        sent[t.msg * n + t.peer] = (start, end);
                    }
                    clock[v] = end;
                    // Wake the receiver if it is blocked on exactly this receive.
                    let r = t.peer;
                    if plan.tasks[r].get(pc[r]) == Some(&Task::recv(v, t.msg)) {
                        work.push(r);
                    }
                }
                Op::Recv => {
                    let Some(arrive) = arrival[t.msg * n + v] else {
                        break;
                    };
                    let issue = clock[v];
                    let start = arrive.max(issue);
                    let end = start + nodes[v].recv.at(size);
                    clock[v] = end;
                    holds[t.msg * n + v] = Some(end);
                    if record {
                        let (send_start, send_end) = sent[t.msg * n + v];
                        parent[t.msg][v] = Some(t.peer);
                        transfers.push(Transfer {
                            msg: t.msg,
                            from: t.peer,
                            to: v,
                            send_start,
                            send_end,
                            arrive,
                            recv_issue: issue,
                            recv_start: start,
                            recv_end: end,
                        });
                    }
                }
            }
            pc[v] += 1;
        }
    }
    let blocked: Vec<String> = (0..n)
        .filter(|&v| pc[v] < plan.tasks[v].len())
        .take(4)
        .map(|v| task_name(inst, v, pc[v], &plan.tasks[v][pc[v]]))
        .collect();
    if !blocked.is_empty() {
        return Err(Error::InvalidPlan(format!(
            "deadlock: every remaining task waits for a send that comes after it ({}{})",
            blocked.join("; "),
            if blocked.len() == 4 { "; ..." } else { "" }
        )));
    }
    Ok(Run {
        transfers,
        parent,
        holds,
        clock,
    })
}

/// The schedule of a run: transfers by start of their send (ties by sender, then receiver),
/// each message's completion (its destinations' latest hold) and the latest of those.
fn schedule_of(inst: &MultiInstance, run: Run) -> MultiSchedule {
    let Run {
        mut transfers,
        parent,
        holds,
        clock,
    } = run;
    crate::order::sort_by(&mut transfers, |a, b| {
        a.send_start
            .total_cmp(&b.send_start)
            .then(a.from.cmp(&b.from))
            .then(a.to.cmp(&b.to))
    });
    let message_completion = message_completion(inst, &holds);
    let completion_time = message_completion.iter().copied().fold(0.0, f64::max);
    let n = inst.node_count();
    let holds = (0..inst.messages.len())
        .map(|k| holds[k * n..(k + 1) * n].to_vec())
        .collect();
    MultiSchedule {
        transfers,
        parent,
        holds,
        message_completion,
        finish: clock,
        completion_time,
    }
}

#[cfg(test)]
mod tests;
