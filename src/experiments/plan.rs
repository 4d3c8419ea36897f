//! What the Experiments page runs, as pure data: the settings forms, the jobs for the workers
//! (split so that several workers share one experiment), and the merged outcome with its CSV.

pub use super::fields::Field;
use super::plans::explore::{ExploreRun, SearchKind};
use super::plans::{capitalised, explore, fig11, gonzalez, liu, wu};
use super::screen::Screen;
use hetcast_core::explore::Record;
use hetcast_core::registry::MODEL_MENU;
use hetcast_worker::{Canvas, Chart, Fig11Settings, Job, Message};

/// The experiments of the page, in the order of its tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Experiment {
    /// Paper 004, Figure 6 (`hetcast experiment liu-fig6`).
    LiuFig6,
    /// Paper 001, Figure 3 (`hetcast experiment wu-fig3`).
    WuFig3,
    /// Paper 001, Figure 4 (`hetcast experiment wu-fig4`).
    WuFig4,
    /// Paper 002, Figure 11 (`hetcast experiment beaumont-fig11`).
    Fig11,
    /// Paper 003's random instances (`hetcast experiment gonzalez-random`).
    Gonzalez,
    /// The explorer of every model (`hetcast experiment explore --model M`).
    Explore,
}

impl Experiment {
    /// Every experiment, in tab order.
    pub const ALL: [Experiment; 6] = [
        Experiment::LiuFig6,
        Experiment::WuFig3,
        Experiment::WuFig4,
        Experiment::Fig11,
        Experiment::Gonzalez,
        Experiment::Explore,
    ];

    /// The CLI's name (also in element ids and file names).
    pub fn key(self) -> &'static str {
        match self {
            Experiment::LiuFig6 => "liu-fig6",
            Experiment::WuFig3 => "wu-fig3",
            Experiment::WuFig4 => "wu-fig4",
            Experiment::Fig11 => "beaumont-fig11",
            Experiment::Gonzalez => "gonzalez-random",
            Experiment::Explore => "explore",
        }
    }

    /// The tab's text.
    pub fn tab(self) -> &'static str {
        match self {
            Experiment::LiuFig6 => "Liu Fig. 6",
            Experiment::WuFig3 => "Wu Fig. 3",
            Experiment::WuFig4 => "Wu Fig. 4",
            Experiment::Fig11 => "Beaumont Fig. 11",
            Experiment::Gonzalez => "Gonzalez",
            Experiment::Explore => "Explorer",
        }
    }

    /// One sentence: what it runs.
    pub fn about(self) -> &'static str {
        match self {
            Experiment::LiuFig6 => "Liu et al. (004) §5: FNF against random selection and the lower bound, clusters of n processors in three classes.",
            Experiment::WuFig3 => "Wu, Yeh, Liu (001) §5: FEF, ECF, WR, WRP on 64 nodes, 1 Gbps, small, large and hybrid messages.",
            Experiment::WuFig4 => "Wu, Yeh, Liu (001) §5: FEF, ECF, WR, WRP on 64 nodes, 155 Mbps, small, large and hybrid messages.",
            Experiment::Fig11 => "Beaumont, Legrand, Marchal, Robert (002) §7: each multicast heuristic's period over the lower bound and the scatter bound, Tiers-like platforms of 30 and 65 nodes.",
            Experiment::Gonzalez => "Gonzalez (003) §2: the steps of the 2d algorithm, single-send and no-forwarding over the degree d (and the optimum where the exact search runs), random instances.",
            Experiment::Explore => "How far each algorithm of a model is from the optimum or a lower bound over a family of small instances: the distribution and the worst cases, each one loads into the editor.",
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

/// The page's settings, as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Forms {
    values: Vec<(Field, String)>,
    /// Explorer: the model (an instance file's `model` tag).
    pub model: &'static str,
    /// Explorer: how the family is searched.
    pub search: SearchKind,
}

