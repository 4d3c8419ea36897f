//! The application state: one [`Reducible`] value changed only through [`Action`]s.
//!
//! The root reducer only routes, each concern having its own small reducer:
//!
//! - [`Action::Ui`]: tabs, help, panels, fit, focus, notices ([`Ui`]);
//! - [`Action::Undo`], [`Action::Redo`], [`Action::EndEdit`]: the [`History`] of instances
//!   ([`AnyInstance`]), one step per committed field value;
//! - [`Action::Load`]: an instance of any model (gallery, import, generators);
//! - [`Action::UseModel`]: the model menu;
//! - [`Action::Model`]: what the model on screen does ([`ModelState`], [`ModelAction`]).
//!
//! One model is on screen at a time ([`AppState::model`]); the others wait on a shelf with
//! everything they held (instance, editor text, results), so that switching back restores them.

mod history;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
pub mod ui;

pub use history::{History, UNDO_LIMIT};
pub use ui::{Notice, NoticeKind, Ui, UiAction};

use std::rc::Rc;

use hetcast_core::{AnyInstance, ModelId};
use yew::Reducible;

use crate::models::kept::Restored;
use crate::models::{ModelAction, ModelState, Reply};

/// Everything the user can do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Change the screen around the model.
    Ui(UiAction),
    /// Undo the last committed instance change (or drop an unfinished edit).
    Undo,
    /// Redo an undone change.
    Redo,
    /// The user committed the field being typed in (Enter, or leaving it): its value is one
    /// undo step, and the next edit, even of the same field, starts another.
    EndEdit,
    /// Replace the instance by one of any model (gallery, import, generators); `origin` is
    /// said in the notice.
    Load {
        /// The new instance (validated here again).
        instance: AnyInstance,
        /// Where it came from, e.g. "gallery: Fig. 1".
        origin: String,
    },
    /// Choose a model in the menu, by its instance files' `model` tag ("node", "multi", ...):
    /// convert the instance, or go back to that model's last one.
    UseModel(&'static str),
    /// Act on the model on screen.
    Model(ModelAction),
    /// Put on screen what a deep link opens ([`crate::deep_link::open`]), followed in an open
    /// tab; undo goes back to the instance shown before.
    OpenLink(Box<AppState>),
    /// Put a scenario on screen (a named scenario, a share link): every model and the view;
    /// undo goes back to the instance shown before.
    Restore {
        /// The models and the view, made again ([`crate::scenario::restore`]).
        restored: Box<Restored>,
        /// Where it came from, said in the notice ("scenario 'Lecture 3'").
        origin: String,
    },
}

impl From<UiAction> for Action {
    fn from(a: UiAction) -> Action {
        Action::Ui(a)
    }
}

impl From<ModelAction> for Action {
    fn from(a: ModelAction) -> Action {
        Action::Model(a)
    }
}

/// The whole state of the app.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    /// The screen around the model.
    pub ui: Ui,
    /// Undo and redo.
    pub history: History,
    /// The model on screen, with its instance, editor text and results.
    pub model: ModelState,
    /// Increases with every committed instance change (drives persistence).
    pub revision: u64,
    /// The models not on screen, as they were left.
    shelf: Vec<ModelState>,
}

impl AppState {
    /// A fresh state showing `instance`, of any model, which must be valid (an invalid one is
    /// replaced by the first gallery example).
    pub fn new(instance: impl Into<AnyInstance>) -> AppState {
        let instance = instance.into();
        let model = if instance.validate().is_ok() {
            ModelState::of(instance)
        } else {
            ModelState::fresh(ModelId::ALL[0])
        };
        let ui = Ui {
            tab: model.views()[0],
            ..Ui::default()
        };
        AppState {
            ui,
            history: History::default(),
            model,
            revision: 0,
            shelf: Vec::new(),
        }
    }

