//! The one Gantt layout: a [`Timeline`] (lanes of busy intervals, arrows, markers and a
//! legend, all in model time) becomes a [`Scene`], time 0 at the left. Every model's Gantt
//! chart is drawn here; the model only says what its lanes and bars are (the overhead model in
//! `models::overhead::view`, the many-source model in `models::multi::view`).
//!
//! - **Heading** (when not empty), centred at the top.
//! - **Lanes** (`lane-{key}`, class `lane`, `lane alt` at odd positions), top to bottom in the
//!   given order, each labelled at the left (`lane-label`) with a tooltip. A lane is
//!   [`BAR_H`] high plus its padding ([`Look::lane_pad`]) and, when transits go in strips, the
//!   strips its overlapping transits need.
//! - **Marks**, painted in the given order:
//!   - bars ([`Bar`]) of four kinds ([`BarKind`]): send (solid), transit (thin), receive and
//!     blocked. A bar without a message has the plain classes `send`, `transit`, `recv`; a bar
//!     of message `k` is coloured (`msend mc{k%8}`, `mtransit …`, `mrecv …`) and, unless the
//!     chart is [`Timeline::plain`], patterned: white stripes on sends and hatching on
//!     receives, by [`message_variant`]. Blocked bars are `blocked`. A bar's label is drawn
//!     centred on it when it fits ([`Look::label_pad`]);
//!   - arrows ([`Arrow`], `msg`) from the bottom of one lane's bar to the top of another's;
//!   - instant markers ([`Marker`], `ready`), 6 px wide;
//!   - over them all, the critical path ([`Timeline::critical`], [`Span`]s): a thick orange
//!     outline (`critical`, `crit-{i}`) around each stretch, 3 px beyond the bar band.
//!
//!   Transits go either across the middle of the lane's bar band ([`TransitPlace::InBar`]) or
//!   in strips under it ([`TransitPlace::Strips`], overlapping transits get strips of their
//!   own by interval colouring).
//! - **Axis**: [`Ticks`] in the unit of [`TimeAxis`], grid lines, and, above
//!   [`TOP_AXIS_LANES`] lanes, the axis repeated above the lanes.
//! - **Completion**: a dashed line at [`Timeline::completion`] with its label.
//! - **Legend**: swatches and words ([`LegendEntry`]); rows wrap rather than widen the chart.
//!
//! **Moments.** [`timeline_scene`] takes `at`: `None` draws everything; `Some(t)` draws the
//! schedule as it stands at `t`, for playback: exactly the bars that began before `t`
//! (`start < t`), each cut at `t` (a bar from 2 to 9 drawn at 5 runs from 2 to 5); arrows that
//! began before `t`, cut likewise; markers at or before `t`; and a `now` line at `t`. The
//! frame (lanes, axis, completion line, legend) does not move with `t`, so an animation only
//! grows the bars. [`Timeline::faded_after`] is the older replay look: everything is drawn,
//! marks that begin after it get the class `future` (drawn faded), with a `now` line.
//!
//! **Complexity**: O(m log m) for m marks (sorting the transits into strips).
//!
//! ```
//! use hetcast_core::layout::timeline::*;
//! use hetcast_core::layout::axis::TimeAxis;
//! let bar = |lane, start, end| Mark::Bar(Bar {
//!     lane, kind: BarKind::Send, start, end, message: None,
//!     id: format!("send-{lane}"), tip: String::new(), label: None,
//! });
//! let t = Timeline {
//!     lanes: (0..2).map(|v| Lane { key: v, label: format!("P{v}"), tip: String::new() }).collect(),
//!     marks: vec![bar(0, 0.0, 4.0), bar(1, 4.0, 6.0)],
//!     completion: 6.0,
//!     completion_label: "T = 6".into(),
//!     ..Timeline::default()
//! };
//! assert_eq!(timeline_scene(&t, None).with_class("send").count(), 2);
//! // At t = 3 only the first bar has begun, and it is cut at 3.
//! assert_eq!(timeline_scene(&t, Some(3.0)).with_class("send").count(), 1);
//! ```

