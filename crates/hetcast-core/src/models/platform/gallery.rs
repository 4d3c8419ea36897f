//! Gallery platforms of paper 002, and the set-cover reduction of Theorem 1.

use super::{PlatformEdge, PlatformInstance, PlatformNode};

fn node(name: &str, x: f64, y: f64) -> PlatformNode {
    PlatformNode {
        name: name.into(),
        x: Some(x),
        y: Some(y),
    }
}

fn both(edges: &mut Vec<PlatformEdge>, a: usize, b: usize, cost: f64) {
    edges.push(PlatformEdge {
        from: a,
        to: b,
        cost,
    });
    edges.push(PlatformEdge {
        from: b,
        to: a,
        cost,
    });
}

/// The example of section 3 (figure 1), rebuilt from the text (the figure's drawing is not in
/// it): the source S and P1..P13; the edges the text names with the costs its argument needs:
/// S→P1, P2→P1, P3→P2, P2→P6, P5→P6, P6→P7, P1→P11 and P3→P4→P5 of cost 1, S→P3 of cost
/// 1/2 (so that S can serve P1 at rate 1/2 and P3 at rate 1), the clique P7-P10 of cost 1/5
/// and the clique P11-P13 of cost 1/10. Targets: P7..P13. One tree cannot reach throughput
/// 1 (the best single tree has period 2, by brute force); two trees of weight 1/2 can
/// (Multicast-LB = Broadcast... = 1 and AUGMENTED_SOURCES' scatter reaches it, see the tests).
pub fn section3() -> PlatformInstance {
    let names = [
        "S", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11", "P12", "P13",
    ];
    let pos = [
        (0.5, 0.05),
        (0.15, 0.3),
        (0.4, 0.3),
        (0.65, 0.2),
        (0.8, 0.35),
        (0.8, 0.5),
        (0.6, 0.55),
        (0.6, 0.72),
        (0.5, 0.9),
        (0.7, 0.9),
        (0.85, 0.8),
        (0.15, 0.6),
        (0.05, 0.85),
        (0.3, 0.85),
    ];
    let nodes = names
        .iter()
        .zip(pos)
        .map(|(n, (x, y))| node(n, x, y))
        .collect();
    let mut edges = Vec::new();
    for (a, b, c) in [
        (0, 1, 1.0),
        (2, 1, 1.0),
        (3, 2, 1.0),
        (2, 6, 1.0),
        (5, 6, 1.0),
        (6, 7, 1.0),
        (1, 11, 1.0),
        (3, 4, 1.0),
        (4, 5, 1.0),
        (0, 3, 0.5),
    ] {
        edges.push(PlatformEdge {
            from: a,
            to: b,
            cost: c,
        });
    }
    for a in 7..=10 {
        for b in a + 1..=10 {
            both(&mut edges, a, b, 0.2);
        }
    }
    for a in 11..=13 {
        for b in a + 1..=13 {
            both(&mut edges, a, b, 0.1);
        }
    }
    PlatformInstance {
        nodes,
        edges,
        source: 0,
        targets: (7..=13).collect(),
    }
}

/// The reduction of Theorem 1 (figure 2) from a MINIMUM-SET-COVER instance: elements
/// `0..n`, the subsets, the bound `b`. The source feeds one node per subset at cost `1/b`,
/// a subset node feeds its elements at cost `1/n`; the elements are the targets. A single
/// tree of throughput 1 exists iff a cover of size at most `b` exists (Theorem 1); a tree
/// through `k` subset nodes has period `max(k/b, largest subset used/n)`.
pub fn set_cover(n: usize, subsets: &[Vec<usize>], b: usize) -> PlatformInstance {
    let k = subsets.len();
    let mut nodes = vec![node("Ps", 0.5, 0.05)];
    for i in 0..k {
        nodes.push(node(
            &format!("C{}", i + 1),
            (i as f64 + 0.5) / k as f64,
            0.45,
        ));
    }
    for j in 0..n {
        nodes.push(node(
            &format!("X{}", j + 1),
            (j as f64 + 0.5) / n as f64,
            0.9,
        ));
    }
    let mut edges = Vec::new();
    for i in 0..k {
        edges.push(PlatformEdge {
            from: 0,
            to: 1 + i,
            cost: 1.0 / b as f64,
        });
    }
    for (i, s) in subsets.iter().enumerate() {
        for &j in s {
            edges.push(PlatformEdge {
                from: 1 + i,
                to: 1 + k + j,
                cost: 1.0 / n as f64,
            });
        }
    }
    PlatformInstance {
        nodes,
        edges,
        source: 0,
        targets: (1 + k..1 + k + n).collect(),
    }
}

/// Figure 2: X = {X1..X8}, C = {{X1..X4}, {X3, X4, X5}, {X4, X5, X6}, {X5..X8}}, with the
/// bound B = 2 (the text leaves B to the reader; {C1, C4} is a cover of size 2).
pub fn figure2() -> PlatformInstance {
    set_cover(
        8,
        &[
            vec![0, 1, 2, 3],
            vec![2, 3, 4],
            vec![3, 4, 5],
            vec![4, 5, 6, 7],
        ],
        2,
    )
}

