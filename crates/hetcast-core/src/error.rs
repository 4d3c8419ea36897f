//! Typed errors with plain messages, shared by the CLI and the app.

use std::fmt;

/// Everything that can go wrong between reading an instance and drawing its schedule.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// The file is not valid JSON or does not have the documented shape.
    Format(String),
    /// The file declares a format version this build does not read.
    Version(u32),
    /// The instance has no node besides the source.
    NoDestination,
    /// The source index is not a node of the instance.
    SourceOutOfRange {
        /// The index given.
        source: usize,
        /// How many nodes there are.
        nodes: usize,
    },
    /// A cost is negative, zero, NaN, infinite or above [`crate::limits::MAX_COST`].
    BadCost {
        /// The node (by index).
        node: usize,
        /// Which cost: "cost", "send", "recv" or "gap".
        field: &'static str,
        /// The value as given.
        value: f64,
    },
    /// The network latency is negative, NaN, infinite or above [`crate::limits::MAX_COST`].
    BadLatency(f64),
    /// The instance is larger than the algorithm accepts.
    TooLarge {
        /// Algorithm name.
        algorithm: &'static str,
        /// What was asked (e.g. number of nodes or table cells).
        size: u64,
        /// The documented limit.
        limit: u64,
        /// What was measured ("nodes", "dynamic-program cells", ...).
        what: &'static str,
    },
    /// A plan that breaks the model; the message names the node.
    InvalidPlan(String),
    /// A many-source instance that breaks a rule; the message names the class, node or
    /// message at fault.
    BadInstance(String),
    /// An unknown algorithm name.
    UnknownAlgorithm(String),
    /// The file is no instance file at all (binary data, other text, a JSON list); says what
    /// it holds instead.
    NotInstance(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Format(m) => write!(f, "malformed instance: {m}"),
            Error::Version(v) => write!(
                f,
                "unsupported format version {v} (this build reads version 1)"
            ),
            Error::NoDestination => write!(
                f,
                "the instance needs at least one destination besides the source"
            ),
            Error::SourceOutOfRange { source, nodes } => match nodes {
                0 => write!(f, "the source is node {source}, but there are no nodes"),
                1 => write!(
                    f,
                    "the source is node {source}, but there is only one node (node 0)"
                ),
                _ => write!(
                    f,
                    "the source is node {source}, but there are only {nodes} nodes (0 to {})",
                    nodes - 1
                ),
            },
            Error::BadCost { node, field, value } => {
                let why = cost_problem(*value);
                write!(
                    f,
                    "node P{node}: {field} {why} ({}); costs must be positive numbers up to 1e9",
                    num_shown(*value)
                )
            }
            Error::BadLatency(v) => {
                write!(f, "latency must be between 0 and 1e9 (got {})", num_shown(*v))
            }
            Error::TooLarge {
                algorithm,
                size,
                limit,
                what,
            } => write!(
                f,
                "{algorithm} accepts at most {} {what}; this instance needs {}. Use fewer nodes or fewer node types, or a heuristic",
                count(*limit),
                count(*size)
            ),
            Error::InvalidPlan(m) => write!(f, "invalid plan: {m}"),
            Error::BadInstance(m) => write!(f, "invalid instance: {m}"),
            Error::UnknownAlgorithm(a) => write!(f, "unknown algorithm '{a}'"),
            Error::NotInstance(why) => write!(f, "not a hetcast file ({why})"),
        }
    }
}

impl std::error::Error for Error {}

/// Why a cost is refused, in a few words ("is negative", "is too large", ...), for messages
/// here and next to the app's fields.
pub fn cost_problem(value: f64) -> &'static str {
    if value.is_nan() {
        "is not a number"
    } else if value.is_infinite() {
        "is infinite"
    } else if value < 0.0 {
        "is negative"
    } else if value > crate::limits::MAX_COST {
        "is too large"
    } else {
        "is zero"
    }
}

/// A number as error messages show it: as written for ordinary magnitudes, in scientific
/// notation when it is huge or tiny (1e300 is "1e300", not 301 digits).
pub fn num_shown(v: f64) -> String {
    let a = v.abs();
    if a != 0.0 && a.is_finite() && !(1e-6..1e12).contains(&a) {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

/// How many characters of a piece of the user's file an error message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// A piece of the user's file as an error message quotes it: at most [`EXCERPT_CHARS`]
/// characters ("…" when cut), with control characters and invisible direction or
/// zero-width marks written as escapes (`\n`, `\u{202e}`), so a message stays one short
/// line that reads in the order it is written.
pub fn excerpt(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i == EXCERPT_CHARS {
            out.push('…');
            break;
        }
        push_shown(&mut out, c);
    }
    out
}

fn push_shown(out: &mut String, c: char) {
    let invisible = matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}');
    if c.is_control() || invisible {
        out.extend(c.escape_default());
    } else {
        out.push(c);
    }
}

