//! The experiments of paper 001 section 5 (Wu, Yeh, Liu) as pure data generation (the CLI
//! draws the charts).
//!
//! - [`wu_figure`] re-runs Figures 3 (1 Gbps, [`WuSpec::fig3`]) and 4 (155 Mbps,
//!   [`WuSpec::fig4`]): a 64-node system; for each size mix (small, large, hybrid) and each
//!   number of sources, `runs` random instances of [`section5`]; per point, the mean simulated
//!   completion time of FEF, ECF, WR and WRP, and the mean lower bound.
//! - [`wu_broadcast`] re-runs the single broadcast of section 5.1: one random 64-node class
//!   set, a broadcast from every node in turn; the mean of each algorithm over the N sources,
//!   and whether ECF, WR and WRP made the same task lists.
//!
//! Choices where the paper is silent:
//! - **numbers of sources** (the figures' x axes are not in the text): 1, 2, 4, 8, 16, 32
//!   and 64 ([`SOURCE_COUNTS`]), from one multicast to all-to-all;
//! - **classes**: 4 ([`Section5Spec::default`]), "several" in the paper; the other
//!   generator choices are in [`crate::models::multi::generate`];
//! - **timing**: every plan is timed by the simulator ([`completion_time_multi`](super::completion_time_multi), the
//!   completion time of [`super::simulate_multi`]), never by an algorithm's own
//!   predictions; the lower bound is [`lower_bound`](crate::models::multi::algo::lower_bound::lower_bound)'s
//!   value ([`lower_bound_value`]);
//! - **seeds**: run `r` of size mix `i` at `k` sources uses seed [`run_seed`]`(seed, i, k, r)`,
//!   so each run is reproducible on its own ([`wu_instance`]) and the result does not depend on
//!   the number of threads (sums are taken in run order);
//! - **"WRP best"**: a run counts as a WRP win when WRP's time is at most every other
//!   algorithm's times `1 + 1e-9` (ties count);
//! - **single broadcast sizes**: the CLI uses 1 KB and 1 MB messages; class set seed
//!   = `seed`.
//!
//! ```
//! use hetcast_core::models::multi::experiment::{wu_figure, WuSpec};
//! let spec = WuSpec { source_counts: vec![2], runs: 2, ..WuSpec::fig3() };
//! let rows = wu_figure(&spec, None).unwrap();
//! assert_eq!(rows.len(), 3); // small, large, hybrid
//! assert!(rows.iter().all(|r| r.lower_bound <= r.wrp));
//! ```

use super::generate::{section5, Network, Section5Spec, SizeMix};
use super::instance::MultiInstance;
use super::simulate::completion_time_with;
use crate::catalog::Catalog;
use crate::error::Error;
use crate::models::multi::algo::lower_bound::lower_bound_value;
use crate::models::multi::algo::{MultiAlgorithm, Shared};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

mod broadcast;
pub use broadcast::{
    broadcast_csv, wu_broadcast, BroadcastRow, BroadcastSpec, BROADCAST_CSV_HEADER,
};

/// The numbers of sources on the x axis of Figures 3 and 4 (our choice; see the module
/// documentation).
pub const SOURCE_COUNTS: [usize; 7] = [1, 2, 4, 8, 16, 32, 64];

/// Relative tolerance when comparing completion times (wins, identical times).
pub const TIME_TOLERANCE: f64 = 1e-9;

/// A progress callback: `(done, total)` work items; called from worker threads.
pub type Progress<'a> = &'a (dyn Fn(usize, usize) + Sync);

/// Settings of [`wu_figure`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WuSpec {
    /// The network (Figure 3: fast, Figure 4: slow).
    pub network: Network,
    /// Nodes (64 in the paper).
    pub nodes: usize,
    /// Node classes.
    pub classes: usize,
    /// Numbers of sources, one point each.
    pub source_counts: Vec<usize>,
    /// Size mixes, one panel each.
    pub mixes: Vec<SizeMix>,
    /// Random instances per point (1000 in the paper), at least 1.
    pub runs: usize,
    /// Base seed.
    pub seed: u64,
    /// Worker threads; 0 = `std::thread::available_parallelism()`.
    pub threads: usize,
}

