//! The exact optimum of a tiny many-source instance (paper 001's model with non-blocking sends)
//! by a branch and bound over every plan: the reference of the explorer's `… / optimum`
//! comparisons on tiny instances ([`crate::models::multi::explore`]).
//!
//! **Plans.** A plan ([`MultiPlan`]) is, per node, an ordered task list. The plans searched are
//! every plan the simulator [`crate::models::multi::simulate_multi`] accepts: per message a
//! relay tree (each destination receives it once, from the source or from another destination
//! that holds it by then) and per node any order of its tasks in which it relays a message only
//! after receiving it and the nodes do not deadlock on their blocking receives. The simulator
//! runs each list as early as it can, so the least completion time over these plans is the
//! optimum of the model as hetcast times it.
//!
//! **Search.** A plan is built in the order the simulator runs it: the node that is free first
//! (the least clock among the nodes neither blocked on a receive nor finished; ties: the lower
//! number) takes its next task, one branch per choice: send a message it holds to a destination
//! that has no sender yet, receive a message whose send has run (its time is then known), post a
//! receive from a chosen sender whose send has not run (the node blocks until that send runs), or
//! finish its list (when it owes no receive and no send a blocked receiver waits for). Each plan
//! is built by exactly one sequence of choices (the simulator's run of it), and every time a
//! partial plan fixes is final, so they bound the completion from below. A partial plan is cut
//! when its lower bound ([`Scratch::reaches`]: the latest receive so far; each node's tasks
//! from its clock and `now` on, a blocked node's only once the send it waits for may have
//! arrived, and its other tasks after that receive; per message, the
//! earliest each destination still waiting may hold it, relays included, by Dijkstra's
//! algorithm over the earliest send starts; per node, its receives still to come one after the
//! other from their earliest arrivals and its clock on; per set of nodes, the average of their
//! starts (clocks, or first arrivals for nodes with nothing to send) and the work that must run
//! on them, the sends only they may run included, and on whole times each message's first send
//! still to run on the nodes that hold it; per message,
//! when its last destination may hold it if each sender runs its sends of it one after the
//! other) is not below the best plan known. The best plan known is at first `seed`, a plan of
//! the same space, e.g. the best heuristic's (the four heuristics of paper 001 return task
//! lists the simulator runs, so every one of their plans lies in this space). Every bound is
//! computed with the simulator's own operations in its order (floating-point sums round
//! monotonically) except the sums of several times, which are lowered by a relative 1e-12 (far
//! more than their rounding), or rounded up to a whole number when every time of the instance
//! is whole (then every time is exact and whole, see [`Ctx::at_least`]).
//!
//! **Deepening on whole times.** When every time is whole, the search first looks for a plan
//! of time `known`, a proven lower bound of the optimum (0 at first): it cuts every part whose
//! bound reaches `known + 1` (or the best plan's time, if less). A plan it finds then is
//! optimal; if the pass ends without one, no plan is below `known + 1`, and every plan is at
//! least the least bound among the parts it cut (each part's bound holds for every plan in
//! it, a leaf's is its time), which becomes `known`; it strictly grows. The pass that reaches
//! the best plan's time is the plain branch and bound. A pass cuts as much as the plain search
//! would with a plan of time `known + 1` known; the heuristics' best plan is often far slower
//! than that on the instances the search finds hard.
//!
//! **Alike nodes.** When exchanging two nodes (and the messages with them, see [`Swap`]) maps
//! the instance onto itself, and also the partial plan's state (every clock, holding time,
//! arrival and chosen sender), while keeping the node to choose, a choice whose image was
//! tried before is skipped: the exchange maps every plan below the one onto a plan below the
//! other, of the same completion time, so the skipped part holds nothing better. Where the
//! state is not alike (one of the two nodes got a message already) both are tried.
//!
//! **Which optimal plan.** Choices are tried sends first (by message, then destination), then
//! receives (by message, then sender), then finishing. Without a seed the plan returned is the
//! first plan of least completion time in this order (a cut part holds no plan better than one
//! found earlier, nor, while deepening, one of time `known`; a skipped part's plans have their
//! images earlier). With one, the seed is returned when no plan is faster, else the first
//! faster plan of least time. The plain
//! enumeration this search replaced (every relay tree, then every order per node; kept in the
//! tests as their reference) gives the same time; on ties its plan may differ.
//!
//! **Budget.** Past `max_states` partial plans visited (over every pass) the search gives
//! `None`.
//!
//! # Complexity
//! At most `max_states` partial plans, each `O(M·N² + (N + M)·2^N)` for the bound (N nodes, M
//! messages; the sets of nodes for at most 10 nodes) and
//! `O(M·N)` per exchange of alike nodes (at most 64 tried), with no allocation but the best
//! plan's copy; the state is changed in place and put back after each choice.

