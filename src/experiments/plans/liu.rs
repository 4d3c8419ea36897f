//! Liu et al.'s Figure 6 (paper 004; `hetcast experiment liu-fig6`) on the Experiments page:
//! the settings from the forms, the sizes in contiguous ranges of about equal work (one job per
//! worker), and the CLI's rows, chart, CSV and summary from the answers.

use super::shares;
use crate::experiments::plan::{Field, Forms};
pub use hetcast_core::models::overhead::experiment::{LiuFig6Row as Row, LiuFig6Spec as Spec};
use hetcast_worker::{Canvas, Chart, Job, Message};

/// The largest cluster the page takes (the CLI takes more).
pub const N_LIMIT: u64 = 1000;
/// The most random-selection runs per size the page takes.
pub const RUNS_LIMIT: u64 = 10_000;

/// The settings the forms give.
pub fn spec(forms: &Forms) -> Result<Spec, String> {
    let n_max = forms.int(Field::LiuNMax, 2, N_LIMIT)?;
    Ok(Spec {
        runs: forms.int(Field::LiuRuns, 1, RUNS_LIMIT)? as usize,
        seed: forms.int(Field::LiuSeed, 0, u64::MAX)?,
        n_min: forms.int(Field::LiuNMin, 2, n_max)? as usize,
        n_max: n_max as usize,
    })
}

/// The sizes in contiguous ranges of about equal work (a size's work grows with n), one per
/// worker (every run keeps its seed, so the rows are those of one `liu_fig6` call).
pub fn jobs(spec: &Spec, workers: usize) -> Vec<Job> {
    let sizes: Vec<usize> = (spec.n_min.max(2)..=spec.n_max).collect();
    let weights: Vec<u64> = sizes.iter().map(|&n| n as u64).collect();
    shares(&weights, workers)
        .into_iter()
        .map(|r| Job::LiuFig6 {
            spec: Spec {
                n_min: sizes[r.start],
                n_max: sizes[r.end - 1],
                ..*spec
            },
        })
        .collect()
}

/// The work of a job of [`jobs`] as its progress counts it: its nodes (0 for another job).
pub fn units(job: &Job) -> u64 {
    match job {
        Job::LiuFig6 { spec } => (spec.n_min.max(2)..=spec.n_max).map(|n| n as u64).sum(),
        _ => 0,
    }
}

/// The rows from the answers to [`jobs`], by size.
pub fn merge(answers: Vec<Message>) -> Vec<Row> {
    let mut rows: Vec<Row> = answers
        .into_iter()
        .filter_map(|m| match m {
            Message::LiuFig6 { rows, .. } => Some(rows),
            _ => None,
        })
        .flatten()
        .collect();
    hetcast_core::order::sort_by_key(&mut rows, |r| r.n);
    rows
}

/// The chart (the CLI's) on `canvas`.
pub fn chart(spec: &Spec, rows: &[Row], canvas: Canvas) -> Chart {
    Chart::LiuFig6 {
        rows: rows.to_vec(),
        runs: spec.runs,
        canvas,
    }
}

/// The CSV of `hetcast experiment liu-fig6` (`liu-fig6.csv`).
pub fn csv(rows: &[Row]) -> String {
    hetcast_core::models::overhead::experiment::to_csv(rows)
}

/// One line: the largest size's FNF, random selection and lower bound.
pub fn summary(spec: &Spec, rows: &[Row]) -> String {
    match rows.last() {
        Some(r) => format!(
            "n = {}: FNF {}, random selection {:.2} on average (best {}, worst {}), lower bound {}; {} runs per n.",
            r.n, r.fnf, r.random_mean, r.random_min, r.random_max, r.lower_bound, spec.runs
        ),
        None => "No rows.".into(),
    }
}
