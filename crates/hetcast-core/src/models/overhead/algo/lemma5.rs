//! Exact optimum by the literal dynamic program of 000 Lemma 5 / Theorem 2, generalised to the
//! sender-receiver model as 000 section 5 suggests.
//!
//! A node **type** is a distinct `(send, recv)` pair among the destinations
//! ([`Instance::destination_types`]); type `l` has send time `s_l` and arrival delay
//! `a_l = L + r_l` (0 in the node model). For a node whose send time is `s` and that holds the
//! message at time 0, `tau(s, i)` is the least time by which it can make `i_l` further nodes of
//! every type `l` hold the message:
//!
//! ```text
//! tau(s, 0) = 0
//! tau(s, i) = min over l with i_l >= 1, 0 <= y <= i - e_l of
//!             max( s + a_l + tau(s_l, y),  s + tau(s, i - y - e_l) )
//! ```
//!
//! (the first child is of type `l` and its subtree holds `y`; the node is free again at `s` and
//! serves the rest). With `a_l = 0` this is exactly Lemma 5. `tau` depends on the sender only
//! through its send time, so there is one table per distinct send time among the types and the
//! source (the source is its own "type" for the outer call only). The answer is
//! `tau(s(source), n)`, `n` the vector of type counts. Proof and discussion: `docs/optimal.md`.
//!
//! **Heterogeneous LogP** (000 section 5, "the dynamic programming algorithm ... can be
//! adapted"): a sender with a gap `g > s` starts its next send `G = max(s, g)` after the start
//! of its first, so the second term becomes `G + tau(s, i - y - e_l)` when that rest is not
//! empty (and nothing when it is: a gap spaces two sends, not the last one). Types are then
//! distinct `(send, recv, G)` and tables are per distinct `(s, G)`. Without gaps `G = s` and
//! the sums are today's to the bit. Checked against exhaustive search in `tests/logp.rs`.
//!
//! The plan is rebuilt from the argmin stored in every cell: children in send order, concrete
//! destinations of each type handed out in index order. Its simulated completion time equals the
//! table value (exactly for integer costs; up to floating-point rounding of the sums otherwise).
//!
//! **Complexity**: tables `c <= k + 1`, cells `P = prod (n_l + 1)`, work
//! `W = c * sum_l n_l (n_l + 1) / 2 * prod_{j != l} (n_j + 1)(n_j + 2) / 2` = O(k^2 n^{2k})
//! (Theorem 2); memory O(c P). [`lemma5_work`] computes `W`; above [`LEMMA5_WORK_LIMIT`] (or
//! [`LEMMA5_CELL_LIMIT`] table cells) the solver refuses with [`Error::TooLarge`].
//!
//! ```
//! use hetcast_core::{models::overhead::{gallery, algo::lemma5, simulate}};
//! let inst = gallery::libeskind_hadas_figure1();
//! let (sol, t) = lemma5::lemma5_with_time(&inst).unwrap();
//! assert_eq!(t, 9.0);
//! assert_eq!(simulate(&inst, &sol.plan).unwrap().completion_time, 9.0);
//! ```

use super::Solution;
use crate::error::Error;
use crate::models::overhead::instance::Instance;
use crate::models::overhead::plan::Plan;
use crate::trace::{ItemId, Step};
use crate::units::fmt_t;

/// Largest accepted work estimate [`lemma5_work`] (inner-loop steps): about 2-4 s in a release
/// build on one core of a 2020s machine.
pub const LEMMA5_WORK_LIMIT: f64 = 1.0e9;

/// Largest accepted number of table cells (all tables together).
pub const LEMMA5_CELL_LIMIT: f64 = 2.0e7;

/// The destination types of an instance with their members: shared by the exact solvers.
#[derive(Debug, Clone)]
pub(crate) struct Groups {
    /// Send time of each type.
    pub send: Vec<f64>,
    /// Arrival delay `L + r` of each type.
    pub delay: Vec<f64>,
    /// Receive time of each type.
    pub recv: Vec<f64>,
    /// Step of each type: the time between the starts of two sends, its send time or its
    /// LogP gap ([`Instance::step`]).
    pub step: Vec<f64>,
    /// The destinations of each type, in index order.
    pub members: Vec<Vec<usize>>,
}

