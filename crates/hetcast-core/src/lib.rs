//! hetcast-core: the models, algorithms, simulators, layout and SVG export of hetcast, with no
//! web dependency.
//!
//! The pipeline (see `docs/architecture.md`):
//!
//! ```text
//! Instance --algorithm--> Plan (+ Trace) --simulate--> Schedule --layout--> Scene --> DOM | SVG
//! ```
//!
//! Every model lives in its own folder under [`models`]; [`ModelId`] lists them and
//! [`AnyInstance`] reads any instance file.
//!
//! ```
//! use hetcast_core::models::overhead::{algo::greedy, simulate};
//! use hetcast_core::AnyInstance;
//! let any = AnyInstance::from_json(r#"{"model":"node","source":0,"nodes":[{"cost":3},{"cost":2},{"cost":2}]}"#).unwrap();
//! let AnyInstance::Overhead(inst) = any else { unreachable!() };
//! let sol = greedy::greedy(&inst).unwrap();
//! let schedule = simulate(&inst, &sol.plan).unwrap();
//! assert_eq!(schedule.completion_time, 5.0);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod catalog;
pub mod combinatorics;
pub mod error;
pub mod explore;
pub mod export;
pub mod layout;
pub mod limits;
pub mod models;
pub mod order;
pub mod plan_file;
pub mod playback;
pub mod registry;
pub mod rng;
pub mod trace;
pub mod tree;
pub mod units;

pub use catalog::Catalog;
pub use error::Error;

use models::multi::MultiInstance;
use models::multimessage::MmInstance;
use models::overhead::Instance;
use models::platform::PlatformInstance;
use serde::{Deserialize, Serialize};

/// The models hetcast knows, one variant each (a closed list: a new model adds a variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModelId {
    /// The node model (paper 000) and the sender-receiver model (paper 004): one message, one
    /// source, send and receive overheads, latency.
    Overhead,
    /// The many-source model with non-blocking sends (paper 001).
    Multi,
    /// Multimessage multicasting with forwarding in unit steps (paper 003).
    Multimessage,
    /// Platform graphs in steady state (paper 002): throughput of a series of multicasts.
    Platform,
}

impl ModelId {
    /// Every model, in the order menus list them.
    pub const ALL: [ModelId; 4] = [
        ModelId::Overhead,
        ModelId::Multi,
        ModelId::Multimessage,
        ModelId::Platform,
    ];

    /// The values of the JSON key `"model"` this model reads.
    pub fn json_tags(self) -> &'static [&'static str] {
        match self {
            ModelId::Overhead => &["node", "sender_receiver"],
            ModelId::Multi => &["multi"],
            ModelId::Multimessage => &["multimessage"],
            ModelId::Platform => &["platform"],
        }
    }

    /// Name shown to people.
    pub fn title(self) -> &'static str {
        match self {
            ModelId::Overhead => "one source (node / sender-receiver)",
            ModelId::Multi => "many-source (Wu et al.)",
            ModelId::Multimessage => "multimessage, unit steps (Gonzalez)",
            ModelId::Platform => "platform graph, steady state (Beaumont et al.)",
        }
    }

    /// The largest instance, in nodes, the app edits and runs (the CLI's limit is the model's
    /// validation).
    pub fn app_max_nodes(self) -> usize {
        match self {
            ModelId::Overhead => models::overhead::APP_MAX_NODES,
            ModelId::Multi => models::multi::APP_MAX_NODES,
            ModelId::Multimessage => models::multimessage::APP_MAX_PROCESSORS,
            ModelId::Platform => models::platform::APP_MAX_NODES,
        }
    }

    /// The model a JSON text declares with its `"model"` key, if any. A text that is not
    /// valid JSON still counts when it has `"model": "<tag>"` in it, so that a broken file
    /// gets its own model's error message.
    ///
    /// ```
    /// use hetcast_core::ModelId;
    /// assert_eq!(ModelId::of_json(r#"{"model": "multi", "classes": ["#), Some(ModelId::Multi));
    /// assert_eq!(ModelId::of_json(r#"{"model":"node","nodes":[]}"#), Some(ModelId::Overhead));
    /// assert_eq!(ModelId::of_json("[1, 2]"), None);
    /// ```
    pub fn of_json(text: &str) -> Option<ModelId> {
        let tag = match serde_json::from_str::<serde_json::Value>(text) {
            Ok(v) => v.get("model").and_then(|m| m.as_str()).map(str::to_string),
            Err(_) => {
                let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
                ModelId::ALL
                    .iter()
                    .flat_map(|m| m.json_tags())
                    .find(|t| squeezed.contains(&format!("\"model\":\"{t}\"")))
                    .map(|t| t.to_string())
            }
        }?;
        ModelId::ALL
            .into_iter()
            .find(|m| m.json_tags().contains(&tag.as_str()))
    }
}

