//! The one-source model (node and sender-receiver, papers 000 and 004) in the CLI: its
//! `hetcast run` output ([`run`]), the experiment of paper 004 ([`experiment`]) and its benches
//! ([`bench`]).

pub mod bench;
pub mod experiment;
pub mod explore;

use crate::common::{
    algorithm, algorithm_choices, read_plan, solve, Format, Output, RunArgs, SimulateArgs,
};
use crate::files::json;
use hetcast_core::catalog::Catalog;
use hetcast_core::export::csv::{results_csv, ResultRow};
use hetcast_core::export::{dot, trace_event};
use hetcast_core::layout::svg;
use hetcast_core::models::overhead::algo::Algorithm;
use hetcast_core::models::overhead::bounds;
use hetcast_core::models::overhead::plan::Plan;
use hetcast_core::models::overhead::simulate::{simulate as simulate_plan, Schedule, SendOp};
use hetcast_core::models::overhead::trace::Trace;
use hetcast_core::models::overhead::view;
use hetcast_core::models::overhead::{Instance, Overhead};
use serde::Serialize;

/// The algorithm `run` uses without `--algo`.
pub(crate) const DEFAULT: Algorithm = Algorithm::Greedy;

/// The usage lines of `run` on a one-source instance.
pub fn usage() -> String {
    format!(
        "node or sender-receiver instance: ALGO {}",
        algorithm_choices::<Overhead>(DEFAULT, &[])
    )
}

/// The JSON `hetcast run` writes (documented in docs/formats.md, "Run output").
#[derive(Debug, Serialize)]
pub struct RunOutput<'a> {
    /// "hetcast-run", or "hetcast-simulate" for a plan read by `simulate`.
    pub format: &'static str,
    /// Version of this output format (1).
    pub version: u32,
    /// The algorithm's key (`greedy` also for `fnf`).
    pub algorithm: &'static str,
    /// The algorithm's display name.
    pub algorithm_title: &'static str,
    /// The seed, for random selection only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// "node" or "sender_receiver".
    pub model: &'static str,
    /// The source's index.
    pub source: usize,
    /// Display names (`P{i}` when the file gives none).
    pub names: Vec<String>,
    /// Latest `ready` over destinations.
    pub completion_time: f64,
    /// `hetcast_core::models::overhead::bounds::lower_bound`.
    pub lower_bound: f64,
    /// Parent per node (null for the source).
    pub parent: &'a [Option<usize>],
    /// Children per node, in send order.
    pub children: &'a [Vec<usize>],
    /// When each node holds the message (0 for the source).
    pub ready: &'a [f64],
    /// When each node starts receiving (null for the source).
    pub recv_start: &'a [Option<f64>],
    /// Every send, grouped by sender in send order.
    pub sends: &'a [SendOp],
    /// The algorithm's steps (omitted when it has none).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub trace: &'a Trace,
    /// The plan, loadable as a Plan.
    pub plan: &'a Plan,
}

/// `hetcast run` on a one-source instance: the text to write.
pub fn run(a: &RunArgs, inst: &Instance) -> Result<String, String> {
    no_message(&a.output)?;
    let algo = algorithm::<Overhead>(a.algo.as_deref(), DEFAULT, &[], "")?;
    let seed = a.seed.unwrap_or(0);
    let (sol, s) = solve::<Overhead>(inst, algo, seed)?;
    // The headings of the app's views ("Greedy — Gantt chart, 12 nodes, T = 10"), with the
    // algorithm's name in this model (greedy is FNF in the sender-receiver model).
    let name = match algo {
        Algorithm::Random => format!("{} (seed {seed})", algo.name_in(inst.model)),
        a => a.name_in(inst.model).to_string(),
    };
    write(a.output.format, inst, &s, algo.key(), &name, || {
        json(&RunOutput {
            format: "hetcast-run",
            version: 1,
            algorithm: algo.key(),
            algorithm_title: algo.name_in(inst.model),
            seed: (algo == Algorithm::Random).then_some(seed),
            ..output(inst, &s, &sol.trace, &sol.plan)
        })
    })
}

/// `hetcast simulate` on a one-source instance: time the plan in `text` (read from `shown`).
pub fn simulate(
    a: &SimulateArgs,
    inst: &Instance,
    text: &str,
    shown: &str,
) -> Result<String, String> {
    no_message(&a.output)?;
    let plan: Plan = read_plan(text, shown, &["source", "children", "wait"])?;
    let s = simulate_plan(inst, &plan).map_err(|e| format!("{shown}: {e}"))?;
    write(a.output.format, inst, &s, PLAN, PLAN_TITLE, || {
        json(&output(inst, &s, &Trace::new(), &plan))
    })
}

/// What `algorithm` says for a plan read by `simulate`, and its title.
const PLAN: &str = "plan";
const PLAN_TITLE: &str = "Plan";

fn no_message(o: &Output) -> Result<(), String> {
    match o.message {
        Some(_) => {
            Err("--message applies to a many-source instance (\"model\": \"multi\") only".into())
        }
        None => Ok(()),
    }
}

/// The JSON of schedule `s` (the `simulate` output; `run` sets its algorithm and seed).
fn output<'a>(inst: &Instance, s: &'a Schedule, trace: &'a Trace, plan: &'a Plan) -> RunOutput<'a> {
    RunOutput {
        format: "hetcast-simulate",
        version: 1,
        algorithm: PLAN,
        algorithm_title: PLAN_TITLE,
        seed: None,
        model: inst.model.name(),
        source: inst.source,
        names: (0..inst.len()).map(|v| inst.label(v)).collect(),
        completion_time: s.completion_time,
        lower_bound: bounds::lower_bound(inst),
        parent: &s.parent,
        children: &s.children,
        ready: &s.ready,
        recv_start: &s.recv_start,
        sends: &s.sends,
        trace,
        plan,
    }
}

/// Schedule `s` in `format` (JSON: `json()`); `name` heads the pictures, `key` and `name`
/// are the CSV's algorithm and title.
fn write(
    format: Format,
    inst: &Instance,
    s: &Schedule,
    key: &str,
    name: &str,
    json: impl FnOnce() -> Result<String, String>,
) -> Result<String, String> {
    Ok(match format {
        Format::Json => return json(),
        Format::SvgTree => svg::to_svg(&view::tree_scene(
            inst,
            s,
            &view::TreeOptions {
                title: view::tree_heading(name, inst, s),
                ..Default::default()
            },
        )),
        Format::SvgGantt => svg::to_svg(&view::gantt_scene(
            inst,
            s,
            &view::GanttOptions {
                title: view::gantt_heading(name, inst, s),
                ..Default::default()
            },
        )),
        Format::TraceEvent => {
            trace_event::overhead(inst, s, &view::gantt_heading(name, inst, s)).to_json()
        }
        Format::Dot => dot::overhead(inst, s, &view::tree_heading(name, inst, s)),
        Format::Csv => results_csv(&[ResultRow::overhead(inst, key, name, s)]),
        Format::SvgGraph | Format::SvgTimeline | Format::Lp => {
            return Err(format!(
                "--format {} applies to platform instances only",
                format.key()
            ))
        }
        Format::AnimatedTree | Format::AnimatedGantt => {
            return Err(format!(
                "--format {} applies to `hetcast run`",
                format.key()
            ))
        }
    })
}
