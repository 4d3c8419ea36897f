//! The linear programs of section 5 (paper 002), built once as rows and then either solved
//! with `microlp` (pure Rust, runs in wasm) or written in CPLEX LP format.
//!
//! Variables (for the nodes `alive` and the edges between them): `T` (the time per
//! multicast), `n(j,k)` (messages per multicast on edge `(j,k)`) and, for every commodity
//! (a source and a destination), `x(j,k)` (its fraction on the edge). Rows:
//!
//! - (1) at a commodity's source: the flow out less the flow in is its amount (1 with one
//!   source);
//! - (2) at its destination: the flow in less the flow out is its amount. The paper prints
//!   (1) and (2) with the *gross* flows (out of the source, into the destination), which a
//!   circulation through the source or the destination meets while carrying nothing: that LP
//!   ([`Program::build_printed`]) can be far below every schedule (`gallery::printed_lp`), so
//!   hetcast solves the net-flow LP, whose answers are flows;
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
//! 1e-7 ([`TIE_BREAK`]). The period reported is the one-port busy time of the loads (computed by
//! [`super::simulate::port_period`]), not the LP's `T`.

use super::PlatformInstance;
use crate::error::Error;
use serde::{Deserialize, Serialize};

mod warm;
pub use warm::WarmLower;

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
    /// Per commodity, `x(j,k)` per edge of the instance (in JSON as sparse rows: see
    /// [`sparse_rows`]).
    #[serde(with = "sparse_rows")]
    pub flows: Vec<Vec<f64>>,
    /// Per commodity, its amount (1 with one source).
    pub amounts: Vec<f64>,
}

/// Serde of [`LpSolution::flows`] as sparse rows, `{"len": 218, "nonzero": [[3, 0.5], ...]}`:
/// a flow is mostly zeros (Broadcast-EB on a 65-node platform has 64 commodities over 218
/// edges: 14,000 numbers, a few hundred of them not 0), and the web worker sends solutions to
/// the page as JSON. Dense, the answer was 66 KB of text to parse on the page's thread.
pub mod sparse_rows {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Sparse {
        len: usize,
        nonzero: Vec<(usize, f64)>,
    }

    /// Write each row as its length and its entries that are not 0.
    pub fn serialize<S: Serializer>(rows: &[Vec<f64>], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(rows.iter().map(|row| {
            Sparse {
                len: row.len(),
                nonzero: row
                    .iter()
                    .enumerate()
                    .filter(|(_, &x)| x != 0.0)
                    .map(|(i, &x)| (i, x))
                    .collect(),
            }
        }))
    }

    /// Read rows written by [`serialize`] (an index past a row's length is an error).
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<f64>>, D::Error> {
        Vec::<Sparse>::deserialize(d)?
            .into_iter()
            .map(|r| {
                let mut row = vec![0.0; r.len];
                for (i, x) in r.nonzero {
                    *row.get_mut(i).ok_or_else(|| {
                        D::Error::custom(format!("flow entry {i} past the row's {}", r.len))
                    })? = x;
                }
                Ok(row)
            })
            .collect()
    }
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

/// How far apart, relative, two formulations of one LP (the whole LP and cut generation) may
/// give `T`: the tie-break term `ε·Σ n·c / |E|` is at most `ε·T` (`Σ n·c` sums the out-ports'
/// busy times, each at most `T`, over at most `|E|` nodes with an out-edge), so two exact
/// optima differ by at most `ε·T`; twice that leaves the solver its rounding.
pub const TIE_BREAK: f64 = 2.0 * EPSILON;

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

/// The -UB programs (Multicast-UB, MulticastMultiSource-UB) with the commodities of each
/// source aggregated: in (10) the flows of a source's commodities only appear summed, and a
/// flow from one source to several sinks decomposes into paths to each sink (flow
/// decomposition), so the LP over one flow `y_s` per source (supply `Σ_d f(s,d)` at `s`,
/// demand `f(s,d)` at each destination `d`, `Σ_s y_s(e) <= n(e)`) has the same optimum as
/// [`Program::build`]'s with `Bound::Upper` (tested), with `|sources|·|E|` flow variables
/// instead of `|commodities|·|E|`. The per-commodity flows reported are a deterministic path
/// decomposition of each `y_s` (breadth-first paths in edge order, destinations in order;
/// leftover cycles, which only add load, are dropped); `None` when a destination is
/// unreachable.
///
/// # Complexity
/// One LP with `1 + |E|·(1 + |sources|)` variables and `|sources|·|V| + 2|V| + |E|` rows, then
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
        loads[e] = val(vars.n[q]);
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
    /// `n(e)`: messages per multicast on each edge.
    n: Vec<microlp::Variable>,
    /// `y_s(e)`: the flow of each source (in `spec.sources` order) on each edge.
    y: Vec<Vec<microlp::Variable>>,
    /// `f(s,d)`: each commodity's amount; `None` with one source (the amount is 1).
    f: Vec<Option<microlp::Variable>>,
}

