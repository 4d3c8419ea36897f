//! Work-Racing-Preemptive (paper 001 section 4.4, figures 1-2).
//!
//! Work-Racing with one change: a new send may be placed *before* receives already in the
//! sender's list, in the idle time a blocking receive spends waiting for its message
//! (figure 1(b)), instead of always at the end. The three preemption rules of figure 2:
//!
//! - (a) a node's sends keep the order in which they were scheduled: a new send goes after the
//!   node's last send;
//! - (b) a node relays `m_k` only after the receive in which it gets `m_k`;
//! - (c) the preempting send must not delay the preempted receive: it must end no later than
//!   the arrival of the message that receive waits for.
//!
//! **Send available time** of `P_j` for `m_k` (our reading of `UpdateSenderState`, see
//! `docs/algorithms.md`): start after both the last send and the receive of `m_k` in `j`'s
//! list; walk the receives that follow, in list order, and take the first idle gap (from the
//! end of the previous task to the arrival of the receive's message) long enough for
//! `S(j, l_k)`; the send is inserted there, before that receive. If no gap fits, it goes at
//! the end of the list. A send placed in a gap changes no other time in the schedule.
//! **Receive available time** of `P_i`: the end of the last task in its list
//! (`UpdateReceiverState` appends the receive there).
//!
//! Each iteration takes the receiver with the smallest virtual time (as Work-Racing), then the
//! message and sender with the earliest completion `max(send available + S(j, l_k) +
//! X(j, i)·l_k, receive available of i) + R(i, l_k)`; ties: earliest arrival, lower message,
//! lower sender. The virtual times follow equations 5-6 unchanged.
//!
//! **Complexity**: O(Σ|D_k| · (log N + M·N·g)) where `g` is the number of receives after a node's
//! last send that a gap search walks (small in practice: every placed send moves the start of
//! the search forward); the paper states O(N³) per source.

use super::state::{transfer_step, Costs, Sets, Shared};
use super::work_racing::Racing;
use crate::models::multi::{Link, MultiInstance, MultiPlan, Task};
use crate::order::later;
use crate::trace::{Trace, Tracer};
use crate::units::fmt_us;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Work-Racing-Preemptive in the paper's words; the steps' `pseudo_line` points into it
/// (from 1).
pub const PSEUDO: &[&str] = &[
    "for each node P_i: W_i <- 0, SR_i <- the messages P_i needs",
    "while some SR_i is not empty:",
    "  take the receiver P_i with the least work W_i (ties: the fastest node)",
    "  for m_k in SR_i, P_j in A_k: the send available time of P_j (rules a-c)",
    "  take the (m_k, P_j) whose transfer to P_i completes earliest",
    "  insert send(m_k to P_i) into P_j's list: in an idle gap before a receive (preemption), or at the end",
    "  append receive(m_k from P_j) to P_i's list",
    "  W_i <- max(W_i, W_j(k) + S(j, l_k) + X(j, i) l_k) + R(i, l_k) (equations 5-6)",
];

#[derive(Clone, Copy)]
struct Slot {
    task: Task,
    end: f64,
    /// Arrival of the message in the buffer (receives only).
    arrive: f64,
}

#[derive(Default)]
struct Timeline {
    slots: Vec<Slot>,
    /// The first slot after the last send (0 before the first send): every slot after it is a
    /// receive.
    tail: usize,
    /// The end of the last send (0 before the first send): where a new send may start at the
    /// earliest (rule a).
    tail_start: f64,
    /// How many receives precede the last send.
    recvs_before_last_send: usize,
    /// How many receives the list has.
    recvs: usize,
}

impl Timeline {
    fn end(&self) -> f64 {
        self.slots.last().map_or(0.0, |s| s.end)
    }

    /// Earliest `(start, position, receives before it)` for a send lasting `dur` (rules a-c).
    /// `held` is the rank among this node's receives of the receive that brought the message
    /// (`usize::MAX` at its source): the send goes after the last send (a) and after that
    /// receive (b), into the first wait long enough (c), or at the end.
    fn send_slot(&self, held: usize, dur: f64) -> (f64, usize, usize) {
        let mut p = self.tail;
        let mut rb = self.recvs_before_last_send;
        let mut c = self.tail_start;
        if held != usize::MAX && held >= rb {
            // Receives follow the last send in rank order: rank `held` is `held - rb` slots
            // after the tail; start after it.
            p += held - rb;
            c = self.slots[p].end;
            p += 1;
            rb = held + 1;
        }
        while p < self.slots.len() {
            let s = &self.slots[p];
            if c + dur <= s.arrive {
                return (c, p, rb);
            }
            c = s.end;
            p += 1;
            rb += 1;
        }
        (c, p, rb)
    }

