//! The LP of Multicast-LB's cut generation: `T` and the loads `n` only, the port rows and
//! one row `Σ n(e) >= 1` per cut, solved anew ([`CutLp::fresh`]) or with cuts added to a
//! solved LP ([`CutLp::add_cuts`]).

use super::cuts::Cuts;
use super::lower::{Capped, CutPool};
use super::{alive_edges, interrupted, lp_error, time_unit, Commodity, LpSolution, EPSILON};
use crate::error::Error;
use crate::models::platform::PlatformInstance;

/// An LP of cut generation as microlp solved it: its solution, `T` and each edge's `n`
/// (`None` for an edge not alive).
#[derive(Clone)]
pub(super) struct CutSolve {
    sol: microlp::Solution,
    t_var: microlp::Variable,
    var_of: Vec<Option<microlp::Variable>>,
}

impl CutSolve {
    /// `T`, in the LP's unit.
    pub(super) fn value(&self) -> f64 {
        self.sol.var_value(self.t_var)
    }
}

/// The LP of [`super::lower_by_cuts_capped`] on the sub-platform `alive`: `T` and `n` over its
/// alive edges, costs divided by `scale`.
#[derive(Clone)]
pub(super) struct CutLp<'a> {
    pub(super) inst: &'a PlatformInstance,
    pub(super) edges: Vec<usize>,
    pub(super) scale: f64,
    epsilon: f64,
}

impl<'a> CutLp<'a> {
    /// The LP's variables and unit on `alive` for `targets`.
    pub(super) fn new(inst: &'a PlatformInstance, alive: &[bool], targets: &[usize]) -> CutLp<'a> {
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
    pub(super) fn fresh(&self, rows: &[Vec<usize>], work: &mut usize) -> Result<CutSolve, Error> {
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
    pub(super) fn add_cuts(
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
    pub(super) fn loads(&self, s: &CutSolve) -> Vec<f64> {
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
    pub(super) fn optimum(
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
            let fc =
                crate::models::platform::graph::max_flow_cut(inst, &loads, inst.source, t, 1e-12);
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
