//! The charts of hetcast's experiments, drawn with plotters as SVG text: the same drawing for
//! the CLI (`hetcast experiment ...` writes them as files) and the app's Experiments page
//! (shown in the page, downloadable).
//!
//! - [`liu_fig6`]: Figure 6 of Liu et al. (paper 004), completion time against cluster size;
//! - [`wu_figure`]: Figures 3 and 4 of Wu, Yeh, Liu (paper 001), grouped bars per size mix;
//! - [`beaumont_fig11`]: Figure 11 of Beaumont et al. (paper 002), heuristics over the bounds;
//! - [`explore_histogram`]: the explorer's distribution of one algorithm over its reference;
//! - [`gonzalez_random`]: multimessage multicasting, steps / d by degree (paper 003).
//!
//! Text sizes come from one estimate ([`text`]), natively and in WebAssembly alike: the app
//! draws the charts in its web worker (which has no `document` to measure text in), and they
//! are the CLI's to the byte.
//!
//! Type sizes are in pixels, as in plotters (whose SVG writes a size `s` as `font-size`
//! `s / 1.24`): the page asks for a chart of its panel's size in CSS pixels and shows it 1:1,
//! so that text is as large on screen as in the SVG. On a canvas narrower than the files' the
//! type shrinks with the width (and grows on a wider one, up to [`Type::MAX_SCALE`]), but no
//! text is under plotters' size 14 ([`Type::MIN`], 11.3 px on screen): a title is made smaller
//! only to fit its width ([`Type::fit`]).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod beaumont;
mod explore;
mod gonzalez;
mod liu;
#[cfg(test)]
mod tests;
mod text;
mod wu;

pub use beaumont::{beaumont_fig11, beaumont_fig11_sized};
pub use explore::explore_histogram;
pub use gonzalez::gonzalez_random;
pub use liu::{liu_fig6, liu_fig6_sized};
pub use wu::{wu_figure, wu_figure_sized};

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::ops::Range;

/// The size of a chart, in SVG pixels: the files (the CLI) use [`Size::FILE`]; the page, a
/// smaller canvas ([`Size::SCREEN`]) with the same type sizes, so that once scaled to fit the
/// screen its text is larger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    /// Width (for [`wu_figure_sized`]: of one panel).
    pub width: u32,
    /// Height.
    pub height: u32,
}

impl Size {
    /// The files' charts.
    pub const FILE: Size = Size {
        width: 1100,
        height: 680,
    };
    /// The page's line and bar charts.
    pub const SCREEN: Size = Size {
        width: 900,
        height: 560,
    };
    /// One panel of the Wu figures in the files.
    pub const WU_PANEL_FILE: Size = Size {
        width: 620,
        height: 760,
    };
    /// One panel of the Wu figures in the page.
    pub const WU_PANEL_SCREEN: Size = Size {
        width: 380,
        height: 620,
    };
}

/// The type sizes of a chart `width` px wide: those of the files' charts (whose width is
/// `full`) times `width / full`, within [`Type::MIN_SCALE`]..=[`Type::MAX_SCALE`]. At the
/// files' width it is 1: the files' charts are the CLI's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Type {
    scale: f64,
}

impl Type {
    /// The smallest size of any text (plotters' size: 11.3 px in the SVG).
    pub(crate) const MIN: f64 = 14.0;
    /// The smallest scale: tick labels (18 in the files) at [`Type::MIN`].
    pub(crate) const MIN_SCALE: f64 = Type::MIN / 18.0;
    /// The largest scale (a chart wider than the files', on a large screen).
    pub(crate) const MAX_SCALE: f64 = 1.4;
    /// A text's width per character and unit of plotters' size, on the wide side (the
    /// sans-serif fonts of browsers take about 0.55 em a character, the em being a size / 1.24).
    const PER_CHAR: f64 = 0.5;

    /// The type of a chart `width` px wide, the files' being `full` px wide.
    pub(crate) fn new(width: u32, full: u32) -> Type {
        Type {
            scale: (width as f64 / full.max(1) as f64).clamp(Type::MIN_SCALE, Type::MAX_SCALE),
        }
    }

    /// A font size of the files' charts, at this width (whole, at least [`Type::MIN`]).
    pub(crate) fn px(self, size: f64) -> f64 {
        (size * self.scale).round().max(Type::MIN)
    }

    /// A length of the files' charts (margins, label areas), at this width.
    pub(crate) fn len(self, px: u32) -> u32 {
        (px as f64 * self.scale).round() as u32
    }

    /// [`Type::px`] of `size`, made smaller (whole, not below [`Type::MIN`]) for `text` to
    /// fit in `room` px.
    pub(crate) fn fit(self, size: f64, text: &str, room: f64) -> f64 {
        let wide = text.chars().count() as f64 * Type::PER_CHAR;
        self.px(size)
            .min((room / wide.max(1.0)).floor())
            .max(Type::MIN)
    }
}

/// A line chart of the CLI's layout on `root` (a canvas of `size`), its type for that width
/// ([`Type`]): `caption` over it (made smaller to fit), x over `x`, y from 0 to `top` times the
/// data's largest value `data_max` (at least `at_least`) or higher, so that the data stay below
/// a legend of `legend_lines` lines in a top corner ([`text::top_below_legend`]).
pub(crate) fn line_chart<'a, 'b>(
    root: &'a DrawingArea<text::Svg<'b>, Shift>,
    size: Size,
    caption: &str,
    x: Range<f64>,
    (data_max, top, at_least): (f64, f64, f64),
    legend_lines: usize,
) -> Result<(LineChart<'a, 'b>, Type), String> {
    let ty = Type::new(size.width, Size::FILE.width);
    let margin = ty.len(24);
    let caption_px = ty.fit(26.0, caption, (size.width - 2 * margin) as f64);
    let plot_h = text::plot_height(size.height, margin, caption_px, ty.len(64));
    let legend = text::legend_bottom(legend_lines, ty);
    let y_max = text::top_below_legend(data_max * top, data_max, plot_h, legend).max(at_least);
    let chart = ChartBuilder::on(root)
        .caption(caption, ("sans-serif", caption_px))
        .margin(margin)
        .x_label_area_size(ty.len(64))
        .y_label_area_size(ty.len(80))
        .build_cartesian_2d(x, 0f64..y_max)
        .map_err(|e| err(&e))?;
    Ok((chart, ty))
}

/// The chart of [`line_chart`].
pub(crate) type LineChart<'a, 'b> =
    ChartContext<'a, text::Svg<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The error of a chart that cannot be drawn, as text ("cannot draw the chart: ...").
fn err(e: &dyn std::fmt::Display) -> String {
    format!("cannot draw the chart: {e}")
}
