//! The many-source model's algorithms (FEF, ECF, WR, WRP) run in web workers, like the
//! platform's linear programs and the one-source optimum
//! ([`crate::experiments::pool::run_requests`]), so that the page's wasm does not link them
//! (docs/performance.md "The app's wasm", step 13). The state's run number
//! ([`WorkerRuns::job`]) changing starts the pending algorithms on two workers in turn
//! ([`use_worker_runs`]: a finished run's workers are kept as spares, loaded, for the next
//! edit); a newer run, Cancel, or leaving the model terminates them. The answer is the
//! task lists and the algorithm's steps ([`hetcast_worker::Message::MultiSolved`]), which the
//! page simulates ([`row_of`]): the times are the simulator's, as before.

use hetcast_core::models::multi::{simulate_multi, MultiAlgorithm, MultiInstance, MultiSolution};
use hetcast_worker::{Job, Message};
use yew::prelude::*;

use super::{too_large, MultiAction, MultiRunOk, MultiRunRow, MultiState};
use crate::components::StateProps;
use crate::models::worker_runs::{requests, use_worker_runs, InWorkers, WorkerRuns};
use crate::models::Results;

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
    let (job, requests) = match state.model.get::<MultiState>() {
        Some(s) if s.running().next().is_some() => (Some(s.runs.job), requests(s)),
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

/// The many-source runs in web workers ([`crate::models::worker_runs`]).
impl InWorkers for MultiState {
    type Row = MultiRunRow;
    fn runs(&self) -> &WorkerRuns<MultiAlgorithm> {
        &self.runs
    }
    fn parts(&mut self) -> (&mut WorkerRuns<MultiAlgorithm>, &mut Results<MultiRunRow>) {
        (&mut self.runs, &mut self.results)
    }
    fn refusal(&self) -> Option<String> {
        too_large(&self.instance)
    }
    fn job(instance: String, algo: MultiAlgorithm) -> Job {
        Job::Multi { instance, algo }
    }
    fn instance_json(&self) -> String {
        self.instance.to_json()
    }
    fn row(&self, algo: MultiAlgorithm, message: Message) -> Option<MultiRunRow> {
        let solved = match message {
            Message::MultiSolved { solution, .. } => Ok(*solution),
            Message::Failed { error, .. } => Err(error),
            _ => return None,
        };
        Some(row_of(&self.instance, algo, solved))
    }
}

impl MultiState {
    /// The algorithms still running in a worker.
    pub fn running(&self) -> impl Iterator<Item = MultiAlgorithm> + '_ {
        self.runs.running()
    }
}
