//! One row of the one-source results table: a run's plan, schedule and properties, or why it
//! failed ([`RunRow`], the model's [`Row`]).

use hetcast_core::models::overhead::algo::{Algorithm, Solution};
use hetcast_core::models::overhead::properties::Properties;
use hetcast_core::models::overhead::simulate::Schedule;
use hetcast_core::models::overhead::ModelKind;

use crate::models::Row;

/// A successful run: the plan, its schedule and the schedule's properties.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOk {
    /// Plan and trace.
    pub solution: Solution,
    /// The simulated schedule.
    pub schedule: Schedule,
    /// Non-idling, monotonic, layered.
    pub properties: Properties,
}

/// One row of the results table.
#[derive(Clone, Debug, PartialEq)]
pub struct RunRow {
    /// Which algorithm.
    pub algo: Algorithm,
    /// The seed (random selection only).
    pub seed: u64,
    /// The result, or the error message (e.g. an exact solver refusing a large instance).
    pub outcome: Result<RunOk, String>,
    /// A plan imported from a file (the edited row), not a run of `algo`.
    pub edited: bool,
    /// The model it ran in (the algorithm's name depends on it).
    pub kind: ModelKind,
}

impl Row for RunRow {
    type Algo = Algorithm;

    fn algo(&self) -> Algorithm {
        self.algo
    }

    fn time(&self) -> Option<f64> {
        RunRow::time(self)
    }

    fn name(&self) -> String {
        self.title()
    }

    fn fmt_time(t: f64) -> String {
        crate::util::fmt_time(t)
    }

    fn seed(&self) -> Option<u64> {
        (self.algo == Algorithm::Random).then_some(self.seed)
    }

    fn plan_json(&self) -> Option<serde_json::Value> {
        let ok = self.outcome.as_ref().ok()?;
        serde_json::to_value(&ok.solution.plan).ok()
    }

    fn is_edited(&self) -> bool {
        self.edited
    }
}

impl RunRow {
    /// The completion time, when the run succeeded.
    pub fn time(&self) -> Option<f64> {
        self.outcome
            .as_ref()
            .ok()
            .map(|r| r.schedule.completion_time)
    }

    /// Title shown in the table.
    pub fn title(&self) -> String {
        if self.edited {
            return crate::plan_import::EDITED_TITLE.to_string();
        }
        match self.algo {
            Algorithm::Random => format!("{} (seed {})", self.algo.name_in(self.kind), self.seed),
            a => a.name_in(self.kind).to_string(),
        }
    }
}
