//! Earliest-Completion-First, extended to many sources (paper 001 section 4.2, after Bhat et
//! al.).
//!
//! Each message `m_k` has a sender set `A_k` and a receiver set `B_k`. Each iteration takes,
//! for every message still incomplete, its earliest-completing task `(send, i, j, k)` with
//! `i ∈ A_k`, `j ∈ B_k`, where the completion time is equation 4 with the nodes' available
//! times: `max(Avail_i + S(i, l_k) + X(i, j)·l_k, Avail_j) + R(j, l_k)`; among those it
//! schedules the one that completes first, appends the send and the receive to the two lists,
//! sets `Avail_i += S(i, l_k)` (non-blocking send) and `Avail_j` to the completion time, and
//! moves `j` into `A_k`. Ties: earliest completion, then lower message, then lower receiver,
//! then earliest arrival, then lower sender.
//!
//! **Complexity**: O(Σ|D_k| · Σ_k |A_k|·|B_k|) in general, O(N⁴) for all-to-all as the paper
//! says. With one link rate for all pairs the best sender of a message does not depend on the
//! receiver, so an iteration costs O(Σ_k (|A_k| + |B_k|)) and the whole run O(M²·N²)
//! ([`ecf`] takes that path; [`ecf_full_scan`] is the plain one, kept to test it).

use super::state::{transfer_step, Appender, Costs, Sets};
use crate::models::multi::{Link, MultiInstance, MultiPlan};
use crate::trace::Tracer;
use crate::units::fmt_us;

/// ECF in the paper's words; the steps' `pseudo_line` points into it (from 1).
pub const PSEUDO: &[&str] = &[
    "for each message m_k: A_k <- {source of m_k}, B_k <- D_k",
    "while some B_k is not empty:",
    "  take (P_i, P_j, m_k), P_i in A_k, P_j in B_k, that completes earliest (equations 3-4)",
    "  append send(m_k to P_j) to P_i's list and receive(m_k from P_i) to P_j's",
    "  move P_j from B_k to A_k",
];

/// Earliest-Completion-First task lists for a valid instance.
pub fn ecf(inst: &MultiInstance) -> MultiPlan {
    ecf_traced(inst, &mut Tracer::off())
}

/// [`ecf`], recording one step per transfer in `trace`.
pub fn ecf_traced(inst: &MultiInstance, trace: &mut Tracer) -> MultiPlan {
    match inst.link {
        Link::PerByte(_) => run(inst, true, trace),
        Link::Matrix(_) => run(inst, false, trace),
    }
}

/// The same choices as [`ecf`] by scanning every (sender, receiver) pair of every message.
pub fn ecf_full_scan(inst: &MultiInstance) -> MultiPlan {
    run(inst, false, &mut Tracer::off())
}

/// Ordering key of a candidate: (completion, message, receiver, arrival, sender).
type Key = (f64, usize, usize, f64, usize);

fn better(a: &Key, b: &Key) -> bool {
    a.0.total_cmp(&b.0)
        .then(a.1.cmp(&b.1))
        .then(a.2.cmp(&b.2))
        .then(a.3.total_cmp(&b.3))
        .then(a.4.cmp(&b.4))
        .is_lt()
}

fn run(inst: &MultiInstance, uniform: bool, trace: &mut Tracer) -> MultiPlan {
    let c = Costs::new(inst);
    let mut sets = Sets::new(inst);
    let mut app = Appender::new(c.n);
    loop {
        let mut pick: Option<Key> = None;
        for k in 0..inst.messages.len() {
            if sets.waiting[k].is_empty() {
                continue;
            }
            if uniform {
                // The earliest arrival does not depend on the receiver: find its sender once.
                let x = c.transit(0, 0, k);
                let mut e: Option<(f64, usize)> = None;
                for &i in &sets.senders[k] {
                    let a = app.avail[i] + c.s(i, k) + x;
                    if e.is_none_or(|(b, bi)| a < b || (a == b && i < bi)) {
                        e = Some((a, i));
                    }
                }
                let Some((arrive, i)) = e else { continue };
                for &j in &sets.waiting[k] {
                    let key = (arrive.max(app.avail[j]) + c.r(j, k), k, j, arrive, i);
                    if pick.is_none_or(|p| better(&key, &p)) {
                        pick = Some(key);
                    }
                }
            } else {
                for &i in &sets.senders[k] {
                    for &j in &sets.waiting[k] {
                        let (arrive, done) = app.complete(&c, i, j, k);
                        let key = (done, k, j, arrive, i);
                        if pick.is_none_or(|p| better(&key, &p)) {
                            pick = Some(key);
                        }
                    }
                }
            }
        }
        let Some((done, k, j, arrive, i)) = pick else {
            break;
        };
        let start = app.avail[i];
        app.append(&c, i, j, k);
        trace.push(|| {
            let text = format!(
                "{} -> {} for {} completes earliest: {} arrives at {} and {} holds it at {}",
                inst.label(i),
                inst.label(j),
                inst.message_label(k),
                inst.message_label(k),
                fmt_us(arrive),
                inst.label(j),
                fmt_us(done)
            );
            transfer_step((i, j, k), start, 3, text)
        });
        sets.deliver(k, j);
    }
    app.plan
}
