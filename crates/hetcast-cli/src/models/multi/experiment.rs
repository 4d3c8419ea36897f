//! `hetcast experiment wu-fig3 | wu-fig4`: Figures 3 (1 Gbps) and 4 (155 Mbps) of Wu, Yeh, Liu (paper 001) and the single broadcast of
//! its section 5.1 (data from `hetcast_core::models::multi::experiment`). Writes `wu-figN.csv`,
//! `wu-figN-broadcast.csv` and `wu-figN.svg` (the grouped bars of `hetcast_charts::wu_figure`), and prints
//! the tables and the paper's claims checked against them.

use crate::common::ExperimentArgs;
use crate::files::{out_dir, write_in};
use crate::progress::Bar;
use crate::shard::{from_value, to_value, write_part, Shard, Whole};
use hetcast_core::catalog::Catalog;
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::multi::experiment::{
    broadcast_csv, parallel, to_csv, wu_broadcast, wu_figure, wu_item, wu_items, wu_rows,
    BroadcastRow, BroadcastSpec, WuRow, WuSpec,
};
use hetcast_core::models::multi::generate::SizeMix;
use hetcast_core::units::fmt_bytes;
use serde_json::Value;
use std::path::Path;

/// Message sizes of the single-broadcast runs: 1 KB and 1 MB.
pub const BROADCAST_SIZES: [f64; 2] = [1024.0, 1_048_576.0];

/// The most random instances per point `--runs` takes.
pub const RUNS_LIMIT: usize = 1_000_000;

/// Run `hetcast experiment NAME` for Figure `figure` (3 or 4), writing `NAME.csv`,
/// `NAME-broadcast.csv` and `NAME.svg`.
pub fn run(name: &str, figure: u32, a: &ExperimentArgs) -> Result<(), String> {
    let mut spec = spec(figure);
    if let Some(r) = a.runs {
        if !(1..=RUNS_LIMIT).contains(&r) {
            return Err(format!("--runs {r}: must be between 1 and {RUNS_LIMIT}"));
        }
        spec.runs = r;
    }
    if let Some(s) = a.seed {
        spec.seed = s;
    }
    if let Some(t) = a.threads {
        spec.threads = t;
    }
    if let Some(shard) = a.shard {
        return run_part(name, &spec, shard, a.out.as_deref());
    }
    let dir = out_dir(a.out.as_deref())?;
    let started = std::time::Instant::now();
    let bar = Bar::new(name, 0);
    let progress = |done: usize, total: usize| bar.set(done, total);
    let rows = wu_figure(&spec, Some(&progress)).map_err(|e| e.to_string())?;
    let secs = started.elapsed().as_secs_f64();
    let bcast = broadcasts(name, &spec, &bar)?;
    bar.finish();
    finish(name, figure, &spec, &rows, &bcast, &dir)?;
    println!(
        "{} runs x 4 algorithms in {secs:.1} s ({:.2} ms per run)",
        rows.len() * spec.runs,
        secs * 1e3 / (rows.len() * spec.runs) as f64
    );
    Ok(())
}

