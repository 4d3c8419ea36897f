//! The platform editor (paper 002): the graph drawn with the mouse ([`GraphCanvas`]), the
//! picked node's or edge's panel (name, source, target, cost, delete), the edge list as text,
//! kept in sync with the drawing, and the Tiers-like generator of section 7.

use hetcast_core::models::platform::APP_MAX_NODES;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use super::{Pick, PlatformAction, PlatformState};
use crate::components::editor::{draft_status, editor_head};
use crate::components::field::TextField;
use crate::components::graph_canvas::{Editing, GEdge, GNode, GPick, GraphCanvas};
use crate::components::{StateHandle, StateProps};
use crate::state::Action;

/// The canvas's nodes: label, position, and `source` / `target` classes.
pub fn canvas_nodes(p: &PlatformState) -> Vec<GNode> {
    let g = &p.drafts.graph;
    (0..g.nodes.len())
        .map(|v| {
            let (x, y) = g.position(v);
            GNode {
                label: g.name(v),
                x,
                y,
                class: if v == g.source {
                    "source"
                } else if g.targets.contains(&v) {
                    "target"
                } else {
                    ""
                },
            }
        })
        .collect()
}

/// The graph canvas's callbacks, made once (with the state's dispatcher, which never changes),
/// so that the canvas (1,300 elements at 65 nodes) is drawn again only when the graph, the pick
/// or the label being typed changes, not at every change of the app's state (a run's answer).
struct CanvasCallbacks {
    on_add: Option<Callback<(f64, f64)>>,
    on_move: Option<Callback<(usize, f64, f64)>>,
    on_connect: Option<Callback<(usize, usize)>>,
    on_pick: Option<Callback<Option<GPick>>>,
    on_delete: Option<Callback<()>>,
    on_label: Option<Callback<usize>>,
    on_type: Option<Callback<String>>,
    on_commit: Option<Callback<()>>,
    on_cancel: Option<Callback<()>>,
}

impl CanvasCallbacks {
    fn new(d: UseReducerDispatcher<crate::state::AppState>) -> CanvasCallbacks {
        fn with<T: 'static>(
            d: &UseReducerDispatcher<crate::state::AppState>,
            f: fn(T) -> PlatformAction,
        ) -> Option<Callback<T>> {
            let d = d.clone();
            Some(Callback::from(move |x| d.dispatch(Action::from(f(x)))))
        }
        CanvasCallbacks {
            on_add: with(&d, |(x, y)| PlatformAction::AddNode { x, y }),
            on_move: with(&d, |(node, x, y)| PlatformAction::MoveNode { node, x, y }),
            on_connect: with(&d, |(from, to)| PlatformAction::Connect { from, to }),
            on_pick: with(&d, |p: Option<GPick>| {
                PlatformAction::Pick(match p {
                    None => Pick::None,
                    Some(GPick::Node(v)) => Pick::Node(v),
                    Some(GPick::Edge(e)) => Pick::Edge(e),
                })
            }),
            on_delete: with(&d, |()| PlatformAction::DeleteSelected),
            on_label: with(&d, PlatformAction::EditCost),
            on_type: with(&d, PlatformAction::TypeCost),
            on_commit: with(&d, |()| PlatformAction::CommitCost),
            on_cancel: with(&d, |()| PlatformAction::CancelCost),
        }
    }
}

fn dispatcher(state: &StateHandle) -> impl Fn(PlatformAction) + Clone {
    let s = state.clone();
    move |a: PlatformAction| s.dispatch(Action::from(a))
}

