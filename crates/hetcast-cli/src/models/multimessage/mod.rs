//! The multimessage model (Gonzalez, paper 003) in the CLI: its `hetcast run` output ([`run`]:
//! `--algo gonzalez|single-send|no-forwarding|optimal|all`, default gonzalez; `--format json`,
//! `csv`, `svg-timeline` (= svg-gantt), `svg-graph` (= svg-tree)), `hetcast simulate` of a
//! schedule, the `gonzalez-random` experiment ([`experiment`]) and the `gonzalez` bench
//! ([`bench`]).

pub mod bench;
pub mod experiment;

use crate::common::{algorithm, algorithm_choices, Format, RunArgs, SimulateArgs};
use crate::files::json;
use hetcast_core::catalog::Catalog;
use hetcast_core::layout::svg;
use hetcast_core::models::multimessage::{
    simulate as check, view, MmAlgorithm, MmInstance, MmPlan, MmSchedule, Multimessage,
    Transmission,
};
use serde::Serialize;

/// The algorithm `run` uses without `--algo`.
pub(crate) const DEFAULT: MmAlgorithm = MmAlgorithm::Gonzalez;

/// `--algo all`: every algorithm, one JSON array.
const ALL: &str = "all";

/// The usage lines of `run` on a multimessage instance.
pub fn usage() -> String {
    format!(
        "multimessage instance (\"model\": \"multimessage\"): ALGO {}; formats json, csv, svg-timeline, svg-graph",
        algorithm_choices::<Multimessage>(DEFAULT, &[ALL])
    )
}

/// The JSON `hetcast run` writes for one algorithm on a multimessage instance
/// (docs/formats.md, "Run output, multimessage model").
#[derive(Debug, Serialize)]
pub struct MmRunOutput<'a> {
    /// "hetcast-run", or "hetcast-simulate".
    pub format: &'static str,
    /// Version of this output format (1).
    pub version: u32,
    /// Always "multimessage".
    pub model: &'static str,
    /// gonzalez, single-send, no-forwarding or optimal; `plan` for `simulate`.
    pub algorithm: &'static str,
    /// The algorithm's full name.
    pub algorithm_title: &'static str,
    /// The number of steps, from the checker.
    pub steps: usize,
    /// The degree d.
    pub degree: usize,
    /// The lower bound (d).
    pub lower_bound: usize,
    /// Whether `steps` is known to be the fewest under the algorithm's rules.
    pub exact: bool,
    /// One list of transmissions per step (input indices).
    pub schedule: &'a [Vec<Transmission>],
}

fn output<'a>(
    inst: &MmInstance,
    algorithm: &'static str,
    algorithm_title: &'static str,
    exact: bool,
    s: &'a MmSchedule,
) -> MmRunOutput<'a> {
    MmRunOutput {
        format: "hetcast-run",
        version: 1,
        model: "multimessage",
        algorithm,
        algorithm_title,
        steps: s.steps,
        degree: inst.degree(),
        lower_bound: inst.lower_bound(),
        exact,
        schedule: &s.plan.steps,
    }
}

/// `hetcast run` on a multimessage instance: the text to write.
pub fn run(a: &RunArgs, inst: &MmInstance) -> Result<String, String> {
    if a.seed.is_some() {
        return Err(
            "--seed does not apply to the multimessage model (its algorithms are deterministic)"
                .into(),
        );
    }
    if a.output.message.is_some() {
        return Err("--message does not apply to the multimessage model".into());
    }
    let algos: Vec<MmAlgorithm> = match a.algo.as_deref() {
        Some(name) if name.eq_ignore_ascii_case(ALL) => MmAlgorithm::ALL.to_vec(),
        name => vec![algorithm::<Multimessage>(
            name,
            DEFAULT,
            &[ALL],
            " for a multimessage instance",
        )?],
    };
    let format = a.output.format;
    if !matches!(
        format,
        Format::Json | Format::Csv | Format::SvgGantt | Format::SvgTree
    ) {
        return Err(format!(
            "--format {}: the multimessage model writes json, csv, svg-timeline or svg-graph",
            format.key()
        ));
    }
    if matches!(format, Format::SvgGantt) && algos.len() > 1 {
        return Err(format!(
            "--algo all writes json, csv or svg-graph only; choose one algorithm for svg-timeline ({})",
            MmAlgorithm::keys(", ")
        ));
    }
    let mut solved = Vec::new();
    for &al in &algos {
        let sol = al.solve(inst).map_err(|e| format!("{}: {e}", al.key()))?;
        let s = check(inst, &sol.plan).map_err(|e| format!("{}: {e}", al.key()))?;
        solved.push((al, sol.exact, s));
    }
    match format {
        Format::Json => {
            let outs: Vec<MmRunOutput> = solved
                .iter()
                .map(|(al, exact, s)| output(inst, al.key(), al.title(), *exact, s))
                .collect();
            if outs.len() == 1 {
                json(&outs[0])
            } else {
                json(&outs)
            }
        }
        Format::Csv => Ok(csv(inst, &solved)),
        Format::SvgTree => {
            let (al, _, s) = &solved[0];
            let words = if solved.len() == 1 {
                format!("{}, T = {} steps", al.short(), s.steps)
            } else {
                "multigraph".into()
            };
            Ok(svg::to_svg(&view::multigraph(
                inst,
                format!("{words} — {}", view::instance_words(inst)),
            )))
        }
        _ => {
            let (al, _, s) = &solved[0];
            Ok(svg::to_svg(&view::timeline(inst, al.title(), s, None)))
        }
    }
}

fn csv(inst: &MmInstance, solved: &[(MmAlgorithm, bool, MmSchedule)]) -> String {
    let mut out = String::from("algorithm,steps,degree,lower_bound,exact\n");
    for (al, exact, s) in solved {
        out.push_str(&format!(
            "{},{},{},{},{}\n",
            al.key(),
            s.steps,
            inst.degree(),
            inst.lower_bound(),
            exact
        ));
    }
    out
}

/// `hetcast simulate` on a multimessage instance: check the schedule in `text` (a plan
/// `{"steps": [[{"message", "from", "to"}, ...], ...]}`, or a `hetcast run` output, whose
/// `"schedule"` is used).
pub fn simulate(
    a: &SimulateArgs,
    inst: &MmInstance,
    text: &str,
    shown: &str,
) -> Result<String, String> {
    let bad = |e: &dyn std::fmt::Display| format!("{shown}: malformed plan: {e}");
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| bad(&e))?;
    let steps = match (v.get("schedule"), v.get("steps")) {
        (Some(s), _) if v.get("format").is_some() => s.clone(),
        (_, Some(s)) => s.clone(),
        _ => {
            return Err(bad(
                &"expected {\"steps\": [...]} or the output of hetcast run",
            ))
        }
    };
    let steps: Vec<Vec<Transmission>> = serde_json::from_value(steps).map_err(|e| bad(&e))?;
    let s = check(inst, &MmPlan { steps }).map_err(|e| format!("{shown}: {e}"))?;
    match a.output.format {
        Format::Json => json(&MmRunOutput {
            format: "hetcast-simulate",
            ..output(inst, "plan", "Plan", false, &s)
        }),
        Format::SvgGantt => Ok(svg::to_svg(&view::timeline(inst, "Plan", &s, None))),
        Format::SvgTree => Ok(svg::to_svg(&view::multigraph(inst, view::instance_words(inst)))),
        f => Err(format!(
            "--format {}: simulate writes json, svg-timeline or svg-graph for the multimessage model",
            f.key()
        )),
    }
}
