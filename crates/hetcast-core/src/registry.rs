//! The one list of every model's examples, for the shell (the app's gallery menu, deep links,
//! file names, the CLI): every gallery entry of every model as an [`AnyInstance`], in the
//! order of [`ModelId::ALL`], and what a gallery entry is about comparing.
//!
//! A model's gallery joins here by its [`Model::gallery`]; nothing else lists them.

use crate::models::multi::Multi;
use crate::models::multimessage::Multimessage;
use crate::models::overhead::Overhead;
use crate::models::platform::Platform;
use crate::models::{GalleryEntry, Model};
use crate::{AnyInstance, ModelId};

/// A gallery entry of any model.
#[derive(Debug, Clone)]
pub struct Example {
    /// Stable identifier (deep links, file names, the CLI).
    pub id: &'static str,
    /// Title shown in the gallery menu.
    pub title: &'static str,
    /// The instance.
    pub instance: AnyInstance,
    /// The two results the example is about (selected, compared with), as algorithm keys,
    /// when it is not "the selected one against the best other" (e.g. WRP against WR).
    pub compare: Option<(&'static str, &'static str)>,
}

impl Example {
    /// Its model.
    pub fn model(&self) -> ModelId {
        self.instance.model()
    }
}

/// The model menu, in order: each entry's value (an instance file's `model` tag), its label,
/// and its model. Every tag of [`ModelId::json_tags`] is here once.
pub const MODEL_MENU: &[(&str, &str, ModelId)] = &[
    ("node", "node model", ModelId::Overhead),
    (
        "sender_receiver",
        "sender-receiver model",
        ModelId::Overhead,
    ),
    ("multi", "many-source (Wu et al.)", ModelId::Multi),
    (
        "multimessage",
        "multimessage, unit steps (Gonzalez)",
        ModelId::Multimessage,
    ),
    (
        "platform",
        "platform graph, steady state (Beaumont et al.)",
        ModelId::Platform,
    ),
];

/// The examples that are about one comparison: (gallery id, (selected, compared with)).
const COMPARISONS: &[(&str, (&str, &str))] = &[
    ("lh-fig1", ("greedy", "optimal")),
    ("wu-wrp-beats-wr", ("wrp", "wr")),
    ("swap", ("fef", "wrp")),
];

fn entries<M: Model>(of: impl Fn(M::Instance) -> AnyInstance) -> Vec<Example> {
    M::gallery()
        .into_iter()
        .map(
            |GalleryEntry {
                 id,
                 title,
                 instance,
             }| Example {
                id,
                title,
                instance: of(instance),
                compare: COMPARISONS.iter().find(|c| c.0 == id).map(|c| c.1),
            },
        )
        .collect()
}

/// The views the app shows of a result of model `id`, in tab order (keys 1, 2, ...).
pub fn views_of(id: ModelId) -> &'static [crate::models::View] {
    match id {
        ModelId::Overhead => Overhead::VIEWS,
        ModelId::Multi => Multi::VIEWS,
        ModelId::Multimessage => Multimessage::VIEWS,
        ModelId::Platform => Platform::VIEWS,
    }
}

/// The gallery of model `id`.
pub fn gallery_of(id: ModelId) -> Vec<Example> {
    match id {
        ModelId::Overhead => entries::<Overhead>(AnyInstance::Overhead),
        ModelId::Multi => entries::<Multi>(AnyInstance::Multi),
        ModelId::Multimessage => entries::<Multimessage>(AnyInstance::Multimessage),
        ModelId::Platform => entries::<Platform>(AnyInstance::Platform),
    }
}

/// The instance model `id` opens with: its first gallery example.
pub fn default_instance(id: ModelId) -> AnyInstance {
    gallery_of(id)
        .into_iter()
        .next()
        .map(|e| e.instance)
        .expect("every model has a gallery")
}

/// Every example of every model, in the order of [`ModelId::ALL`].
pub fn examples() -> Vec<Example> {
    ModelId::ALL.into_iter().flat_map(gallery_of).collect()
}

/// The example with id `id`.
pub fn example(id: &str) -> Option<Example> {
    examples().into_iter().find(|e| e.id == id)
}

