//! The charts of hetcast's experiments, drawn with plotters as SVG text: the same drawing for
//! the CLI (`hetcast experiment ...` writes them as files) and the app's Experiments page
//! (shown in the page, downloadable).
//!
//! - [`liu_fig6`]: Figure 6 of Liu et al. (paper 004), completion time against cluster size;
//! - [`wu_figure`]: Figures 3 and 4 of Wu, Yeh, Liu (paper 001), grouped bars per size mix;
//! - [`explore_histogram`]: the counterexample explorer's distribution of greedy / optimum.
//!
//! Text widths: natively plotters estimates them from the font size; in the browser
//! (wasm32) it measures them with the page's fonts (so there the drawing needs a `document`:
//! draw in the page, not in a web worker).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod explore;
mod liu;
mod wu;

pub use explore::explore_histogram;
pub use liu::liu_fig6;
pub use wu::wu_figure;

/// The error of a chart that cannot be drawn, as text ("cannot draw the chart: ...").
fn err(e: &dyn std::fmt::Display) -> String {
    format!("cannot draw the chart: {e}")
}
