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
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod beaumont;
mod explore;
mod gonzalez;
mod liu;
mod text;
mod wu;

pub use beaumont::{beaumont_fig11, beaumont_fig11_sized};
pub use explore::explore_histogram;
pub use gonzalez::gonzalez_random;
pub use liu::{liu_fig6, liu_fig6_sized};
pub use wu::{wu_figure, wu_figure_sized};

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

/// The error of a chart that cannot be drawn, as text ("cannot draw the chart: ...").
fn err(e: &dyn std::fmt::Display) -> String {
    format!("cannot draw the chart: {e}")
}
