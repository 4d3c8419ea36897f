//! `hetcast run` on a many-source instance (`"model": "multi"`, paper 001):
//! `--algo fef|ecf|wr|wrp|all` (default wrp), `--format json|svg-gantt|svg-tree`,
//! `--message K` (the tree's message, default 0), `--out FILE`.

use crate::args::Args;
use crate::run::{emit, Format};
use hetcast_core::catalog::Catalog;
use hetcast_core::layout::multi_gantt::{self, multi_gantt_scene, MultiGanttOptions};
use hetcast_core::layout::multi_tree::{self, multi_tree_scene, MultiTreeOptions};
use hetcast_core::layout::svg;
use hetcast_core::models::multi::algo::lower_bound::lower_bound;
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::multi::{
    simulate_multi, MultiInstance, MultiPlan, MultiSchedule, Transfer,
};
use hetcast_core::units::fmt_us;
use serde::Serialize;

const ALGOS: &str = "fef, ecf, wr, wrp, all";

/// The JSON `hetcast run` writes for one algorithm on a many-source instance
/// (docs/formats.md, "Run output, many-source model").
#[derive(Debug, Serialize)]
pub struct MultiRunOutput<'a> {
    /// Always "hetcast-run".
    pub format: &'static str,
    /// Version of this output format (1).
    pub version: u32,
    /// Always "multi".
    pub model: &'static str,
    /// fef, ecf, wr or wrp.
    pub algorithm: &'static str,
    /// The algorithm's full name.
    pub algorithm_title: &'static str,
    /// Number of nodes.
    pub nodes: usize,
    /// Display names, `P{v}`.
    pub names: Vec<String>,
    /// The latest end of a receive (µs), from the simulator.
    pub completion_time: f64,
    /// The idealised lower bound (µs).
    pub lower_bound: f64,
    /// `completion_time / lower_bound`.
    pub ratio: f64,
    /// Per message, when its last destination holds it.
    pub message_completion: &'a [f64],
    /// Per node, when its last task ends.
    pub finish: &'a [f64],
    /// `parent[k][v]`: who sent message k to v.
    pub parent: &'a [Vec<Option<usize>>],
    /// Every transfer, timed.
    pub transfers: &'a [Transfer],
    /// The task lists, loadable as a MultiPlan.
    pub plan: &'a MultiPlan,
}

fn output<'a>(
    inst: &MultiInstance,
    algo: MultiAlgorithm,
    lb: f64,
    s: &'a MultiSchedule,
    plan: &'a MultiPlan,
) -> MultiRunOutput<'a> {
    MultiRunOutput {
        format: "hetcast-run",
        version: 1,
        model: "multi",
        algorithm: algo.key(),
        algorithm_title: algo.title(),
        nodes: inst.node_count(),
        names: (0..inst.node_count()).map(|v| inst.label(v)).collect(),
        completion_time: s.completion_time,
        lower_bound: lb,
        ratio: s.completion_time / lb,
        message_completion: &s.message_completion,
        finish: &s.finish,
        parent: &s.parent,
        transfers: &s.transfers,
        plan,
    }
}

/// Run and time one algorithm.
fn solve(inst: &MultiInstance, algo: MultiAlgorithm) -> Result<(MultiPlan, MultiSchedule), String> {
    let plan = algo.run(inst).map_err(|e| e.to_string())?;
    let s = simulate_multi(inst, &plan).map_err(|e| format!("{}: {e}", algo.key()))?;
    Ok((plan, s))
}

/// `hetcast run` on the many-source instance `text` (read from `shown`).
pub fn run(a: &Args, text: &str, shown: &str) -> Result<(), String> {
    let inst = MultiInstance::from_json(text).map_err(|e| format!("{shown}: {e}"))?;
    if a.get("seed").is_some() {
        return Err("--seed applies to random selection only, not to the many-source model".into());
    }
    let algo_name = a.get("algo").unwrap_or("wrp");
    let algos: Vec<MultiAlgorithm> = if algo_name.eq_ignore_ascii_case("all") {
        MultiAlgorithm::ALL.to_vec()
    } else {
        vec![MultiAlgorithm::parse(algo_name)
            .map_err(|e| format!("{e} (algorithms for a many-source instance: {ALGOS})"))?]
    };
    let format = Format::parse(a.get("format").unwrap_or("json"))?;
    let message = a.number::<usize>("message")?;
    if let Some(k) = message {
        if format != Format::SvgTree {
            return Err("--message applies to --format svg-tree only".into());
        }
        if k >= inst.messages.len() {
            return Err(format!(
                "--message {k}: there is no message m{k} (messages m0 to m{})",
                inst.messages.len() - 1
            ));
        }
    }
    if format != Format::Json && algos.len() > 1 {
        return Err(
            "--algo all writes JSON only; choose one algorithm for an SVG (fef, ecf, wr, wrp)"
                .into(),
        );
    }
    let lb = lower_bound(&inst).value;
    let text = match format {
        Format::Json => {
            let solved = algos
                .iter()
                .map(|&al| solve(&inst, al).map(|(p, s)| (al, p, s)))
                .collect::<Result<Vec<_>, String>>()?;
            let outs: Vec<MultiRunOutput> = solved
                .iter()
                .map(|(al, p, s)| output(&inst, *al, lb, s, p))
                .collect();
            let mut j = if outs.len() == 1 {
                serde_json::to_string_pretty(&outs[0])
            } else {
                serde_json::to_string_pretty(&outs)
            }
            .map_err(|e| format!("cannot write JSON: {e}"))?;
            j.push('\n');
            j
        }
        Format::SvgGantt | Format::SvgTree => {
            let algo = algos[0];
            let (_, s) = solve(&inst, algo)?;
            // The headings of the app's views, with the lower bound added.
            let lb_words = format!(" (lower bound {})", fmt_us(lb));
            if format == Format::SvgGantt {
                let heading = multi_gantt::heading(algo.short(), &inst, &s) + &lb_words;
                svg::to_svg(&multi_gantt_scene(
                    &inst,
                    &s,
                    &MultiGanttOptions {
                        title: heading,
                        ..Default::default()
                    },
                ))
            } else {
                let k = message.unwrap_or(0);
                let title = multi_tree::heading(algo.short(), &inst, &s, k) + &lb_words;
                svg::to_svg(&multi_tree_scene(&inst, &s, k, &MultiTreeOptions { title }))
            }
        }
    };
    emit(&text, a.get("out"))
}
