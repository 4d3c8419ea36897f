//! The multimessage editor's text: the number of processors and, per message, its name, its
//! source and its destinations ("4, 5"), each kept as typed. [`MmDrafts::build`] parses them
//! into an instance or says what is wrong, field by field.
//!
//! Processors are typed as the drawings name them, from 1: "4" (or "P4") is `P4`, index 3 of
//! the JSON file, whose indices count from 0 (docs/formats.md, section 1c).

use hetcast_core::models::multimessage::{Message, MmInstance};

use crate::models::DraftErrors;

/// A field of a message row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MsgField {
    /// Its name.
    Name,
    /// Its source (a processor number, from 1).
    Source,
    /// Its destinations (processor numbers, from 1, separated by commas or spaces).
    Dests,
}

impl MsgField {
    /// Short key for element ids.
    pub fn key(self) -> &'static str {
        match self {
            MsgField::Name => "name",
            MsgField::Source => "source",
            MsgField::Dests => "dests",
        }
    }
}

/// A field of the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MmField {
    /// The number of processors.
    Processors,
    /// A field of message `k`.
    Message(usize, MsgField),
}

/// One message row as typed.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MsgDraft {
    /// Name.
    pub name: String,
    /// Source.
    pub source: String,
    /// Destinations.
    pub dests: String,
}

impl MsgDraft {
    /// The text of `f`.
    pub fn get(&self, f: MsgField) -> &str {
        match f {
            MsgField::Name => &self.name,
            MsgField::Source => &self.source,
            MsgField::Dests => &self.dests,
        }
    }
}

/// The editor's text.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MmDrafts {
    /// The number of processors.
    pub processors: String,
    /// The names of the instance in use (kept while the number of processors matches).
    pub names: Option<Vec<String>>,
    /// The message rows.
    pub messages: Vec<MsgDraft>,
    /// Errors by field (after the last edit).
    pub errors: Vec<(MmField, String)>,
    /// An error of the whole instance.
    pub general: Option<String>,
}

