//! A scenario: everything needed to put the work back on screen — the instance of every model
//! (the one on screen first), which algorithms ran (and random selection's seed), the imported
//! plan, the selected row and the view. Results are not stored: the runs are deterministic and
//! are made again ([`restore`]).
//!
//! The same JSON is the autosave, a named scenario and, compressed, a share link
//! ([`crate::share`]).

use hetcast_core::models::View;
use hetcast_core::AnyInstance;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use crate::models::kept::{ModelScenario, Restored, RunSpec, EDITED};
use crate::models::{views_of, ModelState};
use crate::state::AppState;

/// The `format` of a scenario file.
pub const FORMAT: &str = "hetcast-scenario";
/// The version of the scenario format this build writes and reads.
pub const VERSION: u32 = 1;

/// Everything on screen worth keeping (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// The selected view's key (`tree`, `gantt`, `trace`, `tasks`).
    pub view: String,
    /// Every model worked on, the one on screen first.
    pub models: Vec<ModelScenario>,
}

impl Scenario {
    /// The scenario as compact JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Read a scenario: the format and version are checked first, so that a file of a newer
    /// version says so.
    pub fn from_json(text: &str) -> Result<Scenario, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        if v.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(format!("not a {FORMAT} file"));
        }
        match v.get("version").and_then(Value::as_u64) {
            Some(n) if n == u64::from(VERSION) => {}
            Some(n) => {
                return Err(format!(
                    "scenario version {n}: this build reads version {VERSION}"
                ))
            }
            None => return Err("the scenario has no version".into()),
        }
        hetcast_core::error::from_value(&v).map_err(|e| format!("malformed scenario: {e}"))
    }

    /// A scenario of one model: `inst`, nothing run, on the Tree view.
    pub fn of_instance(inst: &AnyInstance) -> Scenario {
        Scenario {
            format: FORMAT.into(),
            version: VERSION,
            view: View::Tree.key().into(),
            models: vec![ModelScenario::of_instance(inst)],
        }
    }
}

/// The scenario of what `state` shows (the model on screen first, then the shelved ones).
pub fn capture(state: &AppState) -> Scenario {
    let models = std::iter::once(&state.model)
        .chain(state.shelved())
        .map(|m| m.screen().keep())
        .collect();
    Scenario {
        format: FORMAT.into(),
        version: VERSION,
        view: state.ui.tab.key().into(),
        models,
    }
}

/// Make the models of `sc` again (see [`Restored`]); an error names what does not read.
pub fn restore(sc: &Scenario) -> Result<Restored, String> {
    if sc.models.is_empty() {
        return Err("the scenario has no instance".into());
    }
    let mut models: Vec<ModelState> = Vec::new();
    let mut words = String::new();
    for (i, m) in sc.models.iter().enumerate() {
        let state = restore_model(m).map_err(|e| format!("model {}: {e}", i + 1))?;
        if models.iter().any(|x| x.id() == state.id()) {
            return Err(format!(
                "model {}: a second {} instance",
                i + 1,
                state.id().title()
            ));
        }
        if i == 0 {
            words = crate::models::describe(&state.instance())?;
        }
        models.push(state);
    }
    let views = views_of(models[0].id());
    let tab = View::find(views, &sc.view).unwrap_or(views[0]);
    Ok(Restored { models, tab, words })
}

fn restore_model(m: &ModelScenario) -> Result<ModelState, String> {
    let inst = AnyInstance::from_json(&m.instance.to_string()).map_err(|e| e.to_string())?;
    crate::models::describe(&inst)?;
    let mut state = ModelState::of(inst);
    state.screen_mut().put_back(m)?;
    Ok(state)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
