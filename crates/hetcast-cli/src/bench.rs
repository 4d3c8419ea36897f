//! `hetcast bench NAME [OPTIONS]`: timings as ratios against a baseline measured in the same
//! run (timings are never asserted in tests). Every bench is in one registry ([`Bench`]); the
//! runners live with their model ([`crate::models::overhead::bench`],
//! [`crate::models::multi::bench`]) and share the helpers below.

use crate::models::{multi, multimessage, overhead, platform};
use crate::registry::{given, Entry, EntryArgs};
use clap::Args;
use hetcast_core::catalog::Catalog;

/// Every bench `hetcast bench` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bench {
    /// Greedy / FNF against sorting the costs.
    Greedy,
    /// The largest instance the exact solvers take within a time budget.
    Optimal,
    /// The four algorithms of paper 001 on an all-to-all broadcast.
    Wu,
    /// Gonzalez's 2d algorithm and the restricted heuristics (paper 003).
    Gonzalez,
    /// Broadcast-EB and REDUCED_BROADCAST of paper 002 against LPs from scratch.
    Platform,
    /// AUGMENTED_MULTICAST of paper 002: every trial solved, bounded, two LPs at once.
    PlatformAugmented,
    /// AUGMENTED_SOURCES of paper 002: every trial solved, and bounded.
    PlatformSources,
    /// What a player computes per frame, against one simulation.
    Playback,
}

impl Catalog for Bench {
    const ALL: &'static [Bench] = &[
        Bench::Greedy,
        Bench::Optimal,
        Bench::Wu,
        Bench::Gonzalez,
        Bench::Platform,
        Bench::PlatformAugmented,
        Bench::PlatformSources,
        Bench::Playback,
    ];

    fn key(self) -> &'static str {
        match self {
            Bench::Greedy => "greedy",
            Bench::Optimal => "optimal",
            Bench::Wu => "wu",
            Bench::Gonzalez => "gonzalez",
            Bench::Platform => "platform",
            Bench::PlatformAugmented => "platform-augmented",
            Bench::PlatformSources => "platform-sources",
            Bench::Playback => "playback",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Bench::Greedy => "greedy / FNF against sorting the costs",
            Bench::Optimal => "largest n the exact solvers take within the budget",
            Bench::Wu => "FEF, ECF, WR, WRP on a 64-node all-to-all broadcast",
            Bench::Gonzalez => "Gonzalez 2d, single-send, no-forwarding on a degree-8 instance",
            Bench::Platform => {
                "Broadcast-EB and REDUCED_BROADCAST on 65 nodes, LPs from scratch vs reused"
            }
            Bench::PlatformAugmented => {
                "AUGMENTED_MULTICAST on 65 nodes: every trial, bounded, two LPs at once, against Multicast-LB"
            }
            Bench::PlatformSources => {
                "AUGMENTED_SOURCES on 65-node platforms of the app generator (20 % targets): every trial, bounded, against Multicast-LB"
            }
            Bench::Playback => {
                "a player's work per frame (motion, Gantt at t) against a simulation"
            }
        }
    }

    fn short(self) -> &'static str {
        match self {
            Bench::Greedy => "greedy/sort",
            Bench::Optimal => "exact solvers",
            Bench::Wu => "paper 001",
            Bench::Gonzalez => "paper 003",
            Bench::Platform => "paper 002",
            Bench::PlatformAugmented => "paper 002, Augm. MC",
            Bench::PlatformSources => "paper 002, Multisource MC",
            Bench::Playback => "playback",
        }
    }
}

impl Entry for Bench {
    const COMMAND: &'static str = "bench";
    const NOUN: &'static str = "benchmark";

