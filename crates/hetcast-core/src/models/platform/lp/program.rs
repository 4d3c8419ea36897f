//! The paper's LP whole (section 5, equations (1)-(10')), built once as rows over named
//! variables ([`Program::build`], [`Program::build_printed`]) and solved with microlp
//! ([`Program::solve`]); written in CPLEX LP format by [`super::cplex`].
//!
//! # Complexity
//! `1 + |E|·(1 + |commodities|)` variables (more with several sources under -LB) and
//! `|commodities|·|V| + 2|V| + |commodities|·|E|` rows; building is linear in their terms.

use super::{
    alive_edges, commodities, receivers, time_unit, Bound, Commodity, LpSolution, LpSpec, EPSILON,
};
use crate::error::Error;
use crate::models::platform::PlatformInstance;

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

impl Program {
    /// Build the rows of `spec` on `inst`, (1) and (2) with net flows (the LP hetcast solves).
    pub fn build(inst: &PlatformInstance, spec: &LpSpec) -> Program {
        Program::build_rows(inst, spec, false)
    }

    /// Build the rows of `spec` on `inst` as the paper prints them: (1) and (2) fix the
    /// *gross* flow out of the source and into the destination (`Σ_out x = 1`, `Σ_in x = 1`),
    /// so a circulation through the source (out to a neighbour and back) meets (1), and one
    /// through the destination meets (2), without carrying anything from one to the other.
    /// Its optimum is at most [`Program::build`]'s and may be far below every schedule
    /// (`gallery::printed_lp`, docs/algorithms.md).
    pub fn build_printed(inst: &PlatformInstance, spec: &LpSpec) -> Program {
        Program::build_rows(inst, spec, true)
    }