use crate::error::Error;
use crate::models::multi::plan::Task;
use crate::models::multi::{simulate_multi, MultiInstance, MultiPlan};

/// The budget the explorer gives ([`exhaustive`]'s `max_states`).
pub const MAX_STATES: u64 = 20_000;

/// The relative margin taken off a bound that sums several receive times (see the module
/// documentation).
const SUM_MARGIN: f64 = 1e-12;

/// The least completion time over every plan of `inst` and a plan reaching it (see the module
/// documentation), or `None` when the search visits more than `max_states` partial plans.
/// `seed`, a plan the simulator runs (else it is not used), is the first best plan known.
pub fn exhaustive(
    inst: &MultiInstance,
    seed: Option<&MultiPlan>,
    max_states: u64,
) -> Result<Option<(f64, MultiPlan)>, Error> {
    Ok(counted(inst, seed, max_states)?.0)
}

/// [`exhaustive`] and the number of partial plans it visited (the budget's count).
pub(crate) fn counted(
    inst: &MultiInstance,
    seed: Option<&MultiPlan>,
    max_states: u64,
) -> Result<(Option<(f64, MultiPlan)>, u64), Error> {
    inst.validate()?;
    let ctx = Ctx::new(inst);
    let best = seed.and_then(|p| {
        let t = simulate_multi(inst, p).ok()?.completion_time;
        Some((t, p.clone()))
    });
    let mut search = Search {
        ctx: &ctx,
        bound: f64::INFINITY,
        best,
        known: 0.0,
        cut_least: f64::INFINITY,
        found: false,
        visited: 0,
        max_states,
        choices: Vec::new(),
        scratch: Scratch::new(ctx.n, ctx.source.len()),
    };
    let mut root = ctx.start();
    loop {
        let best = search.best.as_ref().map_or(f64::INFINITY, |(t, _)| *t);
        // Whole times: look for a plan of time `known` first (see the module documentation).
        search.bound = if ctx.whole {
            best.min(search.known + 1.0)
        } else {
            best
        };
        search.cut_least = f64::INFINITY;
        let within = search.go(&mut root);
        if search.found {
            break;
        }
        if !within {
            return Ok((None, search.visited));
        }
        if search.bound >= best {
            break; // no plan is faster than the best known
        }
        // No plan below `bound`: every plan is at least the least value cut.
        search.known = search.cut_least;
    }
    let visited = search.visited;
    search
        .best
        .map(|b| (Some(b), visited))
        .ok_or_else(|| Error::InvalidPlan("no plan of this instance runs".into()))
}

/// The instance's costs as the simulator computes them, flat.
struct Ctx<'a> {
    inst: &'a MultiInstance,
    n: usize,
    /// Per message `k`: its source, its destinations.
    source: Vec<usize>,
    dests: Vec<Vec<usize>>,
    /// `[k * n + v]`: `v` is a destination of `k`; `S(v, l_k)`; `R(v, l_k)`.
    is_dest: Vec<bool>,
    send: Vec<f64>,
    recv: Vec<f64>,
    /// The swaps of two nodes that map the instance onto itself (at most 64, see [`Swap`]).
    swaps: Vec<Swap>,
    /// Every send, wire and receive time is a whole number and all of them together stay
    /// below 2^40: then every time the simulator computes is a whole number, computed exactly
    /// (see [`Ctx::at_least`]).
    whole: bool,
}

