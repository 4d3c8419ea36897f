//! What a model keeps of its work in a scenario (the autosave, a named scenario, a share link):
//! its instance, the algorithms run (with random selection's seeds), the selected row and the
//! edited plan, and what else the model needs ([`ModelScenario`]). The shell's
//! [`crate::scenario`] strings the models' parts together; each model writes and reads its own
//! part ([`super::Screen::keep`], [`super::Screen::put_back`]).

use hetcast_core::catalog::Catalog;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Results, Row};

/// The `selected` of the edited row.
pub const EDITED: &str = "edited";

/// One model's part of a scenario.
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

impl ModelScenario {
    /// The part of a model showing `instance` (its JSON) with nothing run.
    pub fn of(instance: Value) -> ModelScenario {
        ModelScenario {
            instance,
            runs: Vec::new(),
            selected: None,
            edited: None,
            seed: None,
            tree_message: 0,
        }
    }

    /// The part of a model showing `inst` with nothing run.
    pub fn of_instance(inst: &hetcast_core::AnyInstance) -> ModelScenario {
        ModelScenario::of(serde_json::from_str(&inst.to_json()).unwrap_or(Value::Null))
    }

    /// The algorithms of the runs, read by the model's list `A`; an unknown key is named.
    pub fn algorithms<A: Catalog>(&self) -> Result<Vec<(A, Option<u64>)>, String> {
        self.runs
            .iter()
            .map(|r| Ok((A::parse(&r.algorithm).map_err(|e| e.to_string())?, r.seed)))
            .collect()
    }
}

impl<R: Row> Results<R> {
    /// What a scenario keeps of the results: the runs (with their seeds), the selection and
    /// the edited plan.
    pub fn keep(&self, out: &mut ModelScenario) {
        out.runs = self
            .rows
            .iter()
            .map(|r| RunSpec {
                algorithm: r.algo().key().into(),
                seed: r.seed(),
            })
            .collect();
        out.selected = if self.edited_selected {
            Some(EDITED.into())
        } else {
            self.selected.map(|a| a.key().into())
        };
        out.edited = self.edited.as_ref().and_then(|r| r.plan_json());
    }

    /// Select the row a scenario names (`selected`: an algorithm's key or [`EDITED`]).
    pub fn put_back_selection(&mut self, selected: Option<&str>) -> Result<(), String> {
        match selected {
            Some(EDITED) => self.select_edited(),
            Some(k) => self.select(R::Algo::parse(k).map_err(|e| e.to_string())?),
            None => {}
        }
        Ok(())
    }
}

/// The models and the view a scenario puts on screen, made again: instances validated, the
/// algorithms run, the plan timed.
#[derive(Clone, Debug, PartialEq)]
pub struct Restored {
    /// Every model, the one to show first.
    pub models: Vec<super::ModelState>,
    /// The view to show.
    pub tab: hetcast_core::models::View,
    /// What was restored, in words ("8 nodes, 4 messages, many-source model").
    pub words: String,
}
