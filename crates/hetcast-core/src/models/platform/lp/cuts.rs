//! The separation of Multicast-LB's cut generation: the cuts found so far ([`Cuts`]), each
//! round's max flows and extreme minimum cuts, and the first cuts besides the singletons
//! ([`shadows`]).

use crate::models::platform::PlatformInstance;

/// The cuts of [`super::lower_by_cuts_capped`]: each as the sink-side set and as its row (the sorted
/// alive edges entering the set from alive nodes outside it), without repeats.
#[derive(Clone)]
pub(super) struct Cuts<'a> {
    pub(super) inst: &'a PlatformInstance,
    pub(super) edges: Vec<usize>,
    pub(super) is_target: Vec<bool>,
    pub(super) sets: Vec<Vec<bool>>,
    pub(super) rows: Vec<Vec<usize>>,
    seen: std::collections::HashSet<Vec<usize>>,
}

impl<'a> Cuts<'a> {
    /// No cuts yet, on the alive `edges`, for `targets`.
    pub(super) fn new(
        inst: &'a PlatformInstance,
        edges: Vec<usize>,
        targets: &[usize],
    ) -> Cuts<'a> {
        let mut is_target = vec![false; inst.node_count()];
        for &t in targets {
            is_target[t] = true;
        }
        Cuts {
            inst,
            edges,
            is_target,
            sets: Vec::new(),
            rows: Vec::new(),
            seen: std::collections::HashSet::new(),
        }
    }

    /// Add the cut of `set` if it is one here (it holds a target, not the source, and some
    /// alive edge enters it) and its row is new.
    pub(super) fn offer(&mut self, set: Vec<bool>) {
        let Some(row) = self.row_if_cut(&set, None) else {
            return;
        };
        if !self.seen.insert(row.clone()) {
            return;
        }
        self.sets.push(set);
        self.rows.push(row);
    }

    /// The row of `set` if it is a cut for the targets and `also` (it holds one of them,
    /// not the source, and some alive edge enters it), whether or not it is a row yet.
    fn row_if_cut(&self, set: &[bool], also: Option<usize>) -> Option<Vec<usize>> {
        let inst = self.inst;
        let n = inst.node_count();
        let holds = |v: usize| set[v] && (self.is_target[v] || also == Some(v));
        if set[inst.source] || !(0..n).any(holds) {
            return None;
        }
        let row: Vec<usize> = self
            .edges
            .iter()
            .copied()
            .filter(|&e| !set[inst.edges[e].from] && set[inst.edges[e].to])
            .collect();
        (!row.is_empty()).then_some(row)
    }

    /// The row of `set` if it is a cut for the targets and `also` and not a row yet (the
    /// cuts are left as they are).
    pub(super) fn new_row_with(&self, set: &[bool], also: usize) -> Option<Vec<usize>> {
        self.row_if_cut(set, Some(also))
            .filter(|row| !self.seen.contains(row))
    }

    /// One round of separation: for each target whose max flow under `loads` falls short
    /// of 1, offer its two extreme minimum cuts (closest to the target, closest to the
    /// source). Returns the least max flow.
    ///
    /// # Complexity
    /// `|targets|` max flows, O(V·E²) each.
    pub(super) fn add_violated(&mut self, alive: &[bool], targets: &[usize], loads: &[f64]) -> f64 {
        self.add_violated_from(alive, targets, loads, 0, usize::MAX)
    }

    /// [`Cuts::add_violated`] over the targets from the `start`-th on (cyclically), stopping
    /// after `limit` targets gave a new cut: the least max flow is that of all the targets
    /// when no new cut was found ([`super::WarmLower`] separates one target at a time).
    ///
    /// # Complexity
    /// At most `|targets|` max flows, O(V·E²) each.
    pub(super) fn add_violated_from(
        &mut self,
        alive: &[bool],
        targets: &[usize],
        loads: &[f64],
        start: usize,
        limit: usize,
    ) -> f64 {
        let inst = self.inst;
        let mut least: f64 = f64::INFINITY;
        let mut found = 0;
        for i in 0..targets.len() {
            if found >= limit {
                break;
            }
            let t = targets[(start + i) % targets.len()];
            // Only whether the flow reaches 1 matters here (and `least` below 1).
            let fc = crate::models::platform::graph::max_flow_cut_upto(
                inst,
                loads,
                inst.source,
                t,
                1e-12,
                1.0,
            );
            least = least.min(fc.value);
            let before = self.rows.len();
            if fc.value < 1.0 - 1e-9 {
                let sink = residual_reach(inst, alive, loads, &fc, t, true);
                self.offer(sink);
                // Everything the source does not reach: the cut closest to the source.
                let source_side: Vec<bool> =
                    residual_reach(inst, alive, loads, &fc, inst.source, false)
                        .iter()
                        .map(|&r| !r)
                        .collect();
                self.offer(source_side);
            }
            if self.rows.len() > before {
                found += 1;
            }
        }
        least
    }
}

/// The first cut rows of [`super::lower_by_cuts_with`] besides the singletons: for each alive node
/// `v` other than the source, and for each linked pair `{u, v}` of them, the set `X` (`{v}`
/// or `{u, v}`) with every node the source no longer reaches once `X` is removed (the part of
/// the platform `X` stands in front of: on a Tiers-like platform, a MAN node's LAN, a LAN
/// chain's tail). Every path from the source into such a set enters it through an edge into
/// `X`, so its cut row says that what enters the shadow is at least 1. `hetcast bench
/// platform` times Broadcast-EB on 65-node Tiers-like platforms with and without them
/// ([`super::CutMode::shadows`]).
///
/// # Complexity
/// `O(|V| + |E|)` sets, one search of `O(|V| + |E|)` each.
pub fn shadows(inst: &PlatformInstance, alive: &[bool], edges: &[usize]) -> Vec<Vec<bool>> {
    let n = inst.node_count();
    let shadow = |x: &[usize]| -> Vec<bool> {
        let mut rest = alive.to_vec();
        for &v in x {
            rest[v] = false;
        }
        let reach = crate::models::platform::graph::reachable(inst, &rest, inst.source);
        (0..n).map(|v| alive[v] && !reach[v]).collect()
    };
    let inner = |v: usize| alive[v] && v != inst.source;
    let mut out: Vec<Vec<bool>> = (0..n).filter(|&v| inner(v)).map(|v| shadow(&[v])).collect();
    for &e in edges {
        let (u, v) = (inst.edges[e].from, inst.edges[e].to);
        if u < v && inner(u) && inner(v) {
            out.push(shadow(&[u, v]));
        }
    }
    out
}

/// The alive nodes of the residual graph of the flow `fc` under `cap` that `from` reaches
/// (`towards: false`) or that reach `from` (`towards: true`).
fn residual_reach(
    inst: &PlatformInstance,
    alive: &[bool],
    cap: &[f64],
    fc: &crate::models::platform::graph::FlowCut,
    from: usize,
    towards: bool,
) -> Vec<bool> {
    let n = inst.node_count();
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut arc = |a: usize, b: usize| {
        if towards {
            next[b].push(a)
        } else {
            next[a].push(b)
        }
    };
    for (e, edge) in inst.edges.iter().enumerate() {
        if !alive[edge.from] || !alive[edge.to] {
            continue;
        }
        // Residual arcs: forward from -> to with cap - flow, backward to -> from with flow.
        if cap[e] - fc.flow[e] > 1e-12 {
            arc(edge.from, edge.to);
        }
        if fc.flow[e] > 1e-12 {
            arc(edge.to, edge.from);
        }
    }
    crate::models::platform::graph::search(&next, from)
}
