//! The `gonzalez-random` experiment: random instances over the number of processors `n`, the
//! degree `d` and the fan-out; for each, the steps of every algorithm, over `d` and over the
//! optimum where the exact search runs. It answers how far below `2d` Gonzalez's algorithm
//! lands in practice.

use super::algo::{gonzalez, no_forwarding, optimal, single_send};
use super::generate::random_degree;
use super::simulate;
use crate::error::Error;

/// What to run.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Spec {
    /// Processor counts.
    pub processors: Vec<usize>,
    /// Target degrees (an instance's degree may come out lower).
    pub degrees: Vec<usize>,
    /// Largest fan-outs.
    pub fanouts: Vec<usize>,
    /// Instances per (n, d, fan-out).
    pub seeds: u64,
}

impl Default for Spec {
    /// n ∈ {6, 8, 16, 32}, d ∈ {1, 2, 3, 4, 6}, fan-out ∈ {1, 2, 4, 8}, 20 instances each.
    fn default() -> Self {
        Spec {
            processors: vec![6, 8, 16, 32],
            degrees: vec![1, 2, 3, 4, 6],
            fanouts: vec![1, 2, 4, 8],
            seeds: 20,
        }
    }
}

/// One instance's results.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Row {
    /// Processors.
    pub n: usize,
    /// Target degree.
    pub d_target: usize,
    /// Largest fan-out.
    pub fanout: usize,
    /// Seed.
    pub seed: u64,
    /// The instance's degree d.
    pub degree: usize,
    /// Messages.
    pub messages: usize,
    /// Transfers.
    pub transfers: usize,
    /// Steps of gonzalez.
    pub gonzalez: usize,
    /// Steps of single-send, and whether exact.
    pub single_send: (usize, bool),
    /// Steps of no-forwarding, and whether exact.
    pub no_forwarding: (usize, bool),
    /// The optimum with forwarding, where the exact search runs.
    pub optimal: Option<usize>,
}

/// Run one instance.
pub fn row(n: usize, d_target: usize, fanout: usize, seed: u64) -> Result<Row, Error> {
    let inst = random_degree(n, d_target, fanout, n * d_target, seed);
    let steps = |plan: &super::MmPlan| simulate(&inst, plan).map(|s| s.steps);
    let g = steps(&gonzalez::gonzalez(&inst)?.plan)?;
    let (ss, ss_exact) = single_send::single_send(&inst);
    let (nf, nf_exact) = no_forwarding::no_forwarding(&inst);
    let opt = match optimal::optimal(&inst) {
        Ok(plan) => Some(steps(&plan)?),
        Err(Error::TooLarge { .. }) => None,
        Err(e) => return Err(e),
    };
    Ok(Row {
        n,
        d_target,
        fanout,
        seed,
        degree: inst.degree(),
        messages: inst.messages.len(),
        transfers: inst.transfers(),
        gonzalez: g,
        single_send: (steps(&ss)?, ss_exact),
        no_forwarding: (steps(&nf)?, nf_exact),
        optimal: opt,
    })
}

/// Every (n, d, fan-out, seed) of `spec`, in the order of [`run`]'s rows.
pub fn jobs(spec: &Spec) -> Vec<(usize, usize, usize, u64)> {
    let mut jobs = Vec::new();
    for &n in &spec.processors {
        for &d in &spec.degrees {
            for &f in &spec.fanouts {
                for seed in 0..spec.seeds {
                    jobs.push((n, d, f, seed));
                }
            }
        }
    }
    jobs
}

/// A [`row`] for every one of [`jobs`], in order; `progress(done, total)` after each.
pub fn run(spec: &Spec, mut progress: impl FnMut(usize, usize)) -> Result<Vec<Row>, Error> {
    let jobs = jobs(spec);
    let total = jobs.len();
    let mut rows = Vec::with_capacity(total);
    for (i, (n, d, f, seed)) in jobs.into_iter().enumerate() {
        rows.push(row(n, d, f, seed)?);
        progress(i + 1, total);
    }
    Ok(rows)
}