/// The width every model's Gantt chart is laid out at when nothing else is asked (the
/// panel not measured yet, the CLI).
pub const DEFAULT_WIDTH: f64 = 1200.0;

use super::axis::{Ticks, TimeAxis};
use super::scene::{Anchor, Item, Scene, TimeFrame};
use super::style::{
    message_class, message_variant, text_width, title_width, FONT_SMALL, FONT_TITLE,
};

/// Height of a send, receive or blocked bar.
pub const BAR_H: f64 = 26.0;
/// Smallest width of the plotting area.
pub const MIN_PLOT_W: f64 = 300.0;
/// Charts with more lanes than this repeat the time axis (ticks and labels) above the lanes,
/// so that times are in sight when the chart is scrolled to the top.
pub const TOP_AXIS_LANES: usize = 30;
/// Distance between two hatching lines of a receive bar.
pub const HATCH_STEP: f64 = 9.0;
const MARGIN: f64 = 20.0;

/// What a bar stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BarKind {
    /// A send overhead, in the sender's lane (solid).
    Send,
    /// The message in the network, in the receiver's lane (thin).
    Transit,
    /// A receive overhead, in the receiver's lane (hatched when coloured).
    Receive,
    /// A receiver waiting for a message it has asked for (grey cross-hatching).
    Blocked,
}

/// One lane of the chart (a node).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Lane {
    /// The lane's id is `lane-{key}` (the node's index).
    pub key: usize,
    /// Label at the left.
    pub label: String,
    /// Tooltip of the lane's band.
    pub tip: String,
}

/// A busy interval in one lane.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// Position of its lane in [`Timeline::lanes`].
    pub lane: usize,
    /// What it stands for.
    pub kind: BarKind,
    /// Start time.
    pub start: f64,
    /// End time.
    pub end: f64,
    /// The message it carries, which colours it (`None`: the plain look of a one-message chart).
    pub message: Option<usize>,
    /// Item id (`send-0-4`).
    pub id: String,
    /// Tooltip.
    pub tip: String,
    /// Text drawn on the bar when it fits.
    pub label: Option<String>,
}

/// An arrow from the end of a bar in one lane to the start of a bar in another.
#[derive(Debug, Clone, PartialEq)]
pub struct Arrow {
    /// Lane position it leaves (from the bottom of its bar band).
    pub from: usize,
    /// Lane position it reaches (at the top of its bar band).
    pub to: usize,
    /// Time it leaves.
    pub start: f64,
    /// Time it arrives.
    pub end: f64,
    /// Item id (`msg-0-4`).
    pub id: String,
}

/// An instant (a node comes to hold the message), drawn as a narrow bar.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    /// Lane position.
    pub lane: usize,
    /// Time.
    pub t: f64,
    /// Item id (`ready-4`).
    pub id: String,
    /// Tooltip.
    pub tip: String,
}

/// A stretch of the critical path in one lane, outlined over the bars (class `critical`,
/// `crit-{i}`), painted after every mark.
#[derive(Debug, Clone, PartialEq)]
pub struct Span {
    /// Lane position.
    pub lane: usize,
    /// Start time.
    pub start: f64,
    /// End time.
    pub end: f64,
    /// Tooltip.
    pub tip: String,
}

impl Span {
    /// The links of critical path `path` as spans, for every model's timeline: node v's link in
    /// lane `lane(v)`, its tip "critical path: send of P3, {when(start, end)}" with the node's
    /// `label` and the times in the model's own words (`when`).
    pub fn critical(
        path: &crate::playback::CriticalPath,
        lane: impl Fn(usize) -> usize,
        label: impl Fn(usize) -> String,
        when: impl Fn(f64, f64) -> String,
    ) -> Vec<Span> {
        path.segments
            .iter()
            .map(|c| Span {
                lane: lane(c.node),
                start: c.start,
                end: c.end,
                tip: format!(
                    "critical path: {} of {}, {}",
                    c.kind.word(),
                    label(c.node),
                    when(c.start, c.end)
                ),
            })
            .collect()
    }
}

