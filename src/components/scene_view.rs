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
        } => html! {
            <line id={opt_id(id)} class={class.clone()} x1={num(*x1)} y1={num(*y1)} x2={num(*x2)} y2={num(*y2)}
                marker-end={arrow.then_some(ARROW_MARKER)} />
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

/// Inline SVG of a scene (see the module documentation).
#[function_component(SceneView)]
pub fn scene_view(p: &SceneViewProps) -> Html {
    let s = &p.scene;
    let (w, h) = (num(s.width.max(1.0)), num(s.height.max(1.0)));
    // Yew builds raw markup inside an HTML <div>; wrapping the defs in their own <svg> makes the
    // browser parse them as SVG elements. A nested <svg> is valid SVG and its ids are global.
    let defs = Html::from_html_unchecked(AttrValue::from(format!(
        "<svg width=\"0\" height=\"0\" aria-hidden=\"true\" focusable=\"false\">{DEFS}</svg>"
    )));
    html! {
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" id={p.id.clone()} class={ROOT_CLASS}
            width={w.clone()} height={h.clone()} viewBox={format!("0 0 {w} {h}")} role="img"
            aria-label={s.title.clone()}>
            <title>{ s.title.clone() }</title>
            { defs }
            <style>{ STYLE }</style>
            <rect class="bg" x="0" y="0" width={w.clone()} height={h.clone()} />
            { for s.items.iter().map(item_html) }
        </svg>
    }
}
