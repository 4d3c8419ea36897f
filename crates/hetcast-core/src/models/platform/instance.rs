//! The platform graph of Beaumont, Legrand, Marchal and Robert (paper 002, section 2):
//! directed edges `(j, k)` with a cost `c(j, k)` = time to send one unit-size message over
//! the edge, a source and a set of targets, under the one-port model (a node sends to one
//! neighbour and receives from one neighbour at a time; a send and a receive may overlap).
//!
//! JSON (version 1, `docs/formats.md`):
//!
//! ```json
//! {"model": "platform", "version": 1,
//!  "nodes": [{"name": "P0", "x": 0.1, "y": 0.5}, {"name": "P1"}],
//!  "edges": [{"from": 0, "to": 1, "cost": 2.5}],
//!  "source": 0, "targets": [1]}
//! ```

use super::{MAX_COST, MAX_EDGES, MAX_NODES};
use crate::error::{num_shown, Error};
use serde::{Deserialize, Serialize};

/// A node: a name and an optional drawing position in [0, 1]².
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(expecting = "a node object {name, x, y}")]
pub struct PlatformNode {
    /// Display name ("P3"); may be empty (then `P{index}` is shown).
    #[serde(default)]
    pub name: String,
    /// Drawing position, left to right, in [0, 1].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<f64>,
    /// Drawing position, top to bottom, in [0, 1].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<f64>,
}

/// A directed edge and its cost per unit-size message.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(expecting = "an edge object {from, to, cost}")]
pub struct PlatformEdge {
    /// Sender (node index).
    pub from: usize,
    /// Receiver (node index).
    pub to: usize,
    /// Time to send one unit-size message over the edge.
    pub cost: f64,
}

/// A platform instance (see the module documentation).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlatformInstance {
    /// The nodes, indexed from 0.
    pub nodes: Vec<PlatformNode>,
    /// The directed edges (an undirected link is two edges).
    pub edges: Vec<PlatformEdge>,
    /// The source node.
    pub source: usize,
    /// The targets (not the source).
    pub targets: Vec<usize>,
}

#[derive(Serialize, Deserialize)]
struct RawPlatform {
    model: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    version: Option<u32>,
    nodes: Vec<PlatformNode>,
    edges: Vec<PlatformEdge>,
    source: usize,
    targets: Vec<usize>,
}

impl PlatformInstance {
    /// A platform of `n` unnamed nodes with the given edges `(from, to, cost)`.
    ///
    /// ```
    /// use hetcast_core::models::platform::PlatformInstance;
    /// let p = PlatformInstance::new(3, &[(0, 1, 1.0), (1, 2, 2.0)], 0, &[2]);
    /// assert!(p.validate().is_ok());
    /// ```
    pub fn new(n: usize, edges: &[(usize, usize, f64)], source: usize, targets: &[usize]) -> Self {
        PlatformInstance {
            nodes: (0..n)
                .map(|i| PlatformNode {
                    name: format!("P{i}"),
                    x: None,
                    y: None,
                })
                .collect(),
            edges: edges
                .iter()
                .map(|&(from, to, cost)| PlatformEdge { from, to, cost })
                .collect(),
            source,
            targets: targets.to_vec(),
        }
    }

    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The name shown for node `i`.
    pub fn name(&self, i: usize) -> String {
        match self.nodes.get(i) {
            Some(n) if !n.name.is_empty() => n.name.clone(),
            _ => format!("P{i}"),
        }
    }

    /// Where node `v` is drawn, in [0, 1]²: its own position, or a place on a circle
    /// (the drawing of the results and the app's editor agree).
    pub fn position(&self, v: usize) -> (f64, f64) {
        match self.nodes.get(v).map(|n| (n.x, n.y)) {
            Some((Some(x), Some(y))) => (x, y),
            _ => {
                let a = std::f64::consts::TAU * v as f64 / self.nodes.len().max(1) as f64;
                (0.5 + 0.45 * a.cos(), 0.5 + 0.45 * a.sin())
            }
        }
    }

