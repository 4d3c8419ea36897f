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
//! Each phase is one function: `balance` (2.0.1), `first_t` and `round` (2.0.2; a round is
//! `choose`, then `redistribute`, then `T`), `unicast` (2.0.3) and `concatenate` (2.0.4);
//! `run` calls them in order.
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
use crate::trace::{Built, ItemId, Step, Trace, Tracer};

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

/// `Q_j` of a processor of `S ∪ S'` in one round: `(j, message, edges)`.
pub type QBundle = (usize, usize, Vec<usize>);

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
    /// `Q_j` of every processor of `S ∪ S'`.
    pub q: Vec<QBundle>,
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

/// One run in progress: the instance and its sizes, the names the steps use, the tracer, and
/// for each recorded step the raw step (from 0, of `X` then `X'`) it is about, mapped to the
/// final schedule's step once empty steps are known ([`Build::finish`]).
struct Build<'a> {
    inst: &'a MmInstance,
    /// Processors of the input, `n`.
    n: usize,
    /// Processors of the balanced instance, `n + 2`.
    big_n: usize,
    /// Messages of the input.
    m: usize,
    /// The degree `d`.
    d: usize,
    names: Names<'a>,
    tr: Tracer,
    raw_t: Vec<usize>,
}

/// What section 2.0.2 chooses at the start of round `i`, before the redistribution.
struct Choice {
    /// `critical[j]`: `P_j` has `d` bundles.
    critical: Vec<bool>,
    /// `S`, the critical processors.
    s: Vec<usize>,
    /// `Q_j` of each processor: the position of its first bundle of largest fan-out.
    q_of: Vec<Option<usize>>,
    /// `marked[j]`: `P_j` is critical with exactly `i - 1` single-edge bundles.
    marked: Vec<bool>,
    /// `Σ_{j∈S} |Q_j|`.
    sum_s: usize,
    /// `S'`.
    s_prime: Vec<usize>,
}

