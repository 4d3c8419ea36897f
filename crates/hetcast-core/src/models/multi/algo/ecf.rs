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
//! says ([`ecf_full_scan`], the plain scan, kept to test the fast path against). With one link
//! rate for all pairs ([`ecf`] takes this path) the best sender of a message does not depend on
//! the receiver, and each message's candidate (its earliest sender, then its earliest-completing
//! receiver) is kept between iterations. Available times only grow, so a transfer `i -> j`
//! changes the candidate of a message only when `i` or `j` is its sender or receiver, or the
//! message is the one sent: those are recomputed, in O(|A_k| + |B_k|) each, and an iteration
//! costs O(M) plus the recomputed messages, O(M·N) at worst and far less in practice
//! (`hetcast bench wu`).

use super::state::{transfer_step, Appender, Costs, Earliest, Sets};
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
        Link::PerByte(_) => uniform(inst, trace),
        Link::Matrix(_) => run(inst, trace),
    }
}

/// The same choices as [`ecf`] by scanning every (sender, receiver) pair of every message.
pub fn ecf_full_scan(inst: &MultiInstance) -> MultiPlan {
    run(inst, &mut Tracer::off())
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

/// ECF by the plain scan of every (sender, receiver) pair of every message.
fn run(inst: &MultiInstance, trace: &mut Tracer) -> MultiPlan {
    let c = Costs::new(inst);
    let mut sets = Sets::new(inst);
    let mut app = Appender::new(c.n);
    loop {
        let mut pick: Option<Key> = None;
        for k in 0..inst.messages.len() {
            if sets.waiting[k].is_empty() {
                continue;
            }
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
        let Some(key) = pick else {
            break;
        };
        schedule(inst, &c, &mut app, &mut sets, key, trace);
    }
    app.plan
}

/// ECF under one link rate with each message's candidate kept between iterations (module
/// documentation): the same choices as [`run`]. A candidate is the message's earliest sender
/// ([`Earliest`] over the available times) and, with its arrival, the receiver that completes
/// first.
fn uniform(inst: &MultiInstance, trace: &mut Tracer) -> MultiPlan {
    let c = Costs::new(inst);
    let (n, nm) = (c.n, inst.messages.len());
    let mut sets = Sets::new(inst);
    let mut app = Appender::new(n);
    // S(i, l_k), R(j, l_k) and X·l_k, as the scan computes them.
    let s: Vec<f64> = (0..nm * n).map(|x| c.s(x % n, x / n)).collect();
    let r: Vec<f64> = (0..nm * n).map(|x| c.r(x % n, x / n)).collect();
    let x: Vec<f64> = (0..nm).map(|k| c.transit(0, 0, k)).collect();
    let arrival = |avail: &[f64], i: usize, k: usize| avail[i] + s[k * n + i] + x[k];
    let mut senders = Earliest::new(&sets, n, |i, k| arrival(&app.avail, i, k));
    let candidate = |senders: &mut Earliest, sets: &Sets, avail: &[f64], k: usize| {
        if sets.waiting[k].is_empty() {
            return None;
        }
        let (arrive, i) = senders.top(k, |i| arrival(avail, i, k));
        let r = &r[k * n..(k + 1) * n];
        // `waiting` is in index order: the first of equal completions is the lower index.
        // (Completions are never NaN nor -0: `<` is `total_cmp` here.)
        let mut best = (f64::INFINITY, usize::MAX);
        for &j in &sets.waiting[k] {
            let done = arrive.max(avail[j]) + r[j];
            if done < best.0 {
                best = (done, j);
            }
        }
        Some((best.0, k, best.1, arrive, i))
    };
    let mut best: Vec<Option<Key>> = (0..nm)
        .map(|k| candidate(&mut senders, &sets, &app.avail, k))
        .collect();
    loop {
        let mut pick: Option<Key> = None;
        for key in best.iter().flatten() {
            if pick.is_none_or(|p| better(key, &p)) {
                pick = Some(*key);
            }
        }
        let Some(key) = pick else {
            break;
        };
        schedule(inst, &c, &mut app, &mut sets, key, trace);
        // Only `i` and `j` have new available times, and only message `k` new sets: the
        // candidates that involve neither are the same (the others' times only grew).
        let (_, k, j, _, i) = key;
        senders.changed(i);
        senders.changed(j);
        senders.push(j, k, arrival(&app.avail, j, k));
        for (m, b) in best.iter_mut().enumerate() {
            if let Some((_, _, bj, _, bi)) = *b {
                if m == k || bi == i || bi == j || bj == i || bj == j {
                    *b = candidate(&mut senders, &sets, &app.avail, m);
                }
            }
        }
    }
    app.plan
}

/// Append the chosen transfer `key` to the lists, record its step and move its receiver into
/// the message's sender set.
fn schedule(
    inst: &MultiInstance,
    c: &Costs,
    app: &mut Appender,
    sets: &mut Sets,
    (done, k, j, arrive, i): Key,
    trace: &mut Tracer,
) {
    let start = app.avail[i];
    app.append(c, i, j, k);
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
