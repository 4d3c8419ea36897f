//! `hetcast experiment beaumont-fig11`: re-runs the experiment of Beaumont et al. section 7
//! (data from `hetcast_core::models::platform::experiment`) and writes
//! `beaumont-fig11.csv` and four charts `beaumont-fig11-{small,big}-{lb,scatter}.svg`
//! (`hetcast_charts::beaumont_fig11`). `--runs` is the number of platforms per size (the
//! paper: 10), `--seed` the first platform's seed, `--targets uniform|per-lan` how the targets
//! are drawn among the LAN nodes (`generate::TargetSpread`; the paper: uniformly).

use crate::args::ExperimentArgs;
use crate::files::{out_dir, write_in};
use crate::progress::Bar;
use hetcast_core::catalog::Catalog;
use hetcast_core::models::platform::experiment::{fig11, fig11_csv, Fig11Spec, HEURISTICS};
use hetcast_core::models::platform::generate::TargetSpread;

/// Run `hetcast experiment beaumont-fig11` with parsed arguments.
pub fn run(a: &ExperimentArgs) -> Result<(), String> {
    let mut spec = Fig11Spec::default();
    if let Some(r) = a.runs {
        if !(1..=1000).contains(&r) {
            return Err("--runs (platforms per size) must be between 1 and 1000".into());
        }
        spec.platforms = r;
    }
    if let Some(s) = a.seed {
        spec.seed = s;
    }
    if let Some(t) = a.targets.as_deref() {
        spec.targets = TargetSpread::parse(t).ok_or_else(|| {
            format!("--targets {t}: uniform (among all LAN nodes) or per-lan (one per LAN first)")
        })?;
    }
    if let Some(n) = a.n_max {
        spec.sizes = match n {
            30..=64 => vec!["small"],
            65.. => vec!["small", "big"],
            _ => {
                return Err(format!(
                    "--n-max {n}: 30 (the small platforms) or 65 (both sizes)"
                ))
            }
        };
    }
    let dir = out_dir(a.out.as_deref())?;
    let total = spec.sizes.len() * spec.densities.len() * spec.platforms;
    let bar = Bar::new("beaumont-fig11", total);
    let rows = fig11(&spec, |done, total| bar.set(done, total)).map_err(|e| e.to_string())?;
    bar.finish();
    let csv = write_in(&dir, "beaumont-fig11.csv", &fig11_csv(&rows))?;
    let mut svgs = Vec::new();
    for &size in &spec.sizes {
        for (tag, over_lb) in [("lb", true), ("scatter", false)] {
            svgs.push(write_in(
                &dir,
                &format!("beaumont-fig11-{size}-{tag}.svg"),
                &hetcast_charts::beaumont_fig11(&rows, size, over_lb)?,
            )?);
        }
    }
    println!(
        "Beaumont et al. section 7: Tiers-like platforms, {} per size, targets among the LAN nodes ({})",
        spec.platforms,
        spec.targets.key()
    );
    print!("{:<6} {:>8} {:>8}", "size", "density", "targets");
    for al in HEURISTICS {
        print!(" {:>16}", format!("{}/LB", al.short()));
    }
    println!();
    let mut i = 0;
    while i < rows.len() {
        let r = &rows[i];
        print!("{:<6} {:>8} {:>8.1}", r.size, r.density, r.targets);
        for row in &rows[i..i + HEURISTICS.len()] {
            print!(" {:>16.3}", row.over_lb);
        }
        println!();
        i += HEURISTICS.len();
    }
    println!("wrote {csv} and {}", svgs.join(", "));
    Ok(())
}
