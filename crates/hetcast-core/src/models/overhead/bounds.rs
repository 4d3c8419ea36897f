//! Bounds shown beside every result.
//!
//! - [`lower_bound`]: a proven lower bound on the optimum, for both models (proof in
//!   `docs/algorithms.md`, "Lower bound"): the larger of
//!   1. the **relaxation bound**: greedy's completion time on the instance whose destinations all
//!      get the smallest destination send time and the smallest destination `L + r` (greedy is
//!      optimal when all destinations are identical, and lowering costs never delays a plan);
//!   2. the **last-receiver bound** (004 section 5.3): `s(source) + L + max r`.
//! - [`additive_slack`]: 000 Theorem 1, greedy <= OPT + sum of C(i) for i < k (node model).
//! - [`rounded`]: the power-of-two rounding of 000 Theorem 3 (node model: costs rounded up to
//!   `f * 2^j`, `f` the smallest cost) and 004 Theorem 3 (sender-receiver: `s` and `L + r`
//!   rounded up to powers of two, latency folded into the receive time); greedy's time on the
//!   rounded instance is `GREEDY'` with `GREEDY <= GREEDY' <= 2 OPT` in the node model.
//! - [`beta`]: 004 Theorem 4, FNF <= 2 T + beta with `beta = max r' - 2 min r'`, `r' = L + r`,
//!   claimed only when speeds are consistent.
//!
//! **Complexity**: O(n log n) (three greedy runs).

use super::algo::greedy::greedy_plan;
use super::Algorithm;
use crate::models::overhead::instance::{Instance, ModelKind, Node};
use crate::models::overhead::simulate::simulate;
use crate::units::fmt_t;
use serde::{Deserialize, Serialize};

fn greedy_time(inst: &Instance) -> f64 {
    let plan = greedy_plan(inst).expect("bounds are computed on valid instances");
    simulate(inst, &plan)
        .expect("greedy plans are trees")
        .completion_time
}

/// The relaxed instance of the relaxation bound: every destination gets the smallest
/// destination send time, and `L + r` equal to the smallest destination `L + r`.
pub fn relaxed(inst: &Instance) -> Instance {
    let s_min = inst
        .destinations()
        .map(|v| inst.nodes[v].send)
        .fold(f64::INFINITY, f64::min);
    let r_min = inst
        .destinations()
        .map(|v| inst.nodes[v].recv)
        .fold(f64::INFINITY, f64::min);
    let mut out = inst.clone();
    // Gaps only delay sends: the relaxed instance has none (its steps are the send times).
    out.nodes[inst.source].gap = None;
    for v in inst.destinations() {
        out.nodes[v] = Node {
            name: inst.nodes[v].name.clone(),
            send: s_min,
            recv: r_min,
            gap: None,
        };
    }
    out
}

/// The relaxation bound (see the module documentation).
pub fn relaxation_bound(inst: &Instance) -> f64 {
    greedy_time(&relaxed(inst))
}

/// 004 section 5.3: the source spends s(source) on its first send, and the slowest receiver
/// needs L + r after the send that reaches it ends.
pub fn last_receiver_bound(inst: &Instance) -> f64 {
    let r_max = inst
        .destinations()
        .map(|v| inst.nodes[v].recv)
        .fold(0.0, f64::max);
    inst.nodes[inst.source].send + inst.latency + r_max
}

/// A proven lower bound on the optimal completion time (the larger of the two bounds above).
/// `inst` must be valid.
pub fn lower_bound(inst: &Instance) -> f64 {
    relaxation_bound(inst).max(last_receiver_bound(inst))
}

/// 000 Theorem 1: sum of the distinct costs C(1) < ... < C(k) of all nodes (source included)
/// except the largest. Node model only.
pub fn additive_slack(inst: &Instance) -> f64 {
    let c = crate::order::sorted_distinct(inst.nodes.iter().map(|n| n.send));
    c.iter().take(c.len().saturating_sub(1)).sum()
}

fn pow2_at_least(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return x; // never for valid instances; keeps the loops below finite regardless
    }
    let mut p = 2f64.powi(x.log2().ceil() as i32);
    // Guard against log2 rounding: the smallest power of two >= x.
    while p < x {
        p *= 2.0;
    }
    while p / 2.0 >= x {
        p /= 2.0;
    }
    p
}