impl Groups {
    /// Group the destinations of `inst` by exact `(send, recv, step)`: the order of
    /// [`Instance::destination_types`] (receive, then send time), then the step.
    pub(crate) fn new(inst: &Instance) -> Groups {
        let mut keys: Vec<(f64, f64, f64)> = inst
            .destinations()
            .map(|v| (inst.nodes[v].send, inst.nodes[v].recv, inst.step(v)))
            .collect();
        crate::order::sort_by(&mut keys, |a, b| {
            a.1.total_cmp(&b.1)
                .then(a.0.total_cmp(&b.0))
                .then(a.2.total_cmp(&b.2))
        });
        keys.dedup();
        let mut g = Groups {
            send: keys.iter().map(|k| k.0).collect(),
            recv: keys.iter().map(|k| k.1).collect(),
            delay: keys.iter().map(|k| inst.latency + k.1).collect(),
            step: keys.iter().map(|k| k.2).collect(),
            members: vec![Vec::new(); keys.len()],
        };
        for v in inst.destinations() {
            let key = (inst.nodes[v].send, inst.nodes[v].recv, inst.step(v));
            if let Some(t) = keys.iter().position(|&k| k == key) {
                g.members[t].push(v);
            }
        }
        g
    }

    /// Number of types.
    pub(crate) fn len(&self) -> usize {
        self.send.len()
    }

    /// How many destinations each type has.
    pub(crate) fn counts(&self) -> Vec<usize> {
        self.members.iter().map(Vec::len).collect()
    }
}

/// Hands out concrete destinations of each type, in index order.
pub(crate) struct Assigner<'a> {
    groups: &'a Groups,
    next: Vec<usize>,
}

