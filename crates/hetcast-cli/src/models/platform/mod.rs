//! The platform model (Beaumont, Legrand, Marchal, Robert, paper 002) in the CLI: its
//! `hetcast run` output ([`run`]: `--algo multicast-lb|...|all`, default reduced-broadcast;
//! `--format json|svg-graph|svg-timeline|lp`), the figure 11 experiment ([`experiment`]) and
//! its bench ([`bench`]).

pub mod bench;
pub mod experiment;

use crate::common::{algorithm, algorithm_choices, solve, Format, RunArgs};
use crate::files::json;
use hetcast_core::catalog::Catalog;
use hetcast_core::layout::svg;
use hetcast_core::models::platform::lp::{Bound, LpSpec, Program};
use hetcast_core::models::platform::{
    view, PeriodicSchedule, Platform, PlatformAlgorithm, PlatformInstance, PlatformSolution,
};
use hetcast_core::models::Model;
use serde::Serialize;

/// The algorithm `run` uses without `--algo`.
pub(crate) const DEFAULT: PlatformAlgorithm = PlatformAlgorithm::ReducedBroadcast;

/// `--algo all`: every algorithm, one JSON array.
const ALL: &str = "all";

/// The usage line of `run` on a platform instance.
pub fn usage() -> String {
    format!(
        "platform instance (\"model\": \"platform\"): ALGO {}; formats json, svg-graph, svg-timeline, lp (the LP of multicast-lb, multicast-lb-printed, multicast-ub or broadcast-eb)",
        algorithm_choices::<Platform>(DEFAULT, &[ALL])
    )
}

/// One edge's load in the output.
#[derive(Debug, Serialize)]
pub struct EdgeLoad {
    /// Sender.
    pub from: usize,
    /// Receiver.
    pub to: usize,
    /// `n(j,k)`: messages per multicast on the edge.
    pub load: f64,
}

/// The JSON `hetcast run` writes for one algorithm on a platform (docs/formats.md).
#[derive(Debug, Serialize)]
pub struct PlatformRunOutput<'a> {
    /// "hetcast-run".
    pub format: &'static str,
    /// Version of this output (1).
    pub version: u32,
    /// Always "platform".
    pub model: &'static str,
    /// The algorithm's key.
    pub algorithm: &'static str,
    /// Its full name.
    pub algorithm_title: &'static str,
    /// `T*`: time per multicast (the period of the periodic schedule).
    pub period: f64,
    /// `1 / T*`: multicasts per time unit.
    pub throughput: f64,
    /// The LP's own value of `T` (LP algorithms and heuristics), else null.
    pub lp_value: Option<f64>,
    /// Whether the throughput is achievable (false for Multicast-LB, a bound).
    pub achievable: bool,
    /// Edges with a positive load.
    pub edges: Vec<EdgeLoad>,
    /// The sub-platform kept.
    pub nodes_kept: &'a [usize],
    /// The sources (the platform's first; AUGMENTED_SOURCES adds secondary ones).
    pub sources: &'a [usize],
    /// MCPH's tree as `[from, to]` pairs (empty for the others).
    pub tree: Vec<[usize; 2]>,
    /// One period: `{from, to, start, end}`.
    pub schedule: &'a [hetcast_core::models::platform::Transfer],
    /// The algorithm's steps, one sentence each.
    pub steps: Vec<String>,
}

fn output<'a>(
    inst: &PlatformInstance,
    sol: &'a PlatformSolution,
    s: &'a PeriodicSchedule,
) -> PlatformRunOutput<'a> {
    let al = sol.algorithm;
    PlatformRunOutput {
        format: "hetcast-run",
        version: 1,
        model: "platform",
        algorithm: al.key(),
        algorithm_title: al.title(),
        period: s.period,
        throughput: s.throughput(),
        lp_value: sol.lp_value,
        achievable: al.achievable(),
        edges: inst
            .edges
            .iter()
            .zip(&sol.loads)
            .filter(|(_, &l)| l > 0.0)
            .map(|(e, &load)| EdgeLoad {
                from: e.from,
                to: e.to,
                load,
            })
            .collect(),
        nodes_kept: &sol.nodes_kept,
        sources: &sol.sources,
        tree: sol
            .tree
            .iter()
            .map(|&e| [inst.edges[e].from, inst.edges[e].to])
            .collect(),
        schedule: &s.transfers,
        steps: sol.trace.iter().map(|st| st.text.clone()).collect(),
    }
}

