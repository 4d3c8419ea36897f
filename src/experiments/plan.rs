//! What the Experiments page runs, as pure data: the settings forms, the jobs for the workers
//! (split so that several workers share one experiment), and the merged outcome with its CSV.

use hetcast_charts::Size;
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::multi::experiment::{self as wu, WuRow, WuSpec};
use hetcast_core::models::overhead::experiment::{self as liu, LiuFig6Row, LiuFig6Spec};
use hetcast_core::models::overhead::explore::histogram_csv;
use hetcast_core::models::overhead::ModelKind;
use hetcast_worker::{ExploreSettings, Found, Job, Message};

/// The experiments of the page, in the order of its tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Experiment {
    /// Paper 004, Figure 6 (`hetcast experiment liu-fig6`).
    LiuFig6,
    /// Paper 001, Figure 3 (`hetcast experiment wu-fig3`).
    WuFig3,
    /// Paper 001, Figure 4 (`hetcast experiment wu-fig4`).
    WuFig4,
    /// The counterexample explorer (`hetcast experiment greedy-explore`).
    Explore,
}

impl Experiment {
    /// Every experiment, in tab order.
    pub const ALL: [Experiment; 4] = [
        Experiment::LiuFig6,
        Experiment::WuFig3,
        Experiment::WuFig4,
        Experiment::Explore,
    ];

    /// The CLI's name (also in element ids and file names).
    pub fn key(self) -> &'static str {
        match self {
            Experiment::LiuFig6 => "liu-fig6",
            Experiment::WuFig3 => "wu-fig3",
            Experiment::WuFig4 => "wu-fig4",
            Experiment::Explore => "explore",
        }
    }

    /// The tab's text.
    pub fn tab(self) -> &'static str {
        match self {
            Experiment::LiuFig6 => "Liu Fig. 6",
            Experiment::WuFig3 => "Wu Fig. 3",
            Experiment::WuFig4 => "Wu Fig. 4",
            Experiment::Explore => "Explorer",
        }
    }

    /// One sentence: what it runs.
    pub fn about(self) -> &'static str {
        match self {
            Experiment::LiuFig6 => "Liu et al. (004) §5: FNF against random selection and the lower bound, clusters of n processors in three classes.",
            Experiment::WuFig3 => "Wu, Yeh, Liu (001) §5: FEF, ECF, WR, WRP on 64 nodes, 1 Gbps, small, large and hybrid messages.",
            Experiment::WuFig4 => "Wu, Yeh, Liu (001) §5: FEF, ECF, WR, WRP on 64 nodes, 155 Mbps, small, large and hybrid messages.",
            Experiment::Explore => "How far greedy is from the optimum over a whole family of instances: the distribution and the worst cases.",
        }
    }

    /// The paper's figure number of a Wu experiment.
    fn figure(self) -> u32 {
        if self == Experiment::WuFig4 {
            4
        } else {
            3
        }
    }
}

/// A settings field of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// Liu: random-selection runs per size.
    LiuRuns,
    /// Liu: first seed.
    LiuSeed,
    /// Liu: smallest cluster.
    LiuNMin,
    /// Liu: largest cluster.
    LiuNMax,
    /// Wu: random instances per point.
    WuRuns,
    /// Wu: base seed.
    WuSeed,
    /// Explorer: number of destination kinds.
    Types,
    /// Explorer: largest cost.
    MaxCost,
    /// Explorer: fewest nodes.
    ExNMin,
    /// Explorer: most nodes.
    ExNMax,
    /// Explorer: random tries.
    Tries,
    /// Explorer: seed of the random search.
    ExSeed,
}