impl Default for Forms {
    /// Liu: the paper's settings; Wu: 100 runs (the paper's 1000 take minutes); the explorer:
    /// the node model's family of `hetcast experiment explore --model node` (2 kinds, costs 1
    /// to 3, 3 to 10 nodes), every member.
    fn default() -> Self {
        let v = |f: Field, s: &str| (f, s.to_string());
        let mut forms = Forms {
            values: vec![
                v(Field::LiuRuns, "200"),
                v(Field::LiuSeed, "2004"),
                v(Field::LiuNMin, "6"),
                v(Field::LiuNMax, "100"),
                v(Field::WuRuns, "100"),
                v(Field::WuSeed, "2001"),
                v(Field::Fig11Runs, "1"),
                v(Field::Fig11Seed, "1"),
                v(Field::Fig11Nodes, "65"),
                v(Field::Fig11Densities, "0.05,0.1,0.2,0.3,0.5,0.7,1"),
                v(Field::Fig11Targets, "uniform"),
                v(Field::GonzalezRuns, "20"),
                v(Field::Tries, "1000"),
                v(Field::ExSeed, "1"),
                v(Field::Climb, "1000"),
            ],
            model: "node",
            search: SearchKind::Every,
        };
        forms.set_model("node");
        forms
    }
}

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

    /// Show the explorer of `model` (a tag of the model menu), with its family's settings
    /// when the CLI is given no option.
    pub fn set_model(&mut self, model: &str) {
        if let Some(&(tag, ..)) = MODEL_MENU.iter().find(|m| m.0 == model) {
            self.model = tag;
            for (f, v) in explore::defaults(tag) {
                self.set(f, v);
            }
        }
    }

    /// Field `f` as a whole number in `lo..=hi`; the error names the field.
    pub(crate) fn int(&self, f: Field, lo: u64, hi: u64) -> Result<u64, String> {
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
            Experiment::LiuFig6 => Whole::Liu(liu::spec(self)?),
            Experiment::WuFig3 | Experiment::WuFig4 => {
                Whole::Wu(exp.figure(), wu::spec(self, exp.figure())?)
            }
            Experiment::Fig11 => Whole::Fig11(fig11::settings(self)?),
            Experiment::Gonzalez => Whole::Gonzalez(gonzalez::spec(self)?),
            Experiment::Explore => Whole::Explore(explore::settings(self)?),
        })
    }
}

/// One experiment with all its settings.
#[derive(Clone, Debug, PartialEq)]
pub enum Whole {
    /// Liu Figure 6.
    Liu(liu::Spec),
    /// Wu Figure 3 or 4.
    Wu(u32, wu::Spec),
    /// Beaumont et al. Figure 11.
    Fig11(Fig11Settings),
    /// Gonzalez's random experiment.
    Gonzalez(gonzalez::Spec),
    /// The explorer.
    Explore(ExploreRun),
}

impl Whole {
    /// The jobs for `workers` workers, which take them in turn: Liu's sizes in contiguous
    /// ranges of about equal work, one per worker; Wu's runs in contiguous chunks that shrink
    /// along the queue (every run keeps its seed, so the rows are those of one `liu_fig6` or
    /// `wu_figure` call); the explorer in parts (`--shard K/N`, joined: one run).
    pub fn jobs(&self, workers: usize) -> Vec<Job> {
        let workers = workers.max(1);
        match self {
            Whole::Liu(spec) => liu::jobs(spec, workers),
            Whole::Wu(_, spec) => wu::jobs(spec, workers),
            Whole::Fig11(settings) => fig11::jobs(settings),
            Whole::Gonzalez(spec) => gonzalez::jobs(spec),
            Whole::Explore(run) => explore::jobs(run, workers),
        }
    }