/// The power-of-two rounding of 000 Theorem 3 (node model: `f * 2^j >= c` with `f` the smallest
/// cost) and 004 Theorem 3 (sender-receiver: `s` and `L + r` each rounded up to a power of two;
/// the rounded instance has latency 0 and receive time the rounded `L + r`).
pub fn rounded(inst: &Instance) -> Instance {
    let mut out = inst.clone();
    match inst.model {
        ModelKind::Node => {
            let f = inst
                .nodes
                .iter()
                .map(|n| n.send)
                .fold(f64::INFINITY, f64::min);
            for n in &mut out.nodes {
                n.send = f * pow2_at_least(n.send / f);
            }
        }
        ModelKind::SenderReceiver => {
            out.latency = 0.0;
            for (o, n) in out.nodes.iter_mut().zip(&inst.nodes) {
                o.send = pow2_at_least(n.send);
                o.recv = pow2_at_least(n.recv + inst.latency);
            }
        }
    }
    out
}

/// 004 Theorem 4: beta = max r' - 2 min r' over destinations, with r' = L + r.
pub fn beta(inst: &Instance) -> f64 {
    let r = inst.destinations().map(|v| inst.arrival_delay(v));
    let (lo, hi) = r.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
        (lo.min(x), hi.max(x))
    });
    hi - 2.0 * lo
}

/// One line of the bounds panel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoundLine {
    /// Short label.
    pub label: String,
    /// Its value.
    pub value: f64,
    /// What it means and where it comes from.
    pub explanation: String,
}

/// Everything the results table shows about bounds for one instance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoundsReport {
    /// The proven lower bound on OPT ([`lower_bound`]).
    pub lower_bound: f64,
    /// Greedy's completion time on this instance.
    pub greedy: f64,
    /// Node model: the additive slack of 000 Theorem 1.
    pub additive_slack: Option<f64>,
    /// Greedy's time on the power-of-two rounded instance.
    pub greedy_rounded: f64,
    /// Sender-receiver model with consistent speeds: beta of 004 Theorem 4.
    pub beta: Option<f64>,
    /// Speeds are consistent (always true in the node model).
    pub consistent: bool,
    /// Some node has a LogP gap above its send time: the papers' guarantees are not claimed
    /// (000 section 5: the approximation results do not carry over); the lower bound holds.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub gaps: bool,
    /// The lines to display, with explanations.
    pub lines: Vec<BoundLine>,
}

impl BoundsReport {
    /// The guarantee the papers prove for `algo` on this instance, as text, if any.
    pub fn guarantee(&self, algo: Algorithm) -> Option<String> {
        match algo {
            Algorithm::Greedy if self.gaps => {
                Some("none (LogP gaps: the papers' bounds do not carry over)".into())
            }
            Algorithm::Greedy => match (self.additive_slack, self.beta) {
                (Some(a), _) => Some(format!("≤ OPT + {} and ≤ 2·OPT", fmt_t(a))),
                (None, Some(b)) if b < 0.0 => Some(format!("≤ 2·OPT − {}", fmt_t(-b))),
                (None, Some(b)) => Some(format!("≤ 2·OPT + {}", fmt_t(b))),
                (None, None) => Some("none (speeds not consistent)".into()),
            },
            a if a.is_exact() => Some("= OPT".into()),
            _ => None,
        }
    }

    /// The best lower bound on OPT that the guarantees give, combined with the proven lower
    /// bound: node model `max(LB, greedy - slack, GREEDY'/2)`; sender-receiver with consistent
    /// speeds `max(LB, (FNF - beta)/2)`.
    pub fn best_lower_bound(&self) -> f64 {
        let mut lb = self.lower_bound;
        if let Some(a) = self.additive_slack {
            lb = lb.max(self.greedy - a).max(self.greedy_rounded / 2.0);
        }
        if let Some(b) = self.beta {
            lb = lb.max((self.greedy - b) / 2.0);
        }
        lb
    }
}

