//! The view panel: the tab strip (one tab per view of the model on screen, keys 1, 2, ...)
//! and the selected view of the selected result, drawn by
//! [`SceneView`](crate::components::scene_view::SceneView) or by the model's own view; and
//! how drawings are fitted to the panel.

use std::rc::Rc;

use std::collections::{HashMap, HashSet};

use crate::components::dp_table::DpTables;
use crate::components::overview::Overview;
use crate::components::player::{Mode, Player, Shown};
use crate::components::scene_view::SceneView;
use crate::components::StateProps;
use crate::models::{ModelAction, ModelState};
use crate::state::{Action, AppState, UiAction};
use hetcast_core::layout::{Motion, Scene};
use hetcast_core::models::overhead::algo::Algorithm;
use hetcast_core::models::overhead::plan::Place;
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

/// Width to lay out a Gantt chart of natural height `scene_h` for, so that, scaled to fit a
/// `view_w` x `view_h` panel, it fills the panel (same aspect ratio): narrower than the panel
/// when the panel is tall (the chart is then scaled up, text grows), wider when it is short,
/// up to [`FIT_WIDEST`] panel widths (a chart of very many lanes is then shown whole, small;
/// "Size: 100%" and the zoom show it readable).
pub fn gantt_fit_width(view_w: f64, view_h: f64, scene_h: f64) -> f64 {
    let w = gantt_width(view_w);
    if view_w <= 0.0 || view_h <= 0.0 || scene_h <= 0.0 {
        return w;
    }
    let widest = ((view_w - 8.0) * FIT_WIDEST).max(MIN_GANTT_W);
    (scene_h * (view_w - 8.0) / view_h)
        .clamp(MIN_GANTT_W, widest)
        .floor()
}

/// How many panel widths a fitted Gantt chart is laid out for at most.
pub const FIT_WIDEST: f64 = 3.0;

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

/// How a drawing is laid out: for a panel of `size` (fitted when `fit`), its time axis
/// running to `time_max` at least (schedules compared on one time scale), with or without its
/// heading.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewLook {
    /// The panel's size (0: not measured).
    pub size: (f64, f64),
    /// Fit the drawing to the panel.
    pub fit: bool,
    /// The time axis runs to this time at least.
    pub time_max: Option<f64>,
    /// Draw the heading (algorithm, instance, T).
    pub titled: bool,
    /// How much larger than at 100% the text should come out when fitted (lecture mode: a
    /// Gantt chart is laid out for a panel this many times smaller, then scaled up).
    pub text_scale: f64,
    /// Zoom at 100%: a Gantt chart's plot is laid out this many times the panel's width.
    pub zoom: f64,
    /// Outline the critical path (key x).
    pub critical: bool,
}

impl ViewLook {
    /// The look of the view panel of `state`.
    pub fn of(state: &AppState) -> ViewLook {
        ViewLook {
            size: state.ui.view_size(),
            fit: state.ui.fit,
            time_max: None,
            // In lecture mode the caption names the result: the drawing keeps its room.
            titled: !state.ui.lecture,
            text_scale: if state.ui.lecture { LECTURE_SCALE } else { 1.0 },
            zoom: if state.ui.fit { 1.0 } else { state.ui.zoom },
            critical: state.ui.critical,
        }
    }

    /// The panel size a Gantt chart is laid out for (see [`ViewLook::text_scale`]).
    pub fn layout_size(&self) -> (f64, f64) {
        let k = self.text_scale.max(1.0);
        (self.size.0 * self.zoom / k, self.size.1 / k)
    }

    /// The heading `make` gives, or none when untitled.
    pub fn heading(&self, make: impl FnOnce() -> String) -> String {
        if self.titled {
            make()
        } else {
            String::new()
        }
    }
}

/// The current view of the selected result, if it draws one, whole (what the exports write).
pub fn current_scene(state: &AppState) -> Option<Scene> {
    state.model.scene(None, state.ui.tab, &ViewLook::of(state))
}

/// In lecture mode, fitted Gantt charts are laid out for a panel this many times smaller and
/// scaled up to fill it: their 14 px text comes out at 20 px or more.
pub const LECTURE_SCALE: f64 = 1.5;

