//! The benches of the one-source model (registered in [`crate::bench`]):
//!
//! - `greedy [--n N] [--reps R]`: greedy / FNF (`greedy_plan`) on a random node-model instance
//!   of `N` nodes (default 10^6) against sorting `N` f64 costs
//!   (`sort_unstable_by(f64::total_cmp)`), medians of `R` (default 7) interleaved repetitions.
//!   The last line is `greedy/sort = X.XX`.
//! - `optimal [--budget S] [--seed N]`: for k = 2 and k = 3 node types (whole costs drawn with a
//!   fixed seed), the largest n that the frontier optimum and the Lemma 5 program each solve
//!   within `S` seconds (default 1): doubling, then bisection on n. A probe predicted (from the
//!   previous probe and the solvers' work estimates) to take more than four budgets counts as
//!   too slow without being run; a solver's `TooLarge` refusal counts as too slow; a probe
//!   between 1 and 1.5 budgets is timed twice and the faster run kept. Then the speed ratio of
//!   the two at the n where Lemma 5 takes about `S`.
//! - `playback [--n N] [--reps R]`: on greedy's schedule of a random node-model instance of `N`
//!   nodes (default 500), what a player does per frame, each against one simulation of the
//!   schedule (the baseline): the frame from the precomputed motion (`holding_at`,
//!   `moving_at` at 60 moments), the Gantt chart laid out at a moment (`gantt_scene_at`, what
//!   a player that lays out every frame pays), and, once per schedule, `motion` and
//!   `critical_path`. Medians of `R` interleaved repetitions; lines `X/simulate = r`.

use crate::timing::{median, Rng};
use hetcast_core::models::overhead::algo::greedy::greedy_plan;
use hetcast_core::models::overhead::algo::{lemma5, optimal};
use hetcast_core::models::overhead::instance::Instance;
use hetcast_core::models::overhead::simulate::simulate;
use std::hint::black_box;
use std::time::Instant;

/// Nodes of `greedy` without `--n`.
pub const GREEDY_NODES: usize = 1_000_000;
/// Repetitions without `--reps`.
pub const REPS: usize = 7;
/// Seconds of `optimal` without `--budget`.
pub const BUDGET: f64 = 1.0;
/// Seed of `optimal` without `--seed`.
pub const OPTIMAL_SEED: u64 = 2004;

/// Nodes of `playback` without `--n`.
pub const PLAYBACK_NODES: usize = 500;

/// `hetcast bench playback`.
pub fn bench_playback(n: usize, reps: usize) -> Result<(), String> {
    use hetcast_core::models::overhead::view;
    let mut rng = Rng(0x504c_4159_4241_434b);
    let costs: Vec<f64> = (0..n).map(|_| rng.uniform(1.0, 100.0)).collect();
    let inst = Instance::node_model(0, &costs);
    let plan = greedy_plan(&inst).map_err(|e| e.to_string())?;
    let s = simulate(&inst, &plan).map_err(|e| e.to_string())?;
    let t_end = s.completion_time;
    let moments: Vec<f64> = (0..60).map(|i| t_end * i as f64 / 59.0).collect();
    let opts = view::GanttOptions {
        critical: true,
        ..Default::default()
    };
    let motion = view::motion(&inst, &s);
    let mut times: [Vec<f64>; 5] = Default::default();
    for _ in 0..reps {
        let t = Instant::now();
        black_box(simulate(black_box(&inst), &plan).map_err(|e| e.to_string())?);
        times[0].push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let mut lit = 0usize;
        for &m in &moments {
            lit += motion.holding_at(m).count() + motion.moving_at(m).count();
        }
        black_box(lit);
        times[1].push(t.elapsed().as_secs_f64() / moments.len() as f64);
        let t = Instant::now();
        black_box(view::gantt_scene_at(&inst, &s, &opts, Some(moments[30])));
        times[2].push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        black_box(view::motion(&inst, &s));
        times[3].push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        black_box(view::critical_path(&inst, &s));
        times[4].push(t.elapsed().as_secs_f64());
    }
    let m: Vec<f64> = times.iter_mut().map(|v| median(v)).collect();
    println!("playback of greedy's schedule: n = {n} nodes, costs uniform in [1, 100), T = {t_end:.3}, {reps} repetitions");
    println!("simulate (baseline): median {:.1} µs", m[0] * 1e6);
    for (i, what) in [
        (1, "frame from the motion (holding_at + moving_at)"),
        (
            2,
            "Gantt chart laid out at a moment (with the critical path)",
        ),
        (3, "motion (once per schedule)"),
        (4, "critical path (once per schedule)"),
    ] {
        println!("{what}: median {:.1} µs", m[i] * 1e6);
    }
    println!("frame/simulate = {:.3}", m[1] / m[0]);
    println!("gantt_at/simulate = {:.2}", m[2] / m[0]);
    println!("motion/simulate = {:.2}", m[3] / m[0]);
    println!("critical_path/simulate = {:.2}", m[4] / m[0]);
    Ok(())
}

