//! `hetcast bench`: timings as ratios against a baseline measured in the same run (timings are
//! never asserted in tests).
//!
//! - `hetcast bench greedy [--n N] [--reps R]`: greedy / FNF (`greedy_plan`) on a random
//!   node-model instance of `N` nodes (default 10^6) against sorting `N` f64 costs
//!   (`sort_unstable_by(f64::total_cmp)`), medians of `R` (default 7) interleaved repetitions.
//!   The last line is `greedy/sort = X.XX`.
//! - `hetcast bench optimal [--budget S] [--seed N]`: for k = 2 and k = 3 node types (whole
//!   costs drawn with a fixed seed), the largest n that the frontier optimum and the Lemma 5
//!   program each solve within `S` seconds (default 1): doubling, then bisection on n. A probe
//!   predicted (from the previous probe and the solvers' work estimates) to take more than four
//!   budgets counts as too slow without being run; a solver's `TooLarge` refusal counts as too
//!   slow; a probe between 1 and 1.5 budgets is timed twice and the faster run kept. Then the speed ratio of the two at the n where Lemma 5 takes about `S`.
//! - `hetcast bench wu [--reps R] [--seed N]`: the four algorithms of paper 001 and its lower
//!   bound on a 64-node all-to-all broadcast (64 sources, each to the 63 others; 4 classes,
//!   1 Gbps, hybrid sizes: `hetcast_core::models::multi::generate::section5` with seed N, default
//!   2001). Best and median of `R` (default 7) interleaved repetitions of each, against the
//!   baseline `simulate_multi` of the WRP plan timed in the same loop. Goal: WRP < 50 ms.

use hetcast_core::catalog::Catalog;
use hetcast_core::models::multi::algo::lower_bound::lower_bound;
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::multi::generate::{section5, Network, Section5Spec, SizeMix};
use hetcast_core::models::multi::simulate_multi;
use hetcast_core::models::overhead::algo::greedy::greedy_plan;
use hetcast_core::models::overhead::algo::{lemma5, optimal};
use hetcast_core::models::overhead::instance::Instance;
use hetcast_core::models::overhead::simulate::simulate;
use std::hint::black_box;
use std::time::Instant;

const USAGE: &str = "usage: hetcast bench greedy [--n N] [--reps R] | hetcast bench optimal [--budget SECONDS] [--seed N] | hetcast bench wu [--reps R] [--seed N]";

/// Run `hetcast bench ARGS`.
pub fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("greedy") => {
            let n = flag(&args[1..], "--n", 1_000_000usize)?;
            let reps = flag(&args[1..], "--reps", 7usize)?;
            bench_greedy(n.max(2), reps.max(1))
        }
        Some("optimal") => {
            let budget = flag(&args[1..], "--budget", 1.0f64)?;
            let seed = flag(&args[1..], "--seed", 2004u64)?;
            if !(budget.is_finite() && budget > 0.0) {
                return Err(format!(
                    "--budget must be a positive number of seconds\n{USAGE}"
                ));
            }
            bench_optimal(budget, seed)
        }
        Some("wu") => {
            let reps = flag(&args[1..], "--reps", 7usize)?;
            let seed = flag(&args[1..], "--seed", 2001u64)?;
            bench_wu(reps.clamp(1, 10_000), seed)
        }
        Some(other) => Err(format!("unknown benchmark '{other}'\n{USAGE}")),
        None => Err(format!("no benchmark given\n{USAGE}")),
    }
}

/// `--name VALUE` among `args`, or `default`; any other argument is an error.
fn flag<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    let mut out = default;
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if !a.starts_with("--") {
            return Err(format!("unexpected argument '{a}'\n{USAGE}"));
        }
        let v = args
            .get(i + 1)
            .ok_or_else(|| format!("{a} needs a value\n{USAGE}"))?;
        if a == name {
            out = v
                .parse()
                .map_err(|_| format!("{a}: '{v}' is not a valid value"))?;
        }
        i += 2;
    }
    Ok(out)
}

/// SplitMix64: a small seeded generator, enough for benchmark inputs.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [lo, hi).
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 / (1u64 << 53) as f64)
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

fn bench_greedy(n: usize, reps: usize) -> Result<(), String> {
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

fn bench_optimal(budget: f64, seed: u64) -> Result<(), String> {
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

/// Time `f` once, in seconds.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let t = Instant::now();
    let v = f();
    (t.elapsed().as_secs_f64(), v)
}

fn bench_wu(reps: usize, seed: u64) -> Result<(), String> {
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
