//! The explorer of every model (`hetcast experiment explore --model M`) on the Experiments
//! page: its settings from the forms (the CLI's options and defaults), its jobs (parts of the
//! search, one per worker, as `--shard K/N`), the parts joined, and its charts, CSV and summary.

use super::capitalised;
use crate::experiments::plan::{Field, Forms};
use hetcast_core::explore::{merge, records_csv, Record, Search};
use hetcast_worker::{AnyFamily, Canvas, Chart, FamilySettings, Job, Message};

/// How the family is searched (the CLI: no `--runs`, `--runs N`, `--runs N --climb K`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// Every member once.
    Every,
    /// Random members.
    Random,
    /// Random members, then hill climbing from the worst of each comparison.
    Guided,
}

impl SearchKind {
    /// Every search, in the menu's order: (value, label).
    pub const ALL: [(SearchKind, &'static str, &'static str); 3] = [
        (SearchKind::Every, "every", "every member"),
        (SearchKind::Random, "random", "random"),
        (SearchKind::Guided, "guided", "guided"),
    ];
}

/// A whole search: the family and how it is searched.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExploreRun {
    /// The model's family.
    pub family: AnyFamily,
    /// The search.
    pub search: Search,
}

/// The chart's size on the page.
pub const SCREEN: Canvas = Canvas::Px {
    width: 900,
    height: 330,
};

/// The most members the page searches exhaustively (the node model's own limit).
pub const EXHAUSTIVE_LIMIT: u64 = hetcast_worker::EXHAUSTIVE_LIMIT;
/// The most random members or climbing steps the page takes.
pub const RUNS_LIMIT: u64 = 100_000_000;

/// The family's fields of `model` (an instance file's tag), then the search's.
pub fn fields(model: &str, search: SearchKind) -> Vec<Field> {
    let mut f = match model {
        "node" | "sender_receiver" => {
            vec![Field::Types, Field::MaxCost, Field::ExNMin, Field::ExNMax]
        }
        "multimessage" => vec![Field::ProcMin, Field::ProcMax, Field::Messages],
        _ => vec![Field::MaxCost, Field::ExNMin, Field::ExNMax],
    };
    match search {
        SearchKind::Every => {}
        SearchKind::Random => f.extend([Field::Tries, Field::ExSeed]),
        SearchKind::Guided => f.extend([Field::Tries, Field::ExSeed, Field::Climb]),
    }
    f
}

/// The family's settings of `model` when the CLI is given no option
/// (`hetcast experiment explore --model M`): the model's own default family
/// ([`AnyFamily::default_of`]), as the fields [`fields`] shows for it.
pub fn defaults(model: &str) -> Vec<(Field, String)> {
    let Some(family) = AnyFamily::default_of(model) else {
        return Vec::new();
    };
    let s = family.settings();
    fields(model, SearchKind::Every)
        .into_iter()
        .filter_map(|f| {
            let v = match f {
                Field::Types => s.types,
                Field::MaxCost => s.max_cost as usize,
                Field::ExNMin => s.nodes.0,
                Field::ExNMax => s.nodes.1,
                Field::ProcMin => s.processors.0,
                Field::ProcMax => s.processors.1,
                Field::Messages => s.messages,
                _ => return None,
            };
            Some((f, v.to_string()))
        })
        .collect()
}

/// The search the forms give, checked as the core checks it (the message names the setting).
pub fn settings(forms: &Forms) -> Result<ExploreRun, String> {
    let search = match forms.search {
        SearchKind::Every => Search::Exhaustive,
        kind => Search::Random {
            tries: forms.int(Field::Tries, 1, RUNS_LIMIT)?,
            seed: forms.int(Field::ExSeed, 0, u64::MAX)?,
            climb: if kind == SearchKind::Guided {
                forms.int(Field::Climb, 1, RUNS_LIMIT)?
            } else {
                0
            },
        },
    };
    // The family's fields of the model, in the order shown (the first bad one is said); the
    // worker's registry of families makes the model's family of them.
    let shown = fields(forms.model, SearchKind::Every);
    let int = |f: Field| {
        if shown.contains(&f) {
            forms.int(f, 0, 9999).map(|v| v as usize)
        } else {
            Ok(0)
        }
    };
    for &f in &shown {
        int(f)?;
    }
    let family_settings = FamilySettings {
        types: int(Field::Types)?,
        max_cost: int(Field::MaxCost)? as u32,
        nodes: (int(Field::ExNMin)?, int(Field::ExNMax)?),
        processors: (int(Field::ProcMin)?, int(Field::ProcMax)?),
        messages: int(Field::Messages)?,
    };
    let family = AnyFamily::of(forms.model, &family_settings, &search)
        .ok_or_else(|| format!("No explorer for the model '{}'", forms.model))?;
    family.validate().map_err(|e| {
        let e = e.to_string();
        capitalised(e.strip_prefix("invalid instance: ").unwrap_or(&e))
    })?;
    if search == Search::Exhaustive && family.size() > EXHAUSTIVE_LIMIT {
        return Err(format!(
            "This family has {} members; the page searches at most {EXHAUSTIVE_LIMIT} one by one: make it smaller, or choose a random search",
            family.size()
        ));
    }
    Ok(ExploreRun { family, search })
}

