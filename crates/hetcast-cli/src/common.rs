//! What the commands and the models' runners share, below both: the arguments of `run`,
//! `simulate` and `experiment` (a model's runner takes them), the output [`Format`], and the
//! helpers every model's `run` uses ([`read_plan`], [`algorithm`], [`algorithm_choices`],
//! [`solve`]). It uses no other module of the CLI but [`crate::registry`] and
//! [`crate::shard`], so arrows go down: commands → models → this.

use crate::registry::{given, EntryArgs};
use clap::{Args, ValueEnum};
use hetcast_core::catalog::Catalog;
use hetcast_core::models::Model;
use serde::de::DeserializeOwned;

/// The output format of `run` and `simulate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The run output JSON (docs/formats.md section 3)
    Json,
    /// The tree as an SVG document (multimessage model: the bundled multigraph, also
    /// `svg-graph`)
    #[value(alias = "svg-graph")]
    SvgTree,
    /// The Gantt chart as an SVG document (multimessage model: the step timeline, also
    /// `svg-timeline`)
    #[value(alias = "svg-timeline")]
    SvgGantt,
    /// Chrome Trace Event JSON, for Perfetto and chrome://tracing
    TraceEvent,
    /// The tree as Graphviz DOT
    Dot,
    /// The results table as CSV (RFC 4180)
    Csv,
    /// The platform drawn with its edge loads (platform model)
    SvgGraph,
    /// One period of the periodic schedule (platform model)
    SvgTimeline,
    /// The linear program in CPLEX LP format (platform model, LP algorithms)
    Lp,
    /// The tree as an SVG that plays the schedule by itself (SMIL, no script), as the app's
    /// player (`run` only; the one-source and many-source models)
    AnimatedTree,
    /// The Gantt chart as an SVG that plays the schedule by itself, its cursor running
    /// (`run` only; every model)
    AnimatedGantt,
}

impl Format {
    /// The animated formats: the view they animate.
    pub fn animated(self) -> Option<hetcast_core::models::View> {
        match self {
            Format::AnimatedTree => Some(hetcast_core::models::View::Tree),
            Format::AnimatedGantt => Some(hetcast_core::models::View::Gantt),
            _ => None,
        }
    }

    /// The formats only the platform model writes.
    pub fn platform_only(self) -> bool {
        matches!(self, Format::SvgGraph | Format::SvgTimeline | Format::Lp)
    }
}

impl Format {
    /// The name `--format` takes.
    pub fn key(self) -> String {
        self.to_possible_value()
            .map(|v| v.get_name().to_string())
            .unwrap_or_default()
    }

    /// Every name, joined by `sep`, the default marked.
    pub fn choices(sep: &str) -> String {
        Format::value_variants()
            .iter()
            .map(|f| {
                if *f == Format::Json {
                    format!("{} (default)", f.key())
                } else {
                    f.key()
                }
            })
            .collect::<Vec<_>>()
            .join(sep)
    }
}

/// Where and how a result is written (`run`, `simulate`).
#[derive(Debug, Args)]
pub struct Output {
    /// The output format (docs/formats.md)
    #[arg(long, value_enum, default_value_t = Format::Json)]
    pub format: Format,
    /// Write to FILE instead of standard output
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Many-source model, svg-tree, animated-tree and dot: the message whose tree is drawn
    /// [default: 0]
    #[arg(long, value_name = "K")]
    pub message: Option<usize>,
    /// animated-tree and animated-gantt: the player's speed (0.25, 0.5, 1, 2, 4 or 8; 1: the
    /// whole schedule in 10 s) [default: 1]
    #[arg(long, value_name = "X")]
    pub speed: Option<f64>,
    /// animated-tree and animated-gantt: play once and stay on the whole schedule (default:
    /// loop)
    #[arg(long)]
    pub once: bool,
}

/// `hetcast run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The instance (JSON, docs/formats.md section 1); '-' reads standard input
    #[arg(value_name = "INSTANCE.json")]
    pub instance: String,
    /// The algorithm (the model's default when absent; the lists are below)
    #[arg(long, value_name = "ALGO")]
    pub algo: Option<String>,
    /// Random selection only: the seed [default: 0]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Output.
    #[command(flatten)]
    pub output: Output,
}

/// `hetcast simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The instance (JSON, docs/formats.md section 1); '-' reads standard input
    #[arg(value_name = "INSTANCE.json")]
    pub instance: String,
    /// The plan (JSON, docs/formats.md section 2), or a `hetcast run` output
    #[arg(value_name = "PLAN.json")]
    pub plan: String,
    /// Output.
    #[command(flatten)]
    pub output: Output,
}

