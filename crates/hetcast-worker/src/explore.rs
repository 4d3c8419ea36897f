//! The explorer of every model in a worker: a model's family ([`AnyFamily`]) searched by the
//! core's driver ([`hetcast_core::explore::run`]), one part per worker, as
//! `hetcast experiment explore --model M --shard K/N` searches it; the page joins the parts'
//! records with [`hetcast_core::explore::merge`], which gives one run's records exactly for an
//! exhaustive or random search.

use hetcast_core::error::Error;
use hetcast_core::explore::{run, Comparison, Family, Record, Search, State};
use hetcast_core::models::multi::explore::MultiFamily;
use hetcast_core::models::multimessage::explore::MmFamily;
use hetcast_core::models::overhead::explore::{ExploreSpec, Search as SpecSearch, MAX_MEMBERS};
use hetcast_core::models::overhead::ModelKind;
use hetcast_core::models::platform::explore::PlatformFamily;
use serde::{Deserialize, Serialize};

/// The family of any model's explorer (the core's family types, with serde), as
/// `{"model": "multi", "family": {...}}`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "model", content = "family", rename_all = "snake_case")]
pub enum AnyFamily {
    /// The node or sender-receiver model (the spec's `model` says which; its `search` bounds
    /// the members it accepts, as the CLI sets it).
    Overhead(ExploreSpec),
    /// The many-source model.
    Multi(MultiFamily),
    /// The multimessage model.
    Multimessage(MmFamily),
    /// The platform model.
    Platform(PlatformFamily),
}

/// `$go` with `$f` the typed family of `$family`.
macro_rules! with_family {
    ($family:expr, |$f:ident| $go:expr) => {
        match $family {
            AnyFamily::Overhead($f) => $go,
            AnyFamily::Multi($f) => $go,
            AnyFamily::Multimessage($f) => $go,
            AnyFamily::Platform($f) => $go,
        }
    };
}

/// A family's settings as the options of `hetcast experiment explore` and the Experiments
/// page's fields give them; each model reads those it has (the others are ignored).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FamilySettings {
    /// Distinct destination kinds (node and sender-receiver models).
    pub types: usize,
    /// Costs are whole numbers up to this (node, sender-receiver, many-source, platform).
    pub max_cost: u32,
    /// Smallest and largest number of nodes (node, sender-receiver, many-source, platform).
    pub nodes: (usize, usize),
    /// Smallest and largest number of processors (multimessage).
    pub processors: (usize, usize),
    /// Messages (multimessage).
    pub messages: usize,
}

/// The most members of an exhaustive family that one search times (the node model's own
/// limit, [`MAX_MEMBERS`]).
pub const EXHAUSTIVE_LIMIT: u64 = MAX_MEMBERS;

impl AnyFamily {
    /// The family of the model of instance-file tag `tag` with `settings`, searched by
    /// `search` (the node and sender-receiver families bound the members they accept by it,
    /// as the CLI sets them); `None` for an unknown tag. Not validated: [`AnyFamily::validate`].
    pub fn of(tag: &str, settings: &FamilySettings, search: &Search) -> Option<AnyFamily> {
        let FamilySettings {
            types,
            max_cost,
            nodes,
            processors,
            messages,
        } = *settings;
        Some(match tag {
            "node" | "sender_receiver" => AnyFamily::Overhead(ExploreSpec {
                model: ModelKind::from_name(tag)?,
                types,
                max_cost,
                nodes,
                search: match *search {
                    Search::Exhaustive => SpecSearch::Exhaustive,
                    Search::Random { tries, seed, .. } => SpecSearch::Random { tries, seed },
                },
            }),
            "multi" => AnyFamily::Multi(MultiFamily { nodes, max_cost }),
            "multimessage" => AnyFamily::Multimessage(MmFamily {
                processors,
                messages,
            }),
            "platform" => AnyFamily::Platform(PlatformFamily { nodes, max_cost }),
            _ => return None,
        })
    }

    /// The family of the model of tag `tag` searched when no setting is given (each model's
    /// own default: [`ExploreSpec::default_for`], [`MultiFamily::DEFAULT`],
    /// [`MmFamily::DEFAULT`], [`PlatformFamily::DEFAULT`]); `None` for an unknown tag.
    pub fn default_of(tag: &str) -> Option<AnyFamily> {
        Some(match tag {
            "node" | "sender_receiver" => {
                AnyFamily::Overhead(ExploreSpec::default_for(ModelKind::from_name(tag)?))
            }
            "multi" => AnyFamily::Multi(MultiFamily::DEFAULT),
            "multimessage" => AnyFamily::Multimessage(MmFamily::DEFAULT),
            "platform" => AnyFamily::Platform(PlatformFamily::DEFAULT),
            _ => return None,
        })
    }

