//! The view panel: the tab strip (one tab per view of the model on screen, keys 1, 2, ...)
//! and the selected view of the selected result, drawn by
//! [`SceneView`](crate::components::scene_view::SceneView) or by the model's own view; and
//! how drawings are fitted to the panel.

use std::rc::Rc;

use crate::components::playback::{transport_bar, use_playback};
use crate::components::scene_view::SceneView;
use crate::components::StateProps;
use crate::models::ModelState;
use crate::state::{Action, AppState, UiAction};
use hetcast_core::layout::Scene;
use hetcast_core::models::overhead::view::GanttOptions;
use hetcast_core::models::View;
use yew::prelude::*;

/// Narrowest Gantt chart laid out; a narrower view scales it down.
pub const MIN_GANTT_W: f64 = 640.0;

/// Width to lay the Gantt chart out for, given the measured view width (0 = not measured).
pub fn gantt_width(view_width: f64) -> f64 {
    if view_width > 0.0 {
        (view_width - 8.0).max(MIN_GANTT_W).floor()
    } else {
        GanttOptions::default().width
    }
}

/// The smallest scale a drawing is shown at when fitted to the panel: its 16 px text stays at
/// 12 px at least on screen. A drawing that would need a smaller scale to fit is shown at a
/// readable scale with scroll bars instead (see [`fit_size`]).
pub const MIN_FIT_SCALE: f64 = 0.75;
/// Room kept for a vertical scroll bar when a fitted drawing scrolls.
const SCROLLBAR_W: f64 = 16.0;

/// Width to lay out a Gantt chart of natural height `scene_h` for, so that, scaled to fit a
/// `view_w` x `view_h` panel, it fills the panel (same aspect ratio): narrower than the panel
/// when the panel is tall (the chart is then scaled up, text grows), wider when it is short.
/// Never wider than what fills the panel's width at [`MIN_FIT_SCALE`]: a chart too tall for
/// that (many lanes) is laid out for that width and scrolls down (see [`fit_size`]).
pub fn gantt_fit_width(view_w: f64, view_h: f64, scene_h: f64) -> f64 {
    let w = gantt_width(view_w);
    if view_w <= 0.0 || view_h <= 0.0 || scene_h <= 0.0 {
        return w;
    }
    let widest = ((view_w - 8.0 - SCROLLBAR_W) / MIN_FIT_SCALE).max(MIN_GANTT_W);
    if view_h / scene_h < MIN_FIT_SCALE {
        return widest.floor();
    }
    (scene_h * (view_w - 8.0) / view_h)
        .clamp(MIN_GANTT_W, widest)
        .floor()
}

/// How a scene of `scene_w` x `scene_h` is shown in fit mode in a `view_w` x `view_h` panel:
/// `None` when scaling it to fill the panel keeps it at [`MIN_FIT_SCALE`] or more (the CSS
/// scales it), else its size in px on screen: scaled to the panel's width when that is
/// readable (at most 100%), else at [`MIN_FIT_SCALE`], with scroll bars.
pub fn fit_size(scene_w: f64, scene_h: f64, view_w: f64, view_h: f64) -> Option<(f64, f64)> {
    if view_w <= 0.0 || view_h <= 0.0 || scene_w <= 0.0 || scene_h <= 0.0 {
        return None;
    }
    let fill = ((view_w - 8.0) / scene_w).min(view_h / scene_h);
    if fill >= MIN_FIT_SCALE {
        return None;
    }
    let scale = ((view_w - 8.0 - SCROLLBAR_W) / scene_w).clamp(MIN_FIT_SCALE, 1.0);
    Some(((scene_w * scale).floor(), (scene_h * scale).floor()))
}

/// A Gantt chart laid out by `lay_out(width)` for a view of size `view`: at the view's width,
/// or, when `fit` and the view height is known, at the width whose aspect ratio matches the
/// view (see [`gantt_fit_width`]).
pub fn fitted_gantt(view: (f64, f64), fit: bool, lay_out: impl Fn(f64) -> Scene) -> Scene {
    let first = lay_out(gantt_width(view.0));
    if !fit || view.1 <= 0.0 {
        return first;
    }
    let w = gantt_fit_width(view.0, view.1, first.height);
    if (w - first.width).abs() < 1.0 {
        first
    } else {
        lay_out(w)
    }
}