/// The message of a JSON reading error: serde_json's, with every piece of the file it quotes
/// (between backticks or double quotes) cut by [`excerpt`], so that an unknown 10,000-letter
/// key or a name with a line break still gives one short line ending in "at line L column C".
pub fn json_message(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let (head, position) = match full.rfind(" at line ") {
        Some(i) if e.line() > 0 => full.split_at(i),
        _ => (full.as_str(), ""),
    };
    let mut out = String::new();
    let mut chars = head.chars();
    while let Some(c) = chars.next() {
        if c == '`' || c == '"' {
            let mut inner = String::new();
            let mut closed = false;
            while let Some(d) = chars.next() {
                if d == c {
                    closed = true;
                    break;
                }
                inner.push(d);
                // Double-quoted pieces are Rust-escaped: keep `\"` inside.
                if d == '\\' && c == '"' {
                    if let Some(x) = chars.next() {
                        inner.push(x);
                    }
                }
            }
            out.push(c);
            out.push_str(&excerpt(&inner));
            if closed {
                out.push(c);
            }
        } else {
            push_shown(&mut out, c);
        }
    }
    if out.chars().count() > 4 * EXCERPT_CHARS {
        out = out.chars().take(4 * EXCERPT_CHARS - 1).collect();
        out.push('…');
    }
    out + position
}

/// A count for messages: exact up to a million, then in scientific notation ("4.0e10").
pub fn count(x: u64) -> String {
    if x < 1_000_000 {
        x.to_string()
    } else {
        format!("{:.1e}", x as f64)
    }
}

/// A JSON reader's error in the user's terms, with the line: "line 3: the key \"nodes\" is
/// missing", "line 1: \"quantum\" is not one of node, sender_receiver", "the file ends too early
/// (line 2): a closing bracket, brace or quote is missing".
///
/// ```
/// use hetcast_core::error::json_error;
/// let e = serde_json::from_str::<serde_json::Value>("{\"a\": [1, 2").unwrap_err();
/// assert_eq!(json_error(&e), "the file ends too early (line 1): a closing bracket, brace or quote is missing");
/// ```
pub fn json_error(e: &serde_json::Error) -> String {
    json_error_in(e, "")
}

/// Read one of the instance files as `T`, like `serde_json::from_str`, with a reading error in
/// the user's terms ([`json_error`]) that also names the field of a value of the wrong kind:
/// "line 2, field nodes[1].cost: expected a number, found the text \"two\"".
///
/// The field is found in the text at the error's position ([`field_at`]), so `T` is read by
/// serde_json's own reader alone (the app's page carries one reader per type).
pub fn read_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, Error> {
    #[cfg(test)]
    if tests::TRACKED.with(|t| t.get()) {
        return tests::read_json_tracked(text);
    }
    serde_json::from_str(text).map_err(|e| {
        let field = match e.classify() {
            serde_json::error::Category::Data => field_at(text, e.line(), e.column()),
            _ => String::new(),
        };
        Error::Format(json_error_in(&e, &field))
    })
}

/// `serde_json::from_value(v.clone())`, through serde_json's text reader: the same value or
/// the same message (from_value's has no position; the text's " at line 1 column N" is cut).
/// The app's page then reads every type with one reader, not a second one for JSON values.
pub fn from_value<T: serde::de::DeserializeOwned>(v: &serde_json::Value) -> Result<T, String> {
    serde_json::from_str(&v.to_string()).map_err(|e| {
        let message = e.to_string();
        match message.rsplit_once(" at line ") {
            Some((m, _)) => m.to_string(),
            None => message,
        }
    })
}

