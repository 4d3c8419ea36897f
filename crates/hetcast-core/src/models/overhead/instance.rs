//! The overhead model shared by the node model (Libeskind-Hadas et al., paper 000) and the
//! sender-receiver model (Liu, Wang, Guo, paper 004).
//!
//! A node `p` has a send overhead `s(p)` and a receive overhead `r(p)`; the network has a
//! latency `L`. When `q` starts a send at time `t`, `q` is busy until `t + s(q)`; the message is
//! in transit until `t + s(q) + L`; the receiver `p` is busy receiving until
//! `t + s(q) + L + r(p)`, when it holds the message and may send ("ready to send").
//! The node model is the case `r = 0`, `L = 0`, `s = c`.
//!
//! JSON (version 1, see `docs/formats.md`):
//!
//! ```json
//! {"model":"node","source":0,"nodes":[{"cost":3},{"cost":2}]}
//! {"model":"sender_receiver","latency":1,"source":0,"nodes":[{"send":1,"recv":2},{"send":2,"recv":3}]}
//! ```

use crate::error::Error;
use serde::{Deserialize, Serialize};

/// Which of the two models an instance is written in. Both are timed by the same simulator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ModelKind {
    /// Heterogeneous node model (paper 000): one message-initiation cost per node.
    #[default]
    Node,
    /// Sender-receiver model (paper 004): send time, receive time, latency.
    SenderReceiver,
}

impl ModelKind {
    /// The name used in files and on screen.
    pub fn name(self) -> &'static str {
        match self {
            ModelKind::Node => "node",
            ModelKind::SenderReceiver => "sender_receiver",
        }
    }

    /// The model named `name` (its [`ModelKind::name`], the instance files' `model` tag, or
    /// `sender-receiver` as typed on a command line), if it is one of the two.
    pub fn from_name(name: &str) -> Option<ModelKind> {
        match name {
            "node" => Some(ModelKind::Node),
            "sender_receiver" | "sender-receiver" => Some(ModelKind::SenderReceiver),
            _ => None,
        }
    }
}

/// One workstation.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Node {
    /// Optional display name; `P{index}` when absent.
    pub name: Option<String>,
    /// Send overhead s(p) (the node model's c(p)).
    pub send: f64,
    /// Receive overhead r(p) (0 in the node model).
    pub recv: f64,
    /// The gap g(p) of the heterogeneous LogP model (000 section 5): the least time between
    /// the starts of two consecutive sends of p. `None`: the send overhead, which is today's
    /// rule (sends back to back). A gap below the send overhead changes nothing (a node sends
    /// one message at a time); see [`Instance::step`].
    pub gap: Option<f64>,
}

/// A multicast instance: every node other than the source is a destination.
#[derive(Debug, Clone, PartialEq)]
pub struct Instance {
    /// Which model the costs are written in.
    pub model: ModelKind,
    /// Network latency L (0 in the node model).
    pub latency: f64,
    /// Index of the source node.
    pub source: usize,
    /// All nodes, the source included.
    pub nodes: Vec<Node>,
}

pub use crate::limits::{cost_ok, MAX_COST};

/// A latency hetcast accepts: from 0 to [`MAX_COST`].
pub fn latency_ok(v: f64) -> bool {
    v.is_finite() && (0.0..=MAX_COST).contains(&v)
}

pub use crate::limits::FORMAT_VERSION;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a node object")]
struct RawNode {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cost: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    send: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    recv: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    gap: Option<f64>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "an instance object")]
struct RawInstance {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    version: Option<u32>,
    model: ModelKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    latency: Option<f64>,
    source: usize,
    nodes: Vec<RawNode>,
}

impl Instance {
    /// A node-model instance from costs c(v); `source` indexes into `costs`.
    pub fn node_model(source: usize, costs: &[f64]) -> Instance {
        Instance {
            model: ModelKind::Node,
            latency: 0.0,
            source,
            nodes: costs
                .iter()
                .map(|&c| Node {
                    name: None,
                    send: c,
                    recv: 0.0,
                    gap: None,
                })
                .collect(),
        }
    }

    /// A sender-receiver instance from (send, recv) pairs and a latency.
    pub fn sender_receiver(source: usize, latency: f64, costs: &[(f64, f64)]) -> Instance {
        Instance {
            model: ModelKind::SenderReceiver,
            latency,
            source,
            nodes: costs
                .iter()
                .map(|&(s, r)| Node {
                    name: None,
                    send: s,
                    recv: r,
                    gap: None,
                })
                .collect(),
        }
    }

