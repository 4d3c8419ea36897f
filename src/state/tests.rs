//! Unit tests of the routing reducer: edits, commits, undo, loads and the model switch.

use std::rc::Rc;

use hetcast_core::catalog::Catalog;
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::overhead::algo::Algorithm;
use hetcast_core::models::overhead::{gallery, Instance, ModelKind};
use hetcast_core::{AnyInstance, ModelId};

use super::*;
use crate::models::multi::{MultiAction, MultiState};
use crate::models::overhead::drafts::{FieldId, NodeField};
use crate::models::overhead::{OverheadAction, OverheadState};

fn state() -> AppState {
    AppState::new(gallery::libeskind_hadas_figure1())
}

/// The one-source model's state (it must be on screen).
fn oh(s: &AppState) -> &OverheadState {
    match &s.model {
        ModelState::Overhead(m) => m,
        ModelState::Multi(_) => panic!("the many-source model is on screen"),
        ModelState::Multimessage(_) => panic!("the multimessage model is on screen"),
        ModelState::Platform(_) => panic!("the platform model is on screen"),
    }
}

/// The many-source model's state (it must be on screen).
fn mu(s: &AppState) -> &MultiState {
    match &s.model {
        ModelState::Multi(m) => m,
        ModelState::Overhead(_) => panic!("a one-source model is on screen"),
        ModelState::Multimessage(_) => panic!("the multimessage model is on screen"),
        ModelState::Platform(_) => panic!("the platform model is on screen"),
    }
}

fn is_multi(s: &AppState) -> bool {
    s.model.id() == ModelId::Multi
}

#[test]
fn invalid_text_keeps_the_last_valid_instance() {
    let mut s = state();
    let before = oh(&s).instance.clone();
    s.apply(OverheadAction::EditNode {
        node: 2,
        field: NodeField::Send,
        text: "abc".into(),
    });
    assert_eq!(oh(&s).instance, before);
    assert_eq!(
        oh(&s).drafts.error(FieldId::Node(2, NodeField::Send)),
        Some("'abc' is not a number")
    );
    assert_eq!(oh(&s).drafts.nodes[2].send, "abc");
    s.apply(OverheadAction::EditNode {
        node: 2,
        field: NodeField::Send,
        text: "-1".into(),
    });
    assert_eq!(oh(&s).instance, before);
    let msg = oh(&s)
        .drafts
        .error(FieldId::Node(2, NodeField::Send))
        .unwrap();
    assert!(msg.contains("negative"), "{msg}");
    s.apply(OverheadAction::EditNode {
        node: 2,
        field: NodeField::Send,
        text: "5".into(),
    });
    assert!(oh(&s).drafts.is_valid());
    assert_eq!(oh(&s).instance.nodes[2].send, 5.0);
    assert_eq!(s.revision, 1);
}

#[test]
fn every_bad_field_is_marked_at_once() {
    let mut s = state();
    s.apply(Action::UseModel("sender_receiver"));
    let before = oh(&s).instance.clone();
    s.apply(OverheadAction::EditLatency("-1".into()));
    s.apply(OverheadAction::EditNode {
        node: 3,
        field: NodeField::Recv,
        text: "0".into(),
    });
    s.apply(OverheadAction::EditNode {
        node: 1,
        field: NodeField::Send,
        text: "2e9".into(),
    });
    assert!(oh(&s).drafts.error(FieldId::Latency).is_some());
    let recv = oh(&s)
        .drafts
        .error(FieldId::Node(3, NodeField::Recv))
        .unwrap();
    assert!(recv.contains("zero"), "{recv}");
    let send = oh(&s)
        .drafts
        .error(FieldId::Node(1, NodeField::Send))
        .unwrap();
    assert!(send.contains("too large"), "{send}");
    // An empty field adds its own mark and keeps the others.
    s.apply(OverheadAction::EditNode {
        node: 2,
        field: NodeField::Send,
        text: "".into(),
    });
    assert_eq!(
        oh(&s).drafts.error(FieldId::Node(2, NodeField::Send)),
        Some("enter a number")
    );
    assert_eq!(oh(&s).drafts.errors.len(), 4);
    assert_eq!(oh(&s).instance, before);
    // Fixing one field leaves the other marks in place.
    s.apply(OverheadAction::EditLatency("1".into()));
    assert!(oh(&s).drafts.error(FieldId::Latency).is_none());
    assert_eq!(oh(&s).drafts.errors.len(), 3);
    assert_eq!(oh(&s).instance, before);
}

