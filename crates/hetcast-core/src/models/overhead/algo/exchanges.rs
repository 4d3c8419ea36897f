//! The exchanges of 000's proofs, one at a time: from any plan, remove the idle times
//! (000 section 2: "removing the idle times" never delays anyone), then apply Lemma 2 until the
//! schedule is monotonic, then Lemma 6 until it is layered, each step with its plan and the
//! completion time the simulator gives it. The completion time never grows (the lemmas'
//! statement; tested on thousands of random plans in `tests/exchanges.rs`).
//!
//! - **Lemma 2** (000 section 2, Figure 2): an edge `(u, v)` with `u` not the root and `v`
//!   faster than `u`. With `α` the children `u` sends to before `v`, `β` those after and `γ`
//!   the children of `v`: `u`'s parent now sends to `v` in `u`'s place, `v` sends to
//!   `α`, then `u`, then `γ`, and `u` sends to `β`. Each exchange lowers the number of pairs
//!   (non-root ancestor, faster descendant). In the sender-receiver model the proof carries
//!   over only in part: with `a(x) = L + r(x)`, `v` and the `α`, `γ` are no later when `v` is
//!   no slower than `u` in both costs, but `u` now holds the message at
//!   `t(u) + a(v) + (|α| + 1) s(v)` and the `β` are no later only when
//!   `a(v) <= (|α| + 1) (s(u) - s(v))`. So there an edge is exchanged only when all three
//!   hold (`s(v) <= s(u)`, `r(v) <= r(u)` and that inequality); other edges are left, and the
//!   last step says when the schedule is not monotonic. In the node model (`a = 0`) every
//!   edge with a faster child is exchanged, as in the paper.
//! - **Lemma 6** (000 section 4, Figure 4): two non-root nodes with `t(u) < t(v)` and
//!   `c(u) = ℓ c(v)` for a whole `ℓ >= 2`. With `δ = t(v) - t(u)`, `α` the children of `u`
//!   and `β` those of `v`, `β` is cut into `β^1 … β^{a+1}` by the times `t(α_i) + δ`; `u` and
//!   `v` swap places, `v` sends to `β^1, α_1, β^2 minus its first, α_2, …, α_a, β^{a+1} minus
//!   its first`, and `u` to the first of each of `β^2 … β^{a+1}`. The paper's figure and
//!   proof give this order (each `α_i` takes the slot of the first of `β^{i+1}`, which goes to
//!   `u`). The lemma is for the node model and for costs that are whole multiples of each
//!   other (power-of-two costs, Theorem 3): other pairs are not exchanged, and the last step
//!   says when the schedule is left unlayered. The pair taken: `v` the fastest node that some
//!   slower node precedes (the latest of them among ties), `u` the earliest slower node
//!   before it whose cost is a whole multiple of `c(v)` and that is not an ancestor of `v`.
//!
//! Steps are capped at [`EXCHANGE_STEP_LIMIT`] and at `4 n^2`. With LogP gaps above the send
//! times ([`Instance::has_gaps`]) no exchange is made: the lemmas are proven without gaps.
//!
//! **Complexity**: O(n) per exchange for the rewiring plus one simulation, O(n^2) to find a
//! pair; at most `4 n^2` exchanges.
//!
//! ```
//! use hetcast_core::models::overhead::{algo::exchanges::{exchanges, ExchangeKind}, Instance, Plan};
//! // Costs: source 1, P1 = 2 (slow), P2 = 1 (fast): the chain 0 -> P1 -> P2 is not monotonic.
//! let inst = Instance::node_model(0, &[1.0, 2.0, 1.0]);
//! let plan = Plan { source: 0, children: vec![vec![1], vec![2], vec![]], wait: vec![] };
//! let steps = exchanges(&inst, &plan).unwrap();
//! assert_eq!(steps.first().unwrap().completion, 3.0);
//! // Lemma 2: the source sends to P2 (t = 1), P2 to P1 (t = 2).
//! assert_eq!(steps[1].kind, ExchangeKind::Lemma2 { u: 1, v: 2 });
//! assert_eq!(steps[1].completion, 2.0);
//! assert_eq!(steps.last().unwrap().plan.children[0], vec![2]);
//! ```

use super::faster_first;
use crate::error::Error;
use crate::models::overhead::instance::{Instance, ModelKind};
use crate::models::overhead::plan::Plan;
use crate::models::overhead::properties;
use crate::models::overhead::simulate::simulate;
use crate::trace::{ItemId, Step};
use crate::units::fmt_t;
use serde::{Deserialize, Serialize};

/// Most exchanges recorded.
pub const EXCHANGE_STEP_LIMIT: usize = 100_000;

