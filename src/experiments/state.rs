//! The Experiments page's own state: the tab, the forms, the run in progress and the last
//! result of each experiment ([`ExpState`], changed by [`ExpAction`]s).

use super::plan::{ChartSet, Experiment, Field, Forms, Outcome, Whole};
use super::plans::explore::SearchKind;
use super::screen::Screen;
use hetcast_worker::Message;
use std::rc::Rc;
use yew::Reducible;

/// A run in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Running {
    /// The job id of its requests.
    pub id: u32,
    /// Which experiment.
    pub exp: Experiment,
    /// Its settings.
    pub whole: Whole,
    /// `(done, total)` of each job.
    pub parts: Vec<(u64, u64)>,
    /// The workers sharing the jobs.
    pub workers: usize,
    /// Each job's answer, when it has come.
    pub answers: Vec<Option<Message>>,
    /// When it started (ms, `Date.now()`).
    pub started: f64,
    /// The last time a message came (ms).
    pub now: f64,
    /// Once every answer is in: the outcome, its charts being drawn by a worker.
    pub drawing: Option<Drawing>,
}

/// A run whose answers are all in, while a worker draws its charts.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    /// The result.
    pub outcome: Outcome,
    /// Its charts (the worker's job).
    pub charts: ChartSet,
    /// The room the page's charts are drawn for.
    pub screen: Option<Screen>,
    /// Wall-clock seconds from the click to the last answer.
    pub seconds: f64,
}

impl Running {
    /// Work done and work in all, over the workers (0 of 0 until they have said).
    pub fn progress(&self) -> (u64, u64) {
        self.parts
            .iter()
            .fold((0, 0), |(d, t), &(pd, pt)| (d + pd, t + pt))
    }
}

/// A finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct Done {
    /// The result.
    pub outcome: Outcome,
    /// Its charts on the page (Figure 11's panels, shown one after the other; the explorer's,
    /// one per comparison), or why they could not be drawn.
    pub svg: Result<Vec<String>, String>,
    /// The chart files as the CLI writes them (name, SVG text).
    pub files: Vec<(String, String)>,
    /// Wall-clock seconds from the click to the last answer.
    pub seconds: f64,
    /// Workers used.
    pub workers: usize,
    /// The run's job id.
    pub id: u32,
    /// The room the page's charts were drawn for.
    pub screen: Option<Screen>,
}

/// The page's state.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ExpState {
    /// The experiment on screen.
    pub tab: Option<Experiment>,
    /// The settings.
    pub forms: Forms,
    /// The run in progress (one at a time).
    pub running: Option<Running>,
    /// The last result of each experiment.
    pub done: Vec<(Experiment, Rc<Done>)>,
    /// The last error, with its experiment.
    pub error: Option<(Experiment, String)>,
    /// The explorer's comparison whose chart and worst instances are on screen.
    pub comparison: usize,
    /// The room the page's charts are drawn for, once measured.
    pub screen: Option<Screen>,
}

impl ExpState {
    /// The experiment on screen (Liu Figure 6 at first).
    pub fn tab(&self) -> Experiment {
        self.tab.unwrap_or(Experiment::LiuFig6)
    }

    /// The last result of `exp`.
    pub fn done(&self, exp: Experiment) -> Option<&Rc<Done>> {
        self.done.iter().find(|(e, _)| *e == exp).map(|(_, d)| d)
    }
}

/// What changes the page's state.
#[derive(Clone, Debug, PartialEq)]
pub enum ExpAction {
    /// Show another experiment.
    Tab(Experiment),
    /// Type into a field.
    Set(Field, String),
    /// The explorer's model (an instance file's `model` tag): its family's default settings.
    Model(String),
    /// The explorer's search.
    Search(SearchKind),
    /// Show the explorer's comparison `0` (its chart and worst instances).
    Comparison(usize),
    /// A run started at `at` ms: its jobs' work (`plan::units`) shared by `workers`.
    Started {
        /// Job id.
        id: u32,
        /// Which.
        exp: Experiment,
        /// Settings.
        whole: Whole,
        /// Each job's work as its progress counts it (0: unknown until the worker says).
        units: Vec<u64>,
        /// Workers.
        workers: usize,
        /// When.
        at: f64,
    },
    /// Message `1` about job `0`, arrived at `2` ms.
    Worker(usize, Message, f64),
    /// Stop the run (the page has terminated the workers).
    Cancel,
    /// The room of the charts, measured.
    Screen(Screen),
    /// A worker's answer to the job of drawing the page's charts of run `id` again, for
    /// `screen`: the charts, or why not.
    Redrawn(u32, Screen, Message),
    /// A run could not start.
    Failed(Experiment, String),
}

