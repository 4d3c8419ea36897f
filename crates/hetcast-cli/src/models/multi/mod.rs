//! The many-source model (Wu, Yeh, Liu, paper 001) in the CLI: its `hetcast run` output
//! ([`run`]: `--algo fef|ecf|wr|wrp|all`, default wrp; `--message K`, the tree's message,
//! default 0), the experiments of paper 001 ([`experiment`]) and its bench ([`bench`]).

pub mod bench;
pub mod experiment;

use crate::args::Args;
use crate::files::json;
use crate::run::{algorithm, algorithm_choices, solve, Format};
use hetcast_core::catalog::Catalog;
use hetcast_core::layout::multi_gantt::{self, multi_gantt_scene, MultiGanttOptions};
use hetcast_core::layout::multi_tree::{self, multi_tree_scene, MultiTreeOptions};
use hetcast_core::layout::svg;
use hetcast_core::models::multi::algo::lower_bound::lower_bound;
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::multi::{Multi, MultiInstance, MultiPlan, MultiSchedule, Transfer};
use hetcast_core::units::fmt_us;
use serde::Serialize;

/// The algorithm `run` uses without `--algo`.
const DEFAULT: MultiAlgorithm = MultiAlgorithm::Wrp;

/// `--algo all`: every algorithm, one JSON array.
const ALL: &str = "all";

/// The usage lines of `run` on a many-source instance.
pub fn usage() -> String {
    format!(
        "many-source instance (\"model\": \"multi\"): ALGO {},\n      --message K picks the message of svg-tree (default 0)",
        algorithm_choices::<Multi>(DEFAULT, &[ALL])
    )
}

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

/// `hetcast run` on a many-source instance: the text to write.
pub fn run(a: &Args, inst: &MultiInstance) -> Result<String, String> {
    if a.get("seed").is_some() {
        return Err("--seed applies to random selection only, not to the many-source model".into());
    }
    let algos: Vec<MultiAlgorithm> = match a.get("algo") {
        Some(name) if name.eq_ignore_ascii_case(ALL) => MultiAlgorithm::ALL.to_vec(),
        name => vec![algorithm::<Multi>(
            name,
            DEFAULT,
            &[ALL],
            " for a many-source instance",
        )?],
    };
    let format = Format::of(a)?;
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
        return Err(format!(
            "--algo all writes JSON only; choose one algorithm for an SVG ({})",
            MultiAlgorithm::keys(", ")
        ));
    }
    let lb = lower_bound(inst).value;
    Ok(match format {
        Format::Json => {
            let solved = algos
                .iter()
                .map(|&al| solve::<Multi>(inst, al, 0).map(|(sol, s)| (al, sol.plan, s)))
                .collect::<Result<Vec<_>, String>>()?;
            let outs: Vec<MultiRunOutput> = solved
                .iter()
                .map(|(al, p, s)| output(inst, *al, lb, s, p))
                .collect();
            if outs.len() == 1 {
                json(&outs[0])?
            } else {
                json(&outs)?
            }
        }
        Format::SvgGantt | Format::SvgTree => {
            let algo = algos[0];
            let (_, s) = solve::<Multi>(inst, algo, 0)?;
            // The headings of the app's views, with the lower bound added.
            let lb_words = format!(" (lower bound {})", fmt_us(lb));
            if format == Format::SvgGantt {
                let heading = multi_gantt::heading(algo.short(), inst, &s) + &lb_words;
                svg::to_svg(&multi_gantt_scene(
                    inst,
                    &s,
                    &MultiGanttOptions {
                        title: heading,
                        ..Default::default()
                    },
                ))
            } else {
                let k = message.unwrap_or(0);
                let title = multi_tree::heading(algo.short(), inst, &s, k) + &lb_words;
                svg::to_svg(&multi_tree_scene(inst, &s, k, &MultiTreeOptions { title }))
            }
        }
    })
}
