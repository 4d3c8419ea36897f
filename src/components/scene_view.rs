//! `SceneView`: draws any [`Scene`] as inline SVG DOM, following the same rules as the SVG
//! exporter ([`hetcast_core::layout::svg`]): the `<svg>` carries the stylesheet's root class,
//! contains [`DEFS`](hetcast_core::layout::svg::DEFS) and the stylesheet, a white background,
//! then the items in paint order (rects with `<title>` tooltips, lines with arrow markers, text
//! with its anchor), with the same ids and classes. So the exported file is what is on screen.

use std::rc::Rc;

use hetcast_core::layout::style::{ROOT_CLASS, STYLE};
use hetcast_core::layout::svg::{num, ARROW_MARKER, DEFS};
use hetcast_core::layout::{Item, Scene};
use yew::prelude::*;

/// Props of [`SceneView`].
#[derive(Properties, PartialEq, Clone)]
pub struct SceneViewProps {
    /// What to draw.
    pub scene: Rc<Scene>,
    /// Id of the `<svg>` element.
    #[prop_or_default]
    pub id: Option<AttrValue>,
    /// Size on screen in px (the drawing is scaled to it); `None`: the scene's own size, or
    /// what the stylesheet gives the `<svg>`.
    #[prop_or_default]
    pub size: Option<(f64, f64)>,
    /// The player moves things in it (a tree's dots): it gets a layer for them (a timeline
    /// always has one, for the cursor; see [`crate::components::frames`]).
    #[prop_or_default]
    pub moving: bool,
    /// A tree of the schedule: wider than its scroll box, it opens with its source (root) in
    /// sight ([`source_scroll`]); any other drawing opens at its left edge, its heading in sight.
    #[prop_or_default]
    pub tree: bool,
    /// Fitted to its container (no scrolling) or at 100%: when this changes, a wide tree is
    /// scrolled to its root again.
    #[prop_or_default]
    pub fit: bool,
    /// The size of the panel it is drawn in (CSS px; 0 until measured): when it changes, a
    /// fitted drawing is measured again (see [`pin_size`]).
    #[prop_or_default]
    pub panel: (f64, f64),
}

/// Give a fitted drawing (its `<svg>`) the size in px that the stylesheet gives it (a share
/// of its panel): the browser then lays it out once, not again with every layout of the page
/// around it. A drawing sized in percentages of a flexible panel is laid out again, whole,
/// whenever anything on the page is (a frame of the player changes the time shown under it:
/// at 500 nodes that was 20-30 ms a frame). Pinned, it is taken out of the flow (over its
/// `.scene-stack`, which keeps the percentages), so that its size in px never widens the
/// panel it was measured in. Unpinned (`fit` false), the drawing keeps its own size.
pub fn pin_size(svg: &web_sys::Element, fit: bool) {
    let _ = svg.remove_attribute("style");
    if fit {
        let r = svg.get_bounding_client_rect();
        let style = format!(
            "position:absolute;left:0;top:0;width:{:.2}px;height:{:.2}px",
            r.width(),
            r.height()
        );
        let _ = svg.set_attribute("style", &style);
    }
}

/// The centre x (in scene units) of the tree's source box: the `node-{v}` rect with the class
/// `source`, if the scene has one.
pub fn source_centre(scene: &Scene) -> Option<f64> {
    scene.items.iter().find_map(|i| match i {
        Item::Rect {
            x, w, id, class, ..
        } if id.starts_with("node-") && class.split_whitespace().any(|c| c == "source") => {
            Some(x + w / 2.0)
        }
        _ => None,
    })
}

/// Where a drawing wider than its scroll box (`client` px wide) opens, its source's centre
/// `x` px from its left edge: at its left edge, which shows its heading, while the source is
/// in the box's first three quarters there; else scrolled to put the source in the middle.
pub fn source_scroll(x: f64, client: f64) -> i32 {
    if x <= client * 0.75 {
        0
    } else {
        (x - client / 2.0).max(0.0).round() as i32
    }
}

fn opt_id(id: &str) -> Option<AttrValue> {
    (!id.is_empty()).then(|| AttrValue::from(id.to_string()))
}

