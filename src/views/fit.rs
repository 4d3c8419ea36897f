//! How a drawing gets the view panel: the [`ViewLook`] a model lays its scenes out with, and
//! the size on screen a scene is shown at.
//!
//! The rule, for every model and view: a fitted drawing fills its panel, but its smallest text
//! never comes out under [`TEXT_FLOOR_PX`] on screen ([`LECTURE_FLOOR_PX`] in lecture mode).
//! Where filling the panel would go under the floor, the drawing is shown at the floor and the
//! panel scrolls. A Gantt chart is laid out for the panel's width at the scale it is shown at,
//! so a chart of many lanes keeps its lane height and scrolls down instead of shrinking.

use hetcast_core::layout::style::FONT_SMALL;
use hetcast_core::layout::Scene;

use crate::state::ui::{Mode, Ui};

/// The smallest size on screen (CSS px) of a drawing's text in the default layout.
pub const TEXT_FLOOR_PX: f64 = 11.0;

/// The smallest size on screen (CSS px) of a drawing's text in lecture mode.
pub const LECTURE_FLOOR_PX: f64 = 20.0;

/// In lecture mode a fitted drawing is shown at least this many times its own size when the
/// panel allows (its 16 px text at 24 px).
pub const LECTURE_SCALE: f64 = 1.5;

/// Narrowest Gantt chart laid out; a narrower view scales it down.
pub const MIN_GANTT_W: f64 = 640.0;

/// Room kept for a vertical scroll bar when a drawing is taller than its panel.
pub const SCROLLBAR_PX: f64 = 16.0;

/// The panel's padding left and right of a drawing, together.
const SIDE_PAD: f64 = 8.0;

/// How a drawing is laid out: for a panel of `size` (fitted when `fit`), its time axis
/// running to `time_max` at least (schedules compared on one time scale), with or without its
/// heading.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewLook {
    /// The panel's size (0: not measured).
    pub size: (f64, f64),
    /// Fit the drawing to the panel.
    pub fit: bool,
    /// The time axis runs to this time at least.
    pub time_max: Option<f64>,
    /// Draw the heading (algorithm, instance, T).
    pub titled: bool,
    /// Lecture mode: the larger text floor, compact Gantt charts.
    pub lecture: bool,
    /// Zoom at 100%: a Gantt chart's plot is laid out this many times the panel's width.
    pub zoom: f64,
    /// Outline the critical path (key x).
    pub critical: bool,
    /// Two results compared: the key of the one whose Gantt lane order both charts take.
    pub lanes_of: Option<String>,
    /// Embed mode ([`crate::embed`]): a fitted drawing is shown whole, even when the frame is
    /// too small for the text floor (an `<iframe>` has the size its page gave it, and a drawing
    /// cut by it would not show the schedule).
    pub whole: bool,
    /// In Steps mode, one result: the steps done in the stepper (a model whose algorithm
    /// builds more than the schedule draws what they built).
    pub step: Option<usize>,
}

impl ViewLook {
    /// The look of the view panel that `ui` describes.
    pub fn of(ui: &Ui) -> ViewLook {
        ViewLook {
            size: ui.view_size(),
            fit: ui.fit,
            time_max: None,
            // In lecture and embed modes the caption names the result: the drawing keeps its room.
            titled: !ui.lecture && ui.embed.is_none(),
            lecture: ui.lecture,
            zoom: if ui.fit { 1.0 } else { ui.zoom },
            critical: ui.critical,
            lanes_of: None,
            whole: ui.embed.is_some(),
            step: (ui.mode == Mode::Steps).then_some(ui.step),
        }
    }

    /// The look of a figure laid out `width` px wide at 100% (exports).
    pub fn figure(width: f64, titled: bool, critical: bool) -> ViewLook {
        ViewLook {
            size: (width + SIDE_PAD, 0.0),
            fit: false,
            time_max: None,
            titled,
            lecture: false,
            zoom: 1.0,
            critical,
            lanes_of: None,
            whole: false,
            step: None,
        }
    }

    /// The heading `make` gives, or none when untitled.
    pub fn heading(&self, make: impl FnOnce() -> String) -> String {
        if self.titled {
            make()
        } else {
            String::new()
        }
    }

    /// Gantt charts drawn compact (lecture and embed modes).
    pub fn compact(&self) -> bool {
        self.lecture || self.whole
    }