impl UpperVars {
    /// Add the variables to `p`, in the order `T`, the `n`, the `y` source by source, the `f`:
    /// the objective `T + ε·Σ n(e)·c(e)/(|E|·scale)` ([`EPSILON`]), every variable at least 0.
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
        let n = edges
            .iter()
            .map(|&e| p.add_var(epsilon * inst.edges[e].cost / scale, (0.0, f64::INFINITY)))
            .collect();
        let y = spec
            .sources
            .iter()
            .map(|_| {
                edges
                    .iter()
                    .map(|_| p.add_var(0.0, (0.0, f64::INFINITY)))
                    .collect()
            })
            .collect();
        let f = (0..commodities)
            .map(|_| (!single).then(|| p.add_var(0.0, (0.0, f64::INFINITY))))
            .collect();
        UpperVars { t, n, y, f }
    }
}

/// The rows of [`upper`]'s LP, added to `p`: each source's flow conservation at every alive
/// node (supply its commodities' amounts, demand each destination's), with several sources
/// each destination's amounts summing to 1, each node's in-port and out-port busy time at
/// most `T`, and (10) `Σ_s y_s(e) <= n(e)`.
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
                .map(|&q| (vars.n[q], inst.edges[edges[q]].cost / scale))
                .collect();
            row.push((vars.t, -1.0));
            p.add_constraint(row.as_slice(), ComparisonOp::Le, 0.0);
        }
    }
    for q in 0..edges.len() {
        let mut row: Vec<(microlp::Variable, f64)> = yv.iter().map(|y| (y[q], 1.0)).collect();
        row.push((vars.n[q], -1.0));
        p.add_constraint(row.as_slice(), ComparisonOp::Le, 0.0);
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

/// Cuts remembered between the LPs of a heuristic: each is the sink side of a cut between
/// the source and a target (a set of nodes without the source). On any sub-platform and for
/// any targets, a set that holds a target and not the source gives a valid cut row: every
/// path from the source to that target enters the set over an edge that is alive.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CutPool {
    sets: Vec<Vec<bool>>,
}

impl CutPool {
    /// No cuts.
    pub fn new() -> CutPool {
        CutPool::default()
    }

    /// How many cuts.
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// No cuts at all.
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }
}

/// How [`lower_by_cuts_with`] starts and adds the cuts a round finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CutMode {
    /// `None`: each cut is added to the solved LP, which microlp re-solves from its current
    /// basis. `Some(k)`: the LP is rebuilt with every cut and solved anew when a round finds
    /// more than `k` cuts (fewer: added warm).
    pub rebuild_above: Option<usize>,
    /// The first LP holds the shadows of the nodes and linked pairs ([`shadows`]).
    pub shadows: bool,
}

/// The default [`CutMode`] (measured with `hetcast bench platform`).
pub const CUT_MODE: CutMode = CutMode {
    rebuild_above: Some(8),
    shadows: true,
};

/// Multicast-LB (and Broadcast-EB, every node a target) by cut generation: by the max-flow
/// min-cut theorem, loads `n` admit a unit flow to target `t` bounded by `n` (equations
/// (1)-(3), (10')) iff every cut between the source and `t` carries at least 1. So the LP is
/// `min T + ε·Σ n·c` over `T` and `n` only, with the port rows (4)-(9) and cut rows
/// `Σ_{e in cut} n(e) >= 1`, added as max flows find them violated. It starts with the cuts
/// around the source and around each target; each round, every target whose max flow under
/// the loads falls short of 1 gives its two extreme minimum cuts (the one closest to the
/// source and the one closest to the target: the latter closes the cycles an LP with few
/// cuts builds among neighbours). The answer is the same optimum as [`Program::build`]'s
/// with `Bound::Lower` (tested); the flows reported are the max flows under the loads, scaled
/// to 1 (deterministic).
///
/// # Complexity
/// `|E| + 1` variables; per round `|targets|` max flows (O(V·E²) each) and an incremental
/// re-solve per cut or one solve anew ([`CUT_MODE`]).
pub fn lower_by_cuts(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    work: &mut usize,
) -> Result<Option<LpSolution>, Error> {
    lower_by_cuts_with(inst, alive, targets, &mut CutPool::new(), CUT_MODE, work)
}

