//! `hetcast experiment wu-search`: the search behind the gallery's "WRP beats WR"
//! (`hetcast_core::models::multi::search`); prints the winner and writes it as an instance file.

use crate::common::ExperimentArgs;
use crate::files::{out_dir, write_in};
use crate::shard::{from_value, write_part, Whole};
use hetcast_core::models::multi::search::{best_of, candidate, wrp_beats_wr, Found, SearchSpec};
use serde_json::{json, Value};
use std::path::Path;

/// Run `hetcast experiment wu-search` with parsed arguments (`--runs` tries, `--seed`).
pub fn run(a: &ExperimentArgs) -> Result<(), String> {
    let mut spec = SearchSpec::default();
    if let Some(r) = a.runs {
        if r == 0 {
            return Err("--runs must be at least 1".into());
        }
        spec.tries = r as u64;
    }
    if let Some(s) = a.seed {
        spec.seed = s;
    }
    if let Some(shard) = a.shard {
        let best = best_of(spec.seed, shard.items(spec.tries));
        let results = match best {
            Some((i, f)) => vec![(i, json!({"try": i, "wr": f.wr, "wrp": f.wrp}))],
            None => vec![(0, Value::Null)],
        };
        return write_part(
            "wu-search",
            shard,
            a.out.as_deref(),
            settings(&spec),
            spec.tries,
            results,
            Value::Null,
        );
    }
    let found = wrp_beats_wr(&spec);
    finish(&spec, &found, &out_dir(a.out.as_deref())?)
}

/// What fixes the work of a search.
fn settings(spec: &SearchSpec) -> Value {
    json!({"tries": spec.tries, "seed": spec.seed})
}

/// `hetcast merge` of wu-search's parts: the best of their bests (ties: the earlier try).
pub fn merge(whole: Whole, dir: &Path) -> Result<(), String> {
    #[derive(serde::Deserialize)]
    struct Best {
        #[serde(rename = "try")]
        at: u64,
        wr: f64,
        wrp: f64,
    }
    let spec = SearchSpec {
        tries: whole.settings["tries"].as_u64().unwrap_or(0),
        seed: whole.settings["seed"].as_u64().unwrap_or(0),
    };
    let mut best: Option<Best> = None;
    for v in whole.results.into_iter().filter(|v| !v.is_null()) {
        let b: Best = from_value(v, "wu-search")?;
        if best.as_ref().is_none_or(|x| {
            b.wr - b.wrp > x.wr - x.wrp || (b.wr - b.wrp == x.wr - x.wrp && b.at < x.at)
        }) {
            best = Some(b);
        }
    }
    let b = best.ok_or("wu-search: the parts hold no try")?;
    let seed = spec.seed.wrapping_add(b.at);
    let found = Found {
        seed,
        instance: candidate(seed),
        wr: b.wr,
        wrp: b.wrp,
    };
    finish(&spec, &found, dir)
}

/// Write the instance found and print it.
fn finish(spec: &SearchSpec, found: &Found, dir: &Path) -> Result<(), String> {
    let path = write_in(dir, "wu-search.json", &found.instance.to_json())?;
    println!(
        "WRP beats WR: {} tries from seed {}; the largest gap WR - WRP is at seed {}: WR {} µs, WRP {} µs",
        spec.tries, spec.seed, found.seed, found.wr, found.wrp
    );
    println!("wrote {path}");
    Ok(())
}
