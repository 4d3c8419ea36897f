//! The one-source model (node and sender-receiver, papers 000 and 004) in the CLI: its
//! `hetcast run` output ([`run`]), the experiment of paper 004 ([`experiment`]) and its benches
//! ([`bench`]).

pub mod bench;
pub mod experiment;

use crate::args::Args;
use crate::files::json;
use crate::run::{algorithm, algorithm_choices, solve, Format};
use hetcast_core::catalog::Catalog;
use hetcast_core::layout::{gantt, svg, tree};
use hetcast_core::models::overhead::algo::Algorithm;
use hetcast_core::models::overhead::bounds;
use hetcast_core::models::overhead::plan::Plan;
use hetcast_core::models::overhead::simulate::SendOp;
use hetcast_core::models::overhead::trace::Trace;
use hetcast_core::models::overhead::{Instance, Overhead};
use serde::Serialize;

/// The algorithm `run` uses without `--algo`.
const DEFAULT: Algorithm = Algorithm::Greedy;

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
    /// Always "hetcast-run".
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
pub fn run(a: &Args, inst: &Instance) -> Result<String, String> {
    if a.get("message").is_some() {
        return Err(
            "--message applies to a many-source instance (\"model\": \"multi\") only".into(),
        );
    }
    let algo = algorithm::<Overhead>(a.get("algo"), DEFAULT, &[], "")?;
    let seed = a.number::<u64>("seed")?.unwrap_or(0);
    let format = Format::of(a)?;
    let (sol, s) = solve::<Overhead>(inst, algo, seed)?;
    // The headings of the app's views ("Greedy / FNF — Gantt chart, 12 nodes, T = 10").
    let name = match algo {
        Algorithm::Random => format!("{} (seed {seed})", algo.title()),
        a => a.title().to_string(),
    };
    Ok(match format {
        Format::Json => {
            let out = RunOutput {
                format: "hetcast-run",
                version: 1,
                algorithm: algo.key(),
                algorithm_title: algo.title(),
                seed: (algo == Algorithm::Random).then_some(seed),
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
                trace: &sol.trace,
                plan: &sol.plan,
            };
            json(&out)?
        }
        Format::SvgTree => svg::to_svg(&tree::tree_scene(
            inst,
            &s,
            &tree::TreeOptions {
                title: tree::heading(&name, inst, &s),
                at: None,
            },
        )),
        Format::SvgGantt => svg::to_svg(&gantt::gantt_scene(
            inst,
            &s,
            &gantt::GanttOptions {
                title: gantt::heading(&name, inst, &s),
                ..Default::default()
            },
        )),
    })
}
