//! The branch and bound against the plain enumeration ([`super::plain`]), hand cases and
//! the explorer's family.

use super::plain::{plain, relay_trees};
use super::*;
use crate::catalog::Catalog;
use crate::models::multi::instance::{Link, Message, NodeClass, Overhead};
use crate::models::multi::{gallery, MultiAlgorithm};
use crate::models::overhead::algo::exhaustive::exhaustive_with_time;
use crate::models::overhead::{Instance, ModelKind, Node};
use crate::rng::{below, SplitMix64};
use rand::Rng;

#[test]
fn relay_trees_are_cayleys_count() {
    for (d, trees) in [(1, 1), (2, 3), (3, 16), (4, 125)] {
        let dests: Vec<usize> = (1..=d).collect();
        assert_eq!(relay_trees(0, &dests, u64::MAX).len(), trees, "{d}");
    }
    assert!(relay_trees(0, &[1, 2, 3, 4], 124).is_empty());
}

/// Two nodes swapping messages: each sends first, then receives: `S + X + R` = 3, the
/// lower bound (FEF takes 6).
#[test]
fn the_swap_is_done_at_the_bound() {
    let (t, plan) = exhaustive(&gallery::swap(), None, MAX_STATES)
        .unwrap()
        .unwrap();
    assert_eq!(t, 3.0);
    assert_eq!(plan.tasks[0], [Task::send(1, 0), Task::recv(1, 1)]);
    assert_eq!(exhaustive(&gallery::swap(), None, 3).unwrap(), None);
    assert_eq!(plain(&gallery::swap(), 3).unwrap(), None);
}

/// Nodes 1 and 2 alike (send and receive 1), each a destination of message A from node 0
/// and of B from node 3 (send 10, receive 1), link 1: the exchange of 1 and 2 maps the
/// instance onto itself, so the search tries A to 1 only, not A to 2. Then node 3 must
/// still send B to 2, which is not the image of B to 1 any more (1 is getting A): the
/// optimum 15 is A to 1 and B to 2 on [0, 10], received on [11, 12], each relayed on
/// [12, 13] and received on [14, 15]. Both to 1 takes 17 (1 relays both), a second send
/// of a source 22; the first message's receive ends at 12 at best, the second's needs a
/// relay (14 + 1) or a second send (21 + 1), so 15 is least.
#[test]
fn alike_nodes_are_skipped_only_where_the_state_is_alike() {
    let inst = MultiInstance {
        classes: vec![
            NodeClass::constant("", 1, 10.0, 1.0),
            NodeClass::constant("", 2, 1.0, 1.0),
            NodeClass::constant("", 1, 10.0, 1.0),
        ],
        link: Link::PerByte(1.0),
        messages: vec![
            Message {
                source: 0,
                size: 1.0,
                destinations: vec![1, 2],
            },
            Message {
                source: 3,
                size: 1.0,
                destinations: vec![1, 2],
            },
        ],
    };
    let ctx = Ctx::new(&inst);
    let swaps: Vec<_> = ctx
        .swaps
        .iter()
        .map(|w| (w.a, w.b, w.msg.clone()))
        .collect();
    assert_eq!(swaps, [(0, 3, vec![1, 0]), (1, 2, vec![0, 1])]);
    let (t, plan) = exhaustive(&inst, None, u64::MAX).unwrap().unwrap();
    assert_eq!(t, 15.0);
    assert_eq!(simulate_multi(&inst, &plan).unwrap().completion_time, 15.0);
    assert_eq!(plain(&inst, u64::MAX).unwrap().unwrap().0, 15.0);
}

