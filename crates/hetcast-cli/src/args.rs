//! The command line, parsed by clap (derive API): every command with its arguments. The
//! checks that depend on the instance's model (which algorithm, which option applies) are the
//! runners'; clap checks the shape (known flags, numbers, formats). Each command's arguments
//! live with it ([`crate::common`] for those a model's runner takes too); this file only
//! gathers them, on top of every other module but `main`.

use crate::bench::{Bench, BenchArgs};
use crate::common::{ExperimentArgs, Format, RunArgs, SimulateArgs};
use crate::experiments::Experiment;
use crate::generate::GenerateArgs;
use crate::{generate, models, registry};
use clap::{Parser, Subcommand};

/// The help text after the commands of `hetcast help`: every command with its choices, the
/// algorithms, experiments and benches read from their registries.
pub fn usage() -> String {
    format!(
        "\
Usage by command:
  hetcast run INSTANCE.json [--algo ALGO] [--seed N] [--format FORMAT] [--out FILE]
      FORMAT: {formats}; INSTANCE '-' reads standard input
      {overhead}
      {multi}
  hetcast simulate INSTANCE.json PLAN.json [--format FORMAT] [--out FILE] [--message K]
      times and checks a plan written by hand (or a run's output) with the model's simulator
{generate}{experiments}  hetcast merge DIR... [--out DIR]
      joins the part files of experiments run with --shard K/N (docs/scale.md)
{benches}  hetcast completions bash|zsh|fish|elvish|powershell
  hetcast help [COMMAND] | COMMAND --help | --version

Formats: docs/formats.md. Errors print one line and exit with status 2.",
        formats = Format::choices(" | "),
        overhead = models::overhead::usage(),
        multi = models::multi::usage(),
        generate = generate::usage(),
        experiments = registry::usage::<Experiment>(),
        benches = registry::usage::<Bench>(),
    )
}

/// `hetcast`: multicast scheduling on heterogeneous networks.
#[derive(Debug, Parser)]
#[command(
    name = "hetcast",
    version,
    about = "hetcast: multicast scheduling on heterogeneous networks",
    subcommand_required = true,
    arg_required_else_help = false,
    after_help = usage()
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
    #[command(after_help = registry::usage::<Experiment>())]
    Experiment(ExperimentArgs),
    /// Time the algorithms (ratios against a baseline measured in the same run)
    #[command(after_help = registry::usage::<Bench>())]
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
    #[command(after_help = generate::usage())]
    Generate(GenerateArgs),
    /// Print a shell completion script, e.g. `hetcast completions bash > hetcast.bash`
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::EntryArgs;
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
