//! A plan of the many-source model: one ordered task list per node (paper 001 section 3).
//! A task is `(op, peer, message)`: send message `msg` to `peer`, or receive `msg` from
//! `peer`. Each node runs its list in order. Times come only from [`crate::models::multi::simulate`].

use crate::models::overhead::plan::Plan;
use serde::{Deserialize, Serialize};

/// Send or receive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// Non-blocking send: the sender is busy for `S(i, m)` only.
    Send,
    /// Blocking receive: the receiver waits for the message, then is busy `R(j, m)`.
    Recv,
}

/// One communication task `(op, i, peer, msg)` of node `i`'s list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Task {
    /// Send or receive.
    pub op: Op,
    /// The receiver of a send, the sender of a receive.
    pub peer: usize,
    /// Index of the message.
    pub msg: usize,
}

impl Task {
    /// `(send, peer, msg)`.
    pub fn send(peer: usize, msg: usize) -> Task {
        Task {
            op: Op::Send,
            peer,
            msg,
        }
    }

    /// `(recv, peer, msg)`.
    pub fn recv(peer: usize, msg: usize) -> Task {
        Task {
            op: Op::Recv,
            peer,
            msg,
        }
    }
}

/// The task list of every node (`TaskList_i` of the paper), in execution order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct MultiPlan {
    /// `tasks[i]` is node `i`'s list.
    pub tasks: Vec<Vec<Task>>,
}

impl MultiPlan {
    /// Empty lists for `n` nodes.
    pub fn new(n: usize) -> MultiPlan {
        MultiPlan {
            tasks: vec![Vec::new(); n],
        }
    }

    /// The task lists of a one-message tree plan: each node first receives from its parent,
    /// then sends to its children in order. Waits of the tree plan are not carried over.
    pub fn from_tree(plan: &Plan) -> MultiPlan {
        let mut out = MultiPlan::new(plan.children.len());
        for (v, p) in plan.parents().into_iter().enumerate() {
            if let Some(p) = p {
                out.tasks[v].push(Task::recv(p, 0));
            }
        }
        for (u, ch) in plan.children.iter().enumerate() {
            for &v in ch {
                if u < out.tasks.len() {
                    out.tasks[u].push(Task::send(v, 0));
                }
            }
        }
        out
    }

    /// Total number of tasks.
    pub fn len(&self) -> usize {
        self.tasks.iter().map(Vec::len).sum()
    }

    /// True when no node has a task.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Move `node`, with its subtree in the tree of message `message`, to become the
/// `position`-th receiver (from 0) of that message from `new_parent`: the hand edit of one
/// message's tree view. In the task lists: the old parent's send of the message to `node` is
/// removed; `node`'s receive keeps its place in `node`'s list but now names `new_parent`; the
/// send is put into `new_parent`'s list before its `position`-th send of the message, or,
/// when `position` is the number of those sends, after the last of them, or, when it sends
/// none, right after its receive of the message (at the front of the list for the message's
/// source). The result is then timed: a move the model forbids is refused with the reason.
///
/// Refused, naming the node and the message: a node or message that does not exist; `node`
/// is the message's source, or not one of its destinations; `new_parent` does not get the
/// message (neither its source nor a destination), is `node` or lies in `node`'s subtree;
/// `position` past the end; and whatever the simulator refuses in the new lists (a relay
/// before the node holds the message, a deadlock).
///
/// **Complexity**: O(N + T) for the edit, plus one simulation.
///
/// ```
/// use hetcast_core::models::multi::{gallery, plan::move_subtree, MultiAlgorithm};
/// let (_, _, inst) = gallery::all().remove(0);
/// let plan = MultiAlgorithm::Fef.solve(&inst).unwrap().plan;
/// let src = inst.messages[0].source;
/// let err = move_subtree(&inst, &plan, 0, src, 0, 0).unwrap_err();
/// assert!(err.contains("source"), "{err}");
/// ```
pub fn move_subtree(
    inst: &crate::models::multi::MultiInstance,
    plan: &MultiPlan,
    message: usize,
    node: usize,
    new_parent: usize,
    position: usize,
) -> Result<MultiPlan, String> {
    let n = plan.tasks.len();
    if message >= inst.messages.len() {
        return Err(format!("there is no message m{message}"));
    }
    let mk = inst.message_label(message);
    for v in [node, new_parent] {
        if v >= n {
            return Err(format!("there is no node {v} (the plan has {n})"));
        }
    }
    let name = |v: usize| crate::error::excerpt(&inst.label(v));
    let m = &inst.messages[message];
    if node == m.source {
        return Err(format!(
            "{} is the source of {mk}: it holds it from the start, so it has no sender to change",
            name(node)
        ));
    }
    if !m.destinations.contains(&node) {
        return Err(format!("{} is not a destination of {mk}", name(node)));
    }
    if new_parent != m.source && !m.destinations.contains(&new_parent) {
        return Err(format!(
            "{} never holds {mk} (it is neither its source nor a destination), so it cannot send it",
            name(new_parent)
        ));
    }
    if new_parent == node {
        return Err(format!("{} cannot send {mk} to itself", name(node)));
    }
    // Parents in this message's tree, from the receives.
    let mut parent = vec![None; n];
    for (v, list) in plan.tasks.iter().enumerate() {
        for t in list {
            if t.op == Op::Recv && t.msg == message && t.peer < n {
                parent[v] = Some(t.peer);
            }
        }
    }
    let Some(old_parent) = parent[node] else {
        return Err(format!("{} does not receive {mk} in this plan", name(node)));
    };
    if crate::tree::is_below(&parent, new_parent, node) {
        return Err(format!(
            "{} is in the subtree of {} for {mk}: {} would receive {mk} from its own descendant",
            name(new_parent),
            name(node),
            name(node)
        ));
    }
    let mut out = plan.clone();
    out.tasks[old_parent].retain(|t| *t != Task::send(node, message));
    for t in out.tasks[node].iter_mut() {
        if *t == Task::recv(old_parent, message) {
            *t = Task::recv(new_parent, message);
        }
    }
    let list = &mut out.tasks[new_parent];
    let sends: Vec<usize> = (0..list.len())
        .filter(|&i| list[i].op == Op::Send && list[i].msg == message)
        .collect();
    if position > sends.len() {
        return Err(format!(
            "{} would send {mk} to {} nodes: position {position} is past the end (0 to {})",
            name(new_parent),
            sends.len() + 1,
            sends.len()
        ));
    }
    let at = if position < sends.len() {
        sends[position]
    } else if let Some(&last) = sends.last() {
        last + 1
    } else {
        list.iter()
            .position(|t| *t == Task::recv(parent[new_parent].unwrap_or(usize::MAX), message))
            .map_or(0, |i| i + 1)
    };
    list.insert(at, Task::send(node, message));
    crate::models::multi::simulate_multi(inst, &out)
        .map_err(|e| format!("the model refuses this move: {e}"))?;
    Ok(out)
}
