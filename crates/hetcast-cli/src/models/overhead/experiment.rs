//! `hetcast experiment liu-fig6`: re-runs the experiment of Liu et al. section 5 (data from
//! `hetcast_core::models::overhead::experiment`) and writes `liu-fig6.csv` and `liu-fig6.svg`
//! (the line chart of `hetcast_charts::liu_fig6`, drawn with plotters).

use crate::common::ExperimentArgs;
use crate::files::{out_dir, write_in};
use crate::progress::Bar;
use crate::shard::{from_value, to_value, write_part, Whole};
use hetcast_core::models::overhead::experiment::{liu_fig6_row, to_csv, LiuFig6Row, LiuFig6Spec};
use serde_json::Value;
use std::path::Path;

/// The largest cluster `--n-max` takes.
pub const N_MAX_LIMIT: usize = 100_000;

/// Run `hetcast experiment liu-fig6` with parsed arguments (`--shard K/N`: the sizes of part
/// K, written as a part file; item `i` is the size `n_min + i`).
pub fn run(a: &ExperimentArgs) -> Result<(), String> {
    let mut spec = LiuFig6Spec::default();
    if let Some(r) = a.runs {
        if r == 0 {
            return Err("--runs must be at least 1".into());
        }
        spec.runs = r;
    }
    if let Some(s) = a.seed {
        spec.seed = s;
    }
    if let Some(n) = a.n_max {
        if !(spec.n_min..=N_MAX_LIMIT).contains(&n) {
            return Err(format!(
                "--n-max {n}: must be between {} and {N_MAX_LIMIT}",
                spec.n_min
            ));
        }
        spec.n_max = n;
    }
    let first = spec.n_min.max(2);
    let total = (spec.n_max + 1).saturating_sub(first) as u64;
    let sizes: Vec<u64> = match a.shard {
        Some(shard) => shard.items(total).collect(),
        None => (0..total).collect(),
    };
    let bar = Bar::new("liu-fig6", sizes.len());
    let rows = sizes
        .iter()
        .map(|&i| {
            let row = liu_fig6_row(first + i as usize, spec.runs, spec.seed);
            bar.inc();
            row
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    bar.finish();
    match a.shard {
        Some(shard) => {
            let results = sizes
                .into_iter()
                .zip(&rows)
                .map(|(i, r)| Ok((i, to_value(r)?)))
                .collect::<Result<_, String>>()?;
            write_part(
                "liu-fig6",
                shard,
                a.out.as_deref(),
                to_value(&spec)?,
                total,
                results,
                Value::Null,
            )
        }
        None => finish(&spec, &rows, &out_dir(a.out.as_deref())?),
    }
}

/// `hetcast merge` of liu-fig6's parts.
pub fn merge(whole: Whole, dir: &Path) -> Result<(), String> {
    let spec: LiuFig6Spec = from_value(whole.settings, "liu-fig6")?;
    let rows = whole
        .results
        .into_iter()
        .map(|v| from_value(v, "liu-fig6"))
        .collect::<Result<Vec<LiuFig6Row>, _>>()?;
    finish(&spec, &rows, dir)
}

/// Write the files of a whole run and print its table.
fn finish(spec: &LiuFig6Spec, rows: &[LiuFig6Row], dir: &Path) -> Result<(), String> {
    let csv_path = write_in(dir, "liu-fig6.csv", &to_csv(rows))?;
    let svg_path = write_in(
        dir,
        "liu-fig6.svg",
        &hetcast_charts::liu_fig6(rows, spec.runs)?,
    )?;
    println!(
        "Liu et al. section 5: 3 classes (s,r) = (1,2), (5,6), (10,11); L = 0; random selection over {} runs",
        spec.runs
    );
    println!(
        "{:>5} {:>8} {:>12} {:>11} {:>11} {:>12} {:>13}",
        "n", "FNF", "random mean", "random min", "random max", "lower bound", "random order"
    );
    for r in rows
        .iter()
        .filter(|r| r.n == spec.n_min || r.n % 10 == 0 || r.n == spec.n_max)
    {
        println!(
            "{:>5} {:>8} {:>12.2} {:>11} {:>11} {:>12} {:>13.2}",
            r.n,
            r.fnf,
            r.random_mean,
            r.random_min,
            r.random_max,
            r.lower_bound,
            r.random_order_mean
        );
    }
    println!("wrote {csv_path} and {svg_path}");
    Ok(())
}
