//! A Tiers-like platform generator (paper 002, section 7, which used the Tiers generator of
//! Calvert, Doar and Zegura): a WAN core, MAN nodes hanging off it, LAN nodes hanging off the
//! MANs, undirected links (two edges of the same cost), costs by level, targets drawn among
//! the LAN nodes. Tiers itself is not reproduced: the levels, counts and cost ranges are our
//! choice (docs/algorithms.md), with the paper's LAN counts (17 of 30 nodes, 47 of 65).

use super::{PlatformEdge, PlatformInstance, PlatformNode};
use crate::rng::{below, Rng64};
use rand::{Rng, SeedableRng};

/// The shape of a Tiers-like platform.
#[derive(Debug, Clone, PartialEq)]
pub struct TiersSpec {
    /// WAN (core) nodes.
    pub wan: usize,
    /// MAN nodes.
    pub man: usize,
    /// LAN nodes.
    pub lan: usize,
    /// Fraction of the LAN nodes that are targets (at least one target).
    pub density: f64,
    /// How the targets are spread over the LAN nodes.
    pub targets: TargetSpread,
}

/// How [`tiers`] draws the targets among the LAN nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TargetSpread {
    /// Uniformly among all LAN nodes (section 7: "randomly selected among the nodes belonging
    /// to the local area networks").
    #[default]
    Uniform,
    /// One target per LAN first (a LAN: the LAN nodes whose first link is to one MAN node),
    /// the LANs in a random order, a random node of each; when every LAN has one, a second
    /// per LAN, and so on. Section 7's explanation of the broadcast heuristic's good results:
    /// "there is almost one target node in each Local Area Network".
    PerLan,
}

impl TargetSpread {
    /// Its name on the command line and in the CSV: "uniform", "per-lan".
    pub fn key(self) -> &'static str {
        match self {
            TargetSpread::Uniform => "uniform",
            TargetSpread::PerLan => "per-lan",
        }
    }

    /// Read [`TargetSpread::key`].
    pub fn parse(s: &str) -> Option<TargetSpread> {
        [TargetSpread::Uniform, TargetSpread::PerLan]
            .into_iter()
            .find(|t| t.key() == s)
    }
}

/// Cost ranges per level (time per unit-size message): WAN-WAN, WAN-MAN, MAN-MAN, MAN-LAN,
/// LAN-LAN.
pub const COSTS: [(f64, f64); 5] = [
    (20.0, 100.0),
    (10.0, 50.0),
    (5.0, 25.0),
    (1.0, 10.0),
    (1.0, 5.0),
];

impl TiersSpec {
    /// The paper's "small" platforms: 30 nodes, 17 of them LAN nodes.
    pub fn small(density: f64) -> TiersSpec {
        TiersSpec {
            wan: 3,
            man: 10,
            lan: 17,
            density,
            targets: TargetSpread::Uniform,
        }
    }

    /// The paper's "big" platforms: 65 nodes, 47 of them LAN nodes.
    pub fn big(density: f64) -> TiersSpec {
        TiersSpec {
            wan: 4,
            man: 14,
            lan: 47,
            density,
            targets: TargetSpread::Uniform,
        }
    }

    /// About `n` nodes (at least 4) in the proportions of the big platforms.
    pub fn sized(n: usize, density: f64) -> TiersSpec {
        let n = n.max(4);
        let lan = ((n as f64 * 47.0 / 65.0).round() as usize).clamp(1, n - 2);
        let wan = ((n - lan) / 4).max(1);
        TiersSpec {
            wan,
            man: n - lan - wan,
            lan,
            density,
            targets: TargetSpread::Uniform,
        }
    }

    /// The number of nodes.
    pub fn nodes(&self) -> usize {
        self.wan + self.man + self.lan
    }
}