/// The field whose reading failed at `line`, `column` (serde_json's position of an error of a
/// value: the byte just after what it read), as messages write it (`nodes[1].cost`, "" for the
/// whole file): the value that ends there, or the object whose key ends there (an unknown or
/// repeated key names the object it is in).
///
/// # Complexity
/// O(n) in the bytes of `text` before the position.
pub fn field_at(text: &str, line: usize, column: usize) -> String {
    let bytes = text.as_bytes();
    // The byte offset of the position (serde_json counts the column in bytes from 0).
    let line_start = if line <= 1 {
        0
    } else {
        match bytes
            .iter()
            .enumerate()
            .filter(|(_, &b)| b == b'\n')
            .nth(line - 2)
        {
            Some((i, _)) => i + 1,
            None => bytes.len(),
        }
    };
    let end = (line_start + column).min(bytes.len());
    // Open containers: an object's key (once its value has begun) or an array's index.
    let mut stack: Vec<Slot> = Vec::new();
    let mut i = 0;
    while i < end {
        let b = bytes[i];
        // Anything but punctuation and blanks begins an array's element.
        if !(b.is_ascii_whitespace() || matches!(b, b',' | b':' | b']' | b'}')) {
            if let Some(Slot::Index(_, begun)) = stack.last_mut() {
                *begun = true;
            }
        }
        match b {
            b'{' => stack.push(Slot::Key(None, false)),
            b'[' => stack.push(Slot::Index(0, false)),
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Slot::Index(k, begun)) => {
                    *k += 1;
                    *begun = false;
                }
                Some(Slot::Key(_, begun)) => *begun = false,
                None => {}
            },
            b':' => {
                if let Some(Slot::Key(_, begun)) = stack.last_mut() {
                    *begun = true;
                }
            }
            b'"' => {
                let close = string_end(bytes, i);
                if let Some(Slot::Key(key, false)) = stack.last_mut() {
                    *key = serde_json::from_str::<String>(&text[i..close]).ok();
                }
                i = close;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    // A list or object found where another kind is expected is not read: the position is
    // just before it, and it is the element.
    if matches!(bytes.get(end), Some(b'[' | b'{')) {
        if let Some(Slot::Index(_, begun)) = stack.last_mut() {
            *begun = true;
        }
    }
    let mut out = String::new();
    for slot in &stack {
        match slot {
            Slot::Index(k, true) => out.push_str(&format!("[{k}]")),
            Slot::Key(Some(key), true) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            _ => {}
        }
    }
    out
}

/// Where [`field_at`] is in an open container.
enum Slot {
    /// In an object: its last key, and whether that key's value has begun (after the colon).
    Key(Option<String>, bool),
    /// In an array: the element's index, and whether that element has begun.
    Index(usize, bool),
}

/// The byte after the string that opens at `bytes[start]` (a quote), escapes skipped; the
/// end of `bytes` when it is not closed.
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// [`json_error`], naming `field` (a path such as `nodes[1].cost`, "." or "" for the whole
/// file) in errors of a value's kind.
fn json_error_in(e: &serde_json::Error, field: &str) -> String {
    use serde_json::error::Category;
    let line = e.line();
    // serde's message (quoted pieces of the file cut short by [`json_message`]) without its
    // " at line N column M" tail, quotes for backticks.
    let raw = json_message(e);
    let msg = raw
        .rsplit_once(" at line ")
        .map_or(raw.as_str(), |(m, _)| m)
        .replace('`', "\"");
    match e.classify() {
        Category::Eof => format!(
            "the file ends too early (line {line}): a closing bracket, brace or quote is missing"
        ),
        Category::Io => format!("the file could not be read: {msg}"),
        Category::Syntax => format!(
            "line {line}, column {}: this is not valid JSON here ({msg})",
            e.column()
        ),
        Category::Data => {
            let plain = if let Some(rest) = msg.strip_prefix("missing field ") {
                format!("the key {rest} is missing")
            } else if let Some(rest) = msg.strip_prefix("unknown field ") {
                match rest.split_once(", expected ") {
                    Some((k, known)) => {
                        let known = known.trim_start_matches("one of ");
                        format!("{k} is not a key read here (the keys are {known})")
                    }
                    None => format!("{rest} is not a key read here"),
                }
            } else if let Some(rest) = msg.strip_prefix("unknown variant ") {
                match rest.split_once(", expected ") {
                    Some((v, known)) => {
                        format!("{v} is not one of {}", known.trim_start_matches("one of "))
                    }
                    None => format!("{rest} is not a value read here"),
                }
            } else if let Some(rest) = msg
                .strip_prefix("invalid type: ")
                .or_else(|| msg.strip_prefix("invalid value: "))
            {
                match rest.split_once(", expected ") {
                    Some((found, want)) => {
                        format!(
                            "expected {}, found {}",
                            plain_type(want),
                            plain_found(found)
                        )
                    }
                    None => rest.to_string(),
                }
            } else {
                msg.clone()
            };
            if field.is_empty() {
                format!("line {line}: {plain}")
            } else {
                format!("line {line}, field {}: {plain}", excerpt(field))
            }
        }
    }
}

/// serde's description of a value found in the user's terms: `the text "x"`, `the number 1`.
fn plain_found(found: &str) -> String {
    let unquote = |v: &str| v.trim_matches('"').to_string();
    if let Some(v) = found.strip_prefix("string ") {
        format!("the text {v}")
    } else if let Some(v) = found
        .strip_prefix("integer ")
        .or_else(|| found.strip_prefix("floating point "))
    {
        format!("the number {}", unquote(v))
    } else if let Some(v) = found.strip_prefix("boolean ") {
        unquote(v)
    } else {
        found.to_string()
    }
}

/// serde's name of an expected type in the user's terms.
fn plain_type(want: &str) -> &str {
    match want {
        "f64" | "f32" => "a number",
        "usize" | "u64" | "u32" | "u8" => "a whole number (0 or more)",
        "a sequence" => "a list [ ... ]",
        "a string" => "a text in quotes",
        "a boolean" => "true or false",
        w if w.starts_with("struct ") || w == "a map" => "an object { ... }",
        w => w,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        /// When set, [`read_json`] reads through serde_path_to_error, as it did before
        /// [`field_at`]: the tests compare the two.
        pub(crate) static TRACKED: Cell<bool> = const { Cell::new(false) };
    }

    /// [`read_json`] as it was: the field from serde_path_to_error's path.
    pub(crate) fn read_json_tracked<T: serde::de::DeserializeOwned>(
        text: &str,
    ) -> Result<T, Error> {
        let mut de = serde_json::Deserializer::from_str(text);
        let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
            // An unknown key is named by the message: the field is the object it is in.
            let segments: Vec<_> = e.path().iter().collect();
            let keep = match e.inner().classify() {
                serde_json::error::Category::Data
                    if e.inner().to_string().starts_with("unknown field") =>
                {
                    segments.len().saturating_sub(1)
                }
                _ => segments.len(),
            };
            Error::Format(json_error_in(e.inner(), &field_path(&segments[..keep])))
        })?;
        de.end().map_err(|e| Error::Format(json_error(&e)))?;
        Ok(value)
    }

    /// A field's path as messages write it: `nodes[1].cost` ("" for the whole file).
    fn field_path(segments: &[&serde_path_to_error::Segment]) -> String {
        use serde_path_to_error::Segment;
        let mut out = String::new();
        for s in segments {
            match s {
                Segment::Seq { index } => out.push_str(&format!("[{index}]")),
                Segment::Map { key } | Segment::Enum { variant: key } => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(key);
                }
                Segment::Unknown => out.push_str(if out.is_empty() { "?" } else { ".?" }),
            }
        }
        out
    }

    /// Read `text` both ways.
    pub(crate) fn both<T>(
        read: impl Fn(&str) -> Result<T, Error>,
        text: &str,
    ) -> (Result<T, Error>, Result<T, Error>) {
        TRACKED.with(|t| t.set(true));
        let tracked = read(text);
        TRACKED.with(|t| t.set(false));
        (tracked, read(text))
    }

    /// [`from_value`] gives what `serde_json::from_value` gives, values and messages.
    #[test]
    fn from_value_reads_as_serde_json_from_value() {
        #[derive(Debug, PartialEq, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Row {
            cost: f64,
            node: usize,
            #[serde(default)]
            to: Vec<Option<u32>>,
            name: Option<String>,
        }
        let good = r#"{"cost": 0.1, "node": 3, "to": [1, null], "name": "a at line 2"}"#;
        let mut texts = vec![good.to_string()];
        for (from, bad) in [
            ("0.1", "\"x at line 1 column 2\""),
            ("0.1", "1e300"),
            ("3", "-1"),
            ("3", "3.5"),
            ("3", "18446744073709551616"),
            ("[1, null]", "[1, -2]"),
            ("[1, null]", "{}"),
            ("\"a at line 2\"", "[]"),
            ("\"to\"", "\"too\""),
            ("\"cost\": 0.1, ", ""),
        ] {
            texts.push(good.replacen(from, bad, 1));
        }
        for text in texts {
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            let want = serde_json::from_value::<Row>(v.clone()).map_err(|e| e.to_string());
            assert_eq!(from_value::<Row>(&v), want, "{text}");
        }
    }

    #[test]
    fn field_at_names_the_value_or_the_object_of_a_key() {
        let text = "{\"a\": [1, {\"b\": \"x\", \"c\\\"d\": [[2], 3]}],\n \"e\": {}}";
        // After "x", after the key c"d, after 3, after the second element, after {}.
        let at = |s: &str| {
            let end = text.find(s).unwrap() + s.len();
            let line = 1 + text[..end].matches('\n').count();
            let column = end - text[..end].rfind('\n').map_or(0, |i| i + 1);
            field_at(text, line, column)
        };
        assert_eq!(at("\"x\""), "a[1].b");
        assert_eq!(at("d\""), "a[1]");
        assert_eq!(at("3"), "a[1].c\"d[1]");
        assert_eq!(at("3]}"), "a[1]");
        assert_eq!(at("[2]"), "a[1].c\"d[0]");
        assert_eq!(at("{}"), "e");
        assert_eq!(at("{}}"), "");
        assert_eq!(field_at(text, 9, 0), "");
    }
}
