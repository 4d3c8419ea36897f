//! Exact optimum, fast: the default "optimum" of the app. A deadline-frontier dynamic program
//! over the node types; proof in `docs/optimal.md`.
//!
//! **Sets.** Types are as in [`super::lemma5`]: type `l` has send time `s_l`, arrival delay
//! `a_l = L + r_l` and `n_l` destinations. For a sender with send time `s` (a *class*: one per
//! distinct send time among the types and the source) and a time budget `T`, let `F(s, T)` be the
//! set of count vectors `y` such that a node with send time `s` holding the message at 0 can make
//! exactly `y_l` further nodes of each type `l` hold it by `T`. By the first-child decomposition
//! of Lemma 5,
//!
//! ```text
//! F(s, T) = {0}  ∪  ( G(T - s) ⊕ F(s, T - s) ),     G(t) = ∪_l ( e_l + F(s_l, t - a_l) )
//! ```
//!
//! (`⊕` is the Minkowski sum, `F(·, t) = ∅` for `t < 0`). The optimum is the least `T` with
//! `n ∈ F(s_source, T)`.
//!
//! **Frontier.** Suppose one destination type `K` is *slowest in both*: `s_K >= s_l` and
//! `a_K >= a_l` for every destination type `l` (always true in the node model, and whenever speeds
//! are consistent, 004 section 2.1). Then every `F(s, T)` is down-closed in the `K` coordinate
//! (Theorem F in `docs/optimal.md`: a type-`K` node that is not a leaf can swap places with a
//! leaf of its subtree without delaying anyone, and a leaf can be dropped). So `F(s, T)` is
//! exactly described by `h(y') = max { y_K : (y', y_K) ∈ F(s, T) }` over the other `k - 1`
//! coordinates `y'` (−∞ when none): an array of `P = prod_{l != K} (n_l + 1)` cells instead of a
//! `k`-dimensional set. Union becomes pointwise max, `e_K + ·` adds one, `e_l + ·` shifts, and
//! `⊕` becomes the (max, +) convolution of the arrays.
//!
//! **Times.** `F(s, ·)` is a step function of `T`; it can only change at `b + s` for a breakpoint
//! `b` of `F(s, ·)` or at `b + s + a_l` for a breakpoint `b` of `F(s_l, ·)`. The solver processes
//! these candidate times in increasing order from 0 (every class starts with `F = {0}`), stores
//! each class's breakpoints and arrays, and stops at the first `T` with `n ∈ F(s_source, T)`:
//! that `T` is the optimum. Greedy's time is an upper bound: no candidate above it is queued.
//!
//! **Plan.** From the final state the tree is rebuilt top-down: for target `y` at `(s, T)` find a
//! first child of type `l` and a split `y = e_l + y1 + y2` with `y1 ∈ F(s_l, T - s - a_l)` and
//! `y2 ∈ F(s, T - s)` (one exists by the recurrence and Theorem F), then recurse.
//!
//! **Exact arithmetic and tolerance.** When every cost (send, receive, latency) is a multiple of
//! `10^-d` for some `d <= 6` (up to float noise, a relative `1e-12`), all times are scaled to whole numbers and
//! every comparison is exact. Otherwise times are `f64` sums and two times within
//! `eps = 1e-12 * greedy` are treated as equal ([`REL_TOL`]); the result may then exceed the true
//! optimum by at most the number of nodes times `eps`.
//!
//! **Fallback.** With LogP gaps above the send times ([`Instance::has_gaps`]), and without a
//! type slowest in both (some inconsistent sender-receiver instances), or
//! when a send time is below `1000 * eps` in the `f64` mode, the solver uses
//! [`super::lemma5`] (its limits apply).
//!
//! **Concave rows.** Along the last coordinate the arrays are, in every instance measured,
//! *concave on an interval* (valid entries consecutive, differences non-increasing). The (max, +)
//! convolution of two such rows is the merge of their difference sequences, linear in their
//! lengths instead of their product; `convolve` tests every row of both arrays (linear time) and
//! merges pairs of rows when all are concave, and does the general convolution otherwise. The
//! result is the same either way: concavity is tested, not assumed.
//!
//! **Shortcuts** (`docs/optimal.md` section 3.13; the same arrays with and without them, checked
//! at run time): a class recomputed with the same rest state convolves only the rows of `G` that
//! changed (`Dp::changed_rows`); a class convolving its own array merges one of each two
//! mirror-image pairs of rows; outputs already at `n_K` are not merged again.
//!
//! **Complexity.** With `B` breakpoints per class, `c` classes, `P` frontier cells and rows of
//! length `m` (`P / m` rows), time `O(c * B * (k P + (P / m)^2 m / 2^(k-2)))` when the rows are
//! concave (for `k = 2`, `O(c B n)`; for `k = 3`, `O(c B n^3)`), and
//! `O(c * B * (k P + P^2 / 2^(k-1)))` otherwise; memory `O(c B P)`. Lemma 5 takes `O(n^(2k))`.
//! With whole costs `B <= OPT + 1`. Limits: [`OPTIMAL_CELL_LIMIT`] cells per frontier,
//! [`OPTIMAL_STORED_LIMIT`] stored cells, [`OPTIMAL_WORK_LIMIT`] steps (estimated beforehand for
//! whole costs on the concave path, counted while running on both); beyond them,
//! [`Error::TooLarge`].
//!
//! ```
//! use hetcast_core::{models::overhead::{gallery, algo::optimal, simulate}};
//! let inst = gallery::libeskind_hadas_figure1();
//! let (sol, t) = optimal::optimal_with_time(&inst).unwrap();
//! assert_eq!(t, 9.0);
//! assert_eq!(simulate(&inst, &sol.plan).unwrap().completion_time, 9.0);
//! ```

