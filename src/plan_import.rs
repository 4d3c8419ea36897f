//! Import a plan (docs/formats.md sections 2 and 2b, or a `hetcast run` output with a `plan`)
//! as the "edited" result row of the instance in use: the model's simulator times it, and a
//! plan that breaks the model is refused with the simulator's message, nothing changed.

use crate::models::Reply;
use crate::state::Notice;

/// The edited row's name in the table, the caption and the drawings' headings.
pub const EDITED_TITLE: &str = "Edited plan";

pub use hetcast_core::plan_file::read_plan;

/// The notice of an imported plan: its completion time.
pub fn imported(name: &str, time: String) -> Notice {
    Notice::info(format!(
        "Imported the plan of {name} as the row '{EDITED_TITLE}': T = {time} (timed by the simulator)."
    ))
}

/// The notice of a refused plan.
pub fn refused(name: &str, e: &str) -> Reply {
    Reply::say(Notice::error(format!(
        "Could not import the plan of {name}: {e}. Nothing changed."
    )))
}