impl<'a> Assigner<'a> {
    /// A fresh assigner.
    pub(crate) fn new(groups: &'a Groups) -> Assigner<'a> {
        Assigner {
            groups,
            next: vec![0; groups.len()],
        }
    }

    /// The next unused destination of type `l`, if any is left.
    pub(crate) fn take(&mut self, l: usize) -> Option<usize> {
        let v = self.groups.members[l].get(self.next[l]).copied();
        if v.is_some() {
            self.next[l] += 1;
        }
        v
    }
}

/// Distinct senders among `sends` plus `extra`, each `(send time, step)`; returns (class
/// send times, class steps, class of each entry of `sends`, class of `extra`). Without LogP
/// gaps the step is the send time and the classes are the distinct send times.
pub(crate) fn send_classes(
    sends: &[(f64, f64)],
    extra: (f64, f64),
) -> (Vec<f64>, Vec<f64>, Vec<usize>, usize) {
    let mut classes: Vec<(f64, f64)> = Vec::new();
    let mut find = |s: (f64, f64)| match classes.iter().position(|&c| c == s) {
        Some(i) => i,
        None => {
            classes.push(s);
            classes.len() - 1
        }
    };
    let of_type: Vec<usize> = sends.iter().map(|&s| find(s)).collect();
    let of_extra = find(extra);
    (
        classes.iter().map(|c| c.0).collect(),
        classes.iter().map(|c| c.1).collect(),
        of_type,
        of_extra,
    )
}

/// The sender classes of `inst`: (send, step) of every type, and of the source.
pub(crate) fn classes_of(inst: &Instance, g: &Groups) -> (Vec<f64>, Vec<f64>, Vec<usize>, usize) {
    let pairs: Vec<(f64, f64)> = g.send.iter().copied().zip(g.step.iter().copied()).collect();
    send_classes(
        &pairs,
        (inst.nodes[inst.source].send, inst.step(inst.source)),
    )
}

/// The work estimate `W` of the module documentation (inner-loop steps of the dynamic program).
/// `inst` should be valid.
pub fn lemma5_work(inst: &Instance) -> f64 {
    let g = Groups::new(inst);
    let (classes, _, _, _) = classes_of(inst, &g);
    work_of(&g.counts(), classes.len())
}

fn work_of(n: &[usize], classes: usize) -> f64 {
    let mut per_table = 0.0;
    for l in 0..n.len() {
        let mut w = n[l] as f64 * (n[l] as f64 + 1.0) / 2.0;
        for (j, &nj) in n.iter().enumerate() {
            if j != l {
                w *= (nj as f64 + 1.0) * (nj as f64 + 2.0) / 2.0;
            }
        }
        per_table += w;
    }
    classes as f64 * per_table
}

fn cells_of(n: &[usize]) -> f64 {
    n.iter().map(|&c| c as f64 + 1.0).product()
}

/// Check the documented limits; `Err(TooLarge)` when the instance is beyond them.
pub fn lemma5_check(inst: &Instance) -> Result<(), Error> {
    let g = Groups::new(inst);
    let (classes, _, _, _) = classes_of(inst, &g);
    let n = g.counts();
    let cells = cells_of(&n) * classes.len() as f64;
    if cells > LEMMA5_CELL_LIMIT {
        return Err(Error::TooLarge {
            algorithm: "lemma5",
            size: saturating(cells),
            limit: LEMMA5_CELL_LIMIT as u64,
            what: "dynamic-program cells",
        });
    }
    let work = work_of(&n, classes.len());
    if work > LEMMA5_WORK_LIMIT {
        return Err(Error::TooLarge {
            algorithm: "lemma5",
            size: saturating(work),
            limit: LEMMA5_WORK_LIMIT as u64,
            what: "dynamic-program steps",
        });
    }
    Ok(())
}

pub(crate) fn saturating(x: f64) -> u64 {
    if x >= u64::MAX as f64 {
        u64::MAX
    } else {
        x as u64
    }
}

/// Exact optimum by the Lemma 5 dynamic program (see the module documentation).
pub fn lemma5(inst: &Instance) -> Result<Solution, Error> {
    lemma5_with_time(inst).map(|(s, _)| s)
}

/// The optimal completion time `tau(s(source), n)` alone.
pub fn lemma5_time(inst: &Instance) -> Result<f64, Error> {
    lemma5_with_time(inst).map(|(_, t)| t)
}

/// The optimal plan and the table value `tau(s(source), n)`.
pub fn lemma5_with_time(inst: &Instance) -> Result<(Solution, f64), Error> {
    inst.validate()?;
    lemma5_check(inst)?;
    let tb = Tables::fill(inst);
    let mut plan = Plan::new(inst.source, inst.nodes.len());
    for (u, child, _, _, _) in tb.read_back(inst)? {
        plan.children[u].push(child);
    }
    Ok((
        Solution {
            plan,
            trace: Vec::new(),
        },
        tb.tau[tb.class_src * tb.cells + tb.cells - 1],
    ))
}

/// The filled tables of the dynamic program.
struct Tables {
    g: Groups,
    k: usize,
    stride: Vec<usize>,
    cells: usize,
    class_send: Vec<f64>,
    class_of_type: Vec<usize>,
    class_src: usize,
    /// `tau[c * cells + f]`.
    tau: Vec<f64>,
    /// `choice[c * cells + f]` = (first child's type, flat index of its subtree).
    choice: Vec<(u32, u32)>,
}

impl Tables {
    /// Fill every table (see the module documentation); `inst` is valid and within the limits.
    fn fill(inst: &Instance) -> Tables {
        let g = Groups::new(inst);
        let k = g.len();
        let n = g.counts();
        let (class_send, class_step, class_of_type, class_src) = classes_of(inst, &g);
        // The rest of a sender's sends start one step after its first: `step - send` after
        // its first send ends (0 without gaps, so the sums are today's to the bit).
        let class_extra: Vec<f64> = class_send
            .iter()
            .zip(&class_step)
            .map(|(s, st)| st - s)
            .collect();
        let nc = class_send.len();
        let dims: Vec<usize> = n.iter().map(|&c| c + 1).collect();
        let mut stride = vec![1usize; k];
        for l in (0..k.saturating_sub(1)).rev() {
            stride[l] = stride[l + 1] * dims[l + 1];
        }
        let cells: usize = dims.iter().product();
        let mut tau = vec![0.0f64; nc * cells];
        let mut choice = vec![(0u32, 0u32); nc * cells];
        let mut i = vec![0usize; k]; // coordinates of flat index f (last coordinate fastest)
        let mut y = vec![0usize; k];
        for f in 1..cells {
            advance(&mut i, &dims);
            for c in 0..nc {
                let mut best = f64::INFINITY;
                let mut arg = (0u32, 0u32);
                for l in 0..k {
                    if i[l] == 0 {
                        continue;
                    }
                    let fb = f - stride[l]; // flat index of the box i - e_l
                    let a_l = g.delay[l];
                    let sub = &tau[class_of_type[l] * cells..(class_of_type[l] + 1) * cells];
                    let me = &tau[c * cells..(c + 1) * cells];
                    // y ranges over the box 0 <= y <= i - e_l; the last coordinate is contiguous.
                    let mut bx = i.clone();
                    bx[l] -= 1;
                    let last = bx[k - 1];
                    y.iter_mut().for_each(|v| *v = 0);
                    loop {
                        let base: usize = (0..k - 1).map(|d| y[d] * stride[d]).sum();
                        // y = base + yl pairs with i - e_l - y = fb - base - yl.
                        let ys = &sub[base..=base + last];
                        let rest = &me[fb - base - last..=fb - base];
                        let extra = class_extra[c];
                        for (yl, (&a, &b)) in ys.iter().zip(rest.iter().rev()).enumerate() {
                            // No sends left (b = 0): the gap binds nothing.
                            let later = if b > 0.0 { extra + b } else { b };
                            let v = (a_l + a).max(later);
                            if v < best {
                                best = v;
                                arg = (l as u32, (base + yl) as u32);
                            }
                        }
                        // Odometer over the first k - 1 coordinates.
                        let mut d = k - 1;
                        let mut done = true;
                        while d > 0 {
                            d -= 1;
                            if y[d] < bx[d] {
                                y[d] += 1;
                                done = false;
                                break;
                            }
                            y[d] = 0;
                        }
                        if done {
                            break;
                        }
                    }
                }
                tau[c * cells + f] = class_send[c] + best;
                choice[c * cells + f] = arg;
            }
        }
        Tables {
            g,
            k,
            stride,
            cells,
            class_send,
            class_of_type,
            class_src,
            tau,
            choice,
        }
    }

