//! Splitting an experiment across processes or machines: `--shard K/N` runs part `K` of `N`
//! and writes it as `DIR/NAME.part-K-of-N.json`; `hetcast merge DIR... --out DIR` reads the
//! parts and writes exactly the files one unsharded run writes (docs/scale.md).
//!
//! An experiment is a list of work items numbered from 0 (runs, instances, platforms,
//! members of a family); part `K` takes the items `i` with `i % N == K - 1`, so its work is
//! fixed by the settings (seed included), `K` and `N` alone. A part file holds the settings,
//! `(K, N)`, the number of items and the results of its items by number (or, for a search, its
//! best), in JSON whose numbers read back to the same bits; merging puts the results back in
//! item order and runs the same code that ends an unsharded run.

use crate::files;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// `--shard K/N`: part `k` (from 1) of `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which part, 1 to `n`.
    pub k: u64,
    /// How many parts.
    pub n: u64,
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("'{text}': write K/N with 1 <= K <= N, e.g. 2/8");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n): (u64, u64) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if k < 1 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl Shard {
    /// This part's items among `0..total`, in order.
    pub fn items(self, total: u64) -> impl Iterator<Item = u64> {
        (self.k - 1..total).step_by(self.n as usize)
    }

    /// The part's file name for experiment `name`.
    pub fn file(self, name: &str) -> String {
        format!("{name}.part-{}-of-{}.json", self.k, self.n)
    }
}

/// The format tag of part files.
const FORMAT: &str = "hetcast-part/1";

/// One part of a sharded run, as written to its file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// [`FORMAT`].
    pub format: String,
    /// The experiment's key.
    pub experiment: String,
    /// What fixes the work: every part of one run has the same.
    pub settings: Value,
    /// `[K, N]`.
    pub shard: [u64; 2],
    /// Work items of the whole run.
    pub items: u64,
    /// `[item, result]` for each of this part's items, or this part's summary (a search's
    /// best) under item 0.
    pub results: Vec<(u64, Value)>,
    /// What part 1 alone computes besides its items (e.g. wu-fig3's single broadcasts).
    #[serde(default)]
    pub extra: Value,
}

/// Write part `shard` of experiment `name` in `out` (default `.`); prints the path.
pub fn write_part(
    name: &str,
    shard: Shard,
    out: Option<&str>,
    settings: Value,
    items: u64,
    results: Vec<(u64, Value)>,
    extra: Value,
) -> Result<(), String> {
    let dir = files::out_dir(out)?;
    let part = Part {
        format: FORMAT.into(),
        experiment: name.into(),
        settings,
        shard: [shard.k, shard.n],
        items,
        results,
        extra,
    };
    let path = files::write_in(&dir, &shard.file(name), &files::json(&part)?)?;
    println!(
        "{name}: part {} of {}, {} of {items} items; wrote {path}",
        shard.k,
        shard.n,
        shard.items(items).count()
    );
    Ok(())
}

/// `value` as JSON, for a part file.
pub fn to_value<T: Serialize>(value: &T) -> Result<Value, String> {
    serde_json::to_value(value).map_err(|e| format!("cannot write a result: {e}"))
}

/// A part file's value read back.
pub fn from_value<T: serde::de::DeserializeOwned>(value: Value, what: &str) -> Result<T, String> {
    serde_json::from_value(value).map_err(|e| format!("{what}: unreadable result ({e})"))
}

/// The parts of one experiment, checked to make one whole run.
pub struct Whole {
    /// The settings they share.
    pub settings: Value,
    /// The results by item (per-item experiments), or each part's summary in part order.
    pub results: Vec<Value>,
    /// Part 1's `extra`.
    pub extra: Value,
}

/// Every part file (`*.part-K-of-N.json`) in `dirs`, by experiment.
pub fn read_parts(dirs: &[String]) -> Result<BTreeMap<String, Vec<(String, Part)>>, String> {
    let mut by: BTreeMap<String, Vec<(String, Part)>> = BTreeMap::new();
    for d in dirs {
        let entries =
            std::fs::read_dir(d).map_err(|e| format!("cannot read directory {d}: {e}"))?;
        let mut names: Vec<_> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.contains(".part-") && n.ends_with(".json"))
            })
            .collect();
        names.sort();
        for p in names {
            let shown = p.display().to_string();
            let text =
                std::fs::read_to_string(&p).map_err(|e| format!("cannot read {shown}: {e}"))?;
            let part: Part = serde_json::from_str(&text)
                .map_err(|e| format!("{shown}: not a part file of hetcast ({e})"))?;
            if part.format != FORMAT {
                return Err(format!(
                    "{shown}: format '{}', this hetcast reads '{FORMAT}'",
                    part.format
                ));
            }
            by.entry(part.experiment.clone())
                .or_default()
                .push((shown, part));
        }
    }
    if by.is_empty() {
        return Err(format!(
            "no part files (NAME.part-K-of-N.json) in {}",
            dirs.join(", ")
        ));
    }
    Ok(by)
}

/// Check that `parts` are parts 1 to N of one run of `name`, each once, with the same
/// settings; `per_item`: their results cover every item once (put back in item order),
/// otherwise each part has one summary.
pub fn assemble(name: &str, parts: Vec<(String, Part)>, per_item: bool) -> Result<Whole, String> {
    let (first_file, first) = &parts[0];
    let [_, n] = first.shard;
    let (settings, items) = (first.settings.clone(), first.items);
    let mut by_k: BTreeMap<u64, (String, Part)> = BTreeMap::new();
    for (file, p) in parts.iter().cloned() {
        if p.shard[1] != n {
            return Err(format!(
                "{name}: {file} is part of {} parts, {first_file} of {n}",
                p.shard[1]
            ));
        }
        if p.settings != settings || p.items != items {
            return Err(format!(
                "{name}: {file} and {first_file} are parts of different runs (their settings differ)"
            ));
        }
        if let Some((other, _)) = by_k.get(&p.shard[0]) {
            return Err(format!(
                "{name}: part {} of {n} twice ({other} and {file})",
                p.shard[0]
            ));
        }
        by_k.insert(p.shard[0], (file, p));
    }
    let missing: Vec<String> = (1..=n)
        .filter(|k| !by_k.contains_key(k))
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{name}: part{} {} of {n} missing",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", ")
        ));
    }
    let extra = by_k
        .get(&1)
        .map(|(_, p)| p.extra.clone())
        .unwrap_or_default();
    let results = if per_item {
        let held: usize = by_k.values().map(|(_, p)| p.results.len()).sum();
        if held as u64 != items {
            return Err(format!(
                "{name}: the parts hold {held} results for a run of {items} items"
            ));
        }
        let mut slots: Vec<Option<Value>> = vec![None; held];
        for (k, (file, p)) in by_k {
            let shard = Shard { k, n };
            let want: Vec<u64> = shard.items(items).collect();
            let got: Vec<u64> = p.results.iter().map(|(i, _)| *i).collect();
            if got != want {
                return Err(format!(
                    "{name}: {file} does not hold the items of part {k} of {n}"
                ));
            }
            for (i, v) in p.results {
                slots[i as usize] = Some(v);
            }
        }
        slots.into_iter().map(Option::unwrap_or_default).collect()
    } else {
        by_k.into_values()
            .map(|(file, p)| match <[_; 1]>::try_from(p.results) {
                Ok([(_, v)]) => Ok(v),
                Err(_) => Err(format!("{name}: {file} should hold one summary")),
            })
            .collect::<Result<_, _>>()?
    };
    Ok(Whole {
        settings,
        results,
        extra,
    })
}
