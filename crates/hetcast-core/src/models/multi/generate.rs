//! Random instances of the section 5 setting of paper 001 (Wu, Yeh, Liu), and the single
//! broadcast of section 5.1.
//!
//! What the paper states (section 5): nodes fall into *classes* by their send and receive
//! overheads; the constant parts are in [80, 400] µs and the per-byte parts in
//! [0.0001, 0.01] µs/byte; the link runs at 155 Mbps or 1 Gbps; messages are small
//! (≤ 1 KB), large (1 MB and 1.5 MB) or a hybrid of the two; for a given set of sources "the
//! simulator picks the message sizes and randomly chooses the destination nodes for each source
//! node". What it leaves open, and the choices made here ([`section5`]):
//!
//! - **class overheads**: for each class, the four numbers (send and receive, constant and
//!   per-byte) are drawn independently and uniformly from the ranges above, so a class may be
//!   quick to send and slow to receive;
//! - **class sizes**: as even as possible: `nodes / classes` each, the first `nodes % classes`
//!   classes one more; nodes are numbered class by class (the model's convention);
//! - **link**: one rate for every pair, 1 Gbps = 0.008 µs/byte ([`Network::Fast`]) or
//!   155 Mbps = 8/155 ≈ 0.0516 µs/byte ([`Network::Slow`]), by [`Link::per_byte_of_mbps`];
//! - **sizes** ([`SizeMix`]): small = a whole number of bytes uniform in 64..=1024; large =
//!   1 MB (1,048,576 bytes) or 1.5 MB (1,572,864 bytes), each with probability 1/2; hybrid =
//!   each message small or large with probability 1/2, then as above. Each message draws its
//!   own size;
//! - **sources**: `sources` distinct nodes, uniformly at random, one message each, listed by
//!   increasing node (message `k` is the `k`-th smallest source);
//! - **destinations** of a message: with `dest_fraction: None`, their number is uniform in
//!   `1..=N-1`; with `Some(f)` it is `round(f·(N-1))`, at least 1 and at most `N-1`; then that
//!   many distinct nodes other than the source, uniformly, listed in increasing order. So the
//!   destination sets of different sources are independent and may overlap.
//!
//! **Randomness**: a SplitMix64 stream from the seed, drawn in this order: the classes (send
//! fixed, send per byte, receive fixed, receive per byte, class by class), the sources, then per
//! message its size and its destinations. Integer draws go through `u64`, so the same seed gives
//! the same instance on every platform (native and wasm32). [`section5_classes`] draws only the
//! first part, so its classes are those of [`section5`] with the same seed.
//!
//! ```
//! use hetcast_core::models::multi::generate::{section5, Section5Spec, SizeMix};
//! let spec = Section5Spec { sources: 3, sizes: SizeMix::Large, ..Default::default() };
//! let inst = section5(&spec, 7).unwrap();
//! assert_eq!(inst.node_count(), 64);
//! assert_eq!(inst.messages.len(), 3);
//! assert!(inst.validate().is_ok());
//! ```

use super::instance::{Link, Message, MultiInstance, NodeClass, Overhead, MAX_NODES};
use crate::error::Error;
pub(crate) use crate::rng::SplitMix64;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// The range of the constant parts of the overheads, µs (section 5).
pub const FIXED_RANGE: (f64, f64) = (80.0, 400.0);
/// The range of the per-byte parts of the overheads, µs/byte (section 5).
pub const PER_BYTE_RANGE: (f64, f64) = (0.0001, 0.01);
/// The sizes of small messages, bytes ("≤ 1 KB"; 64 is our floor).
pub const SMALL_SIZES: (u64, u64) = (64, 1024);
/// The two sizes of large messages, bytes: 1 MB and 1.5 MB.
pub const LARGE_SIZES: [f64; 2] = [1_048_576.0, 1_572_864.0];

