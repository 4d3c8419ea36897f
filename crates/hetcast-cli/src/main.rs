//! `hetcast`: run multicast algorithms on JSON instances, time hand-written plans, export SVG,
//! trace, DOT and CSV, re-run the papers' experiments, benchmark. Arguments are parsed by clap
//! ([`args`]). Every error, clap's included, prints one line `hetcast: ...` on standard error
//! and exits 2.

mod args;
mod bench;
mod common;
mod experiments;
mod explore;
mod files;
mod generate;
mod models;
mod progress;
mod registry;
mod run;
mod shard;
mod timing;

use args::{Cli, Command};
use bench::Bench;
use clap::{CommandFactory, FromArgMatches};
use experiments::Experiment;

/// A clap error in one line: its message and the lines that belong to it (possible values),
/// then the usage of the command it is about.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut lines = text.lines().map(str::trim);
    let message: Vec<&str> = lines.by_ref().take_while(|l| !l.is_empty()).collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    match lines.find_map(|l| l.strip_prefix("Usage: ")) {
        Some(usage) => format!("{message} (usage: {usage})"),
        None => message.to_string(),
    }
}

fn dispatch(command: Command) -> Result<(), String> {
    match command {
        Command::Run(a) => run::run(&a),
        Command::Simulate(a) => run::simulate(&a),
        Command::Experiment(a) => registry::run::<Experiment>(&a),
        Command::Bench(a) => registry::run::<Bench>(&a),
        Command::Generate(a) => generate::run(&a),
        Command::Merge { dirs, out } => experiments::merge_dirs(&dirs, out.as_deref()),
        Command::Completions { shell } => {
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "hetcast", &mut text);
            files::emit(&String::from_utf8_lossy(&text), None)
        }
    }
}

fn main() {
    // A bug must still end in one readable line, not a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".into());
        eprintln!("hetcast: internal error, please report: {msg}");
    }));
    let parsed = Cli::command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let result = match parsed {
        Ok(cli) => dispatch(cli.command),
        // --help, --version: clap prints them on standard output and exits 0.
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => Err(one_line(&e)),
    };
    if let Err(e) = result {
        eprintln!("hetcast: {e}");
        std::process::exit(2);
    }
}
