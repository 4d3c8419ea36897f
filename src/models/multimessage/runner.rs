//! The multimessage model's algorithms (Gonzalez's, single-send, no-forwarding, the exact
//! search) run in web workers, like the platform's linear programs and the many-source
//! model's algorithms
//! ([`crate::experiments::pool::run_requests`]), so that the page's wasm does not link them
//! (docs/performance.md "The app's wasm", step 13). The state's run number
//! ([`WorkerRuns::job`]) changing starts the pending algorithms on two workers in turn
//! ([`use_worker_runs`]: a finished run's workers are kept as spares, loaded, for the next
//! edit); a newer run, Cancel, or leaving the model terminates them. The answer is the
//! schedule and the algorithm's steps, with what they build
//! ([`hetcast_worker::Message::MultimessageSolved`]), which the page checks ([`row_of`]): the
//! step counts are the checker's, as before.

use hetcast_core::models::multimessage::{simulate, MmAlgorithm, MmInstance, MmSolution};
use hetcast_worker::{Job, Message};
use yew::prelude::*;

use super::{too_large, MmAction, MmRunOk, MmRunRow, MmState};
use crate::components::StateProps;
use crate::models::worker_runs::{requests, use_worker_runs, InWorkers, WorkerRuns};
use crate::models::Results;

/// The row of `algo`'s `solved` schedule on `inst` (a worker's answer): the schedule checked.
/// Never panics.
pub fn row_of(
    inst: &MmInstance,
    algo: MmAlgorithm,
    solved: Result<MmSolution, String>,
) -> MmRunRow {
    let outcome = solved.and_then(|solution| {
        let schedule = simulate(inst, &solution.plan).map_err(|e| e.to_string())?;
        Ok(MmRunOk { solution, schedule })
    });
    MmRunRow {
        algo,
        outcome,
        edited: false,
    }
}

/// Starts and stops the workers of the multimessage model on screen (renders nothing).
#[function_component(MmRunner)]
pub fn mm_runner(p: &StateProps) -> Html {
    let state = &p.state;
    let (job, requests) = match state.model.get::<MmState>() {
        Some(s) if s.running().next().is_some() => (Some(s.runs.job), requests(s)),
        _ => (None, Vec::new()),
    };
    let dispatcher = state.dispatcher();
    use_worker_runs(job, requests, move |job, index, message| {
        dispatcher.dispatch(
            MmAction::Worker {
                job,
                index,
                message,
            }
            .into(),
        )
    });
    html! {}
}

/// The multimessage runs in web workers ([`crate::models::worker_runs`]).
impl InWorkers for MmState {
    type Row = MmRunRow;
    fn runs(&self) -> &WorkerRuns<MmAlgorithm> {
        &self.runs
    }
    fn parts(&mut self) -> (&mut WorkerRuns<MmAlgorithm>, &mut Results<MmRunRow>) {
        (&mut self.runs, &mut self.results)
    }
    fn refusal(&self) -> Option<String> {
        too_large(&self.instance)
    }
    fn job(instance: String, algo: MmAlgorithm) -> Job {
        Job::Multimessage { instance, algo }
    }
    fn instance_json(&self) -> String {
        self.instance.to_json()
    }
    fn row(&self, algo: MmAlgorithm, message: Message) -> Option<MmRunRow> {
        let solved = match message {
            Message::MultimessageSolved { solution, .. } => Ok(*solution),
            Message::Failed { error, .. } => Err(error),
            _ => return None,
        };
        Some(row_of(&self.instance, algo, solved))
    }
}

impl MmState {
    /// The algorithms still running in a worker.
    pub fn running(&self) -> impl Iterator<Item = MmAlgorithm> + '_ {
        self.runs.running()
    }
}
