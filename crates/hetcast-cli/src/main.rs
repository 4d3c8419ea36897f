//! `hetcast`: run multicast algorithms on JSON instances, export SVG, re-run the papers'
//! experiments, benchmark. Errors print one line `hetcast: ...` on standard error and exit 2.

mod args;
mod bench;
mod experiments;
mod files;
mod models;
mod registry;
mod run;

use bench::Bench;
use experiments::Experiment;
use run::Format;

/// `hetcast help`: the commands, with the algorithms, experiments and benches read from their
/// registries.
fn usage() -> String {
    format!(
        "\
hetcast: multicast scheduling on heterogeneous networks

usage:
  hetcast run INSTANCE.json [--algo ALGO] [--seed N] [--format FORMAT] [--out FILE]
      FORMAT: {formats}; INSTANCE '-' reads standard input
      {overhead}
      {multi}
{experiments}{benches}  hetcast help | --version

Formats: docs/formats.md. Errors exit with status 2.
",
        formats = Format::ALL
            .map(|f| if f == Format::Json {
                format!("{} (default)", f.key())
            } else {
                f.key().to_string()
            })
            .join(" | "),
        overhead = models::overhead::usage(),
        multi = models::multi::usage(),
        experiments = registry::usage::<Experiment>(),
        benches = registry::usage::<Bench>(),
    )
}

fn dispatch(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("run") => run::run(&args[1..]),
        Some("experiment") => registry::run::<Experiment>(&args[1..]),
        Some("bench") => registry::run::<Bench>(&args[1..]),
        Some("help" | "--help" | "-h") => {
            print!("{}", usage());
            Ok(())
        }
        Some("--version" | "-V") => {
            println!("hetcast {}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
        Some(other) => Err(format!(
            "unknown command '{other}' (commands: run, experiment, bench, help)"
        )),
        None => Err("no command given; try 'hetcast help'".into()),
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = dispatch(&args) {
        eprintln!("hetcast: {e}");
        std::process::exit(2);
    }
}
