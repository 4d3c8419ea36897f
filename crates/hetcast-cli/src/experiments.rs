//! `hetcast experiment NAME [OPTIONS]`: every experiment of the papers the CLI re-runs, in one
//! registry ([`Experiment`]). The runners live with their model: [`crate::models::overhead::
//! experiment`] (Liu et al.) and [`crate::models::multi::experiment`] (Wu et al.).

use crate::common::ExperimentArgs;
use crate::models::{multi, multimessage, overhead};
use crate::registry::Entry;
use crate::shard::{assemble, read_parts, Part};
use hetcast_core::catalog::Catalog;
use hetcast_core::models::overhead::experiment::LiuFig6Spec;
use std::path::Path;

/// Every experiment `hetcast experiment` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Experiment {
    /// Liu, Wang, Guo (paper 004), section 5, Figure 6.
    LiuFig6,
    /// Wu, Yeh, Liu (paper 001), section 5, Figure 3 (1 Gbps) and section 5.1.
    WuFig3,
    /// Wu, Yeh, Liu (paper 001), section 5, Figure 4 (155 Mbps) and section 5.1.
    WuFig4,
    /// The search that found the gallery's "WRP beats WR".
    WuSearch,
    /// Beaumont, Legrand, Marchal, Robert (paper 002), section 7, Figure 11.
    BeaumontFig11,
    /// The counterexample explorer: greedy against the optimum over a family of instances.
    GreedyExplore,
    /// Gonzalez (paper 003): the 2d algorithm and the others on random instances.
    GonzalezRandom,
    /// The explorer of every model: each algorithm against the optimum or a bound.
    Explore,
}

impl Catalog for Experiment {
    const ALL: &'static [Experiment] = &[
        Experiment::LiuFig6,
        Experiment::WuFig3,
        Experiment::WuFig4,
        Experiment::WuSearch,
        Experiment::BeaumontFig11,
        Experiment::GreedyExplore,
        Experiment::GonzalezRandom,
        Experiment::Explore,
    ];

    fn key(self) -> &'static str {
        match self {
            Experiment::LiuFig6 => "liu-fig6",
            Experiment::WuFig3 => "wu-fig3",
            Experiment::WuFig4 => "wu-fig4",
            Experiment::WuSearch => "wu-search",
            Experiment::BeaumontFig11 => "beaumont-fig11",
            Experiment::GreedyExplore => "greedy-explore",
            Experiment::GonzalezRandom => "gonzalez-random",
            Experiment::Explore => "explore",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Experiment::LiuFig6 => "FNF against random selection, 3 classes",
            Experiment::WuFig3 => "multiple multicast (1 Gbps), single broadcast",
            Experiment::WuFig4 => "multiple multicast (155 Mbps), single broadcast",
            Experiment::WuSearch => "the search behind the gallery's \"WRP beats WR\"",
            Experiment::BeaumontFig11 => "multicast heuristics over the lower and scatter bounds",
            Experiment::GreedyExplore => "greedy against the optimum over a family of instances",
            Experiment::GonzalezRandom => {
                "multimessage multicasting: steps over d on random instances"
            }
            Experiment::Explore => "each algorithm against the optimum or a bound, any model",
        }
    }

    fn short(self) -> &'static str {
        match self {
            Experiment::LiuFig6 => "Liu et al. Fig. 6",
            Experiment::WuFig3 => "Wu et al. Fig. 3",
            Experiment::WuFig4 => "Wu et al. Fig. 4",
            Experiment::WuSearch => "WRP-beats-WR search",
            Experiment::BeaumontFig11 => "Beaumont et al. Fig. 11",
            Experiment::GreedyExplore => "greedy explorer",
            Experiment::GonzalezRandom => "Gonzalez 2d, random",
            Experiment::Explore => "explorer, every model",
        }
    }
}

