//! Browser tests of the player: playback of a schedule (lit nodes, arrival times, dots, the
//! Gantt cursor), the algorithm stepper with its pseudo-code, and the comparison.
#![cfg(target_arch = "wasm32")]

use std::collections::BTreeSet;

use hetcast_core::models::overhead::{algo::Algorithm, gallery, Overhead};
use hetcast_core::models::Model;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlInputElement;

wasm_bindgen_test_configure!(run_in_browser);

mod common;
use common::*;

/// An attribute of the layer the player paints on over drawing `svg` (see
/// `components::frames`).
fn layer_says(svg: &str, name: &str) -> Option<String> {
    gloo::utils::document()
        .get_element_by_id(&format!("{svg}-overlay"))?
        .get_attribute(name)
}

/// The node boxes of the tree on screen that are lit (hold the message) now: while time
/// runs, those the layer does not veil; else those the stepper has not faded (all at rest).
fn lit_nodes(svg: &str) -> BTreeSet<usize> {
    if layer_says(svg, "data-at").is_none() {
        let list = gloo::utils::document()
            .query_selector_all(&format!("#{svg} rect[id^='node-']"))
            .unwrap();
        return (0..list.length())
            .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
            .filter(|e| e.get_attribute("data-pb").as_deref() != Some("future"))
            .filter_map(|e| e.id().strip_prefix("node-")?.parse().ok())
            .collect();
    }
    layer_says(svg, "data-lit")
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|v| v.parse().ok())
        .collect()
}

/// The arrival labels shown ("c|t" in each lit box; the layer covers the others).
fn shown_labels(svg: &str) -> BTreeSet<String> {
    lit_nodes(svg)
        .into_iter()
        .filter_map(|v| {
            gloo::utils::document()
                .query_selector(&format!("#{svg} #node-{v} ~ text.node-label"))
                .ok()??
                .text_content()
        })
        .collect()
}

/// Dots on screen (edges in transit).
fn dots(svg: &str) -> u32 {
    layer_says(svg, "data-moving").map_or(0, |n| n.parse().unwrap())
}

/// The greedy schedule of Libeskind-Hadas Figure 1.
fn fig1_greedy() -> (
    hetcast_core::models::overhead::Instance,
    hetcast_core::models::overhead::simulate::Schedule,
) {
    let inst = gallery::libeskind_hadas_figure1();
    let sol = Overhead::solve(&inst, Algorithm::Greedy, 0).unwrap();
    let s = Overhead::simulate(&inst, &sol).unwrap();
    (inst, s)
}

async fn scrub_to(t: f64) {
    let input: HtmlInputElement = el("play-scrub").dyn_into().unwrap();
    input.set_value(&t.to_string());
    fire(&input, "input");
    settle().await;
}

#[wasm_bindgen_test]
async fn scrubbing_lights_the_nodes_that_hold_the_message_and_shows_their_times() {
    let _app = Mounted::new().await;
    choose("gallery", "lh-fig1").await;
    click("run-greedy").await;
    click("tab-tree").await;
    let (_, s) = fig1_greedy();
    // At rest the player stands at T and every node is lit, every time shown, nothing moves.
    assert_eq!(text("play-time"), "t = 10 / 10");
    assert_eq!(lit_nodes("scene-tree").len(), 12);
    assert_eq!(dots("scene-tree"), 0);

    scrub_to(6.0).await;
    assert_eq!(text("play-time"), "t = 6 / 10");
    // Greedy on Figure 1: P0 at 0, P1 at 3, P2 at 5, P3 at 6 hold the message by t = 6.
    let expect: BTreeSet<usize> = (0..12).filter(|&v| s.ready[v] <= 6.0).collect();
    assert_eq!(expect, BTreeSet::from([0, 1, 2, 3]));
    assert_eq!(lit_nodes("scene-tree"), expect);
    assert_eq!(
        shown_labels("scene-tree"),
        BTreeSet::from(["3|0".to_string(), "2|3".into(), "2|5".into(), "2|6".into()])
    );
    // In transit at 6: the sends that began by 6 and end after it.
    let moving = s
        .sends
        .iter()
        .filter(|o| o.start <= 6.0 && 6.0 < s.ready[o.to])
        .count();
    // By hand (a send takes the sender's cost): P0's third send (6-9), P1's second (5-7), P2's
    // first (5-7) and P3's first (6-8).
    assert_eq!(moving, 4);
    assert_eq!(dots("scene-tree"), moving as u32);

    // Steps go from event to event; the keys too (the events are 0, 3, 5, 6, 7, 8, 9, 10).
    click("play-step-next").await;
    assert_eq!(text("play-time"), "t = 7 / 10");
    key("ArrowLeft").await;
    assert_eq!(text("play-time"), "t = 6 / 10");
    key(",").await;
    assert_eq!(text("play-time"), "t = 5 / 10");
    assert_eq!(lit_nodes("scene-tree"), BTreeSet::from([0, 1, 2]));
    key("Home").await;
    assert_eq!(lit_nodes("scene-tree"), BTreeSet::from([0]));
    key("End").await;
    assert_eq!(lit_nodes("scene-tree").len(), 12);
}

