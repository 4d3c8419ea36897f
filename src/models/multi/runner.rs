//! The many-source model's algorithms (FEF, ECF, WR, WRP) run in web workers, like the
//! platform's linear programs and the one-source optimum
//! ([`crate::experiments::pool::run_requests`]), so that the page's wasm does not link them
//! (docs/performance.md "The app's wasm", step 13). The state's run number
//! ([`MultiState::job`]) changing starts the pending algorithms ([`MultiState::pending`]) on
//! [`SPARE_WORKERS`] workers in turn (a finished run's workers are kept as spares, loaded, for
//! the next edit); a newer run, Cancel, or leaving the model terminates them. The answer is the
//! task lists and the algorithm's steps ([`hetcast_worker::Message::MultiSolved`]), which the
//! page simulates ([`row_of`]): the times are the simulator's, as before.

use hetcast_core::models::multi::{simulate_multi, MultiAlgorithm, MultiInstance, MultiSolution};
use hetcast_worker::{Job, Message, Request};
use yew::prelude::*;

use super::{too_large, MultiAction, MultiRunOk, MultiRunRow, MultiState};
use crate::components::StateProps;
use crate::experiments::pool::{run_requests, Pool, SPARE_WORKERS};
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
    let pool = use_mut_ref(|| None::<Pool>);
    let (job, requests) = match &state.model {
        ModelState::Multi(s) if s.running().next().is_some() => (Some(s.job), s.requests()),
        _ => (None, Vec::new()),
    };
    let dispatcher = state.dispatcher();
    use_effect_with(job, move |job| {
        pool.borrow_mut().take();
        if let Some(job) = *job {
            let on = Callback::from(move |(index, message)| {
                dispatcher.dispatch(
                    MultiAction::Worker {
                        job,
                        index,
                        message,
                    }
                    .into(),
                )
            });
            *pool.borrow_mut() = run_requests(job, requests, SPARE_WORKERS, on);
        }
        move || drop(pool.borrow_mut().take())
    });
    html! {}
}

/// The many-source runs in web workers: their requests and answers.
impl MultiState {
    /// Run `algos` in web workers, with those still running (the runner starts them when
    /// [`MultiState::job`] changes). An instance too large for the app gets its error rows at
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
        let mut all: Vec<MultiAlgorithm> = self.running().collect();
        for &a in algos {
            if !all.contains(&a) {
                all.push(a);
            }
        }
        if all.is_empty() {
            return;
        }
        self.follow = follow.or(self.follow);
        if self.follow.is_none() && self.results.selected_row().is_none() {
            self.follow = self.results.selected;
        }
        self.job = self.job.wrapping_add(1);
        self.answered = vec![false; all.len()];
        self.pending = all;
    }

    /// The workers' requests of the run in progress: one per pending algorithm, in order (the
    /// answer to request `i` is about `pending[i]`).
    pub fn requests(&self) -> Vec<Request> {
        let instance = self.instance.to_json();
        self.pending
            .iter()
            .map(|&algo| Request {
                id: self.job,
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
        if job != self.job {
            return;
        }
        let Some(&algo) = self.pending.get(index) else {
            return;
        };
        let solved = match message {
            Message::MultiSolved { solution, .. } => Ok(*solution),
            Message::Failed { error, .. } => Err(error),
            _ => return,
        };
        self.results.put(row_of(&self.instance, algo, solved));
        let select = match self.follow {
            Some(f) => f == algo,
            None => self.results.selected_row().is_none(),
        };
        if select {
            self.results.select(algo);
            self.follow = None;
        }
        // The other requests keep their index: this one is marked answered until all are.
        self.answered[index] = true;
        if self.answered.iter().all(|&a| a) {
            self.pending.clear();
            self.answered.clear();
        }
    }

    /// The algorithms still running in a worker.
    pub fn running(&self) -> impl Iterator<Item = MultiAlgorithm> + '_ {
        self.pending
            .iter()
            .zip(&self.answered)
            .filter(|(_, &done)| !done)
            .map(|(&a, _)| a)
    }

    /// Stop the runs in the workers; says how many stopped.
    pub(super) fn cancel(&mut self) -> usize {
        let n = self.running().count();
        self.pending.clear();
        self.answered.clear();
        self.follow = None;
        n
    }

    /// The rows leave the table (their instance changed), the edited row with them; their
    /// algorithms run again, with those still running.
    pub(super) fn rerun_rows(&mut self) {
        let mut again: Vec<MultiAlgorithm> = self.running().collect();
        again.extend(self.results.rows.iter().map(|r| r.algo));
        self.pending.clear();
        self.answered.clear();
        self.results.rerun(|r| r.clone());
        self.results.rows.clear();
        self.run(&again, None);
    }
}

/// What the runner and the worker do, natively (tests): each pending request of the
/// many-source model on screen done by [`hetcast_worker::run`], its messages given back in
/// order.
#[cfg(test)]
pub fn answer_worker(s: &mut crate::state::AppState) {
    let ModelState::Multi(m) = &s.model else {
        return;
    };
    let (job, requests) = (m.job, m.requests());
    for (index, r) in requests.iter().enumerate() {
        let out = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let sink = out.clone();
        hetcast_worker::run(r, move |m| sink.borrow_mut().push(m));
        for message in out.take() {
            s.apply(MultiAction::Worker {
                job,
                index,
                message,
            });
        }
    }
}