fn item_html(item: &Item) -> Html {
    match item {
        Item::Rect {
            x,
            y,
            w,
            h,
            rx,
            class,
            id,
            tip,
        } => html! {
            <rect id={opt_id(id)} class={class.clone()} x={num(*x)} y={num(*y)}
                width={num(w.max(0.0))} height={num(h.max(0.0))}
                rx={(*rx > 0.0).then(|| num(*rx))}>
                if !tip.is_empty() { <title>{ tip.clone() }</title> }
            </rect>
        },
        Item::Line {
            x1,
            y1,
            x2,
            y2,
            class,
            arrow,
            id,
            tip,
        } => html! {
            <line id={opt_id(id)} class={class.clone()} x1={num(*x1)} y1={num(*y1)} x2={num(*x2)} y2={num(*y2)}
                marker-end={arrow.then_some(ARROW_MARKER)}>
                if !tip.is_empty() { <title>{ tip.clone() }</title> }
            </line>
        },
        Item::Text {
            x,
            y,
            text,
            class,
            anchor,
        } => html! {
            <text class={class.clone()} x={num(*x)} y={num(*y)} text-anchor={anchor.svg()}>{ text.clone() }</text>
        },
    }
}

/// The classes of the time axis under a Gantt chart's lanes (the layout's
/// [`hetcast_core::layout::timeline`]): the line, its ticks, their labels and the axis label.
const AXIS_CLASSES: [&str; 4] = ["axis", "tick", "tick-label", "axis-label"];

/// Room under the lowest axis label's baseline for its descenders (scene units).
const AXIS_DESCENT: f64 = 8.0;

/// The time axis under a timeline's lanes, kept in sight: a copy of the axis (its items of
/// [`AXIS_CLASSES`] on a white band) laid exactly over the drawing's own, which sticks to the
/// bottom of the scroll box while the chart is scrolled up (`.sticky-axis`, static/style.css).
/// So a chart of more lanes than fit keeps its times readable; the drawing and its export are
/// unchanged. `shown` is the size the drawing is shown at (px); none without a time frame.
fn sticky_axis(s: &Scene, shown: (f64, f64)) -> Html {
    let Some(tf) = s.time else {
        return html! {};
    };
    let axis: Vec<&Item> = s
        .items
        .iter()
        .filter(|i| {
            let class = match i {
                Item::Rect { class, .. } | Item::Line { class, .. } | Item::Text { class, .. } => {
                    class
                }
            };
            AXIS_CLASSES.contains(&class.as_str())
        })
        .collect();
    let lowest = axis
        .iter()
        .map(|i| match i {
            Item::Rect { y, h, .. } => y + h,
            Item::Line { y1, y2, .. } => y1.max(*y2),
            Item::Text { y, .. } => y + AXIS_DESCENT,
        })
        .fold(f64::NEG_INFINITY, f64::max);
    let (w, h) = (s.width.max(1.0), s.height.max(1.0));
    let (y0, y1) = (tf.bottom - 2.0, lowest.min(h));
    if axis.is_empty() || y1 <= y0 || shown.0 <= 0.0 || shown.1 <= 0.0 {
        return html! {};
    }
    let sy = shown.1 / h;
    // In the flow under the drawing, pulled up over its axis; the space under the band is given
    // back, so the stack keeps the drawing's height.
    let style = format!(
        "margin-top:{:.2}px;margin-bottom:{:.2}px",
        -(h - y0) * sy,
        (h - y1) * sy
    );
    html! {
        <svg xmlns="http://www.w3.org/2000/svg" class={classes!(ROOT_CLASS, "sticky-axis")} aria-hidden="true"
            width={num(shown.0)} height={num((y1 - y0) * sy)} viewBox={format!("0 {} {} {}", num(y0), num(w), num(y1 - y0))}
            preserveAspectRatio="none" {style}>
            <rect class="bg" x="0" y={num(y0)} width={num(w)} height={num(y1 - y0)} />
            { for axis.into_iter().map(item_html) }
        </svg>
    }
}