    /// A fresh state showing the first gallery example (of the first model).
    pub fn first() -> AppState {
        AppState::new(hetcast_core::registry::default_instance(ModelId::ALL[0]))
    }

    /// A fresh state showing a saved instance of any model (an invalid one is replaced by a
    /// gallery example); a model other than the one-source models opens with a fresh one-source
    /// model on the shelf (the model menu goes back to it).
    pub fn from_saved(saved: AnyInstance) -> AppState {
        let mut s = AppState::first();
        if saved.validate().is_ok() {
            let first = std::mem::replace(&mut s.model, ModelState::of(saved));
            if first.id() != s.model.id() {
                s.shelf.push(first);
            }
            s.ui.tab = s.model.views()[0];
        }
        s
    }

    /// A fresh state showing a restored scenario (autosave, share link).
    pub fn restored(r: Restored) -> AppState {
        let mut s = AppState::first();
        s.put_models(r);
        s
    }

    /// The models not on screen, as they were left.
    pub fn shelved(&self) -> &[ModelState] {
        &self.shelf
    }

    /// Put the models and the view of `r` on screen (the first model shown, the others
    /// shelved).
    fn put_models(&mut self, r: Restored) {
        let mut models = r.models.into_iter();
        if let Some(first) = models.next() {
            self.model = first;
            self.shelf = models.collect();
        }
        if self.model.views().contains(&r.tab) {
            self.ui.tab = r.tab;
        } else {
            self.ui.tab = self.model.views()[0];
        }
    }

    /// True when the editor on screen holds text that does not make a valid instance: the
    /// algorithms, the views and Export JSON then use the last valid instance.
    pub fn editor_has_errors(&self) -> bool {
        self.model.editor_has_errors()
    }

    /// True when key z has something to undo, as [`Action::Undo`] takes it: an unfinished
    /// edit, a move in the tree, or an instance change (the Undo button follows it).
    pub fn can_undo(&self) -> bool {
        self.editor_has_errors() || self.model.has_tree_edit() || self.history.can_undo()
    }

    /// The instance on screen, of any model.
    pub fn current(&self) -> AnyInstance {
        self.model.instance()
    }

    /// Apply `action` in place.
    pub fn apply(&mut self, action: impl Into<Action>) {
        match action.into() {
            Action::Ui(UiAction::SetTab(v)) => {
                if self.model.views().contains(&v) {
                    self.ui.tab = v;
                }
            }
            Action::Ui(a) => self.ui.apply(a),
            Action::Undo if self.editor_has_errors() => {
                // The unfinished (invalid) edit is the last change: undo drops it.
                self.model.reset_drafts();
                self.history.break_step();
                self.ui.notice = Some(Notice::info(
                    "Undone: the unfinished edit is dropped; the editor shows the instance in use.",
                ));
            }
            Action::EndEdit => self.history.break_step(),
            // A hand edit of a tree is newer than any instance change (which drops it).
            Action::Undo if self.model.undo_edit() => {
                self.ui.notice = Some(Notice::info("Undone: the move in the tree."));
            }
            Action::Undo => {
                let model = &self.model;
                if let Some(prev) = self.history.undo(|| model.instance()) {
                    self.show(prev);
                    self.ui.notice = Some(Notice::info("Undone."));
                }
            }
            Action::Redo => {
                let model = &self.model;
                if let Some(next) = self.history.redo(|| model.instance()) {
                    self.show(next);
                    self.ui.notice = Some(Notice::info("Redone."));
                }
            }
            Action::Load { instance, origin } => {
                let words = crate::models::describe(&instance);
                self.ui.notice = Some(match words {
                    Ok(words) => {
                        self.commit(instance);
                        Notice::info(format!("Loaded {origin}: {words}."))
                    }
                    Err(e) => Notice::error(format!(
                        "Could not load {origin}: {e}. The current instance is kept."
                    )),
                });
            }
            Action::UseModel(choice) => self.use_model(choice),
            Action::OpenLink(opened) => {
                let before = self.model.instance();
                let (history, revision) = (std::mem::take(&mut self.history), self.revision);
                *self = *opened;
                self.history = history;
                self.history.remember(before, None);
                self.history.break_step();
                self.revision = revision + 1;
            }
            Action::Restore { restored, origin } => {
                let before = self.model.instance();
                let words = restored.words.clone();
                self.put_models(*restored);
                self.history.remember(before, None);
                self.history.break_step();
                self.revision += 1;
                self.ui.notice = Some(Notice::info(format!("Opened {origin}: {words}.")));
            }
            Action::Model(a) => {
                let key = a.edit_key();
                let reply = self.model.apply(a);
                self.settle(reply, key);
            }
        }
    }