    fn source(self) -> &'static str {
        match self {
            Bench::Greedy | Bench::Optimal | Bench::Playback => "node model (papers 000 and 004)",
            Bench::Wu => "many-source model (paper 001)",
            Bench::Gonzalez => "multimessage model (paper 003)",
            Bench::Platform | Bench::PlatformAugmented | Bench::PlatformSources => {
                "platform model (paper 002)"
            }
        }
    }

    fn options(self) -> Vec<(&'static str, String)> {
        match self {
            Bench::Greedy => vec![
                ("n", overhead::bench::GREEDY_NODES.to_string()),
                ("reps", overhead::bench::REPS.to_string()),
            ],
            Bench::Optimal => vec![
                ("budget", overhead::bench::BUDGET.to_string()),
                ("seed", overhead::bench::OPTIMAL_SEED.to_string()),
            ],
            Bench::Wu => vec![
                ("reps", multi::bench::REPS.to_string()),
                ("seed", multi::bench::SEED.to_string()),
            ],
            Bench::Gonzalez => vec![
                ("n", multimessage::bench::NODES.to_string()),
                ("reps", multimessage::bench::REPS.to_string()),
                ("seed", multimessage::bench::SEED.to_string()),
            ],
            Bench::PlatformSources => vec![
                ("reps", platform::bench::REPS.to_string()),
                ("seed", platform::bench::SOURCES_SEED.to_string()),
            ],
            Bench::Platform | Bench::PlatformAugmented => vec![
                ("reps", platform::bench::REPS.to_string()),
                ("seed", platform::bench::SEED.to_string()),
            ],
            Bench::Playback => vec![
                ("n", overhead::bench::PLAYBACK_NODES.to_string()),
                ("reps", overhead::bench::REPS.to_string()),
            ],
        }
    }

    fn writes(self) -> Option<String> {
        None
    }

    type Args = BenchArgs;

    fn run(self, a: &BenchArgs) -> Result<(), String> {
        match self {
            Bench::Greedy => {
                let n = a.n.unwrap_or(overhead::bench::GREEDY_NODES);
                let reps = a.reps.unwrap_or(overhead::bench::REPS);
                overhead::bench::bench_greedy(n.max(2), reps.max(1))
            }
            Bench::Optimal => {
                let budget = a.budget.unwrap_or(overhead::bench::BUDGET);
                let seed = a.seed.unwrap_or(overhead::bench::OPTIMAL_SEED);
                if !(budget.is_finite() && budget > 0.0) {
                    return Err("--budget must be a positive number of seconds".into());
                }
                overhead::bench::bench_optimal(budget, seed)
            }
            Bench::Wu => {
                let reps = a.reps.unwrap_or(multi::bench::REPS);
                let seed = a.seed.unwrap_or(multi::bench::SEED);
                multi::bench::bench_wu(reps.clamp(1, multi::bench::REPS_LIMIT), seed)
            }
            Bench::Gonzalez => {
                let n = a.n.unwrap_or(multimessage::bench::NODES);
                if !(2..=multimessage::bench::NODES_LIMIT).contains(&n) {
                    return Err(format!(
                        "--n {n}: must be between 2 and {}",
                        multimessage::bench::NODES_LIMIT
                    ));
                }
                let reps = a.reps.unwrap_or(multimessage::bench::REPS);
                let seed = a.seed.unwrap_or(multimessage::bench::SEED);
                multimessage::bench::bench_gonzalez(n, reps.clamp(1, 10_000), seed)
            }
            Bench::Platform => {
                let reps = a.reps.unwrap_or(platform::bench::REPS);
                let seed = a.seed.unwrap_or(platform::bench::SEED);
                platform::bench::bench_platform(reps.clamp(1, 100), seed)
            }
            Bench::PlatformAugmented => {
                let reps = a.reps.unwrap_or(platform::bench::REPS);
                let seed = a.seed.unwrap_or(platform::bench::SEED);
                platform::bench::bench_augmented(reps.clamp(1, 100), seed)
            }
            Bench::PlatformSources => {
                let reps = a.reps.unwrap_or(platform::bench::REPS);
                let seed = a.seed.unwrap_or(platform::bench::SOURCES_SEED);
                platform::bench::bench_sources(reps.clamp(1, 100), seed)
            }
            Bench::Playback => {
                let n = a.n.unwrap_or(overhead::bench::PLAYBACK_NODES);
                let reps = a.reps.unwrap_or(overhead::bench::REPS);
                overhead::bench::bench_playback(n.clamp(2, 100_000), reps.max(1))
            }
        }
    }
}

/// `hetcast bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The benchmark (listed below)
    #[arg(value_name = "NAME")]
    pub names: Vec<String>,
    /// greedy: the number of nodes
    #[arg(long, value_name = "N")]
    pub n: Option<usize>,
    /// greedy, wu: repetitions
    #[arg(long, value_name = "N")]
    pub reps: Option<usize>,
    /// optimal: the time budget, seconds
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub budget: Option<f64>,
    /// optimal, wu: the seed
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

impl EntryArgs for BenchArgs {
    fn names(&self) -> &[String] {
        &self.names
    }

    fn given(&self) -> Vec<&'static str> {
        given(&[
            ("n", self.n.is_some()),
            ("reps", self.reps.is_some()),
            ("budget", self.budget.is_some()),
            ("seed", self.seed.is_some()),
        ])
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_registry_is_well_formed() {
        crate::registry::assert_well_formed::<super::Bench>();
    }
}