/// One thing drawn in the plot, in paint order.
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    /// A busy interval.
    Bar(Bar),
    /// A message arrow.
    Arrow(Arrow),
    /// An instant.
    Marker(Marker),
}

impl Mark {
    /// When the mark begins.
    pub fn start(&self) -> f64 {
        match self {
            Mark::Bar(b) => b.start,
            Mark::Arrow(a) => a.start,
            Mark::Marker(m) => m.t,
        }
    }

    /// When the mark ends.
    pub fn end(&self) -> f64 {
        match self {
            Mark::Bar(b) => b.end,
            Mark::Arrow(a) => a.end,
            Mark::Marker(m) => m.t,
        }
    }
}

/// What a legend entry shows left of its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Swatch {
    /// A bar of this kind, coloured as message `k`'s bars when `Some(k)`.
    Bar(BarKind, Option<usize>),
    /// A marker.
    Marker,
    /// The completion line.
    Completion,
    /// The outline of the critical path.
    Critical,
    /// A lane's band with these extra classes (e.g. `busiest`: a lane marked apart).
    Band(&'static str),
}

/// One legend entry.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendEntry {
    /// Its swatch.
    pub swatch: Swatch,
    /// Its words.
    pub words: String,
    /// When set (`legend-msg-3`), the swatch's id and an extra class of swatch and words.
    pub key: Option<String>,
}

/// Where transit bars go in a lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TransitPlace {
    /// Across the middle of the bar band (transits of one lane never overlap).
    #[default]
    InBar,
    /// In strips under the bar band, one strip per overlapping transit.
    Strips,
}

/// The measures a model chooses for its chart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    /// About one tick every this many px (2 to 12 intervals).
    pub tick_px: f64,
    /// Room right of the axis for the last tick label.
    pub right_pad: f64,
    /// Space above and below the bar band of a lane.
    pub lane_pad: f64,
    /// Height of a transit bar.
    pub transit_h: f64,
    /// Where transits go.
    pub transit: TransitPlace,
    /// A bar label is drawn when its width plus this fits the bar.
    pub label_pad: f64,
}

impl Default for Look {
    /// The one-message chart's measures: 40 px lanes with transits across the bars.
    fn default() -> Self {
        Look {
            tick_px: 80.0,
            right_pad: 28.0,
            lane_pad: 7.0,
            transit_h: 10.0,
            transit: TransitPlace::InBar,
            label_pad: 8.0,
        }
    }
}

/// A Gantt chart in model time, ready to be laid out by [`timeline_scene`].
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    /// The scene's title (SVG `<title>`).
    pub title: String,
    /// Visible heading (none when empty).
    pub heading: String,
    /// Asked width of the scene; the lane labels take what they need and the plot the rest
    /// (at least [`MIN_PLOT_W`], widening the scene if needed).
    pub width: f64,
    /// How the times read.
    pub axis: TimeAxis,
    /// Measures.
    pub look: Look,
    /// Lanes, top to bottom.
    pub lanes: Vec<Lane>,
    /// Bars, arrows and markers, in paint order.
    pub marks: Vec<Mark>,
    /// The completion time (dashed line).
    pub completion: f64,
    /// Its label ("T = 10").
    pub completion_label: String,
    /// The legend.
    pub legend: Vec<LegendEntry>,
    /// Leave out hatching, stripes and bar labels (very many bars).
    pub plain: bool,
    /// Replay look: marks beginning after this get the class `future`, and a `now` line.
    pub faded_after: Option<f64>,
    /// The axis runs to this time at least: charts of several schedules compared side by
    /// side share one time scale. `None`: to the chart's own last time.
    pub time_max: Option<f64>,
    /// The critical path, outlined over the bars (empty: none drawn). The model adds a
    /// [`Swatch::Critical`] legend entry with it.
    pub critical: Vec<Span>,
}

impl Default for Timeline {
    fn default() -> Self {
        Timeline {
            title: String::new(),
            heading: String::new(),
            width: 1200.0,
            axis: TimeAxis::Plain,
            look: Look::default(),
            lanes: Vec::new(),
            marks: Vec::new(),
            completion: 0.0,
            completion_label: String::new(),
            legend: Vec::new(),
            plain: false,
            faded_after: None,
            time_max: None,
            critical: Vec::new(),
        }
    }
}

