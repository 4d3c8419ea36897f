//! The bench of the platform model (registered in [`crate::bench`]):
//!
//! - `platform [--reps R] [--seed N]`: Broadcast-EB and REDUCED_BROADCAST on a 65-node
//!   Tiers-like platform (`TiersSpec::big(0.2)`, seed N, default 2004), each with its LPs
//!   solved from scratch (one commodity per node, the paper's formulation) and with
//!   cut generation (`lp::lower_by_cuts`: variables T and n only, violated max-flow cuts added to the solved LP), best of `R`
//!   (default 3) interleaved repetitions; prints the times, the LPs solved and their summed
//!   variables, and the ratio scratch / generation. Goal: REDUCED_BROADCAST no slower than from
//!   scratch.

use crate::bench::{median, timed};
use hetcast_core::models::platform::algo::reduced_broadcast::reduced_broadcast_with;
use hetcast_core::models::platform::algo::{broadcast_with, LpReuse, LpWork};
use hetcast_core::models::platform::generate::{tiers, TiersSpec};
use hetcast_core::models::platform::simulate::port_period;
use std::hint::black_box;

/// Repetitions without `--reps`.
pub const REPS: usize = 3;
/// Seed without `--seed`.
pub const SEED: u64 = 2004;

/// `hetcast bench platform`.
pub fn bench_platform(reps: usize, seed: u64) -> Result<(), String> {
    let inst = tiers(&TiersSpec::big(0.2), seed);
    let all = vec![true; inst.node_count()];
    println!(
        "Beaumont et al.: Tiers-like platform, {} nodes, {} edges, {} targets (seed {seed}), {reps} repetitions",
        inst.node_count(),
        inst.edges.len(),
        inst.targets.len()
    );
    println!(
        "{:<36} {:>10} {:>11} {:>6} {:>11} {:>10}",
        "", "best ms", "median ms", "LPs", "variables", "T*"
    );
    let mut rows: Vec<(String, Vec<f64>, LpWork, f64)> = Vec::new();
    for (name, reuse) in [
        ("Broadcast-EB, from scratch", LpReuse::Scratch),
        ("Broadcast-EB, cut generation", LpReuse::Generate),
    ] {
        rows.push((name.into(), Vec::new(), LpWork::default(), 0.0));
        let _ = reuse;
    }
    for (name, _) in [
        ("REDUCED_BROADCAST, from scratch", LpReuse::Scratch),
        ("REDUCED_BROADCAST, cut generation", LpReuse::Generate),
    ] {
        rows.push((name.into(), Vec::new(), LpWork::default(), 0.0));
    }
    let reuses = [LpReuse::Scratch, LpReuse::Generate];
    for _ in 0..reps {
        for (i, &reuse) in reuses.iter().enumerate() {
            let mut work = LpWork::default();
            let (secs, got) = timed(|| {
                broadcast_with(
                    black_box(&inst),
                    &all,
                    &inst.targets,
                    reuse,
                    &mut hetcast_core::models::platform::lp::CutPool::new(),
                    &mut work,
                )
            });
            let (sol, _) = got
                .map_err(|e| e.to_string())?
                .ok_or("a target is unreachable")?;
            rows[i].1.push(secs);
            rows[i].2 = work;
            rows[i].3 = port_period(&inst, &sol.loads);
        }
        for (i, &reuse) in reuses.iter().enumerate() {
            let (secs, got) = timed(|| reduced_broadcast_with(black_box(&inst), reuse));
            let (sol, work) = got.map_err(|e| e.to_string())?;
            rows[2 + i].1.push(secs);
            rows[2 + i].2 = work;
            rows[2 + i].3 = sol.period;
        }
    }
    let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    for (name, times, work, t) in &rows {
        println!(
            "{name:<36} {:>10.1} {:>11.1} {:>6} {:>11} {:>10.4}",
            best(times) * 1e3,
            median(&mut times.clone()) * 1e3,
            work.lps,
            work.variables,
            t
        );
    }
    let bc = best(&rows[0].1) / best(&rows[1].1);
    let rb = best(&rows[2].1) / best(&rows[3].1);
    println!("Broadcast-EB: scratch / generation = {bc:.2}");
    println!("REDUCED_BROADCAST: scratch / generation = {rb:.2}");
    println!(
        "goal: REDUCED_BROADCAST no slower than from scratch: {}",
        if rb >= 1.0 { "met" } else { "NOT met" }
    );
    Ok(())
}