impl Field {
    /// The fields of `exp`'s form, in order (the explorer's model and search are menus).
    pub fn of(exp: Experiment) -> &'static [Field] {
        match exp {
            Experiment::LiuFig6 => &[
                Field::LiuRuns,
                Field::LiuSeed,
                Field::LiuNMin,
                Field::LiuNMax,
            ],
            Experiment::WuFig3 | Experiment::WuFig4 => &[Field::WuRuns, Field::WuSeed],
            Experiment::Explore => &[Field::Types, Field::MaxCost, Field::ExNMin, Field::ExNMax],
        }
    }

    /// The input's element id.
    pub fn id(self) -> &'static str {
        match self {
            Field::LiuRuns => "exp-liu-runs",
            Field::LiuSeed => "exp-liu-seed",
            Field::LiuNMin => "exp-liu-n-min",
            Field::LiuNMax => "exp-liu-n-max",
            Field::WuRuns => "exp-wu-runs",
            Field::WuSeed => "exp-wu-seed",
            Field::Types => "exp-types",
            Field::MaxCost => "exp-max-cost",
            Field::ExNMin => "exp-n-min",
            Field::ExNMax => "exp-n-max",
            Field::Tries => "exp-tries",
            Field::ExSeed => "exp-seed",
        }
    }

    /// The label.
    pub fn label(self) -> &'static str {
        match self {
            Field::LiuRuns => "random runs per n",
            Field::WuRuns => "runs per point",
            Field::LiuSeed | Field::WuSeed | Field::ExSeed => "seed",
            Field::LiuNMin => "n from",
            Field::LiuNMax => "n to",
            Field::Types => "kinds of node",
            Field::MaxCost => "largest cost",
            Field::ExNMin => "nodes from",
            Field::ExNMax => "nodes to",
            Field::Tries => "random tries",
        }
    }

    /// What the paper used, or a hint (shown after the input).
    pub fn hint(self) -> &'static str {
        match self {
            Field::LiuRuns => "paper: 200",
            Field::LiuNMin | Field::LiuNMax => "paper: 6 to 100",
            Field::WuRuns => "paper: 1000",
            Field::Types => "1 to 4",
            Field::MaxCost => "costs 1 to this",
            Field::ExNMin | Field::ExNMax => "source included",
            _ => "",
        }
    }
}

/// The page's settings, as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Forms {
    values: Vec<(Field, String)>,
    /// Explorer: the model.
    pub model: ModelKind,
    /// Explorer: a random search (otherwise every member).
    pub random: bool,
}

impl Default for Forms {
    /// Liu: the paper's settings; Wu: 100 runs (the paper's 1000 take minutes); the explorer:
    /// a small family searched in a blink (node model, 2 kinds, costs 1 to 3, 3 to 7 nodes).
    fn default() -> Self {
        let v = |f: Field, s: &str| (f, s.to_string());
        Forms {
            values: vec![
                v(Field::LiuRuns, "200"),
                v(Field::LiuSeed, "2004"),
                v(Field::LiuNMin, "6"),
                v(Field::LiuNMax, "100"),
                v(Field::WuRuns, "100"),
                v(Field::WuSeed, "2001"),
                v(Field::Types, "2"),
                v(Field::MaxCost, "3"),
                v(Field::ExNMin, "3"),
                v(Field::ExNMax, "7"),
                v(Field::Tries, "10000"),
                v(Field::ExSeed, "1"),
            ],
            model: ModelKind::Node,
            random: false,
        }
    }
}

/// The largest Liu cluster the page takes (the CLI takes more).
pub const LIU_N_LIMIT: u64 = 1000;
/// The most random-selection runs per size the page takes.
pub const LIU_RUNS_LIMIT: u64 = 10_000;
/// The most Wu runs per point the page takes.
pub const WU_RUNS_LIMIT: u64 = 100_000;

impl Forms {
    /// The text of field `f`.
    pub fn get(&self, f: Field) -> &str {
        self.values
            .iter()
            .find(|(g, _)| *g == f)
            .map_or("", |(_, s)| s.as_str())
    }

    /// Set the text of field `f`.
    pub fn set(&mut self, f: Field, text: String) {
        match self.values.iter_mut().find(|(g, _)| *g == f) {
            Some(slot) => slot.1 = text,
            None => self.values.push((f, text)),
        }
    }

    /// Field `f` as a whole number in `lo..=hi`; the error names the field.
    fn int(&self, f: Field, lo: u64, hi: u64) -> Result<u64, String> {
        let text = self.get(f).trim();
        text.parse::<u64>()
            .ok()
            .filter(|v| (lo..=hi).contains(v))
            .ok_or_else(|| {
                format!(
                    "{}: a whole number from {lo} to {hi}, not '{text}'",
                    capitalised(f.label())
                )
            })
    }

