//! Browser tests of the app (wasm-bindgen-test in Chromium): mount the app, drive it with real
//! DOM events, read what the page shows.
//!
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p hetcast-app --target wasm32-unknown-unknown`
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

mod common;
use common::*;

#[wasm_bindgen_test]
async fn figure_1_from_the_gallery_greedy_completes_at_10() {
    let _app = Mounted::new().await;
    // Another example first, so that the numbers below come from loading Figure 1.
    choose("gallery", "liu-fig1").await;
    click("run-greedy").await;
    assert_eq!(text("time-greedy"), "6");
    assert!(text("instance-summary").starts_with("3 nodes"));

    choose("gallery", "lh-fig1").await;
    assert!(
        text("instance-summary").starts_with("12 nodes"),
        "{}",
        text("instance-summary")
    );
    click("run-greedy").await;
    assert_eq!(text("time-greedy"), "10");
    assert!(text("view-caption").ends_with("T = 10"));

    // The Gantt view draws one lane per node; the tree one box per node.
    click("tab-gantt").await;
    assert_eq!(count("#scene-gantt [id^='lane-']"), 12);
    click("tab-tree").await;
    assert_eq!(count("#scene-tree rect[id^='node-']"), 12);
}

#[wasm_bindgen_test]
async fn invalid_text_keeps_the_last_valid_instance() {
    let _app = Mounted::new().await;
    choose("gallery", "lh-fig1").await;
    click("run-greedy").await;
    type_into("node-1-send", "two").await;
    assert!(text("node-1-send-error").contains("'two' is not a number"));
    // Still the valid instance: same completion time.
    assert_eq!(text("time-greedy"), "10");
    type_into("node-1-send", "-2").await;
    assert!(text("node-1-send-error").contains("negative"));
    assert_eq!(text("time-greedy"), "10");
    // A valid edit is committed and the results follow it.
    type_into("node-1-send", "1").await;
    assert_eq!(count("#node-1-send-error"), 0);
    assert_ne!(text("time-greedy"), "10");
    click("undo").await;
    assert_eq!(text("time-greedy"), "10");
}

#[wasm_bindgen_test]
async fn every_bad_field_is_marked_at_the_same_time() {
    let _app = Mounted::new().await;
    choose("gallery", "liu-fig1").await;
    click("run-greedy").await;
    type_into("latency", "-1").await;
    type_into("node-1-recv", "0").await;
    assert!(text("latency-error").contains("latency"));
    assert!(text("node-1-recv-error").contains("zero"));
    // An empty field gets its own mark; the others stay.
    type_into("node-2-send", "").await;
    assert!(text("node-2-send-error").contains("enter a number"));
    assert_eq!(count(".field-error[id$='-error']"), 3);
    assert_eq!(count("input.invalid"), 3);
    assert_eq!(text("time-greedy"), "6");
}

#[wasm_bindgen_test]
async fn keys_run_everything_and_switch_tabs_but_not_while_typing() {
    let _app = Mounted::new().await;
    choose("gallery", "liu-fig1").await;
    key("r").await;
    // Four rows from the page and the optimum's, from the worker's code (src/models/overhead/runner.rs).
    workers_answered().await;
    assert_eq!(count("#results tr.result"), 5);
    assert_eq!(text("time-optimal"), "5");
    assert_eq!(text("time-greedy"), "6");
    key("2").await;
    assert_eq!(
        el("tab-gantt").get_attribute("aria-selected").as_deref(),
        Some("true")
    );
    key("3").await;
    // The trace of the selected row, greedy (FNF): one step per receiver of Figure 1 of 004
    // (p1 and p2).
    assert!(
        text("view-caption").starts_with("FNF: T = 6"),
        "{}",
        text("view-caption")
    );
    assert_eq!(count("#trace li"), 2);
    // Typing "1" in a field edits it and does not switch tabs.
    let input: HtmlInputElement = el("seed").dyn_into().unwrap();
    input.focus().unwrap();
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("1");
    init.set_bubbles(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    input.dispatch_event(&e).unwrap();
    settle().await;
    assert_eq!(
        el("tab-trace").get_attribute("aria-selected").as_deref(),
        Some("true")
    );
    key("?").await;
    assert_eq!(count("#help"), 1);
    key("Escape").await;
    assert_eq!(count("#help"), 0);
}

#[wasm_bindgen_test]
async fn generators_and_model_switch_build_valid_instances() {
    let _app = Mounted::new().await;
    choose("gallery", "liu-fig1").await;
    // Back to the node model: the type generator rebuilds Figure 1 from "4 x 2, 7 x 3".
    choose("model", "node").await;
    assert!(text("instance-summary").contains("node model"));
    type_into("gen-types-text", "4 x 2, 7 x 3").await;
    type_into("gen-source", "3").await;
    fire(&el("gen-types"), "submit");
    settle().await;
    assert!(text("instance-summary").starts_with("12 nodes"));
    click("run-greedy").await;
    assert_eq!(text("time-greedy"), "10");
    // A type list that does not parse is reported and changes nothing.
    type_into("gen-types-text", "4 x two").await;
    fire(&el("gen-types"), "submit");
    settle().await;
    assert!(text("gen-types-text-error").contains("two"));
    assert!(text("instance-summary").starts_with("12 nodes"));
    // The random generator: n nodes, every one with a cost field.
    type_into("gen-n", "7").await;
    fire(&el("gen-random"), "submit");
    settle().await;
    assert!(text("instance-summary").starts_with("7 nodes"));
    assert_eq!(count("#nodes tbody tr"), 7);
    // The sender-receiver model adds receive times and the latency.
    choose("model", "sender_receiver").await;
    assert!(text("instance-summary").contains("sender-receiver"));
    assert_eq!(count("[id^='node-'][id$='-recv']"), 7);
    type_into("latency", "2").await;
    assert!(text("instance-summary").ends_with("L = 2"));
    // Undo goes back through the model switch, and the menu follows.
    click("undo").await;
    click("undo").await;
    let model: HtmlSelectElement = el("model").dyn_into().unwrap();
    assert_eq!(model.value(), "node");
}

fn key_on(target: &Element, k: &str, shift: bool) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(k);
    init.set_shift_key(shift);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&e).unwrap();
}

fn active_id() -> String {
    gloo::utils::document()
        .active_element()
        .map(|e| e.id())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn gallery_arrows_only_choose_enter_loads_and_keys_work_on_the_menu() {
    let _app = Mounted::new().await;
    choose("gallery", "liu-fig1").await;
    assert!(text("instance-summary").starts_with("3 nodes"));
    let gallery: HtmlSelectElement = el("gallery").dyn_into().unwrap();
    gallery.focus().unwrap();
    // Stepping with the arrow keys changes the choice but not the instance.
    key_on(&gallery, "ArrowDown", false);
    gallery.set_value("lh-fig1");
    fire(&gallery, "change");
    settle().await;
    assert!(text("instance-summary").starts_with("3 nodes"));
    assert!(!el("gallery-load").has_attribute("disabled"));
    // Enter loads the choice.
    key_on(&gallery, "Enter", false);
    settle().await;
    assert!(text("instance-summary").starts_with("12 nodes"));
    assert!(el("gallery-load").has_attribute("disabled"));
    // The Load button does the same.
    key_on(&gallery, "ArrowUp", false);
    gallery.set_value("liu-fig1");
    fire(&gallery, "change");
    settle().await;
    assert!(text("instance-summary").starts_with("12 nodes"));
    click("gallery-load").await;
    assert!(text("instance-summary").starts_with("3 nodes"));
    // Commands work while the menu has the focus.
    key_on(&gallery, "r", false);
    settle().await;
    workers_answered().await;
    assert_eq!(count("#results tr.result"), 5);
    key_on(&gallery, "2", false);
    settle().await;
    assert_eq!(
        el("tab-gantt").get_attribute("aria-selected").as_deref(),
        Some("true")
    );
}

#[wasm_bindgen_test]
async fn help_keeps_tab_inside_and_gives_the_focus_back() {
    let _app = Mounted::new().await;
    let button: HtmlElement = el("help-button").dyn_into().unwrap();
    button.focus().unwrap();
    button.click();
    settle().await;
    assert_eq!(count("#help"), 1);
    assert_eq!(active_id(), "help-close");
    // Tab and Shift+Tab stay in the dialog.
    key_on(&el("help-close"), "Tab", false);
    assert_eq!(active_id(), "help-close");
    key_on(&el("help-close"), "Tab", true);
    assert_eq!(active_id(), "help-close");
    // Esc closes it and the focus goes back to the button that opened it.
    key_on(&el("help-close"), "Escape", false);
    settle().await;
    assert_eq!(count("#help"), 0);
    assert_eq!(active_id(), "help-button");
}

#[wasm_bindgen_test]
async fn random_generator_says_types_are_at_most_max_cost() {
    let _app = Mounted::new().await;
    type_into("gen-n", "30").await;
    type_into("gen-k", "20").await;
    type_into("gen-max", "9").await;
    fire(&el("gen-random"), "submit");
    settle().await;
    assert!(text("instance-summary").starts_with("30 nodes"));
    assert!(text("gen-random-note").contains("at most 9 types"));
    assert!(text("notice").contains("distinct destination types"));
    // Within the limit: no note.
    type_into("gen-k", "3").await;
    fire(&el("gen-random"), "submit");
    settle().await;
    assert_eq!(count("#gen-random-note"), 0);
}

/// The simulated completion time of `algo` on the gallery's "WRP beats WR", as the app prints it.
fn wu_time(algo: hetcast_core::models::multi::algo::MultiAlgorithm) -> String {
    let inst = hetcast_core::models::multi::gallery::wrp_beats_wr();
    let s = hetcast_core::models::multi::simulate_multi(&inst, &algo.run(&inst).unwrap()).unwrap();
    hetcast_core::units::fmt_us(s.completion_time)
}

#[wasm_bindgen_test]
async fn many_source_model_from_the_menu_and_the_gallery() {
    let _app = Mounted::new().await;
    choose("gallery", "lh-fig1").await;
    choose("model", "multi").await;
    // The node instance becomes one message from its source to the 11 others.
    assert!(
        text("instance-summary").starts_with("12 nodes, 1 message, many-source"),
        "{}",
        text("instance-summary")
    );
    assert_eq!(count("#run-fef, #run-ecf, #run-wr, #run-wrp"), 4);
    assert_eq!(count("#run-greedy"), 0);
    choose("gallery", "wu-wrp-beats-wr").await;
    assert!(text("instance-summary").starts_with("8 nodes, 4 messages"));
    assert_eq!(count("#classes tbody"), 2);
    assert_eq!(count("#messages tbody tr"), 4);
    // Back to the node model: the one-message instance is still there.
    choose("model", "node").await;
    assert!(text("instance-summary").starts_with("12 nodes, node model"));
    click("undo").await;
    assert!(text("instance-summary").starts_with("8 nodes, 4 messages"));
    let model: HtmlSelectElement = el("model").dyn_into().unwrap();
    assert_eq!(model.value(), "multi");
}

#[wasm_bindgen_test]
async fn many_source_wrp_gantt_has_one_lane_per_node_and_a_legend_per_message() {
    use hetcast_core::models::multi::algo::MultiAlgorithm;
    let _app = Mounted::new().await;
    choose("model", "multi").await;
    choose("gallery", "wu-wrp-beats-wr").await;
    click("run-wrp").await;
    workers_answered().await;
    assert_eq!(text("time-wrp"), wu_time(MultiAlgorithm::Wrp));
    click("tab-gantt").await;
    assert_eq!(count("#scene-gantt rect[id^='lane-']"), 8);
    assert_eq!(count("#scene-gantt rect[id^='legend-msg-']"), 4);
    // Every transfer has a send and a receive bar.
    assert_eq!(count("#scene-gantt rect[id^='send-']"), 14);
    assert_eq!(count("#scene-gantt rect[id^='recv-']"), 14);
    assert!(text("view-caption").ends_with(&wu_time(MultiAlgorithm::Wrp)));
    // Run all: four rows and the lower bound's row; WRP is the best here.
    key("r").await;
    workers_answered().await;
    assert_eq!(count("#results tr.result"), 4);
    assert_eq!(count("#row-lb"), 1);
    assert_eq!(text("time-wr"), wu_time(MultiAlgorithm::Wr));
    // The tree of each message: m3 goes from P3 to 4 nodes.
    click("tab-tree").await;
    choose("tree-msg", "3").await;
    assert_eq!(count("#scene-tree rect[id^='node-']"), 5);
    key("m").await;
    assert_eq!(
        count("#scene-tree rect[id^='node-']"),
        4,
        "m0: P0 and 3 nodes"
    );
    key("3").await;
    assert_eq!(count("#trace tr[id^='tasks-']"), 8);
}

#[wasm_bindgen_test]
async fn many_source_editor_marks_bad_fields_and_keeps_the_last_valid_instance() {
    use hetcast_core::models::multi::algo::MultiAlgorithm;
    let _app = Mounted::new().await;
    choose("model", "multi").await;
    choose("gallery", "wu-wrp-beats-wr").await;
    click("run-wrp").await;
    workers_answered().await;
    let wrp = wu_time(MultiAlgorithm::Wrp);
    type_into("class-1-send-fixed", "-1").await;
    assert!(text("class-1-send-fixed-error").contains("> 0"));
    type_into("msg-0-dests", "1,2,99").await;
    assert!(text("msg-0-dests-error").contains("P99 does not exist"));
    type_into("msg-1-dests", "1-3").await;
    assert!(text("msg-1-dests-error").contains("P1 is the source"));
    type_into("link-rate", "NaN").await;
    assert!(count("#link-rate-error") == 1);
    assert_eq!(count("input.invalid"), 4);
    assert_eq!(
        text("time-wrp"),
        wrp,
        "the last valid instance stays in use"
    );
    assert_eq!(count("#kept-hint"), 1);
    // The results say which instance they are for.
    assert_eq!(count("#stale-note"), 1);
    // Fix them; then a real edit changes the result.
    type_into("class-1-send-fixed", "3").await;
    type_into("msg-0-dests", "1,2,3,6").await;
    type_into("msg-1-dests", "2,5").await;
    type_into("link-rate", "6").await;
    assert_eq!(count("input.invalid"), 0);
    assert_eq!(count("#stale-note"), 0);
    workers_answered().await;
    assert_eq!(text("time-wrp"), wrp);
    type_into("class-0-count", "6").await;
    assert!(text("instance-summary").starts_with("9 nodes"));
    type_into("msg-3-dests", "all").await;
    workers_answered().await;
    assert_ne!(text("time-wrp"), wrp);
    // Per-pair rates: a 9 x 9 grid.
    el("per-pair").dyn_into::<HtmlElement>().unwrap().click();
    settle().await;
    assert_eq!(count("#matrix input"), 72);
    type_into("matrix-0-1", "-4").await;
    assert!(text("matrix-0-1-error").contains("negative"));
    // 155 Mbps sets one rate again.
    click("rate-155").await;
    let rate = el("link-rate").dyn_into::<HtmlInputElement>().unwrap();
    assert_eq!(rate.value(), "155 Mbps");
    assert!(
        text("rate-hint").contains("0.05161 µs/byte"),
        "{}",
        text("rate-hint")
    );
    assert_eq!(count("#matrix"), 0);
}

/// Commit a text field as the browser does when the user presses Enter or leaves it.
async fn commit(id: &str) {
    fire(&el(id), "change");
    settle().await;
}

fn value(id: &str) -> String {
    el(id).dyn_into::<HtmlInputElement>().unwrap().value()
}

#[wasm_bindgen_test]
async fn each_committed_value_is_one_undo_step() {
    let _app = Mounted::new().await;
    choose("gallery", "lh-fig1").await;
    assert_eq!(value("node-1-send"), "2");
    type_into("node-1-send", "5").await;
    commit("node-1-send").await;
    // Keystrokes of one value are one step: "2", "2.", "2.5".
    for typed in ["2", "2.", "2.5"] {
        type_into("node-1-send", typed).await;
    }
    commit("node-1-send").await;
    click("undo").await;
    assert_eq!(value("node-1-send"), "5");
    click("undo").await;
    assert_eq!(value("node-1-send"), "2");
    click("redo").await;
    assert_eq!(value("node-1-send"), "5");
}

#[wasm_bindgen_test]
async fn information_notices_fade_errors_stay() {
    let _app = Mounted::new().await;
    choose("gallery", "liu-fig1").await;
    assert!(text("notice").starts_with("Loaded"), "{}", text("notice"));
    gloo::timers::future::TimeoutFuture::new(hetcast_app::components::topbar::NOTICE_MS + 300)
        .await;
    settle().await;
    assert_eq!(count("#notice"), 0, "the information notice faded");
}

#[wasm_bindgen_test]
async fn many_source_generator_says_the_source_limit_at_the_field() {
    let _app = Mounted::new().await;
    choose("model", "multi").await;
    type_into("gen-m-nodes", "128").await;
    // Random destinations: a message may reach 127 nodes, 4096 / 127 = 32 sources at most.
    assert_eq!(
        text("gen-m-sources-hint"),
        "at most 32: a message may reach 127 nodes, the app runs at most 4096 transfers"
    );
    type_into("gen-m-fraction", "0.25").await;
    // A quarter of 127 is 32 destinations: 128 sources (every node) fit.
    assert_eq!(text("gen-m-sources-hint"), "at most 128");
}

#[wasm_bindgen_test]
async fn multimessage_example_1_1_six_four_three_and_the_phases() {
    let _app = Mounted::new().await;
    choose("model", "multimessage").await;
    assert!(
        text("instance-summary").starts_with("9 processors, 6 messages, d = 3"),
        "{}",
        text("instance-summary")
    );
    // Run all: Example 1.1's 6 / 4 / 3 (section 1), gonzalez within 2d = 6 (in web workers,
    // answered here by the worker's code).
    key("r").await;
    workers_answered().await;
    assert_eq!(count("#results tr.result"), 4);
    assert_eq!(text("time-single-send"), "6 steps");
    assert_eq!(text("time-no-forwarding"), "4 steps");
    assert_eq!(text("time-optimal"), "3 steps");
    // Gonzalez: 2d = 6, three steps of X and three of X' (crates/hetcast-core/tests/multimessage.rs).
    assert_eq!(text("time-gonzalez"), "6 steps");
    // The schedule on the step timeline, a lane per processor; the multigraph, a box each.
    click("row-optimal").await;
    click("tab-gantt").await;
    assert_eq!(count("#scene-gantt rect[id^='lane-']"), 9);
    // One bar per transmission and one strip per receipt, as the core's schedule has them.
    let plan = hetcast_core::models::multimessage::MmAlgorithm::Optimal
        .run(&hetcast_core::models::multimessage::gallery::example_1_1())
        .unwrap();
    let sends: usize = plan.steps.iter().map(Vec::len).sum();
    let receipts: usize = plan.steps.iter().flatten().map(|t| t.to.len()).sum();
    assert_eq!(count("#scene-gantt rect[id^='send-']") as usize, sends);
    assert_eq!(
        count("#scene-gantt rect[id^='transit-']") as usize,
        receipts
    );
    // Every destination receives each of its messages: the checker accepts the plan drawn.
    let ex = hetcast_core::models::multimessage::gallery::example_1_1();
    assert_eq!(
        hetcast_core::models::multimessage::simulate(&ex, &plan)
            .unwrap()
            .steps,
        3
    );
    click("tab-graph").await;
    assert_eq!(count("#scene-graph rect[id^='node-']"), 9);
    assert_eq!(count("#scene-graph line[id^='edge-']"), 18);
    // Gonzalez's phases in the trace, with their pseudo-code lines.
    click("row-gonzalez").await;
    click("tab-trace").await;
    let trace = text("trace");
    assert!(trace.contains("Input balancing: d = 3"), "{trace}");
    assert!(trace.contains("Round i = 3 of 3"));
    assert!(trace.contains("line 12: (I_d, G_d) is a unicasting (MUC) instance"));
    // A bad destination is marked at its field, named as drawn (1 is P1, a's source); the
    // instance in use stays.
    type_into("msg-0-dests", "4, 1").await;
    assert!(text("instance-summary").starts_with("9 processors, 6 messages"));
    assert_eq!(count("#msg-0-dests[aria-invalid='true']"), 1);
    assert_eq!(
        text("msg-0-dests-error"),
        "⚠ invalid instance: message 1 (\"a\"): destination P1 is its source; a processor does not send to itself"
    );
}
