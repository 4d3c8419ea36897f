//! The Gantt chart of a many-source schedule (paper 001) as a [`Scene`]: one lane per node,
//! time 0 at the left, every bar in the colour of its message.
//!
//! - **Lanes** (`lane-{v}`), in node order, labelled `P3  fast` (node and class name).
//! - **Bars**, coloured by message (class `mc{k % 8}`, Okabe-Ito palette,
//!   [`MESSAGE_COLOURS`](super::style::MESSAGE_COLOURS)) and told apart by pattern, not hue:
//!   the send overhead in the sender's lane is **solid** (`msend`, `send-{k}-{from}-{to}`,
//!   labelled "m0→P3" when it fits); the message in the network is a **thin dashed** bar in a
//!   strip under the receiver's bar (`mtransit`, `transit-{k}-{from}-{to}`; overlapping
//!   transits get strips of their own); the receive overhead is **hatched** (`mrecv`,
//!   `recv-{k}-{from}-{to}`, hatching drawn as `mhatch` lines); the time a receiver has issued
//!   its blocking receive but its message has not arrived is a **blocked** bar, grey
//!   cross-hatching on white, unlike the lane stripes (`blocked`, `blocked-{k}-{from}-{to}`).
//!   There are no arrows between lanes (with several
//!   messages they cross and hide the bars): the send bar names the receiver ("m0→P3") and the
//!   transit strip sits in the receiver's lane. Messages 8-15 and 16-23 reuse the
//!   colours with other patterns ([`message_variant`]): white
//!   stripes on the send bars and another hatching direction.
//! - **Axis**: nice ticks ([`nice_ticks`](super::gantt::nice_ticks)) in µs, ms or s ([`time_unit`]), the completion line
//!   and its label "T = 14 µs" ([`fmt_us`]).
//! - **Legend**: the bar kinds, drawn as a send, a transit and a receive of the first message
//!   look ("send (colour = message)"), then one entry per message (`legend-msg-{k}`):
//!   "m0 from P1, 1 KB → 5 nodes" ([`message_summary`]).
//!
//! Above [`DENSE_TRANSFERS`] transfers the hatching, stripes and bar labels are left out.
//!
//! **Complexity**: O(T log T + hatching) for T transfers.
//!
//! ```
//! use hetcast_core::models::multi::{gallery, simulate_multi};
//! use hetcast_core::models::multi::algo::MultiAlgorithm;
//! use hetcast_core::layout::multi_gantt::{multi_gantt_scene, MultiGanttOptions};
//! let inst = gallery::wrp_beats_wr();
//! let plan = MultiAlgorithm::Wrp.run(&inst).unwrap();
//! let s = simulate_multi(&inst, &plan).unwrap();
//! let scene = multi_gantt_scene(&inst, &s, &MultiGanttOptions::default());
//! assert_eq!(scene.with_class("lane").count(), inst.node_count());
//! assert_eq!(scene.items.iter().filter(|i| matches!(i, hetcast_core::layout::Item::Rect { id, .. } if id.starts_with("legend-msg-"))).count(), 4);
//! ```

use super::gantt::{line, rect, text, TimeFrame};
use super::scene::{Anchor, Item, Scene};
use super::style::{message_class, message_variant, text_width, truncate, FONT_SMALL};
use crate::models::multi::instance::instance_words;
use crate::models::multi::{MultiInstance, MultiSchedule};
use crate::units::{fmt_bytes, fmt_us, time_unit};

