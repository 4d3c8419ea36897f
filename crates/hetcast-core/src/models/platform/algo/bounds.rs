//! The linear programs of section 5.1 (paper 002) as algorithms: Multicast-LB (equations
//! (1)-(9) and (10')), Multicast-UB (the scatter bound, (1)-(10)) and Broadcast-EB
//! (Multicast-LB with every node a target). See [`crate::models::platform::lp`] for the rows.
//!
//! Multicast-LB's loads are a relaxation (its `T*` may not be achievable: figure 4); the
//! scatter's and the broadcast's are achievable (the paper cites its references [22, 21] and
//! [6, 5]), and the checker verifies them as such.
//!
//! # Complexity
//! Multicast-UB: one LP with the targets' flows aggregated into one ([`lp::upper`]: `2|E| + 1`
//! variables, `O(|V| + |E|)` rows), solved by microlp's simplex. Multicast-LB and Broadcast-EB:
//! that LP when it has at most [`lp::FULL_LP_MAX_VARIABLES`] flow variables, else cut
//! generation ([`lp::lower_by_cuts`]: `|E| + 1` variables, a few rounds of `|targets|` max
//! flows and an LP solve).
//!
//! # Example
//! Two targets behind one relay: the LB shares the relay's edge, the scatter sends twice.
//! ```
//! use hetcast_core::models::platform::{algo::bounds, PlatformInstance};
//! let p = PlatformInstance::new(4, &[(0, 1, 1.0), (1, 2, 1.0), (1, 3, 1.0)], 0, &[2, 3]);
//! let lb = bounds::multicast_lb(&p).unwrap();
//! let ub = bounds::multicast_ub(&p).unwrap();
//! assert!((lb.period - 2.0).abs() < 1e-6); // P1 sends to P2 and P3
//! assert!((ub.period - 2.0).abs() < 1e-6); // P0 sends 2 messages to P1 (and P1 two out)
//! ```

use super::super::lp::{self, Bound, LpSpec};
use super::super::{Delivery, PlatformInstance, PlatformSolution};
use super::{broadcast_on, listed, PlatformAlgorithm};
use crate::error::Error;

fn multicast(inst: &PlatformInstance, bound: Bound) -> Result<PlatformSolution, Error> {
    let spec = LpSpec {
        alive: vec![true; inst.node_count()],
        sources: vec![inst.source],
        targets: inst.targets.clone(),
        bound,
    };
    let got = match bound {
        Bound::Lower => {
            let mut solves = 0;
            lp::lower(inst, &spec.alive, &spec.targets, &mut solves)?
        }
        Bound::Upper => lp::upper(inst, &spec)?,
    };
    let sol =
        got.ok_or_else(|| Error::InvalidPlan("a target is unreachable from the source".into()))?;
    let (algorithm, delivery) = match bound {
        Bound::Lower => (
            PlatformAlgorithm::MulticastLb,
            Delivery::Bound {
                nodes: inst.targets.clone(),
            },
        ),
        Bound::Upper => (PlatformAlgorithm::MulticastUb, Delivery::Scatter),
    };
    Ok(PlatformSolution::from_lp(
        inst,
        algorithm,
        sol,
        (0..inst.node_count()).collect(),
        vec![inst.source],
        delivery,
        Vec::new(),
    ))
}

/// Multicast-LB(P, P_target): the optimistic bound (10'), `n = max_i x_i`.
pub fn multicast_lb(inst: &PlatformInstance) -> Result<PlatformSolution, Error> {
    multicast(inst, Bound::Lower)
}

/// Multicast-UB(P, P_target): the scatter bound (10), `n = Σ_i x_i`.
pub fn multicast_ub(inst: &PlatformInstance) -> Result<PlatformSolution, Error> {
    multicast(inst, Bound::Upper)
}

/// Multicast-LB as the paper prints it: (1)-(2) on gross flows ([`lp::Program::build_printed`]),
/// the whole LP (one flow per target). A relaxation of Multicast-LB, itself a relaxation: its
/// value may be far below every schedule (`gallery::printed_lp`); shown beside the net-flow
/// LP hetcast solves. The checker verifies its rows, not a delivery ([`Delivery::Printed`]).
///
/// # Complexity
/// One LP with `1 + |E|·(1 + |targets|)` variables.
pub fn multicast_lb_printed(inst: &PlatformInstance) -> Result<PlatformSolution, Error> {
    let spec = LpSpec {
        alive: vec![true; inst.node_count()],
        sources: vec![inst.source],
        targets: inst.targets.clone(),
        bound: Bound::Lower,
    };
    if !lp::feasible(inst, &spec) {
        return Err(Error::InvalidPlan(
            "a target is unreachable from the source".into(),
        ));
    }
    let sol = lp::Program::build_printed(inst, &spec).solve(inst)?;
    Ok(PlatformSolution::from_lp(
        inst,
        PlatformAlgorithm::MulticastLbPrinted,
        sol,
        (0..inst.node_count()).collect(),
        vec![inst.source],
        Delivery::Printed,
        Vec::new(),
    ))
}

/// Broadcast-EB(P): Multicast-LB with every node the source reaches a target.
pub fn broadcast_eb(inst: &PlatformInstance) -> Result<PlatformSolution, Error> {
    let all = vec![true; inst.node_count()];
    let (sol, reach) = broadcast_on(inst, &all, &inst.targets)?
        .ok_or_else(|| Error::InvalidPlan("a target is unreachable from the source".into()))?;
    let nodes = listed(&reach);
    Ok(PlatformSolution::from_lp(
        inst,
        PlatformAlgorithm::BroadcastEb,
        sol,
        nodes.clone(),
        vec![inst.source],
        Delivery::Broadcast { nodes },
        Vec::new(),
    ))
}