/// The current view of the selected result, if it draws one, whole (what the exports write).
pub fn current_scene(state: &AppState) -> Option<Scene> {
    current_scene_at(state, None)
}

/// The current view of the selected result as it stands at time `at` (playback; `None`: the
/// whole schedule), if it draws one.
pub fn current_scene_at(state: &AppState, at: Option<f64>) -> Option<Scene> {
    state
        .model
        .scene(state.ui.tab, state.ui.view_size(), state.ui.fit, at)
}

/// True when view `view` can be played (the transport bar is shown under it).
pub fn plays(view: View) -> bool {
    view == View::Gantt
}

/// File name of an export of the current view: `hetcast-{algorithm}-{view}.{ext}`, e.g.
/// `hetcast-greedy-gantt.svg` (the file's title gives the algorithm and T).
pub fn export_name(state: &AppState, ext: &str) -> String {
    format!(
        "hetcast-{}-{}.{ext}",
        state.model.export_key(),
        state.ui.tab.key()
    )
}

/// A scene in the panel: at 100% (scroll bars when larger), or, in fit mode, scaled to fill
/// the panel, or, when that would make its text too small to read, at a readable size with
/// scroll bars ([`fit_size`]).
fn scene_html(state: &AppState, scene: Scene) -> Html {
    let ui = &state.ui;
    let id = format!("scene-{}", ui.tab.key());
    let size = if ui.fit {
        fit_size(scene.width, scene.height, ui.view_width, ui.view_height)
    } else {
        None
    };
    let class = match (ui.fit, size) {
        (true, None) => classes!("scene-wrap", "fit"),
        (true, Some(_)) => classes!("scene-wrap", "fit-scroll"),
        (false, _) => classes!("scene-wrap"),
    };
    html! {
        <div {class}>
            <SceneView scene={Rc::new(scene)} {id} {size} />
        </div>
    }
}

