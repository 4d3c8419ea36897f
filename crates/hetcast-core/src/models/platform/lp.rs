//! The linear programs of section 5 (paper 002), built once as rows and then either solved
//! with `microlp` (pure Rust, runs in wasm) or written in CPLEX LP format.
//!
//! Variables (for the nodes `alive` and the edges between them): `T` (the time per
//! multicast), `n(j,k)` (messages per multicast on edge `(j,k)`) and, for every commodity
//! (a source and a destination), `x(j,k)` (its fraction on the edge). Rows:
//!
//! - (1) at a commodity's source: the flow out less the flow in is its amount (1 with one
//!   source);
//! - (2) at its destination: the flow in less the flow out is its amount (the paper writes
//!   (1) and (2) with the gross flows; a flow back into the source or out of the destination
//!   only adds load, so the optimum is the same, and net flows make every answer a flow);
//! - (3) conservation everywhere else;
//! - (4)-(6), (8), (9): each node's in-port and out-port busy time `Σ n(j,k)·c(j,k) <= T`
//!   ((7), `T >= n(j,k)·c(j,k)`, follows from (8) and is not written);
//! - (10') lower bound: `x(j,k) <= n(j,k)` for every commodity (n is at least the max);
//!   (10) upper bound (scatter): `Σ x(j,k) <= n(j,k)`.
//!
//! With several (ordered) sources (MulticastMultiSource, section 5.2.3), the commodities are
//! (s_i, d) for every destination d that is a target or a later source; each destination's
//! amounts from its earlier sources sum to 1. The -UB variant sums every commodity on an edge;
//! the -LB variant charges, per source, the largest of its commodities (`Σ_s max_d x`),
//! which is Multicast-LB when there is one source.
//!
//! Objective: minimise `T + ε·Σ n(j,k)·c(j,k)/|E|` with `ε = 1e-7`, so that among the optimal
//! flows the solver returns ones without useless traffic; `T` moves by at most a relative
//! 2e-7. The period reported is the one-port busy time of the loads (computed by
//! [`super::simulate::port_period`]), not the LP's `T`.

use super::PlatformInstance;
use crate::error::Error;
use serde::{Deserialize, Serialize};

/// Which load rule: (10') or (10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// `n = max x` (optimistic: a lower bound on the time).
    Lower,
    /// `n = Σ x` (scatter: achievable, an upper bound on the time).
    Upper,
}

/// What to solve: a sub-platform, ordered sources, targets, a load rule.
#[derive(Debug, Clone, PartialEq)]
pub struct LpSpec {
    /// The nodes kept (`alive[v]`); edges with a dropped end are not used.
    pub alive: Vec<bool>,
    /// The sources, in order; the first is the platform's source.
    pub sources: Vec<usize>,
    /// The nodes that must receive the whole message (sources excepted).
    pub targets: Vec<usize>,
    /// The load rule.
    pub bound: Bound,
}

/// One commodity: the part of the message `source` sends towards `dest`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commodity {
    /// Where it starts.
    pub source: usize,
    /// Where it goes.
    pub dest: usize,
}

/// An LP's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LpSolution {
    /// The LP's value of `T` (time per multicast).
    pub value: f64,
    /// `n(j,k)` per edge of the instance (0 on edges not in the LP).
    pub loads: Vec<f64>,
    /// The commodities, in the order of [`LpSolution::flows`].
    pub commodities: Vec<Commodity>,
    /// Per commodity, `x(j,k)` per edge of the instance.
    pub flows: Vec<Vec<f64>>,
    /// Per commodity, its amount (1 with one source).
    pub amounts: Vec<f64>,
}

impl LpSolution {
    /// `Σ_i Σ_{j in N_in(m)} x_i(j,m)`: what flows into `m` over every commodity (the key
    /// the heuristics of section 5.2 sort by).
    pub fn inflow(&self, inst: &PlatformInstance, m: usize) -> f64 {
        let mut s = 0.0;
        for flow in &self.flows {
            for (e, edge) in inst.edges.iter().enumerate() {
                if edge.to == m {
                    s += flow[e];
                }
            }
        }
        s
    }
}

/// A comparison of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    /// `<=`
    Le,
    /// `=`
    Eq,
}

