//! Bookkeeping shared by the list-appending heuristics (FEF, ECF, WR) of paper 001: the
//! available time of each node (section 4) and the task lists being built. These predicted
//! times are only used to choose; the schedule's times come from the simulator (tests check
//! that the two agree).

use crate::models::multi::instance::NodeCosts;
use crate::models::multi::{MultiInstance, MultiPlan, Task};
use crate::order::{from_total_key, later, total_key};
use crate::trace::{ItemId, Step};

/// Costs of one instance, flattened for the inner loops.
pub(crate) struct Costs<'a> {
    pub inst: &'a MultiInstance,
    pub nodes: Vec<NodeCosts>,
    pub n: usize,
}

impl<'a> Costs<'a> {
    pub fn new(inst: &'a MultiInstance) -> Self {
        let nodes = inst.nodes();
        Costs {
            inst,
            n: nodes.len(),
            nodes,
        }
    }

    pub fn size(&self, k: usize) -> f64 {
        self.inst.messages[k].size
    }

    /// `S(i, l_k)`.
    pub fn s(&self, i: usize, k: usize) -> f64 {
        self.nodes[i].send.at(self.size(k))
    }

    /// `R(j, l_k)`.
    pub fn r(&self, j: usize, k: usize) -> f64 {
        self.nodes[j].recv.at(self.size(k))
    }

    /// `S(v, l_k)` of every node and message at `k * n + v`, as [`Costs::s`] computes it.
    pub fn send_table(&self) -> Vec<f64> {
        self.table(|v, size| v.send.at(size))
    }

    /// `R(v, l_k)` at `k * n + v`, as [`Costs::r`] computes it.
    pub fn recv_table(&self) -> Vec<f64> {
        self.table(|v, size| v.recv.at(size))
    }

    fn table(&self, f: impl Fn(&NodeCosts, f64) -> f64) -> Vec<f64> {
        let mut t = Vec::with_capacity(self.inst.messages.len() * self.n);
        for m in &self.inst.messages {
            t.extend(self.nodes.iter().map(|v| f(v, m.size)));
        }
        t
    }

    /// `X(i, j)·l_k`.
    pub fn transit(&self, i: usize, j: usize, k: usize) -> f64 {
        self.inst.link.x(i, j) * self.size(k)
    }

    /// Equation 1: `T(i, j, l_k) = S(i, l_k) + X(i, j)·l_k + R(j, l_k)`.
    pub fn t(&self, i: usize, j: usize, k: usize) -> f64 {
        self.s(i, k) + self.transit(i, j, k) + self.r(j, k)
    }

    /// How many messages each node receives.
    pub fn receives(&self) -> Vec<usize> {
        let mut count = vec![0; self.n];
        for m in &self.inst.messages {
            for &d in &m.destinations {
                count[d] += 1;
            }
        }
        count
    }

    /// Room for each node's task list: its receives and twice an even share of the sends (the
    /// heuristics give the fast nodes more), so that most lists never grow.
    pub fn list_capacity(&self) -> Vec<usize> {
        let mut cap = self.receives();
        let sends = 2 * cap.iter().sum::<usize>().div_ceil(self.n.max(1));
        for c in &mut cap {
            *c += sends;
        }
        cap
    }

    /// The "fastest" order used to break ties between receivers (WR, WRP step 1): smaller
    /// `R(i, l̄) + S(i, l̄)` at the mean message size `l̄` first, then the lower index.
    pub fn speed_rank(&self) -> Vec<usize> {
        let m = &self.inst.messages;
        let mean = m.iter().map(|x| x.size).sum::<f64>() / m.len().max(1) as f64;
        // Each node's key once, not at every comparison.
        let key: Vec<f64> = self
            .nodes
            .iter()
            .map(|c| c.recv.at(mean) + c.send.at(mean))
            .collect();
        let mut order: Vec<usize> = (0..self.n).collect();
        crate::order::sort_by(&mut order, |&a, &b| {
            key[a].total_cmp(&key[b]).then(a.cmp(&b))
        });
        let mut rank = vec![0; self.n];
        for (r, &v) in order.iter().enumerate() {
            rank[v] = r;
        }
        rank
    }
}