/// The single broadcasts of section 5.1, one per size of [`BROADCAST_SIZES`].
fn broadcasts(name: &str, spec: &WuSpec, bar: &Bar) -> Result<Vec<BroadcastRow>, String> {
    bar.restart(&format!("{name} single broadcast"), BROADCAST_SIZES.len());
    BROADCAST_SIZES
        .iter()
        .map(|&size| {
            let row = wu_broadcast(&BroadcastSpec {
                seed: spec.seed,
                threads: spec.threads,
                ..BroadcastSpec::new(spec.network, size)
            });
            bar.inc();
            row
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())
}

/// Part `shard` of the run: its work items ([`wu_items`]: run `i % runs` of point
/// `i / runs`), and in part 1 the single broadcasts.
fn run_part(name: &str, spec: &WuSpec, shard: Shard, out: Option<&str>) -> Result<(), String> {
    let total = wu_items(spec).map_err(|e| e.to_string())?;
    let mine: Vec<u64> = shard.items(total as u64).collect();
    let bar = Bar::new(name, mine.len());
    let progress = |done: usize, total: usize| bar.set(done, total);
    let times = parallel(mine.len(), spec.threads, Some(&progress), &|x| {
        wu_item(spec, mine[x] as usize)
    })
    .map_err(|e| e.to_string())?;
    let extra = if shard.k == 1 {
        to_value(&broadcasts(name, spec, &bar)?)?
    } else {
        Value::Null
    };
    bar.finish();
    let results = mine
        .into_iter()
        .zip(&times)
        .map(|(i, t)| Ok((i, to_value(t)?)))
        .collect::<Result<_, String>>()?;
    write_part(
        name,
        shard,
        out,
        settings(spec)?,
        total as u64,
        results,
        extra,
    )
}

/// What fixes the work of a run: the spec without its thread count.
fn settings(spec: &WuSpec) -> Result<Value, String> {
    to_value(&WuSpec {
        threads: 0,
        ..spec.clone()
    })
}

/// `hetcast merge` of wu-fig3's or wu-fig4's parts.
pub fn merge(name: &str, figure: u32, whole: Whole, dir: &Path) -> Result<(), String> {
    let spec: WuSpec = from_value(whole.settings, name)?;
    let per_run = whole
        .results
        .into_iter()
        .map(|v| from_value(v, name))
        .collect::<Result<Vec<[f64; 5]>, _>>()?;
    let rows = wu_rows(&spec, &per_run).map_err(|e| e.to_string())?;
    let bcast: Vec<BroadcastRow> = from_value(whole.extra, name)?;
    finish(name, figure, &spec, &rows, &bcast, dir)
}

/// Write the files of a whole run and print its report.
fn finish(
    name: &str,
    figure: u32,
    spec: &WuSpec,
    rows: &[WuRow],
    bcast: &[BroadcastRow],
    dir: &Path,
) -> Result<(), String> {
    let csv = write_in(dir, &format!("{name}.csv"), &to_csv(rows))?;
    let bcsv = write_in(dir, &format!("{name}-broadcast.csv"), &broadcast_csv(bcast))?;
    let svg = write_in(
        dir,
        &format!("{name}.svg"),
        &hetcast_charts::wu_figure(rows, spec, figure)?,
    )?;
    print_report(rows, bcast, spec, figure);
    println!("wrote {csv}, {bcsv} and {svg}");
    Ok(())
}

/// The paper's settings of Figure `figure` (3: 1 Gbps, 4: 155 Mbps).
pub fn spec(figure: u32) -> WuSpec {
    if figure == 3 {
        WuSpec::fig3()
    } else {
        WuSpec::fig4()
    }
}

fn best_names(r: &WuRow) -> String {
    r.best()
        .iter()
        .map(|a| a.short())
        .collect::<Vec<_>>()
        .join("=")
}

fn pct(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

/// The report of a whole run on standard output: the settings, the tables of each size mix,
/// the paper's claims checked, the single broadcasts of section 5.1.
fn print_report(rows: &[WuRow], bcast: &[BroadcastRow], spec: &WuSpec, figure: u32) {
    println!(
        "Wu, Yeh, Liu Figure {figure}: {} nodes in {} classes, {} network, {} random instances per point",
        spec.nodes,
        spec.classes,
        spec.network.title(),
        spec.runs
    );
    println!("mean completion time in µs (simulated); WRP/LB = mean WRP / mean lower bound; 'WRP best' = runs where WRP <= FEF, ECF, WR");
    print_mix_tables(rows, spec);
    println!("\nThe paper's claims, checked:");
    print_best_claim(rows);
    print_gain_claims(rows);
    print_bound_claim(rows, spec);
    print_broadcast_table(bcast, spec);
    print_broadcast_claims(bcast);
}

/// One table per size mix of `spec`: each algorithm's mean completion time per source count,
/// WRP over the lower bound (mean and worst run), the best algorithms and how often WRP is best.
fn print_mix_tables(rows: &[WuRow], spec: &WuSpec) {
    for &mix in &spec.mixes {
        println!("\n{}", mix.title());
        println!(
            "{:>7} {:>11} {:>11} {:>11} {:>11} {:>11} {:>7} {:>8} {:>7} {:>9}",
            "sources", "FEF", "ECF", "WR", "WRP", "LB", "WRP/LB", "max", "best", "WRP best"
        );
        for r in rows.iter().filter(|r| r.sizes == mix) {
            println!(
                "{:>7} {:>11.1} {:>11.1} {:>11.1} {:>11.1} {:>11.1} {:>7.3} {:>8.3} {:>7} {:>9}",
                r.sources,
                r.fef,
                r.ecf,
                r.wr,
                r.wrp,
                r.lower_bound,
                r.wrp_over_lb(),
                r.wrp_over_lb_max,
                best_names(r),
                pct(r.wrp_best_runs as f64 / r.runs as f64)
            );
        }
    }
}

/// The claim "WRP performs best among all four algorithms": the points where WRP has the
/// lowest mean, and the others with the algorithm that beat it.
fn print_best_claim(rows: &[WuRow]) {
    let wins = rows
        .iter()
        .filter(|r| r.is_best(MultiAlgorithm::Wrp))
        .count();
    let losses: Vec<String> = rows
        .iter()
        .filter(|r| !r.is_best(MultiAlgorithm::Wrp))
        .map(|r| {
            format!(
                "{} {} sources: {} {:.1} < WRP {:.1}",
                r.sizes.key(),
                r.sources,
                best_names(r),
                r.mean(r.best()[0]),
                r.wrp
            )
        })
        .collect();
    println!(
        "- \"WRP performs best among all four algorithms\": WRP has the lowest mean at {}/{} points{}",
        wins,
        rows.len(),
        if losses.is_empty() {
            String::new()
        } else {
            format!(" (not at: {})", losses.join("; "))
        }
    );
}

/// Per size mix, WRP's and WR's largest gains over ECF (the paper: up to 160% and 20%) and
/// the share of runs where WRP is best.
fn print_gain_claims(rows: &[WuRow]) {
    for mix in SizeMix::ALL {
        let of: Vec<&WuRow> = rows.iter().filter(|r| r.sizes == mix).collect();
        if of.is_empty() {
            continue;
        }
        let gain = |other: fn(&WuRow) -> f64, by: fn(&WuRow) -> f64| {
            of.iter()
                .map(|r| (other(r) / by(r) - 1.0, r.sources))
                .fold((f64::NEG_INFINITY, 0), |a, b| if b.0 > a.0 { b } else { a })
        };
        let (g_wrp, at_wrp) = gain(|r| r.ecf, |r| r.wrp);
        let (g_wr, at_wr) = gain(|r| r.ecf, |r| r.wr);
        let runs_best: usize = of.iter().map(|r| r.wrp_best_runs).sum();
        let runs: usize = of.iter().map(|r| r.runs).sum();
        println!(
            "- {}: WRP beats ECF by up to {} (ECF/WRP - 1, at {at_wrp} sources; paper: up to 160%), WR beats ECF by up to {} (at {at_wr}; paper: up to 20%); WRP best in {} of the runs",
            mix.key(),
            pct(g_wrp),
            pct(g_wr),
            pct(runs_best as f64 / runs as f64)
        );
    }
}

/// The claim "within 2.5 times of the lower bounds on large systems": mean WRP over mean
/// lower bound at the most sources, from a quarter of them on, and over all points.
fn print_bound_claim(rows: &[WuRow], spec: &WuSpec) {
    let top = spec.source_counts.iter().copied().max().unwrap_or(0);
    let at_top: Vec<String> = rows
        .iter()
        .filter(|r| r.sources == top)
        .map(|r| {
            format!(
                "{} {:.2} (worst run {:.2})",
                r.sizes.key(),
                r.wrp_over_lb(),
                r.wrp_over_lb_max
            )
        })
        .collect();
    let max_all = rows.iter().map(WuRow::wrp_over_lb).fold(0.0, f64::max);
    let large_from = (top / 4).max(1);
    let max_large = rows
        .iter()
        .filter(|r| r.sources >= large_from)
        .map(WuRow::wrp_over_lb)
        .fold(0.0, f64::max);
    println!(
        "- \"within 2.5 times of the lower bounds on large systems\": mean WRP / mean LB on {top} sources = {}; largest from {large_from} sources on = {max_large:.2} ({}); largest over all points = {max_all:.2}",
        at_top.join(", "),
        if max_large <= 2.5 { "holds" } else { "exceeds 2.5" }
    );
}

/// The single broadcasts of section 5.1 as a table: the means per message size and how often
/// ECF, WR and WRP made the same task lists or the same times.
fn print_broadcast_table(bcast: &[BroadcastRow], spec: &WuSpec) {
    println!(
        "\nSection 5.1, single broadcast: one random {}-node class set, each node the source once ({})",
        spec.nodes,
        spec.network.title()
    );
    println!(
        "{:>7} {:>10} {:>10} {:>10} {:>10} {:>10} {:>11} {:>11} {:>10} {:>10} {:>10}",
        "size",
        "FEF",
        "ECF",
        "WR",
        "WRP",
        "LB",
        "ECF=WR=WRP",
        "ECF=WR",
        "WR=WRP",
        "same T",
        "max spread"
    );
    for b in bcast {
        let of = |x: usize| format!("{x}/{}", b.sources);
        println!(
            "{:>7} {:>10.1} {:>10.1} {:>10.1} {:>10.1} {:>10.1} {:>11} {:>11} {:>10} {:>10} {:>10}",
            fmt_bytes(b.size),
            b.fef,
            b.ecf,
            b.wr,
            b.wrp,
            b.lower_bound,
            of(b.same_plans),
            of(b.ecf_wr_same_plans),
            of(b.wr_wrp_same_plans),
            of(b.same_times),
            format!("{:.2}%", b.max_spread * 100.0)
        );
    }
}

/// The claim "ECF, WR and WRP generate the same task schedules for a single broadcast",
/// checked per message size, with FEF over the best of the three ("much longer").
fn print_broadcast_claims(bcast: &[BroadcastRow]) {
    for b in bcast {
        let identical = b.same_plans == b.sources;
        println!(
            "- \"ECF, WR and WRP generate the same task schedules for a single broadcast\" ({}): {}; FEF / best of the three = {:.2} (\"much longer\")",
            fmt_bytes(b.size),
            if identical {
                format!("yes, identical task lists for all {} sources", b.sources)
            } else {
                format!(
                    "no: all three identical for {}/{n} sources (ECF = WR {}/{n}, WR = WRP {}/{n}), equal times for {}/{n}, times differ by up to {:.2}%, mean ECF / mean WR = {:.3}",
                    b.same_plans,
                    b.ecf_wr_same_plans,
                    b.wr_wrp_same_plans,
                    b.same_times,
                    b.max_spread * 100.0,
                    b.ecf / b.wr,
                    n = b.sources
                )
            },
            b.fef / b.ecf.min(b.wr).min(b.wrp)
        );
    }
}
