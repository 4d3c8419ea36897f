//! The view panel: the tab strip (one tab per view of the model on screen, keys 1, 2, ...)
//! and the selected view of the selected result, drawn by
//! [`SceneView`](crate::components::scene_view::SceneView) or by the model's own view; and
//! how drawings are fitted to the panel.

use std::rc::Rc;

use std::collections::HashSet;

use crate::components::overview::Overview;
use crate::components::player::{Mode, Player, Shown, TimeFmt};
use crate::components::scene_view::SceneView;
use crate::components::{StateHandle, StateProps};
use crate::state::{Action, AppState, UiAction};
use hetcast_core::layout::{Motion, Scene};
use hetcast_core::models::View;
use yew::prelude::*;

mod drag;
pub mod fit;
mod measure;
pub use fit::{scale_floor, shown_size, ViewLook, LECTURE_SCALE, MIN_GANTT_W, TEXT_FLOOR_PX};

/// The current view of the selected result, if it draws one, whole (what the exports write).
pub fn current_scene(state: &AppState) -> Option<Scene> {
    state
        .model
        .scene(None, state.ui.tab, &ViewLook::of(&state.ui))
}

/// True when view `view` can be played (the player is shown under it).
pub fn plays(view: View) -> bool {
    matches!(view, View::Gantt | View::Tree | View::Graph)
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
    let mut sides = figure_sides(state, width, titled)?;
    if sides.len() == 1 {
        return sides.pop().map(|s| s.1);
    }
    let scenes: Vec<Scene> = sides.into_iter().map(|s| s.1).collect();
    let title = format!("{} / {}", scenes[0].title, scenes[1].title);
    Some(hetcast_core::layout::stack(
        &scenes,
        hetcast_core::export::animated::GAP,
        title,
    ))
}

