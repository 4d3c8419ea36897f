//! `hetcast run INSTANCE.json [--algo ALGO] [--seed N] [--format FORMAT] [--out FILE]
//! [--message K]`: reads the file as an [`AnyInstance`] (its `"model"` tag picks the model) and
//! hands it to that model's runner in [`crate::models`], which returns the text to write.

use crate::args::Args;
use crate::files::{emit, read_text};
use crate::models;
use hetcast_core::catalog::Catalog;
use hetcast_core::models::Model;
use hetcast_core::AnyInstance;

/// Every option of `run`; each model's runner says which of them apply to it.
pub const OPTIONS: &[&str] = &["algo", "seed", "format", "out", "message"];

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
    /// Every format, the default first.
    pub const ALL: [Format; 3] = [Format::Json, Format::SvgTree, Format::SvgGantt];

    /// The name `--format` takes.
    pub fn key(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::SvgTree => "svg-tree",
            Format::SvgGantt => "svg-gantt",
        }
    }

    /// Every name, joined by `sep`.
    pub fn keys(sep: &str) -> String {
        Format::ALL.map(Format::key).join(sep)
    }

    /// The format `--format` names (json when absent).
    pub fn of(a: &Args) -> Result<Format, String> {
        let s = a.get("format").unwrap_or(Format::Json.key());
        Format::ALL
            .into_iter()
            .find(|f| f.key() == s)
            .ok_or_else(|| format!("unknown format '{s}' (formats: {})", Format::keys(", ")))
    }
}

/// Run `hetcast run ARGS`.
pub fn run(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args, OPTIONS)?;
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
    let text = match AnyInstance::from_json(&text).map_err(|e| format!("{shown}: {e}"))? {
        AnyInstance::Overhead(inst) => models::overhead::run(&a, &inst)?,
        AnyInstance::Multi(inst) => models::multi::run(&a, &inst)?,
    };
    emit(&text, a.get("out"))
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
