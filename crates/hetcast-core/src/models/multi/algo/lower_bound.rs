//! The idealised lower bound of paper 001 section 3.1 (Definition 1, equation 2).
//!
//! In the idealised model a node may receive and, at the same time, send any number of
//! messages in parallel. A message can then reach each destination along a shortest path:
//! for message `m_k`, a Dijkstra search over its source and destinations (only they may
//! relay it, section 3) with edge `u → v` of cost `T(u, v, l_k)` (equation 1) gives when `v`
//! can hold `m_k` at the earliest, and so when `m_k` can be in `v`'s buffer at the earliest:
//! `reach_k(v) = hold_k(v) - R(v, l_k)`.
//!
//! A node's receives cannot overlap (they are blocking), so node `v` can have received all its
//! messages no earlier than the end of the single-machine schedule that copies each message
//! from its earliest reach time on, in order of reach: `t = max(t, reach_k(v)) + R(v, l_k)`.
//! This is equation 2 with "reach" read as reaching the buffer; the order of earliest reach is
//! optimal for this single-machine problem, so the bound is sound. (Equation 2 taken literally,
//! ordering by the time a message can be *held*, can exceed what a schedule achieves when
//! receive overheads differ between messages; `docs/algorithms.md` has the example.) The bound
//! is the largest such time over all nodes.
//!
//! **Complexity**: O(Σ_k |D_k|² + N·M log M): a dense Dijkstra per message, each pass
//! relaxing from the node just settled and choosing the next one
//! ([`lower_bound_dijkstra`]). Under one link rate ([`lower_bound`] takes this path) it is
//! O(Σ_k |D_k| + N·M log M): the direct transfer from the source is a shortest path to every
//! destination. A relay `u` adds `R(u, l_k) + S(u, l_k) + X·l_k ≥ 0` (validation keeps every
//! overhead and rate at least 0), and in floating point the relayed sum cannot round below the
//! direct one either (rounding is monotone, and each relayed term is at least the direct
//! term it stands for), so Dijkstra's strict `<` never replaces the distances of its first
//! pass, from the source: they are computed here by that same expression.

use super::state::Costs;
use crate::models::multi::{Link, MultiInstance};

/// The lower bound and where it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct LowerBound {
    /// The bound: the largest `per_node` value.
    pub value: f64,
    /// Per node, the earliest it can have received every message it needs (0 if none).
    pub per_node: Vec<f64>,
    /// `hold[k][v]`: earliest time `v` can hold `m_k` in the idealised model (None if `v` is
    /// neither the source nor a destination of `m_k`).
    pub hold: Vec<Vec<Option<f64>>>,
}

/// The idealised lower bound of a valid instance.
pub fn lower_bound(inst: &MultiInstance) -> LowerBound {
    bound(inst, matches!(inst.link, Link::PerByte(_)))
}

/// [`lower_bound`]`(inst).value` alone, for the experiments, which read nothing else; under
/// one link rate without `hold` and `per_node`, and without one sort per node. There a
/// destination's reach of `m_k`, `(0 + (S(P_k, l_k) + X·l_k + R(v, l_k))) - R(v, l_k)`
/// (the direct path's sums), and its `R(v, l_k)` depend only on `v`'s class: so `m_k`'s
/// destinations of each class (nodes are numbered class by class) share one job, and all these
/// jobs are sorted once by reach, stably (ties in message order). Each node then runs its
/// jobs in that order, which is the order of its own jobs sorted stably by reach from message
/// order, as [`lower_bound`] sorts them: the same sums in the same order, so the same bits.
/// Otherwise (a link matrix) through [`lower_bound`].
///
/// **Complexity**: O(Σ_k |D_k| + M·C log(M·C) + N) for C classes under one link rate (one
/// sort of at most M·C jobs instead of N sorts), with five allocations.
pub fn lower_bound_value(inst: &MultiInstance) -> f64 {
    if !matches!(inst.link, Link::PerByte(_)) {
        return lower_bound(inst).value;
    }
    let c = Costs::new(inst);
    let (n, nm, nc) = (c.n, inst.messages.len(), inst.classes.len());
    // m_k's destinations of class `cl` at dest[start[e]..start[e + 1]], e = k * nc + cl.
    let mut start = vec![0usize; nm * nc + 1];
    for (k, m) in inst.messages.iter().enumerate() {
        for &d in &m.destinations {
            start[k * nc + c.nodes[d].class + 1] += 1;
        }
    }
    for e in 0..nm * nc {
        start[e + 1] += start[e];
    }
    let mut fill = start.clone();
    let mut dest = vec![0usize; start[nm * nc]];
    for (k, m) in inst.messages.iter().enumerate() {
        for &d in &m.destinations {
            let e = k * nc + c.nodes[d].class;
            dest[fill[e]] = d;
            fill[e] += 1;
        }
    }
    // (reach, R, e) of each message and class with destinations, in message order.
    let mut jobs = Vec::with_capacity(nm * nc);
    for (k, m) in inst.messages.iter().enumerate() {
        // As `bound`'s direct path: the source's distance 0, each destination's the direct
        // transfer's, summed the same way.
        let (u, su) = (m.source, c.s(m.source, k));
        for e in k * nc..(k + 1) * nc {
            if start[e] == start[e + 1] {
                continue;
            }
            let d = dest[start[e]];
            let r = c.r(d, k);
            let dist = 0.0 + (su + c.transit(u, d, k) + r);
            jobs.push((dist - r, r, e));
        }
    }
    crate::order::sort_by(&mut jobs, |a, b| a.0.total_cmp(&b.0));
    // Each node's single-machine schedule, its jobs in order of reach.
    let mut t = vec![0.0f64; n];
    for &(reach, r, e) in &jobs {
        for &d in &dest[start[e]..start[e + 1]] {
            t[d] = t[d].max(reach) + r;
        }
    }
    t.into_iter().fold(0.0, f64::max)
}