impl WuSpec {
    /// Figure 3: 1 Gbps, 64 nodes, 4 classes, [`SOURCE_COUNTS`], all three mixes, 1000 runs,
    /// seed 2001.
    pub fn fig3() -> WuSpec {
        WuSpec {
            network: Network::Fast,
            nodes: 64,
            classes: 4,
            source_counts: SOURCE_COUNTS.to_vec(),
            mixes: SizeMix::ALL.to_vec(),
            runs: 1000,
            seed: 2001,
            threads: 0,
        }
    }

    /// Figure 4: as [`WuSpec::fig3`] on the 155 Mbps network.
    pub fn fig4() -> WuSpec {
        WuSpec {
            network: Network::Slow,
            ..WuSpec::fig3()
        }
    }
}

/// One point of Figure 3 or 4 (a size mix and a number of sources); one line of the CSV.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WuRow {
    /// The network.
    pub network: Network,
    /// The size mix.
    pub sizes: SizeMix,
    /// Number of sources (messages).
    pub sources: usize,
    /// Runs averaged.
    pub runs: usize,
    /// Mean completion time of FEF (µs).
    pub fef: f64,
    /// Mean completion time of ECF (µs).
    pub ecf: f64,
    /// Mean completion time of WR (µs).
    pub wr: f64,
    /// Mean completion time of WRP (µs).
    pub wrp: f64,
    /// Mean lower bound (µs).
    pub lower_bound: f64,
    /// Runs in which WRP was at least as fast as FEF, ECF and WR.
    pub wrp_best_runs: usize,
    /// The largest WRP / lower bound over the runs.
    pub wrp_over_lb_max: f64,
}

impl WuRow {
    /// The mean of algorithm `a`.
    pub fn mean(&self, a: MultiAlgorithm) -> f64 {
        match a {
            MultiAlgorithm::Fef => self.fef,
            MultiAlgorithm::Ecf => self.ecf,
            MultiAlgorithm::Wr => self.wr,
            MultiAlgorithm::Wrp => self.wrp,
        }
    }

    /// Mean WRP / mean lower bound.
    pub fn wrp_over_lb(&self) -> f64 {
        self.wrp / self.lower_bound
    }

    /// Whether algorithm `a` has the smallest mean, within [`TIME_TOLERANCE`] (ties count).
    pub fn is_best(&self, a: MultiAlgorithm) -> bool {
        let min = MultiAlgorithm::ALL
            .iter()
            .copied()
            .map(|b| self.mean(b))
            .fold(f64::INFINITY, f64::min);
        self.mean(a) <= min * (1.0 + TIME_TOLERANCE)
    }

    /// The algorithms with the smallest mean (several on ties), in the paper's order.
    pub fn best(&self) -> Vec<MultiAlgorithm> {
        MultiAlgorithm::ALL
            .iter()
            .copied()
            .filter(|&a| self.is_best(a))
            .collect()
    }
}

/// The seed of run `run` of size mix number `mix` (index into [`WuSpec::mixes`]) at `sources`
/// sources: a SplitMix64-style mix of the four numbers.
pub fn run_seed(seed: u64, mix: usize, sources: usize, run: usize) -> u64 {
    let mut z = seed;
    for v in [mix as u64, sources as u64, run as u64] {
        z = z
            .wrapping_add(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(v.wrapping_mul(0xD1B5_4A32_D192_ED03));
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
    }
    z
}

/// The instance of one run of [`wu_figure`] (mix number `mix` of `spec.mixes`).
pub fn wu_instance(
    spec: &WuSpec,
    mix: usize,
    sources: usize,
    run: usize,
) -> Result<MultiInstance, Error> {
    let sizes = *spec.mixes.get(mix).ok_or_else(|| {
        Error::BadInstance(format!(
            "there is no size mix number {mix} in the experiment"
        ))
    })?;
    section5(
        &Section5Spec {
            nodes: spec.nodes,
            classes: spec.classes,
            sources,
            network: spec.network,
            sizes,
            dest_fraction: None,
        },
        run_seed(spec.seed, mix, sources, run),
    )
}

/// The simulated completion time of every algorithm (FEF, ECF, WR, WRP) and the lower bound
/// on one instance. An instance that fails validation is an error; a plan the simulator
/// rejects, or a panic, become an error naming the algorithm.
pub fn times(inst: &MultiInstance) -> Result<[f64; 5], Error> {
    inst.validate()?;
    // What the four compute alike, once (`Shared`); the simulator reads the nodes' costs.
    let shared = Shared::new(inst);
    let mut out = [0.0; 5];
    for (i, a) in MultiAlgorithm::ALL.iter().copied().enumerate() {
        let timed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            completion_time_with(inst, &shared.c.nodes, &a.run_shared(&shared))
        }));
        out[i] = match timed {
            Ok(Ok(t)) => t,
            Ok(Err(e)) => {
                return Err(Error::InvalidPlan(format!("{}: {e}", a.short())));
            }
            Err(_) => {
                return Err(Error::InvalidPlan(format!("{} panicked", a.short())));
            }
        };
    }
    out[4] = lower_bound_value(inst);
    Ok(out)
}