/// Inline SVG of a scene (see the module documentation). A drawing wider than its scroll
/// container opens at its left edge (its heading in sight), but for a tree whose source (root)
/// is not in sight there: that one opens scrolled so that its source is centred
/// ([`source_scroll`]).
#[function_component(SceneView)]
pub fn scene_view(p: &SceneViewProps) -> Html {
    let s = &p.scene;
    let svg_ref = use_node_ref();
    {
        let svg_ref = svg_ref.clone();
        use_effect_with(
            (p.scene.clone(), p.size, p.fit, p.panel),
            move |&(_, size, fit, _)| {
                if let Some(svg) = svg_ref.cast::<web_sys::Element>() {
                    pin_size(&svg, fit && size.is_none());
                }
            },
        );
    }
    {
        let svg_ref = svg_ref.clone();
        let centre = source_centre(s).filter(|_| p.tree);
        let scene_w = s.width.max(1.0);
        // After the scene (or its size on screen) changes: scroll the container to the root.
        use_effect_with((p.scene.clone(), p.size, p.fit), move |_| {
            if let (Some(cx), Some(svg)) = (centre, svg_ref.cast::<web_sys::Element>()) {
                if let Some(wrap) = svg
                    .parent_element()
                    .and_then(|stack| stack.parent_element())
                {
                    if wrap.scroll_width() > wrap.client_width() {
                        let scale = svg.client_width() as f64 / scene_w;
                        let client = wrap.client_width() as f64;
                        wrap.set_scroll_left(source_scroll(cx * scale, client));
                    }
                }
            }
        });
    }
    let (w, h) = (num(s.width.max(1.0)), num(s.height.max(1.0)));
    let (sw, sh) = match p.size {
        Some((sw, sh)) => (num(sw.max(1.0)), num(sh.max(1.0))),
        None => (w.clone(), h.clone()),
    };
    // Yew builds raw markup inside an HTML <div>; wrapping the defs in their own <svg> makes the
    // browser parse them as SVG elements. A nested <svg> is valid SVG and its ids are global.
    let defs = Html::from_html_unchecked(AttrValue::from(format!(
        "<svg width=\"0\" height=\"0\" aria-hidden=\"true\" focusable=\"false\">{DEFS}</svg>"
    )));
    let layer = s.time.is_some() || p.moving;
    // A drawing pinned by the stylesheet's size is out of the flow: no sticky axis under it.
    let shown = match p.size {
        Some((sw, sh)) => Some((sw.max(1.0), sh.max(1.0))),
        None if !p.fit => Some((s.width.max(1.0), s.height.max(1.0))),
        None => None,
    };
    let layer_id =
        p.id.as_ref()
            .map(|id| AttrValue::from(format!("{id}-overlay")));
    html! {
        <div class="scene-stack">
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" id={p.id.clone()} class={ROOT_CLASS}
                ref={svg_ref} width={sw.clone()} height={sh.clone()} viewBox={format!("0 0 {w} {h}")} role="img"
                aria-label={s.title.clone()}>
                <title>{ s.title.clone() }</title>
                { defs }
                <style>{ STYLE }</style>
                <rect class="bg" x="0" y="0" width={w.clone()} height={h.clone()} />
                { for s.items.iter().map(item_html) }
            </svg>
            { shown.map(|shown| sticky_axis(s, shown)).unwrap_or_default() }
            // What the player moves every frame is painted on a layer of its own, over the
            // drawing (placed by the frames), so that a frame repaints only it.
            if layer {
                <canvas id={layer_id} class="scene-overlay" aria-hidden="true" width="0" height="0" />
            }
        </div>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::source_scroll;

    #[test]
    fn a_wide_drawing_opens_at_its_heading_while_its_source_is_in_sight() {
        // A 600 px box: the source at 300 or 450 px is in sight at the left edge.
        assert_eq!(source_scroll(300.0, 600.0), 0);
        assert_eq!(source_scroll(450.0, 600.0), 0);
        // Further right: scrolled to put it in the middle.
        assert_eq!(source_scroll(451.0, 600.0), 151);
        assert_eq!(source_scroll(900.0, 600.0), 600);
    }
}