    /// Number of nodes, the source included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when there are no nodes at all.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Display label of node `v`: its name, or `P{v}`.
    pub fn label(&self, v: usize) -> String {
        match self.nodes.get(v).and_then(|n| n.name.clone()) {
            Some(n) if !n.is_empty() => n,
            _ => format!("P{v}"),
        }
    }

    /// Indices of the destinations (every node but the source), in index order.
    pub fn destinations(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.nodes.len()).filter(move |&v| v != self.source)
    }

    /// r(p) + L: the time from the end of a send to `p` until `p` holds the message
    /// (004 section 2.3, "we can add the network latency L into the receiving time").
    pub fn arrival_delay(&self, v: usize) -> f64 {
        self.latency + self.nodes[v].recv
    }

    /// The time from the start of one send of `v` to the start of its next: the larger of its
    /// send overhead and its gap (the send overhead when it has no gap).
    pub fn step(&self, v: usize) -> f64 {
        let n = &self.nodes[v];
        match n.gap {
            Some(g) if g > n.send => g,
            _ => n.send,
        }
    }

    /// True when some node's gap exceeds its send overhead, so that the LogP rule changes
    /// times (a gap at or below the send overhead changes nothing).
    pub fn has_gaps(&self) -> bool {
        self.nodes.iter().any(|n| n.gap.is_some_and(|g| g > n.send))
    }

    /// Check the instance: a destination exists, the source is in range, every cost is a positive
    /// finite number (receive costs may be 0 only in the node model, where they are 0 by
    /// definition), the latency is finite and not negative.
    pub fn validate(&self) -> Result<(), Error> {
        self.validate_visiting(|_, _| {})
    }

    /// [`Instance::validate`], calling `visit(i, node)` for each node in order once its costs
    /// are checked: algorithms that scan the nodes anyway (greedy's sort keys) read them once.
    /// On an error, some nodes may have been visited.
    ///
    /// # Complexity
    /// O(n) plus the visits.
    pub fn validate_visiting(&self, mut visit: impl FnMut(usize, &Node)) -> Result<(), Error> {
        if self.source >= self.nodes.len() {
            return Err(Error::SourceOutOfRange {
                source: self.source,
                nodes: self.nodes.len(),
            });
        }
        if self.nodes.len() < 2 {
            return Err(Error::NoDestination);
        }
        if !latency_ok(self.latency) {
            return Err(Error::BadLatency(self.latency));
        }
        let node_model = self.model == ModelKind::Node;
        for (i, n) in self.nodes.iter().enumerate() {
            let recv_ok = if node_model {
                n.recv == 0.0
            } else {
                cost_ok(n.recv)
            };
            if !(cost_ok(n.send) && recv_ok && n.gap.is_none_or(cost_ok)) {
                return Err(self.node_error(i, n));
            }
            visit(i, n);
        }
        if node_model && self.latency != 0.0 {
            return Err(Error::Format("the node model has no latency".into()));
        }
        Ok(())
    }

    /// The first problem of node `i` (`n`), which has one: its send cost, its gap, then its
    /// receive cost.
    fn node_error(&self, i: usize, n: &Node) -> Error {
        let send_field = match self.model {
            ModelKind::Node => "cost",
            ModelKind::SenderReceiver => "send",
        };
        if !cost_ok(n.send) {
            return Error::BadCost {
                node: i,
                field: send_field,
                value: n.send,
            };
        }
        if let Some(g) = n.gap.filter(|&g| !cost_ok(g)) {
            return Error::BadCost {
                node: i,
                field: "gap",
                value: g,
            };
        }
        match self.model {
            ModelKind::Node => {
                Error::Format(format!("node P{i}: the node model has no receive cost"))
            }
            ModelKind::SenderReceiver => Error::BadCost {
                node: i,
                field: "recv",
                value: n.recv,
            },
        }
    }

    /// Speeds are consistent (004 section 2.1) when s(p) <= s(q) iff r(p) <= r(q) for all p, q:
    /// equal send times go with equal receive times, and a smaller send time with a strictly
    /// smaller receive time (s1 < s2 with r1 = r2 breaks "r(p) <= r(q) implies s(p) <= s(q)").
    /// Inconsistent instances are accepted, but the 2T + beta guarantee is not claimed for them.
    /// The node model has no receive times (r = 0 stands for "none"), so every node-model
    /// instance counts as consistent, as greedy's bounds of paper 000 need no such condition.
    pub fn is_consistent(&self) -> bool {
        if self.model == ModelKind::Node {
            return true;
        }
        let mut v: Vec<&Node> = self.nodes.iter().collect();
        crate::order::sort_by(&mut v, |a, b| {
            a.send.total_cmp(&b.send).then(a.recv.total_cmp(&b.recv))
        });
        // Sorted by send, then recv: checking neighbours checks every pair (both orders are
        // transitive).
        v.windows(2).all(|w| {
            let (a, b) = (w[0], w[1]);
            (a.send == b.send && a.recv == b.recv) || (a.send < b.send && a.recv < b.recv)
        })
    }

    /// The distinct (send, recv) pairs of the destinations, sorted fastest first, with how many
    /// destinations have each: the "node types" of 000 section 3.
    pub fn destination_types(&self) -> Vec<((f64, f64), usize)> {
        let mut t: Vec<((f64, f64), usize)> = Vec::new();
        let mut keys: Vec<(f64, f64)> = self
            .destinations()
            .map(|v| (self.nodes[v].send, self.nodes[v].recv))
            .collect();
        crate::order::sort_by(&mut keys, |a, b| {
            a.1.total_cmp(&b.1).then(a.0.total_cmp(&b.0))
        });
        for k in keys {
            match t.last_mut() {
                Some((kk, c)) if *kk == k => *c += 1,
                _ => t.push((k, 1)),
            }
        }
        t
    }

    /// Parse version-1 JSON and validate it.
    pub fn from_json(text: &str) -> Result<Instance, Error> {
        let raw: RawInstance = crate::error::read_json(text)?;
        if let Some(v) = raw.version {
            if v != FORMAT_VERSION {
                return Err(Error::Version(v));
            }
        }
        let mut nodes = Vec::with_capacity(raw.nodes.len());
        for (i, n) in raw.nodes.into_iter().enumerate() {
            let node = match raw.model {
                ModelKind::Node => {
                    if n.send.is_some() || n.recv.is_some() {
                        return Err(Error::Format(format!(
                            "node {i}: the node model takes \"cost\", not \"send\"/\"recv\""
                        )));
                    }
                    let cost = n
                        .cost
                        .ok_or_else(|| Error::Format(format!("node {i}: missing \"cost\"")))?;
                    Node {
                        name: n.name,
                        send: cost,
                        recv: 0.0,
                        gap: n.gap,
                    }
                }
                ModelKind::SenderReceiver => {
                    if n.cost.is_some() {
                        return Err(Error::Format(format!(
                            "node {i}: the sender_receiver model takes \"send\" and \"recv\", not \"cost\""
                        )));
                    }
                    let send = n
                        .send
                        .ok_or_else(|| Error::Format(format!("node {i}: missing \"send\"")))?;
                    let recv = n
                        .recv
                        .ok_or_else(|| Error::Format(format!("node {i}: missing \"recv\"")))?;
                    Node {
                        name: n.name,
                        send,
                        recv,
                        gap: n.gap,
                    }
                }
            };
            nodes.push(node);
        }
        let latency = match raw.model {
            ModelKind::Node => {
                if raw.latency.is_some_and(|l| l != 0.0) {
                    return Err(Error::Format("the node model has no latency".into()));
                }
                0.0
            }
            ModelKind::SenderReceiver => raw.latency.unwrap_or(0.0),
        };
        let inst = Instance {
            model: raw.model,
            latency,
            source: raw.source,
            nodes,
        };
        inst.validate()?;
        Ok(inst)
    }

    /// Write version-1 JSON (pretty-printed).
    pub fn to_json(&self) -> String {
        let raw = RawInstance {
            version: Some(FORMAT_VERSION),
            model: self.model,
            latency: match self.model {
                ModelKind::Node => None,
                ModelKind::SenderReceiver => Some(self.latency),
            },
            source: self.source,
            nodes: self
                .nodes
                .iter()
                .map(|n| match self.model {
                    ModelKind::Node => RawNode {
                        name: n.name.clone(),
                        cost: Some(n.send),
                        send: None,
                        recv: None,
                        gap: n.gap,
                    },
                    ModelKind::SenderReceiver => RawNode {
                        name: n.name.clone(),
                        cost: None,
                        send: Some(n.send),
                        recv: Some(n.recv),
                        gap: n.gap,
                    },
                })
                .collect(),
        };
        serde_json::to_string_pretty(&raw).expect("an instance always serialises")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The boundary cases of "s(p) <= s(q) iff r(p) <= r(q)".
    #[test]
    fn consistency_is_the_iff_of_the_definition() {
        let c = |costs: &[(f64, f64)]| Instance::sender_receiver(0, 0.0, costs).is_consistent();
        assert!(c(&[(1.0, 2.0), (1.0, 2.0), (2.0, 3.0)]));
        assert!(
            c(&[(2.0, 3.0), (1.0, 2.0)]),
            "order of the nodes does not matter"
        );
        assert!(!c(&[(1.0, 2.0), (2.0, 2.0)]), "s1 < s2 with r1 = r2");
        assert!(!c(&[(1.0, 2.0), (1.0, 3.0)]), "s1 = s2 with r1 < r2");
        assert!(!c(&[(1.0, 3.0), (2.0, 2.0)]), "s1 < s2 with r1 > r2");
        assert!(c(&[(1.0, 2.0)]), "one node");
        assert!(Instance::node_model(0, &[1.0, 2.0, 3.0]).is_consistent());
    }

    #[test]
    fn loads_the_documented_forms() {
        let a =
            Instance::from_json(r#"{"model":"node","source":0,"nodes":[{"cost":3},{"cost":2}]}"#)
                .unwrap();
        assert_eq!(a.nodes[1].send, 2.0);
        let b = Instance::from_json(
            r#"{"model":"sender_receiver","latency":1,"source":0,"nodes":[{"send":1,"recv":2},{"send":2,"recv":3,"name":"slow"}]}"#,
        )
        .unwrap();
        assert_eq!(b.latency, 1.0);
        assert_eq!(b.label(1), "slow");
        assert_eq!(Instance::from_json(&b.to_json()).unwrap(), b);
        assert_eq!(Instance::from_json(&a.to_json()).unwrap(), a);
    }

    #[test]
    fn rejects_bad_input_with_documented_errors() {
        let e = |s: &str| Instance::from_json(s).unwrap_err();
        assert_eq!(
            e(r#"{"model":"node","source":0,"nodes":[{"cost":3}]}"#),
            Error::NoDestination
        );
        assert_eq!(
            e(r#"{"model":"node","source":5,"nodes":[{"cost":3},{"cost":1}]}"#),
            Error::SourceOutOfRange {
                source: 5,
                nodes: 2
            }
        );
        assert!(matches!(
            e(r#"{"model":"node","source":0,"nodes":[{"cost":3},{"cost":-1}]}"#),
            Error::BadCost {
                node: 1,
                field: "cost",
                ..
            }
        ));
        assert!(matches!(
            e(r#"{"model":"node","source":0,"nodes":[{"cost":3},{"cost":0}]}"#),
            Error::BadCost { node: 1, .. }
        ));
        assert!(matches!(
            e(r#"{"model":"node","source":0,"nodes":[{"cost":3},{"cost":"x"}]}"#),
            Error::Format(_)
        ));
        assert!(matches!(e("not json"), Error::Format(_)));
        assert!(matches!(
            e(r#"{"version":7,"model":"node","source":0,"nodes":[]}"#),
            Error::Version(7)
        ));
        let mut i = Instance::node_model(0, &[1.0, f64::NAN]);
        assert!(matches!(i.validate(), Err(Error::BadCost { node: 1, .. })));
        i.nodes[1].send = f64::INFINITY;
        let msg = i.validate().unwrap_err().to_string();
        assert!(msg.contains("infinite"), "{msg}");
        i.nodes[1].send = 1e308;
        let msg = i.validate().unwrap_err().to_string();
        assert!(msg.contains("too large") && msg.contains("1e9"), "{msg}");
        let sr = Instance::sender_receiver(0, 2e9, &[(1.0, 1.0), (1.0, 1.0)]);
        assert_eq!(sr.validate(), Err(Error::BadLatency(2e9)));
        let sr = Instance::sender_receiver(0, 1.0, &[(1.0, 1.0), (1.0, 1e300)]);
        assert!(matches!(
            sr.validate(),
            Err(Error::BadCost {
                node: 1,
                field: "recv",
                ..
            })
        ));
    }

    #[test]
    fn consistency() {
        assert!(
            Instance::sender_receiver(0, 1.0, &[(1.0, 2.0), (2.0, 3.0), (1.0, 2.0)])
                .is_consistent()
        );
        assert!(!Instance::sender_receiver(0, 1.0, &[(1.0, 4.0), (2.0, 3.0)]).is_consistent());
        assert!(!Instance::sender_receiver(0, 1.0, &[(1.0, 4.0), (1.0, 3.0)]).is_consistent());
    }

    #[test]
    fn a_model_kind_reads_back_from_its_name() {
        for kind in [ModelKind::Node, ModelKind::SenderReceiver] {
            assert_eq!(ModelKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(
            ModelKind::from_name("sender-receiver"),
            Some(ModelKind::SenderReceiver)
        );
        assert_eq!(ModelKind::from_name("multi"), None);
        assert_eq!(ModelKind::from_name("Node"), None);
    }
}