/// Run `f(i)` for `i` in `0..total` on `threads` threads (0 = all available; 1 = in the
/// calling thread, spawning none); results in index order; the first error (by index) wins.
pub fn parallel<T: Send>(
    total: usize,
    threads: usize,
    progress: Option<Progress>,
    f: &(dyn Fn(usize) -> Result<T, Error> + Sync),
) -> Result<Vec<T>, Error> {
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
    .clamp(1, total.max(1));
    if threads == 1 {
        // No thread at all: WebAssembly in a browser (the app's worker) has none to spawn.
        let mut out = Vec::with_capacity(total);
        for i in 0..total {
            out.push(f(i)?);
            if let Some(p) = progress {
                p(i + 1, total);
            }
        }
        return Ok(out);
    }
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Result<T, Error>>>> =
        Mutex::new((0..total).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total {
                    break;
                }
                let r = f(i);
                let failed = r.is_err();
                if let Ok(mut s) = slots.lock() {
                    s[i] = Some(r);
                }
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                if let Some(p) = progress {
                    p(d, total);
                }
                if failed {
                    // Stop handing out work; the others finish their item.
                    next.store(total, Ordering::Relaxed);
                }
            });
        }
    });
    let slots = slots
        .into_inner()
        .map_err(|_| Error::InvalidPlan("a worker thread failed".into()))?;
    let mut out = Vec::with_capacity(total);
    for s in slots {
        match s {
            Some(Ok(v)) => out.push(v),
            Some(Err(e)) => return Err(e),
            None => {}
        }
    }
    if out.len() < total {
        return Err(Error::InvalidPlan("a worker thread stopped early".into()));
    }
    Ok(out)
}

/// Figure 3 or 4: one row per (size mix, number of sources), mixes in `spec.mixes` order,
/// sources in `spec.source_counts` order. Errors name the run (mix, sources, run, seed) so
/// that [`wu_instance`] rebuilds it.
pub fn wu_figure(spec: &WuSpec, progress: Option<Progress>) -> Result<Vec<WuRow>, Error> {
    let total = wu_items(spec)?;
    let per_run = parallel(total, spec.threads, progress, &|i| wu_item(spec, i))?;
    wu_rows(spec, &per_run)
}

/// The points of `spec`: (size mix index, number of sources), mixes outer.
fn wu_points(spec: &WuSpec) -> Vec<(usize, usize)> {
    (0..spec.mixes.len())
        .flat_map(|m| spec.source_counts.iter().map(move |&k| (m, k)))
        .collect()
}

/// The number of work items of [`wu_figure`] (points x runs), after checking the settings;
/// item `i` is run `i % runs` of point `i / runs` (points: mixes outer, numbers of sources
/// inner).
pub fn wu_items(spec: &WuSpec) -> Result<usize, Error> {
    if spec.runs == 0 {
        return Err(Error::BadInstance(
            "the number of runs must be at least 1".into(),
        ));
    }
    let points = wu_points(spec);
    // Check the settings once, before the threads start.
    for &(m, k) in &points {
        wu_instance(spec, m, k, 0)?;
    }
    Ok(points.len() * spec.runs)
}

/// The number of sources of work item `i` (see [`wu_items`]), or 0 past the end: what makes
/// an item slow, for sharing the items out.
pub fn wu_item_sources(spec: &WuSpec, i: usize) -> usize {
    let n = spec.source_counts.len().max(1);
    spec.source_counts
        .get((i / spec.runs.max(1)) % n)
        .copied()
        .unwrap_or(0)
}