/// Height of a send, receive or blocked bar.
pub const BAR_H: f64 = 26.0;
/// Height of one transit strip.
pub const TRANSIT_H: f64 = 6.0;
/// Smallest width of the plotting area (that of the single-source chart).
pub const MIN_PLOT_W: f64 = super::gantt::MIN_PLOT_W;
/// Above this many transfers the chart is drawn plainly: no hatching lines, stripes or bar
/// labels (the bars are then a few pixels wide, and the drawing stays light enough for a
/// browser); receive bars keep their tint and outline, send bars their solid fill.
pub const DENSE_TRANSFERS: usize = 1000;
/// Class names longer than this are cut in lane labels.
pub const CLASS_CHARS: usize = 12;
const MARGIN: f64 = 20.0;
const RIGHT_PAD: f64 = 36.0;
const LANE_PAD: f64 = 4.0;
const HATCH_STEP: f64 = 9.0;

/// Options of [`multi_gantt_scene`].
#[derive(Debug, Clone, PartialEq)]
pub struct MultiGanttOptions {
    /// Visible heading (none when empty). The scene's title is this, or
    /// "Gantt chart, completion time T = …" when empty.
    pub title: String,
    /// Width of the scene (the plot takes what the lane labels leave, at least
    /// [`MIN_PLOT_W`]). Default 1200.
    pub width: f64,
}

impl Default for MultiGanttOptions {
    fn default() -> Self {
        MultiGanttOptions {
            title: String::new(),
            width: 1200.0,
        }
    }
}

/// The heading (and title) of the Gantt chart of algorithm `algo`'s many-source schedule
/// `s`: the algorithm, the view, the instance and the completion time, e.g.
/// "WRP — Gantt chart, 8 nodes, 4 messages, T = 14 µs" (as the single-source
/// [`super::gantt::heading`]).
pub fn heading(algo: &str, inst: &MultiInstance, s: &MultiSchedule) -> String {
    format!(
        "{algo} — Gantt chart, {}, T = {}",
        instance_words(inst),
        fmt_us(s.completion_time)
    )
}

/// The legend text of message `k`: "m0 from P1, 1 KB → 5 nodes".
pub fn message_summary(inst: &MultiInstance, k: usize) -> String {
    let m = &inst.messages[k];
    let d = m.destinations.len();
    format!(
        "{} from {}, {} → {d} node{}",
        inst.message_label(k),
        inst.label(m.source),
        fmt_bytes(m.size),
        if d == 1 { "" } else { "s" }
    )
}

/// The label of node `v`'s lane: "P3  fast" (the class name cut to [`CLASS_CHARS`]).
pub fn lane_label(inst: &MultiInstance, v: usize) -> String {
    with_class(inst, v, "  ", CLASS_CHARS)
}

/// Node `v`'s label, then `sep` and its class name cut to `chars` characters (just the label
/// when the class has no name).
pub(crate) fn with_class(inst: &MultiInstance, v: usize, sep: &str, chars: usize) -> String {
    let class = inst
        .class_of(v)
        .map(|c| truncate(&inst.classes[c].name, chars))
        .unwrap_or_default();
    if class.is_empty() {
        inst.label(v)
    } else {
        format!("{}{sep}{class}", inst.label(v))
    }
}

/// True when `s` is a schedule over exactly the nodes and messages of `inst`, so that layouts
/// may index it freely.
pub fn schedule_fits(inst: &MultiInstance, s: &MultiSchedule) -> bool {
    let (n, nm) = (inst.node_count(), inst.messages.len());
    n > 0
        && s.parent.len() == nm
        && s.holds.len() == nm
        && s.parent.iter().all(|p| p.len() == n)
        && s.holds.iter().all(|h| h.len() == n)
        && s.finish.len() == n
        && inst.messages.iter().all(|m| m.source < n)
        && s.transfers
            .iter()
            .all(|t| t.from < n && t.to < n && t.msg < nm)
}