/// [`lower_by_cuts`] starting from the cuts of `pool` that are valid here (those holding a
/// target), and leaving in `pool` the cuts tight at the optimum (for the next LP of a
/// heuristic: a warm start by cuts, since microlp cannot start a new problem from a basis).
pub fn lower_by_cuts_with(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    pool: &mut CutPool,
    mode: CutMode,
    work: &mut usize,
) -> Result<Option<LpSolution>, Error> {
    Capped::uncapped(lower_by_cuts_capped(
        inst,
        alive,
        targets,
        pool,
        mode,
        f64::INFINITY,
        work,
    )?)
}

/// What cut generation under a cap found ([`lower_by_cuts_capped`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Capped {
    /// The LP's optimum, as [`lower_by_cuts_with`] returns it.
    Solved(LpSolution),
    /// The value of a relaxation (the LP with some of its cut rows), above the cap: the LP's
    /// optimum `T` is at least this (up to the simplex's tolerance), and was not sought.
    Above(f64),
}

impl Capped {
    /// The answer of a run with no cap (`+∞`, which no LP value exceeds).
    fn uncapped(got: Option<Capped>) -> Result<Option<LpSolution>, Error> {
        match got {
            None => Ok(None),
            Some(Capped::Solved(sol)) => Ok(Some(sol)),
            Some(Capped::Above(t)) => Err(Error::InvalidPlan(format!(
                "the linear program's value {t} exceeds +∞"
            ))),
        }
    }
}

/// [`lower_by_cuts_with`] that stops as soon as an LP it solves has a `T` above `cap` (in the
/// instance's units): each such LP holds only some of the cut rows, so it is a relaxation
/// and its `T` is a lower bound on the optimum. A heuristic that only asks "is `T*` at most
/// BestSol?" stops there (AUGMENTED_MULTICAST's trials, issue 19); with `cap = +∞` the run
/// is [`lower_by_cuts_with`]'s, LP for LP, and so it is up to the LP that exceeds the cap.
/// (A probe first, the first LP without the shadow rows, smaller but weaker, cost more CPU
/// than it saved on 20 of the app's 65-node platforms: measured once, not kept.) On
/// [`Capped::Above`], `pool` is left empty.
///
/// # Complexity
/// That of [`lower_by_cuts`], at most.
pub fn lower_by_cuts_capped(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    pool: &mut CutPool,
    mode: CutMode,
    cap: f64,
    work: &mut usize,
) -> Result<Option<Capped>, Error> {
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
    let lp = CutLp::new(inst, alive, targets);
    let mut cuts = Cuts::new(inst, lp.edges.clone(), targets);
    let mut all_but_source = vec![true; n];
    all_but_source[inst.source] = false;
    cuts.offer(all_but_source);
    for &t in targets {
        let mut one = vec![false; n];
        one[t] = true;
        cuts.offer(one);
    }
    for set in std::mem::take(&mut pool.sets) {
        cuts.offer(set);
    }
    if mode.shadows {
        for set in shadows(inst, alive, &lp.edges) {
            cuts.offer(set);
        }
    }
    let mut sol = lp.fresh(&cuts.rows, work)?;
    for _round in 0..10 * n + 100 {
        let relaxed = sol.value() * lp.scale;
        if relaxed > cap {
            return Ok(Some(Capped::Above(relaxed)));
        }
        let loads = lp.loads(&sol);
        let first_new = cuts.rows.len();
        let least = cuts.add_violated(alive, targets, &loads);
        if cuts.rows.len() == first_new {
            return lp
                .optimum(&sol, loads, least, &cuts, targets, pool)
                .map(Some);
        }
        let rebuild = mode
            .rebuild_above
            .is_some_and(|k| cuts.rows.len() - first_new > k);
        sol = if rebuild {
            lp.fresh(&cuts.rows, work)?
        } else {
            lp.add_cuts(sol, &cuts.rows[first_new..], work)?
        };
    }
    Err(Error::InvalidPlan("cut generation did not converge".into()))
}