/// The two networks of section 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Network {
    /// 1 Gbps: 0.008 µs/byte.
    Fast,
    /// 155 Mbps: 8/155 ≈ 0.0516 µs/byte.
    Slow,
}

impl Network {
    /// Both networks, fast first.
    pub const ALL: [Network; 2] = [Network::Fast, Network::Slow];

    /// Megabits per second: 1000 or 155.
    pub fn mbps(self) -> f64 {
        match self {
            Network::Fast => 1000.0,
            Network::Slow => 155.0,
        }
    }

    /// The link of this network: one rate for every pair, µs/byte.
    pub fn link(self) -> Link {
        Link::PerByte(Link::per_byte_of_mbps(self.mbps()))
    }

    /// Machine name: `fast` or `slow`.
    pub fn key(self) -> &'static str {
        match self {
            Network::Fast => "fast",
            Network::Slow => "slow",
        }
    }

    /// Display name: "1 Gbps" or "155 Mbps".
    pub fn title(self) -> &'static str {
        match self {
            Network::Fast => "1 Gbps",
            Network::Slow => "155 Mbps",
        }
    }
}

/// The three message-size mixes of section 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SizeMix {
    /// Every message small: bytes uniform in 64..=1024.
    Small,
    /// Every message large: 1 MB or 1.5 MB with probability 1/2 each.
    Large,
    /// Each message small or large with probability 1/2.
    Hybrid,
}

impl SizeMix {
    /// The three mixes in the paper's order.
    pub const ALL: [SizeMix; 3] = [SizeMix::Small, SizeMix::Large, SizeMix::Hybrid];

    /// Machine name: `small`, `large` or `hybrid`.
    pub fn key(self) -> &'static str {
        match self {
            SizeMix::Small => "small",
            SizeMix::Large => "large",
            SizeMix::Hybrid => "hybrid",
        }
    }

    /// Display name with the sizes.
    pub fn title(self) -> &'static str {
        match self {
            SizeMix::Small => "small messages (64 B - 1 KB)",
            SizeMix::Large => "large messages (1 MB, 1.5 MB)",
            SizeMix::Hybrid => "hybrid (small or large, 1/2 each)",
        }
    }

    /// Draw one size in bytes.
    fn draw(self, rng: &mut SplitMix64) -> f64 {
        let small = |rng: &mut SplitMix64| rng.gen_range(SMALL_SIZES.0..=SMALL_SIZES.1) as f64;
        let large = |rng: &mut SplitMix64| LARGE_SIZES[rng.gen_range(0..2u64) as usize];
        match self {
            SizeMix::Small => small(rng),
            SizeMix::Large => large(rng),
            SizeMix::Hybrid => {
                if rng.gen_range(0..2u64) == 0 {
                    small(rng)
                } else {
                    large(rng)
                }
            }
        }
    }
}

/// Settings of [`section5`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Section5Spec {
    /// Number of nodes N, 2 to 4096.
    pub nodes: usize,
    /// Number of node classes, 1 to `nodes`.
    pub classes: usize,
    /// Number of sources (one message each), 1 to `nodes`.
    pub sources: usize,
    /// The link rate.
    pub network: Network,
    /// How message sizes are drawn.
    pub sizes: SizeMix,
    /// Fraction of the other `N-1` nodes each message goes to; `None`: a uniform number from
    /// 1 to `N-1`. Must be in `[0, 1]` when given (the count is at least 1).
    pub dest_fraction: Option<f64>,
}

impl Default for Section5Spec {
    /// 64 nodes (section 5.2), 4 classes, 8 sources, 1 Gbps, small messages, random number
    /// of destinations.
    fn default() -> Self {
        Section5Spec {
            nodes: 64,
            classes: 4,
            sources: 8,
            network: Network::Fast,
            sizes: SizeMix::Small,
            dest_fraction: None,
        }
    }
}

