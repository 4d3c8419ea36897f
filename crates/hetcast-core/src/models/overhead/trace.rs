//! Traces: the steps an algorithm takes, as data, so the UI can replay them.

use serde::{Deserialize, Serialize};

/// One decision of a list-scheduling algorithm (greedy / FNF / random selection).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TraceStep {
    /// The sender chosen (by the heap, or at random).
    pub sender: usize,
    /// The receiver chosen (the fastest waiting node, or at random).
    pub receiver: usize,
    /// When the send starts.
    pub send_start: f64,
    /// When the send ends (the heap key of the sender).
    pub send_end: f64,
    /// When the receiver holds the message.
    pub receiver_ready: f64,
    /// Plain-language description, e.g. "the heap gives P0 (next send ends at t=3); ...".
    pub text: String,
}

/// All steps of one run, in order.
pub type Trace = Vec<TraceStep>;

impl TraceStep {
    /// The step in the shared shape of [`crate::trace::Step`]: the sentence, the line of the
    /// algorithm's pseudo-code (`pseudo_line`, see
    /// [`Algorithm::step_line`](crate::models::overhead::Algorithm::step_line)), the sender,
    /// the receiver and the edge between them lit, at the time the send starts.
    pub fn step(&self, pseudo_line: Option<usize>) -> crate::trace::Step {
        use crate::trace::{ItemId, Step};
        Step {
            text: self.text.clone(),
            pseudo_line,
            highlight: vec![
                ItemId::Node { node: self.sender },
                ItemId::Node {
                    node: self.receiver,
                },
                ItemId::Edge {
                    from: self.sender,
                    to: self.receiver,
                    message: None,
                },
            ],
            t: self.send_start,
            built: Vec::new(),
        }
    }
}