    /// Check the rules of `docs/formats.md`; the message names the node or edge at fault.
    pub fn validate(&self) -> Result<(), Error> {
        let n = self.nodes.len();
        let bad = |m: String| Err(Error::BadInstance(m));
        if n < 2 {
            return bad(format!("a platform needs at least 2 nodes, found {n}"));
        }
        if n > MAX_NODES {
            return bad(format!("{n} nodes: a platform has at most {MAX_NODES}"));
        }
        if self.edges.len() > MAX_EDGES {
            return bad(format!(
                "{} edges: a platform has at most {MAX_EDGES}",
                self.edges.len()
            ));
        }
        for (i, node) in self.nodes.iter().enumerate() {
            for (axis, v) in [("x", node.x), ("y", node.y)] {
                if let Some(v) = v {
                    if !(0.0..=1.0).contains(&v) {
                        return bad(format!(
                            "node {i}: {axis} = {} is outside [0, 1]",
                            num_shown(v)
                        ));
                    }
                }
            }
        }
        let mut seen = std::collections::HashMap::new();
        for (e, edge) in self.edges.iter().enumerate() {
            for end in [edge.from, edge.to] {
                if end >= n {
                    return bad(format!(
                        "edge {e} ({} -> {}): node {end} is unknown (nodes are 0 to {})",
                        edge.from,
                        edge.to,
                        n - 1
                    ));
                }
            }
            if edge.from == edge.to {
                return bad(format!(
                    "edge {e} ({} -> {}): a self-loop",
                    edge.from, edge.to
                ));
            }
            if !(edge.cost.is_finite() && edge.cost > 0.0 && edge.cost <= MAX_COST) {
                return bad(format!(
                    "edge {e} ({} -> {}): cost {} must be positive and finite, at most 1e9",
                    edge.from,
                    edge.to,
                    num_shown(edge.cost)
                ));
            }
            if let Some(first) = seen.insert((edge.from, edge.to), e) {
                return bad(format!(
                    "edge {e} ({} -> {}): duplicate of edge {first}",
                    edge.from, edge.to
                ));
            }
        }
        if self.source >= n {
            return Err(Error::SourceOutOfRange {
                source: self.source,
                nodes: n,
            });
        }
        if self.targets.is_empty() {
            return bad("no targets: the multicast needs at least one target".into());
        }
        let mut is_target = vec![false; n];
        for &t in &self.targets {
            if t >= n {
                return bad(format!("target {t} is unknown (nodes are 0 to {})", n - 1));
            }
            if t == self.source {
                return bad(format!("the source {} is among the targets", self.name(t)));
            }
            if is_target[t] {
                return bad(format!("target {} is listed twice", self.name(t)));
            }
            is_target[t] = true;
        }
        let reach = super::graph::reachable(self, &vec![true; n], self.source);
        if let Some(&t) = self.targets.iter().find(|&&t| !reach[t]) {
            return bad(format!(
                "target {} (node {t}) is unreachable from the source {}",
                self.name(t),
                self.name(self.source)
            ));
        }
        Ok(())
    }

    /// Read and validate a platform file.
    pub fn from_json(text: &str) -> Result<PlatformInstance, Error> {
        let raw: RawPlatform = crate::error::read_json(text)?;
        if let Some(v) = raw.version {
            if v != 1 {
                return Err(Error::Version(v));
            }
        }
        if raw.model != "platform" {
            return Err(Error::Format(format!(
                "model \"{}\" is not the platform model (\"platform\")",
                crate::error::excerpt(&raw.model)
            )));
        }
        let inst = PlatformInstance {
            nodes: raw.nodes,
            edges: raw.edges,
            source: raw.source,
            targets: raw.targets,
        };
        inst.validate()?;
        Ok(inst)
    }

    /// The instance as pretty JSON (version 1).
    pub fn to_json(&self) -> String {
        let raw = RawPlatform {
            model: "platform".into(),
            version: Some(1),
            nodes: self.nodes.clone(),
            edges: self.edges.clone(),
            source: self.source,
            targets: self.targets.clone(),
        };
        serde_json::to_string_pretty(&raw).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(p: &PlatformInstance) -> String {
        p.validate()
            .unwrap_err()
            .to_string()
            .trim_start_matches("invalid instance: ")
            .to_string()
    }

    #[test]
    fn bad_platforms_name_the_culprit() {
        let ok = PlatformInstance::new(3, &[(0, 1, 1.0), (1, 2, 2.0)], 0, &[2]);
        assert!(ok.validate().is_ok());
        let mut p = ok.clone();
        p.edges[1].to = 5;
        assert_eq!(
            err(&p),
            "edge 1 (1 -> 5): node 5 is unknown (nodes are 0 to 2)"
        );
        let mut p = ok.clone();
        p.edges[0].to = 0;
        assert_eq!(err(&p), "edge 0 (0 -> 0): a self-loop");
        let mut p = ok.clone();
        p.edges.push(PlatformEdge {
            from: 0,
            to: 1,
            cost: 3.0,
        });
        assert_eq!(err(&p), "edge 2 (0 -> 1): duplicate of edge 0");
        for c in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let mut p = ok.clone();
            p.edges[1].cost = c;
            assert!(err(&p).starts_with("edge 1 (1 -> 2): cost"), "{}", err(&p));
        }
        let mut p = ok.clone();
        p.targets = vec![0, 2];
        assert_eq!(err(&p), "the source P0 is among the targets");
        let mut p = ok.clone();
        p.targets.clear();
        assert_eq!(
            err(&p),
            "no targets: the multicast needs at least one target"
        );
        let mut p = ok.clone();
        p.edges[1] = PlatformEdge {
            from: 2,
            to: 1,
            cost: 1.0,
        };
        assert_eq!(
            err(&p),
            "target P2 (node 2) is unreachable from the source P0"
        );
    }

    #[test]
    fn json_round_trip() {
        let text = r#"{"model": "platform", "version": 1,
            "nodes": [{"name": "P0", "x": 0.1, "y": 0.5}, {"name": "A"}],
            "edges": [{"from": 0, "to": 1, "cost": 2.5}], "source": 0, "targets": [1]}"#;
        let p = PlatformInstance::from_json(text).unwrap();
        assert_eq!(p.name(1), "A");
        assert_eq!(PlatformInstance::from_json(&p.to_json()).unwrap(), p);
    }
}
