//! A plan file as the app and the CLI read it (docs/formats.md sections 2 and 2b): a model's
//! plan JSON, or a `hetcast run` / `hetcast simulate` output carrying it under `"plan"`.

use serde::de::DeserializeOwned;
use serde_json::Value;

/// The plan in `text`, whose fields are among `fields`, or the `"plan"` of a `hetcast run`
/// output. The error is one line, `malformed plan: ...`, naming an unknown field with the
/// ones expected.
///
/// ```
/// use hetcast_core::plan_file::read_plan;
/// let p: serde_json::Value = read_plan(r#"{"format":"hetcast-run","plan":{"tasks":[]}}"#, &["tasks"]).unwrap();
/// assert_eq!(p, serde_json::json!({"tasks": []}));
/// assert_eq!(
///     read_plan::<serde_json::Value>(r#"{"task":[]}"#, &["tasks"]).unwrap_err(),
///     "malformed plan: unknown field `task`, expected `tasks`"
/// );
/// ```
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
    crate::error::from_value(&v).map_err(|e| bad(&e))
}
