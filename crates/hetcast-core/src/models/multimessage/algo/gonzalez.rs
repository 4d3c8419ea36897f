//! Gonzalez's 2d algorithm for multimessage multicasting with forwarding (T. F. Gonzalez,
//! "Algorithms for Multimessage Multicasting with Forwarding", section 2), step by step as the
//! paper gives it:
//!
//! 1. **Input balancing** (2.0.1): two dummy processors `P_{n+1}`, `P_{n+2}`; `P_{n+1}` sends
//!    `d` dummy messages to `P_{n+2}`, `P_{n+2}` sends `d` dummy messages to `P_{n+1}`, and the
//!    `i`-th of them also to every processor with fewer than `i` incoming messages. Every
//!    processor then receives exactly `d` messages.
//! 2. **Transformation to a unicasting instance** (2.0.2): transformation `T` (a noncritical
//!    processor, one with fewer than `d` bundles, splits a multi-edge bundle into a multi-edge
//!    and a single-edge bundle) until property W2 holds; then for `i = 1..d` the sets `S`
//!    (critical processors), `Q_j` (a bundle of largest fan-out of `P_j`), the marks (critical
//!    processors with exactly `i - 1` single-edge bundles), `S'` (noncritical processors with
//!    at least `i` bundles, enough to make `Σ|Q_j| + |S'| = n`), and the redistribution loop,
//!    which hands the edges of every `Q_j` to consecutive processors `P_bot..P_top` (one edge
//!    to a marked processor, as many as can be spared to an unmarked one) and makes step `i`
//!    of schedule `X`: `P_j` multicasts `Q_j`'s message to `P_bot..P_top`; then `T` again.
//! 3. **The unicasting instance** (2.0.3): after `d` rounds every processor has `d`
//!    single-edge bundles and `d` incoming edges, a `d`-regular bipartite multigraph, coloured
//!    with `d` colours ([`crate::combinatorics::edge_colouring`]); colour `c` is step `d + c`.
//! 4. **Final schedule** (2.0.4): `X` then `X'`, dummy processors and messages deleted. This
//!    implementation also drops transfers to a processor that already holds the message
//!    (the paper's remark on figure 4: "there is no need to transmit message j from P8 to P7")
//!    and steps left empty, so the result has at most `2d` steps and often fewer.
//!
//! Where the paper leaves a choice open, this file takes the first candidate in index order
//! (the bundle of largest fan-out with the lowest position, the first processors for `S'`, the
//! first destinations of `Q_j`; `T` splits off the last destination of the first multi-edge
//! bundle); `docs/algorithms.md` lists these choices. The paper states Lemma 2.1 without proof;
//! each run checks what the construction relies on (that `S'` exists, that the redistribution
//! fits in `n` processors, that `(I_d, G_d)` is unicasting) and reports a broken claim as an
//! error rather than a wrong schedule; the property tests run it on thousands of instances.
//!
//! # Complexity
//! O(d·(n + E)) for the `d` rounds (E ≤ n·d edges of the balanced instance), plus the edge
//! colouring, O(E·(n + d)): O(n·d·(n + d)) in all.
//!
//! # Example
//! Example 1.1 (9 processors, d = 3): at most 2d = 6 steps.
//!
//! ```
//! use hetcast_core::models::multimessage::{algo::gonzalez::gonzalez, gallery::example_1_1, simulate};
//! let inst = example_1_1();
//! let run = gonzalez(&inst).unwrap();
//! let s = simulate(&inst, &run.plan).unwrap();
//! assert!(s.steps <= 6);
//! assert_eq!(run.raw_steps, 6);
//! ```

use crate::combinatorics::edge_colouring::colour_bipartite;
use crate::error::Error;
use crate::models::multimessage::{MmInstance, MmPlan, Transmission};
use crate::trace::{ItemId, Step, Trace, Tracer};

