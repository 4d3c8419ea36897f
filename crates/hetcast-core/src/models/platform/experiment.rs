//! The experiment of section 7 (paper 002, figure 11): Tiers-like platforms of 30 and 65
//! nodes, targets drawn among the LAN nodes at several densities, every heuristic's `T*`
//! divided by the lower bound (Multicast-LB) and by the scatter bound (Multicast-UB), averaged
//! over the platforms.

use super::algo::PlatformAlgorithm;
use super::generate::{tiers, TargetSpread, TiersSpec};
use super::PlatformInstance;
use crate::catalog::Catalog;
use crate::error::Error;
use serde::{Deserialize, Serialize};

/// The heuristics figure 11 compares, in its legend's order.
pub const HEURISTICS: [PlatformAlgorithm; 5] = [
    PlatformAlgorithm::Broadcast,
    PlatformAlgorithm::Mcph,
    PlatformAlgorithm::AugmentedMulticast,
    PlatformAlgorithm::ReducedBroadcast,
    PlatformAlgorithm::AugmentedSources,
];

/// What to run.
#[derive(Debug, Clone, PartialEq)]
pub struct Fig11Spec {
    /// Platforms per size (the paper: 10).
    pub platforms: usize,
    /// Target densities among the LAN nodes.
    pub densities: Vec<f64>,
    /// First seed; platform `k` of a size uses `seed + k`.
    pub seed: u64,
    /// Which sizes: "small" (30 nodes) and/or "big" (65 nodes).
    pub sizes: Vec<&'static str>,
    /// How the targets are drawn among the LAN nodes (the paper: uniformly).
    pub targets: TargetSpread,
}

impl Default for Fig11Spec {
    fn default() -> Self {
        Fig11Spec {
            platforms: 10,
            densities: vec![0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0],
            seed: 1,
            sizes: vec!["small", "big"],
            targets: TargetSpread::Uniform,
        }
    }
}

/// Read a list of target densities such as `0.1,0.5`: shares of the LAN nodes above 0 and at
/// most 1 (the error names the list).
pub fn parse_densities(list: &str) -> Result<Vec<f64>, String> {
    list.split(',')
        .map(|d| match d.trim().parse::<f64>() {
            Ok(v) if v > 0.0 && v <= 1.0 => Ok(v),
            _ => Err(format!(
                "{list}: shares of the LAN nodes above 0 and at most 1, e.g. 0.1,0.5"
            )),
        })
        .collect()
}

/// One point of figure 11: a size, a density, a heuristic, its mean ratios (with serde: the
/// app sends the rows to its web worker, which draws the charts).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fig11Row {
    /// "small" or "big".
    pub size: &'static str,
    /// Target density among the LAN nodes.
    pub density: f64,
    /// Mean number of targets.
    pub targets: f64,
    /// The heuristic's key.
    pub algorithm: &'static str,
    /// Mean of `T*(heuristic) / T*(Multicast-LB)` over the platforms.
    pub over_lb: f64,
    /// Mean of `T*(heuristic) / T*(Multicast-UB)`.
    pub over_scatter: f64,
}

/// A [`Fig11Row`] as read, its size and heuristic as text.
#[derive(Deserialize)]
struct RowText {
    size: String,
    density: f64,
    targets: f64,
    algorithm: String,
    over_lb: f64,
    over_scatter: f64,
}

