//! Layout: pure geometry. Each view (tree, Gantt chart) becomes a [`Scene`] of rectangles,
//! lines and text with ids and CSS classes. The Yew app draws a Scene into the DOM; the
//! [`svg`] module writes the same Scene as an SVG file, with the same stylesheet [`STYLE`] and
//! the same [`svg::DEFS`], so the exported file is the picture on screen.
//!
//! - [`timeline`]: the one Gantt layout (lanes of send, transit, receive and blocked bars,
//!   markers, arrows, legend), drawn as of a moment for playback;
//! - [`axis`]: ticks and time units for every chart;
//! - [`tidy_tree`]: the one tree layout (boxes and arrows, Reingold-Tilford);
//! - [`svg::to_svg`]: a Scene as a standalone SVG 1.1 document;
//! - [`style`]: the stylesheet, its classes and the type sizes the layouts assume.
//!
//! What a model's chart and tree show (lanes, bars, labels, headings) lives with the model:
//! `models::overhead::view` and `models::multi::view`.
//!
//! A renderer puts the items inside an element with the class [`ROOT_CLASS`] that also
//! contains [`svg::DEFS`]; see [`svg`] for the remaining rules (arrows, tooltips, anchors).

pub mod axis;
pub mod scene;
pub mod style;
pub mod svg;
pub mod tidy_tree;
pub mod timeline;

pub use scene::{Anchor, Item, Scene};
pub use style::{ROOT_CLASS, STYLE};

/// Compatibility path (to be removed once callers use [`crate::models::overhead::view`]): the
/// overhead model's Gantt chart.
pub mod gantt {
    pub use super::axis::{nice_ticks, tick_label};
    pub use crate::models::overhead::view::{
        gantt_heading as heading, gantt_scene, gantt_scene_at, lane_label, lane_order, GanttOptions,
    };
}

/// Compatibility path (to be removed once callers use [`crate::models::overhead::view`]): the
/// overhead model's tree.
pub mod tree {
    pub use crate::models::overhead::view::{
        label_key, node_label, tree_heading as heading, tree_scene, TreeOptions,
    };
}

/// Compatibility path (to be removed once callers use [`crate::models::multi::view`]): the
/// many-source Gantt chart.
pub mod multi_gantt {
    pub use crate::models::multi::view::{
        gantt_heading as heading, lane_label, message_summary, multi_gantt_scene,
        multi_gantt_scene_at, schedule_fits, MultiGanttOptions,
    };
}

/// Compatibility path (to be removed once callers use [`crate::models::multi::view`]): the
/// many-source trees.
pub mod multi_tree {
    pub use crate::models::multi::view::{
        box_name, multi_tree_scene, tree_heading as heading, MultiTreeOptions,
    };
}

pub use gantt::{gantt_scene, GanttOptions};
pub use tree::{tree_scene, TreeOptions};
