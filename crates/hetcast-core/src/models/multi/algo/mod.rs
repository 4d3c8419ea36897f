//! The algorithms of the many-source model with non-blocking sends (Wu, Yeh, Liu, paper 001),
//! one file each: [`fef`] (4.1), [`ecf`] (4.2), [`work_racing`] (4.3), [`wrp`] (4.4), and the
//! idealised [`lower_bound`] (3.1); [`exhaustive`], the exact optimum of tiny instances by
//! trying every plan (the explorer's reference). Every algorithm returns task lists ([`MultiPlan`]); times
//! come only from [`crate::models::multi::simulate`].

pub mod ecf;
pub mod exhaustive;
pub mod fef;
pub mod lower_bound;
mod state;
pub mod work_racing;
pub mod wrp;

pub(crate) use state::Shared;

use crate::catalog::Catalog;
use crate::error::Error;
use crate::models::multi::{MultiInstance, MultiPlan};
use crate::trace::{Trace, Tracer};
use serde::{Deserialize, Serialize};

/// The scheduling algorithms of paper 001.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MultiAlgorithm {
    /// Fastest-Edge-First (section 4.1).
    Fef,
    /// Earliest-Completion-First (section 4.2).
    Ecf,
    /// Work-Racing (section 4.3).
    Wr,
    /// Work-Racing-Preemptive (section 4.4).
    Wrp,
}

impl Catalog for MultiAlgorithm {
    const ALL: &'static [MultiAlgorithm] = &[
        MultiAlgorithm::Fef,
        MultiAlgorithm::Ecf,
        MultiAlgorithm::Wr,
        MultiAlgorithm::Wrp,
    ];

    fn key(self) -> &'static str {
        match self {
            MultiAlgorithm::Fef => "fef",
            MultiAlgorithm::Ecf => "ecf",
            MultiAlgorithm::Wr => "wr",
            MultiAlgorithm::Wrp => "wrp",
        }
    }

    fn title(self) -> &'static str {
        match self {
            MultiAlgorithm::Fef => "Fastest-Edge-First",
            MultiAlgorithm::Ecf => "Earliest-Completion-First",
            MultiAlgorithm::Wr => "Work-Racing",
            MultiAlgorithm::Wrp => "Work-Racing-Preemptive",
        }
    }

    /// The paper's abbreviations: FEF, ECF, WR, WRP.
    fn short(self) -> &'static str {
        match self {
            MultiAlgorithm::Fef => "FEF",
            MultiAlgorithm::Ecf => "ECF",
            MultiAlgorithm::Wr => "WR",
            MultiAlgorithm::Wrp => "WRP",
        }
    }

    /// The full names: "work-racing", "Fastest-Edge-First", ...
    fn aliases(self) -> &'static [&'static str] {
        match self {
            MultiAlgorithm::Fef => &["fastestedgefirst"],
            MultiAlgorithm::Ecf => &["earliestcompletionfirst"],
            MultiAlgorithm::Wr => &["workracing"],
            MultiAlgorithm::Wrp => &["workracingpreemptive"],
        }
    }
}

/// What a many-source algorithm returns: its task lists and the steps it took (the app's web
/// worker sends it to the page as JSON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MultiSolution {
    /// The task list of every node.
    pub plan: MultiPlan,
    /// The algorithm's decisions, in order.
    pub trace: Trace,
}

impl MultiAlgorithm {
    /// Run on a valid instance and keep the steps.
    pub fn solve(self, inst: &MultiInstance) -> Result<MultiSolution, Error> {
        inst.validate()?;
        let mut trace = Tracer::on();
        let plan = match self {
            MultiAlgorithm::Fef => fef::fef_traced(inst, &mut trace),
            MultiAlgorithm::Ecf => ecf::ecf_traced(inst, &mut trace),
            MultiAlgorithm::Wr => work_racing::work_racing_traced(inst, &mut trace),
            MultiAlgorithm::Wrp => {
                let run = wrp::wrp_traced(inst, trace);
                return Ok(MultiSolution {
                    plan: run.plan,
                    trace: run.trace,
                });
            }
        };
        Ok(MultiSolution {
            plan,
            trace: trace.into_steps(),
        })
    }

    /// The algorithm's pseudo-code, one line a row; a step's `pseudo_line` counts from 1.
    pub fn pseudo_code(self) -> &'static [&'static str] {
        match self {
            MultiAlgorithm::Fef => fef::PSEUDO,
            MultiAlgorithm::Ecf => ecf::PSEUDO,
            MultiAlgorithm::Wr => work_racing::PSEUDO,
            MultiAlgorithm::Wrp => wrp::PSEUDO,
        }
    }

    /// Run on a valid instance.
    pub fn run(self, inst: &MultiInstance) -> Result<MultiPlan, Error> {
        inst.validate()?;
        Ok(self.run_validated(inst))
    }

    /// Run on an instance that [`MultiInstance::validate`] accepted (the experiments validate
    /// each instance once for the four algorithms).
    pub fn run_validated(self, inst: &MultiInstance) -> MultiPlan {
        self.run_shared(&Shared::new(inst))
    }

    /// [`MultiAlgorithm::run_validated`] from what the four heuristics compute alike on an
    /// instance ([`Shared`]), which the experiments build once for all four.
    pub(crate) fn run_shared(self, sh: &Shared) -> MultiPlan {
        match self {
            MultiAlgorithm::Fef => fef::shared(sh, &mut Tracer::off()),
            MultiAlgorithm::Ecf => ecf::shared(sh, &mut Tracer::off()),
            MultiAlgorithm::Wr => work_racing::shared(sh, &mut Tracer::off()),
            MultiAlgorithm::Wrp => wrp::shared(sh),
        }
    }
}
