//! The counterexample explorer: how far greedy / FNF is from the optimum over a family of
//! instances, by random sampling or by enumerating the whole family, with the worst instances
//! found.
//!
//! **Family.** Instances of one model with whole costs from 1 to `max_cost`, one source and
//! exactly `types` distinct destination kinds (a kind is a send cost in the node model, a
//! (send, receive) pair in the sender-receiver model, latency 0), `nodes.0` to `nodes.1` nodes
//! in all (source included). Node `0` is the source; destinations are listed kind by kind.
//!
//! **Exhaustive** enumerates every member once: the source's kind, the set of destination
//! kinds (increasing), and every split of the destinations among them (each kind at least
//! once). **Random** draws `tries` members from a SplitMix64 stream (`seed`): the number of
//! nodes, the source's kind, `types` distinct kinds and a kind for every destination, redrawn
//! until each kind occurs.
//!
//! Each member is timed by simulating greedy's plan and the exact optimum
//! ([`super::algo::optimal`]); the ratio is greedy / optimum.
//!
//! **Complexity.** One greedy run and one exact solve per member; the exhaustive family of the
//! node model has `C * binom(C, k) * sum_n binom(n - 2, k - 1)` members for `C = max_cost`.
//!
//! ```
//! use hetcast_core::models::overhead::explore::{explore, ExploreSpec, Search};
//! use hetcast_core::models::overhead::ModelKind;
//! let spec = ExploreSpec { model: ModelKind::Node, types: 2, max_cost: 3, nodes: (3, 7), search: Search::Exhaustive };
//! let found = explore(&spec, &mut |_, _| true).unwrap();
//! // 000's best known gap: source 1, one node of cost 2, five of cost 3: greedy 5, optimum 4.
//! assert_eq!(found.worst[0].ratio(), 1.25);
//! ```

use super::algo::{greedy::greedy, optimal::optimal_time};
use super::instance::{Instance, ModelKind};
use super::simulate::simulate;
use crate::error::Error;
use crate::explore::{binom, Comparison, Family};
use crate::rng::SplitMix64;
use crate::rng::{below, between};
use rand::{Rng, SeedableRng};

/// How the family is searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Search {
    /// Every member once.
    Exhaustive,
    /// `tries` members drawn from `seed`.
    Random {
        /// How many members to draw.
        tries: u64,
        /// Seed of the stream.
        seed: u64,
    },
}

/// Which family to search (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ExploreSpec {
    /// Node or sender-receiver model.
    pub model: ModelKind,
    /// Number of distinct destination kinds, 1 to [`MAX_TYPES`].
    pub types: usize,
    /// Costs are whole numbers from 1 to this, at most [`MAX_COST`].
    pub max_cost: u32,
    /// Smallest and largest number of nodes, source included (2 to [`MAX_NODES`]).
    pub nodes: (usize, usize),
    /// Exhaustive or random.
    pub search: Search,
}

/// Most destination kinds the explorer takes.
pub const MAX_TYPES: usize = 4;
/// Largest cost the explorer takes.
pub const MAX_COST: u32 = 64;
/// Most nodes of an explored instance.
pub const MAX_NODES: usize = 40;
/// Most instances one exploration times (exhaustive families larger than this are refused).
pub const MAX_MEMBERS: u64 = 5_000_000;
/// How many of the worst instances are kept.
pub const KEEP: usize = 10;
/// The histogram's bins: those of the shared explorer, ratios 1 to 2 (the factor-2 bound of
/// 000) by 0.05 and one for above.
pub use crate::explore::{bin_labels, BIN, BINS};

/// One timed member.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// The instance.
    pub instance: Instance,
    /// Greedy's simulated completion time.
    pub greedy: f64,
    /// The exact optimum.
    pub optimum: f64,
}

impl Sample {
    /// Greedy / optimum.
    pub fn ratio(&self) -> f64 {
        self.greedy / self.optimum
    }
}

/// What an exploration found.
#[derive(Debug, Clone, PartialEq)]
pub struct Exploration {
    /// Members timed.
    pub tried: u64,
    /// Members where greedy is optimal.
    pub greedy_optimal: u64,
    /// `histogram[b]`: members with ratio in `[1 + b BIN, 1 + (b + 1) BIN)`; the last bin is
    /// open above.
    pub histogram: [u64; BINS],
    /// The worst members, largest ratio first (ties: fewer nodes, then found first), at most
    /// [`KEEP`].
    pub worst: Vec<Sample>,
    /// False when `progress` asked to stop early.
    pub complete: bool,
}