impl Entry for Experiment {
    const COMMAND: &'static str = "experiment";
    const NOUN: &'static str = "experiment";

    fn source(self) -> &'static str {
        match self {
            Experiment::LiuFig6 => "Liu, Wang, Guo (paper 004) section 5, Fig. 6",
            Experiment::WuFig3 => "Wu, Yeh, Liu (paper 001) section 5, Fig. 3",
            Experiment::WuFig4 => "Wu, Yeh, Liu (paper 001) section 5, Fig. 4",
            Experiment::BeaumontFig11 => {
                "Beaumont, Legrand, Marchal, Robert (paper 002) section 7, Fig. 11"
            }
            Experiment::WuSearch => {
                "Wu, Yeh, Liu (paper 001) section 4.4: an instance where preemption pays"
            }
            Experiment::GreedyExplore => {
                "Libeskind-Hadas et al. (paper 000) and Liu et al. (paper 004): greedy / optimum"
            }
            Experiment::GonzalezRandom => {
                "Gonzalez (paper 003) section 2: how far below 2d the algorithm lands"
            }
            Experiment::Explore => {
                "papers 000-004: the worst instances of each algorithm, by exhaustive, random or hill-climbing search"
            }
        }
    }

    fn options(self) -> Vec<(&'static str, String)> {
        if self == Experiment::Explore {
            return crate::explore::options();
        }
        let mut options = self.own_options();
        options.push(("shard", "K/N".to_string()));
        options
    }

    fn writes(self) -> Option<String> {
        self.files()
    }

    type Args = ExperimentArgs;

    fn run(self, a: &ExperimentArgs) -> Result<(), String> {
        self.run_it(a)
    }
}

impl Experiment {
    /// The options besides `--shard`.
    fn own_options(self) -> Vec<(&'static str, String)> {
        let wu = |figure| {
            let spec = multi::experiment::spec(figure);
            (spec.runs, spec.seed, ("threads", "N".to_string()))
        };
        let (runs, seed, last) = match self {
            Experiment::WuSearch => {
                let spec = hetcast_core::models::multi::search::SearchSpec::default();
                return vec![
                    ("out", "DIR".to_string()),
                    ("runs", spec.tries.to_string()),
                    ("seed", spec.seed.to_string()),
                ];
            }
            Experiment::BeaumontFig11 => {
                let spec = hetcast_core::models::platform::experiment::Fig11Spec::default();
                let densities: Vec<String> = spec.densities.iter().map(f64::to_string).collect();
                return vec![
                    ("out", "DIR".to_string()),
                    ("runs", spec.platforms.to_string()),
                    ("n-max", "65".to_string()),
                    ("seed", spec.seed.to_string()),
                    ("targets", spec.targets.key().to_string()),
                    ("densities", densities.join(",")),
                ];
            }
            Experiment::GreedyExplore => {
                let spec = overhead::explore::default_spec();
                return vec![
                    ("out", "DIR".to_string()),
                    ("model", spec.model.name().to_string()),
                    ("types", spec.types.to_string()),
                    ("max-cost", spec.max_cost.to_string()),
                    ("n-max", spec.nodes.1.to_string()),
                    ("runs", "every member".to_string()),
                    ("seed", "1".to_string()),
                ];
            }
            Experiment::GonzalezRandom => {
                let spec = hetcast_core::models::multimessage::experiment::Spec::default();
                return vec![("out", "DIR".to_string()), ("runs", spec.seeds.to_string())];
            }
            Experiment::Explore => return crate::explore::options(),
            Experiment::LiuFig6 => {
                let spec = LiuFig6Spec::default();
                (spec.runs, spec.seed, ("n-max", spec.n_max.to_string()))
            }
            Experiment::WuFig3 => wu(3),
            Experiment::WuFig4 => wu(4),
        };
        vec![
            ("out", "DIR".to_string()),
            ("runs", runs.to_string()),
            ("seed", seed.to_string()),
            last,
        ]
    }

