//! A schedule of either model as a Chrome Trace Event file (the "JSON Object Format": an object
//! whose `traceEvents` array holds the events), which Perfetto (ui.perfetto.dev) and
//! `chrome://tracing` open.
//!
//! What is written, all in one process (`pid` 1, named by the title):
//! - one track per node: `tid` = the node's index, named by the node's label with a
//!   `thread_name` metadata event (`ph: "M"`) and kept in node order by `thread_sort_index`;
//! - one complete event (`ph: "X"`, `ts` and `dur` in µs) per send, on the sender's track, named
//!   `send m0 → P2`, category `send`, `args` `{"to": "P2", "message": "m0"}`;
//! - one complete event per receive, on the receiver's track, named `receive m0 ← P0`,
//!   category `recv`, `args` `{"from": "P0", "message": "m0"}` (many-source model: also
//!   `arrived`, when the message reached the buffer, and `issued`, when the receive was posted);
//!   a receive of zero length (the node model has no receive cost) is written with `dur` 0;
//! - the transit (the message in the network, from the end of the send until it reaches the
//!   receiver) as its own slice: a nestable async pair (`ph: "b"` at the end of the send,
//!   `ph: "e"` on arrival) named `m0 in transit`, category `transit`, `id` = the transfer's
//!   number, `args` `{"from", "to", "message"}`. Async slices may overlap, so viewers lay them
//!   out in rows of their own, one group per message. A transit of zero length (no latency) is
//!   not written.
//!
//! Times are the simulator's: a slice's `ts` is its start and `dur` is chosen so that
//! `ts + dur` is exactly the simulator's end in `f64` arithmetic. The overhead models' times
//! have no unit; they are written as µs (1 time unit = 1 µs) and `otherData.time_unit` says so.
//! The many-source model's times are µs.
//!
//! ```
//! use hetcast_core::export::trace_event;
//! use hetcast_core::models::overhead::{algo::greedy, simulate, Instance};
//! let inst = Instance::node_model(0, &[3.0, 2.0, 2.0]);
//! let s = simulate(&inst, &greedy::greedy(&inst).unwrap().plan).unwrap();
//! let json = trace_event::overhead(&inst, &s, "Greedy").to_json();
//! let v: serde_json::Value = serde_json::from_str(&json).unwrap();
//! let sends = v["traceEvents"].as_array().unwrap().iter().filter(|e| e["cat"] == "send");
//! assert_eq!(sends.count(), 2);
//! ```

use super::overhead_transfers;
use crate::models::multi::{MultiInstance, MultiSchedule, Transfer};
use crate::models::overhead::{Instance, Schedule};
use serde::Serialize;
use serde_json::{json, Map, Value};

/// The process id of every event (one schedule, one process).
pub const PID: u32 = 1;

/// One event of the Trace Event Format.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Event {
    /// Shown on the slice (metadata events: which metadata).
    pub name: String,
    /// Category: `send`, `recv` or `transit` (empty, and not written, for metadata).
    #[serde(skip_serializing_if = "str::is_empty")]
    pub cat: &'static str,
    /// Phase: `M` metadata, `X` complete event, `b` / `e` start / end of an async slice.
    pub ph: &'static str,
    /// Start, µs (not written for metadata).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ts: Option<f64>,
    /// Length, µs (complete events only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dur: Option<f64>,
    /// Process id, always [`PID`].
    pub pid: u32,
    /// Thread id: the node's index.
    pub tid: usize,
    /// Async slices: the id pairing `b` with `e`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<usize>,
    /// Details shown when the slice is selected.
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub args: Map<String, Value>,
}

/// A whole trace file (JSON Object Format).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TraceFile {
    /// The events: metadata first, then the slices by start time.
    #[serde(rename = "traceEvents")]
    pub trace_events: Vec<Event>,
    /// What the file is: `generator`, `title`, `model`, `time_unit`.
    #[serde(rename = "otherData")]
    pub other_data: Map<String, Value>,
}

impl TraceFile {
    /// The file's text (pretty-printed JSON ending with a newline).
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a trace is plain JSON");
        s.push('\n');
        s
    }
}

/// The length to write for a slice from `start` to `end`: `end - start`, nudged by an ulp when
/// needed so that `start + dur == end` exactly.
pub fn duration(start: f64, end: f64) -> f64 {
    let mut d = end - start;
    for _ in 0..4 {
        let back = start + d;
        if back == end {
            break;
        }
        d = if back < end {
            d.next_up()
        } else {
            d.next_down()
        };
    }
    d
}

