//! The overview strip under a Gantt chart: the whole schedule, small, and a brush over the time
//! window the chart shows. Dragging on the strip selects a window (the chart zooms to it);
//! dragging the brush moves the window (the chart scrolls); a click centres the window there.
//! The brush follows the chart: zoom by keys ( and ) or Ctrl + wheel, scroll or pan by drag.
//!
//! The window is read from the chart on screen (its scroll box and its [`TimeFrame`]), never
//! kept apart from it, so the strip and the chart cannot disagree.

use std::cell::Cell;
use std::rc::Rc;

use hetcast_core::layout::{Item, Scene, TimeFrame};
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent};
use yew::prelude::*;

use super::frames::{key_of, Key};

/// Width of the strip's drawing in its own units (it is stretched to the strip).
const STRIP_W: f64 = 1000.0;
/// Height of the strip's drawing in its own units.
const STRIP_H: f64 = 100.0;
/// Room above and below the lanes in the strip, in its units.
const STRIP_PAD: f64 = 10.0;
/// How long after a zoom by the brush the chart is scrolled to the window chosen, as it is
/// laid out again (ms).
const SETTLE_MS: f64 = 1500.0;

/// Props of [`Overview`].
#[derive(Properties, PartialEq, Clone)]
pub struct OverviewProps {
    /// The Gantt chart's scene (with its time frame).
    pub scene: Rc<Scene>,
    /// Id of the chart's `<svg>`.
    pub svg_id: AttrValue,
    /// The chart's zoom now (1 when fitted) and the width (px) of the panel it is laid out
    /// for at zoom 1 ([`crate::views::ViewLook`]).
    pub zoom: f64,
    /// The panel's width (px).
    pub panel_w: f64,
    /// Zoom the chart by this factor (the app's zoom: the chart leaves fit mode).
    pub on_zoom: Callback<f64>,
}

/// The zoom at which the window `[a, b]` of a chart's time axis (running to `t_max`) fills a
/// scroll box `view_w` px wide: a chart at zoom `z` is laid out `panel_w * z` wide (less the
/// panel's 8 px, see [`crate::views::gantt_width`]), of which `margins` (lane labels,
/// legend room) are not the axis.
pub fn zoom_for(a: f64, b: f64, t_max: f64, view_w: f64, panel_w: f64, margins: f64) -> f64 {
    if b <= a || panel_w <= 0.0 {
        return 1.0;
    }
    (view_w * t_max / (b - a) + 8.0 + margins) / panel_w
}

/// The time window `[from, to]` (within `[0, t_max]`) that the chart in `svg` shows of its
/// time frame `tf` (its scene `scene_w` wide): what its scroll box shows of its time axis.
pub fn shown_window(svg: &Element, tf: &TimeFrame, scene_w: f64) -> Option<(f64, f64)> {
    let (_, left, right) = chart_px(svg, tf, scene_w)?;
    let wrap = svg.closest(".scene-wrap").ok()??;
    let view_left = wrap.scroll_left() as f64;
    let view_right = view_left + wrap.client_width() as f64;
    let t_of = |px: f64| ((px - left) / (right - left)).clamp(0.0, 1.0) * tf.t_max;
    Some((t_of(view_left), t_of(view_right)))
}

/// The chart's scale (px per scene unit) and where its time axis runs (px from the left of
/// its scroll box's content).
fn chart_px(svg: &Element, tf: &TimeFrame, scene_w: f64) -> Option<(f64, f64, f64)> {
    let w = svg.get_bounding_client_rect().width();
    if w <= 0.0 || scene_w <= 0.0 || tf.right <= tf.left || tf.t_max <= 0.0 {
        return None;
    }
    let scale = w / scene_w;
    // The `<svg>` sits at the left of its stack, which may be centred in the scroll box.
    let offset = svg
        .closest(".scene-wrap")
        .ok()
        .flatten()
        .map(|wrap| {
            svg.get_bounding_client_rect().left() - wrap.get_bounding_client_rect().left()
                + wrap.scroll_left() as f64
        })
        .unwrap_or(0.0);
    Some((scale, offset + tf.left * scale, offset + tf.right * scale))
}

