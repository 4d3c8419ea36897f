//! The Gantt chart of a schedule as a [`Scene`]: one lane per node, time 0 at the left.
//!
//! - **Lanes** (`lane-{v}`): the source first, then the destinations in the order they come to
//!   hold the message (`ready`), ties by index, so the chart reads top to bottom as the message
//!   spreads and every message arrow points down. Each lane's label, at the left, gives the
//!   name and costs: `P3  c=2` (node model) or `P3  s=1 r=2` (sender-receiver).
//! - **Bars** (each with a tooltip): the send overhead in the sender's lane (`send`,
//!   `send-{from}-{to}`, solid, labelled "→P3" when the receiver's name fits), the message in
//!   the network in the receiver's lane when L > 0 (`transit`, `transit-{from}-{to}`, thin and
//!   dashed), the receive overhead in the receiver's lane when r > 0 (`recv`, `recv-{from}-{to}`,
//!   hatched), a small marker when the receiver holds the message (`ready`, `ready-{v}`), and an
//!   arrow from the end of the send to the start of the receive (`msg`, `msg-{from}-{to}`).
//! - **Axis**: "nice" ticks (steps of 1, 2 or 5 times a power of ten, see [`nice_ticks`]) with
//!   labels and grid lines, from 0 to the first tick at or after the completion time.
//! - **Completion**: a dashed vertical line at the completion time T with the label "T = 10".
//! - **Legend**: the bar kinds present, in words ("send", "transit (L)", "receive",
//!   "holds the message", "completion time").
//!
//! **Complexity**: O(n log n) (sorting the lanes).
//!
//! ```
//! use hetcast_core::{models::overhead::{gallery, algo::greedy::greedy, simulate}, layout::{gantt, Item}};
//! let inst = gallery::liu_figure1();
//! let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
//! let scene = gantt::gantt_scene(&inst, &s, &gantt::GanttOptions::default());
//! assert_eq!(scene.with_class("lane").count(), 3);
//! assert_eq!(scene.with_class("send").filter(|i| matches!(i, Item::Rect { .. })).count(), 2 + 1);
//! ```

use super::scene::{Anchor, Item, Scene};
use super::style::{text_width, title_width, truncate, FONT_SMALL, FONT_TITLE};
use super::tree::{fits, is_last, message_scene, NAME_CHARS};
use crate::models::overhead::instance::{Instance, ModelKind};
use crate::models::overhead::simulate::Schedule;
use crate::units::fmt_t;

/// Height of one lane.
pub const LANE_H: f64 = 40.0;
/// Height of a send or receive bar.
pub const BAR_H: f64 = 26.0;
/// Height of a transit bar.
pub const TRANSIT_H: f64 = 10.0;
/// Smallest width of the plotting area.
pub const MIN_PLOT_W: f64 = 300.0;
const MARGIN: f64 = 20.0;
/// Room right of the axis for the last tick label.
const RIGHT_PAD: f64 = 28.0;
/// Charts with more lanes than this repeat the time axis (ticks and labels) above the lanes,
/// so that times are in sight when the chart is scrolled to the top.
pub const TOP_AXIS_LANES: usize = 30;

/// Options of [`gantt_scene`].
#[derive(Debug, Clone, PartialEq)]
pub struct GanttOptions {
    /// Visible heading (none when empty). The scene's title is this, or
    /// "Gantt chart, completion time T" when empty.
    pub title: String,
    /// Width of the scene; the lane labels take what they need and the plot the rest (at least
    /// [`MIN_PLOT_W`], widening the scene if needed). Default 1200.
    pub width: f64,
    /// Replay time: a vertical `now` line there, and bars that start later get the class
    /// `future` (drawn faded). `None` draws everything.
    pub at: Option<f64>,
}

impl Default for GanttOptions {
    fn default() -> Self {
        GanttOptions {
            title: String::new(),
            width: 1200.0,
            at: None,
        }
    }
}

