//! Where Figure 11's work goes (docs/experiments/beaumont-fig11.md, "Where the time goes"):
//! for each platform of `hetcast experiment beaumont-fig11` (the CLI's order,
//! [`fig11_platforms`]), the CPU time of this thread for drawing the platform, its two bounds
//! and each heuristic, as a web worker runs them: AUGMENTED_MULTICAST on one thread
//! ([`Trials::Bounded`]; the native default solves two LPs at once). One tab-separated line per
//! platform, in milliseconds.
//!
//! Linux only: the time is the thread's `sum_exec_runtime` (`/proc/thread-self/schedstat`),
//! which other load on the machine disturbs far less than wall time; it is updated at the
//! scheduler's ticks, so single figures under about 10 ms are coarse, sums are not.
//!
//! ```text
//! cargo run --release -p hetcast-core --example fig11_profile [PLATFORMS] [small|big]
//! ```
//! PLATFORMS per (size, density), default 10 (the paper's); both sizes unless one is named.

use hetcast_core::catalog::Catalog;
use hetcast_core::models::platform::algo::augmented_multicast::{augmented_multicast_with, Trials};
use hetcast_core::models::platform::algo::{LpReuse, Progress};
use hetcast_core::models::platform::experiment::{
    fig11_platform, fig11_platforms, Fig11Spec, HEURISTICS,
};
use hetcast_core::models::platform::PlatformAlgorithm;

/// This thread's CPU time so far, in nanoseconds.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .expect("/proc/thread-self/schedstat (Linux)")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let platforms = args
        .get(1)
        .map_or(10, |a| a.parse().expect("PLATFORMS: a number"));
    let sizes = match args.get(2).map(String::as_str) {
        Some("small") => vec!["small"],
        Some("big") => vec!["big"],
        _ => vec!["small", "big"],
    };
    let spec = Fig11Spec {
        platforms,
        sizes,
        ..Fig11Spec::default()
    };
    let solved: Vec<PlatformAlgorithm> = [
        PlatformAlgorithm::MulticastLb,
        PlatformAlgorithm::MulticastUb,
    ]
    .into_iter()
    .chain(HEURISTICS)
    .collect();
    let names: Vec<&str> = solved.iter().map(|a| a.key()).collect();
    println!(
        "item\tsize\tdensity\tk\ttargets\tgen\t{}\ttotal_ms",
        names.join("\t")
    );
    for (item, (size, density, k)) in fig11_platforms(&spec).into_iter().enumerate() {
        let t0 = cpu_ns();
        let inst = fig11_platform(&spec, size, density, k);
        let mut times = vec![cpu_ns() - t0];
        for &al in &solved {
            let t = cpu_ns();
            if al == PlatformAlgorithm::AugmentedMulticast {
                Progress::silent(|p| {
                    augmented_multicast_with(&inst, LpReuse::Generate, Trials::Bounded, p)
                })
                .expect("AUGMENTED_MULTICAST");
            } else {
                al.solve(&inst).expect("a Figure 11 algorithm");
            }
            times.push(cpu_ns() - t);
        }
        let total: u64 = times.iter().sum();
        let ms: Vec<String> = times
            .iter()
            .map(|t| format!("{:.1}", *t as f64 / 1e6))
            .collect();
        println!(
            "{item}\t{size}\t{density}\t{k}\t{}\t{}\t{:.1}",
            inst.targets.len(),
            ms.join("\t"),
            total as f64 / 1e6
        );
    }
}
