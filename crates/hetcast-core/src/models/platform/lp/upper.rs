//! Multicast-UB and MulticastMultiSource-UB (paper 002, section 5, load rule (10)) with the
//! commodities of each source aggregated into one flow, and the flow decomposition that
//! reports per-commodity flows ([`upper`]).

use super::{
    alive_edges, commodities, feasible, receivers, time_unit, Commodity, LpSolution, LpSpec,
    EPSILON,
};
use crate::error::Error;
use crate::models::platform::PlatformInstance;

/// The -UB programs (Multicast-UB, MulticastMultiSource-UB) with the commodities of each
/// source aggregated: in (10) the flows of a source's commodities only appear summed, and a
/// flow from one source to several sinks decomposes into paths to each sink (flow
/// decomposition), so the LP over one flow `y_s` per source (supply `Σ_d f(s,d)` at `s`,
/// demand `f(s,d)` at each destination `d`, `Σ_s y_s(e) <= n(e)`) has the same optimum as
/// [`super::Program::build`]'s with `Bound::Upper` (tested), with `|sources|·|E|` flow variables
/// instead of `|commodities|·|E|`. The loads `n` are not variables either: at an optimum
/// `n(e) = Σ_s y_s(e)` (the tie-break `ε·Σ n·c` charges any slack), so each port row sums the
/// sources' flows on its edges and (10) is not written: `|E|` fewer rows and columns, the same
/// optimum, 2-4x faster on 65-node platforms (docs/performance.md, "AUGMENTED_SOURCES"); the
/// loads reported are those sums. The per-commodity flows reported are a deterministic path
/// decomposition of each `y_s` (breadth-first paths in edge order, destinations in order;
/// leftover cycles, which only add load, are dropped); `None` when a destination is
/// unreachable.
///
/// # Complexity
/// One LP with `1 + |E|·|sources|` variables (and the amounts) and `|sources|·|V| + 2|V|` rows, then
/// O(|E| + |destinations|) breadth-first searches per source.
pub fn upper(inst: &PlatformInstance, spec: &LpSpec) -> Result<Option<LpSolution>, Error> {
    use microlp::{OptimizationDirection, Problem};
    if !feasible(inst, spec) {
        return Ok(None);
    }
    let m = inst.edges.len();
    let edges = alive_edges(inst, &spec.alive);
    let scale = time_unit(inst, &edges, &receivers(spec));
    let commodities = commodities(spec);
    let mut p = Problem::new(OptimizationDirection::Minimize);
    let vars = UpperVars::new(&mut p, inst, spec, &edges, commodities.len(), scale);
    upper_rows(&mut p, inst, spec, &edges, &commodities, scale, &vars);
    let sol = p
        .solve()
        .map_err(|e| Error::InvalidPlan(format!("the linear program has no solution: {e}")))?
        .into_solution()
        .map_err(|_| {
            Error::InvalidPlan("the linear program was interrupted before an answer".into())
        })?;
    let val = |x: microlp::Variable| {
        let v = sol.var_value(x);
        if v.abs() < 1e-12 {
            0.0
        } else {
            v.max(0.0)
        }
    };
    let mut loads = vec![0.0; m];
    for (q, &e) in edges.iter().enumerate() {
        loads[e] = vars.y.iter().map(|y| val(y[q])).sum();
    }
    let amounts: Vec<f64> = vars.f.iter().map(|f| f.map_or(1.0, val)).collect();
    let source_flows: Vec<Vec<f64>> = vars
        .y
        .iter()
        .map(|y| {
            let mut rest: Vec<f64> = vec![0.0; m];
            for (q, &e) in edges.iter().enumerate() {
                rest[e] = val(y[q]);
            }
            rest
        })
        .collect();
    let flows = decompose_flows(inst, spec, &commodities, source_flows, &amounts);
    Ok(Some(LpSolution {
        value: val(vars.t) * scale,
        loads,
        commodities,
        flows,
        amounts,
    }))
}

/// The variables of [`upper`]'s LP, the edges used by their position in the list of edges
/// between alive nodes.
struct UpperVars {
    /// `T`, the time per multicast (in the LP's time unit).
    t: microlp::Variable,
    /// `y_s(e)`: the flow of each source (in `spec.sources` order) on each edge.
    y: Vec<Vec<microlp::Variable>>,
    /// `f(s,d)`: each commodity's amount; `None` with one source (the amount is 1).
    f: Vec<Option<microlp::Variable>>,
}

impl UpperVars {
    /// Add the variables to `p`, in the order `T`, the `y` source by source, the `f`: the
    /// objective `T + ε·Σ_s Σ_e y_s(e)·c(e)/(|E|·scale)` ([`EPSILON`]; `Σ_s y_s(e)` is the load
    /// `n(e)`), every variable at least 0.
    fn new(
        p: &mut microlp::Problem,
        inst: &PlatformInstance,
        spec: &LpSpec,
        edges: &[usize],
        commodities: usize,
        scale: f64,
    ) -> UpperVars {
        let epsilon = EPSILON / edges.len().max(1) as f64;
        let single = spec.sources.len() == 1;
        let t = p.add_var(1.0, (0.0, f64::INFINITY));
        let y = spec
            .sources
            .iter()
            .map(|_| {
                edges
                    .iter()
                    .map(|&e| p.add_var(epsilon * inst.edges[e].cost / scale, (0.0, f64::INFINITY)))
                    .collect()
            })
            .collect();
        let f = (0..commodities)
            .map(|_| (!single).then(|| p.add_var(0.0, (0.0, f64::INFINITY))))
            .collect();
        UpperVars { t, y, f }
    }
}

