//! Fastest-Edge-First, extended to many sources (paper 001 section 4.1, after Bhat et al.).
//!
//! Each message `m_k` has a sender set `A_k = {P_k}` and a receiver set `B_k = D_k`. Each
//! iteration picks, over all messages, the edge `(i, j, k)` with `i ∈ A_k`, `j ∈ B_k` of the
//! smallest weight, the point-to-point latency `T(i, j, l_k) = S(i, l_k) + X(i, j)·l_k +
//! R(j, l_k)` (equation 1), appends `(send, i, j, k)` to `i`'s list and `(recv, j, i, k)` to
//! `j`'s, and moves `j` into `A_k`. The weight ignores when nodes are free: that is what
//! separates FEF from ECF. Ties: lower message, then lower receiver, then lower sender.
//!
//! **Complexity**: O(Σ_k |D_k| · (log M + N)), O(M·N² + M·N·log M) for M messages on N nodes: each
//! message keeps, for every waiting node, its lightest edge from `A_k` (updated in O(N) when a
//! node joins `A_k`), and its least one over the waiting nodes (rescanned in O(N) when `m_k`
//! is sent); the messages sit in a heap by their least edge, and only the message just sent
//! changes its entry, in O(log M). The paper's sorted-edge-list version is O(N³ log N).
//!
//! ```
//! use hetcast_core::models::{overhead::gallery, multi::{simulate_multi, MultiInstance, algo::fef::fef}};
//! // Liu et al.'s figure 1 (p0, p1: s=1, r=2; p2: s=2, r=3; L=1) as a one-message instance.
//! let inst = MultiInstance::from_single(&gallery::liu_figure1());
//! let s = simulate_multi(&inst, &fef(&inst)).unwrap();
//! // The lightest edges are p0 -> p1 (1+1+2) and then p0 or p1 -> p2 (1+1+3): p0 sends to
//! // p1 over [0,1], then to p2 over [1,2]; p2 holds the message at 2+1+3 = 6.
//! assert_eq!(s.completion_time, 6.0);
//! ```

use super::state::{pack, transfer_step, unpack, Appender, Costs, Sets, Shared};
use crate::models::multi::{Link, MultiInstance, MultiPlan};
use crate::trace::Tracer;
use crate::units::fmt_us;
use std::cmp::Reverse;
use std::collections::binary_heap::PeekMut;
use std::collections::BinaryHeap;

/// FEF in the paper's words; the steps' `pseudo_line` points into it (from 1).
pub const PSEUDO: &[&str] = &[
    "for each message m_k: A_k <- {source of m_k}, B_k <- D_k",
    "while some B_k is not empty:",
    "  take the lightest edge (P_i, P_j, m_k), P_i in A_k, P_j in B_k, weight T(i, j, l_k)",
    "  append send(m_k to P_j) to P_i's list and receive(m_k from P_i) to P_j's",
    "  move P_j from B_k to A_k",
];

/// Fastest-Edge-First task lists for a valid instance.
pub fn fef(inst: &MultiInstance) -> MultiPlan {
    fef_traced(inst, &mut Tracer::off())
}

/// [`fef`], recording one step per transfer in `trace`.
pub fn fef_traced(inst: &MultiInstance, trace: &mut Tracer) -> MultiPlan {
    shared(&Shared::new(inst), trace)
}

/// [`fef_traced`] from what the four heuristics share.
pub(crate) fn shared(sh: &Shared, trace: &mut Tracer) -> MultiPlan {
    match sh.c.inst.link {
        Link::PerByte(_) => by_class(sh, trace),
        Link::Matrix(_) => by_node(sh.c.inst, trace),
    }
}

/// Append the transfer `i -> j` of `m_k` of weight `w`, record its step and move `j` into
/// `A_k`.
fn schedule(
    inst: &MultiInstance,
    c: &Costs,
    app: &mut Appender,
    sets: &mut Sets,
    (w, i, j, k): (f64, usize, usize, usize),
    trace: &mut Tracer,
) {
    let start = app.avail[i];
    let done = app.append(c, i, j, k);
    trace.push(|| {
        let text = format!(
            "The lightest edge to a waiting node is {} -> {} for {} (T = {}); {} holds {} at {}",
            inst.label(i),
            inst.label(j),
            inst.message_label(k),
            fmt_us(w),
            inst.label(j),
            inst.message_label(k),
            fmt_us(done)
        );
        transfer_step((i, j, k), start, 3, text)
    });
    sets.deliver(k, j);
}