/// The pseudo-code the trace's `pseudo_line`s point into (section 2, with the paper's loop).
pub const PSEUDO: &[&str] = &[
    "Input balancing: add P(n+1), P(n+2); P(n+1) sends d dummy messages to P(n+2); the i-th of P(n+2)'s d dummy messages goes to P(n+1) and to every processor with fewer than i incoming messages",
    "Apply transformation T until W2 holds: (I_0, G_0)",
    "X ← ∅",
    "for i = 1 to d do",
    "    S ← {j | P_j is critical (d bundles)}",
    "    for each P_j: Q_j ← a bundle of largest fan-out; mark P_j if critical with exactly i − 1 single-edge bundles",
    "    if Σ_{j∈S} |Q_j| < n then S' ← noncritical processors with ≥ i bundles, with Σ_{j∈S} |Q_j| + |S'| = n",
    "    for j ∈ S ∪ S', in order: hand the edges of Q_j to P_bot, ..., P_top (one to a marked processor; to an unmarked one w = min(|Q_j|, edges left − processors left))",
    "        step i of X: multicast Q_j's message from P_j to P_bot, ..., P_top; delete Q_j",
    "    Apply transformation T until W2 holds: (I_i, G_i)",
    "endfor",
    "(I_d, G_d) is a unicasting (MUC) instance of degree d: colour its bipartite multigraph with d colours",
    "    step d + c of X': every edge of colour c, one unicast each",
    "Concatenate X and X'; delete the dummy processors and messages, transfers to processors that hold the message already, and empty steps",
];

/// One bundle: the edges of one message leaving one processor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bundle {
    /// Message (index in [`GonzalezRun::message_names`]; real messages first, then the dummies).
    pub message: usize,
    /// The destinations of its edges.
    pub dests: Vec<usize>,
}

/// The multigraph at one moment of the construction: `bundles[p]` leave processor `p`
/// (processors of the balanced instance: real ones first, then `P(n+1)`, `P(n+2)`).
pub type Multigraph = Vec<Vec<Bundle>>;

/// One round `i` of section 2.0.2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// `i`, from 1.
    pub i: usize,
    /// The critical processors `S`.
    pub s: Vec<usize>,
    /// The processors chosen for `S'`.
    pub s_prime: Vec<usize>,
    /// The marked processors.
    pub marked: Vec<usize>,
    /// `Q_j` of every processor of `S ∪ S'`: `(j, message, edges)`.
    pub q: Vec<(usize, usize, Vec<usize>)>,
    /// Step `i` of `X` (balanced indices).
    pub mode: Vec<Transmission>,
    /// `(I_i, G_i)` after transformation `T`.
    pub after: Multigraph,
}

/// Everything a run builds, for the tests and the step player.
#[derive(Debug, Clone, PartialEq)]
pub struct GonzalezRun {
    /// The final schedule of the input instance.
    pub plan: MmPlan,
    /// The degree `d`.
    pub degree: usize,
    /// Steps of `X` plus `X'` before anything is dropped: `2d`.
    pub raw_steps: usize,
    /// Names of the balanced instance's messages (real, then dummies `x1..xd`, `y1..yd`).
    pub message_names: Vec<String>,
    /// The balanced instance `(Ī, Ḡ)`.
    pub balanced: Multigraph,
    /// `(I_0, G_0)`: the balanced instance after transformation `T`.
    pub g0: Multigraph,
    /// The `d` rounds.
    pub rounds: Vec<Round>,
    /// `X'`: the unicasting instance's `d` steps (balanced indices).
    pub muc: Vec<Vec<Transmission>>,
    /// The steps taken, for the step player.
    pub trace: Trace,
}

fn broken(what: String) -> Error {
    Error::InvalidPlan(format!(
        "Gonzalez's construction failed: {what} (the paper states this without proof; please report the instance)"
    ))
}

/// Run the algorithm without recording steps.
pub fn gonzalez(inst: &MmInstance) -> Result<GonzalezRun, Error> {
    run(inst, Tracer::off())
}

/// Run the algorithm and record its steps.
pub fn gonzalez_traced(inst: &MmInstance) -> Result<GonzalezRun, Error> {
    run(inst, Tracer::on())
}

struct Names<'a> {
    inst: &'a MmInstance,
    messages: Vec<String>,
}

impl Names<'_> {
    fn p(&self, p: usize) -> String {
        let n = self.inst.processors;
        if p < n {
            self.inst.label(p)
        } else {
            format!("P{} (dummy)", p + 1)
        }
    }
    fn ps(&self, ps: &[usize]) -> String {
        if ps.is_empty() {
            "∅".into()
        } else {
            format!(
                "{{{}}}",
                ps.iter().map(|&p| self.p(p)).collect::<Vec<_>>().join(", ")
            )
        }
    }
}

