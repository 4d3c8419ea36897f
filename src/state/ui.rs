//! What the user sees around the model: the tab, the panels, fit and focus modes, the key help
//! and the notice line ([`Ui`], changed by [`UiAction`]s).

use hetcast_core::models::View;

/// Severity of a notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// Something happened as asked.
    Info,
    /// Something failed; nothing changed.
    Error,
    /// A pointer for a newcomer (the first visit): stays until closed or replaced.
    Welcome,
}

/// A one-line message under the top bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// Severity.
    pub kind: NoticeKind,
    /// Text.
    pub text: String,
}

impl Notice {
    /// An information notice.
    pub fn info(text: impl Into<String>) -> Notice {
        Notice {
            kind: NoticeKind::Info,
            text: text.into(),
        }
    }

    /// A newcomer's pointer, which does not fade.
    pub fn welcome(text: impl Into<String>) -> Notice {
        Notice {
            kind: NoticeKind::Welcome,
            text: text.into(),
        }
    }

    /// An error notice.
    pub fn error(text: impl Into<String>) -> Notice {
        Notice {
            kind: NoticeKind::Error,
            text: text.into(),
        }
    }
}

/// Windows narrower than this (CSS px) open with the instance panel folded (key i opens it):
/// the drawing gets the width first.
pub const DOCK_MIN_WIDTH: f64 = 1400.0;
/// Windows lower than this (CSS px) open with the results table folded to its selected row
/// (key t opens it): the drawing gets the height first.
pub const TABLE_MIN_HEIGHT: f64 = 900.0;

/// The smallest zoom of a drawing.
pub const MIN_ZOOM: f64 = 0.1;
/// The largest zoom of a drawing.
pub const MAX_ZOOM: f64 = 40.0;

/// What changes the screen around the model.
#[derive(Clone, Debug, PartialEq)]
pub enum UiAction {
    /// Switch view (the root passes on only the views of the model on screen).
    SetTab(View),
    /// Show or hide the key help.
    ToggleHelp,
    /// Hide the key help.
    CloseHelp,
    /// Show or hide the instance panel (more room for the views).
    ToggleSide,
    /// The size (CSS px, width and height) available to the views, measured by the view panel.
    SetViewSize(f64, f64),
    /// Switch the drawings between fitted to the panel and natural size (100%).
    ToggleFit,
    /// Show the whole results table and the algorithm bar, or only the selected row and "Run
    /// all" with the algorithm buttons under "Run one" ([`crate::components::algorithms`]).
    ToggleTable,
    /// Enter or leave focus mode: only the top bar and the selected view, as large as the window.
    ToggleFocus,
    /// Leave focus mode (Esc); nothing when not in it.
    LeaveFocus,
    /// Show a notice.
    Notify(Notice),
    /// Hide the notice.
    Dismiss,
    /// Open or close the Experiments page (key e, the top bar's button).
    ToggleExperiments,
    /// Close the Experiments page (Esc, Back); nothing when it is closed.
    CloseExperiments,
    /// Play in time or through the algorithm's steps.
    SetMode(Mode),
    /// Show the selected result beside another one (key c), or stop.
    ToggleCompare,
    /// The result compared with (its key in the results), `None`: the best other one.
    CompareWith(Option<String>),
    /// The result to compare with when comparing (a gallery example's partner), without
    /// starting a comparison; `None`: the best other one.
    SetPartner(Option<String>),
    /// Enter or leave lecture mode (key l): one view filling the screen, large text.
    ToggleLecture,
    /// Leave lecture mode and focus mode (Esc).
    LeaveLecture,
    /// Show the critical path in the drawings (key x), or stop.
    ToggleCritical,
    /// Start the player at this time (a link's `t=`), once.
    StartAt(Option<f64>),
    /// Zoom the drawing by this factor (keys ( and ), Ctrl + wheel): the Gantt chart's time
    /// axis is laid out longer, a tree is drawn larger; the drawing leaves fit mode and scrolls.
    Zoom(f64),
    /// The stepper shows this many steps done.
    StepShown(usize),
}

