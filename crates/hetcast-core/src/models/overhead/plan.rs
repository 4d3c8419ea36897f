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

    /// This plan with node `v` and its subtree moved to `to` (see [`Place`]): the drag and drop
    /// of the tree view, as [`move_subtree`] with the place turned into a parent and a
    /// position. Refused with [`move_subtree`]'s reasons, and when `to` is just before the
    /// source.
    ///
    /// ```
    /// use hetcast_core::models::overhead::{plan::{Place, Plan}, Instance};
    /// let inst = Instance::node_model(0, &[1.0, 1.0, 1.0, 1.0]);
    /// let p = Plan { source: 0, children: vec![vec![1, 2], vec![3], vec![], vec![]], wait: vec![] };
    /// let q = p.moved(&inst, 3, Place::LastChildOf(2)).unwrap();
    /// assert_eq!(q.children, vec![vec![1, 2], vec![], vec![3], vec![]]);
    /// let q = p.moved(&inst, 2, Place::Before(1)).unwrap();
    /// assert_eq!(q.children[0], vec![2, 1]);
    /// assert!(p.moved(&inst, 1, Place::LastChildOf(3)).is_err());
    /// ```
    pub fn moved(
        &self,
        inst: &crate::models::overhead::Instance,
        v: usize,
        to: Place,
    ) -> Result<Plan, String> {
        let n = self.children.len();
        let (parent, position) = match to {
            Place::LastChildOf(u) if u < n => {
                let kids = &self.children[u];
                (u, kids.len() - usize::from(kids.contains(&v)))
            }
            Place::Before(u) if u < n => {
                let Some(p) = self.parents()[u] else {
                    return Err(format!(
                        "{} is the source: nothing can be sent before it receives",
                        crate::error::excerpt(&inst.label(u))
                    ));
                };
                let kids: Vec<usize> = self.children[p]
                    .iter()
                    .copied()
                    .filter(|&c| c != v)
                    .collect();
                (p, kids.iter().position(|&c| c == u).unwrap_or(kids.len()))
            }
            Place::LastChildOf(u) | Place::Before(u) => {
                return Err(format!("there is no node {u} (the tree has {n})"))
            }
        };
        move_subtree(inst, self, v, parent, position)
    }
}

/// Where [`Plan::moved`] puts a node (shared with every model drawn as trees).
pub use crate::models::Place;

/// Move `node`, with its subtree, to become child number `position` (from 0, in send order) of
/// `new_parent`: the hand edit of the tree view. The other children of the old and the new
/// parent keep their order; a wait the old parent had before its send to `node` is dropped
/// (the moved send gets none). Refused, with the reason in words naming the nodes, when:
/// a node does not exist; `node` is the source (it holds the message from the start);
/// `node` is not in the tree; `new_parent` is `node` or in its subtree (the subtree would be
/// cut off from the source); `position` is past the end of `new_parent`'s children.
///
/// **Complexity**: O(n).
///
/// ```
/// use hetcast_core::models::overhead::{plan::move_subtree, Instance, Plan};
/// let inst = Instance::node_model(0, &[1.0, 1.0, 1.0]);
/// let plan = Plan { source: 0, children: vec![vec![1], vec![2], vec![]], wait: vec![] };
/// let flat = move_subtree(&inst, &plan, 2, 0, 0).unwrap();
/// assert_eq!(flat.children, vec![vec![2, 1], vec![], vec![]]);
/// assert!(move_subtree(&inst, &plan, 1, 2, 0).unwrap_err().contains("subtree"));
/// ```
pub fn move_subtree(
    inst: &crate::models::overhead::Instance,
    plan: &Plan,
    node: usize,
    new_parent: usize,
    position: usize,
) -> Result<Plan, String> {
    let n = plan.children.len();
    let name = |v: usize| crate::error::excerpt(&inst.label(v));
    for v in [node, new_parent] {
        if v >= n || v >= inst.nodes.len() {
            return Err(format!("there is no node {v} (the tree has {n})"));
        }
    }
    if node == plan.source {
        return Err(format!(
            "{} is the source: it holds the message from the start, so it has no sender to change",
            name(node)
        ));
    }
    let parents = plan.parents();
    let Some(old_parent) = parents[node] else {
        return Err(format!("{} is not in the tree", name(node)));
    };
    if new_parent == node {
        return Err(format!("{} cannot send the message to itself", name(node)));
    }
    if crate::tree::is_below(&parents, new_parent, node) {
        return Err(format!(
            "{} is in the subtree of {}: {} would receive from its own descendant, and the subtree would be cut off from the source",
            name(new_parent),
            name(node),
            name(node)
        ));
    }
    let mut out = plan.clone();
    if !out.wait.is_empty() {
        out.wait.resize(n, Vec::new());
        for (v, w) in out.wait.iter_mut().enumerate() {
            w.resize(plan.children[v].len(), 0.0);
        }
    }
    let i = out.children[old_parent]
        .iter()
        .position(|&c| c == node)
        .ok_or_else(|| format!("{} is not in the tree", name(node)))?;
    out.children[old_parent].remove(i);
    if !out.wait.is_empty() {
        out.wait[old_parent].remove(i);
    }
    let k = out.children[new_parent].len();
    if position > k {
        return Err(format!(
            "{} would have {} children: position {} is past the end (0 to {k})",
            name(new_parent),
            k + 1,
            position
        ));
    }
    out.children[new_parent].insert(position, node);
    if !out.wait.is_empty() {
        out.wait[new_parent].insert(position, 0.0);
        if out.wait.iter().all(|w| w.iter().all(|&x| x == 0.0)) {
            out.wait.clear();
        }
    }
    Ok(out)
}

/// The moves ([`move_subtree`]) that turn `from` into `to` (two trees over the same nodes
/// and source): each node of `to`, breadth-first, is moved under its parent in `to` at its
/// place there. Moves that change nothing are left out. At most one move per destination.
///
/// **Complexity**: O(n^2).
pub fn moves_between(from: &Plan, to: &Plan) -> Vec<(usize, usize, usize)> {
    let mut cur = from.clone();
    cur.wait.clear();
    let mut out = Vec::new();
    let mut queue = std::collections::VecDeque::from([to.source]);
    while let Some(p) = queue.pop_front() {
        for (i, &c) in to.children.get(p).into_iter().flatten().enumerate() {
            if cur.children[p].get(i) != Some(&c) {
                if let Some(old) = cur.children.iter().position(|ch| ch.contains(&c)) {
                    cur.children[old].retain(|&x| x != c);
                }
                let at = i.min(cur.children[p].len());
                cur.children[p].insert(at, c);
                out.push((c, p, at));
            }
            queue.push_back(c);
        }
    }
    out
}