/// Tick values `0, step, 2 step, ..., k step` covering `[0, max]` (the last tick is the first
/// one at or after `max`), with `step` = 1, 2 or 5 times a power of ten, the smallest such step
/// that needs at most `max_ticks` intervals. A `max` that is not a positive finite number is
/// treated as 1; `max_ticks` is at least 1.
///
/// ```
/// use hetcast_core::layout::gantt::nice_ticks;
/// assert_eq!(nice_ticks(10.0, 10), vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]);
/// assert_eq!(nice_ticks(23.0, 5), vec![0.0, 5.0, 10.0, 15.0, 20.0, 25.0]);
/// assert_eq!(nice_ticks(23.0, 4), vec![0.0, 10.0, 20.0, 30.0]);
/// assert_eq!(nice_ticks(0.7, 4), vec![0.0, 0.2, 0.4, 0.6, 0.8]);
/// ```
pub fn nice_ticks(max: f64, max_ticks: usize) -> Vec<f64> {
    let max = if max.is_finite() && max > 0.0 {
        max
    } else {
        1.0
    };
    let max_ticks = max_ticks.max(1) as f64;
    let step = tick_step(max, max_ticks);
    let count = ((max / step) - 1e-9).ceil().max(1.0) as usize;
    let scale = 10f64.powi(decimals(step).min(300) as i32);
    (0..=count)
        .map(|i| {
            let t = i as f64 * step;
            let r = (t * scale).round() / scale;
            // Round away float noise (0.30000000000000004) where the scale allows it.
            if r.is_finite() {
                r
            } else {
                t
            }
        })
        .collect()
}

fn tick_step(max: f64, max_ticks: f64) -> f64 {
    // Clamped so that a subnormal `max` (log10 of 0 is -inf) cannot overflow the exponent.
    let mut e = (max / max_ticks).log10().floor().clamp(-330.0, 310.0) as i32 - 1;
    loop {
        for m in [1.0, 2.0, 5.0] {
            let step = m * 10f64.powi(e);
            if !step.is_finite() {
                // Only near f64::MAX: one interval from 0 to max.
                return max;
            }
            if (max / step - 1e-9).ceil() <= max_ticks {
                return step;
            }
        }
        e += 1;
    }
}

/// Decimal places needed to print multiples of `step`.
fn decimals(step: f64) -> usize {
    if step >= 1.0 {
        0
    } else {
        (-step.log10().floor()).max(0.0) as usize
    }
}

/// A tick label: `t` with the decimals its step needs (`0.5`, `10`), or in scientific notation
/// (`2.5e-6`, `1e12`) when the step is below 1e-4 or at least 1e9.
///
/// ```
/// use hetcast_core::layout::gantt::tick_label;
/// assert_eq!(tick_label(10.0, 2.0), "10");
/// assert_eq!(tick_label(0.6000000000000001, 0.2), "0.6");
/// assert_eq!(tick_label(2.5e-6, 5e-7), "2.5e-6");
/// ```
pub fn tick_label(t: f64, step: f64) -> String {
    if t == 0.0 {
        "0".into()
    } else if (1e-4..1e9).contains(&step) {
        format!("{:.*}", decimals(step), t)
    } else {
        let s = format!("{t:.3e}");
        match s.split_once('e') {
            Some((m, e)) => {
                let m = if m.contains('.') {
                    m.trim_end_matches('0').trim_end_matches('.')
                } else {
                    m
                };
                format!("{m}e{e}")
            }
            None => s,
        }
    }
}

/// The heading (and title) of the Gantt chart of algorithm `algo`'s schedule `s`: the
/// algorithm, the view, the instance and the completion time, e.g.
/// "Greedy / FNF — Gantt chart, 12 nodes, T = 10". The tree's is [`super::tree::heading`].
pub fn heading(algo: &str, inst: &Instance, s: &Schedule) -> String {
    format!(
        "{algo} — Gantt chart, {} nodes, T = {}",
        inst.nodes.len(),
        fmt_t(s.completion_time)
    )
}

