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
}

impl Scratch {
    pub(super) fn new(n: usize, messages: usize) -> Scratch {
        Scratch {
            hold: vec![0.0; n],
            start: vec![0.0; n],
            arrive: vec![0.0; n],
            done: vec![false; n],
            load: vec![(0.0, 0); n],
            release: vec![0.0; n * messages],
            jobs: Vec::with_capacity(messages),
        }
    }

    /// Whether a lower bound of the completion time of every plan that extends `st`, where
    /// every task still to come starts at `now` or later, is `bound` or more. The bound is the
    /// largest of (each is infinite when no plan finishes: blocked receivers waiting in a
    /// circle, or a destination nobody can serve any more):
    ///
    /// 1. the latest receive so far;
    /// 2. per node, its clock plus its receives still to come (taken off a relative
    ///    [`SUM_MARGIN`] when they are several, see the module documentation);
    /// 3. per message and destination still waiting, the earliest it may hold the message,
    ///    relays included, by Dijkstra's algorithm over the earliest send starts (a holder
    ///    starts sending at its clock or `now`, a destination after its earliest receive end;
    ///    every sender may start every one of its sends then);
    /// 4. per node `j` and its receives still to come, with `a_k` the earliest arrival of
    ///    message `k` at `j` found in 3 (the known arrival when its send has run): for every
    ///    `t = a_k`, `max(t, clock_j)` plus the receive times of the messages with `a_l >= t`
    ///    (with the margin when they are several).
    ///
    /// *Why 4 holds.* Every plan that extends `st` runs the receives of `j` still to come one
    /// at a time on `j`, each from its message's arrival and `j`'s clock on, and each arrival is
    /// at least its `a_k` (3 takes the least over every sender that may send, and the earliest
    /// each may start). So the receives of the messages with `a_l >= t` all start at
    /// `max(t, clock_j)` or later and take at least the sum of their receive times on one node;
    /// the last of them ends a receive, which ends no later than the completion time. 2 is
    /// 4's case of the least `t`, cheaper (no arrivals), tried first; 3 is its case of one
    /// message. Each part is compared with `bound` as soon as it is known, and the answer
    /// given at the first that reaches it.
    ///
    /// # Complexity
    /// `O(M·N²)` for N nodes and M messages (Dijkstra by scans), with no allocation.
    pub(super) fn reaches(&mut self, ctx: &Ctx, st: &State, now: f64, bound: f64) -> bool {
        let n = ctx.n;
        let nm = ctx.dests.len();
        if st.latest >= bound {
            return true;
        }
        for j in 0..n {
            // Blocked receivers waiting in a circle never run.
            let mut u = j;
            for _ in 0..n {
                match st.blocked[u] {
                    Some(s) if s == j => return true,
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
        for (&clock, &(sum, count)) in st.clock.iter().zip(load.iter()) {
            if count > 1 {
                let sum = clock + sum;
                if sum - sum * SUM_MARGIN >= bound {
                    return true;
                }
            }
        }
        let Scratch {
            hold,
            start,
            arrive,
            done,
            release,
            jobs,
            ..
        } = self;
        for k in 0..nm {
            let row = k * n;
            for v in 0..n {
                let may_send = !st.finished[v] && (v == ctx.source[k] || ctx.is_dest[row + v]);
                (hold[v], start[v], arrive[v]) = match (st.hold[row + v], st.arrive[row + v]) {
                    (Some(h), _) => (h, st.clock[v].max(now), f64::INFINITY),
                    // Sent already: held after its receive, whoever else sends what.
                    (None, Some(a)) => {
                        let end = a.max(st.clock[v]) + ctx.recv[row + v];
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
                    let end = at.max(st.clock[j]) + ctx.recv[i];
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
                    return true;
                }
                release[i] = arrive[j];
            }
        }
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
                let end = t.max(st.clock[j]) + sum;
                let end = if count > 0 {
                    end - end * SUM_MARGIN
                } else {
                    end
                };
                if end >= bound {
                    return true;
                }
            }
        }
        false
    }
}
