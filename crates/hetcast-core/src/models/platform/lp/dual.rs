//! Lower bounds on MulticastMultiSource-UB (paper 002, section 5.2.3) from port weights:
//! LP duality in the form of shortest paths.
//!
//! For weights `λ ≥ 0` on the in-ports and out-ports with `Σ λ <= 1`, give each edge
//! `e = (u, v)` the length `ℓ(e) = c(e)·(λ_out(u) + λ_in(v))`. Every feasible point of the -UB
//! program (with or without its tie-break term) has `T >= Σ_p λ_p·t_p = Σ_e ℓ(e)·n(e)`, and
//! each source's flow carries its commodity to `d` along paths of length at least the
//! distance from the source to `d`, so
//! `T >= Σ_{receivers d} min_{sources s allowed for d} dist_ℓ(s, d)` ([`bound`]), whatever the
//! weights. [`port_weights`] solves the dual LP for the weights that make the bound the LP's
//! optimum (without the tie-break term) for one set of sources; [`saturated_weights`] seeks
//! such weights from an optimal solution without that LP (cutting planes on its saturated
//! ports). AUGMENTED_SOURCES uses them to bound the programs with one source more before
//! solving them.

use super::{alive_edges, commodities, feasible, receivers, time_unit, LpSpec};
use crate::error::Error;
use crate::models::platform::PlatformInstance;

/// Weights on the ports of every node (0 on a port with no edge or a node not alive).
#[derive(Debug, Clone, PartialEq)]
pub struct PortWeights {
    /// `λ_in(v)`.
    pub inward: Vec<f64>,
    /// `λ_out(v)`.
    pub outward: Vec<f64>,
}

/// Weights that make [`bound`] the optimum of the -UB program of `spec` without its tie-break
/// term (up to the simplex's round-off): the dual LP
/// `max Σ_d w_d` subject to `Σ λ <= 1`, `π_s(v) - π_s(u) <= c(e)·(λ_out(u) + λ_in(v))` for
/// each source `s` and edge `e = (u, v)`, `π_s(s) = 0`, and `w_d <= π_s(d)` for each
/// commodity `(s, d)`, everything at least 0 (distances are). `None` when a destination is
/// unreachable. The costs are divided by the LP's time unit, as in [`super::upper`].
///
/// # Complexity
/// One LP with `2|V| + |sources|·|V| + |receivers|` variables and
/// `|sources|·|E| + |commodities| + 1` rows.
pub fn port_weights(inst: &PlatformInstance, spec: &LpSpec) -> Result<Option<PortWeights>, Error> {
    use microlp::{ComparisonOp, OptimizationDirection, Problem, Variable};
    if !feasible(inst, spec) {
        return Ok(None);
    }
    let n = inst.node_count();
    let edges = alive_edges(inst, &spec.alive);
    let scale = time_unit(inst, &edges, &receivers(spec));
    let commodities = commodities(spec);
    let mut p = Problem::new(OptimizationDirection::Minimize);
    let inf = (0.0, f64::INFINITY);
    let mut has_in = vec![false; n];
    let mut has_out = vec![false; n];
    for &e in &edges {
        has_out[inst.edges[e].from] = true;
        has_in[inst.edges[e].to] = true;
    }
    let inward: Vec<Option<Variable>> = (0..n)
        .map(|v| has_in[v].then(|| p.add_var(0.0, inf)))
        .collect();
    let outward: Vec<Option<Variable>> = (0..n)
        .map(|v| has_out[v].then(|| p.add_var(0.0, inf)))
        .collect();
    // π_s(v), None at s itself (0).
    let pi: Vec<Vec<Option<Variable>>> = spec
        .sources
        .iter()
        .map(|&s| {
            (0..n)
                .map(|v| (v != s && spec.alive[v]).then(|| p.add_var(0.0, inf)))
                .collect()
        })
        .collect();
    let mut dests: Vec<usize> = commodities.iter().map(|c| c.dest).collect();
    dests.sort_unstable();
    dests.dedup();
    let w: Vec<Variable> = dests.iter().map(|_| p.add_var(-1.0, inf)).collect();
    let weights: Vec<(Variable, f64)> = inward
        .iter()
        .chain(&outward)
        .flatten()
        .map(|&x| (x, 1.0))
        .collect();
    p.add_constraint(weights.as_slice(), ComparisonOp::Le, 1.0);
    for pi_s in &pi {
        for &e in &edges {
            let edge = &inst.edges[e];
            // Into the source: -π_s(u) <= ℓ(e) holds for any π >= 0.
            let Some(to) = pi_s[edge.to] else { continue };
            let c = edge.cost / scale;
            let mut row = vec![(to, 1.0)];
            row.extend(pi_s[edge.from].map(|x| (x, -1.0)));
            row.extend(outward[edge.from].map(|x| (x, -c)));
            row.extend(inward[edge.to].map(|x| (x, -c)));
            p.add_constraint(row.as_slice(), ComparisonOp::Le, 0.0);
        }
    }
    for c in &commodities {
        let Some(i) = spec.sources.iter().position(|&s| s == c.source) else {
            continue;
        };
        let (Ok(k), Some(to)) = (dests.binary_search(&c.dest), pi[i][c.dest]) else {
            continue;
        };
        p.add_constraint([(w[k], 1.0), (to, -1.0)].as_slice(), ComparisonOp::Le, 0.0);
    }
    let sol = p
        .solve()
        .map_err(super::lp_error)?
        .into_solution()
        .map_err(|_| super::interrupted())?;
    let value = |x: &Option<Variable>| x.map_or(0.0, |x| sol.var_value(x).max(0.0));
    let mut weights = PortWeights {
        inward: inward.iter().map(value).collect(),
        outward: outward.iter().map(value).collect(),
    };
    // Σ λ <= 1 exactly, whatever the round-off.
    let total: f64 = weights.inward.iter().chain(&weights.outward).sum();
    if total > 1.0 {
        for x in weights.inward.iter_mut().chain(weights.outward.iter_mut()) {
            *x /= total;
        }
    }
    Ok(Some(weights))
}