/// The editor of the platform on screen.
#[function_component(PlatformEditor)]
pub fn platform_editor(p: &StateProps) -> Html {
    let state = &p.state;
    let cb = {
        let dispatcher = state.dispatcher();
        use_memo((), move |_| CanvasCallbacks::new(dispatcher))
    };
    let Some(ps) = state.model.get::<super::PlatformState>() else {
        return html! {};
    };
    let d = &ps.drafts;
    let g = &d.graph;
    let go = dispatcher(state);
    let edges: Vec<GEdge> = g
        .edges
        .iter()
        .map(|e| GEdge {
            from: e.from,
            to: e.to,
            label: hetcast_core::units::fmt_t(e.cost),
        })
        .collect();
    let picked = match ps.pick {
        Pick::None => None,
        Pick::Node(v) => Some(GPick::Node(v)),
        Pick::Edge(e) => Some(GPick::Edge(e)),
    };
    let editing = d.cost_edit.as_ref().map(|(edge, text)| Editing {
        edge: *edge,
        text: text.clone(),
        error: d.cost_error.clone(),
    });
    let canvas = html! {
        <GraphCanvas id="platform-graph" nodes={canvas_nodes(ps)} {edges} {picked} {editing}
            aria_label="The platform: click to add a node, drag a node onto another to connect them, drag it elsewhere to move it, click a cost to change it, Delete removes what is picked"
            on_add={cb.on_add.clone()} on_move={cb.on_move.clone()} on_connect={cb.on_connect.clone()}
            on_pick={cb.on_pick.clone()} on_delete={cb.on_delete.clone()} on_label={cb.on_label.clone()}
            on_type={cb.on_type.clone()} on_commit={cb.on_commit.clone()} on_cancel={cb.on_cancel.clone()} />
    };
    let click = |a: PlatformAction| {
        let go = go.clone();
        Callback::from(move |_: MouseEvent| go(a.clone()))
    };
    let picked_panel = match ps.pick {
        Pick::Node(v) if v < g.nodes.len() => {
            let is_source = v == g.source;
            let is_target = g.targets.contains(&v);
            let rename = {
                let go = go.clone();
                Callback::from(move |t: String| go(PlatformAction::Rename(v, t)))
            };
            html! {
                <div class="ged-picked" id="picked-node">
                    <label for="node-name">{ format!("Node {v}") }</label>
                    <TextField id="node-name" value={g.nodes[v].name.clone()} oninput={rename}
                        inputmode="text" aria_label={format!("name of node {v}")} />
                    <button id="make-source" disabled={is_source} onclick={click(PlatformAction::SetSource(v))}
                        title="The source holds the message">{ if is_source { "Source" } else { "Make source" } }</button>
                    <label class="check">
                        <input type="checkbox" id="is-target" checked={is_target} disabled={is_source}
                            onclick={click(PlatformAction::ToggleTarget(v))} />
                        {" target"}
                    </label>
                    <button id="delete-node" onclick={click(PlatformAction::DeleteNode(v))}
                        title="Delete the node and its edges (key Delete in the drawing)">{"Delete"}</button>
                </div>
            }
        }
        Pick::Edge(e) if e < g.edges.len() => {
            let edge = g.edges[e];
            html! {
                <div class="ged-picked" id="picked-edge">
                    <span>{ format!("{} → {}: cost {}", g.name(edge.from), g.name(edge.to), hetcast_core::units::fmt_t(edge.cost)) }</span>
                    <button id="edit-cost" onclick={click(PlatformAction::EditCost(e))}>{"Change cost"}</button>
                    <button id="delete-edge" onclick={click(PlatformAction::DeleteEdge(e))}
                        title="Delete this direction (key Delete in the drawing)">{"Delete"}</button>
                </div>
            }
        }
        _ => html! {
            <p class="hint ged-hint">{"Click empty space to add a node; drag a node onto another to connect them (both ways unless one-way); drag it elsewhere to move it; click a node to make it the source or a target; click a cost to change it."}</p>
        },
    };
    let one_way = {
        let go = go.clone();
        let now = ps.one_way;
        Callback::from(move |_: MouseEvent| go(PlatformAction::SetOneWay(!now)))
    };
    let on_text = {
        let go = go.clone();
        Callback::from(move |e: InputEvent| {
            let t: HtmlTextAreaElement = e.target_unchecked_into();
            go(PlatformAction::TypeEdges(t.value()))
        })
    };
    let on_text_done = {
        let go = go.clone();
        Callback::from(move |_: Event| go(PlatformAction::CommitEdges))
    };
    let targets: Vec<String> = g.targets.iter().map(|&t| g.name(t)).collect();
    html! {
        <section class="panel editor platform-editor" aria-labelledby="editor-h">
            { editor_head(state) }
            <p class="summary" id="instance-summary">
                { format!("{}, platform model (one-port, steady state). Source {}; targets {}.",
                    super::words(g), g.name(g.source),
                    if targets.is_empty() { "none yet".to_string() } else { targets.join(", ") }) }
            </p>
            { canvas }
            <div class="ged-tools">
                <button id="clear-platform" onclick={click(PlatformAction::Clear)}
                    title="Start a new drawing from the source alone (Undo brings the platform back)">{"New drawing"}</button>
                <button id="tidy-platform" onclick={click(PlatformAction::Tidy)}
                    title="Lay the drawing out again: links of one length, no two labels on each other (Undo brings your positions back)">{"Tidy"}</button>
                <label class="check" title="Connecting adds one direction only">
                    <input type="checkbox" id="one-way" checked={ps.one_way} onclick={one_way} />
                    {" one-way edges"}
                </label>
                <span class="ged-legend">{"■ source  ◉ target"}</span>
            </div>
            if d.incomplete {
                <p class="hint" id="draw-hint">{"Draw nodes, connect them and mark a target (no target yet; the algorithms keep the last platform)."}</p>
            }
            { picked_panel }
            { draft_status(d.general.as_deref(), d.fields_ok()) }
            <details class="ged-text" open=true>
                <summary>{"Edges as text"}</summary>
                <label for="platform-edges" class="hint">{"One directed edge per line: from to cost (0 1 2.5). Read when you leave the box; the drawing and this list stay in sync."}</label>
                <textarea id="platform-edges" rows="6" spellcheck="false" value={d.edge_text.clone()}
                    aria-invalid={d.text_error.is_some().then_some("true")}
                    oninput={on_text} onchange={on_text_done}></textarea>
                if let Some(e) = &d.text_error {
                    <p class="field-error" role="alert" id="platform-edges-error">{"⚠ "}{ e.clone() }</p>
                }
            </details>
        </section>
    }
}