/// An instance of any model, as read from its JSON file (tagged by `"model"`).
#[derive(Debug, Clone, PartialEq)]
pub enum AnyInstance {
    /// Node or sender-receiver model.
    Overhead(Instance),
    /// Many-source model.
    Multi(MultiInstance),
    /// Multimessage model.
    Multimessage(MmInstance),
    /// Platform graph model.
    Platform(PlatformInstance),
}

impl AnyInstance {
    /// Which model this is.
    pub fn model(&self) -> ModelId {
        match self {
            AnyInstance::Overhead(_) => ModelId::Overhead,
            AnyInstance::Multi(_) => ModelId::Multi,
            AnyInstance::Multimessage(_) => ModelId::Multimessage,
            AnyInstance::Platform(_) => ModelId::Platform,
        }
    }

    /// Read an instance file of any model. A file without a known `"model"` is read as the
    /// overhead model, whose parser says what is missing.
    pub fn from_json(text: &str) -> Result<AnyInstance, Error> {
        one_object(text)?;
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(text) {
            if let Some(tag) = v.get("model").and_then(|m| m.as_str()) {
                if ModelId::of_json(text).is_none() {
                    let line = text
                        .lines()
                        .position(|l| l.contains("\"model\""))
                        .map_or(1, |i| i + 1);
                    let known: Vec<&str> = ModelId::ALL
                        .iter()
                        .flat_map(|m| m.json_tags().iter().copied())
                        .collect();
                    return Err(Error::Format(format!(
                        "line {line}: the model \"{}\" is not one hetcast reads ({})",
                        error::excerpt(tag),
                        known.join(", ")
                    )));
                }
            }
        }
        Ok(match ModelId::of_json(text) {
            Some(ModelId::Multi) => AnyInstance::Multi(MultiInstance::from_json(text)?),
            Some(ModelId::Multimessage) => AnyInstance::Multimessage(MmInstance::from_json(text)?),
            Some(ModelId::Platform) => AnyInstance::Platform(PlatformInstance::from_json(text)?),
            Some(ModelId::Overhead) | None => AnyInstance::Overhead(Instance::from_json(text)?),
        })
    }

    /// The instance as its model's JSON file.
    pub fn to_json(&self) -> String {
        match self {
            AnyInstance::Overhead(i) => i.to_json(),
            AnyInstance::Multi(i) => i.to_json(),
            AnyInstance::Multimessage(i) => i.to_json(),
            AnyInstance::Platform(i) => i.to_json(),
        }
    }

    /// Check the instance against its model's rules.
    pub fn validate(&self) -> Result<(), Error> {
        match self {
            AnyInstance::Overhead(i) => i.validate(),
            AnyInstance::Multi(i) => i.validate(),
            AnyInstance::Multimessage(i) => i.validate(),
            AnyInstance::Platform(i) => i.validate(),
        }
    }
}

/// `Err(NotInstance)` when `text` cannot be an instance file, told by its first character:
/// empty, not JSON (binary data, other text) or JSON other than one object (a list, a
/// number, a text). A file starting with `{` is left to the model's reader, which names the
/// line and field at fault. Reads at most the first value of a text that does not start
/// with `{` or `[`; a 20 MB list is refused at its first character.
fn one_object(text: &str) -> Result<(), Error> {
    let body = text.trim_start_matches([' ', '\t', '\n', '\r']);
    let what = match body.chars().next() {
        Some('{') => return Ok(()),
        None => "it is empty",
        Some('[') => "it holds a JSON list [ ... ]; an instance file holds one object { ... }",
        Some(_) => match serde_json::from_str::<serde_json::Value>(body) {
            Ok(serde_json::Value::String(_)) => {
                "it holds a JSON text; an instance file holds one object { ... }"
            }
            Ok(serde_json::Value::Number(_)) => {
                "it holds a JSON number; an instance file holds one object { ... }"
            }
            Ok(_) => "it holds a single JSON value; an instance file holds one object { ... }",
            Err(_) => "not JSON",
        },
    };
    Err(Error::NotInstance(what.into()))
}