impl<'a> Build<'a> {
    fn new(inst: &'a MmInstance, tr: Tracer) -> Build<'a> {
        let n = inst.processors;
        let m = inst.messages.len();
        let d = inst.degree();
        let mut messages: Vec<String> = inst.messages.iter().map(|x| x.name.clone()).collect();
        messages.extend((1..=d).map(|i| format!("x{i} (dummy)")));
        messages.extend((1..=d).map(|i| format!("y{i} (dummy)")));
        Build {
            inst,
            n,
            big_n: n + 2,
            m,
            d,
            names: Names { inst, messages },
            tr,
            raw_t: Vec::new(),
        }
    }

    /// Record a step about raw step `raw` that executes pseudo-code line `line` and builds
    /// what `built` makes (only called when steps are kept).
    fn push(
        &mut self,
        raw: usize,
        line: usize,
        text: String,
        highlight: Vec<ItemId>,
        built: impl FnOnce() -> Vec<Built>,
    ) {
        let mut pushed = false;
        self.tr.push(|| {
            pushed = true;
            Step {
                text,
                pseudo_line: Some(line),
                highlight,
                t: 0.0,
                built: built(),
            }
        });
        if pushed {
            self.raw_t.push(raw);
        }
    }

    /// **Input balancing** (section 2.0.1): the input's bundles, then the dummy processors
    /// `P(n+1)` (index `n`) and `P(n+2)` (index `n + 1`): `P(n+1)` sends `x1..xd` to
    /// `P(n+2)`; `P(n+2)` sends `y1..yd` to `P(n+1)`, the `i`-th also to every processor with
    /// fewer than `i` incoming messages. Returns `(Ī, Ḡ)`, where every processor receives
    /// exactly `d` messages. O(n·d + E).
    fn balance(&mut self) -> Multigraph {
        let (inst, n, m, d) = (self.inst, self.n, self.m, self.d);
        let (d1, d2) = (n, n + 1);
        let mut g: Multigraph = vec![Vec::new(); self.big_n];
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
        let names = &self.names;
        let text = format!(
            "Input balancing: d = {d}. The dummy processors {} and {} are added; {} sends x1..x{d} to {}, and {} sends y1..y{d} to {}, the i-th also to every processor with fewer than i incoming messages, so that every processor receives exactly {d} messages.",
            names.p(d1), names.p(d2), names.p(d1), names.p(d2), names.p(d2), names.p(d1)
        );
        let names = &self.names;
        let built = || {
            let mut b: Vec<Built> = [d1, d2]
                .map(|node| Built::Node {
                    node,
                    name: names.p(node),
                })
                .into();
            b.extend(g[d1..].iter().enumerate().flat_map(|(k, bs)| {
                bs.iter()
                    .map(move |x| (d1 + k, x))
                    .map(|(from, x)| Built::Bundle {
                        from,
                        message: x.message,
                        name: names.messages[x.message].clone(),
                        to: x.dests.clone(),
                    })
            }));
            b.push(label("(Ī, Ḡ): balanced, every processor receives d"));
            b
        };
        let built = if self.tr.is_on() { built() } else { Vec::new() };
        self.push(0, 1, text, Vec::new(), || built);
        g
    }

    /// **(I_0, G_0)** (section 2.0.2, before the loop): transformation `T` on the balanced
    /// instance until W2 holds, then `X ← ∅`. O(n·d).
    fn first_t(&mut self, g: &mut Multigraph) {
        let splits = transform_t(g, self.d);
        let text = if splits.is_empty() {
            "Transformation T: no noncritical processor has a multi-edge bundle; (I_0, G_0) is the balanced instance.".into()
        } else {
            format!(
                "Transformation T: {} ({} split{}); W1 and W2 hold for (I_0, G_0).",
                split_words(&self.names, &splits),
                splits.len(),
                if splits.len() == 1 { "" } else { "s" }
            )
        };
        self.push(0, 2, text, split_items(self.n, &splits), || {
            let mut b = split_built(&splits);
            b.push(label("(I_0, G_0): W1 and W2 hold"));
            b
        });
        self.push(
            0,
            3,
            "X ← ∅: schedule X gets one communication mode per round.".into(),
            Vec::new(),
            || vec![label("(I_0, G_0), X = ∅")],
        );
    }

    /// **Round `i`, its sets** (section 2.0.2, the loop's first lines): `S` (critical
    /// processors), each `Q_j` (the first bundle of largest fan-out), the marks (critical with
    /// exactly `i - 1` single-edge bundles) and, when `Σ_{j∈S} |Q_j| < n`, `S'` (the first
    /// noncritical processors with at least `i` bundles, as many as make the sum `n`). An error
    /// if there are too few for `S'` (the paper claims they exist). O(n + E).
    fn choose(&mut self, g: &Multigraph, i: usize) -> Result<Choice, Error> {
        let (n, big_n, d) = (self.n, self.big_n, self.d);
        let raw = i - 1;
        let critical: Vec<bool> = g.iter().map(|b| b.len() == d).collect();
        let s: Vec<usize> = (0..big_n).filter(|&j| critical[j]).collect();
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
        self.push(
            raw,
            4,
            format!("Round i = {i} of {d}: build (I_{i}, G_{i}) and step {i} of X."),
            Vec::new(),
            || {
                vec![label(&format!(
                    "(I_{i}, G_{i}) ← (I_{}, G_{}), round {i} of {d}",
                    i - 1,
                    i - 1
                ))]
            },
        );
        let text = format!(
            "S = {}: the critical processors (with {d} bundles).",
            self.names.ps(&s)
        );
        let sets_s = vec![("S".to_string(), s.clone())];
        self.push(raw, 5, text, real_nodes(n, &s), || {
            vec![Built::Sets {
                sets: sets_s.clone(),
            }]
        });
        let marked_list: Vec<usize> = (0..big_n).filter(|&j| marked[j]).collect();
        let names = &self.names;
        let text = format!(
            "Q_j is a bundle of largest fan-out of each processor ({}); marked (critical with exactly {} single-edge bundle{}): {}.",
            s.iter()
                .map(|&j| format!("Q of {} = {} with {} edge{}", names.p(j), names.messages[g[j][q_of[j].unwrap_or(0)].message], q_len(j), if q_len(j) == 1 { "" } else { "s" }))
                .collect::<Vec<_>>()
                .join("; "),
            i - 1,
            if i == 2 { "" } else { "s" },
            names.ps(&marked_list)
        );
        let picked = |js: &[usize]| Built::Picked {
            bundles: js
                .iter()
                .filter_map(|&j| q_of[j].map(|x| (j, g[j][x].message)))
                .collect(),
        };
        let mut sets = sets_s;
        sets.push(("marked".to_string(), marked_list.clone()));
        self.push(raw, 6, text, real_nodes(n, &marked_list), || {
            vec![Built::Sets { sets: sets.clone() }, picked(&s)]
        });
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
        let text = if sum_s < big_n {
            format!(
                "Σ|Q_j| over S is {sum_s} < n = {big_n}: S' = {} (noncritical, at least {i} bundles).",
                self.names.ps(&s_prime)
            )
        } else {
            format!("Σ|Q_j| over S is {sum_s} ≥ n = {big_n}: S' = ∅.")
        };
        sets.push(("S'".to_string(), s_prime.clone()));
        let s_all: Vec<usize> = (0..big_n)
            .filter(|&j| critical[j] || s_prime.contains(&j))
            .collect();
        self.push(raw, 7, text, real_nodes(n, &s_prime), || {
            vec![Built::Sets { sets }, picked(&s_all)]
        });
        Ok(Choice {
            critical,
            s,
            q_of,
            marked,
            sum_s,
            s_prime,
        })
    }

    /// **Round `i`, the redistribution** (section 2.0.2, the loop over `j ∈ S ∪ S'`): every
    /// `Q_j` leaves `P_j`; its edges go to consecutive processors `P_bot..P_top` (one edge to a
    /// marked processor; to an unmarked one `w = min(|Q_j|, edges left − processors left)`,
    /// at least one), and `P_j` multicasts `Q_j`'s message to them in step `i` of `X`. Adds the
    /// new bundles to `g`; returns step `i` of `X` and the `Q_j`s `(j, message, edges)`. An
    /// error if the edges do not fit in the `n + 2` processors. O(n + E).
    fn redistribute(
        &mut self,
        g: &mut Multigraph,
        i: usize,
        c: &Choice,
    ) -> Result<(Vec<Transmission>, Vec<QBundle>), Error> {
        let big_n = self.big_n;
        let mut in_set = c.critical.clone();
        for &j in &c.s_prime {
            in_set[j] = true;
        }
        let mut remaining = c.sum_s + c.s_prime.len();
        let mut l = 0usize;
        let mut mode = Vec::new();
        let mut qs = Vec::new();
        let mut added: Vec<Vec<Bundle>> = vec![Vec::new(); big_n];
        // Take every Q_j out first (they were chosen at the start of the round).
        let mut taken: Vec<Option<Bundle>> = vec![None; big_n];
        for j in 0..big_n {
            if in_set[j] {
                if let Some(x) = c.q_of[j] {
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
                        self.names.p(j)
                    )));
                }
                let slot = l;
                l += 1;
                let w = if c.marked[slot] {
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
            let t = Transmission {
                message: qb.message,
                from: j,
                to: (bot..=top).filter(|&x| x != j).collect(),
            };
            self.trace_hand_over(i, &t, &qb.dests, (bot, top), &added, &c.marked);
            mode.push(t);
        }
        for (p, bs) in added.into_iter().enumerate() {
            g[p].extend(bs);
        }
        Ok((mode, qs))
    }