#[test]
fn results_follow_the_instance_and_undo() {
    let mut s = state();
    s.apply(OverheadAction::Run(Algorithm::Greedy));
    assert_eq!(oh(&s).results.rows[0].time(), Some(10.0));
    assert_eq!(oh(&s).results.selected, Some(Algorithm::Greedy));
    s.apply(Action::Load {
        instance: (gallery::liu_figure1()).into(),
        origin: "test".into(),
    });
    assert_eq!(oh(&s).results.rows[0].time(), Some(6.0));
    assert_eq!(oh(&s).drafts.nodes.len(), 3);
    s.apply(Action::Undo);
    assert_eq!(*oh(&s).instance, gallery::libeskind_hadas_figure1());
    assert_eq!(oh(&s).results.rows[0].time(), Some(10.0));
    s.apply(Action::Redo);
    assert_eq!(*oh(&s).instance, gallery::liu_figure1());
    assert!(!s.history.can_redo());
}

#[test]
fn removing_and_adding_nodes_keeps_the_source() {
    let mut s = AppState::new(Instance::node_model(2, &[1.0, 2.0, 3.0, 4.0]));
    s.apply(OverheadAction::RemoveNode(2));
    assert_eq!(oh(&s).instance.len(), 4, "the source cannot be removed");
    s.apply(OverheadAction::RemoveNode(0));
    assert_eq!(oh(&s).instance.source, 1);
    assert_eq!(oh(&s).instance.nodes[1].send, 3.0);
    s.apply(OverheadAction::AddNode);
    assert_eq!(oh(&s).instance.len(), 4);
    assert_eq!(oh(&s).instance.nodes[3].send, 4.0);
    s.apply(OverheadAction::RemoveNode(0));
    s.apply(OverheadAction::RemoveNode(1));
    s.apply(OverheadAction::RemoveNode(1));
    assert!(oh(&s)
        .drafts
        .general
        .as_deref()
        .unwrap()
        .contains("destination"));
    assert_eq!(oh(&s).instance.len(), 2);
}

#[test]
fn model_switch_and_bad_loads() {
    let mut s = state();
    s.apply(Action::UseModel("sender_receiver"));
    assert_eq!(oh(&s).instance.model, ModelKind::SenderReceiver);
    assert!(oh(&s).instance.validate().is_ok());
    s.apply(OverheadAction::EditLatency("x".into()));
    assert!(oh(&s).drafts.error(FieldId::Latency).is_some());
    s.apply(OverheadAction::EditLatency("2".into()));
    assert_eq!(oh(&s).instance.latency, 2.0);
    let before = oh(&s).instance.clone();
    s.apply(Action::Load {
        instance: (Instance::node_model(0, &[1.0])).into(),
        origin: "bad".into(),
    });
    assert_eq!(oh(&s).instance, before);
    assert_eq!(s.ui.notice.as_ref().unwrap().kind, NoticeKind::Error);
}

