use super::*;
use crate::models::multi::instance::{Link, Message, NodeClass};

/// Three unit nodes, S = 1, R = 2, X·m = 1 (m = 1 byte): P0 sends m0 to P1 and P2.
fn inst() -> MultiInstance {
    MultiInstance {
        classes: vec![NodeClass::constant("", 3, 1.0, 2.0)],
        link: Link::PerByte(1.0),
        messages: vec![
            Message {
                source: 0,
                size: 1.0,
                destinations: vec![1, 2],
            },
            Message {
                source: 1,
                size: 1.0,
                destinations: vec![2],
            },
        ],
    }
}

/// The quick pass times every valid plan itself (the full simulator behind it would give
/// the same times, so a quick pass that always gave up would pass every other test): the
/// four heuristics' plans on section-5 instances of 2 to 24 nodes, both networks, every
/// size mix, and on the hand instance above.
#[test]
fn the_quick_pass_times_every_valid_plan_itself() {
    use crate::catalog::Catalog;
    use crate::models::multi::generate::{section5, Network, Section5Spec, SizeMix};
    use crate::models::multi::MultiAlgorithm;
    let hand = MultiPlan {
        tasks: vec![
            vec![Task::send(1, 0), Task::send(2, 0)],
            vec![Task::send(2, 1), Task::recv(0, 0)],
            vec![Task::recv(1, 1), Task::recv(0, 0)],
        ],
    };
    assert_eq!(quick_time(&inst(), &inst().nodes(), &hand), Some(6.0));
    let mut timed = 0;
    for seed in 0..300u64 {
        let nodes = 2 + (seed as usize * 7) % 23;
        let spec = Section5Spec {
            nodes,
            classes: 1 + (seed as usize) % nodes.min(4),
            sources: 1 + (seed as usize * 5) % nodes,
            network: [Network::Fast, Network::Slow][seed as usize % 2],
            sizes: SizeMix::ALL[seed as usize % SizeMix::ALL.len()],
            dest_fraction: None,
        };
        let inst = section5(&spec, seed).unwrap();
        for a in MultiAlgorithm::ALL {
            let plan = a.run(&inst).unwrap();
            let full = simulate_multi(&inst, &plan).unwrap().completion_time;
            let quick = quick_time(&inst, &inst.nodes(), &plan);
            assert_eq!(quick, Some(full), "{} on instance {seed}", a.short());
            timed += 1;
        }
    }
    assert_eq!(timed, 300 * MultiAlgorithm::ALL.len());
}

#[test]
fn non_blocking_sends_and_blocking_receives() {
    let plan = MultiPlan {
        tasks: vec![
            vec![Task::send(1, 0), Task::send(2, 0)],
            vec![Task::send(2, 1), Task::recv(0, 0)],
            vec![Task::recv(1, 1), Task::recv(0, 0)],
        ],
    };
    let s = simulate_multi(&inst(), &plan).unwrap();
    // P0: sends at [0,1] and [1,2]; m0 reaches P1 at 2, P2 at 3.
    // P1: sends m1 at [0,1], arrives at P2 at 2; P1 receives m0 at [2,4].
    // P2: receives m1 at [2,4], then m0 (arrived at 3) at [4,6].
    assert_eq!(s.holds[0], vec![Some(0.0), Some(4.0), Some(6.0)]);
    assert_eq!(s.holds[1][2], Some(4.0));
    assert_eq!(s.completion_time, 6.0);
    assert_eq!(s.message_completion, vec![6.0, 4.0]);
    assert_eq!(completion_time_multi(&inst(), &plan).unwrap(), 6.0);
    let late = s
        .transfers
        .iter()
        .find(|t| t.to == 2 && t.msg == 0)
        .unwrap();
    assert_eq!(
        (late.arrive, late.recv_issue, late.recv_start),
        (3.0, 4.0, 4.0)
    );
}

#[test]
fn rejects_broken_plans_naming_the_task() {
    // completion_time_multi rejects the same plans with the same message.
    let err = |inst: &MultiInstance, tasks: Vec<Vec<Task>>| {
        let plan = MultiPlan { tasks };
        let e = simulate_multi(inst, &plan).unwrap_err().to_string();
        assert_eq!(
            completion_time_multi(inst, &plan).unwrap_err().to_string(),
            e
        );
        e
    };
    let i = inst();
    let e = err(
        &i,
        vec![
            vec![Task::send(1, 0)],
            vec![Task::send(2, 1), Task::recv(0, 0), Task::send(2, 0)],
            vec![Task::send(1, 0), Task::recv(1, 1), Task::recv(1, 0)],
        ],
    );
    assert!(
        e.contains("P1 is not a destination") || e.contains("twice"),
        "{e}"
    );
    // P2 relays m0 (to P1) before it holds it ... P1 is its destination, so use order.
    let e = err(
        &i,
        vec![
            vec![Task::send(2, 0)],
            vec![Task::send(2, 1), Task::recv(2, 0)],
            vec![Task::send(1, 0), Task::recv(1, 1), Task::recv(0, 0)],
        ],
    );
    assert!(
        e.contains("task 1 of P2") && e.contains("before it holds"),
        "{e}"
    );
    // A receive without its send.
    let e = err(
        &i,
        vec![
            vec![Task::send(2, 0)],
            vec![Task::send(2, 1), Task::recv(0, 0)],
            vec![Task::recv(1, 1), Task::recv(0, 0)],
        ],
    );
    assert!(
        e.contains("task 2 of P1") && e.contains("never sends"),
        "{e}"
    );
    // A send without its receive.
    let e = err(
        &i,
        vec![
            vec![Task::send(1, 0), Task::send(2, 0)],
            vec![Task::send(2, 1), Task::recv(0, 0)],
            vec![Task::recv(1, 1)],
        ],
    );
    assert!(
        e.contains("task 2 of P0") && e.contains("never posts"),
        "{e}"
    );
    // A destination left out.
    let e = err(
        &i,
        vec![
            vec![Task::send(1, 0)],
            vec![Task::send(2, 1), Task::recv(0, 0)],
            vec![Task::recv(1, 1)],
        ],
    );
    assert!(e.contains("P2 never receives m0"), "{e}");
    // Deadlock: P1 waits for m2 before sending m1, P2 waits for m1 before sending m2.
    let mut d = inst();
    d.messages.push(Message {
        source: 2,
        size: 1.0,
        destinations: vec![1],
    });
    let e = err(
        &d,
        vec![
            vec![Task::send(1, 0), Task::send(2, 0)],
            vec![Task::recv(0, 0), Task::recv(2, 2), Task::send(2, 1)],
            vec![Task::recv(0, 0), Task::recv(1, 1), Task::send(1, 2)],
        ],
    );
    assert!(e.contains("deadlock") && e.contains("task 2 of P1"), "{e}");
    // Unknown node or message.
    let e = err(&i, vec![vec![Task::send(9, 0)], vec![], vec![]]);
    assert!(e.contains("no node P9"), "{e}");
}
