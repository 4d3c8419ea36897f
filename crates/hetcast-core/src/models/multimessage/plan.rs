//! What an algorithm of the multimessage model decides: a communication schedule, one
//! communication mode per unit step (section 1: a set of tuples `(m, l, D)`, message `m`
//! multicast by processor `P_l` to the processors `D`).

use serde::{Deserialize, Serialize};

/// One multicast of one step: `message` from `from` to every processor of `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transmission {
    /// Message index (of the input instance).
    pub message: usize,
    /// The sending processor.
    pub from: usize,
    /// The receiving processors.
    pub to: Vec<usize>,
}

/// A communication schedule: `steps[t]` is the communication mode of step `t + 1`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MmPlan {
    /// One list of transmissions per step.
    pub steps: Vec<Vec<Transmission>>,
}

impl MmPlan {
    /// The plan without empty transmissions and empty steps (later steps move earlier; hold
    /// sets only grow, so a valid plan stays valid).
    pub fn compacted(mut self) -> MmPlan {
        for step in &mut self.steps {
            step.retain(|t| !t.to.is_empty());
        }
        self.steps.retain(|s| !s.is_empty());
        self
    }
}
