//! The runs of a model's algorithms in web workers, as its state keeps them: which algorithms
//! the latest run asked for, which have answered, and which row to select once it comes. A
//! model's runner component starts a pool for [`WorkerRuns::job`] ([`use_worker_runs`]); the
//! pool's answers come back to the model's reducer, which makes its rows.

use hetcast_worker::{Job, Message, Request};
use yew::prelude::*;

use crate::experiments::pool::{run_requests, Pool, SPARE_WORKERS};
use crate::models::kept::{ModelScenario, RunSpec};
use crate::models::{Results, Row};
use hetcast_core::catalog::Catalog;

/// The algorithms of a model running in web workers.
#[derive(Clone, Debug, PartialEq)]
pub struct WorkerRuns<A> {
    /// The number of the latest run (a new number starts a new pool; older answers are
    /// ignored).
    pub job: u32,
    /// The algorithms of run `job`, in request order (the answer to request `i` is about
    /// `pending[i]`).
    pub pending: Vec<A>,
    /// Which of `pending` have answered.
    pub answered: Vec<bool>,
    /// The algorithm to select once its row comes.
    pub follow: Option<A>,
}

impl<A> Default for WorkerRuns<A> {
    fn default() -> WorkerRuns<A> {
        WorkerRuns {
            job: 0,
            pending: Vec::new(),
            answered: Vec::new(),
            follow: None,
        }
    }
}

impl<A: Copy + PartialEq> WorkerRuns<A> {
    /// Start a run of `algos` with those still running; `follow` (else `selected`, when no
    /// row is selected: `nothing_selected`) is selected once its row comes.
    pub fn start(
        &mut self,
        algos: &[A],
        follow: Option<A>,
        selected: Option<A>,
        nothing_selected: bool,
    ) {
        let mut all: Vec<A> = self.running().collect();
        for &a in algos {
            if !all.contains(&a) {
                all.push(a);
            }
        }
        if all.is_empty() {
            return;
        }
        self.follow = follow.or(self.follow);
        if self.follow.is_none() && nothing_selected {
            self.follow = selected;
        }
        self.job = self.job.wrapping_add(1);
        self.answered = vec![false; all.len()];
        self.pending = all;
    }

    /// The algorithm of request `index` of run `job`, when that is the latest run.
    pub fn of(&self, job: u32, index: usize) -> Option<A> {
        (job == self.job).then(|| self.pending.get(index).copied())?
    }

    /// Request `index` has answered with `algo`'s row: whether to select that row (it is
    /// followed, or nothing is followed and `nothing_selected`).
    pub fn answered(&mut self, index: usize, algo: A, nothing_selected: bool) -> bool {
        let select = match self.follow {
            Some(f) => f == algo,
            None => nothing_selected,
        };
        if select {
            self.follow = None;
        }
        // The other requests keep their index: this one is marked answered until all are.
        if let Some(a) = self.answered.get_mut(index) {
            *a = true;
        }
        if self.answered.iter().all(|&a| a) {
            self.pending.clear();
            self.answered.clear();
        }
        select
    }

    /// The algorithms still running.
    pub fn running(&self) -> impl Iterator<Item = A> + '_ {
        self.pending
            .iter()
            .zip(&self.answered)
            .filter(|(_, &done)| !done)
            .map(|(&a, _)| a)
    }

    /// Stop the runs; says how many stopped.
    pub fn cancel(&mut self) -> usize {
        let n = self.running().count();
        self.pending.clear();
        self.answered.clear();
        self.follow = None;
        n
    }
}

/// A model's rows and its runs in workers together.
impl<A: Copy + PartialEq> WorkerRuns<A> {
    /// Run `algos` for `results` (see [`WorkerRuns::start`]): `follow`'s row, or while no
    /// row is selected the selected algorithm's, is selected once it comes.
    pub fn run_for<R: Row<Algo = A>>(
        &mut self,
        results: &Results<R>,
        algos: &[A],
        follow: Option<A>,
    ) {
        let nothing = results.selected_row().is_none();
        self.start(algos, follow, results.selected, nothing);
    }

    /// The rows of `results` leave (their instance changed), the edited row with them, and
    /// the runs stop; returns their algorithms and those that were running, to run again.
    pub fn take_rows<R: Row<Algo = A>>(&mut self, results: &mut Results<R>) -> Vec<A> {
        let mut again: Vec<A> = self.running().collect();
        again.extend(results.rows.iter().map(|r| r.algo()));
        self.pending.clear();
        self.answered.clear();
        results.rerun(|r| r.clone());
        results.rows.clear();
        again
    }
}

/// What a scenario keeps of the runs, and puts back.
impl<A: Catalog + Copy + PartialEq> WorkerRuns<A> {
    /// Those still running start again on load, and the row to select once it comes is the
    /// one selected.
    pub fn keep(&self, out: &mut ModelScenario) {
        out.runs.extend(self.running().map(|a| RunSpec {
            algorithm: a.key().into(),
            seed: None,
        }));
        if out.selected.is_none() {
            out.selected = self.follow.map(|a| a.key().into());
        }
    }
}