use super::greedy::greedy_plan;
use super::lemma5::{lemma5_with_time, saturating, send_classes, Assigner, Groups};
use super::Solution;
use crate::error::Error;
use crate::models::overhead::instance::Instance;
use crate::models::overhead::plan::Plan;
use crate::models::overhead::simulate::simulate;
use crate::order::Total;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

mod convolve;
use convolve::{convolve, Fast};

/// How far (relative) a scaled cost may be from a whole number and still count as whole in the
/// exact mode: float noise of the scaling only (`0.3 * 10` is `3.0000000000000004`).
const SCALE_NOISE: f64 = 1e-12;

/// Relative tolerance of the `f64` mode: times within `REL_TOL * greedy` are equal.
pub const REL_TOL: f64 = 1e-12;

/// Most decimals a cost may have for the exact whole-number mode.
pub const MAX_DECIMALS: i32 = 6;

/// Largest accepted number of dynamic-program steps (convolution cells visited, counted while
/// running; a convolution that would pass it is refused before it starts): about 2 s in an
/// `opt-level = 3` build on one core (about 5 steps per ns), longer with `opt-level = "z"`.
pub const OPTIMAL_WORK_LIMIT: f64 = 1.0e10;

/// Largest accepted *estimate* of the steps, computed before running when times are whole
/// numbers up to 2e6 (see `docs/optimal.md`): an upper bound when the arrays' rows are concave
/// (the usual case; the general convolution is bounded by [`OPTIMAL_WORK_LIMIT`] while running).
pub const OPTIMAL_ESTIMATE_LIMIT: f64 = 4.0e10;

/// Largest accepted frontier: `prod_{l != K} (n_l + 1)` cells.
pub const OPTIMAL_CELL_LIMIT: usize = 4_000_000;

/// Largest accepted number of stored frontier cells over all breakpoints (4 bytes each).
pub const OPTIMAL_STORED_LIMIT: usize = 50_000_000;

const NEG: i32 = -(1 << 30);

/// Which way [`optimal_with_method`] found the optimum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The frontier program with whole-number (scaled) times: every comparison exact.
    FrontierExact,
    /// The frontier program with `f64` times, equal within [`REL_TOL`] times greedy's time.
    FrontierTolerant,
    /// Lemma 5, because no destination type is slowest in both send time and `L + r`.
    Lemma5NoSlowestType,
    /// Lemma 5, because a send time is below 1000 times the `f64` tolerance.
    Lemma5TinyCosts,
    /// Lemma 5, because the frontier program could not rebuild a plan (possible only through
    /// rounding in the `f64` mode; never observed).
    Lemma5Rebuild,
    /// Lemma 5, because some node has a LogP gap above its send time (000 section 5): the
    /// frontier recurrence adapts (`docs/optimal.md`), but is not implemented with gaps.
    Lemma5Gaps,
}

/// Exact optimum (see the module documentation).
pub fn optimal(inst: &Instance) -> Result<Solution, Error> {
    optimal_with_time(inst).map(|(s, _)| s)
}

/// The optimal completion time alone.
pub fn optimal_time(inst: &Instance) -> Result<f64, Error> {
    optimal_with_time(inst).map(|(_, t)| t)
}

/// True when the frontier formulation applies (a destination type is slowest in both send time
/// and `L + r`); otherwise [`optimal`] falls back to Lemma 5.
pub fn frontier_applies(inst: &Instance) -> bool {
    if inst.has_gaps() {
        return false;
    }
    let g = Groups::new(inst);
    dominating(&g).is_some()
}

/// The frontier program's upper estimate of its steps (compare with [`OPTIMAL_ESTIMATE_LIMIT`];
/// about 5 steps per ns in an optimised build), when it can be computed beforehand: the frontier
/// applies, times are whole numbers after decimal scaling, and greedy's time is at most 2e6 units.
pub fn optimal_estimate(inst: &Instance) -> Result<Option<f64>, Error> {
    inst.validate()?;
    if inst.has_gaps() {
        return Ok(None);
    }
    let g = Groups::new(inst);
    let Some(kk) = dominating(&g) else {
        return Ok(None);
    };
    let ub = simulate(inst, &greedy_plan(inst)?)?.completion_time;
    match Dp::new(inst, &g, kk, ub, false)? {
        Some(dp) if dp.scale_exact => Ok(dp.bound().map(|(steps, _)| steps)),
        _ => Ok(None),
    }
}

/// The optimal plan and the optimal completion time (the dynamic program's value).
pub fn optimal_with_time(inst: &Instance) -> Result<(Solution, f64), Error> {
    optimal_with_method(inst).map(|(s, t, _)| (s, t))
}

/// The optimal plan, the optimal completion time and the method that found them.
pub fn optimal_with_method(inst: &Instance) -> Result<(Solution, f64, Method), Error> {
    inst.validate()?;
    if inst.has_gaps() {
        return fallback(inst, Method::Lemma5Gaps);
    }
    let g = Groups::new(inst);
    let Some(kk) = dominating(&g) else {
        return fallback(inst, Method::Lemma5NoSlowestType);
    };
    let incumbent = greedy_plan(inst)?;
    let ub = simulate(inst, &incumbent)?.completion_time;
    let Some(mut dp) = Dp::new(inst, &g, kk, ub, true)? else {
        return fallback(inst, Method::Lemma5TinyCosts);
    };
    let method = if dp.scale_exact {
        Method::FrontierExact
    } else {
        Method::FrontierTolerant
    };
    match dp.solve()? {
        Some((time, state)) => match dp.rebuild(inst, &g, state) {
            Some(plan) => Ok((
                Solution {
                    plan,
                    trace: Vec::new(),
                },
                time,
                method,
            )),
            None => fallback(inst, Method::Lemma5Rebuild),
        },
        // Cannot happen in exact arithmetic (greedy's time is reachable); be safe.
        None => fallback(inst, Method::Lemma5Rebuild),
    }
}