/// `hetcast experiment`.
#[derive(Debug, Args)]
pub struct ExperimentArgs {
    /// The experiment (listed below)
    #[arg(value_name = "NAME")]
    pub names: Vec<String>,
    /// The directory the files are written in [default: .]
    #[arg(long, value_name = "DIR")]
    pub out: Option<String>,
    /// Random instances per point
    #[arg(long, value_name = "N")]
    pub runs: Option<usize>,
    /// The first seed
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// liu-fig6: the largest cluster size
    #[arg(long, value_name = "N")]
    pub n_max: Option<usize>,
    /// wu-fig3, wu-fig4: worker threads (0: every core)
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// greedy-explore: node or sender_receiver; explore: any model's tag
    #[arg(long, value_name = "MODEL")]
    pub model: Option<String>,
    /// greedy-explore, explore (node, sender_receiver): destination kinds
    #[arg(long, value_name = "K")]
    pub types: Option<usize>,
    /// greedy-explore, explore: the largest cost
    #[arg(long, value_name = "C")]
    pub max_cost: Option<u32>,
    /// explore (multimessage): the most messages
    #[arg(long, value_name = "M")]
    pub messages: Option<usize>,
    /// explore: hill-climbing steps per comparison after --runs random members
    #[arg(long, value_name = "N")]
    pub climb: Option<u64>,
    /// explore: save the search's state in FILE as it goes, and resume from FILE if it exists
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<String>,
    /// explore: stop after timing N instances, leaving the state in --checkpoint FILE
    #[arg(long, value_name = "N")]
    pub stop_after: Option<usize>,
    /// beaumont-fig11: targets drawn uniformly among the LAN nodes, or one per LAN first
    #[arg(long, value_name = "uniform|per-lan")]
    pub targets: Option<String>,
    /// beaumont-fig11: the target densities, e.g. 0.1,0.5 [default: the paper's seven]
    #[arg(long, value_name = "LIST")]
    pub densities: Option<String>,
    /// Run part K of N only and write it as DIR/NAME.part-K-of-N.json (join with hetcast merge)
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::shard::Shard>,
}

impl EntryArgs for ExperimentArgs {
    fn names(&self) -> &[String] {
        &self.names
    }

    fn given(&self) -> Vec<&'static str> {
        given(&[
            ("out", self.out.is_some()),
            ("runs", self.runs.is_some()),
            ("seed", self.seed.is_some()),
            ("n-max", self.n_max.is_some()),
            ("threads", self.threads.is_some()),
            ("model", self.model.is_some()),
            ("types", self.types.is_some()),
            ("max-cost", self.max_cost.is_some()),
            ("messages", self.messages.is_some()),
            ("climb", self.climb.is_some()),
            ("checkpoint", self.checkpoint.is_some()),
            ("stop-after", self.stop_after.is_some()),
            ("targets", self.targets.is_some()),
            ("densities", self.densities.is_some()),
            ("shard", self.shard.is_some()),
        ])
    }
}

/// The plan in `text` (its fields among `fields`), or the `"plan"` of a `hetcast run` output
/// ([`hetcast_core::plan_file::read_plan`]). Errors are one line, `FILE: malformed plan: ...`.
pub fn read_plan<P: DeserializeOwned>(
    text: &str,
    shown: &str,
    fields: &[&str],
) -> Result<P, String> {
    hetcast_core::plan_file::read_plan(text, fields).map_err(|e| format!("{shown}: {e}"))
}

/// The algorithm `--algo` names among model `M`'s (`default` when absent). The error lists
/// the catalog's keys and `extra` (names the model's runner reads itself, such as `all`);
/// `whose` follows "algorithms" in it (" for a many-source instance").
pub fn algorithm<M: Model>(
    name: Option<&str>,
    default: M::Algorithm,
    extra: &[&str],
    whose: &str,
) -> Result<M::Algorithm, String> {
    match name {
        None => Ok(default),
        Some(name) => M::Algorithm::parse(name).map_err(|e| {
            let mut keys = vec![M::Algorithm::keys(", ")];
            keys.extend(extra.iter().map(|x| x.to_string()));
            format!("{e} (algorithms{whose}: {})", keys.join(", "))
        }),
    }
}

/// `greedy (default) | random | ...`: model `M`'s algorithms for the usage text.
pub fn algorithm_choices<M: Model>(default: M::Algorithm, extra: &[&str]) -> String {
    M::Algorithm::ALL
        .iter()
        .map(|&al| {
            if al.key() == default.key() {
                format!("{} (default)", al.key())
            } else {
                al.key().to_string()
            }
        })
        .chain(extra.iter().map(|x| x.to_string()))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// Run `algo` on `inst` and time its plan with the model's simulator.
pub fn solve<M: Model>(
    inst: &M::Instance,
    algo: M::Algorithm,
    seed: u64,
) -> Result<(M::Solution, M::Schedule), String> {
    let sol = M::solve(inst, algo, seed).map_err(|e| e.to_string())?;
    let s = M::simulate(inst, &sol).map_err(|e| format!("{}: {e}", algo.key()))?;
    Ok((sol, s))
}
