//! The lower bound that cuts the search ([`Scratch::reaches`]), with its working memory
//! allocated once per search (see the parent module's documentation for the bound itself).

use super::*;

/// The working memory of [`Scratch::reaches`], allocated once per search.
pub(super) struct Scratch {
    /// Per node, for the message at hand: the earliest it may hold it, start sending it, and
    /// receive it (its arrival); whether Dijkstra's algorithm has taken it.
    hold: Vec<f64>,
    start: Vec<f64>,
    arrive: Vec<f64>,
    done: Vec<bool>,
    /// Per node, the sum and number of its receives still to come.
    load: Vec<(f64, usize)>,
    /// `[k * n + j]`: the earliest arrival of `k` at `j`, a destination still waiting.
    release: Vec<f64>,
    /// One node's receives still to come: (earliest arrival, receive time).
    jobs: Vec<(f64, f64)>,
    /// Per set of nodes (a bit mask), the work that must run on them (part 5).
    subsets: Vec<f64>,
    /// Part 6's messages whose first send still to run comes from a holder.
    firsts: Vec<FirstSend>,
    /// Part 7's senders of the message at hand: (the end of its next send, its send time).
    slots: Vec<(f64, f64)>,
    /// Per node, when its tasks still to come start at the earliest (part 5), and when those
    /// after its posted receive do (the same for a node not blocked; part 8).
    begin: Vec<f64>,
    ready: Vec<f64>,
    /// Per blocked node, the message of its posted receive.
    awaits: Vec<usize>,
}

/// A message whose sends still to run all go to destinations with no sender chosen yet and
/// whose first one comes from a node that holds it or receives it from a send that has run
/// (part 6 of [`Scratch::reaches`], see [`Scratch::shared_load_reaches`]); node sets as bit
/// masks.
struct FirstSend {
    /// The nodes that may run the first send (holders and destinations whose send has run,
    /// not finished), and the least send time of the message among them.
    holders: usize,
    first: f64,
    /// The nodes that may run any of them (the source and the destinations, not finished).
    senders: usize,
    /// `(d - 1)` times the least send time among `senders`, for the `d` sends still to run.
    rest: f64,
    /// Part 5's count of these sends: their least send times, summed (for a set that holds
    /// every sender), and per destination `j` (for a set that holds every sender but `j`).
    sum: f64,
    least: [f64; SUBSET_NODES],
}

/// Part 5 of [`Scratch::reaches`] looks at every set of nodes of instances of at most this
/// many nodes (`2^n` sets), and is left out above.
const SUBSET_NODES: usize = 10;

impl FirstSend {
    /// How much more than part 5 part 6 counts of this message's sends in the node set `m`,
    /// which holds every holder: part 5 counts the send to each destination `j` whose other
    /// possible senders all lie in `m` (all of them when `m` holds every sender, else the one
    /// to `j` when `j` is the only sender outside `m`), part 6 the first send, and the other
    /// `d - 1` when `m` holds every sender.
    fn more_in(&self, m: usize) -> f64 {
        let missing = self.senders & !m;
        let (part_5, part_6) = match missing.count_ones() {
            0 => (self.sum, self.first + self.rest),
            1 => (self.least[missing.trailing_zeros() as usize], self.first),
            _ => (0.0, self.first),
        };
        (part_6 - part_5).max(0.0)
    }
}

impl Scratch {
    pub(super) fn new(n: usize, messages: usize) -> Scratch {
        Scratch {
            subsets: vec![0.0; 1 << n.min(SUBSET_NODES)],
            hold: vec![0.0; n],
            start: vec![0.0; n],
            arrive: vec![0.0; n],
            done: vec![false; n],
            load: vec![(0.0, 0); n],
            release: vec![0.0; n * messages],
            jobs: Vec::with_capacity(messages),
            firsts: Vec::with_capacity(messages),
            slots: Vec::with_capacity(2 * n),
            begin: vec![0.0; n],
            ready: vec![0.0; n],
            awaits: vec![0; n],
        }
    }

