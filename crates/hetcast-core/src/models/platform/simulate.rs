//! From edge loads to a periodic schedule, and the one-port steady-state checker: the only
//! place that knows the platform model's timing rules (paper 002, section 2 and the proof of
//! Theorem 1).
//!
//! - The period `T*` of loads `n(j,k)` (messages per multicast) is the busiest port:
//!   `max_j max(Σ_k n(j,k)·c(j,k), Σ_k n(k,j)·c(k,j))` ([`port_period`]).
//! - The schedule of one period: the bipartite graph senders × receivers, an edge's weight its
//!   busy time `n(j,k)·c(j,k)`, coloured by
//!   [`weighted_colouring`](crate::combinatorics::weighted_colouring) into matchings played one
//!   after the other; their durations sum to `T*`.
//! - [`check`]: no node sends twice or receives twice at once, every edge is busy exactly its
//!   load, everything fits in the period, and the loads deliver one whole message per period
//!   to every node that must get it (see [`Delivery`]). Data is forwarded in the period after
//!   it arrives (a pipeline: in steady state a node forwards what it received one period
//!   earlier), so the checker asks the loads to carry the flows, not the order within a period.

use super::{Delivery, PlatformInstance, PlatformSolution};
use crate::combinatorics::weighted_colouring;
use crate::error::Error;
use serde::Serialize;

/// One communication within a period.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Transfer {
    /// The edge (index in the instance).
    #[serde(skip)]
    pub edge: usize,
    /// Sender.
    pub from: usize,
    /// Receiver.
    pub to: usize,
    /// Start within the period.
    pub start: f64,
    /// End within the period.
    pub end: f64,
}

/// One period of a periodic schedule.
#[derive(Debug, Clone, PartialEq)]
pub struct PeriodicSchedule {
    /// `T*`: time per multicast (one multicast completes per period in steady state).
    pub period: f64,
    /// The communications of one period, by start time.
    pub transfers: Vec<Transfer>,
    /// How many matchings the colouring made.
    pub rounds: usize,
    /// The loads scheduled (messages per multicast per edge).
    pub loads: Vec<f64>,
    /// The sub-platform kept, the sources and the tree of MCPH or the best tree (for the
    /// platform drawing).
    pub nodes_kept: Vec<usize>,
    /// The sources (the platform's first).
    pub sources: Vec<usize>,
    /// MCPH's or the best tree's edges (empty for the others).
    pub tree: Vec<usize>,
}

impl PeriodicSchedule {
    /// Multicasts per time unit: `1 / T*`.
    pub fn throughput(&self) -> f64 {
        if self.period > 0.0 {
            1.0 / self.period
        } else {
            f64::INFINITY
        }
    }
}

/// The busiest port's time per multicast under `loads`.
///
/// ```
/// use hetcast_core::models::platform::{simulate::port_period, PlatformInstance};
/// let p = PlatformInstance::new(3, &[(0, 1, 1.0), (0, 2, 2.0)], 0, &[1, 2]);
/// assert_eq!(port_period(&p, &[1.0, 1.0]), 3.0); // P0 sends to both
/// ```
pub fn port_period(inst: &PlatformInstance, loads: &[f64]) -> f64 {
    let n = inst.node_count();
    let mut busy_in = vec![0.0; n];
    let mut busy_out = vec![0.0; n];
    for (e, edge) in inst.edges.iter().enumerate() {
        let t = loads.get(e).copied().unwrap_or(0.0) * edge.cost;
        busy_out[edge.from] += t;
        busy_in[edge.to] += t;
    }
    busy_in.into_iter().chain(busy_out).fold(0.0_f64, f64::max)
}

/// Build the periodic schedule of `loads` (König colouring of one period).
pub fn schedule(inst: &PlatformInstance, loads: &[f64]) -> PeriodicSchedule {
    let n = inst.node_count();
    let edges: Vec<(usize, usize, f64)> = inst
        .edges
        .iter()
        .enumerate()
        .map(|(e, edge)| {
            (
                edge.from,
                edge.to,
                loads.get(e).copied().unwrap_or(0.0) * edge.cost,
            )
        })
        .collect();
    let rounds = weighted_colouring::colour(n, n, &edges);
    let mut transfers: Vec<Transfer> = Vec::new();
    let mut last: Vec<Option<usize>> = vec![None; inst.edges.len()];
    let mut t = 0.0;
    for r in &rounds {
        let end = t + r.duration;
        for &e in &r.edges {
            match last[e] {
                // The edge was busy in the previous round too: one longer transfer.
                Some(i) if transfers[i].end == t => transfers[i].end = end,
                _ => {
                    last[e] = Some(transfers.len());
                    transfers.push(Transfer {
                        edge: e,
                        from: inst.edges[e].from,
                        to: inst.edges[e].to,
                        start: t,
                        end,
                    });
                }
            }
        }
        t = end;
    }
    PeriodicSchedule {
        period: port_period(inst, loads),
        transfers,
        rounds: rounds.len(),
        loads: loads.to_vec(),
        nodes_kept: (0..n).collect(),
        sources: vec![inst.source],
        tree: Vec::new(),
    }
}

