//! The platform editor's reducer: drawing, editing, the edge list, undo, and the runs in
//! workers (the worker's messages given by hand, or by the worker's code run natively).

use super::*;
use crate::state::{Action, AppState};
use hetcast_core::models::platform::PlatformAlgorithm as P;
use hetcast_core::models::platform::PlatformSolution;
use hetcast_core::ModelId;

fn platform(s: &AppState) -> &PlatformState {
    match &s.model {
        ModelState::Platform(p) => p,
        _ => panic!("the platform model is not on screen"),
    }
}

use crate::models::ModelState;

/// What the runner and the workers do, natively: each pending algorithm's request done by the
/// worker's own code ([`hetcast_worker::run`]), its messages through their JSON text, back to
/// the state in order.
fn answer_all(p: &mut PlatformState) {
    let job = p.job;
    for (index, request) in p.requests().into_iter().enumerate() {
        for message in worker_messages(&request) {
            p.apply(PlatformAction::Worker {
                job,
                index,
                message,
            });
        }
    }
}

/// The messages a worker posts about `request`, as the page reads them.
fn worker_messages(request: &hetcast_worker::Request) -> Vec<hetcast_worker::Message> {
    let out = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let sink = out.clone();
    hetcast_worker::run(request, move |m| {
        let text = hetcast_worker::encode_message(&m);
        sink.borrow_mut()
            .push(hetcast_worker::decode_message(&text).unwrap());
    });
    let messages = out.borrow().clone();
    messages
}

/// A path S → P1 → P2 → P3 drawn edge by edge, the first cost typed in place as 2.5, P3 the
/// target: every algorithm's T* is 2.5 (the source's out-port sends one message over a
/// cost-2.5 edge per multicast, and every flow must take the path).
#[test]
fn draw_a_four_node_path_and_run_everything() {
    let mut s = AppState::new(crate::models::overhead::default_instance());
    s.apply(Action::UseModel("platform"));
    assert_eq!(s.model.id(), ModelId::Platform);
    // Start from one node: delete all but the source (P0, named S) of section 3.
    let n = platform(&s).drafts.graph.nodes.len();
    for v in (1..n).rev() {
        s.apply(Action::from(PlatformAction::DeleteNode(v)));
    }
    // No target left: a drawing in progress, with a hint and no error.
    let p = platform(&s);
    assert_eq!(p.drafts.graph.nodes.len(), 1);
    assert!(p.drafts.incomplete);
    assert_eq!(p.drafts.general, None);
    for (x, y) in [(0.3, 0.2), (0.6, 0.2), (0.9, 0.2)] {
        s.apply(Action::from(PlatformAction::AddNode { x, y }));
    }
    for (a, b) in [(0, 1), (1, 2), (2, 3)] {
        s.apply(Action::from(PlatformAction::Connect { from: a, to: b }));
    }
    assert_eq!(platform(&s).drafts.graph.edges.len(), 6, "both directions");
    let e = platform(&s)
        .drafts
        .graph
        .edges
        .iter()
        .position(|e| (e.from, e.to) == (0, 1))
        .unwrap();
    s.apply(Action::from(PlatformAction::EditCost(e)));
    s.apply(Action::from(PlatformAction::TypeCost("-1".into())));
    s.apply(Action::from(PlatformAction::CommitCost));
    assert_eq!(
        platform(&s).drafts.cost_error.as_deref(),
        Some("the cost must be a number above 0 and at most 1e9 (got -1)")
    );
    s.apply(Action::from(PlatformAction::TypeCost("2.5".into())));
    s.apply(Action::from(PlatformAction::CommitCost));
    s.apply(Action::from(PlatformAction::ToggleTarget(3)));
    let p = platform(&s);
    assert!(p.drafts.is_valid(), "{:?}", p.drafts);
    assert_eq!(p.instance.targets, [3]);
    assert_eq!(p.instance.edges[e].cost, 2.5);
    assert_eq!(
        p.drafts.edge_text,
        "0 1 2.5\n1 0 1\n1 2 1\n2 1 1\n2 3 1\n3 2 1\n"
    );
    s.apply(crate::models::ModelAction::RunAll);
    assert_eq!(platform(&s).pending.len(), P::ALL.len(), "in workers");
    assert!(platform(&s).results.rows.is_empty());
    match &mut s.model {
        ModelState::Platform(p) => answer_all(p),
        _ => unreachable!("the platform model is on screen"),
    }
    let p = platform(&s);
    assert!(p.pending.is_empty(), "every worker has answered");
    let times: Vec<(P, f64)> = p
        .results
        .rows
        .iter()
        .map(|r| (r.algo, r.time().unwrap_or(f64::NAN)))
        .collect();
    assert_eq!(times.len(), P::ALL.len());
    for (a, t) in times {
        assert!((t - 2.5).abs() < 1e-9, "{a:?}: {t}");
    }
    // Each deletion that left a valid platform was an undo step; from the deletion of P7 (the
    // last target) to the new target the drawing was no valid platform: undo goes back to the
    // last valid one, S and P1..P7; redo brings the path back.
    s.apply(Action::Undo);
    assert_eq!(platform(&s).instance.nodes.len(), 8);
    assert_eq!(platform(&s).instance.targets, [7]);
    s.apply(Action::Redo);
    assert_eq!(platform(&s).instance.targets, [3]);
}

