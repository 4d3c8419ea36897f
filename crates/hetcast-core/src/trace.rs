//! Typed trace steps, one shape for every algorithm of every model, so that one stepper can
//! replay any of them: a plain sentence, the line of the algorithm's pseudo-code it executes,
//! the items of the drawing to light up, and the time the step is about.
//!
//! A model's algorithm may keep richer steps of its own (the overhead model's
//! [`TraceStep`](crate::models::overhead::trace::TraceStep) has the sender, the receiver and
//! their times); it converts them to [`Step`]s for the stepper.

use serde::{Deserialize, Serialize};

/// A thing in a drawing that a step can point at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum ItemId {
    /// A node (processor), by index.
    Node {
        /// Node index.
        node: usize,
    },
    /// A transfer from one node to another (a tree edge), optionally of one message.
    Edge {
        /// Sender.
        from: usize,
        /// Receiver.
        to: usize,
        /// The message (many-source models), `None` where there is one.
        message: Option<usize>,
    },
    /// A whole message (many-source models).
    Message {
        /// Message index.
        message: usize,
    },
}

/// One step of an algorithm.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// One plain sentence: "P3 is free at t = 6; the fastest waiting node, P7, becomes its
    /// third child".
    pub text: String,
    /// The line (from 1) of the algorithm's pseudo-code that the step executes, where the
    /// algorithm has pseudo-code.
    pub pseudo_line: Option<usize>,
    /// What the drawing lights up.
    pub highlight: Vec<ItemId>,
    /// The time the step is about (the decision's time in the schedule being built).
    pub t: f64,
}

/// All steps of one run, in order.
pub type Trace = Vec<Step>;
