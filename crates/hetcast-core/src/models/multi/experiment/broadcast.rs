//! The single broadcast of paper 001 section 5.1 ([`wu_broadcast`]): one random class set, a
//! broadcast from every node in turn, the mean of each algorithm over the sources, and whether
//! ECF, WR and WRP made the same task lists.

use super::super::generate::{broadcast_from, section5_classes, Network};
use super::super::simulate::completion_time_multi;
use super::{csv, parallel, TIME_TOLERANCE};
use crate::catalog::Catalog;
use crate::error::Error;
use crate::models::multi::algo::lower_bound::lower_bound_value;
use crate::models::multi::algo::{MultiAlgorithm, Shared};
use serde::{Deserialize, Serialize};

/// Settings of [`wu_broadcast`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BroadcastSpec {
    /// The network.
    pub network: Network,
    /// Nodes (every one is the source once).
    pub nodes: usize,
    /// Node classes.
    pub classes: usize,
    /// Message size in bytes.
    pub size: f64,
    /// Seed of the class set ([`section5_classes`]).
    pub seed: u64,
    /// Worker threads; 0 = all available.
    pub threads: usize,
}

impl BroadcastSpec {
    /// 64 nodes, 4 classes, seed 2001, on `network` with `size` bytes.
    pub fn new(network: Network, size: f64) -> BroadcastSpec {
        BroadcastSpec {
            network,
            nodes: 64,
            classes: 4,
            size,
            seed: 2001,
            threads: 0,
        }
    }
}

/// The single broadcast of section 5.1; one line of the broadcast CSV.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BroadcastRow {
    /// The network.
    pub network: Network,
    /// Message size in bytes.
    pub size: f64,
    /// Broadcasts averaged (one per source: the number of nodes).
    pub sources: usize,
    /// Mean completion time of FEF (µs).
    pub fef: f64,
    /// Mean completion time of ECF (µs).
    pub ecf: f64,
    /// Mean completion time of WR (µs).
    pub wr: f64,
    /// Mean completion time of WRP (µs).
    pub wrp: f64,
    /// Mean lower bound (µs).
    pub lower_bound: f64,
    /// Sources for which ECF, WR and WRP made exactly the same task lists.
    pub same_plans: usize,
    /// Sources for which ECF and WR made the same task lists.
    pub ecf_wr_same_plans: usize,
    /// Sources for which WR and WRP made the same task lists.
    pub wr_wrp_same_plans: usize,
    /// Sources for which ECF, WR and WRP have the same completion time (within
    /// [`TIME_TOLERANCE`]).
    pub same_times: usize,
    /// The largest `(max - min) / min` of the ECF, WR and WRP times over the sources.
    pub max_spread: f64,
}

impl BroadcastRow {
    /// The mean of algorithm `a`.
    pub fn mean(&self, a: MultiAlgorithm) -> f64 {
        match a {
            MultiAlgorithm::Fef => self.fef,
            MultiAlgorithm::Ecf => self.ecf,
            MultiAlgorithm::Wr => self.wr,
            MultiAlgorithm::Wrp => self.wrp,
        }
    }
}

/// Section 5.1: a broadcast from each node of one random class set in turn.
pub fn wu_broadcast(spec: &BroadcastSpec) -> Result<BroadcastRow, Error> {
    let classes = section5_classes(spec.nodes, spec.classes, spec.seed)?;
    let link = spec.network.link();
    broadcast_from(&classes, link.clone(), spec.size, 0).validate()?;
    let per_source = parallel(spec.nodes, spec.threads, None, &|src| {
        let inst = broadcast_from(&classes, link.clone(), spec.size, src);
        inst.validate()?;
        let mut t = [0.0; 5];
        let mut plans = Vec::new();
        let shared = Shared::new(&inst);
        for (i, a) in MultiAlgorithm::ALL.iter().copied().enumerate() {
            let plan = a.run_shared(&shared);
            t[i] = completion_time_multi(&inst, &plan).map_err(|e| {
                Error::InvalidPlan(format!("{} (broadcast from P{src}): {e}", a.short()))
            })?;
            if a != MultiAlgorithm::Fef {
                plans.push(plan);
            }
        }
        t[4] = lower_bound_value(&inst);
        Ok((t, [plans[0] == plans[1], plans[1] == plans[2]]))
    })?;
    let n = spec.nodes as f64;
    let mean = |i: usize| per_source.iter().map(|(t, _)| t[i]).sum::<f64>() / n;
    let spread = |t: &[f64; 5]| {
        let (lo, hi) = t[1..4]
            .iter()
            .fold((f64::INFINITY, 0.0f64), |(lo, hi), &x| {
                (lo.min(x), hi.max(x))
            });
        (hi - lo) / lo
    };
    Ok(BroadcastRow {
        network: spec.network,
        size: spec.size,
        sources: spec.nodes,
        fef: mean(0),
        ecf: mean(1),
        wr: mean(2),
        wrp: mean(3),
        lower_bound: mean(4),
        same_plans: per_source.iter().filter(|(_, s)| s[0] && s[1]).count(),
        ecf_wr_same_plans: per_source.iter().filter(|(_, s)| s[0]).count(),
        wr_wrp_same_plans: per_source.iter().filter(|(_, s)| s[1]).count(),
        same_times: per_source
            .iter()
            .filter(|(t, _)| spread(t) <= TIME_TOLERANCE)
            .count(),
        max_spread: per_source
            .iter()
            .map(|(t, _)| spread(t))
            .fold(0.0, f64::max),
    })
}

/// The CSV header of [`broadcast_csv`].
pub const BROADCAST_CSV_HEADER: &str =
    "network,size,sources,fef,ecf,wr,wrp,lower_bound,same_plans,ecf_wr_same_plans,wr_wrp_same_plans,same_times,max_spread";

/// Broadcast rows as CSV: [`BROADCAST_CSV_HEADER`], then one line per row.
pub fn broadcast_csv(rows: &[BroadcastRow]) -> String {
    csv(BROADCAST_CSV_HEADER, rows, |r| {
        format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{}",
            r.network.key(),
            r.size,
            r.sources,
            r.fef,
            r.ecf,
            r.wr,
            r.wrp,
            r.lower_bound,
            r.same_plans,
            r.ecf_wr_same_plans,
            r.wr_wrp_same_plans,
            r.same_times,
            r.max_spread
        )
    })
}