fn fallback(inst: &Instance, why: Method) -> Result<(Solution, f64, Method), Error> {
    match lemma5_with_time(inst) {
        Ok((s, t)) => Ok((s, t, why)),
        Err(Error::TooLarge {
            size, limit, what, ..
        }) => Err(Error::TooLarge {
            algorithm: match why {
                Method::Lemma5NoSlowestType => "optimal (no destination type is slowest in both send and receive time, so it uses Lemma 5, which)",
                Method::Lemma5TinyCosts => "optimal (send times too small for its tolerance, so it uses Lemma 5, which)",
                Method::Lemma5Gaps => "optimal (with LogP gaps it uses Lemma 5, which)",
                _ => "optimal (via its Lemma 5 fallback)",
            },
            size,
            limit,
            what,
        }),
        Err(e) => Err(e),
    }
}

/// The destination type slowest in both send time and arrival delay, if any.
fn dominating(g: &Groups) -> Option<usize> {
    let k = g.len();
    (0..k).find(|&c| (0..k).all(|l| g.send[l] <= g.send[c] && g.delay[l] <= g.delay[c]))
}

/// Per class, the least send time a child may have in the recurrence (`-inf`: any).
///
/// 000 Lemma 2: some optimal schedule is *monotonic* (no non-root node sends to a faster node).
/// Its proof swaps a node `u` with a faster child `v`, `v` taking `u`'s slot, and needs only that
/// `v` holds the message as soon after its send as `u` did: true when every type has the same
/// arrival delay `L + r` (the node model, `L = r = 0`). Then a node of a destination type needs
/// only children at least as slow as itself, and its arrays cover fewer types (one row for the
/// second-fastest of three types, one cell for the slowest). The sets stay between those of the
/// monotonic trees and `F`, so the least `T` with `n ∈ F(s_source, T)` is unchanged. The
/// source's class keeps every child, and so does a destination type's class that is also the
/// source's (same send time).
fn monotone_floors(
    class_send: &[f64],
    class_of_type: &[usize],
    class_src: usize,
    delay: &[f64],
) -> Vec<f64> {
    let same_delay = delay.windows(2).all(|w| w[0] == w[1]);
    (0..class_send.len())
        .map(|c| {
            if same_delay && c != class_src && class_of_type.contains(&c) {
                class_send[c]
            } else {
                f64::NEG_INFINITY
            }
        })
        .collect()
}

/// The decimal scale `10^d` that makes every cost whole, if `d <= MAX_DECIMALS` works.
fn decimal_scale(inst: &Instance, ub: f64) -> Option<f64> {
    let mut values: Vec<f64> = vec![inst.latency];
    for n in &inst.nodes {
        values.push(n.send);
        values.push(n.recv);
    }
    (0..=MAX_DECIMALS).map(|d| 10f64.powi(d)).find(|&f| {
        ub * f < (1u64 << 50) as f64
            && values.iter().all(|&x| {
                // Relative to the value itself, and only float noise: a cost of 4e-10 is not
                // "a whole 0", and 1.0000000004 is not "a whole 1".
                let y = x * f;
                (y - y.round()).abs() <= SCALE_NOISE * y.abs()
            })
    })
}

struct Dp {
    k: usize,
    /// For each type, its dimension in the arrays (None for `kk`).
    dim_of_type: Vec<Option<usize>>,
    /// Array extents `n_l + 1` and strides (last dimension contiguous).
    m: Vec<usize>,
    stride: Vec<usize>,
    p: usize,
    nk: i32,
    /// Flat index of the target (the other types' counts).
    target: usize,
    class_send: Vec<f64>,
    class_of_type: Vec<usize>,
    class_src: usize,
    /// Per class, the least send time of a child's class in the recurrence: monotone trees
    /// ([`monotone_floors`]).
    child_floor: Vec<f64>,
    /// Per class, the last time its state can be looked up ([`Dp::last_lookups`]): no state is
    /// computed after it.
    need: Vec<f64>,
    /// The source's class needs whole arrays up to this time only (its own lookups); after it,
    /// only the target cell is computed ([`Dp::target_value`]).
    full_until: f64,
    delay: Vec<f64>,
    eps: f64,
    ub: f64,
    /// Divide a scaled time by this to get back the instance's units.
    scale: f64,
    /// True in the whole-number mode.
    scale_exact: bool,
    times: Vec<Vec<f64>>,
    h: Vec<Vec<i32>>,
    /// The fast paths of section 3.13 (incremental steps, mirror-image pairs); off only in
    /// tests that compare both ways.
    fast: bool,
    /// Per class, the rest's state index and the `G` of its last computation.
    prev: Vec<Option<(usize, Vec<i32>)>>,
    /// Scratch: the changed rows of `G` ([`Dp::changed_rows`]).
    delta: Vec<i32>,
    /// [`OPTIMAL_WORK_LIMIT`], lower in tests.
    work_limit: f64,
    work: f64,
    stored: usize,
}

