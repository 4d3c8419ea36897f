//! `hetcast run INSTANCE.json [--algo ALGO] [--seed N] [--format FORMAT] [--out FILE]
//! [--message K]` and `hetcast simulate INSTANCE.json PLAN.json [--format FORMAT] [--out FILE]
//! [--message K]`: read the file as an [`AnyInstance`] (its `"model"` tag picks the model) and
//! hand it to that model's runner in [`crate::models`], which returns the text to write.

use crate::common::{algorithm, solve, RunArgs, SimulateArgs};
use crate::files::{emit, read_text};
use crate::models;
use crate::models::{multi, multimessage, overhead, platform};
use hetcast_core::export::animated::{animated_svg, AnimOptions, Track};
use hetcast_core::layout::svg::SvgOptions;
use hetcast_core::models::multi::Multi;
use hetcast_core::models::multimessage::Multimessage;
use hetcast_core::models::overhead::Overhead;
use hetcast_core::models::platform::Platform;
use hetcast_core::models::{Model, View};
use hetcast_core::AnyInstance;

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