/// The Tiers-like generator (section 7): nodes, target density, seed.
#[function_component(PlatformGenerator)]
pub fn platform_generator(p: &StateProps) -> Html {
    let state = &p.state;
    let nodes = use_state(|| "30".to_string());
    let density = use_state(|| "20".to_string());
    let seed = use_state(|| "1".to_string());
    let error = use_state(|| None::<String>);
    let set = |h: &UseStateHandle<String>| {
        let h = h.clone();
        Callback::from(move |t: String| h.set(t))
    };
    let generate = {
        let (s, nodes, density, seed, error) = (
            state.clone(),
            nodes.clone(),
            density.clone(),
            seed.clone(),
            error.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let n = nodes
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|n| (4..=APP_MAX_NODES).contains(n));
            let d = density
                .trim()
                .trim_end_matches('%')
                .parse::<f64>()
                .ok()
                .filter(|d| (1.0..=100.0).contains(d));
            let sd = seed.trim().parse::<u64>().ok();
            match (n, d, sd) {
                (Some(nodes), Some(d), Some(seed)) => {
                    error.set(None);
                    s.dispatch(
                        PlatformAction::Generate {
                            nodes,
                            density: d / 100.0,
                            seed,
                        }
                        .into(),
                    );
                }
                (None, _, _) => error.set(Some(format!(
                    "nodes: a whole number from 4 to {APP_MAX_NODES} (got {:.20})",
                    nodes.trim()
                ))),
                (_, None, _) => error.set(Some(format!(
                    "target density: a percentage from 1 to 100 (got {:.20})",
                    density.trim()
                ))),
                (_, _, None) => error.set(Some(format!(
                    "seed: a whole number from 0 (got {:.20})",
                    seed.trim()
                ))),
            }
        })
    };
    html! {
        <details class="panel generators" id="platform-generator">
            <summary><h2>{"Generate a platform"}</h2></summary>
            <p class="hint">{"Tiers-like, as in section 7: a WAN core, MAN rings and LANs, costs by level; targets drawn among the LAN nodes."}</p>
            <div class="row">
                <label for="gen-nodes">{"Nodes"}</label>
                <TextField id="gen-nodes" value={(*nodes).clone()} oninput={set(&nodes)} inputmode="numeric" class={classes!("num")} />
                <label for="gen-density">{"Targets %"}</label>
                <TextField id="gen-density" value={(*density).clone()} oninput={set(&density)} inputmode="decimal" class={classes!("num")} />
                <label for="gen-seed">{"Seed"}</label>
                <TextField id="gen-seed" value={(*seed).clone()} oninput={set(&seed)} inputmode="numeric" class={classes!("num")} />
            </div>
            if let Some(e) = &*error {
                <p class="field-error" role="alert" id="gen-error">{"⚠ "}{ e.clone() }</p>
            }
            <button id="generate-platform" onclick={generate}>{"Generate"}</button>
        </details>
    }
}