impl Dp {
    /// Set up, or `Ok(None)` when the `f64` mode cannot separate times (fallback).
    fn new(
        inst: &Instance,
        g: &Groups,
        kk: usize,
        ub: f64,
        check: bool,
    ) -> Result<Option<Dp>, Error> {
        let k = g.len();
        let n = g.counts();
        let mut dim_of_type = vec![None; k];
        let mut m = Vec::new();
        let mut target_coords = Vec::new();
        for l in 0..k {
            if l != kk {
                dim_of_type[l] = Some(m.len());
                m.push(n[l] + 1);
                target_coords.push(n[l]);
            }
        }
        let nd = m.len();
        let p_f: f64 = m.iter().map(|&x| x as f64).product();
        if p_f > OPTIMAL_CELL_LIMIT as f64 {
            return Err(Error::TooLarge {
                algorithm: "optimal",
                size: saturating(p_f),
                limit: OPTIMAL_CELL_LIMIT as u64,
                what: "frontier cells",
            });
        }
        let p = p_f as usize;
        let mut stride = vec![1usize; nd];
        for d in (0..nd.saturating_sub(1)).rev() {
            stride[d] = stride[d + 1] * m[d + 1];
        }
        let target = (0..nd).map(|d| target_coords[d] * stride[d]).sum();
        let src_send = inst.nodes[inst.source].send;
        // Without LogP gaps (the frontier's domain) a sender's step is its send time.
        let pairs: Vec<(f64, f64)> = g.send.iter().map(|&x| (x, x)).collect();
        let (mut class_send, _, class_of_type, class_src) =
            send_classes(&pairs, (src_send, src_send));
        let mut delay: Vec<f64> = g.delay.clone();
        let exact = decimal_scale(inst, ub);
        let (eps, ub_s, scale) = match exact {
            Some(f) => {
                for s in class_send.iter_mut() {
                    *s = (*s * f).round();
                }
                for (d, &r) in delay.iter_mut().zip(&g.recv) {
                    *d = (inst.latency * f).round() + (r * f).round();
                }
                (0.5, (ub * f * (1.0 + 1e-9)).ceil(), f)
            }
            None => {
                let eps = REL_TOL * ub;
                if class_send.iter().any(|&s| s <= 1e3 * eps) {
                    return Ok(None);
                }
                (eps, ub * (1.0 + 1e-9) + eps, 1.0)
            }
        };
        let nc = class_send.len();
        let child_floor = monotone_floors(&class_send, &class_of_type, class_src, &delay);
        let mut dp = Dp {
            k,
            dim_of_type,
            m,
            stride,
            p,
            nk: n[kk] as i32,
            target,
            class_send,
            class_of_type,
            class_src,
            child_floor,
            need: vec![ub_s; nc],
            full_until: f64::INFINITY,
            delay,
            eps,
            ub: ub_s,
            scale,
            scale_exact: exact.is_some(),
            times: vec![Vec::new(); nc],
            h: vec![Vec::new(); nc],
            fast: true,
            prev: vec![None; nc],
            delta: vec![NEG; p],
            work_limit: OPTIMAL_WORK_LIMIT,
            work: 0.0,
            stored: 0,
        };
        if exact.is_some() {
            dp.need = dp.last_lookups();
            if !dp.class_of_type.contains(&dp.class_src) {
                // Only the source's own next sends read its arrays.
                dp.full_until = dp.ub - dp.class_send[dp.class_src];
            }
        }
        if check && exact.is_some() {
            dp.estimate()?;
        }
        Ok(Some(dp))
    }

    /// A priori work estimate for whole-number times: (candidate times per class, from a sieve
    /// up to greedy's time) x (convolution cells per state).
    fn estimate(&self) -> Result<(), Error> {
        let Some((steps, states)) = self.bound() else {
            return Ok(()); // counted while running instead
        };
        if steps > OPTIMAL_ESTIMATE_LIMIT {
            return Err(Error::TooLarge {
                algorithm: "optimal",
                size: saturating(steps),
                limit: OPTIMAL_ESTIMATE_LIMIT as u64,
                what: "frontier steps (upper estimate)",
            });
        }
        let cells = states * self.p as f64;
        if cells > OPTIMAL_STORED_LIMIT as f64 {
            return Err(Error::TooLarge {
                algorithm: "optimal",
                size: saturating(cells),
                limit: OPTIMAL_STORED_LIMIT as u64,
                what: "stored frontier cells (upper estimate)",
            });
        }
        Ok(())
    }