/// About the time of work item `i` (see [`wu_items`]), for sharing the items out in chunks of
/// about equal work: `k² + 16k + 32` for an item with `k` sources ([`wu_item_sources`]), in
/// units of a twentieth of a 1-source run. Measured in the web worker at the paper's 64 nodes
/// (CPU time per point of `wu-fig3`, docs/performance.md "wu-fig3 with 1000 runs in the
/// browser"), a 64-source run takes about 100 times a 1-source run, a 32-source run about 30
/// times, 8 sources 5 to 7 times; the app's queue of shrinking chunks makes up for the rest.
pub fn wu_item_weight(spec: &WuSpec, i: usize) -> u64 {
    let k = wu_item_sources(spec, i) as u64;
    k * k + 16 * k + 32
}

/// [`times`] of work item `i` (see [`wu_items`]); an error names the run, so that
/// [`wu_instance`] rebuilds it.
pub fn wu_item(spec: &WuSpec, i: usize) -> Result<[f64; 5], Error> {
    let points = spec.source_counts.len();
    let p = i / spec.runs;
    let (m, k) = (p / points, spec.source_counts[p % points]);
    let r = i % spec.runs;
    let inst = wu_instance(spec, m, k, r)?;
    times(&inst).map_err(|e| {
        Error::InvalidPlan(format!(
            "{e} (run {r} of {} messages, {} sources, seed {}; rebuild with wu_instance)",
            spec.mixes[m].key(),
            k,
            run_seed(spec.seed, m, k, r)
        ))
    })
}

/// The rows of [`wu_figure`] from the [`times`] of all its work items, in item order (so
/// that work shared out, for example among web workers, gives the same rows to the bit).
pub fn wu_rows(spec: &WuSpec, per_run: &[[f64; 5]]) -> Result<Vec<WuRow>, Error> {
    let points = wu_points(spec);
    if spec.runs == 0 || per_run.len() != points.len() * spec.runs {
        return Err(Error::BadInstance(format!(
            "{} run times for {} points of {} runs",
            per_run.len(),
            points.len(),
            spec.runs
        )));
    }
    Ok(points
        .iter()
        .enumerate()
        .map(|(p, &(m, k))| {
            let runs = &per_run[p * spec.runs..(p + 1) * spec.runs];
            let mean = |i: usize| runs.iter().map(|t| t[i]).sum::<f64>() / spec.runs as f64;
            let wrp_best_runs = runs
                .iter()
                .filter(|t| t[..3].iter().all(|&o| t[3] <= o * (1.0 + TIME_TOLERANCE)))
                .count();
            WuRow {
                network: spec.network,
                sizes: spec.mixes[m],
                sources: k,
                runs: spec.runs,
                fef: mean(0),
                ecf: mean(1),
                wr: mean(2),
                wrp: mean(3),
                lower_bound: mean(4),
                wrp_best_runs,
                wrp_over_lb_max: runs.iter().map(|t| t[3] / t[4]).fold(0.0, f64::max),
            }
        })
        .collect())
}

/// The CSV header of [`to_csv`].
pub const CSV_HEADER: &str =
    "network,sizes,sources,runs,fef,ecf,wr,wrp,lower_bound,wrp_best_runs,wrp_over_lb_max";

/// Rows as CSV: [`CSV_HEADER`], then one line per row; numbers in Rust's shortest
/// round-trip form.
pub fn to_csv(rows: &[WuRow]) -> String {
    csv(CSV_HEADER, rows, |r| {
        format!(
            "{},{},{},{},{},{},{},{},{},{},{}",
            r.network.key(),
            r.sizes.key(),
            r.sources,
            r.runs,
            r.fef,
            r.ecf,
            r.wr,
            r.wrp,
            r.lower_bound,
            r.wrp_best_runs,
            r.wrp_over_lb_max
        )
    })
}

/// `header`, then `line(r)` for each row, each line ended by a newline (`line` gives the text
/// without it).
fn csv<R>(header: &str, rows: &[R], line: impl Fn(&R) -> String) -> String {
    let mut out = String::from(header);
    out.push('\n');
    for r in rows {
        out.push_str(&line(r));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
