//! The search that found the gallery's "WRP beats WR" instance, as a command anyone can re-run
//! (`hetcast experiment wu-search`).
//!
//! **Space.** The shape of paper 001's figure 1 discussion, with numbers small enough to follow
//! by hand: 8 nodes, 5 fast (S = 1, R = 2) and 3 slow (S = 3, R = 3), one link rate of 6 µs
//! per byte, and 4 messages of 1 byte from P0, P1, P2 and P3. Each try draws every message's
//! destination set: a uniform number of destinations from 2 to 5, then that many distinct
//! nodes other than the source, uniformly (a SplitMix64 stream from `seed + try`).
//!
//! **Objective.** The largest gap `WR - WRP` between the simulated completion times of
//! Work-Racing and Work-Racing-Preemptive; ties go to the earlier try.
//!
//! **Complexity.** `tries` runs of WR and WRP and two simulations on 8 nodes.
//!
//! ```
//! use hetcast_core::models::multi::search::{wrp_beats_wr, SearchSpec};
//! let found = wrp_beats_wr(&SearchSpec { tries: 50, seed: 1 });
//! assert!(found.wr - found.wrp >= 0.0);
//! ```

use super::instance::{Link, Message, MultiInstance, NodeClass};
use super::{simulate_multi, MultiAlgorithm};
use crate::rng::SplitMix64;
use rand::{Rng, SeedableRng};

/// Settings of [`wrp_beats_wr`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchSpec {
    /// How many instances to try.
    pub tries: u64,
    /// The first try's seed (try `i` uses `seed + i`).
    pub seed: u64,
}

impl Default for SearchSpec {
    /// The search behind the gallery: 200,000 tries from seed 1.
    fn default() -> Self {
        SearchSpec {
            tries: 200_000,
            seed: 1,
        }
    }
}

/// The best instance a search found.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// The seed that draws it ([`candidate`]).
    pub seed: u64,
    /// The instance.
    pub instance: MultiInstance,
    /// Work-Racing's simulated completion time.
    pub wr: f64,
    /// Work-Racing-Preemptive's simulated completion time.
    pub wrp: f64,
}

/// The instance one try draws from `seed` (see the module documentation).
pub fn candidate(seed: u64) -> MultiInstance {
    let mut rng = SplitMix64::seed_from_u64(seed);
    let messages = (0..4)
        .map(|source| {
            let count = rng.gen_range(2..=5u64) as usize;
            let mut pool: Vec<usize> = (0..8).filter(|&v| v != source).collect();
            for i in 0..count {
                let j = rng.gen_range(i as u64..pool.len() as u64) as usize;
                pool.swap(i, j);
            }
            let mut destinations = pool[..count].to_vec();
            destinations.sort_unstable();
            Message {
                source,
                size: 1.0,
                destinations,
            }
        })
        .collect();
    MultiInstance {
        classes: vec![
            NodeClass::constant("fast", 5, 1.0, 2.0),
            NodeClass::constant("slow", 3, 3.0, 3.0),
        ],
        link: Link::PerByte(6.0),
        messages,
    }
}

fn completion(inst: &MultiInstance, algo: MultiAlgorithm) -> f64 {
    let plan = algo.run(inst).expect("a valid candidate");
    simulate_multi(inst, &plan)
        .expect("every plan of WR and WRP is valid")
        .completion_time
}

/// The try with the largest `WR - WRP` (ties: the earlier try). `spec.tries` must be at least 1.
pub fn wrp_beats_wr(spec: &SearchSpec) -> Found {
    best_of(spec.seed, 0..spec.tries.max(1))
        .expect("at least one try")
        .1
}

/// Among the tries `i` of `tries` (seed `seed + i`), in their order, the one with the largest
/// `WR - WRP` (ties: the first), with its number; `None` without a try. A search split into
/// parts takes the best of the parts' bests (ties: the smaller try number).
pub fn best_of(seed: u64, tries: impl Iterator<Item = u64>) -> Option<(u64, Found)> {
    let mut best: Option<(u64, Found)> = None;
    for i in tries {
        let seed = seed.wrapping_add(i);
        let instance = candidate(seed);
        let (wr, wrp) = (
            completion(&instance, MultiAlgorithm::Wr),
            completion(&instance, MultiAlgorithm::Wrp),
        );
        if best.as_ref().is_none_or(|(_, b)| wr - wrp > b.wr - b.wrp) {
            best = Some((
                i,
                Found {
                    seed,
                    instance,
                    wr,
                    wrp,
                },
            ));
        }
    }
    best
}