    fn build_rows(inst: &PlatformInstance, spec: &LpSpec, gross: bool) -> Program {
        let edges = alive_edges(inst, &spec.alive);
        let scale = time_unit(inst, &edges, &receivers(spec));
        let commodities = commodities(spec);
        let single = spec.sources.len() == 1;
        // -LB with several sources: m(s, e) >= x for every commodity of s.
        let multi_lb = !single && spec.bound == Bound::Lower;
        let (names, x0, amount_var, m0) =
            variable_names(inst, spec, &edges, &commodities, multi_lb);
        let (ins, outs) = ports(inst, &edges);
        let layout = Layout {
            inst,
            spec,
            edges: &edges,
            commodities: &commodities,
            amount_var: &amount_var,
            x0,
            m0,
            scale,
            ins,
            outs,
        };
        let mut objective = vec![0.0; names.len()];
        objective[0] = 1.0;
        let epsilon = EPSILON / edges.len().max(1) as f64;
        for (p, &e) in edges.iter().enumerate() {
            objective[layout.nvar(p)] = epsilon * layout.cost(e);
        }
        let mut rows = Vec::new();
        layout.flow_rows(gross, &mut rows);
        if !single {
            layout.amount_rows(&mut rows);
        }
        layout.port_rows(&mut rows);
        layout.load_rows(multi_lb, &mut rows);
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
}

/// `from_to`: an edge in the LP's variable names.
fn edge_name(inst: &PlatformInstance, e: usize) -> String {
    format!("{}_{}", inst.edges[e].from, inst.edges[e].to)
}

/// The variables of [`Program::build_rows`] in order, by name: `T`, `n` per edge, `x` per
/// commodity and edge, the amount `f` per commodity (several sources), `m` per source and
/// edge (`multi_lb`). Returns the names, the first `x`, the amount variable of each
/// commodity (`None`: fixed to 1) and the first `m`.
fn variable_names(
    inst: &PlatformInstance,
    spec: &LpSpec,
    edges: &[usize],
    commodities: &[Commodity],
    multi_lb: bool,
) -> (Vec<String>, usize, Vec<Option<usize>>, usize) {
    let single = spec.sources.len() == 1;
    let mut names = vec!["T".to_string()];
    for &e in edges {
        names.push(format!("n_{}", edge_name(inst, e)));
    }
    let x0 = names.len();
    for c in commodities {
        for &e in edges {
            names.push(if single {
                format!("x{}_{}", c.dest, edge_name(inst, e))
            } else {
                format!("x{}_{}_{}", c.source, c.dest, edge_name(inst, e))
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
    let m0 = names.len();
    if multi_lb {
        for &s in &spec.sources {
            for &e in edges {
                names.push(format!("m{}_{}", s, edge_name(inst, e)));
            }
        }
    }
    (names, x0, amount_var, m0)
}

/// The positions in `edges` of the edges into and out of each node.
fn ports(inst: &PlatformInstance, edges: &[usize]) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let n = inst.node_count();
    let mut ins: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut outs: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (p, &e) in edges.iter().enumerate() {
        outs[inst.edges[e].from].push(p);
        ins[inst.edges[e].to].push(p);
    }
    (ins, outs)
}

/// What [`Program::build_rows`] writes its rows with: the variables' places, the costs in
/// the LP's unit and each node's ports.
struct Layout<'a> {
    inst: &'a PlatformInstance,
    spec: &'a LpSpec,
    /// The alive edges; an edge's position `p` here numbers its variables.
    edges: &'a [usize],
    commodities: &'a [Commodity],
    amount_var: &'a [Option<usize>],
    /// The first `x` and the first `m` variable.
    x0: usize,
    m0: usize,
    /// Costs are divided by this.
    scale: f64,
    /// Positions in `edges` into and out of each node.
    ins: Vec<Vec<usize>>,
    outs: Vec<Vec<usize>>,
}

impl Layout<'_> {
    /// The variable `n` of edge position `p`.
    fn nvar(&self, p: usize) -> usize {
        1 + p
    }

    /// The variable `x` of commodity `k` on edge position `p`.
    fn xvar(&self, k: usize, p: usize) -> usize {
        self.x0 + k * self.edges.len() + p
    }

    /// Edge `e`'s cost in the LP's unit.
    fn cost(&self, e: usize) -> f64 {
        self.inst.edges[e].cost / self.scale
    }

    /// `x` of commodity `k` on the positions `list`, with coefficient `coef`.
    fn x_terms(&self, k: usize, list: &[usize], coef: f64) -> Vec<(usize, f64)> {
        list.iter().map(|&p| (self.xvar(k, p), coef)).collect()
    }

    /// Rows (1)-(3) of each commodity: its amount leaves its source (net flow, or gross when
    /// `gross`), enters its destination, and is conserved at every other alive node with an
    /// edge. The amount is 1, or its variable `f` with several sources.
    fn flow_rows(&self, gross: bool, rows: &mut Vec<Row>) {
        let (ins, outs) = (&self.ins, &self.outs);
        for (k, c) in self.commodities.iter().enumerate() {
            // Row `name`: the amount on the edges `counted`, less (net flow) the edges
            // `against`, equals the commodity's amount.
            let amount_row = |name: &str, counted: &[usize], against: &[usize]| {
                let mut terms = self.x_terms(k, counted, 1.0);
                if !gross {
                    terms.extend(self.x_terms(k, against, -1.0));
                }
                let rhs = match self.amount_var[k] {
                    Some(v) => {
                        terms.push((v, -1.0));
                        0.0
                    }
                    None => 1.0,
                };
                Row {
                    name: format!("{name}_{}_{}", c.source, c.dest),
                    terms,
                    cmp: Cmp::Eq,
                    rhs,
                }
            };
            rows.push(amount_row("c1", &outs[c.source], &ins[c.source]));
            rows.push(amount_row("c2", &ins[c.dest], &outs[c.dest]));
            let alive = |v: usize| self.spec.alive.get(v).copied().unwrap_or(false);
            let n = self.inst.node_count();
            for v in (0..n).filter(|&v| alive(v) && v != c.source && v != c.dest) {
                if ins[v].is_empty() && outs[v].is_empty() {
                    continue;
                }
                let mut t = self.x_terms(k, &outs[v], 1.0);
                t.extend(self.x_terms(k, &ins[v], -1.0));
                rows.push(Row {
                    name: format!("c3_{}_{}_{}", c.source, c.dest, v),
                    terms: t,
                    cmp: Cmp::Eq,
                    rhs: 0.0,
                });
            }
        }
    }

    /// With several sources: each destination gets the whole message from its earlier
    /// sources (its amounts sum to 1).
    fn amount_rows(&self, rows: &mut Vec<Row>) {
        let mut dests: Vec<usize> = self.commodities.iter().map(|c| c.dest).collect();
        dests.sort_unstable();
        dests.dedup();
        for d in dests {
            let terms: Vec<(usize, f64)> = self
                .commodities
                .iter()
                .enumerate()
                .filter(|(_, c)| c.dest == d)
                .filter_map(|(k, _)| self.amount_var[k].map(|v| (v, 1.0)))
                .collect();
            rows.push(Row {
                name: format!("c1b_{d}"),
                terms,
                cmp: Cmp::Eq,
                rhs: 1.0,
            });
        }
    }

    /// Rows (4)-(9): each alive node's in-port and out-port is busy at most `T`.
    fn port_rows(&self, rows: &mut Vec<Row>) {
        let n = self.inst.node_count();
        let alive = |v: usize| self.spec.alive.get(v).copied().unwrap_or(false);
        for v in (0..n).filter(|&v| alive(v)) {
            for (tag, list) in [("in", &self.ins[v]), ("out", &self.outs[v])] {
                if list.is_empty() {
                    continue;
                }
                let mut t: Vec<(usize, f64)> = list
                    .iter()
                    .map(|&p| (self.nvar(p), self.cost(self.edges[p])))
                    .collect();
                t.push((0, -1.0));
                rows.push(Row {
                    name: format!("port_{tag}_{v}"),
                    terms: t,
                    cmp: Cmp::Le,
                    rhs: 0.0,
                });
            }
        }
    }

    /// The loads: (10) `Σ_k x_k(e) <= n(e)` for the upper bound; (10') `x_k(e) <= n(e)` for
    /// the lower bound, with several sources through `m(s, e)`, one per source
    /// (`x_k(e) <= m(s, e)` for the commodities of `s`, `Σ_s m(s, e) <= n(e)`).
    fn load_rows(&self, multi_lb: bool, rows: &mut Vec<Row>) {
        let ne = self.edges.len();
        for (p, &e) in self.edges.iter().enumerate() {
            let ename = edge_name(self.inst, e);
            match (self.spec.bound, multi_lb) {
                (Bound::Upper, _) => {
                    let mut t: Vec<(usize, f64)> = (0..self.commodities.len())
                        .map(|k| (self.xvar(k, p), 1.0))
                        .collect();
                    t.push((self.nvar(p), -1.0));
                    rows.push(Row {
                        name: format!("c10_{ename}"),
                        terms: t,
                        cmp: Cmp::Le,
                        rhs: 0.0,
                    });
                }
                (Bound::Lower, false) => {
                    for (k, c) in self.commodities.iter().enumerate() {
                        rows.push(Row {
                            name: format!("c10p_{}_{ename}", c.dest),
                            terms: vec![(self.xvar(k, p), 1.0), (self.nvar(p), -1.0)],
                            cmp: Cmp::Le,
                            rhs: 0.0,
                        });
                    }
                }
                (Bound::Lower, true) => {
                    for (si, &s) in self.spec.sources.iter().enumerate() {
                        let mvar = self.m0 + si * ne + p;
                        for (k, c) in self
                            .commodities
                            .iter()
                            .enumerate()
                            .filter(|(_, c)| c.source == s)
                        {
                            rows.push(Row {
                                name: format!("c10p_{}_{}_{ename}", s, c.dest),
                                terms: vec![(self.xvar(k, p), 1.0), (mvar, -1.0)],
                                cmp: Cmp::Le,
                                rhs: 0.0,
                            });
                        }
                    }
                    let mut t: Vec<(usize, f64)> = (0..self.spec.sources.len())
                        .map(|si| (self.m0 + si * ne + p, 1.0))
                        .collect();
                    t.push((self.nvar(p), -1.0));
                    rows.push(Row {
                        name: format!("c10s_{ename}"),
                        terms: t,
                        cmp: Cmp::Le,
                        rhs: 0.0,
                    });
                }
            }
        }
    }
}