    /// A lower bound of the completion time of every plan that extends `st`, where every task
    /// still to come starts at `now` or later, if it is `bound` or more: the value of the first
    /// of the parts below that reaches `bound` (each is compared as soon as it is known); else
    /// `None`. The parts (each is infinite when no plan finishes: blocked receivers waiting in
    /// a circle, or a destination nobody can serve any more):
    ///
    /// 1. the latest receive so far;
    /// 8. (not a value of its own: the starts the parts below use) per node `v`, when its
    ///    tasks still to come start at the earliest, `b_v`, and those after its posted receive,
    ///    `r_v`: `max(clock_v, now)` for both, but a node blocked on a receive starts it only
    ///    once the send it waits for has arrived, and the rest after it
    ///    ([`Scratch::blocked_starts`], where it is proved);
    /// 2. per node, `b_v` plus its receives still to come;
    /// 5. (cheaper than 3 and 4, so tried before them) per set of nodes, the average of their
    ///    `b_v` plus the work that must run on them, sends included
    ///    ([`Scratch::shared_load_reaches`], where it is proved); once 3 is known, again with
    ///    each node that has nothing to send now starting at its first arrival (*5b*, below);
    /// 6. (with 5, on whole times only) part 5 with each message's first send still to run
    ///    counted on the nodes that hold it ([`Scratch::shared_load_reaches`]);
    /// 7. (cheaper than 3 and 4, so tried after 6 and before them) per message with two or
    ///    more destinations no send of it has reached, when the last of them may hold it at
    ///    best if each sender runs its sends of it one after the other and a destination
    ///    relays it only once it holds it ([`Scratch::broadcast_reaches`], where it is proved);
    /// 3. per message and destination still waiting, the earliest it may hold the message,
    ///    relays included, by Dijkstra's algorithm over the earliest send starts (a holder
    ///    starts sending at `r_v`, a destination after its earliest receive end; every sender
    ///    may start every one of its sends then; a receive starts at the arrival and at the
    ///    receiver's clock for its posted receive, `r_v` for another);
    /// 4. per node `j` and its receives still to come, with `a_k` the earliest arrival of
    ///    message `k` at `j` found in 3 (the known arrival when its send has run): for every
    ///    `t = a_k`, `max(t, b_j)` plus the receive times of the messages with `a_l >= t`.
    ///
    /// A sum of several times (2, 4, 5, 6 and 7) is computed in another order than the
    /// simulator's, so it goes through [`Ctx::at_least`]: rounded up to a whole number when
    /// every time is whole, else lowered by a relative [`SUM_MARGIN`].
    ///
    /// *Why 4 holds.* Every plan that extends `st` runs the receives of `j` still to come one
    /// at a time on `j`, each from its message's arrival and `b_j` on (8), and each arrival is
    /// at least its `a_k` (3 takes the least over every sender that may send, and the earliest
    /// each may start). So the receives of the messages with `a_l >= t` all start at
    /// `max(t, b_j)` or later and take at least the sum of their receive times on one node;
    /// the last of them ends a receive, which ends no later than the completion time. 2 is
    /// 4's case of the least `t`, cheaper (no arrivals), tried first; 3 is its case of one
    /// message.
    ///
    /// *Why 5b holds.* Part 5 holds with any `b_v` that is at most the start of `v`'s first
    /// task still to come, or at most `T` when it has none (see its proof). A node `v` not
    /// finished that holds no message with a destination still to be sent it (none it could
    /// send now) and has receives still to come starts with a receive or with a send of a
    /// message it has yet to receive: both after the arrival of one of its messages, so at
    /// `min a_k` (3's earliest arrivals) or later; a node blocked on a receive starts with that
    /// receive, at its message's `a_k` or later (part 3 finds it through relays, which 8 does
    /// not). The sets' sums are linear in the `b_v`, so 5b adds each node's later start to the
    /// sets that hold it.
    ///
    /// # Complexity
    /// `O(M·N² + (N + M)·2^N)` for N nodes and M messages (Dijkstra by scans; parts 5 and 6
    /// over the `2^N` sets; part 7 in `O(M·N²)`; part 8 in `O(N·M + N²)`), with no allocation.
    pub(super) fn reaches(&mut self, ctx: &Ctx, st: &State, now: f64, bound: f64) -> Option<f64> {
        let n = ctx.n;
        let nm = ctx.dests.len();
        if st.latest >= bound {
            return Some(st.latest);
        }
        for j in 0..n {
            // Blocked receivers waiting in a circle never run.
            let mut u = j;
            for _ in 0..n {
                match st.blocked[u] {
                    Some(s) if s == j => return Some(f64::INFINITY),
                    Some(s) => u = s,
                    None => break,
                }
            }
        }
        let load = &mut self.load;
        load.fill((0.0, 0));
        for k in 0..nm {
            let row = k * n;
            for (j, l) in load.iter_mut().enumerate() {
                if ctx.is_dest[row + j] && st.hold[row + j].is_none() {
                    l.0 += ctx.recv[row + j];
                    l.1 += 1;
                }
            }
        }
        self.blocked_starts(ctx, st, now);
        for (&begin, &(sum, count)) in self.begin.iter().zip(self.load.iter()) {
            let end = ctx.at_least(begin + sum, 1);
            if count > 1 && end >= bound {
                return Some(end);
            }
        }
        if let Some(end) = self.shared_load_reaches(ctx, st, bound) {
            return Some(end);
        }
        if let Some(end) = self.broadcast_reaches(ctx, st, now, bound) {
            return Some(end);
        }
        let Scratch {
            hold,
            start,
            arrive,
            done,
            release,
            ready,
            ..
        } = self;
        for k in 0..nm {
            let row = k * n;
            for v in 0..n {
                let may_send = !st.finished[v] && (v == ctx.source[k] || ctx.is_dest[row + v]);
                (hold[v], start[v], arrive[v]) = match (st.hold[row + v], st.arrive[row + v]) {
                    (Some(h), _) => (h, ready[v], f64::INFINITY),
                    // Sent already: held after its receive, whoever else sends what.
                    (None, Some(a)) => {
                        let end = a.max(ready[v]) + ctx.recv[row + v];
                        (end, end.max(now), a)
                    }
                    (None, None) => (f64::INFINITY, f64::INFINITY, f64::INFINITY),
                };
                if !may_send {
                    start[v] = f64::INFINITY;
                }
                done[v] = false;
            }
            let arrival =
                |s: usize, j: usize, at: f64| (at + ctx.send[row + s]) + ctx.wire(k, s, j);
            loop {
                let mut next = None;
                for v in 0..n {
                    if !done[v]
                        && start[v].is_finite()
                        && next.is_none_or(|s: usize| start[v] < start[s])
                    {
                        next = Some(v);
                    }
                }
                let Some(s) = next else { break };
                done[s] = true;
                for j in 0..n {
                    let i = row + j;
                    if done[j] || j == s || !ctx.is_dest[i] || st.hold[i].is_some() {
                        continue;
                    }
                    let at = match (st.arrive[i], st.from[i]) {
                        (Some(_), _) => continue, // its time is known (above)
                        (None, Some(f)) if f != s => continue,
                        _ => arrival(s, j, start[s]),
                    };
                    arrive[j] = arrive[j].min(at);
                    // A receive posted: at its clock; else after the posted one, if any.
                    let from = if st.from[i].is_some() {
                        st.clock[j]
                    } else {
                        ready[j]
                    };
                    let end = at.max(from) + ctx.recv[i];
                    if end < hold[j] {
                        hold[j] = end;
                        if !st.finished[j] {
                            start[j] = end.max(st.clock[j]).max(now);
                        }
                    }
                }
            }
            for j in 0..n {
                let i = row + j;
                if !ctx.is_dest[i] || st.hold[i].is_some() {
                    continue;
                }
                if hold[j] >= bound {
                    return Some(hold[j]);
                }
                release[i] = arrive[j];
            }
        }
        // Part 5 again, each node from its first arrival when it has nothing to send now.
        let mut later = false;
        for v in (0..n).filter(|&v| !st.finished[v]) {
            let sends = (0..nm).any(|k| {
                let row = k * n;
                st.hold[row + v].is_some()
                    && st.blocked[v].is_none()
                    && ctx.dests[k].iter().any(|&j| {
                        j != v && st.arrive[row + j].is_none() && st.hold[row + j].is_none()
                    })
            });
            if sends {
                continue;
            }
            let first = if st.blocked[v].is_some() {
                // Its first task is its posted receive.
                self.release[self.awaits[v] * n + v]
            } else {
                (0..nm)
                    .map(|k| k * n + v)
                    .filter(|&i| ctx.is_dest[i] && st.hold[i].is_none())
                    .map(|i| self.release[i])
                    .fold(f64::INFINITY, f64::min)
            };
            if first.is_finite() && first > self.begin[v] && n <= SUBSET_NODES {
                // Each set's work is a sum over its nodes: add the later start to the sets
                // that hold `v`.
                let more = first - self.begin[v];
                for (m, work) in self.subsets[..1 << n].iter_mut().enumerate() {
                    if m >> v & 1 == 1 {
                        *work += more;
                    }
                }
                later = true;
            }
        }
        if later {
            let found = (self.subsets[..1 << n].iter().enumerate().skip(1))
                .map(|(m, &work)| ctx.at_least(work, m.count_ones() as usize))
                .find(|&end| end >= bound);
            if found.is_some() {
                return found;
            }
        }
        let Scratch {
            release,
            jobs,
            begin,
            ..
        } = self;
        for (j, &(_, count)) in self.load.iter().enumerate() {
            if count < 2 {
                continue; // part 3 covers one receive
            }
            jobs.clear();
            for k in 0..nm {
                let i = k * n + j;
                if ctx.is_dest[i] && st.hold[i].is_none() {
                    jobs.push((release[i], ctx.recv[i]));
                }
            }
            // Latest arrival first: the messages with `a_l >= t` are a prefix.
            jobs.sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
            let mut sum = 0.0;
            for (count, &(t, r)) in jobs.iter().enumerate() {
                sum += r;
                let end = t.max(begin[j]) + sum;
                let end = if count > 0 { ctx.at_least(end, 1) } else { end };
                if end >= bound {
                    return Some(end);
                }
            }
        }
        None
    }

