//! The many-source model's per-pair link matrix as a graph (paper 001): the nodes on a
//! circle, one arrow per ordered pair labelled with its rate X(i → j) in µs/byte; click a
//! label to type a new rate. Picking a node shows only its own arrows, so that 8 nodes'
//! 56 rates stay readable.

use yew::prelude::*;

use super::drafts::MultiField;
use super::MultiAction;
use crate::components::graph_canvas::{Editing, GEdge, GNode, GPick, GraphCanvas};
use crate::components::StateHandle;
use crate::models::field_error;
use crate::state::Action;

/// Props: the app state (the many-source model on screen) and the matrix's size.
#[derive(Properties, PartialEq)]
pub struct LinkGraphProps {
    /// The app state.
    pub state: StateHandle,
    /// The matrix as typed (n x n).
    pub matrix: Vec<Vec<String>>,
    /// Cell errors of the drafts.
    pub errors: Vec<(MultiField, String)>,
}

/// The ordered pairs drawn: every pair, or those of `focus`.
fn pairs(n: usize, focus: Option<usize>) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|i| (0..n).map(move |j| (i, j)))
        .filter(|&(i, j)| i != j && focus.is_none_or(|v| i == v || j == v))
        .collect()
}

/// The link matrix as a complete graph with editable rates.
#[function_component(LinkGraph)]
pub fn link_graph(p: &LinkGraphProps) -> Html {
    let n = p.matrix.len();
    let focus = use_state(|| None::<usize>);
    let editing = use_state(|| None::<(usize, String)>);
    let shown = pairs(n, (*focus).filter(|&v| v < n));
    let nodes: Vec<GNode> = (0..n)
        .map(|v| {
            let a =
                std::f64::consts::TAU * v as f64 / n.max(1) as f64 - std::f64::consts::FRAC_PI_2;
            GNode {
                label: format!("P{v}"),
                x: 0.5 + 0.42 * a.cos(),
                y: 0.5 + 0.45 * a.sin(),
                class: "",
            }
        })
        .collect();
    let edges: Vec<GEdge> = shown
        .iter()
        .map(|&(i, j)| GEdge {
            from: i,
            to: j,
            label: p.matrix[i][j].clone(),
        })
        .collect();
    let edit = (*editing).clone().and_then(|(k, text)| {
        let &(i, j) = shown.get(k)?;
        Some(Editing {
            edge: k,
            text,
            error: field_error(&p.errors, MultiField::Matrix(i, j)).map(str::to_string),
        })
    });
    let on_pick = {
        let focus = focus.clone();
        let editing = editing.clone();
        Callback::from(move |pk: Option<GPick>| {
            editing.set(None);
            focus.set(match pk {
                Some(GPick::Node(v)) if *focus != Some(v) => Some(v),
                _ => None,
            })
        })
    };
    let on_label = {
        let (editing, shown, matrix) = (editing.clone(), shown.clone(), p.matrix.clone());
        Callback::from(move |k: usize| {
            if let Some(&(i, j)) = shown.get(k) {
                editing.set(Some((k, matrix[i][j].clone())));
            }
        })
    };
    let on_type = {
        let editing = editing.clone();
        Callback::from(move |t: String| {
            if let Some((k, _)) = &*editing {
                editing.set(Some((*k, t)));
            }
        })
    };
    let on_commit = {
        let (editing, shown, s) = (editing.clone(), shown.clone(), p.state.clone());
        Callback::from(move |()| {
            if let Some((k, text)) = (*editing).clone() {
                if let Some(&(from, to)) = shown.get(k) {
                    s.dispatch(Action::from(MultiAction::EditMatrix { from, to, text }));
                }
                editing.set(None);
            }
        })
    };
    let on_cancel = {
        let editing = editing.clone();
        Callback::from(move |()| editing.set(None))
    };
    let picked = (*focus).map(GPick::Node);
    html! {
        <div class="link-graph" id="link-graph-wrap">
            <GraphCanvas id="link-graph" {nodes} {edges} {picked} editing={edit}
                aria_label="Per-pair rates: click a node to show only its links, click a rate to change it"
                on_pick={Some(on_pick)} on_label={Some(on_label)} on_type={Some(on_type)}
                on_commit={Some(on_commit)} on_cancel={Some(on_cancel)} />
            <p class="hint small">{"X(i → j) in µs/byte on each arrow. Click a node to see only its links; click a rate to change it (Enter keeps it, Esc drops it)."}</p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_ordered_pair_or_those_of_one_node() {
        assert_eq!(super::pairs(3, None).len(), 6);
        assert_eq!(super::pairs(3, Some(1)), [(0, 1), (1, 0), (1, 2), (2, 1)]);
    }
}
