//! The counterexample explorer (`hetcast experiment greedy-explore`) on the Experiments page:
//! its settings from the forms and its chart's title.

use super::capitalised;
use crate::experiments::plan::{Field, Forms};
use hetcast_worker::ExploreSettings;

/// The settings the forms give, checked as the core checks them.
pub fn settings(forms: &Forms) -> Result<ExploreSettings, String> {
    let settings = ExploreSettings {
        model: forms.model,
        types: forms.int(Field::Types, 1, 99)? as usize,
        max_cost: forms.int(Field::MaxCost, 1, 9999)? as u32,
        n_min: forms.int(Field::ExNMin, 0, 999)? as usize,
        n_max: forms.int(Field::ExNMax, 0, 999)? as usize,
        random: if forms.random {
            Some((
                forms.int(Field::Tries, 1, u64::MAX)?,
                forms.int(Field::ExSeed, 0, u64::MAX)?,
            ))
        } else {
            None
        },
    };
    settings
        .spec()
        .validate()
        .map_err(|e| capitalised(&e.to_string()))?;
    Ok(settings)
}

/// The explorer chart's title.
pub fn title(s: &ExploreSettings) -> String {
    format!(
        "greedy / optimum: {} model, {} kinds, costs 1-{}, {}-{} nodes{}",
        s.model.name().replace('_', "-"),
        s.types,
        s.max_cost,
        s.n_min,
        s.n_max,
        match s.random {
            Some((tries, _)) => format!(", {tries} random"),
            None => String::new(),
        }
    )
}