/// The lower bound on the `T` of the -UB program over the nodes `alive` with ordered
/// `sources` and `targets`: `Σ_d min_s dist_ℓ(s, d)` over the targets that are not sources
/// (every source allowed) and the sources after the first (the earlier ones allowed), in the
/// instance's time unit. Valid for any `weights` with `Σ λ <= 1`; infinite when a
/// destination is unreachable.
///
/// # Complexity
/// One Dijkstra search, O(|V|² + |E|), per source.
pub fn bound(
    inst: &PlatformInstance,
    alive: &[bool],
    weights: &PortWeights,
    sources: &[usize],
    targets: &[usize],
) -> f64 {
    let dist: Vec<Vec<f64>> = sources
        .iter()
        .map(|&s| distances(inst, alive, weights, s))
        .collect();
    let from_earlier = |i: usize, d: usize| {
        dist[..i]
            .iter()
            .map(|row| row[d])
            .fold(f64::INFINITY, f64::min)
    };
    let to_targets: f64 = targets
        .iter()
        .filter(|t| !sources.contains(t))
        .map(|&d| from_earlier(sources.len(), d))
        .sum();
    let to_sources: f64 = (1..sources.len())
        .map(|i| from_earlier(i, sources[i]))
        .sum();
    to_targets + to_sources
}

/// Distances from `s` over the edges between alive nodes, edge `e = (u, v)` of length
/// `c(e)·(λ_out(u) + λ_in(v))` (Dijkstra's algorithm with an array).
///
/// # Complexity
/// O(|V|² + |E|).
fn distances(inst: &PlatformInstance, alive: &[bool], weights: &PortWeights, s: usize) -> Vec<f64> {
    shortest_tree(inst, &out_edges(inst, alive), weights, s).0
}

