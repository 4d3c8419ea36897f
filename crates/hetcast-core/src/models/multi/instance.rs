//! The many-source model with non-blocking sends of Wu, Yeh and Liu (paper 001, sections 2-3).
//!
//! - Node `i` has a send overhead `S(i, m) = a_i + b_i·m` and a receive overhead
//!   `R(j, m) = a'_j + b'_j·m` (µs, `m` in bytes). Nodes come in **classes** (a name, the two
//!   overheads and how many nodes); nodes are numbered class by class, from 0.
//! - The link time per byte `X(i, j)` (µs/byte) is one rate for every pair or a matrix.
//! - Several **messages** travel at once, each with a source, a size in bytes and a
//!   destination set.
//! - A transfer of `m` bytes from `i` to `j` costs `T(i, j, m) = S(i, m) + X(i, j)·m + R(j, m)`
//!   (equation 1). Sends are non-blocking: the sender is busy `S` only. Receives are blocking.
//!   The timing rules live in [`crate::models::multi::simulate`].
//!
//! JSON (version 1, `docs/formats.md` section 1b):
//!
//! ```json
//! {"version":1,"model":"multi",
//!  "classes":[{"name":"fast","count":2,"send":{"fixed":80,"per_byte":0.001},"recv":{"fixed":90,"per_byte":0.002}}],
//!  "link":{"per_byte":0.008},
//!  "messages":[{"source":0,"size":1024,"destinations":[1]}]}
//! ```
//!
//! The sender-receiver model of paper 004 is the case of one message of size 1 with
//! `S = s`, `R = r` and `X = L` ([`MultiInstance::from_single`]).

use crate::error::{num_shown, Error};
use crate::limits::MAX_COST;
use crate::models::overhead::instance::Instance;
use serde::{Deserialize, Serialize};

/// An overhead `fixed + per_byte·m` (µs, with `m` in bytes).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
#[serde(
    deny_unknown_fields,
    expecting = "an overhead object {fixed, per_byte}"
)]
pub struct Overhead {
    /// The constant part (µs): `a` of `a + b·m`.
    pub fixed: f64,
    /// The part per byte (µs/byte): `b` of `a + b·m`.
    #[serde(default)]
    pub per_byte: f64,
}

impl Overhead {
    /// `fixed + per_byte·m`.
    pub fn at(&self, m: f64) -> f64 {
        self.fixed + self.per_byte * m
    }
}

/// A class of identical nodes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(
    deny_unknown_fields,
    expecting = "a class object {name, count, send, recv}"
)]
pub struct NodeClass {
    /// Display name of the class ("fast", "class 2", ...); may be empty.
    #[serde(default)]
    pub name: String,
    /// How many nodes of this class (at least 1).
    pub count: usize,
    /// Send overhead `S(i, m)`.
    pub send: Overhead,
    /// Receive overhead `R(j, m)`.
    pub recv: Overhead,
}

impl NodeClass {
    /// A class whose overheads do not depend on the message size: `S = send`, `R = recv`.
    ///
    /// ```
    /// use hetcast_core::models::multi::NodeClass;
    /// let fast = NodeClass::constant("fast", 5, 1.0, 2.0);
    /// assert_eq!((fast.send.at(1000.0), fast.recv.at(1000.0)), (1.0, 2.0));
    /// ```
    pub fn constant(name: &str, count: usize, send: f64, recv: f64) -> NodeClass {
        let part = |fixed| Overhead {
            fixed,
            per_byte: 0.0,
        };
        NodeClass {
            name: name.into(),
            count,
            send: part(send),
            recv: part(recv),
        }
    }
}

/// The network's transmission time per byte `X(i, j)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Link {
    /// One rate for every pair of nodes (µs/byte).
    PerByte(f64),
    /// `matrix[i][j]` = X(i, j) in µs/byte; the diagonal is not used.
    Matrix(Vec<Vec<f64>>),
}

impl Default for Link {
    fn default() -> Self {
        Link::PerByte(0.0)
    }
}

impl Link {
    /// µs per byte of a link of `mbps` megabits per second (155 Mbps ≈ 0.0516 µs/byte).
    pub fn per_byte_of_mbps(mbps: f64) -> f64 {
        8.0 / mbps
    }

    /// `X(i, j)`.
    pub fn x(&self, i: usize, j: usize) -> f64 {
        match self {
            Link::PerByte(x) => *x,
            Link::Matrix(m) => m[i][j],
        }
    }
}

