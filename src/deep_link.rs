//! Links straight into a gallery example, for slides:
//! `#example=lh-fig1&algo=greedy&view=gantt&t=6` opens the example, runs the algorithm
//! (`algo=all` runs every one), shows the view and puts the player at time t. Also:
//! `compare=optimal` (the comparison with that result), `mode=steps` (the stepper),
//! `lecture=1` (lecture mode). Other keys are the model's own, opened after those
//! ([`crate::models::Screen::open_link_key`], e.g. `exchange=K`: a walk at its step K). A key
//! neither knows, or a value it cannot use, is said in the notice; the rest of the link still
//! applies.

use hetcast_core::models::View;
use hetcast_core::AnyInstance;

use crate::models::ModelAction;
use crate::state::ui::Mode;
use crate::state::{Action, AppState, Notice, UiAction};

/// The fragment's key that asks for embed mode (`embed=1`; `embed=0` is the whole app): read
/// by [`crate::embed`], passed over here.
pub const EMBED_KEY: &str = "embed";

/// What a link asks for.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Link {
    /// Gallery id.
    pub example: String,
    /// Algorithm key, or "all".
    pub algo: Option<String>,
    /// View key.
    pub view: Option<String>,
    /// Player time.
    pub t: Option<f64>,
    /// Result compared with.
    pub compare: Option<String>,
    /// Stepper instead of playback.
    pub steps: bool,
    /// Lecture mode.
    pub lecture: bool,
    /// The other keys and their values, in order: the model on screen's own
    /// ([`open_model_keys`]).
    pub keys: Vec<(String, String)>,
    /// What could not be read.
    pub problems: Vec<String>,
}

/// The link in fragment `hash` (with or without its `#`), when it names an example.
pub fn parse(hash: &str) -> Option<Link> {
    let body = hash.strip_prefix('#').unwrap_or(hash);
    if !body.split('&').any(|p| p.starts_with("example=")) {
        return None;
    }
    let mut link = Link::default();
    for part in body.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = part.split_once('=').unwrap_or((part, ""));
        let v = js_free_decode(v);
        match k {
            "example" => link.example = v,
            "algo" => link.algo = Some(v),
            "view" => link.view = Some(v),
            "t" => match v.parse::<f64>() {
                Ok(t) if t.is_finite() && t >= 0.0 => link.t = Some(t),
                _ => link
                    .problems
                    .push(format!("t = '{v}' is not a time (a number ≥ 0)")),
            },
            "compare" => link.compare = Some(v),
            "mode" if v == "steps" => link.steps = true,
            "mode" if v == "time" => link.steps = false,
            "lecture" => link.lecture = v != "0",
            // Embed mode is read by crate::embed before the link is opened.
            EMBED_KEY => {}
            _ => link.keys.push((k.to_string(), v)),
        }
    }
    Some(link)
}

/// The model's own keys after the shell's: `&exchange=2` (none: empty), from
/// [`crate::models::Screen::link_keys`].
pub fn model_keys_text(keys: &[(&'static str, String)]) -> String {
    keys.iter().map(|(k, v)| format!("&{k}={v}")).collect()
}

/// The `key=value` pairs of `text` (`exchange=2&x=1`, or with a leading `&`).
pub fn pairs(text: &str) -> Vec<(String, String)> {
    text.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (k.to_string(), js_free_decode(v))
        })
        .collect()
}

/// Open the model's own `keys` on the model on screen, in order; what it does not know or
/// cannot use is returned, in words.
pub fn open_model_keys(
    model: &mut crate::models::ModelState,
    keys: &[(String, String)],
) -> Vec<String> {
    keys.iter()
        .filter_map(|(k, v)| match model.screen_mut().open_link_key(k, v) {
            None => Some(format!("'{k}' is not a link key")),
            Some(Err(e)) => Some(e),
            Some(Ok(())) => None,
        })
        .collect()
}

