//! Writes a [`Scene`] as a standalone SVG document (placeholder while the layout is written).

use super::scene::Scene;

/// The SVG document for `scene`.
pub fn to_svg(scene: &Scene) -> String {
    let _ = scene;
    String::new()
}