/// Scroll the chart in `svg` so that its window starts at time `from`.
fn scroll_to(svg: &Element, tf: &TimeFrame, scene_w: f64, from: f64) {
    let Some((_, left, right)) = chart_px(svg, tf, scene_w) else {
        return;
    };
    if let Some(wrap) = svg.closest(".scene-wrap").ok().flatten() {
        let x = left + from / tf.t_max * (right - left);
        wrap.set_scroll_left(x.round() as i32);
    }
}

/// The bars of the chart, small: each transfer's rectangle mapped into the strip.
fn strip_bars(scene: &Scene, tf: &TimeFrame) -> Html {
    let (w, h) = (tf.right - tf.left, (tf.bottom - tf.top).max(1.0));
    let lanes_h = STRIP_H - 2.0 * STRIP_PAD;
    let bars = scene.items.iter().filter_map(|i| match i {
        Item::Rect {
            x, y, w: bw, h: bh, id, ..
        } if matches!(key_of(id, None), Some(Key::Edge(..))) => Some(html! {
            <rect x={format!("{:.1}", (x - tf.left) / w * STRIP_W)} y={format!("{:.1}", STRIP_PAD + (y - tf.top) / h * lanes_h)}
                width={format!("{:.1}", (bw / w * STRIP_W).max(0.5))} height={format!("{:.1}", (bh / h * lanes_h).max(0.5))} />
        }),
        _ => None,
    });
    html! { <g class="ov-bars">{ for bars }</g> }
}

/// What a drag on the strip does.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Drag {
    /// Select a window from this time.
    Select(f64),
    /// Move the window: the pointer's x and the chart's scroll when it began.
    Pan(f64, i32),
}

/// The chart the strip shows: its `<svg>`'s id, its time frame and its scene's width.
#[derive(Clone)]
struct Chart {
    svg_id: AttrValue,
    tf: TimeFrame,
    scene_w: f64,
}

impl Chart {
    /// The chart's `<svg>` on the page.
    fn svg(&self) -> Option<Element> {
        gloo::utils::document().get_element_by_id(&self.svg_id)
    }

    /// The chart's scroll box.
    fn wrap(&self) -> Option<Element> {
        self.svg()?.closest(".scene-wrap").ok().flatten()
    }
}

/// The time under the pointer of `e` on the strip `strip`.
fn t_at(strip: &NodeRef, tf: &TimeFrame, e: &PointerEvent) -> Option<f64> {
    let el = strip.cast::<Element>()?;
    let r = el.get_bounding_client_rect();
    (r.width() > 0.0)
        .then(|| ((e.client_x() as f64 - r.left()) / r.width()).clamp(0.0, 1.0) * tf.t_max)
}

/// What the strip keeps between events: the window shown (fractions of the time axis), the
/// window being selected, the drag going on, and, after a zoom by the brush, the window's
/// start to scroll to as the chart is laid out again (it may be more than once: its panel
/// gets scroll bars), until a deadline (ms).
#[derive(Clone)]
struct Strip {
    chart: Chart,
    node: NodeRef,
    window: UseStateHandle<(f64, f64)>,
    selecting: UseStateHandle<Option<(f64, f64)>>,
    drag: Rc<Cell<Option<Drag>>>,
    pending: Rc<Cell<Option<(f64, f64)>>>,
}