fn args(pairs: &[(&str, Value)]) -> Map<String, Value> {
    // Inserted one by one rather than collected: the same map, without the stable sort that
    // collecting into a `BTreeMap` links (about 5 KB of the page's WebAssembly).
    let mut map = Map::new();
    for (k, v) in pairs {
        map.insert(k.to_string(), v.clone());
    }
    map
}

fn slice(
    name: String,
    cat: &'static str,
    tid: usize,
    start: f64,
    end: f64,
    a: Map<String, Value>,
) -> Event {
    Event {
        name,
        cat,
        ph: "X",
        ts: Some(start),
        dur: Some(duration(start, end)),
        pid: PID,
        tid,
        id: None,
        args: a,
    }
}

fn metadata(name: &str, tid: usize, a: Map<String, Value>) -> Event {
    Event {
        name: name.to_string(),
        cat: "",
        ph: "M",
        ts: None,
        dur: None,
        pid: PID,
        tid,
        id: None,
        args: a,
    }
}

/// The events of the transfers `hops` on nodes named `labels`; with `waits`, a receive's args
/// also say when the message arrived and when the receive was issued.
fn build(
    labels: &[String],
    hops: &[Transfer],
    title: &str,
    model: &str,
    time_unit: &str,
    waits: bool,
) -> TraceFile {
    let mut events = vec![metadata("process_name", 0, args(&[("name", json!(title))]))];
    for (v, label) in labels.iter().enumerate() {
        events.push(metadata("thread_name", v, args(&[("name", json!(label))])));
        events.push(metadata(
            "thread_sort_index",
            v,
            args(&[("sort_index", json!(v))]),
        ));
    }
    let mut timed = Vec::with_capacity(hops.len() * 4);
    for (i, h) in hops.iter().enumerate() {
        let m = format!("m{}", h.msg);
        let (from, to) = (&labels[h.from], &labels[h.to]);
        timed.push(slice(
            format!("send {m} → {to}"),
            "send",
            h.from,
            h.send_start,
            h.send_end,
            args(&[("to", json!(to)), ("message", json!(m))]),
        ));
        let mut recv_args = args(&[("from", json!(from)), ("message", json!(m))]);
        if waits {
            recv_args.insert("arrived".into(), json!(h.arrive));
            recv_args.insert("issued".into(), json!(h.recv_issue));
        }
        timed.push(slice(
            format!("receive {m} ← {from}"),
            "recv",
            h.to,
            h.recv_start,
            h.recv_end,
            recv_args,
        ));
        if h.arrive > h.send_end {
            let a = args(&[
                ("from", json!(from)),
                ("to", json!(to)),
                ("message", json!(m)),
            ]);
            for (ph, ts) in [("b", h.send_end), ("e", h.arrive)] {
                timed.push(Event {
                    name: format!("{m} in transit"),
                    cat: "transit",
                    ph,
                    ts: Some(ts),
                    dur: None,
                    pid: PID,
                    tid: h.from,
                    id: Some(i),
                    args: a.clone(),
                });
            }
        }
    }
    // By start; at equal starts the shorter first, so a zero-length receive closes before the
    // send that follows it on the same track.
    crate::order::sort_by(&mut timed, |a, b| {
        a.ts.unwrap_or(0.0)
            .total_cmp(&b.ts.unwrap_or(0.0))
            .then(a.dur.unwrap_or(0.0).total_cmp(&b.dur.unwrap_or(0.0)))
    });
    events.extend(timed);
    TraceFile {
        trace_events: events,
        other_data: args(&[
            ("generator", json!("hetcast")),
            ("title", json!(title)),
            ("model", json!(model)),
            ("time_unit", json!(time_unit)),
        ]),
    }
}

/// The trace of an overhead-model schedule (node or sender-receiver model; its one message is
/// `m0`). Times have no unit and are written as µs.
pub fn overhead(inst: &Instance, s: &Schedule, title: &str) -> TraceFile {
    let labels: Vec<String> = (0..inst.len()).map(|v| inst.label(v)).collect();
    build(
        &labels,
        &overhead_transfers(s),
        title,
        inst.model.name(),
        "unitless: the overhead model's times are written as µs (1 time unit = 1 µs)",
        false,
    )
}

/// The trace of a many-source schedule (times in µs).
pub fn multi(inst: &MultiInstance, s: &MultiSchedule, title: &str) -> TraceFile {
    let labels: Vec<String> = (0..inst.node_count()).map(|v| inst.label(v)).collect();
    build(&labels, &s.transfers, title, "multi", "µs", true)
}
