//! The platform runs in web workers, whatever its size: the page does not link the LP solver.
//! The state's run number ([`PlatformState::job`]) changing starts a [`Pool`] for the pending
//! algorithms ([`PlatformState::requests`]); a newer run, Cancel, or leaving the model drops
//! the pool, which terminates the workers still busy. A small platform's algorithms take the
//! two spare workers in turn (each takes milliseconds); a larger one's take as many workers
//! as the browser has logical processors (at least the two spares), the quick algorithms
//! first and the long ones after them ([`start_rank`]): more workers than processors would
//! only share them, each new one has to load, and the page's own thread would wait. While
//! nothing runs and the platform model or the Experiments page is open, [`SPARE_WORKERS`]
//! workers are started ahead ([`keep_spares`]) and a finished run's workers are kept as
//! spares, so that a run does not wait for a worker to load. The other models never start
//! them: a first visit does not load the wasm three times.

use hetcast_worker::{Job, Request};
use yew::prelude::*;

use super::{row_of, Follow, PlRunRow, PlatformAction, PlatformState};
use crate::components::StateProps;
use crate::experiments::pool::{keep_spares, run_requests, worker_count, Pool, MODELS, WARM_UP_ID};
use hetcast_core::models::platform::algo::PlatformAlgorithm;
use hetcast_core::models::platform::generate::{tiers, TiersSpec};

pub use crate::experiments::pool::SPARE_WORKERS;

/// How long after a run the spare workers are refilled (ms).
pub const REFILL_MS: u32 = 1000;

/// Platforms of at most this many nodes run their algorithms on the [`SPARE_WORKERS`] in
/// turn (each takes milliseconds: time one with `hetcast generate platform --nodes 8` and
/// `hetcast run FILE --algo all`); larger ones start a worker per algorithm.
pub const SHARED_WORKERS_MAX_NODES: usize = 8;

/// The warm-up job of a spare worker: Broadcast-EB on a 20-node Tiers-like platform (by cut
/// generation, like the big LPs: measured in `tests/e2e/bench-platform.mjs`).
fn warm_up() -> Request {
    let inst = tiers(&TiersSpec::sized(20, 0.2), 1);
    Request {
        id: WARM_UP_ID,
        job: Job::Platform {
            instance: inst.to_json(),
            algo: PlatformAlgorithm::BroadcastEb,
        },
    }
}

/// Starts and stops the workers of the platform model on screen (renders nothing).
#[function_component(PlatformRunner)]
pub fn platform_runner(p: &StateProps) -> Html {
    let state = &p.state;
    let pool = use_mut_ref(|| None::<Pool>);
    let (job, requests, workers) = match state.model.get::<PlatformState>() {
        Some(s) if !s.pending.is_empty() => {
            let requests = s.requests();
            let workers = if s.instance.nodes.len() <= SHARED_WORKERS_MAX_NODES {
                SPARE_WORKERS
            } else {
                worker_count().max(SPARE_WORKERS)
            };
            (Some(s.job), requests, workers)
        }
        _ => (None, Vec::new(), 0),
    };
    let spares_wanted = state.model.get::<PlatformState>().is_some();
    {
        let dispatcher = state.dispatcher();
        use_effect_with((job, spares_wanted), move |(job, spares_wanted)| {
            pool.borrow_mut().take();
            if let Some(job) = *job {
                let on = {
                    let dispatcher = dispatcher.clone();
                    Callback::from(move |(index, message)| {
                        dispatcher.dispatch(
                            PlatformAction::Worker {
                                job,
                                index,
                                message,
                            }
                            .into(),
                        )
                    })
                };
                *pool.borrow_mut() = run_requests(job, requests, workers, on);
            }
            if job.is_none() && *spares_wanted {
                // Later, so that loading them does not slow the page drawing the results.
                let refill = gloo::timers::callback::Timeout::new(REFILL_MS, || {
                    keep_spares(SPARE_WORKERS, &warm_up(), MODELS)
                });
                refill.forget();
            }
            move || drop(pool.borrow_mut().take())
        });
    }
    html! {}
}

/// An algorithm running in a worker.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    /// Which algorithm.
    pub algo: PlatformAlgorithm,
    /// Linear programs solved so far.
    pub done: u64,
    /// Of about this many.
    pub total: u64,
    /// The worker has answered (the row is in the results).
    pub answered: bool,
}

/// The order a run's algorithms start in on the workers: the quick ones first (their rows
/// come at once), then the sequences of LPs and the exact best tree (up to seconds each on
/// the app's 65-node platforms), in the list's order. Measured in docs/performance.md ("Run
/// all on a 65-node platform in the browser").
fn start_rank(a: PlatformAlgorithm) -> u8 {
    use PlatformAlgorithm as P;
    u8::from(matches!(
        a,
        P::ReducedBroadcast | P::AugmentedMulticast | P::AugmentedSources | P::BestTree
    ))
}

