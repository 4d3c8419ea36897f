//! The algorithms, one file each. Every algorithm is a pure function from an
//! [`Instance`] to a [`Solution`] (a plan and, where it has steps, a
//! trace); times come only from [`simulate`](mod@crate::models::overhead::simulate).

pub mod exchanges;
pub mod exhaustive;
pub mod greedy;
pub mod lemma5;
pub mod optimal;
pub mod random;

use crate::catalog::Catalog;
use crate::error::Error;
use crate::models::overhead::instance::Instance;
use crate::models::overhead::plan::Plan;
use crate::models::overhead::trace::Trace;
use serde::{Deserialize, Serialize};

/// What an algorithm returns: the plan and the steps it took (empty where it has none).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Solution {
    /// The multicast tree with ordered children.
    pub plan: Plan,
    /// The algorithm's steps (greedy/FNF and random selection).
    pub trace: Trace,
}

/// The algorithms the app and the CLI can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Algorithm {
    /// Greedy of 000 section 2 = fastest-node-first of 004 section 3.1.
    Greedy,
    /// Random selection of 004 section 5.2, with a seed.
    Random,
    /// Exact optimum (frontier formulation, see `optimal/mod.rs`).
    Optimal,
    /// Exact optimum by the literal Lemma 5 dynamic program of 000 section 3.
    Lemma5,
    /// Exact optimum by exhaustive search over non-idling schedules (n <= 9).
    Exhaustive,
}

impl Catalog for Algorithm {
    const ALL: &'static [Algorithm] = &[
        Algorithm::Greedy,
        Algorithm::Random,
        Algorithm::Optimal,
        Algorithm::Lemma5,
        Algorithm::Exhaustive,
    ];

    fn key(self) -> &'static str {
        match self {
            Algorithm::Greedy => "greedy",
            Algorithm::Random => "random",
            Algorithm::Optimal => "optimal",
            Algorithm::Lemma5 => "lemma5",
            Algorithm::Exhaustive => "exhaustive",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Algorithm::Greedy => "Greedy / FNF",
            Algorithm::Random => "Random selection",
            Algorithm::Optimal => "Optimum (frontier DP)",
            Algorithm::Lemma5 => "Optimum (Lemma 5 DP)",
            Algorithm::Exhaustive => "Optimum (exhaustive)",
        }
    }

    fn short(self) -> &'static str {
        match self {
            Algorithm::Greedy => "FNF",
            Algorithm::Random => "Random",
            Algorithm::Optimal => "OPT",
            Algorithm::Lemma5 => "Lemma 5",
            Algorithm::Exhaustive => "Exhaustive",
        }
    }

    /// `fnf` names greedy, `opt` the frontier optimum.
    fn aliases(self) -> &'static [&'static str] {
        match self {
            Algorithm::Greedy => &["fnf"],
            Algorithm::Optimal => &["opt"],
            _ => &[],
        }
    }
}

/// Greedy / FNF in the papers' words (000 section 2, 004 section 3.1); a step's
/// `pseudo_line` counts from 1.
pub const GREEDY_PSEUDO: &[&str] = &[
    "sort the destinations fastest first (receive time, then send time)",
    "heap <- {source, its first send ending at s(source)}",
    "while a destination waits:",
    "  pop the node P whose next send ends first, at t",
    "  the fastest waiting node Q becomes P's next child; Q holds the message at t + L + r(Q)",
    "  push P at t + s(P) and Q at its holding time + s(Q)",
];

/// Greedy in the node model (000 section 2), line for line as [`GREEDY_PSEUDO`]: a node `v`
/// spends `c(v)` per send and the receiver holds the message when the send ends (no latency,
/// no receive cost).
pub const GREEDY_NODE_PSEUDO: &[&str] = &[
    "sort the destinations fastest first (least cost c)",
    "heap <- {source, its first send ending at c(source)}",
    "while a destination waits:",
    "  pop the node P whose next send ends first, at t",
    "  the fastest waiting node Q becomes P's next child; Q holds the message at t",
    "  push P at t + c(P) and Q at t + c(Q)",
];

/// Random selection (004 section 5.2); a step's `pseudo_line` counts from 1.
pub const RANDOM_PSEUDO: &[&str] = &[
    "H <- {source}, W <- the destinations",
    "while W is not empty:",
    "  pick a sender P uniformly in H and a receiver Q uniformly in W",
    "  Q becomes P's next child; move Q from W to H",
    "time the tree: every node sends as early as it can",
];

