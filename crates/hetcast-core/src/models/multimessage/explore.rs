//! The multimessage model in the shared explorer ([`crate::explore`]): Gonzalez's 2d algorithm,
//! single-send and no-forwarding against the fewest steps with forwarding
//! ([`super::algo::optimal`], an exact search; members past its limits are skipped and
//! counted).
//!
//! **Family.** `processors.0` to `processors.1` processors and 1 to `messages` messages; a
//! message is a source and a non-empty set of other processors (a *kind*; kinds run by
//! source, then by destination set as a bit mask over the other processors); an instance is a
//! multiset of kinds (messages named a, b, ... in kind order). Members run by processors, then
//! number of messages, then the multisets in lexicographic order.
//!
//! **Neighbours** give one message another kind, add a message (up to `messages`), remove one
//! (at least one stays), or add a processor (up to `processors.1`).
//!
//! # Complexity
//! Per member the three algorithms and the exact search (exponential, bounded by its budget);
//! `Σ_p Σ_m binom(K + m - 1, m)` members with `K = p (2^(p-1) - 1)` kinds.
//!
//! ```
//! use hetcast_core::explore::{run, Search, State};
//! use hetcast_core::models::multimessage::explore::MmFamily;
//! let f = MmFamily { processors: (2, 2), messages: 2 };
//! let s = run(&f, &Search::Exhaustive, State::new(&f, (0, 1)), &mut |_| true).unwrap();
//! // Two processors: a, b from P1 to P2 take 2 steps whatever the algorithm.
//! assert_eq!(s.records[0].worst_ratio(), Some(1.0));
//! ```

use super::algo::optimal::optimal;
use super::algo::MmAlgorithm;
use super::generate::message_name;
use super::instance::{Message, MmInstance};
use super::simulate;
use crate::error::Error;
use crate::explore::{binom, check_at_most, check_range, Comparison, Family};
use crate::rng::{below, between, SplitMix64};

/// The family (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MmFamily {
    /// Smallest and largest number of processors (2 to [`MAX_PROCESSORS`]).
    pub processors: (usize, usize),
    /// Most messages (1 to [`MAX_MESSAGES`]).
    pub messages: usize,
}

/// Most processors of an explored instance.
pub const MAX_PROCESSORS: usize = 8;
/// Most messages of an explored instance.
pub const MAX_MESSAGES: usize = 12;

const COMPARISONS: &[Comparison] = &[
    Comparison {
        key: "gonzalez-optimum",
        value: "Gonzalez 2d",
        reference: "optimum",
    },
    Comparison {
        key: "single-send-optimum",
        value: "single-send",
        reference: "optimum",
    },
    Comparison {
        key: "no-forwarding-optimum",
        value: "no-forwarding",
        reference: "optimum",
    },
];

const ALGORITHMS: [MmAlgorithm; 3] = [
    MmAlgorithm::Gonzalez,
    MmAlgorithm::SingleSend,
    MmAlgorithm::NoForwarding,
];

/// Kind `x` of `p` processors: its source and destinations.
fn kind(p: usize, x: u64) -> (usize, Vec<usize>) {
    let per = (1u64 << (p - 1)) - 1;
    let source = (x / per) as usize;
    let mask = x % per + 1;
    let to = (0..p)
        .filter(|&u| u != source)
        .enumerate()
        .filter(|&(j, _)| mask >> j & 1 == 1)
        .map(|(_, u)| u)
        .collect();
    (source, to)
}

fn kinds(p: usize) -> u64 {
    p as u64 * ((1u64 << (p - 1)) - 1)
}

fn instance(p: usize, list: &[(usize, Vec<usize>)]) -> MmInstance {
    MmInstance {
        processors: p,
        names: None,
        messages: list
            .iter()
            .enumerate()
            .map(|(k, (source, to))| Message {
                name: message_name(k),
                source: *source,
                destinations: to.clone(),
            })
            .collect(),
    }
}

