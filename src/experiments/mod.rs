//! The Experiments page: the papers' experiments (`liu-fig6`, `wu-fig3`, `wu-fig4`,
//! `beaumont-fig11`, `gonzalez-random`) and the
//! explorer of every model, run in web workers, with progress, Cancel, the CLI's charts (SVG,
//! drawn in the page) and downloads.
//!
//! - [`plan`]: forms, jobs for the workers, merging their answers, CSV (pure, tested natively);
//!   [`fields`]: the settings fields; [`plans`]: the experiments with more settings, one file
//!   each (the explorer of every model: [`plans::explore`]);
//! - [`state`]: the page's reducer;
//! - [`pool`]: the web workers (`web_sys::Worker`, the `hetcast-worker` binary);
//! - [`page`]: the component, in a WebAssembly module of its own: [`module`] mounts it,
//!   [`host`] (in the app's main module) loads the module on the first opening, [`bridge`]
//!   carries their messages; [`controls`]: starting a run, the tabs and the settings form;
//!   [`results`]: the result views; [`explorer`]: the explorer's menus and result;
//!   [`screen`]: the room the charts are drawn for.

pub mod bridge;
pub mod controls;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod explore_tests;
pub mod explorer;
pub mod fields;
pub mod host;
pub mod module;
pub mod page;
pub mod plan;
pub mod plans;
pub mod pool;
pub mod results;
pub mod screen;
pub mod state;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

pub use host::ExperimentsHost;
pub use page::ExperimentsPage;

use crate::state::{Action, UiAction};

/// What a key press (outside text fields) does while the Experiments page is open: Esc and
/// `e` go back to the editor; the editor's keys do nothing.
pub fn key_action(key: &str) -> Option<Action> {
    match key {
        "Escape" | "e" => Some(UiAction::CloseExperiments.into()),
        "?" => Some(UiAction::ToggleHelp.into()),
        _ => None,
    }
}