/// Time the solution: its periodic schedule, checked by [`check`].
pub fn simulate(
    inst: &PlatformInstance,
    sol: &PlatformSolution,
) -> Result<PeriodicSchedule, Error> {
    let mut s = schedule(inst, &sol.loads);
    s.nodes_kept = sol.nodes_kept.clone();
    s.sources = sol.sources.clone();
    s.tree = sol.tree.clone();
    check(inst, sol, &s)?;
    Ok(s)
}

/// The one-port steady-state checker (see the module documentation). Tolerances are
/// relative: `1e-9·T*` for times, `1e-6` for message fractions (the LP's own accuracy).
pub fn check(
    inst: &PlatformInstance,
    sol: &PlatformSolution,
    s: &PeriodicSchedule,
) -> Result<(), Error> {
    let m = inst.edges.len();
    if sol.loads.len() != m {
        return bad(format!("{} loads for {m} edges", sol.loads.len()));
    }
    let tol = 1e-9 * s.period.max(f64::MIN_POSITIVE);
    let busy = check_transfers(inst, s, tol)?;
    check_busy(inst, sol, s.period, &busy, tol)?;
    match &sol.delivery {
        Delivery::Broadcast { nodes } | Delivery::Bound { nodes } => {
            check_whole_messages(inst, sol, nodes)
        }
        Delivery::Printed => check_printed_rows(inst, sol),
        Delivery::Scatter => check_scatter(inst, sol),
    }
}

/// The checker's error.
fn bad<T>(m: String) -> Result<T, Error> {
    Err(Error::InvalidPlan(m))
}

/// The tolerance on message fractions (the LP's own accuracy).
const FTOL: f64 = 1e-6;

/// [`check`]'s first part: every transfer is on its edge and within the period, and no node
/// sends twice or receives twice at once (to `tol`). Returns each edge's busy time.
///
/// # Complexity
/// O(E + k log k) for `k` transfers.
fn check_transfers(
    inst: &PlatformInstance,
    s: &PeriodicSchedule,
    tol: f64,
) -> Result<Vec<f64>, Error> {
    let n = inst.node_count();
    let mut busy = vec![0.0; inst.edges.len()];
    let mut sends: Vec<Vec<(f64, f64, usize)>> = vec![Vec::new(); n];
    let mut recvs: Vec<Vec<(f64, f64, usize)>> = vec![Vec::new(); n];
    for tr in &s.transfers {
        let Some(edge) = inst.edges.get(tr.edge) else {
            return bad(format!("transfer on unknown edge {}", tr.edge));
        };
        if edge.from != tr.from || edge.to != tr.to {
            return bad(format!(
                "transfer {} -> {} is not edge {}",
                tr.from, tr.to, tr.edge
            ));
        }
        if !(tr.start >= -tol && tr.end <= s.period + tol && tr.start < tr.end) {
            return bad(format!(
                "transfer {} -> {} [{}, {}] is outside the period {}",
                tr.from, tr.to, tr.start, tr.end, s.period
            ));
        }
        busy[tr.edge] += tr.end - tr.start;
        sends[tr.from].push((tr.start, tr.end, tr.to));
        recvs[tr.to].push((tr.start, tr.end, tr.from));
    }
    check_one_port(inst, &mut sends, "sends to", tol)?;
    check_one_port(inst, &mut recvs, "receives from", tol)?;
    Ok(busy)
}

/// The one-port rule on one side: `ports[v]` are the intervals `(start, end, other end)` of
/// node `v`'s sends (or receives), sorted here; two may not overlap by more than `tol`.
/// `verb` says which side ("sends to", "receives from").
fn check_one_port(
    inst: &PlatformInstance,
    ports: &mut [Vec<(f64, f64, usize)>],
    verb: &str,
    tol: f64,
) -> Result<(), Error> {
    for (v, list) in ports.iter_mut().enumerate() {
        crate::order::sort_by(list, |a, b| a.0.total_cmp(&b.0));
        for w in list.windows(2) {
            if w[1].0 < w[0].1 - tol {
                return bad(format!(
                    "{} {verb} {} and {} at once (t = {})",
                    inst.name(v),
                    inst.name(w[0].2),
                    inst.name(w[1].2),
                    w[1].0
                ));
            }
        }
    }
    Ok(())
}