/// `count` distinct values of `0..n` other than `skip`, uniformly, in increasing order: a
/// partial Fisher-Yates shuffle of `pool` refilled with those values in increasing order (a
/// buffer kept between calls), then the values picked read off in order through `mark` (`n`
/// flags, all false before and after), which sorts them without comparing.
///
/// **Complexity**: O(n) time (the shuffle draws `count` numbers), no allocation but the
/// result's.
fn pick(
    rng: &mut SplitMix64,
    (pool, mark): (&mut Vec<usize>, &mut Vec<bool>),
    n: usize,
    skip: Option<usize>,
    count: usize,
) -> Vec<usize> {
    pool.clear();
    pool.extend((0..n).filter(|&v| Some(v) != skip));
    mark.resize(n, false);
    let count = count.min(pool.len());
    for i in 0..count {
        let j = i + rng.gen_range(0..(pool.len() - i) as u64) as usize;
        pool.swap(i, j);
        mark[pool[i]] = true;
    }
    let mut out = Vec::with_capacity(count);
    for (v, m) in mark.iter_mut().enumerate() {
        if std::mem::take(m) {
            out.push(v);
        }
    }
    out
}

fn check_counts(nodes: usize, classes: usize) -> Result<(), Error> {
    let bad = |m: String| Err(Error::BadInstance(m));
    if !(2..=MAX_NODES).contains(&nodes) {
        return bad(format!(
            "{nodes} nodes: the generator makes 2 to {MAX_NODES} nodes"
        ));
    }
    if !(1..=nodes).contains(&classes) {
        return bad(format!(
            "{classes} classes for {nodes} nodes: there must be 1 to {nodes} classes (one node at least in each)"
        ));
    }
    Ok(())
}

fn draw_classes(rng: &mut SplitMix64, nodes: usize, classes: usize) -> Vec<NodeClass> {
    let overhead = |rng: &mut SplitMix64| Overhead {
        fixed: rng.gen_range(FIXED_RANGE.0..=FIXED_RANGE.1),
        per_byte: rng.gen_range(PER_BYTE_RANGE.0..=PER_BYTE_RANGE.1),
    };
    (0..classes)
        .map(|c| {
            let send = overhead(rng);
            let recv = overhead(rng);
            NodeClass {
                name: format!("class {}", c + 1),
                count: nodes / classes + usize::from(c < nodes % classes),
                send,
                recv,
            }
        })
        .collect()
}

/// The node classes of [`section5`] alone: `classes` classes over `nodes` nodes, overheads
/// drawn as the module documentation says. Equal to `section5(spec, seed)?.classes` when
/// `spec` has the same `nodes` and `classes`.
pub fn section5_classes(nodes: usize, classes: usize, seed: u64) -> Result<Vec<NodeClass>, Error> {
    check_counts(nodes, classes)?;
    let mut rng = SplitMix64::seed_from_u64(seed);
    Ok(draw_classes(&mut rng, nodes, classes))
}

/// A random instance of the section 5 setting (choices in the module documentation). Errors
/// ([`Error::BadInstance`]) name the setting at fault: nodes outside 2..=4096, classes outside
/// 1..=nodes, sources outside 1..=nodes, a destination fraction outside [0, 1] or not a number.
pub fn section5(spec: &Section5Spec, seed: u64) -> Result<MultiInstance, Error> {
    let n = spec.nodes;
    check_counts(n, spec.classes)?;
    if !(1..=n).contains(&spec.sources) {
        return Err(Error::BadInstance(format!(
            "{} sources for {n} nodes: there must be 1 to {n} sources",
            spec.sources
        )));
    }
    if let Some(f) = spec.dest_fraction {
        if !(f.is_finite() && (0.0..=1.0).contains(&f)) {
            return Err(Error::BadInstance(format!(
                "the destination fraction {f} must be a number from 0 to 1"
            )));
        }
    }
    let mut rng = SplitMix64::seed_from_u64(seed);
    let classes = draw_classes(&mut rng, n, spec.classes);
    let (mut pool, mut mark) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let sources = pick(&mut rng, (&mut pool, &mut mark), n, None, spec.sources);
    let messages = sources
        .into_iter()
        .map(|source| {
            let size = spec.sizes.draw(&mut rng);
            let count = match spec.dest_fraction {
                None => rng.gen_range(1..=(n - 1) as u64) as usize,
                Some(f) => ((f * (n - 1) as f64).round() as usize).clamp(1, n - 1),
            };
            Message {
                source,
                size,
                destinations: pick(&mut rng, (&mut pool, &mut mark), n, Some(source), count),
            }
        })
        .collect();
    Ok(MultiInstance {
        classes,
        link: spec.network.link(),
        messages,
    })
}