#[test]
fn run_all_orders_rows_and_reports_refusals() {
    let mut s = state();
    s.apply(OverheadAction::SetSeed("x".into()));
    assert!(oh(&s).seed_error.is_some());
    s.apply(ModelAction::RunAll);
    assert!(!oh(&s)
        .results
        .rows
        .iter()
        .any(|r| r.algo == Algorithm::Random));
    s.apply(OverheadAction::SetSeed("7".into()));
    s.apply(ModelAction::RunAll);
    s.answer_workers();
    // Figure 1 has 12 nodes: the exhaustive search (at most 9) is skipped and said so, as
    // information, not as a failed row (issue 20).
    let order: Vec<Algorithm> = oh(&s).results.rows.iter().map(|r| r.algo).collect();
    assert_eq!(
        order,
        [
            Algorithm::Greedy,
            Algorithm::Random,
            Algorithm::Optimal,
            Algorithm::Lemma5
        ]
    );
    assert_eq!(
        s.ui.notice,
        Some(Notice::info(
            "Skipped Exhaustive: over its limit of 9 nodes (this instance has 12)."
        ))
    );
    assert_eq!(oh(&s).results.rows[1].seed, 7);
    let times: Vec<Option<f64>> = oh(&s).results.rows.iter().map(|r| r.time()).collect();
    assert_eq!(times, [Some(10.0), times[1], Some(9.0), Some(9.0)]);
    assert!(times[1].unwrap() >= 9.0);
    s.apply(ModelAction::SelectStep(-1));
    assert_eq!(oh(&s).results.selected, Some(Algorithm::Lemma5));
    s.apply(ModelAction::SelectStep(1));
    assert_eq!(oh(&s).results.selected, Some(Algorithm::ALL[0]));
}

#[test]
fn many_source_model_switch_edit_run_and_undo() {
    use crate::models::multi::drafts::{ClassField, MultiField};
    let mut s = state();
    s.apply(Action::UseModel("multi"));
    assert!(is_multi(&s));
    // The node instance as one message from its source to every other node.
    assert_eq!(mu(&s).instance.node_count(), 12);
    assert_eq!(mu(&s).instance.messages.len(), 1);
    assert_eq!(mu(&s).instance.messages[0].destinations.len(), 11);
    assert_eq!(
        s.ui.notice.as_ref().unwrap().text,
        "Many-source model: this instance as one message of 1 byte from P0 (S = s, R = r, X = L per byte). The gallery has a 4-message example."
    );
    // Single-model edits do nothing while the many-source model is on screen.
    let before = mu(&s).instance.clone();
    s.apply(OverheadAction::AddNode);
    assert_eq!(mu(&s).instance, before);
    s.apply(Action::Load {
        instance: (hetcast_core::models::multi::gallery::wrp_beats_wr()).into(),
        origin: "gallery".into(),
    });
    assert_eq!(mu(&s).instance.node_count(), 8);
    s.apply(ModelAction::RunAll);
    // The runs are in web workers (answered here by the worker's code).
    assert_eq!(mu(&s).running().count(), 4);
    s.answer_workers();
    assert_eq!(mu(&s).results.rows.len(), 4);
    assert_eq!(mu(&s).results.selected, Some(MultiAlgorithm::Wrp));
    for r in &mu(&s).results.rows {
        assert!(r.time().unwrap() >= mu(&s).lb.value - 1e-9);
    }
    let wrp = mu(&s).results.rows[3].time().unwrap();
    // A bad value is marked and changes nothing; a good one is committed and rerun.
    s.apply(MultiAction::EditClass {
        class: 1,
        field: ClassField::SendFixed,
        text: "-2".into(),
    });
    assert!(mu(&s)
        .drafts
        .error(MultiField::Class(1, ClassField::SendFixed))
        .is_some());
    assert_eq!(mu(&s).results.rows[3].time(), Some(wrp));
    s.apply(MultiAction::EditClass {
        class: 1,
        field: ClassField::SendFixed,
        text: "3".into(),
    });
    s.apply(MultiAction::EditClass {
        class: 0,
        field: ClassField::SendFixed,
        text: "10".into(),
    });
    assert!(mu(&s).drafts.is_valid());
    assert_eq!(mu(&s).instance.classes[0].send.fixed, 10.0);
    s.answer_workers();
    assert!(mu(&s).results.rows[3].time().unwrap() > wrp);
    // Undo goes back through the edit, the load and the model switch.
    s.apply(Action::Undo);
    s.answer_workers();
    assert_eq!(mu(&s).results.rows[3].time(), Some(wrp));
    s.apply(Action::Undo);
    s.apply(Action::Undo);
    assert!(!is_multi(&s));
    assert_eq!(*oh(&s).instance, gallery::libeskind_hadas_figure1());
    s.apply(Action::Redo);
    assert!(is_multi(&s));
    // Back to the node model: the last one-message instance.
    s.apply(Action::UseModel("sender_receiver"));
    assert!(!is_multi(&s));
    assert_eq!(oh(&s).instance.model, ModelKind::SenderReceiver);
    assert_eq!(oh(&s).instance.len(), 12);
    // A saved many-source instance comes back in its model.
    let saved =
        AnyInstance::from_json(&hetcast_core::models::multi::gallery::wrp_beats_wr().to_json())
            .unwrap();
    let s2 = AppState::from_saved(saved);
    assert!(is_multi(&s2) && mu(&s2).instance.messages.len() == 4);
}