/// The pseudo-code the steps point into (a step's `pseudo_line` counts from 1).
pub const EXCHANGES_PSEUDO: &[&str] = &[
    "T <- the given schedule",
    "remove every idle time of T (no node is delayed)",
    "while T has an edge (u, v), u not the root, v faster than u:",
    "  Lemma 2: u's parent sends to v; v sends to α, u, γ; u sends to β",
    "while T has non-root u, v with t(u) < t(v) and c(u) = ℓ c(v), ℓ >= 2:",
    "  Lemma 6: u and v swap places; v sends to β^1, α_1, β^2', ..., α_a, β^(a+1)'; u to the firsts of β^2 ... β^(a+1)",
    "T is monotonic, then layered; its completion time never grew",
];

/// What one step did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum ExchangeKind {
    /// The plan as given.
    Start,
    /// Its idle times removed.
    RemoveIdle,
    /// Lemma 2 on the edge `(u, v)`.
    Lemma2 {
        /// The slower parent.
        u: usize,
        /// The faster child.
        v: usize,
    },
    /// Lemma 6 on the pair `(u, v)`, `c(u) = l c(v)`.
    Lemma6 {
        /// The slower node that held the message first.
        u: usize,
        /// The faster node that held it later.
        v: usize,
        /// The ratio of their costs.
        l: u64,
    },
    /// No exchange applies any more.
    Done {
        /// Whether the schedule is monotonic.
        monotonic: bool,
        /// Whether it is layered.
        layered: bool,
    },
}

/// One step: what was done, the plan after it and its completion time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Exchange {
    /// What was done.
    pub kind: ExchangeKind,
    /// The plan after the step.
    pub plan: Plan,
    /// Its completion time (from the simulator).
    pub completion: f64,
    /// One plain sentence.
    pub text: String,
}

impl Exchange {
    /// The step in the shared shape of [`Step`], pointing into [`EXCHANGES_PSEUDO`].
    pub fn step(&self) -> Step {
        let (line, highlight) = match self.kind {
            ExchangeKind::Start => (1, vec![]),
            ExchangeKind::RemoveIdle => (2, vec![]),
            ExchangeKind::Lemma2 { u, v } => (
                4,
                vec![
                    ItemId::Node { node: u },
                    ItemId::Node { node: v },
                    ItemId::Edge {
                        from: v,
                        to: u,
                        message: None,
                    },
                ],
            ),
            ExchangeKind::Lemma6 { u, v, .. } => {
                (6, vec![ItemId::Node { node: u }, ItemId::Node { node: v }])
            }
            ExchangeKind::Done { .. } => (7, vec![]),
        };
        Step {
            text: self.text.clone(),
            pseudo_line: Some(line),
            highlight,
            t: self.completion,
            built: Vec::new(),
        }
    }
}

/// The steps from `plan` to a monotonic, then layered, plan of `inst` (see the module
/// documentation). The first step is the plan as given, the last says what was reached.
/// Errors: the instance or the plan is invalid (the simulator's message).
pub fn exchanges(inst: &Instance, plan: &Plan) -> Result<Vec<Exchange>, Error> {
    inst.validate()?;
    let n = inst.nodes.len();
    let s0 = simulate(inst, plan)?;
    let name = |v: usize| inst.label(v);
    let mut out = vec![Exchange {
        kind: ExchangeKind::Start,
        plan: plan.clone(),
        completion: s0.completion_time,
        text: format!("The schedule as given: T = {}", fmt_t(s0.completion_time)),
    }];
    let mut cur = plan.clone();
    if cur.wait.iter().flatten().any(|&w| w > 0.0) {
        cur.wait.clear();
        let t = simulate(inst, &cur)?.completion_time;
        out.push(Exchange {
            kind: ExchangeKind::RemoveIdle,
            plan: cur.clone(),
            completion: t,
            text: format!("Remove every idle time: T = {}", fmt_t(t)),
        });
    }
    cur.wait.clear();
    let cap = EXCHANGE_STEP_LIMIT.min(4 * n * n + 4);
    // Lemma 2.
    while out.len() < cap {
        let Some((u, v)) = lemma2_edge(inst, &cur) else {
            break;
        };
        cur = lemma2(&cur, u, v);
        let t = simulate(inst, &cur)?.completion_time;
        out.push(Exchange {
            kind: ExchangeKind::Lemma2 { u, v },
            plan: cur.clone(),
            completion: t,
            text: format!(
                "Lemma 2: {} is faster than its parent {}; {}'s sender now sends to {}, which sends to {}'s earlier children, then to {}, then to its own: T = {}",
                name(v),
                name(u),
                name(u),
                name(v),
                name(u),
                name(u),
                fmt_t(t)
            ),
        });
    }
    // Lemma 6 (node model).
    while out.len() < cap && inst.model == ModelKind::Node && !inst.has_gaps() {
        let s = simulate(inst, &cur)?;
        let Some((u, v, l)) = lemma6_pair(inst, &cur, &s.ready) else {
            break;
        };
        cur = lemma6(&cur, u, v, &s.ready);
        let t = simulate(inst, &cur)?.completion_time;
        out.push(Exchange {
            kind: ExchangeKind::Lemma6 { u, v, l },
            plan: cur.clone(),
            completion: t,
            text: format!(
                "Lemma 6: {} (cost {}) held the message before the faster {} (cost {}, {l} times less); they swap places and share their children: T = {}",
                name(u),
                fmt_t(inst.nodes[u].send),
                name(v),
                fmt_t(inst.nodes[v].send),
                fmt_t(t)
            ),
        });
    }
    let s = simulate(inst, &cur)?;
    let (monotonic, layered) = (
        properties::monotonic(inst, &s),
        properties::layered(inst, &s),
    );
    let verdict = match (monotonic, layered) {
        _ if inst.has_gaps() => format!(
            "{} (the lemmas are proven without LogP gaps: no exchange is made)",
            match (monotonic, layered) {
                (true, true) => "monotonic and layered",
                (true, false) => "monotonic, not layered",
                _ => "not monotonic",
            }
        ),
        (true, true) => "monotonic and layered".to_string(),
        (true, false) => format!(
            "monotonic, not layered ({})",
            if inst.model == ModelKind::Node {
                "Lemma 6 needs costs that are whole multiples of each other"
            } else {
                "Lemma 6 is for the node model"
            }
        ),
        (false, _) => {
            "not monotonic (for the edges left, the proof of Lemma 2 does not hold in the sender-receiver model)"
                .to_string()
        }
    };
    out.push(Exchange {
        kind: ExchangeKind::Done { monotonic, layered },
        plan: cur,
        completion: s.completion_time,
        text: format!(
            "No exchange applies: the schedule is {verdict}; T = {} (it was {})",
            fmt_t(s.completion_time),
            fmt_t(s0.completion_time)
        ),
    });
    Ok(out)
}