/// Every edge is busy `busy[e]`, exactly its load times its cost per period (relative
/// `1e-9`, plus `tol`).
fn check_busy(
    inst: &PlatformInstance,
    sol: &PlatformSolution,
    period: f64,
    busy: &[f64],
    tol: f64,
) -> Result<(), Error> {
    for (e, edge) in inst.edges.iter().enumerate() {
        let want = sol.loads[e] * edge.cost;
        if (busy[e] - want).abs() > 1e-9 * period.max(want) + tol {
            return bad(format!(
                "edge {} -> {} is busy {} per period, its load needs {want}",
                edge.from, edge.to, busy[e]
            ));
        }
    }
    Ok(())
}

/// [`Delivery::Broadcast`] and [`Delivery::Bound`]: the loads carry a whole message per
/// period from the source to each of `nodes` (a maximum flow each).
fn check_whole_messages(
    inst: &PlatformInstance,
    sol: &PlatformSolution,
    nodes: &[usize],
) -> Result<(), Error> {
    for &v in nodes.iter().filter(|&&v| v != inst.source) {
        let f = super::graph::max_flow(inst, &sol.loads, inst.source, v, 1e-12);
        if f < 1.0 - FTOL {
            return bad(format!(
                "{} gets {f} of a message per period, not a whole one",
                inst.name(v)
            ));
        }
    }
    Ok(())
}

/// [`Delivery::Printed`]: each target's flow fits in the loads and meets the printed rows
/// (1)-(3), on gross flows.
fn check_printed_rows(inst: &PlatformInstance, sol: &PlatformSolution) -> Result<(), Error> {
    let n = inst.node_count();
    let Some(lp) = &sol.lp else {
        return bad("the printed LP's answer without its flows".into());
    };
    for (c, flow) in lp.commodities.iter().zip(&lp.flows) {
        let mut gross_out = vec![0.0; n];
        let mut gross_in = vec![0.0; n];
        for (e, edge) in inst.edges.iter().enumerate() {
            if flow[e] > sol.loads[e] + FTOL {
                return bad(format!(
                    "edge {} -> {} carries {} of the part for {} but its load is {}",
                    edge.from,
                    edge.to,
                    flow[e],
                    inst.name(c.dest),
                    sol.loads[e]
                ));
            }
            gross_out[edge.from] += flow[e];
            gross_in[edge.to] += flow[e];
        }
        for v in 0..n {
            let (got, want, what) = if v == c.source {
                (gross_out[v], 1.0, "leaves")
            } else if v == c.dest {
                (gross_in[v], 1.0, "enters")
            } else {
                (gross_out[v] - gross_in[v], 0.0, "is not conserved at")
            };
            if (got - want).abs() > FTOL {
                return bad(format!(
                    "the flow for {} {what} {} with {got}, not {want} (the printed rows (1)-(3))",
                    inst.name(c.dest),
                    inst.name(v)
                ));
            }
        }
    }
    Ok(())
}

/// [`Delivery::Scatter`]: each part of the message is conserved on its way, the parts fit in
/// the loads together, and every target (not a source) gets a whole message.
fn check_scatter(inst: &PlatformInstance, sol: &PlatformSolution) -> Result<(), Error> {
    let n = inst.node_count();
    let Some(lp) = &sol.lp else {
        return bad("a scatter solution without its flows".into());
    };
    let mut sum = vec![0.0; inst.edges.len()];
    for (k, (c, flow)) in lp.commodities.iter().zip(&lp.flows).enumerate() {
        let amount = lp.amounts[k];
        let mut net = vec![0.0; n];
        for (e, edge) in inst.edges.iter().enumerate() {
            sum[e] += flow[e];
            net[edge.from] -= flow[e];
            net[edge.to] += flow[e];
        }
        for (v, &net_v) in net.iter().enumerate() {
            let want = if v == c.dest {
                amount
            } else if v == c.source {
                -amount
            } else {
                0.0
            };
            // The LP fixes the flow out of the source and into the destination;
            // a cycle back through them is allowed, so compare net flows.
            if (net_v - want).abs() > FTOL {
                return bad(format!(
                    "the part of the message from {} to {} is not conserved at {}",
                    inst.name(c.source),
                    inst.name(c.dest),
                    inst.name(v)
                ));
            }
        }
    }
    for (e, edge) in inst.edges.iter().enumerate() {
        if sum[e] > sol.loads[e] + FTOL {
            return bad(format!(
                "edge {} -> {} carries {} messages but its load is {}",
                edge.from, edge.to, sum[e], sol.loads[e]
            ));
        }
    }
    let mut got = vec![0.0; n];
    for (k, c) in lp.commodities.iter().enumerate() {
        got[c.dest] += lp.amounts[k];
    }
    for &t in &inst.targets {
        if sol.sources.contains(&t) {
            continue;
        }
        if (got[t] - 1.0).abs() > FTOL {
            return bad(format!(
                "{} gets {} of a message per period, not a whole one",
                inst.name(t),
                got[t]
            ));
        }
    }
    Ok(())
}
