//! What the browser keeps: the autosaved scenario ([`AUTOSAVE_KEY`]), the named scenarios
//! ([`NAMED_KEY`]) and, read only, the instance saved before scenarios existed
//! ([`crate::util::STORAGE_KEY`]); and what the app shows when it starts ([`startup`]).
//!
//! **Tabs.** The autosave is written twice: to the tab's session storage (its own, kept
//! across reloads of that tab and not seen by the others) and to local storage (the latest
//! work of any tab). A reload shows the tab's own work; a new tab, or the browser started
//! again, shows the latest. So two open tabs never take each other's work on a reload.

use std::cell::RefCell;

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::scenario::{restore, Scenario};
use crate::share;
use crate::state::{AppState, Notice};
use crate::util;

/// Local-storage key of the autosaved scenario (JSON of [`Scenario`], format version 1).
pub const AUTOSAVE_KEY: &str = "hetcast.scenario.v1";
/// Local-storage key of the named scenarios (JSON array of [`Named`]).
pub const NAMED_KEY: &str = "hetcast.scenarios.v1";
/// Where an autosave that did not read is kept, so that nothing is lost.
pub const BROKEN_KEY: &str = "hetcast.scenario.v1.unreadable";
/// Longest name of a named scenario, in characters.
pub const MAX_NAME: usize = 60;

/// A scenario saved under a name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Named {
    /// Its name, unique in the list.
    pub name: String,
    /// The scenario.
    pub scenario: Scenario,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// This tab's own storage (session storage).
fn tab_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// The autosaved work this tab shows: its own when it has some (a reload), else the latest
/// of any tab.
fn saved_work() -> Option<String> {
    tab_storage()
        .and_then(|s| s.get_item(AUTOSAVE_KEY).ok().flatten())
        .or_else(|| get(AUTOSAVE_KEY))
}

fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

fn set(key: &str, value: &str) -> Result<(), String> {
    let s = storage().ok_or("this browser keeps no local storage")?;
    s.set_item(key, value)
        .map_err(|_| "the browser refused to store it (storage full or disabled)".to_string())
}

/// Save `json` (a scenario) as this tab's autosave and as the latest of any tab (silently
/// nothing where storage is unavailable).
pub fn autosave(json: &str) {
    if let Some(s) = tab_storage() {
        let _ = s.set_item(AUTOSAVE_KEY, json);
    }
    let _ = set(AUTOSAVE_KEY, json);
}

/// How long after the last change of the state the work is autosaved (ms). Capturing the
/// scenario as JSON takes 2-10 ms with a 65-node platform and its runs: done at every change,
/// it was on the path of every click, keystroke and drag, and of every answer of a worker.
pub const AUTOSAVE_MS: u32 = 300;

/// Autosave the scenario (every model's instance, the runs, the selection, the view)
/// [`AUTOSAVE_MS`] after the last change of `state`, and at once when the page is hidden
/// (reload, closed tab, another page), so that a reload never loses the last change.
/// Writes only what differs from the last write.
#[hook]
pub fn use_autosave(state: &UseReducerHandle<AppState>) {
    let latest = use_mut_ref(|| None::<UseReducerHandle<AppState>>);
    let written = use_mut_ref(String::new);
    let renders = use_mut_ref(|| 0_u64);
    *latest.borrow_mut() = Some(state.clone());
    let render = {
        let mut n = renders.borrow_mut();
        *n += 1;
        *n
    };
    {
        let (latest, written) = (latest.clone(), written.clone());
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo::utils::window(), "pagehide", move |_| {
                save(&latest, &written)
            });
            move || drop(listener)
        });
    }
    use_effect_with(render, move |_| {
        let timer = Timeout::new(AUTOSAVE_MS, move || save(&latest, &written));
        move || drop(timer)
    });
}

