//! Shared proptest strategies for the core's integration tests.
#![allow(dead_code)]

pub mod svg;

use hetcast_core::models::overhead::instance::{Instance, ModelKind, Node};
use proptest::prelude::*;

/// An instance of `model` (the node model drops the latency `lat`).
fn instance(model: ModelKind, lat: u32, source: usize, nodes: Vec<Node>) -> Instance {
    Instance {
        model,
        latency: if model == ModelKind::Node {
            0.0
        } else {
            lat as f64
        },
        source,
        nodes,
    }
}

/// Random instances: 2 to 40 nodes, whole or fractional costs, both models, any source.
pub fn instances() -> impl Strategy<Value = Instance> {
    (
        prop_oneof![Just(ModelKind::Node), Just(ModelKind::SenderReceiver)],
        prop::collection::vec((1u32..=12, 1u32..=12, 0u32..4), 2..40),
        0u32..=3,
        any::<prop::sample::Index>(),
        any::<bool>(),
    )
        .prop_map(|(model, raw, lat, src, frac)| {
            let scale = if frac { 0.25 } else { 1.0 };
            let nodes: Vec<Node> = raw
                .iter()
                .map(|&(s, r, _)| Node {
                    name: None,
                    send: s as f64 * scale,
                    recv: if model == ModelKind::Node {
                        0.0
                    } else {
                        r as f64 * scale
                    },
                    gap: None,
                })
                .collect();
            let source = src.index(nodes.len());
            instance(model, lat, source, nodes)
        })
}

/// Small instances for the exact solvers: `n` in `2..=max_n`, at most `types` distinct
/// destination types drawn from whole costs 1..=8 (sender-receiver: consistent speeds when
/// `consistent`), latency 0..=2.
pub fn small(
    model: ModelKind,
    max_n: usize,
    types: usize,
    consistent: bool,
) -> impl Strategy<Value = Instance> {
    (
        prop::collection::vec((1u32..=8, 1u32..=8), types),
        (1u32..=8, 1u32..=8),
        prop::collection::vec(any::<prop::sample::Index>(), 1..max_n),
        0u32..=2,
    )
        .prop_map(move |(mut kinds, src, picks, lat)| {
            if consistent {
                make_consistent(&mut kinds);
            }
            let node = |(s, r): (u32, u32)| Node {
                name: None,
                send: s as f64,
                recv: if model == ModelKind::Node {
                    0.0
                } else {
                    r as f64
                },
                gap: None,
            };
            let src = if consistent {
                kinds[src.0 as usize % kinds.len()]
            } else {
                src
            };
            let mut nodes = vec![node(src)];
            nodes.extend(picks.iter().map(|p| node(kinds[p.index(kinds.len())])));
            instance(model, lat, 0, nodes)
        })
}

/// Make (send, recv) types consistent (004 section 2.1): sort them, give equal send times equal
/// receive times, and make receive times strictly increase with send times.
pub fn make_consistent(kinds: &mut [(u32, u32)]) {
    kinds.sort();
    for i in 1..kinds.len() {
        if kinds[i].0 == kinds[i - 1].0 {
            kinds[i].1 = kinds[i - 1].1;
        } else if kinds[i].1 <= kinds[i - 1].1 {
            kinds[i].1 = kinds[i - 1].1 + 1;
        }
    }
}
