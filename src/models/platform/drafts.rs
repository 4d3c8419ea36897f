//! The platform editor's drafts: the graph as drawn (which may not be a valid instance yet:
//! no target, a target cut off from the source) and the edge list as typed.
//!
//! The edge list has one directed edge per line, `from to cost` (`0 1 2.5`); blank lines and
//! `#` comments are skipped. A node index past the last node adds nodes up to it, so a list
//! pasted from elsewhere draws a whole platform.

use hetcast_core::models::platform::{PlatformEdge, PlatformInstance, PlatformNode, MAX_COST};

/// What the editor holds.
#[derive(Clone, Debug, PartialEq)]
pub struct PlDrafts {
    /// The graph as drawn: nodes (names, positions), edges, source, targets.
    pub graph: PlatformInstance,
    /// The edge list as typed (the drawing's list until the user types).
    pub edge_text: String,
    /// Why the typed edge list does not read ("line 2: ...").
    pub text_error: Option<String>,
    /// Why the graph is not a valid instance (the validator's message), if it is not and it
    /// is not [`PlDrafts::incomplete`].
    pub general: Option<String>,
    /// The graph has no target yet: a drawing in progress ("New drawing" starts so), shown
    /// with a hint rather than an error.
    pub incomplete: bool,
    /// The cost field being typed in place: edge index and text.
    pub cost_edit: Option<(usize, String)>,
    /// Why the cost typed in place is refused.
    pub cost_error: Option<String>,
}

impl PlDrafts {
    /// The drafts of a valid instance.
    pub fn from_instance(inst: &PlatformInstance) -> PlDrafts {
        PlDrafts {
            edge_text: edge_list(inst),
            graph: inst.clone(),
            text_error: None,
            general: None,
            incomplete: false,
            cost_edit: None,
            cost_error: None,
        }
    }

    /// True when the drawing is a valid instance and the typed text reads.
    pub fn is_valid(&self) -> bool {
        self.fields_ok() && !self.incomplete
    }

    /// True when nothing is wrong, though the drawing may be unfinished
    /// ([`PlDrafts::incomplete`]): no error to show and no field to mark.
    pub fn fields_ok(&self) -> bool {
        self.general.is_none() && self.text_error.is_none() && self.cost_error.is_none()
    }

    /// The graph is a valid instance (`why` is `None`) or not: a graph with no target yet is a
    /// drawing in progress ([`PlDrafts::incomplete`]), anything else an error.
    pub fn judge(&mut self, why: Option<String>) {
        self.incomplete = why.is_some() && self.graph.targets.is_empty();
        self.general = why.filter(|_| !self.incomplete);
    }

    /// The drawing changed: the edge list shows it again.
    pub fn sync_text(&mut self) {
        self.edge_text = edge_list(&self.graph);
        self.text_error = None;
    }
}

/// The edge list of `inst`: one `from to cost` line per directed edge.
pub fn edge_list(inst: &PlatformInstance) -> String {
    inst.edges
        .iter()
        .map(|e| format!("{} {} {}\n", e.from, e.to, e.cost))
        .collect()
}

/// Most nodes an edge list may name (the app's limit on a platform).
const LIST_MAX_NODES: usize = hetcast_core::models::platform::APP_MAX_NODES;

/// Read an edge list (see the module documentation) into the edges and the number of nodes
/// they need (at least `nodes`). The message names the line.
pub fn parse_edge_list(text: &str, nodes: usize) -> Result<(Vec<PlatformEdge>, usize), String> {
    let mut edges = Vec::new();
    let mut n = nodes;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |why: String| format!("line {}: {why}", i + 1);
        let words: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let [from, to, cost] = words[..] else {
            return Err(at(format!(
                "expected `from to cost`, e.g. `0 1 2.5` (got {} word{})",
                words.len(),
                if words.len() == 1 { "" } else { "s" }
            )));
        };
        let node = |w: &str, what: &str| -> Result<usize, String> {
            let v: usize = w
                .parse()
                .map_err(|_| at(format!("{what} must be a node number from 0 (got {w:.20})")))?;
            if v >= LIST_MAX_NODES {
                return Err(at(format!(
                    "node {v}: the app draws at most {LIST_MAX_NODES} nodes (0 to {})",
                    LIST_MAX_NODES - 1
                )));
            }
            Ok(v)
        };
        let (from, to) = (node(from, "from")?, node(to, "to")?);
        let cost = parse_cost(cost).map_err(at)?;
        n = n.max(from + 1).max(to + 1);
        edges.push(PlatformEdge { from, to, cost });
    }
    Ok((edges, n))
}

/// An edge cost as typed: a number above 0 and at most [`MAX_COST`] (the edge list and the
/// cost typed in place).
pub fn parse_cost(text: &str) -> Result<f64, String> {
    let t = text.trim();
    t.parse::<f64>()
        .ok()
        .filter(|c| c.is_finite() && *c > 0.0 && *c <= MAX_COST)
        .ok_or_else(|| {
            format!("the cost must be a number above 0 and at most {MAX_COST:e} (got {t:.20})")
        })
}

/// `graph` with its edges replaced by `edges` and nodes added up to `n` (named `P{i}`, placed
/// on a circle by the drawing).
pub fn with_edges(
    graph: &PlatformInstance,
    edges: Vec<PlatformEdge>,
    n: usize,
) -> PlatformInstance {
    let mut g = graph.clone();
    while g.nodes.len() < n {
        g.nodes.push(PlatformNode {
            name: format!("P{}", g.nodes.len()),
            x: None,
            y: None,
        });
    }
    g.edges = edges;
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edge_list_reads_back_and_names_the_bad_line() {
        let g = PlatformInstance::new(3, &[(0, 1, 2.5), (1, 2, 1e-3)], 0, &[2]);
        let text = edge_list(&g);
        assert_eq!(text, "0 1 2.5\n1 2 0.001\n");
        let (edges, n) = parse_edge_list(&text, 0).unwrap();
        assert_eq!((edges, n), (g.edges.clone(), 3));
        let (edges, n) = parse_edge_list("# a comment\n\n 0, 4  3 # link\n", 2).unwrap();
        assert_eq!(n, 5);
        assert_eq!(
            edges,
            [PlatformEdge {
                from: 0,
                to: 4,
                cost: 3.0
            }]
        );
        assert_eq!(
            parse_edge_list("0 1 2\n0 1", 2).unwrap_err(),
            "line 2: expected `from to cost`, e.g. `0 1 2.5` (got 2 words)"
        );
        assert_eq!(
            parse_edge_list("0 1 -2", 2).unwrap_err(),
            "line 1: the cost must be a number above 0 and at most 1e9 (got -2)"
        );
        assert_eq!(
            parse_edge_list("0 x 2", 2).unwrap_err(),
            "line 1: to must be a node number from 0 (got x)"
        );
        assert_eq!(
            parse_edge_list("0 65 2", 2).unwrap_err(),
            "line 1: node 65: the app draws at most 65 nodes (0 to 64)"
        );
        let g2 = with_edges(&g, vec![], 5);
        assert_eq!(g2.nodes.len(), 5);
        assert_eq!(g2.name(4), "P4");
    }
}
