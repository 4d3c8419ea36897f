//! The command line, parsed by clap (derive API): every command with its arguments. The
//! checks that depend on the instance's model (which algorithm, which option applies) are the
//! runners'; clap checks the shape (known flags, numbers, formats).

use crate::run::Format;
use clap::{Args, Parser, Subcommand};

/// `hetcast`: multicast scheduling on heterogeneous networks.
#[derive(Debug, Parser)]
#[command(
    name = "hetcast",
    version,
    about = "hetcast: multicast scheduling on heterogeneous networks",
    subcommand_required = true,
    arg_required_else_help = false,
    after_help = crate::usage()
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run an algorithm on an instance, time its plan with the model's simulator, write the result
    #[command(after_help = crate::run::help())]
    Run(RunArgs),
    /// Time and check a plan (written by hand, or a run's output) with the model's simulator
    #[command(after_help = crate::run::simulate_help())]
    Simulate(SimulateArgs),
    /// Re-run an experiment of the papers: writes CSV and SVG, prints the tables
    #[command(after_help = crate::registry::usage::<crate::experiments::Experiment>())]
    Experiment(ExperimentArgs),
    /// Time the algorithms (ratios against a baseline measured in the same run)
    #[command(after_help = crate::registry::usage::<crate::bench::Bench>())]
    Bench(BenchArgs),
    /// Join the parts of sharded experiments (--shard K/N) into the files one run writes
    Merge {
        /// The directories holding the part files
        #[arg(value_name = "DIR", required = true)]
        dirs: Vec<String>,
        /// The directory the files are written in [default: .]
        #[arg(long, value_name = "DIR")]
        out: Option<String>,
    },
    /// Write a generated instance (the app's generators) to standard output or a file
    #[command(after_help = crate::generate::usage())]
    Generate(GenerateArgs),
    /// Print a shell completion script, e.g. `hetcast completions bash > hetcast.bash`
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// Where and how a result is written (`run`, `simulate`).
#[derive(Debug, Args)]
pub struct Output {
    /// The output format (docs/formats.md)
    #[arg(long, value_enum, default_value_t = Format::Json)]
    pub format: Format,
    /// Write to FILE instead of standard output
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Many-source model, svg-tree, animated-tree and dot: the message whose tree is drawn
    /// [default: 0]
    #[arg(long, value_name = "K")]
    pub message: Option<usize>,
    /// animated-tree and animated-gantt: the player's speed (0.25, 0.5, 1, 2, 4 or 8; 1: the
    /// whole schedule in 10 s) [default: 1]
    #[arg(long, value_name = "X")]
    pub speed: Option<f64>,
    /// animated-tree and animated-gantt: play once and stay on the whole schedule (default:
    /// loop)
    #[arg(long)]
    pub once: bool,
}

/// `hetcast run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The instance (JSON, docs/formats.md section 1); '-' reads standard input
    #[arg(value_name = "INSTANCE.json")]
    pub instance: String,
    /// The algorithm (the model's default when absent; the lists are below)
    #[arg(long, value_name = "ALGO")]
    pub algo: Option<String>,
    /// Random selection only: the seed [default: 0]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Output.
    #[command(flatten)]
    pub output: Output,
}

/// `hetcast simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The instance (JSON, docs/formats.md section 1); '-' reads standard input
    #[arg(value_name = "INSTANCE.json")]
    pub instance: String,
    /// The plan (JSON, docs/formats.md section 2), or a `hetcast run` output
    #[arg(value_name = "PLAN.json")]
    pub plan: String,
    /// Output.
    #[command(flatten)]
    pub output: Output,
}

/// What a registry command (`experiment`, `bench`) was given: the names and which options.
pub trait EntryArgs {
    /// The positional arguments (one name is expected).
    fn names(&self) -> &[String];
    /// The options given, by name without the leading `--`.
    fn given(&self) -> Vec<&'static str>;
}

