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

    /// An error notice.
    pub fn error(text: impl Into<String>) -> Notice {
        Notice {
            kind: NoticeKind::Error,
            text: text.into(),
        }
    }
}

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
    /// Show the whole results table, or only the selected row.
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
        }
    }
}

impl Ui {
    /// The size available to the views.
    pub fn view_size(&self) -> (f64, f64) {
        (self.view_width, self.view_height)
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
            UiAction::ToggleFit => self.fit = !self.fit,
            UiAction::ToggleTable => self.table_open = !self.table_open,
            UiAction::Notify(n) => self.notice = Some(n),
            UiAction::Dismiss => self.notice = None,
            UiAction::ToggleExperiments => self.experiments = !self.experiments,
            UiAction::CloseExperiments => self.experiments = false,
        }
    }
}