/// One multicast: a source sends `size` bytes to every node of `destinations`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(
    deny_unknown_fields,
    expecting = "a message object {source, size, destinations}"
)]
pub struct Message {
    /// The node that holds the message at time 0.
    pub source: usize,
    /// Size in bytes (the paper's `l_k`).
    pub size: f64,
    /// The nodes that must receive it (not the source; no repeats).
    pub destinations: Vec<usize>,
}

/// A many-source multicast instance (paper 001).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MultiInstance {
    /// Node classes; nodes are numbered class by class.
    pub classes: Vec<NodeClass>,
    /// Link time per byte.
    pub link: Link,
    /// The messages, all sent at time 0.
    pub messages: Vec<Message>,
}

/// The most nodes a many-source instance may have (the editor, the generators and the
/// algorithms, which are O(N³) to O(N⁴), stay usable up to here).
pub const MAX_NODES: usize = 4096;
/// The largest message size accepted, in bytes (10 GB).
pub const MAX_SIZE: f64 = 1e10;

/// The overheads of one node, flattened from its class for fast lookups.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodeCosts {
    /// Index of the node's class.
    pub class: usize,
    /// `S(i, m)`.
    pub send: Overhead,
    /// `R(i, m)`.
    pub recv: Overhead,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a many-source instance object")]
struct RawMulti {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    version: Option<u32>,
    model: String,
    classes: Vec<NodeClass>,
    link: Link,
    messages: Vec<Message>,
}

impl MultiInstance {
    /// How many nodes (the sum of the class counts; `usize::MAX` when that sum overflows, as
    /// counts read from a file may, so that validation refuses it as too large).
    pub fn node_count(&self) -> usize {
        self.classes
            .iter()
            .fold(0usize, |n, c| n.saturating_add(c.count))
    }

    /// The overheads of every node, in node order.
    pub fn nodes(&self) -> Vec<NodeCosts> {
        let mut out = Vec::with_capacity(self.node_count());
        for (ci, c) in self.classes.iter().enumerate() {
            for _ in 0..c.count {
                out.push(NodeCosts {
                    class: ci,
                    send: c.send,
                    recv: c.recv,
                });
            }
        }
        out
    }

    /// The class of node `v` (None if `v` is not a node).
    pub fn class_of(&self, v: usize) -> Option<usize> {
        let mut first = 0usize;
        for (ci, c) in self.classes.iter().enumerate() {
            if v < first.saturating_add(c.count) {
                return Some(ci);
            }
            first = first.saturating_add(c.count);
        }
        None
    }

    /// Display name of node `v`: `P{v}`.
    pub fn label(&self, v: usize) -> String {
        format!("P{v}")
    }

    /// Display name of message `k`: `m{k}`.
    pub fn message_label(&self, k: usize) -> String {
        format!("m{k}")
    }

    /// The paper's single-message sender-receiver instance as a many-source instance: one
    /// class per node (count 1, named after the node), `S = s`, `R = r`, one message of size 1
    /// from the source to every other node, and `X = L` per byte, so `X·m = L`.
    pub fn from_single(inst: &Instance) -> MultiInstance {
        MultiInstance {
            classes: inst
                .nodes
                .iter()
                .enumerate()
                .map(|(v, n)| NodeClass {
                    name: inst.label(v),
                    count: 1,
                    send: Overhead {
                        fixed: n.send,
                        per_byte: 0.0,
                    },
                    recv: Overhead {
                        fixed: n.recv,
                        per_byte: 0.0,
                    },
                })
                .collect(),
            link: Link::PerByte(inst.latency),
            messages: vec![Message {
                source: inst.source,
                size: 1.0,
                destinations: inst.destinations().collect(),
            }],
        }
    }