/// The horizontal frame of a chart: lane labels at the left, then the plot from `left` to
/// `right` with its ticks.
struct Frame {
    left: f64,
    right: f64,
    plot_w: f64,
    width: f64,
    ticks: Ticks,
}

impl Frame {
    fn new(t: &Timeline, max_t: f64) -> Frame {
        let label_w = t
            .lanes
            .iter()
            .map(|l| text_width(&l.label, FONT_SMALL))
            .fold(0.0, f64::max)
            + 24.0;
        let left = MARGIN + label_w;
        let title_w = if t.heading.is_empty() {
            0.0
        } else {
            title_width(&t.heading) + 2.0 * MARGIN
        };
        let width = t
            .width
            .max(left + MIN_PLOT_W + t.look.right_pad + MARGIN)
            .max(title_w);
        let right = width - MARGIN - t.look.right_pad;
        let plot_w = right - left;
        let ticks = Ticks::new(
            max_t,
            ((plot_w / t.look.tick_px) as usize).clamp(2, 12),
            t.axis,
        );
        Frame {
            left,
            right,
            plot_w,
            width,
            ticks,
        }
    }

    fn x(&self, t: f64) -> f64 {
        self.left + t / self.ticks.max * self.plot_w
    }

    /// The axis line at `axis_y` with ticks `dir` px long (8 down, -8 up) and their labels at
    /// `label_dy`, with classes `{prefix}axis`, `{prefix}tick`, `{prefix}tick-label`.
    fn axis(&self, axis_y: f64, prefix: &str, dir: f64, label_dy: f64, items: &mut Vec<Item>) {
        let id = if prefix.is_empty() {
            String::new()
        } else {
            format!("{prefix}axis")
        };
        items.push(line(
            self.left,
            axis_y,
            self.right,
            axis_y,
            format!("{prefix}axis"),
            id,
        ));
        for &t in &self.ticks.values {
            let (y1, y2) = if dir > 0.0 {
                (axis_y, axis_y + dir)
            } else {
                (axis_y + dir, axis_y)
            };
            items.push(line(
                self.x(t),
                y1,
                self.x(t),
                y2,
                format!("{prefix}tick"),
                String::new(),
            ));
            items.push(text(
                self.x(t),
                axis_y + label_dy,
                self.ticks.text(t),
                &format!("{prefix}tick-label"),
                Anchor::Middle,
            ));
        }
    }
}

fn rect(x: f64, y: f64, w: f64, h: f64, class: String, id: String, tip: String) -> Item {
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

fn text(x: f64, y: f64, t: String, class: &str, anchor: Anchor) -> Item {
    Item::Text {
        x,
        y,
        text: t,
        class: class.into(),
        anchor,
    }
}

fn line(x1: f64, y1: f64, x2: f64, y2: f64, class: String, id: String) -> Item {
    Item::Line {
        x1,
        y1,
        x2,
        y2,
        class,
        arrow: false,
        id,
        tip: String::new(),
    }
}

/// The class of a bar of `kind`, coloured by `message` when set.
fn bar_class(kind: BarKind, message: Option<usize>) -> String {
    match (kind, message) {
        (BarKind::Blocked, _) => "blocked".into(),
        (BarKind::Send, None) => "send".into(),
        (BarKind::Transit, None) => "transit".into(),
        (BarKind::Receive, None) => "recv".into(),
        (BarKind::Send, Some(k)) => format!("msend {}", message_class(k)),
        (BarKind::Transit, Some(k)) => format!("mtransit {}", message_class(k)),
        (BarKind::Receive, Some(k)) => format!("mrecv {}", message_class(k)),
    }
}

/// The decoration of a coloured bar: white stripes across a send (none for variant 0, one
/// for 1, two for 2), hatching over a receive.
fn pattern(kind: BarKind, k: usize, (x, y, w, h): (f64, f64, f64, f64), out: &mut Vec<Item>) {
    let variant = message_variant(k);
    match kind {
        BarKind::Send => {
            for i in 1..=variant {
                let yy = y + h * i as f64 / (variant + 1) as f64;
                out.push(line(x, yy, x + w, yy, "mstripe".into(), String::new()));
            }
        }
        BarKind::Receive => {
            let class = format!("mhatch {}", message_class(k));
            hatch(x, y, w, h, variant, &class, out)
        }
        BarKind::Transit | BarKind::Blocked => {}
    }
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
            out.push(line(a, y, a, y + h, class.into(), String::new()));
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
            out.push(line(a + t0, y0, a + t1, y1, class.into(), String::new()));
        }
        a += HATCH_STEP;
    }
}