/// The cuts of [`lower_by_cuts_capped`]: each as the sink-side set and as its row (the sorted
/// alive edges entering the set from alive nodes outside it), without repeats.
#[derive(Clone)]
struct Cuts<'a> {
    inst: &'a PlatformInstance,
    edges: Vec<usize>,
    is_target: Vec<bool>,
    sets: Vec<Vec<bool>>,
    rows: Vec<Vec<usize>>,
    seen: std::collections::HashSet<Vec<usize>>,
}

impl<'a> Cuts<'a> {
    /// No cuts yet, on the alive `edges`, for `targets`.
    fn new(inst: &'a PlatformInstance, edges: Vec<usize>, targets: &[usize]) -> Cuts<'a> {
        let mut is_target = vec![false; inst.node_count()];
        for &t in targets {
            is_target[t] = true;
        }
        Cuts {
            inst,
            edges,
            is_target,
            sets: Vec::new(),
            rows: Vec::new(),
            seen: std::collections::HashSet::new(),
        }
    }

    /// Add the cut of `set` if it is one here (it holds a target, not the source, and some
    /// alive edge enters it) and its row is new.
    fn offer(&mut self, set: Vec<bool>) {
        let inst = self.inst;
        let n = inst.node_count();
        if set[inst.source] || !(0..n).any(|v| set[v] && self.is_target[v]) {
            return;
        }
        let row: Vec<usize> = self
            .edges
            .iter()
            .copied()
            .filter(|&e| !set[inst.edges[e].from] && set[inst.edges[e].to])
            .collect();
        if row.is_empty() || !self.seen.insert(row.clone()) {
            return;
        }
        self.sets.push(set);
        self.rows.push(row);
    }

    /// One round of separation: for each target whose max flow under `loads` falls short
    /// of 1, offer its two extreme minimum cuts (closest to the target, closest to the
    /// source). Returns the least max flow.
    ///
    /// # Complexity
    /// `|targets|` max flows, O(V·E²) each.
    fn add_violated(&mut self, alive: &[bool], targets: &[usize], loads: &[f64]) -> f64 {
        self.add_violated_from(alive, targets, loads, 0, usize::MAX)
    }

    /// [`Cuts::add_violated`] over the targets from the `start`-th on (cyclically), stopping
    /// after `limit` targets gave a new cut: the least max flow is that of all the targets
    /// when no new cut was found ([`WarmLower`] separates one target at a time).
    ///
    /// # Complexity
    /// At most `|targets|` max flows, O(V·E²) each.
    fn add_violated_from(
        &mut self,
        alive: &[bool],
        targets: &[usize],
        loads: &[f64],
        start: usize,
        limit: usize,
    ) -> f64 {
        let inst = self.inst;
        let mut least: f64 = f64::INFINITY;
        let mut found = 0;
        for i in 0..targets.len() {
            if found >= limit {
                break;
            }
            let t = targets[(start + i) % targets.len()];
            let fc = super::graph::max_flow_cut(inst, loads, inst.source, t, 1e-12);
            least = least.min(fc.value);
            let before = self.rows.len();
            if fc.value < 1.0 - 1e-9 {
                let sink = residual_reach(inst, alive, loads, &fc, t, true);
                self.offer(sink);
                // Everything the source does not reach: the cut closest to the source.
                let source_side: Vec<bool> =
                    residual_reach(inst, alive, loads, &fc, inst.source, false)
                        .iter()
                        .map(|&r| !r)
                        .collect();
                self.offer(source_side);
            }
            if self.rows.len() > before {
                found += 1;
            }
        }
        least
    }
}

/// An LP of cut generation as microlp solved it: its solution, `T` and each edge's `n`
/// (`None` for an edge not alive).
#[derive(Clone)]
struct CutSolve {
    sol: microlp::Solution,
    t_var: microlp::Variable,
    var_of: Vec<Option<microlp::Variable>>,
}

impl CutSolve {
    /// `T`, in the LP's unit.
    fn value(&self) -> f64 {
        self.sol.var_value(self.t_var)
    }
}

/// The LP of [`lower_by_cuts_capped`] on the sub-platform `alive`: `T` and `n` over its
/// alive edges, costs divided by `scale`.
#[derive(Clone)]
struct CutLp<'a> {
    inst: &'a PlatformInstance,
    edges: Vec<usize>,
    scale: f64,
    epsilon: f64,
}

