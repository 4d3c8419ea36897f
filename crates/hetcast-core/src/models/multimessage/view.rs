//! What the multimessage model draws: its schedule on the shared timeline
//! ([`crate::layout::timeline`]) in unit steps, and the instance as a bundled multigraph
//! ([`crate::layout::bundles`], the paper's figure 1).
//!
//! - **Timeline**: a lane per processor; step `s` is the interval `[s - 1, s]`. A send is a
//!   bar of the message's colour labelled with its name (`send-{p}-{s}`); a receipt is a strip
//!   under the lane's bar band labelled likewise (`transit-{q}-{s}`), so that a processor that
//!   sends and receives in one step shows both. Whole-number ticks ([`TimeAxis::Steps`]).
//! - **Multigraph**: an arrow from each message's source to each destination, the arrows of one
//!   message joined by its bundle line.
//! - **Steps of Gonzalez** ([`step_scene`], in [`super::step_view`]): the multigraph the
//!   algorithm transforms, as its steps so far left it: the dummy processors and messages of
//!   input balancing, each `(I_i, G_i)` as its round builds it, the sets `S`, `S'` and the
//!   marks, the bundles `Q_j` chosen, and the communication mode being built.

use super::instance::MmInstance;
use super::simulate::MmSchedule;
use crate::layout::axis::TimeAxis;
use crate::layout::bundles::{bundle_scene, Bundled};
use crate::layout::style::truncate;
use crate::layout::timeline::{
    timeline_scene, Bar, BarKind, Lane, LegendEntry, Look, Mark, Span, Swatch, Timeline,
    TransitPlace,
};
use crate::layout::Scene;
use crate::playback::{CriticalPath, Holding, Motion, Move, Segment, SegmentKind};
use crate::trace::ItemId;

pub use super::step_view::{built_graph, step_scene};

/// Lane labels longer than this are cut (with "…"); the lane's tooltip has the whole name.
pub const LANE_CHARS: usize = 16;

/// Most messages listed in the timeline's legend.
pub const LEGEND_MESSAGES: usize = 12;

/// "9 processors, 6 messages, d = 3".
pub fn instance_words(inst: &MmInstance) -> String {
    let m = inst.messages.len();
    format!(
        "{} processor{}, {m} message{}, d = {}",
        inst.processors,
        if inst.processors == 1 { "" } else { "s" },
        if m == 1 { "" } else { "s" },
        inst.degree()
    )
}

fn steps_words(t: usize) -> String {
    format!("{t} step{}", if t == 1 { "" } else { "s" })
}

/// The timeline of schedule `s` of algorithm `algo` (see the module documentation), as it
/// stands at step time `at` (`None`: all of it), 1200 px wide.
pub fn timeline(inst: &MmInstance, algo: &str, s: &MmSchedule, at: Option<f64>) -> Scene {
    timeline_sized(inst, algo, s, 1200.0, at, false)
}

/// [`timeline`] asked to be `width` px wide (the app fits it to its panel).
pub fn timeline_sized(
    inst: &MmInstance,
    algo: &str,
    s: &MmSchedule,
    width: f64,
    at: Option<f64>,
    critical: bool,
) -> Scene {
    let names: Vec<String> = (0..inst.processors).map(|p| inst.label(p)).collect();
    let t = Timeline {
        critical: if critical {
            critical_spans(inst, s)
        } else {
            Vec::new()
        },
        title: format!("{algo}: schedule of {}", steps_words(s.steps)),
        heading: format!(
            "{algo} — {}, T = {}",
            instance_words(inst),
            steps_words(s.steps)
        ),
        axis: TimeAxis::Steps,
        look: Look {
            transit: TransitPlace::Strips,
            transit_h: 22.0,
            label_pad: 4.0,
            tick_px: 60.0,
            ..Look::default()
        },
        lanes: names
            .iter()
            .enumerate()
            .map(|(p, l)| Lane {
                key: p,
                label: truncate(l, LANE_CHARS),
                tip: l.clone(),
            })
            .collect(),
        marks: transmission_marks(inst, s, &names),
        completion: s.steps as f64,
        completion_label: format!("T = {}", steps_words(s.steps)),
        legend: timeline_legend(inst, critical),
        plain: s.plan.steps.iter().map(Vec::len).sum::<usize>() > 2000,
        width,
        ..Timeline::default()
    };
    timeline_scene(&t, at)
}

