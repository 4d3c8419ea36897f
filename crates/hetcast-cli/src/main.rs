mod bench;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bench") {
        if let Err(e) = bench::run(&args[1..]) {
            eprintln!("hetcast: {e}");
            std::process::exit(2);
        }
    }
}