    /// Upper bounds on the steps and on the number of states, for whole-number times up to
    /// greedy's time `ub <= 2e6` (None above). Candidate times per class come from a sieve over
    /// `0..=ub` (a time is a candidate only if it is a sum of the generators the queue adds).
    /// The arrays' supports are bounded through counting: a sender with send time `s` reaches at
    /// most `N_s(t)` nodes by `t` if every receiver had the smallest send time and the smallest
    /// `L + r` (lowering costs never delays, and with identical receivers the full tree that
    /// uses every slot reaches the most); a convolution whose rows are concave merges each pair
    /// of rows of the two boxes in at most their two lengths. A convolution with a row that is not
    /// concave costs more (up to `box(G) * box(F')`) and is bounded by the count while running.
    fn bound(&self) -> Option<(f64, f64)> {
        let ub = self.ub as usize;
        if ub > 2_000_000 {
            return None;
        }
        let nc = self.class_send.len();
        let sends: Vec<usize> = self.class_send.iter().map(|&s| s as usize).collect();
        let delays: Vec<usize> = self.delay.iter().map(|&a| a as usize).collect();
        let a_min = delays.iter().copied().min().unwrap_or(0);
        let s_min = (0..self.k)
            .map(|l| sends[self.class_of_type[l]])
            .min()
            .unwrap_or(1)
            .max(1);
        let cap = self.m.iter().map(|&x| x - 1).sum::<usize>() + self.nk as usize;
        // N for the fastest destination, then for each class.
        let n_min = informed_row(s_min, a_min, cap, ub, None);
        let n_c: Vec<Vec<usize>> = (0..nc)
            .map(|c| informed_row(sends[c].max(1), a_min, cap, ub, Some(&n_min)))
            .collect();
        // The row-merge path (rows concave on intervals, the usual case): one merge per pair of
        // rows, at most both rows' lengths each.
        let nd = self.m.len();
        let rows = |r: usize| -> f64 {
            self.m[..nd.saturating_sub(1)]
                .iter()
                .map(|&x| x.min(r + 1) as f64)
                .product()
        };
        let row_len = |r: usize| -> f64 { self.m.last().map_or(1, |&x| x.min(r + 1)) as f64 };
        let merged = |a: usize, b: usize| rows(a) * rows(b) * (row_len(a) + row_len(b));
        // Building G, testing both arrays' rows, clamping, comparing with the last state.
        let overhead = (self.k as f64 + 4.0) * self.p as f64;
        let mut reach = vec![vec![false; ub + 1]; nc];
        let (mut steps, mut states) = (0.0, 0.0);
        for t in 0..=ub {
            for c in 0..nc {
                let sc = sends[c];
                let r = t == 0
                    || (t >= sc
                        && (reach[c][t - sc]
                            || (0..self.k).any(|l| {
                                t >= sc + delays[l]
                                    && reach[self.class_of_type[l]][t - sc - delays[l]]
                            })));
                if !r {
                    continue;
                }
                reach[c][t] = true;
                states += 1.0;
                if t < sc {
                    continue;
                }
                let t1 = t - sc;
                // G(t1): a first child of type l with t1 - a_l left.
                let g_total = (0..self.k)
                    .filter(|&l| t1 >= delays[l])
                    .map(|l| 1 + n_c[self.class_of_type[l]][t1 - delays[l]])
                    .max();
                if let Some(gt) = g_total {
                    steps += merged(gt, n_c[c][t1]) + overhead;
                }
            }
        }
        Some((steps, states))
    }

    /// Per class, the last time at which the program can look its state up, with whole-number
    /// times: greedy's time `ub` for the source's class (its answer), and for a class `c`,
    /// `need[p] - s_p - a_l` over the classes `p` that may have a child of a type `l` in `c`
    /// (longest paths; every step goes down by a send time, so `nc` rounds settle them). A class's
    /// states after that time would never be read: the last `s_source` or so of every type's
    /// class, where its arrays are largest.
    fn last_lookups(&self) -> Vec<f64> {
        let nc = self.class_send.len();
        let mut need = vec![f64::NEG_INFINITY; nc];
        need[self.class_src] = self.ub;
        for _ in 0..nc {
            for p in 0..nc {
                for l in 0..self.k {
                    let c = self.class_of_type[l];
                    if self.class_send[c] < self.child_floor[p] {
                        continue;
                    }
                    let t = need[p] - self.class_send[p] - self.delay[l];
                    if t > need[c] {
                        need[c] = t;
                    }
                }
            }
        }
        need
    }

    fn lookup(&self, c: usize, t: f64) -> Option<usize> {
        if t < -self.eps {
            return None;
        }
        let i = self.times[c].partition_point(|&x| x <= t + self.eps);
        i.checked_sub(1)
    }

    fn state(&self, c: usize, j: usize) -> &[i32] {
        &self.h[c][j * self.p..(j + 1) * self.p]
    }

    fn coords(&self, flat: usize, out: &mut [usize]) {
        for (d, o) in out.iter_mut().enumerate() {
            *o = (flat / self.stride[d]) % self.m[d];
        }
    }

    /// Run the candidate times in increasing order; returns the optimum (in instance units) and
    /// the source class's state index, or None if greedy's bound was passed (cannot happen).
    fn solve(&mut self) -> Result<Option<(f64, f64)>, Error> {
        let nc = self.class_send.len();
        let mut heap: BinaryHeap<Reverse<(Total, usize)>> = BinaryHeap::new();
        let mut init = vec![NEG; self.p];
        init[0] = 0;
        for c in 0..nc {
            self.times[c].push(0.0);
            self.h[c].extend_from_slice(&init);
        }
        for c in 0..nc {
            self.schedule(&mut heap, c, 0.0);
        }
        let mut done = vec![f64::NEG_INFINITY; nc];
        let mut buf_g = vec![NEG; self.p];
        let mut buf_h = vec![NEG; self.p];
        while let Some(Reverse((Total(t), c))) = heap.pop() {
            if t <= done[c] + self.eps {
                continue;
            }
            done[c] = t;
            if c == self.class_src && t > self.full_until + self.eps {
                if self.target_value(c, t, &mut buf_g) >= self.nk {
                    return Ok(Some((t / self.scale, t)));
                }
                continue;
            }
            if let Err(needed) = self.compute(c, t, &mut buf_g, &mut buf_h) {
                return Err(Error::TooLarge {
                    algorithm: "optimal",
                    size: saturating(needed),
                    limit: self.work_limit as u64,
                    what: "frontier steps (counted while running)",
                });
            }
            let last = self.times[c].len() - 1;
            if buf_h[..] == *self.state(c, last) {
                continue;
            }
            self.stored += self.p;
            if self.stored > OPTIMAL_STORED_LIMIT {
                return Err(Error::TooLarge {
                    algorithm: "optimal",
                    size: self.stored as u64,
                    limit: OPTIMAL_STORED_LIMIT as u64,
                    what: "stored frontier cells (counted until the limit)",
                });
            }
            self.times[c].push(t);
            self.h[c].extend_from_slice(&buf_h);
            if c == self.class_src && buf_h[self.target] >= self.nk {
                return Ok(Some((t / self.scale, t)));
            }
            self.schedule(&mut heap, c, t);
        }
        Ok(None)
    }

