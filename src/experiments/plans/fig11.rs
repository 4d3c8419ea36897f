//! Beaumont et al. Figure 11 (paper 002, section 7; `hetcast experiment beaumont-fig11`) on
//! the Experiments page: the settings from the forms, one worker job per platform (a 65-node
//! platform takes seconds, a 30-node one much less, so the workers take them in turn, the
//! largest first: [`order`]), and the rows, charts and CSV of the CLI from the answers.

use crate::experiments::plan::{Field, Forms};
use hetcast_core::catalog::Catalog;
pub use hetcast_core::models::platform::experiment::Fig11Row as Row;
use hetcast_core::models::platform::experiment::{
    fig11_csv, fig11_platforms, fig11_rows, parse_densities, Fig11Row, HEURISTICS,
};
use hetcast_core::models::platform::generate::TargetSpread;
use hetcast_worker::{Canvas, Chart, Fig11Settings, Job, Message};

/// The most platforms per (size, density) the page takes (the CLI's limit).
pub const RUNS_LIMIT: u64 = 1000;

/// The settings the forms give, or what is wrong with them.
pub fn settings(forms: &Forms) -> Result<Fig11Settings, String> {
    let nodes = forms.get(Field::Fig11Nodes).trim();
    let big = match nodes {
        "30" => false,
        "65" => true,
        _ => {
            return Err(format!(
                "Nodes: 30 (the small platforms) or 65 (both sizes), not '{nodes}'"
            ))
        }
    };
    let targets = forms.get(Field::Fig11Targets).trim();
    let per_lan = match TargetSpread::parse(targets) {
        Some(t) => t == TargetSpread::PerLan,
        None => {
            return Err(format!(
                "Targets: uniform (among all LAN nodes) or per-lan (one per LAN first), not '{targets}'"
            ))
        }
    };
    Ok(Fig11Settings {
        platforms: forms.int(Field::Fig11Runs, 1, RUNS_LIMIT)? as usize,
        densities: parse_densities(forms.get(Field::Fig11Densities).trim())
            .map_err(|e| format!("Densities {e}"))?,
        seed: forms.int(Field::Fig11Seed, 0, u64::MAX / 2)?,
        big,
        per_lan,
    })
}

/// The platforms in the order the workers take them (numbers in [`fig11_platforms`], the
/// CLI's order): the 65-node ones first, the densest first, then the 30-node ones likewise. The
/// workers take the jobs in turn, so a run ends on small jobs: in the CLI's order it ended on
/// the 65-node platforms with every LAN node a target, the largest jobs, with one worker
/// alone on the last of them (docs/experiments/beaumont-fig11.md, "Where the time goes").
pub fn order(settings: &Fig11Settings) -> Vec<usize> {
    let all = fig11_platforms(&settings.spec());
    let mut order: Vec<usize> = (0..all.len()).collect();
    // A stable sort: the platforms of one (size, density) keep their order.
    order.sort_by(|&a, &b| {
        let (size_a, density_a, _) = all[a];
        let (size_b, density_b, _) = all[b];
        (size_b == "big")
            .cmp(&(size_a == "big"))
            .then(density_b.total_cmp(&density_a))
    });
    order
}

/// One job per platform, in [`order`].
pub fn jobs(settings: &Fig11Settings) -> Vec<Job> {
    order(settings)
        .into_iter()
        .map(|item| Job::Fig11 {
            settings: settings.clone(),
            item,
        })
        .collect()
}

/// The rows from the answers to [`jobs`] (one per job, in the jobs' order): put back in the
/// CLI's order, the CLI's sums in the CLI's order ([`fig11_rows`]).
pub fn merge(settings: &Fig11Settings, answers: &[Message]) -> Result<Vec<Fig11Row>, String> {
    let platforms: Vec<(usize, Vec<(f64, f64)>)> = answers
        .iter()
        .filter_map(|m| match m {
            Message::Fig11Platform {
                targets, ratios, ..
            } => Some((*targets, ratios.clone())),
            _ => None,
        })
        .collect();
    let spec = settings.spec();
    let expected = fig11_platforms(&spec).len();
    if platforms.len() != expected {
        return Err(format!(
            "{} of the {expected} platforms came back",
            platforms.len()
        ));
    }
    let mut in_order = vec![(0, Vec::new()); expected];
    for (item, platform) in order(settings).into_iter().zip(platforms) {
        in_order[item] = platform;
    }
    Ok(fig11_rows(&spec, &in_order))
}

/// The sizes run, with the charts' order: ("small", "big").
fn sizes(settings: &Fig11Settings) -> Vec<&'static str> {
    settings.spec().sizes
}

/// The CLI's charts on `canvas` (the files: [`Canvas::File`]), named as it names its files:
/// `beaumont-fig11-{small,big}-{lb,scatter}.svg`.
pub fn charts(settings: &Fig11Settings, rows: &[Fig11Row], canvas: Canvas) -> Vec<(String, Chart)> {
    let mut out = Vec::new();
    for size in sizes(settings) {
        for (tag, over_lb) in [("lb", true), ("scatter", false)] {
            out.push((
                format!("beaumont-fig11-{size}-{tag}.svg"),
                Chart::Fig11 {
                    rows: rows.to_vec(),
                    platforms: size.into(),
                    over_lb,
                    canvas,
                },
            ));
        }
    }
    out
}

/// The CSV, as `hetcast experiment beaumont-fig11` writes it.
pub fn csv(rows: &[Fig11Row]) -> String {
    fig11_csv(rows)
}

/// One line: each heuristic's mean `T*` / Multicast-LB over the points.
pub fn summary(settings: &Fig11Settings, rows: &[Fig11Row]) -> String {
    let means: Vec<String> = HEURISTICS
        .iter()
        .map(|al| {
            let mine: Vec<f64> = rows
                .iter()
                .filter(|r| r.algorithm == al.key())
                .map(|r| r.over_lb)
                .collect();
            let mean = mine.iter().sum::<f64>() / mine.len().max(1) as f64;
            format!("{} {mean:.3}", al.short())
        })
        .collect();
    format!(
        "Mean T* / lower bound over the {} points: {}; {} platform{} per (size, density).",
        rows.len() / HEURISTICS.len(),
        means.join(", "),
        settings.platforms,
        if settings.platforms == 1 { "" } else { "s" }
    )
}
