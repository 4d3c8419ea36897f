//! Greedy multicast (000 section 2, Lemma 1), which is fastest-node-first (FNF, 004 sections
//! 3.1 and 5.2) in the sender-receiver model.
//!
//! Destinations are sorted fastest first ([`super::faster_first`]). A priority queue holds the
//! nodes that have the message, keyed by the time their next send would end. Each step pops the
//! sender whose next send ends first, gives it the fastest waiting destination as its next child,
//! pushes the receiver (key: when it holds the message plus its own send time) and re-pushes the
//! sender (key: plus its send time).
//!
//! **Ties** (documented, deterministic): equal queue keys go to the smaller node index.
//! Equal destinations go to the smaller index.
//!
//! **Complexity**: O(n log n) time in the worst case, O(n) space; about linear on the usual
//! instances (see below).
//!
//! **Implementation.** The result is exactly that of the textbook version (a binary heap keyed by
//! (send end, node index), kept as the fallback and in the equivalence tests); three things make
//! it fast on a million nodes:
//!
//! - the sort is a two-level radix sort on the bits of the send times (for non-negative floats
//!   the bit pattern orders like the number) when every destination has the same receive time,
//!   as in the node model; otherwise a comparison sort of precomputed keys;
//! - the queue is *monotone* (every pushed key is at least the last popped one, costs being
//!   positive), so it is a calendar queue: the keys of the near future fall in buckets of equal
//!   time width, a bucket is ordered exactly (radix on the key bits, then insertion) when the
//!   clock reaches it, and keys that fall into the bucket being served go to a small binary heap.
//!   A newcomer whose first (key, index) comes after the previous FIFO newcomer's (nearly always
//!   so for fastest-first in the node model, where those keys never decrease) waits in a FIFO
//!   instead, in receive order. Each step pops the smallest of the FIFO's head, the bucket's next
//!   entry and the small heap's top;
//! - the children lists are filled from a parent array by a two-level radix grouping, each list
//!   allocated once with its exact length.
//!
//! Instances whose numbers defeat the calendar (times that overflow, a send time negligible next
//! to the clock) fall back to the binary heap. With the feature `compact` (the app's page, at
//! most 500 nodes, where code size counts) every instance runs on the binary heap.
//!
//! **LogP gaps** (000 section 5): a sender's next send ends one *step* later, the larger of its
//! send time and its gap ([`Instance::step`]), so the heap re-pushes the sender at
//! `end + step`; instances with gaps above the send times run on the binary heap. Without gaps
//! (or with every gap at most the send time) the result is today's, bit for bit. The paper
//! notes that the approximation guarantees do not carry over to this model.
//!
//! ```
//! use hetcast_core::{models::overhead::{gallery, algo::greedy::greedy, simulate}};
//! let inst = gallery::libeskind_hadas_figure1();
//! let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
//! assert_eq!(s.completion_time, 10.0);
//! ```

use super::{faster_first, Solution};
use crate::error::Error;
use crate::models::overhead::instance::{Instance, Node};
use crate::models::overhead::plan::Plan;
use crate::models::overhead::trace::{Trace, TraceStep};
use crate::order::Total;
use crate::units::fmt_t;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// Greedy / FNF with its trace. See the module documentation.
pub fn greedy(inst: &Instance) -> Result<Solution, Error> {
    greedy_impl(inst, true)
}

/// Greedy / FNF without building the trace (for benchmarks and large experiments).
pub fn greedy_plan(inst: &Instance) -> Result<Plan, Error> {
    greedy_impl(inst, false).map(|s| s.plan)
}

fn greedy_impl(inst: &Instance, with_trace: bool) -> Result<Solution, Error> {
    // The app's page (feature `compact`) runs the textbook version only: the same schedule
    // (the fast path's definition), at most the app's 500 nodes, without the fast path's
    // sorts and calendar queue (about 28 KB of the page's WebAssembly).
    let scan = if cfg!(feature = "compact") || inst.nodes.len() >= U32_NODES {
        inst.validate()?;
        None
    } else {
        Some(Scan::checked(inst)?).filter(|s| !s.gaps)
    };
    let Some(scan) = scan else {
        let mut waiting: Vec<usize> = inst.destinations().collect();
        // A total order (ties by index): the stable sort gives the same order.
        crate::order::sort_by(&mut waiting, |&a, &b| faster_first(inst, a, b));
        return Ok(heap_schedule(inst, &waiting, with_trace));
    };
    let (dst, recv, bounds, scratch) = sorted_destinations(inst, scan);
    Ok(schedule(inst, dst, recv, bounds, scratch, with_trace))
}

/// `Some(r)` when every destination has the receive time `r` (bit for bit), as in the node
/// model: then every arrival delay is `latency + r`.
fn common_recv(inst: &Instance) -> Option<f64> {
    let src = inst.source;
    let first = inst
        .nodes
        .iter()
        .enumerate()
        .find(|&(i, _)| i != src)?
        .1
        .recv;
    inst.nodes
        .iter()
        .enumerate()
        .all(|(i, n)| i == src || n.recv.to_bits() == first.to_bits())
        .then_some(first)
}

