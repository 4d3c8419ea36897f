//! The multimessage multicasting instance (Gonzalez, "Algorithms for Multimessage
//! Multicasting with Forwarding", section 1): `n` processors on a complete network, and
//! messages, each held at first by one processor (its source) and needed by a set of others
//! (its destinations).
//!
//! JSON (version 1, `docs/formats.md`):
//!
//! ```json
//! {"model": "multimessage", "version": 1, "processors": 3,
//!  "names": ["P1", "P2", "P3"],
//!  "messages": [{"name": "a", "source": 0, "destinations": [1, 2]}]}
//! ```
//!
//! `names` is optional (processors are then `P1`, `P2`, ... as in the paper). Indices in the
//! file count from 0 (index `i` is processor `P{i+1}`); everything a person reads counts from
//! 1, as the paper does: processors `P1` to `Pn` ([`processor_number`]), messages 1 to `m`
//! (the validation errors, the app's editor, the CLI). The limits are [`MAX_PROCESSORS`],
//! [`MAX_MESSAGES`] and [`MAX_TRANSFERS`].

use crate::error::{excerpt, Error};
use serde::{Deserialize, Serialize};

/// The most processors an instance may have.
pub const MAX_PROCESSORS: usize = 1024;
/// The most messages an instance may have.
pub const MAX_MESSAGES: usize = 4096;
/// The most transfers (the sum over the messages of their destination counts: the edges of
/// the paper's multigraph).
pub const MAX_TRANSFERS: usize = 65_536;
/// The longest processor or message name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// Processor `p` (a file index, from 0) as people read it: `P{p+1}`, the paper's numbering
/// (which the drawings, the editor and the errors use, whatever the processors' names).
///
/// ```
/// use hetcast_core::models::multimessage::instance::processor_number;
/// assert_eq!(processor_number(0), "P1");
/// // A file's index can be any usize: its number never overflows.
/// assert_eq!(processor_number(usize::MAX), format!("P{}", usize::MAX as u128 + 1));
/// ```
pub fn processor_number(p: usize) -> String {
    format!("P{}", p as u128 + 1)
}

/// One message: held by `source`, needed by every processor of `destinations`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(
    deny_unknown_fields,
    expecting = "a message object {name, source, destinations}"
)]
pub struct Message {
    /// Its name ("a"); unique in the instance.
    pub name: String,
    /// The processor that holds it at first.
    pub source: usize,
    /// The processors that need it (not the source, no repeats, at least one).
    pub destinations: Vec<usize>,
}

/// A multimessage multicasting instance.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MmInstance {
    /// How many processors (indices from 0, shown as `P1` to `Pn`).
    pub processors: usize,
    /// Their names, when given (as many as processors).
    pub names: Option<Vec<String>>,
    /// The messages.
    pub messages: Vec<Message>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a multimessage instance object")]
struct Raw {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    version: Option<u32>,
    model: String,
    processors: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    names: Option<Vec<String>>,
    messages: Vec<Message>,
}

impl MmInstance {
    /// Display name of processor `p`: its name, or `P{p+1}` (the paper counts from 1).
    pub fn label(&self, p: usize) -> String {
        match &self.names {
            Some(names) if p < names.len() => names[p].clone(),
            _ => processor_number(p),
        }
    }

    /// Display name of message `k`.
    pub fn message_label(&self, k: usize) -> String {
        self.messages
            .get(k)
            .map_or_else(|| format!("m{k}"), |m| m.name.clone())
    }

    /// How many messages each processor sends (holds at first): the paper's `|h_i|`.
    pub fn out_degrees(&self) -> Vec<usize> {
        let mut out = vec![0; self.processors];
        for m in &self.messages {
            if m.source < self.processors {
                out[m.source] += 1;
            }
        }
        out
    }

    /// How many messages each processor needs: the paper's `|n_i|`.
    pub fn in_degrees(&self) -> Vec<usize> {
        let mut inn = vec![0; self.processors];
        for m in &self.messages {
            for &q in &m.destinations {
                if q < self.processors {
                    inn[q] += 1;
                }
            }
        }
        inn
    }

    /// The degree `d`: the most messages any processor sends or receives (section 1).
    ///
    /// ```
    /// use hetcast_core::models::multimessage::gallery::example_1_1;
    /// assert_eq!(example_1_1().degree(), 3);
    /// ```
    pub fn degree(&self) -> usize {
        let o = self.out_degrees().into_iter().max().unwrap_or(0);
        let i = self.in_degrees().into_iter().max().unwrap_or(0);
        o.max(i)
    }

    /// The trivial lower bound on the number of steps: `d` (a processor receives at most one
    /// message a step; a processor that holds `d` messages nobody else holds sends at most one
    /// a step).
    pub fn lower_bound(&self) -> usize {
        self.degree()
    }

