//! A row of the platform model's results: one algorithm's solution, checked by the one-port
//! checker into its periodic schedule.

use hetcast_core::catalog::Catalog;
use hetcast_core::models::platform::{
    simulate::simulate, PeriodicSchedule, PlatformAlgorithm, PlatformInstance, PlatformSolution,
};

use crate::models::Row;

/// A successful run: the algorithm's solution and its checked periodic schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct PlRunOk {
    /// Loads, kept nodes, sources, tree and steps.
    pub solution: PlatformSolution,
    /// One period, checked by the one-port checker.
    pub schedule: PeriodicSchedule,
}

/// One row of the results table.
#[derive(Clone, Debug, PartialEq)]
pub struct PlRunRow {
    /// Which algorithm.
    pub algo: PlatformAlgorithm,
    /// The result, or the error message.
    pub outcome: Result<PlRunOk, String>,
}

impl Row for PlRunRow {
    type Algo = PlatformAlgorithm;

    fn algo(&self) -> PlatformAlgorithm {
        self.algo
    }

    fn time(&self) -> Option<f64> {
        PlRunRow::time(self)
    }

    fn name(&self) -> String {
        self.algo.title().to_string()
    }

    fn fmt_time(t: f64) -> String {
        period_text(t)
    }

    fn plan_json(&self) -> Option<serde_json::Value> {
        let ok = self.outcome.as_ref().ok()?;
        Some(serde_json::json!({
            "period": ok.schedule.period,
            "schedule": ok.schedule.transfers,
        }))
    }
}

impl PlRunRow {
    /// `T*`, when the run succeeded.
    pub fn time(&self) -> Option<f64> {
        self.outcome.as_ref().ok().map(|r| r.schedule.period)
    }
}

/// "T* = 1.5".
pub fn period_text(t: f64) -> String {
    crate::util::fmt_time(t)
}

/// Check `solution` on `inst`: the row of its algorithm. Never panics.
pub fn row_of(inst: &PlatformInstance, solution: Result<PlatformSolution, String>) -> PlRunRow {
    match solution {
        Ok(solution) => PlRunRow {
            algo: solution.algorithm,
            outcome: simulate(inst, &solution)
                .map(|schedule| PlRunOk { solution, schedule })
                .map_err(|e| e.to_string()),
        },
        Err(e) => PlRunRow {
            algo: PlatformAlgorithm::MulticastLb,
            outcome: Err(e),
        },
    }
}