    fn insert_send(&mut self, pos: usize, recvs_before: usize, task: Task, end: f64) {
        self.slots.insert(
            pos,
            Slot {
                task,
                end,
                arrive: f64::NAN,
            },
        );
        self.tail = pos + 1;
        self.tail_start = end;
        self.recvs_before_last_send = recvs_before;
    }

    /// Append a receive; returns its rank among the node's receives.
    fn push_recv(&mut self, task: Task, arrive: f64, end: f64) -> usize {
        self.slots.push(Slot { task, end, arrive });
        self.recvs += 1;
        self.recvs - 1
    }
}

/// Each message's senders by (arrival, index) under one link rate (the arrival of `m_k` sent by
/// `j` does not depend on the receiver). An arrival only grows, and only when its node's list
/// changes: entries are stamped with their node's version and refreshed in place when they come
/// on top after it changed; an old entry is a lower bound, so the top, once current, is the
/// least. Each sender has one entry per message (pushed once, when it joins `A_k`).
///
/// **Complexity**: O(log |A_k|) per push; a top refreshes each entry at most once per change
/// of its node, with one send slot and one sift each.
struct Earliest {
    /// Per message: `(arrival, sender, version of the sender)`, least first, as [`key`]s (one
    /// integer comparison in the sifts).
    heaps: Vec<BinaryHeap<Reverse<u128>>>,
    /// Per node: how many times its list changed (below 2^32: two changes per transfer, at most
    /// 4096 · 4095 transfers).
    version: Vec<u32>,
}

/// `(arrival, sender, version)` as one integer that orders as the triple: an arrival is a sum
/// of times, never negative nor NaN, and the bits of such `f64`s order as their values (no
/// conversion to [`crate::order::total_key`] and back). `j` is below
/// [`crate::models::multi::instance::MAX_NODES`].
#[inline]
fn key(arrival: f64, j: usize, version: u32) -> u128 {
    debug_assert!(arrival.is_sign_positive() && !arrival.is_nan() && u32::try_from(j).is_ok());
    (arrival.to_bits() as u128) << 64 | (j as u128) << 32 | version as u128
}

/// The `(arrival, sender, version)` of a [`key`].
#[inline]
fn unkey(e: u128) -> (f64, usize, u32) {
    (
        f64::from_bits((e >> 64) as u64),
        (e >> 32) as u32 as usize,
        e as u32,
    )
}

impl Earliest {
    /// The sender sets of `sets` over `n` nodes, `value(j, k)` the arrival of `m_k` sent by `j`.
    fn new(sets: &Sets, n: usize, mut value: impl FnMut(usize, usize) -> f64) -> Earliest {
        let mut e = Earliest {
            heaps: sets
                .senders
                .iter()
                .map(|a| BinaryHeap::with_capacity(a.capacity()))
                .collect(),
            version: vec![0; n],
        };
        for (k, senders) in sets.senders.iter().enumerate() {
            for &j in senders {
                e.push(j, k, value(j, k));
            }
        }
        e
    }

    /// Enter `j` with `value` (as of its current version) for `m_k`; once per `(j, k)`.
    fn push(&mut self, j: usize, k: usize, value: f64) {
        self.heaps[k].push(Reverse(key(value, j, self.version[j])));
    }

    /// Node `v`'s list changed: its arrivals may have grown.
    fn changed(&mut self, v: usize) {
        self.version[v] += 1;
    }

    /// `m_k`'s least `(arrival, sender)`; `value(j)` is `j`'s arrival now. A stale top is
    /// replaced in place by its node's current value and sifted down (one pass, not a pop and
    /// a push); entries are distinct by sender, so the top is the same either way.
    fn top(&mut self, k: usize, mut value: impl FnMut(usize) -> f64) -> (f64, usize) {
        // Most tops are current: look before taking the heap in hand.
        if let Some(&Reverse(e)) = self.heaps[k].peek() {
            let (v, j, ver) = unkey(e);
            if ver == self.version[j] {
                return (v, j);
            }
        }
        while let Some(mut top) = self.heaps[k].peek_mut() {
            let (v, j, ver) = unkey(top.0);
            if ver == self.version[j] {
                return (v, j);
            }
            *top = Reverse(key(value(j), j, self.version[j]));
        }
        (f64::INFINITY, usize::MAX)
    }
}

/// Work-Racing-Preemptive task lists for a valid instance.
pub fn wrp(inst: &MultiInstance) -> MultiPlan {
    shared(&Shared::new(inst))
}

/// [`wrp`] from what the four heuristics share.
pub(crate) fn shared(sh: &Shared) -> MultiPlan {
    // The plan alone: no steps nor predicted times to record.
    let uniform = matches!(sh.c.inst.link, Link::PerByte(_));
    run(sh, Tracer::off(), uniform, false).plan
}