    /// Record what a model's reducer did: the instance it replaced (for undo, as a step of
    /// typing in field `edit_key`), its notice.
    fn settle(&mut self, reply: Reply, edit_key: Option<String>) {
        if let Some(before) = reply.replaced {
            self.history.remember(before, edit_key);
            self.revision += 1;
        }
        if let Some(n) = reply.notice {
            self.ui.notice = Some(n);
        }
    }

    /// Make `inst` (valid) the instance on screen, in its model, its editor showing it;
    /// undoable.
    fn commit(&mut self, inst: AnyInstance) {
        if inst.model() == self.model.id() {
            let reply = self.model.load(inst);
            self.settle(reply, None);
        } else {
            let before = self.model.instance();
            self.bring(inst.model());
            self.model.restore(inst);
            self.history.remember(before, None);
            self.revision += 1;
        }
    }

    /// Put a remembered instance back on screen (undo, redo), in its model.
    fn show(&mut self, inst: AnyInstance) {
        self.bring(inst.model());
        self.model.restore(inst);
        self.revision += 1;
    }

    /// Put model `id` on screen as it was left (a fresh one the first time), the current one
    /// going to the shelf. The tab stays at its place in the strip (key 3 stays key 3).
    fn bring(&mut self, id: ModelId) {
        if self.model.id() == id {
            return;
        }
        let next = match self.shelf.iter().position(|m| m.id() == id) {
            Some(i) => self.shelf.swap_remove(i),
            None => ModelState::fresh(id),
        };
        let place = self.model.views().iter().position(|&v| v == self.ui.tab);
        let left = std::mem::replace(&mut self.model, next);
        self.shelf.push(left);
        let views = self.model.views();
        self.ui.tab = views[place.unwrap_or(0).min(views.len() - 1)];
        self.history.break_step();
    }

    /// The model menu chose `tag` (a `model` tag of [`ModelId::json_tags`]): the model on
    /// screen converts between its variants (node and sender-receiver); another model comes
    /// back as it was left, or, the first time, converts the instance on screen when it can
    /// ([`crate::models::Screen::adopt`]) or opens its first example.
    fn use_model(&mut self, tag: &'static str) {
        let Some(id) = ModelId::ALL
            .into_iter()
            .find(|m| m.json_tags().contains(&tag))
        else {
            return;
        };
        let before = self.model.instance();
        if id == self.model.id() {
            if let Some(text) = self.model.screen_mut().choose(tag) {
                self.history.remember(before, None);
                self.revision += 1;
                self.ui.notice = Some(Notice::info(text));
            }
            return;
        }
        let first = !self.shelf.iter().any(|m| m.id() == id);
        if first {
            if let Some((inst, text)) = crate::models::adopt(id, &before) {
                self.commit(inst);
                self.ui.notice = Some(Notice::info(text));
                return;
            }
        }
        self.bring(id);
        self.model.screen_mut().choose(tag);
        self.ui.notice = Some(Notice::info(crate::models::welcome(
            &self.model.instance(),
            first,
        )));
        self.history.remember(before, None);
        self.revision += 1;
    }
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        Rc::new(next)
    }
}