/// One row: `Σ coef·var  cmp  rhs`.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Row name (CPLEX LP).
    pub name: String,
    /// Terms (variable index, coefficient).
    pub terms: Vec<(usize, f64)>,
    /// Comparison.
    pub cmp: Cmp,
    /// Right-hand side.
    pub rhs: f64,
}

/// An LP as rows over non-negative variables, minimised.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    /// Variable names.
    pub names: Vec<String>,
    /// Objective coefficients.
    pub objective: Vec<f64>,
    /// Rows.
    pub rows: Vec<Row>,
    /// Costs are divided by this in the rows (conditioning); `T` is in these units.
    pub scale: f64,
    edges: Vec<usize>,
    commodities: Vec<Commodity>,
    // Variable index of x for (commodity, edge position), of n per edge position,
    // of the amount per commodity (None: fixed to 1).
    x0: usize,
    amount_var: Vec<Option<usize>>,
    epsilon: f64,
}

/// The relative weight of the tie-break term of the objective.
pub const EPSILON: f64 = 1e-7;

impl Program {
    /// Build the rows of `spec` on `inst`.
    pub fn build(inst: &PlatformInstance, spec: &LpSpec) -> Program {
        let n = inst.node_count();
        let alive = |v: usize| spec.alive.get(v).copied().unwrap_or(false);
        let edges: Vec<usize> = (0..inst.edges.len())
            .filter(|&e| alive(inst.edges[e].from) && alive(inst.edges[e].to))
            .collect();
        let scale = edges
            .iter()
            .map(|&e| inst.edges[e].cost)
            .fold(0.0_f64, f64::max)
            .max(f64::MIN_POSITIVE);
        let cost = |e: usize| inst.edges[e].cost / scale;
        let is_source = |v: usize| spec.sources.contains(&v);
        let mut commodities = Vec::new();
        for (i, &s) in spec.sources.iter().enumerate() {
            for &t in spec.targets.iter().filter(|&&t| !is_source(t)) {
                commodities.push(Commodity { source: s, dest: t });
            }
            for &later in &spec.sources[i + 1..] {
                commodities.push(Commodity {
                    source: s,
                    dest: later,
                });
            }
        }
        let single = spec.sources.len() == 1;
        let mut names = vec!["T".to_string()];
        let ename = |e: usize| format!("{}_{}", inst.edges[e].from, inst.edges[e].to);
        for &e in &edges {
            names.push(format!("n_{}", ename(e)));
        }
        let x0 = names.len();
        for c in &commodities {
            for &e in &edges {
                names.push(if single {
                    format!("x{}_{}", c.dest, ename(e))
                } else {
                    format!("x{}_{}_{}", c.source, c.dest, ename(e))
                });
            }
        }
        let mut amount_var = vec![None; commodities.len()];
        if !single {
            for (k, c) in commodities.iter().enumerate() {
                amount_var[k] = Some(names.len());
                names.push(format!("f{}_{}", c.source, c.dest));
            }
        }
        // -LB with several sources: m(s, e) >= x for every commodity of s.
        let m0 = names.len();
        let multi_lb = !single && spec.bound == Bound::Lower;
        if multi_lb {
            for &s in &spec.sources {
                for &e in &edges {
                    names.push(format!("m{}_{}", s, ename(e)));
                }
            }
        }
        let ne = edges.len();
        let nvar = |p: usize| 1 + p;
        let xvar = |k: usize, p: usize| x0 + k * ne + p;
        let mut objective = vec![0.0; names.len()];
        objective[0] = 1.0;
        let epsilon = EPSILON / ne.max(1) as f64;
        for (p, &e) in edges.iter().enumerate() {
            objective[nvar(p)] = epsilon * cost(e);
        }
        let mut rows = Vec::new();
        let mut ins: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut outs: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (p, &e) in edges.iter().enumerate() {
            outs[inst.edges[e].from].push(p);
            ins[inst.edges[e].to].push(p);
        }
        for (k, c) in commodities.iter().enumerate() {
            let amount = |terms: &mut Vec<(usize, f64)>| -> f64 {
                match amount_var[k] {
                    Some(v) => {
                        terms.push((v, -1.0));
                        0.0
                    }
                    None => 1.0,
                }
            };
            let mut t: Vec<(usize, f64)> =
                outs[c.source].iter().map(|&p| (xvar(k, p), 1.0)).collect();
            t.extend(ins[c.source].iter().map(|&p| (xvar(k, p), -1.0)));
            let rhs = amount(&mut t);
            rows.push(Row {
                name: format!("c1_{}_{}", c.source, c.dest),
                terms: t,
                cmp: Cmp::Eq,
                rhs,
            });
            let mut t: Vec<(usize, f64)> = ins[c.dest].iter().map(|&p| (xvar(k, p), 1.0)).collect();
            t.extend(outs[c.dest].iter().map(|&p| (xvar(k, p), -1.0)));
            let rhs = amount(&mut t);
            rows.push(Row {
                name: format!("c2_{}_{}", c.source, c.dest),
                terms: t,
                cmp: Cmp::Eq,
                rhs,
            });
            for v in (0..n).filter(|&v| alive(v) && v != c.source && v != c.dest) {
                if ins[v].is_empty() && outs[v].is_empty() {
                    continue;
                }
                let mut t: Vec<(usize, f64)> = outs[v].iter().map(|&p| (xvar(k, p), 1.0)).collect();
                t.extend(ins[v].iter().map(|&p| (xvar(k, p), -1.0)));
                rows.push(Row {
                    name: format!("c3_{}_{}_{}", c.source, c.dest, v),
                    terms: t,
                    cmp: Cmp::Eq,
                    rhs: 0.0,
                });
            }
        }
        if !single {
            // Each destination gets the whole message from its earlier sources.
            let mut dests: Vec<usize> = commodities.iter().map(|c| c.dest).collect();
            dests.sort_unstable();
            dests.dedup();
            for d in dests {
                let terms: Vec<(usize, f64)> = commodities
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.dest == d)
                    .filter_map(|(k, _)| amount_var[k].map(|v| (v, 1.0)))
                    .collect();
                rows.push(Row {
                    name: format!("c1b_{d}"),
                    terms,
                    cmp: Cmp::Eq,
                    rhs: 1.0,
                });
            }
        }
        for v in (0..n).filter(|&v| alive(v)) {
            for (tag, list) in [("in", &ins[v]), ("out", &outs[v])] {
                if list.is_empty() {
                    continue;
                }
                let mut t: Vec<(usize, f64)> =
                    list.iter().map(|&p| (nvar(p), cost(edges[p]))).collect();
                t.push((0, -1.0));
                rows.push(Row {
                    name: format!("port_{tag}_{v}"),
                    terms: t,
                    cmp: Cmp::Le,
                    rhs: 0.0,
                });
            }
        }
        for (p, &e) in edges.iter().enumerate() {
            match (spec.bound, multi_lb) {
                (Bound::Upper, _) => {
                    let mut t: Vec<(usize, f64)> =
                        (0..commodities.len()).map(|k| (xvar(k, p), 1.0)).collect();
                    t.push((nvar(p), -1.0));
                    rows.push(Row {
                        name: format!("c10_{}", ename(e)),
                        terms: t,
                        cmp: Cmp::Le,
                        rhs: 0.0,
                    });
                }
                (Bound::Lower, false) => {
                    for (k, c) in commodities.iter().enumerate() {
                        rows.push(Row {
                            name: format!("c10p_{}_{}", c.dest, ename(e)),
                            terms: vec![(xvar(k, p), 1.0), (nvar(p), -1.0)],
                            cmp: Cmp::Le,
                            rhs: 0.0,
                        });
                    }
                }
                (Bound::Lower, true) => {
                    for (si, &s) in spec.sources.iter().enumerate() {
                        let mvar = m0 + si * ne + p;
                        for (k, c) in commodities
                            .iter()
                            .enumerate()
                            .filter(|(_, c)| c.source == s)
                        {
                            rows.push(Row {
                                name: format!("c10p_{}_{}_{}", s, c.dest, ename(e)),
                                terms: vec![(xvar(k, p), 1.0), (mvar, -1.0)],
                                cmp: Cmp::Le,
                                rhs: 0.0,
                            });
                        }
                    }
                    let mut t: Vec<(usize, f64)> = (0..spec.sources.len())
                        .map(|si| (m0 + si * ne + p, 1.0))
                        .collect();
                    t.push((nvar(p), -1.0));
                    rows.push(Row {
                        name: format!("c10s_{}", ename(e)),
                        terms: t,
                        cmp: Cmp::Le,
                        rhs: 0.0,
                    });
                }
            }
        }
        Program {
            names,
            objective,
            rows,
            scale,
            edges,
            commodities,
            x0,
            amount_var,
            epsilon,
        }
    }

    /// Solve with microlp.
    pub fn solve(&self, inst: &PlatformInstance) -> Result<LpSolution, Error> {
        use microlp::{ComparisonOp, OptimizationDirection, Problem};
        let mut p = Problem::new(OptimizationDirection::Minimize);
        let vars: Vec<_> = self
            .objective
            .iter()
            .map(|&c| p.add_var(c, (0.0, f64::INFINITY)))
            .collect();
        for row in &self.rows {
            let expr: Vec<_> = row.terms.iter().map(|&(v, c)| (vars[v], c)).collect();
            let op = match row.cmp {
                Cmp::Le => ComparisonOp::Le,
                Cmp::Eq => ComparisonOp::Eq,
            };
            p.add_constraint(expr.as_slice(), op, row.rhs);
        }
        let outcome = p
            .solve()
            .map_err(|e| Error::InvalidPlan(format!("the linear program has no solution: {e}")))?;
        let sol = outcome.into_solution().map_err(|_| {
            Error::InvalidPlan("the linear program was interrupted before an answer".into())
        })?;
        let val = |v: usize| {
            let x = sol.var_value(vars[v]);
            if x.abs() < 1e-12 {
                0.0
            } else {
                x.max(0.0)
            }
        };
        let m = inst.edges.len();
        let ne = self.edges.len();
        let mut loads = vec![0.0; m];
        for (p, &e) in self.edges.iter().enumerate() {
            loads[e] = val(1 + p);
        }
        let mut flows = Vec::with_capacity(self.commodities.len());
        let mut amounts = Vec::with_capacity(self.commodities.len());
        for k in 0..self.commodities.len() {
            let mut f = vec![0.0; m];
            for (p, &e) in self.edges.iter().enumerate() {
                f[e] = val(self.x0 + k * ne + p);
            }
            flows.push(f);
            amounts.push(self.amount_var[k].map_or(1.0, val));
        }
        Ok(LpSolution {
            value: val(0) * self.scale,
            loads,
            commodities: self.commodities.clone(),
            flows,
            amounts,
        })
    }

    /// The program in CPLEX LP format (costs in the original units: the rows are written
    /// unscaled, so any solver reads the paper's LP).
    pub fn to_cplex(&self, title: &str) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(s, "\\ {title}");
        let _ = writeln!(s, "Minimize");
        let mut obj = String::from(" obj: T");
        for (v, &c) in self.objective.iter().enumerate().skip(1) {
            if c != 0.0 {
                let _ = write!(obj, " + {} {}", fmt_coef(c * self.scale), self.names[v]);
            }
        }
        wrap(&mut s, &obj);
        let _ = writeln!(s, "Subject To");
        for row in &self.rows {
            let mut line = format!(" {}:", row.name);
            for (i, &(v, c)) in row.terms.iter().enumerate() {
                // Port rows: costs were divided by `scale`; write them in user units.
                let c = if row.name.starts_with("port_") && v != 0 {
                    c * self.scale
                } else {
                    c
                };
                let sign = if c < 0.0 {
                    "-"
                } else if i == 0 {
                    ""
                } else {
                    "+"
                };
                let a = c.abs();
                if a == 1.0 {
                    let _ = write!(line, " {sign} {}", self.names[v]);
                } else {
                    let _ = write!(line, " {sign} {} {}", fmt_coef(a), self.names[v]);
                }
            }
            let op = match row.cmp {
                Cmp::Le => "<=",
                Cmp::Eq => "=",
            };
            let _ = write!(line, " {op} {}", fmt_coef(row.rhs));
            wrap(&mut s, &line);
        }
        let _ = writeln!(s, "End");
        s
    }
}