/// Autosave the `latest` state if its scenario differs from `written` (the last write).
fn save(latest: &RefCell<Option<UseReducerHandle<AppState>>>, written: &RefCell<String>) {
    let Some(state) = &*latest.borrow() else {
        return;
    };
    if state.ui.embed.is_some() {
        return; // an embedded app is a view: the user's work stays as it was
    }
    let json = crate::scenario::capture(state).to_json();
    if *written.borrow() != json {
        autosave(&json);
        *written.borrow_mut() = json;
    }
}

/// Forget the autosave (this tab's and the latest), the named scenarios and the older saved
/// instance.
pub fn clear_all() {
    if let Some(s) = storage() {
        for k in [AUTOSAVE_KEY, NAMED_KEY, BROKEN_KEY, util::STORAGE_KEY] {
            let _ = s.remove_item(k);
        }
    }
    if let Some(s) = tab_storage() {
        let _ = s.remove_item(AUTOSAVE_KEY);
    }
}

/// The state the app starts with, and a notice: an embed link first ([`crate::embed`], kept in
/// the address), then a link in the address (a deep link to
/// an example, or a share link; one that does not open is said and the saved work shown
/// instead), then the autosave, then the instance saved by an older version, else the first
/// gallery example. A link applies once: it is taken off the address, so that a reload shows
/// the work (autosaved), not the link again. Saved work that does not read is said, kept under
/// [`BROKEN_KEY`], and the default example shown; never a panic.
pub fn startup() -> AppState {
    if let Some(s) = crate::embed::startup() {
        return s;
    }
    if let Some(s) = crate::handover::take() {
        return s;
    }
    let mut link_notice = None;
    if let Some(link) = share::location_hash().and_then(|h| crate::deep_link::parse(&h)) {
        share::clear_hash();
        match crate::deep_link::open(&link) {
            Ok(s) => return s,
            Err(e) => link_notice = Some(Notice::error(e)),
        }
    }
    if let Some(hash) = share::location_hash() {
        if let Some(payload) = share::payload_of(&hash) {
            share::clear_hash();
            match share::open(payload) {
                Ok(r) => {
                    let words = r.words.clone();
                    let kept = keep_before_link(payload);
                    let mut s = AppState::restored(r);
                    s.ui.notice = Some(Notice::info(format!(
                        "Opened the shared link: {words}.{kept}"
                    )));
                    return s;
                }
                Err(e) => link_notice = Some(link_error(&e)),
            }
        }
    }
    let mut s = from_storage();
    if link_notice.is_some() {
        s.ui.notice = link_notice;
    }
    s
}

/// Before a share link replaces the work: the autosaved work, when it differs from the link's,
/// is saved as a named scenario ("Before a shared link, 2026-11-23 20:35"), so that opening a
/// link never loses work. Returns what to add to the notice.
pub fn keep_before_link(payload: &str) -> String {
    let Some(text) = saved_work() else {
        return String::new();
    };
    let (Ok(before), Ok(link)) = (Scenario::from_json(&text), share::decode(payload)) else {
        return String::new();
    };
    if before == link {
        return String::new();
    }
    let when = String::from(js_sys::Date::new_0().to_iso_string());
    let name = format!(
        "Before a shared link, {}",
        when.get(..16).unwrap_or(&when).replace('T', " ")
    );
    match named().and_then(|l| store_named(&with_saved(l, &name, before))) {
        Ok(()) => format!(" Your previous work is in Scenarios as '{name}'."),
        Err(_) => String::new(),
    }
}

/// The notice of a share link that does not open.
pub fn link_error(e: &share::LinkError) -> Notice {
    Notice::error(match e {
        share::LinkError::TooLarge => {
            format!("This share link is too large: {e}. Your work is unchanged.")
        }
        share::LinkError::Damaged(why) => {
            format!("This share link is damaged or cut short ({why}). Your work is unchanged.")
        }
    })
}

