//! A graph drawn and edited with the mouse: the platform editor (paper 002) and the
//! many-source model's per-pair link matrix (paper 001) both use it.
//!
//! - click on empty space: a new node there (when [`GraphProps::on_add`] is given);
//! - drag a node and release it on another node: an edge between them ([`GraphProps::on_connect`]);
//!   release it on empty space: the node moves there ([`GraphProps::on_move`]);
//! - click a node or an edge: it is picked ([`GraphProps::on_pick`]); Delete or Backspace
//!   deletes what is picked ([`GraphProps::on_delete`]);
//! - click an edge's label: its value is edited in place ([`GraphProps::on_label`], then the
//!   field of [`GraphProps::editing`]: Enter commits, Esc cancels, leaving it commits).
//!
//! The component keeps only the drag in progress; everything else comes from its props.
//! Positions are in [0, 1]², left to right and top to bottom.

use hetcast_core::layout::links::Link;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, PointerEvent};
use yew::prelude::*;

/// The drawing's size in SVG units (the element scales to its box).
pub const W: f64 = 700.0;
/// Height in SVG units.
pub const H: f64 = 440.0;
const MARGIN: f64 = 30.0;
/// Radius of a node's circle.
pub const R: f64 = 20.0;

/// A node: its label, position in [0, 1]², and CSS classes (`source`, `target`, ...).
#[derive(Clone, Debug, PartialEq)]
pub struct GNode {
    /// Shown inside the node.
    pub label: String,
    /// Left to right.
    pub x: f64,
    /// Top to bottom.
    pub y: f64,
    /// Extra CSS classes.
    pub class: &'static str,
}

/// A directed edge and its label.
#[derive(Clone, Debug, PartialEq)]
pub struct GEdge {
    /// Sender.
    pub from: usize,
    /// Receiver.
    pub to: usize,
    /// Shown beside the edge (its cost or rate); click to edit.
    pub label: String,
}

/// What is picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GPick {
    /// A node.
    Node(usize),
    /// An edge.
    Edge(usize),
}

/// The label being typed in place: the edge, the text, the error if refused.
#[derive(Clone, Debug, PartialEq)]
pub struct Editing {
    /// The edge.
    pub edge: usize,
    /// The text as typed.
    pub text: String,
    /// Why the text is refused.
    pub error: Option<String>,
}

/// The graph and what to do on each gesture (a missing callback turns the gesture off).
#[derive(Properties, PartialEq)]
pub struct GraphProps {
    /// The element's id (ids inside are `{id}-node-{v}`, `{id}-edge-{e}`, `{id}-label-{e}`).
    pub id: AttrValue,
    /// Nodes.
    pub nodes: Vec<GNode>,
    /// Directed edges (a link both ways is drawn as two arrows side by side).
    pub edges: Vec<GEdge>,
    /// What is picked.
    #[prop_or_default]
    pub picked: Option<GPick>,
    /// The label being typed in place.
    #[prop_or_default]
    pub editing: Option<Editing>,
    /// Click on empty space at `(x, y)`.
    #[prop_or_default]
    pub on_add: Option<Callback<(f64, f64)>>,
    /// A node dropped on empty space: `(node, x, y)`.
    #[prop_or_default]
    pub on_move: Option<Callback<(usize, f64, f64)>>,
    /// A node dropped on another: `(from, to)`.
    #[prop_or_default]
    pub on_connect: Option<Callback<(usize, usize)>>,
    /// A node or an edge clicked.
    #[prop_or_default]
    pub on_pick: Option<Callback<Option<GPick>>>,
    /// Delete or Backspace with something picked.
    #[prop_or_default]
    pub on_delete: Option<Callback<()>>,
    /// An edge's label clicked.
    #[prop_or_default]
    pub on_label: Option<Callback<usize>>,
    /// The text typed in place.
    #[prop_or_default]
    pub on_type: Option<Callback<String>>,
    /// Enter (or the field left): commit the text typed in place.
    #[prop_or_default]
    pub on_commit: Option<Callback<()>>,
    /// Esc: leave the field unchanged.
    #[prop_or_default]
    pub on_cancel: Option<Callback<()>>,
    /// What the drawing is, for screen readers.
    pub aria_label: AttrValue,
}