/// The edges between alive nodes, by tail.
fn out_edges(inst: &PlatformInstance, alive: &[bool]) -> Vec<Vec<usize>> {
    let alive = |v: usize| alive.get(v).copied().unwrap_or(false);
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); inst.node_count()];
    for (e, edge) in inst.edges.iter().enumerate() {
        if alive(edge.from) && alive(edge.to) {
            out[edge.from].push(e);
        }
    }
    out
}

/// [`distances`] over the edges `out` (by tail), with the last edge of a shortest path to
/// each node (`usize::MAX` at `s` and at the nodes not reached).
///
/// # Complexity
/// O(|V|² + |E|).
fn shortest_tree(
    inst: &PlatformInstance,
    out: &[Vec<usize>],
    weights: &PortWeights,
    s: usize,
) -> (Vec<f64>, Vec<usize>) {
    let n = inst.node_count();
    let mut dist = vec![f64::INFINITY; n];
    let mut last = vec![usize::MAX; n];
    let mut done = vec![false; n];
    dist[s] = 0.0;
    while let Some(u) = (0..n)
        .filter(|&v| !done[v] && dist[v].is_finite())
        .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))
    {
        done[u] = true;
        for &e in &out[u] {
            let edge = &inst.edges[e];
            let d = dist[u] + edge.cost * (weights.outward[u] + weights.inward[edge.to]);
            if d < dist[edge.to] {
                dist[edge.to] = d;
                last[edge.to] = e;
            }
        }
    }
    (dist, last)
}