/// A run of Work-Racing-Preemptive with what it decided and predicted, for tests and the UI.
#[derive(Debug, Clone, PartialEq)]
pub struct WrpRun {
    /// The task lists.
    pub plan: MultiPlan,
    /// The transfers `(sender, receiver, message)` in the order the iterations chose them.
    pub steps: Vec<(usize, usize, usize)>,
    /// `predicted[k][v]`: when the algorithm's own bookkeeping says `v` holds `m_k`. It must
    /// equal the simulator's times: a preempting send that delayed a receive (rule c) would
    /// make them differ.
    pub predicted: Vec<Vec<Option<f64>>>,
    /// How many sends were placed before a receive already in the list (in an idle gap).
    pub preemptions: usize,
    /// One step per transfer (empty unless asked for, see [`wrp_traced`]).
    pub trace: Trace,
}

/// [`wrp`] with its steps and predicted times.
pub fn wrp_run(inst: &MultiInstance) -> WrpRun {
    wrp_traced(inst, Tracer::off())
}

/// [`wrp_run`], recording one step per transfer in its `trace`.
pub fn wrp_traced(inst: &MultiInstance, trace: Tracer) -> WrpRun {
    let uniform = matches!(inst.link, Link::PerByte(_));
    run(&Shared::new(inst), trace, uniform, true)
}

/// The same run as [`wrp_run`] by scanning every (message, sender) pair for each receiver.
pub fn wrp_full_scan(inst: &MultiInstance) -> WrpRun {
    run(&Shared::new(inst), Tracer::off(), false, true)
}

/// The transfer a receiver takes: (completion, arrival, message, sender, send start, position,
/// receives before).
type Pick = (f64, f64, usize, usize, f64, usize, usize);

/// The lists being built and the receive ranks: what a sender's send slot depends on.
struct Lists<'a> {
    lines: Vec<Timeline>,
    /// `rank[k * n + j]`: rank among j's receives of the one that brought m_k (`usize::MAX`
    /// while it has none: at the source, or before it holds m_k).
    rank: Vec<usize>,
    /// `S(j, l_k)` at `k * n + j`, computed once.
    s: &'a [f64],
    n: usize,
}

impl Lists<'_> {
    /// `(start, position, receives before)` of a send of `m_k` by `j` (rules a-c).
    fn slot(&self, j: usize, k: usize) -> (f64, usize, usize) {
        let at = k * self.n + j;
        self.lines[j].send_slot(self.rank[at], self.s[at])
    }

    /// When `m_k` sent by `j` reaches `i`, with the send's slot.
    fn arrival(&self, c: &Costs, j: usize, i: usize, k: usize) -> (f64, (f64, usize, usize)) {
        let slot = self.slot(j, k);
        (slot.0 + self.s[k * self.n + j] + c.transit(j, i, k), slot)
    }
}