/// What FEF, ECF, WR and WRP compute alike from one instance, computed once when the
/// experiments run all four on it ([`crate::models::multi::experiment::times`]): the nodes'
/// costs, `S(v, l_k)`, `X·l_k`, the room of the task lists and the starting sets. Each
/// algorithm takes a copy of the sets (but WRP under one link rate, which only reads them:
/// [`Shared::start_sets`]). (Work-Racing's receivers, which WR and WRP share, are
/// not here: a copy costs about as much as building them, docs/performance.md.)
pub(crate) struct Shared<'a> {
    pub c: Costs<'a>,
    /// `S(v, l_k)` at `k * n + v` ([`Costs::send_table`]).
    pub send: Vec<f64>,
    /// `X·l_k`, [`Costs::transit`] of the first pair: the link rate when there is one.
    pub x: Vec<f64>,
    /// [`Costs::list_capacity`].
    room: Vec<usize>,
    sets: Sets,
}

impl<'a> Shared<'a> {
    pub fn new(inst: &'a MultiInstance) -> Self {
        let c = Costs::new(inst);
        Shared {
            send: c.send_table(),
            x: (0..inst.messages.len())
                .map(|k| c.transit(0, 0, k))
                .collect(),
            room: c.list_capacity(),
            sets: Sets::new(inst),
            c,
        }
    }

    /// The sets at the start.
    pub fn sets(&self) -> Sets {
        self.sets.clone()
    }

    /// The sets at the start, to read only (WRP's earliest senders start from them): no copy.
    pub fn start_sets(&self) -> &Sets {
        &self.sets
    }

    /// Empty task lists with their room ([`Appender::new`]).
    pub fn appender(&self) -> Appender {
        Appender::with_room(&self.room)
    }

    /// Room for each node's task list ([`Costs::list_capacity`]).
    pub fn room(&self) -> &[usize] {
        &self.room
    }
}

/// Task lists built by appending, with each node's available time (section 4).
pub(crate) struct Appender {
    pub plan: MultiPlan,
    pub avail: Vec<f64>,
}

impl Appender {
    /// Empty lists, with room for the tasks ([`Costs::list_capacity`]).
    pub fn new(c: &Costs) -> Self {
        Appender::with_room(&c.list_capacity())
    }

    /// Empty lists, with room for `room[v]` tasks in node `v`'s.
    pub fn with_room(room: &[usize]) -> Self {
        Appender {
            plan: MultiPlan {
                tasks: room.iter().map(|&r| Vec::with_capacity(r)).collect(),
            },
            avail: vec![0.0; room.len()],
        }
    }

    /// Equations 3-4: `(arrival, completion)` of `(send, i, j, k)` appended now.
    pub fn complete(&self, c: &Costs, i: usize, j: usize, k: usize) -> (f64, f64) {
        let arrive = self.avail[i] + c.s(i, k) + c.transit(i, j, k);
        (arrive, later(arrive, self.avail[j]) + c.r(j, k))
    }

    /// Append `(send, i, j, k)` to `i`'s list and `(recv, j, i, k)` to `j`'s; returns the
    /// completion time (the sums of [`Appender::complete`], `S(i, l_k)` computed once).
    pub fn append(&mut self, c: &Costs, i: usize, j: usize, k: usize) -> f64 {
        let s = c.s(i, k);
        let done = later(self.avail[i] + s + c.transit(i, j, k), self.avail[j]) + c.r(j, k);
        self.push(i, j, k, s, done);
        done
    }

    /// [`Appender::append`] for a caller that has its times already: `send` is `S(i, l_k)`,
    /// `done` the completion of [`Appender::complete`] now.
    #[inline(always)]
    pub fn push(&mut self, i: usize, j: usize, k: usize, send: f64, done: f64) {
        self.plan.tasks[i].push(Task::send(j, k));
        self.plan.tasks[j].push(Task::recv(i, k));
        self.avail[i] += send;
        self.avail[j] = done;
    }
}

/// For each message, which nodes hold it (the sender sets `A_k`) and which still need it
/// (the receiver sets `B_k`).
pub(crate) struct Sets {
    /// `A_k` as a list, in the order nodes joined.
    pub senders: Vec<Vec<usize>>,
    /// `B_k`: destinations still waiting, in no particular order (the algorithms break ties by
    /// index, not by place in this list).
    pub waiting: Vec<Vec<usize>>,
    /// `at[k * n + v]`: where `v` is in `waiting[k]` (`usize::MAX` when it is not there).
    at: Vec<usize>,
    n: usize,
}