#[test]
fn undo_steps_are_per_field_and_an_unfinished_edit_is_undone_first() {
    use crate::models::multi::drafts::ClassField;
    let mut s = state();
    s.apply(Action::UseModel("multi"));
    s.apply(Action::Load {
        instance: (hetcast_core::models::multi::gallery::wrp_beats_wr()).into(),
        origin: "gallery".into(),
    });
    let edit = |s: &mut AppState, class, text: &str| {
        s.apply(MultiAction::EditClass {
            class,
            field: ClassField::SendFixed,
            text: text.into(),
        })
    };
    // Typing "1", "12", "125" in one field is one undo step.
    for t in ["1", "12", "125"] {
        edit(&mut s, 0, t);
    }
    assert_eq!(mu(&s).instance.classes[0].send.fixed, 125.0);
    edit(&mut s, 1, "7");
    assert_eq!(mu(&s).instance.classes[1].send.fixed, 7.0);
    // An unfinished edit (invalid text) is what the first undo drops ...
    edit(&mut s, 1, "7x");
    assert!(s.editor_has_errors());
    s.apply(Action::Undo);
    assert!(!s.editor_has_errors());
    assert_eq!(mu(&s).drafts.classes[1].send_fixed, "7");
    assert_eq!(mu(&s).instance.classes[1].send.fixed, 7.0);
    // ... then one undo per field edited.
    s.apply(Action::Undo);
    assert_eq!(mu(&s).instance.classes[1].send.fixed, 3.0);
    assert_eq!(mu(&s).instance.classes[0].send.fixed, 125.0);
    s.apply(Action::Undo);
    assert_eq!(
        mu(&s).instance,
        Rc::new(hetcast_core::models::multi::gallery::wrp_beats_wr())
    );
    // After an undo, typing in the same field starts a new step.
    edit(&mut s, 0, "2");
    edit(&mut s, 0, "20");
    s.apply(Action::Undo);
    assert_eq!(mu(&s).instance.classes[0].send.fixed, 1.0);
}

#[test]
fn the_many_source_instance_survives_a_trip_to_the_node_model() {
    use crate::models::multi::drafts::MsgField;
    let mut s = state();
    s.apply(Action::UseModel("multi"));
    s.apply(Action::Load {
        instance: (hetcast_core::models::multi::gallery::wrp_beats_wr()).into(),
        origin: "gallery".into(),
    });
    // An unfinished edit too: nothing the user typed is lost.
    s.apply(MultiAction::EditMessage {
        msg: 0,
        field: MsgField::Dests,
        text: "1-".into(),
    });
    s.apply(Action::UseModel("node"));
    assert!(!is_multi(&s));
    s.apply(Action::UseModel("multi"));
    assert!(is_multi(&s));
    assert_eq!(
        mu(&s).instance,
        Rc::new(hetcast_core::models::multi::gallery::wrp_beats_wr())
    );
    assert_eq!(mu(&s).drafts.messages[0].dests, "1-");
    assert!(s.ui.notice.as_ref().unwrap().text.contains("4 messages"));
    // The one-source keys say what to press instead.
    s.apply(OverheadAction::Run(Algorithm::Greedy));
    assert!(s.ui.notice.as_ref().unwrap().text.contains("press w"));
    // A reloaded many-source instance shows its own text in the editor.
    let mut m = hetcast_core::models::multi::gallery::wrp_beats_wr();
    m.classes[0].send.fixed = 77.0;
    let s2 = AppState::from_saved(AnyInstance::Multi(m));
    assert_eq!(mu(&s2).drafts.classes[0].send_fixed, "77");
}

