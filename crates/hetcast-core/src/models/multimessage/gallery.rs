//! The gallery of the multimessage model.
//!
//! - [`example_1_1`]: Gonzalez's Example 1.1, exactly as the text gives it (section 1:
//!   `h_1 = {a, b}`, ..., `n_9 = {c, d, f}`), with the paper's names P1..P9. The paper:
//!   six steps if each message leaves its source once, four if it may leave in several steps,
//!   three with forwarding. The instance of figure 2 is not rebuilt: the text names only
//!   some of its messages' sources after the first round (section 2.0.2) and none of their
//!   destinations, so `docs/algorithms.md` says what is known of it rather than guessing.
//! - [`basic_multicast`]: degree 1 (the "basic multicasting problem"): one step.
//! - [`unicast`]: fan-out 1 (the MUC problem): `d` steps by edge colouring.

use super::instance::{Message, MmInstance};

fn msg(name: &str, source: usize, destinations: &[usize]) -> Message {
    Message {
        name: name.into(),
        source,
        destinations: destinations.to_vec(),
    }
}

/// Example 1.1 of the paper (indices from 0: P1 is processor 0).
pub fn example_1_1() -> MmInstance {
    MmInstance {
        processors: 9,
        names: Some((1..=9).map(|i| format!("P{i}")).collect()),
        messages: vec![
            msg("a", 0, &[3, 4]),
            msg("b", 0, &[5, 6]),
            msg("c", 1, &[3, 5, 7, 8]),
            msg("d", 1, &[4, 6, 7, 8]),
            msg("e", 2, &[3, 5, 7]),
            msg("f", 2, &[4, 6, 8]),
        ],
    }
}

/// Degree 1: every processor sends at most one message and receives at most one.
pub fn basic_multicast() -> MmInstance {
    MmInstance {
        processors: 6,
        names: None,
        messages: vec![
            msg("a", 0, &[1, 2]),
            msg("b", 1, &[3, 4, 5]),
            msg("c", 3, &[0]),
        ],
    }
}

/// Fan-out 1: every message has one destination (a degree-2 unicasting instance).
pub fn unicast() -> MmInstance {
    MmInstance {
        processors: 4,
        names: None,
        messages: vec![
            msg("a", 0, &[1]),
            msg("b", 0, &[2]),
            msg("c", 1, &[2]),
            msg("d", 1, &[3]),
            msg("e", 2, &[0]),
            msg("f", 3, &[0]),
            msg("g", 2, &[3]),
        ],
    }
}

/// Every gallery instance: (id, title, instance).
pub fn all() -> Vec<(&'static str, &'static str, MmInstance)> {
    vec![
        (
            "gonzalez-example-1-1",
            "Gonzalez, Example 1.1 (9 processors, d = 3)",
            example_1_1(),
        ),
        (
            "basic-multicast",
            "Degree 1: basic multicasting",
            basic_multicast(),
        ),
        ("unicast", "Fan-out 1: multimessage unicasting", unicast()),
    ]
}