    /// The whole experiment `exp` as the forms say, or what is wrong with them.
    pub fn whole(&self, exp: Experiment) -> Result<Whole, String> {
        Ok(match exp {
            Experiment::LiuFig6 => {
                let n_max = self.int(Field::LiuNMax, 2, LIU_N_LIMIT)?;
                Whole::Liu(LiuFig6Spec {
                    runs: self.int(Field::LiuRuns, 1, LIU_RUNS_LIMIT)? as usize,
                    seed: self.int(Field::LiuSeed, 0, u64::MAX)?,
                    n_min: self.int(Field::LiuNMin, 2, n_max)? as usize,
                    n_max: n_max as usize,
                })
            }
            Experiment::WuFig3 | Experiment::WuFig4 => {
                let base = if exp == Experiment::WuFig4 {
                    WuSpec::fig4()
                } else {
                    WuSpec::fig3()
                };
                Whole::Wu(
                    exp.figure(),
                    WuSpec {
                        runs: self.int(Field::WuRuns, 1, WU_RUNS_LIMIT)? as usize,
                        seed: self.int(Field::WuSeed, 0, u64::MAX)?,
                        threads: 1,
                        ..base
                    },
                )
            }
            Experiment::Explore => {
                let settings = ExploreSettings {
                    model: self.model,
                    types: self.int(Field::Types, 1, 99)? as usize,
                    max_cost: self.int(Field::MaxCost, 1, 9999)? as u32,
                    n_min: self.int(Field::ExNMin, 0, 999)? as usize,
                    n_max: self.int(Field::ExNMax, 0, 999)? as usize,
                    random: if self.random {
                        Some((
                            self.int(Field::Tries, 1, u64::MAX)?,
                            self.int(Field::ExSeed, 0, u64::MAX)?,
                        ))
                    } else {
                        None
                    },
                };
                settings
                    .spec()
                    .validate()
                    .map_err(|e| capitalised(&e.to_string()))?;
                Whole::Explore(settings)
            }
        })
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// One experiment with all its settings.
#[derive(Clone, Debug, PartialEq)]
pub enum Whole {
    /// Liu Figure 6.
    Liu(LiuFig6Spec),
    /// Wu Figure 3 or 4.
    Wu(u32, WuSpec),
    /// The explorer.
    Explore(ExploreSettings),
}

impl Whole {
    /// The jobs for at most `workers` workers: Liu's sizes and Wu's runs in contiguous ranges
    /// of about equal work (every run keeps its seed, so the rows are those of one `liu_fig6`
    /// or `wu_figure` call), the explorer in one piece (it searches in order).
    pub fn jobs(&self, workers: usize) -> Vec<Job> {
        let workers = workers.max(1);
        match self {
            Whole::Liu(spec) => {
                let sizes: Vec<usize> = (spec.n_min.max(2)..=spec.n_max).collect();
                let work: usize = sizes.iter().sum();
                let mut jobs = Vec::new();
                let mut start = 0;
                let mut acc = 0;
                for (i, &n) in sizes.iter().enumerate() {
                    acc += n;
                    let share = work * (jobs.len() + 1) / workers;
                    if acc >= share || i + 1 == sizes.len() {
                        jobs.push(Job::LiuFig6 {
                            spec: LiuFig6Spec {
                                n_min: sizes[start],
                                n_max: n,
                                ..*spec
                            },
                        });
                        start = i + 1;
                    }
                }
                jobs
            }
            Whole::Wu(_, spec) => {
                // Contiguous ranges of the runs of equal work; a run's work grows with its
                // number of sources (about linearly: the 64-source point is half of it all).
                let Ok(items) = wu::wu_items(spec) else {
                    // Bad settings: one job, whose worker reports the error.
                    return vec![Job::WuItems {
                        spec: spec.clone(),
                        from: 0,
                        to: 0,
                    }];
                };
                let weight = |i: usize| wu::wu_item_sources(spec, i) as u64 + 1;
                let work: u64 = (0..items).map(weight).sum();
                let mut jobs = Vec::new();
                let (mut from, mut acc) = (0, 0);
                for i in 0..items {
                    acc += weight(i);
                    let share = work * (jobs.len() as u64 + 1) / workers as u64;
                    if acc >= share || i + 1 == items {
                        jobs.push(Job::WuItems {
                            spec: spec.clone(),
                            from,
                            to: i + 1,
                        });
                        from = i + 1;
                    }
                }
                jobs
            }
            Whole::Explore(settings) => vec![Job::Explore {
                settings: *settings,
            }],
        }
    }

    /// The outcome from the workers' answers to [`Whole::jobs`] (one per job, in the jobs'
    /// order).
    pub fn merge(&self, answers: Vec<Message>) -> Result<Outcome, String> {
        let mut liu_rows: Vec<LiuFig6Row> = Vec::new();
        let mut wu_times: Vec<[f64; 5]> = Vec::new();
        let mut found = None;
        for m in answers {
            match m {
                Message::LiuFig6 { rows, .. } => liu_rows.extend(rows),
                Message::WuTimes { times, .. } => wu_times.extend(times),
                Message::Explored { found: f, .. } => found = Some(f),
                Message::Failed { error, .. } => return Err(error),
                Message::Ready | Message::Progress { .. } | Message::PlatformSolved { .. } => {}
            }
        }
        Ok(match self {
            Whole::Liu(spec) => {
                liu_rows.sort_by_key(|r| r.n);
                Outcome::Liu(*spec, liu_rows)
            }
            Whole::Wu(figure, spec) => Outcome::Wu(
                *figure,
                spec.clone(),
                wu::wu_rows(spec, &wu_times).map_err(|e| e.to_string())?,
            ),
            Whole::Explore(settings) => Outcome::Explore(
                *settings,
                found.ok_or_else(|| "the worker sent no result".to_string())?,
            ),
        })
    }
}

/// A finished experiment.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Liu Figure 6: settings and rows.
    Liu(LiuFig6Spec, Vec<LiuFig6Row>),
    /// Wu Figure 3 or 4: figure, settings and rows.
    Wu(u32, WuSpec, Vec<WuRow>),
    /// The explorer: settings and what it found.
    Explore(ExploreSettings, Found),
}

impl Outcome {
    /// The chart (the CLI's, from `hetcast-charts`) as SVG text, on the page's smaller canvas
    /// (the same type sizes, so larger once it fits the screen).
    pub fn svg(&self) -> Result<String, String> {
        match self {
            Outcome::Liu(spec, rows) => {
                hetcast_charts::liu_fig6_sized(rows, spec.runs, Size::SCREEN)
            }
            Outcome::Wu(figure, spec, rows) => {
                hetcast_charts::wu_figure_sized(rows, spec, *figure, Size::WU_PANEL_SCREEN)
            }
            Outcome::Explore(s, found) => hetcast_charts::explore_histogram(
                &found.histogram,
                &explore_title(s),
                Size {
                    width: 900,
                    height: 330,
                },
            ),
        }
    }

