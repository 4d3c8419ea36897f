//! The page's module and the app with every model. The page's module (`hetcast-app`) is built
//! without the feature `all-models`: it leaves out the models marked so in
//! [`crate::models`]' list, so that the first download is small (docs/performance.md "The app's
//! wasm", step 19). When one of those models comes on screen (the model menu, a gallery
//! example, a file, a scenario, a link, a tour's stop, an explorer's instance), the page's
//! module hands the app over to `hetcast-full` (the same app with every model, Trunk's
//! `data-type="worker"` trick as for the Experiments module): it writes what is on screen
//! ([`Handover`]: the scenario of every model, the screen's panels and player, the notice, the
//! tour) to the tab's session storage, unmounts its app and imports `hetcast-full`, which mounts
//! the app again from it ([`take`]). At start, a link or the saved work that opens such a model
//! hands over before anything is mounted, with the address as it was: `hetcast-full` opens it
//! itself. Once loaded, `hetcast-full` has every model and never hands over.

use std::cell::RefCell;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use hetcast_core::AnyInstance;

use crate::scenario::Scenario;
use crate::state::ui::{Mode, NoticeKind};
use crate::state::{AppState, History, Notice};
use crate::tours::Tour;

/// The loader of the app with every model, relative to the page (Trunk's `data-loader-shim`
/// with `data-bindgen-target="web"`: it imports the module's script and starts it).
pub const LOADER_URL: &str = "./hetcast-full_loader.js";

/// Where the page's module leaves the app for `hetcast-full`: the tab's session storage.
pub const KEY: &str = "hetcast.handover.v1";

/// A tour and its stop on screen (0-based), as the tour bar holds them.
pub type TourStop = (Rc<Tour>, usize);

/// What the page's module hands over: what a reload would not give back (the autosave keeps
/// only the scenario).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Handover {
    /// Every model, the one on screen first, and the view.
    pub scenario: Scenario,
    /// The notice's kind (`info`, `error`, `welcome`) and text.
    pub notice: Option<(String, String)>,
    /// The instance panel, focus mode, fit, the whole results table, lecture mode, the
    /// critical path: as [`crate::state::ui::Ui`]'s fields of these names.
    pub side: bool,
    /// See [`Handover::side`].
    pub focus: bool,
    /// See [`Handover::side`].
    pub fit: bool,
    /// See [`Handover::side`].
    pub table_open: bool,
    /// See [`Handover::side`].
    pub lecture: bool,
    /// See [`Handover::side`].
    pub critical: bool,
    /// The player walks the algorithm's steps (else the time).
    pub steps: bool,
    /// The comparison, and the row compared with.
    pub compare: bool,
    /// See [`Handover::compare`].
    pub compare_with: Option<String>,
    /// The time the player starts at.
    pub start_at: Option<f64>,
    /// The drawing's zoom.
    pub zoom: f64,
    /// The tour on screen, as its file, and its stop (0-based).
    pub tour: Option<(String, usize)>,
    /// What undo and redo go back to, oldest first, as instance files.
    pub undo: Vec<String>,
    /// See [`Handover::undo`].
    pub redo: Vec<String>,
}

impl Handover {
    /// What `state` shows, with `tour` on screen.
    pub fn of(state: &AppState, tour: Option<&TourStop>) -> Handover {
        let ui = &state.ui;
        let files = |list: &[AnyInstance]| list.iter().map(AnyInstance::to_json).collect();
        let kind = |k: NoticeKind| match k {
            NoticeKind::Info => "info",
            NoticeKind::Error => "error",
            NoticeKind::Welcome => "welcome",
        };
        Handover {
            scenario: crate::scenario::capture(state),
            notice: ui
                .notice
                .as_ref()
                .map(|n| (kind(n.kind).to_string(), n.text.clone())),
            side: ui.side,
            focus: ui.focus,
            fit: ui.fit,
            table_open: ui.table_open,
            lecture: ui.lecture,
            critical: ui.critical,
            steps: ui.mode == Mode::Steps,
            compare: ui.compare,
            compare_with: ui.compare_with.clone(),
            start_at: ui.start_at,
            zoom: ui.zoom,
            tour: tour.map(|(t, i)| (serde_json::to_string(&**t).unwrap_or_default(), *i)),
            undo: files(state.history.stacks().0),
            redo: files(state.history.stacks().1),
        }
    }

