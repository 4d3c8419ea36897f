//! The settings fields of the Experiments page: each one's id, label, keyboard and hint, and
//! which experiment's form shows it.

use super::plan::Experiment;

/// A settings field of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// Liu: random-selection runs per size.
    LiuRuns,
    /// Liu: first seed.
    LiuSeed,
    /// Liu: smallest cluster.
    LiuNMin,
    /// Liu: largest cluster.
    LiuNMax,
    /// Wu: random instances per point.
    WuRuns,
    /// Wu: base seed.
    WuSeed,
    /// Figure 11: platforms per (size, density).
    Fig11Runs,
    /// Figure 11: first seed.
    Fig11Seed,
    /// Figure 11: 30 (small platforms) or 65 (both sizes).
    Fig11Nodes,
    /// Figure 11: target densities.
    Fig11Densities,
    /// Figure 11: how the targets are drawn.
    Fig11Targets,
    /// Gonzalez: instances per (n, d, fan-out).
    GonzalezRuns,
    /// Explorer: number of destination kinds.
    Types,
    /// Explorer: largest cost.
    MaxCost,
    /// Explorer: fewest nodes.
    ExNMin,
    /// Explorer: most nodes.
    ExNMax,
    /// Explorer (multimessage): fewest processors.
    ProcMin,
    /// Explorer (multimessage): most processors.
    ProcMax,
    /// Explorer (multimessage): most messages.
    Messages,
    /// Explorer: random tries.
    Tries,
    /// Explorer: seed of the random search.
    ExSeed,
    /// Explorer: hill-climbing steps per comparison.
    Climb,
}

impl Field {
    /// The fields of `exp`'s form, in order (the explorer's depend on its model and search:
    /// [`crate::experiments::plans::explore::fields`]).
    pub fn of(exp: Experiment) -> &'static [Field] {
        match exp {
            Experiment::LiuFig6 => &[
                Field::LiuRuns,
                Field::LiuSeed,
                Field::LiuNMin,
                Field::LiuNMax,
            ],
            Experiment::WuFig3 | Experiment::WuFig4 => &[Field::WuRuns, Field::WuSeed],
            Experiment::Fig11 => &[
                Field::Fig11Runs,
                Field::Fig11Nodes,
                Field::Fig11Densities,
                Field::Fig11Targets,
                Field::Fig11Seed,
            ],
            Experiment::Gonzalez => &[Field::GonzalezRuns],
            Experiment::Explore => &[],
        }
    }

    /// The input's element id.
    pub fn id(self) -> &'static str {
        match self {
            Field::LiuRuns => "exp-liu-runs",
            Field::LiuSeed => "exp-liu-seed",
            Field::LiuNMin => "exp-liu-n-min",
            Field::LiuNMax => "exp-liu-n-max",
            Field::WuRuns => "exp-wu-runs",
            Field::WuSeed => "exp-wu-seed",
            Field::Fig11Runs => "exp-fig11-runs",
            Field::Fig11Seed => "exp-fig11-seed",
            Field::Fig11Nodes => "exp-fig11-nodes",
            Field::Fig11Densities => "exp-fig11-densities",
            Field::Fig11Targets => "exp-fig11-targets",
            Field::GonzalezRuns => "exp-gonzalez-runs",
            Field::Types => "exp-types",
            Field::MaxCost => "exp-max-cost",
            Field::ExNMin => "exp-n-min",
            Field::ExNMax => "exp-n-max",
            Field::ProcMin => "exp-p-min",
            Field::ProcMax => "exp-p-max",
            Field::Messages => "exp-messages",
            Field::Tries => "exp-tries",
            Field::ExSeed => "exp-seed",
            Field::Climb => "exp-climb",
        }
    }

    /// The label.
    pub fn label(self) -> &'static str {
        match self {
            Field::LiuRuns => "random runs per n",
            Field::WuRuns | Field::GonzalezRuns => "runs per point",
            Field::Fig11Runs => "platforms per point",
            Field::Fig11Nodes => "nodes",
            Field::Fig11Densities => "densities",
            Field::Fig11Targets => "targets",
            Field::LiuSeed | Field::WuSeed | Field::ExSeed | Field::Fig11Seed => "seed",
            Field::LiuNMin => "n from",
            Field::LiuNMax => "n to",
            Field::Types => "kinds of node",
            Field::MaxCost => "largest cost",
            Field::ExNMin => "nodes from",
            Field::ExNMax => "nodes to",
            Field::ProcMin => "processors from",
            Field::ProcMax => "processors to",
            Field::Messages => "messages",
            Field::Tries => "random tries",
            Field::Climb => "climbing steps",
        }
    }

    /// The input's `inputmode` (the keyboard a touch screen shows).
    pub fn input_mode(self) -> &'static str {
        match self {
            Field::Fig11Targets => "text",
            Field::Fig11Densities => "decimal",
            _ => "numeric",
        }
    }

    /// What the paper used, or a hint (shown after the input).
    pub fn hint(self) -> &'static str {
        match self {
            Field::LiuRuns => "paper: 200",
            Field::LiuNMin | Field::LiuNMax => "paper: 6 to 100",
            Field::WuRuns => "paper: 1000",
            Field::Fig11Runs => "paper: 10",
            Field::Fig11Nodes => "30, or 65 for both sizes",
            Field::Fig11Densities => "shares of the LAN nodes",
            Field::Fig11Targets => "uniform or per-lan",
            Field::GonzalezRuns => "instances per (n, d, fan-out)",
            Field::Types => "1 to 4",
            Field::MaxCost => "costs 1 to this",
            Field::ExNMin | Field::ExNMax => "every node counted",
            Field::ProcMin | Field::ProcMax => "2 to 8",
            Field::Messages => "1 to this many",
            Field::Tries => "members drawn at random",
            Field::Climb => "per comparison, from its worst",
            _ => "",
        }
    }
}
