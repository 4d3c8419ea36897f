//! The web workers of the Experiments page and the platform model: one [`Pool`] per run, whose
//! workers take the jobs in turn ([`Pool::queue`]; one worker per job at most).
//!
//! Each worker is the `hetcast-worker` binary that Trunk builds next to the app
//! ([`WORKER_URL`], its loader script). The page posts a job's request (JSON text) once the
//! worker says it is ready, and hands every message back through a callback. Dropping the
//! pool terminates its workers, whatever they are doing: that is how a run is cancelled.
//!
//! Starting a worker (fetching and compiling its wasm, then its `Ready`) takes about 0.2 s, and
//! its first job runs partly in unoptimized code, so [`keep_spares`] starts and warms up
//! workers ahead of time; [`Pool::queue`] takes a spare before it starts a new worker, and
//! posts at once to a spare that has loaded (a spare still warming up gets the request queued
//! behind its warm-up job). A pool dropped once its workers have answered everything hands
//! them back as spares (up to [`SPARE_WORKERS`]): the platform model reruns its algorithms at
//! every edit, each time on workers that are loaded and warm.

use hetcast_worker::{
    decode_answers, decode_experiment_message, encode_model_request, encode_request, Message,
    Request,
};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker};
use yew::Callback;

/// The worker's loader script, relative to the page (Trunk's `data-loader-shim`).
pub const WORKER_URL: &str = "./hetcast-worker_loader.js";

/// The most workers one run uses.
pub const MAX_WORKERS: usize = 8;

/// How many workers to use: the browser's logical processors, from 1 to [`MAX_WORKERS`].
pub fn worker_count() -> usize {
    let n = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    (n as usize).clamp(1, MAX_WORKERS)
}

/// The most spare workers kept: one run of one algorithm, and one more for a second click
/// before the first is refilled (or the two workers of a small platform's run).
pub const SPARE_WORKERS: usize = 2;

struct Handle {
    worker: Worker,
    /// The worker has answered its last request and waits (it may become a spare).
    idle: Rc<Cell<bool>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

impl Drop for Handle {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        let kept = self.idle.get()
            && SPARES.with(|spares| {
                let mut spares = spares.borrow_mut();
                let room = spares.len() < SPARES_KEPT.with(Cell::get);
                if room {
                    spares.push(Spare::new(self.worker.clone(), true, None));
                }
                room
            });
        if !kept {
            self.worker.terminate();
        }
    }
}