/// True when view `view` can be played (the player is shown under it).
pub fn plays(view: View) -> bool {
    matches!(view, View::Gantt | View::Tree)
}

/// File name of an export of the current view: `hetcast-{instance}-{algorithm}-{view}.{ext}`,
/// e.g. `hetcast-lh-fig1-greedy-gantt.svg` (see [`crate::exports::file_name`]).
pub fn export_name(state: &AppState, ext: &str) -> String {
    crate::exports::file_name(state, state.ui.tab.key(), ext)
}

/// The figure of the current view for a paper: laid out `width` px wide (a Gantt chart) or
/// scaled to it (a tree), with or without its heading; when comparing, both results one above
/// the other on one time scale.
pub fn figure(state: &AppState, width: f64, titled: bool) -> Option<Scene> {
    let tab = state.ui.tab;
    let look = ViewLook {
        size: (width + 8.0, 0.0),
        fit: false,
        time_max: None,
        titled,
        text_scale: 1.0,
        zoom: 1.0,
        critical: state.ui.critical,
    };
    let other = (state.ui.compare && plays(tab))
        .then(|| compared_key(state))
        .flatten();
    match other {
        None => state.model.scene(None, tab, &look),
        Some(b) => {
            let ta = state.model.replay(None)?.0;
            let tb = state.model.replay(Some(&b))?.0;
            let look = ViewLook {
                time_max: Some(ta.max(tb)),
                ..look
            };
            let a = state.model.scene(None, tab, &look)?;
            let bb = state.model.scene(Some(&b), tab, &look)?;
            let title = format!("{} / {}", a.title, bb.title);
            Some(hetcast_core::layout::stack(&[a, bb], 24.0, title))
        }
    }
}

/// The result compared with the selected one: the one the user chose, else the best other
/// one (least T; the first of equals), if there is another that succeeded.
pub fn compared_key(state: &AppState) -> Option<String> {
    let mine = state.model.selected_key()?;
    let rows = state.model.succeeded();
    if let Some(k) = &state.ui.compare_with {
        if *k != mine && rows.iter().any(|r| &r.0 == k) {
            return Some(k.clone());
        }
    }
    rows.iter()
        .filter(|r| r.0 != mine)
        .min_by(|a, b| a.2.total_cmp(&b.2))
        .map(|r| r.0.clone())
}

/// The nodes that hold the message later in `a` than in `b`.
fn later(a: Option<&Motion>, b: Option<&Motion>) -> HashSet<usize> {
    let (Some(a), Some(b)) = (a, b) else {
        return HashSet::new();
    };
    let of_b: HashMap<&str, f64> = b.nodes.iter().map(|n| (n.id.as_str(), n.holds)).collect();
    a.nodes
        .iter()
        .filter(|n| {
            of_b.get(n.id.as_str())
                .is_some_and(|&h| n.holds > h + 1e-9 * h.abs().max(1.0))
        })
        .filter_map(|n| n.id.strip_prefix("node-")?.parse().ok())
        .collect()
}

/// A scene in the panel: at 100% (scroll bars when larger), or, in fit mode, scaled to fill
/// the panel, or, when that would make its text too small to read, at a readable size with
/// scroll bars ([`fit_size`]).
fn scene_html(ui: &crate::state::Ui, scene: Rc<Scene>, id: String, moving: bool) -> Html {
    let class = classes!("scene-wrap", ui.fit.then_some("fit"));
    html! {
        <div {class}>
            <SceneView {scene} {id} {moving} fit={ui.fit} panel={ui.view_size()} />
        </div>
    }
}

/// What the view panel shows of one result: its drawing, what moves in it, its replay.
struct Side {
    key: Option<String>,
    name: String,
    scene: Rc<Scene>,
    motion: Option<Rc<Motion>>,
    replay: (f64, Vec<f64>),
}