/// The tab strip and the selected view.
#[function_component(ViewPanel)]
pub fn view_panel(p: &StateProps) -> Html {
    let state = &p.state;
    let ui = &state.ui;
    let panel_ref = use_node_ref();
    let replay = state.model.replay().filter(|_| plays(ui.tab));
    let has_replay = replay.is_some();
    let playback = use_playback(replay, has_replay && !ui.help && !ui.experiments);
    {
        // Measure the panel after every render that may change its size (panels shown or
        // hidden, results, the notice line) and on resize.
        let panel_ref = panel_ref.clone();
        let dispatcher = state.dispatcher();
        let known = ui.view_size();
        let deps = (
            ui.side,
            ui.focus,
            ui.table_open,
            ui.notice.is_some(),
            ui.tab,
            known,
            state.model.id(),
            state.model.results_shape(),
            has_replay,
        );
        use_effect_with(deps, move |_| {
            let measure = move || {
                panel_ref.cast::<web_sys::Element>().map(|e| {
                    (
                        e.client_width() as f64,
                        // The panel's vertical padding (0.4rem each side).
                        (e.client_height() as f64 - 16.0).max(0.0),
                    )
                })
            };
            let changed =
                |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() >= 1.0 || (a.1 - b.1).abs() >= 1.0;
            let set = move |size: (f64, f64)| {
                dispatcher.dispatch(Action::Ui(UiAction::SetViewSize(size.0, size.1)))
            };
            if let Some(size) = measure() {
                if changed(size, known) {
                    set(size);
                }
            }
            let last = std::rc::Rc::new(std::cell::Cell::new(known));
            let listener =
                gloo::events::EventListener::new(&gloo::utils::window(), "resize", move |_| {
                    if let Some(size) = measure() {
                        if changed(size, last.get()) {
                            last.set(size);
                            set(size);
                        }
                    }
                });
            move || drop(listener)
        });
    }
    let tabs = state.model.views().iter().enumerate().map(|(i, &t)| {
        let s = state.clone();
        let selected = ui.tab == t;
        let onclick =
            Callback::from(move |_: MouseEvent| s.dispatch(Action::Ui(UiAction::SetTab(t))));
        html! {
            <button role="tab" id={format!("tab-{}", t.key())} class={classes!("tab", selected.then_some("active"))}
                aria-selected={selected.to_string()} aria-controls="view-panel" {onclick}>
                <kbd>{ i + 1 }</kbd>{" "}{ t.title() }
            </button>
        }
    });
    // The schedule's own total and the playback's agree once the playback has loaded it.
    let at = if has_replay && state.model.replay().map(|r| r.0) == Some(playback.total) {
        playback.at()
    } else {
        None
    };
    let drawing = current_scene_at(state, at).map(|scene| scene_html(state, scene));
    let (body, msg_select) = match &state.model {
        ModelState::Overhead(m) => (m.view_body(drawing), html! {}),
        ModelState::Multi(m) => (
            m.view_body(ui.tab, drawing),
            if ui.tab == hetcast_core::models::View::Tree {
                crate::models::multi::views::tree_message_menu(state, m)
            } else {
                html! {}
            },
        ),
        ModelState::Multimessage(m) => (m.view_body(ui.tab, drawing), html! {}),
    };
    let dispatch = |a: UiAction| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::Ui(a.clone())))
    };
    html! {
        <section class="view" aria-label="Views">
            <div class="tabs" role="tablist" aria-label="Views">
                { for tabs }
                <span class="view-caption" id="view-caption">{ state.model.caption() }</span>
                <button id="fit" class="icon" onclick={dispatch(UiAction::ToggleFit)}
                    title="Drawing size: fitted to the panel, or 100% with scroll bars (key v)">{ if ui.fit { "Size: fit" } else { "Size: 100%" } }</button>
                <button id="focus" class="icon" aria-pressed={ui.focus.to_string()} onclick={dispatch(UiAction::ToggleFocus)}
                    title="Focus: only the drawing (key f)">{ if ui.focus { "Exit focus" } else { "Focus" } }</button>
            </div>
            { msg_select }
            <div role="tabpanel" id="view-panel" class="view-panel" tabindex="0" ref={panel_ref}
                aria-labelledby={format!("tab-{}", ui.tab.key())}>
                { body }
            </div>
            if has_replay {
                { transport_bar(&playback, state.model.time_fmt()) }
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_fills_the_panel_while_text_stays_readable_and_scrolls_below_that() {
        // A small drawing fills the panel (the stylesheet scales it).
        assert_eq!(fit_size(800.0, 400.0, 900.0, 500.0), None);
        // A 64-lane chart: shown at the panel's width, at least MIN_FIT_SCALE, and scrolls.
        let (w, h) = fit_size(1100.0, 3000.0, 850.0, 400.0).unwrap();
        assert!(w / 1100.0 >= MIN_FIT_SCALE - 1e-9 && w <= 850.0 - 8.0);
        assert!(h > 400.0);
        // A wide tree: at MIN_FIT_SCALE, wider than the panel (scrolls sideways).
        let (w, _) = fit_size(4000.0, 600.0, 850.0, 400.0).unwrap();
        assert!((w - (4000.0 * MIN_FIT_SCALE).floor()).abs() < 1e-9);
        // Never above 100% when scrolling.
        let (w, _) = fit_size(300.0, 5000.0, 850.0, 400.0).unwrap();
        assert_eq!(w, 300.0);
    }

    #[test]
    fn a_tall_gantt_chart_is_laid_out_to_fill_the_width_at_the_smallest_readable_scale() {
        let (vw, vh) = (850.0, 400.0);
        let w = gantt_fit_width(vw, vh, 3000.0);
        assert!(
            ((vw - 8.0 - SCROLLBAR_W) / w - MIN_FIT_SCALE).abs() < 0.01,
            "{w}"
        );
        // A short chart keeps the panel's aspect ratio.
        let w = gantt_fit_width(vw, vh, 300.0);
        assert_eq!(w, MIN_GANTT_W.max((300.0 * (vw - 8.0) / vh).floor()));
    }
}