/// The drawings of a [`figure`]: the selected result's (key `None`), then, when comparing,
/// the other one's (its key), both laid out on one time scale.
pub fn figure_sides(
    state: &AppState,
    width: f64,
    titled: bool,
) -> Option<Vec<(Option<String>, Scene)>> {
    let tab = state.ui.tab;
    let look = ViewLook::figure(width, titled, state.ui.critical);
    let other = (state.ui.compare && plays(tab))
        .then(|| compared_key(state))
        .flatten();
    match other {
        None => Some(vec![(None, state.model.scene(None, tab, &look)?)]),
        Some(b) => {
            let ta = state.model.replay(None)?.0;
            let tb = state.model.replay(Some(&b))?.0;
            let look = ViewLook {
                time_max: Some(ta.max(tb)),
                lanes_of: state.model.selected_key(),
                ..look
            };
            let a = state.model.scene(None, tab, &look)?;
            let bb = state.model.scene(Some(&b), tab, &look)?;
            Some(vec![(None, a), (Some(b), bb)])
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

/// The nodes that hold the message later in `a` than in `b` (see
/// [`hetcast_core::layout::frame::later`]).
fn later(a: Option<&Motion>, b: Option<&Motion>) -> HashSet<usize> {
    match (a, b) {
        (Some(a), Some(b)) => hetcast_core::layout::frame::later(a, b)
            .into_iter()
            .collect(),
        _ => HashSet::new(),
    }
}

/// A scene in the panel: at 100% (scroll bars when larger), or, in fit mode, scaled to fill
/// `panel`, but never so small that its text goes under the floor of `look` (then it scrolls;
/// see [`shown_size`]).
fn scene_html(
    look: &ViewLook,
    panel: (f64, f64),
    scene: Rc<Scene>,
    id: String,
    moving: bool,
    tree: bool,
) -> Html {
    let class = classes!("scene-wrap", look.fit.then_some("fit"));
    let size = look
        .fit
        .then(|| shown_size((scene.width, scene.height), panel, look.scale_floor()))
        .flatten();
    html! {
        <div {class}>
            <SceneView {scene} {id} {moving} {tree} fit={look.fit} {size} {panel} />
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

/// The tab strip and the selected view: the result's drawing, or two compared
/// ([`sides_of`]), in the model's view body, with the overview strip and the player under it.
#[function_component(ViewPanel)]
pub fn view_panel(p: &StateProps) -> Html {
    let state = &p.state;
    let ui = &state.ui;
    let panel_ref = use_node_ref();
    measure::use_panel_size(panel_ref.clone(), state.dispatcher(), ui.view_size());
    drag::use_hand_edits(panel_ref.clone(), state.dispatcher());
    let tab = ui.tab;
    let look = ViewLook::of(&state.ui);
    let (sides, compare_line, panel) = sides_of(state, &look);
    let comparing = sides.len() == 2;
    let drawing = drawing_html(&look, panel, &sides, tab, state.model.time_fmt());
    let screen = state.model.screen();
    let body = screen.view_body(ui.tab, drawing);
    let stepping = ui.mode == Mode::Steps
        && !comparing
        && plays(tab)
        && state.model.steps(None).is_some_and(|s| !s.0.is_empty());
    let player = (plays(tab) && !sides.is_empty()).then(|| player_html(state, &sides, stepping));
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
            panel_w={look.size.0} {on_zoom} /> }
        });
    html! {
        <section class={classes!("view", stepping.then_some("stepping"))} aria-label="Views">
            <div class="tabs" role="tablist" aria-label="Views">
                { tab_buttons(state) }
                <span class="view-caption" id="view-caption" title={state.model.caption()}>{ state.model.caption() }</span>
                { view_buttons(state) }
            </div>
            { screen.view_extras(state) }
            if comparing {
                { compare_bar(state, &sides, compare_line) }
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

/// One tab per view of the model on screen (keys 1, 2, ...).
fn tab_buttons(state: &StateHandle) -> Html {
    let tabs = state.model.views().iter().enumerate().map(|(i, &t)| {
        let s = state.clone();
        let selected = state.ui.tab == t;
        let onclick =
            Callback::from(move |_: MouseEvent| s.dispatch(Action::Ui(UiAction::SetTab(t))));
        html! {
            <button role="tab" id={format!("tab-{}", t.key())} class={classes!("tab", selected.then_some("active"))}
                aria-selected={selected.to_string()} aria-controls="view-panel" {onclick}>
                <kbd>{ i + 1 }</kbd>{" "}{ t.title() }
            </button>
        }
    });
    html! { <>{ for tabs }</> }
}

/// The buttons right of the tabs: critical path and compare (on views that play), fit,
/// focus, lecture. Each shows its word (`.word`), which is also its accessible name; where the
/// view is narrow, the stylesheet shows a glyph instead (static/style.css, `@container`).
fn view_buttons(state: &StateHandle) -> Html {
    let ui = &state.ui;
    let dispatch = |a: UiAction| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::Ui(a.clone())))
    };
    let word = |w: &'static str| html! { <span class="word">{ w }</span> };
    let critical_button = plays(ui.tab).then(|| {
        html! {
            <button id="critical" class="icon" aria-label="Critical" aria-pressed={ui.critical.to_string()} onclick={dispatch(UiAction::ToggleCritical)}
                title="The critical path: the chain of sends and receives that fixes the completion time (key x)">{ word("Critical") }</button>
        }
    });
    let compare_button = plays(ui.tab).then(|| {
        let w = if ui.compare { "Compared" } else { "Compare" };
        html! {
            <button id="compare" class="icon" aria-label={w} aria-pressed={ui.compare.to_string()} onclick={dispatch(UiAction::ToggleCompare)}
                title="Compare the selected result with another, on one time scale (key c)">{ word(w) }</button>
        }
    });
    let fit = if ui.fit { "Fit" } else { "100%" };
    let focus = if ui.focus { "Exit focus" } else { "Focus" };
    let lecture = if ui.lecture { "Leave" } else { "Lecture" };
    // One group, at the right of the tab strip; where it does not fit beside the tabs and the
    // caption, it moves as one to a row above them (static/style.css, .tabs).
    html! {
        <span class="view-buttons">
            { critical_button }
            { compare_button }
            <button id="fit" class={classes!("icon", (!ui.fit).then_some("actual-size"))} aria-label={fit} onclick={dispatch(UiAction::ToggleFit)}
                title="Drawing size: fitted to the panel, or 100% with scroll bars (key v)">{ word(fit) }</button>
            <button id="focus" class="icon" aria-label={focus} aria-pressed={ui.focus.to_string()} onclick={dispatch(UiAction::ToggleFocus)}
                title="Focus: only the drawing (key f)">{ word(focus) }</button>
            <button id="lecture" class="icon" aria-label={lecture} aria-pressed={ui.lecture.to_string()} onclick={dispatch(UiAction::ToggleLecture)}
                title="Lecture mode: one view filling the screen, large text (key l; Esc leaves)">{ word(lecture) }</button>
        </span>
    }
}

/// What the panel shows: one result, or two compared (the Gantt charts one above the other,
/// the trees side by side, on one time scale), with the comparison's sentence and the room
/// of each drawing.
fn sides_of(state: &AppState, look: &ViewLook) -> (Vec<Side>, Option<String>, (f64, f64)) {
    let tab = state.ui.tab;
    let other = (state.ui.compare && plays(tab))
        .then(|| compared_key(state))
        .flatten();
    let Some(b) = other else {
        return (
            side(state, None, look).into_iter().collect(),
            None,
            look.size,
        );
    };
    let ta = state.model.replay(None).map(|r| r.0).unwrap_or(0.0);
    let tb = state.model.replay(Some(&b)).map(|r| r.0).unwrap_or(0.0);
    let (w, h) = look.size;
    let half = if tab == View::Gantt {
        (w, (h / 2.0 - 4.0 - SIDE_LABEL_H).max(0.0))
    } else {
        ((w / 2.0 - 6.0).max(0.0), (h - SIDE_LABEL_H).max(0.0))
    };
    // Each side is labelled with its algorithm and T: the drawings keep their room.
    let look = ViewLook {
        size: half,
        time_max: Some(ta.max(tb)),
        lanes_of: state.model.selected_key(),
        titled: false,
        step: None,
        ..look.clone()
    };
    let a = side(state, None, &look);
    let bb = side(state, Some(&b), &look);
    let line = match (&a, &bb) {
        (Some(a), Some(bb)) => Some(compare_sentence(
            (&a.name, a.replay.0),
            (&bb.name, bb.replay.0),
            state.model.time_fmt(),
        )),
        _ => None,
    };
    (a.into_iter().chain(bb).collect(), line, half)
}

/// The drawings of `sides` in `panel`, each labelled when two are compared; `None` when
/// there is none.
fn drawing_html(
    look: &ViewLook,
    panel: (f64, f64),
    sides: &[Side],
    tab: View,
    fmt: fn(f64) -> String,
) -> Option<Html> {
    let comparing = sides.len() == 2;
    let drawings: Vec<Html> = sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let moving = s.motion.is_some();
            let tree = tab == View::Tree;
            let drawing = scene_html(look, panel, s.scene.clone(), svg_id(tab, i), moving, tree);
            if comparing {
                html! {
                    <div class="compare-side" id={format!("compare-{}", i)}
                        data-key={s.key.clone().unwrap_or_default()}>
                        <div class="compare-label" id={format!("compare-label-{}", i)}>{ side_label(s, fmt) }</div>
                        { drawing }
                    </div>
                }
            } else {
                drawing
            }
        })
        .collect();
    (!drawings.is_empty()).then(|| {
        if comparing {
            html! { <div class={classes!("compare", (tab == View::Gantt).then_some("stacked"))}>{ for drawings }</div> }
        } else {
            html! { <>{ for drawings }</> }
        }
    })
}

