//! `hetcast experiment gonzalez-random`: random multimessage instances over n, d and fan-out
//! (`hetcast_core::models::multimessage::experiment`); writes `gonzalez-random.csv` (one line
//! per instance) and `gonzalez-random.svg` (steps / d by degree), and prints the summary.

use crate::common::ExperimentArgs;
use crate::files::{out_dir, write_in};
use crate::progress::Bar;
use crate::shard::{from_value, to_value, write_part, Whole};
use hetcast_core::models::multimessage::experiment::{
    csv, jobs, row, run as run_rows, summary, Row, Spec,
};
use serde_json::{json, Value};
use std::path::Path;

/// The most instances per (n, d, fan-out) `--runs` takes.
pub const RUNS_LIMIT: usize = 10_000;

/// Run the experiment.
pub fn run(name: &str, a: &ExperimentArgs) -> Result<(), String> {
    let mut spec = Spec::default();
    if let Some(r) = a.runs {
        if !(1..=RUNS_LIMIT).contains(&r) {
            return Err(format!("--runs {r}: must be between 1 and {RUNS_LIMIT}"));
        }
        spec.seeds = r as u64;
    }
    if let Some(shard) = a.shard {
        let jobs = jobs(&spec);
        let mine: Vec<u64> = shard.items(jobs.len() as u64).collect();
        let bar = Bar::new(name, mine.len());
        let mut results = Vec::new();
        for &i in &mine {
            let (n, d, f, seed) = jobs[i as usize];
            results.push((
                i,
                to_value(&row(n, d, f, seed).map_err(|e| e.to_string())?)?,
            ));
            bar.inc();
        }
        bar.finish();
        return write_part(
            name,
            shard,
            a.out.as_deref(),
            settings(&spec),
            jobs.len() as u64,
            results,
            Value::Null,
        );
    }
    let dir = out_dir(a.out.as_deref())?;
    let started = std::time::Instant::now();
    let bar = Bar::new(name, 0);
    let rows = run_rows(&spec, |done, total| bar.set(done, total)).map_err(|e| e.to_string())?;
    bar.finish();
    let secs = started.elapsed().as_secs_f64();
    finish(name, &spec, &rows, &dir)?;
    println!("{} instances in {secs:.1} s", rows.len());
    Ok(())
}

/// What fixes the work of a run.
fn settings(spec: &Spec) -> Value {
    json!({
        "processors": spec.processors,
        "degrees": spec.degrees,
        "fanouts": spec.fanouts,
        "seeds": spec.seeds,
    })
}

/// `hetcast merge` of gonzalez-random's parts.
pub fn merge(name: &str, whole: Whole, dir: &Path) -> Result<(), String> {
    let st = whole.settings;
    let spec = Spec {
        processors: from_value(st["processors"].clone(), name)?,
        degrees: from_value(st["degrees"].clone(), name)?,
        fanouts: from_value(st["fanouts"].clone(), name)?,
        seeds: from_value(st["seeds"].clone(), name)?,
    };
    let rows = whole
        .results
        .into_iter()
        .map(|v| from_value(v, name))
        .collect::<Result<Vec<Row>, _>>()?;
    finish(name, &spec, &rows, dir)
}

/// Write the files of a whole run and print its summary.
fn finish(name: &str, spec: &Spec, rows: &[Row], dir: &Path) -> Result<(), String> {
    let sum = summary(rows);
    let csv_path = write_in(dir, &format!("{name}.csv"), &csv(rows))?;
    let svg_path = write_in(
        dir,
        &format!("{name}.svg"),
        &hetcast_charts::gonzalez_random(&sum, hetcast_charts::Size::FILE)?,
    )?;
    println!(
        "{} instances (n in {:?}, d in {:?}, fan-out in {:?}, {} each)",
        rows.len(),
        spec.processors,
        spec.degrees,
        spec.fanouts,
        spec.seeds
    );
    println!("  d  instances  gonzalez/d mean  max  single-send/d  no-forwarding/d  | with optimum  opt/d  gonzalez/opt mean  max");
    for s in &sum {
        println!(
            "{:>3}  {:>9}  {:>15.3}  {:>4.2}  {:>13.3}  {:>15.3}  | {:>12}  {:>5.3}  {:>17.3}  {:>4.2}",
            s.degree,
            s.count,
            s.mean_over_d[0],
            s.max_gonzalez_over_d,
            s.mean_over_d[1],
            s.mean_over_d[2],
            s.with_optimum,
            s.mean_opt_over_d,
            s.mean_gonzalez_over_opt,
            s.max_gonzalez_over_opt
        );
    }
    let at_2d = rows
        .iter()
        .filter(|r| r.degree > 0 && r.gonzalez == 2 * r.degree)
        .count();
    println!(
        "gonzalez took exactly 2d steps on {at_2d} of {} instances",
        rows.iter().filter(|r| r.degree > 0).count()
    );
    println!("wrote {csv_path} and {svg_path}");
    Ok(())
}