    /// The state it hands over, and its tour; an error names what does not read. When the
    /// tour's stop shows the instance on screen (the stop brought the model), the stop is opened
    /// again here: its link's runs, comparison and view need the model's own code, which the
    /// page's module does not have.
    pub fn open(&self) -> Result<(AppState, Option<TourStop>), String> {
        let mut s = AppState::restored(crate::scenario::restore(&self.scenario)?);
        let stacks = |list: &[String]| -> Result<Vec<AnyInstance>, String> {
            list.iter()
                .map(|t| AnyInstance::from_json(t).map_err(|e| e.to_string()))
                .collect()
        };
        s.history = History::of_stacks(stacks(&self.undo)?, stacks(&self.redo)?);
        let ui = &mut s.ui;
        ui.notice = self
            .notice
            .as_ref()
            .map(|(kind, text)| match kind.as_str() {
                "error" => Notice::error(text.clone()),
                "welcome" => Notice::welcome(text.clone()),
                _ => Notice::info(text.clone()),
            });
        ui.side = self.side;
        ui.focus = self.focus;
        ui.fit = self.fit;
        ui.table_open = self.table_open;
        ui.lecture = self.lecture;
        ui.critical = self.critical;
        ui.mode = if self.steps { Mode::Steps } else { Mode::Time };
        ui.compare = self.compare;
        ui.compare_with = self.compare_with.clone();
        ui.start_at = self.start_at;
        ui.zoom = self.zoom;
        let tour = match &self.tour {
            Some((json, stop)) => Some((Rc::new(crate::tours::parse(json)?), *stop)),
            None => None,
        };
        if let Some((t, stop)) = &tour {
            if let Ok(mut at) = crate::tours::open_stop(t, *stop, &s.ui, s.ui.lecture) {
                if at.model.instance() == s.model.instance() {
                    at.history = s.history.clone();
                    s = at;
                }
            }
        }
        Ok((s, tour))
    }
}

fn tab_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