impl ExploreSpec {
    /// The family of `model` searched when no setting is given (`hetcast experiment explore
    /// --model node`, the Experiments page's first settings): 2 kinds of node, costs 1 to 3,
    /// 3 to 10 nodes, every member.
    pub const fn default_for(model: ModelKind) -> ExploreSpec {
        ExploreSpec {
            model,
            types: 2,
            max_cost: 3,
            nodes: (3, 10),
            search: Search::Exhaustive,
        }
    }

    /// Check the settings; the message names the field.
    pub fn validate(&self) -> Result<(), Error> {
        let bad = |m: String| Err(Error::BadInstance(m));
        if !(1..=MAX_TYPES).contains(&self.types) {
            return bad(format!(
                "types must be 1 to {MAX_TYPES} (got {})",
                self.types
            ));
        }
        if !(1..=MAX_COST).contains(&self.max_cost) {
            return bad(format!(
                "the largest cost must be 1 to {MAX_COST} (got {})",
                self.max_cost
            ));
        }
        if (self.kinds() as usize) < self.types {
            return bad(format!(
                "{} kinds of node need costs up to at least {} (got {})",
                self.types,
                match self.model {
                    ModelKind::Node => self.types,
                    ModelKind::SenderReceiver => (self.types as f64).sqrt().ceil() as usize,
                },
                self.max_cost
            ));
        }
        let (lo, hi) = self.nodes;
        if lo < self.types + 1 || hi < lo || hi > MAX_NODES {
            return bad(format!(
                "nodes must run from at least {} (source and one node of each kind) up to at most {MAX_NODES} (got {lo} to {hi})",
                self.types + 1
            ));
        }
        let members = match self.search {
            Search::Exhaustive => self.family_size(),
            Search::Random { tries, .. } => tries,
        };
        if members > MAX_MEMBERS {
            return bad(format!(
                "{members} instances to time; at most {MAX_MEMBERS} (fewer nodes, kinds or costs, or a random search)"
            ));
        }
        Ok(())
    }

    /// Number of node kinds: `max_cost` send costs, or `max_cost²` (send, receive) pairs.
    fn kinds(&self) -> u64 {
        let c = self.max_cost as u64;
        match self.model {
            ModelKind::Node => c,
            ModelKind::SenderReceiver => c * c,
        }
    }

    fn kind(&self, i: u64) -> (f64, f64) {
        let c = self.max_cost as u64;
        match self.model {
            ModelKind::Node => ((i + 1) as f64, 0.0),
            ModelKind::SenderReceiver => ((i / c + 1) as f64, (i % c + 1) as f64),
        }
    }

    /// Members of the exhaustive family (saturating).
    pub fn family_size(&self) -> u64 {
        let kinds = self.kinds();
        let k = self.types as u64;
        let splits: u64 = (self.nodes.0..=self.nodes.1)
            .map(|n| binom(n as u64 - 2, k - 1))
            .fold(0u64, u64::saturating_add);
        kinds.saturating_mul(binom(kinds, k)).saturating_mul(splits)
    }

    fn instance(&self, source: u64, kinds: &[u64], counts: &[usize]) -> Instance {
        let mut costs = vec![self.kind(source)];
        for (&k, &c) in kinds.iter().zip(counts) {
            costs.extend(std::iter::repeat_n(self.kind(k), c));
        }
        match self.model {
            ModelKind::Node => {
                let sends: Vec<f64> = costs.iter().map(|c| c.0).collect();
                Instance::node_model(0, &sends)
            }
            ModelKind::SenderReceiver => Instance::sender_receiver(0, 0.0, &costs),
        }
    }
}

