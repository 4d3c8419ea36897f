//! The algorithms of the many-source model with non-blocking sends (Wu, Yeh, Liu, paper 001),
//! one file each: [`fef`] (4.1), [`ecf`] (4.2), [`work_racing`] (4.3), [`wrp`] (4.4), and the
//! idealised [`lower_bound`] (3.1). Every algorithm returns task lists ([`MultiPlan`]); times
//! come only from [`crate::multi::simulate`].

pub mod ecf;
pub mod fef;
pub mod lower_bound;
mod state;
pub mod work_racing;
pub mod wrp;

use crate::error::Error;
use crate::multi::{MultiInstance, MultiPlan};
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

impl MultiAlgorithm {
    /// Every algorithm, in the paper's order.
    pub const ALL: [MultiAlgorithm; 4] = [
        MultiAlgorithm::Fef,
        MultiAlgorithm::Ecf,
        MultiAlgorithm::Wr,
        MultiAlgorithm::Wrp,
    ];

    /// Short machine name (CLI `--algo`): fef, ecf, wr, wrp.
    pub fn key(self) -> &'static str {
        match self {
            MultiAlgorithm::Fef => "fef",
            MultiAlgorithm::Ecf => "ecf",
            MultiAlgorithm::Wr => "wr",
            MultiAlgorithm::Wrp => "wrp",
        }
    }

    /// Name for tables and legends.
    pub fn name(self) -> &'static str {
        match self {
            MultiAlgorithm::Fef => "Fastest-Edge-First",
            MultiAlgorithm::Ecf => "Earliest-Completion-First",
            MultiAlgorithm::Wr => "Work-Racing",
            MultiAlgorithm::Wrp => "Work-Racing-Preemptive",
        }
    }

    /// Abbreviation used in the paper's figures: FEF, ECF, WR, WRP.
    pub fn short(self) -> &'static str {
        match self {
            MultiAlgorithm::Fef => "FEF",
            MultiAlgorithm::Ecf => "ECF",
            MultiAlgorithm::Wr => "WR",
            MultiAlgorithm::Wrp => "WRP",
        }
    }

    /// Parse a key (case-insensitive; "work-racing" and the like are accepted too).
    pub fn parse(s: &str) -> Result<MultiAlgorithm, Error> {
        match s.to_ascii_lowercase().replace(['-', '_', ' '], "").as_str() {
            "fef" | "fastestedgefirst" => Ok(MultiAlgorithm::Fef),
            "ecf" | "earliestcompletionfirst" => Ok(MultiAlgorithm::Ecf),
            "wr" | "workracing" => Ok(MultiAlgorithm::Wr),
            "wrp" | "workracingpreemptive" => Ok(MultiAlgorithm::Wrp),
            _ => Err(Error::UnknownAlgorithm(s.to_string())),
        }
    }

    /// Run on a valid instance.
    pub fn run(self, inst: &MultiInstance) -> Result<MultiPlan, Error> {
        inst.validate()?;
        Ok(match self {
            MultiAlgorithm::Fef => fef::fef(inst),
            MultiAlgorithm::Ecf => ecf::ecf(inst),
            MultiAlgorithm::Wr => work_racing::work_racing(inst),
            MultiAlgorithm::Wrp => wrp::wrp(inst),
        })
    }
}
