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
//! the receiver, and each message keeps its candidate (its earliest sender, then the receiver
//! completing first) between iterations:
//!
//! - available times only grow, so a transfer `i -> j` of `m_k` changes the candidate of a
//!   message only when `i` or `j` is its sender or receiver, or it is `m_k`; such a candidate
//!   is marked stale, not recomputed yet; each node lists the candidates computed with it as
//!   sender or receiver, so a transfer visits its two nodes' lists, not every message;
//! - a message's candidate completion only grows (its sender set gains nodes that get the
//!   message after its earliest arrival, its receiver set shrinks), so the candidates sit in a
//!   heap by (completion, message), under a key that is exact or, for a stale one, a lower
//!   bound. The top, once recomputed if stale, is the scan's choice; a stale candidate is
//!   recomputed only when it comes on top (on `hetcast bench wu`, 4.5 recomputations per
//!   transfer instead of 9.8 when every stale candidate was);
//! - the queue starts with every message at 0, stale: each candidate is first computed when
//!   its message first comes on top, as a recomputation, so the sender and receiver passes
//!   have one caller each (the compiler then inlines them: 4.6 % fewer instructions for ECF
//!   on `hetcast experiment wu-fig3`, `docs/performance.md`);
//! - a stale candidate on top first gets its earliest sender; its arrival plus the least
//!   `R(j, l_k)` over `B_k` bounds every receiver's completion (rounding is monotone), and
//!   when that bound is above the key it becomes the key (the sender kept, the receivers still
//!   to scan): the receivers are scanned only if the message comes on top again. The nodes of
//!   a class share their costs, so the least `R(j, l_k)` is that of the first class, of
//!   `D_k`'s classes sorted by `R(c, l_k)` once, that still has a waiting node (a count per
//!   message and class), past a pointer that only moves forward (on `hetcast bench wu`, 2.3
//!   receiver scans and 4.2 sender scans per transfer);
//! - a recomputation finds the earliest sender (skipped when the kept one did not change: the
//!   others' arrivals only grew) and then the receiver completing first. Each is one pass:
//!   through the set's list when it holds fewer than half the nodes, else over the N nodes'
//!   contiguous times, the nodes outside the set ruled out by an added infinity: the least
//!   value in eight independent lanes with no index and no branch on the data, then the first
//!   node at it ([`first_least`]). At 64 nodes this measured faster than
//!   O(log N) heaps of senders and receivers with stale entries (4.9 ms against 3.5 ms on
//!   `hetcast bench wu`, although the heaps ran fewer instructions); on `hetcast experiment
//!   wu-fig3` the heaps of senders alone, the classes' nodes kept in order of available time,
//!   and the second least of each scan kept as a bound all ran more instructions than these
//!   passes (`docs/performance.md`).
//!
//! So an iteration costs O(log M) plus the two nodes' lists (each entry was put there by one
//! recomputation or bound) plus O(|A_k| + |B_k|) per recomputed candidate (a pass
//! over all N nodes only when the set holds at least half of them), and O(Σ|D_k| + M·C log C)
//! once for the class counts and each message's classes sorted (C classes): O(Σ|D_k| · M·N)
//! at worst,
//! about 4.2 sender and 2.3 receiver scans per transfer on the bench's all-to-all.

use super::state::{least_of, pack, transfer_step, unpack, Appender, Costs, Sets, Shared};
use crate::models::multi::{Link, MultiInstance, MultiPlan};
use crate::trace::Tracer;
use crate::units::fmt_us;
use std::cmp::Reverse;
use std::collections::binary_heap::PeekMut;
use std::collections::BinaryHeap;

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
    shared(&Shared::new(inst), trace)
}

