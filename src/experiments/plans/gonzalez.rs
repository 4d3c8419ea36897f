//! Gonzalez's random experiment (paper 003; `hetcast experiment gonzalez-random`) on the
//! Experiments page: the settings from the forms, one worker job per (n, d, fan-out) with its
//! instances, and the CLI's rows, chart and CSV from the answers.

use crate::experiments::plan::{Field, Forms};
use hetcast_core::models::multimessage::experiment::{csv as rows_csv, jobs as all, summary};
pub use hetcast_core::models::multimessage::experiment::{Row, Spec};
use hetcast_worker::{Canvas, Chart, Job, Message};

/// The most instances per (n, d, fan-out) the page takes (the CLI's limit).
pub const RUNS_LIMIT: u64 = 10_000;

/// The settings the forms give (the CLI's grid, its instances per point from the form).
pub fn spec(forms: &Forms) -> Result<Spec, String> {
    Ok(Spec {
        seeds: forms.int(Field::GonzalezRuns, 1, RUNS_LIMIT)?,
        ..Spec::default()
    })
}

/// One job per (n, d, fan-out): its instances, contiguous in the CLI's order.
pub fn jobs(spec: &Spec) -> Vec<Job> {
    let per = spec.seeds.max(1) as usize;
    let total = all(spec).len();
    (0..total.div_ceil(per))
        .map(|c| Job::Gonzalez {
            spec: spec.clone(),
            from: c * per,
            to: ((c + 1) * per).min(total),
        })
        .collect()
}

/// The rows from the answers to [`jobs`] (one per job, in the jobs' order).
pub fn merge(spec: &Spec, answers: &[Message]) -> Result<Vec<Row>, String> {
    let rows: Vec<Row> = answers
        .iter()
        .filter_map(|m| match m {
            Message::GonzalezRows { rows, .. } => Some(rows.iter().cloned()),
            _ => None,
        })
        .flatten()
        .collect();
    let expected = all(spec).len();
    if rows.len() != expected {
        return Err(format!(
            "{} of the {expected} instances came back",
            rows.len()
        ));
    }
    Ok(rows)
}

/// The chart (steps / d by degree) on `canvas`: the rows summarised by degree.
pub fn chart(rows: &[Row], canvas: Canvas) -> Chart {
    Chart::Gonzalez {
        summary: summary(rows),
        canvas,
    }
}

/// The CSV, as `hetcast experiment gonzalez-random` writes it.
pub fn csv(rows: &[Row]) -> String {
    rows_csv(rows)
}

/// One line: how often Gonzalez took exactly 2d steps, its mean steps / d, and its worst
/// against the optimum where the exact search ran.
pub fn summary_line(spec: &Spec, rows: &[Row]) -> String {
    let with_d: Vec<&Row> = rows.iter().filter(|r| r.degree > 0).collect();
    let at_2d = with_d.iter().filter(|r| r.gonzalez == 2 * r.degree).count();
    let mean = with_d
        .iter()
        .map(|r| r.gonzalez as f64 / r.degree as f64)
        .sum::<f64>()
        / with_d.len().max(1) as f64;
    let opt: Vec<f64> = rows
        .iter()
        .filter(|r| r.degree > 0)
        .filter_map(|r| r.optimal.map(|o| r.gonzalez as f64 / o.max(1) as f64))
        .collect();
    let worst = opt.iter().copied().fold(f64::NAN, f64::max);
    format!(
        "Gonzalez: mean steps / d {mean:.3}, exactly 2d on {at_2d} of {} instances; at most {worst:.3} x the optimum on the {} with a known optimum; {} per (n, d, fan-out).",
        with_d.len(),
        opt.len(),
        spec.seeds
    )
}