    /// Check every rule of the model; the message names the class, node or message at fault.
    /// Send overheads' constant parts must be positive (`(0, 1e9]`); receive constants and
    /// every per-byte part may be 0 (`[0, 1e9]`); at least 2 and at most [`MAX_NODES`] nodes;
    /// at least one message; sizes in `(0, 1e10]`; destinations are nodes other than the
    /// source, without repeats, at least one.
    pub fn validate(&self) -> Result<(), Error> {
        let bad = |m: String| Err(Error::BadInstance(m));
        let nonneg = |v: f64| v.is_finite() && (0.0..=MAX_COST).contains(&v);
        if self.classes.is_empty() {
            return bad("there are no node classes".into());
        }
        for (ci, c) in self.classes.iter().enumerate() {
            // Named only for a message (a valid class costs no formatting).
            let who = || {
                if c.name.is_empty() {
                    format!("class {}", ci + 1)
                } else {
                    format!("class {} ({})", ci + 1, crate::error::excerpt(&c.name))
                }
            };
            if c.count == 0 {
                return bad(format!("{} has no nodes (count 0)", who()));
            }
            if !crate::limits::cost_ok(c.send.fixed) {
                return bad(format!(
                    "{}: the send overhead's constant part {} {}; it must be a positive number up to 1e9",
                    who(),
                    num_shown(c.send.fixed),
                    crate::error::cost_problem(c.send.fixed)
                ));
            }
            for (what, v) in [
                ("send overhead per byte", c.send.per_byte),
                ("receive overhead's constant part", c.recv.fixed),
                ("receive overhead per byte", c.recv.per_byte),
            ] {
                if !nonneg(v) {
                    return bad(format!(
                        "{}: the {what} must be between 0 and 1e9 (got {})",
                        who(),
                        num_shown(v)
                    ));
                }
            }
        }
        let n = self.node_count();
        if n < 2 {
            return bad("there must be at least 2 nodes".into());
        }
        if n > MAX_NODES {
            // Not `TooLarge`: its advice ("or a heuristic") does not apply to the model's
            // own limit. A sum of counts past usize::MAX shows as "more than".
            let count = if n == usize::MAX {
                format!("more than {}", num_shown(u64::MAX as f64))
            } else {
                n.to_string()
            };
            return bad(format!(
                "the classes have {count} nodes in all; the many-source model takes at most {MAX_NODES}"
            ));
        }
        match &self.link {
            Link::PerByte(x) => {
                if !nonneg(*x) {
                    return bad(format!(
                        "the link time per byte must be between 0 and 1e9 (got {})",
                        num_shown(*x)
                    ));
                }
            }
            Link::Matrix(m) => {
                if m.len() != n || m.iter().any(|row| row.len() != n) {
                    return bad(format!(
                        "the link matrix must have {n} rows of {n} numbers (one per node)"
                    ));
                }
                for (i, row) in m.iter().enumerate() {
                    for (j, &x) in row.iter().enumerate() {
                        if i != j && !nonneg(x) {
                            return bad(format!(
                                "the link time per byte from P{i} to P{j} must be between 0 and 1e9 (got {})",
                                num_shown(x)
                            ));
                        }
                    }
                }
            }
        }
        if self.messages.is_empty() {
            return bad("there are no messages".into());
        }
        for (k, msg) in self.messages.iter().enumerate() {
            if msg.source >= n {
                return bad(format!(
                    "message m{k}: its source P{} does not exist (nodes P0 to P{})",
                    msg.source,
                    n - 1
                ));
            }
            if !(msg.size.is_finite() && msg.size > 0.0 && msg.size <= MAX_SIZE) {
                return bad(format!(
                    "message m{k}: the size {} must be a positive number of bytes up to 1e10",
                    num_shown(msg.size)
                ));
            }
            if msg.destinations.is_empty() {
                return bad(format!("message m{k} has no destinations"));
            }
            let mut seen = vec![false; n];
            for &d in &msg.destinations {
                if d >= n {
                    return bad(format!(
                        "message m{k}: destination P{d} does not exist (nodes P0 to P{})",
                        n - 1
                    ));
                }
                if d == msg.source {
                    return bad(format!(
                        "message m{k}: its source P{d} is also listed as a destination"
                    ));
                }
                if seen[d] {
                    return bad(format!("message m{k}: destination P{d} is listed twice"));
                }
                seen[d] = true;
            }
        }
        Ok(())
    }

    /// Read a JSON instance (version 1, `"model": "multi"`) and validate it.
    pub fn from_json(text: &str) -> Result<MultiInstance, Error> {
        let raw: RawMulti = crate::error::read_json(text)?;
        if let Some(v) = raw.version {
            if v != crate::limits::FORMAT_VERSION {
                return Err(Error::Version(v));
            }
        }
        if raw.model != "multi" {
            return Err(Error::Format(format!(
                "model \"{}\" is not the many-source model (\"multi\")",
                crate::error::excerpt(&raw.model)
            )));
        }
        let inst = MultiInstance {
            classes: raw.classes,
            link: raw.link,
            messages: raw.messages,
        };
        inst.validate()?;
        Ok(inst)
    }

