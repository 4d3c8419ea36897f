//! `hetcast experiment greedy-explore`: the counterexample explorer
//! (`hetcast_core::models::overhead::explore`): how far greedy / FNF is from the optimum over a
//! family of instances; prints the histogram and the worst instances, writes them as files.

use crate::args::ExperimentArgs;
use crate::files::{out_dir, write_in};
use crate::progress::Bar;
use hetcast_core::models::overhead::explore::{
    bin_labels, explore, histogram_csv, ExploreSpec, Search,
};
use hetcast_core::models::overhead::ModelKind;

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
        spec.model = match m.as_str() {
            "node" => ModelKind::Node,
            "sender_receiver" | "sender-receiver" => ModelKind::SenderReceiver,
            other => return Err(format!("--model {other}: node or sender_receiver")),
        };
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
    let dir = out_dir(a.out.as_deref())?;
    let bar = Bar::new("greedy-explore", 0);
    let found = explore(&spec, &mut |done, total| {
        bar.set(done as usize, total as usize);
        true
    })
    .map_err(|e| e.to_string())?;
    bar.finish();
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
    let csv_path = write_in(&dir, "greedy-explore.csv", &histogram_csv(&found.histogram))?;
    let json_path = write_in(&dir, "greedy-explore-worst.json", &worst)?;
    println!("wrote {csv_path} and {json_path}");
    Ok(())
}
