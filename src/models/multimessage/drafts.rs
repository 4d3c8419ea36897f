//! The multimessage editor's text: the number of processors and, per message, its name, its
//! source and its destinations ("3, 4"), each kept as typed. [`MmDrafts::build`] parses them
//! into an instance or says what is wrong, field by field.

use hetcast_core::models::multimessage::{Message, MmInstance};

use crate::models::DraftErrors;

/// A field of a message row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MsgField {
    /// Its name.
    Name,
    /// Its source (a processor index).
    Source,
    /// Its destinations (indices separated by commas or spaces).
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

/// "3, 4" for destinations `[3, 4]`.
pub fn dests_text(d: &[usize]) -> String {
    d.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
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
                    source: m.source.to_string(),
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
        let index = |t: &str| t.trim().parse::<usize>().ok();
        let processors = match index(&self.processors) {
            Some(n) if n >= 1 => Some(n),
            _ => {
                errors.push((MmField::Processors, "a whole number, 1 or more".to_string()));
                None
            }
        };
        let mut messages = Vec::with_capacity(self.messages.len());
        for (k, m) in self.messages.iter().enumerate() {
            let source = index(&m.source);
            if source.is_none() {
                errors.push((
                    MmField::Message(k, MsgField::Source),
                    "a processor index (0, 1, ...)".into(),
                ));
            }
            let parts: Vec<&str> = m
                .dests
                .split([',', ' ', ';'])
                .filter(|s| !s.trim().is_empty())
                .collect();
            let dests: Option<Vec<usize>> = parts.iter().map(|s| index(s)).collect();
            match &dests {
                None => errors.push((
                    MmField::Message(k, MsgField::Dests),
                    "processor indices separated by commas".into(),
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
            // Point at the message the error names, when it names one.
            let at = text
                .split("message ")
                .nth(1)
                .and_then(|r| r.split([' ', ':']).next())
                .and_then(|k| k.parse::<usize>().ok());
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
        bad.set_message(0, MsgField::Dests, "3, 0".into());
        let (errors, general) = bad.build().unwrap_err();
        assert_eq!(general, None);
        assert_eq!(
            errors,
            vec![(
                MmField::Message(0, MsgField::Dests),
                "invalid instance: message 0 (\"a\"): destination 0 is its source; a processor does not send to itself".to_string()
            )]
        );
        let mut bad = d;
        bad.set_message(1, MsgField::Source, "x".into());
        bad.processors = "0".into();
        let (errors, _) = bad.build().unwrap_err();
        assert_eq!(errors.len(), 2);
    }
}