    /// The chart as the CLI writes it (the files' size), for downloading.
    pub fn file_svg(&self) -> Result<String, String> {
        match self {
            Outcome::Liu(spec, rows) => hetcast_charts::liu_fig6(rows, spec.runs),
            Outcome::Wu(figure, spec, rows) => hetcast_charts::wu_figure(rows, spec, *figure),
            Outcome::Explore(s, found) => {
                hetcast_charts::explore_histogram(&found.histogram, &explore_title(s), Size::FILE)
            }
        }
    }

    /// The data as CSV (the CLI's columns: `liu-fig6.csv`, `wu-figN.csv`,
    /// `greedy-explore.csv`).
    pub fn csv(&self) -> String {
        match self {
            Outcome::Liu(_, rows) => liu::to_csv(rows),
            Outcome::Wu(_, _, rows) => wu::to_csv(rows),
            Outcome::Explore(_, found) => histogram_csv(&found.histogram),
        }
    }

    /// The file name without extension (the CLI's).
    pub fn file_stem(&self) -> String {
        match self {
            Outcome::Liu(..) => "liu-fig6".into(),
            Outcome::Wu(figure, ..) => format!("wu-fig{figure}"),
            Outcome::Explore(..) => "greedy-explore".into(),
        }
    }

    /// One line on what the result shows.
    pub fn summary(&self) -> String {
        match self {
            Outcome::Liu(spec, rows) => match rows.last() {
                Some(r) => format!(
                    "n = {}: FNF {}, random selection {:.2} on average (best {}, worst {}), lower bound {}; {} runs per n.",
                    r.n, r.fnf, r.random_mean, r.random_min, r.random_max, r.lower_bound, spec.runs
                ),
                None => "No rows.".into(),
            },
            Outcome::Wu(_, spec, rows) => {
                let wins = rows.iter().filter(|r| r.is_best(MultiAlgorithm::Wrp)).count();
                let max = rows.iter().map(WuRow::wrp_over_lb).fold(0.0, f64::max);
                format!(
                    "WRP has the lowest mean at {wins} of {} points; mean WRP / mean lower bound at most {max:.2}; {} runs per point.",
                    rows.len(),
                    spec.runs
                )
            }
            Outcome::Explore(_, f) => {
                let worst = f.worst.first().map_or(String::new(), |w| {
                    format!(
                        "; worst greedy / optimum = {} / {} = {:.3}",
                        w.greedy,
                        w.optimum,
                        w.ratio()
                    )
                });
                format!(
                    "{} instances timed; greedy optimal in {} ({:.0}%){worst}.",
                    f.tried,
                    f.greedy_optimal,
                    100.0 * f.greedy_optimal as f64 / f.tried.max(1) as f64
                )
            }
        }
    }
}

/// The explorer chart's title.
fn explore_title(s: &ExploreSettings) -> String {
    format!(
        "greedy / optimum: {} model, {} kinds, costs 1-{}, {}-{} nodes{}",
        s.model.name().replace('_', "-"),
        s.types,
        s.max_cost,
        s.n_min,
        s.n_max,
        match s.random {
            Some((tries, _)) => format!(", {tries} random"),
            None => String::new(),
        }
    )
}
