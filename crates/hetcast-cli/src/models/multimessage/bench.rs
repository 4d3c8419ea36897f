//! The bench of the multimessage model (registered in [`crate::bench`]):
//!
//! - `gonzalez [--n N] [--reps R] [--seed S]`: Gonzalez's 2d algorithm, single-send and
//!   no-forwarding (both past their exact limits here: the heuristics) on a random instance
//!   of N processors (default 256), degree 8 and fan-out up to 8
//!   (`generate::random_degree`), best and median of R (default 5) interleaved repetitions,
//!   against the baseline: the checker `simulate` on Gonzalez's schedule, timed in the same
//!   loop.

use crate::timing::{median, timed};
use hetcast_core::catalog::Catalog;
use hetcast_core::models::multimessage::generate::random_degree;
use hetcast_core::models::multimessage::{simulate, MmAlgorithm};
use std::hint::black_box;

/// Processors without `--n`.
pub const NODES: usize = 256;
/// Repetitions without `--reps`.
pub const REPS: usize = 5;
/// Seed without `--seed`.
pub const SEED: u64 = 3;
/// The most processors `--n` takes.
pub const NODES_LIMIT: usize = hetcast_core::models::multimessage::MAX_PROCESSORS;

/// `hetcast bench gonzalez`.
pub fn bench_gonzalez(n: usize, reps: usize, seed: u64) -> Result<(), String> {
    let d = 8;
    let inst = random_degree(n, d, 8, n * d, seed);
    let algos = [
        MmAlgorithm::Gonzalez,
        MmAlgorithm::SingleSend,
        MmAlgorithm::NoForwarding,
    ];
    let g_plan = MmAlgorithm::Gonzalez
        .run(&inst)
        .map_err(|e| e.to_string())?;
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); algos.len() + 1];
    let mut steps = [0usize; 3];
    for _ in 0..reps {
        for (i, a) in algos.iter().copied().enumerate() {
            let (secs, plan) = timed(|| a.run(black_box(&inst)));
            let plan = plan.map_err(|e| e.to_string())?;
            times[i].push(secs);
            steps[i] = simulate(&inst, &plan)
                .map_err(|e| format!("{}: {e}", a.key()))?
                .steps;
        }
        let (secs, s) = timed(|| simulate(black_box(&inst), black_box(&g_plan)));
        black_box(&s);
        times[algos.len()].push(secs);
    }
    let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    let base = best(&times[algos.len()]);
    println!(
        "multimessage: {n} processors, degree {}, {} messages, {} transfers (seed {seed}), {reps} repetitions",
        inst.degree(),
        inst.messages.len(),
        inst.transfers()
    );
    println!(
        "{:<32} {:>10} {:>11} {:>12} {:>7}",
        "", "best ms", "median ms", "x baseline", "steps"
    );
    for (i, a) in algos.iter().enumerate() {
        let b = best(&times[i]);
        println!(
            "{:<32} {:>10.3} {:>11.3} {:>12.1} {:>7}",
            a.key(),
            b * 1e3,
            median(&mut times[i].clone()) * 1e3,
            b / base,
            steps[i]
        );
    }
    println!(
        "{:<32} {:>10.3} {:>11.3} {:>12.1} {:>7}",
        "baseline: check gonzalez's plan",
        base * 1e3,
        median(&mut times[algos.len()].clone()) * 1e3,
        1.0,
        steps[0]
    );
    Ok(())
}
