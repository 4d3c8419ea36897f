//! Layout: pure geometry. Each view (tree, Gantt chart) becomes a [`Scene`] of rectangles,
//! lines and text with ids and CSS classes. The Yew app draws a Scene into the DOM; the
//! [`svg`] module writes the same Scene as an SVG file, with the same stylesheet [`STYLE`] and
//! the same [`svg::DEFS`], so the exported file is the picture on screen.
//!
//! - [`tree::tree_scene`]: the multicast tree, labelled "c|t" as in 000 Figure 1;
//! - [`gantt::gantt_scene`]: the Gantt chart of send, transit and receive operations;
//! - [`multi_gantt::multi_gantt_scene`], [`multi_tree::multi_tree_scene`]: the same views of
//!   a many-source schedule (paper 001), coloured by message;
//! - [`svg::to_svg`]: a Scene as a standalone SVG 1.1 document;
//! - [`style`]: the stylesheet, its classes and the type sizes the layouts assume.
//!
//! A renderer puts the items inside an element with the class [`ROOT_CLASS`] that also
//! contains [`svg::DEFS`]; see [`svg`] for the remaining rules (arrows, tooltips, anchors).

pub mod gantt;
pub mod multi_gantt;
pub mod multi_tree;
pub mod scene;
pub mod style;
pub mod svg;
pub mod tree;

pub use gantt::{gantt_scene, GanttOptions};
pub use scene::{Anchor, Item, Scene};
pub use style::{ROOT_CLASS, STYLE};
pub use tree::{tree_scene, TreeOptions};