/// The algorithms scenario `m` ran, and the one of them it selects (to follow: its row comes
/// from a worker).
pub fn scenario_runs<A: Catalog + Copy + PartialEq>(
    m: &ModelScenario,
) -> Result<(Vec<A>, Option<A>), String> {
    let algos: Vec<A> = m.algorithms::<A>()?.into_iter().map(|(a, _)| a).collect();
    let follow = m
        .selected
        .as_deref()
        .and_then(|k| algos.iter().copied().find(|a| a.key() == k));
    Ok((algos, follow))
}

/// A model whose algorithms run in web workers: its state gives its runs and results, the
/// job of one algorithm, and the row of a worker's answer; the functions below do the rest.
pub trait InWorkers {
    /// A row of the model's results.
    type Row: Row;
    /// The runs in workers.
    fn runs(&self) -> &WorkerRuns<AlgoOf<Self>>;
    /// The runs in workers and the results, to change them.
    fn parts(&mut self) -> (&mut WorkerRuns<AlgoOf<Self>>, &mut Results<Self::Row>);
    /// Why the app will not run the instance (too large for a browser tab), if it will not.
    fn refusal(&self) -> Option<String>;
    /// The job of `algo` on the instance, given as its JSON file.
    fn job(instance: String, algo: AlgoOf<Self>) -> Job;
    /// The instance as its JSON file.
    fn instance_json(&self) -> String;
    /// The row of `algo` from a worker's `message` (its answer, or [`Message::Failed`]);
    /// `None` for a message that is neither.
    fn row(&self, algo: AlgoOf<Self>, message: Message) -> Option<Self::Row>;
}

/// The algorithms of a model's rows.
pub type AlgoOf<M> = <<M as InWorkers>::Row as Row>::Algo;

/// Run `algos` of `m` in web workers, with those still running (its runner starts them when
/// [`WorkerRuns::job`] changes): `follow`'s row, or while no row is selected the selected
/// algorithm's, is selected once it comes. An instance the app refuses gets its error rows
/// at once.
pub fn run<M: InWorkers>(m: &mut M, algos: &[AlgoOf<M>], follow: Option<AlgoOf<M>>) {
    if let Some(error) = m.refusal() {
        let rows: Vec<M::Row> = algos
            .iter()
            .filter_map(|&a| {
                let error = error.clone();
                m.row(a, Message::Failed { id: 0, error })
            })
            .collect();
        let (_, results) = m.parts();
        for r in rows {
            results.put(r);
        }
        if let Some(a) = follow {
            results.select(a);
        }
        return;
    }
    let (runs, results) = m.parts();
    runs.run_for(results, algos, follow);
}

/// The workers' requests of `m`'s run in progress: one per pending algorithm, in order.
pub fn requests<M: InWorkers>(m: &M) -> Vec<Request> {
    let instance = m.instance_json();
    let runs = m.runs();
    runs.pending
        .iter()
        .map(|&algo| Request {
            id: runs.job,
            job: M::job(instance.clone(), algo),
        })
        .collect()
}

/// Message `message` of a worker about request `index` of `m`'s run `job`: the row of its
/// algorithm, selected when followed; older runs' messages and progress are ignored.
pub fn on_worker<M: InWorkers>(m: &mut M, job: u32, index: usize, message: Message) {
    let Some(algo) = m.runs().of(job, index) else {
        return;
    };
    let Some(row) = m.row(algo, message) else {
        return;
    };
    let (runs, results) = m.parts();
    results.put(row);
    let nothing = results.selected_row().is_none();
    if runs.answered(index, algo, nothing) {
        results.select(algo);
    }
}

/// `m`'s rows leave the table (its instance changed), the edited row with them; their
/// algorithms run again, with those that were running.
pub fn rerun<M: InWorkers>(m: &mut M) {
    let (runs, results) = m.parts();
    let again = runs.take_rows(results);
    run(m, &again, None);
}

/// What the runner and the worker do, natively (tests): each pending request of `m` done by
/// the worker's own code, its messages given back in order.
#[cfg(test)]
pub fn answer_natively<M: InWorkers>(m: &mut M) {
    let job = m.runs().job;
    for (index, message) in crate::models::answer_natively(&requests(m)) {
        on_worker(m, job, index, message);
    }
}

/// Start a pool for run `job` (`None`: nothing runs) with `requests` on [`SPARE_WORKERS`]
/// workers in turn (a finished run's workers are kept as spares, loaded, for the next run);
/// each message comes to `on` with its request's index. A newer run or the component leaving
/// terminates the workers.
#[hook]
pub fn use_worker_runs(
    job: Option<u32>,
    requests: Vec<Request>,
    on: impl Fn(u32, usize, Message) + 'static,
) {
    let pool = use_mut_ref(|| None::<Pool>);
    use_effect_with(job, move |job| {
        pool.borrow_mut().take();
        if let Some(job) = *job {
            let on = Callback::from(move |(index, message)| on(job, index, message));
            *pool.borrow_mut() = run_requests(job, requests, SPARE_WORKERS, on);
        }
        move || drop(pool.borrow_mut().take())
    });
}
