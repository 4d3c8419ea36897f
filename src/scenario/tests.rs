//! Scenarios: reading, refusing, the named list.

use super::*;
use crate::saved::{clean_name, with_renamed, with_saved, without};

#[test]
fn a_scenario_of_another_format_or_version_or_shape_is_refused_by_name() {
    assert_eq!(
        Scenario::from_json("{\"format\":\"x\"}").unwrap_err(),
        "not a hetcast-scenario file"
    );
    assert!(Scenario::from_json("{")
        .unwrap_err()
        .starts_with("not JSON"));
    assert_eq!(
        Scenario::from_json("{\"format\":\"hetcast-scenario\",\"version\":9}").unwrap_err(),
        "scenario version 9: this build reads version 1"
    );
    let bad = "{\"format\":\"hetcast-scenario\",\"version\":1,\"view\":\"tree\",\"models\":[{\"instance\":{\"model\":\"node\",\"source\":0,\"nodes\":[{\"cost\":1}]}}]}";
    let sc = Scenario::from_json(bad).unwrap();
    assert_eq!(
        restore(&sc).unwrap_err(),
        "model 1: the instance needs at least one destination besides the source"
    );
}

#[test]
fn an_instance_alone_makes_a_scenario() {
    let inst: AnyInstance = crate::models::overhead::default_instance().into();
    let sc = Scenario::of_instance(&inst);
    let r = restore(&sc).unwrap();
    assert_eq!(r.models[0].instance(), inst);
    assert_eq!(r.tab, View::Tree);
}

#[test]
fn named_scenarios_save_rename_delete() {
    let sc = Scenario::of_instance(&crate::models::overhead::default_instance().into());
    assert_eq!(clean_name("  Lecture   3 ").unwrap(), "Lecture 3");
    assert!(clean_name("   ").is_err());
    let list = with_saved(Vec::new(), "a", sc.clone());
    let list = with_saved(list, "b", sc.clone());
    let list = with_saved(list, "a", sc.clone());
    assert_eq!(
        list.iter().map(|n| n.name.as_str()).collect::<Vec<_>>(),
        ["a", "b"]
    );
    assert_eq!(
        with_renamed(list.clone(), "a", "b").unwrap_err(),
        "There is already a scenario named 'b'."
    );
    let list = with_renamed(list, "a", "c").unwrap();
    assert_eq!(
        list.iter().map(|n| n.name.as_str()).collect::<Vec<_>>(),
        ["c", "b"]
    );
    let list = without(list, "c");
    assert_eq!(
        list.iter().map(|n| n.name.as_str()).collect::<Vec<_>>(),
        ["b"]
    );
}