/// Moving a node changes no result (positions are for the drawing); deleting a node shifts
/// the edges, targets and source after it; the source cannot be deleted.
#[test]
fn moves_keep_results_and_deletes_renumber() {
    let mut p = PlatformState::new(PlatformInstance::new(
        4,
        &[(0, 1, 1.0), (1, 2, 1.0), (2, 3, 1.0), (0, 3, 4.0)],
        0,
        &[1, 3],
    ));
    p.run_all();
    answer_all(&mut p);
    let before = p.results.clone();
    let r = p.apply(PlatformAction::MoveNode {
        node: 2,
        x: 0.5,
        y: 0.5,
    });
    assert!(r.replaced.is_some(), "a move is one undo step");
    assert_eq!(p.results, before);
    assert_eq!(p.instance.position(2), (0.5, 0.5));
    let r = p.apply(PlatformAction::DeleteNode(0));
    assert_eq!(
        r.notice.unwrap().text,
        "P0 is the source: make another node the source before deleting it."
    );
    p.apply(PlatformAction::DeleteNode(1));
    answer_all(&mut p);
    assert_eq!(p.instance.targets, [2]);
    assert_eq!(
        p.instance
            .edges
            .iter()
            .map(|e| (e.from, e.to))
            .collect::<Vec<_>>(),
        [(1, 2), (0, 2)]
    );
    assert_eq!(p.results.rows.len(), P::ALL.len(), "rerun on the new graph");
    // One-way connect adds one edge; connecting again says it is there (names stay: the
    // node numbered 2 now is P3).
    p.apply(PlatformAction::SetOneWay(true));
    p.apply(PlatformAction::Connect { from: 2, to: 1 });
    assert_eq!(p.instance.edges.len(), 3);
    let r = p.apply(PlatformAction::Connect { from: 2, to: 1 });
    assert_eq!(
        r.notice.unwrap().text,
        "P3 → P2 is already there: click its cost to change it."
    );
    // Delete with the edge picked.
    p.apply(PlatformAction::Pick(Pick::Edge(2)));
    p.apply(PlatformAction::DeleteSelected);
    assert_eq!(p.instance.edges.len(), 2);
}

