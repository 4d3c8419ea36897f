//! The many-source editor's text ([`MultiDrafts`]): every field as typed, parsed and checked
//! as a whole, so that the last valid instance stays in use and every bad field carries its own
//! message.

use hetcast_core::models::multi::instance::MAX_SIZE;
use hetcast_core::models::multi::{
    Link, Message, MultiInstance, NodeClass, Overhead, APP_MAX_NODES as MAX_NODES,
};

use super::text::{
    format_destinations, node_number, non_negative, parse_destinations, parse_size, positive, rate,
    rate_text,
};
use super::{MAX_GRID, MAX_TRANSFERS};
use crate::models::{field_error, num_text, DraftErrors};

/// A field of a node-class row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassField {
    /// The class name.
    Name,
    /// How many nodes.
    Count,
    /// Send overhead, constant part (µs).
    SendFixed,
    /// Send overhead per byte (µs/B).
    SendPerByte,
    /// Receive overhead, constant part (µs).
    RecvFixed,
    /// Receive overhead per byte (µs/B).
    RecvPerByte,
}

impl ClassField {
    /// Every field in table order.
    pub const ALL: [ClassField; 6] = [
        ClassField::Name,
        ClassField::Count,
        ClassField::SendFixed,
        ClassField::SendPerByte,
        ClassField::RecvFixed,
        ClassField::RecvPerByte,
    ];

    /// Short machine name (element ids).
    pub fn key(self) -> &'static str {
        match self {
            ClassField::Name => "name",
            ClassField::Count => "count",
            ClassField::SendFixed => "send-fixed",
            ClassField::SendPerByte => "send-byte",
            ClassField::RecvFixed => "recv-fixed",
            ClassField::RecvPerByte => "recv-byte",
        }
    }
}

/// A field of a message row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MsgField {
    /// The source node.
    Source,
    /// The size in bytes.
    Size,
    /// The destinations ("1,2,5-8" or "all").
    Dests,
}

impl MsgField {
    /// Short machine name (element ids).
    pub fn key(self) -> &'static str {
        match self {
            MsgField::Source => "source",
            MsgField::Size => "size",
            MsgField::Dests => "dests",
        }
    }
}

/// A field of the many-source editor that can carry an error message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiField {
    /// A field of class row `0`.
    Class(usize, ClassField),
    /// The one link rate.
    LinkRate,
    /// The per-pair rate from node `0` to node `1`.
    Matrix(usize, usize),
    /// A field of message row `0`.
    Msg(usize, MsgField),
}

/// The text of a class row as typed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ClassDraft {
    /// Name.
    pub name: String,
    /// Count.
    pub count: String,
    /// Send constant (µs).
    pub send_fixed: String,
    /// Send per byte (µs/B).
    pub send_per_byte: String,
    /// Receive constant (µs).
    pub recv_fixed: String,
    /// Receive per byte (µs/B).
    pub recv_per_byte: String,
}

impl ClassDraft {
    /// The text of `f`.
    pub fn get(&self, f: ClassField) -> &str {
        match f {
            ClassField::Name => &self.name,
            ClassField::Count => &self.count,
            ClassField::SendFixed => &self.send_fixed,
            ClassField::SendPerByte => &self.send_per_byte,
            ClassField::RecvFixed => &self.recv_fixed,
            ClassField::RecvPerByte => &self.recv_per_byte,
        }
    }

    fn set(&mut self, f: ClassField, text: String) {
        *match f {
            ClassField::Name => &mut self.name,
            ClassField::Count => &mut self.count,
            ClassField::SendFixed => &mut self.send_fixed,
            ClassField::SendPerByte => &mut self.send_per_byte,
            ClassField::RecvFixed => &mut self.recv_fixed,
            ClassField::RecvPerByte => &mut self.recv_per_byte,
        } = text;
    }
}