/// FEF under one link rate: an edge's weight `S(i, l_k) + X·l_k + R(j, l_k)` depends only on
/// the classes of `i` and `j` (their nodes share their costs), so the waiting nodes of a class
/// share their lightest edge from `A_k`. Each message keeps, per class, that edge's weight and
/// sender (a sender that joins `A_k` replaces it only when strictly lighter, as for each node
/// in [`by_node`]) and its lowest waiting node (a pointer along the class's destinations in
/// increasing order, past the nodes that left `B_k`); its lightest edge is the least weight
/// over the classes, then the lowest node: the same choice as [`by_node`].
///
/// **Complexity**: O(C) per transfer for C classes (plus O(log M) for the heap), O(M·N) to set
/// up: O(Σ_k |D_k| · (C + log M) + M·N) in all.
fn by_class(sh: &Shared, trace: &mut Tracer) -> MultiPlan {
    let (c, inst) = (&sh.c, sh.c.inst);
    let (n, nm) = (c.n, inst.messages.len());
    let mut sets = sh.sets();
    let mut app = sh.appender();
    let class_of: Vec<usize> = c.nodes.iter().map(|v| v.class).collect();
    let nc = class_of.iter().max().map_or(0, |&k| k + 1);
    // A node of each class (the first): its costs are the class's.
    let mut member = vec![usize::MAX; nc];
    for (v, &k) in class_of.iter().enumerate().rev() {
        member[k] = v;
    }
    // The destinations of m_k in class `cl`, in increasing order: `dest[start[e]..start[e + 1]]`
    // for `e = k * nc + cl`; `next[e]`: the first of them that may still wait.
    let mut start = vec![0usize; nm * nc + 1];
    let mut is_dest = vec![false; n];
    let mut dest = Vec::with_capacity(inst.messages.iter().map(|m| m.destinations.len()).sum());
    for (k, m) in inst.messages.iter().enumerate() {
        for &d in &m.destinations {
            is_dest[d] = true;
        }
        for cl in 0..nc {
            start[k * nc + cl] = dest.len();
            // Nodes are numbered class by class: the class's nodes from its first one.
            for v in member[cl]..n {
                if class_of[v] != cl {
                    break;
                }
                if std::mem::take(&mut is_dest[v]) {
                    dest.push(v);
                }
            }
        }
    }
    start[nm * nc] = dest.len();
    let mut next = start[..nm * nc].to_vec();
    // sent[k * n + v]: `v` left B_k.
    let mut sent = vec![false; nm * n];
    // `X·l_k` and `R(v, l_k)` of each class, as `Costs::t` computes them.
    let x = &sh.x;
    let r: Vec<f64> = (0..nm * nc).map(|e| c.r(member[e % nc], e / nc)).collect();
    // best[k * nc + cl] = (weight, sender) of the lightest edge from A_k to the class's nodes
    // (`T(i, v, l_k)` as `Costs::t` computes it).
    let mut best: Vec<(f64, usize)> = (0..nm * nc)
        .map(|e| {
            let (k, cl) = (e / nc, e % nc);
            let src = inst.messages[k].source;
            (c.t(src, member[cl], k), src)
        })
        .collect();
    // m_k's lightest edge to a waiting node: (weight, node, sender), the lowest node of equal
    // weights (weights are finite: `<` and `==` order them as `total_cmp`).
    let lightest = |sent: &[bool], next: &mut [usize], best: &[(f64, usize)], k: usize| {
        let sent = &sent[k * n..(k + 1) * n];
        let mut least: Option<(f64, usize, usize)> = None;
        for e in k * nc..(k + 1) * nc {
            let (mut p, end) = (next[e], start[e + 1]);
            while p < end && sent[dest[p]] {
                p += 1;
            }
            next[e] = p;
            if p == end {
                continue;
            }
            let ((w, i), v) = (best[e], dest[p]);
            if least.is_none_or(|q| w < q.0 || (w == q.0 && v < q.1)) {
                least = Some((w, v, i));
            }
        }
        least
    };
    let mut least: Vec<Option<(f64, usize, usize)>> = (0..nm)
        .map(|k| lightest(&sent, &mut next, &best, k))
        .collect();
    // The messages by (lightest weight, message), [`pack`]ed, least first, as in [`by_node`].
    let mut queue: BinaryHeap<Reverse<u128>> = least
        .iter()
        .enumerate()
        .filter_map(|(k, l)| l.map(|(w, ..)| Reverse(pack(w, k, 0))))
        .collect();
    while let Some(mut top) = queue.peek_mut() {
        let (_, k, _) = unpack(top.0);
        let Some((w, j, i)) = least[k] else {
            PeekMut::pop(top);
            continue;
        };
        schedule(inst, c, &mut app, &mut sets, (w, i, j, k), trace);
        sent[k * n + j] = true;
        // `T(j, v, l_k)` for the nodes `v` of each class, as `Costs::t` computes it.
        let sx = c.s(j, k) + x[k];
        let row = k * nc..(k + 1) * nc;
        for (b, &rv) in best[row.clone()].iter_mut().zip(&r[row]) {
            let w = sx + rv;
            if w < b.0 {
                *b = (w, j);
            }
        }
        least[k] = lightest(&sent, &mut next, &best, k);
        match least[k] {
            Some((w, ..)) => *top = Reverse(pack(w, k, 0)),
            None => {
                PeekMut::pop(top);
            }
        }
    }
    app.plan
}