    /// Write the instance as pretty JSON (version 1).
    pub fn to_json(&self) -> String {
        let raw = RawMulti {
            version: Some(crate::limits::FORMAT_VERSION),
            model: "multi".into(),
            classes: self.classes.clone(),
            link: self.link.clone(),
            messages: self.messages.clone(),
        };
        serde_json::to_string_pretty(&raw).unwrap_or_default()
    }
}

/// The instance in a heading: "8 nodes, 4 messages".
pub fn instance_words(inst: &MultiInstance) -> String {
    let (n, m) = (inst.node_count(), inst.messages.len());
    format!(
        "{n} node{}, {m} message{}",
        if n == 1 { "" } else { "s" },
        if m == 1 { "" } else { "s" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> MultiInstance {
        MultiInstance {
            classes: vec![
                NodeClass {
                    name: "fast".into(),
                    count: 2,
                    send: Overhead {
                        fixed: 80.0,
                        per_byte: 0.001,
                    },
                    recv: Overhead {
                        fixed: 90.0,
                        per_byte: 0.002,
                    },
                },
                NodeClass {
                    name: "slow".into(),
                    count: 1,
                    send: Overhead {
                        fixed: 400.0,
                        per_byte: 0.01,
                    },
                    recv: Overhead {
                        fixed: 300.0,
                        per_byte: 0.01,
                    },
                },
            ],
            link: Link::PerByte(0.008),
            messages: vec![Message {
                source: 0,
                size: 1000.0,
                destinations: vec![1, 2],
            }],
        }
    }

    #[test]
    fn json_round_trip_and_classes() {
        let inst = small();
        let back = MultiInstance::from_json(&inst.to_json()).unwrap();
        assert_eq!(back, inst);
        assert_eq!(
            crate::ModelId::of_json(&inst.to_json()),
            Some(crate::ModelId::Multi)
        );
        assert_eq!(inst.node_count(), 3);
        assert_eq!(inst.class_of(1), Some(0));
        assert_eq!(inst.class_of(2), Some(1));
        assert_eq!(inst.class_of(3), None);
        assert_eq!(inst.nodes()[2].send.at(1000.0), 410.0);
    }

    #[test]
    fn rejects_bad_input_naming_the_culprit() {
        let err = |f: &dyn Fn(&mut MultiInstance)| {
            let mut i = small();
            f(&mut i);
            i.validate().unwrap_err().to_string()
        };
        assert!(err(&|i| i.classes[1].send.fixed = -1.0).contains("class 2 (slow)"));
        assert!(err(&|i| i.classes[0].recv.per_byte = f64::NAN).contains("NaN"));
        assert!(err(&|i| i.classes[0].count = 0).contains("count 0"));
        assert!(err(&|i| i.messages[0].destinations.push(7)).contains("P7 does not exist"));
        assert!(err(&|i| i.messages[0].destinations.push(0)).contains("also listed"));
        assert!(err(&|i| i.messages[0].destinations.push(1)).contains("twice"));
        assert!(err(&|i| i.messages[0].size = 0.0).contains("size"));
        // Huge numbers are shown in scientific notation, not as 301 digits.
        assert!(err(&|i| i.messages[0].size = 1e300).contains("the size 1e300 must"));
        assert!(err(&|i| i.link = Link::Matrix(vec![vec![0.0; 3]; 2])).contains("3 rows"));
        assert!(err(&|i| i.messages.clear()).contains("no messages"));
        assert!(MultiInstance::from_json("{\"model\":\"multi\"").is_err());
        assert_eq!(
            crate::ModelId::of_json("{\"model\": \"multi\", \"classes\": ["),
            Some(crate::ModelId::Multi)
        );
        assert_ne!(
            crate::ModelId::of_json("{\"model\": \"node\", \"nodes\": ["),
            Some(crate::ModelId::Multi)
        );
        assert!(MultiInstance::from_json(
            r#"{"model":"node","classes":[],"link":{"per_byte":0},"messages":[]}"#
        )
        .unwrap_err()
        .to_string()
        .contains("many-source"));
    }
}
