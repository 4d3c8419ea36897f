//! Model-independent function components and the parts they share. Each component takes the
//! app state handle as its only prop; what depends on the model is in [`crate::models`].

pub mod algorithms;
pub mod editor;
pub mod export_menu;
pub mod field;
pub mod file_button;
pub mod frames;
pub mod graph_canvas;
pub mod help;
pub mod menu;
pub mod overview;
pub mod plan_file;
pub mod playback;
pub mod player;
pub mod results;
pub mod scenarios;
pub mod scene_view;
pub mod stepper;
pub mod topbar;
pub mod trace_list;

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