/// Apply transformation T until W2 holds; returns the splits made `(processor, message, dest)`.
fn transform_t(g: &mut Multigraph, d: usize) -> Vec<(usize, usize, usize)> {
    let mut splits = Vec::new();
    for (p, bundles) in g.iter_mut().enumerate() {
        while bundles.len() < d {
            let Some(b) = bundles.iter_mut().find(|b| b.dests.len() > 1) else {
                break;
            };
            let dest = b.dests.pop().expect("a multi-edge bundle has edges");
            let message = b.message;
            bundles.push(Bundle {
                message,
                dests: vec![dest],
            });
            splits.push((p, message, dest));
        }
    }
    splits
}

fn run(inst: &MmInstance, mut tr: Tracer) -> Result<GonzalezRun, Error> {
    inst.validate()?;
    let n = inst.processors;
    let big_n = n + 2;
    let m = inst.messages.len();
    let d = inst.degree();
    let mut message_names: Vec<String> = inst.messages.iter().map(|x| x.name.clone()).collect();
    message_names.extend((1..=d).map(|i| format!("x{i} (dummy)")));
    message_names.extend((1..=d).map(|i| format!("y{i} (dummy)")));
    let names = Names {
        inst,
        messages: message_names.clone(),
    };
    let (d1, d2) = (n, n + 1);
    // Raw step (from 0) each trace step is about; mapped to the final schedule at the end.
    let mut raw_t: Vec<usize> = Vec::new();
    let mut push = |tr: &mut Tracer, raw: usize, line: usize, text: String, hl: Vec<ItemId>| {
        let mut pushed = false;
        tr.push(|| {
            pushed = true;
            Step {
                text,
                pseudo_line: Some(line),
                highlight: hl,
                t: 0.0,
            }
        });
        if pushed {
            raw_t.push(raw);
        }
    };

    // 2.0.1 Input balancing.
    let mut g: Multigraph = vec![Vec::new(); big_n];
    for (k, msg) in inst.messages.iter().enumerate() {
        g[msg.source].push(Bundle {
            message: k,
            dests: msg.destinations.clone(),
        });
    }
    let incoming = inst.in_degrees();
    for i in 1..=d {
        g[d1].push(Bundle {
            message: m + i - 1,
            dests: vec![d2],
        });
        let mut dests = vec![d1];
        dests.extend((0..n).filter(|&q| incoming[q] < i));
        g[d2].push(Bundle {
            message: m + d + i - 1,
            dests,
        });
    }
    let balanced = g.clone();
    push(
        &mut tr,
        0,
        1,
        format!(
            "Input balancing: d = {d}. The dummy processors {} and {} are added; {} sends x1..x{d} to {}, and {} sends y1..y{d} to {}, the i-th also to every processor with fewer than i incoming messages, so that every processor receives exactly {d} messages.",
            names.p(d1), names.p(d2), names.p(d1), names.p(d2), names.p(d2), names.p(d1)
        ),
        Vec::new(),
    );

    // 2.0.2 Transformation T, then d rounds.
    let splits = transform_t(&mut g, d);
    push(
        &mut tr,
        0,
        2,
        if splits.is_empty() {
            "Transformation T: no noncritical processor has a multi-edge bundle; (I_0, G_0) is the balanced instance.".into()
        } else {
            format!(
                "Transformation T: {} ({} split{}); W1 and W2 hold for (I_0, G_0).",
                split_words(&names, &splits),
                splits.len(),
                if splits.len() == 1 { "" } else { "s" }
            )
        },
        split_items(n, &splits),
    );
    let g0 = g.clone();
    push(
        &mut tr,
        0,
        3,
        "X ← ∅: schedule X gets one communication mode per round.".into(),
        Vec::new(),
    );
    let mut rounds = Vec::with_capacity(d);
    let mut x_steps: Vec<Vec<Transmission>> = Vec::with_capacity(d);
    for i in 1..=d {
        let raw = i - 1;
        let critical: Vec<bool> = g.iter().map(|b| b.len() == d).collect();
        let s: Vec<usize> = (0..big_n).filter(|&j| critical[j]).collect();
        // Q_j: the first bundle of largest fan-out.
        let q_of: Vec<Option<usize>> = g
            .iter()
            .map(|bs| {
                let mut best: Option<usize> = None;
                for (x, b) in bs.iter().enumerate() {
                    if best.is_none_or(|y| b.dests.len() > bs[y].dests.len()) {
                        best = Some(x);
                    }
                }
                best
            })
            .collect();
        let marked: Vec<bool> = (0..big_n)
            .map(|j| critical[j] && g[j].iter().filter(|b| b.dests.len() == 1).count() == i - 1)
            .collect();
        let q_len = |j: usize| q_of[j].map_or(0, |x| g[j][x].dests.len());
        let sum_s: usize = s.iter().map(|&j| q_len(j)).sum();
        push(
            &mut tr,
            raw,
            4,
            format!("Round i = {i} of {d}: build (I_{i}, G_{i}) and step {i} of X."),
            Vec::new(),
        );
        push(
            &mut tr,
            raw,
            5,
            format!(
                "S = {}: the critical processors (with {d} bundles).",
                names.ps(&s)
            ),
            real_nodes(n, &s),
        );
        let marked_list: Vec<usize> = (0..big_n).filter(|&j| marked[j]).collect();
        push(
            &mut tr,
            raw,
            6,
            format!(
                "Q_j is a bundle of largest fan-out of each processor ({}); marked (critical with exactly {} single-edge bundle{}): {}.",
                s.iter()
                    .map(|&j| format!("Q of {} = {} with {} edge{}", names.p(j), names.messages[g[j][q_of[j].unwrap_or(0)].message], q_len(j), if q_len(j) == 1 { "" } else { "s" }))
                    .collect::<Vec<_>>()
                    .join("; "),
                i - 1,
                if i == 2 { "" } else { "s" },
                names.ps(&marked_list)
            ),
            real_nodes(n, &marked_list),
        );
        let mut s_prime = Vec::new();
        if sum_s < big_n {
            let need = big_n - sum_s;
            s_prime = (0..big_n)
                .filter(|&j| !critical[j] && g[j].len() >= i)
                .take(need)
                .collect();
            if s_prime.len() < need {
                return Err(broken(format!(
                    "round {i}: Σ|Q_j| over S is {sum_s}, but only {} noncritical processors have at least {i} bundles, {need} are needed for S'",
                    s_prime.len()
                )));
            }
        }
        push(
            &mut tr,
            raw,
            7,
            if sum_s < big_n {
                format!(
                    "Σ|Q_j| over S is {sum_s} < n = {big_n}: S' = {} (noncritical, at least {i} bundles).",
                    names.ps(&s_prime)
                )
            } else {
                format!("Σ|Q_j| over S is {sum_s} ≥ n = {big_n}: S' = ∅.")
            },
            real_nodes(n, &s_prime),
        );
        // Redistribution.
        let mut in_set = critical.clone();
        for &j in &s_prime {
            in_set[j] = true;
        }
        let mut remaining = sum_s + s_prime.len();
        let mut l = 0usize;
        let mut mode = Vec::new();
        let mut qs = Vec::new();
        let mut added: Vec<Vec<Bundle>> = vec![Vec::new(); big_n];
        // Take every Q_j out first (they were chosen at the start of the round).
        let mut taken: Vec<Option<Bundle>> = vec![None; big_n];
        for j in 0..big_n {
            if in_set[j] {
                if let Some(x) = q_of[j] {
                    taken[j] = Some(g[j].remove(x));
                }
            }
        }
        for (j, slot_q) in taken.iter_mut().enumerate() {
            let Some(qb) = slot_q.take() else {
                continue;
            };
            qs.push((j, qb.message, qb.dests.clone()));
            let bot = l;
            let mut rest: &[usize] = &qb.dests;
            while !rest.is_empty() {
                if l >= big_n {
                    return Err(broken(format!(
                        "round {i}: the edges of Q_j of {} do not fit in the {big_n} processors",
                        names.p(j)
                    )));
                }
                let slot = l;
                l += 1;
                let w = if marked[slot] {
                    1
                } else {
                    rest.len().min(remaining.saturating_sub(big_n - l).max(1))
                };
                let (give, keep) = rest.split_at(w);
                added[slot].push(Bundle {
                    message: qb.message,
                    dests: give.to_vec(),
                });
                rest = keep;
                remaining -= w;
            }
            let top = l - 1;
            let to: Vec<usize> = (bot..=top).filter(|&x| x != j).collect();
            push(
                &mut tr,
                raw,
                8,
                format!(
                    "Q of {} ({}, {} edge{}) goes to {}: {}.",
                    names.p(j),
                    names.messages[qb.message],
                    qb.dests.len(),
                    if qb.dests.len() == 1 { "" } else { "s" },
                    if bot == top {
                        names.p(bot)
                    } else {
                        format!("{} .. {}", names.p(bot), names.p(top))
                    },
                    (bot..=top)
                        .map(|x| {
                            let b = added[x].last().expect("just added");
                            format!(
                                "{} now sends it to {}{}",
                                names.p(x),
                                names.ps(&b.dests),
                                if marked[x] { " (marked)" } else { "" }
                            )
                        })
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
                real_nodes(n, &(bot..=top).collect::<Vec<_>>()),
            );
            push(
                &mut tr,
                raw,
                9,
                format!(
                    "Step {i} of X: {} multicasts {} to {}.",
                    names.p(j),
                    names.messages[qb.message],
                    if to.is_empty() {
                        "nobody (it keeps the edges itself)".to_string()
                    } else {
                        names.ps(&to)
                    }
                ),
                if j < n && qb.message < m {
                    to.iter()
                        .filter(|&&q| q < n)
                        .map(|&q| ItemId::Edge {
                            from: j,
                            to: q,
                            message: Some(qb.message),
                        })
                        .collect()
                } else {
                    Vec::new()
                },
            );
            mode.push(Transmission {
                message: qb.message,
                from: j,
                to,
            });
        }
        for (p, bs) in added.into_iter().enumerate() {
            g[p].extend(bs);
        }
        let splits = transform_t(&mut g, d);
        push(
            &mut tr,
            raw,
            10,
            if splits.is_empty() {
                format!("Transformation T: nothing to split; (I_{i}, G_{i}) satisfies W1 and W2.")
            } else {
                format!(
                    "Transformation T: {}; (I_{i}, G_{i}) satisfies W1 and W2.",
                    split_words(&names, &splits)
                )
            },
            split_items(n, &splits),
        );
        x_steps.push(mode.clone());
        rounds.push(Round {
            i,
            s,
            s_prime,
            marked: marked_list,
            q: qs,
            mode,
            after: g.clone(),
        });
    }
    push(
        &mut tr,
        d.saturating_sub(1),
        11,
        "End of the rounds.".into(),
        Vec::new(),
    );

    // 2.0.3 The unicasting instance.
    let mut edges = Vec::new();
    let mut edge_message = Vec::new();
    for (p, bs) in g.iter().enumerate() {
        if bs.len() > d {
            return Err(broken(format!(
                "{} has {} bundles, more than d = {d}",
                names.p(p),
                bs.len()
            )));
        }
        for b in bs {
            if b.dests.len() != 1 {
                return Err(broken(format!(
                    "(I_d, G_d) is not a unicasting instance: {} multicasts {} to {} processors",
                    names.p(p),
                    names.messages[b.message],
                    b.dests.len()
                )));
            }
            edges.push((p, b.dests[0]));
            edge_message.push(b.message);
        }
    }
    let colouring = colour_bipartite(big_n, big_n, &edges);
    if colouring.colours > d {
        return Err(broken(format!(
            "the unicasting instance has degree {} > d = {d}",
            colouring.colours
        )));
    }
    push(
        &mut tr,
        d,
        12,
        format!(
            "(I_d, G_d) is a unicasting instance: {} single-edge bundles, every processor sends at most {d} and receives {d}. Its bipartite multigraph is coloured with {} colour{}.",
            edges.len(),
            colouring.colours,
            if colouring.colours == 1 { "" } else { "s" }
        ),
        Vec::new(),
    );
    let mut muc: Vec<Vec<Transmission>> = vec![Vec::new(); d];
    for (e, &(p, q)) in edges.iter().enumerate() {
        muc[colouring.colour[e]].push(Transmission {
            message: edge_message[e],
            from: p,
            to: if p == q { Vec::new() } else { vec![q] },
        });
    }
    for (c, step) in muc.iter().enumerate() {
        let words: Vec<String> = step
            .iter()
            .filter(|t| !t.to.is_empty())
            .map(|t| {
                format!(
                    "{} → {}: {}",
                    names.p(t.from),
                    names.p(t.to[0]),
                    names.messages[t.message]
                )
            })
            .collect();
        push(
            &mut tr,
            d + c,
            13,
            format!(
                "Colour {}: step {} of the schedule (step {} of X'): {}.",
                c + 1,
                d + c + 1,
                c + 1,
                if words.is_empty() {
                    "nothing to send".to_string()
                } else {
                    words.join(", ")
                }
            ),
            step.iter()
                .filter(|t| t.from < n && t.message < m && t.to.first().is_some_and(|&q| q < n))
                .map(|t| ItemId::Edge {
                    from: t.from,
                    to: t.to[0],
                    message: Some(t.message),
                })
                .collect(),
        );
    }

    // 2.0.4 Concatenate, delete dummies, redundant transfers and empty steps.
    let mut holds: Vec<Vec<bool>> = vec![vec![false; m]; n];
    for (k, msg) in inst.messages.iter().enumerate() {
        holds[msg.source][k] = true;
    }
    let raw_steps = 2 * d;
    let mut kept_before = Vec::with_capacity(raw_steps + 1);
    let mut steps = Vec::with_capacity(raw_steps);
    for step in x_steps.iter().chain(muc.iter()) {
        kept_before.push(steps.len());
        let mut out = Vec::new();
        for t in step {
            if t.message >= m || t.from >= n {
                continue;
            }
            let to: Vec<usize> =
                t.to.iter()
                    .copied()
                    .filter(|&q| q < n && !holds[q][t.message])
                    .collect();
            if !to.is_empty() {
                out.push(Transmission {
                    message: t.message,
                    from: t.from,
                    to,
                });
            }
        }
        for t in &out {
            for &q in &t.to {
                holds[q][t.message] = true;
            }
        }
        if !out.is_empty() {
            steps.push(out);
        }
    }
    kept_before.push(steps.len());
    let total = steps.len();
    push(
        &mut tr,
        raw_steps,
        14,
        format!(
            "X and X' together take 2d = {raw_steps} steps; without the dummies, the transfers to processors that already hold the message and the steps left empty: {total} step{}.",
            if total == 1 { "" } else { "s" }
        ),
        Vec::new(),
    );
    let mut trace = tr.into_steps();
    for (step, &raw) in trace.iter_mut().zip(&raw_t) {
        step.t = kept_before[raw.min(raw_steps)] as f64;
    }
    Ok(GonzalezRun {
        plan: MmPlan { steps },
        degree: d,
        raw_steps,
        message_names,
        balanced,
        g0,
        rounds,
        muc,
        trace,
    })
}

fn real_nodes(n: usize, ps: &[usize]) -> Vec<ItemId> {
    ps.iter()
        .filter(|&&p| p < n)
        .map(|&node| ItemId::Node { node })
        .collect()
}

fn split_items(n: usize, splits: &[(usize, usize, usize)]) -> Vec<ItemId> {
    let mut ps: Vec<usize> = splits.iter().map(|s| s.0).collect();
    ps.dedup();
    real_nodes(n, &ps)
}

fn split_words(names: &Names, splits: &[(usize, usize, usize)]) -> String {
    splits
        .iter()
        .map(|&(p, k, q)| {
            format!(
                "{} splits off the edge of {} to {}",
                names.p(p),
                names.messages[k],
                names.p(q)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::multimessage::gallery::example_1_1;
    use crate::models::multimessage::simulate;

    #[test]
    fn example_1_1_within_2d() {
        let inst = example_1_1();
        let run = gonzalez_traced(&inst).unwrap();
        let s = simulate(&inst, &run.plan).unwrap();
        assert!(s.steps <= 6, "{}", s.steps);
        assert_eq!(run.rounds.len(), 3);
        assert_eq!(run.muc.len(), 3);
        // The balanced instance: every processor receives exactly d messages.
        let mut inn = vec![0; 11];
        for bs in &run.balanced {
            for b in bs {
                for &q in &b.dests {
                    inn[q] += 1;
                }
            }
        }
        assert_eq!(inn, vec![3; 11]);
        for step in &run.trace {
            assert!(step.t <= s.steps as f64);
        }
    }
}
