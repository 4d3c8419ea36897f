//! `hetcast experiment greedy-explore`: the counterexample explorer
//! (`hetcast_core::models::overhead::explore`): how far greedy / FNF is from the optimum over a
//! family of instances; prints the histogram and the worst instances, writes them as files.

use crate::common::ExperimentArgs;
use crate::files::{out_dir, write_in};
use crate::progress::Bar;
use crate::shard::{from_value, to_value, write_part, Shard, Whole};
use hetcast_core::models::overhead::explore::{
    bin_labels, explore, explore_part, histogram_csv, members as members_of, Exploration,
    ExploreSpec, Sample, Search, BINS, KEEP,
};
use hetcast_core::models::overhead::{Instance, ModelKind};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;

/// The family searched without options: the node model, 2 destination kinds, costs 1 to 8,
/// 3 to 16 nodes, every member.
pub fn default_spec() -> ExploreSpec {
    ExploreSpec {
        model: ModelKind::Node,
        types: 2,
        max_cost: 8,
        nodes: (3, 16),
        search: Search::Exhaustive,
    }
}

/// Run `hetcast experiment greedy-explore` with parsed arguments: `--model node|sender_receiver`,
/// `--types`, `--max-cost`, `--n-max`, and `--runs N` (with `--seed`) for a random search of N
/// members instead of every member.
pub fn run(a: &ExperimentArgs) -> Result<(), String> {
    let mut spec = default_spec();
    if let Some(m) = &a.model {
        spec.model = ModelKind::from_name(m)
            .ok_or_else(|| format!("--model {m}: node or sender_receiver"))?;
    }
    if let Some(t) = a.types {
        spec.types = t;
    }
    if let Some(c) = a.max_cost {
        spec.max_cost = c;
    }
    spec.nodes.0 = spec.types + 1;
    if let Some(n) = a.n_max {
        spec.nodes.1 = n;
    }
    if let Some(r) = a.runs {
        spec.search = Search::Random {
            tries: r as u64,
            seed: a.seed.unwrap_or(1),
        };
    }
    spec.validate().map_err(|e| e.to_string())?;
    if let Some(shard) = a.shard {
        return run_part(&spec, shard, a.out.as_deref());
    }
    let dir = out_dir(a.out.as_deref())?;
    let bar = Bar::new("greedy-explore", 0);
    let found = explore(&spec, &mut |done, total| {
        bar.set(done as usize, total as usize);
        true
    })
    .map_err(|e| e.to_string())?;
    bar.finish();
    finish(&spec, &found, &dir)
}

/// One of the worst members of a part: its number (the order [`explore`] meets it) and timing.
#[derive(Serialize, Deserialize)]
struct Worst {
    member: u64,
    instance: String,
    greedy: f64,
    optimum: f64,
}

/// What a part found: its counts and its worst members.
#[derive(Serialize, Deserialize)]
struct Found {
    tried: u64,
    greedy_optimal: u64,
    histogram: Vec<u64>,
    worst: Vec<Worst>,
}

/// Part `shard` of the search: the members `m` with `m % N == K - 1` ([`explore_part`]).
fn run_part(spec: &ExploreSpec, shard: Shard, out: Option<&str>) -> Result<(), String> {
    let bar = Bar::new("greedy-explore", 0);
    let (found, members) = explore_part(spec, (shard.k - 1, shard.n), &mut |done, total| {
        bar.set(done as usize, total as usize);
        true
    })
    .map_err(|e| e.to_string())?;
    bar.finish();
    let part = Found {
        tried: found.tried,
        greedy_optimal: found.greedy_optimal,
        histogram: found.histogram.to_vec(),
        worst: found
            .worst
            .iter()
            .zip(members)
            .map(|(w, member)| Worst {
                member,
                instance: w.instance.to_json(),
                greedy: w.greedy,
                optimum: w.optimum,
            })
            .collect(),
    };
    write_part(
        "greedy-explore",
        shard,
        out,
        to_value(spec)?,
        members_of(spec),
        vec![(0, to_value(&part)?)],
        Value::Null,
    )
}

/// `hetcast merge` of greedy-explore's parts: their counts summed, and the first [`KEEP`] of
/// their worst by (ratio, largest first; nodes; member number), as one search keeps them.
pub fn merge(whole: Whole, dir: &Path) -> Result<(), String> {
    let spec: ExploreSpec = from_value(whole.settings, "greedy-explore")?;
    let mut all = Exploration {
        tried: 0,
        greedy_optimal: 0,
        histogram: [0; BINS],
        worst: Vec::new(),
        complete: true,
    };
    let mut worst = Vec::new();
    for v in whole.results {
        let part: Found = from_value(v, "greedy-explore")?;
        all.tried += part.tried;
        all.greedy_optimal += part.greedy_optimal;
        for (sum, c) in all.histogram.iter_mut().zip(&part.histogram) {
            *sum += c;
        }
        for w in part.worst {
            let instance = Instance::from_json(&w.instance)
                .map_err(|e| format!("greedy-explore: a worst instance: {e}"))?;
            let sample = Sample {
                instance,
                greedy: w.greedy,
                optimum: w.optimum,
            };
            worst.push((w.member, sample));
        }
    }
    worst.sort_by(|(ma, a), (mb, b)| {
        b.ratio()
            .total_cmp(&a.ratio())
            .then(a.instance.nodes.len().cmp(&b.instance.nodes.len()))
            .then(ma.cmp(mb))
    });
    all.worst = worst.into_iter().take(KEEP).map(|(_, s)| s).collect();
    finish(&spec, &all, dir)
}

/// Print what a whole search found and write its files.
fn finish(spec: &ExploreSpec, found: &Exploration, dir: &Path) -> Result<(), String> {
    let what = match spec.search {
        Search::Exhaustive => "every member".to_string(),
        Search::Random { tries, seed } => format!("{tries} random members from seed {seed}"),
    };
    println!(
        "greedy / optimum, {} model, {} destination kinds, costs 1 to {}, {} to {} nodes: {what}",
        spec.model.name(),
        spec.types,
        spec.max_cost,
        spec.nodes.0,
        spec.nodes.1
    );
    println!(
        "{} instances timed; greedy optimal in {}",
        found.tried, found.greedy_optimal
    );
    for ((from, to), &count) in bin_labels().into_iter().zip(&found.histogram) {
        if count > 0 {
            println!("  [{from}, {to}): {count}");
        }
    }
    let mut worst = String::from("[\n");
    for (i, w) in found.worst.iter().enumerate() {
        println!(
            "  worst #{}: greedy {} / optimum {} = {:.4}, {} nodes",
            i + 1,
            w.greedy,
            w.optimum,
            w.ratio(),
            w.instance.nodes.len()
        );
        worst.push_str(&w.instance.to_json());
        worst.push_str(if i + 1 < found.worst.len() {
            ",\n"
        } else {
            "\n"
        });
    }
    worst.push_str("]\n");
    let csv_path = write_in(dir, "greedy-explore.csv", &histogram_csv(&found.histogram))?;
    let json_path = write_in(dir, "greedy-explore-worst.json", &worst)?;
    println!("wrote {csv_path} and {json_path}");
    Ok(())
}