/// Port weights as good as [`port_weights`]' found without the dual LP, from an optimal
/// solution of the same -UB program: its `loads` (period `t`, the busiest port's time). By
/// complementary slackness some optimal weights are 0 on every port less busy than `t`, so
/// they are sought on the saturated ports only (busy at least `t·(1 - 1e-9)`, `K`), by
/// Kelley's cutting planes on the concave function `f(λ)` = [`bound`] of the program's own
/// sources: each evaluation routes every receiver along a shortest path from its nearest
/// allowed source, whose ports' busy times `a` give the cut `f(μ) <= a·μ` for all `μ`; the
/// next weights maximise the least cut over `Σ_K λ = 1` (a small LP of `|K| + 1` variables,
/// one row per cut). Returns the first weights with `f(λ) >= goal` within `rounds`
/// evaluations, `None` when none is found (the cuts show the saturated ports cannot reach
/// `goal`, the rounds run out, or a receiver is unreachable): then the caller solves the dual
/// LP. Any weights with `Σ λ <= 1` give a valid bound; these are normalised so.
///
/// # Complexity
/// Per round: `|sources|` Dijkstra searches (O(|V|² + |E|) each) and an LP of `|K| + 1`
/// variables and at most `rounds` rows.
pub fn saturated_weights(
    inst: &PlatformInstance,
    alive: &[bool],
    sources: &[usize],
    targets: &[usize],
    loads: &[f64],
    goal: f64,
    rounds: usize,
) -> Result<Option<PortWeights>, Error> {
    use microlp::{ComparisonOp, OptimizationDirection, Problem};
    let n = inst.node_count();
    // Ports: 2v in, 2v + 1 out.
    let mut busy = vec![0.0; 2 * n];
    for (e, edge) in inst.edges.iter().enumerate() {
        let t = loads.get(e).copied().unwrap_or(0.0) * edge.cost;
        busy[2 * edge.from + 1] += t;
        busy[2 * edge.to] += t;
    }
    let t = busy.iter().copied().fold(0.0_f64, f64::max);
    if !(t > 0.0 && goal.is_finite()) {
        return Ok(None);
    }
    let ports: Vec<usize> = (0..2 * n)
        .filter(|&p| busy[p] >= t * (1.0 - SATURATED))
        .collect();
    let out = out_edges(inst, alive);
    let receivers: Vec<(usize, usize)> = targets
        .iter()
        .filter(|d| !sources.contains(d))
        .map(|&d| (d, sources.len()))
        .chain((1..sources.len()).map(|i| (sources[i], i)))
        .collect();
    let mut lambda = vec![1.0 / ports.len() as f64; ports.len()];
    // max z subject to Σ_K λ = 1 and the cuts.
    let mut lp = Problem::new(OptimizationDirection::Maximize);
    let z = lp.add_var(1.0, (0.0, f64::INFINITY));
    let xs: Vec<microlp::Variable> = ports
        .iter()
        .map(|_| lp.add_var(0.0, (0.0, f64::INFINITY)))
        .collect();
    let sum: Vec<(microlp::Variable, f64)> = xs.iter().map(|&x| (x, 1.0)).collect();
    lp.add_constraint(sum.as_slice(), ComparisonOp::Eq, 1.0);
    let mut master: Option<microlp::Solution> = None;
    for _ in 0..rounds {
        let mut weights = PortWeights {
            inward: vec![0.0; n],
            outward: vec![0.0; n],
        };
        for (&p, &x) in ports.iter().zip(&lambda) {
            let side = if p % 2 == 0 {
                &mut weights.inward
            } else {
                &mut weights.outward
            };
            side[p / 2] = x.max(0.0);
        }
        let total: f64 = weights.inward.iter().chain(&weights.outward).sum();
        if total > 1.0 {
            for x in weights.inward.iter_mut().chain(weights.outward.iter_mut()) {
                *x /= total;
            }
        }
        let trees: Vec<(Vec<f64>, Vec<usize>)> = sources
            .iter()
            .map(|&s| shortest_tree(inst, &out, &weights, s))
            .collect();
        // f(λ) and the busy times of the ports along the receivers' shortest paths.
        let mut f = 0.0;
        let mut a = vec![0.0; 2 * n];
        for &(d, allowed) in &receivers {
            let Some(i) = (0..allowed)
                .filter(|&i| trees[i].0[d].is_finite())
                .min_by(|&i, &j| trees[i].0[d].total_cmp(&trees[j].0[d]))
            else {
                return Ok(None);
            };
            f += trees[i].0[d];
            let mut v = d;
            while v != sources[i] {
                let edge = &inst.edges[trees[i].1[v]];
                a[2 * edge.from + 1] += edge.cost;
                a[2 * v] += edge.cost;
                v = edge.from;
            }
        }
        if f >= goal {
            return Ok(Some(weights));
        }
        // The cut z <= a·λ / t, added to the small LP (re-solved from its last basis).
        let mut row = vec![(z, 1.0)];
        row.extend(xs.iter().zip(&ports).map(|(&x, &p)| (x, -a[p] / t)));
        let outcome = match master.take() {
            None => {
                lp.add_constraint(row.as_slice(), ComparisonOp::Le, 0.0);
                lp.solve()
            }
            Some(sol) => sol.add_constraint(row.as_slice(), ComparisonOp::Le, 0.0),
        };
        let sol = outcome
            .map_err(super::lp_error)?
            .into_solution()
            .map_err(|_| super::interrupted())?;
        if sol.var_value(z) * t < goal * (1.0 - UNREACHABLE) {
            return Ok(None);
        }
        lambda = xs.iter().map(|&x| sol.var_value(x)).collect();
        master = Some(sol);
    }
    Ok(None)
}

/// [`saturated_weights`]: a port busy at least `t·(1 - SATURATED)` is saturated.
const SATURATED: f64 = 1e-9;
/// [`saturated_weights`] gives up when its cuts cap `f` below `goal·(1 - UNREACHABLE)` (far
/// above the small LP's round-off).
const UNREACHABLE: f64 = 1e-7;