    /// Queue the candidate times created by a new breakpoint `t` of class `c`.
    fn schedule(&self, heap: &mut BinaryHeap<Reverse<(Total, usize)>>, c: usize, t: f64) {
        let mut push = |time: f64, cls: usize| {
            if time <= self.need[cls] + self.eps {
                heap.push(Reverse((Total(time), cls)));
            }
        };
        push(t + self.class_send[c], c);
        for l in 0..self.k {
            if self.class_of_type[l] == c {
                for (c2, &s2) in self.class_send.iter().enumerate() {
                    push(t + s2 + self.delay[l], c2);
                }
            }
        }
    }

    /// `out = {0} ∪ (G(t - s) ⊕ F(s, t - s))` as arrays (see the module documentation).
    /// `Err(steps)` when the steps so far plus this convolution's would pass the limit.
    fn compute(&mut self, c: usize, t: f64, g: &mut [i32], out: &mut [i32]) -> Result<(), f64> {
        let t1 = t - self.class_send[c];
        self.first_children(c, t1, g);
        let jf = self.lookup(c, t1).unwrap_or(0);
        let mut delta = std::mem::take(&mut self.delta);
        // With one row (k = 2) a changed G is a changed row: nothing to gain.
        let rows = self.p / self.m.last().copied().unwrap_or(1);
        let incremental = self.fast && rows > 1;
        let filled = incremental && self.changed_rows(c, jf, g, &mut delta);
        let x: &[i32] = if filled {
            // The last result is G_old ⊕ F, clamped; G = G_old ∨ delta (section 3.13).
            out.copy_from_slice(self.state(c, self.times[c].len() - 1));
            &delta
        } else {
            out.fill(NEG);
            g
        };
        let f = self.state(c, jf);
        let budget = self.work_limit - self.work;
        let fast = match self.fast {
            true => Fast {
                mirror: true,
                cap: self.nk,
                filled,
            },
            false => Fast::NONE,
        };
        let done = convolve(x, f, &self.m, &self.stride, out, budget, fast);
        self.delta = delta;
        match done {
            Ok(w) => self.work += w,
            Err(w) => return Err(self.work + w),
        }
        match &mut self.prev[c] {
            _ if !incremental => {}
            Some((j, old)) => {
                *j = jf;
                old.copy_from_slice(g);
            }
            none => *none = Some((jf, g.to_vec())),
        }
        for v in out.iter_mut() {
            if *v < 0 {
                *v = NEG;
            } else if *v > self.nk {
                *v = self.nk;
            }
        }
        out[0] = out[0].max(0);
        Ok(())
    }

    /// The incremental step (`docs/optimal.md` section 3.13): true when the class's last
    /// computation used the same rest state `jf` and a `G` that `g` is at least cell by cell;
    /// then `delta` holds the rows of `g` that differ from that `G` (the other rows invalid), and
    /// `G(t) ⊕ F = (G_old ⊕ F) ∨ (delta ⊕ F)`. False (compute in full) otherwise.
    fn changed_rows(&self, c: usize, jf: usize, g: &[i32], delta: &mut [i32]) -> bool {
        let Some((j, old)) = &self.prev[c] else {
            return false;
        };
        if *j != jf {
            return false;
        }
        let len = self.m.last().copied().unwrap_or(1);
        let rows = g.chunks_exact(len).zip(old.chunks_exact(len));
        for ((gr, or), dr) in rows.zip(delta.chunks_exact_mut(len)) {
            if gr == or {
                dr.fill(NEG);
            } else if gr.iter().zip(or).any(|(&a, &b)| a < b) {
                return false; // never in exact arithmetic (F grows with T); compute in full
            } else {
                dr.copy_from_slice(gr);
            }
        }
        true
    }

    /// The target cell of `{0} ∪ (G(t - s) ⊕ F(s, t - s))` alone: the target is the far corner
    /// of the box, so every split `a + b = target` pairs `a` with the mirrored cell.
    fn target_value(&mut self, c: usize, t: f64, g: &mut [i32]) -> i32 {
        let t1 = t - self.class_send[c];
        self.first_children(c, t1, g);
        let f = self.state(c, self.lookup(c, t1).unwrap_or(0));
        let mut best = if self.target == 0 { 0 } else { NEG };
        for (&gv, &fv) in g.iter().zip(f[..=self.target].iter().rev()) {
            if gv >= 0 && fv >= 0 {
                best = best.max(gv + fv);
            }
        }
        self.work += self.p as f64;
        best
    }

    /// `g = G(t1)`, the union over the allowed first-child types (see the module documentation).
    fn first_children(&mut self, c: usize, t1: f64, g: &mut [i32]) {
        g.fill(NEG);
        for l in 0..self.k {
            let cl = self.class_of_type[l];
            if self.class_send[cl] < self.child_floor[c] {
                continue;
            }
            let Some(j) = self.lookup(cl, t1 - self.delay[l]) else {
                continue;
            };
            let src = self.state(cl, j);
            match self.dim_of_type[l] {
                None => {
                    for (gi, &v) in g.iter_mut().zip(src) {
                        if v >= 0 {
                            *gi = (*gi).max((v + 1).min(self.nk));
                        }
                    }
                }
                Some(d) => {
                    let (st, md) = (self.stride[d], self.m[d]);
                    let block = st * md;
                    let mut b0 = 0;
                    while b0 < self.p {
                        for i in b0..b0 + (md - 1) * st {
                            g[i + st] = g[i + st].max(src[i]);
                        }
                        b0 += block;
                    }
                }
            }
        }
        self.work += (self.k as f64 + 2.0) * self.p as f64;
    }