/// The text of a message row as typed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct MessageDraft {
    /// Source node number.
    pub source: String,
    /// Size in bytes.
    pub size: String,
    /// Destinations, e.g. "1,2,5-8" or "all".
    pub dests: String,
}

impl MessageDraft {
    /// The text of `f`.
    pub fn get(&self, f: MsgField) -> &str {
        match f {
            MsgField::Source => &self.source,
            MsgField::Size => &self.size,
            MsgField::Dests => &self.dests,
        }
    }
}

/// The many-source editor's text, which may be invalid, and its errors.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct MultiDrafts {
    /// One row per class.
    pub classes: Vec<ClassDraft>,
    /// Per-pair rates (a matrix) instead of one rate.
    pub per_pair: bool,
    /// The one rate (µs/byte); also what new matrix cells start with.
    pub rate: String,
    /// The matrix (n x n) when `per_pair`.
    pub matrix: Vec<Vec<String>>,
    /// One row per message.
    pub messages: Vec<MessageDraft>,
    /// Errors attached to fields.
    pub errors: Vec<(MultiField, String)>,
    /// An error of the whole instance.
    pub general: Option<String>,
}

/// Errors of drafts that do not make a valid instance: by field, and for the whole instance.
pub type MultiDraftErrors = DraftErrors<MultiField>;

impl MultiDrafts {
    /// The drafts that show `inst` exactly.
    pub fn from_instance(inst: &MultiInstance) -> MultiDrafts {
        let n = inst.node_count();
        let (per_pair, rate, matrix) = match &inst.link {
            Link::PerByte(x) => (false, rate_text(*x), Vec::new()),
            Link::Matrix(m) => {
                let first = (0..n)
                    .flat_map(|i| (0..n).map(move |j| (i, j)))
                    .find(|&(i, j)| i != j)
                    .map(|(i, j)| m[i][j])
                    .unwrap_or(0.0);
                (
                    true,
                    rate_text(first),
                    m.iter()
                        .map(|row| row.iter().map(|&x| num_text(x)).collect())
                        .collect(),
                )
            }
        };
        MultiDrafts {
            classes: inst
                .classes
                .iter()
                .map(|c| ClassDraft {
                    name: c.name.clone(),
                    count: c.count.to_string(),
                    send_fixed: num_text(c.send.fixed),
                    send_per_byte: num_text(c.send.per_byte),
                    recv_fixed: num_text(c.recv.fixed),
                    recv_per_byte: num_text(c.recv.per_byte),
                })
                .collect(),
            per_pair,
            rate,
            matrix,
            messages: inst
                .messages
                .iter()
                .map(|m| MessageDraft {
                    source: m.source.to_string(),
                    size: num_text(m.size),
                    dests: format_destinations(&m.destinations, n, m.source),
                })
                .collect(),
            errors: Vec::new(),
            general: None,
        }
    }

    /// The error shown next to `field`, if any.
    pub fn error(&self, field: MultiField) -> Option<&str> {
        field_error(&self.errors, field)
    }

