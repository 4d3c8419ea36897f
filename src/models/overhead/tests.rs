//! The one-source models through the shell: exports, the exchanges walk's link key.

use crate::exports::{animated, animates, figure_name, file_name, results, trace_events, tree_dot};
use crate::models::{ModelAction, ModelState};
use crate::scenario::capture;
use crate::state::AppState;
use crate::{deep_link, share};
use hetcast_core::export::{dot, trace_event};
use hetcast_core::models::View;

#[test]
fn the_exports_of_the_first_example_and_an_imported_plan() {
    let ex = hetcast_core::registry::example("lh-fig1").unwrap();
    let hetcast_core::AnyInstance::Overhead(inst) = ex.instance else {
        unreachable!("Figure 1 is a one-source instance")
    };
    let mut s = AppState::new(inst.clone());
    assert_eq!(trace_events(&s.model), None);
    assert_eq!(results(&s.model), None);
    s.apply(s.model.screen().run_action("greedy").unwrap());
    assert_eq!(
        file_name(&s, "tree", "dot"),
        "hetcast-lh-fig1-greedy-tree.dot"
    );
    let ok = match &s.model {
        ModelState::Overhead(m) => m.results.rows[0].outcome.clone().unwrap(),
        _ => unreachable!(),
    };
    let caption = s.model.caption();
    assert_eq!(
        trace_events(&s.model).unwrap(),
        trace_event::overhead(&inst, &ok.schedule, &caption).to_json()
    );
    assert_eq!(
        tree_dot(&s.model).unwrap(),
        dot::overhead(&inst, &ok.schedule, &caption)
    );
    let plan = serde_json::to_string(&ok.solution.plan).unwrap();
    s.apply(ModelAction::ImportPlan {
        name: "p.json".into(),
        text: plan,
    });
    assert_eq!(
        file_name(&s, "results", "csv"),
        "hetcast-lh-fig1-edited-results.csv"
    );
    let csv = results(&s.model).unwrap();
    let lines: Vec<&str> = csv.split("\r\n").collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[1].starts_with("node,greedy,Greedy,"), "{}", lines[1]);
    let t = hetcast_core::units::fmt_t(ok.schedule.completion_time);
    assert!(
        lines[2].starts_with(&format!("node,plan,Edited plan,{t},")),
        "{}",
        lines[2]
    );
}

#[test]
fn the_animated_tree_and_the_comparison() {
    use crate::models::overhead::OverheadAction;
    use crate::state::{Action, UiAction};
    use hetcast_core::models::overhead::algo::Algorithm;
    let inst = (hetcast_core::models::overhead::gallery::examples()[0].build)();
    let mut s = AppState::new(inst);
    s.apply(Action::Ui(UiAction::SetTab(View::Tree)));
    assert!(!animates(&s));
    assert_eq!(animated(&s, 1200.0, true, 1.0, true), None);
    s.apply(OverheadAction::Run(Algorithm::Greedy));
    assert!(animates(&s));
    assert_eq!(
        figure_name(&s, true, "svg"),
        "hetcast-lh-fig1-greedy-tree-animated.svg"
    );
    let svg = animated(&s, 1200.0, true, 2.0, false).unwrap().unwrap();
    // 10 s / 2 of play, 2 s of rest; once.
    assert!(svg.contains("dur=\"7s\" fill=\"freeze\""), "{svg}");
    assert!(svg.contains("width=\"1200\""));
    assert!(!svg.contains("s1-"));
    s.apply(OverheadAction::Run(Algorithm::Optimal));
    s.answer_workers();
    s.apply(Action::Ui(UiAction::ToggleCompare));
    let name = figure_name(&s, true, "svg");
    assert!(name.ends_with("-vs-greedy-tree-animated.svg"), "{name}");
    let svg = animated(&s, 1200.0, true, 1.0, true).unwrap().unwrap();
    // Both trees (the optimum selected, greedy compared), each with its own frames; a box
    // that holds the message later on one side keeps its red dashed frame.
    assert!(svg.contains("id=\"s0-hc-wait-") && svg.contains("id=\"s1-hc-wait-"));
    assert!(svg.contains("stroke: #c00000"));
    s.apply(Action::Ui(UiAction::SetTab(View::Gantt)));
    assert!(animates(&s));
    let svg = animated(&s, 1200.0, false, 1.0, true).unwrap().unwrap();
    assert!(svg.contains("id=\"s0-hc-cursor\"") && svg.contains("id=\"s1-hc-cursor\""));
}

/// The exchange the walk on screen shows, and its number of exchanges.
fn walk(s: &AppState) -> (usize, usize) {
    match &s.model {
        ModelState::Overhead(m) => {
            let (steps, i) = m.exchanges.as_ref().expect("the walk is open");
            (*i, steps.len())
        }
        _ => panic!("the one-source model is on screen"),
    }
}

