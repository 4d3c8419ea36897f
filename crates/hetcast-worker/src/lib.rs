//! hetcast's experiments in a web worker.
//!
//! The page (the app's Experiments page) and the worker (the `hetcast-worker` binary, which
//! Trunk builds as a second WebAssembly module) exchange JSON text through `postMessage`:
//!
//! - page → worker: a [`Request`] (a job id and a [`Job`]: `liu-fig6` rows, `wu-fig3/4` run times,
//!   a part of any model's explorer, a platform algorithm, or an experiment's charts);
//! - worker → page: [`Message`]s: [`Message::Ready`] once it listens, then for each request
//!   [`Message::Progress`] (at most about [`PROGRESS_STEPS`] of them) and one result or
//!   [`Message::Failed`].
//!
//! [`run`] does a job (pure Rust over `hetcast-core`, tested natively); the binary only wires
//! it to `onmessage` / `postMessage`. A job cannot be interrupted from the page (the worker is
//! busy); the page cancels by terminating the worker and starting a new one.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod charts;
mod explore;
mod jobs;
mod protocol;

pub use charts::{Canvas, Chart};
pub use explore::{search_part, AnyFamily, FamilySettings, EXHAUSTIVE_LIMIT};
pub use jobs::run;
pub use protocol::{
    decode_answers, decode_experiment_message, decode_message, decode_model_message,
    decode_request, encode_message, encode_model_request, encode_request, request_id, Answers,
    EveryModel, Fig11Settings, Job, Message, NotRead, Request, Solved, PROGRESS_STEPS,
};
