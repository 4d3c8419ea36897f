//! The explorer shared by every model: how far each algorithm of a model is from a reference
//! (the optimum, or a lower bound) over a family of instances, with the worst instances found.
//!
//! A model describes its family and its comparisons by implementing [`Family`] (in its own
//! folder: `models/<m>/explore.rs`); this driver searches the family:
//!
//! - **Exhaustive** ([`Search::Exhaustive`]) times every member of [`Family::members`] once,
//!   in order; member `i` is the `i`-th one met.
//! - **Random, then guided** ([`Search::Random`]): member `i` of `tries` is drawn by
//!   [`Family::random`] from its own stream, fixed by `(seed, i)` alone. With `climb > 0` each
//!   comparison then climbs for `climb` steps (hill climbing): from the worst instance found
//!   for it, a neighbour ([`Family::neighbour`], drawn from a stream fixed by the seed, the
//!   part, the comparison and the step) replaces the current instance when its ratio is at
//!   least as large (plateaus are walked). Every climb step is timed and counted like a member;
//!   they are numbered from `tries` on (comparison `c`, step `s`: `tries + c·climb + s`).
//!
//! **Parts.** Part `k` of `n` (from 0) times the members `i` with `i mod n = k` (the others are
//! skipped, not timed); its climbs start from its own worst and use its own streams, so a part's
//! work is fixed by the settings, `k` and `n`. [`merge`] joins the parts' records: for an
//! exhaustive or random search (no climb) the result is the one run's, exactly; for a guided
//! search it is the best of the parts' climbs.
//!
//! **Checkpoints.** The whole state of a search is a [`State`] (serde): the next member, the
//! climbs' current instances and the records so far. [`run`] hands it to `progress` after every
//! timed member (to save it, and to stop when `progress` says so) and resumes from one; a run
//! stopped and resumed gives the same [`State`] as one run.
//!
//! **Records.** Per comparison: instances timed, how many reach the reference, how many fall
//! below it (a reference that is not a bound: never seen), a histogram of the ratio and the
//! [`KEEP`] worst instances as instance JSON (ratio largest first, then the member met first).
//!
//! # Complexity
//! One [`Family::measure`] per member timed; building the members the part skips is the
//! model's (cheap next to measuring).

use crate::error::Error;
use crate::rng::SplitMix64;
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// One comparison: an algorithm against a reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comparison {
    /// Short key (file names, CSV): "greedy-optimum".
    pub key: &'static str,
    /// The value measured: "greedy".
    pub value: &'static str,
    /// What it is compared with: "optimum".
    pub reference: &'static str,
}

/// A model's family of instances and what is measured on each (see the module documentation).
pub trait Family {
    /// The instance.
    type Instance: Clone;
    /// The comparisons, in a fixed order.
    fn comparisons(&self) -> &'static [Comparison];
    /// Check the family's settings; the message names the setting.
    fn validate(&self) -> Result<(), Error>;
    /// Every member of the exhaustive family, in a fixed order.
    fn members(&self) -> Box<dyn Iterator<Item = Self::Instance> + '_>;
    /// How many members [`Family::members`] has (saturating; where it leaves out candidates
    /// that are not valid instances, how many candidates).
    fn size(&self) -> u64;
    /// A random member.
    fn random(&self, rng: &mut SplitMix64) -> Self::Instance;
    /// A random neighbour of `inst` within the family's limits (a small change).
    fn neighbour(&self, inst: &Self::Instance, rng: &mut SplitMix64) -> Self::Instance;
    /// `(value, reference)` of each comparison on `inst`, `None` where it does not apply (an
    /// algorithm past its size limits).
    fn measure(&self, inst: &Self::Instance) -> Result<Vec<Option<(f64, f64)>>, Error>;
    /// The instance file (JSON) of `inst`.
    fn to_json(&self, inst: &Self::Instance) -> String;
    /// Read an instance file written by [`Family::to_json`] (the model's own reader).
    fn read_json(&self, text: &str) -> Result<Self::Instance, Error>;
}