    /// The files a whole run writes.
    fn files(self) -> Option<String> {
        let k = self.key();
        Some(match self {
            Experiment::LiuFig6 => format!("DIR/{k}.csv and DIR/{k}.svg"),
            Experiment::WuFig3 | Experiment::WuFig4 => {
                format!("DIR/{k}.csv, DIR/{k}-broadcast.csv and DIR/{k}.svg")
            }
            Experiment::WuSearch => format!("DIR/{k}.json (the instance found)"),
            Experiment::BeaumontFig11 => {
                format!("DIR/{k}.csv and DIR/{k}-{{small,big}}-{{lb,scatter}}.svg")
            }
            Experiment::GreedyExplore => {
                format!("DIR/{k}.csv (the histogram) and DIR/{k}-worst.json")
            }
            Experiment::GonzalezRandom => format!("DIR/{k}.csv and DIR/{k}.svg"),
            Experiment::Explore => {
                format!("DIR/{k}-MODEL.csv and DIR/{k}-MODEL-COMPARISON.json (each worst instance)")
            }
        })
    }

    fn run_it(self, a: &ExperimentArgs) -> Result<(), String> {
        match self {
            Experiment::LiuFig6 => overhead::experiment::run(a),
            Experiment::WuFig3 => multi::experiment::run(self.key(), 3, a),
            Experiment::WuFig4 => multi::experiment::run(self.key(), 4, a),
            Experiment::WuSearch => multi::search::run(a),
            Experiment::BeaumontFig11 => crate::models::platform::experiment::run(a),
            Experiment::GreedyExplore => overhead::explore::run(a),
            Experiment::GonzalezRandom => multimessage::experiment::run(self.key(), a),
            Experiment::Explore => crate::explore::run(a),
        }
    }
}

/// `hetcast merge` of the parts of experiment `name` found in the directories: checked to make
/// one whole run, then written to `dir` as that run writes its files.
pub fn merge(name: &str, parts: Vec<(String, Part)>, dir: &Path) -> Result<(), String> {
    if crate::explore::model_of(name).is_some() {
        return crate::explore::merge(assemble(name, parts, false)?, dir);
    }
    let e = Experiment::parse(name).map_err(|_| {
        format!(
            "{}: a part of '{name}', which is not an experiment of this hetcast",
            parts[0].0
        )
    })?;
    // The searches keep one summary per part; the others a result per item.
    let per_item = !matches!(e, Experiment::WuSearch | Experiment::GreedyExplore);
    let whole = assemble(name, parts, per_item)?;
    match e {
        Experiment::LiuFig6 => overhead::experiment::merge(whole, dir),
        Experiment::WuFig3 => multi::experiment::merge(name, 3, whole, dir),
        Experiment::WuFig4 => multi::experiment::merge(name, 4, whole, dir),
        Experiment::WuSearch => multi::search::merge(whole, dir),
        Experiment::BeaumontFig11 => crate::models::platform::experiment::merge(whole, dir),
        Experiment::GreedyExplore => overhead::explore::merge(whole, dir),
        Experiment::GonzalezRandom => multimessage::experiment::merge(name, whole, dir),
        // Its parts are named explore-MODEL, merged above.
        Experiment::Explore => Err(format!(
            "{name}: the parts of explore are named explore-MODEL"
        )),
    }
}

/// `hetcast merge DIR... --out DIR`.
pub fn merge_dirs(dirs: &[String], out: Option<&str>) -> Result<(), String> {
    if dirs.is_empty() {
        return Err("merge: which directories? usage: hetcast merge DIR... [--out DIR]".into());
    }
    let out_dir = crate::files::out_dir(out)?;
    for (name, parts) in read_parts(dirs)? {
        merge(&name, parts, &out_dir)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_registry_is_well_formed() {
        crate::registry::assert_well_formed::<super::Experiment>();
    }
}
