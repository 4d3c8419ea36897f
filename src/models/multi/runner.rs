//! The many-source model's algorithms (FEF, ECF, WR, WRP) run in web workers, like the
//! platform's linear programs and the one-source optimum
//! ([`crate::experiments::pool::run_requests`]), so that the page's wasm does not link them
//! (docs/performance.md "The app's wasm", step 13). The state's run number
//! ([`crate::models::worker_runs::WorkerRuns::job`]) changing starts the pending algorithms on two workers in turn
//! ([`use_worker_runs`]: a finished run's workers are kept as spares, loaded, for the next
//! edit); a newer run, Cancel, or leaving the model terminates them. The answer is the
//! task lists and the algorithm's steps ([`hetcast_worker::Message::MultiSolved`]), which the
//! page simulates ([`row_of`]): the times are the simulator's, as before.

use hetcast_core::models::multi::{simulate_multi, MultiAlgorithm, MultiInstance, MultiSolution};
use hetcast_worker::{Job, Message, Request};
use yew::prelude::*;

use super::{too_large, MultiAction, MultiRunOk, MultiRunRow, MultiState};
use crate::components::StateProps;
use crate::models::worker_runs::use_worker_runs;
use crate::models::ModelState;

/// The row of `algo`'s `solved` task lists on `inst` (a worker's answer): the plan simulated.
/// Never panics.
pub fn row_of(
    inst: &MultiInstance,
    algo: MultiAlgorithm,
    solved: Result<MultiSolution, String>,
) -> MultiRunRow {
    let outcome = solved.and_then(|solution| {
        let schedule = simulate_multi(inst, &solution.plan).map_err(|e| e.to_string())?;
        Ok(MultiRunOk { solution, schedule })
    });
    MultiRunRow {
        algo,
        outcome,
        edited: false,
    }
}

/// Starts and stops the workers of the many-source model on screen (renders nothing).
#[function_component(MultiRunner)]
pub fn multi_runner(p: &StateProps) -> Html {
    let state = &p.state;
    let (job, requests) = match &state.model {
        ModelState::Multi(s) if s.running().next().is_some() => (Some(s.runs.job), s.requests()),
        _ => (None, Vec::new()),
    };
    let dispatcher = state.dispatcher();
    use_worker_runs(job, requests, move |job, index, message| {
        dispatcher.dispatch(
            MultiAction::Worker {
                job,
                index,
                message,
            }
            .into(),
        )
    });
    html! {}
}

/// The many-source runs in web workers: their requests and answers.
impl MultiState {
    /// Run `algos` in web workers, with those still running (the runner starts them when
    /// [`crate::models::worker_runs::WorkerRuns::job`] changes). An instance too large for the app gets its error rows at
    /// once. The row of `follow` (or, while nothing is selected, of the selected algorithm)
    /// is selected once it comes.
    pub(super) fn run(&mut self, algos: &[MultiAlgorithm], follow: Option<MultiAlgorithm>) {
        if let Some(why) = too_large(&self.instance) {
            for &algo in algos {
                self.results
                    .put(row_of(&self.instance, algo, Err(why.clone())));
            }
            if let Some(a) = follow {
                self.results.select(a);
            }
            return;
        }
        self.runs.run_for(&self.results, algos, follow);
    }

    /// The workers' requests of the run in progress: one per pending algorithm, in order.
    pub fn requests(&self) -> Vec<Request> {
        let instance = self.instance.to_json();
        self.runs
            .pending
            .iter()
            .map(|&algo| Request {
                id: self.runs.job,
                job: Job::Multi {
                    instance: instance.clone(),
                    algo,
                },
            })
            .collect()
    }

    /// Message `message` of the worker about request `index` of run `job`: the algorithm's
    /// task lists (simulated here: [`row_of`]) or its failure; progress is not sent.
    pub(super) fn on_worker(&mut self, job: u32, index: usize, message: Message) {
        let inst = &self.instance;
        self.runs.put_answer(&mut self.results, job, index, |algo| {
            let solved = match message {
                Message::MultiSolved { solution, .. } => Ok(*solution),
                Message::Failed { error, .. } => Err(error),
                _ => return None,
            };
            Some(row_of(inst, algo, solved))
        });
    }

    /// The algorithms still running in a worker.
    pub fn running(&self) -> impl Iterator<Item = MultiAlgorithm> + '_ {
        self.runs.running()
    }

    /// The rows leave the table (their instance changed), the edited row with them; their
    /// algorithms run again, with those still running.
    pub(super) fn rerun_rows(&mut self) {
        let again = self.runs.take_rows(&mut self.results);
        self.run(&again, None);
    }
}

/// What the runner and the worker do, natively (tests): each pending request of the
/// many-source model on screen done by the worker's own code, its messages given back in
/// order.
#[cfg(test)]
pub fn answer_worker(s: &mut crate::state::AppState) {
    if let ModelState::Multi(m) = &mut s.model {
        let job = m.runs.job;
        for (index, message) in crate::models::answer_natively(&m.requests()) {
            m.on_worker(job, index, message);
        }
    }
}