/// The edge list: a bad line is named and the drawing kept; a good list replaces the edges
/// and adds the nodes it names.
#[test]
fn the_edge_list_reads_into_the_drawing() {
    let mut p = PlatformState::new(PlatformInstance::new(2, &[(0, 1, 1.0)], 0, &[1]));
    p.apply(PlatformAction::TypeEdges("0 1 2\n1 2 x".into()));
    p.apply(PlatformAction::CommitEdges);
    assert_eq!(
        p.drafts.text_error.as_deref(),
        Some("line 2: the cost must be a number above 0 and at most 1e9 (got x)")
    );
    assert_eq!(p.instance.edges.len(), 1);
    p.apply(PlatformAction::TypeEdges("0 1 2\n1 2 3\n0 2 0.5\n".into()));
    let r = p.apply(PlatformAction::CommitEdges);
    assert!(r.replaced.is_some());
    assert_eq!(p.instance.nodes.len(), 3);
    assert_eq!(p.instance.edges.len(), 3);
    assert!(p.drafts.is_valid());
    // A self-loop is the validator's to name.
    p.apply(PlatformAction::TypeEdges("0 1 2\n1 1 3\n".into()));
    p.apply(PlatformAction::CommitEdges);
    assert!(p.drafts.general.as_deref().unwrap().contains("self-loop"));
    assert_eq!(p.instance.edges.len(), 3, "the last valid platform stays");
}

/// A 30-node platform runs in workers: Run all asks for every algorithm, a message of an older
/// run is ignored, answers fill the table in any order, Cancel stops what is left.
#[test]
fn a_large_platform_runs_in_workers() {
    let mut p = PlatformState::new(default_platform());
    p.apply(PlatformAction::Generate {
        nodes: 30,
        density: 0.2,
        seed: 3,
    });
    p.run_all();
    assert_eq!(p.pending.len(), P::ALL.len());
    // The quick ones start first, the sequences of LPs and the exact best tree after them.
    let order: Vec<P> = p.pending.iter().map(|q| q.algo).collect();
    assert_eq!(
        order,
        [
            P::MulticastLb,
            P::MulticastUb,
            P::BroadcastEb,
            P::Mcph,
            P::Broadcast,
            P::MulticastLbPrinted,
            P::ReducedBroadcast,
            P::AugmentedMulticast,
            P::AugmentedSources,
            P::BestTree,
        ]
    );
    assert!(p.results.rows.is_empty());
    let job = p.job;
    let lb = P::MulticastLb.solve(&p.instance).unwrap();
    let msg = |solution: &PlatformSolution| hetcast_worker::Message::PlatformSolved {
        id: job,
        solution: Box::new(solution.clone()),
    };
    p.apply(PlatformAction::Worker {
        job: job.wrapping_sub(1),
        index: 0,
        message: msg(&lb),
    });
    assert!(p.results.rows.is_empty(), "an older run's answer");
    p.apply(PlatformAction::Worker {
        job,
        index: 0,
        message: hetcast_worker::Message::Progress {
            id: job,
            done: 3,
            total: 9,
        },
    });
    assert_eq!((p.pending[0].done, p.pending[0].total), (3, 9));
    p.apply(PlatformAction::Worker {
        job,
        index: 0,
        message: msg(&lb),
    });
    assert_eq!(p.results.rows.len(), 1);
    assert_eq!(p.results.rows[0].time(), Some(lb.period));
    assert_eq!(p.results.selected, Some(P::MulticastLb));
    assert_eq!(p.running().count(), P::ALL.len() - 1);
    p.apply(PlatformAction::Worker {
        job,
        index: 1,
        message: hetcast_worker::Message::Failed {
            id: job,
            error: "the web worker stopped".into(),
        },
    });
    assert_eq!(
        p.results.rows[1].outcome,
        Err("the web worker stopped".into())
    );
    let r = p.apply(PlatformAction::Cancel);
    assert_eq!(
        r.notice.unwrap().text,
        format!("Cancelled {} runs.", P::ALL.len() - 2)
    );
    assert!(p.pending.is_empty());
    assert_ne!(p.job, job);
}

/// The model menu goes from the platform model to every other model and back (the many-source
/// model had no way in from a model without a one-source instance).
#[test]
fn the_model_menu_leaves_and_comes_back() {
    let mut s = AppState::new(crate::models::overhead::default_instance());
    s.apply(Action::UseModel("platform"));
    s.apply(Action::from(PlatformAction::AddNode { x: 0.5, y: 0.5 }));
    let drawn = platform(&s).instance.clone();
    s.apply(Action::UseModel("multi"));
    assert_eq!(s.model.id(), ModelId::Multi);
    s.apply(Action::UseModel("multimessage"));
    assert_eq!(s.model.id(), ModelId::Multimessage);
    s.apply(Action::UseModel("platform"));
    assert_eq!(platform(&s).instance, drawn);
    s.apply(Action::UseModel("node"));
    assert_eq!(s.model.id(), ModelId::Overhead);
}