/// The list schedule of 004 equation 1: destinations receive in the given `order`, each from
/// the node whose next send ends first (ties: smaller index). Greedy / FNF is the list schedule
/// of the fastest-first order; any other order gives the schedule 004 calls the sequence `P`.
/// `order` must list every destination once; `inst` must be valid. O(n log n).
pub fn list_schedule(inst: &Instance, order: &[usize], with_trace: bool) -> Solution {
    if cfg!(feature = "compact")
        || inst.nodes.len() >= U32_NODES
        || !is_destination_list(inst, order)
        || inst.has_gaps()
    {
        return heap_schedule(inst, order, with_trace);
    }
    let dst = order
        .iter()
        .map(|&w| Dst::waiting(inst.nodes[w].send, w as u32))
        .collect();
    schedule(inst, dst, common_recv(inst), None, Vec::new(), with_trace)
}

/// True when `order` lists destinations only, each at most once.
fn is_destination_list(inst: &Instance, order: &[usize]) -> bool {
    let mut seen = vec![false; inst.nodes.len()];
    match seen.get_mut(inst.source) {
        Some(s) => *s = true,
        None => return false,
    }
    order
        .iter()
        .all(|&w| w < seen.len() && !std::mem::replace(&mut seen[w], true))
}

/// Node indices are stored as `u32` below this size (larger instances use the heap).
const U32_NODES: usize = u32::MAX as usize - 1;

// ---------------------------------------------------------------------------------------------
// The textbook version: a binary heap keyed by (send end, index). The fallback, and the
// definition the fast path must reproduce.

fn heap_schedule(inst: &Instance, order: &[usize], with_trace: bool) -> Solution {
    let n = inst.nodes.len();
    let mut plan = Plan::new(inst.source, n);
    let mut trace = Vec::new();
    let mut heap = BinaryHeap::with_capacity(n);
    heap.push(Reverse((Total(inst.nodes[inst.source].send), inst.source)));
    for &w in order {
        let Some(Reverse((Total(end), v))) = heap.pop() else {
            break; // unreachable: every step pushes two keys
        };
        let ready = end + inst.arrival_delay(w);
        plan.children[v].push(w);
        if with_trace {
            trace.push(trace_step(inst, v, w, end, ready, plan.children[v].len()));
        }
        heap.push(Reverse((Total(ready + inst.nodes[w].send), w)));
        // The sender's next send ends one step (its send time, or its LogP gap) later.
        heap.push(Reverse((Total(end + inst.step(v)), v)));
    }
    Solution { plan, trace }
}