/// The text of a lane label: name and costs.
pub fn lane_label(inst: &Instance, v: usize) -> String {
    let name = truncate(&inst.label(v), NAME_CHARS);
    let n = &inst.nodes[v];
    let src = if v == inst.source { " (source)" } else { "" };
    match inst.model {
        ModelKind::Node => format!("{name}{src}  c={}", fmt_t(n.send)),
        ModelKind::SenderReceiver => {
            format!("{name}{src}  s={} r={}", fmt_t(n.send), fmt_t(n.recv))
        }
    }
}

/// The lanes from top to bottom: the source, then destinations by `ready`, then index.
pub fn lane_order(inst: &Instance, s: &Schedule) -> Vec<usize> {
    let mut d: Vec<usize> = inst.destinations().collect();
    d.sort_by(|&a, &b| s.ready[a].total_cmp(&s.ready[b]).then(a.cmp(&b)));
    let mut out = Vec::with_capacity(d.len() + 1);
    out.push(inst.source);
    out.extend(d);
    out
}

/// A bar (no rounding; a negative width is drawn as 0).
pub(crate) fn rect(x: f64, y: f64, w: f64, h: f64, class: String, id: String, tip: String) -> Item {
    Item::Rect {
        x,
        y,
        w: w.max(0.0),
        h,
        rx: 0.0,
        class,
        id,
        tip,
    }
}

/// A text item.
pub(crate) fn text(x: f64, y: f64, t: String, class: &str, anchor: Anchor) -> Item {
    Item::Text {
        x,
        y,
        text: t,
        class: class.into(),
        anchor,
    }
}

/// A line item.
pub(crate) fn line(
    x1: f64,
    y1: f64,
    x2: f64,
    y2: f64,
    class: String,
    arrow: bool,
    id: String,
) -> Item {
    Item::Line {
        x1,
        y1,
        x2,
        y2,
        class,
        arrow,
        id,
    }
}

/// The horizontal frame of a Gantt chart, shared by [`gantt_scene`] and the many-source chart:
/// lane labels at the left, then the plot from `left` to `right` with its time axis.
pub(crate) struct TimeFrame {
    /// x of time 0.
    pub left: f64,
    /// x of the axis's end.
    pub right: f64,
    /// Width of the plot.
    pub plot_w: f64,
    /// Width of the scene.
    pub width: f64,
    /// The tick values, 0 first.
    pub ticks: Vec<f64>,
    /// The last tick: the time at `right`.
    pub axis_max: f64,
    /// The distance between two ticks.
    pub step: f64,
}

impl TimeFrame {
    /// The frame of a chart with lane `labels`, visible `heading` (none when empty), asked
    /// `width`, `right_pad` px right of the axis, times up to `max_t` and a tick about every
    /// `tick_px` px (2 to 12 intervals).
    pub fn new(
        labels: &[String],
        heading: &str,
        width: f64,
        right_pad: f64,
        max_t: f64,
        tick_px: f64,
    ) -> TimeFrame {
        let label_w = labels
            .iter()
            .map(|l| text_width(l, FONT_SMALL))
            .fold(0.0, f64::max)
            + 24.0;
        let left = MARGIN + label_w;
        let title_w = if heading.is_empty() {
            0.0
        } else {
            title_width(heading) + 2.0 * MARGIN
        };
        let width = width
            .max(left + MIN_PLOT_W + right_pad + MARGIN)
            .max(title_w);
        let right = width - MARGIN - right_pad;
        let plot_w = right - left;
        let ticks = nice_ticks(
            max_t.max(f64::MIN_POSITIVE),
            ((plot_w / tick_px) as usize).clamp(2, 12),
        );
        let axis_max = ticks.last().copied().unwrap_or(1.0);
        let step = if ticks.len() > 1 {
            ticks[1] - ticks[0]
        } else {
            1.0
        };
        TimeFrame {
            left,
            right,
            plot_w,
            width,
            ticks,
            axis_max,
            step,
        }
    }

    /// x of time `t`.
    pub fn x(&self, t: f64) -> f64 {
        self.left + t / self.axis_max * self.plot_w
    }

