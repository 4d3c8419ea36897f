//! Small function components. Each takes the app state handle as its only prop.

pub mod algorithms;
pub mod editor;
pub mod field;
pub mod generators;
pub mod help;
pub mod multi_editor;
pub mod results;
pub mod scene_view;
pub mod topbar;

use crate::state::AppState;
use yew::prelude::*;

/// The state handle every component receives.
pub type StateHandle = UseReducerHandle<AppState>;

/// Props of components that read and change the app state.
#[derive(Properties, PartialEq, Clone)]
pub struct StateProps {
    /// The app state and its dispatcher.
    pub state: StateHandle,
}
