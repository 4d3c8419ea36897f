//! The Export menu: the instance as JSON, the current view as PNG (for slides), SVG or animated SVG, the selected schedule as
//! Chrome Trace Event JSON, its tree as Graphviz DOT, the results table as CSV. Files are named
//! `hetcast-{algorithm}-{view or contents}.{ext}`.

use yew::prelude::*;

use super::menu::Menu;
use super::{StateHandle, StateProps};
use crate::state::{Action, AppState, Notice, UiAction};
use crate::{exports, png, util, views};
use hetcast_core::layout::svg::SvgOptions;
use hetcast_core::playback::{NORMAL_SPEED, SPEEDS};

/// Width of an exported figure unless the user says otherwise, px.
pub const FIGURE_WIDTH: f64 = 1200.0;
/// Narrowest figure, px.
pub const MIN_FIGURE_WIDTH: f64 = 300.0;
/// Widest figure, px.
pub const MAX_FIGURE_WIDTH: f64 = 8000.0;

/// `hetcast-{instance}-{algorithm}-{view}.{ext}`, or `...-{algorithm}-vs-{other}-{view}` for
/// a comparison.
fn figure_name(s: &AppState, ext: &str) -> String {
    exports::figure_name(s, false, ext)
}

/// The player's speed as its menu shows it (1x when no player is on screen): the animated
/// SVG plays at it.
fn player_speed() -> f64 {
    use wasm_bindgen::JsCast;
    gloo::utils::document()
        .get_element_by_id("play-speed")
        .and_then(|e| e.dyn_into::<web_sys::HtmlSelectElement>().ok())
        .and_then(|sel| sel.value().parse::<usize>().ok())
        .and_then(|i| SPEEDS.get(i).copied())
        .unwrap_or(SPEEDS[NORMAL_SPEED])
}

fn failed(s: &UseReducerHandle<AppState>, e: impl std::fmt::Debug) {
    s.dispatch(Action::Ui(UiAction::Notify(Notice::error(format!(
        "Export failed: {e:?}"
    )))));
}

/// One item of the menu: a button with a title line and a line saying what it is for.
fn item(
    id: &'static str,
    title: &str,
    what: &str,
    enabled: bool,
    onclick: Callback<MouseEvent>,
) -> Html {
    html! {
        <button {id} class="menu-item" disabled={!enabled} {onclick}>
            <strong>{ title.to_string() }</strong>
            <span class="menu-what">{ what.to_string() }</span>
        </button>
    }
}