thread_local! {
    /// The tour handed over, until the app takes it ([`take_tour`]).
    static TOUR: RefCell<Option<TourStop>> = const { RefCell::new(None) };
    /// A state was handed over ([`taken`]).
    static TAKEN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The state the page's module handed over, once (it is taken off the session storage); its
/// tour waits for [`take_tour`]. `None` when there is none, or it does not read.
pub fn take() -> Option<AppState> {
    let storage = tab_storage()?;
    let text = storage.get_item(KEY).ok().flatten()?;
    let _ = storage.remove_item(KEY);
    let handed: Handover = serde_json::from_str(&text).ok()?;
    let (state, tour) = handed.open().ok()?;
    TOUR.with(|t| *t.borrow_mut() = tour);
    TAKEN.with(|t| t.set(true));
    Some(state)
}

/// True when the app started from a state handed over ([`take`]): its panels are as they
/// were, not as the window's size would open them.
pub fn taken() -> bool {
    TAKEN.with(|t| t.get())
}

/// The tour handed over with the state of [`take`], once.
pub fn take_tour() -> Option<TourStop> {
    TOUR.with(|t| t.borrow_mut().take())
}

/// Hand the app over to `hetcast-full` with what `state` shows and `tour` (see the module's
/// documentation); an embedded app writes nothing: `hetcast-full` reads its address again.
pub fn hand_over(state: &AppState, tour: Option<&TourStop>) {
    if state.ui.embed.is_none() {
        if let (Some(storage), Ok(text)) = (
            tab_storage(),
            serde_json::to_string(&Handover::of(state, tour)),
        ) {
            let _ = storage.set_item(KEY, &text);
        }
    }
    wasm_bindgen_futures::spawn_local(async {
        crate::unmount();
        load_full().await;
    });
}

/// Import `hetcast-full`, which mounts the app; said on the page when it cannot be loaded.
pub async fn load_full() {
    if let Err(e) = crate::util::import_module(LOADER_URL).await {
        let text = format!(
            "This part of hetcast could not be loaded ({e}). Reload the page to try again."
        );
        if let Ok(p) = gloo::utils::document().create_element("p") {
            p.set_id("handover-error");
            p.set_text_content(Some(&text));
            let _ = gloo::utils::body().append_child(&p);
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::state::ui::Mode;

    /// Through its JSON.
    fn handed(s: &AppState, tour: Option<&TourStop>) -> (AppState, Option<TourStop>) {
        let text = serde_json::to_string(&Handover::of(s, tour)).unwrap();
        let handed: Handover = serde_json::from_str(&text).unwrap();
        handed.open().unwrap()
    }

    /// What the page's module hands over opens as it was: every model's scenario, the screen's
    /// panels and player, the notice, undo and redo, and the tour's stop (one of another
    /// model: the tour of Libeskind-Hadas et al. while the many-source model is on screen).
    #[test]
    fn a_handover_opens_the_screen_it_was_written_from() {
        let mut s = AppState::new(hetcast_core::models::multi::gallery::wrp_beats_wr());
        let first = AppState::first().model.instance();
        s.history = History::of_stacks(vec![first.clone()], vec![first]);
        s.ui.notice = Some(Notice::error("a notice"));
        s.ui.side = false;
        s.ui.focus = true;
        s.ui.fit = false;
        s.ui.table_open = true;
        s.ui.lecture = true;
        s.ui.critical = true;
        s.ui.mode = Mode::Steps;
        s.ui.compare = true;
        s.ui.compare_with = Some("wr".into());
        s.ui.start_at = Some(2.5);
        s.ui.zoom = 1.5;
        let tour = (crate::tours::builtin()[0].clone(), 2);
        let (t, back) = handed(&s, Some(&tour));
        assert_eq!(crate::scenario::capture(&t), crate::scenario::capture(&s));
        assert_eq!(t.ui.notice, s.ui.notice);
        assert_eq!(
            (t.ui.side, t.ui.focus, t.ui.fit, t.ui.table_open),
            (false, true, false, true)
        );
        assert_eq!(
            (t.ui.lecture, t.ui.critical, t.ui.mode),
            (true, true, Mode::Steps)
        );
        assert_eq!(
            (
                t.ui.compare,
                t.ui.compare_with.as_deref(),
                t.ui.start_at,
                t.ui.zoom
            ),
            (true, Some("wr"), Some(2.5), 1.5)
        );
        assert_eq!(t.ui.tab, s.ui.tab);
        assert_eq!(t.history, s.history);
        let (back_tour, stop) = back.unwrap();
        assert_eq!((*back_tour == *tour.0, stop), (true, 2));
    }

    /// A tour's stop that brought the model is opened again by the app with every model: its
    /// link's comparison (WRP against WR) and view, which the page's module could not run.
    #[test]
    fn a_tour_stop_of_a_model_left_out_opens_again() {
        let tour = crate::tours::builtin_tour("001-wu-yeh-liu").unwrap();
        assert_eq!(
            tour.stops[3].link,
            "example=wu-wrp-beats-wr&algo=wrp&compare=wr&view=gantt"
        );
        let mut s = AppState::new(hetcast_core::models::multi::gallery::wrp_beats_wr());
        s.ui.lecture = true;
        let (t, _) = handed(&s, Some(&(tour, 3)));
        assert_eq!(t.ui.tab, hetcast_core::models::View::Gantt);
        assert_eq!(
            (t.ui.compare, t.ui.compare_with.as_deref()),
            (true, Some("wr"))
        );
        assert!(t.ui.lecture);
    }
}