/// The strip's state (see [`Strip`]) for the chart `p` names.
#[hook]
fn use_strip(p: &OverviewProps) -> Strip {
    // (Without a time frame nothing is drawn; the hooks still run, in the same order.)
    let tf = p.scene.time.unwrap_or(TimeFrame {
        left: 0.0,
        right: 1.0,
        t_max: 0.0,
        top: 0.0,
        bottom: 1.0,
    });
    Strip {
        chart: Chart {
            svg_id: p.svg_id.clone(),
            tf,
            scene_w: p.scene.width.max(1.0),
        },
        node: use_node_ref(),
        window: use_state(|| (0.0, 1.0)),
        selecting: use_state(|| None::<(f64, f64)>),
        drag: use_memo((), |_| Cell::new(None)),
        pending: use_memo((), |_| Cell::new(None)),
    }
}

/// Follow the chart: after each layout of `scene` (and a zoom by the brush: scroll to its
/// window), and as it scrolls.
#[hook]
fn use_follow_chart(st: &Strip, scene: &Rc<Scene>) {
    let st = st.clone();
    use_effect_with(scene.clone(), move |_| {
        let Chart { tf, scene_w, .. } = st.chart.clone();
        let read = {
            let (window, chart) = (st.window.clone(), st.chart.clone());
            move || {
                if let Some((a, b)) = chart.svg().and_then(|s| shown_window(&s, &tf, scene_w)) {
                    let f = (a / tf.t_max, b / tf.t_max);
                    if f != *window {
                        window.set(f);
                    }
                }
            }
        };
        // Once every effect of this render has run (the drawing is sized: see
        // `SceneView`'s `pin_size`).
        let settle = {
            let (chart, pending, read) = (st.chart.clone(), st.pending.clone(), read.clone());
            gloo::timers::callback::Timeout::new(0, move || {
                match (pending.get(), chart.svg()) {
                    (Some((from, until)), Some(s)) if js_sys::Date::now() < until => {
                        scroll_to(&s, &tf, scene_w, from)
                    }
                    _ => pending.set(None),
                }
                read();
            })
        };
        let listener = st
            .chart
            .wrap()
            .map(|wrap| gloo::events::EventListener::new(&wrap, "scroll", move |_| read()));
        move || drop((listener, settle))
    });
}

/// Pointer down: on the brush, a drag that moves the window; elsewhere, one that selects.
fn on_down(st: &Strip) -> Callback<PointerEvent> {
    let st = st.clone();
    Callback::from(move |e: PointerEvent| {
        let tf = st.chart.tf;
        let Some(t) = t_at(&st.node, &tf, &e) else {
            return;
        };
        e.prevent_default();
        if let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) {
            let _ = target.set_pointer_capture(e.pointer_id());
        }
        let f = t / tf.t_max;
        let window = *st.window;
        let on_brush = f >= window.0 && f <= window.1 && window.1 - window.0 < 0.999;
        let scroll = st.chart.wrap().map_or(0, |w| w.scroll_left());
        st.drag.set(Some(if on_brush {
            Drag::Pan(e.client_x() as f64, scroll)
        } else {
            Drag::Select(t)
        }));
    })
}

/// Pointer moves: the selection grows, or the chart scrolls with the brush.
fn on_move(st: &Strip) -> Callback<PointerEvent> {
    let st = st.clone();
    Callback::from(move |e: PointerEvent| {
        let Chart { tf, scene_w, .. } = st.chart.clone();
        match st.drag.get() {
            Some(Drag::Select(t0)) => {
                if let Some(t) = t_at(&st.node, &tf, &e) {
                    st.selecting.set(Some((t0.min(t), t0.max(t))));
                }
            }
            Some(Drag::Pan(x0, scroll0)) => {
                let (Some(s), Some(el)) = (st.chart.svg(), st.node.cast::<Element>()) else {
                    return;
                };
                let Some((_, left, right)) = chart_px(&s, &tf, scene_w) else {
                    return;
                };
                let strip_w = el.get_bounding_client_rect().width().max(1.0);
                let dx = (e.client_x() as f64 - x0) / strip_w * (right - left);
                if let Some(wrap) = s.closest(".scene-wrap").ok().flatten() {
                    wrap.set_scroll_left(scroll0 + dx.round() as i32);
                }
            }
            None => {}
        }
    })
}