    /// The visible heading (when not empty) at `y`, which it moves down past it.
    pub fn heading(&self, heading: &str, y: &mut f64, items: &mut Vec<Item>) {
        if !heading.is_empty() {
            items.push(text(
                self.width / 2.0,
                *y + FONT_TITLE,
                heading.to_string(),
                "title",
                Anchor::Middle,
            ));
            *y += 40.0;
        }
    }

    /// Where a chart of `lanes` lanes starts below `y` (the bottom of the heading):
    /// `(label_y, lanes_top, top_axis)`, the baseline of the completion label, the top of the
    /// first lane and, for more than [`TOP_AXIS_LANES`] lanes, the y of the axis repeated above
    /// the lanes (its tick labels go between the completion label and the lanes).
    pub fn top(&self, y: f64, lanes: usize) -> (f64, f64, Option<f64>) {
        if lanes > TOP_AXIS_LANES {
            (y + 18.0, y + 58.0, Some(y + 58.0))
        } else {
            (y + 18.0, y + 30.0, None)
        }
    }

    /// The time axis repeated at the top of the lanes (line `top-axis`, ticks `top-tick`
    /// pointing up, labels `top-tick-label` above them; classes of their own, drawn as the
    /// bottom axis's), times divided by `unit_scale`, and its `label` (`top-axis-label`)
    /// right-aligned left of time 0.
    pub fn top_axis(&self, axis_y: f64, unit_scale: f64, label: String, items: &mut Vec<Item>) {
        items.push(text(
            self.left - 14.0,
            axis_y - 13.0,
            label,
            "top-axis-label",
            Anchor::End,
        ));
        items.push(line(
            self.left,
            axis_y,
            self.right,
            axis_y,
            "top-axis".into(),
            false,
            "top-axis".into(),
        ));
        for &t in &self.ticks {
            items.push(line(
                self.x(t),
                axis_y - 8.0,
                self.x(t),
                axis_y,
                "top-tick".into(),
                false,
                String::new(),
            ));
            items.push(text(
                self.x(t),
                axis_y - 13.0,
                tick_label(t / unit_scale, self.step / unit_scale),
                "top-tick-label",
                Anchor::Middle,
            ));
        }
    }

    /// A lane: its band (`lane-{v}`, class `lane`, `lane alt` at odd positions `pos`) from `y`,
    /// `h` high, and its `label` with the baseline at `label_y`.
    #[allow(clippy::too_many_arguments)]
    pub fn lane(
        &self,
        (pos, v): (usize, usize),
        y: f64,
        h: f64,
        label: String,
        label_y: f64,
        tip: String,
        items: &mut Vec<Item>,
    ) {
        let class = if pos % 2 == 1 { "lane alt" } else { "lane" };
        items.push(rect(
            MARGIN / 2.0,
            y,
            self.width - MARGIN,
            h,
            class.into(),
            format!("lane-{v}"),
            tip,
        ));
        items.push(text(MARGIN, label_y, label, "lane-label", Anchor::Start));
    }

    /// Grid lines at the ticks from `top` to `bottom`.
    pub fn grid(&self, top: f64, bottom: f64, items: &mut Vec<Item>) {
        for &t in &self.ticks {
            items.push(line(
                self.x(t),
                top,
                self.x(t),
                bottom,
                "grid".into(),
                false,
                String::new(),
            ));
        }
    }

    /// The axis at `axis_y`: line, ticks, tick labels (times divided by `unit_scale`) and the
    /// axis `label`.
    pub fn axis(&self, axis_y: f64, unit_scale: f64, label: String, items: &mut Vec<Item>) {
        items.push(line(
            self.left,
            axis_y,
            self.right,
            axis_y,
            "axis".into(),
            false,
            String::new(),
        ));
        for &t in &self.ticks {
            items.push(line(
                self.x(t),
                axis_y,
                self.x(t),
                axis_y + 8.0,
                "tick".into(),
                false,
                String::new(),
            ));
            items.push(text(
                self.x(t),
                axis_y + 26.0,
                tick_label(t / unit_scale, self.step / unit_scale),
                "tick-label",
                Anchor::Middle,
            ));
        }
        items.push(text(
            self.left + self.plot_w / 2.0,
            axis_y + 50.0,
            label,
            "axis-label",
            Anchor::Middle,
        ));
    }

