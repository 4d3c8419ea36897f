//! Work-Racing (paper 001 section 4.3, equations 5-6).
//!
//! Each destination `P_i` keeps a *virtual time* `W_i`, the work it has done receiving
//! (initially 0), and the set `SR_i` of sources whose message it still needs. Each iteration:
//!
//! 1. take the node with the smallest `W_i` whose `SR_i` is not empty; ties go to the fastest
//!    (smaller `R + S` at the mean message size, then the lower index);
//! 2. choose a message `k ∈ SR_i` and a sender `j ∈ A_k` for which the completion time of
//!    `(send, j, i, k)` (equation 4 with the available times) is the smallest (ties: earliest
//!    arrival, lower message, lower sender); append the send to `j`'s list and the receive to
//!    `i`'s; `Avail_j += S(j, l_k)`, `Avail_i` = the completion time; move `i` into `A_k`;
//! 3. update the virtual time (equation 5): `W_i = max(W_i, A_r) + R(i, l_k)`, where the
//!    message's virtual arrival (equation 6) is `A_r = W_j(k) + S(j, l_k) + X(j, i)·l_k`, with
//!    `W_j(k)` the virtual time of `j` just after it received `m_k`, or 0 when `j` is the
//!    message's source.
//!
//! A fast node's virtual time grows slowly, so it is served more often and relays more.
//!
//! **Complexity**: O(Σ|D_k| · (log N + M·N)): step 1 pops a heap of the nodes by `(W_i,
//! rank)`, step 2 scans the pairs (message, sender) of one receiver; O(N³) per source, as the
//! paper says for N sources. Under one link rate step 2 takes O(M) kept earliest senders
//! instead, each scanned again only after it changed (see `run`).

use super::state::{least_of, pack, transfer_step, unpack, Costs, Sets, Shared};
use crate::models::multi::{Link, MultiInstance, MultiPlan};
use crate::order::later;
use crate::trace::Tracer;
use crate::units::fmt_us;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Work-Racing in the paper's words; the steps' `pseudo_line` points into it (from 1).
pub const PSEUDO: &[&str] = &[
    "for each node P_i: W_i <- 0, SR_i <- the messages P_i needs",
    "while some SR_i is not empty:",
    "  take the receiver P_i with the least work W_i (ties: the fastest node)",
    "  take m_k in SR_i and P_j in A_k whose transfer to P_i completes earliest",
    "  append send(m_k to P_i) to P_j's list and receive(m_k from P_j) to P_i's",
    "  W_i <- max(W_i, W_j(k) + S(j, l_k) + X(j, i) l_k) + R(i, l_k) (equations 5-6)",
];

/// The per-receiver state of Work-Racing, shared with Work-Racing-Preemptive.
pub(crate) struct Racing {
    /// `W_i`.
    pub w: Vec<f64>,
    /// `SR_i`: messages node `i` still needs, smallest first (ties: lower message), so that
    /// `R(i, l_k)` never falls along the list (overheads per byte are not negative). The
    /// picks break ties by message index, not by place in this list; WR's uniform path stops
    /// at the first message that cannot win on `R` alone (see `run`).
    pub need: Vec<Vec<usize>>,
    /// `W_j(k)` at `k * n + j`: virtual time of `j` when it came to hold `m_k` (0 for the
    /// source).
    w_at: Vec<f64>,
    n: usize,
    /// Tie-break rank (0 = fastest).
    pub rank: Vec<usize>,
    /// `(W_i, rank, i)` of every node whose `SR_i` is not empty, least first, [`pack`]ed (only
    /// the node just served changes its `W_i`: it stays on top meanwhile, and its entry is
    /// replaced in place, one sift instead of a pop and a push).
    queue: BinaryHeap<Reverse<u128>>,
}

impl Racing {
    pub fn new(c: &Costs) -> Self {
        let mut need: Vec<Vec<usize>> = c.receives().into_iter().map(Vec::with_capacity).collect();
        let messages = &c.inst.messages;
        let mut by_size: Vec<usize> = (0..messages.len()).collect();
        crate::order::sort_by(&mut by_size, |&a, &b| {
            messages[a]
                .size
                .total_cmp(&messages[b].size)
                .then(a.cmp(&b))
        });
        for k in by_size {
            for &d in &messages[k].destinations {
                need[d].push(k);
            }
        }
        let rank = c.speed_rank();
        let queue = (0..c.n)
            .filter(|&i| !need[i].is_empty())
            .map(|i| Reverse(pack(0.0, rank[i], i)))
            .collect();
        Racing {
            w: vec![0.0; c.n],
            need,
            w_at: vec![0.0; c.n * messages.len()],
            rank,
            queue,
            n: c.n,
        }
    }

