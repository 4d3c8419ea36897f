//! `hetcast experiment explore --model M`: the explorer of every model
//! ([`hetcast_core::explore`] with the model's family): each algorithm against the optimum or a
//! lower bound over an exhaustive family, random members, or a hill-climbing search from the
//! worst found; with `--shard K/N` (parts joined by `hetcast merge`) and `--checkpoint FILE`
//! (a stopped search resumes).
//!
//! Writes `DIR/explore-M.csv` (per comparison: counts and its worst instances) and, per
//! comparison, its worst instance as `DIR/explore-M-KEY.json` (the model's instance file).

use crate::common::ExperimentArgs;
use crate::files::{json, out_dir, write_in};
use crate::progress::Bar;
use crate::shard::{from_value, to_value, write_part, Whole};
use hetcast_core::explore::{
    merge as merge_records, records_csv, run as run_search, Family, Record, Search, State,
};
use hetcast_core::models::multi::explore::MultiFamily;
use hetcast_core::models::multimessage::explore::MmFamily;
use hetcast_core::models::overhead::explore::{ExploreSpec, Search as OldSearch};
use hetcast_core::models::overhead::ModelKind;
use hetcast_core::models::platform::explore::PlatformFamily;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};

/// The model tags `--model` takes (the instance files' `model`).
pub const MODELS: &[&str] = &[
    "node",
    "sender_receiver",
    "multi",
    "multimessage",
    "platform",
];

/// What fixes a search: the model, its family and the search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// The model tag.
    pub model: String,
    /// The family's settings (the model's family type, as JSON).
    pub family: Value,
    /// How it is searched.
    pub search: Search,
}

/// The checkpoint file's format tag.
const FORMAT: &str = "hetcast-explore-checkpoint/1";

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Checkpoint {
    format: String,
    settings: Settings,
    state: State,
}

/// The name of a model's explorer in part files and output files: `explore-M`.
pub fn name(model: &str) -> String {
    format!("explore-{model}")
}

/// The model of a part name `explore-M`, if it is one.
pub fn model_of(name: &str) -> Option<&'static str> {
    let m = name.strip_prefix("explore-")?;
    MODELS.iter().copied().find(|x| *x == m)
}

/// The family searched without options: the model's own default.
fn default_family(model: &str) -> Value {
    let v = |x: Result<Value, String>| x.unwrap_or_default();
    match model {
        "node" | "sender_receiver" => v(to_value(&ExploreSpec::default_for(
            ModelKind::from_name(model).unwrap_or_default(),
        ))),
        "multi" => v(to_value(&MultiFamily::DEFAULT)),
        "multimessage" => v(to_value(&MmFamily::DEFAULT)),
        _ => v(to_value(&PlatformFamily::DEFAULT)),
    }
}

/// The options of `hetcast experiment explore`, with their defaults for the usage text.
pub fn options() -> Vec<(&'static str, String)> {
    vec![
        ("model", MODELS.join("|")),
        ("out", "DIR".into()),
        ("n-max", "N".into()),
        ("max-cost", "C".into()),
        ("types", "K".into()),
        ("messages", "M".into()),
        ("runs", "every member".into()),
        ("seed", "1".into()),
        ("climb", "0".into()),
        ("checkpoint", "FILE".into()),
        ("stop-after", "N".into()),
        ("shard", "K/N".into()),
    ]
}

