//! The Export menu: the instance as JSON, the current view as PNG (for slides) or SVG, the selected schedule as
//! Chrome Trace Event JSON, its tree as Graphviz DOT, the results table as CSV. Files are named
//! `hetcast-{algorithm}-{view or contents}.{ext}`.

use yew::prelude::*;

use super::menu::Menu;
use super::StateProps;
use crate::state::{Action, AppState, Notice, UiAction};
use crate::{exports, png, util, views};

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
    let on_svg = text_file(|s| {
        let scene = views::current_scene(s)?;
        Some((
            views::export_name(s, "svg"),
            "image/svg+xml",
            hetcast_core::layout::svg::to_svg(&scene),
        ))
    });
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
        let (s, open) = (state.clone(), open.clone());
        Callback::from(move |_: MouseEvent| {
            open.set(false);
            let Some(scene) = views::current_scene(&s) else {
                return;
            };
            let name = views::export_name(&s, "png");
            let svg = hetcast_core::layout::svg::to_svg(&scene);
            let s = s.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let done = png::svg_to_png(&svg, scene.width, scene.height)
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
    let drawn = scene.is_some();
    let scheduled = exports::trace_events(&state.model).is_some();
    let has_rows = exports::results(&state.model).is_some();
    html! {
        <Menu id="export" label="Export" open={open.clone()}
            title="Download the instance (JSON), the current view (PNG, SVG), the schedule (Trace Event JSON), the tree (DOT) or the results (CSV)">
            { item("export-json", "Instance JSON", "what the editor holds, to import again or run with hetcast", true, on_json) }
            { item("export-png", "PNG picture", "the current view at 2× size, for slides", drawn, on_png) }
            { item("export-svg", "SVG drawing", "the current view, sharp at any size", drawn, on_svg) }
            { item("export-trace", "Trace Event JSON", "the schedule, for chrome://tracing or Perfetto", scheduled, on_trace) }
            { item("export-dot", "Graphviz DOT", "the tree of the selected result", scheduled, on_dot) }
            { item("export-csv", "CSV table", "every result: time, lower bound, ratio", has_rows, on_csv) }
            if !drawn {
                <p class="hint small" id="export-hint">{"Run an algorithm and show its Tree or Gantt view for the pictures."}</p>
            }
        </Menu>
    }
}