impl<'de> Deserialize<'de> for Fig11Row {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Fig11Row, D::Error> {
        Fig11Row::try_from(RowText::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

impl TryFrom<RowText> for Fig11Row {
    type Error = String;

    /// The row, its size "small" or "big" ([`TiersSpec::small`], [`TiersSpec::big`]) and its
    /// heuristic the key of one of [`HEURISTICS`].
    fn try_from(r: RowText) -> Result<Fig11Row, String> {
        let size = ["small", "big"]
            .into_iter()
            .find(|k| *k == r.size)
            .ok_or_else(|| format!("no platform size '{}' (small or big)", r.size))?;
        let algorithm = HEURISTICS
            .iter()
            .map(|a| a.key())
            .find(|k| *k == r.algorithm)
            .ok_or_else(|| format!("'{}' is not a heuristic of figure 11", r.algorithm))?;
        Ok(Fig11Row {
            size,
            density: r.density,
            targets: r.targets,
            algorithm,
            over_lb: r.over_lb,
            over_scatter: r.over_scatter,
        })
    }
}

/// Platform `k` of the run's (`size`, `density`) cell, as [`platform_ratios`] draws it.
pub fn fig11_platform(spec: &Fig11Spec, size: &str, density: f64, k: usize) -> PlatformInstance {
    let shape = TiersSpec {
        targets: spec.targets,
        ..if size == "small" {
            TiersSpec::small(density)
        } else {
            TiersSpec::big(density)
        }
    };
    tiers(&shape, spec.seed + k as u64)
}

/// Platform `k` of the run's (`size`, `density`) cell: its number of targets and, per
/// heuristic of [`HEURISTICS`], its period over Multicast-LB's and over Multicast-UB's. One
/// platform's work, so that a run can be split across processes (the CLI's `--shard`).
pub fn platform_ratios(
    spec: &Fig11Spec,
    size: &str,
    density: f64,
    k: usize,
) -> Result<(usize, Vec<(f64, f64)>), Error> {
    let inst = fig11_platform(spec, size, density, k);
    let lb = PlatformAlgorithm::MulticastLb.solve(&inst)?.period;
    let ub = PlatformAlgorithm::MulticastUb.solve(&inst)?.period;
    let ratios = HEURISTICS
        .iter()
        .map(|&al| al.solve(&inst).map(|s| (s.period / lb, s.period / ub)))
        .collect::<Result<_, _>>()?;
    Ok((inst.targets.len(), ratios))
}

/// The rows of one (`size`, `density`) cell from its platforms' [`platform_ratios`]: per
/// heuristic, the mean ratios, and the mean number of targets.
pub fn cell_rows(
    size: &'static str,
    density: f64,
    platforms: &[(usize, Vec<(f64, f64)>)],
) -> Vec<Fig11Row> {
    let p = platforms.len().max(1) as f64;
    let targets = platforms.iter().map(|c| c.0 as f64).sum::<f64>();
    HEURISTICS
        .iter()
        .enumerate()
        .map(|(i, &al)| {
            let (lb, ub) = platforms
                .iter()
                .fold((0.0, 0.0), |(a, b), c| (a + c.1[i].0, b + c.1[i].1));
            Fig11Row {
                size,
                density,
                targets: targets / p,
                algorithm: al.key(),
                over_lb: lb / p,
                over_scatter: ub / p,
            }
        })
        .collect()
}

/// The platforms of a run in [`fig11`]'s order: (size, density, platform number). A run split
/// across processes or web workers does [`platform_ratios`] on each and joins them with
/// [`fig11_rows`].
pub fn fig11_platforms(spec: &Fig11Spec) -> Vec<(&'static str, f64, usize)> {
    let mut out = Vec::new();
    for &size in &spec.sizes {
        for &density in &spec.densities {
            for k in 0..spec.platforms {
                out.push((size, density, k));
            }
        }
    }
    out
}

/// The rows of [`fig11`] from the [`platform_ratios`] of every one of [`fig11_platforms`], in
/// that order (the same sums in the same order, so the same rows to the last bit).
pub fn fig11_rows(spec: &Fig11Spec, platforms: &[(usize, Vec<(f64, f64)>)]) -> Vec<Fig11Row> {
    let mut rows = Vec::new();
    let mut cells = platforms.chunks(spec.platforms.max(1));
    for &size in &spec.sizes {
        for &density in &spec.densities {
            let cell = cells.next().unwrap_or(&[]);
            rows.extend(cell_rows(size, density, cell));
        }
    }
    rows
}

/// Run the experiment; `progress(done, total)` after each platform.
pub fn fig11(
    spec: &Fig11Spec,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<Fig11Row>, Error> {
    let all = fig11_platforms(spec);
    let total = all.len();
    let mut done = Vec::with_capacity(total);
    for (size, density, k) in all {
        done.push(platform_ratios(spec, size, density, k)?);
        progress(done.len(), total);
    }
    Ok(fig11_rows(spec, &done))
}

/// The rows as CSV (RFC 4180).
pub fn fig11_csv(rows: &[Fig11Row]) -> String {
    let mut s =
        String::from("size,density,mean_targets,algorithm,title,over_lower_bound,over_scatter\n");
    for r in rows {
        let title = PlatformAlgorithm::parse(r.algorithm)
            .map(|a| a.short())
            .unwrap_or(r.algorithm);
        s.push_str(&format!(
            "{},{},{},{},{},{},{}\n",
            r.size, r.density, r.targets, r.algorithm, title, r.over_lb, r.over_scatter
        ));
    }
    s
}