/// Hatching lines of the box `(x, y, w, h)`: `/` for variant 0, `\` for 1, `|` for 2, every
/// [`HATCH_STEP`] px, clipped to the box.
fn hatch(x: f64, y: f64, w: f64, h: f64, variant: usize, class: &str, out: &mut Vec<Item>) {
    if w <= 1.0 || h <= 1.0 {
        return;
    }
    if variant == 2 {
        let mut a = x + HATCH_STEP / 2.0;
        while a < x + w {
            out.push(line(a, y, a, y + h, class.into(), false, String::new()));
            a += HATCH_STEP;
        }
        return;
    }
    // 45° lines through (a, y + h) (variant 0, going up-right) or (a, y) (variant 1,
    // going down-right), t in [0, h]; keep the part with x in [x, x + w].
    let mut a = x - h + HATCH_STEP / 2.0;
    while a < x + w {
        let t0 = (x - a).max(0.0);
        let t1 = (x + w - a).min(h);
        if t1 > t0 + 0.5 {
            let (y0, y1) = if variant == 0 {
                (y + h - t0, y + h - t1)
            } else {
                (y + t0, y + t1)
            };
            out.push(line(
                a + t0,
                y0,
                a + t1,
                y1,
                class.into(),
                false,
                String::new(),
            ));
        }
        a += HATCH_STEP;
    }
}

/// White stripes across a send bar: none for variant 0, one for 1, two for 2.
fn stripes(x: f64, y: f64, w: f64, h: f64, variant: usize, out: &mut Vec<Item>) {
    for i in 1..=variant {
        let yy = y + h * i as f64 / (variant + 1) as f64;
        out.push(line(
            x,
            yy,
            x + w,
            yy,
            "mstripe".into(),
            false,
            String::new(),
        ));
    }
}

/// A legend swatch of message `k` at `(x, y)`, or, when `k` is None, of the bar kind `kind`
/// drawn in the first message's colour (as its bars look).
fn swatch(
    kind: &str,
    k: Option<usize>,
    (x, y): (f64, f64),
    plain: bool,
    id: String,
    out: &mut Vec<Item>,
) {
    let colour = message_class(k.unwrap_or(0));
    let variant = k.map(message_variant).unwrap_or(0);
    let extra = k.map(|k| format!(" legend-msg-{k}")).unwrap_or_default();
    match kind {
        "recv" => {
            out.push(rect(
                x,
                y,
                32.0,
                20.0,
                format!("mrecv {colour}"),
                id,
                String::new(),
            ));
            if !plain {
                hatch(x, y, 32.0, 20.0, variant, &format!("mhatch {colour}"), out);
            }
        }
        "transit" => out.push(rect(
            x,
            y + 10.0 - TRANSIT_H / 2.0,
            32.0,
            TRANSIT_H,
            format!("mtransit {colour}"),
            id,
            String::new(),
        )),
        "blocked" => out.push(rect(x, y, 32.0, 20.0, "blocked".into(), id, String::new())),
        "completion" => out.push(line(
            x + 16.0,
            y - 2.0,
            x + 16.0,
            y + 22.0,
            "completion".into(),
            false,
            String::new(),
        )),
        _ => {
            out.push(rect(
                x,
                y,
                32.0,
                20.0,
                format!("msend {colour}{extra}"),
                id,
                String::new(),
            ));
            if !plain {
                stripes(x, y, 32.0, 20.0, variant, out);
            }
        }
    }
}