#[test]
fn bandwidth_presets_read_as_bandwidths() {
    let mut s = state();
    s.apply(Action::UseModel("multi"));
    s.apply(MultiAction::SetRateMbps(155.0));
    assert_eq!(mu(&s).drafts.rate, "155 Mbps");
    assert_eq!(
        mu(&s).instance.link,
        hetcast_core::models::multi::Link::PerByte(8.0 / 155.0)
    );
    s.apply(MultiAction::EditRate("1 gbps".into()));
    assert_eq!(
        mu(&s).instance.link,
        hetcast_core::models::multi::Link::PerByte(0.008)
    );
    s.apply(MultiAction::EditRate("0.01".into()));
    assert_eq!(
        mu(&s).instance.link,
        hetcast_core::models::multi::Link::PerByte(0.01)
    );
    s.apply(MultiAction::EditRate("inf".into()));
    assert!(s.editor_has_errors());
    assert_eq!(
        mu(&s).instance.link,
        hetcast_core::models::multi::Link::PerByte(0.01)
    );
}

#[test]
fn many_source_loads_that_are_invalid_or_too_large_are_refused() {
    let mut s = state();
    s.apply(Action::UseModel("multi"));
    let before = mu(&s).instance.clone();
    let mut bad = hetcast_core::models::multi::gallery::wrp_beats_wr();
    bad.messages[0].destinations.push(0);
    s.apply(Action::Load {
        instance: bad.into(),
        origin: "bad.json".into(),
    });
    assert_eq!(mu(&s).instance, before);
    assert!(s.ui.notice.as_ref().unwrap().text.contains("also listed"));
    let mut big = hetcast_core::models::multi::gallery::wrp_beats_wr();
    big.classes[0].count = 400;
    s.apply(Action::Load {
        instance: big.into(),
        origin: "big.json".into(),
    });
    assert_eq!(mu(&s).instance, before);
    assert!(s.ui.notice.as_ref().unwrap().text.contains(&format!(
        "at most {}",
        hetcast_core::models::multi::APP_MAX_NODES
    )));
    s.apply(MultiAction::StepTreeMessage(-1));
    assert_eq!(mu(&s).tree_msg, 0, "one message: stays at m0");
}

/// One limit per model, applied to Import as to the editor and the generators: 501 nodes are
/// refused with the limit's message and the work in the editor stays.
#[test]
fn overhead_loads_past_the_app_limit_are_refused() {
    use hetcast_core::models::overhead::{Instance, APP_MAX_NODES};
    let mut s = state();
    let before = s.current();
    let big = Instance::node_model(0, &vec![1.0; APP_MAX_NODES + 1]);
    s.apply(Action::Load {
        instance: big.into(),
        origin: "big.json".into(),
    });
    assert_eq!(s.current(), before);
    let notice = &s.ui.notice.as_ref().unwrap().text;
    assert!(
        notice.contains(&format!(
            "{} nodes: the app edits at most {APP_MAX_NODES} (the command line takes more)",
            APP_MAX_NODES + 1
        )),
        "{notice}"
    );
}

#[test]
fn the_undo_button_follows_key_z_after_a_move_in_the_tree() {
    use hetcast_core::models::overhead::plan::Place;
    let mut s = state();
    s.apply(OverheadAction::Run(Algorithm::Greedy));
    assert!(!s.history.can_undo());
    assert!(!s.can_undo());
    // A leaf of greedy's tree becomes the source's last child.
    let leaf = (1..12)
        .find(|&v| {
            let m = oh(&s).results.selected_row().unwrap();
            let sched = &m.outcome.as_ref().unwrap().schedule;
            sched.children[v].is_empty() && sched.parent[v] != Some(0)
        })
        .unwrap();
    s.apply(ModelAction::MoveNode {
        node: leaf,
        to: Place::LastChildOf(0),
    });
    assert!(s.model.has_tree_edit());
    assert!(!s.history.can_undo());
    assert!(s.can_undo(), "z undoes the move, so the button is on");
    s.apply(Action::Undo);
    assert!(!s.can_undo());
}
