//! Graph helpers of the platform model: reachability on a sub-platform and a maximum flow
//! (the delivery check of the one-port checker).

use super::PlatformInstance;

/// Which nodes `from` reaches using only the nodes with `alive[v]`.
pub fn reachable(inst: &PlatformInstance, alive: &[bool], from: usize) -> Vec<bool> {
    let n = inst.node_count();
    if from >= n || !alive[from] {
        return vec![false; n];
    }
    let arcs = inst
        .edges
        .iter()
        .filter(|e| e.from < n && e.to < n && alive[e.from] && alive[e.to])
        .map(|e| (e.from, e.to));
    let (start, next) = adjacency(n, arcs);
    let mut seen = vec![false; n];
    seen[from] = true;
    let mut stack = vec![from];
    while let Some(v) = stack.pop() {
        for &w in &next[start[v]..start[v + 1]] {
            if !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    seen
}

/// The arcs `(v, x)` grouped by `v` (in their order within each group): `x` of node `v`'s arcs
/// are `next[start[v]..start[v + 1]]` (two arrays, not a list per node: the max flows and
/// searches of cut generation build this thousands of times).
fn adjacency(
    n: usize,
    arcs: impl Iterator<Item = (usize, usize)> + Clone,
) -> (Vec<usize>, Vec<usize>) {
    let mut start = vec![0; n + 1];
    for (v, _) in arcs.clone() {
        start[v + 1] += 1;
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let mut fill = start.clone();
    let mut next = vec![0; start[n]];
    for (v, x) in arcs {
        next[fill[v]] = x;
        fill[v] += 1;
    }
    (start, next)
}

/// The nodes reached from `from` along the arcs `next[v]` (depth first).
pub fn search(next: &[Vec<usize>], from: usize) -> Vec<bool> {
    let mut seen = vec![false; next.len()];
    seen[from] = true;
    let mut stack = vec![from];
    while let Some(v) = stack.pop() {
        for &w in &next[v] {
            if !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    seen
}

/// The maximum flow from `s` to `t` with capacity `cap[e]` on edge `e` of `inst`
/// (Edmonds-Karp on f64; augmenting paths of residual capacity below `eps` are ignored).
///
/// # Complexity
/// O(V·E²).
pub fn max_flow(inst: &PlatformInstance, cap: &[f64], s: usize, t: usize, eps: f64) -> f64 {
    max_flow_cut(inst, cap, s, t, eps).value
}

/// A maximum flow, its value and a minimum cut.
#[derive(Debug, Clone, PartialEq)]
pub struct FlowCut {
    /// The flow's value.
    pub value: f64,
    /// The flow on each edge of the instance.
    pub flow: Vec<f64>,
    /// The edges from the source's side of a minimum cut to the other side.
    pub cut: Vec<usize>,
}

/// [`max_flow`] with the flow on each edge and a minimum cut (the edges leaving the nodes the
/// source reaches in the final residual graph). Deterministic: breadth-first search in edge
/// order.
pub fn max_flow_cut(inst: &PlatformInstance, cap: &[f64], s: usize, t: usize, eps: f64) -> FlowCut {
    max_flow_cut_upto(inst, cap, s, t, eps, f64::INFINITY)
}

/// [`max_flow_cut`] that stops augmenting once the flow reaches `enough`: a flow below
/// `enough` is the maximum one, the same as [`max_flow_cut`]'s; one at `enough` or above may
/// not be (cut generation only asks whether a target's flow reaches 1).
///
/// # Complexity
/// O(V·E²).
pub fn max_flow_cut_upto(
    inst: &PlatformInstance,
    cap: &[f64],
    s: usize,
    t: usize,
    eps: f64,
    enough: f64,
) -> FlowCut {
    let n = inst.node_count();
    // Residual arcs: 2 per edge (forward e, backward e).
    let m = inst.edges.len();
    let mut res = vec![0.0; 2 * m];
    for e in 0..m {
        res[2 * e] = cap[e].max(0.0);
    }
    // Per node, its arcs in edge order: forward 2e out of `from`, backward 2e + 1 out of `to`.
    let arcs = inst
        .edges
        .iter()
        .enumerate()
        .flat_map(|(e, edge)| [(edge.from, 2 * e), (edge.to, 2 * e + 1)]);
    let (start, adj) = adjacency(n, arcs);
    let head = |a: usize| {
        let e = &inst.edges[a / 2];
        if a.is_multiple_of(2) {
            e.to
        } else {
            e.from
        }
    };
    let mut flow = 0.0;
    let mut prev: Vec<Option<usize>> = vec![None; n];
    let mut seen = vec![false; n];
    let mut queue = std::collections::VecDeque::with_capacity(n);
    loop {
        prev.fill(None);
        seen.fill(false);
        seen[s] = true;
        queue.clear();
        queue.push_back(s);
        // Enough: no search (`seen`, the source alone, then gives no cut that matters).
        let more = flow < enough;
        while let Some(v) = queue.pop_front().filter(|_| more) {
            if v == t {
                break;
            }
            for &a in &adj[start[v]..start[v + 1]] {
                let w = head(a);
                if !seen[w] && res[a] > eps {
                    seen[w] = true;
                    prev[w] = Some(a);
                    queue.push_back(w);
                }
            }
        }
        if !seen[t] {
            let flow_on: Vec<f64> = (0..m)
                .map(|e| (cap[e].max(0.0) - res[2 * e]).max(0.0))
                .collect();
            let cut = (0..m)
                .filter(|&e| seen[inst.edges[e].from] && !seen[inst.edges[e].to])
                .collect();
            return FlowCut {
                value: flow,
                flow: flow_on,
                cut,
            };
        }
        let mut push = f64::INFINITY;
        let mut v = t;
        while let Some(a) = prev[v] {
            push = push.min(res[a]);
            v = head(a ^ 1);
        }
        let mut v = t;
        while let Some(a) = prev[v] {
            res[a] -= push;
            res[a ^ 1] += push;
            v = head(a ^ 1);
        }
        flow += push;
    }
}

/// A minimum-weight spanning arborescence of nodes `0..n` rooted at `root` over the weighted
/// `arcs` `(from, to, weight)` (Chu-Liu/Edmonds): the indices of its arcs, one into each node
/// but the root, or `None` when some node is not reachable from the root. Loops and arcs into
/// the root are never chosen. Its weight is the least over every set of arcs that gives
/// every node a path from the root (weights at least 0: Edmonds' branching theorem, which
/// [`super::lp::dual::broadcast_bound`] relies on).
///
/// # Complexity
/// `O(|V|·|E|)`: at most `|V|` contractions of `O(|V| + |E|)` each.
pub fn min_arborescence(n: usize, root: usize, arcs: &[(usize, usize, f64)]) -> Option<Vec<usize>> {
    if root >= n {
        return None;
    }
    // One level of contraction: its arcs (ends, weight, the arc of the level below it comes
    // from), each node's cheapest arc in, and the node of the next level each node goes to.
    struct Level {
        arcs: Vec<(usize, usize, f64, usize)>,
        best_in: Vec<usize>,
        cycle: Vec<bool>,
        id: Vec<usize>,
    }
    let mut levels: Vec<Level> = Vec::new();
    let mut cur: Vec<(usize, usize, f64, usize)> = arcs
        .iter()
        .enumerate()
        .filter(|(_, &(u, v, _))| u < n && v < n && u != v && v != root)
        .map(|(i, &(u, v, w))| (u, v, w, i))
        .collect();
    let (mut size, mut top_root) = (n, root);
    loop {
        let mut best_in = vec![usize::MAX; size];
        for (i, &(_, v, w, _)) in cur.iter().enumerate() {
            if best_in[v] == usize::MAX || w < cur[best_in[v]].2 {
                best_in[v] = i;
            }
        }
        if (0..size).any(|v| v != top_root && best_in[v] == usize::MAX) {
            return None;
        }
        // The cycles of the cheapest arcs in, each contracted to one node.
        let mut id = vec![usize::MAX; size];
        let mut mark = vec![usize::MAX; size];
        let mut cycle = vec![false; size];
        let mut count = 0;
        for v in 0..size {
            let mut x = v;
            while x != top_root && mark[x] == usize::MAX && id[x] == usize::MAX {
                mark[x] = v;
                x = cur[best_in[x]].0;
            }
            if x != top_root && mark[x] == v && id[x] == usize::MAX {
                let mut y = x;
                loop {
                    id[y] = count;
                    cycle[y] = true;
                    y = cur[best_in[y]].0;
                    if y == x {
                        break;
                    }
                }
                count += 1;
            }
        }
        if count == 0 {
            levels.push(Level {
                arcs: cur,
                best_in,
                cycle,
                id,
            });
            break;
        }
        for x in id.iter_mut().filter(|x| **x == usize::MAX) {
            *x = count;
            count += 1;
        }
        let next: Vec<(usize, usize, f64, usize)> = cur
            .iter()
            .enumerate()
            .filter(|(_, &(u, v, _, _))| id[u] != id[v])
            .map(|(i, &(u, v, w, _))| {
                let reduced = if cycle[v] { w - cur[best_in[v]].2 } else { w };
                (id[u], id[v], reduced, i)
            })
            .collect();
        top_root = id[top_root];
        size = count;
        levels.push(Level {
            arcs: cur,
            best_in,
            cycle,
            id,
        });
        cur = next;
    }
    // Expand: at the top every node keeps its cheapest arc in; a level below, a node of a
    // cycle keeps its cycle's arc unless the arc chosen into the cycle enters it.
    let top = levels.pop()?;
    let mut chosen: Vec<usize> = top.best_in.clone();
    let mut arcs_above = top.arcs;
    while let Some(level) = levels.pop() {
        let size = level.id.len();
        let mut into = vec![usize::MAX; size];
        for &a in chosen.iter().filter(|&&a| a != usize::MAX) {
            let below = arcs_above[a].3;
            into[level.arcs[below].1] = below;
        }
        chosen = (0..size)
            .map(|v| {
                if into[v] != usize::MAX {
                    into[v]
                } else if level.cycle[v] {
                    level.best_in[v]
                } else {
                    usize::MAX
                }
            })
            .collect();
        arcs_above = level.arcs;
    }
    Some(
        chosen
            .iter()
            .filter(|&&a| a != usize::MAX)
            .map(|&a| arcs_above[a].3)
            .collect(),
    )
}