/// A worker started ahead of a run, whether it has loaded (said `Ready`), and whether it
/// stopped (failed to load, or crashed in its warm-up).
struct Spare {
    worker: Worker,
    loaded: Rc<Cell<bool>>,
    failed: Rc<Cell<bool>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

/// The id of the warm-up requests (a pool ignores the messages about it).
pub const WARM_UP_ID: u32 = u32::MAX;

thread_local! {
    static SPARES: RefCell<Vec<Spare>> = const { RefCell::new(Vec::new()) };
    /// The most spares kept from finished pools: [`SPARE_WORKERS`], or more once
    /// [`keep_spares`] has asked for more.
    static SPARES_KEPT: Cell<usize> = const { Cell::new(SPARE_WORKERS) };
}

/// Start workers until `count` spares wait for a run (a worker that cannot start is simply
/// not kept: [`Pool::queue`] then reports why). Once loaded, a spare does `warm_up` (give it
/// the id [`WARM_UP_ID`]; `codec` writes it): the browser compiles a worker's wasm with a
/// quick baseline compiler first and optimizes the functions that run hot, so a job of the
/// same kind makes the first real run take the optimized code. Finished pools then hand back
/// up to `count` workers as spares (at least [`SPARE_WORKERS`]).
pub fn keep_spares(count: usize, warm_up: &Request, codec: Codec) {
    if ON_THE_PAGE.with(Cell::get).is_some() {
        // Browser tests: no worker script to start.
        return;
    }
    SPARES_KEPT.with(|kept| kept.set(kept.get().max(count)));
    let warm_up = (codec.encode)(warm_up);
    SPARES.with(|spares| {
        let mut spares = spares.borrow_mut();
        while spares.len() < count {
            let Ok(worker) = Worker::new(WORKER_URL) else {
                return;
            };
            spares.push(Spare::new(worker, false, Some(warm_up.clone())));
        }
    });
}

impl Spare {
    /// `worker` as a spare: `loaded` when it has said `Ready` already (a worker handed back by
    /// a pool), else it gets `warm_up` once it has.
    fn new(worker: Worker, loaded: bool, warm_up: Option<String>) -> Spare {
        let loaded = Rc::new(Cell::new(loaded));
        let on_message = {
            let loaded = loaded.clone();
            let worker = worker.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |_: MessageEvent| {
                // The first message is `Ready`; later ones are about the warm-up job.
                if !loaded.replace(true) {
                    if let Some(w) = &warm_up {
                        let _ = worker.post_message(&JsValue::from_str(w));
                    }
                }
            })
        };
        let failed = Rc::new(Cell::new(false));
        let on_error = {
            let failed = failed.clone();
            Closure::<dyn FnMut(Event)>::new(move |_: Event| failed.set(true))
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Spare {
            worker,
            loaded,
            failed,
            _on_message: on_message,
            _on_error: on_error,
        }
    }
}

/// A spare worker (the oldest first, which is the likeliest to be ready) and whether it has
/// loaded (a request posted to it waits behind its warm-up job), or a new worker.
fn take_worker() -> Result<(Worker, bool), String> {
    while let Some(s) = SPARES.with(|spares| {
        let mut spares = spares.borrow_mut();
        (!spares.is_empty()).then(|| spares.remove(0))
    }) {
        s.worker.set_onmessage(None);
        s.worker.set_onerror(None);
        if s.failed.get() {
            s.worker.terminate();
            continue;
        }
        return Ok((s.worker, s.loaded.get()));
    }
    Worker::new(WORKER_URL)
        .map(|w| (w, false))
        .map_err(|e| format!("cannot start a web worker: {e:?}"))
}

/// Post request `i`'s text to its worker; a failure is that request's [`Message::Failed`].
fn send(worker: &Worker, text: &str, on: &Callback<(usize, Message)>, i: usize, id: u32) {
    if let Err(e) = worker.post_message(&JsValue::from_str(text)) {
        on.emit((
            i,
            Message::Failed {
                id,
                error: format!("cannot reach the worker: {e:?}"),
            },
        ));
    }
}

/// Start the `requests` of run `job` on at most `workers` workers ([`Pool::queue`]); when no
/// worker can start, each request gets a [`Message::Failed`] at once (`None`). What every
/// model that runs its algorithms in workers calls ([`MODELS`]).
pub fn run_requests(
    job: u32,
    requests: Vec<Request>,
    workers: usize,
    on: Callback<(usize, Message)>,
) -> Option<Pool> {
    if let Some(answer) = ON_THE_PAGE.with(Cell::get) {
        // After this turn, as a worker's messages would come.
        gloo::timers::callback::Timeout::new(0, move || {
            for (index, r) in requests.iter().enumerate() {
                let on = on.clone();
                answer(r, Box::new(move |m| on.emit((index, m))));
            }
        })
        .forget();
        return None;
    }
    let n = requests.len();
    match Pool::queue(requests, workers, on.clone(), MODELS) {
        Ok(p) => Some(p),
        Err(error) => {
            for index in 0..n {
                let error = error.clone();
                on.emit((index, Message::Failed { id: job, error }));
            }
            None
        }
    }
}

/// How [`answer_on_the_page`] answers a request: the worker's job, its messages posted in order.
pub type PageAnswer = fn(&Request, Box<dyn FnMut(Message)>);

thread_local! {
    static ON_THE_PAGE: Cell<Option<PageAnswer>> = const { Cell::new(None) };
}

/// Browser tests only (`wasm-bindgen-test` serves no worker script): from now on
/// [`run_requests`] answers on the page's thread with `answer` (the tests pass
/// `hetcast_worker::run`, the worker's own code), after the current turn, instead of starting
/// web workers.
pub fn answer_on_the_page(answer: PageAnswer) {
    ON_THE_PAGE.with(|a| a.set(Some(answer)));
}

/// How a pool writes its requests and reads its workers' messages.
#[derive(Clone, Copy)]
pub struct Codec {
    /// A request as the text posted to a worker.
    pub encode: fn(&Request) -> String,
    /// A message from the text a worker posted.
    pub decode: fn(&str) -> Result<Message, String>,
}

/// The models' jobs and answers alone (the platform's algorithms, the one-source optimum):
/// what the app's modules use, so that they do not link the writers and readers of the
/// experiments' jobs and answers (docs/performance.md "The app's wasm", step 10), nor the
/// readers of the answers of the models that the module leaves out (step 20).
pub const MODELS: Codec = Codec {
    encode: encode_model_request,
    decode: decode_answers::<crate::models::ReadAnswers>,
};

/// Every job, and the experiments' answers alone: the Experiments page's own module, so that
/// it does not link the readers of the models' solutions and their steps (docs/performance.md
/// "The app's wasm", step 11).
pub const EXPERIMENTS: Codec = Codec {
    encode: encode_request,
    decode: decode_experiment_message,
};

/// Running workers; dropping the pool stops them.
pub struct Pool {
    _handles: Vec<Handle>,
}

impl Pool {
    /// Run the requests on at most `workers` workers: each worker takes the next request
    /// waiting once it has answered its last one (many short jobs share the workers evenly).
    /// `on((i, message))` gets the messages about request `i`; a worker that fails to load or
    /// crashes gives a [`Message::Failed`] for its request. `codec` writes the requests and
    /// reads the messages.
    pub fn queue(
        requests: Vec<Request>,
        workers: usize,
        on: Callback<(usize, Message)>,
        codec: Codec,
    ) -> Result<Pool, String> {
        let texts: Rc<Vec<(u32, String)>> =
            Rc::new(requests.iter().map(|r| (r.id, (codec.encode)(r))).collect());
        let next = Rc::new(Cell::new(0));
        let workers = workers.clamp(1, texts.len().max(1)).min(texts.len());
        let mut handles = Vec::with_capacity(workers);
        for _ in 0..workers {
            let (worker, loaded) = take_worker()?;
            // The request this worker is on.
            let mine = Rc::new(Cell::new(next.get()));
            next.set(next.get() + 1);
            let idle = Rc::new(Cell::new(false));
            let on_message = {
                let (on, worker, texts) = (on.clone(), worker.clone(), texts.clone());
                let (mine, next, idle) = (mine.clone(), next.clone(), idle.clone());
                Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                    let i = mine.get();
                    let (id, text) = &texts[i];
                    let id = *id;
                    let m = match e.data().as_string() {
                        Some(t) => {
                            (codec.decode)(&t).unwrap_or_else(|error| Message::Failed { id, error })
                        }
                        None => Message::Failed {
                            id,
                            error: "the worker sent something other than text".into(),
                        },
                    };
                    if matches!(m, Message::Ready) {
                        send(&worker, text, &on, i, id);
                    } else if m.id() == Some(WARM_UP_ID) && id != WARM_UP_ID {
                        // The answer to a spare's warm-up job, queued before this request.
                    } else {
                        // The next request goes first, so that the worker does not wait while
                        // the page takes in this answer.
                        let last = !matches!(m, Message::Progress { .. });
                        if last && next.get() < texts.len() {
                            let j = next.get();
                            next.set(j + 1);
                            mine.set(j);
                            send(&worker, &texts[j].1, &on, j, texts[j].0);
                        } else if last {
                            idle.set(true);
                        }
                        on.emit((i, m));
                    }
                })
            };
            let on_error = {
                let (on, texts, mine) = (on.clone(), texts.clone(), mine.clone());
                let idle = idle.clone();
                Closure::<dyn FnMut(Event)>::new(move |e: Event| {
                    // A worker that stopped is not kept.
                    idle.set(false);
                    let why = e
                        .dyn_ref::<ErrorEvent>()
                        .map(|e| e.message())
                        .filter(|m| !m.is_empty())
                        .unwrap_or_else(|| format!("could not load {WORKER_URL}"));
                    let i = mine.get();
                    on.emit((
                        i,
                        Message::Failed {
                            id: texts[i].0,
                            error: format!("the web worker stopped: {why}"),
                        },
                    ));
                })
            };
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            if loaded {
                let i = mine.get();
                send(&worker, &texts[i].1, &on, i, texts[i].0);
            }
            handles.push(Handle {
                worker,
                idle,
                _on_message: on_message,
                _on_error: on_error,
            });
        }
        Ok(Pool { _handles: handles })
    }
}