#[test]
fn exchange_opens_the_walk_at_that_exchange() {
    // Random selection (seed 1) on Figure 1: its walk has exchanges 0 to 4.
    let l = deep_link::parse("#example=lh-fig1&algo=random&exchange=3&view=tree").unwrap();
    assert_eq!(l.keys, [("exchange".to_string(), "3".to_string())]);
    let (s, problems, _) = deep_link::open_parts(&l).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(walk(&s), (3, 5));
    assert_eq!(s.ui.tab, View::Tree);
    // The share link says the exchange shown after its payload.
    let keys = s.model.screen().link_keys();
    assert_eq!(deep_link::model_keys_text(&keys), "&exchange=3");
    // Past the last exchange: said, the walk at 0.
    let far = "#example=lh-fig1&algo=random&exchange=5";
    let (s, problems, _) = deep_link::open_parts(&deep_link::parse(far).unwrap()).unwrap();
    assert_eq!(
        problems,
        ["exchange = 5: this walk has exchanges 0 to 4; it opened at 0"]
    );
    assert_eq!(walk(&s), (0, 5));
    let (_, problems, _) = deep_link::open_parts(
        &deep_link::parse("#example=lh-fig1&algo=greedy&exchange=x").unwrap(),
    )
    .unwrap();
    assert_eq!(
        problems,
        ["exchange = 'x' is not an exchange (a whole number ≥ 0)"]
    );
    // Another model has no such key.
    let (_, problems, _) = deep_link::open_parts(
        &deep_link::parse("#example=wu-wrp-beats-wr&algo=wrp&exchange=1").unwrap(),
    )
    .unwrap();
    assert_eq!(problems, ["'exchange' is not a link key"]);
}

#[test]
fn a_share_link_of_the_exchanges_walk_opens_it_at_its_exchange() {
    let l = deep_link::parse("#example=lh-fig1&algo=random&exchange=2").unwrap();
    let (s, problems, _) = deep_link::open_parts(&l).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    let keys = deep_link::model_keys_text(&s.model.screen().link_keys());
    assert_eq!(keys, "&exchange=2");
    let payload = format!(
        "{}{keys}",
        share::ready(share::encode(&capture(&s))).unwrap()
    );
    let back = AppState::restored(share::open(&payload).unwrap());
    let ModelState::Overhead(m) = &back.model else {
        panic!("the one-source model is on screen");
    };
    assert_eq!(m.exchanges.as_ref().map(|(_, i)| *i), Some(2));
    assert_eq!(
        m.exchanges_from,
        Some(hetcast_core::models::overhead::algo::Algorithm::Random)
    );
    assert_eq!(
        back.model.screen().link_keys(),
        [("exchange", "2".to_string())]
    );
    // A key no model knows is said in the words; the scenario still opens.
    let r = share::open(&format!(
        "{}&zoom=2",
        share::ready(share::encode(&capture(&s))).unwrap()
    ))
    .unwrap();
    assert!(
        r.words.ends_with("; ignored: 'zoom' is not a link key"),
        "{}",
        r.words
    );
}

/// The optimum runs in the web worker: Run shows it running (no row yet), the answer is the
/// row (000 Figure 1: 9) and is selected; an answer of an older run is ignored; a new instance
/// sends it again; Cancel stops it, and says so.
#[test]
fn the_optimum_runs_in_the_worker() {
    use super::{OverheadAction, OverheadState};
    use crate::state::Notice;
    use hetcast_core::models::overhead::algo::Algorithm;
    fn oh(s: &AppState) -> &OverheadState {
        match &s.model {
            ModelState::Overhead(m) => m,
            _ => unreachable!("the one-source model is on screen"),
        }
    }
    let inst = hetcast_core::models::overhead::gallery::libeskind_hadas_figure1();
    let mut s = AppState::new(inst.clone());
    s.apply(OverheadAction::Run(Algorithm::Greedy));
    s.apply(OverheadAction::Run(Algorithm::Optimal));
    assert_eq!(oh(&s).running().collect::<Vec<_>>(), [Algorithm::Optimal]);
    assert_eq!(oh(&s).results.rows.len(), 1);
    assert_eq!(oh(&s).results.selected, Some(Algorithm::Greedy));
    let job = oh(&s).job;
    // A late answer of an older run.
    s.apply(OverheadAction::Worker {
        job: job.wrapping_sub(1),
        index: 0,
        message: hetcast_worker::Message::Failed {
            id: job.wrapping_sub(1),
            error: "old".into(),
        },
    });
    assert_eq!(oh(&s).results.rows.len(), 1);
    s.answer_workers();
    assert_eq!(oh(&s).running().count(), 0);
    let times: Vec<Option<f64>> = oh(&s).results.rows.iter().map(|r| r.time()).collect();
    assert_eq!(times, [Some(10.0), Some(9.0)]);
    assert_eq!(oh(&s).results.selected, Some(Algorithm::Optimal));
    // One more node of cost 3: greedy reruns on the page, the optimum goes to the worker.
    s.apply(OverheadAction::AddNode);
    assert_eq!(oh(&s).instance.len(), 13);
    let opt = hetcast_core::models::overhead::algo::optimal::optimal_time(&oh(&s).instance);
    assert_eq!(oh(&s).running().collect::<Vec<_>>(), [Algorithm::Optimal]);
    assert_eq!(oh(&s).results.rows.len(), 1);
    s.answer_workers();
    let row = &oh(&s).results.rows[1];
    assert_eq!((row.algo, row.time()), (Algorithm::Optimal, opt.ok()));
    assert_eq!(oh(&s).results.selected, Some(Algorithm::Optimal));
    s.apply(OverheadAction::Run(Algorithm::Optimal));
    s.apply(OverheadAction::Cancel);
    assert_eq!(oh(&s).running().count(), 0);
    assert_eq!(s.ui.notice, Some(Notice::info("Cancelled 1 run.")));
}