    /// True when the drafts have no error.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty() && self.general.is_none()
    }

    /// The node count the class rows give, when every count parses.
    pub fn node_count(&self) -> Option<usize> {
        self.classes
            .iter()
            .map(|c| c.count.trim().parse::<usize>().ok())
            .sum()
    }

    /// Set field `f` of class `i`.
    pub fn set_class(&mut self, i: usize, f: ClassField, text: String) {
        if let Some(c) = self.classes.get_mut(i) {
            c.set(f, text);
        }
    }

    /// Set field `f` of message `k`.
    pub fn set_message(&mut self, k: usize, f: MsgField, text: String) {
        if let Some(m) = self.messages.get_mut(k) {
            match f {
                MsgField::Source => m.source = text,
                MsgField::Size => m.size = text,
                MsgField::Dests => m.dests = text,
            }
        }
    }

    /// Make the matrix n x n when it is shown as a grid (n ≤ [`MAX_GRID`]): keep the cells
    /// that stay, fill new ones with the one rate.
    pub fn fit_matrix(&mut self) {
        let Some(n) = self.node_count() else {
            return;
        };
        if !self.per_pair || n > MAX_GRID || self.matrix.len() == n {
            return;
        }
        let fill = if self.rate.trim().is_empty() {
            "0".to_string()
        } else {
            self.rate.clone()
        };
        self.matrix.resize(n, Vec::new());
        for (i, row) in self.matrix.iter_mut().enumerate() {
            row.resize(n, fill.clone());
            row[i] = "0".into();
        }
    }

    /// Parse and check the drafts; on failure, the errors to show.
    pub fn build(&self) -> Result<MultiInstance, MultiDraftErrors> {
        let mut errors: Vec<(MultiField, String)> = Vec::new();
        let classes = self.build_classes(&mut errors);
        let n = self.node_count();
        let mut general = None;
        if self.classes.is_empty() {
            general = Some("add at least one node class".to_string());
        }
        if let Some(n) = n {
            if n > MAX_NODES {
                general = Some(format!(
                    "{n} nodes: the app runs at most {MAX_NODES} (the CLI takes more)"
                ));
            } else if n < 2 {
                general = Some("there must be at least 2 nodes".into());
            }
        }
        let link = self.build_link(n, &mut errors, &mut general);
        if self.messages.is_empty() {
            general = Some("add at least one message".into());
        }
        let messages = self.build_messages(n, &mut errors);
        if !errors.is_empty() || general.is_some() {
            return Err((errors, general));
        }
        let transfers: usize = messages.iter().map(|m| m.destinations.len()).sum();
        if transfers > MAX_TRANSFERS {
            return Err((
                Vec::new(),
                Some(format!(
                    "{transfers} transfers (destinations over all messages): the app runs at most {MAX_TRANSFERS}"
                )),
            ));
        }
        let inst = MultiInstance {
            classes,
            link,
            messages,
        };
        inst.validate()
            .map(|()| inst)
            .map_err(|e| (Vec::new(), Some(e.to_string())))
    }

    /// The node classes of the class rows, each bad field's message added to `errors` (its
    /// value then `NaN`, or a count of 0).
    fn build_classes(&self, errors: &mut Vec<(MultiField, String)>) -> Vec<NodeClass> {
        let mut classes = Vec::with_capacity(self.classes.len());
        for (i, c) in self.classes.iter().enumerate() {
            let mut get = |f: ClassField, check: fn(&str) -> Result<f64, String>| {
                check(c.get(f)).unwrap_or_else(|e| {
                    errors.push((MultiField::Class(i, f), e));
                    f64::NAN
                })
            };
            let send = Overhead {
                fixed: get(ClassField::SendFixed, positive),
                per_byte: get(ClassField::SendPerByte, non_negative),
            };
            let recv = Overhead {
                fixed: get(ClassField::RecvFixed, non_negative),
                per_byte: get(ClassField::RecvPerByte, non_negative),
            };
            let count = match c.count.trim().parse::<usize>() {
                Ok(v) if (1..=MAX_NODES).contains(&v) => v,
                _ => {
                    errors.push((
                        MultiField::Class(i, ClassField::Count),
                        format!("a whole number from 1 to {MAX_NODES}"),
                    ));
                    0
                }
            };
            classes.push(NodeClass {
                name: c.name.trim().to_string(),
                count,
                send,
                recv,
            });
        }
        classes
    }

    /// The link: one rate, or the per-pair matrix (`general` says so when its size is not
    /// the `n` nodes of the classes); each bad rate's message added to `errors`.
    fn build_link(
        &self,
        n: Option<usize>,
        errors: &mut Vec<(MultiField, String)>,
        general: &mut Option<String>,
    ) -> Link {
        if self.per_pair {
            let mut m = vec![vec![0.0; self.matrix.len()]; self.matrix.len()];
            match n {
                Some(n) if self.matrix.len() != n || self.matrix.iter().any(|r| r.len() != n) => {
                    *general = Some(format!(
                        "the per-pair matrix has {} rows but there are {n} nodes: {}",
                        self.matrix.len(),
                        if n <= MAX_GRID {
                            "edit the grid"
                        } else {
                            "import a JSON file with an n x n matrix, or use one rate"
                        }
                    ));
                }
                _ => {}
            }
            for (i, row) in self.matrix.iter().enumerate() {
                for (j, text) in row.iter().enumerate() {
                    if i != j {
                        match rate(text) {
                            Ok(v) => {
                                if let Some(cell) = m.get_mut(i).and_then(|r| r.get_mut(j)) {
                                    *cell = v;
                                }
                            }
                            Err(e) => errors.push((MultiField::Matrix(i, j), e)),
                        }
                    }
                }
            }
            Link::Matrix(m)
        } else {
            match rate(&self.rate) {
                Ok(v) => Link::PerByte(v),
                Err(e) => {
                    errors.push((MultiField::LinkRate, e));
                    Link::PerByte(f64::NAN)
                }
            }
        }
    }

    /// The messages of the message rows whose source and destinations are good (checked
    /// only when the node count `n` is known), each bad field's message added to `errors`
    /// (a bad size is `NaN`).
    fn build_messages(
        &self,
        n: Option<usize>,
        errors: &mut Vec<(MultiField, String)>,
    ) -> Vec<Message> {
        let mut messages = Vec::with_capacity(self.messages.len());
        for (k, d) in self.messages.iter().enumerate() {
            let size = match parse_size(&d.size) {
                Ok(v) if v > 0.0 && v <= MAX_SIZE && v.fract() != 0.0 => {
                    errors.push((
                        MultiField::Msg(k, MsgField::Size),
                        format!("{v} is not a whole number of bytes"),
                    ));
                    f64::NAN
                }
                Ok(v) if v > 0.0 && v <= MAX_SIZE => v,
                Ok(v) if v <= 0.0 => {
                    errors.push((
                        MultiField::Msg(k, MsgField::Size),
                        format!("{v} must be > 0 bytes"),
                    ));
                    f64::NAN
                }
                Ok(v) => {
                    errors.push((
                        MultiField::Msg(k, MsgField::Size),
                        format!("{v} is too large (≤ 1e10 bytes)"),
                    ));
                    f64::NAN
                }
                Err(e) => {
                    errors.push((MultiField::Msg(k, MsgField::Size), e));
                    f64::NAN
                }
            };
            // Sources and destinations can only be checked against a known node count.
            let Some(n) = n.filter(|&n| n >= 1) else {
                continue;
            };
            let source = match node_number(&d.source, n) {
                Ok(v) => v,
                Err(e) => {
                    errors.push((MultiField::Msg(k, MsgField::Source), e));
                    continue;
                }
            };
            match parse_destinations(&d.dests, n, source) {
                Ok(destinations) => messages.push(Message {
                    source,
                    size,
                    destinations,
                }),
                Err(e) => errors.push((MultiField::Msg(k, MsgField::Dests), e)),
            }
        }
        messages
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::super::default_multi;
    use super::*;

    #[test]
    fn drafts_round_trip_and_mark_every_bad_field() {
        let inst = default_multi();
        let d = MultiDrafts::from_instance(&inst);
        assert_eq!(d.build().unwrap(), inst);
        let mut bad = d.clone();
        bad.set_class(0, ClassField::SendFixed, "-1".into());
        bad.set_class(1, ClassField::RecvPerByte, "NaN".into());
        bad.rate = "abc".into();
        bad.set_message(0, MsgField::Dests, "1,99".into());
        bad.set_message(1, MsgField::Dests, "1,2".into());
        bad.set_message(2, MsgField::Size, "0".into());
        let (errs, general) = bad.build().unwrap_err();
        assert!(general.is_none());
        let msg = |f| errs.iter().find(|(g, _)| *g == f).map(|(_, m)| m.clone());
        assert!(msg(MultiField::Class(0, ClassField::SendFixed))
            .unwrap()
            .contains("> 0"));
        assert!(msg(MultiField::Class(1, ClassField::RecvPerByte))
            .unwrap()
            .contains("NaN"));
        assert!(msg(MultiField::LinkRate).unwrap().contains("'abc'"));
        assert!(msg(MultiField::Msg(0, MsgField::Dests))
            .unwrap()
            .contains("P99 does not exist"));
        assert!(msg(MultiField::Msg(1, MsgField::Dests))
            .unwrap()
            .contains("P1 is the source"));
        assert!(msg(MultiField::Msg(2, MsgField::Size)).is_some());
        assert_eq!(errs.len(), 6);
        // Sizes are whole bytes; rates may be bandwidths; infinity is not a number here.
        let mut d2 = d.clone();
        d2.set_message(3, MsgField::Size, "1.5".into());
        d2.rate = "1e999".into();
        let (errs, _) = d2.build().unwrap_err();
        let msg = |f| errs.iter().find(|(g, _)| *g == f).map(|(_, m)| m.clone());
        assert!(msg(MultiField::Msg(3, MsgField::Size))
            .unwrap()
            .contains("whole number of bytes"));
        assert!(msg(MultiField::LinkRate)
            .unwrap()
            .contains("not a finite number"));
        d2.set_message(3, MsgField::Size, "1.5 MB".into());
        d2.rate = "1 Gbps".into();
        assert_eq!(d2.build().unwrap().messages[3].size, 1_572_864.0);
        d2.set_message(3, MsgField::Size, "1k".into());
        assert_eq!(d2.build().unwrap().messages[3].size, 1024.0);
        d2.set_message(3, MsgField::Size, "1000".into());
        d2.rate = "155 Mbps".into();
        assert_eq!(d2.build().unwrap().link, Link::PerByte(8.0 / 155.0));
        assert_eq!(rate_text(8.0 / 155.0), "155 Mbps");
        assert_eq!(rate_text(0.008), "1 Gbps");
        assert_eq!(rate_text(6.0), "6");
    }

    #[test]
    fn matrix_follows_the_node_count_and_too_large_is_refused() {
        let mut d = MultiDrafts::from_instance(&default_multi());
        d.per_pair = true;
        d.fit_matrix();
        assert_eq!(d.matrix.len(), 8);
        let inst = d.build().unwrap();
        assert!(matches!(&inst.link, Link::Matrix(m) if m[0][1] == 6.0 && m[3][3] == 0.0));
        d.matrix[2][5] = "-3".into();
        let (errs, _) = d.build().unwrap_err();
        assert_eq!(errs[0].0, MultiField::Matrix(2, 5));
        d.matrix[2][5] = "1".into();
        d.set_class(0, ClassField::Count, "6".into());
        d.fit_matrix();
        assert_eq!(d.matrix.len(), 9);
        assert!(d.build().is_ok());
        d.set_class(0, ClassField::Count, "300".into());
        let (errs, _) = d.build().unwrap_err();
        assert!(errs[0].1.contains(&format!("1 to {MAX_NODES}")));
        d.set_class(0, ClassField::Count, "100".into());
        d.set_class(1, ClassField::Count, "100".into());
        d.per_pair = false;
        let (_, general) = d.build().unwrap_err();
        assert!(general.unwrap().contains("200 nodes"));
        // Many messages to everyone: too many transfers for the app.
        d.set_class(1, ClassField::Count, "28".into());
        d.messages = (0..40)
            .map(|k| MessageDraft {
                source: k.to_string(),
                size: "1".into(),
                dests: "all".into(),
            })
            .collect();
        let (_, general) = d.build().unwrap_err();
        assert!(general.unwrap().contains("transfers"));
    }
}
