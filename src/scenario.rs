//! A scenario: everything needed to put the work back on screen — the instance of every model
//! (the one on screen first), which algorithms ran (and random selection's seed), the imported
//! plan, the selected row and the view. Results are not stored: the runs are deterministic and
//! are made again ([`restore`]).
//!
//! The same JSON is the autosave, a named scenario and, compressed, a share link
//! ([`crate::share`]).

use hetcast_core::catalog::Catalog;
use hetcast_core::models::multi::{MultiAlgorithm, MultiPlan};
use hetcast_core::models::overhead::algo::Algorithm;
use hetcast_core::models::overhead::Plan;
use hetcast_core::models::View;
use hetcast_core::AnyInstance;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::models::multi::plan_edit::multi_row;
use crate::models::multi::{self, run_multi, MultiState};
use crate::models::overhead::plan_edit::overhead_row;
use crate::models::overhead::{self, run_one, OverheadState};
use crate::models::{views_of, ModelState, Results, Row};
use crate::state::AppState;

/// The `format` of a scenario file.
pub const FORMAT: &str = "hetcast-scenario";
/// The version of the scenario format this build writes and reads.
pub const VERSION: u32 = 1;
/// The `selected` of the edited row.
pub const EDITED: &str = "edited";

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

/// One model's part of a [`Scenario`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelScenario {
    /// The instance, as its model's JSON (docs/formats.md section 1 or 1b).
    pub instance: Value,
    /// The algorithms run, in the table's order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<RunSpec>,
    /// The selected row: an algorithm's key, or [`EDITED`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selected: Option<String>,
    /// The imported plan of the edited row (docs/formats.md section 2 or 2b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edited: Option<Value>,
    /// Random selection's seed field, as typed (one-source models).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The message whose tree the Tree view shows (many-source model).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tree_message: usize,
}

/// One run of an algorithm.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunSpec {
    /// The algorithm's key (`greedy`, `wrp`, ...).
    pub algorithm: String,
    /// Random selection's seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
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
        serde_json::from_value(v).map_err(|e| format!("malformed scenario: {e}"))
    }

    /// A scenario of one model: `inst`, nothing run, on the Tree view.
    pub fn of_instance(inst: &AnyInstance) -> Scenario {
        Scenario {
            format: FORMAT.into(),
            version: VERSION,
            view: View::Tree.key().into(),
            models: vec![ModelScenario {
                instance: instance_value(inst),
                runs: Vec::new(),
                selected: None,
                edited: None,
                seed: None,
                tree_message: 0,
            }],
        }
    }
}

fn instance_value(inst: &AnyInstance) -> Value {
    serde_json::from_str(&inst.to_json()).unwrap_or(Value::Null)
}

/// The scenario of what `state` shows (the model on screen first, then the shelved ones).
pub fn capture(state: &AppState) -> Scenario {
    let models = std::iter::once(&state.model)
        .chain(state.shelved())
        .map(capture_model)
        .collect();
    Scenario {
        format: FORMAT.into(),
        version: VERSION,
        view: state.ui.tab.key().into(),
        models,
    }
}

/// What every model keeps of its results: the runs (with their seeds), the selection and the
/// edited plan.
fn capture_results<R: Row>(results: &Results<R>, out: &mut ModelScenario) {
    out.runs = results
        .rows
        .iter()
        .map(|r| RunSpec {
            algorithm: r.algo().key().into(),
            seed: r.seed(),
        })
        .collect();
    out.selected = selected_key(results.edited_selected, results.selected.map(|a| a.key()));
    out.edited = results.edited.as_ref().and_then(|r| r.plan_json());
}

fn capture_model(m: &ModelState) -> ModelScenario {
    let mut out = ModelScenario {
        instance: instance_value(&m.instance()),
        runs: Vec::new(),
        selected: None,
        edited: None,
        seed: None,
        tree_message: 0,
    };
    match m {
        ModelState::Overhead(s) => {
            capture_results(&s.results, &mut out);
            out.seed = (s.seed_text != "1").then(|| s.seed_text.clone());
        }
        ModelState::Multi(s) => {
            capture_results(&s.results, &mut out);
            out.tree_message = s.tree_msg;
        }
        ModelState::Multimessage(s) => capture_results(&s.results, &mut out),
        ModelState::Platform(s) => {
            capture_results(&s.results, &mut out);
            // Runs still in workers start again on load.
            out.runs.extend(s.running().map(|p| RunSpec {
                algorithm: p.algo.key().into(),
                seed: None,
            }));
        }
    }
    out
}

fn selected_key(edited: bool, algo: Option<&str>) -> Option<String> {
    if edited {
        Some(EDITED.into())
    } else {
        algo.map(String::from)
    }
}