/// Multisets of `m` of `k` kinds, as non-decreasing index lists in lexicographic order.
fn multisets(k: u64, m: usize) -> impl Iterator<Item = Vec<u64>> {
    let mut next = Some(vec![0u64; m]);
    std::iter::from_fn(move || {
        let cur = next.take()?;
        let mut n = cur.clone();
        if let Some(i) = (0..m).rev().find(|&i| n[i] + 1 < k) {
            n[i] += 1;
            for j in i + 1..m {
                n[j] = n[i];
            }
            next = Some(n);
        }
        Some(cur)
    })
}

impl MmFamily {
    /// The family searched when no setting is given (`hetcast experiment explore --model
    /// multimessage`, the Experiments page's first settings): 2 to 4 processors, up to 3
    /// messages.
    pub const DEFAULT: MmFamily = MmFamily {
        processors: (2, 4),
        messages: 3,
    };

    fn random_kind(&self, p: usize, rng: &mut SplitMix64) -> (usize, Vec<usize>) {
        kind(p, rng_below(rng, kinds(p)))
    }
}

fn rng_below(rng: &mut SplitMix64, n: u64) -> u64 {
    below(rng, n as usize) as u64
}

impl Family for MmFamily {
    type Instance = MmInstance;

    fn comparisons(&self) -> &'static [Comparison] {
        COMPARISONS
    }

    fn validate(&self) -> Result<(), Error> {
        check_range("processors", self.processors, MAX_PROCESSORS)?;
        check_at_most("messages", self.messages, MAX_MESSAGES)
    }

    fn members(&self) -> Box<dyn Iterator<Item = MmInstance> + '_> {
        Box::new((self.processors.0..=self.processors.1).flat_map(move |p| {
            (1..=self.messages).flat_map(move |m| {
                multisets(kinds(p), m).map(move |set| {
                    let list: Vec<_> = set.iter().map(|&x| kind(p, x)).collect();
                    instance(p, &list)
                })
            })
        }))
    }

    fn size(&self) -> u64 {
        (self.processors.0..=self.processors.1)
            .flat_map(|p| {
                (1..=self.messages).map(move |m| binom(kinds(p) + m as u64 - 1, m as u64))
            })
            .fold(0, u64::saturating_add)
    }

    fn random(&self, rng: &mut SplitMix64) -> MmInstance {
        let p = between(rng, self.processors.0, self.processors.1);
        let m = between(rng, 1, self.messages);
        let list: Vec<_> = (0..m).map(|_| self.random_kind(p, rng)).collect();
        instance(p, &list)
    }

    fn neighbour(&self, inst: &MmInstance, rng: &mut SplitMix64) -> MmInstance {
        let mut p = inst.processors;
        let mut list: Vec<(usize, Vec<usize>)> = inst
            .messages
            .iter()
            .map(|m| (m.source, m.destinations.clone()))
            .collect();
        match below(rng, 4) {
            0 if list.len() < self.messages => list.push(self.random_kind(p, rng)),
            1 if list.len() > 1 => {
                list.remove(below(rng, list.len()));
            }
            2 if p < self.processors.1 => p += 1,
            _ => {
                let at = below(rng, list.len());
                list[at] = self.random_kind(p, rng);
            }
        }
        instance(p, &list)
    }

    fn measure(&self, inst: &MmInstance) -> Result<Vec<Option<(f64, f64)>>, Error> {
        let best = match optimal(inst) {
            Ok(plan) => simulate(inst, &plan)?.steps as f64,
            Err(Error::TooLarge { .. }) => return Ok(vec![None; ALGORITHMS.len()]),
            Err(e) => return Err(e),
        };
        ALGORITHMS
            .iter()
            .map(|a| Ok(Some((simulate(inst, &a.run(inst)?)?.steps as f64, best))))
            .collect()
    }

    fn to_json(&self, inst: &MmInstance) -> String {
        inst.to_json()
    }

    fn read_json(&self, text: &str) -> Result<MmInstance, Error> {
        MmInstance::from_json(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::{run, Search, State};
    use std::collections::{HashSet, VecDeque};

    /// The fewest steps with forwarding by breadth-first search over what every processor
    /// holds, trying every step: each processor sends one message it holds (or nothing), each
    /// processor receives one of the messages sent (or nothing). Independent of the core's
    /// search.
    fn fewest_steps(inst: &MmInstance) -> u32 {
        let p = inst.processors;
        let m = inst.messages.len();
        let mut start = vec![0u32; p];
        let mut goal = vec![0u32; p];
        for (k, msg) in inst.messages.iter().enumerate() {
            start[msg.source] |= 1 << k;
            for &d in &msg.destinations {
                goal[d] |= 1 << k;
            }
        }
        let done = |s: &[u32]| (0..p).all(|v| s[v] & goal[v] == goal[v]);
        let mut seen = HashSet::from([start.clone()]);
        let mut queue = VecDeque::from([(start, 0u32)]);
        while let Some((s, t)) = queue.pop_front() {
            if done(&s) {
                return t;
            }
            // Every choice of sent messages: processor v sends message c[v] - 1 (0: nothing).
            let mut choice = vec![0usize; p];
            loop {
                let ok = (0..p).all(|v| choice[v] == 0 || s[v] >> (choice[v] - 1) & 1 == 1);
                if ok {
                    let sent: u32 = (0..p)
                        .filter(|&v| choice[v] > 0)
                        .map(|v| 1 << (choice[v] - 1))
                        .fold(0, |a, b| a | b);
                    // Every receiver takes one sent message (or none): all combinations.
                    let mut next = vec![s.clone()];
                    for v in 0..p {
                        let mut grown = Vec::new();
                        for st in &next {
                            grown.push(st.clone());
                            for k in 0..m {
                                if sent >> k & 1 == 1 && st[v] >> k & 1 == 0 {
                                    let mut x = st.clone();
                                    x[v] |= 1 << k;
                                    grown.push(x);
                                }
                            }
                        }
                        next = grown;
                    }
                    for x in next {
                        if seen.insert(x.clone()) {
                            queue.push_back((x, t + 1));
                        }
                    }
                }
                let Some(v) = (0..p).find(|&v| choice[v] < m) else {
                    break;
                };
                choice[v] += 1;
                for c in choice.iter_mut().take(v) {
                    *c = 0;
                }
            }
        }
        unreachable!("every instance can be delivered")
    }

    #[test]
    fn three_processors_three_messages_against_a_breadth_first_search() {
        let f = MmFamily {
            processors: (3, 3),
            messages: 3,
        };
        let st = run(&f, &Search::Exhaustive, State::new(&f, (0, 1)), &mut |_| {
            true
        })
        .unwrap();
        let (mut worst, mut at, mut members) = ([0.0f64; 3], [0u64; 3], 0u64);
        for inst in f.members() {
            let best = fewest_steps(&inst) as f64;
            for (c, a) in ALGORITHMS.iter().enumerate() {
                let steps = simulate(&inst, &a.run(&inst).unwrap()).unwrap().steps as f64;
                worst[c] = worst[c].max(steps / best);
                at[c] += u64::from(steps <= best);
            }
            members += 1;
        }
        // 9 kinds: 9 single messages, 45 pairs, 165 triples.
        assert_eq!((members, f.size()), (219, 219));
        for (c, r) in st.records.iter().enumerate() {
            assert_eq!(r.tried, members);
            assert_eq!(r.worst_ratio(), Some(worst[c]), "{}", COMPARISONS[c].key);
            assert_eq!(r.at_reference, at[c], "{}", COMPARISONS[c].key);
        }
        // Gonzalez takes 2d steps where d may be enough; single-send is off once, on the
        // all-to-all of three processors: any two of the three multicasts share a receiver, so
        // sent whole they take 3 steps, sent in halves (a rotation) 2. No-forwarding is optimal
        // on the whole family.
        assert_eq!(worst, [2.0, 1.5, 1.0]);
        assert_eq!(at, [71, 218, 219]);
    }
}