/// How the family is searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Search {
    /// Every member once.
    Exhaustive,
    /// `tries` random members from `seed`, then `climb` hill-climbing steps per comparison.
    Random {
        /// Random members.
        tries: u64,
        /// Seed of the streams.
        seed: u64,
        /// Hill-climbing steps per comparison after the random members (0: none).
        climb: u64,
    },
}

/// Relative tolerance of "at the reference" and "below it": the LP-based values of the
/// platform model are exact only to about 1e-12.
pub const TOL: f64 = 1e-9;

/// How many of the worst instances each comparison keeps.
pub const KEEP: usize = 5;
/// Width of a histogram bin of the ratio (bins from 1 up; the last one is open).
pub const BIN: f64 = 0.05;
/// Histogram bins: ratios 1 to 2 and one for above.
pub const BINS: usize = 21;

/// One of the worst instances of a comparison.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Worst {
    /// Its member number (see the module documentation).
    pub member: u64,
    /// The algorithm's value.
    pub value: f64,
    /// The reference's value.
    pub reference: f64,
    /// The instance file (JSON, the model's format).
    pub instance: String,
}

impl Worst {
    /// `value / reference`.
    pub fn ratio(&self) -> f64 {
        self.value / self.reference
    }
}

/// What a search found for one comparison.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Instances where the comparison applied.
    pub tried: u64,
    /// Instances where the algorithm reaches the reference (ratio at most `1 + TOL`).
    pub at_reference: u64,
    /// Instances where the algorithm is below the reference (ratio below `1 - TOL`: the
    /// reference is then no bound, or the algorithm's value is wrong).
    pub below_reference: u64,
    /// The instance with the smallest ratio below `1 - TOL`, if any (the first met).
    #[serde(default)]
    pub lowest: Option<Worst>,
    /// Instances where the comparison did not apply ([`Family::measure`] gave `None`).
    pub skipped: u64,
    /// `histogram[b]`: instances with ratio in `[1 + b BIN, 1 + (b + 1) BIN)` (below 1 in bin
    /// 0; the last bin is open above).
    pub histogram: Vec<u64>,
    /// The worst, largest ratio first (ties: the smaller member number), at most [`KEEP`].
    pub worst: Vec<Worst>,
}

impl Record {
    fn new() -> Record {
        Record {
            tried: 0,
            at_reference: 0,
            below_reference: 0,
            skipped: 0,
            histogram: vec![0; BINS],
            worst: Vec::new(),
            lowest: None,
        }
    }

    /// The worst ratio found (`None` before any instance).
    pub fn worst_ratio(&self) -> Option<f64> {
        self.worst.first().map(Worst::ratio)
    }

    fn add(&mut self, w: Worst) {
        let r = w.ratio();
        self.tried += 1;
        if r <= 1.0 + TOL {
            self.at_reference += 1;
        }
        if r < 1.0 - TOL {
            self.below_reference += 1;
            if self.lowest.as_ref().is_none_or(|l| r < l.ratio()) {
                self.lowest = Some(w.clone());
            }
        }
        let bin = (((r - 1.0) / BIN + 1e-9).floor().max(0.0) as usize).min(BINS - 1);
        self.histogram[bin] += 1;
        self.keep(w);
    }

    /// Put `w` among the worst in order (ratio largest first, then member).
    fn keep(&mut self, w: Worst) {
        let r = w.ratio();
        let at = self
            .worst
            .iter()
            .position(|a| a.ratio() < r || (a.ratio() == r && a.member > w.member))
            .unwrap_or(self.worst.len());
        if at < KEEP {
            self.worst.insert(at, w);
            self.worst.truncate(KEEP);
        }
    }
}

/// A climb: where it stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Climb {
    /// Steps taken.
    pub steps: u64,
    /// The current instance (JSON) and its ratio; `None` before the first step.
    pub current: Option<(String, f64)>,
}

/// The whole state of a search (a checkpoint): resume it with [`run`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Part `[k, n]` (k from 0).
    pub part: [u64; 2],
    /// The next member number of the exhaustive or random phase to consider.
    pub next: u64,
    /// Per comparison, its climb (empty before the climbs begin).
    pub climbs: Vec<Climb>,
    /// Instances timed.
    pub timed: u64,
    /// Per comparison, what was found.
    pub records: Vec<Record>,
    /// True once the search is over.
    pub done: bool,
}