/// One trace step: `v` sends to `w` (its child number `child`), the send ending at `end`.
fn trace_step(
    inst: &Instance,
    v: usize,
    w: usize,
    end: f64,
    ready: f64,
    child: usize,
) -> TraceStep {
    TraceStep {
        sender: v,
        receiver: w,
        send_start: end - inst.nodes[v].send,
        send_end: end,
        receiver_ready: ready,
        text: format!(
            "{} can finish a send first (at t = {}; ties go to the lower index), so the fastest node still waiting, {}, becomes its child #{}.",
            inst.label(v),
            fmt_t(end),
            inst.label(w),
            child
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// The fast version.

/// No key (an empty FIFO, the end of a bucket).
const NONE: u64 = u64::MAX;
/// The FIFO key of a destination that did not join the FIFO (its first key went elsewhere).
const SKIP: u64 = u64::MAX - 1;

/// A destination in receive order: its send time (as bits; the sort keeps its sort key
/// there meanwhile), its index, and `par`, filled with its sender.
#[derive(Clone, Copy, Default)]
struct Dst {
    bits: u64,
    idx: u32,
    par: u32,
}

impl Dst {
    fn waiting(send: f64, idx: u32) -> Dst {
        Dst {
            bits: send.to_bits(),
            idx,
            par: 0,
        }
    }

    fn send(&self) -> f64 {
        f64::from_bits(self.bits)
    }
}

/// A u64 whose unsigned order is `f64::total_cmp`'s order.
fn total_key(x: f64) -> u64 {
    let b = x.to_bits();
    if b >> 63 == 1 {
        !b
    } else {
        b | (1 << 63)
    }
}

/// Inverse of [`total_key`].
fn from_total_key(k: u64) -> f64 {
    if k >> 63 == 1 {
        f64::from_bits(k & !(1 << 63))
    } else {
        f64::from_bits(!k)
    }
}

/// The destinations of a valid instance in [`faster_first`] order, with [`common_recv`] and,
/// when the sort gives them for free, the largest and smallest increment of a queue key.
/// Also returns the sort's key buffer, for reuse as scratch.
type Sorted = (Vec<Dst>, Option<f64>, Option<(f64, f64)>, Vec<u64>);

/// What greedy reads from the nodes in one pass (the one of [`Instance::validate_visiting`]):
/// the destinations' send keys ([`total_key`], in index order), their range, whether every
/// destination has the first one's receive time, and whether some node has a gap above its
/// send time ([`Instance::has_gaps`]).
struct Scan {
    keys: Vec<u64>,
    lo: u64,
    hi: u64,
    recv: f64,
    same: bool,
    gaps: bool,
}

impl Scan {
    /// The scan of a valid instance; the validation's error otherwise. O(n).
    fn checked(inst: &Instance) -> Result<Scan, Error> {
        let mut s = Scan::new(inst);
        inst.validate_visiting(|i, n| s.add(inst.source, i, n))?;
        Ok(s)
    }

    /// Node `i` (`n`) of an instance whose source is `src`, in index order.
    #[inline(always)]
    fn add(&mut self, src: usize, i: usize, n: &Node) {
        self.gaps |= n.gap.is_some_and(|g| g > n.send);
        if i != src {
            self.same &= n.recv.to_bits() == self.recv.to_bits();
            let k = total_key(n.send);
            self.lo = self.lo.min(k);
            self.hi = self.hi.max(k);
            self.keys.push(k);
        }
    }

    fn new(inst: &Instance) -> Scan {
        let first = if inst.source == 0 { 1 } else { 0 };
        Scan {
            keys: Vec::with_capacity(inst.nodes.len().saturating_sub(1)),
            lo: u64::MAX,
            hi: 0,
            recv: inst.nodes.get(first).map_or(0.0, |n| n.recv),
            same: true,
            gaps: false,
        }
    }
}

fn sorted_destinations(inst: &Instance, scan: Scan) -> Sorted {
    let src = inst.source;
    let Scan {
        keys,
        lo,
        hi,
        recv,
        same,
        ..
    } = scan;
    if !same {
        // Receive times differ (sender-receiver model): a comparison sort of precomputed keys.
        let mut keys: Vec<(u64, u64, u32)> = inst
            .destinations()
            .map(|v| {
                let n = &inst.nodes[v];
                (total_key(n.recv), total_key(n.send), v as u32)
            })
            .collect();
        keys.sort_unstable();
        let dst = keys
            .iter()
            .map(|&(_, s, v)| Dst::waiting(from_total_key(s), v))
            .collect();
        return (dst, None, None, Vec::new());
    }
    // Equal receive times: order by (send, index), a stable radix sort on the send bits.
    let idx_of = |i: usize| if i < src { i as u32 } else { i as u32 + 1 };
    let dst = radix_sort(&keys, lo, hi, idx_of);
    // Sorted by send: the extremes are at the ends.
    let src_send = inst.nodes[src].send;
    let (min_send, max_send) = (from_total_key(lo), from_total_key(hi));
    let bounds = (
        (inst.latency + recv + max_send).max(src_send),
        min_send.min(src_send),
    );
    (dst, Some(recv), Some(bounds), keys)
}

/// Stable sort of `keys` (with node `idx_of(position)`) into destinations: one counting pass
/// on the top bits of `key - lo` (at most 1024 buckets), then each bucket by a counting pass on
/// the next bits (about one bucket per key) and an insertion pass.
fn radix_sort(keys: &[u64], lo: u64, hi: u64, idx_of: impl Fn(usize) -> u32) -> Vec<Dst> {
    let n = keys.len();
    let fin = |k: u64, w: u32| Dst::waiting(from_total_key(k), w);
    let range = hi - lo;
    if range == 0 {
        return keys
            .iter()
            .enumerate()
            .map(|(i, &k)| fin(k, idx_of(i)))
            .collect();
    }
    let bits = 64 - range.leading_zeros();
    let cshift = bits - bits.min(10);
    let nc = 1usize << (bits - cshift);
    let mut start = vec![0usize; nc + 1];
    for &k in keys {
        start[((k - lo) >> cshift) as usize + 1] += 1;
    }
    prefix_sum(&mut start);
    // Pass 1: coarse buckets (the sort key sits in `bits` until pass 2).
    let mut out = vec![Dst::default(); n];
    {
        let mut pos = start.clone();
        for (i, &k) in keys.iter().enumerate() {
            let p = &mut pos[((k - lo) >> cshift) as usize];
            out[*p] = Dst {
                bits: k,
                idx: idx_of(i),
                par: 0,
            };
            *p += 1;
        }
    }
    // Pass 2: each bucket through a small buffer.
    let mut tmp: Vec<(u64, u32)> = Vec::new();
    let mut cnt: Vec<u32> = Vec::new();
    for c in 0..nc {
        let seg = &mut out[start[c]..start[c + 1]];
        let m = seg.len();
        // `tmp` only grows; its first m entries are overwritten.
        if tmp.len() < m {
            tmp.resize(m, (0, 0));
        }
        let tmp = &mut tmp[..m];
        if m <= 32 || cshift == 0 {
            for (t, x) in tmp.iter_mut().zip(seg.iter()) {
                *t = (x.bits, x.idx);
            }
            if cshift > 0 {
                insertion_sort_by_key(tmp);
            }
        } else {
            let fb = (usize::BITS - (m - 1).leading_zeros()).min(cshift);
            let fshift = cshift - fb;
            let fmask = (1u64 << fb) - 1;
            let digit = |k: u64| (((k - lo) >> fshift) & fmask) as usize;
            cnt.clear();
            cnt.resize((1 << fb) + 1, 0);
            for e in seg.iter() {
                cnt[digit(e.bits) + 1] += 1;
            }
            let largest = cnt.iter().copied().max().unwrap_or(0);
            prefix_sum(&mut cnt);
            for e in seg.iter() {
                let p = &mut cnt[digit(e.bits)];
                tmp[*p as usize] = (e.bits, e.idx);
                *p += 1;
            }
            if fshift > 0 && largest > 1 {
                if largest <= 32 {
                    insertion_sort_by_key(tmp);
                } else {
                    // Big groups (many close keys): a stable sort per group.
                    let mut s = 0usize;
                    for &e in &cnt[..1 << fb] {
                        let e = e as usize;
                        crate::order::sort_by_key(&mut tmp[s..e], |x| x.0);
                        s = e;
                    }
                }
            }
        }
        for (x, &(k, w)) in seg.iter_mut().zip(tmp.iter()) {
            *x = fin(k, w);
        }
    }
    out
}

/// Stable insertion sort by the first field (cheap on nearly sorted input).
fn insertion_sort_by_key(v: &mut [(u64, u32)]) {
    for i in 1..v.len() {
        let x = v[i];
        if v[i - 1].0 > x.0 {
            let mut j = i;
            while j > 0 && v[j - 1].0 > x.0 {
                v[j] = v[j - 1];
                j -= 1;
            }
            v[j] = x;
        }
    }
}

/// In place: `v[i]` becomes `v[0] + ... + v[i]`.
fn prefix_sum<T: Copy + std::ops::AddAssign>(v: &mut [T]) {
    if let Some((first, rest)) = v.split_first_mut() {
        let mut acc = *first;
        for x in rest {
            acc += *x;
            *x = acc;
        }
    }
}

/// Greedy / list schedule of the destinations `dst` (in receive order); `recv` is
/// [`common_recv`], `bounds` the largest and smallest key increment if known, `scratch` a
/// buffer to reuse (any content).
fn schedule(
    inst: &Instance,
    mut dst: Vec<Dst>,
    recv: Option<f64>,
    bounds: Option<(f64, f64)>,
    scratch: Vec<u64>,
    with_trace: bool,
) -> Solution {
    let n = inst.nodes.len();
    let src = inst.source;
    let src_send = inst.nodes[src].send;
    // One arrival delay for all (node model), or one per destination.
    let source = (src as u32, src_send);
    let split = ParentSplit::new(n);
    let mut out = Recorder {
        ends: Vec::new(),
        with_trace,
        hist: vec![0; split.groups + 1],
        shift: split.shift,
        fifo: scratch,
    };
    let done = match recv {
        Some(r) => {
            let d = inst.latency + r;
            calendar(&mut dst, source, |_| d, bounds, &mut out)
        }
        None => {
            let delays: Vec<f64> = dst
                .iter()
                .map(|x| inst.arrival_delay(x.idx as usize))
                .collect();
            calendar(&mut dst, source, |i| delays[i], bounds, &mut out)
        }
    };
    if !done {
        let order: Vec<usize> = dst.iter().map(|x| x.idx as usize).collect();
        return heap_schedule(inst, &order, with_trace);
    }
    let trace = if with_trace {
        let mut count = vec![0usize; n];
        dst.iter()
            .zip(&out.ends)
            .map(|(x, &end)| {
                let (v, w) = (x.par as usize, x.idx as usize);
                count[v] += 1;
                trace_step(inst, v, w, end, end + inst.arrival_delay(w), count[v])
            })
            .collect()
    } else {
        Trace::new()
    };
    Solution {
        plan: Plan {
            source: src,
            children: children_of(n, dst, split, out.hist, out.fifo),
            wait: Vec::new(),
        },
        trace,
    }
}

/// An entry of the calendar: a sender (or a newcomer not in the FIFO) with its next key.
/// `rel` is its bucket relative to the bucket being served when it was pushed.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    send: f64,
    idx: u32,
    rel: u32,
}

impl Entry {
    fn order(&self) -> u128 {
        order(self.key, self.idx)
    }
}

/// The entry after the last of a bucket being served (its key, NONE, is above every key).
const SENTINEL: Entry = Entry {
    key: NONE,
    send: 0.0,
    idx: u32::MAX,
    rel: 0,
};

/// (key, index) as one integer: the queue's order.
fn order(key: u64, idx: u32) -> u128 {
    ((key as u128) << 32) | idx as u128
}

/// Pushes made while one bucket was served, grouped by bucket.
#[derive(Default)]
struct Run {
    /// Absolute bucket of `rel` 0.
    base: u64,
    /// Last bucket with an entry.
    last: u64,
    entries: Vec<Entry>,
    /// `entries[off[rel]..off[rel + 1]]` are in bucket `base + rel`.
    off: Vec<u32>,
}

/// The calendar queue of future keys (the FIFO and the small heap live in [`calendar`]).
struct Calendar {
    /// Buckets in the window (a power of two) and `b - 1`.
    b: usize,
    mask: u64,
    /// The bucket being served.
    cur_b: u64,
    /// Pushes since the bucket being served was opened, and their count per `rel`.
    staging: Vec<Entry>,
    count: Vec<u32>,
    /// Per slot (`bucket & mask`): entries, smallest and largest key.
    slot_len: Vec<u32>,
    slot_lo: Vec<u64>,
    slot_hi: Vec<u64>,
    /// Entries in `runs`.
    stored: usize,
    runs: VecDeque<Run>,
    spare: Vec<Run>,
    digits: Vec<u32>,
}

impl Calendar {
    /// An empty calendar of `b` buckets (a power of two, at least 4), serving bucket `cur_b`.
    fn new(b: usize, cur_b: u64) -> Calendar {
        Calendar {
            b,
            mask: (b - 1) as u64,
            cur_b,
            staging: Vec::new(),
            count: vec![0; b],
            slot_len: vec![0; b],
            slot_lo: vec![u64::MAX; b],
            slot_hi: vec![0; b],
            stored: 0,
            runs: VecDeque::new(),
            spare: Vec::new(),
            digits: Vec::new(),
        }
    }

    /// Store the staging as a run, then fill `cur` with the next non-empty bucket, ordered by
    /// (key, index), followed by a sentinel. False when the calendar is empty.
    fn next_bucket(&mut self, cur: &mut Vec<Entry>) -> bool {
        let mask = self.mask;
        if !self.staging.is_empty() {
            let base = self.cur_b + 1;
            let mut r = self.spare.pop().unwrap_or_default();
            r.base = base;
            r.off.clear();
            r.off.push(0);
            let (mut acc, mut last) = (0u32, 0usize);
            for (rel, c) in self.count.iter_mut().enumerate() {
                if *c > 0 {
                    self.slot_len[((base + rel as u64) & mask) as usize] += *c;
                    last = rel;
                }
                let t = *c;
                *c = acc;
                acc += t;
                r.off.push(acc);
            }
            r.last = base + last as u64;
            if r.entries.len() < self.staging.len() {
                r.entries.resize(self.staging.len(), Entry::default());
            }
            for x in &self.staging {
                let q = &mut self.count[x.rel as usize];
                r.entries[*q as usize] = *x;
                *q += 1;
                let s = ((base + x.rel as u64) & mask) as usize;
                self.slot_lo[s] = self.slot_lo[s].min(x.key);
                self.slot_hi[s] = self.slot_hi[s].max(x.key);
            }
            self.count.iter_mut().for_each(|c| *c = 0);
            self.stored += self.staging.len();
            self.staging.clear();
            self.runs.push_back(r);
        }
        if self.stored == 0 {
            return false;
        }
        // The next bucket with entries (within the window, as every stored bucket is).
        let mut s = 0;
        for _ in 0..self.b {
            self.cur_b += 1;
            s = (self.cur_b & mask) as usize;
            if self.slot_len[s] > 0 {
                break;
            }
        }
        let m = self.slot_len[s] as usize;
        if m == 0 {
            return false;
        }
        let (lo, hi) = (self.slot_lo[s], self.slot_hi[s]);
        self.slot_len[s] = 0;
        self.slot_lo[s] = u64::MAX;
        self.slot_hi[s] = 0;
        self.stored -= m;
        let cb = self.cur_b;
        let segments = self
            .runs
            .iter()
            .filter(|r| r.base <= cb && cb <= r.last)
            .map(|r| {
                let rel = (cb - r.base) as usize;
                &r.entries[r.off[rel] as usize..r.off[rel + 1] as usize]
            });
        // `cur` only grows: its first m entries are overwritten, the sentinel follows.
        if cur.len() <= m {
            cur.resize(m + 1, SENTINEL);
        }
        cur[m] = SENTINEL;
        let cur = &mut cur[..m];
        if m <= 16 {
            let mut q = 0;
            for seg in segments {
                cur[q..q + seg.len()].copy_from_slice(seg);
                q += seg.len();
            }
            insertion_sort_entries(cur);
        } else {
            // Counting sort on the key bits below the common prefix, then insertion.
            let bits = 64 - (hi - lo).leading_zeros();
            let fb = (usize::BITS - (m - 1).leading_zeros()).min(bits);
            let shift = bits - fb;
            let digits = &mut self.digits;
            digits.clear();
            digits.resize((1 << fb) + 1, 0);
            for seg in segments.clone() {
                for e in seg {
                    digits[((e.key - lo) >> shift) as usize + 1] += 1;
                }
            }
            let largest = digits.iter().copied().max().unwrap_or(0);
            prefix_sum(digits);
            for seg in segments {
                for e in seg {
                    let q = &mut digits[((e.key - lo) >> shift) as usize];
                    cur[*q as usize] = *e;
                    *q += 1;
                }
            }
            if largest > 1 {
                if largest <= 32 {
                    insertion_sort_entries(cur);
                } else {
                    let mut s0 = 0usize;
                    for &e in &digits[..1 << fb] {
                        let e = e as usize;
                        cur[s0..e].sort_unstable_by_key(Entry::order);
                        s0 = e;
                    }
                }
            }
        }
        while self.runs.front().is_some_and(|r| r.last <= cb) {
            if let Some(r) = self.runs.pop_front() {
                self.spare.push(r);
            }
        }
        true
    }
}

fn insertion_sort_entries(v: &mut [Entry]) {
    for i in 1..v.len() {
        let x = v[i];
        if v[i - 1].order() > x.order() {
            let mut j = i;
            while j > 0 && v[j - 1].order() > x.order() {
                v[j] = v[j - 1];
                j -= 1;
            }
            v[j] = x;
        }
    }
}

/// 2^52: adding it to a non-negative f64 below 2^52 rounds it to an integer held in the low
/// mantissa bits. Monotone for every non-negative input.
const MAGIC: f64 = 4_503_599_627_370_496.0;

/// At most this many buckets (keys closer than a bucket then meet in the small heap).
const MAX_BUCKETS: f64 = 65_536.0;

/// Run the list schedule of `dst` from the source: fills `dst[i].par` (and `ends[i]`, the end
/// of the i-th send, when `with_trace`). False (results unusable) when the numbers leave the
/// calendar's range; the caller then uses the heap.
fn calendar(
    dst: &mut [Dst],
    source: (u32, f64),
    delay_of: impl Fn(usize) -> f64,
    bounds: Option<(f64, f64)>,
    out: &mut Recorder,
) -> bool {
    // Buckets over the largest increment: one per 4096 destinations (then each bucket served
    // holds a few thousand keys, enough to pay its fixed costs, few enough to sort in cache).
    let window = (dst.len() as f64 / 4096.0).clamp(16.0, 4096.0);
    calendar_with(dst, source, delay_of, bounds, out, window)
}

/// What the calendar records besides `dst[i].par`: the send ends (for the trace) and the
/// count of children per group of parents (for [`children_of`]).
struct Recorder {
    ends: Vec<f64>,
    with_trace: bool,
    /// `hist[g + 1]`: children of the parents `v` with `v >> shift == g`.
    hist: Vec<usize>,
    shift: u32,
    /// The calendar's FIFO buffer: the sort's key buffer, reused (it is free once the
    /// destinations are sorted), then handed on to [`children_of`]. One buffer of n keys
    /// fewer to allocate and fault in per run.
    fifo: Vec<u64>,
}

/// [`calendar`] with `window_buckets` buckets over the largest increment (tests vary it).
/// `bounds`: the largest and smallest increment of a key, scanned (and checked) when `None`.
fn calendar_with(
    dst: &mut [Dst],
    (source, src_send): (u32, f64),
    delay_of: impl Fn(usize) -> f64,
    bounds: Option<(f64, f64)>,
    out: &mut Recorder,
    window_buckets: f64,
) -> bool {
    let steps = dst.len();
    let Some((b, per_width)) = bucket_geometry(dst, src_send, &delay_of, bounds, window_buckets)
    else {
        return false;
    };
    let bucket_of = |k: f64| {
        (k * per_width + MAGIC)
            .to_bits()
            .wrapping_sub(MAGIC.to_bits())
    };
    let mut cal = Calendar::new(b, bucket_of(src_send));
    // The bucket being served, ordered, then the sentinel.
    let mut cur = vec![
        Entry {
            key: src_send.to_bits(),
            send: src_send,
            idx: source,
            rel: 0,
        },
        SENTINEL,
    ];
    let mut pos = 0usize;
    // Keys at or before the bucket being served.
    let mut late: Late = BinaryHeap::new();
    // The FIFO: destinations h..i whose `fifo` key is not SKIP; strictly increasing in
    // (key, index).
    let mut fifo = std::mem::take(&mut out.fifo);
    fifo.clear();
    fifo.reserve(steps);
    let mut h = 0usize;
    let mut tail = (0u64, 0u32);
    if out.with_trace {
        out.ends.reserve(steps);
    }
    macro_rules! push {
        ($k:expr, $send:expr, $idx:expr) => {{
            let k: f64 = $k;
            let bk = bucket_of(k);
            let rel = bk.wrapping_sub(cal.cur_b).wrapping_sub(1);
            if rel < (b - 2) as u64 {
                cal.staging.push(Entry {
                    key: k.to_bits(),
                    send: $send,
                    idx: $idx,
                    rel: rel as u32,
                });
                cal.count[rel as usize] += 1;
            } else if bk <= cal.cur_b {
                late.push(Reverse((k.to_bits(), $idx, $send.to_bits())));
            } else {
                return false;
            }
        }};
    }
    for i in 0..steps {
        let e = pop_next(&mut cal, &mut cur, &mut pos, &mut late, &fifo, &mut h, dst);
        if e.key >= SKIP {
            return false; // nothing queued: impossible, every step pushes
        }
        let end = f64::from_bits(e.key);
        if out.with_trace {
            out.ends.push(end);
        }
        out.hist[(e.idx >> out.shift) as usize + 1] += 1;
        let w = &mut dst[i];
        w.par = e.idx;
        let (send, idx) = (w.send(), w.idx);
        let first = end + delay_of(i) + send;
        let fk = (first.to_bits(), idx);
        if first > end && fk > tail && fk.0 < SKIP {
            fifo.push(fk.0);
            tail = fk;
        } else {
            fifo.push(SKIP);
            push!(first, send, idx);
        }
        push!(end + e.send, e.send, e.idx);
    }
    out.fifo = fifo;
    true
}

/// The calendar's small heap of keys at or before the bucket being served: (key bits,
/// index, send bits), smallest first.
type Late = BinaryHeap<Reverse<(u64, u32, u64)>>;

/// The calendar's buckets for the list schedule of `dst` from a source sending in
/// `src_send`: their count (a power of two) and the inverse of their width. The width is
/// the narrowest send, or the widest increment over `window_buckets`, whichever is smaller,
/// but at least the widest over [`MAX_BUCKETS`]. `bounds` as for [`calendar_with`]; `None`
/// when a number is not finite or a send not positive.
///
/// # Complexity
/// O(n) when `bounds` is `None`, else O(1).
#[inline]
fn bucket_geometry(
    dst: &[Dst],
    src_send: f64,
    delay_of: &impl Fn(usize) -> f64,
    bounds: Option<(f64, f64)>,
    window_buckets: f64,
) -> Option<(usize, f64)> {
    if !(src_send > 0.0 && src_send.is_finite()) {
        return None;
    }
    let (widest, narrowest) = match bounds {
        Some(b) => b,
        None => {
            // Every number must be finite, every send positive.
            let (mut widest, mut narrowest) = (src_send, src_send);
            for (i, x) in dst.iter().enumerate() {
                let d = delay_of(i);
                let send = x.send();
                if !(send > 0.0 && send.is_finite() && d >= 0.0 && d.is_finite()) {
                    return None;
                }
                widest = widest.max(d + send);
                narrowest = narrowest.min(send);
            }
            (widest, narrowest)
        }
    };
    if !(widest.is_finite() && narrowest > 0.0) {
        return None;
    }
    let width = narrowest
        .min(widest / window_buckets)
        .max(widest / MAX_BUCKETS);
    let per_width = 1.0 / width;
    if !(per_width.is_finite() && per_width > 0.0) {
        return None;
    }
    Some((
        ((widest * per_width) as usize + 4).next_power_of_two(),
        per_width,
    ))
}

/// Pop the smallest (key, index) of the FIFO's head (`fifo[h..]`, skipping SKIP keys; the
/// destinations are `dst`), the bucket being served (`cur[pos..]`, refilled from `cal` when
/// spent) and the small heap `late`. A key of SKIP or NONE when nothing is queued (impossible:
/// every step pushes).
///
/// # Complexity
/// O(1) amortised, plus the refill of a bucket and O(log late) for the heap.
#[inline(always)]
fn pop_next(
    cal: &mut Calendar,
    cur: &mut Vec<Entry>,
    pos: &mut usize,
    late: &mut Late,
    fifo: &[u64],
    h: &mut usize,
    dst: &[Dst],
) -> Entry {
    if cur[*pos].key == NONE && cal.next_bucket(cur) {
        *pos = 0;
    }
    let i = fifo.len();
    let mut fk = if *h < i { fifo[*h] } else { NONE };
    if fk == SKIP {
        while *h < i && fifo[*h] == SKIP {
            *h += 1;
        }
        fk = if *h < i { fifo[*h] } else { NONE };
    }
    let f = dst[*h];
    let c = cur[*pos];
    let take_f = order(fk, f.idx) < c.order();
    let best = if take_f { order(fk, f.idx) } else { c.order() };
    match late.peek() {
        Some(Reverse(l)) if order(l.0, l.1) < best => {
            let Some(Reverse((key, idx, send))) = late.pop() else {
                return SENTINEL;
            };
            Entry {
                key,
                send: f64::from_bits(send),
                idx,
                rel: 0,
            }
        }
        _ => {
            let t = take_f as usize;
            *h += t;
            *pos += 1 - t;
            let m = 0u64.wrapping_sub(t as u64);
            Entry {
                key: (fk & m) | (c.key & !m),
                send: f64::from_bits((f.bits & m) | (c.send.to_bits() & !m)),
                idx: ((f.idx as u64 & m) | (c.idx as u64 & !m)) as u32,
                rel: 0,
            }
        }
    }
}

/// Parents `v` are grouped by `v >> shift` (`groups` groups), then by the low bits.
#[derive(Clone, Copy)]
struct ParentSplit {
    shift: u32,
    groups: usize,
}

impl ParentSplit {
    fn new(n: usize) -> ParentSplit {
        let vb = (usize::BITS - (n.max(2) - 1).leading_zeros()).max(1);
        let shift = (vb / 2).min(12);
        ParentSplit {
            shift,
            groups: 1 << (vb - shift),
        }
    }
}

/// `children[v]`: the `idx` of the destinations whose `par` is `v`, in order. Groups by the
/// high bits of `par` (`hist[g + 1]` counts group `g`), then, within each group, counts each
/// parent's children and fills its list, allocated with that length.
/// `scratch` is reused (its content does not matter).
fn children_of(
    n: usize,
    dst: Vec<Dst>,
    split: ParentSplit,
    hist: Vec<usize>,
    scratch: Vec<u64>,
) -> Vec<Vec<usize>> {
    let (lb, nh) = (split.shift, split.groups);
    let mut start = hist;
    prefix_sum(&mut start);
    let mut grouped = scratch;
    grouped.resize(dst.len(), 0);
    {
        let mut pos = start.clone();
        for x in &dst {
            let q = &mut pos[(x.par >> lb) as usize];
            grouped[*q] = ((x.par as u64) << 32) | x.idx as u64;
            *q += 1;
        }
    }
    drop(dst);
    let lmask = (1u64 << lb) - 1;
    let mut children: Vec<Vec<usize>> = Vec::with_capacity(n);
    let mut cnt = vec![0u32; 1 << lb];
    for hb in 0..nh {
        let base = hb << lb;
        if base >= n {
            break;
        }
        let seg = &grouped[start[hb]..start[hb + 1]];
        // Each list is allocated with its exact length, then filled in receive order.
        let cnt = &mut cnt[..(1usize << lb).min(n - base)];
        cnt.fill(0);
        for &p in seg {
            cnt[((p >> 32) & lmask) as usize] += 1;
        }
        let first = children.len();
        children.extend(cnt.iter().map(|&c| Vec::with_capacity(c as usize)));
        let lists = &mut children[first..];
        for &p in seg {
            lists[((p >> 32) & lmask) as usize].push((p & 0xFFFF_FFFF) as usize);
        }
    }
    children
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::overhead::simulate::simulate;

    #[test]
    fn trace_times_match_the_simulator() {
        let inst =
            Instance::sender_receiver(0, 1.0, &[(1.0, 2.0), (1.0, 2.0), (2.0, 3.0), (1.0, 2.0)]);
        let sol = greedy(&inst).unwrap();
        let s = simulate(&inst, &sol.plan).unwrap();
        assert_eq!(sol.trace.len(), 3);
        for st in &sol.trace {
            assert_eq!(s.ready[st.receiver], st.receiver_ready);
            assert_eq!(s.parent[st.receiver], Some(st.sender));
        }
        // The first step: the source sends to the fastest node (P1, index tie-break before P3).
        assert_eq!((sol.trace[0].sender, sol.trace[0].receiver), (0, 1));
        assert!(sol.trace[0].text.contains("P1"));
    }

    #[test]
    fn liu_figure_3_fnf_finishes_at_6() {
        let inst = Instance::sender_receiver(0, 1.0, &[(1.0, 2.0), (1.0, 2.0), (2.0, 3.0)]);
        let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
        assert_eq!(s.completion_time, 6.0);
    }

    /// [`sorted_destinations`] without validation (some costs here are beyond the accepted
    /// range).
    fn sorted_unchecked(inst: &Instance) -> Sorted {
        let mut s = Scan::new(inst);
        for (i, n) in inst.nodes.iter().enumerate() {
            s.add(inst.source, i, n);
        }
        sorted_destinations(inst, s)
    }

    /// The reference: sort by `faster_first`, then the binary heap.
    fn reference(inst: &Instance) -> Solution {
        let mut order: Vec<usize> = inst.destinations().collect();
        order.sort_unstable_by(|&a, &b| faster_first(inst, a, b));
        heap_schedule(inst, &order, true)
    }

    /// A small deterministic generator for the tests below.
    fn lcg(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *seed >> 33
    }

    #[test]
    fn radix_sort_orders_like_faster_first() {
        let mut seed = 7;
        for n in [2usize, 3, 40, 100, 1000, 5000] {
            for kind in 0..4 {
                let costs: Vec<f64> = (0..n)
                    .map(|_| match kind {
                        0 => (1 + lcg(&mut seed) % 5) as f64,
                        1 => 1.0 + (lcg(&mut seed) % 1000) as f64 * 1e-9,
                        2 => f64::from_bits(0x3FF0_0000_0000_0000 + lcg(&mut seed) % 64),
                        _ => 10f64.powi((lcg(&mut seed) % 30) as i32 - 15),
                    })
                    .collect();
                let inst = Instance::node_model((lcg(&mut seed) as usize) % n, &costs);
                let got: Vec<usize> = sorted_unchecked(&inst)
                    .0
                    .iter()
                    .map(|x| x.idx as usize)
                    .collect();
                let mut want: Vec<usize> = inst.destinations().collect();
                crate::order::sort_by(&mut want, |&a, &b| faster_first(&inst, a, b));
                assert_eq!(got, want, "n {n} kind {kind}");
            }
        }
    }

    /// Narrow windows (many keys in the bucket being served, so the small heap works) and
    /// extreme numbers (the heap fallback) give the reference result.
    #[test]
    fn calendar_paths_agree_with_the_heap() {
        let mut seed = 11;
        for case in 0..60 {
            let n = 2 + (lcg(&mut seed) % 300) as usize;
            let costs: Vec<f64> = (0..n)
                .map(|_| match case % 4 {
                    0 => (1 + lcg(&mut seed) % 4) as f64,
                    1 => (1 + lcg(&mut seed) % 40) as f64 * 0.1,
                    2 => 1.0 + (lcg(&mut seed) % 1000) as f64 / 7.0,
                    _ => 10f64.powi((lcg(&mut seed) % 12) as i32 - 6),
                })
                .collect();
            let inst = Instance::node_model((lcg(&mut seed) as usize) % n, &costs);
            let want = reference(&inst);
            for window in [1.0, 2.0, 7.0, 256.0] {
                let (mut dst, _, bounds, _) = sorted_unchecked(&inst);
                let src = inst.source;
                let source = (src as u32, inst.nodes[src].send);
                let split = ParentSplit::new(n);
                let mut out = Recorder {
                    ends: Vec::new(),
                    with_trace: true,
                    hist: vec![0; split.groups + 1],
                    shift: split.shift,
                    fifo: Vec::new(),
                };
                assert!(calendar_with(
                    &mut dst,
                    source,
                    |_| 0.0,
                    bounds.filter(|_| window > 1.5),
                    &mut out,
                    window
                ));
                let got: Vec<(usize, usize, f64)> = dst
                    .iter()
                    .zip(&out.ends)
                    .map(|(x, &e)| (x.par as usize, x.idx as usize, e))
                    .collect();
                let expect: Vec<(usize, usize, f64)> = want
                    .trace
                    .iter()
                    .map(|t| (t.sender, t.receiver, t.send_end))
                    .collect();
                assert_eq!(got, expect, "case {case} window {window}");
            }
        }
        // A re-push that overflows: the calendar declines, the heap answers.
        let inst = Instance::node_model(0, &[f64::MAX / 2.0, 1e308, 1e308, 1e308, 1e308]);
        let (mut dst, _, bounds, _) = sorted_unchecked(&inst);
        let source = (0, f64::MAX / 2.0);
        let split = ParentSplit::new(5);
        let mut out = Recorder {
            ends: Vec::new(),
            with_trace: false,
            hist: vec![0; split.groups + 1],
            shift: split.shift,
            fifo: Vec::new(),
        };
        assert!(!calendar(&mut dst, source, |_| 0.0, bounds, &mut out));
        // Such costs are refused by `validate`; the list schedule (no validation) still
        // answers like the heap, here and when keys are absorbed by a huge clock or a send
        // time is negligible next to it.
        for (src, costs) in [
            (0, vec![f64::MAX / 2.0, 1e308, 1e308, 1e308, 1e308]),
            (0, vec![f64::MAX / 2.0, f64::MAX / 3.0, 1.0, f64::MAX]),
            (1, vec![1e-30, 1e20, 1e20, 1e-30, 3.0, 1e-30]),
        ] {
            let inst = Instance::node_model(src, &costs);
            assert!(inst.validate().is_err());
            let mut order: Vec<usize> = inst.destinations().collect();
            order.sort_unstable_by(|&a, &b| faster_first(&inst, a, b));
            assert_eq!(
                list_schedule(&inst, &order, true),
                heap_schedule(&inst, &order, true)
            );
        }
        // Valid, with a send time negligible next to the clock.
        let inst = Instance::node_model(1, &[1e-9, 1e9, 1e9, 1e-9, 3.0, 1e-9]);
        assert_eq!(greedy(&inst).unwrap(), reference(&inst));
    }
}