#[wasm_bindgen_test]
async fn the_gantt_chart_fills_up_to_a_cursor_without_being_laid_out_again() {
    let _app = Mounted::new().await;
    choose("gallery", "lh-fig1").await;
    click("run-greedy").await;
    click("tab-gantt").await;
    let bars = count("#scene-gantt rect[id^='send-']");
    assert_eq!(bars, 11);
    let cursor = || layer_says("scene-gantt", "data-cursor").map(|x| x.parse::<f64>().unwrap());
    assert_eq!(cursor(), None);
    scrub_to(5.0).await;
    // Every bar is still there (no new layout); the layer veils the chart after the cursor,
    // at t = 5, and the cursor moves on with the time.
    assert_eq!(count("#scene-gantt rect[id^='send-']"), bars);
    assert_eq!(layer_says("scene-gantt", "data-at").as_deref(), Some("5"));
    let x5 = cursor().unwrap();
    scrub_to(8.0).await;
    assert!(cursor().unwrap() > x5);
    scrub_to(10.0).await;
    assert_eq!(cursor(), None);
    // Playing moves the time forward; Space pauses.
    scrub_to(2.0).await;
    key(" ").await;
    assert_eq!(
        el("play").get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    gloo::timers::future::TimeoutFuture::new(300).await;
    key(" ").await;
    assert_ne!(text("play-time"), "t = 2 / 10");
    assert_eq!(
        el("play").get_attribute("aria-pressed").as_deref(),
        Some("false")
    );
    // Speed keys.
    key("]").await;
    let speed: web_sys::HtmlSelectElement = el("play-speed").dyn_into().unwrap();
    assert_eq!(speed.value(), "3");
    key("[").await;
    key("[").await;
    assert_eq!(speed.value(), "1");
    assert_eq!(fig1_greedy().1.completion_time, 10.0);
}

#[wasm_bindgen_test]
async fn the_stepper_walks_greedy_with_its_pseudo_code_forward_and_back() {
    let _app = Mounted::new().await;
    choose("gallery", "lh-fig1").await;
    click("run-greedy").await;
    click("tab-tree").await;
    click("mode-steps").await;
    let sol = Overhead::solve(&gallery::libeskind_hadas_figure1(), Algorithm::Greedy, 0).unwrap();
    let steps = sol.trace.len();
    assert_eq!(steps, 11);
    assert_eq!(text("step-count"), "Step 1 / 11");
    // Greedy's step executes line 5 of its pseudo-code.
    assert_eq!(count("#pseudo .pseudo-line.lit"), 1);
    assert!(el("pseudo-5")
        .class_name()
        .split_whitespace()
        .any(|c| c == "lit"));
    assert!(
        text("step-text").contains(&sol.trace[0].text),
        "{}",
        text("step-text")
    );
    // After one step: the source and its first child are there, the rest is faded.
    assert_eq!(
        lit_nodes("scene-tree"),
        BTreeSet::from([0, sol.trace[0].receiver])
    );
    key("ArrowRight").await;
    key("ArrowRight").await;
    assert_eq!(text("step-count"), "Step 3 / 11");
    assert!(text("step-text").contains(&sol.trace[2].text));
    key("ArrowLeft").await;
    assert_eq!(text("step-count"), "Step 2 / 11");
    key("End").await;
    assert_eq!(lit_nodes("scene-tree").len(), 12);
    key("Home").await;
    assert_eq!(text("step-count"), "Step 0 / 11");
    assert_eq!(lit_nodes("scene-tree"), BTreeSet::from([0]));
    // s switches back to time.
    key("s").await;
    assert!(exists("play-scrub"));
}

#[wasm_bindgen_test]
async fn greedy_and_the_optimum_side_by_side_differ_by_one() {
    let _app = Mounted::new().await;
    choose("gallery", "lh-fig1").await;
    click("run-greedy").await;
    click("run-optimal").await;
    workers_answered().await;
    click("row-greedy").await;
    click("tab-tree").await;
    key("c").await;
    assert!(exists("scene-tree") && exists("scene-tree-b"));
    assert_eq!(text("compare-diff"), "Greedy: 10, 1 later than Optimum: 9.");
    // Nodes that hold the message later under greedy than in the optimum are marked: as many
    // as the two schedules' ready times say.
    let (inst, greedy) = fig1_greedy();
    let opt = Overhead::solve(&inst, Algorithm::Optimal, 0).unwrap();
    let opt = Overhead::simulate(&inst, &opt).unwrap();
    let later = (0..inst.len())
        .filter(|&v| greedy.ready[v] > opt.ready[v])
        .count();
    assert!(later > 0);
    assert_eq!(count("#scene-tree rect[data-later='true']") as usize, later);
    // One cursor for both.
    scrub_to(3.0).await;
    assert_eq!(lit_nodes("scene-tree"), BTreeSet::from([0, 1]));
    assert!(lit_nodes("scene-tree-b").contains(&0));
    key("c").await;
    assert!(!exists("scene-tree-b"));
}

#[wasm_bindgen_test]
async fn the_many_source_model_plays_through_the_same_player() {
    use hetcast_core::models::multi::{algo::MultiAlgorithm, gallery as mg, view, Multi};
    let _app = Mounted::new().await;
    choose("model", "multi").await;
    choose("gallery", "wu-wrp-beats-wr").await;
    click("run-wrp").await;
    workers_answered().await;
    click("tab-tree").await;
    let inst = mg::wrp_beats_wr();
    let s = Multi::simulate(&inst, &Multi::solve(&inst, MultiAlgorithm::Wrp, 0).unwrap()).unwrap();
    let fmt = hetcast_core::units::fmt_us;
    let total = fmt(s.completion_time);
    assert_eq!(text("play-time"), format!("t = {total} / {total}"));
    // From 0, the first step lands on the second event: the tree of message 0 lights its
    // holders, and its dots take message 0's colour.
    scrub_to(0.0).await;
    click("play-step-next").await;
    let ev = view::event_times(&s);
    assert_eq!(text("play-time"), format!("t = {} / {total}", fmt(ev[1])));
    let holders: BTreeSet<usize> = (0..inst.node_count())
        .filter(|&v| s.holds[0][v].is_some_and(|h| h <= ev[1]))
        .collect();
    assert_eq!(lit_nodes("scene-tree"), holders);
    let motion = hetcast_core::layout::Motion::of_tree(&Multi::motion(&inst, &s), Some(0));
    let moving = motion
        .edges
        .iter()
        .filter(|e| e.start <= ev[1] && ev[1] < e.end)
        .count() as u32;
    assert_eq!(dots("scene-tree"), moving);
    if moving > 0 {
        assert_eq!(
            layer_says("scene-tree", "data-colour").as_deref(),
            Some(hetcast_core::layout::style::MESSAGE_COLOURS[0])
        );
    }
}

#[wasm_bindgen_test]
async fn the_exchanges_walk_from_the_optimum_of_figure_1_never_lets_the_completion_time_grow() {
    use hetcast_core::models::overhead::algo::exchanges::exchanges;
    let _app = Mounted::new().await;
    choose("gallery", "lh-fig1").await;
    click("run-optimal").await;
    workers_answered().await;
    click("tab-tree").await;
    click("exchanges").await;
    let inst = gallery::libeskind_hadas_figure1();
    let plan = Overhead::solve(&inst, Algorithm::Optimal, 0).unwrap().plan;
    let steps = exchanges(&inst, &plan).unwrap();
    assert!(steps.len() >= 2, "{} steps", steps.len());
    assert_eq!(
        text("exchange-count"),
        format!("Exchange 0 / {}", steps.len() - 1)
    );
    // Every step's completion time is listed, and none is larger than the one before.
    let times: Vec<f64> = text("exchange-times")
        .trim_start_matches("T: ")
        .split(" → ")
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(times.len(), steps.len());
    assert_eq!(times[0], 9.0);
    assert!(times.windows(2).all(|w| w[1] <= w[0]), "{times:?}");
    // Each step's plan is the edited row, timed by the simulator.
    click("exchange-next").await;
    assert_eq!(
        text("exchange-count"),
        format!("Exchange 1 / {}", steps.len() - 1)
    );
    assert_eq!(text("exchange-text"), steps[1].text);
    assert_eq!(
        text("view-caption"),
        format!(
            "Edited plan: T = {}",
            hetcast_core::units::fmt_t(steps[1].completion)
        )
    );
    click("exchange-stop").await;
    assert!(!exists("exchanges-bar"));
}
