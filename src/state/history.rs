//! Undo and redo over the instances of any model ([`AnyInstance`]): one step per committed
//! change, and one per field typed into, not per keystroke.

use hetcast_core::AnyInstance;

/// How many committed instances undo remembers.
pub const UNDO_LIMIT: usize = 100;

/// The instances undo and redo go back to.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct History {
    undo: Vec<AnyInstance>,
    redo: Vec<AnyInstance>,
    /// The text field whose edit made the last commit: further keystrokes in the same field
    /// amend that undo step instead of adding one per keystroke.
    last_edit_key: Option<String>,
}

impl History {
    /// True when there is a change to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// True when there is a change to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Remember `before`, the instance a commit replaced, unless the commit continues typing
    /// in the field (`edit_key`) of the last commit. A new change forgets what could be redone.
    pub fn remember(&mut self, before: AnyInstance, edit_key: Option<String>) {
        if edit_key.is_some() && edit_key == self.last_edit_key {
            self.redo.clear();
        } else {
            self.undo.push(before);
            if self.undo.len() > UNDO_LIMIT {
                self.undo.remove(0);
            }
            self.redo.clear();
        }
        self.last_edit_key = edit_key;
    }

    /// What undo and redo go back to, oldest first (the app with every model takes them over:
    /// [`crate::handover`]).
    pub fn stacks(&self) -> (&[AnyInstance], &[AnyInstance]) {
        (&self.undo, &self.redo)
    }

    /// A history that undoes to `undo` and redoes to `redo`, oldest first ([`History::stacks`]).
    pub fn of_stacks(undo: Vec<AnyInstance>, redo: Vec<AnyInstance>) -> History {
        History {
            undo,
            redo,
            last_edit_key: None,
        }
    }

    /// The next edit starts a new undo step, whatever field it is in.
    pub fn break_step(&mut self) {
        self.last_edit_key = None;
    }

    /// The instance to go back to, `current` being remembered for redo.
    pub fn undo(&mut self, current: impl FnOnce() -> AnyInstance) -> Option<AnyInstance> {
        self.last_edit_key = None;
        let prev = self.undo.pop()?;
        self.redo.push(current());
        Some(prev)
    }

    /// The instance to go forward to, `current` being remembered for undo.
    pub fn redo(&mut self, current: impl FnOnce() -> AnyInstance) -> Option<AnyInstance> {
        self.last_edit_key = None;
        let next = self.redo.pop()?;
        self.undo.push(current());
        Some(next)
    }
}