/// The best schedule among `rows`: the least `T*` of an algorithm whose `T*` is a schedule's
/// ([`PlatformAlgorithm::achievable`]: not the two bounds). On a tie (equal up to a relative
/// 1e-9) a heuristic (sections 5.2 and 6, and the best single tree) goes before the scatter and
/// broadcast schedules of section 5.1, then the earlier in the list.
pub fn best_schedule(rows: &[PlRunRow]) -> Option<PlatformAlgorithm> {
    use PlatformAlgorithm as P;
    let plain = |a: PlatformAlgorithm| matches!(a, P::MulticastUb | P::BroadcastEb | P::Broadcast);
    let mut best: Option<(PlatformAlgorithm, f64)> = None;
    for r in rows.iter().filter(|r| r.algo.achievable()) {
        let Some(t) = r.time() else { continue };
        let better = match best {
            None => true,
            Some((b, tb)) if (t - tb).abs() <= 1e-9 * t.max(tb) => plain(b) && !plain(r.algo),
            Some((_, tb)) => t < tb,
        };
        if better {
            best = Some((r.algo, t));
        }
    }
    best.map(|(a, _)| a)
}

/// The platform's runs in web workers: their requests and answers.
impl PlatformState {
    /// The row [`PlatformState::follow`] asks for: after Run all the best schedule so far
    /// ([`best_schedule`]); after one Run that algorithm's row once it has come (and it stays
    /// followed until then); else, when nothing is selected, the first row.
    fn select_first(&mut self) {
        let rows = &self.results.rows;
        let want = match self.follow {
            Follow::Best => best_schedule(rows),
            Follow::Run(a) if rows.iter().any(|r| r.algo == a) => {
                self.follow = Follow::First;
                Some(a)
            }
            Follow::Run(_) | Follow::First => None,
        };
        match want {
            Some(a) => self.results.select(a),
            None if self.results.selected_row().is_none() => {
                self.results.selected = self.results.rows.first().map(|r| r.algo);
            }
            None => {}
        }
    }

    /// Run `algos` in web workers (the runner starts them when [`PlatformState::job`]
    /// changes), with those still running.
    pub fn run(&mut self, algos: Vec<PlatformAlgorithm>) {
        let mut all: Vec<PlatformAlgorithm> = self.running().map(|p| p.algo).collect();
        for a in algos {
            if !all.contains(&a) {
                all.push(a);
            }
        }
        // The quick ones first, then the long ones.
        hetcast_core::order::sort_by_key(&mut all, |&a| start_rank(a));
        self.job = self.job.wrapping_add(1);
        self.pending = all
            .into_iter()
            .map(|algo| Pending {
                algo,
                done: 0,
                total: 1,
                answered: false,
            })
            .collect();
    }

    /// The workers' requests of the run in progress: one per pending algorithm, in order
    /// (the answer to request `i` is about `pending[i]`).
    pub fn requests(&self) -> Vec<Request> {
        let instance = self.instance.to_json();
        self.pending
            .iter()
            .map(|p| Request {
                id: self.job,
                job: Job::Platform {
                    instance: instance.clone(),
                    algo: p.algo,
                },
            })
            .collect()
    }

    /// Message `message` of a worker about request `index` of run `job`: progress, or the
    /// algorithm's row (checked here by the one-port checker: [`row_of`]).
    pub(super) fn on_worker(&mut self, job: u32, index: usize, message: hetcast_worker::Message) {
        use hetcast_worker::Message as M;
        if job != self.job {
            return;
        }
        let Some(algo) = self.pending.get(index).map(|p| p.algo) else {
            return;
        };
        let row = match message {
            M::Progress { done, total, .. } => {
                if let Some(p) = self.pending.get_mut(index) {
                    p.done = done;
                    p.total = total;
                }
                return;
            }
            M::PlatformSolved { solution, .. } => {
                let mut row = row_of(&self.instance, Ok(*solution));
                row.algo = algo;
                row
            }
            M::Failed { error, .. } => PlRunRow {
                algo,
                outcome: Err(error),
            },
            _ => return,
        };
        self.results.put(row);
        self.select_first();
        // The request keeps its index: mark it answered rather than shift the others.
        if let Some(p) = self.pending.get_mut(index) {
            p.answered = true;
        }
        if self.pending.iter().all(|p| p.answered) {
            self.pending.clear();
        }
    }

    /// The algorithms still running (not yet answered).
    pub fn running(&self) -> impl Iterator<Item = &Pending> {
        self.pending.iter().filter(|p| !p.answered)
    }
}