    /// Part 8 of [`Scratch::reaches`]: when each node's tasks still to come start at the
    /// earliest (`begin`), and those after its posted receive (`ready`, the same for a node
    /// not blocked), with the message each blocked node waits for (`awaits`). A node not
    /// blocked: `max(clock, now)`. A node `u` blocked on a receive of `k` posted from `f`:
    /// its receive starts at `max(clock_u, a)` with `a = ready_f + S(f, l_k) + X(f, u)·l_k`,
    /// and its other tasks after that receive's end, `+ R(u, l_k)`.
    ///
    /// *Why it holds.* Every task still to come starts at `now` or later, and a node runs its
    /// tasks one after the other from its clock on. A blocked node's next task is its posted
    /// receive, which starts once the send from `f` has arrived; that send is one of `f`'s
    /// tasks still to come, after `f`'s own posted receive if `f` is blocked too, so it starts
    /// at `ready_f` or later (by induction along the chain of blocked nodes, which ends at a
    /// node not blocked: circles are cut before), and arrives `S + X` later, computed with the
    /// simulator's own operations in its order.
    ///
    /// # Complexity
    /// `O(N·M + N²)`.
    fn blocked_starts(&mut self, ctx: &Ctx, st: &State, now: f64) {
        let n = ctx.n;
        let mut left = 0;
        for u in 0..n {
            let start = st.clock[u].max(now);
            (self.begin[u], self.ready[u]) = (start, start);
            self.done[u] = st.blocked[u].is_none();
            if st.blocked[u].is_some() {
                left += 1;
                self.awaits[u] = (0..ctx.dests.len())
                    .find(|&k| st.posted[k * n + u] && st.hold[k * n + u].is_none())
                    .expect("a blocked node's posted receive");
            }
        }
        while left > 0 {
            for u in 0..n {
                let Some(f) = st.blocked[u] else { continue };
                if self.done[u] || !self.done[f] {
                    continue;
                }
                let k = self.awaits[u];
                let arrive = (self.ready[f] + ctx.send[k * n + f]) + ctx.wire(k, f, u);
                self.begin[u] = arrive.max(st.clock[u]);
                self.ready[u] = self.begin[u] + ctx.recv[k * n + u];
                self.done[u] = true;
                left -= 1;
            }
        }
    }

