//! Graph helpers of the platform model: reachability on a sub-platform and a maximum flow
//! (the delivery check of the one-port checker).

use super::PlatformInstance;

/// Which nodes `from` reaches using only the nodes with `alive[v]`.
pub fn reachable(inst: &PlatformInstance, alive: &[bool], from: usize) -> Vec<bool> {
    let n = inst.node_count();
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for e in &inst.edges {
        if e.from < n && e.to < n && alive[e.from] && alive[e.to] {
            out[e.from].push(e.to);
        }
    }
    if from >= n || !alive[from] {
        return vec![false; n];
    }
    search(&out, from)
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
    let n = inst.node_count();
    // Residual arcs: 2 per edge (forward e, backward e).
    let m = inst.edges.len();
    let mut res = vec![0.0; 2 * m];
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (e, edge) in inst.edges.iter().enumerate() {
        res[2 * e] = cap[e].max(0.0);
        adj[edge.from].push(2 * e);
        adj[edge.to].push(2 * e + 1);
    }
    let head = |a: usize| {
        let e = &inst.edges[a / 2];
        if a.is_multiple_of(2) {
            e.to
        } else {
            e.from
        }
    };
    let mut flow = 0.0;
    loop {
        let mut prev: Vec<Option<usize>> = vec![None; n];
        let mut seen = vec![false; n];
        seen[s] = true;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(v) = queue.pop_front() {
            if v == t {
                break;
            }
            for &a in &adj[v] {
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