    /// The settings of this family, the inverse of [`AnyFamily::of`] (settings a model does
    /// not read are 0).
    pub fn settings(&self) -> FamilySettings {
        let none = FamilySettings::default();
        match *self {
            AnyFamily::Overhead(s) => FamilySettings {
                types: s.types,
                max_cost: s.max_cost,
                nodes: s.nodes,
                ..none
            },
            AnyFamily::Multi(f) => FamilySettings {
                max_cost: f.max_cost,
                nodes: f.nodes,
                ..none
            },
            AnyFamily::Multimessage(f) => FamilySettings {
                processors: f.processors,
                messages: f.messages,
                ..none
            },
            AnyFamily::Platform(f) => FamilySettings {
                max_cost: f.max_cost,
                nodes: f.nodes,
                ..none
            },
        }
    }

    /// The instance files' `model` tag (`hetcast experiment explore --model`).
    pub fn tag(&self) -> &'static str {
        match self {
            AnyFamily::Overhead(s) => s.model.name(),
            AnyFamily::Multi(_) => "multi",
            AnyFamily::Multimessage(_) => "multimessage",
            AnyFamily::Platform(_) => "platform",
        }
    }

    /// The comparisons, in the order of the records.
    pub fn comparisons(&self) -> &'static [Comparison] {
        with_family!(self, |f| f.comparisons())
    }

    /// Check the settings; the message names the setting.
    pub fn validate(&self) -> Result<(), Error> {
        with_family!(self, |f| Family::validate(f))
    }

    /// Members of the exhaustive family (candidates where some are left out; saturating).
    pub fn size(&self) -> u64 {
        with_family!(self, |f| f.size())
    }
}

/// Part `k` of `n` (from 0) of the search of `family`: its records. `progress(done, total)`
/// counts the members of the part considered (skipped candidates included) and its climb
/// steps.
///
/// # Complexity
/// That of [`hetcast_core::explore::run`]: one measure per member of the part.
pub fn search_part(
    family: &AnyFamily,
    search: &Search,
    (k, n): (u64, u64),
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Vec<Record>, Error> {
    with_family!(family, |f| search_in(f, search, (k, n.max(1)), progress))
}

fn search_in<F: Family>(
    f: &F,
    search: &Search,
    (k, n): (u64, u64),
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Vec<Record>, Error> {
    f.validate()?;
    let (members, climb) = match *search {
        Search::Exhaustive => (f.size(), 0),
        Search::Random { tries, climb, .. } => (tries, climb),
    };
    // Members i < m with i mod n = k.
    let owned = |m: u64| if m > k { (m - k - 1) / n + 1 } else { 0 };
    let total = owned(members).saturating_add(climb.saturating_mul(f.comparisons().len() as u64));
    progress(0, total);
    let state = run(f, search, State::new(f, (k, n)), &mut |st| {
        let climbed: u64 = st.climbs.iter().map(|c| c.steps).sum();
        progress(owned(st.next) + climbed, total);
        true
    })?;
    Ok(state.records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_model_tag_has_its_family_with_the_settings_it_reads() {
        let s = FamilySettings {
            types: 2,
            max_cost: 3,
            nodes: (3, 10),
            processors: (2, 4),
            messages: 3,
        };
        let random = Search::Random {
            tries: 5,
            seed: 7,
            climb: 2,
        };
        assert_eq!(
            AnyFamily::of("sender_receiver", &s, &random),
            Some(AnyFamily::Overhead(ExploreSpec {
                model: ModelKind::SenderReceiver,
                types: 2,
                max_cost: 3,
                nodes: (3, 10),
                search: SpecSearch::Random { tries: 5, seed: 7 },
            }))
        );
        assert_eq!(
            AnyFamily::of("multi", &s, &Search::Exhaustive),
            Some(AnyFamily::Multi(MultiFamily {
                nodes: (3, 10),
                max_cost: 3
            }))
        );
        assert_eq!(
            AnyFamily::of("multimessage", &s, &Search::Exhaustive),
            Some(AnyFamily::Multimessage(MmFamily {
                processors: (2, 4),
                messages: 3
            }))
        );
        assert_eq!(
            AnyFamily::of("platform", &s, &Search::Exhaustive),
            Some(AnyFamily::Platform(PlatformFamily {
                nodes: (3, 10),
                max_cost: 3
            }))
        );
        for &(tag, ..) in hetcast_core::registry::MODEL_MENU {
            let f = AnyFamily::of(tag, &s, &Search::Exhaustive);
            assert_eq!(f.map(|f| f.tag()), Some(tag));
        }
        assert_eq!(AnyFamily::of("tree", &s, &Search::Exhaustive), None);
    }

    #[test]
    fn every_model_has_a_default_family_that_its_settings_give_back() {
        for &(tag, ..) in hetcast_core::registry::MODEL_MENU {
            let f = AnyFamily::default_of(tag).expect(tag);
            assert_eq!(f.tag(), tag);
            assert_eq!(f.validate(), Ok(()), "{tag}");
            assert_eq!(
                AnyFamily::of(tag, &f.settings(), &Search::Exhaustive),
                Some(f)
            );
        }
        assert_eq!(
            AnyFamily::default_of("multi"),
            Some(AnyFamily::Multi(MultiFamily {
                nodes: (2, 3),
                max_cost: 2
            }))
        );
        assert_eq!(AnyFamily::default_of("tree"), None);
    }
}