    /// The two steps of one `Q_j` (its edges to `q_edges`) handed over in round `i`: where
    /// its edges went (`P_bot..P_top`), and `t`, the multicast of step `i` of `X`.
    fn trace_hand_over(
        &mut self,
        i: usize,
        t: &Transmission,
        q_edges: &[usize],
        (bot, top): (usize, usize),
        added: &[Vec<Bundle>],
        marked: &[bool],
    ) {
        let (n, m, raw) = (self.n, self.m, i - 1);
        let (j, message, to) = (t.from, t.message, &t.to);
        let edges = q_edges.len();
        let names = &self.names;
        let text = format!(
            "Q of {} ({}, {} edge{}) goes to {}: {}.",
            names.p(j),
            names.messages[message],
            edges,
            if edges == 1 { "" } else { "s" },
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
        );
        let built = || {
            let mut b = vec![Built::Unbundle {
                from: j,
                message,
                to: q_edges.to_vec(),
            }];
            b.extend((bot..=top).map(|x| Built::Bundle {
                from: x,
                message,
                name: names.messages[message].clone(),
                to: added[x].last().map_or_else(Vec::new, |b| b.dests.clone()),
            }));
            b
        };
        let built = if self.tr.is_on() { built() } else { Vec::new() };
        self.push(
            raw,
            8,
            text,
            real_nodes(n, &(bot..=top).collect::<Vec<_>>()),
            || built,
        );
        let names = &self.names;
        let text = format!(
            "Step {i} of X: {} multicasts {} to {}.",
            names.p(j),
            names.messages[message],
            if to.is_empty() {
                "nobody (it keeps the edges itself)".to_string()
            } else {
                names.ps(to)
            }
        );
        let highlight = if j < n && message < m {
            to.iter()
                .filter(|&&q| q < n)
                .map(|&q| ItemId::Edge {
                    from: j,
                    to: q,
                    message: Some(message),
                })
                .collect()
        } else {
            Vec::new()
        };
        let send = Built::Send {
            step: i,
            from: j,
            message,
            to: to.clone(),
        };
        self.push(raw, 9, text, highlight, || vec![send]);
    }