/// The settings the options ask for.
fn settings(a: &ExperimentArgs) -> Result<Settings, String> {
    let model = a
        .model
        .as_deref()
        .ok_or_else(|| format!("explore: which model? --model {}", MODELS.join("|")))?;
    let model = MODELS
        .iter()
        .copied()
        .find(|m| *m == model || m.replace('_', "-") == model)
        .ok_or_else(|| format!("--model {model}: one of {}", MODELS.join(", ")))?;
    let only = |given: bool, opt: &str, models: &str| {
        if given {
            Err(format!("--{opt} applies to the {models} explorer only"))
        } else {
            Ok(())
        }
    };
    let mut family = default_family(model);
    let set = |family: &mut Value, key: &str, value: Value| {
        if let Some(o) = family.as_object_mut() {
            o.insert(key.into(), value);
        }
    };
    let nodes_key = if model == "multimessage" {
        "processors"
    } else {
        "nodes"
    };
    if let Some(n) = a.n_max {
        let lo = family[nodes_key][0].as_u64().unwrap_or(2);
        set(&mut family, nodes_key, serde_json::json!([lo, n]));
    }
    match model {
        "node" | "sender_receiver" => {
            only(a.messages.is_some(), "messages", "multimessage")?;
            if let Some(t) = a.types {
                set(&mut family, "types", t.into());
                let hi = family["nodes"][1].as_u64().unwrap_or(3);
                set(&mut family, "nodes", serde_json::json!([t + 1, hi]));
            }
        }
        "multimessage" => {
            only(a.types.is_some(), "types", "node and sender_receiver")?;
            only(
                a.max_cost.is_some(),
                "max-cost",
                "node, sender_receiver, multi and platform",
            )?;
            if let Some(m) = a.messages {
                set(&mut family, "messages", m.into());
            }
        }
        _ => {
            only(a.types.is_some(), "types", "node and sender_receiver")?;
            only(a.messages.is_some(), "messages", "multimessage")?;
        }
    }
    if let (Some(c), false) = (a.max_cost, model == "multimessage") {
        set(&mut family, "max_cost", c.into());
    }
    let search = match (a.runs, a.climb) {
        (None, None) => Search::Exhaustive,
        (None, Some(_)) => {
            return Err(
                "--climb starts from the worst of --runs N random members: give --runs".into(),
            )
        }
        (Some(r), climb) => Search::Random {
            tries: r as u64,
            seed: a.seed.unwrap_or(1),
            climb: climb.unwrap_or(0),
        },
    };
    if let (Search::Random { tries, seed, .. }, "node" | "sender_receiver") = (search, model) {
        // The node-model spec bounds its members by its own search.
        set(
            &mut family,
            "search",
            to_value(&OldSearch::Random { tries, seed })?,
        );
    }
    if a.seed.is_some() && search == Search::Exhaustive {
        return Err("--seed applies to a random search (--runs N) only".into());
    }
    if a.stop_after.is_some() && a.checkpoint.is_none() {
        return Err(
            "--stop-after N leaves the search in its checkpoint: give --checkpoint FILE".into(),
        );
    }
    Ok(Settings {
        model: model.into(),
        family,
        search,
    })
}

/// Call `$go` with the family of `$settings`, typed.
macro_rules! with_family {
    ($settings:expr, |$f:ident| $go:expr) => {{
        let s: &Settings = $settings;
        let bad = |e: String| format!("explore: the {} family: {e}", s.model);
        match s.model.as_str() {
            "node" | "sender_receiver" => {
                let $f: ExploreSpec = from_value(s.family.clone(), "explore").map_err(bad)?;
                $go
            }
            "multi" => {
                let $f: MultiFamily = from_value(s.family.clone(), "explore").map_err(bad)?;
                $go
            }
            "multimessage" => {
                let $f: MmFamily = from_value(s.family.clone(), "explore").map_err(bad)?;
                $go
            }
            "platform" => {
                let $f: PlatformFamily = from_value(s.family.clone(), "explore").map_err(bad)?;
                $go
            }
            other => Err(format!("explore: unknown model '{other}'")),
        }
    }};
}

/// Run `hetcast experiment explore` with parsed arguments.
pub fn run(a: &ExperimentArgs) -> Result<(), String> {
    let s = settings(a)?;
    with_family!(&s, |f| search(&f, &s, a))
}

/// Read the checkpoint `path` if it exists: its state, checked to be of this search.
fn resume<F: Family>(
    f: &F,
    s: &Settings,
    part: (u64, u64),
    path: Option<&str>,
) -> Result<State, String> {
    let fresh = State::new(f, part);
    let Some(path) = path.filter(|p| Path::new(p).exists()) else {
        return Ok(fresh);
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let c: Checkpoint = serde_json::from_str(&text)
        .map_err(|e| format!("{path}: not a checkpoint of hetcast explore ({e})"))?;
    if c.format != FORMAT {
        return Err(format!(
            "{path}: format '{}', this hetcast reads '{FORMAT}'",
            c.format
        ));
    }
    if c.settings != *s || c.state.part != fresh.part {
        return Err(format!(
            "{path}: the checkpoint of another search (other settings or --shard); remove it or run that search"
        ));
    }
    Ok(c.state)
}

fn save(path: &str, s: &Settings, state: &State) -> Result<(), String> {
    let c = Checkpoint {
        format: FORMAT.into(),
        settings: s.clone(),
        state: state.clone(),
    };
    // Write aside, then rename: a kill leaves the old checkpoint or the new one.
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, json(&c)?).map_err(|e| format!("cannot write {tmp}: {e}"))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot write {path}: {e}"))
}