/// `hetcast bench greedy`.
pub fn bench_greedy(n: usize, reps: usize) -> Result<(), String> {
    let mut rng = Rng(0x4845_5443_4153_5400);
    let costs: Vec<f64> = (0..n).map(|_| rng.uniform(1.0, 100.0)).collect();
    let inst = Instance::node_model(0, &costs);
    let (mut tg, mut ts) = (Vec::with_capacity(reps), Vec::with_capacity(reps));
    for _ in 0..reps {
        let mut v = costs.clone();
        let t = Instant::now();
        v.sort_unstable_by(f64::total_cmp);
        black_box(&v);
        ts.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let plan = greedy_plan(black_box(&inst)).map_err(|e| e.to_string())?;
        tg.push(t.elapsed().as_secs_f64());
        black_box(&plan);
    }
    let plan = greedy_plan(&inst).map_err(|e| e.to_string())?;
    let done = simulate(&inst, &plan)
        .map_err(|e| e.to_string())?
        .completion_time;
    let (g, s) = (median(&mut tg), median(&mut ts));
    println!("greedy / FNF on a random node-model instance: n = {n} nodes, costs uniform in [1, 100), {reps} repetitions");
    println!(
        "greedy_plan (validate, sort, queue, children): median {:.2} ms (completion time {done:.3})",
        g * 1e3
    );
    println!(
        "sort_unstable_by(total_cmp) of {n} f64: median {:.2} ms",
        s * 1e3
    );
    println!("greedy/sort = {:.2}", g / s);
    Ok(())
}

/// `k` whole costs in 1..=10, distinct, and a source cost, from `seed`.
fn type_costs(k: usize, seed: u64) -> (Vec<f64>, f64) {
    let mut rng = Rng(seed.wrapping_mul(31).wrapping_add(k as u64));
    let mut c: Vec<f64> = Vec::new();
    while c.len() < k {
        let x = (1 + rng.next() % 10) as f64;
        if !c.contains(&x) {
            c.push(x);
        }
    }
    c.sort_by(f64::total_cmp);
    let src = (1 + rng.next() % 10) as f64;
    (c, src)
}

/// Node model: a source and `n - 1` destinations spread evenly over the types.
fn typed_instance(n: usize, costs: &[f64], src: f64) -> Instance {
    let mut c = vec![src];
    c.extend((0..n - 1).map(|i| costs[i % costs.len()]));
    Instance::node_model(0, &c)
}

#[derive(Clone, Copy, PartialEq)]
enum Solver {
    Optimal,
    Lemma5,
}

impl Solver {
    fn name(self) -> &'static str {
        match self {
            Solver::Optimal => "optimal (frontier)",
            Solver::Lemma5 => "lemma5",
        }
    }

    /// A size measure whose ratio predicts the ratio of running times.
    fn work(self, inst: &Instance) -> Option<f64> {
        match self {
            Solver::Optimal => optimal::optimal_estimate(inst).ok().flatten(),
            Solver::Lemma5 => Some(lemma5::lemma5_work(inst)),
        }
    }

    /// Seconds and optimum, or None when the solver refuses (TooLarge).
    fn time(self, inst: &Instance) -> Result<Option<(f64, f64)>, String> {
        let t = Instant::now();
        let r = match self {
            Solver::Optimal => optimal::optimal_time(inst),
            Solver::Lemma5 => lemma5::lemma5_time(inst),
        };
        let secs = t.elapsed().as_secs_f64();
        match r {
            Ok(v) => Ok(Some((secs, v))),
            Err(hetcast_core::Error::TooLarge { .. }) => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }
}

struct Prober<'a> {
    solver: Solver,
    budget: f64,
    costs: &'a [f64],
    src: f64,
    /// (work, seconds) of the last probe that ran, for predictions.
    last: Option<(f64, f64)>,
    probes: usize,
}