    /// The coordinates (counts per type) of flat index `f`.
    fn counts_of(&self, mut f: usize) -> Vec<usize> {
        self.stride
            .iter()
            .map(|&st| {
                let c = f / st;
                f %= st;
                c
            })
            .collect()
    }

    /// The tree read back from the argmins, in the order it is read (depth-first, each
    /// node's children in send order): (sender, child, child's type, the sender's class and
    /// cell before the send, the child's subtree cell).
    #[allow(clippy::type_complexity)]
    fn read_back(
        &self,
        inst: &Instance,
    ) -> Result<Vec<(usize, usize, usize, (usize, usize), usize)>, Error> {
        let mut out = Vec::new();
        let mut assign = Assigner::new(&self.g);
        let mut stack = vec![(inst.source, self.class_src, self.cells - 1)];
        while let Some((u, c, f)) = stack.pop() {
            if f == 0 {
                continue;
            }
            let (l, ya) = self.choice[c * self.cells + f];
            let (l, ya) = (l as usize, ya as usize);
            let child = assign
                .take(l)
                .ok_or_else(|| Error::InvalidPlan("lemma5: internal count mismatch".into()))?;
            out.push((u, child, l, (c, f), ya));
            stack.push((u, c, f - self.stride[l] - ya));
            stack.push((child, self.class_of_type[l], ya));
        }
        Ok(out)
    }
}

/// Largest number of table cells (all tables together) [`dp_steps`] records.
pub const LEMMA5_STEPS_CELL_LIMIT: usize = 2000;

/// The pseudo-code of the Lemma 5 dynamic program (000 Theorem 2, with the read-back of the
/// tree); a step's `pseudo_line` counts from 1.
pub const LEMMA5_PSEUDO: &[&str] = &[
    "for every sender class s: τ(s, 0, ..., 0) = 0",
    "for i_1 = 0 to n_1, ..., i_k = 0 to n_k, for every class s:",
    "  τ(s, i) = C(s) + min over l, y of max(a_l + τ(l, y), τ(s, i - e_l - y))",
    "OPT = τ(s(source), n_1, ..., n_k)",
    "read back: the sender's first child has the type l of the argmin, its subtree y; recurse on (l, y) and (s, i - e_l - y)",
];

/// One step of the Lemma 5 dynamic program, typed, for the stepper: a table cell filled (with
/// the cell that gives its minimum), the optimum, an edge of the optimal tree read back.
/// Counts are per destination type, in the order of [`Instance::destination_types`].
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum DpStep {
    /// `τ(s, i) = value`, the minimum given by a first child of type `first` whose subtree
    /// holds `subtree` (none for the base cells, `i = 0`).
    Cell {
        /// The sender's send time `C(s)`.
        sender: f64,
        /// `i`: how many nodes of each type.
        counts: Vec<usize>,
        /// `τ(s, i)`.
        value: f64,
        /// The argmin `(l, y)`.
        best: Option<(usize, Vec<usize>)>,
    },
    /// `OPT = τ(s(source), n)`.
    Optimum {
        /// The source's send time.
        sender: f64,
        /// `n`, the count of every type.
        counts: Vec<usize>,
        /// The optimal completion time (the table's value).
        value: f64,
        /// The optimal plan's completion time in the simulator (equal to `value` up to the
        /// rounding of the sums; the step's time).
        t: f64,
    },
    /// Read back: `from` sends next to `to` (of type `l`), whose subtree holds `subtree`.
    Edge {
        /// Sender.
        from: usize,
        /// Receiver.
        to: usize,
        /// Its type.
        l: usize,
        /// The cell `(s, i)` of the sender that chose it.
        counts: Vec<usize>,
        /// `y`.
        subtree: Vec<usize>,
        /// When `to` holds the message in the optimal schedule (the simulator's time).
        t: f64,
    },
}

/// How the tables of the Lemma 5 dynamic program are laid out, to draw them as
/// [`dp_steps`] fills them: one table per sender class, `prod (n_l + 1)` cells each, flat
/// index `f = sum i_l * prod_{j > l} (n_j + 1)` (the last type fastest); the cell steps come
/// in the order `f`, then the class.
#[derive(Debug, Clone, PartialEq)]
pub struct DpLayout {
    /// `n`: the count of every destination type.
    pub counts: Vec<usize>,
    /// The send time of every sender class (one table each).
    pub class_send: Vec<f64>,
    /// The class of a node of each type, as a sender.
    pub class_of_type: Vec<usize>,
    /// The source's class.
    pub class_src: usize,
}

impl DpLayout {
    /// Cells in one table.
    pub fn cells(&self) -> usize {
        self.counts.iter().map(|&n| n + 1).product()
    }

