//! Browser test of the shell over the registry: every model's every gallery example, loaded
//! from the gallery menu and run, in every view, at rest and stepping, alone, compared and in
//! lecture mode. A model joins this test by joining the registry
//! (`hetcast_core::registry`); nothing here names a model.
#![cfg(target_arch = "wasm32")]

use hetcast_core::registry;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod common;
use common::*;

/// What the view panel shows: a drawing (`svg`), a list or a table, or an error.
fn panel_shows_something(what: &str) {
    let panel = el("view-panel");
    let drawn = panel.query_selector("svg.hc-scene").unwrap().is_some();
    let listed = panel.query_selector("ol, table, ul").unwrap().is_some();
    // A view with nothing to draw for this result says why (one LP: its loads are drawn in
    // the Tree view).
    let said = panel
        .query_selector("p.hint")
        .unwrap()
        .and_then(|p| p.text_content())
        .is_some_and(|t| !t.trim().is_empty());
    let error = panel.query_selector(".field-error").unwrap();
    assert!(
        error.is_none(),
        "{what}: {}",
        error
            .map(|e| e.text_content().unwrap_or_default())
            .unwrap_or_default()
    );
    assert!(
        drawn || listed || said,
        "{what}: the view panel is empty: {}",
        panel.inner_html()
    );
}

#[wasm_bindgen_test]
async fn every_example_of_every_model_in_every_view_and_mode() {
    let _app = Mounted::new().await;
    for ex in registry::examples() {
        // Examples the app cannot run at once (the largest) still load and draw their views.
        choose("gallery", ex.id).await;
        assert!(notice().contains("Loaded"), "{}: {}", ex.id, notice());
        click("run-all").await;
        settle().await;
        // A result that ran (one past its limit is skipped, and an exact search refused
        // mid-run is a row with its reason).
        let ran = gloo::utils::document()
            .query_selector("#results td.time")
            .unwrap()
            .map(|td| td.id().trim_start_matches("time-").to_string());
        if let Some(k) = &ran {
            click(&format!("row-{k}")).await;
        }
        let views = registry::views_of(ex.model());
        for (i, view) in views.iter().enumerate() {
            key(&(i + 1).to_string()).await;
            let what = format!("{} / {}", ex.id, view.key());
            assert!(
                el(&format!("tab-{}", view.key()))
                    .get_attribute("aria-selected")
                    .as_deref()
                    == Some("true"),
                "{what}"
            );
            if ran.is_none() {
                continue;
            }
            panel_shows_something(&what);
            if exists("compare") {
                key("c").await;
                panel_shows_something(&format!("{what}, compared"));
                key("c").await;
                key("s").await;
                panel_shows_something(&format!("{what}, steps"));
                key("s").await;
            }
            key("l").await;
            assert!(exists("view-panel"), "{what}, lecture");
            panel_shows_something(&format!("{what}, lecture"));
            key("Escape").await;
        }
    }
}