/// The Export menu.
#[function_component(ExportMenu)]
pub fn export_menu(p: &StateProps) -> Html {
    let state = &p.state;
    let open = use_state(|| false);
    let scene = views::current_scene(state);
    let text_file = |make: fn(&AppState) -> Option<(String, &'static str, String)>| {
        let (s, open) = (state.clone(), open.clone());
        Callback::from(move |_: MouseEvent| {
            open.set(false);
            if let Some((name, mime, text)) = make(&s) {
                if let Err(e) = util::download(&name, mime, &text) {
                    failed(&s, e);
                }
            }
        })
    };
    // The figure: its width (px) and whether it has its heading, kept while the page is open.
    let fig_width = use_state(|| FIGURE_WIDTH.to_string());
    let titled = use_state(|| true);
    let width = fig_width
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|w| (MIN_FIGURE_WIDTH..=MAX_FIGURE_WIDTH).contains(w));
    let on_svg = svg_item(state, &open, width, *titled);
    // The animated SVG: looped unless "once", at the player's speed.
    let looped = use_state(|| true);
    let on_animated = animated_item(state, &open, width, *titled, *looped);
    let on_webm = webm_item(state, &open, width, *titled);
    let on_looped = {
        let looped = looped.clone();
        Callback::from(move |_: Event| looped.set(!*looped))
    };
    let on_trace = text_file(|s| {
        Some((
            exports::file_name(s, "trace-events", "json"),
            "application/json",
            exports::trace_events(&s.model)?,
        ))
    });
    let on_dot = text_file(|s| {
        Some((
            exports::file_name(s, "tree", "dot"),
            "text/vnd.graphviz",
            exports::tree_dot(&s.model)?,
        ))
    });
    let on_csv = text_file(|s| {
        Some((
            exports::file_name(s, "results", "csv"),
            "text/csv",
            exports::results(&s.model)?,
        ))
    });
    let on_png = {
        let (s, open, titled) = (state.clone(), open.clone(), *titled);
        Callback::from(move |_: MouseEvent| {
            open.set(false);
            let Some(w) = width else { return };
            let Some(scene) = views::figure(&s, w, titled) else {
                return;
            };
            let name = figure_name(&s, "png");
            let opts = SvgOptions {
                inline_styles: false,
                width: Some(w),
            };
            let svg = hetcast_core::layout::svg::to_svg_with(&scene, &opts);
            let h = w * scene.height / scene.width.max(1.0);
            let s = s.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let done = png::svg_to_png(&svg, w, h)
                    .await
                    .and_then(|blob| util::download_blob(&name, &blob));
                if let Err(e) = done {
                    failed(&s, e);
                }
            });
        })
    };
    let on_json = {
        let (s, open) = (state.clone(), open.clone());
        Callback::from(move |_: MouseEvent| {
            open.set(false);
            if let Err(e) = util::download(
                "hetcast-instance.json",
                "application/json",
                &s.current().to_json(),
            ) {
                failed(&s, e);
            } else if s.editor_has_errors() {
                s.dispatch(Action::Ui(UiAction::Notify(Notice::info(
                    "Exported the last valid instance: the editor's marked fields are not in the file.",
                ))));
            }
        })
    };
    let drawn = scene.is_some() && width.is_some();
    let on_width = {
        let fig_width = fig_width.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            fig_width.set(input.value());
        })
    };
    let on_titled = {
        let titled = titled.clone();
        Callback::from(move |_: Event| titled.set(!*titled))
    };
    let comparing = state.ui.compare && views::compared_key(state).is_some();
    let scheduled = exports::trace_events(&state.model).is_some();
    let has_rows = exports::results(&state.model).is_some();
    html! {
        <Menu id="export" label="Export" open={open.clone()}
            title="Download the instance (JSON), the current view (PNG, SVG), the schedule (Trace Event JSON), the tree (DOT) or the results (CSV)">
            { item("export-json", "Instance JSON", "what the editor holds, to import again or run with hetcast", true, on_json) }
            <div class="figure-opts" role="group" aria-label="Figure">
                <label for="figure-width">{"Figure width "}</label>
                <input id="figure-width" type="text" inputmode="numeric" size="5" value={(*fig_width).clone()} oninput={on_width}
                    aria-invalid={width.is_none().then_some("true")}
                    title={format!("Width of the exported picture in px ({MIN_FIGURE_WIDTH}–{MAX_FIGURE_WIDTH}); not the window's")} />
                {" px "}
                <label><input id="figure-titled" type="checkbox" checked={*titled} onchange={on_titled} />{" heading"}</label>
                <label title="The animated SVG plays again after a rest of 2 s; unchecked, it plays once and stays on the whole schedule">
                    <input id="figure-loop" type="checkbox" checked={*looped} onchange={on_looped} />{" loop"}</label>
            </div>
            if width.is_none() {
                <p class="field-error small" id="figure-width-error">{ format!("The figure width is a number of px from {MIN_FIGURE_WIDTH} to {MAX_FIGURE_WIDTH}.") }</p>
            }
            { item("export-png", "PNG picture", if comparing { "both results, one time scale, 2× size, for slides" } else { "the current view at 2× size, for slides" }, drawn, on_png) }
            { item("export-svg", "SVG figure", if comparing { "both results one above the other, one time scale; styles inline" } else { "the current view, sharp at any size; styles inline" }, drawn, on_svg) }
            { item("export-animated", "Animated SVG", if comparing { "both results playing on one time scale, at the player's speed; no script" } else { "the view playing as in the player, at its speed; no script" }, drawn && exports::animates(state), on_animated) }
            { item("export-webm", "WebM video", "the player recorded in real time, at its speed", drawn && exports::animates(state), on_webm) }
            { item("export-trace", "Trace Event JSON", "the schedule, for chrome://tracing or Perfetto", scheduled, on_trace) }
            { item("export-dot", "Graphviz DOT", "the tree of the selected result", scheduled, on_dot) }
            { item("export-csv", "CSV table", "every result: time, lower bound, ratio", has_rows, on_csv) }
            if !drawn {
                <p class="hint small" id="export-hint">{"Run an algorithm and show its Tree or Gantt view for the pictures."}</p>
            }
        </Menu>
    }
}