impl ExploreSpec {
    /// A random member: the number of nodes, the source's kind, `types` distinct kinds and a
    /// kind for every destination, redrawn until each kind occurs.
    pub fn draw(&self, rng: &mut SplitMix64) -> Instance {
        let kinds = self.kinds();
        let k = self.types;
        let n = between(rng, self.nodes.0, self.nodes.1);
        let source = rng.gen_range(0..kinds);
        let mut set: Vec<u64> = Vec::with_capacity(k);
        while set.len() < k {
            let x = rng.gen_range(0..kinds);
            if !set.contains(&x) {
                set.push(x);
            }
        }
        set.sort_unstable();
        let counts = loop {
            let mut c = vec![0usize; k];
            for _ in 0..n - 1 {
                c[below(rng, k)] += 1;
            }
            if c.iter().all(|&x| x > 0) {
                break c;
            }
        };
        self.instance(source, &set, &counts)
    }
}

/// Time one member.
fn sample(inst: Instance) -> Result<Sample, Error> {
    let g = simulate(&inst, &greedy(&inst)?.plan)?.completion_time;
    let optimum = optimal_time(&inst)?;
    Ok(Sample {
        instance: inst,
        greedy: g,
        optimum,
    })
}

struct Tally {
    out: Exploration,
    /// The member index of each of `out.worst`.
    members: Vec<u64>,
}

impl Tally {
    fn add(&mut self, s: Sample, member: u64) {
        let r = s.ratio();
        self.out.tried += 1;
        if s.greedy <= s.optimum {
            self.out.greedy_optimal += 1;
        }
        let bin = (((r - 1.0) / BIN + 1e-9).floor().max(0.0) as usize).min(BINS - 1);
        self.out.histogram[bin] += 1;
        let worse = |a: &Sample| {
            a.ratio() < r || (a.ratio() == r && a.instance.nodes.len() > s.instance.nodes.len())
        };
        let at = self
            .out
            .worst
            .iter()
            .position(worse)
            .unwrap_or(self.out.worst.len());
        if at < KEEP {
            self.out.worst.insert(at, s);
            self.out.worst.truncate(KEEP);
            self.members.insert(at, member);
            self.members.truncate(KEEP);
        }
    }
}

/// The histogram as CSV (`ratio_from,ratio_to,instances`), as `hetcast experiment
/// greedy-explore` and the Experiments page write it.
pub fn histogram_csv(histogram: &[u64]) -> String {
    let mut csv = String::from("ratio_from,ratio_to,instances\n");
    for ((from, to), count) in bin_labels().into_iter().zip(histogram) {
        csv.push_str(&format!("{from},{to},{count}\n"));
    }
    csv
}

