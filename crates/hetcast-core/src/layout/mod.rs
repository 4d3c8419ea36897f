//! Layout: pure geometry. Each view (tree, Gantt chart) becomes a [`Scene`] of rectangles,
//! lines and text with ids and CSS classes. The Yew app draws a Scene into the DOM; the
//! [`svg`](crate::layout::svg) module writes the same Scene as an SVG file, with the same
//! stylesheet [`STYLE`], so the exported file is the picture on screen.

pub mod scene;
pub mod svg;

pub use scene::{Anchor, Item, Scene};