/// The search itself, then its files (or its part file).
fn search<F: Family>(f: &F, s: &Settings, a: &ExperimentArgs) -> Result<(), String> {
    f.validate().map_err(|e| {
        let e = e.to_string();
        let why = e.strip_prefix("invalid instance: ").unwrap_or(&e);
        format!("explore --model {}: {why}", s.model)
    })?;
    let total = match s.search {
        Search::Exhaustive => f.size(),
        Search::Random { tries, climb, .. } => tries + climb * f.comparisons().len() as u64,
    };
    let part = a.shard.map_or((0, 1), |sh| (sh.k - 1, sh.n));
    let checkpoint = a.checkpoint.as_deref();
    let state = resume(f, s, part, checkpoint)?;
    let start = state.timed;
    let bar = Bar::new(&name(&s.model), total as usize);
    let mut last = Instant::now();
    let mut failed = None;
    let state = run_search(f, &s.search, state, &mut |st| {
        bar.set(st.next as usize, total as usize);
        if let Some(path) = checkpoint {
            if last.elapsed() > Duration::from_secs(5) {
                last = Instant::now();
                if let Err(e) = save(path, s, st) {
                    failed = Some(e);
                    return false;
                }
            }
        }
        a.stop_after.is_none_or(|n| st.timed - start < n as u64)
    })
    .map_err(|e| format!("explore: {e}"))?;
    bar.finish();
    if let Some(e) = failed {
        return Err(e);
    }
    if let Some(path) = checkpoint {
        save(path, s, &state)?;
        if !state.done {
            println!(
                "{}: stopped after {} instances ({} in all); the same command resumes from {path}",
                name(&s.model),
                state.timed - start,
                state.timed
            );
            return Ok(());
        }
    }
    if let Some(shard) = a.shard {
        return write_part(
            &name(&s.model),
            shard,
            a.out.as_deref(),
            to_value(s)?,
            total,
            vec![(0, to_value(&state.records)?)],
            Value::Null,
        );
    }
    let dir = out_dir(a.out.as_deref())?;
    finish(f, s, &state.records, &dir)
}

/// `hetcast merge` of an explorer's parts: their records joined
/// ([`hetcast_core::explore::merge`]), written as one run writes them.
pub fn merge(whole: Whole, dir: &Path) -> Result<(), String> {
    let s: Settings = from_value(whole.settings, "explore")?;
    let parts: Vec<Vec<Record>> = whole
        .results
        .into_iter()
        .map(|v| from_value(v, "explore"))
        .collect::<Result<_, _>>()?;
    let records = merge_records(&parts);
    with_family!(&s, |f| finish(&f, &s, &records, dir))
}

/// Print what a search found and write its files.
fn finish<F: Family>(f: &F, s: &Settings, records: &[Record], dir: &Path) -> Result<(), String> {
    let what = match s.search {
        Search::Exhaustive => "every member".to_string(),
        Search::Random { tries, seed, climb } => {
            format!("{tries} random members from seed {seed}, then {climb} climbing steps per comparison")
        }
    };
    println!("explore {}: {} ({what})", s.model, s.family);
    let key = name(&s.model);
    let mut wrote = vec![write_in(
        dir,
        &format!("{key}.csv"),
        &records_csv(f.comparisons(), records),
    )?];
    for (c, r) in f.comparisons().iter().zip(records) {
        let Some(w) = r.worst.first() else {
            println!("  {} / {}: no instance", c.value, c.reference);
            continue;
        };
        println!(
            "  {} / {}: worst {} / {} = {:.4} (member {}); {} instances, {} at the {}{}",
            c.value,
            c.reference,
            w.value,
            w.reference,
            w.ratio(),
            w.member,
            r.tried,
            r.at_reference,
            c.reference,
            if r.skipped > 0 {
                format!(", {} past a size limit", r.skipped)
            } else {
                String::new()
            }
        );
        if r.below_reference > 0 {
            println!(
                "    {} instances below the {}!",
                r.below_reference, c.reference
            );
        }
        let mut text = w.instance.clone();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        wrote.push(write_in(dir, &format!("{key}-{}.json", c.key), &text)?);
    }
    println!("wrote {}", wrote.join(", "));
    Ok(())
}