fn side(state: &AppState, pick: Option<&str>, look: &ViewLook) -> Option<Side> {
    let model = &state.model;
    let tab = state.ui.tab;
    let scene = model.scene(pick, tab, look)?;
    let motion = (tab == View::Tree)
        .then(|| model.motion(pick))
        .flatten()
        .map(Rc::new);
    let key = pick.map(str::to_string).or_else(|| model.selected_key());
    let name = model
        .succeeded()
        .into_iter()
        .find(|r| Some(&r.0) == key.as_ref())
        .map(|r| r.1)
        .unwrap_or_default();
    Some(Side {
        key,
        name,
        scene: Rc::new(scene),
        motion,
        replay: model.replay(pick)?,
    })
}

/// The tab strip and the selected view.
#[function_component(ViewPanel)]
pub fn view_panel(p: &StateProps) -> Html {
    let state = &p.state;
    let ui = &state.ui;
    let panel_ref = use_node_ref();
    {
        // Measure the panel after every render that may change its size (panels shown or
        // hidden, results, the notice line) and on resize.
        let panel_ref = panel_ref.clone();
        let dispatcher = state.dispatcher();
        let known = ui.view_size();
        let deps = (
            ui.side,
            ui.focus,
            ui.lecture,
            ui.table_open,
            ui.notice.is_some(),
            ui.tab,
            known,
            state.model.id(),
            state.model.results_shape(),
            (ui.mode, ui.compare),
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
    // Hand edits: drag a node box of the tree onto another (lower half: it becomes that
    // node's last child; upper half: it goes just before that node among its siblings).
    {
        let panel_ref = panel_ref.clone();
        let dispatcher = state.dispatcher();
        use_effect_with((), move |_| {
            let panel = panel_ref.cast::<web_sys::Element>();
            let dragged: Rc<std::cell::Cell<Option<usize>>> = Rc::default();
            // Panning at 100%: where the pointer went down and the scroll offsets then.
            let pan: Rc<std::cell::Cell<Option<PanStart>>> = Rc::default();
            let listeners = panel.map(|panel| {
                let (d, pn) = (dragged.clone(), pan.clone());
                let opts = gloo::events::EventListenerOptions::enable_prevent_default();
                let down = gloo::events::EventListener::new_with_options(
                    &panel,
                    "pointerdown",
                    opts,
                    move |e| {
                        let hit = tree_node_at(e).map(|(v, _)| v);
                        if hit.is_some() {
                            // No text selection, no native drag of it: this drag moves a node.
                            e.prevent_default();
                        } else if let Some((wrap, pe)) = scrolling_wrap(e) {
                            e.prevent_default();
                            pn.set(Some((
                                pe.client_x() as f64,
                                pe.client_y() as f64,
                                wrap.scroll_left(),
                                wrap.scroll_top(),
                            )));
                        }
                        d.set(hit);
                    },
                );
                let pn = pan.clone();
                let moving = gloo::events::EventListener::new(&panel, "pointermove", move |e| {
                    let (Some((x0, y0, l0, t0)), Some((wrap, pe))) = (pn.get(), scrolling_wrap(e))
                    else {
                        return;
                    };
                    wrap.set_scroll_left(l0 - (pe.client_x() as f64 - x0) as i32);
                    wrap.set_scroll_top(t0 - (pe.client_y() as f64 - y0) as i32);
                });
                let (d, pn, md) = (dragged.clone(), pan.clone(), dispatcher.clone());
                let up = gloo::events::EventListener::new(&panel, "pointerup", move |e| {
                    pn.set(None);
                    let Some(v) = d.take() else { return };
                    let Some((u, upper)) = tree_node_at(e) else {
                        return;
                    };
                    if u == v {
                        return;
                    }
                    let to = if upper {
                        Place::Before(u)
                    } else {
                        Place::LastChildOf(u)
                    };
                    md.dispatch(Action::Model(ModelAction::MoveNode { node: v, to }));
                });
                let zd = dispatcher.clone();
                let wheel = gloo::events::EventListener::new_with_options(
                    &panel,
                    "wheel",
                    opts,
                    move |e| {
                        use wasm_bindgen::JsCast;
                        let Some(w) = e.dyn_ref::<web_sys::WheelEvent>() else {
                            return;
                        };
                        // Ctrl + wheel (and a touchpad's pinch) zooms; the wheel alone scrolls.
                        if w.ctrl_key() {
                            e.prevent_default();
                            let f = if w.delta_y() < 0.0 { 1.25 } else { 0.8 };
                            zd.dispatch(Action::Ui(UiAction::Zoom(f)));
                        }
                    },
                );
                (down, moving, up, wheel)
            });
            move || drop(listeners)
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
    let tab = ui.tab;
    let look = ViewLook::of(state);
    let other = (ui.compare && plays(tab))
        .then(|| compared_key(state))
        .flatten();
    // One result, or two compared: the Gantt charts one above the other, the trees side by side.
    let (sides, compare_line) = match other {
        None => (
            side(state, None, &look).into_iter().collect::<Vec<_>>(),
            None,
        ),
        Some(b) => {
            let ta = state.model.replay(None).map(|r| r.0).unwrap_or(0.0);
            let tb = state.model.replay(Some(&b)).map(|r| r.0).unwrap_or(0.0);
            let (w, h) = look.size;
            let half = if tab == View::Gantt {
                (w, (h / 2.0 - 4.0).max(0.0))
            } else {
                ((w / 2.0 - 6.0).max(0.0), h)
            };
            let look = ViewLook {
                size: half,
                time_max: Some(ta.max(tb)),
                ..look.clone()
            };
            let a = side(state, None, &look);
            let bb = side(state, Some(&b), &look);
            let line = match (&a, &bb) {
                (Some(a), Some(bb)) => Some(compare_sentence(a, bb, state.model.time_fmt())),
                _ => None,
            };
            (a.into_iter().chain(bb).collect(), line)
        }
    };
    let comparing = sides.len() == 2;
    let message = state.model.tree_message().filter(|_| tab == View::Tree);
    let shown: Vec<Shown> = sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let other = sides.get(1 - i.min(1)).filter(|_| comparing);
            Shown {
                svg_id: svg_id(tab, i),
                scene: s.scene.clone(),
                motion: s.motion.clone(),
                message,
                later: Rc::new(later(
                    s.motion.as_deref(),
                    other.and_then(|o| o.motion.as_deref()),
                )),
            }
        })
        .collect();
    let drawings: Vec<Html> = sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let moving = s.motion.is_some();
            let drawing = scene_html(ui, s.scene.clone(), svg_id(tab, i), moving);
            if comparing {
                html! {
                    <div class="compare-side" id={format!("compare-{}", i)}
                        data-key={s.key.clone().unwrap_or_default()}>{ drawing }</div>
                }
            } else {
                drawing
            }
        })
        .collect();
    let drawing = (!drawings.is_empty()).then(|| {
        if comparing {
            html! { <div class={classes!("compare", (tab == View::Gantt).then_some("stacked"))}>{ for drawings }</div> }
        } else {
            html! { <>{ for drawings }</> }
        }
    });
    let (body, msg_select) = match &state.model {
        ModelState::Overhead(m) => (m.view_body(drawing), html! {}),
        ModelState::Multi(m) => (
            m.view_body(ui.tab, drawing),
            if ui.tab == View::Tree {
                crate::models::multi::views::tree_message_menu(state, m)
            } else {
                html! {}
            },
        ),
        ModelState::Multimessage(m) => (m.view_body(ui.tab, drawing), html! {}),
        ModelState::Platform(m) => (m.view_body(ui.tab, drawing), html! {}),
    };
    let dispatch = |a: UiAction| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::Ui(a.clone())))
    };
    let stepping = ui.mode == Mode::Steps
        && !comparing
        && plays(tab)
        && state.model.steps(None).is_some_and(|s| !s.0.is_empty());
    let player = (plays(tab) && !sides.is_empty()).then(|| {
        let total = sides.iter().map(|s| s.replay.0).fold(0.0, f64::max);
        let mut events: Vec<f64> = sides
            .iter()
            .flat_map(|s| s.replay.1.iter().copied())
            .collect();
        events.sort_by(f64::total_cmp);
        events.dedup();
        let (steps, pseudo) = if comparing {
            (Vec::new(), &[][..])
        } else {
            state.model.steps(None).unwrap_or_default()
        };
        let s = state.clone();
        let on_mode = Callback::from(move |m: Mode| s.dispatch(Action::Ui(UiAction::SetMode(m))));
        let more = match &state.model {
            ModelState::Overhead(m) if !comparing => {
                crate::models::overhead::views::exchanges_button(state, m)
            }
            _ => html! {},
        };
        // The Lemma 5 program's tables, while its steps are shown.
        let dp = match &state.model {
            ModelState::Overhead(m) if stepping => m
                .results
                .selected_row()
                .filter(|r| r.algo == Algorithm::Lemma5 && !r.edited)
                .and_then(|_| DpTables::of(&m.instance))
                .map(Rc::new),
            _ => None,
        };
        html! {
            <Player {shown} {total} {more} {dp} events={Rc::new(events)} steps={Rc::new(steps)} {pseudo}
                algo={AttrValue::from(sides[0].name.clone())} model={state.model.id()}
                mode={ui.mode} {on_mode} keys={!ui.help && !ui.experiments}
                start_at={ui.start_at} />
        }
    });
    // Under a Gantt chart (one result, playing in time, not in lecture mode, where the chart
    // keeps all the room): the overview strip with its brush.
    let overview = (tab == View::Gantt && !comparing && !stepping && !ui.lecture)
        .then(|| sides.first())
        .flatten()
        .filter(|s| s.scene.time.is_some())
        .map(|s| {
            let st = state.clone();
            let on_zoom = Callback::from(move |f: f64| st.dispatch(Action::Ui(UiAction::Zoom(f))));
            html! { <Overview scene={s.scene.clone()} svg_id={svg_id(tab, 0)} zoom={look.zoom}
            panel_w={look.size.0 / look.text_scale.max(1.0)} {on_zoom} /> }
        });
    let critical_button = plays(tab).then(|| {
        html! {
            <button id="critical" class="icon" aria-pressed={ui.critical.to_string()} onclick={dispatch(UiAction::ToggleCritical)}
                title="The critical path: the chain of sends and receives that fixes the completion time (key x)">{ "Critical" }</button>
        }
    });
    let compare_button = plays(tab).then(|| {
        html! {
            <button id="compare" class="icon" aria-pressed={ui.compare.to_string()} onclick={dispatch(UiAction::ToggleCompare)}
                title="Compare the selected result with another, on one time scale (key c)">{ if ui.compare { "Compared" } else { "Compare" } }</button>
        }
    });
    html! {
        <section class={classes!("view", stepping.then_some("stepping"))} aria-label="Views">
            <div class="tabs" role="tablist" aria-label="Views">
                { for tabs }
                <span class="view-caption" id="view-caption" title={state.model.caption()}>{ state.model.caption() }</span>
                { critical_button }
                { compare_button }
                <button id="fit" class="icon" onclick={dispatch(UiAction::ToggleFit)}
                    title="Drawing size: fitted to the panel, or 100% with scroll bars (key v)">{ if ui.fit { "Fit" } else { "100%" } }</button>
                <button id="focus" class="icon" aria-pressed={ui.focus.to_string()} onclick={dispatch(UiAction::ToggleFocus)}
                    title="Focus: only the drawing (key f)">{ if ui.focus { "Exit focus" } else { "Focus" } }</button>
                <button id="lecture" class="icon" aria-pressed={ui.lecture.to_string()} onclick={dispatch(UiAction::ToggleLecture)}
                    title="Lecture mode: one view filling the screen, large text (key l; Esc leaves)">{ if ui.lecture { "Leave" } else { "Lecture" } }</button>
            </div>
            { msg_select }
            if comparing {
                { compare_bar(state, &sides, compare_line) }
            }
            if let ModelState::Overhead(m) = &state.model {
                { crate::models::overhead::views::exchanges_bar(state, m) }
            }
            <div role="tabpanel" id="view-panel" class="view-panel" tabindex="0" ref={panel_ref}
                aria-labelledby={format!("tab-{}", ui.tab.key())}>
                { body }
            </div>
            { overview.unwrap_or_default() }
            { player.unwrap_or_default() }
        </section>
    }
}

