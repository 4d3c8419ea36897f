//! The one-source models' exact optimum (the frontier program) runs in a web worker, like the
//! platform's linear programs ([`crate::experiments::pool::run_requests`]): at 160 nodes of
//! four costs it takes seconds, and the page must not freeze. The state's run number
//! ([`OverheadState::job`]) changing starts the pending algorithms ([`OverheadState::pending`],
//! [`in_worker`]) in a worker; a newer run, Cancel, or leaving the model terminates it. The
//! answer is the plan ([`hetcast_worker::Message::OverheadSolved`]), which the page simulates
//! and checks like any other run ([`super::row_of`]). The page's wasm does not link the
//! frontier program: [`super::run_one`] never calls it.

use hetcast_core::models::overhead::algo::{
    exhaustive, greedy, lemma5, random, Algorithm, Solution,
};
use hetcast_core::models::overhead::{properties, simulate, Instance};
use hetcast_worker::{Job, Message, Request};
use yew::prelude::*;

use super::{OverheadAction, OverheadState, RunOk, RunRow};
use crate::components::StateProps;
use crate::experiments::pool::{run_requests, Pool};
use crate::models::ModelState;

/// True for the algorithms the app runs in a web worker: the exact optimum (the frontier
/// program: seconds on large instances of four or more costs, `tests/e2e/bench-optimal.mjs`).
pub fn in_worker(a: Algorithm) -> bool {
    a == Algorithm::Optimal
}

/// Run `algo` on `inst` on the page's thread, simulate the plan and check its properties.
/// Never panics. The algorithms of the web worker ([`in_worker`]: the optimum) are
/// not run here (the row says so): `algo::run` is not called, so that the page's wasm does
/// not link the frontier program.
pub fn run_one(inst: &Instance, algo: Algorithm, seed: u64) -> RunRow {
    let valid = inst.validate();
    let solved = match algo {
        Algorithm::Greedy => valid.and_then(|()| greedy::greedy(inst)),
        Algorithm::Random => valid.and_then(|()| random::random_selection(inst, seed)),
        Algorithm::Lemma5 => valid.and_then(|()| lemma5::lemma5(inst)),
        Algorithm::Exhaustive => valid.and_then(|()| exhaustive::exhaustive(inst)),
        Algorithm::Optimal => {
            let why = "the optimum runs in a web worker, not on the page";
            return row_of(inst, algo, seed, Err(why.into()));
        }
    };
    row_of(inst, algo, seed, solved.map_err(|e| e.to_string()))
}

/// The row of `algo`'s `solved` plan on `inst` (from the page's thread or a worker): the plan
/// simulated and its properties checked.
pub fn row_of(
    inst: &Instance,
    algo: Algorithm,
    seed: u64,
    solved: Result<Solution, String>,
) -> RunRow {
    let outcome = solved.and_then(|solution| {
        let schedule = simulate(inst, &solution.plan).map_err(|e| e.to_string())?;
        let properties = properties::check(inst, &schedule);
        Ok(RunOk {
            solution,
            schedule,
            properties,
        })
    });
    RunRow {
        algo,
        seed,
        outcome,
        edited: false,
        kind: inst.model,
    }
}

/// Starts and stops the worker of the one-source model on screen (renders nothing).
#[function_component(OverheadRunner)]
pub fn overhead_runner(p: &StateProps) -> Html {
    let state = &p.state;
    let pool = use_mut_ref(|| None::<Pool>);
    let (job, requests) = match &state.model {
        ModelState::Overhead(s) if !s.pending.is_empty() => (Some(s.job), s.requests()),
        _ => (None, Vec::new()),
    };
    let dispatcher = state.dispatcher();
    use_effect_with(job, move |job| {
        pool.borrow_mut().take();
        if let Some(job) = *job {
            let on = Callback::from(move |(index, message)| {
                dispatcher.dispatch(
                    OverheadAction::Worker {
                        job,
                        index,
                        message,
                    }
                    .into(),
                )
            });
            let workers = requests.len();
            *pool.borrow_mut() = run_requests(job, requests, workers, on);
        }
        move || drop(pool.borrow_mut().take())
    });
    html! {}
}

