//! The views of the selected result: Tree, Gantt (both Scenes drawn by
//! [`SceneView`](crate::components::scene_view::SceneView)) and Trace.

use hetcast_core::catalog::Catalog;
use std::rc::Rc;

use crate::components::scene_view::SceneView;
use crate::components::StateProps;
use crate::multi::MultiRunOk;
use crate::state::{Action, AppState, RunOk, Tab};
use crate::util::fmt_time;
use hetcast_core::layout::multi_gantt;
use hetcast_core::layout::{gantt, multi_tree, tree, Scene};
use hetcast_core::models::multi::{MultiInstance, Op};
use hetcast_core::models::overhead::Instance;
use hetcast_core::units::fmt_us;
use yew::prelude::*;

/// Narrowest Gantt chart laid out; a narrower view scales it down.
pub const MIN_GANTT_W: f64 = 640.0;

/// Width to lay the Gantt chart out for, given the measured view width (0 = not measured).
pub fn gantt_width(view_width: f64) -> f64 {
    if view_width > 0.0 {
        (view_width - 8.0).max(MIN_GANTT_W).floor()
    } else {
        gantt::GanttOptions::default().width
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
fn fitted_gantt(view: (f64, f64), fit: bool, lay_out: impl Fn(f64) -> Scene) -> Scene {
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

/// The Scene of `tab` for a successful run of the algorithm named `algo`, if the tab draws
/// one; its heading and title name the algorithm, the view, the instance and T
/// ([`tree::heading`], [`gantt::heading`]). The Gantt chart is laid out for the view: at the
/// view's width (drawn at 100%), or, when `fit` and the view height is known, at the width
/// whose aspect ratio matches the view, so that it fills the view when scaled.
pub fn scene_of(
    inst: &Instance,
    run: &RunOk,
    algo: &str,
    tab: Tab,
    view: (f64, f64),
    fit: bool,
) -> Option<Scene> {
    match tab {
        Tab::Tree => Some(tree::tree_scene(
            inst,
            &run.schedule,
            &tree::TreeOptions {
                title: tree::heading(algo, inst, &run.schedule),
                ..Default::default()
            },
        )),
        Tab::Gantt => Some(fitted_gantt(view, fit, |width| {
            let opts = gantt::GanttOptions {
                width,
                title: gantt::heading(algo, inst, &run.schedule),
                ..Default::default()
            };
            gantt::gantt_scene(inst, &run.schedule, &opts)
        })),
        Tab::Trace => None,
    }
}

/// The CSS class of message `k`'s colour swatch in the editor ("swatch-mc0" .. "swatch-mc7").
pub fn message_swatch_class(k: usize) -> String {
    format!("swatch-{}", hetcast_core::layout::style::message_class(k))
}

/// The Scene of `tab` for a successful many-source run of the algorithm named `algo`: the
/// Gantt chart (laid out for the view as [`scene_of`] does) or the tree of message `msg`;
/// None for the Tasks tab. Headings and titles name the algorithm, the view, the instance
/// and T ([`multi_gantt::heading`], [`multi_tree::heading`]).
pub fn multi_scene_of(
    inst: &MultiInstance,
    run: &MultiRunOk,
    algo: &str,
    tab: Tab,
    view: (f64, f64),
    fit: bool,
    msg: usize,
) -> Option<Scene> {
    match tab {
        Tab::Tree => Some(multi_tree::multi_tree_scene(
            inst,
            &run.schedule,
            msg,
            &multi_tree::MultiTreeOptions {
                title: multi_tree::heading(algo, inst, &run.schedule, msg),
            },
        )),
        Tab::Gantt => Some(fitted_gantt(view, fit, |width| {
            let opts = multi_gantt::MultiGanttOptions {
                width,
                title: multi_gantt::heading(algo, inst, &run.schedule),
            };
            multi_gantt::multi_gantt_scene(inst, &run.schedule, &opts)
        })),
        Tab::Trace => None,
    }
}

/// The Scene on screen: the current tab of the selected result, if it draws one.
pub fn current_scene(state: &AppState) -> Option<Scene> {
    if state.multi_mode {
        let row = state.selected_multi()?;
        let ok = row.outcome.as_ref().ok()?;
        return multi_scene_of(
            &state.multi,
            ok,
            row.algo.short(),
            state.tab,
            (state.view_width, state.view_height),
            state.fit,
            state.tree_msg,
        );
    }
    let row = state.selected_row()?;
    let ok = row.outcome.as_ref().ok()?;
    scene_of(
        &state.instance,
        ok,
        &row.title(),
        state.tab,
        (state.view_width, state.view_height),
        state.fit,
    )
}

/// File name of an export of the current view: `hetcast-{algorithm}-{view}.{ext}`, e.g.
/// `hetcast-greedy-gantt.svg` (the file's title gives the algorithm and T).
pub fn export_name(state: &AppState, ext: &str) -> String {
    if state.multi_mode {
        let algo = state.multi_selected.map(|a| a.key()).unwrap_or("none");
        return format!("hetcast-{algo}-{}.{ext}", state.tab.key());
    }
    let algo = state
        .selected_row()
        .map(|r| match r.algo {
            hetcast_core::models::overhead::algo::Algorithm::Random => {
                format!("{}-seed{}", r.algo.key(), r.seed)
            }
            a => a.key().to_string(),
        })
        .unwrap_or_else(|| "none".into());
    format!("hetcast-{algo}-{}.{ext}", state.tab.key())
}

/// The Tasks view of a many-source run: every node's task list in order, with its times.
fn tasks_view(inst: &MultiInstance, run: &MultiRunOk) -> Html {
    let s = &run.schedule;
    let find = |msg: usize, to: usize| s.transfers.iter().find(|t| t.msg == msg && t.to == to);
    let rows = run.plan.tasks.iter().enumerate().map(|(v, list)| {
        let tasks = list.iter().map(|t| {
            let colour = message_swatch_class(t.msg);
            let (text, times) = match t.op {
                Op::Send => (
                    format!("send m{} → P{}", t.msg, t.peer),
                    find(t.msg, t.peer)
                        .map(|x| format!("{}–{}", fmt_us(x.send_start), fmt_us(x.send_end)))
                        .unwrap_or_default(),
                ),
                Op::Recv => (
                    format!("recv m{} ← P{}", t.msg, t.peer),
                    find(t.msg, v)
                        .map(|x| {
                            let wait = x.recv_start - x.recv_issue;
                            format!(
                                "{}–{}{}",
                                fmt_us(x.recv_start),
                                fmt_us(x.recv_end),
                                if wait > 0.0 {
                                    format!(", waited {}", fmt_us(wait))
                                } else {
                                    String::new()
                                }
                            )
                        })
                        .unwrap_or_default(),
                ),
            };
            html! {
                <li class={classes!("task", colour)}>
                    <span class="task-op">{ text }</span>
                    <span class="step-times">{ format!(" {times}") }</span>
                </li>
            }
        });
        html! {
            <tr id={format!("tasks-{v}")}>
                <th scope="row">{ multi_gantt::lane_label(inst, v) }</th>
                <td><ol class="tasks">{ for tasks }</ol></td>
            </tr>
        }
    });
    html! {
        <div class="tasks-view" id="trace">
            <p class="hint small">{"Each node runs its list in order. Sends are non-blocking (the node is busy S only); a receive blocks until the message is there, then takes R."}</p>
            <table class="tasks-table"><tbody>{ for rows }</tbody></table>
        </div>
    }
}

fn trace_view(run: &RunOk) -> Html {
    let steps = &run.solution.trace;
    if steps.is_empty() {
        return html! {
            <p class="hint" id="trace-empty">{"This algorithm records no steps; its schedule is in the Tree and Gantt views."}</p>
        };
    }
    html! {
        <ol class="trace" id="trace">
            { for steps.iter().map(|s| html! {
                <li>
                    <span class="step-text">{ s.text.clone() }</span>
                    <span class="step-times">{ format!(" [send {}–{}, holds the message at {}]", fmt_time(s.send_start), fmt_time(s.send_end), fmt_time(s.receiver_ready)) }</span>
                </li>
            }) }
        </ol>
    }
}

/// A scene in the panel: at 100% (scroll bars when larger), or, in fit mode, scaled to fill
/// the panel, or, when that would make its text too small to read, at a readable size with
/// scroll bars ([`fit_size`]).
fn scene_html(state: &AppState, scene: Scene) -> Html {
    let id = format!("scene-{}", state.tab.key());
    let size = if state.fit {
        fit_size(
            scene.width,
            scene.height,
            state.view_width,
            state.view_height,
        )
    } else {
        None
    };
    let class = match (state.fit, size) {
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
    let panel_ref = use_node_ref();
    {
        // Measure the panel after every render that may change its size (panels shown or
        // hidden, results, the notice line) and on resize.
        let panel_ref = panel_ref.clone();
        let dispatcher = state.dispatcher();
        let known = (state.view_width, state.view_height);
        let deps = (
            state.side,
            state.focus,
            state.table_open,
            state.results.len(),
            state.notice.is_some(),
            state.selected,
            state.tab,
            known,
            state.multi_mode,
            state.multi_selected,
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
            if let Some(size) = measure() {
                if changed(size, known) {
                    dispatcher.dispatch(Action::SetViewSize(size.0, size.1));
                }
            }
            let last = std::rc::Rc::new(std::cell::Cell::new(known));
            let listener =
                gloo::events::EventListener::new(&gloo::utils::window(), "resize", move |_| {
                    if let Some(size) = measure() {
                        if changed(size, last.get()) {
                            last.set(size);
                            dispatcher.dispatch(Action::SetViewSize(size.0, size.1));
                        }
                    }
                });
            move || drop(listener)
        });
    }
    let tabs = Tab::ALL.iter().enumerate().map(|(i, &t)| {
        let s = state.clone();
        let selected = state.tab == t;
        let onclick = Callback::from(move |_: MouseEvent| s.dispatch(Action::SetTab(t)));
        html! {
            <button role="tab" id={format!("tab-{}", t.key())} class={classes!("tab", selected.then_some("active"))}
                aria-selected={selected.to_string()} aria-controls="view-panel" {onclick}>
                <kbd>{ i + 1 }</kbd>{" "}{ if state.multi_mode && t == Tab::Trace { "Tasks" } else { t.title() } }
            </button>
        }
    });
    let multi_body = || match state.selected_multi() {
        None => html! {
            <p class="hint">{"Run an algorithm (key "}<kbd>{"r"}</kbd>{" runs FEF, ECF, WR and WRP) and select a result to see its schedule."}</p>
        },
        Some(row) => match &row.outcome {
            Err(m) => {
                html! { <p class="field-error">{ format!("⚠ {}: {m}", row.algo.short()) }</p> }
            }
            Ok(ok) => match current_scene(state) {
                Some(scene) => scene_html(state, scene),
                None => tasks_view(&state.multi, ok),
            },
        },
    };
    let body = if state.multi_mode {
        multi_body()
    } else {
        match state.selected_row() {
            None => html! {
                <p class="hint">{"Run an algorithm (key "}<kbd>{"r"}</kbd>{" runs all) and select a result to see its schedule."}</p>
            },
            Some(row) => match &row.outcome {
                Err(m) => {
                    html! { <p class="field-error">{ format!("⚠ {}: {m}", row.title()) }</p> }
                }
                Ok(ok) => match current_scene(state) {
                    Some(scene) => scene_html(state, scene),
                    None => trace_view(ok),
                },
            },
        }
    };
    let on_focus = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::ToggleFocus))
    };
    let on_fit = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::ToggleFit))
    };
    let caption = if state.multi_mode {
        state
            .selected_multi()
            .map(|r| {
                format!(
                    "{}: T = {}",
                    r.algo.short(),
                    r.time().map(fmt_us).unwrap_or_else(|| "—".into())
                )
            })
            .unwrap_or_default()
    } else {
        state
            .selected_row()
            .map(|r| {
                format!(
                    "{}: T = {}",
                    r.title(),
                    r.time().map(fmt_time).unwrap_or_else(|| "—".into())
                )
            })
            .unwrap_or_default()
    };
    let msg_select = if state.multi_mode && state.tab == Tab::Tree {
        let s = state.clone();
        let onchange = Callback::from(move |e: Event| {
            let sel: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(k) = sel.value().parse::<usize>() {
                s.dispatch(Action::SetTreeMessage(k));
            }
        });
        // On its own line under the tab strip, so that the caption keeps its room.
        html! {
            <div class="tree-msg">
                <label for="tree-msg">{"Tree of message"}</label>
                <select id="tree-msg" {onchange} title="The tree this message followed (key m: next message)">
                    { for (0..state.multi.messages.len()).map(|k| html! {
                        <option value={k.to_string()} selected={k == state.tree_msg}>
                            { format!("m{k} from {}", state.multi.label(state.multi.messages[k].source)) }
                        </option>
                    }) }
                </select>
            </div>
        }
    } else {
        html! {}
    };
    html! {
        <section class="view" aria-label="Views">
            <div class="tabs" role="tablist" aria-label="Views">
                { for tabs }
                <span class="view-caption" id="view-caption">{ caption }</span>
                <button id="fit" class="icon" onclick={on_fit}
                    title="Drawing size: fitted to the panel, or 100% with scroll bars (key v)">{ if state.fit { "Size: fit" } else { "Size: 100%" } }</button>
                <button id="focus" class="icon" aria-pressed={state.focus.to_string()} onclick={on_focus}
                    title="Focus: only the drawing (key f)">{ if state.focus { "Exit focus" } else { "Focus" } }</button>
            </div>
            { msg_select }
            <div role="tabpanel" id="view-panel" class="view-panel" tabindex="0" ref={panel_ref}
                aria-labelledby={format!("tab-{}", state.tab.key())}>
                { body }
            </div>
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
