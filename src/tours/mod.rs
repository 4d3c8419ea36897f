//! Tours: a guided path through a paper's argument, like slides. A tour is a sequence of
//! stops; each stop is a deep link ([`crate::deep_link`]: example, algorithm, view, t,
//! compare, mode) with a note of one to three sentences. PageDown / PageUp (or the bar's
//! arrows) move between stops; a tour starts in lecture mode.
//!
//! The tours of the five papers are JSON files in `tours/` of the repository, built into the
//! app ([`builtin`]) and listed in the gallery menu; a user can write one in the same format
//! (docs/formats.md, section 8), import it (the Import button), and share it as a link (the
//! Share menu) (`#tour=ID` for a built-in tour, `#tour=~PAYLOAD` for
//! any other, its JSON compressed as in share links; `&stop=N` opens stop N).
//!
//! [`parse`] validates a tour completely (every stop opened once) and says what is wrong,
//! stop by stop.

mod bar;

pub use bar::{gallery_group, import, start_from_gallery, TourBar, TourContext, TourLink};

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::deep_link;
use crate::state::{AppState, Ui};

/// The `format` field of a tour file.
pub const FORMAT: &str = "hetcast-tour";
/// The version of the format this build reads.
pub const VERSION: u32 = 1;
/// Longest note of a stop, in characters (exclusive).
pub const MAX_NOTE: usize = 300;
/// Most sentences in a note.
pub const MAX_SENTENCES: usize = 3;
/// Longest title (of a tour or a stop), in characters.
pub const MAX_TITLE: usize = 80;
/// Most stops in a tour.
pub const MAX_STOPS: usize = 40;
/// What the fragment of a tour link starts with.
pub const HASH_PREFIX: &str = "#tour=";

/// One stop: where the app goes, and what to say there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stop {
    /// Its title, shown in the bar.
    pub title: String,
    /// A deep link without its `#`: `example=lh-fig1&algo=greedy&view=gantt&t=3`.
    pub link: String,
    /// One to three sentences, under [`MAX_NOTE`] characters.
    pub note: String,
}

/// A tour (the JSON file).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tour {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// Short name: letters, digits and `-` (links, the menu's ids).
    pub id: String,
    /// Its title, in the gallery menu and the bar.
    pub title: String,
    /// The paper it follows, in words.
    #[serde(default)]
    pub paper: String,
    /// The stops, in order.
    pub stops: Vec<Stop>,
}

/// The built-in tours' files, one per paper, in the papers' order in the menu.
const BUILTIN: [&str; 5] = [
    include_str!("../../tours/000-libeskind-hadas.json"),
    include_str!("../../tours/004-liu-wang-guo.json"),
    include_str!("../../tours/001-wu-yeh-liu.json"),
    include_str!("../../tours/002-beaumont.json"),
    include_str!("../../tours/003-gonzalez.json"),
];

thread_local! {
    static BUILT: Vec<Rc<Tour>> = BUILTIN
        .iter()
        .filter_map(|t| read(t, false).ok())
        .map(Rc::new)
        .collect();
}

/// The built-in tours, read once; their stops are not opened here (the tests open each).
pub fn builtin() -> Vec<Rc<Tour>> {
    BUILT.with(|b| b.clone())
}

/// The built-in tour `id`.
pub fn builtin_tour(id: &str) -> Option<Rc<Tour>> {
    builtin().into_iter().find(|t| t.id == id)
}

/// The number of sentences of `text`: ends of sentence (`.`, `!`, `?` at the end, or before a
/// space and a capital letter or a digit), so "et al. show" and "T = 2.5" do not end one.
pub fn sentences(text: &str) -> usize {
    let chars: Vec<char> = text.trim().chars().collect();
    let mut n = 0;
    for (i, c) in chars.iter().enumerate() {
        if !matches!(c, '.' | '!' | '?') {
            continue;
        }
        let last = i + 1 == chars.len();
        let next_starts = chars.get(i + 1) == Some(&' ')
            && chars
                .get(i + 2)
                .is_some_and(|d| d.is_uppercase() || d.is_ascii_digit());
        if last || next_starts {
            n += 1;
        }
    }
    // A last sentence without its stop counts too.
    let open_end = chars.last().is_some_and(|c| !matches!(c, '.' | '!' | '?'));
    n + usize::from(open_end)
}

/// What is wrong with stop `stop` (problems, each in a few words); its link opened too when
/// `open` (which runs its algorithms).
fn stop_problems(stop: &Stop, open: bool) -> Vec<String> {
    let mut out = Vec::new();
    let title_len = stop.title.trim().chars().count();
    if title_len == 0 || title_len > MAX_TITLE {
        out.push(format!("its title must have 1 to {MAX_TITLE} characters"));
    }
    let len = stop.note.trim().chars().count();
    if len == 0 {
        out.push("its note is empty".into());
    } else if len >= MAX_NOTE {
        out.push(format!(
            "its note has {len} characters, {} at most",
            MAX_NOTE - 1
        ));
    }
    let n = sentences(&stop.note);
    if n > MAX_SENTENCES {
        out.push(format!(
            "its note has {n} sentences, {MAX_SENTENCES} at most"
        ));
    }
    match deep_link::parse(&stop.link) {
        None => out.push(format!(
            "its link '{}' names no example (example=ID)",
            stop.link
        )),
        Some(_) if !open => {}
        Some(link) => match deep_link::open_parts(&link) {
            Err(e) => out.push(e),
            Ok((_, problems, _)) => out.extend(problems.into_iter().map(|p| format!("link: {p}"))),
        },
    }
    out
}