/// FEF by the lightest edge to each waiting node (any link): each message keeps, for every
/// waiting node, its lightest edge from `A_k`, and its least one over the waiting nodes.
fn by_node(inst: &MultiInstance, trace: &mut Tracer) -> MultiPlan {
    let c = Costs::new(inst);
    let mut sets = Sets::new(inst);
    let mut app = Appender::new(&c);
    // best[k][j] = (weight, sender) of the lightest edge from A_k to waiting node j (only
    // destinations are ever read).
    let mut best: Vec<Vec<(f64, usize)>> = (0..inst.messages.len())
        .map(|k| {
            let m = &inst.messages[k];
            let mut b = vec![(f64::INFINITY, m.source); c.n];
            for &j in &m.destinations {
                b[j] = (c.t(m.source, j, k), m.source);
            }
            b
        })
        .collect();
    // least[k] = (weight, node) of m_k's lightest edge to a waiting node, the lowest node of
    // equal weights (the waiting list is in no order); only m_k's changes when m_k is sent.
    // (Weights are finite: `<` and `==` pick the same edge as one scan over every (message,
    // node) pair in index order.)
    let lightest = |best: &[(f64, usize)], waiting: &[usize]| {
        let mut least: Option<(f64, usize)> = None;
        for &j in waiting {
            if least.is_none_or(|p| best[j].0 < p.0 || (best[j].0 == p.0 && j < p.1)) {
                least = Some((best[j].0, j));
            }
        }
        least
    };
    let mut least: Vec<Option<(f64, usize)>> = (0..inst.messages.len())
        .map(|k| lightest(&best[k], &sets.waiting[k]))
        .collect();
    // The messages by (lightest weight, message), [`pack`]ed, least first: the first
    // least in message order, as a scan of `least` finds it (weights are positive, so `<` and
    // `total_cmp` agree). Only the message just sent changes its entry, and it is on top.
    let mut queue: BinaryHeap<Reverse<u128>> = least
        .iter()
        .enumerate()
        .filter_map(|(k, l)| l.map(|(w, _)| Reverse(pack(w, k, 0))))
        .collect();
    while let Some(mut top) = queue.peek_mut() {
        let (_, k, _) = unpack(top.0);
        let Some((w, j)) = least[k] else {
            PeekMut::pop(top);
            continue;
        };
        let i = best[k][j].1;
        schedule(inst, &c, &mut app, &mut sets, (w, i, j, k), trace);
        // `T(j, v, l_k)` as `Costs::t` computes it, `S(j, l_k)` read once; `lightest` in the
        // same pass.
        let sj = c.s(j, k);
        let (bk, mut l) = (&mut best[k], None);
        for &v in &sets.waiting[k] {
            let w = sj + c.transit(j, v, k) + c.r(v, k);
            let b = &mut bk[v];
            if w < b.0 {
                *b = (w, j);
            }
            if l.is_none_or(|p: (f64, usize)| b.0 < p.0 || (b.0 == p.0 && v < p.1)) {
                l = Some((b.0, v));
            }
        }
        least[k] = l;
        match least[k] {
            Some((w, _)) => *top = Reverse(pack(w, k, 0)),
            None => {
                PeekMut::pop(top);
            }
        }
    }
    app.plan
}
