//! The Export menu's files of the selected result, made with the core's writers
//! ([`hetcast_core::export`]): Chrome Trace Event JSON of the schedule, Graphviz DOT of the
//! tree (the many-source model: of the message the Tree view shows), CSV of the results table,
//! the current view as an animated SVG ([`animated`]).
//! File names follow `hetcast-{algorithm}-{what}.{ext}` ([`file_name`]).

use hetcast_core::export::animated::{animated_svg, AnimOptions, Track};
use hetcast_core::export::csv::results_csv;
use hetcast_core::layout::frame;
use hetcast_core::layout::svg::SvgOptions;
use hetcast_core::models::View;

use crate::models::ModelState;
use crate::plan_import::EDITED_TITLE;
use crate::state::AppState;

/// `hetcast-{instance}-{algorithm}-{what}.{ext}`: the instance ([`instance_slug`]), the
/// selected result's key (`greedy`, `random-seed7`, `edited`), then what the file holds
/// (`tree`, `gantt`, `trace-events`, `results`).
pub fn file_name(state: &AppState, what: &str, ext: &str) -> String {
    format!(
        "hetcast-{}-{}-{what}.{ext}",
        instance_slug(state),
        state.model.export_key()
    )
}

/// The name of a figure of the current view: `hetcast-{instance}-{algorithm}-{view}.{ext}`,
/// `...-{algorithm}-vs-{other}-{view}.{ext}` for a comparison; `-animated` after the view
/// for an animated one.
pub fn figure_name(s: &AppState, animated: bool, ext: &str) -> String {
    let view = format!(
        "{}{}",
        s.ui.tab.key(),
        if animated { "-animated" } else { "" }
    );
    match crate::views::compared_key(s).filter(|_| s.ui.compare && crate::views::plays(s.ui.tab)) {
        Some(other) => file_name(s, &format!("vs-{other}-{view}"), ext),
        None => file_name(s, &view, ext),
    }
}

/// True when the current view moves when played (the player draws over it): a Gantt chart,
/// a tree whose model says what moves in it.
pub fn animates(s: &AppState) -> bool {
    match s.ui.tab {
        View::Gantt => s.model.replay(None).is_some(),
        View::Tree => s.model.motion(None).is_some_and(|m| !m.nodes.is_empty()),
        _ => false,
    }
}

/// The drawings of the current view's animated figure: the figure [`crate::views::figure`]
/// makes (`width` px, with or without its heading; two results compared one above the
/// other, a box that holds the message later than on the other side marked) and what moves
/// in each, with the completion time played (the longer of two). `None` without a drawing.
pub fn animated_tracks(s: &AppState, width: f64, titled: bool) -> Option<(Vec<Track>, f64)> {
    let sides = crate::views::figure_sides(s, width, titled)?;
    let tree = s.ui.tab == View::Tree;
    let message = s.model.tree_message().filter(|_| tree);
    let motions: Vec<_> = sides
        .iter()
        .map(|(pick, _)| tree.then(|| s.model.motion(pick.as_deref())).flatten())
        .collect();
    let total = sides
        .iter()
        .filter_map(|(pick, _)| s.model.replay(pick.as_deref()))
        .map(|r| r.0)
        .fold(0.0, f64::max);
    let mut tracks: Vec<Track> = sides
        .into_iter()
        .zip(&motions)
        .map(|((_, scene), m)| Track::new(scene, m.as_ref(), message))
        .collect();
    if let [Some(a), Some(b)] = &motions[..] {
        tracks[0].later = frame::later(a, b);
        tracks[1].later = frame::later(b, a);
    }
    Some((tracks, total))
}

/// The current view as an animated SVG (see [`hetcast_core::export::animated`]): the figure
/// of [`animated_tracks`], played at `speed` (the player's), looped or once. `None` without
/// a drawing; the core's sentence when nothing moves in it.
pub fn animated(
    s: &AppState,
    width: f64,
    titled: bool,
    speed: f64,
    looped: bool,
) -> Option<Result<String, String>> {
    let (tracks, total) = animated_tracks(s, width, titled)?;
    let opts = AnimOptions {
        speed,
        looped,
        svg: SvgOptions {
            inline_styles: true,
            width: Some(width),
        },
    };
    Some(animated_svg(&tracks, total, &opts))
}

/// The instance's name in file names: its gallery id when it is a gallery example as given
/// (`lh-fig1`), else `instance`.
pub fn instance_slug(state: &AppState) -> String {
    let current = state.current();
    gallery_id(&current).unwrap_or("instance").to_string()
}

/// The id of the gallery example equal to `inst`, if it is one.
pub fn gallery_id(inst: &hetcast_core::AnyInstance) -> Option<&'static str> {
    hetcast_core::registry::example_id(inst)
}

/// The selected schedule as a Chrome Trace Event file (chrome://tracing, Perfetto); none
/// for a model without one (unit steps, periods).
pub fn trace_events(m: &ModelState) -> Option<String> {
    m.screen().trace_events(&m.caption())
}

/// The selected schedule's tree as Graphviz DOT (the many-source model: the tree of the
/// message the Tree view shows); none for a model whose drawing is not a tree.
pub fn tree_dot(m: &ModelState) -> Option<String> {
    m.screen().tree_dot(&m.caption())
}

/// The results table as CSV: every successful run, then the edited row (`plan`); `None`
/// without one.
pub fn results(m: &ModelState) -> Option<String> {
    let rows = m.screen().result_rows();
    (!rows.is_empty()).then(|| results_csv(&rows))
}

/// The (key, title) of a results row in the CSV: the edited row is `plan`.
pub fn csv_key(edited: bool, key: &str, title: &str) -> (String, String) {
    if edited {
        ("plan".to_string(), EDITED_TITLE.to_string())
    } else {
        (key.to_string(), title.to_string())
    }
}
