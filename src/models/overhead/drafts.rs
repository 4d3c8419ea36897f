//! The one-source editor's text ([`Drafts`]): every field as typed, parsed and checked as a
//! whole, so that every bad field carries its own message and the last valid instance stays in
//! use.

use hetcast_core::models::overhead::instance::{cost_ok, latency_ok};
use hetcast_core::models::overhead::{Instance, ModelKind, Node, APP_MAX_NODES};
use hetcast_core::Error;

use crate::models::{field_error, num_text, DraftErrors};

/// Which cost field of a node row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeField {
    /// Display name (optional).
    Name,
    /// Send overhead, the node model's cost.
    Send,
    /// Receive overhead (sender-receiver model only).
    Recv,
    /// LogP gap (optional; empty: the send time).
    Gap,
}

impl NodeField {
    /// Short machine name (element ids).
    pub fn key(self) -> &'static str {
        match self {
            NodeField::Name => "name",
            NodeField::Send => "send",
            NodeField::Recv => "recv",
            NodeField::Gap => "gap",
        }
    }
}

/// A field of the editor that can carry an error message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldId {
    /// A field of node `0`.
    Node(usize, NodeField),
    /// The latency field.
    Latency,
}

/// The text of one node row as typed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct NodeDraft {
    /// Name text.
    pub name: String,
    /// Send (or cost) text.
    pub send: String,
    /// Receive text.
    pub recv: String,
    /// Gap text (empty: no gap).
    pub gap: String,
}

/// The editor's text, which may be invalid, and the errors found in it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Drafts {
    /// One row per node.
    pub nodes: Vec<NodeDraft>,
    /// Latency text.
    pub latency: String,
    /// Index of the source row.
    pub source: usize,
    /// Errors attached to fields.
    pub errors: Vec<(FieldId, String)>,
    /// An error of the whole instance (e.g. no destination).
    pub general: Option<String>,
}

/// The message of a field whose number is not a valid cost: short, as it is shown next to
/// the field.
fn bad_value(field: &str, v: f64) -> String {
    let why = hetcast_core::error::cost_problem(v);
    format!(
        "{field} {}; must be > 0, ≤ 1e9",
        why.trim_start_matches("is ")
    )
}

fn parse_num(text: &str) -> Result<f64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("enter a number".into());
    }
    t.parse::<f64>()
        .map_err(|_| format!("'{t}' is not a number"))
}

impl Drafts {
    /// The drafts that show `inst` exactly.
    pub fn from_instance(inst: &Instance) -> Drafts {
        Drafts {
            nodes: inst
                .nodes
                .iter()
                .map(|n| NodeDraft {
                    name: n.name.clone().unwrap_or_default(),
                    send: num_text(n.send),
                    recv: num_text(n.recv),
                    gap: n.gap.map(num_text).unwrap_or_default(),
                })
                .collect(),
            latency: num_text(inst.latency),
            source: inst.source,
            errors: Vec::new(),
            general: None,
        }
    }

    /// The error shown next to `field`, if any.
    pub fn error(&self, field: FieldId) -> Option<&str> {
        field_error(&self.errors, field)
    }

    /// True when the drafts have no error.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty() && self.general.is_none()
    }

    /// Set field `f` of node row `i`; false when there is no such row.
    pub fn set(&mut self, i: usize, f: NodeField, text: String) -> bool {
        let Some(d) = self.nodes.get_mut(i) else {
            return false;
        };
        *match f {
            NodeField::Name => &mut d.name,
            NodeField::Send => &mut d.send,
            NodeField::Recv => &mut d.recv,
            NodeField::Gap => &mut d.gap,
        } = text;
        true
    }

    /// Parse and validate the drafts as an instance of `model`; on failure, the errors to show
    /// (by field, and for the whole instance).
    pub fn build(&self, model: ModelKind) -> Result<Instance, DraftErrors<FieldId>> {
        // Every field is checked on its own, so that all the bad fields are marked at once.
        let mut errors = Vec::new();
        let mut nodes = Vec::with_capacity(self.nodes.len());
        let send_name = match model {
            ModelKind::Node => "cost",
            ModelKind::SenderReceiver => "send",
        };
        let mut cost = |i: usize, f: NodeField, name: &'static str, text: &str| {
            let value = parse_num(text).and_then(|v| {
                if cost_ok(v) {
                    Ok(v)
                } else {
                    Err(bad_value(name, v))
                }
            });
            value.unwrap_or_else(|e| {
                errors.push((FieldId::Node(i, f), e));
                f64::NAN
            })
        };
        for (i, d) in self.nodes.iter().enumerate() {
            let send = cost(i, NodeField::Send, send_name, &d.send);
            let recv = match model {
                ModelKind::Node => 0.0,
                ModelKind::SenderReceiver => cost(i, NodeField::Recv, "recv", &d.recv),
            };
            let gap = (!d.gap.trim().is_empty()).then(|| cost(i, NodeField::Gap, "gap", &d.gap));
            let name = d.name.trim();
            nodes.push(Node {
                name: (!name.is_empty()).then(|| name.to_string()),
                send,
                recv,
                gap,
            });
        }
        let latency = match model {
            ModelKind::Node => 0.0,
            ModelKind::SenderReceiver => {
                let value = parse_num(&self.latency).and_then(|v| {
                    if latency_ok(v) {
                        Ok(v)
                    } else {
                        Err(Error::BadLatency(v).to_string())
                    }
                });
                value.unwrap_or_else(|e| {
                    errors.push((FieldId::Latency, e));
                    f64::NAN
                })
            }
        };
        if !errors.is_empty() {
            return Err((errors, None));
        }
        if nodes.len() > APP_MAX_NODES {
            return Err((
                Vec::new(),
                Some(format!("at most {APP_MAX_NODES} nodes in the editor")),
            ));
        }
        let inst = Instance {
            model,
            latency,
            source: self.source,
            nodes,
        };
        match inst.validate() {
            Ok(()) => Ok(inst),
            Err(e) => Err((Vec::new(), Some(e.to_string()))),
        }
    }
}