/// The first edge `(u, v)`, breadth-first, that Lemma 2 exchanges: `u` not the root, `v`
/// faster by speed key, no slower in either cost, and `L + r(v) <= (i + 1) (s(u) - s(v))` for
/// `v` the `(i + 1)`-th child of `u` (always true in the node model).
fn lemma2_edge(inst: &Instance, plan: &Plan) -> Option<(usize, usize)> {
    if inst.has_gaps() {
        return None;
    }
    let mut queue = std::collections::VecDeque::from([plan.source]);
    while let Some(u) = queue.pop_front() {
        for (i, &v) in plan.children[u].iter().enumerate() {
            let (a, b) = (&inst.nodes[u], &inst.nodes[v]);
            if u != plan.source
                && faster_first(inst, v, u) == std::cmp::Ordering::Less
                && (b.send, b.recv) != (a.send, a.recv)
                && b.send <= a.send
                && b.recv <= a.recv
                && inst.arrival_delay(v) <= (i + 1) as f64 * (a.send - b.send)
            {
                return Some((u, v));
            }
            queue.push_back(v);
        }
    }
    None
}

/// Lemma 2 on the edge `(u, v)` of `plan` (no waits).
fn lemma2(plan: &Plan, u: usize, v: usize) -> Plan {
    let mut p = plan.clone();
    let parent = plan.parents()[u].expect("u is not the root");
    let i = plan.children[u].iter().position(|&c| c == v).expect("edge");
    let alpha = plan.children[u][..i].to_vec();
    let beta = plan.children[u][i + 1..].to_vec();
    let gamma = plan.children[v].clone();
    for c in p.children[parent].iter_mut() {
        if *c == u {
            *c = v;
        }
    }
    let mut vk = alpha;
    vk.push(u);
    vk.extend(gamma);
    p.children[v] = vk;
    p.children[u] = beta;
    p
}

/// The pair Lemma 6 exchanges next (see the module documentation), with `l = c(u) / c(v)`.
fn lemma6_pair(inst: &Instance, plan: &Plan, t: &[f64]) -> Option<(usize, usize, u64)> {
    let c = |v: usize| inst.nodes[v].send;
    let parents = plan.parents();
    let is_ancestor = |a: usize, mut b: usize| {
        while let Some(p) = parents[b] {
            if p == a {
                return true;
            }
            b = p;
        }
        false
    };
    let ratio = |u: usize, v: usize| {
        let r = c(u) / c(v);
        let l = r.round();
        (l >= 2.0 && l * c(v) == c(u) && l < 1e15).then_some(l as u64)
    };
    let mut nodes: Vec<usize> = inst.destinations().collect();
    // Fastest first, latest first among equals.
    crate::order::sort_by(&mut nodes, |&a, &b| {
        c(a).total_cmp(&c(b))
            .then(t[b].total_cmp(&t[a]))
            .then(a.cmp(&b))
    });
    let mut by_time: Vec<usize> = inst.destinations().collect();
    crate::order::sort_by(&mut by_time, |&a, &b| t[a].total_cmp(&t[b]).then(a.cmp(&b)));
    for &v in &nodes {
        for &u in &by_time {
            if t[u] >= t[v] {
                break;
            }
            if let Some(l) = ratio(u, v) {
                if !is_ancestor(u, v) {
                    return Some((u, v, l));
                }
            }
        }
    }
    None
}