/// The one-source runs in a web worker: their requests and answers.
impl OverheadState {
    /// Run `algos` (each [`in_worker`]) in a web worker, with those still running (the runner
    /// starts them when [`OverheadState::job`] changes).
    pub(super) fn run_in_worker(&mut self, algos: impl IntoIterator<Item = (Algorithm, u64)>) {
        let mut all = self.pending.clone();
        for (a, seed) in algos {
            all.retain(|&(b, _)| b != a);
            all.push((a, seed));
        }
        if all.is_empty() {
            return;
        }
        self.job = self.job.wrapping_add(1);
        self.pending = all;
    }

    /// The workers' requests of the run in progress: one per pending algorithm, in order (the
    /// answer to request `i` is about `pending[i]`).
    pub fn requests(&self) -> Vec<Request> {
        let instance = self.instance.to_json();
        self.pending
            .iter()
            .map(|&(algo, seed)| Request {
                id: self.job,
                job: Job::Overhead {
                    instance: instance.clone(),
                    algo,
                    seed,
                },
            })
            .collect()
    }

    /// Message `message` of the worker about request `index` of run `job`: the algorithm's
    /// plan (simulated and checked here: [`row_of`]) or its failure; progress is not sent.
    pub(super) fn on_worker(&mut self, job: u32, index: usize, message: Message) {
        if job != self.job {
            return;
        }
        let Some(&(algo, seed)) = self.pending.get(index) else {
            return;
        };
        let outcome = match message {
            Message::OverheadSolved { solution, .. } => Ok(*solution),
            Message::Failed { error, .. } => Err(error),
            _ => return,
        };
        self.results
            .put(row_of(&self.instance, algo, seed, outcome));
        if self.follow == Some(algo) || self.results.selected_row().is_none() {
            self.results.select(algo);
            self.follow = None;
        }
        // The other requests keep their index: this one is answered (a placeholder that
        // `running` skips) until all are.
        self.answered.push(algo);
        if self.pending.iter().all(|(a, _)| self.answered.contains(a)) {
            self.pending.clear();
            self.answered.clear();
        }
    }

    /// The algorithms still running in the worker.
    pub fn running(&self) -> impl Iterator<Item = Algorithm> + '_ {
        self.pending
            .iter()
            .map(|&(a, _)| a)
            .filter(|a| !self.answered.contains(a))
    }

    /// Stop the runs in the worker; says how many stopped.
    pub(super) fn cancel(&mut self) -> usize {
        let n = self.running().count();
        self.pending.clear();
        self.answered.clear();
        self.follow = None;
        n
    }

    /// The rows of the worker's algorithms leave the table (their instance changed); returns
    /// them, to run again.
    pub(super) fn take_worker_rows(&mut self) -> Vec<(Algorithm, u64)> {
        let answered = std::mem::take(&mut self.answered);
        let mut out: Vec<(Algorithm, u64)> = std::mem::take(&mut self.pending)
            .into_iter()
            .filter(|(a, _)| !answered.contains(a))
            .collect();
        let rows: Vec<RunRow> = std::mem::take(&mut self.results.rows);
        for r in rows {
            if in_worker(r.algo) {
                out.push((r.algo, r.seed));
            } else {
                self.results.rows.push(r);
            }
        }
        out
    }
}

/// What the runner and the worker do, natively (tests): each pending request of the one-source
/// model done by [`hetcast_worker::run`], its messages as actions, in order.
#[cfg(test)]
pub fn worker_answers(m: &OverheadState) -> Vec<crate::models::ModelAction> {
    let job = m.job;
    crate::models::answer_natively(&m.requests())
        .into_iter()
        .map(|(index, message)| {
            OverheadAction::Worker {
                job,
                index,
                message,
            }
            .into()
        })
        .collect()
}