/// The screen around the model.
#[derive(Clone, Debug, PartialEq)]
pub struct Ui {
    /// The selected view.
    pub tab: View,
    /// Message under the top bar.
    pub notice: Option<Notice>,
    /// Key help shown.
    pub help: bool,
    /// Instance panel shown.
    pub side: bool,
    /// Width available to the views (0 until measured); the Gantt chart is laid out for it.
    pub view_width: f64,
    /// Height available to the views (0 until measured).
    pub view_height: f64,
    /// Focus mode: panels, algorithm bar and results hidden.
    pub focus: bool,
    /// The drawings are scaled to fit the view panel (otherwise drawn at 100%).
    pub fit: bool,
    /// The whole results table is shown (otherwise only the selected row).
    pub table_open: bool,
    /// The Experiments page is open (over the editor, which stays as it was).
    pub experiments: bool,
    /// The player plays in time or through the algorithm's steps.
    pub mode: Mode,
    /// The comparison is on screen: the selected result beside [`Ui::compare_with`].
    pub compare: bool,
    /// The result compared with (its key), `None`: the best other one.
    pub compare_with: Option<String>,
    /// Lecture mode: one view filling the screen, large text, the player.
    pub lecture: bool,
    /// The critical path is drawn.
    pub critical: bool,
    /// A time the player starts at (a link's `t=`).
    pub start_at: Option<f64>,
    /// Zoom of the drawing at 100% (1: the drawing's own size).
    pub zoom: f64,
    /// Embed mode ([`crate::embed`]): the link shown, as a fragment without its embed key.
    pub embed: Option<String>,
    /// Steps done in the stepper, as it last said ([`UiAction::StepShown`]).
    pub step: usize,
}

impl Default for Ui {
    fn default() -> Self {
        Ui {
            tab: View::Tree,
            notice: None,
            help: false,
            side: true,
            view_width: 0.0,
            view_height: 0.0,
            focus: false,
            fit: true,
            table_open: true,
            experiments: false,
            mode: Mode::Time,
            compare: false,
            compare_with: None,
            lecture: false,
            critical: false,
            start_at: None,
            zoom: 1.0,
            embed: None,
            step: 0,
        }
    }
}

impl Ui {
    /// The size available to the views.
    pub fn view_size(&self) -> (f64, f64) {
        (self.view_width, self.view_height)
    }

    /// The panels as a window of `width` x `height` CSS px opens with them: the instance panel
    /// and the whole results table only where they leave the drawing its room.
    pub fn fit_window(&mut self, width: f64, height: f64) {
        self.side = width >= DOCK_MIN_WIDTH;
        self.table_open = height >= TABLE_MIN_HEIGHT;
    }

    /// Apply `action`.
    pub fn apply(&mut self, action: UiAction) {
        match action {
            UiAction::SetTab(t) => self.tab = t,
            UiAction::ToggleHelp => self.help = !self.help,
            UiAction::CloseHelp => self.help = false,
            UiAction::ToggleSide => {
                self.side = !self.side;
                if self.side {
                    self.focus = false;
                }
            }
            UiAction::ToggleFocus => self.focus = !self.focus,
            UiAction::LeaveFocus => self.focus = false,
            UiAction::SetViewSize(w, h) => {
                if w.is_finite() && w >= 0.0 && h.is_finite() && h >= 0.0 {
                    self.view_width = w;
                    self.view_height = h;
                }
            }
            UiAction::ToggleFit => {
                self.fit = !self.fit;
                self.zoom = 1.0;
            }
            UiAction::ToggleTable => self.table_open = !self.table_open,
            UiAction::Notify(n) => self.notice = Some(n),
            UiAction::Dismiss => self.notice = None,
            UiAction::ToggleExperiments => self.experiments = !self.experiments,
            UiAction::CloseExperiments => self.experiments = false,
            UiAction::SetMode(m) => self.mode = m,
            UiAction::StepShown(done) => self.step = done,
            UiAction::ToggleCompare => self.compare = !self.compare,
            UiAction::CompareWith(k) => {
                self.compare_with = k;
                self.compare = true;
            }
            UiAction::SetPartner(k) => self.compare_with = k,
            UiAction::ToggleLecture => self.lecture = !self.lecture,
            UiAction::LeaveLecture => {
                self.lecture = false;
                self.focus = false;
            }
            UiAction::ToggleCritical => self.critical = !self.critical,
            UiAction::StartAt(t) => self.start_at = t,
            UiAction::Zoom(f) if f.is_finite() && f > 0.0 => {
                let base = if self.fit { 1.0 } else { self.zoom };
                self.zoom = (base * f).clamp(MIN_ZOOM, MAX_ZOOM);
                self.fit = false;
            }
            UiAction::Zoom(_) => {}
        }
    }
}

/// Playback in time, or the algorithm's steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// The schedule as time runs.
    #[default]
    Time,
    /// The algorithm's decisions, one step at a time.
    Steps,
}