/// Two nodes `a`, `b` whose exchange, with the messages' permutation `msg`, maps the instance
/// onto itself: the same overheads, the link rates exchanged alike, and each message `k` onto
/// message `msg[k]` of the same size, from the image of its source to the images of its
/// destinations.
struct Swap {
    a: usize,
    b: usize,
    msg: Vec<usize>,
}

impl Swap {
    /// The image of node `u`.
    fn node(&self, u: usize) -> usize {
        if u == self.a {
            self.b
        } else if u == self.b {
            self.a
        } else {
            u
        }
    }

    /// The image of a choice.
    fn choice(&self, c: Choice) -> Choice {
        match c {
            Choice::Send { msg, to } => Choice::Send {
                msg: self.msg[msg],
                to: self.node(to),
            },
            Choice::Recv { msg, from } => Choice::Recv {
                msg: self.msg[msg],
                from: self.node(from),
            },
            Choice::Finish => Choice::Finish,
        }
    }

    /// Whether the exchange maps `st` onto itself (every time and every sender compared).
    fn fixes(&self, n: usize, st: &State) -> bool {
        let node = |u: Option<usize>| u.map(|u| self.node(u));
        (0..n).all(|u| {
            let w = self.node(u);
            st.clock[u] == st.clock[w]
                && st.finished[u] == st.finished[w]
                && st.blocked[w] == node(st.blocked[u])
        }) && self.msg.iter().enumerate().all(|(k, &m)| {
            (0..n).all(|u| {
                let (i, j) = (k * n + u, m * n + self.node(u));
                st.hold[i] == st.hold[j]
                    && st.arrive[i] == st.arrive[j]
                    && st.posted[i] == st.posted[j]
                    && st.from[j] == node(st.from[i])
            })
        })
    }
}

