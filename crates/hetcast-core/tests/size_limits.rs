//! Instances at each model's limits: validation accepts the limit and refuses one past it
//! with a message that names the limit. Limits: the many-source model's 4096 nodes
//! (`MAX_NODES`, with a link matrix of 4096 x 4096) and its message size 1e10 bytes
//! (`MAX_SIZE`); the overhead model's cost and latency 1e9 (`MAX_COST`). The overhead model
//! has no node limit in validation (its exact solvers have theirs: exhaustive's is checked
//! here). No timing here: that belongs to the benchmarks.

use hetcast_core::models::multi::instance::MAX_SIZE;
use hetcast_core::models::multi::{Link, Message, MultiInstance, NodeClass, Overhead, MAX_NODES};
use hetcast_core::models::overhead::algo::exhaustive::{exhaustive, EXHAUSTIVE_MAX_NODES};
use hetcast_core::models::overhead::instance::MAX_COST;
use hetcast_core::models::overhead::Instance;
use hetcast_core::{AnyInstance, Error};

/// The next number above `x`.
fn above(x: f64) -> f64 {
    f64::from_bits(x.to_bits() + 1)
}

/// `nodes` nodes in one class, one message from P0 to every other node.
fn multi(nodes: usize) -> MultiInstance {
    MultiInstance {
        classes: vec![NodeClass {
            name: "all".into(),
            count: nodes,
            send: Overhead {
                fixed: 1.0,
                per_byte: 0.0,
            },
            recv: Overhead {
                fixed: 1.0,
                per_byte: 0.0,
            },
        }],
        link: Link::PerByte(0.008),
        messages: vec![Message {
            source: 0,
            size: 1.0,
            destinations: (1..nodes).collect(),
        }],
    }
}

fn message(e: Result<(), Error>) -> String {
    e.unwrap_err().to_string()
}

#[test]
fn many_source_nodes_up_to_max_nodes() {
    assert_eq!(MAX_NODES, 4096);
    let at = multi(MAX_NODES);
    assert_eq!(at.validate(), Ok(()));
    // Through the file format too.
    let any = AnyInstance::from_json(&at.to_json()).unwrap();
    assert_eq!(any, AnyInstance::Multi(at));
    assert_eq!(
        message(multi(MAX_NODES + 1).validate()),
        "invalid instance: the classes have 4097 nodes in all; the many-source model takes at most 4096"
    );
    // Split over classes, the sum counts.
    let mut two = multi(MAX_NODES);
    two.classes.push(two.classes[0].clone());
    two.classes[1].count = 1;
    assert_eq!(
        message(two.validate()),
        "invalid instance: the classes have 4097 nodes in all; the many-source model takes at most 4096"
    );
}

#[test]
fn class_counts_that_overflow_are_refused_not_wrapped() {
    // usize::MAX + 2 wraps to 1 (or panics in a debug build) if summed naively.
    let mut inst = multi(2);
    inst.classes[0].count = usize::MAX;
    inst.classes.push(NodeClass {
        count: 2,
        ..inst.classes[0].clone()
    });
    assert_eq!(
        message(inst.validate()),
        "invalid instance: the classes have more than 1.8446744073709552e19 nodes in all; the many-source model takes at most 4096"
    );
    let text = inst.to_json();
    assert_eq!(
        AnyInstance::from_json(&text).unwrap_err().to_string(),
        "invalid instance: the classes have more than 1.8446744073709552e19 nodes in all; the many-source model takes at most 4096"
    );
}

#[test]
fn many_source_link_matrix_at_max_nodes() {
    let mut inst = multi(MAX_NODES);
    inst.link = Link::Matrix(vec![vec![0.5; MAX_NODES]; MAX_NODES]);
    assert_eq!(inst.validate(), Ok(()));
    if let Link::Matrix(m) = &mut inst.link {
        m[MAX_NODES - 1].pop();
    }
    assert_eq!(
        message(inst.validate()),
        "invalid instance: the link matrix must have 4096 rows of 4096 numbers (one per node)"
    );
}

#[test]
fn many_source_message_size_up_to_max_size() {
    assert_eq!(MAX_SIZE, 1e10);
    let mut inst = multi(3);
    inst.messages[0].size = MAX_SIZE;
    assert_eq!(inst.validate(), Ok(()));
    inst.messages[0].size = above(MAX_SIZE);
    assert_eq!(
        message(inst.validate()),
        "invalid instance: message m0: the size 10000000000.000002 must be a positive number of bytes up to 1e10"
    );
}

#[test]
fn overhead_costs_and_latency_up_to_max_cost() {
    assert_eq!(MAX_COST, 1e9);
    let at = Instance::sender_receiver(0, MAX_COST, &[(MAX_COST, MAX_COST); 2]);
    assert_eq!(at.validate(), Ok(()));
    assert_eq!(
        AnyInstance::from_json(&at.to_json()),
        Ok(AnyInstance::Overhead(at.clone()))
    );
    let mut past = at.clone();
    past.nodes[1].send = above(MAX_COST);
    assert_eq!(
        message(past.validate()),
        "node P1: send is too large (1000000000.0000001); costs must be positive numbers up to 1e9"
    );
    let mut past = at.clone();
    past.nodes[1].recv = above(MAX_COST);
    assert_eq!(
        message(past.validate()),
        "node P1: recv is too large (1000000000.0000001); costs must be positive numbers up to 1e9"
    );
    let mut past = at;
    past.latency = above(MAX_COST);
    assert_eq!(
        message(past.validate()),
        "latency must be between 0 and 1e9 (got 1000000000.0000001)"
    );
    let node = Instance::node_model(0, &[MAX_COST, above(MAX_COST)]);
    assert_eq!(
        message(node.validate()),
        "node P1: cost is too large (1000000000.0000001); costs must be positive numbers up to 1e9"
    );
}

#[test]
fn overhead_validation_has_no_node_limit_but_exhaustive_has() {
    // Validation takes any number of nodes (the app's editor stops at APP_MAX_NODES).
    let big = Instance::node_model(0, &vec![1.0; 100_000]);
    assert_eq!(big.validate(), Ok(()));
    assert_eq!(EXHAUSTIVE_MAX_NODES, 9);
    let at = Instance::node_model(0, &[1.0; 9]);
    // Nine equal nodes: the optimum doubles the informed nodes every step, 1 -> 2 -> 4 -> 8 -> 9.
    let sol = exhaustive(&at).unwrap();
    let s = hetcast_core::models::overhead::simulate(&at, &sol.plan).unwrap();
    assert_eq!(s.completion_time, 4.0);
    assert_eq!(
        exhaustive(&Instance::node_model(0, &[1.0; 10]))
            .unwrap_err()
            .to_string(),
        "exhaustive accepts at most 9 nodes; this instance needs 10. Use fewer nodes or fewer node types, or a heuristic"
    );
}