/// Tidy lays the drawing out again (the core's layout, every node placed, the graph the
/// same), and undo brings the positions drawn by hand back.
#[test]
fn tidy_lays_the_drawing_out_again_and_undo_brings_it_back() {
    let mut s = AppState::new(crate::models::overhead::default_instance());
    s.apply(Action::UseModel("platform"));
    s.apply(Action::from(PlatformAction::MoveNode {
        node: 1,
        x: 0.5,
        y: 0.5,
    }));
    let drawn = (*platform(&s).instance).clone();
    s.apply(Action::from(PlatformAction::Tidy));
    let tidy = (*platform(&s).instance).clone();
    assert_eq!(tidy, hetcast_core::models::platform::view::tidy(&drawn));
    assert_eq!(
        (tidy.edges.clone(), tidy.source),
        (drawn.edges.clone(), drawn.source)
    );
    assert!(tidy.nodes.iter().all(|n| n.x.is_some() && n.y.is_some()));
    assert_ne!(tidy.nodes, drawn.nodes);
    s.apply(Action::Undo);
    assert_eq!(*platform(&s).instance, drawn);
}

/// A platform example opens in the platform model; section 3's 14 nodes run in workers,
/// so the link leaves the run pending (the runner starts it on the page).
#[test]
fn opens_a_platform_example() {
    let l =
        crate::deep_link::parse("#example=beaumont-section3&algo=multicast-lb&view=gantt").unwrap();
    let s = crate::deep_link::open(&l).unwrap();
    assert_eq!(s.model.id(), hetcast_core::ModelId::Platform);
    assert_eq!(s.ui.tab, hetcast_core::models::View::Gantt);
    let crate::models::ModelState::Platform(p) = &s.model else {
        panic!("not the platform model");
    };
    let pending: Vec<_> = p.running().map(|r| r.algo.key()).collect();
    assert_eq!(pending, ["multicast-lb"]);
}

/// After Run all the best schedule is selected as the rows come in, not the first row nor the
/// scatter: on section 3 AUGMENTED_SOURCES' 1.2 (crates/hetcast-core/tests/platform.rs,
/// section3_every_algorithm); a row clicked during the run stays selected.
#[test]
fn run_all_selects_the_best_schedule_until_a_row_is_clicked() {
    let inst = hetcast_core::models::platform::gallery::section3();
    let solutions: Vec<PlatformSolution> = P::ALL.iter().map(|a| a.solve(&inst).unwrap()).collect();
    let answer = |p: &mut PlatformState, index: usize| {
        let job = p.job;
        p.apply(PlatformAction::Worker {
            job,
            index,
            message: hetcast_worker::Message::PlatformSolved {
                id: job,
                solution: Box::new(solutions[index].clone()),
            },
        });
    };
    let mut p = PlatformState::new(inst.clone());
    p.run_all();
    let order: Vec<usize> = (0..P::ALL.len()).collect();
    let picked = |p: &PlatformState| p.results.selected;
    // Multicast-LB first (a bound: nothing better yet, the first row), then the scatter.
    answer(&mut p, 0);
    assert_eq!(picked(&p), Some(P::MulticastLb));
    answer(&mut p, 1);
    assert_eq!(picked(&p), Some(P::MulticastUb));
    for &i in &order[2..] {
        answer(&mut p, i);
    }
    assert_eq!(picked(&p), Some(P::AugmentedSources));
    // Clicked during a run, a row stays selected.
    let mut p = PlatformState::new(inst);
    p.run_all();
    answer(&mut p, 1);
    p.apply(PlatformAction::Select(P::MulticastUb));
    for &i in &order[2..] {
        answer(&mut p, i);
    }
    assert_eq!(picked(&p), Some(P::MulticastUb));
}

