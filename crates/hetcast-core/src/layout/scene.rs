//! The Scene: what a view draws, independent of how it is drawn.

use serde::{Deserialize, Serialize};

/// Horizontal text anchor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Anchor {
    /// Text starts at x.
    #[default]
    Start,
    /// Text is centred on x.
    Middle,
    /// Text ends at x.
    End,
}

impl Anchor {
    /// The SVG `text-anchor` value.
    pub fn svg(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// One drawable item. `class` names a rule of the shared stylesheet; `id` (may be empty) lets
/// the UI and tests find the item (e.g. `lane-3`, `send-0-4`, `node-7`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Item {
    /// Axis-aligned rectangle.
    Rect {
        /// Left.
        x: f64,
        /// Top.
        y: f64,
        /// Width.
        w: f64,
        /// Height.
        h: f64,
        /// Corner radius.
        rx: f64,
        /// Stylesheet class.
        class: String,
        /// Identifier, may be empty.
        id: String,
        /// Tooltip text, may be empty.
        tip: String,
    },
    /// Straight line, optionally with an arrow head at its end.
    Line {
        /// Start x.
        x1: f64,
        /// Start y.
        y1: f64,
        /// End x.
        x2: f64,
        /// End y.
        y2: f64,
        /// Stylesheet class.
        class: String,
        /// Draw an arrow head at (x2, y2).
        arrow: bool,
        /// Identifier, may be empty (e.g. `edge-0-3`).
        #[serde(default)]
        id: String,
        /// Tooltip text, may be empty (e.g. an edge's load).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        tip: String,
    },
    /// A line of text (never markup: renderers escape it).
    Text {
        /// Anchor x.
        x: f64,
        /// Baseline y.
        y: f64,
        /// The text.
        text: String,
        /// Stylesheet class.
        class: String,
        /// Horizontal anchor.
        anchor: Anchor,
    },
}

/// A complete picture: size, title, items in paint order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Scene {
    /// Width in user units (pixels at 100 %).
    pub width: f64,
    /// Height in user units.
    pub height: f64,
    /// Title (becomes the SVG `<title>` and the figure's accessible name).
    pub title: String,
    /// Items, painted in order.
    pub items: Vec<Item>,
    /// Where time runs across the scene, for a timeline (playback draws its cursor from it
    /// without laying the chart out again); `None` for other drawings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<TimeFrame>,
}

/// Where time runs across a timeline scene: time 0 at x `left`, `t_max` at x `right`, over the
/// lanes from y `top` to `bottom`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
pub struct TimeFrame {
    /// x of time 0.
    pub left: f64,
    /// x of `t_max`.
    pub right: f64,
    /// The time at `right` (the axis' last tick).
    pub t_max: f64,
    /// y of the top of the lanes.
    pub top: f64,
    /// y of the bottom of the lanes (the axis).
    pub bottom: f64,
}

impl TimeFrame {
    /// The x of time `t` (clamped to the frame).
    pub fn x(&self, t: f64) -> f64 {
        if self.t_max <= 0.0 || !t.is_finite() {
            return self.left;
        }
        self.left + (t / self.t_max).clamp(0.0, 1.0) * (self.right - self.left)
    }
}

impl Scene {
    /// Items with the given class.
    pub fn with_class<'a>(&'a self, class: &'a str) -> impl Iterator<Item = &'a Item> + 'a {
        self.items.iter().filter(move |i| match i {
            Item::Rect { class: c, .. }
            | Item::Line { class: c, .. }
            | Item::Text { class: c, .. } => c.split_whitespace().any(|w| w == class),
        })
    }

    /// A scene with only the sentence "The schedule does not match the instance.", for a
    /// schedule drawn with an instance it was not made for.
    pub fn mismatch(title: String) -> Scene {
        Scene {
            width: 640.0,
            height: 80.0,
            title,
            items: vec![Item::Text {
                x: 20.0,
                y: 45.0,
                text: "The schedule does not match the instance.".into(),
                class: "title".into(),
                anchor: Anchor::Start,
            }],
            time: None,
        }
    }
}

/// Several scenes one above the other, `gap` apart, in one figure titled `title` (two schedules
/// compared: lay them out with one `time_max` first so that they share a time scale). The
/// items of scene `i` get the id prefix `s{i}-`, so ids stay unique.
pub fn stack(scenes: &[Scene], gap: f64, title: String) -> Scene {
    let mut items = Vec::new();
    let mut y0 = 0.0;
    for (i, sc) in scenes.iter().enumerate() {
        let id = |id: &str| {
            if id.is_empty() {
                String::new()
            } else {
                format!("s{i}-{id}")
            }
        };
        for item in &sc.items {
            items.push(match item.clone() {
                Item::Rect {
                    x,
                    y,
                    w,
                    h,
                    rx,
                    class,
                    id: d,
                    tip,
                } => Item::Rect {
                    x,
                    y: y + y0,
                    w,
                    h,
                    rx,
                    class,
                    id: id(&d),
                    tip,
                },
                Item::Line {
                    x1,
                    y1,
                    x2,
                    y2,
                    class,
                    arrow,
                    id: d,
                    tip,
                } => Item::Line {
                    x1,
                    y1: y1 + y0,
                    x2,
                    y2: y2 + y0,
                    class,
                    arrow,
                    id: id(&d),
                    tip,
                },
                Item::Text {
                    x,
                    y,
                    text,
                    class,
                    anchor,
                } => Item::Text {
                    x,
                    y: y + y0,
                    text,
                    class,
                    anchor,
                },
            });
        }
        y0 += sc.height + gap;
    }
    Scene {
        width: scenes.iter().map(|s| s.width).fold(0.0, f64::max),
        height: (y0 - gap).max(0.0),
        title,
        items,
        time: None,
    }
}

/// A view's title: its visible `heading`, or `default()` when there is none.
pub fn title_or(heading: &str, default: impl FnOnce() -> String) -> String {
    if heading.is_empty() {
        default()
    } else {
        heading.to_string()
    }
}