/// Where a position in [0, 1]² is drawn.
pub fn to_svg(x: f64, y: f64) -> (f64, f64) {
    (
        MARGIN + x * (W - 2.0 * MARGIN),
        MARGIN + y * (H - 2.0 * MARGIN),
    )
}

/// The position in [0, 1]² of a point of the drawing.
pub fn from_svg(sx: f64, sy: f64) -> (f64, f64) {
    (
        ((sx - MARGIN) / (W - 2.0 * MARGIN)).clamp(0.0, 1.0),
        ((sy - MARGIN) / (H - 2.0 * MARGIN)).clamp(0.0, 1.0),
    )
}

/// The node whose circle holds the drawing's point `(sx, sy)`, the nearest if several.
pub fn node_at(nodes: &[GNode], sx: f64, sy: f64) -> Option<usize> {
    nodes
        .iter()
        .enumerate()
        .map(|(v, n)| {
            let (x, y) = to_svg(n.x, n.y);
            (v, (x - sx).hypot(y - sy))
        })
        .filter(|&(_, d)| d <= R + 4.0)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(v, _)| v)
}

/// Where an edge's arrow runs and its label sits: the two directions of a link side by side,
/// stopping short of the circles.
pub fn edge_geometry(nodes: &[GNode], e: &GEdge) -> ((f64, f64), (f64, f64), (f64, f64)) {
    let from = to_svg(nodes[e.from].x, nodes[e.from].y);
    let to = to_svg(nodes[e.to].x, nodes[e.to].y);
    let link = Link::new(from, to, 6.0, R + 3.0);
    (link.start, link.end, link.label(0.6, 3.2))
}

/// A drag in progress: the node, where the pointer is now (drawing units), and whether it
/// moved far enough to be a drag rather than a click.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    node: usize,
    at: (f64, f64),
    moved: bool,
    start: (f64, f64),
}

/// The drawing's point under a pointer event (`svg`: the drawing; Yew delegates events, so
/// the event's current target is not it).
fn point(svg: &NodeRef, e: &PointerEvent) -> Option<(f64, f64)> {
    let el: Element = svg.cast::<Element>()?;
    let r = el.get_bounding_client_rect();
    if r.width() <= 0.0 || r.height() <= 0.0 {
        return None;
    }
    // The SVG keeps its aspect ratio (xMidYMid meet): find the drawn box inside the element.
    let scale = (r.width() / W).min(r.height() / H);
    let (ox, oy) = (
        (r.width() - W * scale) / 2.0,
        (r.height() - H * scale) / 2.0,
    );
    Some((
        (e.client_x() as f64 - r.left() - ox) / scale,
        (e.client_y() as f64 - r.top() - oy) / scale,
    ))
}

/// Where the drag in progress lives: in a cell, not in state, because a quick click's
/// pointerup may come before the page is drawn again after its pointerdown, and must see the
/// drag all the same.
type DragCell = Rc<RefCell<Option<Drag>>>;

/// The graph editor (see the module documentation).
#[function_component(GraphCanvas)]
pub fn graph_canvas(p: &GraphProps) -> Html {
    let drag_cell: DragCell = use_mut_ref(|| None::<Drag>);
    let redraw = use_force_update();
    let svg = use_node_ref();
    let wrap = use_node_ref();
    let id = p.id.to_string();
    let on_down = down_callback(p, &drag_cell, &svg, &wrap, &redraw);
    let on_move_ptr = move_callback(&drag_cell, &svg, &redraw);
    let on_up = up_callback(p, &drag_cell, &svg, &redraw);
    let on_key = key_callback(p);

    let drag: Option<Drag> = *drag_cell.borrow();
    // The node a moved drag is over, when not its own: the drop target.
    let hot = drag.and_then(|d| {
        d.moved
            .then(|| node_at(&p.nodes, d.at.0, d.at.1))
            .flatten()
            .filter(|&v| v != d.node)
    });
    let edges = (0..p.edges.len()).map(|k| edge_html(p, &id, k));
    let nodes = (0..p.nodes.len()).map(|v| node_html(p, &id, v, drag, hot));
    let rubber = rubber_html(p, drag, hot);
    let editor = field_html(p, &id);
    use_focus_field(p.editing.as_ref().map(|e| e.edge), format!("{id}-cost"));
    html! {
        <div class="ged-wrap" ref={wrap} tabindex="0" onkeydown={on_key} id={format!("{id}-wrap")}>
            <svg ref={svg} id={id.clone()} class="ged" viewBox={format!("0 0 {W} {H}")} role="application"
                aria-label={p.aria_label.clone()}
                onpointerdown={on_down} onpointermove={on_move_ptr} onpointerup={on_up}>
                <defs>
                    <marker id={format!("{id}-arrow")} viewBox="0 0 10 10" refX="9" refY="5"
                        markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" class="ged-arrowhead" />
                    </marker>
                </defs>
                <rect class="ged-bg" x="0" y="0" width={W.to_string()} height={H.to_string()} />
                { for edges }
                { for rubber }
                { for nodes }
            </svg>
            { for editor }
        </div>
    }
}