/// The Gantt chart of many-source schedule `s` (see the module documentation).
pub fn multi_gantt_scene(
    inst: &MultiInstance,
    s: &MultiSchedule,
    opts: &MultiGanttOptions,
) -> Scene {
    let t_end = s.completion_time;
    let title = if opts.title.is_empty() {
        format!("Gantt chart, completion time T = {}", fmt_us(t_end))
    } else {
        opts.title.clone()
    };
    if !schedule_fits(inst, s) {
        return super::tree::message_scene(&title, "The schedule does not match the instance.");
    }
    let n = inst.node_count();
    let labels: Vec<String> = (0..n).map(|v| lane_label(inst, v)).collect();
    let max_t = s
        .transfers
        .iter()
        .map(|t| t.recv_end.max(t.arrive))
        .fold(t_end, f64::max);
    let frame = TimeFrame::new(&labels, &opts.title, opts.width, RIGHT_PAD, max_t, 90.0);
    let (unit_scale, unit) = time_unit(frame.axis_max);
    let xt = |t: f64| frame.x(t);

    // Transit strips: interval colouring of each receiver's transits.
    let mut order: Vec<usize> = (0..s.transfers.len()).collect();
    order.sort_by(|&a, &b| {
        let (ta, tb) = (&s.transfers[a], &s.transfers[b]);
        ta.send_end.total_cmp(&tb.send_end).then(a.cmp(&b))
    });
    let mut strip_of = vec![0usize; s.transfers.len()];
    let mut strip_ends: Vec<Vec<f64>> = vec![Vec::new(); n];
    for &i in &order {
        let t = &s.transfers[i];
        if t.arrive <= t.send_end {
            continue;
        }
        let ends = &mut strip_ends[t.to];
        match ends.iter().position(|&e| e <= t.send_end + 1e-12) {
            Some(p) => {
                ends[p] = t.arrive;
                strip_of[i] = p;
            }
            None => {
                ends.push(t.arrive);
                strip_of[i] = ends.len() - 1;
            }
        }
    }
    let lane_h: Vec<f64> = strip_ends
        .iter()
        .map(|e| {
            let strips = e.len() as f64;
            LANE_PAD
                + BAR_H
                + if strips > 0.0 {
                    4.0 + strips * (TRANSIT_H + 2.0)
                } else {
                    0.0
                }
                + LANE_PAD
        })
        .collect();

    let mut y = MARGIN;
    let mut items = Vec::with_capacity(12 * s.transfers.len() + 4 * n + 64);
    frame.heading(&opts.title, &mut y, &mut items);
    let (label_y, lanes_top, top_axis) = frame.top(y, n);
    let mut lane_y = Vec::with_capacity(n);
    let mut yy = lanes_top;
    for h in &lane_h {
        lane_y.push(yy);
        yy += h;
    }
    let axis_y = yy;
    let bar_y = |v: usize| lane_y[v] + LANE_PAD;
    let strip_y = |v: usize, strip: usize| {
        lane_y[v] + LANE_PAD + BAR_H + 4.0 + strip as f64 * (TRANSIT_H + 2.0)
    };

    // Lanes.
    for v in 0..n {
        let sends = s.transfers.iter().filter(|t| t.from == v).count();
        let recvs = s.transfers.iter().filter(|t| t.to == v).count();
        let class_name = inst
            .class_of(v)
            .map(|c| inst.classes[c].name.clone())
            .unwrap_or_default();
        let tip = format!(
            "{}{}: {sends} send(s), {recvs} receive(s); last task ends at {}",
            inst.label(v),
            if class_name.is_empty() {
                String::new()
            } else {
                format!(" ({class_name})")
            },
            fmt_us(s.finish[v])
        );
        frame.lane(
            (v, v),
            lane_y[v],
            lane_h[v],
            labels[v].clone(),
            bar_y(v) + BAR_H / 2.0 + 6.0,
            tip,
            &mut items,
        );
    }
    frame.grid(lanes_top, axis_y, &mut items);
    // Bars.
    let dense = s.transfers.len() > DENSE_TRANSFERS;
    let mut any = (false, false, false); // transit, receive, blocked
    for (i, t) in s.transfers.iter().enumerate() {
        let (k, u, v) = (t.msg, t.from, t.to);
        let (nu, nv, mk) = (inst.label(u), inst.label(v), inst.message_label(k));
        let colour = message_class(k);
        let variant = message_variant(k);
        let ids = format!("{k}-{u}-{v}");
        // Send.
        let x0 = xt(t.send_start);
        let w = xt(t.send_end) - x0;
        items.push(rect(
            x0,
            bar_y(u),
            w,
            BAR_H,
            format!("msend {colour}"),
            format!("send-{ids}"),
            format!(
                "{nu} sends {mk} to {nv}: {} to {} (S = {})",
                fmt_us(t.send_start),
                fmt_us(t.send_end),
                fmt_us(t.send_end - t.send_start)
            ),
        ));
        if !dense {
            stripes(x0, bar_y(u), w, BAR_H, variant, &mut items);
        }
        let bar_text = format!("{mk}→{nv}");
        if !dense && text_width(&bar_text, FONT_SMALL) + 6.0 <= w {
            items.push(text(
                x0 + w / 2.0,
                bar_y(u) + BAR_H / 2.0 + 6.0,
                bar_text,
                "mbar-label",
                Anchor::Middle,
            ));
        }
        // Transit.
        if t.arrive > t.send_end {
            any.0 = true;
            items.push(rect(
                xt(t.send_end),
                strip_y(v, strip_of[i]),
                xt(t.arrive) - xt(t.send_end),
                TRANSIT_H,
                format!("mtransit {colour}"),
                format!("transit-{ids}"),
                format!(
                    "{mk} from {nu} to {nv} in the network: {} to {}{}",
                    fmt_us(t.send_end),
                    fmt_us(t.arrive),
                    if t.recv_start > t.arrive {
                        format!("; waits in {nv}'s buffer until {}", fmt_us(t.recv_start))
                    } else {
                        String::new()
                    }
                ),
            ));
        }
        // Blocked: the receive is issued, the message is not there yet.
        if t.recv_start > t.recv_issue {
            any.2 = true;
            items.push(rect(
                xt(t.recv_issue),
                bar_y(v),
                xt(t.recv_start) - xt(t.recv_issue),
                BAR_H,
                "blocked".into(),
                format!("blocked-{ids}"),
                format!(
                    "{nv} waits for {mk} from {nu}: {} to {} ({} blocked)",
                    fmt_us(t.recv_issue),
                    fmt_us(t.recv_start),
                    fmt_us(t.recv_start - t.recv_issue)
                ),
            ));
        }
        // Receive.
        if t.recv_end > t.recv_start {
            any.1 = true;
            let (x1, w1) = (xt(t.recv_start), xt(t.recv_end) - xt(t.recv_start));
            items.push(rect(
                x1,
                bar_y(v),
                w1,
                BAR_H,
                format!("mrecv {colour}"),
                format!("recv-{ids}"),
                format!(
                    "{nv} receives {mk} from {nu}: {} to {} (R = {}); holds {mk} at {}",
                    fmt_us(t.recv_start),
                    fmt_us(t.recv_end),
                    fmt_us(t.recv_end - t.recv_start),
                    fmt_us(t.recv_end)
                ),
            ));
            if !dense {
                hatch(
                    x1,
                    bar_y(v),
                    w1,
                    BAR_H,
                    variant,
                    &format!("mhatch {colour}"),
                    &mut items,
                );
            }
            if !dense && text_width(&mk, FONT_SMALL) + 6.0 <= w1 {
                items.push(text(
                    x1 + w1 / 2.0,
                    bar_y(v) + BAR_H / 2.0 + 6.0,
                    mk.clone(),
                    "mbar-label",
                    Anchor::Middle,
                ));
            }
        }
    }
    frame.axis(axis_y, unit_scale, format!("time ({unit})"), &mut items);
    if let Some(top) = top_axis {
        frame.top_axis(top, unit_scale, format!("time ({unit})"), &mut items);
    }
    frame.completion(
        t_end,
        (lanes_top - 6.0, axis_y),
        format!("T = {}", fmt_us(t_end)),
        label_y,
        &mut items,
    );
    // Legend: kinds, then one entry per message; rows wrap.
    // The kinds look like the first message's bars: sends are in their message's colour.
    let mut entries: Vec<(&str, Option<usize>, String)> =
        vec![("send", None, "send (colour = message)".into())];
    if any.0 {
        entries.push(("transit", None, "in the network".into()));
    }
    if any.1 {
        entries.push(("recv", None, "receive".into()));
    }
    if any.2 {
        entries.push(("blocked", None, "blocked, waiting".into()));
    }
    entries.push(("completion", None, "completion time".into()));
    for k in 0..inst.messages.len() {
        entries.push(("send", Some(k), message_summary(inst, k)));
    }
    let words: Vec<(String, String)> = entries
        .iter()
        .map(|(_, k, word)| {
            let class = match k {
                Some(k) => format!("legend legend-msg-{k}"),
                None => "legend".into(),
            };
            (word.clone(), class)
        })
        .collect();
    let ly = frame.legend(
        axis_y + 70.0,
        &words,
        |i, at, items| {
            let (kind, k, _) = &entries[i];
            let id = k.map(|k| format!("legend-msg-{k}")).unwrap_or_default();
            swatch(kind, *k, at, dense, id, items);
        },
        &mut items,
    );
    Scene {
        width: frame.width,
        height: ly + 22.0 + MARGIN,
        title,
        items,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::models::multi::algo::MultiAlgorithm;
    use crate::models::multi::instance::{Link, Message, NodeClass, Overhead};
    use crate::models::multi::{gallery, simulate_multi};

    fn ids_with(scene: &Scene, prefix: &str) -> Vec<String> {
        scene
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Rect { id, .. } | Item::Line { id, .. } if id.starts_with(prefix) => {
                    Some(id.clone())
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn one_lane_per_node_one_legend_entry_per_message_and_every_transfer_drawn() {
        let inst = gallery::wrp_beats_wr();
        for a in MultiAlgorithm::ALL.iter().copied() {
            let s = simulate_multi(&inst, &a.run(&inst).unwrap()).unwrap();
            let scene = multi_gantt_scene(&inst, &s, &MultiGanttOptions::default());
            assert_eq!(ids_with(&scene, "lane-").len(), 8);
            assert_eq!(ids_with(&scene, "legend-msg-").len(), 4);
            let transfers: usize = inst.messages.iter().map(|m| m.destinations.len()).sum();
            assert_eq!(ids_with(&scene, "send-").len(), transfers);
            assert_eq!(ids_with(&scene, "recv-").len(), transfers);
            assert_eq!(ids_with(&scene, "transit-").len(), transfers, "X > 0");
            // Send bars carry their message's colour.
            for t in &s.transfers {
                let id = format!("send-{}-{}-{}", t.msg, t.from, t.to);
                let class = scene
                    .items
                    .iter()
                    .find_map(|i| match i {
                        Item::Rect { id: i, class, .. } if *i == id => Some(class.clone()),
                        _ => None,
                    })
                    .unwrap();
                assert!(class.contains(&message_class(t.msg)), "{class}");
            }
            let blocked = s
                .transfers
                .iter()
                .filter(|t| t.recv_start > t.recv_issue)
                .count();
            assert_eq!(ids_with(&scene, "blocked-").len(), blocked);
            let svg = crate::layout::svg::to_svg(&scene);
            assert!(svg.contains(&format!("T = {}", fmt_us(s.completion_time))));
            assert!(svg.contains("m0 from P0, 1 B → 4 nodes"), "{a:?}");
            // Every bar is inside the scene.
            for i in &scene.items {
                if let Item::Rect { x, y, w, h, .. } = i {
                    assert!(*x >= 0.0 && x + w <= scene.width + 1e-6, "{i:?}");
                    assert!(*y >= 0.0 && y + h <= scene.height + 1e-6, "{i:?}");
                }
            }
        }
    }

    #[test]
    fn large_times_use_ms_and_many_messages_vary_the_pattern() {
        let dests: Vec<usize> = (1..6).collect();
        let inst = MultiInstance {
            classes: vec![NodeClass {
                name: "a very long class name".into(),
                count: 6,
                send: Overhead {
                    fixed: 300.0,
                    per_byte: 0.01,
                },
                recv: Overhead {
                    fixed: 200.0,
                    per_byte: 0.01,
                },
            }],
            link: Link::PerByte(Link::per_byte_of_mbps(155.0)),
            messages: (0..10)
                .map(|k| Message {
                    source: 0,
                    size: 1_048_576.0 + k as f64,
                    destinations: dests.clone(),
                })
                .collect(),
        };
        let s = simulate_multi(&inst, &MultiAlgorithm::Wrp.run(&inst).unwrap()).unwrap();
        assert!(s.completion_time > 1e5);
        let scene = multi_gantt_scene(&inst, &s, &MultiGanttOptions::default());
        let texts: Vec<&str> = scene
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert!(
            texts.iter().any(|t| *t == "time (ms)" || *t == "time (s)"),
            "{texts:?}"
        );
        assert!(texts.iter().any(|t| t.starts_with("P0  a very long…")));
        assert_eq!(ids_with(&scene, "legend-msg-").len(), 10);
        // Messages 8 and 9 share colours with 0 and 1 but have stripes.
        assert!(scene.with_class("mstripe").count() > 0);
        assert_eq!(message_class(8), message_class(0));
        assert_ne!(message_variant(8), message_variant(0));
    }

    #[test]
    fn dense_charts_leave_out_hatching_and_labels() {
        let n = 40;
        let inst = MultiInstance {
            classes: vec![NodeClass {
                name: "x".into(),
                count: n,
                send: Overhead {
                    fixed: 100.0,
                    per_byte: 0.001,
                },
                recv: Overhead {
                    fixed: 120.0,
                    per_byte: 0.001,
                },
            }],
            link: Link::PerByte(0.008),
            messages: (0..30)
                .map(|k| Message {
                    source: k,
                    size: 1000.0,
                    destinations: (0..n).filter(|&d| d != k).collect(),
                })
                .collect(),
        };
        let s = simulate_multi(&inst, &MultiAlgorithm::Wr.run(&inst).unwrap()).unwrap();
        assert!(s.transfers.len() > DENSE_TRANSFERS);
        let scene = multi_gantt_scene(&inst, &s, &MultiGanttOptions::default());
        assert_eq!(scene.with_class("mhatch").count(), 0);
        assert_eq!(scene.with_class("mbar-label").count(), 0);
        assert_eq!(ids_with(&scene, "recv-").len(), s.transfers.len());
        assert_eq!(ids_with(&scene, "lane-").len(), n);
        assert_eq!(ids_with(&scene, "legend-msg-").len(), 30);
    }

    fn texts(scene: &Scene) -> Vec<(String, String, f64)> {
        scene
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, class, y, .. } => Some((text.clone(), class.clone(), *y)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_heading_names_the_algorithm_the_instance_and_t() {
        let inst = gallery::wrp_beats_wr();
        let s = simulate_multi(&inst, &MultiAlgorithm::Wrp.run(&inst).unwrap()).unwrap();
        let h = heading("WRP", &inst, &s);
        assert_eq!(
            h,
            format!(
                "WRP — Gantt chart, 8 nodes, 4 messages, T = {}",
                fmt_us(s.completion_time)
            )
        );
        let opts = MultiGanttOptions {
            title: h.clone(),
            ..Default::default()
        };
        let scene = multi_gantt_scene(&inst, &s, &opts);
        assert_eq!(scene.title, h);
        assert!(texts(&scene).iter().any(|t| t.0 == h && t.1 == "title"));
    }

    #[test]
    fn a_tall_chart_has_the_time_axis_at_the_top_too() {
        let spec = crate::models::multi::generate::Section5Spec::default();
        let inst = crate::models::multi::generate::section5(&spec, 1).unwrap();
        assert_eq!(inst.node_count(), 64);
        let s = simulate_multi(&inst, &MultiAlgorithm::Wrp.run(&inst).unwrap()).unwrap();
        let scene = multi_gantt_scene(&inst, &s, &MultiGanttOptions::default());
        assert_eq!(ids_with(&scene, "top-axis").len(), 1);
        let top_labels: Vec<(String, String, f64)> = texts(&scene)
            .into_iter()
            .filter(|t| t.1 == "top-tick-label")
            .collect();
        let bottom_labels: Vec<(String, String, f64)> = texts(&scene)
            .into_iter()
            .filter(|t| t.1 == "tick-label")
            .collect();
        assert!(top_labels.len() >= 3);
        assert_eq!(
            top_labels.iter().map(|t| &t.0).collect::<Vec<_>>(),
            bottom_labels.iter().map(|t| &t.0).collect::<Vec<_>>()
        );
        // Above every lane.
        let first_lane = scene
            .items
            .iter()
            .find_map(|i| match i {
                Item::Rect { id, y, .. } if id == "lane-0" => Some(*y),
                _ => None,
            })
            .unwrap();
        assert!(top_labels.iter().all(|t| t.2 < first_lane));
        // A short chart has one axis, at the bottom.
        let small = gallery::wrp_beats_wr();
        let s = simulate_multi(&small, &MultiAlgorithm::Wrp.run(&small).unwrap()).unwrap();
        let scene = multi_gantt_scene(&small, &s, &MultiGanttOptions::default());
        assert!(ids_with(&scene, "top-axis").is_empty());
        assert_eq!(scene.with_class("top-tick-label").count(), 0);
    }

    #[test]
    fn the_legend_draws_the_bar_kinds_in_message_colours() {
        let inst = gallery::wrp_beats_wr();
        let s = simulate_multi(&inst, &MultiAlgorithm::Wrp.run(&inst).unwrap()).unwrap();
        let scene = multi_gantt_scene(&inst, &s, &MultiGanttOptions::default());
        let legend_y = texts(&scene)
            .iter()
            .find(|t| t.0 == "send (colour = message)")
            .map(|t| t.2)
            .expect("the send entry says colours are messages");
        // The swatches of the kinds sit on the legend's first row; none is grey.
        let kinds: Vec<String> = scene
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Rect { class, y, id, .. }
                    if id.is_empty() && (*y - legend_y).abs() < 20.0 && *y > legend_y - 20.0 =>
                {
                    Some(class.clone())
                }
                _ => None,
            })
            .collect();
        assert!(kinds.iter().any(|c| c.starts_with("msend")), "{kinds:?}");
        for c in kinds.iter().filter(|c| c.starts_with('m')) {
            assert!(c.split_whitespace().any(|w| w == "mc0"), "{c}");
        }
        assert!(!crate::layout::style::STYLE.contains("mkey"));
    }

    #[test]
    fn formats() {
        assert_eq!(fmt_us(850.5), "850.5 µs");
        assert_eq!(fmt_us(999.99), "1 ms");
        assert_eq!(fmt_us(123_456.0), "123.5 ms");
        assert_eq!(fmt_us(f64::NAN), "—");
        assert_eq!(fmt_bytes(512.0), "512 B");
        assert_eq!(fmt_bytes(1000.0), "1 KB");
        assert_eq!(fmt_bytes(1536.0), "1.5 KB");
        assert_eq!(time_unit(2e6).1, "s");
    }

    #[test]
    fn hatching_stays_inside_its_box() {
        for variant in 0..3 {
            let mut out = Vec::new();
            hatch(10.0, 20.0, 50.0, 26.0, variant, "mhatch", &mut out);
            assert!(!out.is_empty());
            for i in &out {
                if let Item::Line { x1, y1, x2, y2, .. } = i {
                    for (x, y) in [(x1, y1), (x2, y2)] {
                        assert!((10.0 - 1e-9..=60.0 + 1e-9).contains(x), "{i:?}");
                        assert!((20.0 - 1e-9..=46.0 + 1e-9).contains(y), "{i:?}");
                    }
                }
            }
        }
    }
}