/// The single broadcast of section 5.1: one message of `size` bytes from `source` to every
/// other node of `classes`, over `link`. Not validated (an out-of-range `source` or a bad
/// size is reported by [`MultiInstance::validate`], which every algorithm runs first).
pub fn broadcast_from(
    classes: &[NodeClass],
    link: Link,
    size: f64,
    source: usize,
) -> MultiInstance {
    let n: usize = classes.iter().map(|c| c.count).sum();
    MultiInstance {
        classes: classes.to_vec(),
        link,
        messages: vec![Message {
            source,
            size,
            destinations: (0..n).filter(|&v| v != source).collect(),
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(sources: usize, sizes: SizeMix) -> Section5Spec {
        Section5Spec {
            sources,
            sizes,
            ..Default::default()
        }
    }

    #[test]
    fn overheads_sizes_and_counts_are_in_range() {
        for seed in 0..50 {
            for sizes in SizeMix::ALL {
                let s = Section5Spec {
                    nodes: 10 + seed as usize,
                    classes: 1 + seed as usize % 5,
                    ..spec(1 + seed as usize % 7, sizes)
                };
                let inst = section5(&s, seed).unwrap();
                inst.validate().unwrap();
                assert_eq!(inst.node_count(), s.nodes);
                assert_eq!(inst.classes.len(), s.classes);
                let counts: Vec<usize> = inst.classes.iter().map(|c| c.count).collect();
                let (lo, hi) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
                assert!(hi - lo <= 1, "{counts:?}");
                for c in &inst.classes {
                    for o in [c.send, c.recv] {
                        assert!((80.0..=400.0).contains(&o.fixed), "{o:?}");
                        assert!((0.0001..=0.01).contains(&o.per_byte), "{o:?}");
                    }
                }
                assert_eq!(inst.messages.len(), s.sources);
                for m in &inst.messages {
                    let small = (64.0..=1024.0).contains(&m.size) && m.size.fract() == 0.0;
                    let large = LARGE_SIZES.contains(&m.size);
                    match sizes {
                        SizeMix::Small => assert!(small, "{}", m.size),
                        SizeMix::Large => assert!(large, "{}", m.size),
                        SizeMix::Hybrid => assert!(small || large, "{}", m.size),
                    }
                    assert!(!m.destinations.is_empty() && m.destinations.len() < s.nodes);
                    assert!(m.destinations.windows(2).all(|w| w[0] < w[1]));
                    assert!(!m.destinations.contains(&m.source));
                }
                let srcs: Vec<usize> = inst.messages.iter().map(|m| m.source).collect();
                assert!(srcs.windows(2).all(|w| w[0] < w[1]), "{srcs:?}");
            }
        }
    }

    #[test]
    fn all_sources_and_every_mix_appear() {
        let inst = section5(&spec(64, SizeMix::Hybrid), 3).unwrap();
        let srcs: Vec<usize> = inst.messages.iter().map(|m| m.source).collect();
        assert_eq!(srcs, (0..64).collect::<Vec<_>>());
        let large = inst.messages.iter().filter(|m| m.size > 1e6).count();
        assert!((16..=48).contains(&large), "{large} large of 64");
        let sizes: std::collections::BTreeSet<u64> =
            inst.messages.iter().map(|m| m.size as u64).collect();
        assert!(sizes.contains(&1_048_576) && sizes.contains(&1_572_864));
        // Destination counts are spread over 1..=63.
        let counts: Vec<usize> = inst.messages.iter().map(|m| m.destinations.len()).collect();
        assert!(counts.iter().any(|&c| c < 20) && counts.iter().any(|&c| c > 44));
    }

    #[test]
    fn destination_fraction_fixes_the_count() {
        for (f, want) in [(1.0, 63), (0.5, 32), (0.0, 1), (0.001, 1)] {
            let s = Section5Spec {
                dest_fraction: Some(f),
                ..spec(5, SizeMix::Small)
            };
            let inst = section5(&s, 11).unwrap();
            assert!(inst.messages.iter().all(|m| m.destinations.len() == want));
        }
    }

    #[test]
    fn same_seed_same_instance_and_links() {
        let s = spec(8, SizeMix::Hybrid);
        assert_eq!(section5(&s, 42).unwrap(), section5(&s, 42).unwrap());
        assert_ne!(section5(&s, 42).unwrap(), section5(&s, 43).unwrap());
        assert_eq!(
            section5(&s, 42).unwrap().classes,
            section5_classes(64, 4, 42).unwrap()
        );
        let slow = Section5Spec {
            network: Network::Slow,
            ..s
        };
        assert_eq!(section5(&s, 1).unwrap().link, Link::PerByte(0.008));
        assert_eq!(section5(&slow, 1).unwrap().link, Link::PerByte(8.0 / 155.0));
        // Fixed values pin the stream across platforms and versions.
        let first = section5_classes(2, 1, 0).unwrap()[0].send.fixed;
        // SplitMix64(0) starts 0xE220A8397B1DCDAF: 80 + 320·0.88331 (checked by hand).
        assert_eq!(first, 362.65945862836566);
        let m0 = &section5(&s, 0).unwrap().messages[0];
        assert_eq!(
            (m0.source, m0.size, m0.destinations.len()),
            (14, 1_572_864.0, 59)
        );
    }

    #[test]
    fn bad_settings_are_errors_naming_the_setting() {
        let err = |s: Section5Spec| section5(&s, 0).unwrap_err().to_string();
        let d = Section5Spec::default();
        assert!(err(Section5Spec { nodes: 1, ..d }).contains("1 nodes"));
        assert!(err(Section5Spec { nodes: 5000, ..d }).contains("4096"));
        assert!(err(Section5Spec { classes: 0, ..d }).contains("0 classes"));
        assert!(err(Section5Spec { classes: 65, ..d }).contains("65 classes"));
        assert!(err(Section5Spec { sources: 0, ..d }).contains("0 sources"));
        assert!(err(Section5Spec { sources: 65, ..d }).contains("65 sources"));
        assert!(err(Section5Spec {
            dest_fraction: Some(f64::NAN),
            ..d
        })
        .contains("fraction"));
        assert!(err(Section5Spec {
            dest_fraction: Some(1.5),
            ..d
        })
        .contains("1.5"));
        assert!(section5_classes(3, 4, 0).is_err());
        // The extremes are accepted.
        section5(
            &Section5Spec {
                nodes: 2,
                classes: 2,
                sources: 2,
                ..d
            },
            0,
        )
        .unwrap()
        .validate()
        .unwrap();
    }

    #[test]
    fn broadcast_reaches_every_other_node() {
        let classes = section5_classes(10, 3, 5).unwrap();
        let inst = broadcast_from(&classes, Network::Slow.link(), 1024.0, 4);
        inst.validate().unwrap();
        assert_eq!(inst.messages.len(), 1);
        assert_eq!(
            inst.messages[0].destinations,
            vec![0, 1, 2, 3, 5, 6, 7, 8, 9]
        );
        assert!(broadcast_from(&classes, Network::Fast.link(), 1.0, 10)
            .validate()
            .is_err());
    }
}