    /// The outcome from the workers' answers to [`Whole::jobs`] (one per job, in the jobs'
    /// order).
    pub fn merge(&self, answers: Vec<Message>) -> Result<Outcome, String> {
        if let Some(error) = answers.iter().find_map(|m| match m {
            Message::Failed { error, .. } => Some(error.clone()),
            _ => None,
        }) {
            return Err(error);
        }
        Ok(match self {
            Whole::Liu(spec) => Outcome::Liu(*spec, liu::merge(answers)),
            Whole::Wu(figure, spec) => {
                Outcome::Wu(*figure, spec.clone(), wu::merge(spec, answers)?)
            }
            Whole::Explore(run) => Outcome::Explore(*run, explore::join(answers)?),
            Whole::Fig11(s) => Outcome::Fig11(s.clone(), fig11::merge(s, &answers)?),
            Whole::Gonzalez(s) => Outcome::Gonzalez(s.clone(), gonzalez::merge(s, &answers)?),
        })
    }
}

/// The work of `job` as its progress counts it (0 where only the worker knows: the
/// explorer): Liu's nodes, Wu's runs, Gonzalez's instances, one per Figure 11 platform.
pub fn units(job: &Job) -> u64 {
    match job {
        Job::LiuFig6 { .. } => liu::units(job),
        Job::WuItems { from, to, .. } | Job::Gonzalez { from, to, .. } => {
            to.saturating_sub(*from) as u64
        }
        Job::Fig11 { .. } => 1,
        Job::Explore { .. }
        | Job::Platform { .. }
        | Job::Overhead { .. }
        | Job::Multi { .. }
        | Job::Multimessage { .. }
        | Job::Charts { .. } => 0,
    }
}

/// A finished experiment.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Liu Figure 6: settings and rows.
    Liu(liu::Spec, Vec<liu::Row>),
    /// Wu Figure 3 or 4: figure, settings and rows.
    Wu(u32, wu::Spec, Vec<wu::Row>),
    /// Beaumont et al. Figure 11: settings and rows.
    Fig11(Fig11Settings, Vec<fig11::Row>),
    /// Gonzalez's random experiment: settings and one row per instance.
    Gonzalez(gonzalez::Spec, Vec<gonzalez::Row>),
    /// The explorer: the search and, per comparison, what it found.
    Explore(ExploreRun, Vec<Record>),
}

/// The charts of an outcome, drawn by a worker ([`ChartSet::job`]): those the page shows, then
/// the files as the CLI writes them.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartSet {
    /// The page's charts (Figure 11's panels, shown one after the other; the explorer's, one
    /// per comparison, shown one at a time).
    pub screen: Vec<Chart>,
    /// The files: name and chart.
    pub files: Vec<(String, Chart)>,
}

impl ChartSet {
    /// The worker's job: every chart, the page's first.
    pub fn job(&self) -> Job {
        Job::Charts {
            charts: self
                .screen
                .iter()
                .chain(self.files.iter().map(|(_, c)| c))
                .cloned()
                .collect(),
        }
    }

    /// The page's SVG texts and the files (name, SVG text), from the worker's answer to
    /// [`ChartSet::job`].
    pub fn split(&self, mut svgs: Vec<String>) -> Result<Drawn, String> {
        if svgs.len() != self.screen.len() + self.files.len() {
            return Err(format!(
                "the worker drew {} of the {} charts",
                svgs.len(),
                self.screen.len() + self.files.len()
            ));
        }
        let files = svgs.split_off(self.screen.len());
        let names = self.files.iter().map(|(n, _)| n.clone());
        Ok((svgs, names.zip(files).collect()))
    }
}

/// The page's charts and the files (name, SVG text), as the worker drew them.
pub type Drawn = (Vec<String>, Vec<(String, String)>);

/// The page's line and bar charts: at most this many times as high as wide.
const CHART_RATIO: f64 = 0.62;
/// The explorer's histogram (under it, its comparisons and worst instances).
const HISTOGRAM_RATIO: f64 = 0.37;

