//! hetcast-core: the model, algorithms, simulator, layout and SVG export of hetcast,
//! with no web dependency.
//!
//! The pipeline (see `docs/architecture.md`):
//!
//! ```text
//! Instance --algorithm--> Plan (+ Trace) --simulate--> Schedule --layout--> Scene --> DOM | SVG
//! ```
//!
//! ```
//! use hetcast_core::{model::Instance, algo::greedy, simulate::simulate};
//! let inst = Instance::from_json(r#"{"model":"node","source":0,"nodes":[{"cost":3},{"cost":2},{"cost":2}]}"#).unwrap();
//! let sol = greedy::greedy(&inst).unwrap();
//! let schedule = simulate(&inst, &sol.plan).unwrap();
//! assert_eq!(schedule.completion_time, 5.0);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod algo;
pub mod error;
pub mod experiment;
pub mod gallery;
pub mod generate;
pub mod layout;
pub mod model;
pub mod multi;
pub mod plan;
pub mod simulate;
pub mod trace;

pub use error::Error;
pub use model::{Instance, ModelKind, Node};
pub use plan::Plan;
pub use simulate::{simulate, Schedule};
