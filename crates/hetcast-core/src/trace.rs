//! Typed trace steps, one shape for every algorithm of every model, so that one stepper can
//! replay any of them: a plain sentence, the line of the algorithm's pseudo-code it executes,
//! the items of the drawing to light up, and the time the step is about.
//!
//! A model's algorithm may keep richer steps of its own (the overhead model's
//! [`TraceStep`](crate::models::overhead::trace::TraceStep) has the sender, the receiver and
//! their times); it converts them to [`Step`]s for the stepper.

use serde::{Deserialize, Serialize};

/// A thing in a drawing that a step can point at.
///
/// Its JSON (the platform model's steps, from the web worker to the page) is externally
/// tagged, `{"edge": {"from": 0, "to": 1, "message": null}}`: serde reads that form as it
/// goes, where an internally tagged enum (`"kind"`) is buffered whole and read again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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

/// What one step of an algorithm builds in the structure it transforms, beyond the schedule
/// (Gonzalez's multigraph `(I_i, G_i)`): applied in order from the input, the steps up to any
/// point give that structure as it stands there, so a drawing can show every step's work
/// (see [`crate::models::multimessage::view::step_scene`]). Nodes and messages are indices of
/// the algorithm's own numbering (the input's first, then what it adds).
///
/// The multimessage model's algorithms, which build these, run in the app's web worker: the
/// page reads them with the steps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Built {
    /// A node is added (a dummy processor), named `name`.
    Node {
        /// Its index.
        node: usize,
        /// Its name.
        name: String,
    },
    /// A bundle is added: the edges of message `message` (named `name`) from `from` to each
    /// of `to`.
    Bundle {
        /// Sender.
        from: usize,
        /// Message index.
        message: usize,
        /// The message's name.
        name: String,
        /// Receivers.
        to: Vec<usize>,
    },
    /// The first bundle of `message` leaving `from` with exactly the edges to `to` is removed.
    Unbundle {
        /// Sender.
        from: usize,
        /// Message index.
        message: usize,
        /// Its receivers.
        to: Vec<usize>,
    },
    /// The edge to `to` leaves the first multi-edge bundle of `message` at `from` that has it,
    /// as a bundle of its own (Gonzalez's transformation `T`).
    Split {
        /// Sender.
        from: usize,
        /// Message index.
        message: usize,
        /// The receiver of the edge split off.
        to: usize,
    },
    /// Node `node` and every edge at it are removed (the dummies, at the end).
    Unnode {
        /// Its index.
        node: usize,
    },
    /// Message `message` is removed: its bundles and its transmissions (the dummies, at the
    /// end).
    Unmessage {
        /// Message index.
        message: usize,
    },
    /// The named sets of nodes the step has chosen so far ("S", "marked", "S'"), replacing
    /// the earlier ones; an empty list clears them.
    Sets {
        /// `(name, nodes)`, in order.
        sets: Vec<(String, Vec<usize>)>,
    },
    /// The bundles chosen to move (`(from, message)`: Gonzalez's `Q_j`), replacing the
    /// earlier choice; empty clears it.
    Picked {
        /// `(from, message)` of each.
        bundles: Vec<(usize, usize)>,
    },
    /// A transmission of the schedule being built, in its step `step` (from 1).
    Send {
        /// The schedule's step.
        step: usize,
        /// Sender.
        from: usize,
        /// Message index.
        message: usize,
        /// Receivers.
        to: Vec<usize>,
    },
    /// The structure's name as it stands: "(I_1, G_1)".
    Label {
        /// The name.
        text: String,
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
    /// What the step builds beyond the schedule (empty for most algorithms).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub built: Vec<Built>,
}

/// All steps of one run, in order.
pub type Trace = Vec<Step>;

/// Collects an algorithm's steps when switched on, and costs nothing but a branch when off
/// (the benches and the experiments run the algorithms without it).
///
/// ```
/// use hetcast_core::trace::{Step, Tracer};
/// let mut on = Tracer::on();
/// on.push(|| Step { text: "P0 sends to P1".into(), pseudo_line: Some(3), highlight: vec![], t: 0.0, built: vec![] });
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

    /// Whether steps are kept.
    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// The steps recorded (empty when off).
    pub fn into_steps(self) -> Trace {
        self.0.unwrap_or_default()
    }
}

/// One bundle of a [`BuiltGraph`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltBundle {
    /// Sender.
    pub from: usize,
    /// Message index.
    pub message: usize,
    /// The message's name.
    pub name: String,
    /// Receivers.
    pub to: Vec<usize>,
    /// Built by the last step applied.
    pub new: bool,
}

/// One transmission of a [`BuiltGraph`]'s schedule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltSend {
    /// The schedule's step (from 1).
    pub step: usize,
    /// Sender.
    pub from: usize,
    /// Message index.
    pub message: usize,
    /// Receivers.
    pub to: Vec<usize>,
    /// Built by the last step applied.
    pub new: bool,
}