/// The options given among `(name, given)` pairs.
fn given(pairs: &[(&'static str, bool)]) -> Vec<&'static str> {
    pairs.iter().filter(|(_, g)| *g).map(|(n, _)| *n).collect()
}

/// `hetcast experiment`.
#[derive(Debug, Args)]
pub struct ExperimentArgs {
    /// The experiment (listed below)
    #[arg(value_name = "NAME")]
    pub names: Vec<String>,
    /// The directory the files are written in [default: .]
    #[arg(long, value_name = "DIR")]
    pub out: Option<String>,
    /// Random instances per point
    #[arg(long, value_name = "N")]
    pub runs: Option<usize>,
    /// The first seed
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// liu-fig6: the largest cluster size
    #[arg(long, value_name = "N")]
    pub n_max: Option<usize>,
    /// wu-fig3, wu-fig4: worker threads (0: every core)
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// greedy-explore: node or sender_receiver; explore: any model's tag
    #[arg(long, value_name = "MODEL")]
    pub model: Option<String>,
    /// greedy-explore, explore (node, sender_receiver): destination kinds
    #[arg(long, value_name = "K")]
    pub types: Option<usize>,
    /// greedy-explore, explore: the largest cost
    #[arg(long, value_name = "C")]
    pub max_cost: Option<u32>,
    /// explore (multimessage): the most messages
    #[arg(long, value_name = "M")]
    pub messages: Option<usize>,
    /// explore: hill-climbing steps per comparison after --runs random members
    #[arg(long, value_name = "N")]
    pub climb: Option<u64>,
    /// explore: save the search's state in FILE as it goes, and resume from FILE if it exists
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<String>,
    /// explore: stop after timing N instances, leaving the state in --checkpoint FILE
    #[arg(long, value_name = "N")]
    pub stop_after: Option<usize>,
    /// beaumont-fig11: targets drawn uniformly among the LAN nodes, or one per LAN first
    #[arg(long, value_name = "uniform|per-lan")]
    pub targets: Option<String>,
    /// beaumont-fig11: the target densities, e.g. 0.1,0.5 [default: the paper's seven]
    #[arg(long, value_name = "LIST")]
    pub densities: Option<String>,
    /// Run part K of N only and write it as DIR/NAME.part-K-of-N.json (join with hetcast merge)
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::shard::Shard>,
}

impl EntryArgs for ExperimentArgs {
    fn names(&self) -> &[String] {
        &self.names
    }

    fn given(&self) -> Vec<&'static str> {
        given(&[
            ("out", self.out.is_some()),
            ("runs", self.runs.is_some()),
            ("seed", self.seed.is_some()),
            ("n-max", self.n_max.is_some()),
            ("threads", self.threads.is_some()),
            ("model", self.model.is_some()),
            ("types", self.types.is_some()),
            ("max-cost", self.max_cost.is_some()),
            ("messages", self.messages.is_some()),
            ("climb", self.climb.is_some()),
            ("checkpoint", self.checkpoint.is_some()),
            ("stop-after", self.stop_after.is_some()),
            ("targets", self.targets.is_some()),
            ("densities", self.densities.is_some()),
            ("shard", self.shard.is_some()),
        ])
    }
}

/// `hetcast bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The benchmark (listed below)
    #[arg(value_name = "NAME")]
    pub names: Vec<String>,
    /// greedy: the number of nodes
    #[arg(long, value_name = "N")]
    pub n: Option<usize>,
    /// greedy, wu: repetitions
    #[arg(long, value_name = "N")]
    pub reps: Option<usize>,
    /// optimal: the time budget, seconds
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub budget: Option<f64>,
    /// optimal, wu: the seed
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

impl EntryArgs for BenchArgs {
    fn names(&self) -> &[String] {
        &self.names
    }

    fn given(&self) -> Vec<&'static str> {
        given(&[
            ("n", self.n.is_some()),
            ("reps", self.reps.is_some()),
            ("budget", self.budget.is_some()),
            ("seed", self.seed.is_some()),
        ])
    }
}

/// `hetcast generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The instance file's model tag
    #[arg(value_enum, value_name = "MODEL")]
    pub model: crate::generate::Tag,
    /// The seed [default: 1]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Write the instances of C seeds from --seed on, one file each in --out DIR
    #[arg(long, value_name = "C")]
    pub count: Option<usize>,
    /// Write to FILE (a directory with --count) instead of standard output
    #[arg(long, value_name = "PATH")]
    pub out: Option<String>,
    /// Nodes (processors in the multimessage model)
    #[arg(long, value_name = "N")]
    pub nodes: Option<usize>,
    /// node, sender_receiver: distinct destination types, at most --max-cost
    #[arg(long, value_name = "K")]
    pub types: Option<usize>,
    /// node, sender_receiver: costs are whole numbers from 1 to C
    #[arg(long, value_name = "C")]
    pub max_cost: Option<u32>,
    /// node, sender_receiver: build from a type list, e.g. "4 x 2, 7 x 3" or "2 x 1/2, 1 x 2/3"
    #[arg(long, value_name = "LIST")]
    pub type_list: Option<String>,
    /// node, sender_receiver with --type-list: the source's cost (C, or SEND/RECV)
    #[arg(long, value_name = "COST")]
    pub source: Option<String>,
    /// sender_receiver with --type-list: the latency L [default: 0]
    #[arg(long, value_name = "L")]
    pub latency: Option<f64>,
    /// multi: node classes
    #[arg(long, value_name = "N")]
    pub classes: Option<usize>,
    /// multi: sources (one message each)
    #[arg(long, value_name = "N")]
    pub sources: Option<usize>,
    /// multi: the network [default: fast]
    #[arg(long, value_enum, value_name = "NET")]
    pub network: Option<crate::generate::NetworkArg>,
    /// multi: message sizes [default: small]
    #[arg(long, value_enum, value_name = "MIX")]
    pub sizes: Option<crate::generate::SizesArg>,
    /// multi: share of the other nodes each message goes to (0.5, 50%), or random [default: random]
    #[arg(long, value_name = "F")]
    pub fraction: Option<String>,
    /// multimessage: the largest number of messages a processor sends or receives
    #[arg(long, value_name = "D")]
    pub degree: Option<usize>,
    /// multimessage: the largest number of destinations of a message
    #[arg(long, value_name = "F")]
    pub fanout: Option<usize>,
    /// multimessage: messages to draw (fewer when no message fits) [default: nodes x degree]
    #[arg(long, value_name = "M")]
    pub messages: Option<usize>,
    /// platform: WAN nodes (with --man and --lan, instead of --nodes)
    #[arg(long, value_name = "N")]
    pub wan: Option<usize>,
    /// platform: MAN nodes
    #[arg(long, value_name = "N")]
    pub man: Option<usize>,
    /// platform: LAN nodes
    #[arg(long, value_name = "N")]
    pub lan: Option<usize>,
    /// platform: share of the LAN nodes that are targets (0.2, 20%) [default: 0.2]
    #[arg(long, value_name = "F")]
    pub density: Option<String>,
    /// platform: targets drawn uniformly among the LAN nodes, or one per LAN first [default: uniform]
    #[arg(long, value_name = "uniform|per-lan")]
    pub targets: Option<String>,
}