    /// **Round `i`** of section 2.0.2: its sets ([`Build::choose`]), the redistribution
    /// ([`Build::redistribute`]), then transformation `T` until W2 holds, giving `(I_i, G_i)`
    /// in `g` and step `i` of `X`. O(n + E).
    fn round(&mut self, g: &mut Multigraph, i: usize) -> Result<Round, Error> {
        let choice = self.choose(g, i)?;
        let (mode, q) = self.redistribute(g, i, &choice)?;
        let splits = transform_t(g, self.d);
        let text = if splits.is_empty() {
            format!("Transformation T: nothing to split; (I_{i}, G_{i}) satisfies W1 and W2.")
        } else {
            format!(
                "Transformation T: {}; (I_{i}, G_{i}) satisfies W1 and W2.",
                split_words(&self.names, &splits)
            )
        };
        self.push(i - 1, 10, text, split_items(self.n, &splits), || {
            let mut b = split_built(&splits);
            b.push(Built::Sets { sets: Vec::new() });
            b.push(Built::Picked {
                bundles: Vec::new(),
            });
            b.push(label(&format!("(I_{i}, G_{i}): W1 and W2 hold")));
            b
        });
        Ok(Round {
            i,
            marked: (0..self.big_n).filter(|&j| choice.marked[j]).collect(),
            s: choice.s,
            s_prime: choice.s_prime,
            q,
            mode,
            after: g.clone(),
        })
    }