    /// The flat index of the cell of counts `i`.
    pub fn flat(&self, i: &[usize]) -> usize {
        self.counts
            .iter()
            .zip(i)
            .fold(0, |f, (&n, &c)| f * (n + 1) + c)
    }
}

/// The layout of the tables [`dp_steps`] fills on `inst` (valid).
///
/// ```
/// use hetcast_core::models::overhead::{gallery, algo::lemma5::dp_layout};
/// let l = dp_layout(&gallery::libeskind_hadas_figure1());
/// assert_eq!((l.counts.clone(), l.class_send.clone(), l.class_src), (vec![4, 7], vec![2.0, 3.0], 1));
/// assert_eq!((l.cells(), l.flat(&[4, 7])), (40, 39));
/// ```
pub fn dp_layout(inst: &Instance) -> DpLayout {
    let g = Groups::new(inst);
    let (class_send, _, class_of_type, class_src) = classes_of(inst, &g);
    DpLayout {
        counts: g.counts(),
        class_send,
        class_of_type,
        class_src,
    }
}

/// The types in words: "c=2" (node model) or "s=1 r=2", with " g=3" for a gap above the
/// send time.
fn type_words(inst: &Instance, g: &Groups, l: usize) -> String {
    let gap = if g.step[l] > g.send[l] {
        format!(" g={}", fmt_t(g.step[l]))
    } else {
        String::new()
    };
    match inst.model {
        crate::models::overhead::ModelKind::Node => format!("c={}{gap}", fmt_t(g.send[l])),
        crate::models::overhead::ModelKind::SenderReceiver => {
            format!("s={} r={}{gap}", fmt_t(g.send[l]), fmt_t(g.recv[l]))
        }
    }
}

fn counts_words(c: &[usize]) -> String {
    let v: Vec<String> = c.iter().map(|x| x.to_string()).collect();
    format!("({})", v.join(", "))
}

impl DpStep {
    /// The step in the shared shape of [`Step`], pointing into [`LEMMA5_PSEUDO`]; `types`
    /// names the destination types ("c=2", ...).
    pub fn step(&self, types: &[String]) -> Step {
        let ty = |l: usize| types.get(l).cloned().unwrap_or_default();
        match self {
            DpStep::Cell {
                sender,
                counts,
                value,
                best,
            } => Step {
                text: match best {
                    None => format!(
                        "τ(C={}, {}) = 0: nothing to send",
                        fmt_t(*sender),
                        counts_words(counts)
                    ),
                    Some((l, y)) => format!(
                        "τ(C={}, {}) = {}: the best first child has type {} and {} in its subtree",
                        fmt_t(*sender),
                        counts_words(counts),
                        fmt_t(*value),
                        ty(*l),
                        counts_words(y)
                    ),
                },
                pseudo_line: Some(if best.is_none() { 1 } else { 3 }),
                highlight: vec![],
                t: 0.0,
                built: Vec::new(),
            },
            DpStep::Optimum {
                sender,
                counts,
                value,
                t,
            } => Step {
                text: format!(
                    "The optimum is the cell τ(C={}, {}) = {}",
                    fmt_t(*sender),
                    counts_words(counts),
                    fmt_t(*value)
                ),
                pseudo_line: Some(4),
                highlight: vec![],
                t: *t,
                built: Vec::new(),
            },
            DpStep::Edge {
                from,
                to,
                l,
                counts,
                subtree,
                t,
            } => Step {
                text: format!(
                    "Read back: P{from}'s cell {} chose type {}: P{from} sends next to P{to}, whose subtree holds {}; P{to} holds the message at t = {}",
                    counts_words(counts),
                    ty(*l),
                    counts_words(subtree),
                    fmt_t(*t)
                ),
                pseudo_line: Some(5),
                highlight: vec![
                    ItemId::Node { node: *from },
                    ItemId::Node { node: *to },
                    ItemId::Edge {
                        from: *from,
                        to: *to,
                        message: None,
                    },
                ],
                t: *t,
                built: Vec::new(),
            },
        }
    }
}

/// The steps of the Lemma 5 dynamic program on `inst`, typed (see [`DpStep`]): every cell in
/// the order the tables are filled (the base cells first), the optimum, then the optimal
/// tree's edges as they are read back. The tree read back is [`lemma5`]'s plan. Small
/// instances only: refused with [`Error::TooLarge`] above [`LEMMA5_STEPS_CELL_LIMIT`] cells.
/// Also the type names, for [`DpStep::step`].
///
/// **Complexity**: that of [`lemma5`], plus O(cells · k) for the steps.
///
/// ```
/// use hetcast_core::models::overhead::{gallery, algo::lemma5::{dp_steps, DpStep}};
/// let (steps, types) = dp_steps(&gallery::libeskind_hadas_figure1()).unwrap();
/// assert_eq!(types, ["c=2", "c=3"]);
/// // Two classes (send times 2 and 3) x 5 x 8 cells, the optimum, 11 edges.
/// assert_eq!(steps.len(), 2 * 5 * 8 + 1 + 11);
/// assert!(matches!(steps[80], DpStep::Optimum { value, .. } if value == 9.0));
/// ```
pub fn dp_steps(inst: &Instance) -> Result<(Vec<DpStep>, Vec<String>), Error> {
    inst.validate()?;
    lemma5_check(inst)?;
    let g = Groups::new(inst);
    let (classes, _, _, _) = classes_of(inst, &g);
    let total = cells_of(&g.counts()) * classes.len() as f64;
    if total > LEMMA5_STEPS_CELL_LIMIT as f64 {
        return Err(Error::TooLarge {
            algorithm: "lemma5 steps",
            size: saturating(total),
            limit: LEMMA5_STEPS_CELL_LIMIT as u64,
            what: "dynamic-program cells to show",
        });
    }
    let tb = Tables::fill(inst);
    let nc = tb.class_send.len();
    let types: Vec<String> = (0..tb.k).map(|l| type_words(inst, &tb.g, l)).collect();
    let mut out = Vec::with_capacity(nc * tb.cells + inst.nodes.len());
    for f in 0..tb.cells {
        for c in 0..nc {
            let best = (f > 0).then(|| {
                let (l, ya) = tb.choice[c * tb.cells + f];
                (l as usize, tb.counts_of(ya as usize))
            });
            out.push(DpStep::Cell {
                sender: tb.class_send[c],
                counts: tb.counts_of(f),
                value: tb.tau[c * tb.cells + f],
                best,
            });
        }
    }
    let edges = tb.read_back(inst)?;
    let mut plan = Plan::new(inst.source, inst.nodes.len());
    for &(u, child, _, _, _) in &edges {
        plan.children[u].push(child);
    }
    let s = crate::models::overhead::simulate::simulate(inst, &plan)?;
    out.push(DpStep::Optimum {
        sender: tb.class_send[tb.class_src],
        counts: tb.g.counts(),
        value: tb.tau[tb.class_src * tb.cells + tb.cells - 1],
        t: s.completion_time,
    });
    for (u, child, l, (_, f), ya) in edges {
        out.push(DpStep::Edge {
            from: u,
            to: child,
            l,
            counts: tb.counts_of(f),
            subtree: tb.counts_of(ya),
            t: s.ready[child],
        });
    }
    Ok((out, types))
}

/// Mixed-radix increment, last coordinate fastest.
fn advance(i: &mut [usize], dims: &[usize]) {
    for d in (0..i.len()).rev() {
        if i[d] + 1 < dims[d] {
            i[d] += 1;
            return;
        }
        i[d] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::overhead::gallery;
    use crate::models::overhead::simulate::simulate;

    #[test]
    fn golden_examples() {
        let inst = gallery::libeskind_hadas_figure1();
        let (sol, t) = lemma5_with_time(&inst).unwrap();
        assert_eq!(t, 9.0);
        assert_eq!(simulate(&inst, &sol.plan).unwrap().completion_time, 9.0);
        let inst = gallery::liu_figure1();
        let (sol, t) = lemma5_with_time(&inst).unwrap();
        assert_eq!(t, 5.0);
        assert_eq!(simulate(&inst, &sol.plan).unwrap().completion_time, 5.0);
    }

    #[test]
    fn work_estimate_matches_the_formula() {
        // One type of 3 nodes, source of another send time: 2 tables * 3*4/2.
        let inst = Instance::node_model(0, &[2.0, 1.0, 1.0, 1.0]);
        assert_eq!(lemma5_work(&inst), 12.0);
        let big = Instance::node_model(0, &vec![1.0; 200_000]);
        assert!(matches!(
            lemma5(&big),
            Err(Error::TooLarge {
                algorithm: "lemma5",
                ..
            })
        ));
    }
}
