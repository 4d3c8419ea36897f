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

/// "Two nodes swap messages", found by search (not an instance of the paper): P0 and P1 each
/// send a 1-byte message to the other; every overhead is 1 and the link 1 µs/byte. FEF, ECF
/// and WR let P1 post its (blocking) receive first, so P1 waits in it until P0's message is
/// in at 3, and only then sends: 6. WRP places P1's send in that wait (figure 1(b)): both
/// send at 0 and receive at 2 to 3, which is the idealised lower bound (3): a ratio of 2 on
/// the smallest instance with two sources. The worst of FEF, ECF and WR against the bound in
/// the family of two nodes with costs 1 (`hetcast experiment explore --model multi
/// --max-cost 1 --n-max 2`, member 2; the test `the_gallery_swap_is_the_worst_of_its_family`
/// checks it).
pub fn swap() -> MultiInstance {
    let msg = |source, to| Message {
        source,
        size: 1.0,
        destinations: vec![to],
    };
    MultiInstance {
        classes: vec![NodeClass::constant("", 2, 1.0, 1.0)],
        link: Link::PerByte(1.0),
        messages: vec![msg(0, 1), msg(1, 0)],
    }
}

/// Every gallery instance of the many-source model: (key, title, instance).
pub fn all() -> Vec<(&'static str, &'static str, MultiInstance)> {
    vec![
        (
            "wu-wrp-beats-wr",
            "WRP beats WR: 8 nodes, 4 sources (found by search)",
            wrp_beats_wr(),
        ),
        (
            "swap",
            "Two nodes swap messages: a posted receive blocks (found by search)",
            swap(),
        ),
    ]
}