/// The bars of the transmissions of `s`, step by step: the send in the sender's lane
/// (`send-{p}-{s}`) and a receipt strip in each receiver's (`transit-{q}-{s}`), labelled
/// with the message's name; `names` are the processors'. Transmissions that name a processor
/// or a message outside `inst` are left out.
///
/// # Complexity
/// O(transmissions × receivers).
fn transmission_marks(inst: &MmInstance, s: &MmSchedule, names: &[String]) -> Vec<Mark> {
    let mut marks = Vec::new();
    for (si, step) in s.plan.steps.iter().enumerate() {
        let step_no = si + 1;
        for t in step {
            if t.from >= inst.processors || t.message >= inst.messages.len() {
                continue;
            }
            let name = inst.message_label(t.message);
            let to: Vec<String> =
                t.to.iter()
                    .filter(|&&q| q < inst.processors)
                    .map(|&q| names[q].clone())
                    .collect();
            marks.push(Mark::Bar(Bar {
                lane: t.from,
                kind: BarKind::Send,
                start: si as f64,
                end: step_no as f64,
                message: Some(t.message),
                id: format!("send-{}-{step_no}", t.from),
                tip: format!(
                    "step {step_no}: {} sends {name} to {}",
                    names[t.from],
                    to.join(", ")
                ),
                label: Some(name.clone()),
            }));
            for &q in t.to.iter().filter(|&&q| q < inst.processors) {
                marks.push(Mark::Bar(Bar {
                    lane: q,
                    kind: BarKind::Transit,
                    start: si as f64,
                    end: step_no as f64,
                    message: Some(t.message),
                    id: format!("transit-{q}-{step_no}"),
                    tip: format!(
                        "step {step_no}: {} receives {name} from {}",
                        names[q], names[t.from]
                    ),
                    label: Some(name.clone()),
                }));
            }
        }
    }
    marks
}

/// The timeline's legend: the first [`LEGEND_MESSAGES`] messages with their source and
/// destinations (and how many more there are), the receipt strip, and the critical path
/// when `critical`.
fn timeline_legend(inst: &MmInstance, critical: bool) -> Vec<LegendEntry> {
    let mut legend: Vec<LegendEntry> = inst
        .messages
        .iter()
        .enumerate()
        .take(LEGEND_MESSAGES)
        .map(|(k, m)| LegendEntry {
            swatch: Swatch::Bar(BarKind::Send, Some(k)),
            words: format!(
                "{}: {} → {}",
                m.name,
                inst.label(m.source),
                if m.destinations.len() <= 4 {
                    m.destinations
                        .iter()
                        .map(|&q| inst.label(q))
                        .collect::<Vec<_>>()
                        .join(", ")
                } else {
                    format!("{} processors", m.destinations.len())
                }
            ),
            key: Some(format!("legend-msg-{k}")),
        })
        .collect();
    if inst.messages.len() > LEGEND_MESSAGES {
        legend.push(LegendEntry {
            swatch: Swatch::Completion,
            words: format!(
                "… and {} more messages",
                inst.messages.len() - LEGEND_MESSAGES
            ),
            key: None,
        });
    }
    legend.push(LegendEntry {
        swatch: Swatch::Bar(BarKind::Transit, None),
        words: "received (strip under the lane)".into(),
        key: None,
    });
    if critical {
        legend.push(LegendEntry {
            swatch: Swatch::Critical,
            words: "critical path: the transmissions (and waits) that fix T".into(),
            key: None,
        });
    }
    legend
}