impl Ctx<'_> {
    fn new(inst: &MultiInstance) -> Ctx<'_> {
        let n = inst.node_count();
        let nodes = inst.nodes();
        let nm = inst.messages.len();
        let mut is_dest = vec![false; nm * n];
        let (mut send, mut recv) = (vec![0.0; nm * n], vec![0.0; nm * n]);
        for (k, m) in inst.messages.iter().enumerate() {
            for &d in &m.destinations {
                is_dest[k * n + d] = true;
            }
            for v in 0..n {
                send[k * n + v] = nodes[v].send.at(m.size);
                recv[k * n + v] = nodes[v].recv.at(m.size);
            }
        }
        let mut ctx = Ctx {
            inst,
            n,
            source: inst.messages.iter().map(|m| m.source).collect(),
            dests: inst
                .messages
                .iter()
                .map(|m| m.destinations.clone())
                .collect(),
            is_dest,
            send,
            recv,
            swaps: Vec::new(),
            whole: false,
        };
        ctx.whole = ctx.all_whole();
        for a in 0..n {
            for b in a + 1..n {
                if let Some(msg) = ctx.swap(a, b) {
                    ctx.swaps.push(Swap { a, b, msg });
                }
            }
        }
        ctx.swaps.truncate(64);
        ctx
    }

    /// The messages' permutation that goes with exchanging nodes `a` and `b`, when the exchange
    /// maps the instance onto itself (see [`Swap`]).
    fn swap(&self, a: usize, b: usize) -> Option<Vec<usize>> {
        let (n, nm) = (self.n, self.source.len());
        let sigma = |u: usize| {
            if u == a {
                b
            } else if u == b {
                a
            } else {
                u
            }
        };
        let link = &self.inst.link;
        let same_costs = (0..nm).all(|k| {
            self.send[k * n + a] == self.send[k * n + b]
                && self.recv[k * n + a] == self.recv[k * n + b]
        }) && (0..n)
            .all(|u| (0..n).all(|w| link.x(u, w) == link.x(sigma(u), sigma(w))));
        if !same_costs {
            return None;
        }
        let mut taken = vec![false; nm];
        let mut msg = Vec::with_capacity(nm);
        for m in &self.inst.messages {
            let image = (0..nm).find(|&l| {
                let o = &self.inst.messages[l];
                !taken[l]
                    && o.source == sigma(m.source)
                    && o.size == m.size
                    && o.destinations.len() == m.destinations.len()
                    && m.destinations
                        .iter()
                        .all(|&d| self.is_dest[l * n + sigma(d)])
            })?;
            taken[image] = true;
            msg.push(image);
        }
        Some(msg)
    }

    /// Whether every time of the instance is whole and their total below 2^40 (see
    /// [`Ctx::whole`]): each transfer still to place takes one send, one wire and one receive,
    /// so every time a plan reaches is at most the total of the largest of each.
    fn all_whole(&self) -> bool {
        let n = self.n;
        let mut total = 0.0;
        for (k, dests) in self.dests.iter().enumerate() {
            let row = k * n;
            let mut largest = 0.0f64;
            for u in 0..n {
                let times = [self.send[row + u], self.recv[row + u]]
                    .into_iter()
                    .chain((0..n).map(|w| self.wire(k, u, w)));
                for t in times {
                    if t.fract() != 0.0 || !t.is_finite() {
                        return false;
                    }
                    largest = largest.max(t);
                }
            }
            total += 3.0 * largest * dests.len() as f64;
        }
        total < 2f64.powi(40)
    }

    /// A lower bound of the completion time `T` of a plan from `T · parts >= sum`, where `sum`
    /// is a real sum of times computed in another order than the simulator's: `sum / parts`
    /// rounded up to a whole number when the times are whole ([`Ctx::whole`]: then the
    /// simulator's `T` is a whole number; `sum`, at most 64 clocks and loads each below 2^41,
    /// is exact; and the quotient, an average below 2^41, is exact when whole and else at
    /// least `1/64` from every whole number, far above its rounding error, at most
    /// `2^41 · 2^-53`), else lowered by the relative [`SUM_MARGIN`].
    fn at_least(&self, sum: f64, parts: usize) -> f64 {
        let t = sum / parts as f64;
        if self.whole {
            t.ceil()
        } else {
            t - t * SUM_MARGIN
        }
    }

    /// `X(i, j)·l_k`, as the simulator computes it.
    fn wire(&self, k: usize, i: usize, j: usize) -> f64 {
        self.inst.link.x(i, j) * self.inst.messages[k].size
    }

    fn start(&self) -> State {
        let n = self.n;
        let nm = self.source.len();
        let mut hold = vec![None; nm * n];
        for (k, &s) in self.source.iter().enumerate() {
            hold[k * n + s] = Some(0.0);
        }
        State {
            tasks: vec![Vec::new(); n],
            clock: vec![0.0; n],
            blocked: vec![None; n],
            finished: vec![false; n],
            from: vec![None; nm * n],
            arrive: vec![None; nm * n],
            posted: vec![false; nm * n],
            hold,
            waiting: self.dests.iter().map(Vec::len).sum(),
            latest: 0.0,
        }
    }
}

/// A partial plan and its times so far.
struct State {
    tasks: Vec<Vec<Task>>,
    /// Per node, when its last task ends; for a blocked node, when it posted its receive.
    clock: Vec<f64>,
    /// Per node, the sender whose send its posted receive waits for.
    blocked: Vec<Option<usize>>,
    finished: Vec<bool>,
    /// `[k * n + j]`: the sender of `k` to `j` (its send placed, or `j`'s receive posted); when
    /// the send has run, the message's arrival; whether `j`'s receive is placed; when `j` holds
    /// `k` (0 for the source).
    from: Vec<Option<usize>>,
    arrive: Vec<Option<f64>>,
    posted: Vec<bool>,
    hold: Vec<Option<f64>>,
    /// Destinations that do not hold their message yet.
    waiting: usize,
    /// The latest end of a receive so far.
    latest: f64,
}

/// One choice of the node that is free first.
#[derive(Clone, Copy, PartialEq)]
enum Choice {
    Send { msg: usize, to: usize },
    Recv { msg: usize, from: usize },
    Finish,
}