/// A copy with the same room in each sender list (a plain `clone` would keep only their
/// lengths, and the lists would grow again).
impl Clone for Sets {
    fn clone(&self) -> Self {
        Sets {
            senders: self
                .senders
                .iter()
                .map(|a| {
                    let mut b = Vec::with_capacity(a.capacity());
                    b.extend_from_slice(a);
                    b
                })
                .collect(),
            waiting: self.waiting.clone(),
            at: self.at.clone(),
            n: self.n,
        }
    }
}

impl Sets {
    pub fn new(inst: &MultiInstance) -> Self {
        let n = inst.node_count();
        let mut senders = Vec::with_capacity(inst.messages.len());
        let mut waiting = Vec::with_capacity(inst.messages.len());
        let mut at = vec![usize::MAX; inst.messages.len() * n];
        for (k, m) in inst.messages.iter().enumerate() {
            let mut a = Vec::with_capacity(m.destinations.len() + 1);
            a.push(m.source);
            senders.push(a);
            for (p, &d) in m.destinations.iter().enumerate() {
                at[k * n + d] = p;
            }
            waiting.push(m.destinations.clone());
        }
        Sets {
            senders,
            waiting,
            at,
            n,
        }
    }

    /// Move `j` from `B_k` to `A_k` (the last waiting node takes `j`'s place in the list).
    pub fn deliver(&mut self, k: usize, j: usize) {
        let row = k * self.n;
        self.senders[k].push(j);
        let p = std::mem::replace(&mut self.at[row + j], usize::MAX);
        if p != usize::MAX {
            let w = &mut self.waiting[k];
            w.swap_remove(p);
            if let Some(&moved) = w.get(p) {
                self.at[row + moved] = p;
            }
        }
    }
}

/// The least `f(avail[v], cost[v])` over the nodes `v` of `list` and the lowest such node.
/// `cost` is cut to `avail`'s length first, so that one bounds check per node covers both
/// reads.
#[inline]
pub(crate) fn least_of(
    list: &[usize],
    avail: &[f64],
    cost: &[f64],
    f: impl Fn(f64, f64) -> f64,
) -> (f64, usize) {
    let cost = &cost[..avail.len()];
    let mut best = (f64::INFINITY, usize::MAX);
    for &v in list {
        let t = f(avail[v], cost[v]);
        // Most nodes are later: one comparison for them, the tie looked at only after it.
        if t <= best.0 && (t < best.0 || v < best.1) {
            best = (t, v);
        }
    }
    best
}

/// A heap entry that orders as `(x, a, b)` (`x` by [`total_key`]), packed into one integer so
/// that a sift compares once. `a` and `b` must be below 2^32: they are node, message and rank
/// indices (below [`crate::models::multi::instance::MAX_NODES`]) and node versions (below the
/// number of transfers, at most 4096 · 4095).
#[inline]
pub(crate) fn pack(x: f64, a: usize, b: usize) -> u128 {
    debug_assert!(u32::try_from(a).is_ok() && u32::try_from(b).is_ok());
    (total_key(x) as u128) << 64 | (a as u128) << 32 | b as u128
}

/// The `(x, a, b)` of a [`pack`]ed entry.
#[inline]
pub(crate) fn unpack(e: u128) -> (f64, usize, usize) {
    (
        from_total_key((e >> 64) as u64),
        (e >> 32) as u32 as usize,
        e as u32 as usize,
    )
}

/// The step of a transfer `i -> j` of `m_k` whose send starts at `start`: the sentence,
/// the pseudo-code line, and the sender, receiver, edge and message lit.
pub(crate) fn transfer_step(
    (i, j, k): (usize, usize, usize),
    start: f64,
    line: usize,
    text: String,
) -> Step {
    Step {
        text,
        pseudo_line: Some(line),
        highlight: vec![
            ItemId::Node { node: i },
            ItemId::Node { node: j },
            ItemId::Edge {
                from: i,
                to: j,
                message: Some(k),
            },
            ItemId::Message { message: k },
        ],
        t: start,
        built: Vec::new(),
    }
}