impl Prober<'_> {
    /// Seconds if `n` is solved within the budget, None if not (or predicted far too slow).
    fn probe(&mut self, n: usize) -> Result<Option<f64>, String> {
        let inst = typed_instance(n, self.costs, self.src);
        let w = self.solver.work(&inst);
        if let (Some(w), Some((lw, lt))) = (w, self.last) {
            if lw > 0.0 && lt * w / lw > 4.0 * self.budget {
                return Ok(None);
            }
        }
        self.probes += 1;
        let mut run = self.solver.time(&inst)?;
        if let Some((secs, v)) = run {
            if secs > self.budget && secs < 1.5 * self.budget {
                // Close to the line: time it again and keep the faster run (shared machines).
                self.probes += 1;
                if let Some((again, _)) = self.solver.time(&inst)? {
                    run = Some((secs.min(again), v));
                }
            }
        }
        match run {
            Some((secs, _)) => {
                if let Some(w) = w {
                    self.last = Some((w, secs));
                }
                Ok((secs <= self.budget).then_some(secs))
            }
            None => Ok(None),
        }
    }
}

/// Largest n solved within `budget` seconds: (n, seconds at n, probes run).
fn largest_within(
    solver: Solver,
    budget: f64,
    costs: &[f64],
    src: f64,
) -> Result<(usize, f64, usize), String> {
    let mut p = Prober {
        solver,
        budget,
        costs,
        src,
        last: None,
        probes: 0,
    };
    let mut lo = 4usize;
    let mut lo_t = p.probe(lo)?.unwrap_or(0.0);
    let mut hi;
    loop {
        let n = lo * 2;
        match p.probe(n)? {
            Some(t) if n <= 1 << 26 => {
                lo = n;
                lo_t = t;
            }
            _ => {
                hi = n;
                break;
            }
        }
    }
    // Bisection to within 2% of n.
    while hi - lo > (lo / 50).max(1) {
        let mid = lo + (hi - lo) / 2;
        match p.probe(mid)? {
            Some(t) => {
                lo = mid;
                lo_t = t;
            }
            None => hi = mid,
        }
    }
    Ok((lo, lo_t, p.probes))
}

/// `hetcast bench optimal`.
pub fn bench_optimal(budget: f64, seed: u64) -> Result<(), String> {
    let started = Instant::now();
    println!("largest n solved within {budget} s (node model, n nodes = source + n - 1 destinations spread evenly over the types, seed {seed})");
    println!(
        "{:>2}  {:<20} {:>8}  {:>11}  {:>6}  costs (source | types)",
        "k", "solver", "n", "time at n", "probes"
    );
    let mut summary = Vec::new();
    for k in [2usize, 3] {
        let (costs, src) = type_costs(k, seed);
        let mut at = [(0usize, 0.0f64); 2];
        for (i, solver) in [Solver::Optimal, Solver::Lemma5].into_iter().enumerate() {
            let (n, t, probes) = largest_within(solver, budget, &costs, src)?;
            at[i] = (n, t);
            println!(
                "{k:>2}  {:<20} {n:>8}  {:>9.3} s  {probes:>6}  {src} | {costs:?}",
                solver.name(),
                t
            );
        }
        // Speed ratio at the n where Lemma 5 takes about the budget.
        let (n5, t5) = at[1];
        let inst = typed_instance(n5, &costs, src);
        let mut times = Vec::new();
        let mut opt_value = f64::NAN;
        let mut reps = 0;
        let t0 = Instant::now();
        while reps < 5 || (t0.elapsed().as_secs_f64() < 0.2 && reps < 1000) {
            let (secs, v) = Solver::Optimal
                .time(&inst)?
                .ok_or("optimal refused the Lemma 5 size")?;
            times.push(secs);
            opt_value = v;
            reps += 1;
        }
        let to = median(&mut times);
        let l5_value = lemma5::lemma5_time(&inst).map_err(|e| e.to_string())?;
        summary.push(format!(
            "k = {k}: at n = {n5}, lemma5 {:.3} s, optimal {:.3} ms (median of {reps}), optimal is {:.0}x faster; same optimum: {} ({opt_value})",
            t5,
            to * 1e3,
            t5 / to,
            if opt_value == l5_value { "yes" } else { "NO" }
        ));
    }
    for s in summary {
        println!("{s}");
    }
    println!("bench time {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}