    /// How many transfers: the sum of the destination counts (edges of the multigraph).
    pub fn transfers(&self) -> usize {
        self.messages.iter().map(|m| m.destinations.len()).sum()
    }

    /// Which processors need which messages: `needs[q]` lists the messages `q` needs.
    pub fn needs(&self) -> Vec<Vec<usize>> {
        let mut needs = vec![Vec::new(); self.processors];
        for (k, m) in self.messages.iter().enumerate() {
            for &q in &m.destinations {
                if q < self.processors {
                    needs[q].push(k);
                }
            }
        }
        needs
    }

    /// Check every rule of the model; the message names the message (from 1, with its name) or
    /// the processor (`P1` to `Pn`) at fault:
    /// 1 to [`MAX_PROCESSORS`] processors, as many names as processors when names are given
    /// (each 1 to [`MAX_NAME_CHARS`] characters, no two alike), at most [`MAX_MESSAGES`]
    /// messages and [`MAX_TRANSFERS`] transfers, message names 1 to [`MAX_NAME_CHARS`]
    /// characters and unique, sources and destinations processors of the instance, at least
    /// one destination, none equal to the source, none listed twice.
    pub fn validate(&self) -> Result<(), Error> {
        let bad = |m: String| Err(Error::BadInstance(m));
        let n = self.processors;
        if n == 0 {
            return bad("there must be at least one processor".into());
        }
        if n > MAX_PROCESSORS {
            return bad(format!(
                "{n} processors; the multimessage model takes at most {MAX_PROCESSORS}"
            ));
        }
        if let Some(names) = &self.names {
            if names.len() != n {
                return bad(format!(
                    "there are {} names for {n} processors; give one name per processor or none",
                    names.len()
                ));
            }
            let mut seen = std::collections::HashSet::new();
            for (p, name) in names.iter().enumerate() {
                let chars = name.chars().count();
                if name.trim().is_empty() || chars > MAX_NAME_CHARS {
                    return bad(format!(
                        "processor {}: its name \"{}\" must have 1 to {MAX_NAME_CHARS} characters",
                        processor_number(p),
                        excerpt(name)
                    ));
                }
                if !seen.insert(name.as_str()) {
                    return bad(format!(
                        "processor {}: the name \"{}\" is used twice",
                        processor_number(p),
                        excerpt(name)
                    ));
                }
            }
        }
        if self.messages.len() > MAX_MESSAGES {
            return bad(format!(
                "{} messages; the multimessage model takes at most {MAX_MESSAGES}",
                self.messages.len()
            ));
        }
        let mut names = std::collections::HashSet::new();
        let range = |what: &str, p: usize| {
            let p = processor_number(p);
            if n == 1 {
                format!("{what} {p} does not exist (there is one processor, P1)")
            } else {
                format!("{what} {p} does not exist (processors are P1 to P{n})")
            }
        };
        let mut transfers = 0usize;
        for (k, m) in self.messages.iter().enumerate() {
            let chars = m.name.chars().count();
            if m.name.trim().is_empty() || chars > MAX_NAME_CHARS {
                return bad(format!(
                    "message {}: its name \"{}\" must have 1 to {MAX_NAME_CHARS} characters",
                    k + 1,
                    excerpt(&m.name)
                ));
            }
            let who = format!("message {} (\"{}\")", k + 1, excerpt(&m.name));
            if !names.insert(m.name.as_str()) {
                return bad(format!("{who}: the name is used by an earlier message"));
            }
            if m.source >= n {
                return bad(format!("{who}: {}", range("its source", m.source)));
            }
            if m.destinations.is_empty() {
                return bad(format!("{who} has no destination"));
            }
            let mut seen = vec![false; n];
            for &q in &m.destinations {
                if q >= n {
                    return bad(format!("{who}: {}", range("destination", q)));
                }
                if q == m.source {
                    return bad(format!(
                        "{who}: destination {} is its source; a processor does not send to itself",
                        processor_number(q)
                    ));
                }
                if seen[q] {
                    return bad(format!(
                        "{who}: destination {} is listed twice",
                        processor_number(q)
                    ));
                }
                seen[q] = true;
            }
            transfers += m.destinations.len();
            if transfers > MAX_TRANSFERS {
                return bad(format!(
                    "more than {MAX_TRANSFERS} transfers (destinations over all messages); the multimessage model takes at most {MAX_TRANSFERS}"
                ));
            }
        }
        Ok(())
    }

