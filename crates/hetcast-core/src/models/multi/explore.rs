//! The many-source model in the shared explorer ([`crate::explore`]): each of FEF, ECF, WR and
//! WRP against the idealised lower bound of paper 001 (Definition 1, equation 2;
//! [`super::algo::lower_bound`]) on every instance, and against the exact optimum
//! ([`super::algo::exhaustive`], a branch and bound over every plan, seeded with the best
//! heuristic's plan) on the tiny instances it solves within [`MAX_STATES`] partial plans (the
//! others are skipped and counted); last, the optimum against the bound (how slack the bound
//! is). The problem is NP-hard, so the optimum is for tiny instances only; against the bound,
//! a ratio of 1 proves the algorithm optimal on that instance, a larger one may be the
//! bound's slack.
//!
//! **Family.** `nodes.0` to `nodes.1` nodes, each its own class with constant overheads
//! `S, R` in `1..=max_cost` (whole µs), one link rate `X` in `1..=max_cost` µs/byte, messages
//! of 1 byte; each node is the source of at most one message, to any non-empty set of the
//! other nodes, and at least one node sends. Members run by number of nodes, then link rate,
//! then the costs node by node (`S` then `R`, the first node's changing fastest), then each
//! node's destination set (a bit mask over the other nodes, 0 for no message; the first
//! node's changing fastest); members without a message are left out.
//!
//! **Neighbours** change one overhead, the link rate, or one destination of one node (adding or
//! removing a message), or add a node (up to `nodes.1`).
//!
//! # Complexity
//! Per member the four algorithms, their simulations, the bound and at most [`MAX_STATES`]
//! partial plans of the exact optimum;
//! `Σ_n C^(2n+1) · 2^(n(n-1))` candidates for `C = max_cost`.
//!
//! ```
//! use hetcast_core::explore::{run, Search, State};
//! use hetcast_core::models::multi::explore::MultiFamily;
//! let f = MultiFamily { nodes: (2, 2), max_cost: 1 };
//! let s = run(&f, &Search::Exhaustive, State::new(&f, (0, 1)), &mut |_| true).unwrap();
//! // Two nodes sending to each other: FEF posts a receive first and blocks on it (6 against
//! // the bound 3); WRP sends first and meets the bound.
//! assert_eq!(s.records[0].worst_ratio(), Some(2.0));
//! assert_eq!(s.records[3].worst_ratio(), Some(1.0));
//! ```

use super::algo::exhaustive::{exhaustive, MAX_STATES};
use super::algo::lower_bound::lower_bound;
use super::instance::{Link, Message, MultiInstance, NodeClass};
use super::{simulate_multi, MultiAlgorithm};
use crate::catalog::Catalog;
use crate::error::Error;
use crate::explore::{check_at_most, check_range, digits, Comparison, Family};
use crate::rng::{below, between, SplitMix64};

/// The family (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MultiFamily {
    /// Smallest and largest number of nodes (2 to [`MAX_NODES`]).
    pub nodes: (usize, usize),
    /// Overheads and the link rate are whole numbers from 1 to this ([`MAX_COST`] at most).
    pub max_cost: u32,
}

/// Most nodes of an explored instance.
pub const MAX_NODES: usize = 8;
/// Largest overhead or link rate of the family.
pub const MAX_COST: u32 = 16;

const COMPARISONS: &[Comparison] = &[
    Comparison {
        key: "fef-lower-bound",
        value: "FEF",
        reference: "lower bound",
    },
    Comparison {
        key: "ecf-lower-bound",
        value: "ECF",
        reference: "lower bound",
    },
    Comparison {
        key: "wr-lower-bound",
        value: "WR",
        reference: "lower bound",
    },
    Comparison {
        key: "wrp-lower-bound",
        value: "WRP",
        reference: "lower bound",
    },
    Comparison {
        key: "fef-optimum",
        value: "FEF",
        reference: "optimum",
    },
    Comparison {
        key: "ecf-optimum",
        value: "ECF",
        reference: "optimum",
    },
    Comparison {
        key: "wr-optimum",
        value: "WR",
        reference: "optimum",
    },
    Comparison {
        key: "wrp-optimum",
        value: "WRP",
        reference: "optimum",
    },
    Comparison {
        key: "optimum-lower-bound",
        value: "optimum",
        reference: "lower bound",
    },
];