impl Algorithm {
    /// The one name the app and the drawings give the algorithm in model `kind`, as that
    /// model's paper calls it: greedy is "Greedy" in the node model (Libeskind-Hadas et al.)
    /// and "FNF" in the sender-receiver model (Liu et al.); [`Algorithm::also_called`] says
    /// the other name.
    pub fn name_in(self, kind: crate::models::overhead::ModelKind) -> &'static str {
        use crate::models::overhead::ModelKind;
        match (self, kind) {
            (Algorithm::Greedy, ModelKind::Node) => "Greedy",
            (Algorithm::Greedy, ModelKind::SenderReceiver) => "FNF",
            (Algorithm::Random, _) => "Random selection",
            (Algorithm::Optimal, _) => "Optimum",
            (Algorithm::Lemma5, _) => "Lemma 5",
            (Algorithm::Exhaustive, _) => "Exhaustive",
        }
    }

    /// What else the algorithm is called, and how it works, for a tooltip.
    pub fn also_called(self, kind: crate::models::overhead::ModelKind) -> &'static str {
        use crate::models::overhead::ModelKind;
        match (self, kind) {
            (Algorithm::Greedy, ModelKind::Node) => {
                "Greedy (Libeskind-Hadas et al.): the fastest waiting node first; Liu et al. call it FNF, fastest node first"
            }
            (Algorithm::Greedy, ModelKind::SenderReceiver) => {
                "FNF, fastest node first (Liu et al.); the greedy algorithm of Libeskind-Hadas et al."
            }
            (Algorithm::Random, _) => {
                "Random selection (Liu et al. section 5.2): a random sender sends to a random waiting node"
            }
            (Algorithm::Optimal, _) => {
                "Optimum: the exact minimum, by the frontier dynamic program (docs/optimal.md)"
            }
            (Algorithm::Lemma5, _) => {
                "The dynamic program of Libeskind-Hadas et al.'s Lemma 5: exact, O(n^2 k) for k node types"
            }
            (Algorithm::Exhaustive, _) => {
                "Exhaustive search over every tree and send order: exact, small instances only"
            }
        }
    }

    /// The pseudo-code of the algorithms that record steps (empty for the exact methods but
    /// the Lemma 5 dynamic program, whose steps [`lemma5::dp_steps`] gives).
    pub fn pseudo_code(self) -> &'static [&'static str] {
        match self {
            Algorithm::Greedy => GREEDY_PSEUDO,
            Algorithm::Random => RANDOM_PSEUDO,
            Algorithm::Lemma5 => lemma5::LEMMA5_PSEUDO,
            _ => &[],
        }
    }

    /// The pseudo-code in the words of model `kind`'s paper: greedy in the node model has no
    /// latency and no receive cost ([`GREEDY_NODE_PSEUDO`]); the lines are the same, so a
    /// step's line is the same in both.
    pub fn pseudo_code_in(
        self,
        kind: crate::models::overhead::ModelKind,
    ) -> &'static [&'static str] {
        match (self, kind) {
            (Algorithm::Greedy, crate::models::overhead::ModelKind::Node) => GREEDY_NODE_PSEUDO,
            _ => self.pseudo_code(),
        }
    }

    /// The line of [`Algorithm::pseudo_code`] that one recorded step executes.
    pub fn step_line(self) -> Option<usize> {
        match self {
            Algorithm::Greedy => Some(5),
            Algorithm::Random => Some(4),
            _ => None,
        }
    }

    /// True for the exact methods.
    pub fn is_exact(self) -> bool {
        matches!(
            self,
            Algorithm::Optimal | Algorithm::Lemma5 | Algorithm::Exhaustive
        )
    }

    /// The size limit `inst` is past, known before running ([`Error::TooLarge`]): the
    /// exhaustive search's [`exhaustive::EXHAUSTIVE_MAX_NODES`] nodes, the Lemma 5 program's
    /// table cells and steps ([`lemma5::lemma5_check`]); `None` when the algorithm takes
    /// `inst`. The frontier program (optimal) counts its work as it runs and may still refuse
    /// then. "Run all" in the app skips an algorithm past its limit.
    pub fn refusal(self, inst: &Instance) -> Option<Error> {
        match self {
            Algorithm::Exhaustive => exhaustive::too_large(inst),
            Algorithm::Lemma5 => lemma5::lemma5_check(inst).err(),
            Algorithm::Greedy | Algorithm::Random | Algorithm::Optimal => None,
        }
    }
}

/// Validate `inst` and run `algo` on it (`seed` is used by random selection only).
pub fn run(inst: &Instance, algo: Algorithm, seed: u64) -> Result<Solution, Error> {
    inst.validate()?;
    match algo {
        Algorithm::Greedy => greedy::greedy(inst),
        Algorithm::Random => random::random_selection(inst, seed),
        Algorithm::Optimal => optimal::optimal(inst),
        Algorithm::Lemma5 => lemma5::lemma5(inst),
        Algorithm::Exhaustive => exhaustive::exhaustive(inst),
    }
}

/// The order in which greedy/FNF picks receivers: smallest receive time first (004 section 5.2),
/// then smallest send time (the node model's c), then smallest index. For consistent speeds this
/// is "fastest first" (004 section 3.1, 000 section 2). Also the order that "monotonic" and
/// "layered" are judged by.
pub fn speed_key(inst: &Instance, v: usize) -> (f64, f64) {
    (inst.nodes[v].recv, inst.nodes[v].send)
}

/// Compare two nodes by [`speed_key`], then by their step ([`Instance::step`]: the LogP gap
/// where it exceeds the send time, which breaks only ties of equal costs), then index.
pub fn faster_first(inst: &Instance, a: usize, b: usize) -> std::cmp::Ordering {
    let (ka, kb) = (speed_key(inst, a), speed_key(inst, b));
    ka.0.total_cmp(&kb.0)
        .then(ka.1.total_cmp(&kb.1))
        .then(inst.step(a).total_cmp(&inst.step(b)))
        .then(a.cmp(&b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::overhead::ModelKind;

    #[test]
    fn greedy_in_the_node_model_says_no_latency_and_no_receive_cost() {
        let node = Algorithm::Greedy.pseudo_code_in(ModelKind::Node);
        let sr = Algorithm::Greedy.pseudo_code_in(ModelKind::SenderReceiver);
        assert_eq!(sr, GREEDY_PSEUDO);
        // Line for line, so a step's line (5) is the same in both.
        assert_eq!(node.len(), sr.len());
        let step = Algorithm::Greedy.step_line().unwrap();
        assert!(node[step - 1].contains("becomes P's next child"));
        for line in node {
            assert!(!line.contains("+ L") && !line.contains("r(") && !line.contains("s("));
        }
        assert_eq!(
            Algorithm::Random.pseudo_code_in(ModelKind::Node),
            RANDOM_PSEUDO
        );
    }
}