    /// Part 7 of [`Scratch::reaches`]: whether, for some message `k` with `d >= 2` waiting
    /// destinations that no send of it has reached yet (its *open* destinations, `D`), the
    /// last of them to hold `k` holds it at `bound` or later even in the fastest broadcast
    /// that runs each sender's sends of `k` one after the other. That broadcast: every node
    /// `u` not finished that may send `k` and holds it, or to which a send of `k` has run,
    /// sends from `e_u` on, with sends of `s_u` (its send time of `k`) back to back, where
    /// `e_u = ρ_u` for a holder and `max(max(a_u, ρ_u) + r_u, now)` for a node whose send has
    /// run (arrival `a_u`, receive time `r_u`), with `ρ_u` (`ready`, part 8) at most the start
    /// of each of `u`'s tasks still to come but a posted receive; each send ending at `t`
    /// makes a new holder at `t + L`, which then sends from there on, back to back, sends of
    /// `s*`; the `d` earliest send ends are taken in order, the earliest first. With `L`
    /// the least `X(u, j)·l_k + r_j` over the possible senders `u` (the source and the
    /// destinations of `k`, not finished) and `j ≠ u` in `D`, and `s*` the least send time
    /// of `k` in `D`, the bound is the `d`-th send end `τ_d` plus `L`. Messages with one
    /// open destination are left to part 3 (it is at least this then). Without any such
    /// sender and with `d >= 1`, no plan extends `st` (infinite).
    ///
    /// *Why it holds.* Take a plan that extends `st`, with completion time `T`. Each
    /// destination in `D` receives `k` once, from a send still to run, so `d` sends of `k`
    /// still to run, all distinct; sort their ends `t_1 <= … <= t_d`. The destination of the
    /// last ends its receive of `k` by `T`, at least `t_d + L` after the send ends (the wire,
    /// then the receive), so it is enough that `t_i >= τ_i` for every `i`. Each send still
    /// to run has a sender that holds `k` when it starts: either a node of the broadcast's
    /// first senders (it holds `k` now, or a send to it has run), whose `m`-th send of `k`
    /// still to run ends at `e_u + m·s_u` or later (its tasks still to come run one after the
    /// other, from `ρ_u` on but a posted receive, and, for a node whose send has run, after
    /// its receive of `k`, which is not posted, since a posted receive runs when its send
    /// does), or a node of `D` that the `p`-th send reached (`p < i` when this is
    /// the `i`-th: its receive ends before it sends), whose `m`-th send ends at
    /// `t_p + L + m·s*` or later. So the first `i` sends fill `i` distinct *slots*, each
    /// ending no earlier than its slot's time in the broadcast (`τ_p` for `t_p`, by
    /// induction on `i`), all of them slots of the first senders or of the new holders made
    /// by sends `1 … i - 1`, and all at most `t_i`. The broadcast took `i - 1` slots before its
    /// `i`-th; one of these `i` is still free then, so the least free slot, `τ_i`, is at most
    /// `t_i`. Parts 3 and 5 let a sender run any number of sends at once, or count them
    /// without their order.
    ///
    /// # Complexity
    /// `O(M·N²)` for N nodes and M messages (per message, at most `N` first senders and `N`
    /// new holders scanned for each of at most `N` sends), with no allocation.
    fn broadcast_reaches(&mut self, ctx: &Ctx, st: &State, now: f64, bound: f64) -> Option<f64> {
        let n = ctx.n;
        for (k, dests) in ctx.dests.iter().enumerate() {
            let row = k * n;
            let open = |j: usize| st.hold[row + j].is_none() && st.arrive[row + j].is_none();
            let (mut d, mut relay) = (0, f64::INFINITY);
            for &j in dests.iter().filter(|&&j| open(j)) {
                d += 1;
                relay = relay.min(ctx.send[row + j]);
            }
            if d < 2 {
                continue;
            }
            let slots = &mut self.slots;
            slots.clear();
            let mut wire = f64::INFINITY;
            for u in 0..n {
                let i = row + u;
                if st.finished[u] || (u != ctx.source[k] && !ctx.is_dest[i]) {
                    continue;
                }
                for &j in dests.iter().filter(|&&j| j != u && open(j)) {
                    wire = wire.min(ctx.wire(k, u, j) + ctx.recv[row + j]);
                }
                let from = match (st.hold[i], st.arrive[i]) {
                    (Some(_), _) => self.ready[u],
                    (None, Some(a)) => (a.max(self.ready[u]) + ctx.recv[i]).max(now),
                    (None, None) => continue,
                };
                slots.push((from + ctx.send[i], ctx.send[i]));
            }
            if slots.is_empty() {
                return Some(f64::INFINITY); // nobody will hold it any more
            }
            let mut last = 0.0;
            for sent in 1..=d {
                let (at, &(end, step)) = slots
                    .iter()
                    .enumerate()
                    .min_by(|a, b| a.1 .0.total_cmp(&b.1 .0))
                    .expect("a sender");
                last = end;
                slots[at].0 = end + step;
                if sent < d {
                    slots.push((end + wire + relay, relay));
                }
            }
            let end = ctx.at_least(last + wire, 1);
            if end >= bound {
                return Some(end);
            }
        }
        None
    }