/// The structure [`Built`] steps transform, as it stands after some of them: a multigraph
/// with bundles, the sets and bundles chosen, the schedule built so far, and its name.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BuiltGraph {
    /// Node names by index; `None`: not there (removed, or not added yet).
    pub nodes: Vec<Option<String>>,
    /// The nodes the steps added (dummies), in order.
    pub added: Vec<usize>,
    /// Nodes added by the last step applied.
    pub new_nodes: Vec<usize>,
    /// The bundles, in the order they were made.
    pub bundles: Vec<BuiltBundle>,
    /// The named sets chosen ([`Built::Sets`]).
    pub sets: Vec<(String, Vec<usize>)>,
    /// The bundles chosen to move, `(from, message)` ([`Built::Picked`]).
    pub picked: Vec<(usize, usize)>,
    /// The schedule's transmissions so far.
    pub sends: Vec<BuiltSend>,
    /// The structure's name ([`Built::Label`]).
    pub label: String,
}

impl BuiltGraph {
    /// Apply one step's `built`: what it makes is `new`, what earlier steps made is not.
    ///
    /// **Complexity**: O(bundles + sends) per item.
    pub fn apply(&mut self, built: &[Built]) {
        self.new_nodes.clear();
        self.bundles.iter_mut().for_each(|b| b.new = false);
        self.sends.iter_mut().for_each(|s| s.new = false);
        for b in built {
            self.apply_one(b);
        }
    }

    fn apply_one(&mut self, b: &Built) {
        match b {
            Built::Node { node, name } => {
                if self.nodes.len() <= *node {
                    self.nodes.resize(node + 1, None);
                }
                self.nodes[*node] = Some(name.clone());
                self.added.push(*node);
                self.new_nodes.push(*node);
            }
            Built::Bundle {
                from,
                message,
                name,
                to,
            } => self.bundles.push(BuiltBundle {
                from: *from,
                message: *message,
                name: name.clone(),
                to: to.clone(),
                new: true,
            }),
            Built::Unbundle { from, message, to } => {
                if let Some(x) = self
                    .bundles
                    .iter()
                    .position(|b| b.from == *from && b.message == *message && b.to == *to)
                {
                    self.bundles.remove(x);
                }
            }
            Built::Split { from, message, to } => {
                let Some(b) = self.bundles.iter_mut().find(|b| {
                    b.from == *from && b.message == *message && b.to.len() > 1 && b.to.contains(to)
                }) else {
                    return;
                };
                b.to.retain(|q| q != to);
                let name = b.name.clone();
                self.bundles.push(BuiltBundle {
                    from: *from,
                    message: *message,
                    name,
                    to: vec![*to],
                    new: true,
                });
            }
            Built::Unnode { node } => {
                if let Some(slot) = self.nodes.get_mut(*node) {
                    *slot = None;
                }
                self.bundles.retain(|b| b.from != *node);
                self.bundles
                    .iter_mut()
                    .for_each(|b| b.to.retain(|q| q != node));
                self.bundles.retain(|b| !b.to.is_empty());
                self.sends.retain(|s| s.from != *node);
                self.sends
                    .iter_mut()
                    .for_each(|s| s.to.retain(|q| q != node));
                self.sets.iter_mut().for_each(|s| s.1.retain(|q| q != node));
                self.picked.retain(|p| p.0 != *node);
            }
            Built::Unmessage { message } => {
                self.bundles.retain(|b| b.message != *message);
                self.sends.retain(|s| s.message != *message);
                self.picked.retain(|p| p.1 != *message);
            }
            Built::Sets { sets } => self.sets = sets.clone(),
            Built::Picked { bundles } => self.picked = bundles.clone(),
            Built::Send {
                step,
                from,
                message,
                to,
            } => self.sends.push(BuiltSend {
                step: *step,
                from: *from,
                message: *message,
                to: to.clone(),
                new: true,
            }),
            Built::Label { text } => self.label = text.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A step's JSON, as the worker writes the models' steps and the page reads them: the
    /// items externally tagged, what a step builds with them.
    #[test]
    fn a_step_reads_back_from_its_json_with_what_it_builds() {
        let step = Step {
            text: "P0 sends to P1".into(),
            pseudo_line: Some(3),
            highlight: vec![
                ItemId::Node { node: 2 },
                ItemId::Edge {
                    from: 0,
                    to: 1,
                    message: None,
                },
            ],
            t: 1.5,
            built: vec![Built::Unnode { node: 4 }],
        };
        let text = serde_json::to_string(&step).unwrap();
        assert_eq!(
            text,
            r#"{"text":"P0 sends to P1","pseudo_line":3,"highlight":[{"node":{"node":2}},{"edge":{"from":0,"to":1,"message":null}}],"t":1.5,"built":[{"unnode":{"node":4}}]}"#
        );
        let back: Step = serde_json::from_str(&text).unwrap();
        assert_eq!(back, step);
    }
}