/// The same bound as [`lower_bound`] by the dense Dijkstra search also under one link rate
/// (kept to test the direct path against).
pub fn lower_bound_dijkstra(inst: &MultiInstance) -> LowerBound {
    bound(inst, false)
}

/// The bound; `direct` (one link rate only): each destination's distance is the direct
/// transfer's from the source (module documentation), else a dense Dijkstra search.
fn bound(inst: &MultiInstance, direct: bool) -> LowerBound {
    let c = Costs::new(inst);
    let n = c.n;
    let mut hold = Vec::with_capacity(inst.messages.len());
    // jobs[v] = (reach, receive overhead) of every message v needs.
    let mut jobs: Vec<Vec<(f64, f64)>> = c.receives().into_iter().map(Vec::with_capacity).collect();
    // One message's members, distances and settled marks, reused.
    let (mut members, mut dist, mut done) = (Vec::new(), Vec::new(), Vec::new());
    let mut recv = Vec::new();
    for (k, m) in inst.messages.iter().enumerate() {
        members.clear();
        members.push(m.source);
        members.extend(&m.destinations);
        // R(v, l_k) of each member: T(u, v, l_k) is computed as (S + X·l) + R, as `Costs::t`.
        recv.clear();
        recv.extend(members.iter().map(|&v| c.r(v, k)));
        dist.clear();
        dist.resize(members.len(), f64::INFINITY);
        done.clear();
        done.resize(members.len(), false);
        dist[0] = 0.0;
        if direct {
            // Dijkstra's first pass, from the source, and nothing after it changes.
            let (u, su) = (members[0], c.s(members[0], k));
            for b in 1..members.len() {
                dist[b] = dist[0] + (su + c.transit(u, members[b], k) + recv[b]);
            }
        }
        // Dense Dijkstra: settle `a`, relax the others from it and pick the next (the first
        // least distance in member order) in the same pass.
        let mut next = (!direct).then_some(0);
        while let Some(a) = next {
            done[a] = true;
            next = None;
            let (u, su) = (members[a], c.s(members[a], k));
            for b in 0..members.len() {
                if !done[b] {
                    let d = dist[a] + (su + c.transit(u, members[b], k) + recv[b]);
                    if d < dist[b] {
                        dist[b] = d;
                    }
                    if next.is_none_or(|x: usize| dist[b] < dist[x]) {
                        next = Some(b);
                    }
                }
            }
        }
        let mut h = vec![None; n];
        for (a, &v) in members.iter().enumerate() {
            h[v] = Some(dist[a]);
            if a > 0 {
                jobs[v].push((dist[a] - recv[a], recv[a]));
            }
        }
        hold.push(h);
    }
    let per_node: Vec<f64> = jobs
        .into_iter()
        .map(|mut js| {
            crate::order::sort_by(&mut js, |a, b| a.0.total_cmp(&b.0));
            js.iter().fold(0.0, |t: f64, &(reach, r)| t.max(reach) + r)
        })
        .collect();
    LowerBound {
        value: per_node.iter().copied().fold(0.0, f64::max),
        per_node,
        hold,
    }
}
