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

/// Collects an algorithm's steps when switched on, and costs nothing but a branch when off
/// (the benches and the experiments run the algorithms without it).
///
/// ```
/// use hetcast_core::trace::{Step, Tracer};
/// let mut on = Tracer::on();
/// on.push(|| Step { text: "P0 sends to P1".into(), pseudo_line: Some(3), highlight: vec![], t: 0.0 });
/// assert_eq!(on.into_steps().len(), 1);
/// let mut off = Tracer::off();
/// off.push(|| unreachable!("not built when off"));
/// assert!(off.into_steps().is_empty());
/// ```
#[derive(Debug, Default)]
pub struct Tracer(Option<Trace>);

impl Tracer {
    /// A tracer that keeps the steps.
    pub fn on() -> Tracer {
        Tracer(Some(Trace::new()))
    }

    /// A tracer that drops them without building them.
    pub fn off() -> Tracer {
        Tracer(None)
    }

    /// Record the step `make` builds, if on.
    pub fn push(&mut self, make: impl FnOnce() -> Step) {
        if let Some(steps) = &mut self.0 {
            steps.push(make());
        }
    }

    /// The steps recorded (empty when off).
    pub fn into_steps(self) -> Trace {
        self.0.unwrap_or_default()
    }
}