struct Search<'a> {
    ctx: &'a Ctx<'a>,
    /// Parts whose lower bound reaches this are cut: the best plan's time (infinite without
    /// one), or less while deepening.
    bound: f64,
    /// The best plan known (the seed's at first) and its time.
    best: Option<(f64, MultiPlan)>,
    /// A lower bound of the optimum (0 until a pass proves more).
    known: f64,
    /// The least lower bound of the parts cut in this pass (a plan's time at a leaf).
    cut_least: f64,
    /// A plan of time `known` was found: it is optimal.
    found: bool,
    visited: u64,
    max_states: u64,
    /// The choices of the nodes on the path to the current state, one run per depth.
    choices: Vec<Choice>,
    scratch: Scratch,
}

impl Search<'_> {
    /// Search below `st` (left as it was); false when the budget ran out or a plan of time
    /// `known` was found.
    fn go(&mut self, st: &mut State) -> bool {
        self.visited += 1;
        if self.visited > self.max_states {
            return false;
        }
        if st.waiting == 0 {
            if st.latest < self.bound {
                self.bound = st.latest;
                self.best = Some((
                    st.latest,
                    MultiPlan {
                        tasks: st.tasks.clone(),
                    },
                ));
                if st.latest <= self.known {
                    self.found = true;
                    return false;
                }
            } else {
                self.cut_least = self.cut_least.min(st.latest);
            }
            return true;
        }
        let Some(v) = (0..self.ctx.n)
            .filter(|&u| st.blocked[u].is_none() && !st.finished[u])
            .min_by(|&a, &b| st.clock[a].total_cmp(&st.clock[b]).then(a.cmp(&b)))
        else {
            return true; // deadlock: every node left waits
        };
        if let Some(end) = self.scratch.reaches(self.ctx, st, st.clock[v], self.bound) {
            self.cut_least = self.cut_least.min(end);
            return true;
        }
        let first = self.choices.len();
        push_choices(self.ctx, st, v, &mut self.choices);
        // The swaps that keep `v` and map `st` onto itself.
        let fixing = self.ctx.swaps.iter().enumerate().fold(0u64, |m, (s, w)| {
            let keeps = v != w.a && v != w.b && w.fixes(self.ctx.n, st);
            m | (keeps as u64) << s
        });
        for at in first..self.choices.len() {
            let c = self.choices[at];
            if fixing != 0 && self.mirrors_earlier(fixing, first, at) {
                continue;
            }
            let undo = apply(self.ctx, st, v, c);
            let within = self.go(st);
            undo.restore(st);
            if !within {
                self.choices.truncate(first);
                return false;
            }
        }
        self.choices.truncate(first);
        true
    }

    /// Whether the choice at `at` is the image, by a swap of `fixing` (a mask over the
    /// instance's swaps), of a different choice tried before it (from `first` on).
    fn mirrors_earlier(&self, fixing: u64, first: usize, at: usize) -> bool {
        let c = self.choices[at];
        self.ctx.swaps.iter().enumerate().any(|(s, w)| {
            let d = w.choice(c);
            fixing >> s & 1 == 1 && d != c && self.choices[first..at].contains(&d)
        })
    }
}

/// What [`apply`] may change, to put back.
struct Undo {
    v: usize,
    j: usize,
    i: usize,
    pushed: bool,
    clock: (f64, f64),
    blocked: (Option<usize>, Option<usize>),
    finished: bool,
    from: Option<usize>,
    arrive: Option<f64>,
    posted: bool,
    hold: Option<f64>,
    waiting: usize,
    latest: f64,
}

impl Undo {
    /// Save what a choice of node `v` about destination `j` of the message at `i` (`k * n + j`)
    /// may change.
    fn save(st: &State, v: usize, j: usize, i: usize) -> Undo {
        Undo {
            v,
            j,
            i,
            pushed: false,
            clock: (st.clock[v], st.clock[j]),
            blocked: (st.blocked[v], st.blocked[j]),
            finished: st.finished[v],
            from: st.from[i],
            arrive: st.arrive[i],
            posted: st.posted[i],
            hold: st.hold[i],
            waiting: st.waiting,
            latest: st.latest,
        }
    }