    /// The dashed completion line (`completion`) at `t_end` from `top` to `bottom`, and its
    /// `label` with the baseline at `label_y` (right-aligned when it would leave the scene).
    pub fn completion(
        &self,
        t_end: f64,
        (top, bottom): (f64, f64),
        label: String,
        label_y: f64,
        items: &mut Vec<Item>,
    ) {
        let xe = self.x(t_end);
        items.push(line(
            xe,
            top,
            xe,
            bottom,
            "completion".into(),
            false,
            "completion".into(),
        ));
        let half = text_width(&label, 18.0) / 2.0;
        let anchor = if xe + half > self.width - 4.0 {
            Anchor::End
        } else {
            Anchor::Middle
        };
        items.push(text(xe, label_y, label, "completion-label", anchor));
    }

    /// A legend from `top`: each entry is a swatch (`swatch(i, (x, y), items)`, 32 px wide)
    /// and its `(words, class)`; rows wrap rather than widen the chart. Returns the y of the
    /// last row.
    pub fn legend(
        &self,
        top: f64,
        entries: &[(String, String)],
        mut swatch: impl FnMut(usize, (f64, f64), &mut Vec<Item>),
        items: &mut Vec<Item>,
    ) -> f64 {
        let mut ly = top;
        let mut lx = MARGIN;
        for (i, (word, class)) in entries.iter().enumerate() {
            let entry_w = 40.0 + text_width(word, FONT_SMALL);
            if lx > MARGIN && lx + entry_w > self.width - MARGIN {
                lx = MARGIN;
                ly += 32.0;
            }
            swatch(i, (lx, ly), items);
            items.push(text(
                lx + 40.0,
                ly + 16.0,
                word.clone(),
                class,
                Anchor::Start,
            ));
            lx += entry_w + 28.0;
        }
        ly
    }
}