/// The claim of figure 5 (section 5.1.3: Multicast-UB may be |targets| times Multicast-LB) on
/// an instance of our own, since the figure's drawing is not in the text: the source S sends
/// to a relay R (cost 1), which sends to each of `k` targets (cost 1/k). Multicast-LB is 1 (one
/// message into R, R's out-port busy k·1/k), the scatter bound is k (k different messages into
/// R), and the single tree S → R → targets reaches 1: the upper bound is not tight, and the
/// factor |targets| of the |targets|-approximation is reached.
pub fn bounds_gap(k: usize) -> PlatformInstance {
    let k = k.max(1);
    let mut edges = vec![(0, 1, 1.0)];
    for t in 0..k {
        edges.push((1, 2 + t, 1.0 / k as f64));
    }
    let targets: Vec<usize> = (2..2 + k).collect();
    PlatformInstance::new(2 + k, &edges, 0, &targets)
}

/// Where the LP as printed fails (section 5.1.1, equations (1)-(2) on gross flows): the source
/// S reaches the target T only over S → T (cost 4); S ⇄ A and T ⇄ B cost 1 each way. Every
/// schedule sends each message over S → T, so `T*` ≥ 4, and 4 is reached (one tree). The
/// printed (1) asks a gross flow of 1 out of S, which S → A → S meets; (2) asks a gross 1 into
/// T, which B → T → B meets; (3) holds at A and B: T* = 1 with nothing sent from S to T. The
/// net-flow LP hetcast solves gives 4. Smallest by search (docs/algorithms.md): no platform of
/// 3 nodes and none of 4 nodes with 4 edges has a printed LP below the net-flow one.
pub fn printed_lp() -> PlatformInstance {
    let nodes = vec![
        node("S", 0.2, 0.5),
        node("A", 0.2, 0.15),
        node("T", 0.8, 0.5),
        node("B", 0.8, 0.85),
    ];
    let mut edges = vec![PlatformEdge {
        from: 0,
        to: 2,
        cost: 4.0,
    }];
    both(&mut edges, 0, 1, 1.0);
    both(&mut edges, 2, 3, 1.0);
    PlatformInstance {
        nodes,
        edges,
        source: 0,
        targets: vec![2],
    }
}

/// "MCPH builds a star", found by search (not an instance of the paper): the source S has
/// edges of cost 1 to A, B and C, and C → B, B → A cost 1 too; all three are targets. MCPH
/// (figure 9) adds the target closest to its tree: A first (all three cost 1 from S; the tie
/// goes to the lower index). The cost update (figure 10) then charges S's other edges 2, and
/// S → C → B costs 3, so B comes over S → B, and C over S → C (cost 3 by then): the tree is
/// the star, S sends 3 messages per multicast, period 3. The chain S → C → B → A keeps every port busy
/// 1: period 1, which is also Multicast-LB. The worst instance of MCPH against the best single
/// tree in the family of every platform of 3 or 4 nodes with edges of cost 1
/// (`hetcast experiment explore --model platform --max-cost 1 --n-max 4`, its member 2335; the
/// test `the_gallery_star_is_the_worst_of_its_family` checks it). On `n` nodes the same shape
/// gives `n - 1`: MCPH is not within a constant factor of the best tree.
pub fn mcph_star() -> PlatformInstance {
    let nodes = vec![
        node("S", 0.5, 0.1),
        node("A", 0.15, 0.8),
        node("B", 0.5, 0.8),
        node("C", 0.85, 0.8),
    ];
    let edge = |from, to| PlatformEdge {
        from,
        to,
        cost: 1.0,
    };
    PlatformInstance {
        nodes,
        edges: vec![edge(0, 1), edge(0, 2), edge(0, 3), edge(2, 1), edge(3, 2)],
        source: 0,
        targets: vec![1, 2, 3],
    }
}

/// The smallest size of a cover of `0..n` by `subsets` (brute force over subsets), if any.
pub fn min_cover(n: usize, subsets: &[Vec<usize>]) -> Option<usize> {
    let k = subsets.len();
    (0u32..1 << k)
        .filter(|mask| {
            (0..n).all(|j| (0..k).any(|i| mask & (1 << i) != 0 && subsets[i].contains(&j)))
        })
        .map(|mask| mask.count_ones() as usize)
        .min()
}

/// Every gallery platform: (key, title, instance).
pub fn all() -> Vec<(&'static str, &'static str, PlatformInstance)> {
    vec![
        (
            "beaumont-section3",
            "Section 3: one tree cannot reach throughput 1, two trees of 1/2 can",
            section3(),
        ),
        (
            "beaumont-figure2",
            "Figure 2: the set-cover reduction (8 elements, 4 subsets, B = 2)",
            figure2(),
        ),
        (
            "beaumont-printed-lp",
            "Section 5.1's LP as printed: gross flows give T* = 1, every schedule needs 4",
            printed_lp(),
        ),
        (
            "mcph-star",
            "MCPH builds a star: period 3, the best tree 1 (found by search)",
            mcph_star(),
        ),
        (
            "tiers-small",
            "Tiers-like platform, 30 nodes, 30 % targets (seed 1)",
            super::view::tidy(&super::generate::tiers(
                &super::generate::TiersSpec::small(0.3),
                1,
            )),
        ),
    ]
}
