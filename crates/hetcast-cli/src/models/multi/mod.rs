//! The many-source model (Wu, Yeh, Liu, paper 001) in the CLI: its `hetcast run` output
//! ([`run`]: `--algo fef|ecf|wr|wrp|all`, default wrp; `--message K`, the tree's message (svg-tree, dot),
//! default 0), the experiments of paper 001 ([`experiment`]) and its bench ([`bench`]).

pub mod bench;
pub mod experiment;
pub mod search;

use crate::common::{
    algorithm, algorithm_choices, read_plan, solve, Format, Output, RunArgs, SimulateArgs,
};
use crate::files::json;
use hetcast_core::catalog::Catalog;
use hetcast_core::export::csv::{results_csv, ResultRow};
use hetcast_core::export::{dot, trace_event};
use hetcast_core::layout::svg;
use hetcast_core::models::multi::algo::lower_bound::lower_bound;
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::multi::view::{
    gantt_heading, multi_gantt_scene, multi_tree_scene, tree_heading, MultiGanttOptions,
    MultiTreeOptions,
};
use hetcast_core::models::multi::{
    simulate_multi, Multi, MultiInstance, MultiPlan, MultiSchedule, Transfer,
};
use hetcast_core::units::fmt_us;
use serde::Serialize;

/// The algorithm `run` uses without `--algo`.
pub(crate) const DEFAULT: MultiAlgorithm = MultiAlgorithm::Wrp;

/// `--algo all`: every algorithm, one JSON array.
const ALL: &str = "all";

/// The usage lines of `run` on a many-source instance.
pub fn usage() -> String {
    format!(
        "many-source instance (\"model\": \"multi\"): ALGO {}; --message K picks the message of svg-tree and dot (default 0)",
        algorithm_choices::<Multi>(DEFAULT, &[ALL])
    )
}

/// The JSON `hetcast run` writes for one algorithm on a many-source instance
/// (docs/formats.md, "Run output, many-source model").
#[derive(Debug, Serialize)]
pub struct MultiRunOutput<'a> {
    /// "hetcast-run", or "hetcast-simulate" for a plan read by `simulate`.
    pub format: &'static str,
    /// Version of this output format (1).
    pub version: u32,
    /// Always "multi".
    pub model: &'static str,
    /// fef, ecf, wr or wrp; `plan` for a plan read by `simulate`.
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
    algorithm: &'static str,
    algorithm_title: &'static str,
    lb: f64,
    s: &'a MultiSchedule,
    plan: &'a MultiPlan,
) -> MultiRunOutput<'a> {
    MultiRunOutput {
        format: "hetcast-run",
        version: 1,
        model: "multi",
        algorithm,
        algorithm_title,
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
pub fn run(a: &RunArgs, inst: &MultiInstance) -> Result<String, String> {
    if a.seed.is_some() {
        return Err("--seed applies to random selection only, not to the many-source model".into());
    }
    let algos: Vec<MultiAlgorithm> = match a.algo.as_deref() {
        Some(name) if name.eq_ignore_ascii_case(ALL) => MultiAlgorithm::ALL.to_vec(),
        name => vec![algorithm::<Multi>(
            name,
            DEFAULT,
            &[ALL],
            " for a many-source instance",
        )?],
    };
    let format = a.output.format;
    check_message(&a.output, inst)?;
    if !matches!(format, Format::Json | Format::Csv) && algos.len() > 1 {
        return Err(format!(
            "--algo all writes json or csv only; choose one algorithm for {} ({})",
            format.key(),
            MultiAlgorithm::keys(", ")
        ));
    }
    let lb = lower_bound(inst).value;
    let solved = algos
        .iter()
        .map(|&al| solve::<Multi>(inst, al, 0).map(|(sol, s)| (al, sol.plan, s)))
        .collect::<Result<Vec<_>, String>>()?;
    match format {
        Format::Json => {
            let outs: Vec<MultiRunOutput> = solved
                .iter()
                .map(|(al, p, s)| output(inst, al.key(), al.title(), lb, s, p))
                .collect();
            if outs.len() == 1 {
                json(&outs[0])
            } else {
                json(&outs)
            }
        }
        Format::Csv => Ok(results_csv(
            &solved
                .iter()
                .map(|(al, _, s)| ResultRow::multi(inst, al.key(), al.title(), s))
                .collect::<Vec<_>>(),
        )),
        _ => {
            let (algo, _, s) = &solved[0];
            Ok(picture(&a.output, inst, s, algo.short(), lb))
        }
    }
}

/// `hetcast simulate` on a many-source instance: time the task lists in `text` (read from
/// `shown`).
pub fn simulate(
    a: &SimulateArgs,
    inst: &MultiInstance,
    text: &str,
    shown: &str,
) -> Result<String, String> {
    check_message(&a.output, inst)?;
    let plan: MultiPlan = read_plan(text, shown, &["tasks"])?;
    let s = simulate_multi(inst, &plan).map_err(|e| format!("{shown}: {e}"))?;
    let lb = lower_bound(inst).value;
    Ok(match a.output.format {
        Format::Json => json(&MultiRunOutput {
            format: "hetcast-simulate",
            ..output(inst, PLAN, PLAN_TITLE, lb, &s, &plan)
        })?,
        Format::Csv => results_csv(&[ResultRow::multi(inst, PLAN, PLAN_TITLE, &s)]),
        _ => picture(&a.output, inst, &s, PLAN_TITLE, lb),
    })
}

/// What `algorithm` says for a plan read by `simulate`, and its title.
const PLAN: &str = "plan";
const PLAN_TITLE: &str = "Plan";

/// `--message K` needs a format that draws one message's tree and a message `K`.
fn check_message(o: &Output, inst: &MultiInstance) -> Result<(), String> {
    let Some(k) = o.message else {
        return Ok(());
    };
    if !matches!(o.format, Format::SvgTree | Format::Dot) {
        return Err("--message applies to --format svg-tree and dot only".into());
    }
    if k >= inst.messages.len() {
        return Err(format!(
            "--message {k}: there is no message m{k} (messages m0 to m{})",
            inst.messages.len() - 1
        ));
    }
    Ok(())
}

/// Schedule `s` as a picture or trace: svg-gantt, svg-tree, trace-event or dot, headed like
/// the app's views with the lower bound added (`name`: the algorithm's short name).
fn picture(o: &Output, inst: &MultiInstance, s: &MultiSchedule, name: &str, lb: f64) -> String {
    let lb_words = format!(" (lower bound {})", fmt_us(lb));
    let k = o.message.unwrap_or(0);
    let tree_title = || tree_heading(name, inst, s, k) + &lb_words;
    let gantt_title = || gantt_heading(name, inst, s) + &lb_words;
    match o.format {
        Format::SvgTree => svg::to_svg(&multi_tree_scene(
            inst,
            s,
            k,
            &MultiTreeOptions {
                title: tree_title(),
                ..Default::default()
            },
        )),
        Format::Dot => dot::multi(inst, s, k, &tree_title()).unwrap_or_default(),
        Format::TraceEvent => trace_event::multi(inst, s, &gantt_title()).to_json(),
        _ => svg::to_svg(&multi_gantt_scene(
            inst,
            s,
            &MultiGanttOptions {
                title: gantt_title(),
                ..Default::default()
            },
        )),
    }
}
