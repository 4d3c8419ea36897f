//! Browser test of the playback of a schedule: the scrubber, the time label, the steps.
#![cfg(target_arch = "wasm32")]

use std::collections::BTreeSet;

use hetcast_core::layout::Item;
use hetcast_core::models::overhead::{algo::Algorithm, gallery, Overhead};
use hetcast_core::models::Model;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlInputElement;

wasm_bindgen_test_configure!(run_in_browser);

mod common;
use common::*;

const BAR_PREFIXES: [&str; 3] = ["send-", "transit-", "recv-"];

/// The ids of the bars of the Gantt chart on screen.
fn bars_on_screen() -> BTreeSet<String> {
    let list = gloo::utils::document()
        .query_selector_all("#scene-gantt rect[id]")
        .unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
        .map(|e| e.id())
        .filter(|id| BAR_PREFIXES.iter().any(|p| id.starts_with(p)))
        .collect()
}

/// The ids of the bars of the core's Gantt chart of greedy on Figure 1 at `at`.
fn bars_at(at: Option<f64>) -> BTreeSet<String> {
    let inst = gallery::libeskind_hadas_figure1();
    let sol = Overhead::solve(&inst, Algorithm::Greedy, 0).unwrap();
    let s = Overhead::simulate(&inst, &sol).unwrap();
    Overhead::timeline_scene(&inst, Algorithm::Greedy, &s, at)
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Rect { id, .. } if BAR_PREFIXES.iter().any(|p| id.starts_with(p)) => {
                Some(id.clone())
            }
            _ => None,
        })
        .collect()
}

async fn scrub_to(t: f64) {
    let input: HtmlInputElement = el("play-scrub").dyn_into().unwrap();
    input.set_value(&t.to_string());
    fire(&input, "input");
    settle().await;
}

#[wasm_bindgen_test]
async fn the_scrubber_draws_the_schedule_as_it_stands_and_steps_go_event_to_event() {
    let _app = Mounted::new().await;
    choose("gallery", "lh-fig1").await;
    click("run-greedy").await;
    click("tab-gantt").await;
    // At rest the transport stands at T and the chart is whole.
    assert_eq!(text("play-time"), "t = 10 / 10");
    let whole = bars_at(None);
    assert_eq!(bars_on_screen(), whole);

    scrub_to(3.0).await;
    assert_eq!(text("play-time"), "t = 3 / 10");
    let at3 = bars_at(Some(3.0));
    assert!(!at3.is_empty() && at3.len() < whole.len(), "{at3:?}");
    assert_eq!(bars_on_screen(), at3);

    // The next event after 3 is 5 (the events are 0, 3, 5, 6, 7, 8, 9, 10).
    click("play-step-next").await;
    assert_eq!(text("play-time"), "t = 5 / 10");
    assert_eq!(bars_on_screen(), bars_at(Some(5.0)));
    // Keys: "," back to 3, "." on to 5 again.
    key(",").await;
    assert_eq!(text("play-time"), "t = 3 / 10");
    assert_eq!(bars_on_screen(), at3);
    key(".").await;
    assert_eq!(text("play-time"), "t = 5 / 10");

    // Playing moves the time forward; pausing keeps it.
    key("p").await;
    assert_eq!(
        el("play").get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    gloo::timers::future::TimeoutFuture::new(300).await;
    key("p").await;
    let shown = text("play-time");
    assert_ne!(shown, "t = 5 / 10", "{shown}");
    assert_eq!(
        el("play").get_attribute("aria-pressed").as_deref(),
        Some("false")
    );

    // Back at T, the chart is whole again.
    scrub_to(10.0).await;
    assert_eq!(bars_on_screen(), whole);
}

#[wasm_bindgen_test]
async fn the_many_source_model_plays_through_the_same_transport_bar() {
    use hetcast_core::models::multi::{algo::MultiAlgorithm, gallery as mg, view, Multi};
    let _app = Mounted::new().await;
    choose("model", "multi").await;
    choose("gallery", "wu-wrp-beats-wr").await;
    click("run-wrp").await;
    click("tab-gantt").await;
    let inst = mg::wrp_beats_wr();
    let s = Multi::simulate(&inst, &Multi::solve(&inst, MultiAlgorithm::Wrp, 0).unwrap()).unwrap();
    let fmt = hetcast_core::units::fmt_us;
    let total = fmt(s.completion_time);
    assert_eq!(text("play-time"), format!("t = {total} / {total}"));
    assert_eq!(count("#scene-gantt rect[id^='send-']"), 14);
    // From 0, the first step lands on the second event; fewer sends have begun.
    scrub_to(0.0).await;
    click("play-step-next").await;
    let ev = view::event_times(&s);
    assert_eq!(text("play-time"), format!("t = {} / {total}", fmt(ev[1])));
    let begun = s.transfers.iter().filter(|t| t.send_start < ev[1]).count();
    assert_eq!(count("#scene-gantt rect[id^='send-']"), begun as u32);
    assert!(begun < 14);
}
