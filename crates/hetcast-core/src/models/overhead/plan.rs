//! A plan: the decisions of an algorithm, with no times. For one message it is a tree rooted at
//! the source whose children are ordered (the order in which the parent sends to them).
//! Times are computed only by [`simulate`](mod@crate::models::overhead::simulate).

use serde::{Deserialize, Serialize};

/// Ordered multicast tree. `children[v]` lists, in send order, the nodes `v` sends to.
/// `wait[v][i]`, when present, is idle time `v` inserts before its `i`-th send (the paper's
/// "idling"); algorithms leave it empty, a hand-edited plan may use it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Plan {
    /// The root of the tree.
    pub source: usize,
    /// Per node, its children in send order.
    pub children: Vec<Vec<usize>>,
    /// Optional idle time before each send: `wait[v][i]` before `children[v][i]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wait: Vec<Vec<f64>>,
}

impl Plan {
    /// An empty tree on `n` nodes rooted at `source`.
    pub fn new(source: usize, n: usize) -> Plan {
        Plan {
            source,
            children: vec![Vec::new(); n],
            wait: Vec::new(),
        }
    }

    /// Parent of each node (None for the source and for nodes not in the tree).
    pub fn parents(&self) -> Vec<Option<usize>> {
        let mut p = vec![None; self.children.len()];
        for (u, ch) in self.children.iter().enumerate() {
            for &v in ch {
                if v < p.len() {
                    p[v] = Some(u);
                }
            }
        }
        p
    }

    /// Idle time before the `i`-th send of `v`.
    pub fn wait_before(&self, v: usize, i: usize) -> f64 {
        self.wait
            .get(v)
            .and_then(|w| w.get(i))
            .copied()
            .unwrap_or(0.0)
    }

    /// Build a plan from a parent array and, per node, its children in send order are
    /// given by the order of `order` (a list of nodes in the order they receive).
    pub fn from_parents(source: usize, parent: &[Option<usize>], order: &[usize]) -> Plan {
        let mut plan = Plan::new(source, parent.len());
        for &v in order {
            if let Some(p) = parent[v] {
                plan.children[p].push(v);
            }
        }
        plan
    }
}