/// The critical path of `s` as spans, its times in steps.
fn critical_spans(inst: &MmInstance, s: &MmSchedule) -> Vec<Span> {
    Span::critical(
        &critical_path(inst, s),
        |v| v,
        |v| inst.label(v),
        |a, b| format!("steps {a} to {b}"),
    )
}

/// The critical path of `s` (see [`crate::playback`]): back from a transmission of the last
/// step, each hop the transmission that brought its message to its sender (a send of one
/// step in the sender's lane), with the steps the message waited at the sender as a `Wait`,
/// down to the message's source at step 0. So the links run without a gap from 0 to the
/// number of steps. Empty for an empty schedule.
///
/// **Complexity**: O(steps × transmissions per step).
pub fn critical_path(inst: &MmInstance, s: &MmSchedule) -> CriticalPath {
    let n = inst.processors;
    let Some(last) = s.plan.steps.get(s.steps.wrapping_sub(1)).and_then(|st| {
        st.iter()
            .find(|t| t.from < n && t.message < inst.messages.len() && !t.to.is_empty())
    }) else {
        return CriticalPath::default();
    };
    let mut segments = Vec::new();
    let mut nodes = vec![(last.to[0], Some(last.message))];
    let (mut p, k, mut step) = (last.from, last.message, s.steps);
    for _ in 0..=s.steps {
        let to = nodes.last().map_or(p, |x| x.0);
        let item = ItemId::Edge {
            from: p,
            to,
            message: Some(k),
        };
        segments.push(Segment {
            kind: SegmentKind::Send,
            node: p,
            item,
            start: (step - 1) as f64,
            end: step as f64,
        });
        nodes.push((p, Some(k)));
        let got = s
            .arrival
            .get(p)
            .and_then(|a| a.get(k))
            .copied()
            .flatten()
            .unwrap_or(0);
        if got + 1 < step {
            segments.push(Segment {
                kind: SegmentKind::Wait,
                node: p,
                item,
                start: got as f64,
                end: (step - 1) as f64,
            });
        }
        if got == 0 {
            break;
        }
        let Some(prev) = s
            .plan
            .steps
            .get(got - 1)
            .and_then(|st| st.iter().find(|t| t.message == k && t.to.contains(&p)))
        else {
            break;
        };
        p = prev.from;
        step = got;
    }
    segments.reverse();
    nodes.reverse();
    CriticalPath { segments, nodes }
}

/// What a player needs of `s` (see [`crate::playback::Motion`]): each processor holds each
/// message from the end of the step that brought it (its source from 0); each transmission
/// moves its message during its step.
pub fn motion(inst: &MmInstance, s: &MmSchedule) -> Motion {
    let mut holdings = Vec::new();
    for (q, row) in s.arrival.iter().enumerate().take(inst.processors) {
        for (k, a) in row.iter().enumerate() {
            if let Some(a) = a {
                holdings.push(Holding {
                    node: q,
                    message: Some(k),
                    t: *a as f64,
                });
            }
        }
    }
    let mut moves = Vec::new();
    for (si, step) in s.plan.steps.iter().enumerate() {
        for t in step {
            for &q in &t.to {
                let (start, end) = (si as f64, (si + 1) as f64);
                let times = [start, end, end, end];
                moves.push(Move::along(t.from, q, Some(t.message), times));
            }
        }
    }
    Motion::new(holdings, moves, s.steps as f64)
}

/// The instance as a bundled multigraph (the paper's figure 1), headed with `heading`.
pub fn multigraph(inst: &MmInstance, heading: String) -> Scene {
    bundle_scene(&Bundled {
        heading,
        names: (0..inst.processors).map(|p| inst.label(p)).collect(),
        messages: inst
            .messages
            .iter()
            .map(|m| (m.name.clone(), m.source, m.destinations.clone()))
            .collect(),
        ..Bundled::default()
    })
}
