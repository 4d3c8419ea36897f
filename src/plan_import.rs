//! Import a plan (docs/formats.md sections 2 and 2b, or a `hetcast run` output with a `plan`)
//! as the "edited" result row of the instance in use: the model's simulator times it, and a
//! plan that breaks the model is refused with the simulator's message, nothing changed.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::models::Reply;
use crate::state::Notice;

/// The edited row's name in the table, the caption and the drawings' headings.
pub const EDITED_TITLE: &str = "Edited plan";

/// The plan in `text` (its fields among `fields`), or the `"plan"` of a `hetcast run` (or
/// `hetcast simulate`) output; the error is the reader's message, `malformed plan: ...`.
pub fn read_plan<P: DeserializeOwned>(text: &str, fields: &[&str]) -> Result<P, String> {
    let bad = |e: &dyn std::fmt::Display| format!("malformed plan: {e}");
    let v: Value = serde_json::from_str(text).map_err(|e| bad(&e))?;
    let v = match v.get("plan") {
        Some(p) if v.get("format").is_some() => p.clone(),
        _ => v,
    };
    let Some(obj) = v.as_object() else {
        return Err(bad(&"expected a JSON object"));
    };
    if let Some(k) = obj.keys().find(|k| !fields.contains(&k.as_str())) {
        let expected: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
        return Err(bad(&format!(
            "unknown field `{k}`, expected {}",
            expected.join(" or ")
        )));
    }
    serde_json::from_value(v).map_err(|e| bad(&e))
}

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