impl Reducible for ExpState {
    type Action = ExpAction;

    fn reduce(self: Rc<Self>, action: ExpAction) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            ExpAction::Tab(e) => s.tab = Some(e),
            ExpAction::Set(f, v) => s.forms.set(f, v),
            ExpAction::Model(m) => s.forms.set_model(&m),
            ExpAction::Search(k) => s.forms.search = k,
            ExpAction::Comparison(c) => s.comparison = c,
            ExpAction::Started {
                id,
                exp,
                whole,
                units,
                workers,
                at,
            } => {
                s.error = None;
                s.running = Some(Running {
                    id,
                    exp,
                    whole,
                    answers: vec![None; units.len()],
                    parts: units.into_iter().map(|u| (0, u)).collect(),
                    workers,
                    started: at,
                    now: at,
                    drawing: None,
                });
            }
            ExpAction::Worker(i, m, at) => {
                let Some(run) = s.running.as_mut() else {
                    return self;
                };
                if m.id() != Some(run.id) || i >= run.parts.len() {
                    return self;
                }
                run.now = at;
                if let Some(d) = run.drawing.as_ref() {
                    let drawn = match m {
                        Message::Charts { svgs, .. } => d.charts.split(svgs),
                        Message::Failed { error, .. } => Err(error),
                        _ => return Rc::new(s),
                    };
                    let run = s.running.take().expect("running");
                    let d = run.drawing.expect("drawing");
                    let (svg, files) = match drawn {
                        Ok((svgs, files)) => (Ok(svgs), files),
                        Err(e) => (Err(e), Vec::new()),
                    };
                    let done = Done {
                        outcome: d.outcome,
                        svg,
                        files,
                        seconds: d.seconds,
                        workers: run.workers,
                        id: run.id,
                        screen: d.screen,
                    };
                    if run.exp == Experiment::Explore {
                        s.comparison = 0;
                    }
                    s.done.retain(|(e, _)| *e != run.exp);
                    s.done.push((run.exp, Rc::new(done)));
                    return Rc::new(s);
                }
                match m {
                    Message::Progress { done, total, .. } => run.parts[i] = (done, total),
                    Message::Failed { error, .. } => {
                        let exp = run.exp;
                        s.running = None;
                        s.error = Some((exp, error));
                    }
                    m => {
                        run.parts[i].0 = run.parts[i].1;
                        run.answers[i] = Some(m);
                        if run.answers.iter().all(Option::is_some) {
                            // The page then asks a worker for the charts (`Drawing`).
                            let answers = std::mem::take(&mut run.answers).into_iter().flatten();
                            match run.whole.merge(answers.collect()) {
                                Ok(outcome) => {
                                    run.drawing = Some(Drawing {
                                        charts: outcome.charts(s.screen),
                                        screen: s.screen,
                                        outcome,
                                        seconds: (at - run.started) / 1000.0,
                                    });
                                }
                                Err(e) => {
                                    let exp = run.exp;
                                    s.running = None;
                                    s.error = Some((exp, e));
                                }
                            }
                        }
                    }
                }
            }
            ExpAction::Cancel => s.running = None,
            ExpAction::Screen(screen) => {
                if s.screen == Some(screen) {
                    return self;
                }
                s.screen = Some(screen);
            }
            ExpAction::Redrawn(id, screen, m) => {
                let Some((_, done)) = s.done.iter_mut().find(|(_, d)| d.id == id) else {
                    return self;
                };
                let svg = match m {
                    Message::Charts { svgs, .. } => Ok(svgs),
                    Message::Failed { error, .. } => Err(error),
                    _ => return self,
                };
                *done = Rc::new(Done {
                    svg,
                    screen: Some(screen),
                    ..(**done).clone()
                });
            }
            ExpAction::Failed(e, why) => s.error = Some((e, why)),
        }
        Rc::new(s)
    }
}