/// A lower bound on Broadcast-EB on the nodes `alive` (every alive node but the source a
/// target; all of them reachable from the source over alive nodes), in the instance's time
/// unit, from port weights: for weights `λ >= 0` with `Σ λ = 1` and edge lengths
/// `ℓ(e) = c(e)·(λ_out(u) + λ_in(v))`, every loads `n` that carry a whole flow to each node
/// have `T >= max_p t_p >= Σ_p λ_p·t_p = Σ_e ℓ(e)·n(e)`, and the least `Σ ℓ·n` over such
/// loads is the weight of a minimum spanning arborescence (Edmonds' branching theorem: the
/// cut rows define the dominant of the arborescences' hull), so that weight is a lower
/// bound on `T` (LP duality: the best weights make it Broadcast-EB's optimum, without the
/// tie-break term). Starting from weights that favour the ports busiest under `loads`
/// ([`START_SHARPNESS`]), `rounds` steps of multiplicative weights (each port's weight times
/// `exp(t_p / t_max)`, `t_p` its busy time in the last arborescence) move `λ` towards the
/// ports the arborescences load most: the zero-sum game of the weights against the trees,
/// whose value is Broadcast-EB's `T`. Returns the first bound above `cap`, or `None` (also
/// when a node is unreachable). Used by AUGMENTED_MULTICAST to reject a trial without its
/// LP (docs/algorithms.md, "Heuristics").
///
/// # Complexity
/// `rounds` minimum arborescences, `O(|V|·|E|)` each.
pub fn broadcast_bound(
    inst: &PlatformInstance,
    alive: &[bool],
    loads: &[f64],
    cap: f64,
    rounds: usize,
) -> Option<f64> {
    let n = inst.node_count();
    let mut index = vec![usize::MAX; n];
    let nodes: Vec<usize> = (0..n).filter(|&v| alive[v]).collect();
    for (i, &v) in nodes.iter().enumerate() {
        index[v] = i;
    }
    let edges: Vec<usize> = alive_edges(inst, alive);
    // Ports: 2v in, 2v + 1 out (by the node's index among the alive ones).
    let k = nodes.len();
    let mut lambda = vec![0.0; 2 * k];
    for e in 0..inst.edges.len() {
        let edge = &inst.edges[e];
        let t = loads.get(e).copied().unwrap_or(0.0) * edge.cost;
        if index[edge.from] != usize::MAX {
            lambda[2 * index[edge.from] + 1] += t;
        }
        if index[edge.to] != usize::MAX {
            lambda[2 * index[edge.to]] += t;
        }
    }
    let top = lambda.iter().copied().fold(0.0_f64, f64::max);
    if top <= 0.0 {
        lambda.fill(1.0);
    } else {
        for x in &mut lambda {
            *x = (START_SHARPNESS * (*x / top - 1.0)).exp() + START_FLOOR;
        }
    }
    let root = index[inst.source];
    let mut arcs: Vec<(usize, usize, f64)> = edges
        .iter()
        .map(|&e| (index[inst.edges[e].from], index[inst.edges[e].to], 0.0))
        .collect();
    let mut busy = vec![0.0; 2 * k];
    for _ in 0..rounds {
        let total: f64 = lambda.iter().sum();
        for x in &mut lambda {
            *x /= total;
        }
        for (a, &e) in arcs.iter_mut().zip(&edges) {
            a.2 = inst.edges[e].cost * (lambda[2 * a.0 + 1] + lambda[2 * a.1]);
        }
        let tree = crate::models::platform::graph::min_arborescence(k, root, &arcs)?;
        let weight: f64 = tree.iter().map(|&a| arcs[a].2).sum();
        if weight > cap {
            return Some(weight);
        }
        busy.fill(0.0);
        for &a in &tree {
            let c = inst.edges[edges[a]].cost;
            busy[2 * arcs[a].0 + 1] += c;
            busy[2 * arcs[a].1] += c;
        }
        let most = busy.iter().copied().fold(0.0_f64, f64::max);
        if most <= 0.0 {
            return None;
        }
        for (x, b) in lambda.iter_mut().zip(&busy) {
            *x *= (b / most).exp();
        }
    }
    None
}

/// [`broadcast_bound`]'s first weights: `exp(START_SHARPNESS·(t_p / t_max - 1)) +
/// START_FLOOR` for a port busy `t_p` under the loads given (the busiest weigh most; every
/// port weighs something, so multiplicative steps can raise it). Chosen with the step count
/// of AUGMENTED_MULTICAST ([`crate::models::platform::algo::augmented_multicast`]) on the
/// app's 65-node platforms (docs/performance.md).
const START_SHARPNESS: f64 = 4.0;
const START_FLOOR: f64 = 1e-3;