/// The LP `algo` solves on the whole platform, in CPLEX LP format.
pub fn lp_text(inst: &PlatformInstance, algo: PlatformAlgorithm) -> Result<String, String> {
    let n = inst.node_count();
    let (targets, bound) = match algo {
        PlatformAlgorithm::MulticastLb | PlatformAlgorithm::MulticastLbPrinted => {
            (inst.targets.clone(), Bound::Lower)
        }
        PlatformAlgorithm::MulticastUb => (inst.targets.clone(), Bound::Upper),
        PlatformAlgorithm::BroadcastEb | PlatformAlgorithm::Broadcast => (
            (0..n).filter(|&v| v != inst.source).collect(),
            Bound::Lower,
        ),
        other => {
            return Err(format!(
                "--format lp writes the LP of multicast-lb, multicast-lb-printed, multicast-ub or broadcast-eb; {} solves many LPs",
                other.key()
            ))
        }
    };
    let spec = LpSpec {
        alive: vec![true; n],
        sources: vec![inst.source],
        targets,
        bound,
    };
    let program = if algo == PlatformAlgorithm::MulticastLbPrinted {
        Program::build_printed(inst, &spec)
    } else {
        Program::build(inst, &spec)
    };
    Ok(program.to_cplex(&format!(
        "{} (Beaumont, Legrand, Marchal, Robert, section 5.1), written by hetcast",
        algo.title()
    )))
}

/// `hetcast run` on a platform instance: the text to write.
pub fn run(a: &RunArgs, inst: &PlatformInstance) -> Result<String, String> {
    if a.seed.is_some() {
        return Err("--seed applies to random selection only, not to the platform model".into());
    }
    let algos: Vec<PlatformAlgorithm> = match a.algo.as_deref() {
        // Every algorithm that takes a platform of this size (the best single tree has a limit).
        Some(name) if name.eq_ignore_ascii_case(ALL) => PlatformAlgorithm::ALL
            .iter()
            .copied()
            .filter(|al| al.fits(inst))
            .collect(),
        name => vec![algorithm::<Platform>(
            name,
            DEFAULT,
            &[ALL],
            " for a platform instance",
        )?],
    };
    let format = a.output.format;
    if format != Format::Json && algos.len() > 1 {
        return Err(format!(
            "--algo all writes json only; choose one algorithm for {} ({})",
            format.key(),
            PlatformAlgorithm::keys(", ")
        ));
    }
    if format == Format::Lp {
        return lp_text(inst, algos[0]);
    }
    if !matches!(
        format,
        Format::Json | Format::SvgGraph | Format::SvgTimeline | Format::SvgTree | Format::SvgGantt
    ) {
        return Err(format!(
            "--format {} does not apply to platform instances (json, svg-graph, svg-timeline, lp)",
            format.key()
        ));
    }
    let solved = algos
        .iter()
        .map(|&al| solve::<Platform>(inst, al, 0))
        .collect::<Result<Vec<_>, String>>()?;
    match format {
        Format::Json => {
            let outs: Vec<PlatformRunOutput> =
                solved.iter().map(|(sol, s)| output(inst, sol, s)).collect();
            if outs.len() == 1 {
                json(&outs[0])
            } else {
                json(&outs)
            }
        }
        // svg-graph and svg-tree are one picture here (the platform), as svg-timeline and
        // svg-gantt are (one period).
        Format::SvgGraph | Format::SvgTree => {
            let (sol, s) = &solved[0];
            Ok(svg::to_svg(&view::platform_scene(inst, sol.algorithm, s)))
        }
        _ => {
            let (sol, s) = &solved[0];
            Ok(svg::to_svg(&Platform::timeline_scene(
                inst,
                sol.algorithm,
                s,
                None,
            )))
        }
    }
}
