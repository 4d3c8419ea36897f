use hetcast_core::models::platform::generate::{tiers, TiersSpec};
use hetcast_core::models::platform::{Platform, PlatformAlgorithm};
use hetcast_core::models::Model;
#[test]
fn t() {
    for (name, p) in [
        ("app65 s1", Platform::random_instance(65, 1)),
        ("big .2 s2004", tiers(&TiersSpec::big(0.2), 2004)),
        ("big .5 s2005", tiers(&TiersSpec::big(0.5), 2005)),
        ("big .1 s2006", tiers(&TiersSpec::big(0.1), 2006)),
    ] {
        let t0 = std::time::Instant::now();
        let s = PlatformAlgorithm::AugmentedMulticast.solve(&p).unwrap();
        eprintln!(
            "{name}: {} targets T* {} in {:.3} s",
            p.targets.len(),
            s.period,
            t0.elapsed().as_secs_f64()
        );
    }
}