/// The rows as CSV, one line per instance.
pub fn csv(rows: &[Row]) -> String {
    let mut out = String::from(
        "n,d_target,fanout,seed,degree,messages,transfers,gonzalez,single_send,single_send_exact,no_forwarding,no_forwarding_exact,optimal\n",
    );
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
            r.n,
            r.d_target,
            r.fanout,
            r.seed,
            r.degree,
            r.messages,
            r.transfers,
            r.gonzalez,
            r.single_send.0,
            r.single_send.1,
            r.no_forwarding.0,
            r.no_forwarding.1,
            r.optimal.map_or(String::new(), |o| o.to_string())
        ));
    }
    out
}

/// Per degree d: instances, mean and largest steps/d of each algorithm, and of gonzalez over
/// the optimum where known.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    /// The degree.
    pub degree: usize,
    /// Instances of this degree.
    pub count: usize,
    /// Mean steps / d: gonzalez, single-send, no-forwarding.
    pub mean_over_d: [f64; 3],
    /// Largest gonzalez steps / d.
    pub max_gonzalez_over_d: f64,
    /// Instances with a known optimum, mean optimum / d, mean and largest gonzalez / optimum.
    pub with_optimum: usize,
    /// Mean optimum / d.
    #[serde(deserialize_with = "nan_if_null")]
    pub mean_opt_over_d: f64,
    /// Mean gonzalez / optimum.
    #[serde(deserialize_with = "nan_if_null")]
    pub mean_gonzalez_over_opt: f64,
    /// Largest gonzalez / optimum.
    #[serde(deserialize_with = "nan_if_null")]
    pub max_gonzalez_over_opt: f64,
}

/// A [`Summary`] ratio read back: JSON's `null` (what serde_json writes for NaN, no optimum
/// known) is NaN again.
fn nan_if_null<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(<Option<f64> as serde::Deserialize>::deserialize(d)?.unwrap_or(f64::NAN))
}

/// The rows summarised by degree (degree 0, no message, left out).
pub fn summary(rows: &[Row]) -> Vec<Summary> {
    let mut degrees: Vec<usize> = rows.iter().map(|r| r.degree).filter(|&d| d > 0).collect();
    degrees.sort_unstable();
    degrees.dedup();
    degrees
        .into_iter()
        .map(|d| {
            let mine: Vec<&Row> = rows.iter().filter(|r| r.degree == d).collect();
            let c = mine.len() as f64;
            let df = d as f64;
            let mean =
                |f: &dyn Fn(&Row) -> usize| mine.iter().map(|r| f(r) as f64 / df).sum::<f64>() / c;
            let opt: Vec<(usize, usize)> = mine
                .iter()
                .filter_map(|r| r.optimal.map(|o| (r.gonzalez, o)))
                .collect();
            let oc = opt.len() as f64;
            Summary {
                degree: d,
                count: mine.len(),
                mean_over_d: [
                    mean(&|r| r.gonzalez),
                    mean(&|r| r.single_send.0),
                    mean(&|r| r.no_forwarding.0),
                ],
                max_gonzalez_over_d: mine
                    .iter()
                    .map(|r| r.gonzalez as f64 / df)
                    .fold(0.0, f64::max),
                with_optimum: opt.len(),
                mean_opt_over_d: if opt.is_empty() {
                    f64::NAN
                } else {
                    opt.iter().map(|&(_, o)| o as f64 / df).sum::<f64>() / oc
                },
                mean_gonzalez_over_opt: if opt.is_empty() {
                    f64::NAN
                } else {
                    opt.iter().map(|&(g, o)| g as f64 / o as f64).sum::<f64>() / oc
                },
                max_gonzalez_over_opt: opt
                    .iter()
                    .map(|&(g, o)| g as f64 / o as f64)
                    .fold(f64::NAN, f64::max),
            }
        })
        .collect()
}