impl<'a> CutLp<'a> {
    /// The LP's variables and unit on `alive` for `targets`.
    fn new(inst: &'a PlatformInstance, alive: &[bool], targets: &[usize]) -> CutLp<'a> {
        let edges = alive_edges(inst, alive);
        let scale = time_unit(inst, &edges, targets);
        let epsilon = EPSILON / edges.len().max(1) as f64;
        CutLp {
            inst,
            edges,
            scale,
            epsilon,
        }
    }

    /// `T`, `n`, the port rows and the cut `rows`, solved anew.
    fn fresh(&self, rows: &[Vec<usize>], work: &mut usize) -> Result<CutSolve, Error> {
        use microlp::{ComparisonOp, OptimizationDirection, Problem};
        let inst = self.inst;
        let n = inst.node_count();
        let mut p = Problem::new(OptimizationDirection::Minimize);
        let t_var = p.add_var(1.0, (0.0, f64::INFINITY));
        let mut var_of = vec![None; inst.edges.len()];
        for &e in &self.edges {
            var_of[e] = Some(p.add_var(
                self.epsilon * inst.edges[e].cost / self.scale,
                (0.0, f64::INFINITY),
            ));
        }
        let mut ports: Vec<Vec<(microlp::Variable, f64)>> = vec![Vec::new(); 2 * n];
        for &e in &self.edges {
            let (Some(x), edge) = (var_of[e], &inst.edges[e]) else {
                continue;
            };
            let c = edge.cost / self.scale;
            ports[2 * edge.from + 1].push((x, c));
            ports[2 * edge.to].push((x, c));
        }
        for mut row in ports.into_iter().filter(|r| !r.is_empty()) {
            row.push((t_var, -1.0));
            p.add_constraint(row.as_slice(), ComparisonOp::Le, 0.0);
        }
        for cut in rows {
            p.add_constraint(cut_row(&var_of, cut).as_slice(), ComparisonOp::Ge, 1.0);
        }
        *work += 1;
        let sol = p
            .solve()
            .map_err(lp_error)?
            .into_solution()
            .map_err(|_| interrupted())?;
        Ok(CutSolve { sol, t_var, var_of })
    }

    /// `s` with the rows of `cuts` added one at a time, each re-solved from the current basis.
    fn add_cuts(
        &self,
        s: CutSolve,
        cuts: &[Vec<usize>],
        work: &mut usize,
    ) -> Result<CutSolve, Error> {
        let CutSolve {
            mut sol,
            t_var,
            var_of,
        } = s;
        for cut in cuts {
            *work += 1;
            sol = sol
                .add_constraint(
                    cut_row(&var_of, cut).as_slice(),
                    microlp::ComparisonOp::Ge,
                    1.0,
                )
                .map_err(lp_error)?
                .into_solution()
                .map_err(|_| interrupted())?;
        }
        Ok(CutSolve { sol, t_var, var_of })
    }

    /// The loads `n` of `s` by edge of the instance (below 1e-12: 0).
    fn loads(&self, s: &CutSolve) -> Vec<f64> {
        let mut loads = vec![0.0; self.inst.edges.len()];
        for &e in &self.edges {
            if let Some(x) = s.var_of[e] {
                let v = s.sol.var_value(x);
                loads[e] = if v < 1e-12 { 0.0 } else { v };
            }
        }
        loads
    }

    /// The answer once a round finds no new cut: `loads` scaled up to carry whole flows (the
    /// least max flow was `least`), the cuts tight at the optimum left in `pool`, and each
    /// target's max flow under the loads, scaled to 1.
    fn optimum(
        &self,
        s: &CutSolve,
        mut loads: Vec<f64>,
        least: f64,
        cuts: &Cuts<'_>,
        targets: &[usize],
        pool: &mut CutPool,
    ) -> Result<Capped, Error> {
        let inst = self.inst;
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
        // Keep the cuts tight at the optimum for the next LP.
        pool.sets = cuts
            .sets
            .iter()
            .zip(&cuts.rows)
            .filter(|(_, row)| row.iter().map(|&e| loads[e]).sum::<f64>() <= 1.0 + 1e-7)
            .map(|(set, _)| set.clone())
            .collect();
        let mut flows = Vec::with_capacity(targets.len());
        for &t in targets {
            let fc = super::graph::max_flow_cut(inst, &loads, inst.source, t, 1e-12);
            let k = 1.0 / fc.value.max(f64::MIN_POSITIVE);
            flows.push(fc.flow.iter().map(|f| f * k).collect());
        }
        Ok(Capped::Solved(LpSolution {
            value: s.value() * self.scale,
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
        }))
    }
}

/// A cut's row: `Σ n(e) >= 1` over its edges (those with a variable).
fn cut_row(var_of: &[Option<microlp::Variable>], cut: &[usize]) -> Vec<(microlp::Variable, f64)> {
    cut.iter()
        .filter_map(|&e| var_of[e].map(|x| (x, 1.0)))
        .collect()
}

/// microlp's failure as the LP's error.
fn lp_error(e: microlp::Error) -> Error {
    Error::InvalidPlan(format!("the linear program has no solution: {e}"))
}

/// The error of an interrupted solve.
fn interrupted() -> Error {
    Error::InvalidPlan("the linear program was interrupted before an answer".into())
}

/// The unit of time of the LPs (costs are divided by it): a lower bound on `T`, the largest
/// over the nodes that must receive the whole message of the cheapest alive edge into them
/// (each such node's in-port receives at least one message), so that the LP's `T` is at
/// least 1. Scaling by the largest cost instead left `T` near 1e-6 when a platform mixes
/// costs of 0.2 and 7e5, where the simplex's absolute tolerance (1e-7) let the LP's `T` fall
/// as far as half the loads' busy time (11 of 3000 random platforms of
/// `cut_generation_equals_the_full_lp`'s generator).
pub fn time_unit(inst: &PlatformInstance, edges: &[usize], targets: &[usize]) -> f64 {
    let mut cheapest_in = vec![f64::INFINITY; inst.node_count()];
    for &e in edges {
        let edge = &inst.edges[e];
        cheapest_in[edge.to] = cheapest_in[edge.to].min(edge.cost);
    }
    targets
        .iter()
        .map(|&t| cheapest_in[t])
        .filter(|c| c.is_finite())
        .fold(0.0_f64, f64::max)
        .max(f64::MIN_POSITIVE)
}

/// The edges of `inst` whose two ends are alive (`alive[v]`; a node past its end is not).
fn alive_edges(inst: &PlatformInstance, alive: &[bool]) -> Vec<usize> {
    let alive = |v: usize| alive.get(v).copied().unwrap_or(false);
    (0..inst.edges.len())
        .filter(|&e| alive(inst.edges[e].from) && alive(inst.edges[e].to))
        .collect()
}

/// The commodities of `spec`: from each source, one to every target that is not a source and
/// one to every later source.
fn commodities(spec: &LpSpec) -> Vec<Commodity> {
    let is_source = |v: usize| spec.sources.contains(&v);
    let mut out = Vec::new();
    for (i, &s) in spec.sources.iter().enumerate() {
        for &t in spec.targets.iter().filter(|&&t| !is_source(t)) {
            out.push(Commodity { source: s, dest: t });
        }
        for &later in &spec.sources[i + 1..] {
            out.push(Commodity {
                source: s,
                dest: later,
            });
        }
    }
    out
}

/// The nodes that must receive the whole message in `spec`: the targets that are not
/// sources, and every source after the first.
fn receivers(spec: &LpSpec) -> Vec<usize> {
    spec.targets
        .iter()
        .filter(|t| !spec.sources.contains(t))
        .chain(spec.sources.iter().skip(1))
        .copied()
        .collect()
}

/// The first cut rows of [`lower_by_cuts_with`] besides the singletons: for each alive node
/// `v` other than the source, and for each linked pair `{u, v}` of them, the set `X` (`{v}`
/// or `{u, v}`) with every node the source no longer reaches once `X` is removed (the part of
/// the platform `X` stands in front of: on a Tiers-like platform, a MAN node's LAN, a LAN
/// chain's tail). Every path from the source into such a set enters it through an edge into
/// `X`, so its cut row says that what enters the shadow is at least 1. `hetcast bench
/// platform` times Broadcast-EB on 65-node Tiers-like platforms with and without them
/// ([`CutMode::shadows`]).
///
/// # Complexity
/// `O(|V| + |E|)` sets, one search of `O(|V| + |E|)` each.
pub fn shadows(inst: &PlatformInstance, alive: &[bool], edges: &[usize]) -> Vec<Vec<bool>> {
    let n = inst.node_count();
    let shadow = |x: &[usize]| -> Vec<bool> {
        let mut rest = alive.to_vec();
        for &v in x {
            rest[v] = false;
        }
        let reach = super::graph::reachable(inst, &rest, inst.source);
        (0..n).map(|v| alive[v] && !reach[v]).collect()
    };
    let inner = |v: usize| alive[v] && v != inst.source;
    let mut out: Vec<Vec<bool>> = (0..n).filter(|&v| inner(v)).map(|v| shadow(&[v])).collect();
    for &e in edges {
        let (u, v) = (inst.edges[e].from, inst.edges[e].to);
        if u < v && inner(u) && inner(v) {
            out.push(shadow(&[u, v]));
        }
    }
    out
}

/// The alive nodes of the residual graph of the flow `fc` under `cap` that `from` reaches
/// (`towards: false`) or that reach `from` (`towards: true`).
fn residual_reach(
    inst: &PlatformInstance,
    alive: &[bool],
    cap: &[f64],
    fc: &super::graph::FlowCut,
    from: usize,
    towards: bool,
) -> Vec<bool> {
    let n = inst.node_count();
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut arc = |a: usize, b: usize| {
        if towards {
            next[b].push(a)
        } else {
            next[a].push(b)
        }
    };
    for (e, edge) in inst.edges.iter().enumerate() {
        if !alive[edge.from] || !alive[edge.to] {
            continue;
        }
        // Residual arcs: forward from -> to with cap - flow, backward to -> from with flow.
        if cap[e] - fc.flow[e] > 1e-12 {
            arc(edge.from, edge.to);
        }
        if fc.flow[e] > 1e-12 {
            arc(edge.to, edge.from);
        }
    }
    super::graph::search(&next, from)
}

/// Above this many flow variables (`|targets|·|E|`), Multicast-LB and Broadcast-EB are solved
/// by [`lower_by_cuts`]; at or below it, by the paper's LP whole ([`Program`]), which is then
/// faster. Measured (release, shared 2-core machine) with REDUCED_BROADCAST, whose LPs shrink
/// as it drops nodes: on 65-node Tiers-like platforms (20 % targets, seeds 2004 and 1) a
/// threshold of 4000 took 1.7 s and 24.7 s, 300 took 0.42 s and 3.6 s; on 30-node ones
/// (seeds 1 and 2) 1000 took 0.21 s and 1.2 s, 300 took 0.04 s and 0.33 s.
pub const FULL_LP_MAX_VARIABLES: usize = 300;

/// Multicast-LB on the sub-platform `alive` for `targets`, by the full LP or by cuts (see
/// [`FULL_LP_MAX_VARIABLES`]); `work` counts the solves.
pub fn lower(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    work: &mut usize,
) -> Result<Option<LpSolution>, Error> {
    lower_with(inst, alive, targets, &mut CutPool::new(), work)
}

/// [`lower`], starting cut generation from `pool` and leaving its tight cuts there (see
/// [`lower_by_cuts_with`]).
pub fn lower_with(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    pool: &mut CutPool,
    work: &mut usize,
) -> Result<Option<LpSolution>, Error> {
    Capped::uncapped(lower_capped(
        inst,
        alive,
        targets,
        pool,
        f64::INFINITY,
        work,
    )?)
}

/// [`lower_with`] under a cap: cut generation stops at a relaxation whose `T` is above `cap`
/// ([`lower_by_cuts_capped`]); the full LP, on small platforms, is solved whole.
pub fn lower_capped(
    inst: &PlatformInstance,
    alive: &[bool],
    targets: &[usize],
    pool: &mut CutPool,
    cap: f64,
    work: &mut usize,
) -> Result<Option<Capped>, Error> {
    if targets.len() * alive_edges(inst, alive).len() <= FULL_LP_MAX_VARIABLES {
        *work += 1;
        let spec = LpSpec {
            alive: alive.to_vec(),
            sources: vec![inst.source],
            targets: targets.to_vec(),
            bound: Bound::Lower,
        };
        return Ok(solve(inst, &spec)?.map(Capped::Solved));
    }
    lower_by_cuts_capped(inst, alive, targets, pool, CUT_MODE, cap, work)
}
