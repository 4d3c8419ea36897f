//! Gallery instances of the many-source model (paper 001).

use super::instance::{Link, Message, MultiInstance, NodeClass};

/// The seed of [`search::candidate`](super::search::candidate) that draws [`wrp_beats_wr`]:
/// the best of `hetcast experiment wu-search` with its defaults (200,000 tries from seed 1).
pub const WRP_BEATS_WR_SEED: u64 = 74626;

/// "WRP beats WR", found by a search (not an instance of the paper): 8 nodes (5 fast: S = 1,
/// R = 2; 3 slow: S = 3, R = 3), a slow network (X·m = 6 for the 1-byte messages), and 4
/// sources P0-P3 multicasting to 2-5 nodes each.
///
/// Transfers take 9-12 time units of which 6 are in the network, so a node that has posted a
/// blocking receive waits a long time. Work-Racing appends every new send after the sender's
/// pending receives, so relays queue behind those waits; Work-Racing-Preemptive places sends
/// in the waits (the paper's figure 1(b)) 13 times. Simulated completion times: FEF 42,
/// ECF 29, WR 49, WRP 14; the idealised lower bound is 13. It is the instance with the largest
/// gap WR - WRP among the 200,000 that [`search::wrp_beats_wr`](super::search::wrp_beats_wr)
/// draws with its defaults (`hetcast experiment wu-search`; the test
/// `the_gallery_instance_is_what_the_search_finds` checks it).
pub fn wrp_beats_wr() -> MultiInstance {
    let msg = |source, destinations: &[usize]| Message {
        source,
        size: 1.0,
        destinations: destinations.to_vec(),
    };
    MultiInstance {
        classes: vec![
            NodeClass::constant("fast", 5, 1.0, 2.0),
            NodeClass::constant("slow", 3, 3.0, 3.0),
        ],
        link: Link::PerByte(6.0),
        messages: vec![
            msg(0, &[1, 2, 3]),
            msg(1, &[0, 2, 4, 5, 7]),
            msg(2, &[0, 3]),
            msg(3, &[0, 4, 5, 7]),
        ],
    }
}

/// Every gallery instance of the many-source model: (key, title, instance).
pub fn all() -> Vec<(&'static str, &'static str, MultiInstance)> {
    vec![(
        "wu-wrp-beats-wr",
        "WRP beats WR: 8 nodes, 4 sources (found by search)",
        wrp_beats_wr(),
    )]
}