/// Work-Racing-Preemptive. `uniform` (one link rate only): the arrival of `m_k` sent by `j`
/// does not depend on the receiver, and the pick of a receiver is the best over its messages
/// of each message's earliest sender, as the scan's (completion only grows with arrival); a
/// send slot only moves later as its list fills, so the earliest senders are kept in
/// [`Earliest`], stamped by the list's version; `SR_i` comes smallest message first
/// ([`Racing`]), so the walk over it stops at the first message whose `R(i, l_k)` after the end
/// of `i`'s list is strictly past the pick (as Work-Racing's). Otherwise every (message,
/// sender) pair is scanned. `record`: keep the steps and predicted times of [`WrpRun`] (left empty otherwise).
///
/// **Complexity**: O(Σ|D_k| · (log N + Σ_{k ∈ SR_i} |A_k| · L)) for the scan, L the length of a
/// list. The uniform path replaces the inner sum by O(M) heap tops, plus one send slot and heap
/// push for each entry that comes on top after its list changed (two lists change per
/// transfer).
fn run(sh: &Shared, mut trace: Tracer, uniform: bool, record: bool) -> WrpRun {
    let (c, inst) = (&sh.c, sh.c.inst);
    // The scan's sender sets, delivered into as transfers are chosen; the uniform path only
    // reads the starting sets, once, for its heaps (no copy).
    let mut scan_sets = (!uniform).then(|| sh.sets());
    let mut race = Racing::new(c);
    let lines: Vec<Timeline> = sh
        .room()
        .iter()
        .map(|&cap| Timeline {
            slots: Vec::with_capacity(cap),
            ..Timeline::default()
        })
        .collect();
    let (mut steps, mut predicted) = (Vec::new(), Vec::new());
    if record {
        let transfers = inst.messages.iter().map(|m| m.destinations.len()).sum();
        steps.reserve_exact(transfers);
        predicted = vec![vec![None; c.n]; inst.messages.len()];
        for (k, m) in inst.messages.iter().enumerate() {
            predicted[k][m.source] = Some(0.0);
        }
    }
    let mut preemptions = 0;
    let nm = inst.messages.len();
    let mut lists = Lists {
        lines,
        rank: vec![usize::MAX; nm * c.n],
        s: &sh.send,
        n: c.n,
    };
    // Under one rate the receiver does not matter: the arrival at j itself.
    // `X·l_k` as `Costs::transit` computes it, once per message (one rate: any pair).
    let x = &sh.x;
    let arrival = |lists: &Lists, j: usize, k: usize| {
        let at = k * lists.n + j;
        let send = lists.s[at];
        lists.lines[j].send_slot(lists.rank[at], send).0 + send + x[k]
    };
    let mut earliest =
        uniform.then(|| Earliest::new(sh.start_sets(), c.n, |j, k| arrival(&lists, j, k)));
    let size: Vec<f64> = inst.messages.iter().map(|m| m.size).collect();
    while let Some(i) = race.next_receiver() {
        let ra = lists.lines[i].end();
        // `R(i, l_k)` as `Costs::r` computes it.
        let recv = &c.nodes[i].recv;
        let mut pick: Option<Pick> = None;
        // `r` is `R(i, l_k)`.
        let consider = |pick: &mut Option<Pick>,
                        (k, j): (usize, usize),
                        arrive: f64,
                        r: f64,
                        slot: (f64, usize, usize)| {
            let done = later(arrive, ra) + r;
            // Times are never NaN nor 0 (a send's constant part is positive): `<` and `==`
            // order them as `total_cmp`.
            let better = pick.is_none_or(|p| {
                done < p.0
                    || (done == p.0 && (arrive < p.1 || (arrive == p.1 && (k, j) < (p.2, p.3))))
            });
            if better {
                *pick = Some((done, arrive, k, j, slot.0, slot.1, slot.2));
            }
        };
        for &k in &race.need[i] {
            let r = recv.at(size[k]);
            if let Some(e) = earliest.as_mut() {
                // `SR_i` comes smallest message first (`Racing`), so `R(i, l_k)` only grows
                // along it: once `i`'s own end plus `R(i, l_k)`, a lower bound of the
                // completion, is strictly past the pick, no later message can complete
                // before it nor tie, and their heaps are not asked (nor their stale tops
                // refreshed).
                if pick.is_some_and(|p| ra + r > p.0) {
                    break;
                }
                let (arrive, j) = e.top(k, |j| arrival(&lists, j, k));
                consider(&mut pick, (k, j), arrive, r, (f64::NAN, 0, 0));
            } else if let Some(sets) = &scan_sets {
                for &j in &sets.senders[k] {
                    let (arrive, slot) = lists.arrival(c, j, i, k);
                    consider(&mut pick, (k, j), arrive, r, slot);
                }
            }
        }
        let Some((done, arrive, k, j, mut start, mut pos, mut rb)) = pick else {
            break;
        };
        if uniform {
            (start, pos, rb) = lists.slot(j, k);
        }
        let lines = &mut lists.lines;
        let preempts = pos < lines[j].slots.len();
        if preempts {
            preemptions += 1;
        }
        let work = race.w[i];
        lines[j].insert_send(pos, rb, Task::send(i, k), start + c.s(j, k));
        lists.rank[k * c.n + i] = lines[i].push_recv(Task::recv(j, k), arrive, done);
        if record {
            predicted[k][i] = Some(done);
            steps.push((j, i, k));
        }
        if let Some(sets) = scan_sets.as_mut() {
            sets.deliver(k, i);
        }
        race.received(c, i, j, k);
        trace.push(|| {
            let place = if preempts {
                format!(
                    "the send fills an idle gap before receive {} of {}'s list (preemption, rules a-c)",
                    rb + 1,
                    inst.label(j)
                )
            } else {
                format!("the send goes at the end of {}'s list", inst.label(j))
            };
            let text = format!(
                "{} has the least work (W = {}); it receives {} from {}, sent at {}, done at {}; {place}; W becomes {}",
                inst.label(i),
                fmt_us(work),
                inst.message_label(k),
                inst.label(j),
                fmt_us(start),
                fmt_us(done),
                fmt_us(race.w[i])
            );
            transfer_step((j, i, k), start, 6, text)
        });
        if let Some(e) = earliest.as_mut() {
            // The lists of `j` and `i` changed, and `i` joined `A_k`.
            e.changed(j);
            e.changed(i);
            e.push(i, k, arrival(&lists, i, k));
        }
    }
    WrpRun {
        plan: MultiPlan {
            tasks: lists
                .lines
                .into_iter()
                .map(|l| l.slots.into_iter().map(|s| s.task).collect())
                .collect(),
        },
        steps,
        predicted,
        preemptions,
        trace: trace.into_steps(),
    }
}