/// Read and check a tour file, every stop opened once: `Err` says every problem found, stop
/// by stop ("stop 2: its note has 312 characters, 299 at most").
pub fn parse(json: &str) -> Result<Tour, String> {
    read(json, true)
}

/// Read and check a tour file, its stops' links opened when `open`.
fn read(json: &str, open: bool) -> Result<Tour, String> {
    let tour: Tour =
        serde_json::from_str(json).map_err(|e| format!("This is not a tour file: {e}."))?;
    let mut problems = Vec::new();
    if tour.format != FORMAT {
        problems.push(format!("'format' must be \"{FORMAT}\""));
    }
    if tour.version != VERSION {
        problems.push(format!(
            "'version' {} is not one this build reads ({VERSION})",
            tour.version
        ));
    }
    let id_ok = !tour.id.is_empty()
        && tour.id.len() <= 40
        && tour
            .id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !id_ok {
        problems.push("'id' must be 1 to 40 letters, digits or '-'".into());
    }
    let title_len = tour.title.trim().chars().count();
    if title_len == 0 || title_len > MAX_TITLE {
        problems.push(format!("'title' must have 1 to {MAX_TITLE} characters"));
    }
    if tour.stops.is_empty() || tour.stops.len() > MAX_STOPS {
        problems.push(format!(
            "a tour has 1 to {MAX_STOPS} stops, this one {}",
            tour.stops.len()
        ));
    }
    for (i, stop) in tour.stops.iter().enumerate() {
        for p in stop_problems(stop, open) {
            problems.push(format!("stop {}: {p}", i + 1));
        }
    }
    if problems.is_empty() {
        Ok(tour)
    } else {
        Err(format!("This tour does not open: {}.", problems.join("; ")))
    }
}

/// The state stop `i` of `tour` opens, kept in the screen `around` (its panels, its size,
/// lecture mode as asked): the example, the results, the view, the time and the mode of the
/// stop's link, without a notice (the note is the bar's).
pub fn open_stop(tour: &Tour, i: usize, around: &Ui, lecture: bool) -> Result<AppState, String> {
    let stop = tour
        .stops
        .get(i)
        .ok_or_else(|| format!("The tour has no stop {}.", i + 1))?;
    let link = deep_link::parse(&stop.link)
        .ok_or_else(|| format!("Stop {}: its link names no example.", i + 1))?;
    let (mut s, _, _) = deep_link::open_parts(&link)?;
    let opened = s.ui.clone();
    s.ui = Ui {
        tab: opened.tab,
        mode: opened.mode,
        compare: opened.compare,
        compare_with: opened.compare_with,
        start_at: opened.start_at,
        lecture,
        notice: None,
        help: false,
        experiments: false,
        critical: false,
        ..around.clone()
    };
    Ok(s)
}

/// The link (a fragment) to stop `stop` (0-based) of `tour`: its id for a built-in tour,
/// else the tour itself, compressed ([`crate::share::pack`]: `Err` says why the browser
/// cannot).
pub async fn link(tour: &Tour, stop: usize) -> Result<String, String> {
    let body = match builtin_tour(&tour.id) {
        Some(b) if *b == *tour => tour.id.clone(),
        _ => format!(
            "~{}",
            crate::share::pack(&serde_json::to_string(tour).unwrap_or_default()).await?
        ),
    };
    Ok(format!("{HASH_PREFIX}{body}&stop={}", stop + 1))
}

/// The tour and stop (0-based) of a tour link's fragment, `None` when it is not one; `Err`
/// says why the tour does not open.
pub fn from_hash(hash: &str) -> Option<Result<(Rc<Tour>, usize), String>> {
    let body = hash.strip_prefix(HASH_PREFIX)?;
    let (what, stop) = match body.split_once("&stop=") {
        Some((w, s)) => (w, s.parse::<usize>().ok()),
        None => (body, Some(1)),
    };
    Some((|| {
        let tour = match what.strip_prefix('~') {
            Some(payload) => {
                let json = crate::share::unpack(payload)
                    .map_err(|e| format!("This tour link does not open: {e}."))?;
                Rc::new(parse(&json)?)
            }
            None => builtin_tour(what)
                .ok_or_else(|| format!("There is no tour '{what}' in this build."))?,
        };
        let stop = stop
            .filter(|&s| s >= 1 && s <= tour.stops.len())
            .ok_or_else(|| format!("The tour link names no stop of '{}'.", tour.title))?;
        Ok((tour, stop - 1))
    })())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