/// `%20`-style escapes decoded (ids and keys are plain ASCII; this only spares a pasted
/// link's escaped spaces).
fn js_free_decode(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() && v.is_char_boundary(i + 3) {
            if let Ok(b) = u8::from_str_radix(&v[i + 1..i + 3], 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(if bytes[i] == b'+' { b' ' } else { bytes[i] });
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The gallery example `id` of any model.
pub fn example(id: &str) -> Option<(AnyInstance, &'static str)> {
    hetcast_core::registry::example(id).map(|e| (e.instance, e.title))
}

/// The run of algorithm `key` on the model on screen, if it has one of that key.
fn run_action(state: &AppState, key: &str) -> Option<Action> {
    state.model.screen().run_action(key).map(Action::Model)
}

/// The state a link opens: `Err` with the reason when it names no example.
pub fn open(link: &Link) -> Result<AppState, String> {
    let (mut s, problems, title) = open_parts(link)?;
    let said = if problems.is_empty() {
        format!("Opened the link to '{title}'.")
    } else {
        format!(
            "Opened the link to '{title}'; ignored: {}.",
            problems.join("; ")
        )
    };
    s.ui.notice = Some(if problems.is_empty() {
        Notice::info(said)
    } else {
        Notice::error(said)
    });
    Ok(s)
}

/// The state a link opens, what of it could not be used, and the example's title; `Err`
/// with the reason when it names no example.
pub fn open_parts(link: &Link) -> Result<(AppState, Vec<String>, &'static str), String> {
    let (inst, title) = example(&link.example).ok_or_else(|| {
        format!(
            "The link names the example '{}', which is not in the gallery.",
            link.example
        )
    })?;
    let mut s = AppState::from_saved(inst);
    let mut problems = link.problems.clone();
    let mut ran = Vec::new();
    match link.algo.as_deref() {
        Some("all") => s.apply(ModelAction::RunAll),
        Some(k) => match run_action(&s, k) {
            Some(a) => {
                s.apply(a);
                ran.push(k.to_string());
            }
            None => problems.push(format!("'{k}' is not an algorithm of this model")),
        },
        None => {}
    }
    if let Some(c) = &link.compare {
        match run_action(&s, c) {
            Some(a) => {
                s.apply(a);
                // Running it selected it: select the first one again.
                if let Some(first) = ran.first().and_then(|k| run_action(&s, k)) {
                    s.apply(first);
                }
                s.apply(UiAction::CompareWith(Some(c.clone())));
            }
            None => problems.push(format!("'{c}' is not an algorithm of this model")),
        }
    }
    if let Some(v) = &link.view {
        match View::find(s.model.views(), v) {
            Some(view) => s.apply(UiAction::SetTab(view)),
            None => problems.push(format!("'{v}' is not a view of this model")),
        }
    } else if link.algo.is_some() {
        s.apply(UiAction::SetTab(s.model.views()[0]));
    }
    problems.extend(open_model_keys(&mut s.model, &link.keys));
    if link.steps {
        s.apply(UiAction::SetMode(Mode::Steps));
    }
    if link.lecture {
        s.apply(UiAction::ToggleLecture);
    }
    s.apply(UiAction::StartAt(link.t));
    Ok((s, problems, title))
}

/// The link to the example `id` as the app shows it: the selected algorithm, the view and,
/// when given, the player's time.
pub fn link_for(id: &str, algo: Option<&str>, view: View, t: Option<f64>) -> String {
    let mut s = format!("#example={id}");
    if let Some(a) = algo {
        s.push_str(&format!("&algo={a}"));
    }
    s.push_str(&format!("&view={}", view.key()));
    if let Some(t) = t {
        s.push_str(&format!("&t={}", hetcast_core::units::trimmed(t, 6)));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_issue_example() {
        let l = parse("#example=lh-fig1&algo=greedy&view=gantt&t=6").unwrap();
        assert_eq!(l.example, "lh-fig1");
        assert_eq!(l.algo.as_deref(), Some("greedy"));
        assert_eq!(l.view.as_deref(), Some("gantt"));
        assert_eq!(l.t, Some(6.0));
        assert!(l.problems.is_empty());
        assert_eq!(parse("#s=abc"), None);
        let l = parse("example=x&t=-1&zoom=2&mode=steps&lecture=1").unwrap();
        assert_eq!(l.problems.len(), 1, "{:?}", l.problems);
        assert_eq!(l.keys, [("zoom".to_string(), "2".to_string())]);
        assert_eq!(
            pairs("&exchange=2&a=b%20c"),
            [
                ("exchange".to_string(), "2".to_string()),
                ("a".to_string(), "b c".to_string())
            ]
        );
        assert_eq!(
            model_keys_text(&[("exchange", "2".into()), ("b", "c".into())]),
            "&exchange=2&b=c"
        );
        assert!(l.steps && l.lecture);
        assert_eq!(js_free_decode("a%20b+c"), "a b c");
    }

    #[test]
    fn opens_the_example_runs_and_shows() {
        let l = parse("#example=lh-fig1&algo=greedy&view=gantt&t=6&compare=optimal").unwrap();
        let mut s = open(&l).unwrap();
        // The optimum comes from the web worker; greedy stays selected.
        s.answer_workers();
        assert_eq!(s.ui.tab, View::Gantt);
        assert_eq!(s.ui.start_at, Some(6.0));
        assert!(s.ui.compare);
        assert_eq!(s.model.selected_key().as_deref(), Some("greedy"));
        let times: Vec<f64> = s.model.succeeded().iter().map(|r| r.2).collect();
        assert_eq!(times, [10.0, 9.0]);
        assert!(open(&parse("#example=nope").unwrap()).is_err());
        assert_eq!(
            link_for("lh-fig1", Some("greedy"), View::Gantt, Some(6.0)),
            "#example=lh-fig1&algo=greedy&view=gantt&t=6"
        );
    }
}