/// A figure item of the menu: it closes the menu and, when the width typed is in range,
/// does `act` with it (nothing otherwise: the field says why).
fn figure_item(
    state: &StateHandle,
    open: &UseStateHandle<bool>,
    width: Option<f64>,
    act: impl Fn(&StateHandle, f64) + 'static,
) -> Callback<MouseEvent> {
    let (s, open) = (state.clone(), open.clone());
    Callback::from(move |_: MouseEvent| {
        open.set(false);
        if let Some(w) = width {
            act(&s, w);
        }
    })
}

/// The menu's "SVG" item: the figure `width` px wide, with or without its heading.
fn svg_item(
    state: &StateHandle,
    open: &UseStateHandle<bool>,
    width: Option<f64>,
    titled: bool,
) -> Callback<MouseEvent> {
    figure_item(state, open, width, move |s, w| {
        let Some(scene) = views::figure(s, w, titled) else {
            return;
        };
        let opts = SvgOptions {
            inline_styles: true,
            width: Some(w),
        };
        let svg = hetcast_core::layout::svg::to_svg_with(&scene, &opts);
        if let Err(e) = util::download(&figure_name(s, "svg"), "image/svg+xml", &svg) {
            failed(s, e);
        }
    })
}

/// The "Animated SVG" item: looped unless "once", at the player's speed.
fn animated_item(
    state: &StateHandle,
    open: &UseStateHandle<bool>,
    width: Option<f64>,
    titled: bool,
    looped: bool,
) -> Callback<MouseEvent> {
    figure_item(state, open, width, move |s, w| {
        match exports::animated(s, w, titled, player_speed(), looped) {
            None => {}
            Some(Err(e)) => s.dispatch(Action::Ui(UiAction::Notify(Notice::error(e)))),
            Some(Ok(svg)) => {
                let name = exports::figure_name(s, true, "svg");
                if let Err(e) = util::download(&name, "image/svg+xml", &svg) {
                    failed(s, e);
                }
            }
        }
    })
}

/// The "WebM video" item: the player recorded in real time (one round: the play, then 2 s at
/// rest).
fn webm_item(
    state: &StateHandle,
    open: &UseStateHandle<bool>,
    width: Option<f64>,
    titled: bool,
) -> Callback<MouseEvent> {
    figure_item(state, open, width, move |s, w| {
        let Some((tracks, total)) = exports::animated_tracks(s, w, titled) else {
            return;
        };
        let speed = player_speed();
        let secs = hetcast_core::playback::Timing::new(total, speed).round();
        s.dispatch(Action::Ui(UiAction::Notify(Notice::info(format!(
            "Recording the video: {} s.",
            crate::util::fmt_time(secs)
        )))));
        let name = exports::figure_name(s, true, "webm");
        let s = s.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let done = crate::components::frames::record::record(&tracks, total, speed, w)
                .await
                .and_then(|blob| util::download_blob(&name, &blob));
            match done {
                Ok(()) => s.dispatch(Action::Ui(UiAction::Notify(Notice::info(format!(
                    "Saved {name}."
                ))))),
                Err(e) => failed(&s, e),
            }
        });
    })
}
