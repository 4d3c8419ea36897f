//! `hetcast experiment wu-search`: the search behind the gallery's "WRP beats WR"
//! (`hetcast_core::models::multi::search`); prints the winner and writes it as an instance file.

use crate::args::ExperimentArgs;
use crate::files::{out_dir, write_in};
use hetcast_core::models::multi::search::{wrp_beats_wr, SearchSpec};

/// Run `hetcast experiment wu-search` with parsed arguments (`--runs` tries, `--seed`).
pub fn run(a: &ExperimentArgs) -> Result<(), String> {
    let mut spec = SearchSpec::default();
    if let Some(r) = a.runs {
        if r == 0 {
            return Err("--runs must be at least 1".into());
        }
        spec.tries = r as u64;
    }
    if let Some(s) = a.seed {
        spec.seed = s;
    }
    let dir = out_dir(a.out.as_deref())?;
    let found = wrp_beats_wr(&spec);
    let path = write_in(&dir, "wu-search.json", &found.instance.to_json())?;
    println!(
        "WRP beats WR: {} tries from seed {}; the largest gap WR - WRP is at seed {}: WR {} µs, WRP {} µs",
        spec.tries, spec.seed, found.seed, found.wr, found.wrp
    );
    println!("wrote {path}");
    Ok(())
}