impl State {
    /// The state of a search not begun, for part `k` of `n` (from 0).
    pub fn new<F: Family>(family: &F, (k, n): (u64, u64)) -> State {
        State {
            part: [k, n.max(1)],
            next: 0,
            climbs: Vec::new(),
            timed: 0,
            records: family.comparisons().iter().map(|_| Record::new()).collect(),
            done: false,
        }
    }
}

/// A stream fixed by three numbers.
fn stream(seed: u64, a: u64, b: u64) -> SplitMix64 {
    let mut h = SplitMix64(seed);
    let x = h.next_u64() ^ a;
    let mut h = SplitMix64(x);
    let y = h.next_u64() ^ b;
    SplitMix64(SplitMix64(y).next_u64())
}

/// Time `inst` (member number `member`) and record it; the ratios measured.
fn time<F: Family>(
    family: &F,
    state: &mut State,
    inst: &F::Instance,
    member: u64,
) -> Result<Vec<Option<f64>>, Error> {
    let measured = family.measure(inst)?;
    state.timed += 1;
    let json = || family.to_json(inst);
    let mut ratios = Vec::with_capacity(measured.len());
    for (rec, m) in state.records.iter_mut().zip(measured) {
        match m {
            Some((value, reference)) if reference > 0.0 => {
                rec.add(Worst {
                    member,
                    value,
                    reference,
                    instance: json(),
                });
                ratios.push(Some(value / reference));
            }
            _ => {
                rec.skipped += 1;
                ratios.push(None);
            }
        }
    }
    Ok(ratios)
}

/// Run (or resume, from `state`) a search of `family`. `progress(state)` is called after every
/// timed instance; returning false stops the search (the state then says `done: false` and
/// resumes where it stopped).
pub fn run<F: Family>(
    family: &F,
    search: &Search,
    mut state: State,
    progress: &mut dyn FnMut(&State) -> bool,
) -> Result<State, Error> {
    family.validate()?;
    let [k, n] = state.part;
    if k >= n || state.records.len() != family.comparisons().len() {
        return Err(Error::BadInstance(format!(
            "not a state of this search (part {k} of {n}, {} comparisons)",
            state.records.len()
        )));
    }
    match *search {
        Search::Exhaustive => {
            let members = family.members().skip(state.next as usize);
            for inst in members {
                let i = state.next;
                state.next += 1;
                if i % n != k {
                    continue;
                }
                time(family, &mut state, &inst, i)?;
                if !progress(&state) {
                    return Ok(state);
                }
            }
        }
        Search::Random { tries, seed, climb } => {
            while state.next < tries {
                let i = state.next;
                state.next += 1;
                if i % n != k {
                    continue;
                }
                let inst = family.random(&mut stream(seed, i, 0));
                time(family, &mut state, &inst, i)?;
                if !progress(&state) {
                    return Ok(state);
                }
            }
            if climb > 0 && !climbs(family, tries, seed, climb, &mut state, progress)? {
                return Ok(state);
            }
        }
    }
    state.done = true;
    Ok(state)
}

