//! The algorithms of the multimessage model, one file each: [`gonzalez`] (the 2d algorithm of
//! section 2), [`single_send`] and [`no_forwarding`] (the two restrictions of section 1),
//! and [`optimal`] (exact search with forwarding, small instances). Each returns a
//! communication schedule ([`MmPlan`]); only [`crate::models::multimessage::simulate`] checks
//! it and counts its steps.

pub mod gonzalez;
pub mod no_forwarding;
pub mod optimal;
pub mod single_send;

use crate::catalog::Catalog;
use crate::error::Error;
use crate::models::multimessage::{MmInstance, MmPlan};
use crate::trace::{ItemId, Step, Trace};
use serde::{Deserialize, Serialize};

/// The algorithms of the multimessage model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MmAlgorithm {
    /// Gonzalez's 2d algorithm (section 2).
    Gonzalez,
    /// Each message sent once by its source, to all its destinations, never forwarded.
    SingleSend,
    /// Messages sent straight from their sources, possibly in several steps.
    NoForwarding,
    /// The fewest steps with forwarding (exact search, small instances).
    Optimal,
}

impl Catalog for MmAlgorithm {
    const ALL: &'static [MmAlgorithm] = &[
        MmAlgorithm::Gonzalez,
        MmAlgorithm::SingleSend,
        MmAlgorithm::NoForwarding,
        MmAlgorithm::Optimal,
    ];

    fn key(self) -> &'static str {
        match self {
            MmAlgorithm::Gonzalez => "gonzalez",
            MmAlgorithm::SingleSend => "single-send",
            MmAlgorithm::NoForwarding => "no-forwarding",
            MmAlgorithm::Optimal => "optimal",
        }
    }

    fn title(self) -> &'static str {
        match self {
            MmAlgorithm::Gonzalez => "Gonzalez 2d (with forwarding)",
            MmAlgorithm::SingleSend => "Single send, no forwarding",
            MmAlgorithm::NoForwarding => "No forwarding",
            MmAlgorithm::Optimal => "Optimal with forwarding (search)",
        }
    }

    fn short(self) -> &'static str {
        match self {
            MmAlgorithm::Gonzalez => "2d",
            MmAlgorithm::SingleSend => "single",
            MmAlgorithm::NoForwarding => "no-fwd",
            MmAlgorithm::Optimal => "OPT",
        }
    }

    fn aliases(self) -> &'static [&'static str] {
        match self {
            MmAlgorithm::Gonzalez => &["2d", "mmfc"],
            MmAlgorithm::SingleSend => &["single"],
            MmAlgorithm::NoForwarding => &["noforward", "direct"],
            MmAlgorithm::Optimal => &["opt", "exact"],
        }
    }
}

/// What an algorithm of the multimessage model returns (the app's web worker sends it to the
/// page as JSON, without [`MmSolution::gonzalez`]: the page draws the construction from the
/// steps).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MmSolution {
    /// The communication schedule (input indices).
    pub plan: MmPlan,
    /// The steps the algorithm took.
    pub trace: Trace,
    /// Whether the schedule is known to have the fewest steps its algorithm's rules allow
    /// (always false for `gonzalez`, true for `optimal`; `single-send` and `no-forwarding`
    /// are exact up to their limits and heuristics past them).
    pub exact: bool,
    /// Gonzalez's construction, phase by phase (only for `gonzalez`; not written as JSON).
    #[serde(skip)]
    pub gonzalez: Option<Box<gonzalez::GonzalezRun>>,
}