/// A member in numbers: the link rate, per node `S`, `R` and its destinations (empty: it
/// sends nothing).
#[derive(Debug, Clone)]
struct Tiny {
    link: u32,
    send: Vec<u32>,
    recv: Vec<u32>,
    to: Vec<Vec<usize>>,
}

impl Tiny {
    fn instance(&self) -> MultiInstance {
        MultiInstance {
            classes: (0..self.send.len())
                .map(|v| NodeClass::constant("", 1, self.send[v] as f64, self.recv[v] as f64))
                .collect(),
            link: Link::PerByte(self.link as f64),
            messages: (0..self.send.len())
                .filter(|&v| !self.to[v].is_empty())
                .map(|v| Message {
                    source: v,
                    size: 1.0,
                    destinations: self.to[v].clone(),
                })
                .collect(),
        }
    }

    /// Read back an instance of the family (one node per class, constant overheads).
    fn of(inst: &MultiInstance) -> Tiny {
        let nodes = inst.nodes();
        let n = nodes.len();
        let mut to = vec![Vec::new(); n];
        for m in &inst.messages {
            to[m.source] = m.destinations.clone();
        }
        Tiny {
            link: inst.link.x(0, 1.min(n - 1)).round() as u32,
            send: nodes.iter().map(|c| c.send.fixed.round() as u32).collect(),
            recv: nodes.iter().map(|c| c.recv.fixed.round() as u32).collect(),
            to,
        }
    }
}

/// The other nodes than `v` whose bits are set in `mask` (bit `j`: the `j`-th other node).
fn others(n: usize, v: usize, mask: u64) -> Vec<usize> {
    (0..n)
        .filter(|&u| u != v)
        .enumerate()
        .filter(|&(j, _)| mask >> j & 1 == 1)
        .map(|(_, u)| u)
        .collect()
}

impl MultiFamily {
    /// The family searched when no setting is given (`hetcast experiment explore --model
    /// multi`, the Experiments page's first settings): 2 to 3 nodes, costs 1 to 2.
    pub const DEFAULT: MultiFamily = MultiFamily {
        nodes: (2, 3),
        max_cost: 2,
    };

    fn candidates(&self, n: usize) -> u64 {
        let c = self.max_cost as u64;
        let masks = 1u64.checked_shl((n * (n - 1)) as u32).unwrap_or(u64::MAX);
        c.saturating_pow(2 * n as u32 + 1).saturating_mul(masks)
    }

    fn decode(&self, n: usize, i: u64) -> Tiny {
        let c = self.max_cost as u64;
        let costs = digits(i, c, 2 * n + 1);
        let masks = digits(i / c.pow(2 * n as u32 + 1), 1 << (n - 1), n);
        Tiny {
            link: costs[0] as u32 + 1,
            send: (0..n).map(|v| costs[1 + 2 * v] as u32 + 1).collect(),
            recv: (0..n).map(|v| costs[2 + 2 * v] as u32 + 1).collect(),
            to: (0..n).map(|v| others(n, v, masks[v])).collect(),
        }
    }

    fn cost(&self, rng: &mut SplitMix64) -> u32 {
        between(rng, 1, self.max_cost as usize) as u32
    }
}

impl Family for MultiFamily {
    type Instance = MultiInstance;

