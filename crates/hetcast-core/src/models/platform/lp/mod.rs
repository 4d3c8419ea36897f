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
//!
//! The files:
//! - `program.rs`: the LP whole, as rows over named variables, solved by microlp;
//! - `cplex.rs`: the same rows in CPLEX LP format (`--format lp`);
//! - `upper.rs`: the -UB programs with each source's commodities aggregated;
//! - `lower.rs`: Multicast-LB and Broadcast-EB, by the whole LP on small platforms or by
//!   cut generation, whose LP is in `cut_lp.rs` and whose separation is in `cuts.rs`;
//! - [`dual`] (`dual.rs`): lower bounds on the -UB programs from port weights (LP duality);
//! - `warm.rs`: Multicast-LB kept from round to round as the targets grow
//!   (AUGMENTED_MULTICAST);
//! - [`sparse_rows`] (`sparse_rows.rs`): the flows' JSON form.

use super::PlatformInstance;
use crate::error::Error;
use serde::{Deserialize, Serialize};

mod cplex;
mod cut_lp;
mod cuts;
pub mod dual;
mod lower;
mod program;
pub mod sparse_rows;
mod upper;
mod warm;

pub use cuts::shadows;
pub use lower::{
    lower, lower_by_cuts, lower_by_cuts_capped, lower_by_cuts_with, lower_capped, lower_with,
    Capped, CutMode, CutPool, CUT_MODE, FULL_LP_MAX_VARIABLES,
};
pub use program::{Cmp, Program, Row};
pub use upper::upper;
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

/// The relative weight of the tie-break term of the objective.
pub const EPSILON: f64 = 1e-7;

/// How far apart, relative, two formulations of one LP (the whole LP and cut generation) may
/// give `T`: the tie-break term `ε·Σ n·c / |E|` is at most `ε·T` (`Σ n·c` sums the out-ports'
/// busy times, each at most `T`, over at most `|E|` nodes with an out-edge), so two exact
/// optima differ by at most `ε·T`; twice that leaves the solver its rounding.
pub const TIE_BREAK: f64 = 2.0 * EPSILON;

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