impl GenerateArgs {
    /// The model options given, by name without the leading `--` (not seed, count, out).
    pub fn given(&self) -> Vec<&'static str> {
        given(&[
            ("nodes", self.nodes.is_some()),
            ("types", self.types.is_some()),
            ("max-cost", self.max_cost.is_some()),
            ("type-list", self.type_list.is_some()),
            ("source", self.source.is_some()),
            ("latency", self.latency.is_some()),
            ("classes", self.classes.is_some()),
            ("sources", self.sources.is_some()),
            ("network", self.network.is_some()),
            ("sizes", self.sizes.is_some()),
            ("fraction", self.fraction.is_some()),
            ("degree", self.degree.is_some()),
            ("fanout", self.fanout.is_some()),
            ("messages", self.messages.is_some()),
            ("wan", self.wan.is_some()),
            ("man", self.man.is_some()),
            ("lan", self.lan.is_some()),
            ("density", self.density.is_some()),
            ("targets", self.targets.is_some()),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn parses_both_option_forms() {
        let cli =
            Cli::try_parse_from(["hetcast", "run", "x.json", "--algo", "fnf", "--seed=3"]).unwrap();
        let Command::Run(a) = cli.command else {
            panic!("not run")
        };
        assert_eq!(a.instance, "x.json");
        assert_eq!(a.algo.as_deref(), Some("fnf"));
        assert_eq!(a.seed, Some(3));
        assert_eq!(a.output.format, Format::Json);
        for bad in [
            &["hetcast", "run", "x", "--bogus", "1"][..],
            &["hetcast", "run", "x", "--algo"],
            &["hetcast", "run", "x", "--algo", "a", "--algo", "b"],
            &["hetcast", "run", "x", "-x"],
            &["hetcast", "run", "x", "--seed", "x"],
            &["hetcast", "bench", "optimal", "--budget", "x"],
        ] {
            assert!(Cli::try_parse_from(bad).is_err(), "{bad:?}");
        }
        let cli = Cli::try_parse_from(["hetcast", "bench", "optimal", "--budget", "0.5"]).unwrap();
        let Command::Bench(b) = cli.command else {
            panic!("not bench")
        };
        assert_eq!(b.budget, Some(0.5));
        assert_eq!(b.given(), vec!["budget"]);
    }
}