/// The models and the view a scenario puts on screen, made again: instances validated, the
/// algorithms run, the plan timed.
#[derive(Clone, Debug, PartialEq)]
pub struct Restored {
    /// Every model, the one to show first.
    pub models: Vec<ModelState>,
    /// The view to show.
    pub tab: View,
    /// What was restored, in words ("8 nodes, 4 messages, many-source model").
    pub words: String,
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
    let tab = views
        .iter()
        .copied()
        .find(|v| v.key() == sc.view)
        .unwrap_or(views[0]);
    Ok(Restored { models, tab, words })
}

fn restore_model(m: &ModelScenario) -> Result<ModelState, String> {
    let inst = AnyInstance::from_json(&m.instance.to_string()).map_err(|e| e.to_string())?;
    match inst {
        AnyInstance::Platform(inst) => {
            use crate::models::platform::{describe, PlatformState};
            use hetcast_core::models::platform::PlatformAlgorithm;
            describe(&inst)?;
            let mut s = PlatformState::new(inst);
            // The runs start again (here on a small platform, in workers on a large one).
            let algos = m
                .runs
                .iter()
                .map(|r| PlatformAlgorithm::parse(&r.algorithm).map_err(|e| e.to_string()))
                .collect::<Result<Vec<_>, _>>()?;
            s.run(algos);
            if let Some(k) = m.selected.as_deref() {
                s.results
                    .select(PlatformAlgorithm::parse(k).map_err(|e| e.to_string())?);
                if s.results.selected.is_none() {
                    s.results.selected =
                        Some(PlatformAlgorithm::parse(k).map_err(|e| e.to_string())?);
                }
            }
            Ok(ModelState::Platform(Box::new(s)))
        }
        AnyInstance::Overhead(inst) => {
            overhead::describe(&inst)?;
            let mut s = OverheadState::new(inst);
            for r in &m.runs {
                let a = Algorithm::parse(&r.algorithm).map_err(|e| e.to_string())?;
                s.results.put(run_one(&s.instance, a, r.seed.unwrap_or(0)));
            }
            if let Some(plan) = &m.edited {
                let plan: Plan = serde_json::from_value(plan.clone())
                    .map_err(|e| format!("malformed plan: {e}"))?;
                s.results.edited = Some(overhead_row(&s.instance, plan)?);
            }
            if let Some(seed) = &m.seed {
                s.seed_text = seed.clone();
                s.seed_error = seed.trim().parse::<u64>().err().map(|_| {
                    format!(
                        "'{}' is not a whole number from 0 to {}",
                        seed.trim(),
                        u64::MAX
                    )
                });
            }
            match m.selected.as_deref() {
                Some(EDITED) => s.results.select_edited(),
                Some(k) => s
                    .results
                    .select(Algorithm::parse(k).map_err(|e| e.to_string())?),
                None => {}
            }
            Ok(ModelState::Overhead(s))
        }
        AnyInstance::Multimessage(inst) => {
            use crate::models::multimessage::{describe, run_mm, MmState};
            use hetcast_core::models::multimessage::MmAlgorithm;
            describe(&inst)?;
            let mut s = MmState::new(inst);
            for r in &m.runs {
                let a = MmAlgorithm::parse(&r.algorithm).map_err(|e| e.to_string())?;
                s.results.put(run_mm(&s.instance, a));
            }
            if let Some(plan) = &m.edited {
                let reply = s.import_plan("the edited plan", &plan.to_string());
                if s.results.edited.is_none() {
                    return Err(reply.notice.map(|n| n.text).unwrap_or_default());
                }
            }
            s.results.edited_selected = false;
            match m.selected.as_deref() {
                Some(EDITED) => s.results.select_edited(),
                Some(k) => s
                    .results
                    .select(MmAlgorithm::parse(k).map_err(|e| e.to_string())?),
                None => {}
            }
            Ok(ModelState::Multimessage(s))
        }
        AnyInstance::Multi(inst) => {
            multi::describe(&inst)?;
            let mut s = MultiState::new(inst);
            for r in &m.runs {
                let a = MultiAlgorithm::parse(&r.algorithm).map_err(|e| e.to_string())?;
                s.results.put(run_multi(&s.instance, a));
            }
            if let Some(plan) = &m.edited {
                let plan: MultiPlan = serde_json::from_value(plan.clone())
                    .map_err(|e| format!("malformed plan: {e}"))?;
                s.results.edited = Some(multi_row(&s.instance, plan)?);
            }
            match m.selected.as_deref() {
                Some(EDITED) => s.results.select_edited(),
                Some(k) => s
                    .results
                    .select(MultiAlgorithm::parse(k).map_err(|e| e.to_string())?),
                None => {}
            }
            if m.tree_message < s.instance.messages.len() {
                s.tree_msg = m.tree_message;
            }
            Ok(ModelState::Multi(s))
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
