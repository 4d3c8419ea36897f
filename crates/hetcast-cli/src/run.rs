//! `hetcast run INSTANCE.json [--algo ALGO] [--seed N] [--format FORMAT] [--out FILE]
//! [--message K]` and `hetcast simulate INSTANCE.json PLAN.json [--format FORMAT] [--out FILE]
//! [--message K]`: read the file as an [`AnyInstance`] (its `"model"` tag picks the model) and
//! hand it to that model's runner in [`crate::models`], which returns the text to write.

use crate::args::{RunArgs, SimulateArgs};
use crate::files::{emit, read_text};
use crate::models;
use crate::models::{multi, multimessage, overhead, platform};
use clap::ValueEnum;
use hetcast_core::catalog::Catalog;
use hetcast_core::export::animated::{animated_svg, AnimOptions, Track};
use hetcast_core::layout::svg::SvgOptions;
use hetcast_core::models::multi::Multi;
use hetcast_core::models::multimessage::Multimessage;
use hetcast_core::models::overhead::Overhead;
use hetcast_core::models::platform::Platform;
use hetcast_core::models::{Model, View};
use hetcast_core::AnyInstance;
use serde::de::DeserializeOwned;
use serde_json::Value;

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

/// `hetcast run --format animated-tree|animated-gantt`: `algo`'s schedule (`--algo`, the
/// model's `default` without it) as the core's animated SVG of `view` (the model's own
/// drawing of it; `--message K`: the tree of message K), at `--speed`, looped unless
/// `--once`.
fn animated<M: Model>(
    a: &RunArgs,
    inst: &M::Instance,
    view: View,
    default: M::Algorithm,
) -> Result<String, String> {
    let algo = algorithm::<M>(a.algo.as_deref(), default, &[], "")?;
    let (_, s) = solve::<M>(inst, algo, a.seed.unwrap_or(0))?;
    let o = &a.output;
    let track = match view {
        View::Tree => {
            let mut trees = M::tree_scenes(inst, algo, &s);
            let motions = M::tree_motions(inst, &s);
            let k = o.message.unwrap_or(0);
            if k >= trees.len() {
                return Err(format!(
                    "--message {k}: there is no message m{k} (messages m0 to m{})",
                    trees.len() - 1
                ));
            }
            let message = (trees.len() > 1 || o.message.is_some()).then_some(k);
            Track::new(trees.swap_remove(k), motions.get(k), message)
        }
        _ => {
            if o.message.is_some() {
                return Err("--message applies to --format animated-tree".into());
            }
            Track::new(M::timeline_scene(inst, algo, &s, None), None, None)
        }
    };
    let opts = AnimOptions {
        speed: o.speed.unwrap_or(1.0),
        looped: !o.once,
        svg: SvgOptions::default(),
    };
    animated_svg(&[track], M::completion_time(&s), &opts)
        .map_err(|e| format!("--format {}: {e}", o.format.key()))
}

/// The help lines after `hetcast run --help`: the algorithms of each model.
pub fn help() -> String {
    format!(
        "Algorithms:\n  {}\n  {}\n  {}\nFormats: docs/formats.md. Errors print one line and exit with status 2.",
        models::overhead::usage(),
        models::multi::usage(),
        models::multimessage::usage()
    ) + &format!("\n  {}", models::platform::usage())
}

/// The help lines after `hetcast simulate --help`.
pub fn simulate_help() -> String {
    "PLAN.json is the plan of the instance's model (docs/formats.md section 2: a tree \
     {\"source\", \"children\", \"wait\"} for the node and sender-receiver models, task lists \
     {\"tasks\"} for the many-source model, a schedule {\"steps\"} for the multimessage model), or the output of `hetcast run`, whose \"plan\" is \
     used. A plan that breaks the model prints the simulator's one-line message and exits with \
     status 2."
        .to_string()
}