/// A link's `algo=multicast-ub&compare=multicast-lb` runs UB, then LB, then UB again (to
/// select it): UB's row is selected whichever answer comes first (002's tour, stop 3, showed
/// LB when LB's answer came first). A row clicked before it comes stays selected.
#[test]
fn the_algorithm_run_last_is_selected_whichever_answer_comes_first() {
    let inst = hetcast_core::models::platform::gallery::section3();
    let answer = |p: &mut PlatformState, algo: P| {
        let job = p.job;
        let index = p.pending.iter().position(|q| q.algo == algo).unwrap();
        p.apply(PlatformAction::Worker {
            job,
            index,
            message: hetcast_worker::Message::PlatformSolved {
                id: job,
                solution: Box::new(algo.solve(&inst).unwrap()),
            },
        });
    };
    let link = |p: &mut PlatformState| {
        for a in [P::MulticastUb, P::MulticastLb, P::MulticastUb] {
            p.apply(PlatformAction::Run(a));
        }
    };
    let mut p = PlatformState::new(inst.clone());
    link(&mut p);
    answer(&mut p, P::MulticastLb);
    assert_eq!(
        p.results.selected,
        Some(P::MulticastLb),
        "the only row meanwhile"
    );
    answer(&mut p, P::MulticastUb);
    assert_eq!(p.results.selected, Some(P::MulticastUb));
    let mut p = PlatformState::new(inst.clone());
    link(&mut p);
    answer(&mut p, P::MulticastUb);
    answer(&mut p, P::MulticastLb);
    assert_eq!(p.results.selected, Some(P::MulticastUb));
    let mut p = PlatformState::new(inst.clone());
    link(&mut p);
    answer(&mut p, P::MulticastLb);
    p.apply(PlatformAction::Select(P::MulticastLb));
    answer(&mut p, P::MulticastUb);
    assert_eq!(
        p.results.selected,
        Some(P::MulticastLb),
        "clicked, it stays"
    );
}

/// Ties go to a heuristic before the scatter and broadcast: on the drawn path every
/// algorithm gives 2.5, and REDUCED_BROADCAST (the first heuristic) is selected.
#[test]
fn a_tie_selects_the_first_heuristic() {
    let mut p = PlatformState::new(PlatformInstance::new(
        4,
        &[(0, 1, 2.5), (1, 2, 1.0), (2, 3, 1.0)],
        0,
        &[3],
    ));
    p.run_all();
    answer_all(&mut p);
    assert_eq!(p.results.rows.len(), P::ALL.len());
    assert!(p.results.rows.iter().all(|r| r.time() == Some(2.5)));
    assert_eq!(p.results.selected, Some(P::ReducedBroadcast));
}

/// "New drawing" starts with a hint, not an error: a graph with no target is a drawing in
/// progress. A target cut off from the source is an error, said as one.
#[test]
fn a_new_drawing_is_in_progress_an_unreachable_target_is_an_error() {
    let mut p = PlatformState::new(PlatformInstance::new(3, &[(0, 1, 1.0)], 0, &[1]));
    p.apply(PlatformAction::Clear);
    assert!(p.drafts.incomplete);
    assert_eq!(p.drafts.general, None);
    assert!(p.drafts.fields_ok(), "no field is marked");
    assert!(!p.drafts.is_valid(), "an unfinished edit (Undo drops it)");
    assert!(crate::models::Screen::editor_unfinished(&p));
    for (x, y) in [(0.5, 0.5), (0.9, 0.5)] {
        p.apply(PlatformAction::AddNode { x, y });
    }
    p.apply(PlatformAction::Connect { from: 0, to: 1 });
    p.apply(PlatformAction::ToggleTarget(2));
    assert!(!p.drafts.incomplete);
    assert_eq!(
        p.drafts.general.as_deref(),
        Some("invalid instance: target P2 (node 2) is unreachable from the source S")
    );
    p.apply(PlatformAction::Connect { from: 1, to: 2 });
    assert_eq!(
        (p.drafts.incomplete, p.drafts.general.as_deref()),
        (false, None)
    );
    assert_eq!(p.instance.targets, [2]);
}
