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
