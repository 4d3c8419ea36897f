//! A results table as CSV (RFC 4180): one row per run, with the algorithm, the simulated
//! completion time and what the model reports beside it, the lower bound and the ratio.
//!
//! Columns ([`HEADER`]): `model` (`node`, `sender_receiver` or `multi`), `algorithm` (the key,
//! or `plan` for a plan read from a file), `algorithm_title`, `completion_time`, `lower_bound`,
//! `ratio` (`completion_time / lower_bound`). Numbers are in Rust's shortest round-trip form
//! (`10`, `35.49`); times are the model's (unitless for the overhead model, µs for the
//! many-source model). Text fields are quoted when they hold a comma, a double quote, CR or LF,
//! with inner quotes doubled ([`field`]); lines end with CRLF.
//!
//! ```
//! use hetcast_core::export::csv::{field, results_csv, ResultRow};
//! assert_eq!(field("FNF, greedy"), "\"FNF, greedy\"");
//! let row = ResultRow {
//!     model: "node".into(),
//!     algorithm: "greedy".into(),
//!     algorithm_title: "Greedy / FNF".into(),
//!     completion_time: 10.0,
//!     lower_bound: 8.0,
//! };
//! assert_eq!(
//!     results_csv(&[row]),
//!     "model,algorithm,algorithm_title,completion_time,lower_bound,ratio\r\n\
//!      node,greedy,Greedy / FNF,10,8,1.25\r\n"
//! );
//! ```

use crate::models::multi::algo::lower_bound::lower_bound as multi_lower_bound;
use crate::models::multi::{MultiInstance, MultiSchedule};
use crate::models::overhead::{bounds, Instance, Schedule};
use std::borrow::Cow;

/// The header line of [`results_csv`].
pub const HEADER: &str = "model,algorithm,algorithm_title,completion_time,lower_bound,ratio";

/// One row of a results table.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultRow {
    /// `node`, `sender_receiver` or `multi`.
    pub model: String,
    /// The algorithm's key, or `plan`.
    pub algorithm: String,
    /// Its name for people.
    pub algorithm_title: String,
    /// The simulated completion time.
    pub completion_time: f64,
    /// The model's lower bound on any schedule of the instance.
    pub lower_bound: f64,
}

impl ResultRow {
    /// `completion_time / lower_bound`.
    pub fn ratio(&self) -> f64 {
        self.completion_time / self.lower_bound
    }

    /// The row of an overhead-model schedule (lower bound: [`bounds::lower_bound`]).
    pub fn overhead(inst: &Instance, algorithm: &str, title: &str, s: &Schedule) -> ResultRow {
        ResultRow {
            model: inst.model.name().to_string(),
            algorithm: algorithm.to_string(),
            algorithm_title: title.to_string(),
            completion_time: s.completion_time,
            lower_bound: bounds::lower_bound(inst),
        }
    }

    /// The row of a many-source schedule (lower bound: the idealised bound of paper 001
    /// section 3.1).
    pub fn multi(
        inst: &MultiInstance,
        algorithm: &str,
        title: &str,
        s: &MultiSchedule,
    ) -> ResultRow {
        ResultRow {
            model: "multi".to_string(),
            algorithm: algorithm.to_string(),
            algorithm_title: title.to_string(),
            completion_time: s.completion_time,
            lower_bound: multi_lower_bound(inst).value,
        }
    }
}

/// `text` as one CSV field: as is, or, when it holds a comma, a double quote, CR or LF, in
/// double quotes with every inner double quote doubled (RFC 4180 section 2, rules 6 and 7).
pub fn field(text: &str) -> Cow<'_, str> {
    if text.contains([',', '"', '\r', '\n']) {
        Cow::Owned(format!("\"{}\"", text.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(text)
    }
}

/// The table: [`HEADER`], then one line per row, every line ending with CRLF.
pub fn results_csv(rows: &[ResultRow]) -> String {
    let mut out = format!("{HEADER}\r\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{},{}\r\n",
            field(&r.model),
            field(&r.algorithm),
            field(&r.algorithm_title),
            r.completion_time,
            r.lower_bound,
            r.ratio()
        ));
    }
    out
}
