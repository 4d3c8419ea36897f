//! The one-source models through the shell: exports.

use crate::exports::{animated, animates, figure_name, file_name, results, trace_events, tree_dot};
use crate::models::{ModelAction, ModelState};
use crate::state::AppState;
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