impl MmAlgorithm {
    /// The algorithm's pseudo-code, one line a row.
    pub fn pseudo_code(self) -> &'static [&'static str] {
        match self {
            MmAlgorithm::Gonzalez => gonzalez::PSEUDO,
            MmAlgorithm::SingleSend => single_send::PSEUDO,
            MmAlgorithm::NoForwarding => no_forwarding::PSEUDO,
            MmAlgorithm::Optimal => optimal::PSEUDO,
        }
    }

    /// Validate and run, keeping the steps.
    pub fn solve(self, inst: &MmInstance) -> Result<MmSolution, Error> {
        inst.validate()?;
        Ok(match self {
            MmAlgorithm::Gonzalez => {
                let mut run = gonzalez::gonzalez_traced(inst)?;
                MmSolution {
                    plan: run.plan.clone(),
                    trace: std::mem::take(&mut run.trace),
                    exact: false,
                    gonzalez: Some(Box::new(run)),
                }
            }
            MmAlgorithm::SingleSend => {
                let (plan, exact) = single_send::single_send(inst);
                let trace = plan_trace(inst, &plan, self, exact);
                MmSolution {
                    plan,
                    trace,
                    exact,
                    gonzalez: None,
                }
            }
            MmAlgorithm::NoForwarding => {
                let (plan, exact) = no_forwarding::no_forwarding(inst);
                let trace = plan_trace(inst, &plan, self, exact);
                MmSolution {
                    plan,
                    trace,
                    exact,
                    gonzalez: None,
                }
            }
            MmAlgorithm::Optimal => {
                let plan = optimal::optimal(inst)?;
                let trace = plan_trace(inst, &plan, self, true);
                MmSolution {
                    plan,
                    trace,
                    exact: true,
                    gonzalez: None,
                }
            }
        })
    }

    /// The size limit `inst` is past, known before running ([`Error::TooLarge`]): the exact
    /// search's processors, messages and transfers ([`optimal::check_limits`]); `None` when
    /// the algorithm takes `inst` (the search may still stop at its budget of search nodes).
    /// "Run all" in the app skips an algorithm past its limit.
    pub fn refusal(self, inst: &MmInstance) -> Option<Error> {
        match self {
            MmAlgorithm::Optimal => optimal::check_limits(inst).err(),
            MmAlgorithm::Gonzalez | MmAlgorithm::SingleSend | MmAlgorithm::NoForwarding => None,
        }
    }

    /// Validate and run without steps (experiments, benches).
    pub fn run(self, inst: &MmInstance) -> Result<MmPlan, Error> {
        inst.validate()?;
        Ok(match self {
            MmAlgorithm::Gonzalez => gonzalez::gonzalez(inst)?.plan,
            MmAlgorithm::SingleSend => single_send::single_send(inst).0,
            MmAlgorithm::NoForwarding => no_forwarding::no_forwarding(inst).0,
            MmAlgorithm::Optimal => optimal::optimal(inst)?,
        })
    }
}

/// The steps of a schedule-building algorithm: what it did, then one step per step of the
/// schedule.
fn plan_trace(inst: &MmInstance, plan: &MmPlan, algo: MmAlgorithm, exact: bool) -> Trace {
    let how = match (algo, exact) {
        (MmAlgorithm::Optimal, _) => "exact search",
        (_, true) => "exact (no schedule of its kind is shorter)",
        (_, false) => "heuristic (past the exact method's limit)",
    };
    let mut trace = vec![Step {
        text: format!(
            "{}: {} step{}, {how}.",
            algo.title(),
            plan.steps.len(),
            if plan.steps.len() == 1 { "" } else { "s" }
        ),
        pseudo_line: Some(if algo == MmAlgorithm::Optimal { 1 } else { 2 }),
        highlight: Vec::new(),
        t: 0.0,
        built: Vec::new(),
    }];
    for (s, step) in plan.steps.iter().enumerate() {
        let words: Vec<String> = step
            .iter()
            .map(|t| {
                format!(
                    "{} sends {} to {}",
                    inst.label(t.from),
                    inst.message_label(t.message),
                    t.to.iter()
                        .map(|&q| inst.label(q))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
            .collect();
        trace.push(Step {
            text: format!("Step {}: {}.", s + 1, words.join("; ")),
            pseudo_line: Some(3),
            highlight: step
                .iter()
                .flat_map(|t| {
                    t.to.iter().map(|&q| ItemId::Edge {
                        from: t.from,
                        to: q,
                        message: Some(t.message),
                    })
                })
                .collect(),
            t: s as f64,
            built: Vec::new(),
        });
    }
    trace
}