/// The rows of [`upper`]'s LP, added to `p`: each source's flow conservation at every alive
/// node (supply its commodities' amounts, demand each destination's), with several sources
/// each destination's amounts summing to 1, and each node's in-port and out-port busy time
/// `Σ_e c(e)·Σ_s y_s(e)` at most `T` (the loads `n(e) = Σ_s y_s(e)` substituted: (10)).
///
/// # Complexity
/// O(|sources|·(|V|·|commodities| + |E|)) to write the rows.
fn upper_rows(
    p: &mut microlp::Problem,
    inst: &PlatformInstance,
    spec: &LpSpec,
    edges: &[usize],
    commodities: &[Commodity],
    scale: f64,
    vars: &UpperVars,
) {
    use microlp::ComparisonOp;
    let n = inst.node_count();
    let alive = |v: usize| spec.alive.get(v).copied().unwrap_or(false);
    let single = spec.sources.len() == 1;
    let (yv, fv) = (&vars.y, &vars.f);
    let mut ins: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut outs: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (q, &e) in edges.iter().enumerate() {
        outs[inst.edges[e].from].push(q);
        ins[inst.edges[e].to].push(q);
    }
    for (i, &s) in spec.sources.iter().enumerate() {
        for v in (0..n).filter(|&v| alive(v)) {
            // out - in - supply + demand = 0, the amounts as variables or as 1.
            let mut row: Vec<(microlp::Variable, f64)> = outs[v]
                .iter()
                .map(|&q| (yv[i][q], 1.0))
                .chain(ins[v].iter().map(|&q| (yv[i][q], -1.0)))
                .collect();
            let mut rhs = 0.0;
            for (k, c) in commodities
                .iter()
                .enumerate()
                .filter(|(_, c)| c.source == s)
            {
                let sign = if v == s {
                    -1.0
                } else if v == c.dest {
                    1.0
                } else {
                    continue;
                };
                match fv[k] {
                    Some(f) => row.push((f, sign)),
                    None => rhs -= sign,
                }
            }
            if row.is_empty() {
                continue;
            }
            p.add_constraint(row.as_slice(), ComparisonOp::Eq, rhs);
        }
    }
    if !single {
        let mut dests: Vec<usize> = commodities.iter().map(|c| c.dest).collect();
        dests.sort_unstable();
        dests.dedup();
        for d in dests {
            let row: Vec<(microlp::Variable, f64)> = commodities
                .iter()
                .enumerate()
                .filter(|(_, c)| c.dest == d)
                .filter_map(|(k, _)| fv[k].map(|f| (f, 1.0)))
                .collect();
            p.add_constraint(row.as_slice(), ComparisonOp::Eq, 1.0);
        }
    }
    for v in (0..n).filter(|&v| alive(v)) {
        for list in [&ins[v], &outs[v]] {
            if list.is_empty() {
                continue;
            }
            let mut row: Vec<(microlp::Variable, f64)> = list
                .iter()
                .flat_map(|&q| {
                    yv.iter()
                        .map(move |y| (y[q], inst.edges[edges[q]].cost / scale))
                })
                .collect();
            row.push((vars.t, -1.0));
            p.add_constraint(row.as_slice(), ComparisonOp::Le, 0.0);
        }
    }
}

/// Each commodity's flow per edge, out of its source's flow `source_flows[i]` (source `i` of
/// `spec.sources`, by edge index): for each commodity of the source in order, breadth-first
/// paths ([`bfs_path`]) over what is left, each carrying as much as its thinnest edge, until
/// `amounts[k]` is carried or no path is left.
///
/// # Complexity
/// O(|E| + |V|) per path; at most O(|E|) paths per commodity (each empties an edge).
fn decompose_flows(
    inst: &PlatformInstance,
    spec: &LpSpec,
    commodities: &[Commodity],
    source_flows: Vec<Vec<f64>>,
    amounts: &[f64],
) -> Vec<Vec<f64>> {
    let mut flows = vec![vec![0.0; inst.edges.len()]; commodities.len()];
    for (&s, mut rest) in spec.sources.iter().zip(source_flows) {
        for (k, c) in commodities
            .iter()
            .enumerate()
            .filter(|(_, c)| c.source == s)
        {
            let mut need = amounts[k];
            while need > 1e-12 {
                let Some(path) = bfs_path(inst, &rest, s, c.dest, 1e-12) else {
                    break;
                };
                let push = path.iter().map(|&e| rest[e]).fold(need, f64::min);
                for &e in &path {
                    rest[e] -= push;
                    flows[k][e] += push;
                }
                need -= push;
            }
        }
    }
    flows
}

/// A path from `s` to `t` over the edges with `cap[e] > eps` (breadth-first, edge order).
fn bfs_path(
    inst: &PlatformInstance,
    cap: &[f64],
    s: usize,
    t: usize,
    eps: f64,
) -> Option<Vec<usize>> {
    let n = inst.node_count();
    let mut prev: Vec<Option<usize>> = vec![None; n];
    let mut seen = vec![false; n];
    seen[s] = true;
    let mut queue = std::collections::VecDeque::from([s]);
    while let Some(v) = queue.pop_front() {
        if v == t {
            break;
        }
        for (e, edge) in inst.edges.iter().enumerate() {
            if edge.from == v && !seen[edge.to] && cap[e] > eps {
                seen[edge.to] = true;
                prev[edge.to] = Some(e);
                queue.push_back(edge.to);
            }
        }
    }
    if !seen[t] || s == t {
        return None;
    }
    let mut path = Vec::new();
    let mut v = t;
    while let Some(e) = prev[v] {
        path.push(e);
        v = inst.edges[e].from;
    }
    path.reverse();
    Some(path)
}