    /// Rebuild a plan for the source class at time `t` (scaled), the optimum.
    fn rebuild(&self, inst: &Instance, g: &Groups, t: f64) -> Option<Plan> {
        let nd = self.m.len();
        let mut plan = Plan::new(inst.source, inst.nodes.len());
        let mut assign = Assigner::new(g);
        let mut stack = vec![(inst.source, self.class_src, t, self.target, self.nk)];
        let mut cy = vec![0usize; nd];
        let mut bx = vec![0usize; nd];
        while let Some((u, c, t, yflat, yk)) = stack.pop() {
            if yflat == 0 && yk == 0 {
                continue;
            }
            let t1 = t - self.class_send[c];
            let jf = self.lookup(c, t1)?;
            let fp = self.state(c, jf);
            self.coords(yflat, &mut cy);
            let mut found = None;
            for l in 0..self.k {
                let cl = self.class_of_type[l];
                let Some(jl) = self.lookup(cl, t1 - self.delay[l]) else {
                    continue;
                };
                let fl = self.state(cl, jl);
                let (rem, need) = match self.dim_of_type[l] {
                    None => {
                        if yk < 1 {
                            continue;
                        }
                        bx.copy_from_slice(&cy);
                        (yflat, yk - 1)
                    }
                    Some(d) => {
                        if cy[d] == 0 {
                            continue;
                        }
                        bx.copy_from_slice(&cy);
                        bx[d] -= 1;
                        (yflat - self.stride[d], yk)
                    }
                };
                let hit = find_in_box(&bx, &self.stride, |a| {
                    fl[a] >= 0 && fp[rem - a] >= 0 && fl[a] + fp[rem - a] >= need
                });
                if let Some(a) = hit {
                    found = Some((l, jl, a, rem, need, fl[a]));
                    break;
                }
            }
            let (l, jl, a, rem, need, fla) = found?;
            let y1 = fla.min(need);
            let child = assign.take(l)?;
            plan.children[u].push(child);
            stack.push((u, c, self.times[c][jf], rem - a, need - y1));
            let cl = self.class_of_type[l];
            stack.push((child, cl, self.times[cl][jl], a, y1));
        }
        Some(plan)
    }
}

/// `n[t]` for `t = 0..=ub`, capped at `cap`: a node that sends every `s` (its first send
/// arriving `a` later) and whose first child informs `first[t]` nodes by `t` (`None`: as
/// many as the node itself, the fastest class) informs `n[t] = [t >= s + a](1 + first[t - s -
/// a]) + [t >= s] n[t - s]` nodes by `t`.
fn informed_row(s: usize, a: usize, cap: usize, ub: usize, first: Option<&[usize]>) -> Vec<usize> {
    let mut n = vec![0usize; ub + 1];
    for t in 0..=ub {
        let child = if t >= s + a {
            1 + first.map_or(n[t - s - a], |f| f[t - s - a])
        } else {
            0
        };
        let rest = if t >= s { n[t - s] } else { 0 };
        n[t] = (child + rest).min(cap);
    }
    n
}