    /// Step 1: the receiver with the least completed work, ties to the fastest. It stays on
    /// top of the queue until [`Racing::received`] (which must follow) moves it to its new
    /// place.
    pub fn next_receiver(&mut self) -> Option<usize> {
        self.queue.peek().map(|&Reverse(e)| unpack(e).2)
    }

    /// Equations 5-6 after `i` is scheduled to receive `m_k` from `j`; removes `k` from `SR_i`
    /// (O(|SR_i|): the list stays in order).
    pub fn received(&mut self, c: &Costs, i: usize, j: usize, k: usize) {
        // 0 at the source: it never receives its own message.
        let base = self.w_at[k * self.n + j];
        let arrive = base + c.s(j, k) + c.transit(j, i, k);
        self.w[i] = later(self.w[i], arrive) + c.r(i, k);
        self.w_at[k * self.n + i] = self.w[i];
        let need = &mut self.need[i];
        if let Some(p) = need.iter().position(|&m| m == k) {
            need.remove(p);
        }
        // `i` is on top ([`Racing::next_receiver`]); entries are distinct by node, so the
        // order is the same as by a pop and a push.
        if let Some(mut top) = self.queue.peek_mut() {
            debug_assert_eq!(unpack(top.0).2, i);
            if need.is_empty() {
                std::collections::binary_heap::PeekMut::pop(top);
            } else {
                *top = Reverse(pack(self.w[i], self.rank[i], i));
            }
        }
    }
}

/// Work-Racing task lists for a valid instance.
pub fn work_racing(inst: &MultiInstance) -> MultiPlan {
    work_racing_traced(inst, &mut Tracer::off())
}

/// [`work_racing`], recording one step per transfer in `trace`.
pub fn work_racing_traced(inst: &MultiInstance, trace: &mut Tracer) -> MultiPlan {
    shared(&Shared::new(inst), trace)
}

/// [`work_racing_traced`] from what the four heuristics share.
pub(crate) fn shared(sh: &Shared, trace: &mut Tracer) -> MultiPlan {
    run(sh, trace, matches!(sh.c.inst.link, Link::PerByte(_)))
}

/// The same task lists as [`work_racing`] by scanning every (message, sender) pair for each
/// receiver (kept to test the fast path against).
pub fn work_racing_full_scan(inst: &MultiInstance) -> MultiPlan {
    run(&Shared::new(inst), &mut Tracer::off(), false)
}

/// Work-Racing. `uniform` (one link rate only): the arrival of `m_k` sent by `j` does not
/// depend on the receiver, and the completion only grows with the arrival, so a receiver's
/// pick is the best over its messages of each message's earliest sender (ties: lower sender,
/// as the scan's); available times only grow, so the earliest senders are kept in
/// [`KeptSender`], stamped by their node's version. `SR_i` comes smallest message first
/// ([`Racing`]), so `R(i, l_k)` only grows along it: the walk stops at the first message that
/// could not complete before the pick even if it were there when `i` is free (`Avail_i +
/// R(i, l_k)`), and the messages after it are not asked about. Otherwise every (message,
/// sender) pair is scanned.
///
/// **Complexity**: the scan as in the module's note; the uniform path replaces the inner sum
/// over senders by O(M) kept senders, plus one scan of `A_k` for each message asked about
/// after its kept sender changed (two nodes change per transfer).
fn run(sh: &Shared, trace: &mut Tracer, uniform: bool) -> MultiPlan {
    let (c, inst) = (&sh.c, sh.c.inst);
    let mut sets = sh.sets();
    let mut app = sh.appender();
    let mut race = Racing::new(c);
    // Under one rate the receiver does not matter: the arrival at j itself.
    let mut earliest = uniform.then(|| KeptSender::new(&sets, sh, &app.avail));
    let size: Vec<f64> = inst.messages.iter().map(|m| m.size).collect();
    while let Some(i) = race.next_receiver() {
        // `R(i, l_k)` as `Costs::r` computes it.
        let (recv, ra) = (&c.nodes[i].recv, app.avail[i]);
        // (completion, arrival, message, sender); none yet: past every key (times are finite).
        let mut pick = (f64::INFINITY, f64::INFINITY, usize::MAX, usize::MAX);
        let consider = |pick: &mut (f64, f64, usize, usize), key: (f64, f64, usize, usize)| {
            // Times are never NaN nor 0 (a send's constant part is positive): `<` and `==`
            // order them as `total_cmp`.
            let p = *pick;
            if key.0 < p.0
                || (key.0 == p.0 && (key.1 < p.1 || (key.1 == p.1 && (key.2, key.3) < (p.2, p.3))))
            {
                *pick = key;
            }
        };
        if let Some(e) = earliest.as_mut() {
            for &k in &race.need[i] {
                let r = recv.at(size[k]);
                // The completion if `m_k` is there by `ra`, a lower bound otherwise; `R(i,
                // l_k)` only grows along `SR_i`, so once it is past the pick no later message
                // can complete before it (nor tie: it is strictly past), and their senders
                // are not asked for (nor `A_k` scanned again).
                let free = ra + r;
                if free > pick.0 {
                    break;
                }
                let (kept, j, current) = e.kept(k);
                let (arrive, j) = if current {
                    (kept, j)
                } else {
                    // A stale kept arrival is a lower bound of the earliest now
                    // ([`KeptSender`]): no scan of `A_k` when even it cannot beat the pick.
                    if later(kept, ra) + r > pick.0 {
                        continue;
                    }
                    e.scan(k, &sets, &app.avail)
                };
                // `later(arrive, ra) + r`, `free` when `arrive <= ra`.
                let done = if arrive > ra { arrive + r } else { free };
                consider(&mut pick, (done, arrive, k, j));
            }
        } else {
            for &k in &race.need[i] {
                for &j in &sets.senders[k] {
                    let (arrive, done) = app.complete(c, j, i, k);
                    consider(&mut pick, (done, arrive, k, j));
                }
            }
        }
        let (done, _, k, j) = pick;
        if k == usize::MAX {
            break;
        }
        let (start, work) = (app.avail[j], race.w[i]);
        // `done` is the completion now (`Appender::complete`'s sums).
        app.push(j, i, k, c.s(j, k), done);
        sets.deliver(k, i);
        race.received(c, i, j, k);
        if let Some(e) = earliest.as_mut() {
            // The available times of `j` and `i` changed (`j` was m_k's kept sender, so the next
            // question about m_k scans `A_k`, `i` in it).
            e.changed(j);
            e.changed(i);
        }
        trace.push(|| {
            let text = format!(
                "{} has the least work (W = {}); it receives {} from {}, done at {}; W becomes {}",
                inst.label(i),
                fmt_us(work),
                inst.message_label(k),
                inst.label(j),
                fmt_us(done),
                fmt_us(race.w[i])
            );
            transfer_step((j, i, k), start, 4, text)
        });
    }
    app.plan
}