/// Pointer down: the drawing takes the keys (Delete); on a node, a drag begins (the pointer
/// captured).
fn down_callback(
    p: &GraphProps,
    drag: &DragCell,
    svg: &NodeRef,
    wrap: &NodeRef,
    redraw: &UseForceUpdateHandle,
) -> Callback<PointerEvent> {
    let (drag, nodes, svg, wrap, redraw) = (
        drag.clone(),
        p.nodes.clone(),
        svg.clone(),
        wrap.clone(),
        redraw.clone(),
    );
    Callback::from(move |e: PointerEvent| {
        if e.button() != 0 {
            return;
        }
        if let Some(w) = wrap.cast::<web_sys::HtmlElement>() {
            let _ = w.focus();
        }
        let Some(at) = point(&svg, &e) else { return };
        if let Some(node) = node_at(&nodes, at.0, at.1) {
            if let Some(el) = svg.cast::<Element>() {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            e.prevent_default();
            *drag.borrow_mut() = Some(Drag {
                node,
                at,
                moved: false,
                start: at,
            });
            redraw.force_update();
        }
    })
}

/// Pointer move: the drag follows; past 6 units from its start it counts as moved.
fn move_callback(
    drag: &DragCell,
    svg: &NodeRef,
    redraw: &UseForceUpdateHandle,
) -> Callback<PointerEvent> {
    let (drag, svg, redraw) = (drag.clone(), svg.clone(), redraw.clone());
    Callback::from(move |e: PointerEvent| {
        let Some(d) = *drag.borrow() else { return };
        let Some(at) = point(&svg, &e) else { return };
        let moved = d.moved || (at.0 - d.start.0).hypot(at.1 - d.start.1) > 6.0;
        *drag.borrow_mut() = Some(Drag { at, moved, ..d });
        redraw.force_update();
    })
}

/// Pointer up: ends a drag ([`drop_node`]) or, with none, is a click on the background.
fn up_callback(
    p: &GraphProps,
    drag: &DragCell,
    svg: &NodeRef,
    redraw: &UseForceUpdateHandle,
) -> Callback<PointerEvent> {
    let (drag, svg, redraw) = (drag.clone(), svg.clone(), redraw.clone());
    let nodes = p.nodes.clone();
    let (on_add, on_move, on_connect, on_pick) = (
        p.on_add.clone(),
        p.on_move.clone(),
        p.on_connect.clone(),
        p.on_pick.clone(),
    );
    Callback::from(move |e: PointerEvent| {
        let Some(at) = point(&svg, &e) else { return };
        let taken = drag.borrow_mut().take();
        match taken {
            Some(d) => {
                redraw.force_update();
                drop_node(&nodes, d, at, &on_pick, &on_connect, &on_move);
            }
            None => {
                // A click on the background (edges and labels stop their own clicks).
                let on_background = e
                    .target()
                    .and_then(|t| t.dyn_into::<Element>().ok())
                    .and_then(|el| el.get_attribute("class"))
                    .is_some_and(|c| c.split(' ').any(|w| w == "ged-bg"));
                if !on_background {
                    return;
                }
                if let Some(cb) = &on_add {
                    let (x, y) = from_svg(at.0, at.1);
                    cb.emit((x, y));
                } else if let Some(cb) = &on_pick {
                    cb.emit(None);
                }
            }
        }
    })
}

/// The end of drag `d` at `at`: a click when it never moved (the node picked), an edge when
/// dropped on another node, a move when dropped on empty space.
fn drop_node(
    nodes: &[GNode],
    d: Drag,
    at: (f64, f64),
    on_pick: &Option<Callback<Option<GPick>>>,
    on_connect: &Option<Callback<(usize, usize)>>,
    on_move: &Option<Callback<(usize, f64, f64)>>,
) {
    if !d.moved {
        if let Some(cb) = on_pick {
            cb.emit(Some(GPick::Node(d.node)));
        }
        return;
    }
    match node_at(nodes, at.0, at.1).filter(|&v| v != d.node) {
        Some(to) => {
            if let Some(cb) = on_connect {
                cb.emit((d.node, to));
            }
        }
        None => {
            if let Some(cb) = on_move {
                let (x, y) = from_svg(at.0, at.1);
                cb.emit((d.node, x, y));
            }
        }
    }
}

/// Delete or Backspace with something picked: [`GraphProps::on_delete`].
fn key_callback(p: &GraphProps) -> Callback<KeyboardEvent> {
    let (on_delete, picked) = (p.on_delete.clone(), p.picked);
    Callback::from(move |e: KeyboardEvent| {
        if matches!(e.key().as_str(), "Delete" | "Backspace") && picked.is_some() {
            if let Some(cb) = &on_delete {
                e.prevent_default();
                cb.emit(());
            }
        }
    })
}

/// Edge `k`: its arrow (click: picked) and its label (click: edited).
fn edge_html(p: &GraphProps, id: &str, k: usize) -> Html {
    let e = &p.edges[k];
    let ((x1, y1), (x2, y2), (lx, ly)) = edge_geometry(&p.nodes, e);
    let picked = p.picked == Some(GPick::Edge(k));
    let pick = p.on_pick.clone().map(|cb| {
        Callback::from(move |ev: MouseEvent| {
            ev.stop_propagation();
            cb.emit(Some(GPick::Edge(k)))
        })
    });
    let label = p.on_label.clone().map(|cb| {
        Callback::from(move |ev: MouseEvent| {
            ev.stop_propagation();
            cb.emit(k)
        })
    });
    let w = (e.label.chars().count() as f64 * 9.5 + 12.0).max(26.0);
    html! {
        <g class={classes!("ged-edge", picked.then_some("picked"))} key={format!("e{k}")}>
            <line id={format!("{id}-edge-{k}")} x1={x1.to_string()} y1={y1.to_string()}
                x2={x2.to_string()} y2={y2.to_string()} marker-end={format!("url(#{id}-arrow)")}
                onclick={pick} />
            <g class="ged-label" id={format!("{id}-label-{k}")} onclick={label}
                data-edge={format!("{}-{}", e.from, e.to)}>
                <rect x={(lx - w / 2.0).to_string()} y={(ly - 13.0).to_string()}
                    width={w.to_string()} height="24" rx="5" />
                <text x={lx.to_string()} y={(ly + 5.0).to_string()} text-anchor="middle">{ e.label.clone() }</text>
            </g>
        </g>
    }
}

/// Node `v`, under the pointer while dragged over empty space; `hot` when it is the drop
/// target.
fn node_html(p: &GraphProps, id: &str, v: usize, drag: Option<Drag>, hot: Option<usize>) -> Html {
    let n = &p.nodes[v];
    let (mut x, mut y) = to_svg(n.x, n.y);
    let dragging = drag.is_some_and(|d| d.node == v && d.moved);
    if dragging && hot.is_none() {
        if let Some(d) = drag {
            (x, y) = d.at;
        }
    }
    let picked = p.picked == Some(GPick::Node(v));
    html! {
        <g key={format!("n{v}")} id={format!("{id}-node-{v}")}
            class={classes!("ged-node", n.class, picked.then_some("picked"), (hot == Some(v)).then_some("hot"), dragging.then_some("dragging"))}
            data-x={format!("{x:.1}")} data-y={format!("{y:.1}")}>
            <circle cx={x.to_string()} cy={y.to_string()} r={R.to_string()} />
            <text x={x.to_string()} y={(y + 6.0).to_string()} text-anchor="middle">{ n.label.clone() }</text>
        </g>
    }
}

/// While a node is dragged onto another (`hot`), the edge to be made.
fn rubber_html(p: &GraphProps, drag: Option<Drag>, hot: Option<usize>) -> Option<Html> {
    let d = drag?;
    let to = hot?;
    let (x1, y1) = to_svg(p.nodes[d.node].x, p.nodes[d.node].y);
    let (x2, y2) = to_svg(p.nodes[to].x, p.nodes[to].y);
    Some(html! {
        <line class="ged-rubber" x1={x1.to_string()} y1={y1.to_string()} x2={x2.to_string()} y2={y2.to_string()} />
    })
}

/// The field typed in place over the label of the edge being edited, with its error.
fn field_html(p: &GraphProps, id: &str) -> Option<Html> {
    let ed = p.editing.as_ref()?;
    let e = p.edges.get(ed.edge)?;
    let (_, _, (lx, ly)) = edge_geometry(&p.nodes, e);
    // Centred on the label, but kept inside the canvas (the field is 6.5rem x 2.2rem, see
    // `.ged-field`); its error opens towards the middle of the canvas.
    let style = format!(
        "left: clamp(0px, calc({:.2}% - 3.25rem), calc(100% - 6.5rem)); \
         top: clamp(0px, calc({:.2}% - 1.1rem), calc(100% - 2.2rem));",
        lx / W * 100.0,
        ly / H * 100.0
    );
    let side = if lx > W / 2.0 {
        "ged-field right"
    } else {
        "ged-field"
    };
    let oninput = p.on_type.clone().map(|cb| {
        Callback::from(move |ev: InputEvent| {
            if let Some(i) = ev.target_dyn_into::<HtmlInputElement>() {
                cb.emit(i.value());
            }
        })
    });
    let onkeydown = field_keys(p);
    let onblur = p
        .on_commit
        .clone()
        .map(|cb| Callback::from(move |_: FocusEvent| cb.emit(())));
    Some(html! {
        <div class={side} style={style}>
            <input id={format!("{id}-cost")} type="text" inputmode="decimal" value={ed.text.clone()}
                aria-label="value of the edge" autofocus=true
                aria-invalid={ed.error.is_some().then_some("true")}
                {oninput} {onkeydown} {onblur} />
            if let Some(err) = &ed.error {
                <span class="field-error" role="alert">{ err.clone() }</span>
            }
        </div>
    })
}

/// The keys of the field typed in place: Enter commits, Esc cancels.
fn field_keys(p: &GraphProps) -> Callback<KeyboardEvent> {
    let (commit, cancel) = (p.on_commit.clone(), p.on_cancel.clone());
    Callback::from(move |ev: KeyboardEvent| match ev.key().as_str() {
        "Enter" => {
            ev.prevent_default();
            if let Some(cb) = &commit {
                cb.emit(());
            }
        }
        "Escape" => {
            ev.prevent_default();
            ev.stop_propagation();
            if let Some(cb) = &cancel {
                cb.emit(());
            }
        }
        _ => {}
    })
}

/// The field typed in place (element id `field`) takes the focus, its text selected, when
/// `editing` (the edge edited) changes to some edge.
#[hook]
fn use_focus_field(editing: Option<usize>, field: String) {
    use_effect_with(editing, move |e| {
        if e.is_some() {
            if let Some(el) = gloo::utils::document()
                .get_element_by_id(&field)
                .and_then(|el| el.dyn_into::<HtmlInputElement>().ok())
            {
                let _ = el.focus();
                el.select();
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_go_to_the_drawing_and_back() {
        let (sx, sy) = to_svg(0.25, 0.75);
        assert_eq!(from_svg(sx, sy), (0.25, 0.75));
        let nodes = vec![
            GNode {
                label: "P0".into(),
                x: 0.0,
                y: 0.0,
                class: "",
            },
            GNode {
                label: "P1".into(),
                x: 1.0,
                y: 1.0,
                class: "",
            },
        ];
        assert_eq!(node_at(&nodes, MARGIN + 5.0, MARGIN), Some(0));
        assert_eq!(node_at(&nodes, W - MARGIN, H - MARGIN - 10.0), Some(1));
        assert_eq!(node_at(&nodes, W / 2.0, H / 2.0), None);
    }
}