/// Lemma 6 on the pair `(u, v)` of `plan` (no waits), arrival times `t`.
fn lemma6(plan: &Plan, u: usize, v: usize, t: &[f64]) -> Plan {
    let mut p = plan.clone();
    let parents = plan.parents();
    let (pu, pv) = (
        parents[u].expect("u is not the root"),
        parents[v].expect("v is not the root"),
    );
    let delta = t[v] - t[u];
    let alpha = plan.children[u].clone();
    let beta = plan.children[v].clone();
    let a = alpha.len();
    // beta^1 .. beta^{a+1} by the times t(alpha_i) + delta.
    let mut parts: Vec<Vec<usize>> = vec![Vec::new(); a + 1];
    for &x in &beta {
        let i = alpha
            .iter()
            .take_while(|&&al| t[x] >= t[al] + delta)
            .count();
        parts[i].push(x);
    }
    let mut vk = parts[0].clone();
    let mut uk = Vec::new();
    for i in 0..a {
        vk.push(alpha[i]);
        if let Some((&first, rest)) = parts[i + 1].split_first() {
            uk.push(first);
            vk.extend_from_slice(rest);
        }
    }
    // Swap places (u's parent may be v's parent: swap the two entries).
    for c in p.children[pu].iter_mut() {
        if *c == u {
            *c = usize::MAX;
        }
    }
    for c in p.children[pv].iter_mut() {
        if *c == v {
            *c = u;
        }
    }
    for c in p.children[pu].iter_mut() {
        if *c == usize::MAX {
            *c = v;
        }
    }
    p.children[v] = vk;
    p.children[u] = uk;
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 000 Figure 1's two schedules are monotonic and layered: nothing to exchange.
    #[test]
    fn greedy_on_figure_1_needs_no_exchange() {
        let inst = crate::models::overhead::gallery::libeskind_hadas_figure1();
        let g = super::super::greedy::greedy(&inst).unwrap().plan;
        let steps = exchanges(&inst, &g).unwrap();
        assert_eq!(steps.len(), 2);
        assert_eq!(
            steps[1].kind,
            ExchangeKind::Done {
                monotonic: true,
                layered: true
            }
        );
        assert_eq!(steps[1].completion, 10.0);
    }

    /// Lemma 6 by hand: costs u = 2, v = 1 (l = 2). The source (cost 1) sends to u (t = 1),
    /// then to x (cost 1, t = 2); x sends to v (t = 3). u's children a1 (t = 3), a2 (t = 5);
    /// v's children b1 (t = 4), b2 (t = 5), b3 (t = 6). delta = 2: beta^1 = {b : t < 5} =
    /// (b1), beta^2 = {5 <= t < 7} = (b2, b3), beta^3 = (). Then v sends to b1, a1, b3, a2;
    /// u to b2.
    #[test]
    fn lemma_6_by_hand() {
        // 0 src, 1 u, 2 x, 3 v, 4 a1, 5 a2, 6 b1, 7 b2, 8 b3
        let inst = Instance::node_model(0, &[1.0, 2.0, 1.0, 1.0, 4.0, 4.0, 4.0, 4.0, 4.0]);
        let mut plan = Plan::new(0, 9);
        plan.children[0] = vec![1, 2];
        plan.children[2] = vec![3];
        plan.children[1] = vec![4, 5];
        plan.children[3] = vec![6, 7, 8];
        let s = simulate(&inst, &plan).unwrap();
        assert_eq!(s.ready, vec![0.0, 1.0, 2.0, 3.0, 3.0, 5.0, 4.0, 5.0, 6.0]);
        let p = lemma6(&plan, 1, 3, &s.ready);
        assert_eq!(p.children[0], vec![3, 2]);
        assert_eq!(p.children[2], vec![1]);
        assert_eq!(p.children[3], vec![6, 4, 8, 5]);
        assert_eq!(p.children[1], vec![7]);
        let s2 = simulate(&inst, &p).unwrap();
        // v at 1; b1 2, a1 3, b3 4, a2 5; u at 3 (x's child), b2 at 5.
        assert_eq!(s2.ready, vec![0.0, 3.0, 2.0, 1.0, 3.0, 5.0, 2.0, 5.0, 4.0]);
        assert!(s2.completion_time <= s.completion_time);
    }
}