impl From<Instance> for AnyInstance {
    fn from(i: Instance) -> Self {
        AnyInstance::Overhead(i)
    }
}

impl From<MmInstance> for AnyInstance {
    fn from(i: MmInstance) -> Self {
        AnyInstance::Multimessage(i)
    }
}

impl From<PlatformInstance> for AnyInstance {
    fn from(i: PlatformInstance) -> Self {
        AnyInstance::Platform(i)
    }
}

impl From<MultiInstance> for AnyInstance {
    fn from(i: MultiInstance) -> Self {
        AnyInstance::Multi(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        AnyInstance::from_json(text).unwrap_err().to_string()
    }

    /// Import errors say what is wrong in the user's terms, with the line.
    #[test]
    fn import_errors_are_plain_and_name_the_line() {
        assert_eq!(
            err("{\"model\": \"quantum\", \"nodes\": []}"),
            "malformed instance: line 1: the model \"quantum\" is not one hetcast reads (node, sender_receiver, multi, multimessage, platform)"
        );
        assert_eq!(
            err("{\"model\": \"node\",\n \"source\": 0,\n \"nodes\": [{\"cost\": 1},"),
            "malformed instance: the file ends too early (line 3): a closing bracket, brace or quote is missing"
        );
        assert_eq!(
            err("{\"model\": \"node\", \"source\": 0}"),
            "malformed instance: line 1: the key \"nodes\" is missing"
        );
        assert_eq!(
            err("{\"model\": \"node\", \"source\": 0,\n \"nodes\": [{\"cost\": \"two\"}]}"),
            "malformed instance: line 2, field nodes[0].cost: expected a number, found the text \"two\""
        );
        assert_eq!(
            err("{\"model\": \"node\", \"source\": 0, \"nodes\": [1, 2]}"),
            "malformed instance: line 1, field nodes[0]: expected a node object, found the number 1"
        );
        assert_eq!(
            err("{\"model\": \"node\", \"source\": 0, \"nodes\": [{\"cost\": 1},, {\"cost\": 2}]}"),
            "malformed instance: line 1, column 54: this is not valid JSON here (expected value)"
        );
        assert_eq!(err(" \n"), "not a hetcast file (it is empty)");
    }

    /// A value of the wrong kind names its field as well as its line.
    #[test]
    fn a_field_error_names_the_field_and_the_line() {
        assert_eq!(
            err("{\"model\": \"node\", \"source\": 0,\n \"nodes\": [{\"cost\": 1}, {\"cost\": \"two\"}]}"),
            "malformed instance: line 2, field nodes[1].cost: expected a number, found the text \"two\""
        );
        assert_eq!(
            err("{\"model\": \"platform\",\n\"nodes\": [{\"name\": \"S\"}, {\"name\": 7}],\n\"edges\": [], \"source\": 0, \"targets\": []}"),
            "malformed instance: line 2, field nodes[1].name: expected a text in quotes, found the number 7"
        );
        assert_eq!(
            err("{\"model\": \"node\", \"source\": 0, \"nodes\": [{\"cost\": 1, \"colour\": 2}]}"),
            "malformed instance: line 1, field nodes[0]: \"colour\" is not a key read here (the keys are \"name\", \"cost\", \"send\", \"recv\", \"gap\")"
        );
        assert_eq!(
            err("{\"model\": \"node\", \"source\": -1, \"nodes\": []}"),
            "malformed instance: line 1, field source: expected a whole number (0 or more), found the number -1"
        );
    }

    /// What is not an instance file at all is said to be so, whatever its size or bytes: a
    /// JSON list (the issue's 20 MB one gave "expected a whole number (0 or more), found
    /// map"), binary data (it gave "expected an instance object, found the text \"\""), JSON
    /// that is a number or a text.
    #[test]
    fn what_is_not_an_instance_file_is_said_to_be_so() {
        let list = format!("[{}]", vec!["{\"cost\": 1.5}"; 100_000].join(", "));
        assert!(list.len() > 1_000_000);
        let not_one_object = "not a hetcast file (it holds a JSON list [ ... ]; an instance file holds one object { ... })";
        assert_eq!(err(&list), not_one_object);
        assert_eq!(err("\n  [{\"model\": \"node\"}"), not_one_object);
        // Binary data as the browser reads it as text (invalid UTF-8 becomes U+FFFD).
        for garbage in [
            "\u{fffd}PNG\r\n\u{1a}\n\0\0\0\rIHDR",
            "\"\u{fffd}\u{fffd}\0\u{7}x",
            "PK\u{3}\u{4}\u{14}\0\0\0\u{8}\0",
            "nodes: 3",
        ] {
            assert_eq!(err(garbage), "not a hetcast file (not JSON)", "{garbage:?}");
        }
        assert_eq!(
            err("42"),
            "not a hetcast file (it holds a JSON number; an instance file holds one object { ... })"
        );
        assert_eq!(
            err("\"node\""),
            "not a hetcast file (it holds a JSON text; an instance file holds one object { ... })"
        );
    }

    /// Every model's reader names the same field in its errors as serde_path_to_error's path
    /// did (`error::field_at` finds it in the text): gallery instances with each value
    /// replaced by one of another kind, each key renamed, each line deleted.
    #[test]
    fn a_bad_field_is_named_as_serde_path_to_error_named_it() {
        const VALUES: [&str; 10] = [
            "\"two\"",
            "-1",
            "1.5",
            "true",
            "null",
            "{}",
            "[]",
            "[1, \"x\"]",
            "{\"z\": 1}",
            "18446744073709551616",
        ];
        let (mut cases, mut wrong) = (0, Vec::new());
        let mut check = |text: &str| {
            cases += 1;
            let (tracked, found) = error::tests::both(AnyInstance::from_json, text);
            let same = match (&tracked, &found) {
                (Ok(a), Ok(b)) => a == b,
                (Err(a), Err(b)) => a.to_string() == b.to_string(),
                _ => false,
            };
            if !same {
                wrong.push(format!("{text}\n  {tracked:?}\n  {found:?}"));
            }
        };
        // Each model's two shortest gallery files (a few seconds in a debug build).
        let mut texts = Vec::new();
        for id in ModelId::ALL {
            let mut files: Vec<String> = registry::gallery_of(id)
                .into_iter()
                .map(|e| e.instance.to_json())
                .collect();
            files.sort_by_key(String::len);
            texts.extend(files.into_iter().take(2));
        }
        for text in texts {
            let b = text.as_bytes();
            let mut i = 0;
            while i < b.len() {
                let start = i;
                let end = match b[i] {
                    b'"' => {
                        let mut j = i + 1;
                        while b[j] != b'"' {
                            j += if b[j] == b'\\' { 2 } else { 1 };
                        }
                        j + 1
                    }
                    b'-' | b'0'..=b'9' | b't' | b'f' | b'n' => {
                        let mut j = i;
                        while j < b.len() && !b",]} \n".contains(&b[j]) {
                            j += 1;
                        }
                        j
                    }
                    _ => {
                        i += 1;
                        continue;
                    }
                };
                let is_key = text[end..].trim_start().starts_with(':');
                let put = |v: &str| format!("{}{v}{}", &text[..start], &text[end..]);
                if is_key {
                    check(&put("\"zz\""));
                } else {
                    VALUES.iter().for_each(|v| check(&put(v)));
                }
                i = end;
            }
            let lines: Vec<&str> = text.lines().collect();
            for k in 0..lines.len() {
                let mut rest = lines.clone();
                rest.remove(k);
                check(&rest.join("\n"));
            }
        }
        assert!(cases > 1000, "{cases} cases");
        assert!(
            wrong.is_empty(),
            "{} of {cases} differ:\n{}",
            wrong.len(),
            wrong[..wrong.len().min(5)].join("\n")
        );
    }
}