fn fmt_coef(c: f64) -> String {
    let t = format!("{c}");
    if t.contains('e') || t.len() < 18 {
        t
    } else {
        format!("{c:e}")
    }
}

/// CPLEX LP lines are limited to 510 characters: break long rows between terms.
fn wrap(out: &mut String, line: &str) {
    let mut cur = String::new();
    for word in line.split(' ') {
        if cur.len() + word.len() + 1 > 200 && (word == "+" || word == "-") {
            out.push_str(&cur);
            out.push('\n');
            cur = String::from("  ");
        }
        if !cur.is_empty() && !cur.ends_with(' ') {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    out.push_str(&cur);
    out.push('\n');
}

/// Solve `spec` on `inst`, or `None` when a target or a source is unreachable on the
/// sub-platform (the paper's `+∞`).
pub fn solve(inst: &PlatformInstance, spec: &LpSpec) -> Result<Option<LpSolution>, Error> {
    if !feasible(inst, spec) {
        return Ok(None);
    }
    Program::build(inst, spec).solve(inst).map(Some)
}

/// Every target and later source is reachable from the main source on the sub-platform.
pub fn feasible(inst: &PlatformInstance, spec: &LpSpec) -> bool {
    let Some(&s) = spec.sources.first() else {
        return false;
    };
    let reach = super::graph::reachable(inst, &spec.alive, s);
    spec.targets
        .iter()
        .chain(spec.sources.iter())
        .all(|&t| reach.get(t).copied().unwrap_or(false))
}

/// Multicast-LB (and Broadcast-EB, every node a target) by cut generation: by the max-flow
/// min-cut theorem, loads `n` admit a unit flow to target `t` bounded by `n` (equations
/// (1)-(3), (10')) iff every cut between the source and `t` carries at least 1. So the LP is
/// `min T + ε·Σ n·c` over `T` and `n` only, with the port rows (4)-(9) and cut rows
/// `Σ_{e in cut} n(e) >= 1`, added as a max flow finds them violated; each new cut is added to
/// the solved LP, which microlp re-solves from its current basis (`Solution::add_constraint`). It starts with the cuts
/// around the source and around each target. The answer is the same optimum as
/// [`Program::build`]'s with `Bound::Lower` (tested); the flows reported are the max flows
/// under the loads, scaled to 1 (deterministic).
///
/// # Complexity
/// `|E| + 1` variables; one incremental re-solve per cut, `|targets|` max flows per round.
pub fn lower_by_cuts(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    work: &mut usize,
) -> Result<Option<LpSolution>, Error> {
    use microlp::{ComparisonOp, OptimizationDirection, Problem};
    let spec = LpSpec {
        alive: alive.to_vec(),
        sources: vec![inst.source],
        targets: targets.to_vec(),
        bound: Bound::Lower,
    };
    if !feasible(inst, &spec) {
        return Ok(None);
    }
    let n = inst.node_count();
    let m = inst.edges.len();
    let edges: Vec<usize> = (0..m)
        .filter(|&e| alive[inst.edges[e].from] && alive[inst.edges[e].to])
        .collect();
    let scale = edges
        .iter()
        .map(|&e| inst.edges[e].cost)
        .fold(0.0_f64, f64::max)
        .max(f64::MIN_POSITIVE);
    let epsilon = EPSILON / edges.len().max(1) as f64;
    let around = |v: usize, out: bool| -> Vec<usize> {
        edges
            .iter()
            .copied()
            .filter(|&e| {
                if out {
                    inst.edges[e].from == v
                } else {
                    inst.edges[e].to == v
                }
            })
            .collect()
    };
    let mut cuts: Vec<Vec<usize>> = vec![around(inst.source, true)];
    for &t in targets {
        cuts.push(around(t, false));
    }
    let lp_err =
        |e: microlp::Error| Error::InvalidPlan(format!("the linear program has no solution: {e}"));
    let interrupted =
        || Error::InvalidPlan("the linear program was interrupted before an answer".into());
    // The first LP: T, n, the port rows and the starting cuts; then each new cut is added to
    // the solved LP, which microlp re-solves from its current basis.
    let mut sol = {
        let mut p = Problem::new(OptimizationDirection::Minimize);
        let t_var = p.add_var(1.0, (0.0, f64::INFINITY));
        let mut var_of = vec![None; m];
        for &e in &edges {
            var_of[e] = Some(p.add_var(epsilon * inst.edges[e].cost / scale, (0.0, f64::INFINITY)));
        }
        for v in (0..n).filter(|&v| alive[v]) {
            for out in [false, true] {
                let mut row: Vec<(microlp::Variable, f64)> = around(v, out)
                    .into_iter()
                    .filter_map(|e| var_of[e].map(|x| (x, inst.edges[e].cost / scale)))
                    .collect();
                if row.is_empty() {
                    continue;
                }
                row.push((t_var, -1.0));
                p.add_constraint(row.as_slice(), ComparisonOp::Le, 0.0);
            }
        }
        for cut in &cuts {
            let row: Vec<(microlp::Variable, f64)> = cut
                .iter()
                .filter_map(|&e| var_of[e].map(|x| (x, 1.0)))
                .collect();
            p.add_constraint(row.as_slice(), ComparisonOp::Ge, 1.0);
        }
        *work += 1;
        (
            p.solve()
                .map_err(lp_err)?
                .into_solution()
                .map_err(|_| interrupted())?,
            t_var,
            var_of,
        )
    };
    for _round in 0..10 * n + 100 {
        let (lp_sol, t_var, var_of) = &sol;
        let mut loads = vec![0.0; m];
        for &e in &edges {
            if let Some(x) = var_of[e] {
                let v = lp_sol.var_value(x);
                loads[e] = if v < 1e-12 { 0.0 } else { v };
            }
        }
        let mut found = false;
        let first_new = cuts.len();
        let mut least: f64 = f64::INFINITY;
        for &t in targets {
            let fc = super::graph::max_flow_cut(inst, &loads, inst.source, t, 1e-12);
            least = least.min(fc.value);
            if fc.value < 1.0 - 1e-9 && !cuts.contains(&fc.cut) {
                cuts.push(fc.cut);
                found = true;
            }
        }
        if !found {
            // A cut already in the LP may still carry 1 - 1e-9 or so (the simplex's
            // tolerance): scale the loads up by that much, so that every flow is whole.
            if least < 1.0 - 1e-6 {
                return Err(Error::InvalidPlan(format!(
                    "cut generation stalled at a flow of {least}"
                )));
            }
            if least < 1.0 {
                for l in &mut loads {
                    *l /= least;
                }
            }
            let mut flows = Vec::with_capacity(targets.len());
            for &t in targets {
                let fc = super::graph::max_flow_cut(inst, &loads, inst.source, t, 1e-12);
                let k = 1.0 / fc.value.max(f64::MIN_POSITIVE);
                flows.push(fc.flow.iter().map(|f| f * k).collect());
            }
            return Ok(Some(LpSolution {
                value: lp_sol.var_value(*t_var) * scale,
                loads,
                amounts: vec![1.0; targets.len()],
                commodities: targets
                    .iter()
                    .map(|&t| Commodity {
                        source: inst.source,
                        dest: t,
                    })
                    .collect(),
                flows,
            }));
        }
        let (mut lp_sol, t_var, var_of) = sol;
        for cut in &cuts[first_new..] {
            let row: Vec<(microlp::Variable, f64)> = cut
                .iter()
                .filter_map(|&e| var_of[e].map(|x| (x, 1.0)))
                .collect();
            *work += 1;
            lp_sol = lp_sol
                .add_constraint(row.as_slice(), ComparisonOp::Ge, 1.0)
                .map_err(lp_err)?
                .into_solution()
                .map_err(|_| interrupted())?;
        }
        sol = (lp_sol, t_var, var_of);
    }
    Err(Error::InvalidPlan("cut generation did not converge".into()))
}

/// Above this many flow variables (`|targets|·|E|`), Multicast-LB and Broadcast-EB are solved
/// by [`lower_by_cuts`]; at or below it, by the paper's LP whole ([`Program`]), which is then
/// faster (measured on 65-node Tiers-like platforms: 9 targets, full LP 0.03 s against 8 s by
/// cuts; 64 targets, full LP 2.6 s against 0.5 s by cuts).
pub const FULL_LP_MAX_VARIABLES: usize = 4000;

/// Multicast-LB on the sub-platform `alive` for `targets`, by the full LP or by cuts (see
/// [`FULL_LP_MAX_VARIABLES`]); `work` counts the solves.
pub fn lower(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    work: &mut usize,
) -> Result<Option<LpSolution>, Error> {
    let edges = inst
        .edges
        .iter()
        .filter(|e| alive.get(e.from) == Some(&true) && alive.get(e.to) == Some(&true))
        .count();
    if targets.len() * edges <= FULL_LP_MAX_VARIABLES {
        *work += 1;
        let spec = LpSpec {
            alive: alive.to_vec(),
            sources: vec![inst.source],
            targets: targets.to_vec(),
            bound: Bound::Lower,
        };
        return solve(inst, &spec);
    }
    lower_by_cuts(inst, alive, targets, work)
}