/// [`ecf_traced`] from what the four heuristics share.
pub(crate) fn shared(sh: &Shared, trace: &mut Tracer) -> MultiPlan {
    match sh.c.inst.link {
        Link::PerByte(_) => uniform(sh, trace),
        Link::Matrix(_) => run(sh.c.inst, trace),
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
    let mut app = Appender::new(&c);
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

/// ECF under one link rate with each message's candidate kept between iterations, in a heap by
/// completion, and computed (the first time too) when stale and on top (module documentation):
/// the same choices as [`run`]. A candidate is the message's earliest sender (least arrival, then lower index)
/// and, with its arrival, the receiver that completes first (then lower index).
fn uniform(sh: &Shared, trace: &mut Tracer) -> MultiPlan {
    let (c, inst) = (&sh.c, sh.c.inst);
    let (n, nm) = (c.n, inst.messages.len());
    let mut sets = sh.sets();
    let mut app = sh.appender();
    // S(i, l_k), R(j, l_k) and X·l_k, as the scan computes them.
    let (s, x) = (&sh.send, &sh.x);
    let r = c.recv_table();
    // gate[k * n + v]: S(v, l_k) when v is in A_k, infinite otherwise; wait[k * n + v]:
    // R(v, l_k) when v is in B_k, infinite otherwise. A pass over all nodes adds them to a
    // time, which rules out the nodes outside the set: for the others the same sum as the
    // scan's (times are never -0.0, so the scan's adding of 0 changed nothing).
    let mut gate = vec![f64::INFINITY; nm * n];
    let mut wait = vec![f64::INFINITY; nm * n];
    for (k, m) in inst.messages.iter().enumerate() {
        gate[k * n + m.source] = s[k * n + m.source];
        for &d in &m.destinations {
            wait[k * n + d] = r[k * n + d];
        }
    }
    // The earliest sender of m_k: (arrival, sender).
    let sender = |sets: &Sets, avail: &[f64], gate: &[f64], k: usize| {
        let (row, list, xk) = (k * n..(k + 1) * n, &sets.senders[k], x[k]);
        let sk = &s[row.clone()];
        // Few members: through their list; many: over all nodes, the others ruled out.
        if 2 * list.len() < n {
            least_of(list, avail, sk, |v, s| v + s + xk)
        } else {
            first_least(avail, &gate[row], |v, s| v + s + xk)
        }
    };
    // The candidate of m_k whose earliest sender is `(arrive, i)`, if a receiver waits.
    let candidate = |sets: &Sets, avail: &[f64], wait: &[f64], k: usize, (arrive, i)| {
        let (row, list) = (k * n..(k + 1) * n, &sets.waiting[k]);
        if list.is_empty() {
            return None;
        }
        let rk = &r[row.clone()];
        // `arrive.max(v)` for times that are never NaN (one instruction, not four).
        let done_at = |v: f64, r: f64| (if v > arrive { v } else { arrive }) + r;
        let (done, j) = if 2 * list.len() < n {
            least_of(list, avail, rk, done_at)
        } else {
            first_least(avail, &wait[row], done_at)
        };
        Some((done, k, j, arrive, i))
    };
    // The nodes of a class share their costs: a node of each class (the first), and how many
    // of each class wait for each message.
    let class_of: Vec<usize> = c.nodes.iter().map(|v| v.class).collect();
    let nc = class_of.iter().max().map_or(0, |&k| k + 1);
    let mut member = vec![usize::MAX; nc];
    for (v, &k) in class_of.iter().enumerate().rev() {
        member[k] = v;
    }
    let mut waits = vec![0usize; nm * nc];
    for (k, m) in inst.messages.iter().enumerate() {
        for &d in &m.destinations {
            waits[k * nc + class_of[d]] += 1;
        }
    }
    // Each message's destination classes by `R(c, l_k)`, and before `passed[k]` only classes
    // none of whose nodes wait: the first class with a waiting node has the least
    // `R(j, l_k)` over B_k, and a candidate completes at or after its arrival plus this.
    let by_r: Vec<Vec<usize>> = (0..nm)
        .map(|k| {
            let rk = &r[k * n..(k + 1) * n];
            let mut d: Vec<usize> = (0..nc).filter(|&c| waits[k * nc + c] > 0).collect();
            d.sort_unstable_by(|&a, &b| rk[member[a]].total_cmp(&rk[member[b]]));
            d
        })
        .collect();
    let mut passed = vec![0; nm];
    // Each message's candidate; `stale[m]`: 0 if it is exact, 1 if only its receiver may have
    // changed (a node of it changed), 2 if its sender may have changed too. At the start none
    // is computed: each is computed when its message first comes on top, as a stale one.
    let mut best: Vec<Option<Key>> = vec![None; nm];
    let mut stale = vec![2u8; nm];
    // `(sender, receiver)` of each candidate (none: past every node), for the staleness scan.
    let mut who = vec![(usize::MAX, usize::MAX); nm];
    // `touch[v]`: the messages whose candidate had `v` as its sender or receiver when it was
    // computed (a superset of those it has now: `who` tells), so that a transfer visits the
    // candidates of its two nodes only, not every message's.
    // Sized for every message once: most lists then never grow.
    let mut touch: Vec<Vec<usize>> = (0..n).map(|_| Vec::with_capacity(nm)).collect();
    // `(completion, message)` of every message that may have a candidate, least first: a bound
    // that only grows (0 before the first computation), exact unless the message is stale
    // (module documentation), [`pack`]ed.
    let mut queue: BinaryHeap<Reverse<u128>> = (0..nm).map(|k| Reverse(pack(0.0, k, 0))).collect();
    // The top stays in place while its message is scheduled (its key, the old completion, is
    // a lower bound of the new one) and is replaced in place when recomputed: one sift down,
    // not a pop and a push.
    while let Some(mut top) = queue.peek_mut() {
        let (_, m, _) = unpack(top.0);
        if stale[m] > 0 {
            let kept = best[m]
                .filter(|_| stale[m] == 1)
                .map(|(_, _, _, a, i)| (a, i));
            let a = kept.unwrap_or_else(|| sender(&sets, &app.avail, &gate, m));
            // Above the key, the bound from the new arrival becomes the key: the receivers are
            // scanned only if the message comes on top again (then the bound is the key).
            let (order, p) = (&by_r[m], &mut passed[m]);
            while *p < order.len() && waits[m * nc + order[*p]] == 0 {
                *p += 1;
            }
            let least = order
                .get(*p)
                .map_or(f64::INFINITY, |&k| r[m * n + member[k]]);
            let bound = a.0 + least;
            let defer = bound > unpack(top.0).0 && least < f64::INFINITY;
            if let Some((_, _, j, ..)) = best[m].filter(|_| defer) {
                stale[m] = 1;
                best[m] = Some((bound, m, j, a.0, a.1));
                who[m] = (a.1, j);
                touch[a.1].push(m);
                *top = Reverse(pack(bound, m, 0));
                continue;
            }
            stale[m] = 0;
            best[m] = candidate(&sets, &app.avail, &wait, m, a);
            who[m] = (usize::MAX, usize::MAX);
            match best[m] {
                Some((done, _, j, _, i)) => {
                    who[m] = (i, j);
                    touch[i].push(m);
                    touch[j].push(m);
                    *top = Reverse(pack(done, m, 0));
                }
                None => {
                    PeekMut::pop(top);
                }
            }
            continue;
        }
        let Some(key) = best[m] else {
            PeekMut::pop(top);
            continue;
        };
        schedule(inst, c, &mut app, &mut sets, key, trace);
        // Only `i` and `j` have new available times, and only message `k` new sets: the
        // candidates that involve neither are the same (the others' times only grew); a
        // candidate whose sender is neither keeps it.
        let (_, k, j, _, i) = key;
        gate[k * n + j] = s[k * n + j];
        wait[k * n + j] = f64::INFINITY;
        waits[k * nc + class_of[j]] -= 1;
        // A candidate marked here stays marked until it is recomputed, and then enters the
        // lists of its new nodes: emptying the two lists loses nothing.
        for v in [i, j] {
            for &m in &touch[v] {
                let (bi, bj) = who[m];
                let via_sender = u8::from((bi == i) | (bi == j));
                let via_receiver = u8::from((bj == i) | (bj == j));
                stale[m] = stale[m].max((2 * via_sender).max(via_receiver));
            }
            touch[v].clear();
        }
        stale[k] = 2;
    }
    app.plan
}

/// The least `f(avail[v], cost[v])` over the nodes `v`, and the lowest such `v`
/// (`(inf, usize::MAX)` when every value is infinite: nodes ruled out by an infinite cost), as
/// one scan in index order finds them. Two passes: the least value of each of [`LANES`]
/// independent lanes (lane `l` holds the nodes `v` with `v % LANES == l`), with no index
/// carried (`minpd` natively, `f64x2.pmin` in wasm with SIMD); then, in each lane whose least
/// is the overall least (most often one), its first node at that value, up to the best found.
/// Carrying each lane's index in the first pass cost more than the second pass
/// (`docs/performance.md`). Times are never NaN, so `<` is `total_cmp`, and `f` gives the same
/// value in both passes.
///
/// **Complexity**: O(N), no branch on the data in the first pass.
#[inline]
fn first_least(avail: &[f64], cost: &[f64], f: impl Fn(f64, f64) -> f64) -> (f64, usize) {
    const L: usize = LANES;
    let n = avail.len();
    let cost = &cost[..n];
    let whole = n / L * L;
    let (avail_w, cost_w) = (&avail[..whole], &cost[..whole]);
    let mut val = [f64::INFINITY; L];
    for (a, c) in avail_w.chunks_exact(L).zip(cost_w.chunks_exact(L)) {
        for l in 0..L {
            let t = f(a[l], c[l]);
            val[l] = if t < val[l] { t } else { val[l] };
        }
    }
    let mut least = f64::INFINITY;
    for v in val
        .into_iter()
        .chain((whole..n).map(|v| f(avail[v], cost[v])))
    {
        least = if v < least { v } else { least };
    }
    if least == f64::INFINITY {
        return (least, usize::MAX);
    }
    // A lane whose least is `least` holds a node at it: the lowest of those lanes' first.
    let mut at = usize::MAX;
    for (l, &lane) in val.iter().enumerate() {
        if lane == least {
            let mut v = l;
            while v < at.min(whole) {
                if f(avail_w[v], cost_w[v]) == least {
                    at = v;
                    break;
                }
                v += L;
            }
        }
    }
    if at == usize::MAX {
        at = (whole..n)
            .find(|&v| f(avail[v], cost[v]) == least)
            .unwrap_or(usize::MAX);
    }
    (least, at)
}

/// The lanes of [`first_least`].
const LANES: usize = 8;

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
    // `done` is the completion now: a candidate is scheduled only when current.
    app.push(i, j, k, c.s(i, k), done);
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
