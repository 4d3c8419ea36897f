//! The platform editor's changes to the drawn graph (nodes, edges, costs, source, targets,
//! the edge list, the generator): each action edits a copy of the graph, which the reducer
//! ([`PlatformState::apply`]) then commits when it is valid.

use hetcast_core::models::platform::generate::{tiers, TiersSpec};
use hetcast_core::models::platform::{PlatformEdge, PlatformInstance, PlatformNode};

use super::drafts::{parse_edge_list, with_edges};
use super::{Pick, PlatformAction, PlatformState, APP_MAX_NODES};
use crate::models::Reply;
use crate::state::Notice;

impl PlatformState {
    /// Apply the editing `action` to `g`, the drawn graph: `Some(reply)` when it is answered
    /// here (nothing to commit), `None` when `g` is to be committed.
    pub(super) fn edit(
        &mut self,
        action: PlatformAction,
        g: &mut PlatformInstance,
    ) -> Option<Reply> {
        use PlatformAction as A;
        match action {
            A::Clear => {
                *g = source_only();
                self.pick = Pick::None;
            }
            A::Tidy => {
                *g = hetcast_core::models::platform::view::tidy(g);
            }
            A::AddNode { x, y } => {
                if g.nodes.len() >= APP_MAX_NODES {
                    return Some(Reply::say(Notice::error(format!(
                        "The app draws at most {APP_MAX_NODES} nodes (the command line takes more)."
                    ))));
                }
                g.nodes.push(PlatformNode {
                    name: format!("P{}", g.nodes.len()),
                    x: Some(clamp01(x)),
                    y: Some(clamp01(y)),
                });
                self.pick = Pick::Node(g.nodes.len() - 1);
            }
            A::MoveNode { node, x, y } => {
                let Some(n) = g.nodes.get_mut(node) else {
                    return Some(Reply::default());
                };
                n.x = Some(clamp01(x));
                n.y = Some(clamp01(y));
            }
            A::Connect { from, to } => return self.connect(from, to, g),
            A::DeleteSelected => match self.pick {
                Pick::Node(v) => return Some(self.apply(A::DeleteNode(v))),
                Pick::Edge(e) => return Some(self.apply(A::DeleteEdge(e))),
                Pick::None => return Some(Reply::default()),
            },
            A::DeleteNode(v) => return self.delete_node(v, g),
            A::DeleteEdge(e) => {
                if e >= g.edges.len() {
                    return Some(Reply::default());
                }
                g.edges.remove(e);
                self.pick = Pick::None;
            }
            A::SetSource(v) => {
                if v >= g.nodes.len() {
                    return Some(Reply::default());
                }
                g.source = v;
                g.targets.retain(|&t| t != v);
            }
            A::ToggleTarget(v) => {
                if v >= g.nodes.len() || v == g.source {
                    return Some(Reply::default());
                }
                match g.targets.iter().position(|&t| t == v) {
                    Some(k) => {
                        g.targets.remove(k);
                    }
                    None => {
                        g.targets.push(v);
                        g.targets.sort_unstable();
                    }
                }
            }
            A::Rename(v, name) => match g.nodes.get_mut(v) {
                Some(n) => n.name = name,
                None => return Some(Reply::default()),
            },
            A::Pick(p) => {
                self.pick = p;
                return Some(Reply::default());
            }
            A::SetOneWay(b) => {
                self.one_way = b;
                return Some(Reply::default());
            }
            typed @ (A::EditCost(_)
            | A::TypeCost(_)
            | A::CancelCost
            | A::CommitCost
            | A::TypeEdges(_)
            | A::CommitEdges
            | A::Generate { .. }) => return self.edit_typed(typed, g),
            // Runs are applied by `PlatformState::apply`, never handed over here.
            A::Run(_) | A::Cancel | A::Worker { .. } | A::Select(_) => {
                return Some(Reply::default())
            }
        }
        None
    }

    /// `edit`'s [`PlatformAction::Connect`]: the edge `from → to` (and `to → from` unless
    /// one-way) at cost 1 where missing, the edge `from → to` picked; `None` when an edge was
    /// added (`g` to be committed), a note when both were there already.
    fn connect(&mut self, from: usize, to: usize, g: &mut PlatformInstance) -> Option<Reply> {
        if from == to || from >= g.nodes.len() || to >= g.nodes.len() {
            return Some(Reply::default());
        }
        let mut added = 0;
        let ways: &[(usize, usize)] = if self.one_way {
            &[(from, to)]
        } else {
            &[(from, to), (to, from)]
        };
        for &(a, b) in ways {
            if !g.edges.iter().any(|e| e.from == a && e.to == b) {
                g.edges.push(PlatformEdge {
                    from: a,
                    to: b,
                    cost: 1.0,
                });
                added += 1;
            }
        }
        if let Some(e) = g.edges.iter().position(|e| e.from == from && e.to == to) {
            self.pick = Pick::Edge(e);
        }
        if added == 0 {
            return Some(Reply::say(Notice::info(format!(
                "{} → {} is already there: click its cost to change it.",
                g.name(from),
                g.name(to)
            ))));
        }
        None
    }

