//! `hetcast experiment beaumont-fig11`: re-runs the experiment of Beaumont et al. section 7
//! (data from `hetcast_core::models::platform::experiment`) and writes
//! `beaumont-fig11.csv` and four charts `beaumont-fig11-{small,big}-{lb,scatter}.svg`
//! (`hetcast_charts::beaumont_fig11`). `--runs` is the number of platforms per size (the
//! paper: 10), `--seed` the first platform's seed, `--targets uniform|per-lan` how the targets
//! are drawn among the LAN nodes (`generate::TargetSpread`; the paper: uniformly).

use crate::common::ExperimentArgs;
use crate::files::{out_dir, write_in};
use crate::progress::Bar;
use crate::shard::{from_value, to_value, write_part, Shard, Whole};
use hetcast_core::catalog::Catalog;
use hetcast_core::models::platform::experiment::{
    fig11, fig11_csv, fig11_platforms, fig11_rows, parse_densities, platform_ratios, Fig11Row,
    Fig11Spec, HEURISTICS,
};
use hetcast_core::models::platform::generate::TargetSpread;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::path::Path;

/// Run `hetcast experiment beaumont-fig11` with parsed arguments.
pub fn run(a: &ExperimentArgs) -> Result<(), String> {
    let mut spec = Fig11Spec::default();
    if let Some(r) = a.runs {
        if !(1..=1000).contains(&r) {
            return Err("--runs (platforms per size) must be between 1 and 1000".into());
        }
        spec.platforms = r;
    }
    if let Some(s) = a.seed {
        spec.seed = s;
    }
    if let Some(t) = a.targets.as_deref() {
        spec.targets = TargetSpread::parse(t).ok_or_else(|| {
            format!("--targets {t}: uniform (among all LAN nodes) or per-lan (one per LAN first)")
        })?;
    }
    if let Some(n) = a.n_max {
        spec.sizes = match n {
            30..=64 => vec!["small"],
            65.. => vec!["small", "big"],
            _ => {
                return Err(format!(
                    "--n-max {n}: 30 (the small platforms) or 65 (both sizes)"
                ))
            }
        };
    }
    if let Some(list) = &a.densities {
        spec.densities = parse_densities(list).map_err(|e| format!("--densities {e}"))?;
    }
    if let Some(shard) = a.shard {
        return run_part(&spec, shard, a.out.as_deref());
    }
    let total = spec.sizes.len() * spec.densities.len() * spec.platforms;
    let bar = Bar::new("beaumont-fig11", total);
    let rows = fig11(&spec, |done, total| bar.set(done, total)).map_err(|e| e.to_string())?;
    bar.finish();
    finish(&spec, &rows, &out_dir(a.out.as_deref())?)
}

/// One platform of [`fig11`]: its number of targets and, per heuristic, its period over
/// Multicast-LB's and over Multicast-UB's.
#[derive(Serialize, Deserialize)]
struct Item {
    targets: usize,
    ratios: Vec<(f64, f64)>,
}

/// [`fig11`]'s work on one platform (the core's, the same platform and divisions).
fn item(spec: &Fig11Spec, (size, density, k): (&str, f64, usize)) -> Result<Item, String> {
    let (targets, ratios) = platform_ratios(spec, size, density, k).map_err(|e| e.to_string())?;
    Ok(Item { targets, ratios })
}

/// Part `shard` of the run: its platforms ([`fig11_platforms`]' order).
fn run_part(spec: &Fig11Spec, shard: Shard, out: Option<&str>) -> Result<(), String> {
    let all = fig11_platforms(spec);
    let mine: Vec<u64> = shard.items(all.len() as u64).collect();
    let bar = Bar::new("beaumont-fig11", mine.len());
    let mut results = Vec::new();
    for &i in &mine {
        results.push((i, to_value(&item(spec, all[i as usize])?)?));
        bar.inc();
    }
    bar.finish();
    write_part(
        "beaumont-fig11",
        shard,
        out,
        settings(spec),
        all.len() as u64,
        results,
        Value::Null,
    )
}

/// What fixes the work of a run.
fn settings(spec: &Fig11Spec) -> Value {
    json!({
        "platforms": spec.platforms,
        "densities": spec.densities,
        "seed": spec.seed,
        "sizes": spec.sizes,
        "targets": spec.targets.key(),
    })
}

/// `hetcast merge` of beaumont-fig11's parts: the rows of [`fig11`] from the platforms' items,
/// summed in its order.
pub fn merge(whole: Whole, dir: &Path) -> Result<(), String> {
    let bad = || "beaumont-fig11: unreadable settings".to_string();
    let st = &whole.settings;
    let spec = Fig11Spec {
        platforms: st["platforms"].as_u64().ok_or_else(bad)? as usize,
        densities: from_value(st["densities"].clone(), "beaumont-fig11")?,
        seed: st["seed"].as_u64().ok_or_else(bad)?,
        sizes: from_value::<Vec<String>>(st["sizes"].clone(), "beaumont-fig11")?
            .iter()
            .map(|s| match s.as_str() {
                "small" => Ok("small"),
                "big" => Ok("big"),
                _ => Err(bad()),
            })
            .collect::<Result<_, _>>()?,
        targets: st["targets"]
            .as_str()
            .and_then(TargetSpread::parse)
            .ok_or_else(bad)?,
    };
    let items = whole
        .results
        .into_iter()
        .map(|v| from_value(v, "beaumont-fig11"))
        .collect::<Result<Vec<Item>, _>>()?;
    let platforms: Vec<(usize, Vec<(f64, f64)>)> = items
        .into_iter()
        .map(|it| (it.targets, it.ratios))
        .collect();
    let rows = fig11_rows(&spec, &platforms);
    finish(&spec, &rows, dir)
}

/// Write the files of a whole run and print its table.
fn finish(spec: &Fig11Spec, rows: &[Fig11Row], dir: &Path) -> Result<(), String> {
    let csv = write_in(dir, "beaumont-fig11.csv", &fig11_csv(rows))?;
    let mut svgs = Vec::new();
    for &size in &spec.sizes {
        for (tag, over_lb) in [("lb", true), ("scatter", false)] {
            svgs.push(write_in(
                dir,
                &format!("beaumont-fig11-{size}-{tag}.svg"),
                &hetcast_charts::beaumont_fig11(rows, size, over_lb)?,
            )?);
        }
    }
    println!(
        "Beaumont et al. section 7: Tiers-like platforms, {} per size, targets among the LAN nodes ({})",
        spec.platforms,
        spec.targets.key()
    );
    print!("{:<6} {:>8} {:>8}", "size", "density", "targets");
    for al in HEURISTICS {
        print!(" {:>16}", format!("{}/LB", al.short()));
    }
    println!();
    let mut i = 0;
    while i < rows.len() {
        let r = &rows[i];
        print!("{:<6} {:>8} {:>8.1}", r.size, r.density, r.targets);
        for row in &rows[i..i + HEURISTICS.len()] {
            print!(" {:>16.3}", row.over_lb);
        }
        println!();
        i += HEURISTICS.len();
    }
    println!("wrote {csv} and {}", svgs.join(", "));
    Ok(())
}
