//! One home per model, as in `hetcast_core::models`: each model's `hetcast run` output, its
//! experiments' runners and charts, and its benches. [`crate::run`], [`crate::experiments`]
//! and [`crate::bench`] dispatch to them.

pub mod multi;
pub mod multimessage;
pub mod overhead;
pub mod platform;