/// First flat index `a` in the box `0 <= a <= bx` (per coordinate) with `pred(a)`.
fn find_in_box(
    bx: &[usize],
    stride: &[usize],
    mut pred: impl FnMut(usize) -> bool,
) -> Option<usize> {
    let nd = bx.len();
    if nd == 0 {
        return pred(0).then_some(0);
    }
    let mut y = vec![0usize; nd];
    loop {
        let base: usize = (0..nd - 1).map(|d| y[d] * stride[d]).sum();
        for x in 0..=bx[nd - 1] {
            if pred(base + x) {
                return Some(base + x);
            }
        }
        if !convolve::next_in_box(&mut y[..nd - 1], &bx[..nd - 1]) {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::overhead::gallery;

    /// The monotone restriction ([`monotone_floors`]) against the unrestricted recurrence (every
    /// class may have children of every type), on random node-model instances of 2 to 4 types
    /// and up to 100 nodes, whole costs 1 to 20 or one decimal: the same optimum, and the
    /// restricted program's plan completes at it.
    #[test]
    fn monotone_restriction_keeps_the_optimum() {
        use crate::rng::{below, Rng64};
        use rand::SeedableRng;
        let mut rng = Rng64::seed_from_u64(2);
        let mut restricted_classes = 0;
        for case in 0..60 {
            let k = 2 + below(&mut rng, 3);
            let n = 2 + below(&mut rng, [12, 40, 100][case % 3]);
            let tenth = case % 4 == 3;
            let types: Vec<f64> = (0..k)
                .map(|_| {
                    let c = 1 + below(&mut rng, 20);
                    if tenth {
                        (c * 10 + below(&mut rng, 10)) as f64 / 10.0
                    } else {
                        c as f64
                    }
                })
                .collect();
            let costs: Vec<f64> = (0..n).map(|_| types[below(&mut rng, k)]).collect();
            let inst = Instance::node_model(below(&mut rng, n), &costs);
            let g = Groups::new(&inst);
            let kk = dominating(&g).unwrap();
            let ub = simulate(&inst, &greedy_plan(&inst).unwrap())
                .unwrap()
                .completion_time;
            let (Some(mut dp), Some(mut open)) = (
                Dp::new(&inst, &g, kk, ub, false).unwrap(),
                Dp::new(&inst, &g, kk, ub, false).unwrap(),
            ) else {
                panic!("{costs:?}: the frontier applies")
            };
            restricted_classes += dp.child_floor.iter().filter(|f| f.is_finite()).count();
            open.child_floor.fill(f64::NEG_INFINITY);
            if dp.scale_exact {
                open.need = open.last_lookups();
            }
            let (t, j) = dp.solve().unwrap().unwrap();
            let (t_open, _) = open.solve().unwrap().unwrap();
            assert_eq!(t, t_open, "case {case}: {costs:?}, source {}", inst.source);
            let plan = dp.rebuild(&inst, &g, j).unwrap();
            let done = simulate(&inst, &plan).unwrap().completion_time;
            assert!(
                (done - t).abs() <= 1e-9 * t,
                "case {case}: plan {done}, optimum {t}"
            );
        }
        assert!(restricted_classes > 60, "{restricted_classes}");
    }

    /// A cost across the range validation accepts: magnitude 1e-10 to 1e9 (log-uniform), 1 to
    /// 12 significant digits.
    fn wide_cost(rng: &mut crate::rng::Rng64) -> f64 {
        use crate::rng::below;
        let x = 10f64.powf(below(rng, 19_000) as f64 / 1000.0 - 10.0);
        let digits = 1 + below(rng, 12) as i32;
        let scale = 10f64.powi(digits - 1 - x.log10().floor() as i32);
        ((x * scale).round() / scale).clamp(1e-10, 1e9)
    }

    /// A random instance for [`fast_paths_change_no_state`]: both models, 1 to 4 types, up to
    /// 200 nodes (node model) or 50 (sender-receiver), costs whole (1 to 20), with one decimal, in thirds (the `f64` mode) or from
    /// [`wide_cost`]; sender-receiver types consistent (sends and receives sorted together) in
    /// three cases of four, and a latency in one of two.
    fn random_instance(rng: &mut crate::rng::Rng64, case: usize) -> Instance {
        use crate::rng::below;
        let cost = |rng: &mut crate::rng::Rng64| -> f64 {
            let c = 1 + below(rng, 20);
            match (case / 2) % 4 {
                0 => c as f64,
                1 => (c * 10 + below(rng, 10)) as f64 / 10.0,
                2 => c as f64 / 3.0,
                _ => wide_cost(rng),
            }
        };
        let k = 1 + below(rng, 4);
        // Smaller sender-receiver instances: their rows need not be concave (general path).
        let n = 2 + below(rng, [10, 60, 200][case % 3] / (1 + 3 * (case % 2)));
        let mut sends: Vec<f64> = (0..k).map(|_| cost(rng)).collect();
        let mut recvs: Vec<f64> = (0..k).map(|_| cost(rng)).collect();
        if case % 8 != 7 {
            sends.sort_by(f64::total_cmp);
            recvs.sort_by(f64::total_cmp);
        }
        let src = (cost(rng), cost(rng));
        let pick: Vec<usize> = (0..n - 1).map(|_| below(rng, k)).collect();
        if case.is_multiple_of(2) {
            let mut costs: Vec<f64> = pick.iter().map(|&l| sends[l]).collect();
            costs.insert(0, src.0);
            Instance::node_model(0, &costs)
        } else {
            let latency = if case % 4 == 1 { cost(rng) } else { 0.0 };
            let mut costs: Vec<(f64, f64)> = pick.iter().map(|&l| (sends[l], recvs[l])).collect();
            costs.insert(0, src);
            Instance::sender_receiver(0, latency, &costs)
        }
    }

    /// The fast paths of section 3.13 (incremental steps, mirror-image pairs, outputs already at
    /// the cap) on and off, on 600 random instances of both models across the accepted range
    /// ([`random_instance`]): every class's breakpoints and arrays are identical, and so are
    /// the result and the plan; the fast paths did less work on most node-model instances.
    #[test]
    fn fast_paths_change_no_state() {
        use crate::rng::Rng64;
        use rand::SeedableRng;
        let mut rng = Rng64::seed_from_u64(2113);
        let (mut compared, mut less) = (0, 0);
        for case in 0..600 {
            let inst = random_instance(&mut rng, case);
            inst.validate().unwrap();
            let g = Groups::new(&inst);
            let Some(kk) = dominating(&g) else {
                continue; // Lemma 5's case (inconsistent speeds)
            };
            let ub = simulate(&inst, &greedy_plan(&inst).unwrap())
                .unwrap()
                .completion_time;
            let (Some(mut fast), Some(mut slow)) = (
                Dp::new(&inst, &g, kk, ub, false).unwrap(),
                Dp::new(&inst, &g, kk, ub, false).unwrap(),
            ) else {
                continue; // Lemma 5's case (tiny costs)
            };
            slow.fast = false;
            // Wide costs in the f64 mode can take 10^10 steps: keep the test short.
            (fast.work_limit, slow.work_limit) = (3e7, 3e7);
            let (a, b) = (fast.solve(), slow.solve());
            if a.is_err() || b.is_err() {
                assert!(
                    matches!(b, Err(Error::TooLarge { .. })),
                    "case {case}: {b:?}"
                );
                continue;
            }
            let (a, b) = (a.unwrap(), b.unwrap());
            assert_eq!(a, b, "case {case}: {inst:?}");
            assert_eq!(fast.times, slow.times, "case {case}");
            assert_eq!(fast.h, slow.h, "case {case}");
            if let Some((_, t)) = a {
                let plans = (fast.rebuild(&inst, &g, t), slow.rebuild(&inst, &g, t));
                assert_eq!(plans.0, plans.1, "case {case}");
            }
            compared += 1;
            less += (fast.work < slow.work) as usize;
        }
        eprintln!("compared {compared}, less work {less}");
        assert!(compared > 450, "{compared}");
        assert!(less > 100, "{less} of {compared}");
    }

    #[test]
    fn golden_examples() {
        for (inst, want) in [
            (gallery::libeskind_hadas_figure1(), 9.0),
            (gallery::liu_figure1(), 5.0),
        ] {
            let (sol, t) = optimal_with_time(&inst).unwrap();
            assert_eq!(t, want);
            assert_eq!(simulate(&inst, &sol.plan).unwrap().completion_time, want);
        }
    }
}