/// The strip of every transit bar (by index in `marks`) under its lane, and each lane's
/// number of strips: interval colouring in order of start time, then paint order.
fn transit_strips(t: &Timeline) -> (Vec<usize>, Vec<usize>) {
    let mut strip_of = vec![0usize; t.marks.len()];
    let mut ends: Vec<Vec<f64>> = vec![Vec::new(); t.lanes.len()];
    if t.look.transit == TransitPlace::InBar {
        return (strip_of, vec![0; t.lanes.len()]);
    }
    let mut order: Vec<(usize, &Bar)> = t
        .marks
        .iter()
        .enumerate()
        .filter_map(|(i, m)| match m {
            Mark::Bar(b) if b.kind == BarKind::Transit && b.lane < t.lanes.len() => Some((i, b)),
            _ => None,
        })
        .collect();
    crate::order::sort_by(&mut order, |a, b| {
        a.1.start.total_cmp(&b.1.start).then(a.0.cmp(&b.0))
    });
    for (i, b) in order {
        let lane = &mut ends[b.lane];
        match lane.iter().position(|&e| e <= b.start + 1e-12) {
            Some(p) => {
                lane[p] = b.end;
                strip_of[i] = p;
            }
            None => {
                lane.push(b.end);
                strip_of[i] = lane.len() - 1;
            }
        }
    }
    (strip_of, ends.iter().map(Vec::len).collect())
}

/// The vertical frame of a chart: the completion label's baseline, each lane's top and
/// height, and the axes' y.
struct Rows {
    /// The completion label's baseline.
    label_y: f64,
    /// The top of the first lane.
    lanes_top: f64,
    /// For tall charts ([`TOP_AXIS_LANES`]), the y of the axis repeated above the lanes.
    top_axis: Option<f64>,
    /// Each lane's top.
    lane_y: Vec<f64>,
    /// Each lane's height.
    lane_h: Vec<f64>,
    /// The axis under the lanes.
    axis_y: f64,
    /// Space above a lane's bar band.
    lane_pad: f64,
}

impl Rows {
    /// The rows under `top` (below the heading) for lanes of heights `lane_h`: the
    /// completion label, for tall charts the axis repeated above the lanes (its labels between
    /// the completion label and the lanes), then the lanes.
    fn new(top: f64, lane_h: Vec<f64>, lane_pad: f64) -> Rows {
        let (label_y, lanes_top, top_axis) = if lane_h.len() > TOP_AXIS_LANES {
            (top + 18.0, top + 58.0, Some(top + 58.0))
        } else {
            (top + 18.0, top + 30.0, None)
        };
        let mut lane_y = Vec::with_capacity(lane_h.len());
        let mut yy = lanes_top;
        for h in &lane_h {
            lane_y.push(yy);
            yy += h;
        }
        Rows {
            label_y,
            lanes_top,
            top_axis,
            lane_y,
            lane_h,
            axis_y: yy,
            lane_pad,
        }
    }

    /// The top of lane `l`'s bar band.
    fn bar_y(&self, l: usize) -> f64 {
        self.lane_y[l] + self.lane_pad
    }
}

/// Each lane's height: [`BAR_H`] and its padding, plus its `strips` transit strips.
fn lane_heights(look: &Look, strips: &[usize]) -> Vec<f64> {
    strips
        .iter()
        .map(|&k| {
            let strips_h = if k > 0 {
                4.0 + k as f64 * (look.transit_h + 2.0)
            } else {
                0.0
            };
            look.lane_pad + BAR_H + strips_h + look.lane_pad
        })
        .collect()
}

