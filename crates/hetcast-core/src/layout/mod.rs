//! Layout: pure geometry. Each view (tree, Gantt chart) becomes a [`Scene`] of rectangles,
//! lines and text with ids and CSS classes. The Yew app draws a Scene into the DOM; the
//! [`svg`] module writes the same Scene as an SVG file, with the same stylesheet [`STYLE`] and
//! the same [`svg::DEFS`], so the exported file is the picture on screen.
//!
//! - [`timeline`]: the one Gantt layout (lanes of send, transit, receive and blocked bars,
//!   markers, arrows, legend), drawn as of a moment for playback;
//! - [`axis`]: ticks and time units for every chart;
//! - [`tidy_tree`]: the one tree layout (boxes and arrows, Reingold-Tilford);
//! - [`graph_layout`]: the one layout of general graphs (stress majorization, no label
//!   overlaps), for platform drawings and the platform editor's "tidy";
//! - [`bundles`]: a multigraph with bundles (the multimessage model's instance);
//! - [`links`]: a directed link drawn beside its reverse (platform drawings and editor);
//! - [`labels`]: labels along links, none over another nor over a node (platform drawings);
//! - [`svg::to_svg`]: a Scene as a standalone SVG 1.1 document;
//! - [`style`]: the stylesheet, its classes and the type sizes the layouts assume.
//!
//! What a model's chart and tree show (lanes, bars, labels, headings) lives with the model:
//! `models::overhead::view` and `models::multi::view`.
//!
//! A renderer puts the items inside an element with the class [`ROOT_CLASS`] that also
//! contains [`svg::DEFS`]; see [`svg`] for the remaining rules (arrows, tooltips, anchors).

pub mod axis;
pub mod bundles;
pub mod frame;
pub mod graph_layout;
pub mod labels;
pub mod links;
pub mod motion;
pub mod scene;
pub mod style;
pub mod svg;
pub mod tidy_tree;
pub mod timeline;

pub use motion::{EdgeMove, Motion, NodeMove};
pub use scene::{stack, Anchor, Item, Scene, TimeFrame};
pub use style::{ROOT_CLASS, STYLE};