    /// The smallest scale a fitted drawing is shown at: its smallest text at the floor (none
    /// when the drawing is shown whole).
    pub fn scale_floor(&self) -> f64 {
        if self.whole {
            0.0
        } else {
            scale_floor(self.lecture)
        }
    }

    /// The room a drawing laid out for this panel has (see
    /// `hetcast_core::models::platform::view::platform_scene_in`): the panel's width (less its
    /// padding and a scroll bar) and height in the drawing's own pixels at its smallest scale,
    /// so that a drawing that fits it never scrolls sideways. Shown whole (no floor), a room of
    /// the panel's shape that any drawing fits. `None` when not fitted or not measured.
    pub fn room(&self) -> Option<(f64, f64)> {
        let (pw, ph) = self.size;
        let w = pw - SIDE_PAD - SCROLLBAR_PX;
        if !self.fit || w <= 0.0 || ph <= 0.0 {
            return None;
        }
        let floor = self.scale_floor();
        let s = if floor > 0.0 { floor } else { 1e-3 };
        Some((w / s, ph / s))
    }

    /// A Gantt chart laid out by `lay_out(width)` for this look: at 100%, at the panel's width
    /// times the zoom; fitted, at the width that shows it as large as the panel's height allows
    /// but never under the text floor (see [`gantt_fit_width`]).
    pub fn gantt(&self, lay_out: impl Fn(f64) -> Scene) -> Scene {
        let (pw, ph) = self.size;
        if pw <= 0.0 {
            return lay_out(hetcast_core::layout::timeline::DEFAULT_WIDTH);
        }
        let natural = ((pw - SIDE_PAD) * self.zoom).max(MIN_GANTT_W).floor();
        let first = lay_out(natural);
        if !self.fit || ph <= 0.0 {
            return first;
        }
        let w = gantt_fit_width(pw, ph, first.height, self.scale_floor(), self.lecture);
        if (w - first.width).abs() < 1.0 {
            first
        } else {
            lay_out(w)
        }
    }
}

/// The smallest scale of a fitted drawing: its smallest text ([`FONT_SMALL`]) at
/// [`TEXT_FLOOR_PX`], or [`LECTURE_FLOOR_PX`] in lecture mode.
pub fn scale_floor(lecture: bool) -> f64 {
    let px = if lecture {
        LECTURE_FLOOR_PX
    } else {
        TEXT_FLOOR_PX
    };
    px / FONT_SMALL
}

/// The scale a fitted Gantt chart of natural height `scene_h` is shown at in a `pw` x `ph`
/// panel: the one that fills the panel's height, but at least `floor` (then the chart is taller
/// than the panel and scrolls) and at most what keeps it [`MIN_GANTT_W`] wide; in lecture mode
/// [`LECTURE_SCALE`] at least.
pub fn gantt_scale(pw: f64, ph: f64, scene_h: f64, floor: f64, lecture: bool) -> f64 {
    let fill = if scene_h > 0.0 { ph / scene_h } else { 1.0 };
    let widest = ((pw - SIDE_PAD) / MIN_GANTT_W).max(floor);
    let least = if lecture {
        floor.max(LECTURE_SCALE.min(widest))
    } else {
        floor
    };
    fill.clamp(least, widest.max(least))
}

/// Width to lay out a Gantt chart of natural height `scene_h` for, so that shown at
/// [`gantt_scale`] it is exactly as wide as a `pw` x `ph` panel (less a scroll bar when it is
/// taller than the panel).
pub fn gantt_fit_width(pw: f64, ph: f64, scene_h: f64, floor: f64, lecture: bool) -> f64 {
    let s = gantt_scale(pw, ph, scene_h, floor, lecture);
    let scrolls = scene_h * s > ph + 0.5;
    let avail = pw - SIDE_PAD - if scrolls { SCROLLBAR_PX } else { 0.0 };
    (avail / s).floor().max(1.0)
}

