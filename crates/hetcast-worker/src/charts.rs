//! The experiments' charts, drawn in the worker: the page names each chart and its data
//! ([`Chart`]), the worker answers with the SVG text of `hetcast-charts` (the CLI's drawing),
//! so the page's wasm does not link plotters.

use hetcast_charts::Size;
use hetcast_core::models::multi::experiment::{WuRow, WuSpec};
use hetcast_core::models::multimessage::experiment::Summary;
use hetcast_core::models::overhead::experiment::LiuFig6Row;
use hetcast_core::models::platform::experiment::Fig11Row;
use serde::{Deserialize, Serialize};

/// A chart's canvas: the CLI's files, the page's, or a size of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Canvas {
    /// The files the CLI writes ([`Size::FILE`]; Wu's panels [`Size::WU_PANEL_FILE`]).
    File,
    /// The page's ([`Size::SCREEN`]; Wu's panels [`Size::WU_PANEL_SCREEN`]).
    Screen,
    /// `width` x `height` SVG pixels.
    Px {
        /// Width.
        width: u32,
        /// Height.
        height: u32,
    },
}

impl Canvas {
    /// The size, with `file` and `screen` for the first two.
    fn size(self, file: Size, screen: Size) -> Size {
        match self {
            Canvas::File => file,
            Canvas::Screen => screen,
            Canvas::Px { width, height } => Size { width, height },
        }
    }
}

/// One chart of `hetcast-charts` and what it is drawn from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "chart", rename_all = "snake_case")]
pub enum Chart {
    /// Liu et al. Figure 6 (`liu_fig6_sized`).
    LiuFig6 {
        /// The rows.
        rows: Vec<LiuFig6Row>,
        /// Random runs per n (in the legend).
        runs: usize,
        /// The canvas.
        canvas: Canvas,
    },
    /// Wu et al. Figure 3 or 4 (`wu_figure_sized`; the canvas is one panel's).
    Wu {
        /// The rows.
        rows: Vec<WuRow>,
        /// The settings.
        spec: WuSpec,
        /// 3 or 4.
        figure: u32,
        /// The canvas of one panel.
        canvas: Canvas,
    },
    /// One panel of Beaumont et al. Figure 11 (`beaumont_fig11_sized`).
    Fig11 {
        /// The rows of every size.
        rows: Vec<Fig11Row>,
        /// The platforms drawn: "small" or "big".
        platforms: String,
        /// Over the lower bound (else over the scatter bound).
        over_lb: bool,
        /// The canvas.
        canvas: Canvas,
    },
    /// Gonzalez's random experiment, steps / d by degree (`gonzalez_random`).
    Gonzalez {
        /// The rows summarised by degree.
        summary: Vec<Summary>,
        /// The canvas.
        canvas: Canvas,
    },
    /// A histogram of ratios (`explore_histogram`).
    Histogram {
        /// Instances per bin.
        histogram: Vec<u64>,
        /// The ratio binned ("greedy / optimum").
        ratio: String,
        /// The caption.
        caption: String,
        /// The canvas.
        canvas: Canvas,
    },
}

/// The SVG text of `chart`, or why it cannot be drawn.
pub(crate) fn draw(chart: &Chart) -> Result<String, String> {
    let (file, screen) = (Size::FILE, Size::SCREEN);
    match chart {
        Chart::LiuFig6 { rows, runs, canvas } => {
            hetcast_charts::liu_fig6_sized(rows, *runs, canvas.size(file, screen))
        }
        Chart::Wu {
            rows,
            spec,
            figure,
            canvas,
        } => hetcast_charts::wu_figure_sized(
            rows,
            spec,
            *figure,
            canvas.size(Size::WU_PANEL_FILE, Size::WU_PANEL_SCREEN),
            match canvas {
                Canvas::File => Size::WU_PANEL_FILE,
                Canvas::Screen | Canvas::Px { .. } => Size::WU_PANEL_SCREEN,
            },
        ),
        Chart::Fig11 {
            rows,
            platforms,
            over_lb,
            canvas,
        } => hetcast_charts::beaumont_fig11_sized(
            rows,
            platforms,
            *over_lb,
            canvas.size(file, screen),
        ),
        Chart::Gonzalez { summary, canvas } => {
            hetcast_charts::gonzalez_random(summary, canvas.size(file, screen))
        }
        Chart::Histogram {
            histogram,
            ratio,
            caption,
            canvas,
        } => {
            hetcast_charts::explore_histogram(histogram, ratio, caption, canvas.size(file, screen))
        }
    }
}