    fn restore(self, st: &mut State) {
        let Undo { v, j, i, .. } = self;
        if self.pushed {
            st.tasks[v].pop();
        }
        (st.clock[j], st.blocked[j]) = (self.clock.1, self.blocked.1);
        (st.clock[v], st.blocked[v]) = (self.clock.0, self.blocked.0);
        st.finished[v] = self.finished;
        st.from[i] = self.from;
        st.arrive[i] = self.arrive;
        st.posted[i] = self.posted;
        st.hold[i] = self.hold;
        st.waiting = self.waiting;
        st.latest = self.latest;
    }
}

/// Push every choice of node `v` (see the module documentation) on `out`, in the order tried.
fn push_choices(ctx: &Ctx, st: &State, v: usize, out: &mut Vec<Choice>) {
    let n = ctx.n;
    for (k, dests) in ctx.dests.iter().enumerate() {
        if st.hold[k * n + v].is_none() {
            continue;
        }
        for &j in dests {
            let i = k * n + j;
            if j != v && st.arrive[i].is_none() && st.from[i].is_none_or(|f| f == v) {
                out.push(Choice::Send { msg: k, to: j });
            }
        }
    }
    let mut owes = false;
    for k in 0..ctx.dests.len() {
        let i = k * n + v;
        if !ctx.is_dest[i] || st.posted[i] {
            continue;
        }
        owes = true;
        match st.from[i] {
            Some(from) => out.push(Choice::Recv { msg: k, from }),
            None => {
                for from in 0..n {
                    let may_hold = from == ctx.source[k] || ctx.is_dest[k * n + from];
                    if from != v && may_hold && !st.finished[from] {
                        out.push(Choice::Recv { msg: k, from });
                    }
                }
            }
        }
    }
    // A blocked receiver waits for a send `v` has not run.
    let awaited = (0..ctx.dests.len())
        .any(|k| (0..n).any(|j| st.from[k * n + j] == Some(v) && st.arrive[k * n + j].is_none()));
    if !owes && !awaited {
        out.push(Choice::Finish);
    }
}

/// Append choice `c` to node `v`'s list and time it as the simulator does; what to undo.
fn apply(ctx: &Ctx, st: &mut State, v: usize, c: Choice) -> Undo {
    let n = ctx.n;
    match c {
        Choice::Send { msg: k, to: j } => {
            let i = k * n + j;
            let mut undo = Undo::save(st, v, j, i);
            undo.pushed = true;
            let end = st.clock[v] + ctx.send[k * n + v];
            let arrive = end + ctx.wire(k, v, j);
            st.clock[v] = end;
            st.tasks[v].push(Task::send(j, k));
            st.arrive[i] = Some(arrive);
            if st.from[i] == Some(v) {
                // `j` is blocked on this receive: it runs now.
                st.blocked[j] = None;
                receive(ctx, st, k, j, arrive);
            }
            st.from[i] = Some(v);
            undo
        }
        Choice::Recv { msg: k, from } => {
            let i = k * n + v;
            let mut undo = Undo::save(st, v, v, i);
            undo.pushed = true;
            st.tasks[v].push(Task::recv(from, k));
            st.posted[i] = true;
            match st.arrive[i] {
                Some(arrive) => receive(ctx, st, k, v, arrive),
                None => {
                    st.from[i] = Some(from);
                    st.blocked[v] = Some(from);
                }
            }
            undo
        }
        Choice::Finish => {
            let undo = Undo::save(st, v, v, 0);
            st.finished[v] = true;
            undo
        }
    }
}

/// `j` receives message `k`, in its buffer at `arrive`, from its clock on.
fn receive(ctx: &Ctx, st: &mut State, k: usize, j: usize, arrive: f64) {
    let end = arrive.max(st.clock[j]) + ctx.recv[k * ctx.n + j];
    st.clock[j] = end;
    st.hold[k * ctx.n + j] = Some(end);
    st.waiting -= 1;
    st.latest = st.latest.max(end);
}

mod bound;
use bound::Scratch;

#[cfg(test)]
pub(crate) mod plain;
#[cfg(test)]
mod tests;