/// The Gantt chart of schedule `s` (see the module documentation).
pub fn gantt_scene(inst: &Instance, s: &Schedule, opts: &GanttOptions) -> Scene {
    let t_end = s.completion_time;
    let title = if opts.title.is_empty() {
        format!("Gantt chart, completion time {}", fmt_t(t_end))
    } else {
        opts.title.clone()
    };
    if !fits(inst, s) {
        return message_scene(&title, "The schedule does not match the instance.");
    }
    let n = inst.nodes.len();
    let lanes = lane_order(inst, s);
    let mut lane_of = vec![0usize; n];
    for (i, &v) in lanes.iter().enumerate() {
        lane_of[v] = i;
    }
    let labels: Vec<String> = (0..n).map(|v| lane_label(inst, v)).collect();
    let max_t = s.sends.iter().map(|o| o.recv_end).fold(t_end, f64::max);
    let frame = TimeFrame::new(&labels, &opts.title, opts.width, RIGHT_PAD, max_t, 80.0);
    let width = frame.width;
    let xt = |t: f64| frame.x(t);

    let mut y = MARGIN;
    let mut items = Vec::with_capacity(8 * n + 2 * frame.ticks.len() + 16);
    frame.heading(&opts.title, &mut y, &mut items);
    let (label_y, lanes_top, top_axis) = frame.top(y, lanes.len());
    let axis_y = lanes_top + lanes.len() as f64 * LANE_H;
    let lane_y = |v: usize| lanes_top + lane_of[v] as f64 * LANE_H;
    let bar_y = |v: usize| lane_y(v) + (LANE_H - BAR_H) / 2.0;
    let future = |t: f64| opts.at.is_some_and(|a| t > a + 1e-9);
    let fade = |t: f64| if future(t) { " future" } else { "" };

    // Lanes and their labels.
    for (i, &v) in lanes.iter().enumerate() {
        let node = &inst.nodes[v];
        let costs = match inst.model {
            ModelKind::Node => format!("cost {}", fmt_t(node.send)),
            ModelKind::SenderReceiver => {
                format!("send {}, receive {}", fmt_t(node.send), fmt_t(node.recv))
            }
        };
        let tip = if v == inst.source {
            format!(
                "{} (source): {costs}; holds the message at t=0",
                inst.label(v)
            )
        } else {
            format!(
                "{}: {costs}; holds the message at t={}",
                inst.label(v),
                fmt_t(s.ready[v])
            )
        };
        frame.lane(
            (i, v),
            lane_y(v),
            LANE_H,
            labels[v].clone(),
            lane_y(v) + LANE_H / 2.0 + 6.0,
            tip,
            &mut items,
        );
    }
    frame.grid(lanes_top, axis_y, &mut items);
    // Bars.
    let (mut any_transit, mut any_recv) = (false, false);
    for op in &s.sends {
        let (u, v) = (op.from, op.to);
        let (nu, nv) = (inst.label(u), inst.label(v));
        let x0 = xt(op.start);
        let w = xt(op.end) - x0;
        items.push(rect(
            x0,
            bar_y(u),
            w,
            BAR_H,
            format!("send{}", fade(op.start)),
            format!("send-{u}-{v}"),
            format!(
                "{nu} sends to {nv}: t={} to {} (s={})",
                fmt_t(op.start),
                fmt_t(op.end),
                fmt_t(op.end - op.start)
            ),
        ));
        let bar_text = format!("→{}", truncate(&nv, NAME_CHARS));
        if text_width(&bar_text, FONT_SMALL) + 8.0 <= w {
            items.push(text(
                x0 + w / 2.0,
                bar_y(u) + BAR_H / 2.0 + 6.0,
                bar_text,
                &format!("bar-label{}", fade(op.start)),
                Anchor::Middle,
            ));
        }
        if op.recv_start > op.end {
            any_transit = true;
            items.push(rect(
                xt(op.end),
                lane_y(v) + (LANE_H - TRANSIT_H) / 2.0,
                xt(op.recv_start) - xt(op.end),
                TRANSIT_H,
                format!("transit{}", fade(op.end)),
                format!("transit-{u}-{v}"),
                format!(
                    "message to {nv} in the network: t={} to {} (L={})",
                    fmt_t(op.end),
                    fmt_t(op.recv_start),
                    fmt_t(op.recv_start - op.end)
                ),
            ));
        }
        if op.recv_end > op.recv_start {
            any_recv = true;
            items.push(rect(
                xt(op.recv_start),
                bar_y(v),
                xt(op.recv_end) - xt(op.recv_start),
                BAR_H,
                format!("recv{}", fade(op.recv_start)),
                format!("recv-{u}-{v}"),
                format!(
                    "{nv} receives from {nu}: t={} to {} (r={})",
                    fmt_t(op.recv_start),
                    fmt_t(op.recv_end),
                    fmt_t(op.recv_end - op.recv_start)
                ),
            ));
        }
        items.push(line(
            xt(op.end),
            bar_y(u) + BAR_H,
            xt(op.recv_start),
            bar_y(v),
            format!("msg{}", fade(op.end)),
            true,
            format!("msg-{u}-{v}"),
        ));
        let last = if is_last(inst, s, v) {
            " (the completion time)"
        } else {
            ""
        };
        items.push(rect(
            xt(op.recv_end) - 3.0,
            bar_y(v),
            6.0,
            BAR_H,
            format!("ready{}", fade(op.recv_end)),
            format!("ready-{v}"),
            format!("{nv} holds the message at t={}{last}", fmt_t(op.recv_end)),
        ));
    }
    frame.axis(axis_y, 1.0, "time".into(), &mut items);
    if let Some(top) = top_axis {
        frame.top_axis(top, 1.0, "time".into(), &mut items);
    }
    frame.completion(
        t_end,
        (lanes_top - 6.0, axis_y),
        format!("T = {}", fmt_t(t_end)),
        label_y,
        &mut items,
    );
    // Replay time.
    if let Some(a) = opts.at.filter(|a| a.is_finite() && *a >= 0.0) {
        let xa = xt(a.min(frame.axis_max));
        items.push(line(
            xa,
            lanes_top,
            xa,
            axis_y,
            "now".into(),
            false,
            "now".into(),
        ));
    }
    // Legend.
    let mut kinds = vec![("send", "send")];
    if any_transit {
        kinds.push(("transit", "transit (L)"));
    }
    if any_recv {
        kinds.push(("recv", "receive"));
    }
    kinds.push(("ready", "holds the message"));
    kinds.push(("completion", "completion time"));
    let entries: Vec<(String, String)> = kinds
        .iter()
        .map(|(_, word)| (word.to_string(), "legend".to_string()))
        .collect();
    let swatch = |i: usize, (lx, ly): (f64, f64), items: &mut Vec<Item>| {
        let class = kinds[i].0;
        let none = String::new;
        items.push(match class {
            "completion" => line(
                lx + 16.0,
                ly - 2.0,
                lx + 16.0,
                ly + 22.0,
                class.into(),
                false,
                none(),
            ),
            "ready" => rect(lx + 13.0, ly, 6.0, 20.0, class.into(), none(), none()),
            "transit" => rect(
                lx,
                ly + 10.0 - TRANSIT_H / 2.0,
                32.0,
                TRANSIT_H,
                class.into(),
                none(),
                none(),
            ),
            _ => rect(lx, ly, 32.0, 20.0, class.into(), none(), none()),
        });
    };
    let ly = frame.legend(axis_y + 70.0, &entries, swatch, &mut items);
    Scene {
        width,
        height: ly + 22.0 + MARGIN,
        title,
        items,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::overhead::algo::greedy::greedy;
    use crate::models::overhead::{gallery, simulate};

    fn texts_of(scene: &Scene, class: &str) -> Vec<(String, f64)> {
        scene
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text {
                    text, class: c, y, ..
                } if c == class => Some((text.clone(), *y)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_heading_names_the_algorithm_the_instance_and_t() {
        let inst = gallery::libeskind_hadas_figure1();
        let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
        let h = heading("Greedy / FNF", &inst, &s);
        assert_eq!(h, "Greedy / FNF — Gantt chart, 12 nodes, T = 10");
        let opts = GanttOptions {
            title: h.clone(),
            ..Default::default()
        };
        let scene = gantt_scene(&inst, &s, &opts);
        assert_eq!(scene.title, h);
        assert_eq!(texts_of(&scene, "title")[0].0, h);
    }

    #[test]
    fn more_than_top_axis_lanes_repeat_the_axis_above_the_lanes() {
        for (n, top) in [
            (TOP_AXIS_LANES, false),
            (TOP_AXIS_LANES + 1, true),
            (64, true),
        ] {
            let costs: Vec<f64> = (0..n).map(|i| 1.0 + (i % 5) as f64).collect();
            let inst = Instance::node_model(0, &costs);
            let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
            let scene = gantt_scene(&inst, &s, &GanttOptions::default());
            let top_labels = texts_of(&scene, "top-tick-label");
            let bottom_labels = texts_of(&scene, "tick-label");
            assert_eq!(!top_labels.is_empty(), top, "{n} lanes");
            assert_eq!(
                scene
                    .items
                    .iter()
                    .filter(|i| matches!(i, Item::Line { id, .. } if id == "top-axis"))
                    .count(),
                usize::from(top)
            );
            if top {
                let names = |l: &[(String, f64)]| l.iter().map(|t| t.0.clone()).collect::<Vec<_>>();
                assert_eq!(names(&top_labels), names(&bottom_labels));
                let first_lane = scene
                    .items
                    .iter()
                    .filter_map(|i| match i {
                        Item::Rect { id, y, .. } if id.starts_with("lane-") => Some(*y),
                        _ => None,
                    })
                    .fold(f64::INFINITY, f64::min);
                assert!(top_labels.iter().all(|t| t.1 < first_lane));
                // The completion label stays above the top tick labels.
                let t_label = texts_of(&scene, "completion-label")[0].1;
                assert!(top_labels.iter().all(|t| t.1 - 16.0 > t_label), "{t_label}");
            }
        }
    }
}