/// What the player moves in each side's drawing: its motion and, when two are compared, the
/// nodes that hold the message later than on the other side.
fn shown_of(state: &AppState, sides: &[Side]) -> Vec<Shown> {
    let tab = state.ui.tab;
    let comparing = sides.len() == 2;
    let message = state.model.tree_message().filter(|_| tab == View::Tree);
    sides
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
        .collect()
}

/// The player of `sides` (at least one): every side's events; with one result its steps,
/// the model's extras and, while `stepping`, its step tables.
fn player_html(state: &StateHandle, sides: &[Side], stepping: bool) -> Html {
    let ui = &state.ui;
    let comparing = sides.len() == 2;
    let screen = state.model.screen();
    let shown = shown_of(state, sides);
    let total = sides.iter().map(|s| s.replay.0).fold(0.0, f64::max);
    let events =
        hetcast_core::order::sorted_distinct(sides.iter().flat_map(|s| s.replay.1.iter().copied()));
    let (steps, pseudo) = if comparing {
        (Vec::new(), &[][..])
    } else {
        state.model.steps(None).unwrap_or_default()
    };
    let s = state.clone();
    let on_mode = Callback::from(move |m: Mode| s.dispatch(Action::Ui(UiAction::SetMode(m))));
    let s = state.clone();
    let on_step = (!comparing)
        .then(|| Callback::from(move |d: usize| s.dispatch(Action::Ui(UiAction::StepShown(d)))));
    let more = if comparing {
        html! {}
    } else {
        screen.player_extras(state)
    };
    // A dynamic program's tables (Lemma 5), while its steps are shown.
    let dp = stepping.then(|| screen.step_tables()).flatten();
    html! {
        <Player {shown} {total} {more} {dp} events={Rc::new(events)} steps={Rc::new(steps)} {pseudo}
            algo={AttrValue::from(sides[0].name.clone())} fmt={TimeFmt(state.model.time_fmt())}
            mode={ui.mode} {on_mode} {on_step} keys={!ui.help && !ui.experiments}
            start_at={ui.start_at} />
    }
}