/// A chart being painted: the timeline, its frames and the moment drawn.
struct Painter<'a> {
    t: &'a Timeline,
    frame: Frame,
    rows: Rows,
    at: Option<f64>,
}

impl Painter<'_> {
    fn x(&self, time: f64) -> f64 {
        self.frame.x(time)
    }

    /// Whether a mark beginning at `start` is drawn at the moment.
    fn begun(&self, start: f64) -> bool {
        self.at.is_none_or(|a| start < a)
    }

    /// A mark's end, cut at the moment.
    fn cut(&self, end: f64) -> f64 {
        self.at.map_or(end, |a| end.min(a))
    }

    /// The extra class of a mark beginning at `time`: ` future` after [`Timeline::faded_after`].
    fn fade(&self, time: f64) -> &'static str {
        if self.t.faded_after.is_some_and(|a| time > a + 1e-9) {
            " future"
        } else {
            ""
        }
    }

    /// The lanes' bands and labels, then the grid lines.
    fn lanes(&self, items: &mut Vec<Item>) {
        let rows = &self.rows;
        for (i, lane) in self.t.lanes.iter().enumerate() {
            let class = if i % 2 == 1 { "lane alt" } else { "lane" };
            items.push(rect(
                MARGIN / 2.0,
                rows.lane_y[i],
                self.frame.width - MARGIN,
                rows.lane_h[i],
                class.into(),
                format!("lane-{}", lane.key),
                lane.tip.clone(),
            ));
            items.push(text(
                MARGIN,
                rows.bar_y(i) + BAR_H / 2.0 + 6.0,
                lane.label.clone(),
                "lane-label",
                Anchor::Start,
            ));
        }
        for &tick in &self.frame.ticks.values {
            items.push(line(
                self.x(tick),
                rows.lanes_top,
                self.x(tick),
                rows.axis_y,
                "grid".into(),
                String::new(),
            ));
        }
    }

    /// Every mark as it stands at the moment, in paint order (`strip_of`: each transit's strip).
    fn marks(&self, strip_of: &[usize], items: &mut Vec<Item>) {
        let n = self.t.lanes.len();
        for (i, mark) in self.t.marks.iter().enumerate() {
            match mark {
                Mark::Bar(b) if b.lane < n && self.begun(b.start) => {
                    self.bar(b, strip_of[i], items)
                }
                Mark::Arrow(a) if a.from < n && a.to < n && self.begun(a.start) => {
                    items.push(self.arrow(a))
                }
                Mark::Marker(m) if m.lane < n && self.at.is_none_or(|a| m.t <= a) => {
                    items.push(rect(
                        self.x(m.t) - 3.0,
                        self.rows.bar_y(m.lane),
                        6.0,
                        BAR_H,
                        format!("ready{}", self.fade(m.t)),
                        m.id.clone(),
                        m.tip.clone(),
                    ))
                }
                _ => {}
            }
        }
    }

    /// Bar `b` (a transit in strip `strip`), cut at the moment, with its pattern and label.
    fn bar(&self, b: &Bar, strip: usize, items: &mut Vec<Item>) {
        let (t, look) = (self.t, &self.t.look);
        let bar_y = self.rows.bar_y(b.lane);
        let x0 = self.x(b.start);
        let w = self.x(self.cut(b.end)) - x0;
        let (y0, h) = match b.kind {
            BarKind::Transit => match look.transit {
                TransitPlace::InBar => (bar_y + (BAR_H - look.transit_h) / 2.0, look.transit_h),
                TransitPlace::Strips => (
                    bar_y + BAR_H + 4.0 + strip as f64 * (look.transit_h + 2.0),
                    look.transit_h,
                ),
            },
            _ => (bar_y, BAR_H),
        };
        let f = self.fade(b.start);
        items.push(rect(
            x0,
            y0,
            w,
            h,
            format!("{}{f}", bar_class(b.kind, b.message)),
            b.id.clone(),
            b.tip.clone(),
        ));
        if let (Some(k), false) = (b.message, t.plain) {
            pattern(b.kind, k, (x0, y0, w, h), items);
        }
        if let (Some(label), false) = (&b.label, t.plain) {
            if text_width(label, FONT_SMALL) + look.label_pad <= w {
                let class = if b.message.is_some() {
                    "mbar-label"
                } else {
                    "bar-label"
                };
                items.push(text(
                    x0 + w / 2.0,
                    y0 + h / 2.0 + 6.0,
                    label.clone(),
                    &format!("{class}{f}"),
                    Anchor::Middle,
                ));
            }
        }
    }

    /// Arrow `a`; cut at the moment, its tip is on the way, in proportion to the time.
    fn arrow(&self, a: &Arrow) -> Item {
        let (y0, y1) = (self.rows.bar_y(a.from) + BAR_H, self.rows.bar_y(a.to));
        let end = self.cut(a.end);
        let y_end = if end < a.end {
            y0 + (y1 - y0) * (end - a.start) / (a.end - a.start)
        } else {
            y1
        };
        Item::Line {
            x1: self.x(a.start),
            y1: y0,
            x2: self.x(end),
            y2: y_end,
            class: format!("msg{}", self.fade(a.start)),
            arrow: true,
            id: a.id.clone(),
            tip: String::new(),
        }
    }

    /// The critical path, over the marks, as it stands at the moment.
    fn critical(&self, items: &mut Vec<Item>) {
        let n = self.t.lanes.len();
        for (i, c) in self.t.critical.iter().enumerate() {
            if c.lane < n && self.begun(c.start) && c.end > c.start {
                let x0 = self.x(c.start);
                items.push(rect(
                    x0,
                    self.rows.bar_y(c.lane) - 3.0,
                    self.x(self.cut(c.end)) - x0,
                    BAR_H + 6.0,
                    "critical".into(),
                    format!("crit-{i}"),
                    c.tip.clone(),
                ));
            }
        }
    }

    /// The axis below the lanes and, for tall charts, above them too.
    fn axes(&self, items: &mut Vec<Item>) {
        let frame = &self.frame;
        frame.axis(self.rows.axis_y, "", 8.0, 26.0, items);
        items.push(text(
            frame.left + frame.plot_w / 2.0,
            self.rows.axis_y + 50.0,
            frame.ticks.label.clone(),
            "axis-label",
            Anchor::Middle,
        ));
        if let Some(top) = self.rows.top_axis {
            items.push(text(
                frame.left - 14.0,
                top - 13.0,
                frame.ticks.label.clone(),
                "top-axis-label",
                Anchor::End,
            ));
            frame.axis(top, "top-", -8.0, -13.0, items);
        }
    }

    /// The dashed completion line and its label (right-aligned where it would pass the
    /// edge), then the `now` line at the moment (or at [`Timeline::faded_after`]).
    fn completion_and_now(&self, items: &mut Vec<Item>) {
        let (t, rows) = (self.t, &self.rows);
        let xe = self.x(t.completion);
        items.push(line(
            xe,
            rows.lanes_top - 6.0,
            xe,
            rows.axis_y,
            "completion".into(),
            "completion".into(),
        ));
        let half = text_width(&t.completion_label, 18.0) / 2.0;
        let anchor = if xe + half > self.frame.width - 4.0 {
            Anchor::End
        } else {
            Anchor::Middle
        };
        items.push(text(
            xe,
            rows.label_y,
            t.completion_label.clone(),
            "completion-label",
            anchor,
        ));
        if let Some(a) = self
            .at
            .or(t.faded_after)
            .filter(|a| a.is_finite() && *a >= 0.0)
        {
            let xa = self.x(a.min(self.frame.ticks.max));
            items.push(line(
                xa,
                rows.lanes_top,
                xa,
                rows.axis_y,
                "now".into(),
                "now".into(),
            ));
        }
    }
}