/// The size on screen (CSS px) of a fitted scene of `scene` size in a `panel`: as large as the
/// panel allows keeping its aspect ratio, but never under `floor` times its own size (then it
/// is larger than the panel, which scrolls). `None` until the panel is measured.
pub fn shown_size(scene: (f64, f64), panel: (f64, f64), floor: f64) -> Option<(f64, f64)> {
    let (w, h) = (scene.0.max(1.0), scene.1.max(1.0));
    let (pw, ph) = panel;
    if pw <= 0.0 || ph <= 0.0 {
        return None;
    }
    let avail = pw - SIDE_PAD;
    let mut s = (avail / w).min(ph / h).max(floor);
    if h * s > ph + 0.5 {
        // It scrolls down (it is at the floor): the scroll bar takes some of the width.
        s = s.min((avail - SCROLLBAR_PX) / w).max(floor);
    }
    // Rounded up to 1/100 px: never a hair under the floor.
    let up = |x: f64| (x * 100.0).ceil() / 100.0;
    Some((up(w * s), up(h * s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_fills_its_panel_when_its_text_stays_above_the_floor() {
        let floor = scale_floor(false);
        // 808 x 400 panel, 800 x 200 scene: the width decides, scale 1.
        assert_eq!(
            shown_size((800.0, 200.0), (808.0, 400.0), floor),
            Some((800.0, 200.0))
        );
        // A small tree grows to the panel's height.
        assert_eq!(
            shown_size((100.0, 50.0), (808.0, 400.0), floor),
            Some((800.0, 400.0))
        );
    }

    #[test]
    fn a_drawing_too_large_for_its_panel_stops_at_the_floor_and_scrolls() {
        let floor = scale_floor(false);
        assert_eq!(floor, 11.0 / 16.0);
        // 3200 px wide: fitting would be scale 0.25 (4 px text); it stays at 11/16.
        let (w, h) = shown_size((3200.0, 400.0), (808.0, 400.0), floor).unwrap();
        assert_eq!((w, h), (2200.0, 275.0));
        // Taller than the panel at the floor: at the floor, not larger.
        let (w, h) = shown_size((601.68, 504.0), (779.0, 337.0), floor).unwrap();
        assert_eq!((w, h), (413.66, 346.5));
        // Never under the floor by rounding.
        let (w, _) = shown_size((1735.0, 900.0), (1201.0, 350.0), floor).unwrap();
        assert!(16.0 * w / 1735.0 >= 11.0, "{w}");
        // Lecture mode: 20 px.
        let (w, _) = shown_size((3200.0, 400.0), (808.0, 400.0), scale_floor(true)).unwrap();
        assert_eq!(16.0 * w / 3200.0, 20.0);
        assert_eq!(shown_size((10.0, 10.0), (0.0, 400.0), floor), None);
    }

    /// The room a platform drawing is laid out for: the 1024x768 lecture panel (1016 x 607 px)
    /// less its padding and a scroll bar, at the 20 px floor (scale 1.25); at the 11 px floor
    /// in the default layout; none at 100% or before the panel is measured.
    #[test]
    fn a_drawing_is_laid_out_for_its_panel_at_the_floor() {
        let mut look = ViewLook::figure(900.0, false, false);
        assert_eq!(look.room(), None);
        look.fit = true;
        look.size = (1016.0, 607.0);
        look.lecture = true;
        assert_eq!(look.room(), Some((793.6, 485.6)));
        look.lecture = false;
        assert_eq!(look.room(), Some((992.0 / 0.6875, 607.0 / 0.6875)));
        look.size = (0.0, 0.0);
        assert_eq!(look.room(), None);
    }

    #[test]
    fn a_tall_gantt_chart_keeps_its_lane_height_and_fills_the_width() {
        let floor = scale_floor(false);
        // 60 lanes (2000 px) in a 400 px panel: shown at the floor, laid out for the width.
        let s = gantt_scale(1208.0, 400.0, 2000.0, floor, false);
        assert_eq!(s, floor);
        let w = gantt_fit_width(1208.0, 400.0, 2000.0, floor, false);
        assert_eq!(w, ((1208.0 - 8.0 - SCROLLBAR_PX) / floor).floor());
        // A short chart fills the height, up to MIN_GANTT_W wide.
        let s = gantt_scale(1208.0, 400.0, 400.0, floor, false);
        assert_eq!(s, 1.0);
        assert_eq!(gantt_fit_width(1208.0, 400.0, 400.0, floor, false), 1200.0);
        let s = gantt_scale(1208.0, 400.0, 100.0, floor, false);
        assert_eq!(s, 1200.0 / MIN_GANTT_W);
        // Lecture: at least 1.5 (24 px text) when the panel is wide enough, never under 20 px.
        assert_eq!(
            gantt_scale(1208.0, 400.0, 2000.0, scale_floor(true), true),
            1.5
        );
        assert_eq!(
            gantt_scale(600.0, 400.0, 2000.0, scale_floor(true), true),
            1.25
        );
    }
}
