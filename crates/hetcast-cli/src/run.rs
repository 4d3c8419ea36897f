//! `hetcast run INSTANCE.json --algo NAME [--seed N] [--format json|svg-tree|svg-gantt] [--out FILE]`
//! (a many-source instance, `"model": "multi"`, goes to [`crate::multi`]).

use crate::args::Args;
use hetcast_core::catalog::Catalog;
use hetcast_core::layout::{gantt, svg, tree};
use hetcast_core::models::overhead::algo::{self, Algorithm};
use hetcast_core::models::overhead::bounds;
use hetcast_core::models::overhead::plan::Plan;
use hetcast_core::models::overhead::simulate::{simulate, SendOp};
use hetcast_core::models::overhead::trace::Trace;
use hetcast_core::models::overhead::Instance;
use serde::Serialize;

/// The output format of `run`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The run output JSON (docs/formats.md).
    Json,
    /// The tree as an SVG document.
    SvgTree,
    /// The Gantt chart as an SVG document.
    SvgGantt,
}

impl Format {
    /// Parse `json`, `svg-tree` or `svg-gantt`.
    pub fn parse(s: &str) -> Result<Format, String> {
        match s {
            "json" => Ok(Format::Json),
            "svg-tree" => Ok(Format::SvgTree),
            "svg-gantt" => Ok(Format::SvgGantt),
            _ => Err(format!(
                "unknown format '{s}' (formats: json, svg-tree, svg-gantt)"
            )),
        }
    }
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

/// Read an instance file's text (`-` reads standard input) and the name to show in errors.
pub fn read_text(path: &str) -> Result<(String, String), String> {
    let text = if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        s
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?
    };
    let shown = if path == "-" { "standard input" } else { path };
    Ok((text, shown.to_string()))
}

/// Write `text` to `out`, or to standard output when `out` is `None`.
pub fn emit(text: &str, out: Option<&str>) -> Result<(), String> {
    match out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}")),
        None => {
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(text.as_bytes())
                .and_then(|_| stdout.flush())
                .map_err(|e| format!("cannot write to standard output: {e}"))
        }
    }
}

/// Run `hetcast run ARGS`.
pub fn run(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, &["algo", "seed", "format", "out", "message"])?;
    let path = match a.positional.as_slice() {
        [p] => p.as_str(),
        [] => {
            return Err(
                "run: which instance? usage: hetcast run INSTANCE.json --algo greedy".into(),
            )
        }
        more => {
            return Err(format!(
                "run takes one instance file, got {}: {}",
                more.len(),
                more.join(" ")
            ))
        }
    };
    let (text, shown) = read_text(path)?;
    if hetcast_core::ModelId::of_json(&text) == Some(hetcast_core::ModelId::Multi) {
        return crate::multi::run(&a, &text, &shown);
    }
    if a.get("message").is_some() {
        return Err(
            "--message applies to a many-source instance (\"model\": \"multi\") only".into(),
        );
    }
    let algo = Algorithm::parse(a.get("algo").unwrap_or("greedy")).map_err(|e| {
        format!("{e} (algorithms: greedy, fnf, random, optimal, lemma5, exhaustive)")
    })?;
    let seed = a.number::<u64>("seed")?.unwrap_or(0);
    let format = Format::parse(a.get("format").unwrap_or("json"))?;
    let inst = Instance::from_json(&text).map_err(|e| format!("{shown}: {e}"))?;
    let sol = algo::run(&inst, algo, seed).map_err(|e| e.to_string())?;
    let s = simulate(&inst, &sol.plan).map_err(|e| format!("{}: {e}", algo.key()))?;
    // The headings of the app's views ("Greedy / FNF — Gantt chart, 12 nodes, T = 10").
    let name = match algo {
        Algorithm::Random => format!("{} (seed {seed})", algo.title()),
        a => a.title().to_string(),
    };
    let text = match format {
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
                lower_bound: bounds::lower_bound(&inst),
                parent: &s.parent,
                children: &s.children,
                ready: &s.ready,
                recv_start: &s.recv_start,
                sends: &s.sends,
                trace: &sol.trace,
                plan: &sol.plan,
            };
            let mut j = serde_json::to_string_pretty(&out)
                .map_err(|e| format!("cannot write JSON: {e}"))?;
            j.push('\n');
            j
        }
        Format::SvgTree => svg::to_svg(&tree::tree_scene(
            &inst,
            &s,
            &tree::TreeOptions {
                title: tree::heading(&name, &inst, &s),
                at: None,
            },
        )),
        Format::SvgGantt => svg::to_svg(&gantt::gantt_scene(
            &inst,
            &s,
            &gantt::GanttOptions {
                title: gantt::heading(&name, &inst, &s),
                ..Default::default()
            },
        )),
    };
    emit(&text, a.get("out"))
}