/// Explore the family of `spec`. `progress(done, total)` is called every 256 members and at the
/// end; returning false stops the search (the result then says `complete: false`).
pub fn explore(
    spec: &ExploreSpec,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<Exploration, Error> {
    explore_part(spec, (0, 1), progress).map(|(found, _)| found)
}

/// The members of `spec`'s family (or random search) in the order [`explore`] meets them:
/// every member exhaustively, or the `tries` random ones.
pub fn members(spec: &ExploreSpec) -> u64 {
    match spec.search {
        Search::Exhaustive => spec.family_size(),
        Search::Random { tries, .. } => tries,
    }
}

/// Part `k` of `parts` (`k` from 0) of [`explore`]: the members `m` (numbered from 0 in the
/// order [`explore`] meets them, [`members`] in all) with `m % parts == k`; the others are
/// drawn but not timed. Also returns the member number of each of the worst. The parts
/// together have the whole's counts, and the whole's worst are the first [`KEEP`] of theirs
/// by (ratio, largest first; nodes; member number).
pub fn explore_part(
    spec: &ExploreSpec,
    (k, parts): (u64, u64),
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<(Exploration, Vec<u64>), Error> {
    let parts = parts.max(1);
    let owns = |m: u64| m % parts == k;
    spec.validate()?;
    let mut t = Tally {
        out: Exploration {
            tried: 0,
            greedy_optimal: 0,
            histogram: [0; BINS],
            worst: Vec::new(),
            complete: true,
        },
        members: Vec::new(),
    };
    let all = members(spec);
    let total = all / parts + u64::from(k < all % parts);
    let mut member = 0u64;
    let mut tick = |t: &mut Tally| -> bool {
        if t.out.tried.is_multiple_of(256) && !progress(t.out.tried, total) {
            t.out.complete = false;
            return false;
        }
        true
    };
    // Random members come from one stream, so every part draws them all.
    let mut rng = SplitMix64::seed_from_u64(match spec.search {
        Search::Random { seed, .. } => seed,
        Search::Exhaustive => 0,
    });
    let all: Box<dyn Iterator<Item = Instance>> = match spec.search {
        Search::Exhaustive => Box::new(Members::new(spec)),
        Search::Random { tries, .. } => Box::new((0..tries).map(move |_| spec.draw(&mut rng))),
    };
    for inst in all {
        member += 1;
        if !owns(member - 1) {
            continue;
        }
        t.add(sample(inst)?, member - 1);
        if !tick(&mut t) {
            return Ok((t.out, t.members));
        }
    }
    progress(t.out.tried, total);
    Ok((t.out, t.members))
}

/// The members of the exhaustive family in the order [`explore`] meets them: by set of
/// destination kinds (increasing), number of nodes, split of the destinations among the kinds,
/// then the source's kind.
pub struct Members<'a> {
    spec: &'a ExploreSpec,
    set: Vec<u64>,
    n: usize,
    counts: Vec<usize>,
    source: u64,
    done: bool,
}

impl<'a> Members<'a> {
    /// The first member of `spec`'s family (a valid spec).
    pub fn new(spec: &'a ExploreSpec) -> Members<'a> {
        let k = spec.types;
        let mut m = Members {
            spec,
            set: (0..k as u64).collect(),
            n: spec.nodes.0,
            counts: Vec::new(),
            source: 0,
            done: false,
        };
        m.first_split();
        m
    }

    fn first_split(&mut self) {
        let k = self.spec.types;
        self.counts = vec![1usize; k];
        self.counts[k - 1] = self.n - 1 - (k - 1);
    }

    /// Step to the next member; false after the last.
    fn advance(&mut self) -> bool {
        self.source += 1;
        if self.source < self.spec.kinds() {
            return true;
        }
        self.source = 0;
        if next_split(&mut self.counts) {
            return true;
        }
        if self.n < self.spec.nodes.1 {
            self.n += 1;
            self.first_split();
            return true;
        }
        self.n = self.spec.nodes.0;
        self.first_split();
        // Next k-subset of the kinds in increasing order.
        let (kinds, k) = (self.spec.kinds(), self.spec.types);
        let set = &mut self.set;
        for i in (0..k).rev() {
            if set[i] < kinds - (k - i) as u64 {
                set[i] += 1;
                for j in i + 1..k {
                    set[j] = set[j - 1] + 1;
                }
                return true;
            }
        }
        false
    }
}

impl Iterator for Members<'_> {
    type Item = Instance;

    fn next(&mut self) -> Option<Instance> {
        if self.done {
            return None;
        }
        let inst = self.spec.instance(self.source, &self.set, &self.counts);
        self.done = !self.advance();
        Some(inst)
    }
}

/// The next split of a total among the kinds (every part at least 1), in a fixed order; false
/// after the last.
fn next_split(c: &mut [usize]) -> bool {
    // Move one unit from the last part to the rightmost part that can take it, like counting.
    let k = c.len();
    if k == 1 {
        return false;
    }
    let last = c[k - 1];
    if last > 1 {
        // Find the part before the last and increment it; reset the rest.
        c[k - 2] += 1;
        c[k - 1] = last - 1;
        return true;
    }
    // last == 1: carry to an earlier part.
    let mut i = k - 2;
    loop {
        // Return part i's surplus to the last part and try to increment part i-1.
        if i == 0 {
            return false;
        }
        let surplus = c[i] - 1;
        c[i] = 1;
        c[k - 1] += surplus;
        if c[k - 1] > 1 {
            c[i - 1] += 1;
            c[k - 1] -= 1;
            return true;
        }
        i -= 1;
    }
}

/// The comparison of the node model: greedy against the exact optimum.
const NODE_COMPARISONS: &[Comparison] = &[Comparison {
    key: "greedy-optimum",
    value: "greedy",
    reference: "optimum",
}];
/// The comparison of the sender-receiver model: FNF (greedy) against the exact optimum.
const SR_COMPARISONS: &[Comparison] = &[Comparison {
    key: "fnf-optimum",
    value: "FNF",
    reference: "optimum",
}];

/// The family of a spec for the shared explorer ([`crate::explore`]); the spec's `search` only
/// bounds how many members [`ExploreSpec::validate`] accepts. Neighbours keep the node count in
/// `nodes` and at most `types` destination kinds: one node (the source included) gets another
/// kind, or a destination is added (a copy of a random destination) or removed.
impl Family for ExploreSpec {
    type Instance = Instance;

    fn comparisons(&self) -> &'static [Comparison] {
        match self.model {
            ModelKind::Node => NODE_COMPARISONS,
            ModelKind::SenderReceiver => SR_COMPARISONS,
        }
    }

    fn validate(&self) -> Result<(), Error> {
        ExploreSpec::validate(self)
    }

    fn members(&self) -> Box<dyn Iterator<Item = Instance> + '_> {
        Box::new(Members::new(self))
    }

    fn size(&self) -> u64 {
        self.family_size()
    }

    fn random(&self, rng: &mut SplitMix64) -> Instance {
        self.draw(rng)
    }

    fn neighbour(&self, inst: &Instance, rng: &mut SplitMix64) -> Instance {
        let mut next = inst.clone();
        let n = next.nodes.len();
        let kind_of = |v: &super::instance::Node| (v.send, v.recv);
        match below(rng, 3) {
            1 if n < self.nodes.1 => {
                // A copy of a destination (the source's kind may be none of theirs).
                let v = below(rng, n - 1);
                let copy = next.nodes[if v < next.source { v } else { v + 1 }].clone();
                next.nodes.push(copy);
            }
            2 if n > self.nodes.0 => {
                // The `v`-th destination (from 1), skipping the source.
                let v = below(rng, n - 1);
                let at = if v < next.source { v } else { v + 1 };
                next.nodes.remove(at);
                if at < next.source {
                    next.source -= 1;
                }
            }
            _ => {
                let v = below(rng, n);
                let (send, recv) = self.kind(rng.gen_range(0..self.kinds()));
                next.nodes[v].send = send;
                next.nodes[v].recv = recv;
                let mut kinds: Vec<(f64, f64)> = next
                    .nodes
                    .iter()
                    .enumerate()
                    .filter(|&(u, _)| u != next.source)
                    .map(|(_, x)| kind_of(x))
                    .collect();
                crate::order::sort_by(&mut kinds, |a, b| {
                    a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1))
                });
                kinds.dedup();
                if kinds.len() > self.types {
                    // Too many kinds: take a kind another destination has.
                    let others: Vec<(f64, f64)> = inst
                        .nodes
                        .iter()
                        .enumerate()
                        .filter(|&(u, _)| u != inst.source)
                        .map(|(_, x)| kind_of(x))
                        .collect();
                    let (send, recv) = others[below(rng, others.len())];
                    next.nodes[v].send = send;
                    next.nodes[v].recv = recv;
                }
            }
        }
        next
    }

    fn measure(&self, inst: &Instance) -> Result<Vec<Option<(f64, f64)>>, Error> {
        match sample(inst.clone()) {
            Ok(s) => Ok(vec![Some((s.greedy, s.optimum))]),
            Err(Error::TooLarge { .. }) => Ok(vec![None]),
            Err(e) => Err(e),
        }
    }

    fn to_json(&self, inst: &Instance) -> String {
        inst.to_json()
    }

    fn read_json(&self, text: &str) -> Result<Instance, Error> {
        Instance::from_json(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every split of `total` into `k` positive parts, once: compositions count
    /// binom(total - 1, k - 1).
    #[test]
    fn splits_are_every_composition_once() {
        for k in 1..=4usize {
            for total in k..=9 {
                let mut c = vec![1usize; k];
                c[k - 1] = total - (k - 1);
                let mut seen = std::collections::HashSet::new();
                loop {
                    assert_eq!(c.iter().sum::<usize>(), total);
                    assert!(c.iter().all(|&x| x >= 1));
                    assert!(seen.insert(c.clone()), "{c:?} twice");
                    if !next_split(&mut c) {
                        break;
                    }
                }
                assert_eq!(
                    seen.len() as u64,
                    binom(total as u64 - 1, k as u64 - 1),
                    "k {k} total {total}"
                );
            }
        }
    }

    #[test]
    fn the_exhaustive_family_is_timed_once_each() {
        let spec = ExploreSpec {
            model: ModelKind::Node,
            types: 2,
            max_cost: 3,
            nodes: (3, 7),
            search: Search::Exhaustive,
        };
        // 3 source costs x 3 kind pairs x (1 + 2 + 3 + 4 + 5) splits.
        assert_eq!(spec.family_size(), 3 * 3 * 15);
        let found = explore(&spec, &mut |_, _| true).unwrap();
        assert_eq!(found.tried, 135);
        assert_eq!(found.histogram.iter().sum::<u64>(), 135);
        assert!(found.complete);
        let w = &found.worst[0];
        assert_eq!((w.greedy, w.optimum), (5.0, 4.0));
        assert_eq!(w.instance.nodes.len(), 7);
    }

    /// The shared explorer on both models' tiny families against the exhaustive search of
    /// [`crate::models::overhead::algo::exhaustive`] (no Lemma 5, no frontier program).
    #[test]
    fn the_shared_explorer_against_the_exhaustive_search() {
        use crate::explore::{run, Search as Driver, State};
        use crate::models::overhead::algo::exhaustive::exhaustive_with_time;
        for (model, nodes, want) in [
            // 000's best known gap: source 1, one node of cost 2, five of cost 3: 5 / 4.
            (ModelKind::Node, (3, 7), 5.0 / 4.0),
            // FNF on (send, receive) costs 1 to 3, up to 5 nodes: 3 / 2 at worst.
            (ModelKind::SenderReceiver, (3, 5), 3.0 / 2.0),
        ] {
            let spec = ExploreSpec {
                model,
                types: 2,
                max_cost: 3,
                nodes,
                search: Search::Exhaustive,
            };
            let st = run(
                &spec,
                &Driver::Exhaustive,
                State::new(&spec, (0, 1)),
                &mut |_| true,
            )
            .unwrap();
            let (mut worst, mut at, mut members) = (0.0f64, 0u64, 0u64);
            for inst in Members::new(&spec) {
                let g = simulate(&inst, &greedy(&inst).unwrap().plan)
                    .unwrap()
                    .completion_time;
                let best = exhaustive_with_time(&inst).unwrap().1;
                worst = worst.max(g / best);
                at += u64::from(g <= best);
                members += 1;
            }
            let r = &st.records[0];
            assert_eq!((r.tried, members), (spec.family_size(), spec.family_size()));
            assert_eq!((r.worst_ratio(), r.at_reference), (Some(worst), at));
            assert_eq!(worst, want);
        }
    }

    /// The gallery's "FNF past twice the optimum": 30 against 14, within Theorem 4's 2T + β.
    #[test]
    fn fnf_past_twice_is_within_theorem_4() {
        let inst = super::super::gallery::fnf_past_twice();
        let s = sample(inst.clone()).unwrap();
        assert_eq!((s.greedy, s.optimum), (30.0, 14.0));
        let r: Vec<f64> = inst.nodes.iter().map(|v| v.recv).collect();
        let beta = r.iter().cloned().fold(0.0, f64::max)
            - 2.0 * r.iter().cloned().fold(f64::MAX, f64::min);
        assert_eq!(2.0 * s.optimum + beta, 32.0);
    }

    #[test]
    fn stopping_early_says_so() {
        let spec = ExploreSpec {
            model: ModelKind::SenderReceiver,
            types: 2,
            max_cost: 3,
            nodes: (3, 9),
            search: Search::Random {
                tries: 10_000,
                seed: 1,
            },
        };
        let found = explore(&spec, &mut |done, _| done < 512).unwrap();
        assert!(!found.complete);
        assert_eq!(found.tried, 512);
    }

    #[test]
    fn bad_settings_name_the_field() {
        let ok = ExploreSpec {
            model: ModelKind::Node,
            types: 2,
            max_cost: 3,
            nodes: (3, 7),
            search: Search::Exhaustive,
        };
        let msg = |f: &dyn Fn(&mut ExploreSpec)| {
            let mut s = ok;
            f(&mut s);
            s.validate().unwrap_err().to_string()
        };
        assert!(msg(&|s| s.types = 0).contains("types"));
        assert!(msg(&|s| s.max_cost = 1).contains("costs up to at least 2"));
        assert!(msg(&|s| s.nodes = (2, 7)).contains("at least 3"));
        assert!(msg(&|s| s.nodes = (3, 41)).contains("at most 40"));
        assert!(msg(&|s| {
            s.max_cost = 64;
            s.types = 4;
            s.nodes = (5, 40);
        })
        .contains("instances to time"));
    }
}