/// Draw a Tiers-like platform from `seed`. Nodes: WAN `W0..`, then MAN `M0..`, then LAN
/// `L0..`; the source is W0.
pub fn tiers(spec: &TiersSpec, seed: u64) -> PlatformInstance {
    let mut rng = Rng64::seed_from_u64(seed);
    let wan = spec.wan.max(1);
    let man = spec.man.max(1);
    let lan = spec.lan.max(1);
    let n = wan + man + lan;
    let mut nodes = Vec::with_capacity(n);
    let ring = |k: usize, count: usize, r: f64| {
        let a = std::f64::consts::TAU * k as f64 / count as f64;
        (0.5 + r * a.cos(), 0.5 + r * a.sin())
    };
    for k in 0..wan {
        let (x, y) = ring(k, wan, 0.12);
        nodes.push(PlatformNode {
            name: format!("W{k}"),
            x: Some(x),
            y: Some(y),
        });
    }
    for k in 0..man {
        let (x, y) = ring(k, man, 0.3);
        nodes.push(PlatformNode {
            name: format!("M{k}"),
            x: Some(x),
            y: Some(y),
        });
    }
    for k in 0..lan {
        let (x, y) = ring(k, lan, 0.47);
        nodes.push(PlatformNode {
            name: format!("L{k}"),
            x: Some(x),
            y: Some(y),
        });
    }
    let mut links: Vec<(usize, usize, f64)> = Vec::new();
    let mut link = |rng: &mut Rng64, a: usize, b: usize, level: usize| {
        let (lo, hi) = COSTS[level];
        let c: f64 = rng.gen_range(lo..=hi);
        let c = (c * 100.0).round() / 100.0;
        if a != b
            && !links
                .iter()
                .any(|&(x, y, _)| (x, y) == (a, b) || (x, y) == (b, a))
        {
            links.push((a, b, c));
        }
    };
    // WAN: a ring (a line for two nodes) and one chord.
    for k in 0..wan {
        if wan > 1 && (k + 1 < wan || wan > 2) {
            link(&mut rng, k, (k + 1) % wan, 0);
        }
    }
    if wan > 3 {
        let a = below(&mut rng, wan);
        let b = below(&mut rng, wan);
        link(&mut rng, a, b, 0);
    }
    // MAN: each to one WAN node; MANs of the same WAN node in a chain (Tiers' redundancy).
    let mut man_of_wan: Vec<Vec<usize>> = vec![Vec::new(); wan];
    for k in 0..man {
        let w = if k < wan { k } else { below(&mut rng, wan) };
        let v = wan + k;
        link(&mut rng, w, v, 1);
        // Tiers' redundancy: now and then a second uplink to another WAN node.
        if wan > 1 && below(&mut rng, 2) == 0 {
            let w2 = (w + 1 + below(&mut rng, wan - 1)) % wan;
            link(&mut rng, w2, v, 1);
        }
        if let Some(&last) = man_of_wan[w].last() {
            link(&mut rng, last, v, 2);
        }
        man_of_wan[w].push(v);
    }
    // LAN: each to one MAN node; LAN nodes of one MAN node chained pairwise now and then.
    let mut lan_of_man: Vec<Vec<usize>> = vec![Vec::new(); man];
    for k in 0..lan {
        let m = if k < man { k } else { below(&mut rng, man) };
        let v = wan + man + k;
        link(&mut rng, wan + m, v, 3);
        if man > 1 && below(&mut rng, 4) == 0 {
            let m2 = (m + 1 + below(&mut rng, man - 1)) % man;
            link(&mut rng, wan + m2, v, 3);
        }
        if let Some(&last) = lan_of_man[m].last() {
            if below(&mut rng, 2) == 0 {
                link(&mut rng, last, v, 4);
            }
        }
        lan_of_man[m].push(v);
    }
    let mut edges = Vec::with_capacity(2 * links.len());
    for &(a, b, c) in &links {
        edges.push(PlatformEdge {
            from: a,
            to: b,
            cost: c,
        });
        edges.push(PlatformEdge {
            from: b,
            to: a,
            cost: c,
        });
    }
    let count = ((spec.density * lan as f64).round() as usize).clamp(1, lan);
    let mut targets = Vec::with_capacity(count);
    match spec.targets {
        TargetSpread::Uniform => {
            let mut pool: Vec<usize> = (wan + man..n).collect();
            for _ in 0..count {
                let i = below(&mut rng, pool.len());
                targets.push(pool.swap_remove(i));
            }
        }
        TargetSpread::PerLan => {
            let mut lans: Vec<Vec<usize>> =
                lan_of_man.into_iter().filter(|l| !l.is_empty()).collect();
            // The LANs in a random order (Fisher-Yates), then one node of each per pass.
            for i in (1..lans.len()).rev() {
                let j = below(&mut rng, i + 1);
                lans.swap(i, j);
            }
            while targets.len() < count {
                for pool in lans.iter_mut().filter(|l| !l.is_empty()) {
                    if targets.len() == count {
                        break;
                    }
                    let i = below(&mut rng, pool.len());
                    targets.push(pool.swap_remove(i));
                }
            }
        }
    }
    targets.sort_unstable();
    PlatformInstance {
        nodes,
        edges,
        source: 0,
        targets,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One target per LAN: as long as there are fewer targets than LANs, no two targets share
    /// a LAN (the first MAN node each links to), over both sizes and every density; with as
    /// many targets as LAN nodes, every LAN node is one. The links and the number of targets
    /// do not depend on the option (the links are drawn before the targets).
    #[test]
    fn per_lan_targets_are_spread() {
        for seed in 0..100 {
            for base in [TiersSpec::small(0.0), TiersSpec::big(0.0)] {
                for density in [0.05, 0.2, 0.3, 0.5, 1.0] {
                    let spec = TiersSpec {
                        density,
                        targets: TargetSpread::PerLan,
                        ..base.clone()
                    };
                    let p = tiers(&spec, seed);
                    p.validate().unwrap();
                    let uniform = tiers(
                        &TiersSpec {
                            density,
                            ..base.clone()
                        },
                        seed,
                    );
                    assert_eq!(p.edges, uniform.edges);
                    assert_eq!(p.targets.len(), uniform.targets.len());
                    let first = spec.wan + spec.man;
                    let lan_of = |t: usize| {
                        let e = p
                            .edges
                            .iter()
                            .find(|e| e.to == t && (spec.wan..first).contains(&e.from))
                            .unwrap();
                        e.from
                    };
                    let mut lans: Vec<usize> = p.targets.iter().map(|&t| lan_of(t)).collect();
                    let all = lans.len();
                    lans.sort_unstable();
                    lans.dedup();
                    let distinct = (0..spec.lan)
                        .map(|k| lan_of(first + k))
                        .collect::<std::collections::BTreeSet<_>>()
                        .len();
                    assert_eq!(lans.len(), all.min(distinct), "seed {seed} {density}");
                    assert!(p.targets.iter().all(|&t| t >= first));
                }
            }
        }
    }

    #[test]
    fn tiers_platforms_are_valid_and_reproducible() {
        for seed in 0..200 {
            for spec in [
                TiersSpec::small(0.3),
                TiersSpec::big(0.1),
                TiersSpec::sized(5, 1.0),
            ] {
                let p = tiers(&spec, seed);
                assert_eq!(p.node_count(), spec.nodes());
                p.validate().unwrap();
                assert_eq!(p, tiers(&spec, seed));
            }
        }
    }
}