/// Pointer up: a selection zooms the chart to it; a click centres the window there.
fn on_up(st: &Strip, p: &OverviewProps) -> Callback<PointerEvent> {
    let (st, on_zoom) = (st.clone(), p.on_zoom.clone());
    let (zoom, panel_w) = (p.zoom, p.panel_w);
    Callback::from(move |e: PointerEvent| {
        let Chart { tf, scene_w, .. } = st.chart.clone();
        let Some(Drag::Select(t0)) = st.drag.take() else {
            st.selecting.set(None);
            return;
        };
        st.selecting.set(None);
        let Some(t1) = t_at(&st.node, &tf, &e) else {
            return;
        };
        let (a, b) = (t0.min(t1), t0.max(t1));
        let span = (st.window.1 - st.window.0) * tf.t_max;
        if b - a >= 0.01 * tf.t_max {
            // Zoom so that [a, b] fills the view, then scroll to a.
            let view_w = st.chart.wrap().map_or(panel_w, |w| w.client_width() as f64);
            let z = zoom_for(
                a,
                b,
                tf.t_max,
                view_w,
                panel_w,
                scene_w - (tf.right - tf.left),
            );
            st.pending.set(Some((a, js_sys::Date::now() + SETTLE_MS)));
            on_zoom.emit(z / zoom.max(1e-9));
        } else if let Some(s) = st.chart.svg() {
            // A click: the window, its width kept, centred there.
            scroll_to(&s, &tf, scene_w, (a - span / 2.0).max(0.0));
        }
    })
}

/// The overview strip (see the module documentation).
#[function_component(Overview)]
pub fn overview(p: &OverviewProps) -> Html {
    let st = use_strip(p);
    use_follow_chart(&st, &p.scene);
    if p.scene.time.is_none() {
        return html! {};
    }
    let tf = st.chart.tf;
    let pct = |f: f64| format!("{:.3}", f * STRIP_W);
    let (w0, w1) = *st.window;
    let sel = st.selecting.map(|(a, b)| {
        html! { <rect class="ov-select" x={pct(a / tf.t_max)} y="0" width={pct((b - a) / tf.t_max)} height={STRIP_H.to_string()} /> }
    });
    let up = on_up(&st, p);
    html! {
        <div class="overview" id="overview" ref={st.node.clone()} role="slider" aria-label="Time window of the Gantt chart"
            aria-valuetext={format!("{:.4} to {:.4}", w0 * tf.t_max, w1 * tf.t_max)}
            data-from={format!("{}", w0 * tf.t_max)} data-to={format!("{}", w1 * tf.t_max)}
            title="The whole schedule: drag to zoom the chart to a time window, drag the window to move it, click to centre it"
            onpointerdown={on_down(&st)} onpointermove={on_move(&st)} onpointerup={up.clone()} onpointercancel={up}>
            <svg viewBox={format!("0 0 {STRIP_W} {STRIP_H}")} preserveAspectRatio="none" aria-hidden="true">
                { strip_bars(&p.scene, &tf) }
                <rect id="overview-brush" class="ov-brush" x={pct(w0)} y="0" width={pct((w1 - w0).max(0.0))} height={STRIP_H.to_string()} />
                { sel.unwrap_or_default() }
            </svg>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_of_a_third_of_the_axis_is_three_times_the_view_wide() {
        // A panel 800 px wide, all of it the scroll box, 100 px of margins.
        let z = zoom_for(2.0, 5.0, 9.0, 800.0, 800.0, 100.0);
        let axis = 800.0 * z - 8.0 - 100.0;
        assert!((axis * 3.0 / 9.0 - 800.0).abs() < 1e-9);
        assert_eq!(zoom_for(5.0, 5.0, 9.0, 800.0, 800.0, 100.0), 1.0);
    }
}