impl Outcome {
    /// The charts (the CLI's, from `hetcast-charts`, drawn by a worker): the page's, drawn for
    /// `screen` ([`Outcome::screen_charts`]); and the files, the CLI's names and sizes.
    pub fn charts(&self, screen: Option<Screen>) -> ChartSet {
        let files = match self {
            Outcome::Fig11(s, rows) => fig11::charts(s, rows, Canvas::File),
            Outcome::Explore(run, records) => explore::file_charts(run, records),
            _ => self
                .chart(Canvas::File)
                .map(|c| (format!("{}.svg", self.file_stem()), c))
                .into_iter()
                .collect(),
        };
        ChartSet {
            screen: self.screen_charts(screen),
            files,
        }
    }

    /// The page's charts, for `screen` (the room they are shown in at 1:1; before it is
    /// measured, on the fixed [`Canvas::Screen`]): Figure 11's panels, shown one after the
    /// other; the explorer's, one per comparison, shown one at a time.
    pub fn screen_charts(&self, screen: Option<Screen>) -> Vec<Chart> {
        let canvas = screen.map_or(Canvas::Screen, |s| s.canvas(CHART_RATIO, false));
        match self {
            Outcome::Fig11(s, rows) => fig11::charts(s, rows, canvas)
                .into_iter()
                .map(|(_, c)| c)
                .collect(),
            Outcome::Explore(run, records) => {
                let canvas = screen.map_or(explore::SCREEN, |s| s.canvas(HISTOGRAM_RATIO, true));
                (0..records.len())
                    .map(|c| explore::chart(run, records, c, canvas))
                    .collect()
            }
            // Wu's canvas is one panel's.
            Outcome::Wu(figure, spec, rows) => vec![wu::chart(*figure, spec, rows, canvas, true)],
            _ => self.chart(canvas).into_iter().collect(),
        }
    }

    /// The one chart of Liu's, Wu's and Gonzalez's experiments on `canvas` (`None` for the
    /// others, which have several: [`Outcome::charts`]).
    fn chart(&self, canvas: Canvas) -> Option<Chart> {
        match self {
            Outcome::Liu(spec, rows) => Some(liu::chart(spec, rows, canvas)),
            Outcome::Wu(figure, spec, rows) => Some(wu::chart(*figure, spec, rows, canvas, false)),
            Outcome::Gonzalez(_, rows) => Some(gonzalez::chart(rows, canvas)),
            Outcome::Fig11(..) | Outcome::Explore(..) => None,
        }
    }

    /// The data as CSV (the CLI's files: `liu-fig6.csv`, `wu-figN.csv`, `beaumont-fig11.csv`,
    /// `gonzalez-random.csv`, `explore-M.csv`).
    pub fn csv(&self) -> String {
        match self {
            Outcome::Liu(_, rows) => liu::csv(rows),
            Outcome::Wu(_, _, rows) => wu::csv(rows),
            Outcome::Explore(run, records) => explore::csv(run, records),
            Outcome::Fig11(_, rows) => fig11::csv(rows),
            Outcome::Gonzalez(_, rows) => gonzalez::csv(rows),
        }
    }

    /// The file name without extension (the CLI's).
    pub fn file_stem(&self) -> String {
        match self {
            Outcome::Liu(..) => "liu-fig6".into(),
            Outcome::Wu(figure, ..) => format!("wu-fig{figure}"),
            Outcome::Explore(run, _) => format!("explore-{}", run.family.tag()),
            Outcome::Fig11(..) => Experiment::Fig11.key().into(),
            Outcome::Gonzalez(..) => Experiment::Gonzalez.key().into(),
        }
    }

    /// One line on what the result shows.
    pub fn summary(&self) -> String {
        match self {
            Outcome::Fig11(s, rows) => fig11::summary(s, rows),
            Outcome::Gonzalez(s, rows) => gonzalez::summary_line(s, rows),
            Outcome::Liu(spec, rows) => liu::summary(spec, rows),
            Outcome::Wu(_, spec, rows) => wu::summary(spec, rows),
            Outcome::Explore(run, records) => explore::summary(run, records),
        }
    }
}