/// Where a pan began: the pointer (x, y) and the container's scroll offsets (left, top).
type PanStart = (f64, f64, i32, i32);

/// The drawing container under pointer event `e`, when it scrolls (100% or zoomed), and the
/// event as a pointer event.
fn scrolling_wrap(e: &web_sys::Event) -> Option<(web_sys::Element, web_sys::PointerEvent)> {
    use wasm_bindgen::JsCast;
    let pe = e.dyn_ref::<web_sys::PointerEvent>()?.clone();
    let target = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    let wrap = target.closest(".scene-wrap:not(.fit)").ok()??;
    (wrap.scroll_width() > wrap.client_width() || wrap.scroll_height() > wrap.client_height())
        .then_some((wrap, pe))
}

/// The node box of the selected result's tree under pointer event `e`, and whether the
/// pointer is in its upper half.
fn tree_node_at(e: &web_sys::Event) -> Option<(usize, bool)> {
    use wasm_bindgen::JsCast;
    let e = e.dyn_ref::<web_sys::PointerEvent>()?;
    let doc = gloo::utils::document();
    let hit = doc.element_from_point(e.client_x() as f32, e.client_y() as f32)?;
    let rect = hit.closest("#scene-tree rect[id^='node-']").ok()??;
    let v = rect.id().strip_prefix("node-")?.parse().ok()?;
    let b = rect.get_bounding_client_rect();
    Some((v, (e.client_y() as f64) < b.top() + b.height() / 2.0))
}