    /// Part 5 of [`Scratch::reaches`]: whether some set of nodes `A` has so much work still
    /// to come that `(Σ over v in A of b_v + that work) / |A|` reaches `bound`, where `b_v`
    /// (`begin`, part 8) is at most the start of `v`'s first task still to come (or at most
    /// `T` when it has none): `max(clock_v, now)` at least.
    /// The work on `A`: the receives still to come of its nodes, the sends whose sender is
    /// fixed in `A` (a receive posted from it, blocked), and each other send still to run to a
    /// waiting destination `j` of message `k` whose possible senders (the source and the other
    /// destinations of `k` that have not finished) all lie in `A`, at the least send time
    /// among them. Instances of more than [`SUBSET_NODES`] nodes skip it.
    ///
    /// *Why it holds.* In every plan that extends `st`, with completion time `T`, each node
    /// `v` not finished runs its tasks still to come one after the other from `b_v` on (every
    /// task still to come starts at `now` or later; a node that has none is not blocked and
    /// has `b_v = max(clock_v, now) <= T`, as `now` is a clock too), and each of them ends
    /// by `T`: a receive by the definition of `T`, a send before its message arrives, which is
    /// before the receive of it ends. So `T - b_v` is at least the work of `v`'s
    /// tasks still to come, and summed over `A`, `|A| · T` is at least the clocks plus every
    /// task still to come that runs on a node of `A`: every receive of a node of `A`, and every
    /// send still to run to a waiting destination (each such destination receives its message
    /// from exactly one send still to run) whose sender can only be in `A`, each at least the
    /// least send time of the nodes that may run it. Parts 2 and 4 count one node's receives;
    /// this counts the sends (which a relay may take over, so only among the nodes that may
    /// run them) and shares them across nodes.
    ///
    /// **Part 6** (whole times only, so that every sum is exact). A message `k` whose sends
    /// still to run go to `d >= 1` waiting destinations with no sender chosen, and whose
    /// blocked receivers wait for nodes outside its *holders* `H` (the nodes not finished that
    /// hold `k` or to which a send of `k` has run), adds to the work on `A` the excess of
    /// `[H ⊆ A]·(least send time in H) + [P ⊆ A]·(d - 1)·(least send time in P)` over part 5's
    /// count of those `d` sends on `A` ([`FirstSend::more_in`]), `P` its possible senders.
    /// *Why it holds.* The send still to run of `k` that starts first has a sender that holds
    /// `k` then: it holds it now or a send of `k` to it has run (so it is in `H`), for else it
    /// receives `k` from a send still to run that started earlier. The blocked receivers'
    /// senders are not in `H`, so this first send goes to one of the `d` destinations, and
    /// the other `d - 1` each receive `k` from a send of a node of `P` (as above): when
    /// `H ⊆ A` the first runs on `A`, when `P ⊆ A` all `d` do. This and part 5 each bound the
    /// same sends' work on `A` from below, so `A` takes the larger, message by message. With
    /// `H` empty and `d >= 1` no plan extends `st` (the bound is infinite).
    ///
    /// # Complexity
    /// `O(M·N² + (N + M)·2^N)`, with no allocation.
    fn shared_load_reaches(&mut self, ctx: &Ctx, st: &State, bound: f64) -> Option<f64> {
        let n = ctx.n;
        if n > SUBSET_NODES {
            return None;
        }
        let sets = &mut self.subsets[..1 << n];
        sets.fill(0.0);
        for v in 0..n {
            if !st.finished[v] {
                sets[1 << v] = self.begin[v] + self.load[v].0;
            }
        }
        self.firsts.clear();
        for k in 0..ctx.dests.len() {
            let row = k * n;
            let least_in = |set: usize| {
                (0..n)
                    .filter(|&u| set >> u & 1 == 1)
                    .map(|u| ctx.send[row + u])
                    .fold(f64::INFINITY, f64::min)
            };
            let (mut senders, mut holders) = (0usize, 0usize);
            for u in (0..n).filter(|&u| !st.finished[u]) {
                if u == ctx.source[k] || ctx.is_dest[row + u] {
                    senders |= 1 << u;
                }
                if st.hold[row + u].is_some() || st.arrive[row + u].is_some() {
                    holders |= 1 << u;
                }
            }
            let mut first = FirstSend {
                holders,
                first: 0.0,
                senders,
                rest: 0.0,
                sum: 0.0,
                least: [0.0; SUBSET_NODES],
            };
            // Part 6 holds for this message: no send still to run has its sender chosen
            // among the holders.
            let mut part_6 = ctx.whole;
            let mut free = 0;
            for &j in &ctx.dests[k] {
                let i = row + j;
                if st.hold[i].is_some() || st.arrive[i].is_some() {
                    continue;
                }
                let (set, time) = match st.from[i] {
                    Some(f) => {
                        part_6 &= holders >> f & 1 == 0;
                        (1 << f, ctx.send[row + f])
                    }
                    None => {
                        let set = senders & !(1 << j);
                        let least = least_in(set);
                        first.least[j] = least;
                        first.sum += least;
                        free += 1;
                        (set, least)
                    }
                };
                if set == 0 {
                    return Some(f64::INFINITY); // nobody may send it any more
                }
                sets[set] += time;
            }
            if part_6 && free > 0 {
                first.first = least_in(holders);
                first.rest = (free - 1) as f64 * least_in(senders);
                self.firsts.push(first);
            }
        }
        // Each set's work: what must run within it, summed over its subsets.
        for b in 0..n {
            for m in 0..sets.len() {
                if m >> b & 1 == 1 {
                    sets[m] += sets[m ^ 1 << b];
                }
            }
        }
        // Part 6: per message, the larger of its two counts of the sends in each set (the
        // same as part 5's on the sets that do not hold every holder).
        let all = sets.len() - 1;
        for f in &self.firsts {
            let mut m = f.holders;
            loop {
                sets[m] += f.more_in(m);
                if m == all {
                    break;
                }
                m = (m + 1) | f.holders; // the next set that holds every holder
            }
        }
        sets.iter()
            .enumerate()
            .skip(1)
            .map(|(m, &work)| ctx.at_least(work, m.count_ones() as usize))
            .find(|&end| end >= bound)
    }
}
