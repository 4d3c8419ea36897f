//! The bench of the many-source model (registered in [`crate::bench`]):
//!
//! - `wu [--reps R] [--seed N]`: the four algorithms of paper 001 and its lower bound on a
//!   64-node all-to-all broadcast (64 sources, each to the 63 others; 4 classes, 1 Gbps, hybrid
//!   sizes: `hetcast_core::models::multi::generate::section5` with seed N, default 2001). Best
//!   and median of `R` (default 7) interleaved repetitions of each, against the baseline
//!   `simulate_multi` of the WRP plan timed in the same loop. Goal: WRP < 50 ms.

use crate::timing::{median, timed};
use hetcast_core::catalog::Catalog;
use hetcast_core::models::multi::algo::lower_bound::lower_bound;
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::multi::generate::{section5, Network, Section5Spec, SizeMix};
use hetcast_core::models::multi::simulate_multi;
use std::hint::black_box;

/// Repetitions without `--reps`.
pub const REPS: usize = 7;
/// Seed without `--seed`.
pub const SEED: u64 = 2001;
/// The most repetitions `--reps` takes (more are cut to it).
pub const REPS_LIMIT: usize = 10_000;

/// `hetcast bench wu`.
pub fn bench_wu(reps: usize, seed: u64) -> Result<(), String> {
    let spec = Section5Spec {
        nodes: 64,
        classes: 4,
        sources: 64,
        network: Network::Fast,
        sizes: SizeMix::Hybrid,
        dest_fraction: Some(1.0),
    };
    let inst = section5(&spec, seed).map_err(|e| e.to_string())?;
    let transfers: usize = inst.messages.iter().map(|m| m.destinations.len()).sum();
    let wrp_plan = MultiAlgorithm::Wrp.run(&inst).map_err(|e| e.to_string())?;
    // times[0..4]: the algorithms, [4]: the lower bound, [5]: the baseline.
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); 6];
    let mut completion = [0.0; 4];
    for _ in 0..reps {
        for (i, a) in MultiAlgorithm::ALL.iter().copied().enumerate() {
            let (secs, plan) = timed(|| a.run(black_box(&inst)));
            let plan = plan.map_err(|e| e.to_string())?;
            times[i].push(secs);
            completion[i] = simulate_multi(&inst, &plan)
                .map_err(|e| format!("{}: {e}", a.key()))?
                .completion_time;
        }
        let (secs, lb) = timed(|| lower_bound(black_box(&inst)));
        black_box(&lb);
        times[4].push(secs);
        let (secs, s) = timed(|| simulate_multi(black_box(&inst), black_box(&wrp_plan)));
        black_box(&s);
        times[5].push(secs);
    }
    let lb = lower_bound(&inst).value;
    let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    let base = best(&times[5]);
    println!(
        "Wu, Yeh, Liu: all-to-all broadcast, 64 nodes in 4 classes, 1 Gbps, hybrid sizes (seed {seed}): 64 messages, {transfers} transfers, {reps} repetitions"
    );
    println!(
        "{:<28} {:>10} {:>11} {:>12} {:>16}",
        "", "best ms", "median ms", "x baseline", "completion (µs)"
    );
    let names: Vec<String> = MultiAlgorithm::ALL
        .iter()
        .map(|a| format!("{} ({})", a.short(), a.key()))
        .chain([
            "lower bound".to_string(),
            "baseline: simulate WRP plan".to_string(),
        ])
        .collect();
    for (i, name) in names.iter().enumerate() {
        let b = best(&times[i]);
        let value = match i {
            0..=3 => format!("{:.1}", completion[i]),
            4 => format!("{lb:.1}"),
            _ => format!("{:.1}", completion[3]),
        };
        println!(
            "{name:<28} {:>10.3} {:>11.3} {:>12.1} {value:>16}",
            b * 1e3,
            median(&mut times[i].clone()) * 1e3,
            b / base
        );
    }
    let wrp = best(&times[3]) * 1e3;
    println!(
        "goal: WRP < 50 ms: {} (best {wrp:.1} ms)",
        if wrp < 50.0 { "met" } else { "NOT met" }
    );
    println!("wrp/simulate = {:.1}", best(&times[3]) / base);
    Ok(())
}