/// The id of the `<svg>` of drawing `i` (0, or 1 for the second of a comparison) of `tab`.
pub fn svg_id(tab: View, i: usize) -> String {
    if i == 0 {
        format!("scene-{}", tab.key())
    } else {
        format!("scene-{}-b", tab.key())
    }
}

/// The comparison's sentence: "T = 10 vs 9: Greedy is 1 later."
fn compare_sentence(a: &Side, b: &Side, fmt: fn(f64) -> String) -> String {
    let (ta, tb) = (a.replay.0, b.replay.0);
    let d = ta - tb;
    let verdict = if d.abs() <= 1e-9 * ta.abs().max(1.0) {
        "the same completion time".to_string()
    } else if d > 0.0 {
        format!("{} is {} later", a.name, fmt(d))
    } else {
        format!("{} is {} earlier", a.name, fmt(-d))
    };
    format!("T = {} vs {}: {verdict}.", fmt(ta), fmt(tb))
}

/// The bar over a comparison: what is compared with what (a menu), and the difference.
fn compare_bar(
    state: &crate::components::StateHandle,
    sides: &[Side],
    line: Option<String>,
) -> Html {
    let s = state.clone();
    let onchange = Callback::from(move |e: Event| {
        let sel: web_sys::HtmlSelectElement = e.target_unchecked_into();
        s.dispatch(Action::Ui(UiAction::CompareWith(Some(sel.value()))));
    });
    let mine = sides[0].key.clone();
    let theirs = sides.get(1).and_then(|s| s.key.clone());
    let fmt = state.model.time_fmt();
    html! {
        <div class="compare-bar">
            <label for="compare-with">{ format!("{} vs", sides[0].name) }</label>
            <select id="compare-with" {onchange} title="The result compared with">
                { for state.model.succeeded().into_iter().filter(|r| Some(&r.0) != mine.as_ref()).map(|(k, name, t)| html! {
                    <option value={k.clone()} selected={Some(&k) == theirs.as_ref()}>{ format!("{name} (T = {})", fmt(t)) }</option>
                }) }
            </select>
            <span id="compare-diff" class="compare-diff" title={line.clone().unwrap_or_default()}>{ line.unwrap_or_default() }</span>
            <span class="compare-key" title="A box with a dashed red frame holds the message later than on the other side"><span class="later-swatch" />{" later"}</span>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tall_gantt_chart_is_laid_out_at_most_a_few_panels_wide() {
        let (vw, vh) = (850.0, 400.0);
        let w = gantt_fit_width(vw, vh, 3000.0);
        assert_eq!(w, ((vw - 8.0) * FIT_WIDEST).floor());
        // A short chart keeps the panel's aspect ratio.
        let w = gantt_fit_width(vw, vh, 300.0);
        assert_eq!(w, MIN_GANTT_W.max((300.0 * (vw - 8.0) / vh).floor()));
    }
}
