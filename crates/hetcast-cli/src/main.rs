//! `hetcast`: run multicast algorithms on JSON instances, export SVG, re-run the papers'
//! experiments, benchmark. Errors print one line `hetcast: ...` on standard error and exit 2.

mod args;
mod bench;
mod experiment;
mod multi;
mod run;
mod wu;

const USAGE: &str = "\
hetcast: multicast scheduling on heterogeneous networks

usage:
  hetcast run INSTANCE.json [--algo ALGO] [--seed N] [--format FORMAT] [--out FILE]
      ALGO: greedy (default) | fnf | random | optimal | lemma5 | exhaustive
      FORMAT: json (default) | svg-tree | svg-gantt; INSTANCE '-' reads standard input
      many-source instance (\"model\": \"multi\"): ALGO fef | ecf | wr | wrp (default) | all,
      --message K picks the message of svg-tree (default 0)
  hetcast experiment liu-fig6 [--out DIR] [--runs 200] [--seed 2004] [--n-max 100]
      writes DIR/liu-fig6.csv and DIR/liu-fig6.svg
  hetcast experiment wu-fig3|wu-fig4 [--out DIR] [--runs 1000] [--seed 2001] [--threads N]
      writes DIR/wu-figN.csv, DIR/wu-figN-broadcast.csv and DIR/wu-figN.svg
  hetcast bench greedy|optimal|wu ...
  hetcast help | --version

Formats: docs/formats.md. Errors exit with status 2.
";

fn dispatch(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("run") => run::run(&args[1..]),
        Some("experiment") => experiment::run(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("help" | "--help" | "-h") => {
            print!("{USAGE}");
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