    /// Read a JSON instance (version 1, `"model": "multimessage"`) and validate it.
    ///
    /// ```
    /// use hetcast_core::models::multimessage::MmInstance;
    /// let e = MmInstance::from_json(r#"{"model":"multimessage","processors":2,
    ///   "messages":[{"name":"a","source":0,"destinations":[0]}]}"#).unwrap_err();
    /// assert_eq!(e.to_string(), "invalid instance: message 1 (\"a\"): destination P1 is its source; a processor does not send to itself");
    /// ```
    pub fn from_json(text: &str) -> Result<MmInstance, Error> {
        let raw: Raw = crate::error::read_json(text)?;
        if let Some(v) = raw.version {
            if v != crate::limits::FORMAT_VERSION {
                return Err(Error::Version(v));
            }
        }
        if raw.model != "multimessage" {
            return Err(Error::Format(format!(
                "model \"{}\" is not the multimessage model (\"multimessage\")",
                excerpt(&raw.model)
            )));
        }
        let inst = MmInstance {
            processors: raw.processors,
            names: raw.names,
            messages: raw.messages,
        };
        inst.validate()?;
        Ok(inst)
    }

    /// The instance as its JSON file (version 1).
    pub fn to_json(&self) -> String {
        let raw = Raw {
            version: Some(crate::limits::FORMAT_VERSION),
            model: "multimessage".into(),
            processors: self.processors,
            names: self.names.clone(),
            messages: self.messages.clone(),
        };
        serde_json::to_string_pretty(&raw).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        MmInstance::from_json(text).unwrap_err().to_string()
    }

    fn one(msg: &str) -> String {
        err(&format!(
            r#"{{"model":"multimessage","processors":3,"messages":[{msg}]}}"#
        ))
    }

    #[test]
    fn bad_input_is_named() {
        assert_eq!(
            one(r#"{"name":"a","source":0,"destinations":[1,0]}"#),
            "invalid instance: message 1 (\"a\"): destination P1 is its source; a processor does not send to itself"
        );
        assert_eq!(
            one(r#"{"name":"a","source":0,"destinations":[1,3]}"#),
            "invalid instance: message 1 (\"a\"): destination P4 does not exist (processors are P1 to P3)"
        );
        assert_eq!(
            one(r#"{"name":"a","source":5,"destinations":[1]}"#),
            "invalid instance: message 1 (\"a\"): its source P6 does not exist (processors are P1 to P3)"
        );
        assert_eq!(
            one(r#"{"name":"a","source":0,"destinations":[1,2,1]}"#),
            "invalid instance: message 1 (\"a\"): destination P2 is listed twice"
        );
        assert_eq!(
            one(r#"{"name":"a","source":0,"destinations":[]}"#),
            "invalid instance: message 1 (\"a\") has no destination"
        );
        assert_eq!(
            one(
                r#"{"name":"a","source":0,"destinations":[1]},{"name":"a","source":1,"destinations":[2]}"#
            ),
            "invalid instance: message 2 (\"a\"): the name is used by an earlier message"
        );
        // One processor: the range says so; processors named or not are P1..Pn in errors.
        assert_eq!(
            err(
                r#"{"model":"multimessage","processors":1,"messages":[{"name":"a","source":0,"destinations":[1]}]}"#
            ),
            "invalid instance: message 1 (\"a\"): destination P2 does not exist (there is one processor, P1)"
        );
        assert_eq!(
            err(r#"{"model":"multimessage","processors":2,"names":["x","x"],"messages":[]}"#),
            "invalid instance: processor P2: the name \"x\" is used twice"
        );
        assert_eq!(
            err(r#"{"model":"multimessage","processors":2,"names":["x"," "],"messages":[]}"#),
            "invalid instance: processor P2: its name \" \" must have 1 to 40 characters"
        );
        assert_eq!(
            err(
                r#"{"model":"multimessage","processors":2,"messages":[{"name":"","source":0,"destinations":[1]}]}"#
            ),
            "invalid instance: message 1: its name \"\" must have 1 to 40 characters"
        );
        assert_eq!(
            err(r#"{"model":"multimessage","processors":0,"messages":[]}"#),
            "invalid instance: there must be at least one processor"
        );
        assert_eq!(
            err(r#"{"model":"multimessage","processors":2,"names":["x"],"messages":[]}"#),
            "invalid instance: there are 1 names for 2 processors; give one name per processor or none"
        );
        assert_eq!(
            err(r#"{"model":"multimessage","processors":2,"messages":[{"name":"a","source":0}]}"#),
            "malformed instance: line 1, field messages[0]: the key \"destinations\" is missing"
        );
    }

    #[test]
    fn json_round_trips() {
        let inst = crate::models::multimessage::gallery::example_1_1();
        assert_eq!(MmInstance::from_json(&inst.to_json()).unwrap(), inst);
        let one_proc =
            MmInstance::from_json(r#"{"model":"multimessage","processors":1,"messages":[]}"#)
                .unwrap();
        assert_eq!(one_proc.degree(), 0);
    }
}