    /// **Solving the unicasting instance** (section 2.0.3): `(I_d, G_d)`'s single-edge
    /// bundles form a bipartite multigraph of degree at most `d`, coloured with `d` colours
    /// ([`colour_bipartite`]); colour `c` is step `c` of `X'`. An error if `(I_d, G_d)` is not
    /// unicasting or needs more than `d` colours (Lemma 2.1 says neither happens).
    /// O(E·(n + d)).
    fn unicast(&mut self, g: &Multigraph) -> Result<Vec<Vec<Transmission>>, Error> {
        let (n, m, big_n, d) = (self.n, self.m, self.big_n, self.d);
        let mut edges = Vec::new();
        let mut edge_message = Vec::new();
        for (p, bs) in g.iter().enumerate() {
            if bs.len() > d {
                return Err(broken(format!(
                    "{} has {} bundles, more than d = {d}",
                    self.names.p(p),
                    bs.len()
                )));
            }
            for b in bs {
                if b.dests.len() != 1 {
                    return Err(broken(format!(
                        "(I_d, G_d) is not a unicasting instance: {} multicasts {} to {} processors",
                        self.names.p(p),
                        self.names.messages[b.message],
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
        self.push(
            d,
            12,
            format!(
                "(I_d, G_d) is a unicasting instance: {} single-edge bundles, every processor sends at most {d} and receives {d}. Its bipartite multigraph is coloured with {} colour{}.",
                edges.len(),
                colouring.colours,
                if colouring.colours == 1 { "" } else { "s" }
            ),
            Vec::new(),
            || {
                vec![label(&format!(
                    "(I_d, G_d) = (I_{d}, G_{d}): unicasting, edges in {} colour{}",
                    colouring.colours,
                    if colouring.colours == 1 { "" } else { "s" }
                ))]
            },
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
                        self.names.p(t.from),
                        self.names.p(t.to[0]),
                        self.names.messages[t.message]
                    )
                })
                .collect();
            let text = format!(
                "Colour {}: step {} of the schedule (step {} of X'): {}.",
                c + 1,
                d + c + 1,
                c + 1,
                if words.is_empty() {
                    "nothing to send".to_string()
                } else {
                    words.join(", ")
                }
            );
            let highlight = step
                .iter()
                .filter(|t| t.from < n && t.message < m && t.to.first().is_some_and(|&q| q < n))
                .map(|t| ItemId::Edge {
                    from: t.from,
                    to: t.to[0],
                    message: Some(t.message),
                })
                .collect();
            self.push(d + c, 13, text, highlight, || {
                let mut b: Vec<Built> = step
                    .iter()
                    .filter(|t| !t.to.is_empty())
                    .map(|t| Built::Send {
                        step: d + c + 1,
                        from: t.from,
                        message: t.message,
                        to: t.to.clone(),
                    })
                    .collect();
                b.push(label(&format!(
                    "(I_{d}, G_{d}), colour {} of {d}: step {} of X'",
                    c + 1,
                    c + 1
                )));
                b
            });
        }
        Ok(muc)
    }

    /// **The final schedule** (section 2.0.4): `X` then `X'`, without the dummy processors and
    /// messages, the transfers to processors that already hold the message, and the steps
    /// left empty. Returns the steps and, for each raw step `0..=2d`, how many kept steps come
    /// before it. O(d·(n + E)·n) at most, with the holdings table.
    fn concatenate(
        &mut self,
        x_steps: &[Vec<Transmission>],
        muc: &[Vec<Transmission>],
    ) -> (Vec<Vec<Transmission>>, Vec<usize>) {
        let (inst, n, m) = (self.inst, self.n, self.m);
        let mut holds: Vec<Vec<bool>> = vec![vec![false; m]; n];
        for (k, msg) in inst.messages.iter().enumerate() {
            holds[msg.source][k] = true;
        }
        let raw_steps = 2 * self.d;
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
        self.push(
            raw_steps,
            14,
            format!(
                "X and X' together take 2d = {raw_steps} steps; without the dummies, the transfers to processors that already hold the message and the steps left empty: {total} step{}.",
                if total == 1 { "" } else { "s" }
            ),
            Vec::new(),
            || {
                let mut b: Vec<Built> = (m..m + raw_steps)
                    .map(|message| Built::Unmessage { message })
                    .collect();
                b.extend([
                    Built::Unnode { node: n + 1 },
                    Built::Unnode { node: n },
                    label(&format!(
                        "Without the dummies: the schedule has {total} step{}",
                        if total == 1 { "" } else { "s" }
                    )),
                ]);
                b
            },
        );
        (steps, kept_before)
    }

    /// The recorded steps, each with the step of the final schedule it is about.
    fn finish(self, kept_before: &[usize]) -> (Trace, Vec<String>) {
        let raw_steps = 2 * self.d;
        let mut trace = self.tr.into_steps();
        for (step, &raw) in trace.iter_mut().zip(&self.raw_t) {
            step.t = kept_before[raw.min(raw_steps)] as f64;
        }
        (trace, self.names.messages)
    }
}

/// The whole algorithm, phase by phase (sections 2.0.1 to 2.0.4).
fn run(inst: &MmInstance, tr: Tracer) -> Result<GonzalezRun, Error> {
    inst.validate()?;
    let mut b = Build::new(inst, tr);
    let d = b.d;
    let mut g = b.balance();
    let balanced = g.clone();
    b.first_t(&mut g);
    let g0 = g.clone();
    let mut rounds = Vec::with_capacity(d);
    for i in 1..=d {
        rounds.push(b.round(&mut g, i)?);
    }
    b.push(
        d.saturating_sub(1),
        11,
        "End of the rounds.".into(),
        Vec::new(),
        || vec![label(&format!("(I_{d}, G_{d}): every bundle has one edge"))],
    );
    let x_steps: Vec<Vec<Transmission>> = rounds.iter().map(|r| r.mode.clone()).collect();
    let muc = b.unicast(&g)?;
    let (steps, kept_before) = b.concatenate(&x_steps, &muc);
    let (trace, message_names) = b.finish(&kept_before);
    Ok(GonzalezRun {
        plan: MmPlan { steps },
        degree: d,
        raw_steps: 2 * d,
        message_names,
        balanced,
        g0,
        rounds,
        muc,
        trace,
    })
}

fn label(text: &str) -> Built {
    Built::Label { text: text.into() }
}

/// The splits of transformation `T` as built steps.
fn split_built(splits: &[(usize, usize, usize)]) -> Vec<Built> {
    splits
        .iter()
        .map(|&(from, message, to)| Built::Split { from, message, to })
        .collect()
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