/// The scene of timeline `t` as it stands at `at` (see the module documentation): `None` draws
/// everything, `Some(a)` only what began before `a`, cut at `a`. Painted in this order: the
/// heading, the lanes and grid ([`Painter::lanes`]), the marks ([`Painter::marks`]), the
/// critical path, the axes, the completion and `now` lines, the legend.
pub fn timeline_scene(t: &Timeline, at: Option<f64>) -> Scene {
    let max_t = t
        .marks
        .iter()
        .map(Mark::end)
        .chain(t.time_max.filter(|m| m.is_finite()))
        .fold(t.completion, f64::max);
    let frame = Frame::new(t, max_t);
    let (strip_of, strips) = transit_strips(t);
    let mut items = Vec::with_capacity(4 * t.marks.len() + 4 * t.lanes.len() + 64);
    let mut y = MARGIN;
    if !t.heading.is_empty() {
        items.push(text(
            frame.width / 2.0,
            y + FONT_TITLE,
            t.heading.clone(),
            "title",
            Anchor::Middle,
        ));
        y += 40.0;
    }
    let rows = Rows::new(y, lane_heights(&t.look, &strips), t.look.lane_pad);
    let p = Painter { t, frame, rows, at };
    p.lanes(&mut items);
    p.marks(&strip_of, &mut items);
    p.critical(&mut items);
    p.axes(&mut items);
    p.completion_and_now(&mut items);
    let ly = legend(t, &p.frame, p.rows.axis_y + 70.0, &mut items);
    Scene {
        width: p.frame.width,
        height: ly + 22.0 + MARGIN,
        title: t.title.clone(),
        items,
        time: Some(TimeFrame {
            left: p.frame.left,
            right: p.frame.right,
            t_max: p.frame.ticks.max,
            top: p.rows.lanes_top,
            bottom: p.rows.axis_y,
        }),
    }
}

