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
use crate::order::later;
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
    step(inst, trace, (w, i, j, k), start, done);
    sets.deliver(k, j);
}

/// Record the step of the transfer `i -> j` of `m_k` of weight `w`, whose send starts at
/// `start` and whose receive ends at `done`.
fn step(
    inst: &MultiInstance,
    trace: &mut Tracer,
    (w, i, j, k): (f64, usize, usize, usize),
    start: f64,
    done: f64,
) {
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
}

/// What [`by_class`] keeps of one message and one class of nodes.
#[derive(Clone, Copy)]
struct ClassEdge {
    /// The weight of the lightest edge from `A_k` to the class's nodes (`T(i, v, l_k)` as
    /// `Costs::t` computes it) ...
    w: f64,
    /// ... and its sender.
    from: usize,
    /// `R(v, l_k)` of the class's nodes.
    r: f64,
    /// The class's waiting destinations of `m_k` are `dest[next..end]`, in increasing order.
    next: usize,
    end: usize,
}

/// FEF under one link rate: an edge's weight `S(i, l_k) + X·l_k + R(j, l_k)` depends only on
/// the classes of `i` and `j` (their nodes share their costs), so the waiting nodes of a class
/// share their lightest edge from `A_k`. Each message keeps, per class, that edge's weight and
/// sender (a sender that joins `A_k` replaces it only when strictly lighter, as for each node
/// in [`by_node`]) and its waiting destinations in increasing order; its lightest edge is the
/// least weight over the classes, then the lowest node: the same choice as [`by_node`]. The
/// node chosen is the first waiting one of its class, so it leaves `B_k` by one step of that
/// class's start (no sender or receiver sets are kept: nothing here reads them). The times
/// it appends by are those of [`Appender::append`], from the shared tables of `S(v, l_k)` and
/// `X·l_k` and the class's `R(v, l_k)`.
///
/// **Complexity**: O(C) per transfer for C classes (plus O(log M) for the heap), O(M·N) to set
/// up: O(Σ_k |D_k| · (C + log M) + M·N) in all.
fn by_class(sh: &Shared, trace: &mut Tracer) -> MultiPlan {
    let (c, inst) = (&sh.c, sh.c.inst);
    let (n, nm) = (c.n, inst.messages.len());
    let mut app = sh.appender();
    let class_of: Vec<usize> = c.nodes.iter().map(|v| v.class).collect();
    let nc = class_of.iter().max().map_or(0, |&k| k + 1);
    // A node of each class (the first): its costs are the class's.
    let mut member = vec![usize::MAX; nc];
    for (v, &k) in class_of.iter().enumerate().rev() {
        member[k] = v;
    }
    let (send, x) = (&sh.send, &sh.x);
    // edges[k * nc + cl]: m_k and class `cl`; the destinations of m_k in class `cl`, in
    // increasing order, are `dest[next..end]`.
    let mut edges = Vec::with_capacity(nm * nc);
    let mut is_dest = vec![false; n];
    let mut dest = Vec::with_capacity(inst.messages.iter().map(|m| m.destinations.len()).sum());
    for (k, m) in inst.messages.iter().enumerate() {
        for &d in &m.destinations {
            is_dest[d] = true;
        }
        for (cl, &first) in member.iter().enumerate() {
            let next = dest.len();
            // Nodes are numbered class by class: the class's nodes from its first one.
            for v in first..n {
                if class_of[v] != cl {
                    break;
                }
                if std::mem::take(&mut is_dest[v]) {
                    dest.push(v);
                }
            }
            edges.push(ClassEdge {
                w: c.t(m.source, first, k),
                from: m.source,
                r: c.r(first, k),
                next,
                end: dest.len(),
            });
        }
    }
    // m_k's lightest edge to a waiting node: (weight, node, sender, class), the lowest node of
    // equal weights (weights are finite: `<` and `==` order them as `total_cmp`).
    let lightest = |row: &[ClassEdge]| {
        let mut least: Option<(f64, usize, usize, usize)> = None;
        for (cl, e) in row.iter().enumerate() {
            if e.next == e.end {
                continue;
            }
            let v = dest[e.next];
            if least.is_none_or(|q| e.w < q.0 || (e.w == q.0 && v < q.1)) {
                least = Some((e.w, v, e.from, cl));
            }
        }
        least
    };
    let mut least: Vec<Option<(f64, usize, usize, usize)>> = edges
        .chunks_exact(nc.max(1))
        .take(nm)
        .map(lightest)
        .collect();
    // The messages by (lightest weight, message), [`pack`]ed, least first, as in [`by_node`].
    let mut queue: BinaryHeap<Reverse<u128>> = least
        .iter()
        .enumerate()
        .filter_map(|(k, l)| l.map(|(w, ..)| Reverse(pack(w, k, 0))))
        .collect();
    while let Some(mut top) = queue.peek_mut() {
        let (_, k, _) = unpack(top.0);
        let Some((w, j, i, cl)) = least[k] else {
            PeekMut::pop(top);
            continue;
        };
        let row = &mut edges[k * nc..(k + 1) * nc];
        // As `Appender::append`: `S(i, l_k)`, `X·l_k` and `R(j, l_k)` are the same values.
        let (s, start) = (send[k * n + i], app.avail[i]);
        let done = later(start + s + x[k], app.avail[j]) + row[cl].r;
        app.push(i, j, k, s, done);
        // Looked at here: a call per transfer with the tracer off costs more than the test.
        if trace.is_on() {
            step(inst, trace, (w, i, j, k), start, done);
        }
        row[cl].next += 1;
        // `T(j, v, l_k)` for the nodes `v` of each class, as `Costs::t` computes it.
        let sx = send[k * n + j] + x[k];
        for e in row.iter_mut() {
            let w = sx + e.r;
            if w < e.w {
                (e.w, e.from) = (w, j);
            }
        }
        least[k] = lightest(row);
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
