//! `hetcast bench` (being written).

/// Run `hetcast bench ARGS`.
pub fn run(args: &[String]) -> Result<(), String> {
    Err(format!("bench {args:?}: being written"))
}