/// "4, 5" for destinations `[3, 4]` (`P4` and `P5`).
pub fn dests_text(d: &[usize]) -> String {
    d.iter()
        .map(|q| (q + 1).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The index (from 0) of the processor typed as `text`: its number from 1, "4" or "P4".
fn processor_index(text: &str) -> Option<usize> {
    let t = text.trim();
    let t = t.strip_prefix(['P', 'p']).unwrap_or(t);
    t.parse::<usize>().ok()?.checked_sub(1)
}

impl MmDrafts {
    /// The text of `inst`.
    pub fn from_instance(inst: &MmInstance) -> MmDrafts {
        MmDrafts {
            processors: inst.processors.to_string(),
            names: inst.names.clone(),
            messages: inst
                .messages
                .iter()
                .map(|m| MsgDraft {
                    name: m.name.clone(),
                    source: (m.source + 1).to_string(),
                    dests: dests_text(&m.destinations),
                })
                .collect(),
            errors: Vec::new(),
            general: None,
        }
    }

    /// The error shown at field `f`.
    pub fn error(&self, f: MmField) -> Option<&str> {
        crate::models::field_error(&self.errors, f)
    }

    /// True when the text makes a valid instance (as far as the last edit told).
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty() && self.general.is_none()
    }

    /// Set field `f` of message `k` (nothing when there is no such row).
    pub fn set_message(&mut self, k: usize, f: MsgField, text: String) {
        if let Some(m) = self.messages.get_mut(k) {
            match f {
                MsgField::Name => m.name = text,
                MsgField::Source => m.source = text,
                MsgField::Dests => m.dests = text,
            }
        }
    }

    /// Parse the text: the instance, or the errors by field and for the whole.
    pub fn build(&self) -> Result<MmInstance, DraftErrors<MmField>> {
        let mut errors = Vec::new();
        let processors = match self.processors.trim().parse::<usize>().ok() {
            Some(n) if n >= 1 => Some(n),
            _ => {
                errors.push((MmField::Processors, "a whole number, 1 or more".to_string()));
                None
            }
        };
        let mut messages = Vec::with_capacity(self.messages.len());
        for (k, m) in self.messages.iter().enumerate() {
            let source = processor_index(&m.source);
            if source.is_none() {
                errors.push((
                    MmField::Message(k, MsgField::Source),
                    "a processor number: 1 for P1, 2 for P2, ...".into(),
                ));
            }
            let parts: Vec<&str> = m
                .dests
                .split([',', ' ', ';'])
                .filter(|s| !s.trim().is_empty())
                .collect();
            let dests: Option<Vec<usize>> = parts.iter().map(|s| processor_index(s)).collect();
            match &dests {
                None => errors.push((
                    MmField::Message(k, MsgField::Dests),
                    "processor numbers (1 for P1) separated by commas".into(),
                )),
                Some(d) if d.is_empty() => errors.push((
                    MmField::Message(k, MsgField::Dests),
                    "at least one destination".into(),
                )),
                _ => {}
            }
            messages.push(Message {
                name: m.name.trim().to_string(),
                source: source.unwrap_or(0),
                destinations: dests.unwrap_or_default(),
            });
        }
        if !errors.is_empty() {
            return Err((errors, None));
        }
        let processors = processors.unwrap_or(1);
        let inst = MmInstance {
            processors,
            names: self.names.clone().filter(|n| n.len() == processors),
            messages,
        };
        inst.validate().map_err(|e| {
            let text = e.to_string();
            // Point at the message the error names (from 1), when it names one.
            let at = text
                .split("message ")
                .nth(1)
                .and_then(|r| r.split([' ', ':']).next())
                .and_then(|k| k.parse::<usize>().ok())
                .and_then(|k| k.checked_sub(1));
            match at {
                Some(k) if k < self.messages.len() => {
                    let field = if text.contains("source") && !text.contains("destination") {
                        MsgField::Source
                    } else if text.contains("name") {
                        MsgField::Name
                    } else {
                        MsgField::Dests
                    };
                    (vec![(MmField::Message(k, field), text)], None)
                }
                _ => (Vec::new(), Some(text)),
            }
        })?;
        Ok(inst)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use hetcast_core::models::multimessage::gallery::example_1_1;

    #[test]
    fn round_trip_and_errors() {
        let inst = example_1_1();
        let d = MmDrafts::from_instance(&inst);
        assert_eq!(d.build().unwrap(), inst);
        let mut bad = d.clone();
        bad.set_message(0, MsgField::Dests, "4, 1".into());
        let (errors, general) = bad.build().unwrap_err();
        assert_eq!(general, None);
        assert_eq!(
            errors,
            vec![(
                MmField::Message(0, MsgField::Dests),
                "invalid instance: message 1 (\"a\"): destination P1 is its source; a processor does not send to itself".to_string()
            )]
        );
        let mut bad = d;
        bad.set_message(1, MsgField::Source, "x".into());
        bad.processors = "0".into();
        let (errors, _) = bad.build().unwrap_err();
        assert_eq!(errors.len(), 2);
    }

    /// The editor numbers processors as the drawings do, P1..Pn: Example 1.1's message a goes
    /// from P1 to P4 and P5 (indices 0 to 3 and 4 in the file), and errors name P-numbers.
    #[test]
    fn processors_are_typed_from_one_as_drawn() {
        let inst = example_1_1();
        assert_eq!(inst.label(0), "P1");
        let d = MmDrafts::from_instance(&inst);
        assert_eq!(
            (d.messages[0].source.as_str(), d.messages[0].dests.as_str()),
            ("1", "4, 5")
        );
        assert_eq!(d.messages[2].dests, "4, 6, 8, 9");
        // "P4" and "p5" mean the same as 4 and 5.
        let mut typed = d.clone();
        typed.set_message(0, MsgField::Source, " P1 ".into());
        typed.set_message(0, MsgField::Dests, "P4; p5".into());
        assert_eq!(typed.build().unwrap(), inst);
        // 0 is no processor, and 10 is past P9: each is said at its field, in P-numbers.
        let mut bad = d.clone();
        bad.set_message(1, MsgField::Source, "0".into());
        assert_eq!(
            bad.build().unwrap_err().0,
            vec![(
                MmField::Message(1, MsgField::Source),
                "a processor number: 1 for P1, 2 for P2, ...".to_string()
            )]
        );
        let mut bad = d;
        bad.set_message(5, MsgField::Dests, "5, 10".into());
        assert_eq!(
            bad.build().unwrap_err().0,
            vec![(
                MmField::Message(5, MsgField::Dests),
                "invalid instance: message 6 (\"f\"): destination P10 does not exist (processors are P1 to P9)".to_string()
            )]
        );
    }
}