    /// `edit`'s [`PlatformAction::DeleteNode`]: node `v` and its edges gone, the later nodes
    /// renumbered; `None` when deleted (`g` to be committed), an error for the source.
    fn delete_node(&mut self, v: usize, g: &mut PlatformInstance) -> Option<Reply> {
        if v >= g.nodes.len() {
            return Some(Reply::default());
        }
        if v == g.source {
            return Some(Reply::say(Notice::error(format!(
                "{} is the source: make another node the source before deleting it.",
                g.name(v)
            ))));
        }
        g.nodes.remove(v);
        g.edges.retain(|e| e.from != v && e.to != v);
        let shift = |u: usize| if u > v { u - 1 } else { u };
        for e in &mut g.edges {
            e.from = shift(e.from);
            e.to = shift(e.to);
        }
        g.targets.retain(|&t| t != v);
        g.targets = g.targets.iter().map(|&t| shift(t)).collect();
        g.source = shift(g.source);
        self.pick = Pick::None;
        None
    }

    /// The typed edits: a cost typed in place, the edge list, the generator (`edit`'s part
    /// for text fields).
    fn edit_typed(&mut self, action: PlatformAction, g: &mut PlatformInstance) -> Option<Reply> {
        use PlatformAction as A;
        match action {
            A::EditCost(e) => {
                if let Some(edge) = g.edges.get(e) {
                    self.drafts.cost_edit = Some((e, edge.cost.to_string()));
                    self.drafts.cost_error = None;
                    self.pick = Pick::Edge(e);
                }
                return Some(Reply::default());
            }
            A::TypeCost(text) => {
                if let Some((_, t)) = &mut self.drafts.cost_edit {
                    *t = text;
                }
                return Some(Reply::default());
            }
            A::CancelCost => {
                self.drafts.cost_edit = None;
                self.drafts.cost_error = None;
                return Some(Reply::default());
            }
            A::CommitCost => {
                let Some((e, text)) = self.drafts.cost_edit.clone() else {
                    return Some(Reply::default());
                };
                let cost = match super::drafts::parse_cost(&text) {
                    Ok(c) => c,
                    Err(e) => {
                        self.drafts.cost_error = Some(e);
                        return Some(Reply::default());
                    }
                };
                self.drafts.cost_edit = None;
                self.drafts.cost_error = None;
                match g.edges.get_mut(e) {
                    Some(edge) => edge.cost = cost,
                    None => return Some(Reply::default()),
                }
            }
            A::TypeEdges(text) => {
                self.drafts.edge_text = text;
                return Some(Reply::default());
            }
            A::CommitEdges => {
                match parse_edge_list(&self.drafts.edge_text, g.nodes.len()) {
                    Ok((edges, n)) => {
                        self.drafts.text_error = None;
                        *g = with_edges(g, edges, n);
                    }
                    Err(e) => {
                        self.drafts.text_error = Some(e);
                        return Some(Reply::default());
                    }
                }
                self.pick = Pick::None;
            }
            A::Generate {
                nodes,
                density,
                seed,
            } => {
                let spec = TiersSpec::sized(nodes.clamp(4, APP_MAX_NODES), density.clamp(0.0, 1.0));
                let p = hetcast_core::models::platform::view::tidy(&tiers(&spec, seed));
                let reply = self.load(p);
                return Some(Reply {
                    notice: Some(Notice::info(format!(
                        "Generated a Tiers-like platform (seed {seed}): {}.",
                        super::words(&self.instance)
                    ))),
                    ..reply
                });
            }
            // `edit` hands over the typed edits only.
            _ => return Some(Reply::default()),
        }
        None
    }
}

/// What [`PlatformAction::Clear`] leaves: the source `S` alone, no edge, no target.
fn source_only() -> PlatformInstance {
    PlatformInstance {
        nodes: vec![PlatformNode {
            name: "S".into(),
            x: Some(0.1),
            y: Some(0.5),
        }],
        edges: Vec::new(),
        source: 0,
        targets: Vec::new(),
    }
}

fn clamp01(x: f64) -> f64 {
    if x.is_finite() {
        x.clamp(0.0, 1.0)
    } else {
        0.5
    }
}
