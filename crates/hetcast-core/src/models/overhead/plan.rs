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

    /// The nodes of `v`'s subtree (`v` first, then breadth-first).
    pub fn subtree(&self, v: usize) -> Vec<usize> {
        let mut out = vec![v];
        let mut i = 0;
        while i < out.len() {
            if let Some(ch) = self.children.get(out[i]) {
                out.extend(ch.iter().copied().filter(|&c| c != v));
            }
            i += 1;
            if out.len() > self.children.len() {
                break;
            }
        }
        out
    }

    /// This plan with node `v` and its subtree moved: `to` says where (see [`Place`]). A move
    /// the model forbids is refused with the reason, in words naming nodes by `label`: the
    /// source cannot move (it holds the message from the start), a node cannot go under its
    /// own subtree (the message would never reach it), a node outside the tree cannot move.
    /// Idle times (`wait`) of the moved send are dropped; the new send has none.
    ///
    /// ```
    /// use hetcast_core::models::overhead::plan::{Place, Plan};
    /// let p = Plan { source: 0, children: vec![vec![1, 2], vec![3], vec![], vec![]], wait: vec![] };
    /// let q = p.moved(3, Place::LastChildOf(2), |v| format!("P{v}")).unwrap();
    /// assert_eq!(q.children, vec![vec![1, 2], vec![], vec![3], vec![]]);
    /// let q = p.moved(2, Place::Before(1), |v| format!("P{v}")).unwrap();
    /// assert_eq!(q.children[0], vec![2, 1]);
    /// assert!(p.moved(1, Place::LastChildOf(3), |v| format!("P{v}")).is_err());
    /// ```
    pub fn moved(
        &self,
        v: usize,
        to: Place,
        label: impl Fn(usize) -> String,
    ) -> Result<Plan, String> {
        let n = self.children.len();
        let target = match to {
            Place::LastChildOf(u) | Place::Before(u) => u,
        };
        if v >= n || target >= n {
            return Err(format!("there is no node {}", v.max(target)));
        }
        if v == self.source {
            return Err(format!(
                "{} is the source: it holds the message from the start and cannot move",
                label(v)
            ));
        }
        let parents = self.parents();
        let Some(old_parent) = parents[v] else {
            return Err(format!("{} is not in the tree", label(v)));
        };
        let (new_parent, index) = match to {
            Place::LastChildOf(u) => (u, None),
            Place::Before(u) => match parents[u] {
                Some(p) => (p, Some(u)),
                None => {
                    return Err(format!(
                        "{} is the source: nothing can be sent before it receives",
                        label(u)
                    ))
                }
            },
        };
        if target == v {
            return Err(format!("{} cannot move onto itself", label(v)));
        }
        if self.subtree(v).contains(&new_parent) {
            return Err(format!(
                "{} is in {}'s subtree: the message would never reach {}",
                label(new_parent),
                label(v),
                label(v)
            ));
        }
        let mut plan = self.clone();
        let pos = plan.children[old_parent].iter().position(|&c| c == v);
        if let Some(i) = pos {
            plan.children[old_parent].remove(i);
            if let Some(w) = plan.wait.get_mut(old_parent) {
                if i < w.len() {
                    w.remove(i);
                }
            }
        }
        let kids = &mut plan.children[new_parent];
        let at = index
            .and_then(|u| kids.iter().position(|&c| c == u))
            .unwrap_or(kids.len());
        kids.insert(at, v);
        if let Some(w) = plan.wait.get_mut(new_parent) {
            if at <= w.len() && !w.is_empty() {
                w.insert(at, 0.0);
            }
        }
        Ok(plan)
    }
}

/// Where [`Plan::moved`] puts a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// After the last child of this node (it sends to the moved node last).
    LastChildOf(usize),
    /// Just before this node among its parent's children (the parent sends to the moved node
    /// just before it).
    Before(usize),
}