/// The id of the `<svg>` of drawing `i` (0, or 1 for the second of a comparison) of `tab`.
pub fn svg_id(tab: View, i: usize) -> String {
    if i == 0 {
        format!("scene-{}", tab.key())
    } else {
        format!("scene-{}-b", tab.key())
    }
}

/// The comparison's sentence, each side by name: "Greedy: 10, 1 later than Optimum: 9."
pub fn compare_sentence(a: (&str, f64), b: (&str, f64), fmt: fn(f64) -> String) -> String {
    let ((na, ta), (nb, tb)) = (a, b);
    let d = ta - tb;
    let verdict = if d.abs() <= 1e-9 * ta.abs().max(1.0) {
        "the same as".to_string()
    } else if d > 0.0 {
        format!("{} later than", fmt(d))
    } else {
        format!("{} earlier than", fmt(-d))
    };
    format!("{na}: {}, {verdict} {nb}: {}.", fmt(ta), fmt(tb))
}

/// The label over one side of a comparison: its algorithm and T.
fn side_label(s: &Side, fmt: fn(f64) -> String) -> String {
    format!("{}: T = {}", s.name, fmt(s.replay.0))
}

/// Room taken by the label over each side of a comparison (px).
const SIDE_LABEL_H: f64 = 34.0;

/// The bar over a comparison: what is compared with what (a menu), and the difference.
fn compare_bar(state: &StateHandle, sides: &[Side], line: Option<String>) -> Html {
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

/// The CSS class of message `k`'s colour swatch in the editor ("swatch-mc0" .. "swatch-mc7").
pub fn message_swatch_class(k: usize) -> String {
    format!("swatch-{}", hetcast_core::layout::style::message_class(k))
}

#[cfg(test)]
mod tests {
    use super::compare_sentence;

    #[test]
    fn the_comparison_names_both_sides() {
        let f = crate::util::fmt_time;
        assert_eq!(
            compare_sentence(("Greedy", 10.0), ("Optimum", 9.0), f),
            "Greedy: 10, 1 later than Optimum: 9."
        );
        assert_eq!(
            compare_sentence(("Optimum", 9.0), ("Greedy", 10.0), f),
            "Optimum: 9, 1 earlier than Greedy: 10."
        );
        assert_eq!(
            compare_sentence(("A", 5.0), ("B", 5.0), f),
            "A: 5, the same as B: 5."
        );
    }
}