/// Run `hetcast run`.
pub fn run(a: &RunArgs) -> Result<(), String> {
    let (text, shown) = read_text(&a.instance)?;
    let inst = AnyInstance::from_json(&text).map_err(|e| format!("{shown}: {e}"))?;
    if a.output.format.platform_only() && !matches!(inst, AnyInstance::Platform(_)) {
        return Err(format!(
            "--format {} applies to platform instances only (\"model\": \"platform\")",
            a.output.format.key()
        ));
    }
    if let Some(view) = a.output.format.animated() {
        let text = match inst {
            AnyInstance::Overhead(i) => animated::<Overhead>(a, &i, view, overhead::DEFAULT)?,
            AnyInstance::Multi(i) => animated::<Multi>(a, &i, view, multi::DEFAULT)?,
            AnyInstance::Multimessage(i) => {
                animated::<Multimessage>(a, &i, view, multimessage::DEFAULT)?
            }
            AnyInstance::Platform(i) => animated::<Platform>(a, &i, view, platform::DEFAULT)?,
        };
        return emit(&text, a.output.out.as_deref());
    }
    if a.output.speed.is_some() || a.output.once {
        return Err("--speed and --once apply to --format animated-tree and animated-gantt".into());
    }
    let text = match inst {
        AnyInstance::Overhead(inst) => models::overhead::run(a, &inst)?,
        AnyInstance::Multi(inst) => models::multi::run(a, &inst)?,
        AnyInstance::Multimessage(inst) => models::multimessage::run(a, &inst)?,
        AnyInstance::Platform(inst) => models::platform::run(a, &inst)?,
    };
    emit(&text, a.output.out.as_deref())
}

/// Run `hetcast simulate`.
pub fn simulate(a: &SimulateArgs) -> Result<(), String> {
    if a.instance == "-" && a.plan == "-" {
        return Err("simulate: the instance and the plan cannot both be standard input".into());
    }
    let (text, shown) = read_text(&a.instance)?;
    let inst = AnyInstance::from_json(&text).map_err(|e| format!("{shown}: {e}"))?;
    let (plan, plan_shown) = read_text(&a.plan)?;
    if a.output.format.animated().is_some() {
        return Err(format!(
            "--format {} applies to `hetcast run`",
            a.output.format.key()
        ));
    }
    if a.output.format.platform_only() {
        return Err(format!(
            "--format {} applies to `hetcast run` on platform instances only",
            a.output.format.key()
        ));
    }
    let text = match inst {
        AnyInstance::Overhead(inst) => models::overhead::simulate(a, &inst, &plan, &plan_shown)?,
        AnyInstance::Multi(inst) => models::multi::simulate(a, &inst, &plan, &plan_shown)?,
        AnyInstance::Multimessage(inst) => {
            models::multimessage::simulate(a, &inst, &plan, &plan_shown)?
        }
        AnyInstance::Platform(_) => {
            return Err(
                "a platform instance has no plan file to simulate: `hetcast run` builds and checks its periodic schedule".into(),
            )
        }
    };
    emit(&text, a.output.out.as_deref())
}

/// The plan in `text` (its fields among `fields`), or the `"plan"` of a `hetcast run` output.
/// Errors are one line, `FILE: malformed plan: ...`.
pub fn read_plan<P: DeserializeOwned>(
    text: &str,
    shown: &str,
    fields: &[&str],
) -> Result<P, String> {
    let bad = |e: &dyn std::fmt::Display| format!("{shown}: malformed plan: {e}");
    let v: Value = serde_json::from_str(text).map_err(|e| bad(&e))?;
    let v = match v.get("plan") {
        Some(p) if v.get("format").is_some() => p.clone(),
        _ => v,
    };
    if let Some(obj) = v.as_object() {
        if let Some(k) = obj.keys().find(|k| !fields.contains(&k.as_str())) {
            let expected: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
            return Err(bad(&format!(
                "unknown field `{k}`, expected {}",
                expected.join(" or ")
            )));
        }
    }
    serde_json::from_value(v).map_err(|e| bad(&e))
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