/// The jobs for at most `workers` workers: part `k` of `n` each (`--shard k+1/n`), joined they
/// are one run; a guided search in one part, so that it climbs as one run climbs.
pub fn jobs(run: &ExploreRun, workers: usize) -> Vec<Job> {
    let (members, climb) = match run.search {
        Search::Exhaustive => (run.family.size(), 0),
        Search::Random { tries, climb, .. } => (tries, climb),
    };
    let parts = if climb > 0 {
        1
    } else {
        (workers.max(1) as u64).min(members.max(1))
    };
    (0..parts)
        .map(|k| Job::Explore {
            family: run.family,
            search: run.search,
            part: [k, parts],
        })
        .collect()
}

/// The parts' records joined (the answers in the jobs' order).
pub fn join(answers: Vec<Message>) -> Result<Vec<Record>, String> {
    let parts: Vec<Vec<Record>> = answers
        .into_iter()
        .filter_map(|m| match m {
            Message::Explored { records, .. } => Some(records),
            _ => None,
        })
        .collect();
    if parts.is_empty() {
        return Err("the workers sent no result".into());
    }
    Ok(merge(&parts))
}

/// The CSV of `hetcast experiment explore` (`explore-M.csv`).
pub fn csv(run: &ExploreRun, records: &[Record]) -> String {
    records_csv(run.family.comparisons(), records)
}

/// "FEF / lower bound": comparison `c`'s ratio.
pub fn ratio_name(run: &ExploreRun, c: usize) -> String {
    run.family
        .comparisons()
        .get(c)
        .map_or(String::new(), |c| format!("{} / {}", c.value, c.reference))
}

/// The histogram of comparison `c` on `canvas` (a worker draws it).
pub fn chart(run: &ExploreRun, records: &[Record], c: usize, canvas: Canvas) -> Chart {
    let histogram = records.get(c).map_or(Vec::new(), |r| r.histogram.clone());
    let title = format!(
        "{}: {} model, {}",
        ratio_name(run, c),
        run.family.tag().replace('_', "-"),
        match run.search {
            Search::Exhaustive => "every member".to_string(),
            Search::Random {
                tries, climb: 0, ..
            } => format!("{tries} random"),
            Search::Random { tries, climb, .. } => format!("{tries} random, {climb} steps"),
        }
    );
    Chart::Histogram {
        histogram,
        ratio: ratio_name(run, c),
        caption: title,
        canvas,
    }
}

/// Every comparison's chart, named as files (`explore-M-KEY.svg`).
pub fn file_charts(run: &ExploreRun, records: &[Record]) -> Vec<(String, Chart)> {
    run.family
        .comparisons()
        .iter()
        .enumerate()
        .map(|(c, cmp)| {
            let name = format!("explore-{}-{}.svg", run.family.tag(), cmp.key);
            (name, chart(run, records, c, Canvas::File))
        })
        .collect()
}

/// One line: instances timed and the largest ratio found.
pub fn summary(run: &ExploreRun, records: &[Record]) -> String {
    let timed = records.first().map_or(0, |r| r.tried + r.skipped);
    let worst = records
        .iter()
        .enumerate()
        .filter_map(|(c, r)| r.worst.first().map(|w| (c, w)))
        .max_by(|a, b| a.1.ratio().total_cmp(&b.1.ratio()).then(b.0.cmp(&a.0)));
    let worst = worst.map_or(String::new(), |(c, w)| {
        format!(
            "; the largest ratio: {} = {} / {} = {:.3}",
            ratio_name(run, c),
            w.value,
            w.reference,
            w.ratio()
        )
    });
    format!("{timed} instances timed{worst}.")
}
