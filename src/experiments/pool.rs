//! The web workers of the Experiments page: one [`Pool`] per run, one worker per job.
//!
//! Each worker is the `hetcast-worker` binary that Trunk builds next to the app
//! ([`WORKER_URL`], its loader script). The page posts a job's request (JSON text) once the
//! worker says it is ready, and hands every message back through a callback. Dropping the
//! pool terminates its workers, whatever they are doing: that is how a run is cancelled.

use hetcast_worker::{decode_message, encode_request, Message, Request};
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

struct Handle {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

impl Drop for Handle {
    fn drop(&mut self) {
        self.worker.terminate();
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
    }
}

/// Running workers; dropping the pool stops them.
pub struct Pool {
    _handles: Vec<Handle>,
}

impl Pool {
    /// Start one worker per request; `on((i, message))` gets the messages about request `i`
    /// (a worker that fails to load or crashes gives a [`Message::Failed`]).
    pub fn start(requests: Vec<Request>, on: Callback<(usize, Message)>) -> Result<Pool, String> {
        let mut handles = Vec::with_capacity(requests.len());
        for (i, request) in requests.into_iter().enumerate() {
            let worker =
                Worker::new(WORKER_URL).map_err(|e| format!("cannot start a web worker: {e:?}"))?;
            let id = request.id;
            let text = encode_request(&request);
            let on_message = {
                let on = on.clone();
                let worker = worker.clone();
                Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                    let m = match e.data().as_string() {
                        Some(t) => {
                            decode_message(&t).unwrap_or_else(|error| Message::Failed { id, error })
                        }
                        None => Message::Failed {
                            id,
                            error: "the worker sent something other than text".into(),
                        },
                    };
                    if m == Message::Ready {
                        if let Err(e) = worker.post_message(&JsValue::from_str(&text)) {
                            on.emit((
                                i,
                                Message::Failed {
                                    id,
                                    error: format!("cannot reach the worker: {e:?}"),
                                },
                            ));
                        }
                    } else {
                        on.emit((i, m));
                    }
                })
            };
            let on_error = {
                let on = on.clone();
                Closure::<dyn FnMut(Event)>::new(move |e: Event| {
                    let why = e
                        .dyn_ref::<ErrorEvent>()
                        .map(|e| e.message())
                        .filter(|m| !m.is_empty())
                        .unwrap_or_else(|| format!("could not load {WORKER_URL}"));
                    on.emit((
                        i,
                        Message::Failed {
                            id,
                            error: format!("the web worker stopped: {why}"),
                        },
                    ));
                })
            };
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            handles.push(Handle {
                worker,
                _on_message: on_message,
                _on_error: on_error,
            });
        }
        Ok(Pool { _handles: handles })
    }
}