/// Compute every bound for `inst` (which must be valid).
pub fn report(inst: &Instance) -> BoundsReport {
    let greedy = greedy_time(inst);
    let relax = relaxation_bound(inst);
    let last = last_receiver_bound(inst);
    let lower = relax.max(last);
    let rounded_inst = rounded(inst);
    let greedy_rounded = greedy_time(&rounded_inst);
    let consistent = inst.is_consistent();
    let mut lines = vec![
        BoundLine {
            label: "Lower bound".into(),
            value: lower,
            explanation: format!(
                "max(relaxation {}, last receiver {}): no schedule finishes earlier (proof in docs/algorithms.md)",
                fmt_t(relax),
                fmt_t(last)
            ),
        },
    ];
    let gaps = inst.has_gaps();
    let (additive, b) = match inst.model {
        _ if gaps => {
            lines.push(BoundLine {
                label: "Greedy guarantees (not claimed)".into(),
                value: f64::NAN,
                explanation: "some node has a LogP gap above its send time: the papers' approximation bounds do not carry over (Libeskind-Hadas et al. section 5)".into(),
            });
            (None, None)
        }
        ModelKind::Node => {
            let a = additive_slack(inst);
            lines.push(BoundLine {
                label: "Additive slack Σ C(i), i<k".into(),
                value: a,
                explanation: format!(
                    "Libeskind-Hadas et al. Thm 1: greedy ≤ OPT + {}, so OPT ≥ {}",
                    fmt_t(a),
                    fmt_t(greedy - a)
                ),
            });
            lines.push(BoundLine {
                label: "Greedy on power-of-2 costs".into(),
                value: greedy_rounded,
                explanation: format!(
                    "Thm 3: greedy ≤ GREEDY' = {} ≤ 2·OPT, so OPT ≥ {}",
                    fmt_t(greedy_rounded),
                    fmt_t(greedy_rounded / 2.0)
                ),
            });
            (Some(a), None)
        }
        ModelKind::SenderReceiver => {
            lines.push(BoundLine {
                label: "FNF on power-of-2 cluster".into(),
                value: greedy_rounded,
                explanation: "Liu et al. Thm 3: s and L+r rounded up to powers of 2; FNF is optimal there for the last ready-to-receive time".into(),
            });
            if consistent {
                let b = beta(inst);
                lines.push(BoundLine {
                    label: "β = max r' − 2 min r'".into(),
                    value: b,
                    explanation: format!(
                        "Liu et al. Thm 4: FNF ≤ 2·OPT + β, so OPT ≥ {}",
                        fmt_t((greedy - b) / 2.0)
                    ),
                });
                (None, Some(b))
            } else {
                lines.push(BoundLine {
                    label: "β (not claimed)".into(),
                    value: f64::NAN,
                    explanation: "speeds are not consistent (s(p) ≤ s(q) iff r(p) ≤ r(q) fails): the 2T + β guarantee does not apply".into(),
                });
                (None, None)
            }
        }
    };
    BoundsReport {
        lower_bound: lower,
        greedy,
        additive_slack: additive,
        greedy_rounded,
        beta: b,
        consistent,
        gaps,
        lines,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::overhead::gallery;

    #[test]
    fn figure_1_bounds() {
        let inst = gallery::libeskind_hadas_figure1();
        let r = report(&inst);
        assert_eq!(r.greedy, 10.0);
        assert_eq!(r.additive_slack, Some(2.0));
        // Relaxation: source 3, eleven destinations of cost 2. Greedy on it: the source's
        // first child holds the message at 3 and sends at 5, 7, 9; the source sends again at 6
        // and 9; the holders at 5 (one), 6 (one) and 7 (two) fill the rest, and the 11th
        // destination holds it at 9. The last-receiver bound is only 3 + 0 + 0.
        assert_eq!(relaxation_bound(&inst), 9.0);
        assert_eq!(last_receiver_bound(&inst), 3.0);
        assert_eq!(r.lower_bound, 9.0);
        // The bound is tight here: the optimum is 9.
        assert_eq!(r.best_lower_bound(), 9.0);
        assert_eq!(
            r.guarantee(Algorithm::Greedy).unwrap(),
            "≤ OPT + 2 and ≤ 2·OPT"
        );
    }

    #[test]
    fn liu_bounds() {
        let inst = gallery::liu_figure1();
        let r = report(&inst);
        assert_eq!(last_receiver_bound(&inst), 1.0 + 1.0 + 3.0);
        // Relaxation: both destinations as the fastest (s 1, r 2): the source's two sends end
        // at 1 and 2, so they hold the message at 1+1+2 = 4 and 2+1+2 = 5.
        assert_eq!(relaxation_bound(&inst), 5.0);
        assert_eq!(r.lower_bound, 5.0);
        assert_eq!(r.beta, Some(4.0 - 6.0));
        // (FNF - beta) / 2 = (6 + 2) / 2 = 4 < 5: the best bound is 5, the optimum.
        assert_eq!(r.best_lower_bound(), 5.0);
        assert_eq!(r.guarantee(Algorithm::Greedy).unwrap(), "≤ 2·OPT − 2");
    }

    #[test]
    fn rounding() {
        assert_eq!(pow2_at_least(3.0), 4.0);
        assert_eq!(pow2_at_least(4.0), 4.0);
        assert_eq!(pow2_at_least(0.3), 0.5);
        let r = rounded(&Instance::node_model(0, &[3.0, 2.0, 5.0]));
        assert_eq!(
            r.nodes.iter().map(|n| n.send).collect::<Vec<_>>(),
            vec![4.0, 2.0, 8.0]
        );
    }
}