/// The climbs of a guided search; false if `progress` stopped it.
fn climbs<F: Family>(
    family: &F,
    tries: u64,
    seed: u64,
    climb: u64,
    state: &mut State,
    progress: &mut dyn FnMut(&State) -> bool,
) -> Result<bool, Error> {
    let comparisons = family.comparisons().len();
    if state.climbs.is_empty() {
        state.climbs = (0..comparisons)
            .map(|c| Climb {
                steps: 0,
                current: state.records[c]
                    .worst
                    .first()
                    .map(|w| (w.instance.clone(), w.ratio())),
            })
            .collect();
    }
    let k = state.part[0];
    for c in 0..comparisons {
        while state.climbs[c].steps < climb {
            let s = state.climbs[c].steps;
            let mut rng = stream(seed ^ 0x5EED_C11B, (k << 16) | c as u64, s);
            let cand = match &state.climbs[c].current {
                Some((json, _)) => family.neighbour(&family.read_json(json)?, &mut rng),
                None => family.random(&mut rng),
            };
            let member = tries + c as u64 * climb + s;
            let ratios = time(family, state, &cand, member)?;
            let climb_here = &mut state.climbs[c];
            climb_here.steps += 1;
            if let Some(r) = ratios[c] {
                if climb_here.current.as_ref().is_none_or(|(_, cur)| r >= *cur) {
                    climb_here.current = Some((family.to_json(&cand), r));
                }
            }
            if !progress(state) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The records of the parts of one search, joined: counts summed, the worst of all kept in
/// order (ratio largest first, then the smaller member number, then the earlier part).
pub fn merge(parts: &[Vec<Record>]) -> Vec<Record> {
    let Some(first) = parts.first() else {
        return Vec::new();
    };
    (0..first.len())
        .map(|c| {
            let mut all = Record::new();
            let mut worst: Vec<Worst> = Vec::new();
            for p in parts {
                let r = &p[c];
                all.tried += r.tried;
                all.at_reference += r.at_reference;
                all.below_reference += r.below_reference;
                all.skipped += r.skipped;
                for (sum, x) in all.histogram.iter_mut().zip(&r.histogram) {
                    *sum += x;
                }
                worst.extend(r.worst.iter().cloned());
                if let Some(l) = &r.lowest {
                    if all.lowest.as_ref().is_none_or(|a| {
                        l.ratio() < a.ratio() || (l.ratio() == a.ratio() && l.member < a.member)
                    }) {
                        all.lowest = Some(l.clone());
                    }
                }
            }
            crate::order::sort_by(&mut worst, |a, b| {
                b.ratio()
                    .total_cmp(&a.ratio())
                    .then(a.member.cmp(&b.member))
            });
            worst.truncate(KEEP);
            all.worst = worst;
            all
        })
        .collect()
}

/// Check a family's setting `(lo, hi)` named `what`: `lo` at least 1 (2 for nodes and
/// processors, a multicast needs two), `hi` from `lo` to `max`; the message names the setting.
pub fn check_range(what: &str, (lo, hi): (usize, usize), max: usize) -> Result<(), Error> {
    let least = if matches!(what, "nodes" | "processors") {
        2
    } else {
        1
    };
    if lo < least || hi < lo || hi > max {
        return Err(Error::BadInstance(format!(
            "{what} must run from at least {least} up to at most {max} (got {lo} to {hi})"
        )));
    }
    Ok(())
}

/// Check a family's setting `value` named `what`: 1 to `max`.
pub fn check_at_most(what: &str, value: usize, max: usize) -> Result<(), Error> {
    if !(1..=max).contains(&value) {
        return Err(Error::BadInstance(format!(
            "{what} must be 1 to {max} (got {value})"
        )));
    }
    Ok(())
}

/// `n` choose `k`, saturating.
pub fn binom(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k.min(n - k)).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// The `len` lowest digits of `i` in base `radix`, lowest first (a member number decoded into
/// its choices).
pub fn digits(mut i: u64, radix: u64, len: usize) -> Vec<u64> {
    (0..len)
        .map(|_| {
            let d = i % radix;
            i /= radix;
            d
        })
        .collect()
}

/// The bins of a histogram as text: `(from, to)` with two decimals, `to` = "inf" for the last.
pub fn bin_labels() -> Vec<(String, String)> {
    (0..BINS)
        .map(|b| {
            let from = 1.0 + b as f64 * BIN;
            let to = if b + 1 == BINS {
                "inf".to_string()
            } else {
                format!("{:.2}", from + BIN)
            };
            (format!("{from:.2}"), to)
        })
        .collect()
}

/// The records as CSV: one row per comparison and rank of its worst instances
/// (`comparison,tried,at_reference,below_reference,skipped,rank,value,reference,ratio,member`);
/// a comparison with no instance has one row with empty worst fields.
pub fn records_csv(comparisons: &[Comparison], records: &[Record]) -> String {
    let mut csv = String::from(
        "comparison,tried,at_reference,below_reference,skipped,rank,value,reference,ratio,member\n",
    );
    for (c, r) in comparisons.iter().zip(records) {
        let head = format!(
            "{},{},{},{},{}",
            c.key, r.tried, r.at_reference, r.below_reference, r.skipped
        );
        if r.worst.is_empty() {
            csv.push_str(&format!("{head},,,,,\n"));
        }
        for (i, w) in r.worst.iter().enumerate() {
            csv.push_str(&format!(
                "{head},{},{},{},{},{}\n",
                i + 1,
                w.value,
                w.reference,
                w.ratio(),
                w.member
            ));
        }
    }
    csv
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy family: the numbers 1 to 9 (member `x - 1`); the "algorithm" gives
    /// `x + (x mod 3)`, the reference `x`: the ratio is `1 + (x mod 3) / x`, 2 at x = 1 and
    /// x = 2, 7/5 at 5, 5/4 at 4 and 8, 8/7 at 7, 1 at 3, 6 and 9.
    struct Toy;

    impl Family for Toy {
        type Instance = u64;
        fn comparisons(&self) -> &'static [Comparison] {
            &[Comparison {
                key: "toy",
                value: "toy",
                reference: "x",
            }]
        }
        fn validate(&self) -> Result<(), Error> {
            Ok(())
        }
        fn members(&self) -> Box<dyn Iterator<Item = u64> + '_> {
            Box::new(1..=9)
        }
        fn size(&self) -> u64 {
            9
        }
        fn random(&self, rng: &mut SplitMix64) -> u64 {
            1 + rng.next_u64() % 9
        }
        fn neighbour(&self, x: &u64, rng: &mut SplitMix64) -> u64 {
            (x + rng.next_u64() % 3).clamp(1, 9)
        }
        fn measure(&self, x: &u64) -> Result<Vec<Option<(f64, f64)>>, Error> {
            Ok(vec![Some(((x + x % 3) as f64, *x as f64))])
        }
        fn to_json(&self, x: &u64) -> String {
            x.to_string()
        }
        fn read_json(&self, t: &str) -> Result<u64, Error> {
            t.parse().map_err(|_| Error::Format(t.into()))
        }
    }

    fn whole(search: Search) -> State {
        run(&Toy, &search, State::new(&Toy, (0, 1)), &mut |_| true).unwrap()
    }

    #[test]
    fn the_exhaustive_family_is_timed_once_each() {
        let s = whole(Search::Exhaustive);
        let r = &s.records[0];
        assert!(s.done);
        assert_eq!((r.tried, r.at_reference), (9, 3));
        let worst: Vec<(u64, f64)> = r.worst.iter().map(|w| (w.member, w.ratio())).collect();
        // x = 1 (member 0): 2; x = 2: 2; x = 5: 7/5; x = 4: 5/4; x = 8: 10/8.
        assert_eq!(
            worst,
            vec![(0, 2.0), (1, 2.0), (4, 1.4), (3, 1.25), (7, 1.25)]
        );
    }

    #[test]
    fn parts_merged_are_the_whole_and_a_stop_resumes() {
        for search in [
            Search::Exhaustive,
            Search::Random {
                tries: 20,
                seed: 3,
                climb: 0,
            },
        ] {
            let one = whole(search);
            let parts: Vec<Vec<Record>> = (0..3)
                .map(|k| {
                    run(&Toy, &search, State::new(&Toy, (k, 3)), &mut |_| true)
                        .unwrap()
                        .records
                })
                .collect();
            assert_eq!(merge(&parts), one.records);
            // Stop after every 2 timed, resume from the state, until done.
            let mut st = State::new(&Toy, (0, 1));
            while !st.done {
                let start = st.timed;
                st = run(&Toy, &search, st, &mut |s| s.timed < start + 2).unwrap();
            }
            assert_eq!(st, one);
        }
    }

    #[test]
    fn a_guided_search_resumes_to_the_same_state() {
        let search = Search::Random {
            tries: 4,
            seed: 9,
            climb: 7,
        };
        let one = whole(search);
        assert_eq!(one.timed, 11);
        assert_eq!(one.climbs[0].steps, 7);
        let mut st = State::new(&Toy, (0, 1));
        while !st.done {
            let start = st.timed;
            st = run(&Toy, &search, st, &mut |s| s.timed < start + 3).unwrap();
        }
        assert_eq!(st, one);
    }
}