    fn comparisons(&self) -> &'static [Comparison] {
        COMPARISONS
    }

    fn validate(&self) -> Result<(), Error> {
        check_range("nodes", self.nodes, MAX_NODES)?;
        check_at_most(
            "the largest cost",
            self.max_cost as usize,
            MAX_COST as usize,
        )
    }

    fn members(&self) -> Box<dyn Iterator<Item = MultiInstance> + '_> {
        Box::new((self.nodes.0..=self.nodes.1).flat_map(move |n| {
            (0..self.candidates(n))
                .map(move |i| self.decode(n, i))
                .filter(|t| t.to.iter().any(|d| !d.is_empty()))
                .map(|t| t.instance())
        }))
    }

    fn size(&self) -> u64 {
        (self.nodes.0..=self.nodes.1)
            .map(|n| self.candidates(n))
            .fold(0, u64::saturating_add)
    }

    fn random(&self, rng: &mut SplitMix64) -> MultiInstance {
        let n = between(rng, self.nodes.0, self.nodes.1);
        let mut t = Tiny {
            link: self.cost(rng),
            send: (0..n).map(|_| self.cost(rng)).collect(),
            recv: (0..n).map(|_| self.cost(rng)).collect(),
            to: (0..n)
                .map(|v| {
                    let mask = below(rng, 1 << (n - 1)) as u64;
                    others(n, v, mask)
                })
                .collect(),
        };
        if t.to.iter().all(Vec::is_empty) {
            let v = below(rng, n);
            t.to[v] = others(n, v, 1 + below(rng, (1 << (n - 1)) - 1) as u64);
        }
        t.instance()
    }

    fn neighbour(&self, inst: &MultiInstance, rng: &mut SplitMix64) -> MultiInstance {
        let mut t = Tiny::of(inst);
        let n = t.send.len();
        match below(rng, 5) {
            0 => t.send[below(rng, n)] = self.cost(rng),
            1 => t.recv[below(rng, n)] = self.cost(rng),
            2 => t.link = self.cost(rng),
            3 if n < self.nodes.1 => {
                t.send.push(self.cost(rng));
                t.recv.push(self.cost(rng));
                t.to.push(Vec::new());
            }
            _ => {
                let v = below(rng, n);
                let u = others(n, v, 1 << below(rng, n - 1))[0];
                let mut to = t.to[v].clone();
                match to.iter().position(|&x| x == u) {
                    Some(at) => {
                        to.remove(at);
                    }
                    None => {
                        to.push(u);
                        to.sort_unstable();
                    }
                }
                let any_other = (0..n).any(|w| w != v && !t.to[w].is_empty());
                if !to.is_empty() || any_other {
                    t.to[v] = to;
                }
            }
        }
        t.instance()
    }

    fn measure(&self, inst: &MultiInstance) -> Result<Vec<Option<(f64, f64)>>, Error> {
        let lb = lower_bound(inst).value;
        let plans = MultiAlgorithm::ALL
            .iter()
            .map(|a| a.run(inst))
            .collect::<Result<Vec<_>, Error>>()?;
        let times = plans
            .iter()
            .map(|p| Ok(simulate_multi(inst, p)?.completion_time))
            .collect::<Result<Vec<f64>, Error>>()?;
        // The best heuristic's plan bounds the optimum's search (the first on ties).
        let best = (0..plans.len()).fold(0, |b, a| if times[a] < times[b] { a } else { b });
        let opt = exhaustive(inst, Some(&plans[best]), MAX_STATES)?.map(|(t, _)| t);
        let mut m: Vec<Option<(f64, f64)>> = times.iter().map(|&t| Some((t, lb))).collect();
        m.extend(times.iter().map(|&t| opt.map(|o| (t, o))));
        m.push(opt.map(|o| (o, lb)));
        Ok(m)
    }

    fn to_json(&self, inst: &MultiInstance) -> String {
        inst.to_json()
    }

    fn read_json(&self, text: &str) -> Result<MultiInstance, Error> {
        MultiInstance::from_json(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::{run, Search, State};

    /// The family of two nodes by hand. One message `i -> j`: every algorithm sends at 0 and
    /// `j` receives at once, `S_i + X + R_j`, the bound (ratio 1). Both messages: FEF, ECF and
    /// WR let one node post its receive first, which blocks it until the other's message is
    /// in, so the two transfers run one after the other, `S_i + S_j + 2X + R_i + R_j`. WRP
    /// serves first the node `i` with the smaller `S + R` (ties: node 0); the other, `j`,
    /// sends to it at 0; `i`'s own send goes before its receive (preemption) when it fits in
    /// the wait, `S_i <= S_j + X`, and then each node receives after its own send and the
    /// other's arrival, `max over j of max(S_j, S_i + X) + R_j`; otherwise the two run one
    /// after the other as above. The bound is `max over j of S_i + X + R_j`. The optimum: of
    /// the four orders of the two nodes' lists, both receiving first deadlocks, one receiving
    /// first is the serial time, and both sending first gives `max over j of max(S_j, S_i +
    /// X) + R_j`, never more than serial. Returns (serial, WRP, bound, optimum).
    fn by_hand(s: [u32; 2], r: [u32; 2], x: u32, both: bool) -> [u32; 4] {
        let lb = |i: usize, j: usize| s[i] + x + r[j];
        if !both {
            return [lb(0, 1); 4];
        }
        let serial = s[0] + s[1] + 2 * x + r[0] + r[1];
        let i = usize::from(s[1] + r[1] < s[0] + r[0]);
        let j = 1 - i;
        let sends_first = (s[1].max(s[0] + x) + r[1]).max(s[0].max(s[1] + x) + r[0]);
        let wrp = if s[i] <= s[j] + x {
            sends_first
        } else {
            serial
        };
        [serial, wrp, lb(0, 1).max(lb(1, 0)), sends_first]
    }

    #[test]
    fn two_nodes_by_hand() {
        let f = MultiFamily {
            nodes: (2, 2),
            max_cost: 3,
        };
        let st = run(&f, &Search::Exhaustive, State::new(&f, (0, 1)), &mut |_| {
            true
        })
        .unwrap();
        // Worst ratio and members at the reference: serial (FEF, ECF, WR) and preemptive (WRP)
        // against the bound, the same against the optimum, the optimum against the bound.
        let (mut worst, mut at) = ([0.0f64; 5], [0u64; 5]);
        let mut members = 0;
        for x in 1..=3 {
            for s0 in 1..=3 {
                for s1 in 1..=3 {
                    for r0 in 1..=3 {
                        for r1 in 1..=3 {
                            for (s, r, both) in [
                                ([s0, s1], [r0, r1], false),
                                ([s1, s0], [r1, r0], false),
                                ([s0, s1], [r0, r1], true),
                            ] {
                                let [serial, wrp, lb, opt] = by_hand(s, r, x, both);
                                let pairs = [
                                    (serial, lb),
                                    (wrp, lb),
                                    (serial, opt),
                                    (wrp, opt),
                                    (opt, lb),
                                ];
                                for (k, (t, reference)) in pairs.into_iter().enumerate() {
                                    worst[k] = worst[k].max(t as f64 / reference as f64);
                                    at[k] += u64::from(t == reference);
                                }
                                members += 1;
                            }
                        }
                    }
                }
            }
        }
        // Serial: (a + b) / max(a, b) is 2 when both directions cost the same. WRP: S = (3, 1),
        // R = (1, 3), X = 1: node 0 is served first (a tie on S + R) and its send (3) does
        // not fit in its wait (1 + 1), so the transfers run one after the other, 10, against
        // the bound 3 + 1 + 3 = 7, and the optimum 7 (both send first). The bound is slack by
        // 6/5 at S = (1, 3), R = (1, 3), X = 1: P0's message is in at 2 but P1 sends until 3,
        // so it holds it at 6; P0 holds P1's at 3 + 1 + 1 = 5, the bound.
        assert_eq!(worst, [2.0, 10.0 / 7.0, 2.0, 10.0 / 7.0, 1.2]);
        assert_eq!(members, 729);
        for (c, r) in st.records.iter().enumerate() {
            let k = [0, 0, 0, 1, 2, 2, 2, 3, 4][c];
            assert_eq!(r.tried, members);
            assert_eq!(r.worst_ratio(), Some(worst[k]), "{}", COMPARISONS[c].key);
            assert_eq!(r.at_reference, at[k], "{}", COMPARISONS[c].key);
        }
    }

    #[test]
    fn the_gallery_swap_is_the_worst_of_its_family() {
        let f = MultiFamily {
            nodes: (2, 2),
            max_cost: 1,
        };
        let st = run(&f, &Search::Exhaustive, State::new(&f, (0, 1)), &mut |_| {
            true
        })
        .unwrap();
        let swap = super::super::gallery::swap();
        let m = f.measure(&swap).unwrap();
        // Against the bound, then against the optimum (3, both nodes sending first), then the
        // optimum against the bound.
        let (serial, at) = (Some((6.0, 3.0)), Some((3.0, 3.0)));
        assert_eq!(
            m,
            vec![serial, serial, serial, at, serial, serial, serial, at, at]
        );
        for r in &st.records[..3] {
            assert_eq!((r.worst[0].member, r.worst_ratio()), (2, Some(2.0)));
            let found = f.read_json(&r.worst[0].instance).unwrap();
            let costs = |i: &MultiInstance| -> Vec<(f64, f64)> {
                i.nodes()
                    .iter()
                    .map(|c| (c.send.fixed, c.recv.fixed))
                    .collect()
            };
            assert_eq!(costs(&found), costs(&swap));
            assert_eq!((&found.link, &found.messages), (&swap.link, &swap.messages));
        }
    }
}
