//! Gallery instances of the many-source model (paper 001).

use super::instance::{Link, Message, MultiInstance, NodeClass, Overhead};

/// "WRP beats WR": 8 nodes (5 fast: S = 1, R = 2; 3 slow: S = 3, R = 3), a slow network
/// (X·m = 6 for the 1-byte messages), and 4 sources P0-P3 multicasting to 2-5 nodes each.
///
/// Transfers take 9-12 time units of which 6 are in the network, so a node that has posted a
/// blocking receive waits a long time. Work-Racing appends every new send after the sender's
/// pending receives, so relays queue behind those waits; Work-Racing-Preemptive places sends
/// in the waits (the paper's figure 1(b)). Simulated completion times: FEF 50, WR 40,
/// ECF 23, WRP 14; the idealised lower bound is 13. Found by a random search over 200,000
/// instances of this shape for the largest WR/WRP gap (`docs/algorithms.md`).
pub fn wrp_beats_wr() -> MultiInstance {
    let class = |name: &str, count, s, r| NodeClass {
        name: name.into(),
        count,
        send: Overhead {
            fixed: s,
            per_byte: 0.0,
        },
        recv: Overhead {
            fixed: r,
            per_byte: 0.0,
        },
    };
    let msg = |source, destinations: &[usize]| Message {
        source,
        size: 1.0,
        destinations: destinations.to_vec(),
    };
    MultiInstance {
        classes: vec![class("fast", 5, 1.0, 2.0), class("slow", 3, 3.0, 3.0)],
        link: Link::PerByte(6.0),
        messages: vec![
            msg(0, &[1, 2, 3, 6]),
            msg(1, &[2, 5]),
            msg(2, &[0, 3, 7]),
            msg(3, &[0, 4, 5, 6, 7]),
        ],
    }
}

/// Every gallery instance of the many-source model: (key, title, instance).
pub fn all() -> Vec<(&'static str, &'static str, MultiInstance)> {
    vec![(
        "wu-wrp-beats-wr",
        "WRP beats WR (Wu et al., fig. 1): 8 nodes, 4 sources",
        wrp_beats_wr(),
    )]
}