/// Each message's earliest sender under one link rate, kept between iterations: `(arrival,
/// sender)`, the least arrival `Avail_j + S(j, l_k) + X·l_k` over `A_k`, then the lower
/// sender, as the scan finds it. Available times only grow, so a kept sender whose node did
/// not change since is still the earliest (the others' arrivals only grew); otherwise the
/// message's senders are scanned again, when a receiver asks and the kept arrival, a lower
/// bound of the earliest now, could still beat its pick (`run`). A node joins `A_k` only by a
/// transfer from the message's kept sender (step 2 takes it), which then changed: the next
/// question scans `A_k` with the new node in it.
///
/// **Complexity**: O(1) for a current sender, O(|A_k|) for a scan; at most one scan per
/// message and question after its sender changed (two nodes change per transfer). On
/// `hetcast experiment wu-fig3` this ran fewer instructions than a heap of senders per message
/// with stale entries refreshed on top (several refreshes per question).
struct KeptSender<'a> {
    /// `S(j, l_k)` at `k * n + j`.
    s: &'a [f64],
    /// `X·l_k`.
    x: &'a [f64],
    /// Per message: `(arrival, sender, version of the sender)`.
    best: Vec<(f64, usize, usize)>,
    /// Per node: how many times its available time changed.
    version: Vec<usize>,
    n: usize,
}

impl<'a> KeptSender<'a> {
    fn new(sets: &Sets, sh: &'a Shared, avail: &[f64]) -> KeptSender<'a> {
        let (n, nm) = (sh.c.n, sets.senders.len());
        let mut e = KeptSender {
            s: &sh.send,
            x: &sh.x,
            best: vec![(f64::INFINITY, usize::MAX, 0); nm],
            version: vec![0; n],
            n,
        };
        for k in 0..nm {
            e.scan(k, sets, avail);
        }
        e
    }

    /// Scan `A_k` again.
    fn scan(&mut self, k: usize, sets: &Sets, avail: &[f64]) -> (f64, usize) {
        let (sk, xk) = (&self.s[k * self.n..(k + 1) * self.n], self.x[k]);
        let (a, j) = least_of(&sets.senders[k], avail, sk, |v, s| v + s + xk);
        self.best[k] = (a, j, self.version.get(j).copied().unwrap_or(0));
        (a, j)
    }

    /// `m_k`'s kept `(arrival, sender, current)`: when `current`, the earliest now; otherwise
    /// the sender changed since, and the arrival is a lower bound of the earliest now (the
    /// arrivals of `A_k` only grow, and a node joined it later than the kept arrival), which
    /// [`KeptSender::scan`] finds.
    #[inline]
    fn kept(&self, k: usize) -> (f64, usize, bool) {
        let (a, j, ver) = self.best[k];
        (a, j, self.version.get(j) == Some(&ver))
    }

    /// Node `v`'s available time changed.
    fn changed(&mut self, v: usize) {
        self.version[v] += 1;
    }
}
