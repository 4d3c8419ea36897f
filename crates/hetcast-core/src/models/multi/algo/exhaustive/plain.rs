//! The plain enumeration this search replaced, kept as the reference of the tests: per message
//! every relay tree (`(d + 1)^(d - 1)` for `d` destinations), per node every order of its tasks,
//! each plan timed by the simulator, the first of least time kept (trees by message, the first
//! message's changing fastest; then orders, the first node's changing fastest). `None` past
//! `max_plans` plans counted as `Σ over tree choices of Π over nodes (tasks)!`.

use crate::error::Error;
use crate::models::multi::plan::{Op, Task};
use crate::models::multi::{simulate_multi, MultiInstance, MultiPlan};

/// The least completion time over every plan of `inst` and a plan reaching it, or `None` when
/// the instance has more than `max_plans` plans (see the module documentation).
pub fn plain(inst: &MultiInstance, max_plans: u64) -> Result<Option<(f64, MultiPlan)>, Error> {
    inst.validate()?;
    let trees: Vec<Vec<Vec<(usize, usize)>>> = inst
        .messages
        .iter()
        .map(|m| relay_trees(m.source, &m.destinations, max_plans))
        .collect();
    if trees.iter().any(Vec::is_empty) {
        // More trees than the budget for one message.
        return Ok(None);
    }
    let mut counted = 0u64;
    let mut best: Option<(f64, MultiPlan)> = None;
    let mut pick = vec![0usize; trees.len()];
    loop {
        let tasks = task_sets(inst.node_count(), &trees, &pick);
        let orders = tasks
            .iter()
            .map(|t| factorial(t.len()))
            .fold(1u64, u64::saturating_mul);
        counted = counted.saturating_add(orders);
        if counted > max_plans {
            return Ok(None);
        }
        // Orders that relay a message before receiving it are rejected by the simulator: left
        // out here already.
        let perms: Vec<Vec<Vec<Task>>> = tasks
            .iter()
            .map(|t| {
                let mut p = permutations(t);
                p.retain(|order| relays_after_receipt(order));
                p
            })
            .collect();
        let mut at = vec![0usize; perms.len()];
        loop {
            let plan = MultiPlan {
                tasks: perms.iter().zip(&at).map(|(p, &i)| p[i].clone()).collect(),
            };
            if let Ok(s) = simulate_multi(inst, &plan) {
                if best.as_ref().is_none_or(|(t, _)| s.completion_time < *t) {
                    best = Some((s.completion_time, plan));
                }
            }
            if !advance(&mut at, |v| perms[v].len()) {
                break;
            }
        }
        if !advance(&mut pick, |k| trees[k].len()) {
            break;
        }
    }
    best.map(Some)
        .ok_or_else(|| Error::InvalidPlan("no plan of this instance runs".into()))
}

/// The next combination of `digits` (digit `i` below `radix(i)`, the first fastest); false
/// after the last.
fn advance(digits: &mut [usize], radix: impl Fn(usize) -> usize) -> bool {
    for (i, d) in digits.iter_mut().enumerate() {
        *d += 1;
        if *d < radix(i) {
            return true;
        }
        *d = 0;
    }
    false
}

fn factorial(n: usize) -> u64 {
    (1..=n as u64).fold(1u64, u64::saturating_mul)
}

/// Every relay tree of a message from `source` to `dests`, as `(parent, child)` pairs; empty
/// when there are more than `max` of them.
pub(crate) fn relay_trees(source: usize, dests: &[usize], max: u64) -> Vec<Vec<(usize, usize)>> {
    let d = dests.len();
    // (d + 1)^(d - 1) trees (Cayley), each at least one plan.
    if (d as u64 + 1).saturating_pow(d.saturating_sub(1) as u32) > max {
        return Vec::new();
    }
    // Parent choice of destination i: 0 the source, j > 0 the j-th other destination.
    let mut out = Vec::new();
    let mut choice = vec![0usize; d];
    loop {
        let parent = |i: usize| match choice[i] {
            0 => None,
            j => Some(if j - 1 < i { j - 1 } else { j }),
        };
        // Acyclic: from every destination, the parents reach the source within d steps.
        let reaches = (0..d).all(|i| {
            let mut v = Some(i);
            for _ in 0..=d {
                match v {
                    None => return true,
                    Some(u) => v = parent(u),
                }
            }
            false
        });
        if reaches {
            out.push(
                (0..d)
                    .map(|i| (parent(i).map_or(source, |p| dests[p]), dests[i]))
                    .collect(),
            );
        }
        if !advance(&mut choice, |_| d) {
            return out;
        }
    }
}

/// Each node's tasks (unordered) when message `k` takes tree `trees[k][pick[k]]`.
fn task_sets(n: usize, trees: &[Vec<Vec<(usize, usize)>>], pick: &[usize]) -> Vec<Vec<Task>> {
    let mut tasks = vec![Vec::new(); n];
    for (k, (t, &p)) in trees.iter().zip(pick).enumerate() {
        for &(from, to) in &t[p] {
            tasks[from].push(Task::send(to, k));
            tasks[to].push(Task::recv(from, k));
        }
    }
    tasks
}

/// Whether every send of a message the node received comes after that receive (a node's
/// sends of a message it never receives are its own messages).
fn relays_after_receipt(order: &[Task]) -> bool {
    order.iter().enumerate().all(|(i, t)| {
        t.op == Op::Recv
            || order[i..]
                .iter()
                .all(|later| later.op == Op::Send || later.msg != t.msg)
    })
}

/// Every order of `items`.
fn permutations(items: &[Task]) -> Vec<Vec<Task>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}