/// The id of the example equal to `inst`, if it is one.
pub fn example_id(inst: &AnyInstance) -> Option<&'static str> {
    gallery_of(inst.model())
        .into_iter()
        .find(|e| &e.instance == inst)
        .map(|e| e.id)
}

/// `from` as an instance of model `to`, where the core converts one model's instances into
/// another's: a one-source instance becomes a many-source one
/// ([`crate::models::multi::MultiInstance::from_single`]: one message of size 1 from its
/// source to every other node). `None` when there is no such conversion (or `from` is already
/// of model `to`). The shell's model menu goes through here, so that no model names another.
pub fn convert(from: &AnyInstance, to: ModelId) -> Option<AnyInstance> {
    match (from, to) {
        (AnyInstance::Overhead(one), ModelId::Multi) => Some(AnyInstance::Multi(
            crate::models::multi::MultiInstance::from_single(one),
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn the_model_menu_has_every_tag_once_under_its_model() {
        let mut tags: Vec<&str> = MODEL_MENU.iter().map(|m| m.0).collect();
        let mut known: Vec<&str> = ModelId::ALL
            .iter()
            .flat_map(|m| m.json_tags())
            .copied()
            .collect();
        tags.sort_unstable();
        known.sort_unstable();
        assert_eq!(tags, known);
        for (tag, _, id) in MODEL_MENU {
            assert!(id.json_tags().contains(tag), "{tag}");
        }
    }

    #[test]
    fn every_example_is_listed_once_under_its_own_model() {
        let all = examples();
        let mut ids: Vec<&str> = all.iter().map(|e| e.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), all.len(), "gallery ids are unique");
        for e in &all {
            assert!(e.instance.validate().is_ok(), "{}", e.id);
            assert_eq!(example_id(&e.instance), Some(e.id));
            assert_eq!(example(e.id).map(|x| x.model()), Some(e.model()));
        }
        assert_eq!(example("lh-fig1").unwrap().model(), ModelId::Overhead);
        for id in ModelId::ALL {
            assert_eq!(default_instance(id).model(), id);
        }
    }

    #[test]
    fn a_comparison_names_two_algorithms_of_its_model() {
        for (id, (a, b)) in COMPARISONS {
            let e = example(id).unwrap_or_else(|| panic!("{id} is in the gallery"));
            let keys: Vec<&str> = match e.model() {
                ModelId::Overhead => crate::models::overhead::algo::Algorithm::ALL
                    .iter()
                    .map(|x| x.key())
                    .collect(),
                ModelId::Multi => crate::models::multi::algo::MultiAlgorithm::ALL
                    .iter()
                    .map(|x| x.key())
                    .collect(),
                _ => Vec::new(),
            };
            assert!(keys.contains(a) && keys.contains(b), "{id}: {a}, {b}");
            assert_ne!(a, b);
        }
        assert_eq!(
            example("wu-wrp-beats-wr").unwrap().compare,
            Some(("wrp", "wr"))
        );
    }

    #[test]
    fn a_one_source_instance_converts_to_one_message_of_the_many_source_model() {
        // lh-fig1 (node model): source P0 and eleven destinations.
        let one = example("lh-fig1").unwrap().instance;
        let Some(AnyInstance::Multi(m)) = convert(&one, ModelId::Multi) else {
            panic!("lh-fig1 converts")
        };
        let AnyInstance::Overhead(o) = &one else {
            panic!()
        };
        assert_eq!(m, crate::models::multi::MultiInstance::from_single(o));
        assert_eq!(m.messages.len(), 1);
        assert_eq!(m.messages[0].source, o.source);
        assert_eq!(m.messages[0].destinations, (1..12).collect::<Vec<usize>>());
        assert_eq!(m.messages[0].size, 1.0);
        assert_eq!(m.classes.len(), o.nodes.len());
        // No other conversion: not to its own model, not between the other models.
        for id in ModelId::ALL {
            for e in gallery_of(id) {
                for to in ModelId::ALL {
                    let known = e.model() == ModelId::Overhead && to == ModelId::Multi;
                    assert_eq!(
                        convert(&e.instance, to).is_some(),
                        known,
                        "{} to {to:?}",
                        e.id
                    );
                }
            }
        }
    }
}