/// One message: the many-source model is the sender-receiver model (`from_single`), whose
/// exact optimum the one-source model finds by its own exhaustive search: both agree on
/// every source costs of 3 nodes and every 50th of 4 nodes, sends and receives 1 to 3,
/// latency 1 (861 instances).
#[test]
fn one_message_is_the_sender_receiver_optimum() {
    let mut checked = 0;
    for (n, every) in [(3usize, 1u32), (4, 50)] {
        for code in (0..9u32.pow(n as u32)).step_by(every as usize) {
            let nodes: Vec<Node> = (0..n)
                .map(|v| {
                    let c = code / 9u32.pow(v as u32) % 9;
                    Node {
                        name: None,
                        send: (c % 3 + 1) as f64,
                        recv: (c / 3 + 1) as f64,
                        gap: None,
                    }
                })
                .collect();
            let one = Instance {
                model: ModelKind::SenderReceiver,
                latency: 1.0,
                source: 0,
                nodes,
            };
            let (_, want) = exhaustive_with_time(&one).unwrap();
            let multi = MultiInstance::from_single(&one);
            let (got, _) = exhaustive(&multi, None, MAX_STATES).unwrap().unwrap();
            assert_eq!(got, want, "{one:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 729 + 132);
}

/// A number of the accepted range `[lo, 1e9]`: 0 (when `lo` is 0), whole, many decimals,
/// tiny or huge.
fn cost(rng: &mut SplitMix64, lo: f64) -> f64 {
    let v = match below(rng, 6) {
        0 => lo,
        1 => (1 + below(rng, 4)) as f64,
        2 => rng.gen_range(0.0..4.0),
        3 => rng.gen_range(0.0..1e-6),
        4 => rng.gen_range(0.0..1e9),
        _ => 1e9,
    };
    if v <= lo && lo > 0.0 {
        lo
    } else {
        v
    }
}

/// A tiny instance of the whole accepted input range: 2 to 4 nodes in 1 to 4 classes,
/// overheads with and without a part per byte, one link rate or a matrix, 1 to 3 messages
/// (a node may send several) of sizes up to 1e10, to any non-empty set of the other nodes.
fn tiny(rng: &mut SplitMix64) -> MultiInstance {
    let n = 2 + below(rng, 3);
    let mut classes = Vec::new();
    let mut left = n;
    while left > 0 {
        let count = 1 + below(rng, left);
        left -= count;
        let per_byte = |rng: &mut SplitMix64| {
            if below(rng, 2) == 0 {
                0.0
            } else {
                cost(rng, 0.0)
            }
        };
        classes.push(NodeClass {
            name: String::new(),
            count,
            send: Overhead {
                fixed: cost(rng, f64::MIN_POSITIVE),
                per_byte: per_byte(rng),
            },
            recv: Overhead {
                fixed: cost(rng, 0.0),
                per_byte: per_byte(rng),
            },
        });
    }
    let link = if below(rng, 2) == 0 {
        Link::PerByte(cost(rng, 0.0))
    } else {
        Link::Matrix(
            (0..n)
                .map(|_| (0..n).map(|_| cost(rng, 0.0)).collect())
                .collect(),
        )
    };
    let messages = (0..1 + below(rng, 3))
        .map(|_| {
            let source = below(rng, n);
            let mask = 1 + below(rng, (1 << (n - 1)) - 1);
            let size = match below(rng, 4) {
                0 => 1.0,
                1 => rng.gen_range(1e-9..1.0),
                2 => rng.gen_range(1.0..1e10),
                _ => 1e10,
            };
            let destinations = (0..n)
                .filter(|&u| u != source)
                .enumerate()
                .filter(|&(b, _)| mask >> b & 1 == 1)
                .map(|(_, u)| u)
                .collect();
            Message {
                source,
                size,
                destinations,
            }
        })
        .collect();
    MultiInstance {
        classes,
        link,
        messages,
    }
}

/// The branch and bound against the plain enumeration on every 6th member of the explorer's
/// family of 3 nodes with costs 1 or 2 (1,344 members; the 1,194 of at most 2,000 plans
/// compared), without a seed and with FEF's plan as the seed: whole costs make ties and
/// nodes alike (the exchanges the search skips). About 3 s in a debug build.
#[test]
fn the_search_is_the_plain_enumeration_on_the_explorers_family() {
    use crate::explore::Family;
    use crate::models::multi::explore::MultiFamily;
    let (mut compared, mut members) = (0, 0);
    let family = MultiFamily {
        nodes: (3, 3),
        max_cost: 2,
    };
    for inst in family.members().step_by(6) {
        members += 1;
        let Some((want, _)) = plain(&inst, 2_000).unwrap() else {
            continue;
        };
        let (got, plan) = exhaustive(&inst, None, u64::MAX).unwrap().unwrap();
        assert_eq!(got, want, "{inst:?}");
        assert_eq!(simulate_multi(&inst, &plan).unwrap().completion_time, got);
        let seed = MultiAlgorithm::Fef.run(&inst).unwrap();
        let (t, _) = exhaustive(&inst, Some(&seed), u64::MAX).unwrap().unwrap();
        assert_eq!(t, want, "{inst:?}");
        compared += 1;
    }
    assert_eq!((compared, members), (1194, 1344));
}

/// The branch and bound against the plain enumeration on 600 random tiny instances of at
/// most 5,000 plans: the same least time, a plan the simulator times at it, with and
/// without the best heuristic's plan as the seed.
#[test]
fn the_search_is_the_plain_enumeration() {
    let mut rng = SplitMix64(21);
    let (mut compared, mut drawn) = (0, 0);
    while compared < 600 {
        drawn += 1;
        let inst = tiny(&mut rng);
        inst.validate().unwrap();
        compared += usize::from(agrees_with_plain(&inst, 5_000));
    }
    assert!(drawn < 2 * compared, "{drawn} drawn for {compared}");
}

/// Whether `inst` has at most `max_plans` plans; then asserts that the search, without a seed
/// and with the best heuristic's plan as the seed, gives the plain enumeration's least time and
/// a plan the simulator times at it.
fn agrees_with_plain(inst: &MultiInstance, max_plans: u64) -> bool {
    let Some((want, _)) = plain(inst, max_plans).unwrap() else {
        return false;
    };
    let (got, plan) = exhaustive(inst, None, u64::MAX)
        .unwrap_or_else(|e| panic!("{e} {inst:?}"))
        .unwrap();
    assert_eq!(got, want, "{inst:?}");
    assert_eq!(simulate_multi(inst, &plan).unwrap().completion_time, got);
    let seed = MultiAlgorithm::ALL
        .iter()
        .map(|a| a.run(inst).unwrap())
        .min_by(|a, b| {
            let t = |p| simulate_multi(inst, p).unwrap().completion_time;
            t(a).total_cmp(&t(b))
        })
        .unwrap();
    let (t, seeded) = exhaustive(inst, Some(&seed), u64::MAX).unwrap().unwrap();
    assert_eq!(t, want, "{inst:?}");
    assert_eq!(simulate_multi(inst, &seeded).unwrap().completion_time, want);
    true
}

/// Three nodes, each sending one message to the other two, `S = 4`, `R = R_0`, 1 elsewhere,
/// `X = 1` (`scale` times every cost).
fn all_to_all(r0: f64, scale: f64) -> MultiInstance {
    let message = |source: usize| Message {
        source,
        size: 1.0,
        destinations: (0..3).filter(|&u| u != source).collect(),
    };
    MultiInstance {
        classes: vec![
            NodeClass::constant("", 1, 4.0 * scale, r0 * scale),
            NodeClass::constant("", 2, 4.0 * scale, scale),
        ],
        link: Link::PerByte(scale),
        messages: (0..3).map(message).collect(),
    }
}

/// The root's bound of [`all_to_all`], with `bound` to reach.
fn root_bound(inst: &MultiInstance, bound: f64) -> Option<f64> {
    let ctx = Ctx::new(inst);
    Scratch::new(ctx.n, ctx.source.len()).reaches(&ctx, &ctx.start(), 0.0, bound)
}

/// Part 5 by hand on [`all_to_all`] with `R_0 = 1`. Six sends still to run, each at least 4
/// wherever it runs, and six receives of 1: the three nodes hold 30 of work, 10 each. The
/// other parts: a node's two receives, 2 (part 2); a message held at `S + X + R` = 6 at best
/// (part 3); both arrivals at `S + X` = 5 at best, then both receives, 7 (part 4). Part 7
/// (tried after 5) reaches 10 too: a message's source ends its sends at 4 and 8 at best, and
/// a destination that holds it at `4 + X + R` = 6 would end a relay at 10, so the second
/// destination holds it at `8 + X + R` = 10 at best. Every node
/// sending its message to the next node and then to the other reaches 10 (arrivals at 5 and
/// 9, each node's sends end at 8, its receives run on [8, 9] and [9, 10]): the optimum. With
/// that plan as the seed the search visits the root only, once per pass: the passes deepening
/// from 0 stop at the root's first parts that reach 1, 3 and 7 (part 2's 2, a pair's
/// `(2 + 2 + 4 + 4) / 2` = 6, the three nodes' 10), the fourth cuts it at the seed's 10.
#[test]
fn shared_sends_bound_the_all_to_all_at_the_optimum() {
    let inst = all_to_all(1.0, 1.0);
    assert_eq!(root_bound(&inst, 10.0), Some(10.0));
    assert_eq!(root_bound(&inst, 10.5), None);
    let tasks = (0..3)
        .map(|v| {
            let (a, b) = ((v + 1) % 3, (v + 2) % 3);
            vec![
                Task::send(a, v),
                Task::send(b, v),
                Task::recv(b, b),
                Task::recv(a, a),
            ]
        })
        .collect();
    let plan = MultiPlan { tasks };
    assert_eq!(simulate_multi(&inst, &plan).unwrap().completion_time, 10.0);
    assert_eq!(root_bound(&inst, 1.0), Some(2.0));
    assert_eq!(root_bound(&inst, 3.0), Some(6.0));
    assert_eq!(counted(&inst, Some(&plan), MAX_STATES).unwrap().1, 4);
    assert_eq!(
        exhaustive(&inst, None, MAX_STATES).unwrap().unwrap().0,
        10.0
    );
}

/// Part 5 rounded up on whole times, lowered on others. With `R_0 = 2` the work is 24 of
/// sends and 8 of receives, 32 / 3 = 10.67 per node: 11 with whole times. Every cost a
/// quarter: 8 / 3 = 2.67, lowered by the relative margin, so it does not reach 8 / 3 itself.
#[test]
fn shared_sends_are_rounded_up_only_on_whole_times() {
    assert_eq!(root_bound(&all_to_all(2.0, 1.0), 11.0), Some(11.0));
    assert_eq!(root_bound(&all_to_all(2.0, 1.0), 11.5), None);
    let quarter = all_to_all(2.0, 0.25);
    let got = root_bound(&quarter, 2.6).unwrap();
    assert!(got < 8.0 / 3.0 && got > 8.0 / 3.0 * (1.0 - 2e-12), "{got}");
    assert_eq!(root_bound(&quarter, 8.0 / 3.0), None);
}

/// The branch and bound against the plain enumeration on 300 random members of the
/// explorer's family of 3 and 4 nodes with costs 1 to 4 (where the shared sends and the
/// deepening on whole times act), the 1,000 first drawn that have at most 2,000 plans: the
/// same least time, with and without the best heuristic's plan as the seed. About 2 s in a
/// debug build.
#[test]
fn the_search_is_the_plain_enumeration_on_four_nodes() {
    use crate::explore::Family;
    use crate::models::multi::explore::MultiFamily;
    let family = MultiFamily {
        nodes: (3, 4),
        max_cost: 4,
    };
    let mut rng = SplitMix64(4);
    let (mut compared, mut drawn) = (0, 0);
    while compared < 300 {
        drawn += 1;
        compared += usize::from(agrees_with_plain(&family.random(&mut rng), 2_000));
    }
    assert!(drawn < 1_000, "{drawn} drawn for {compared}");
}

/// An instance of the hand examples: `classes`, a link of `x` per byte, and messages of one
/// byte, each `(source, destinations)`.
fn one_byte(classes: Vec<NodeClass>, x: f64, messages: &[(usize, &[usize])]) -> MultiInstance {
    MultiInstance {
        classes,
        link: Link::PerByte(x),
        messages: messages
            .iter()
            .map(|&(source, destinations)| Message {
                source,
                size: 1.0,
                destinations: destinations.to_vec(),
            })
            .collect(),
    }
}

/// Node 0 (send 3, receive 2) sends message A to nodes 1 and 2 (send 1, receive 1) and
/// receives B from node 1 and C from node 2, link 1 (`half` halves every cost).
fn first_send(half: bool) -> MultiInstance {
    let c = if half { 0.5 } else { 1.0 };
    let classes = vec![
        NodeClass::constant("", 1, 3.0 * c, 2.0 * c),
        NodeClass::constant("", 2, c, c),
    ];
    one_byte(classes, c, &[(0, &[1, 2]), (1, &[0]), (2, &[0])])
}

/// Part 6 by hand on [`first_send`]. Node 0 alone holds A, so it runs A's first send (3)
/// besides its two receives (4): 7. Part 5 counts no send of A on node 0 (a relay may run
/// either), so without part 6 the root's parts are: node 0's receives, 4 (part 2); the sets,
/// at most 4 (part 5: `{0, 1}` has 4 + 1 + A to 2 at 1, 7 / 2, rounded up); A held at
/// `3 + 1 + 1` = 5 (part 3); B and C arrive at 2, node 0 receives both by 6 (part 4). With
/// part 6, `{0}` reaches 7 (and `{0, 1}`: 4 + 2 + 3 = 9 / 2, 5). The optimum is 8: A's first
/// holder holds it at 5 at best, the second at 8 (a relay's send on [5, 6], or node 0's
/// second on [3, 6], then the wire and the receive); 0 sends A to 1 on [0, 3] and receives B
/// and C on [3, 7], 1 receives A on [4, 5] and relays it to 2 on [5, 6], received on [7, 8].
/// Part 7 then proves that optimum at the root: A's sends from node 0 end at 3 and 6 at
/// best, a relay's at `3 + 2 + 1` = 6, so its second destination holds it at `6 + 2` = 8.
/// Halved costs are not whole: part 6 is left out (it would give 3.5), and the most is part
/// 7's 4, lowered by the relative margin.
#[test]
fn the_first_send_comes_from_a_holder() {
    let inst = first_send(false);
    assert_eq!(root_bound(&inst, 6.5), Some(7.0));
    assert_eq!(root_bound(&inst, 7.5), Some(8.0));
    assert_eq!(root_bound(&inst, 8.5), None);
    assert_eq!(exhaustive(&inst, None, MAX_STATES).unwrap().unwrap().0, 8.0);
    assert_eq!(plain(&inst, u64::MAX).unwrap().unwrap().0, 8.0);
    let half = first_send(true);
    let got = root_bound(&half, 3.5).unwrap();
    assert!(got < 4.0 && got > 4.0 * (1.0 - 2e-12), "{got}");
    assert_eq!(root_bound(&half, 4.0), None);
    assert_eq!(exhaustive(&half, None, MAX_STATES).unwrap().unwrap().0, 4.0);
}

/// Node 0 sends one message to nodes 1 to 4, every send, wire and receive 1 (`half` halves
/// every cost).
fn star(half: bool) -> MultiInstance {
    let c = if half { 0.5 } else { 1.0 };
    one_byte(
        vec![NodeClass::constant("", 5, c, c)],
        c,
        &[(0, &[1, 2, 3, 4])],
    )
}

/// Part 7 by hand on [`star`]. Parts 1 to 6 give at most 3: the message held at
/// `S + X + R` = 3 at best (part 3); one receive per node (parts 2 and 4); the sets hold at
/// most 8 of work on 5 nodes, 2 (part 5), and node 0 the first send, 1 (part 6). Part 7:
/// node 0's sends end at 1, 2, 3, 4, …; the first destination holds the message at
/// 1 + 2 = 3 and its sends end at 4, 5, …; the four earliest ends are 1, 2, 3 and 4, so the
/// last destination holds it at 4 + 2 = 6 at best. The optimum is 6: node 0 sends to 1, 2
/// and 3 on [0, 3] (received on [2, 3], [3, 4], [4, 5]), node 1 relays to 4 on [3, 4],
/// received on [5, 6]. With that plan as the seed the search visits the root only, once per
/// pass: the passes deepening from 0 stop at the root's first parts that reach 1, 2 and 3 (a
/// destination's receive, 1; the five nodes' 8 / 5, 2; part 7's 6), the fourth cuts it at
/// the seed's 6. Halved costs are not whole: 3 lowered by the relative margin.
#[test]
fn a_senders_sends_run_one_after_the_other() {
    let inst = star(false);
    assert_eq!(root_bound(&inst, 3.5), Some(6.0));
    assert_eq!(root_bound(&inst, 6.5), None);
    let tasks = vec![
        vec![Task::send(1, 0), Task::send(2, 0), Task::send(3, 0)],
        vec![Task::recv(0, 0), Task::send(4, 0)],
        vec![Task::recv(0, 0)],
        vec![Task::recv(0, 0)],
        vec![Task::recv(1, 0)],
    ];
    let plan = MultiPlan { tasks };
    assert_eq!(simulate_multi(&inst, &plan).unwrap().completion_time, 6.0);
    assert_eq!(counted(&inst, Some(&plan), MAX_STATES).unwrap().1, 4);
    assert_eq!(exhaustive(&inst, None, MAX_STATES).unwrap().unwrap().0, 6.0);
    assert_eq!(plain(&inst, u64::MAX).unwrap().unwrap().0, 6.0);
    let half = star(true);
    let got = root_bound(&half, 2.9).unwrap();
    assert!(got < 3.0 && got > 3.0 * (1.0 - 2e-12), "{got}");
    assert_eq!(root_bound(&half, 3.0), None);
}

/// Node 0 (send 3, receive 3) sends message A to node 1 (send 1, receive 2) and receives B
/// from node 2 (send 2, receive 1), link 3.
fn blocked_source() -> MultiInstance {
    let classes = vec![
        NodeClass::constant("", 1, 3.0, 3.0),
        NodeClass::constant("", 1, 1.0, 2.0),
        NodeClass::constant("", 1, 2.0, 1.0),
    ];
    one_byte(classes, 3.0, &[(0, &[1]), (2, &[0])])
}

/// Part 8 by hand on [`blocked_source`], at the state where node 0 first posts its receive
/// of B from node 2 (blocked, clock 0; node 1 chooses next, `now` = 0). Every plan from this
/// state takes 16: B is sent on [0, 2] and received on [5, 8], A sent on [8, 11] and received
/// on [14, 16]. Part 8: node 2 is not blocked, so its send of B starts at 0 or later and
/// arrives at `0 + S_2 + X` = 5 or later; node 0's first task, the posted receive, starts
/// then (`begin`), and its other tasks after its end, 8 (`ready`). So part 5's `{0}` holds B's
/// receive and A's only send, 3 + 3, from 5: 11; and part 3 has node 0 send A from 8: held by
/// node 1 at `8 + S_0 + X + R_1` = 16, the exact time. Before part 8 the parts gave 8 (part 3
/// with node 0 sending A at its clock, `0 + 3 + 3 + 2`; part 5's `{0}` from clock 0, 6) and
/// part 5b 11. The optimum, 8, sends A first (on [0, 3], received on [6, 8]; B on [5, 8]).
#[test]
fn a_blocked_node_starts_after_the_send_it_waits_for() {
    let inst = blocked_source();
    let ctx = Ctx::new(&inst);
    let mut st = ctx.start();
    let _ = apply(&ctx, &mut st, 0, Choice::Recv { msg: 1, from: 2 });
    let mut scratch = Scratch::new(ctx.n, ctx.source.len());
    let mut bound = |b| scratch.reaches(&ctx, &st, 0.0, b);
    assert_eq!(bound(11.0), Some(11.0));
    assert_eq!(bound(11.5), Some(16.0));
    assert_eq!(bound(16.5), None);
    assert_eq!(exhaustive(&inst, None, MAX_STATES).unwrap().unwrap().0, 8.0);
    assert_eq!(plain(&inst, u64::MAX).unwrap().unwrap().0, 8.0);
}

/// Node 2 (send 1, receive 3) sends message A to node 1 (send 3, receive 1); node 0 (send 2,
/// receive 3) sends B to nodes 1 and 2; link 1.
fn relayed_wait() -> MultiInstance {
    let classes = vec![
        NodeClass::constant("", 1, 2.0, 3.0),
        NodeClass::constant("", 1, 3.0, 1.0),
        NodeClass::constant("", 1, 1.0, 3.0),
    ];
    one_byte(classes, 1.0, &[(2, &[1]), (0, &[1, 2])])
}

/// Part 5b by hand on [`relayed_wait`], at the state where node 0 has sent B to node 2 (on
/// [0, 2], arriving at 3) and node 1 has posted its receive of B from node 2 (blocked, clock
/// 0); node 2 chooses next, `now` = 0. Every plan from this state takes 10 at least: node 2
/// receives B on [3, 6] at best and relays it on [6, 7], so node 1 receives B on [8, 9] at
/// best and A after it, by 10 (node 2 sending A on [0, 1] first reaches 10). The parts before
/// 5b give 9: part 2, node 1's receives from its start 2 (part 8: node 2's send from 0
/// arrives at 2), 2 + 1 + 1 = 4; part 5, `{2}` holds B's receive, A's send and B's relay,
/// `0 + 3 + 1 + 1` = 5 (`{1, 2}`: (2 + 2 + 0 + 5) / 2, 5 rounded up); part 3, B held by node 2
/// at 6 and by node 1 at `6 + S_2 + X + R_1` = 9, A by node 1 at `max(0 + 1 + 1, 3) + 1` = 4
/// (after its posted receive, part 8). Part 8 starts node 1 at 2 only (node 2's send from
/// its clock), but part 3 has B's earliest arrival at node 1 at `6 + 1 + 1` = 8 (node 2 must
/// receive B first), so 5b starts node 1's count at 8: `{1}` holds 8 + 1 + 1 = 10, the
/// state's exact time. Part 4 comes after: node 1's receives from 8, 9. The optimum, 6,
/// has node 0 send B to node 2 on [0, 2] (received on [3, 6], at `S_0 + X + R_2` = 6, the
/// least it may) and to node 1 on [2, 4] (received on [5, 6]), node 2 send A on [0, 1]
/// (received on [2, 3]).
#[test]
fn a_blocked_node_starts_at_its_first_arrival() {
    let inst = relayed_wait();
    let ctx = Ctx::new(&inst);
    let mut st = ctx.start();
    let _ = apply(&ctx, &mut st, 0, Choice::Send { msg: 1, to: 2 });
    let _ = apply(&ctx, &mut st, 1, Choice::Recv { msg: 1, from: 2 });
    let mut scratch = Scratch::new(ctx.n, ctx.source.len());
    let mut bound = |b| scratch.reaches(&ctx, &st, 0.0, b);
    assert_eq!(bound(9.0), Some(9.0));
    assert_eq!(bound(9.5), Some(10.0));
    assert_eq!(bound(10.5), None);
    let (t, _) = exhaustive(&inst, None, MAX_STATES).unwrap().unwrap();
    assert_eq!(plain(&inst, u64::MAX).unwrap().unwrap().0, t);
    assert_eq!(t, 6.0);
}
