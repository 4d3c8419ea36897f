//! The Export menu's files of the selected result, made with the core's writers
//! ([`hetcast_core::export`]): Chrome Trace Event JSON of the schedule, Graphviz DOT of the
//! tree (the many-source model: of the message the Tree view shows), CSV of the results table.
//! File names follow `hetcast-{algorithm}-{what}.{ext}` ([`file_name`]).

use hetcast_core::export::csv::results_csv;

use crate::models::ModelState;
use crate::plan_import::EDITED_TITLE;
use crate::state::AppState;

/// `hetcast-{instance}-{algorithm}-{what}.{ext}`: the instance ([`instance_slug`]), the
/// selected result's key (`greedy`, `random-seed7`, `edited`), then what the file holds
/// (`tree`, `gantt`, `trace-events`, `results`).
pub fn file_name(state: &AppState, what: &str, ext: &str) -> String {
    format!(
        "hetcast-{}-{}-{what}.{ext}",
        instance_slug(state),
        state.model.export_key()
    )
}

/// The instance's name in file names: its gallery id when it is a gallery example as given
/// (`lh-fig1`), else `instance`.
pub fn instance_slug(state: &AppState) -> String {
    let current = state.current();
    gallery_id(&current).unwrap_or("instance").to_string()
}

/// The id of the gallery example equal to `inst`, if it is one.
pub fn gallery_id(inst: &hetcast_core::AnyInstance) -> Option<&'static str> {
    hetcast_core::registry::example_id(inst)
}

/// The selected schedule as a Chrome Trace Event file (chrome://tracing, Perfetto); none
/// for a model without one (unit steps, periods).
pub fn trace_events(m: &ModelState) -> Option<String> {
    m.screen().trace_events(&m.caption())
}

/// The selected schedule's tree as Graphviz DOT (the many-source model: the tree of the
/// message the Tree view shows); none for a model whose drawing is not a tree.
pub fn tree_dot(m: &ModelState) -> Option<String> {
    m.screen().tree_dot(&m.caption())
}

/// The results table as CSV: every successful run, then the edited row (`plan`); `None`
/// without one.
pub fn results(m: &ModelState) -> Option<String> {
    let rows = m.screen().result_rows();
    (!rows.is_empty()).then(|| results_csv(&rows))
}

/// The (key, title) of a results row in the CSV: the edited row is `plan`.
pub fn csv_key(edited: bool, key: &str, title: &str) -> (String, String) {
    if edited {
        ("plan".to_string(), EDITED_TITLE.to_string())
    } else {
        (key.to_string(), title.to_string())
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::models::ModelAction;
    use hetcast_core::export::{dot, trace_event};
    use hetcast_core::models::overhead::gallery;

    #[test]
    fn the_exports_of_the_first_example_and_an_imported_plan() {
        let inst = (gallery::examples()[0].build)();
        let mut s = AppState::new(inst.clone());
        assert_eq!(trace_events(&s.model), None);
        assert_eq!(results(&s.model), None);
        s.apply(crate::models::overhead::OverheadAction::Run(
            hetcast_core::models::overhead::algo::Algorithm::Greedy,
        ));
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
}
