//! Browser tests of keeping and sharing work: autosave across a remount, unreadable saved
//! work, share links (whole and cut short), named scenarios, plan import.
//!
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p hetcast-app --target wasm32-unknown-unknown`
#![cfg(target_arch = "wasm32")]

use gloo::timers::future::TimeoutFuture;
use hetcast_app::saved::{AUTOSAVE_KEY, AUTOSAVE_MS, NAMED_KEY};
use hetcast_app::util::STORAGE_KEY;
use hetcast_core::models::overhead::algo::{self, Algorithm};
use hetcast_core::models::overhead::gallery;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

mod common;
use common::*;

fn set_value(id: &str, value: &str) {
    let input: HtmlInputElement = el(id).dyn_into().unwrap();
    input.set_value(value);
}

fn storage() -> web_sys::Storage {
    gloo::utils::window().local_storage().unwrap().unwrap()
}

fn selected_tab(id: &str) -> bool {
    el(id).get_attribute("aria-selected").as_deref() == Some("true")
}

/// Put `hash` in the address without a hashchange (as when a page opens with it).
fn set_hash(hash: &str) {
    let loc = gloo::utils::window().location();
    let path = format!("{}{}{hash}", loc.pathname().unwrap(), loc.search().unwrap());
    gloo::utils::window()
        .history()
        .unwrap()
        .replace_state_with_url(&JsValue::NULL, "", Some(&path))
        .unwrap();
}

fn hash() -> String {
    gloo::utils::window().location().hash().unwrap()
}

/// The autosave waits for a pause: a change is not written at once (the JSON of a large
/// scenario took 2-10 ms in every render), and is written AUTOSAVE_MS after the last change.
#[wasm_bindgen_test]
async fn the_autosave_is_written_after_a_pause() {
    let _app = Mounted::new().await;
    TimeoutFuture::new(AUTOSAVE_MS + 100).await;
    let saved = || {
        storage()
            .get_item(AUTOSAVE_KEY)
            .unwrap()
            .unwrap_or_default()
    };
    assert!(saved().contains("\"model\":\"node\""), "{}", saved());
    let gallery: HtmlSelectElement = el("gallery").dyn_into().unwrap();
    gallery.set_value("liu-fig1");
    fire(&gallery, "change");
    TimeoutFuture::new(0).await;
    assert!(text("instance-summary").starts_with("3 nodes"));
    assert!(!saved().contains("sender_receiver"), "written at once");
    TimeoutFuture::new(AUTOSAVE_MS + 100).await;
    assert!(
        saved().contains("\"model\":\"sender_receiver\""),
        "{}",
        saved()
    );
}

#[wasm_bindgen_test]
async fn autosave_brings_back_instance_results_selection_and_view_of_every_model() {
    let app = Mounted::new().await;
    choose("gallery", "lh-fig1").await;
    click("run-greedy").await;
    click("run-optimal").await;
    workers_answered().await;
    click("row-greedy").await;
    choose("model", "multi").await;
    choose("gallery", "wu-wrp-beats-wr").await;
    click("run-wrp").await;
    workers_answered().await;
    choose("tree-msg", "2").await;
    click("tab-gantt").await;
    let wrp = text("time-wrp");
    app.close().await;
    assert!(storage()
        .get_item(AUTOSAVE_KEY)
        .unwrap()
        .unwrap()
        .starts_with("{\"format\":\"hetcast-scenario\",\"version\":1"));

    let app = Mounted::keep().await;
    assert!(text("instance-summary").starts_with("8 nodes, 4 messages"));
    // WRP runs again in a worker.
    workers_answered().await;
    assert_eq!(text("time-wrp"), wrp);
    assert!(text("view-caption").starts_with("WRP: T = "));
    assert!(selected_tab("tab-gantt"));
    click("tab-tree").await;
    let msg: HtmlSelectElement = el("tree-msg").dyn_into().unwrap();
    assert_eq!(msg.value(), "2");
    // The one-source model waits on its shelf with its runs and selection.
    choose("model", "node").await;
    assert!(text("instance-summary").starts_with("12 nodes, node model"));
    assert_eq!(text("time-greedy"), "10");
    assert_eq!(text("view-caption"), "Greedy: T = 10");
    // The optimum's row is run again in the worker.
    workers_answered().await;
    assert_eq!(text("time-optimal"), "9");
    drop(app);
}

#[wasm_bindgen_test]
async fn unreadable_or_newer_saved_work_gives_a_notice_and_the_default_example() {
    let fresh = Mounted::new().await;
    let default_summary = text("instance-summary");
    fresh.close().await;

    // A new tab (nothing of its own saved) over unreadable work in local storage.
    gloo::utils::window()
        .session_storage()
        .unwrap()
        .unwrap()
        .remove_item(AUTOSAVE_KEY)
        .unwrap();
    storage()
        .set_item(AUTOSAVE_KEY, "{\"format\":\"hetcast-scena")
        .unwrap();
    let app = Mounted::keep().await;
    assert!(
        notice().starts_with("The work saved in this browser could not be read (not JSON: "),
        "{}",
        notice()
    );
    assert_eq!(text("instance-summary"), default_summary);
    drop(app);

    storage()
        .set_item(
            AUTOSAVE_KEY,
            "{\"format\":\"hetcast-scenario\",\"version\":7}",
        )
        .unwrap();
    let app = Mounted::keep().await;
    assert!(
        notice().starts_with(
            "The work saved in this browser could not be read (scenario version 7: this build reads version 1); showing the first gallery example."
        ),
        "{}",
        notice()
    );
    assert_eq!(text("instance-summary"), default_summary);
    drop(app);
}

#[wasm_bindgen_test]
async fn the_instance_saved_before_scenarios_is_still_read() {
    hetcast_app::saved::clear_all();
    let liu = (gallery::examples()
        .into_iter()
        .find(|e| e.id == "liu-fig1")
        .unwrap()
        .build)();
    storage().set_item(STORAGE_KEY, &liu.to_json()).unwrap();
    let app = Mounted::keep().await;
    assert!(
        text("instance-summary").starts_with("3 nodes"),
        "{}",
        text("instance-summary")
    );
    assert!(!exists("notice"));
    drop(app);
}

/// Open the Share menu and read its link (once the browser has compressed it: at most 5 s).
async fn share_link() -> String {
    click("share-button").await;
    for _ in 0..125 {
        settle().await;
        let link: HtmlInputElement = el("share-link").dyn_into().unwrap();
        if !link.value().is_empty() {
            return link.value();
        }
    }
    panic!("the Share menu made no link within 5 s");
}

#[wasm_bindgen_test]
async fn a_share_link_opens_the_same_instance_results_and_selection_in_a_fresh_browser() {
    let app = Mounted::new().await;
    choose("gallery", "liu-fig1").await;
    click("run-greedy").await;
    click("run-optimal").await;
    workers_answered().await;
    click("row-greedy").await;
    click("tab-gantt").await;
    let link = share_link().await;
    let fragment = link.split_once('#').unwrap().1.to_string();
    assert!(fragment.starts_with("s="));
    // Copied, or (when the headless browser refuses the clipboard) selected to copy by hand.
    let said = text("share-said");
    assert!(
        [
            "Copied to the clipboard. Anyone opening it sees this scenario.",
            "The browser did not allow copying: the link is selected, press Ctrl+C."
        ]
        .contains(&said.as_str()),
        "{said}"
    );
    drop(app); // clears the saved work: a fresh browser

    set_hash(&format!("#{fragment}"));
    let app = Mounted::keep().await;
    assert!(text("instance-summary").starts_with("3 nodes"));
    assert_eq!(text("time-greedy"), "6");
    // The optimum's row is run again in the worker; the link's selection stays.
    workers_answered().await;
    assert_eq!(text("time-optimal"), "5");
    assert_eq!(text("view-caption"), "FNF: T = 6");
    assert!(selected_tab("tab-gantt"));
    assert!(
        notice().starts_with("Opened the shared link: 3 nodes"),
        "{}",
        notice()
    );
    assert_eq!(hash(), "");
    drop(app);
}

#[wasm_bindgen_test]
async fn a_cut_link_gives_a_notice_and_leaves_the_work_alone() {
    let app = Mounted::new().await;
    choose("gallery", "liu-fig1").await;
    click("run-greedy").await;
    let link = share_link().await;
    let fragment = link.split_once('#').unwrap().1.to_string();
    click("share-button").await;
    choose("gallery", "lh-fig1").await;
    app.close().await;

    // Opened with a cut link: the saved work (Figure 1, 12 nodes) stays.
    set_hash(&format!("#{}", &fragment[..fragment.len() * 2 / 3]));
    let app = Mounted::keep().await;
    assert!(
        notice().starts_with("This share link is damaged or cut short ("),
        "{}",
        notice()
    );
    assert!(notice().ends_with("Your work is unchanged."));
    assert!(text("instance-summary").starts_with("12 nodes"));
    assert_eq!(hash(), "");

    // Pasted into an open tab: the same.
    gloo::utils::window()
        .location()
        .set_hash(&fragment[..fragment.len() - 5])
        .unwrap();
    TimeoutFuture::new(150).await;
    assert!(notice().starts_with("This share link is damaged or cut short ("));
    assert!(text("instance-summary").starts_with("12 nodes"));
    // And a whole link pasted into an open tab opens.
    gloo::utils::window()
        .location()
        .set_hash(&fragment)
        .unwrap();
    TimeoutFuture::new(150).await;
    assert!(text("instance-summary").starts_with("3 nodes"));
    assert_eq!(text("time-greedy"), "6");
    // The work it replaced is kept as a named scenario.
    assert!(
        notice().starts_with("Opened the shared link: 3 nodes, sender-receiver model. Your previous work is in Scenarios as 'Before a shared link, "),
        "{}",
        notice()
    );
    click("scenarios-button").await;
    assert!(text("scenario-name-0").starts_with("Before a shared link, 20"));
    click("scenario-load-0").await;
    assert!(text("instance-summary").starts_with("12 nodes"));
    drop(app);
}

#[wasm_bindgen_test]
async fn scenarios_save_rename_load_and_delete() {
    let app = Mounted::new().await;
    choose("gallery", "lh-fig1").await;
    click("run-greedy").await;
    click("scenarios-button").await;
    assert_eq!(
        text("scenario-empty"),
        "No saved scenarios yet: type a name and press Save."
    );
    set_value("scenario-name", "  Fig.   1 ");
    click("scenario-save").await;
    assert_eq!(text("scenario-name-0"), "Fig. 1");
    assert_eq!(notice(), "Saved the scenario 'Fig. 1' in this browser.");

    click("scenario-rename-0").await;
    set_value("scenario-rename-input", "Lecture 3");
    click("scenario-rename-ok").await;
    assert_eq!(text("scenario-name-0"), "Lecture 3");
    assert_eq!(notice(), "Renamed the scenario 'Fig. 1' to 'Lecture 3'.");

    // Other work, then load the scenario back.
    choose("gallery", "liu-fig1").await;
    assert!(text("instance-summary").starts_with("3 nodes"));
    if !exists("scenarios-panel") {
        click("scenarios-button").await;
    }
    click("scenario-load-0").await;
    assert!(text("instance-summary").starts_with("12 nodes"));
    assert_eq!(text("time-greedy"), "10");
    assert!(notice().starts_with("Opened the scenario 'Lecture 3': 12 nodes"));
    assert!(!exists("scenarios-panel"));

    click("scenarios-button").await;
    click("scenario-delete-0").await;
    assert_eq!(text("scenario-delete-0"), "Really delete?");
    click("scenario-delete-0").await;
    assert!(exists("scenario-empty"));
    assert_eq!(notice(), "Deleted the scenario 'Lecture 3'.");
    assert_eq!(
        storage().get_item(NAMED_KEY).unwrap().as_deref(),
        Some("[]")
    );
    drop(app);
}

/// Give the plan import button a file named `name` holding `text`.
async fn import_plan(name: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let file = web_sys::File::new_with_str_sequence(&parts, name).unwrap();
    let dt = web_sys::DataTransfer::new().unwrap();
    dt.items().add_with_file(&file).unwrap();
    let input: HtmlInputElement = el("import-plan-file").dyn_into().unwrap();
    input.set_files(dt.files().as_ref());
    let before = notice_or_empty();
    fire(&input, "change");
    // The file is read asynchronously: wait for the notice it gives.
    for _ in 0..50 {
        if notice_or_empty() != before {
            break;
        }
        TimeoutFuture::new(20).await;
    }
    settle().await;
}

fn notice_or_empty() -> String {
    if exists("notice") {
        notice()
    } else {
        String::new()
    }
}

#[wasm_bindgen_test]
async fn an_imported_plan_is_timed_by_the_simulator_and_a_bad_one_changes_nothing() {
    let app = Mounted::new().await;
    choose("gallery", "liu-fig1").await;
    let liu = (gallery::examples()
        .into_iter()
        .find(|e| e.id == "liu-fig1")
        .unwrap()
        .build)();
    let greedy = algo::run(&liu, Algorithm::Greedy, 0).unwrap().plan;
    let run_output = format!(
        "{{\"format\": \"hetcast-run\", \"algorithm\": \"greedy\", \"plan\": {}}}",
        serde_json::to_string(&greedy).unwrap()
    );
    import_plan("run.json", &run_output).await;
    assert_eq!(text("time-edited"), "6");
    assert_eq!(text("view-caption"), "Edited plan: T = 6");
    assert_eq!(
        notice(),
        "Imported the plan of run.json as the row 'Edited plan': T = 6 (timed by the simulator)."
    );

    // A plan for another number of nodes: the simulator's message, nothing changed.
    import_plan("bad.json", "{\"source\": 0, \"children\": [[1], []]}").await;
    assert_eq!(
        notice(),
        "Could not import the plan of bad.json: invalid plan: the plan lists children for 2 nodes, the instance has 3. Nothing changed."
    );
    assert_eq!(text("time-edited"), "6");
    assert_eq!(text("view-caption"), "Edited plan: T = 6");
    drop(app);
}

/// A deep link applies once (issue 20): after it opens, the address is the plain page, and a
/// reload shows the work done since (the autosave), not the link's state again. Followed again,
/// the link opens the same thing, at page load and in an open tab.
#[wasm_bindgen_test]
async fn a_deep_link_applies_once_and_a_reload_shows_the_work() {
    let app = Mounted::new().await;
    app.close().await;
    set_hash("#example=lh-fig1&algo=greedy&view=gantt");
    let app = Mounted::keep().await;
    assert!(text("instance-summary").starts_with("12 nodes"));
    assert_eq!(text("time-greedy"), "10");
    assert!(selected_tab("tab-gantt"));
    assert_eq!(hash(), "", "the link's fragment is taken off");
    // Work done since the link: another example.
    choose("gallery", "liu-fig1").await;
    assert!(text("instance-summary").starts_with("3 nodes"));
    app.close().await;

    // A reload shows the work, not the link again.
    let app = Mounted::keep().await;
    assert!(
        text("instance-summary").starts_with("3 nodes"),
        "{}",
        text("instance-summary")
    );
    // The link followed again in this open tab opens the same thing.
    gloo::utils::window()
        .location()
        .set_hash("example=lh-fig1&algo=greedy&view=gantt")
        .unwrap();
    TimeoutFuture::new(150).await;
    assert!(text("instance-summary").starts_with("12 nodes"));
    assert_eq!(text("time-greedy"), "10");
    assert!(selected_tab("tab-gantt"));
    assert_eq!(
        notice(),
        "Opened the link to 'Libeskind-Hadas et al. Fig. 1: greedy 10, optimum 9'."
    );
    assert_eq!(hash(), "");
    app.close().await;

    // And followed again at page load.
    set_hash("#example=lh-fig1&algo=greedy&view=gantt");
    let app = Mounted::keep().await;
    assert!(text("instance-summary").starts_with("12 nodes"));
    assert_eq!(text("time-greedy"), "10");
    assert_eq!(hash(), "");
    drop(app);
}
