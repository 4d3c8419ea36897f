//! Wu, Yeh and Liu's Figures 3 and 4 (paper 001; `hetcast experiment wu-fig3`, `wu-fig4`) on
//! the Experiments page: the settings from the forms, the runs in contiguous chunks that the
//! workers take in turn, and the CLI's rows, chart, CSV and summary from the answers.

use super::queue_chunks;
use crate::experiments::plan::{Field, Forms};
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::multi::experiment as wu;
pub use hetcast_core::models::multi::experiment::{WuRow as Row, WuSpec as Spec};
use hetcast_worker::{Canvas, Chart, Job, Message};

/// The most runs per point the page takes.
pub const RUNS_LIMIT: u64 = 100_000;

/// The settings of Figure `figure` (3 or 4) that the forms give.
pub fn spec(forms: &Forms, figure: u32) -> Result<Spec, String> {
    let base = if figure == 4 {
        Spec::fig4()
    } else {
        Spec::fig3()
    };
    Ok(Spec {
        runs: forms.int(Field::WuRuns, 1, RUNS_LIMIT)? as usize,
        seed: forms.int(Field::WuSeed, 0, u64::MAX)?,
        threads: 1,
        ..base
    })
}

/// The runs in contiguous chunks that the workers take in turn ([`queue_chunks`]), weighed
/// by [`wu::wu_item_weight`] (every run keeps its seed, so the rows are those of one
/// `wu_figure` call).
pub fn jobs(spec: &Spec, workers: usize) -> Vec<Job> {
    let job = |r: std::ops::Range<usize>| Job::WuItems {
        spec: spec.clone(),
        from: r.start,
        to: r.end,
    };
    match wu::wu_items(spec) {
        Ok(items) => {
            let weights: Vec<u64> = (0..items).map(|i| wu::wu_item_weight(spec, i)).collect();
            queue_chunks(&weights, workers)
                .into_iter()
                .map(job)
                .collect()
        }
        // Bad settings: one job, whose worker reports the error.
        Err(_) => vec![job(0..0)],
    }
}

/// The rows from the answers to [`jobs`] (one per job, in the jobs' order).
pub fn merge(spec: &Spec, answers: Vec<Message>) -> Result<Vec<Row>, String> {
    let times: Vec<[f64; 5]> = answers
        .into_iter()
        .filter_map(|m| match m {
            Message::WuTimes { times, .. } => Some(times),
            _ => None,
        })
        .flatten()
        .collect();
    wu::wu_rows(spec, &times).map_err(|e| e.to_string())
}

/// The chart (the CLI's) of Figure `figure` on `canvas` (the whole figure's; `panel`: the
/// canvas is one panel's, the figure has one per message mix).
pub fn chart(figure: u32, spec: &Spec, rows: &[Row], canvas: Canvas, panel: bool) -> Chart {
    let canvas = match canvas {
        Canvas::Px { width, height } if panel => Canvas::Px {
            width: width / spec.mixes.len().max(1) as u32,
            height,
        },
        canvas => canvas,
    };
    Chart::Wu {
        rows: rows.to_vec(),
        spec: spec.clone(),
        figure,
        canvas,
    }
}

/// One run of each point of Figure 3 (21 runs: the work of FEF, ECF, WR, WRP and the lower
/// bound on 64 nodes), the job that warms the page's spare workers up.
pub fn warm_up() -> Job {
    let spec = Spec {
        runs: 1,
        threads: 1,
        ..Spec::fig3()
    };
    let to = spec.source_counts.len() * spec.mixes.len();
    Job::WuItems { spec, from: 0, to }
}

/// The CSV of `hetcast experiment wu-figN` (`wu-figN.csv`).
pub fn csv(rows: &[Row]) -> String {
    wu::to_csv(rows)
}

/// One line: where WRP has the lowest mean, and its largest mean over the lower bound's.
pub fn summary(spec: &Spec, rows: &[Row]) -> String {
    let wins = rows
        .iter()
        .filter(|r| r.is_best(MultiAlgorithm::Wrp))
        .count();
    let max = rows.iter().map(Row::wrp_over_lb).fold(0.0, f64::max);
    format!(
        "WRP has the lowest mean at {wins} of {} points; mean WRP / mean lower bound at most {max:.2}; {} runs per point.",
        rows.len(),
        spec.runs
    )
}