/// The legend from `top`: each entry a 32 px swatch and its words; rows wrap rather than widen
/// the chart. Returns the y of the last row.
fn legend(t: &Timeline, frame: &Frame, top: f64, items: &mut Vec<Item>) -> f64 {
    let mut ly = top;
    let mut lx = MARGIN;
    for e in &t.legend {
        let entry_w = 40.0 + text_width(&e.words, FONT_SMALL);
        if lx > MARGIN && lx + entry_w > frame.width - MARGIN {
            lx = MARGIN;
            ly += 32.0;
        }
        swatch(t, e, (lx, ly), items);
        let class = match &e.key {
            Some(key) => format!("legend {key}"),
            None => "legend".into(),
        };
        items.push(text(
            lx + 40.0,
            ly + 16.0,
            e.words.clone(),
            &class,
            Anchor::Start,
        ));
        lx += entry_w + 28.0;
    }
    ly
}

/// The swatch of entry `e` at `(x, y)`: drawn as the bars, marker or line it stands for.
fn swatch(t: &Timeline, e: &LegendEntry, (x, y): (f64, f64), out: &mut Vec<Item>) {
    let id = e.key.clone().unwrap_or_default();
    match &e.swatch {
        Swatch::Band(class) => out.push(rect(
            x,
            y,
            32.0,
            20.0,
            format!("lane {class}"),
            id,
            String::new(),
        )),
        Swatch::Completion => out.push(line(
            x + 16.0,
            y - 2.0,
            x + 16.0,
            y + 22.0,
            "completion".into(),
            String::new(),
        )),
        Swatch::Critical => out.push(rect(
            x + 1.0,
            y - 1.0,
            30.0,
            22.0,
            "critical".into(),
            id,
            String::new(),
        )),
        Swatch::Marker => out.push(rect(
            x + 13.0,
            y,
            6.0,
            20.0,
            "ready".into(),
            id,
            String::new(),
        )),
        Swatch::Bar(kind, message) => {
            let (kind, message) = (*kind, *message);
            let mut class = bar_class(kind, message);
            if let Some(key) = &e.key {
                class = format!("{class} {key}");
            }
            let (y0, h) = if kind == BarKind::Transit {
                (y + 10.0 - t.look.transit_h / 2.0, t.look.transit_h)
            } else {
                (y, 20.0)
            };
            out.push(rect(x, y0, 32.0, h, class, id, String::new()));
            if let (Some(k), false) = (message, t.plain) {
                pattern(kind, k, (x, y0, 32.0, h), out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