fn from_storage() -> AppState {
    if let Some(text) = saved_work() {
        return match Scenario::from_json(&text).and_then(|sc| restore(&sc)) {
            Ok(r) => AppState::restored(r),
            Err(e) => {
                let _ = set(BROKEN_KEY, &text);
                unreadable(&format!(
                    "The work saved in this browser could not be read ({e})"
                ))
            }
        };
    }
    if let Some(text) = get(util::STORAGE_KEY) {
        return match hetcast_core::AnyInstance::from_json(&text) {
            Ok(inst) if inst.validate().is_ok() => AppState::from_saved(inst),
            Ok(inst) => unreadable(&format!(
                "The instance saved in this browser is not valid ({})",
                inst.validate()
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default()
            )),
            Err(e) => unreadable(&format!(
                "The instance saved in this browser could not be read ({e})"
            )),
        };
    }
    first_visit()
}

/// The first visit: Libeskind-Hadas et al.'s Figure 1 already run, greedy against the optimum,
/// said in one line with a pointer to the comparison.
pub fn first_visit() -> AppState {
    let mut s = AppState::first();
    // The first example is about one comparison (greedy against the optimum): both run, the
    // first selected.
    let first = &hetcast_core::registry::examples()[0];
    if let Some((shown, with)) = first.compare {
        for key in [with, shown] {
            if let Some(run) = s.model.screen().run_action(key) {
                s.apply(run);
            }
        }
    }
    s.ui.notice = Some(Notice::welcome(
        "Figure 1 of Libeskind-Hadas et al.: greedy completes at 10, the optimum at 9. c compares them, Space plays, ? helps.",
    ));
    s
}

fn unreadable(what: &str) -> AppState {
    let mut s = AppState::first();
    s.ui.notice = Some(Notice::error(format!(
        "{what}; showing the first gallery example. The unreadable text is kept in local storage under {BROKEN_KEY}."
    )));
    s
}

/// The named scenarios (an unreadable list is an error, never dropped silently).
pub fn named() -> Result<Vec<Named>, String> {
    match get(NAMED_KEY) {
        None => Ok(Vec::new()),
        Some(text) => serde_json::from_str(&text)
            .map_err(|e| format!("the saved scenarios could not be read ({e})")),
    }
}

/// Store the named scenarios.
pub fn store_named(list: &[Named]) -> Result<(), String> {
    set(NAMED_KEY, &serde_json::to_string(list).unwrap_or_default())
}

/// A name as kept: trimmed, inner runs of spaces as one, at most [`MAX_NAME`] characters; an
/// error when empty.
pub fn clean_name(name: &str) -> Result<String, String> {
    let n: String = name.split_whitespace().collect::<Vec<_>>().join(" ");
    if n.is_empty() {
        return Err("Type a name first.".into());
    }
    Ok(n.chars().take(MAX_NAME).collect())
}

/// `list` with `sc` saved as `name` (replacing a scenario of that name, else added last).
pub fn with_saved(mut list: Vec<Named>, name: &str, sc: Scenario) -> Vec<Named> {
    match list.iter_mut().find(|n| n.name == name) {
        Some(n) => n.scenario = sc,
        None => list.push(Named {
            name: name.to_string(),
            scenario: sc,
        }),
    }
    list
}

/// `list` with `old` renamed `new`; an error when `old` is missing or `new` is taken.
pub fn with_renamed(mut list: Vec<Named>, old: &str, new: &str) -> Result<Vec<Named>, String> {
    if old != new && list.iter().any(|n| n.name == new) {
        return Err(format!("There is already a scenario named '{new}'."));
    }
    let n = list
        .iter_mut()
        .find(|n| n.name == old)
        .ok_or_else(|| format!("There is no scenario named '{old}'."))?;
    n.name = new.to_string();
    Ok(list)
}

/// `list` without `name`.
pub fn without(list: Vec<Named>, name: &str) -> Vec<Named> {
    list.into_iter().filter(|n| n.name != name).collect()
}
