//! The checker of the multimessage model: the only place that knows its rules (section 1 of
//! Gonzalez's paper). In every step each processor sends at most one message, which it held
//! at the start of the step, to any set of other processors, and receives at most one; at the
//! end every processor holds every message it needs. The number of steps is the schedule's
//! length (the paper's total communication time).

use super::instance::{processor_number, MmInstance};
use super::plan::MmPlan;
use crate::error::Error;

/// A checked schedule.
#[derive(Debug, Clone, PartialEq)]
pub struct MmSchedule {
    /// The plan checked.
    pub plan: MmPlan,
    /// The number of steps: the last step with a transmission.
    pub steps: usize,
    /// `arrival[q][k]`: the step (from 1) at whose end processor `q` first holds message `k`
    /// from a transmission; `Some(0)` for the source, `None` if `q` never holds it.
    pub arrival: Vec<Vec<Option<usize>>>,
}

/// Check `plan` against `inst`'s rules; the error names the step (from 1) and the processor.
///
/// ```
/// use hetcast_core::models::multimessage::{gallery::example_1_1, simulate, MmPlan, Transmission};
/// let inst = example_1_1();
/// let e = simulate(&inst, &MmPlan { steps: vec![vec![
///     Transmission { message: 2, from: 0, to: vec![3] }]] }).unwrap_err();
/// assert_eq!(e.to_string(), "invalid plan: step 1: P1 sends c, which it does not hold at the start of the step");
/// ```
pub fn simulate(inst: &MmInstance, plan: &MmPlan) -> Result<MmSchedule, Error> {
    let n = inst.processors;
    let mcount = inst.messages.len();
    let bad = |m: String| Err(Error::InvalidPlan(m));
    let mut arrival = vec![vec![None; mcount]; n];
    for (k, m) in inst.messages.iter().enumerate() {
        if m.source < n {
            arrival[m.source][k] = Some(0);
        }
    }
    let mut last = 0;
    let mut sent = vec![usize::MAX; n];
    let mut got = vec![usize::MAX; n];
    for (si, step) in plan.steps.iter().enumerate() {
        let s = si + 1;
        let mut received = Vec::new();
        for t in step {
            if t.from >= n {
                return bad(format!(
                    "step {s}: the sender {} is not a processor (there are {n}, P1 to P{n})",
                    processor_number(t.from)
                ));
            }
            let who = inst.label(t.from);
            if t.message >= mcount {
                return bad(format!(
                    "step {s}: {who} sends message {}, which does not exist (there are {mcount}, numbered from 1)",
                    t.message as u128 + 1
                ));
            }
            let name = inst.message_label(t.message);
            if sent[t.from] == s {
                return bad(format!("step {s}: {who} sends two messages"));
            }
            sent[t.from] = s;
            if arrival[t.from][t.message].is_none_or(|a| a >= s) {
                return bad(format!(
                    "step {s}: {who} sends {name}, which it does not hold at the start of the step"
                ));
            }
            if t.to.is_empty() {
                return bad(format!("step {s}: {who} sends {name} to nobody"));
            }
            for &q in &t.to {
                if q >= n {
                    return bad(format!(
                        "step {s}: {who} sends {name} to {}, which is not a processor (there are {n}, P1 to P{n})",
                        processor_number(q)
                    ));
                }
                if q == t.from {
                    return bad(format!("step {s}: {who} sends {name} to itself"));
                }
                if got[q] == s {
                    return bad(format!("step {s}: {} receives two messages", inst.label(q)));
                }
                got[q] = s;
                received.push((q, t.message));
            }
            last = s;
        }
        for (q, k) in received {
            if arrival[q][k].is_none() {
                arrival[q][k] = Some(s);
            }
        }
    }
    for (k, m) in inst.messages.iter().enumerate() {
        for &q in &m.destinations {
            if arrival[q][k].is_none() {
                return bad(format!(
                    "at the end, {} does not hold {}, which it needs",
                    inst.label(q),
                    inst.message_label(k)
                ));
            }
        }
    }
    Ok(MmSchedule {
        plan: plan.clone(),
        steps: last,
        arrival,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::multimessage::gallery::example_1_1;
    use crate::models::multimessage::Transmission;

    fn tr(message: usize, from: usize, to: &[usize]) -> Transmission {
        Transmission {
            message,
            from,
            to: to.to_vec(),
        }
    }

    fn err(steps: Vec<Vec<Transmission>>) -> String {
        simulate(&example_1_1(), &MmPlan { steps })
            .unwrap_err()
            .to_string()
    }

    /// Each rule of the model, broken once; the error names the step and the processor.
    #[test]
    fn every_rule_is_checked() {
        assert_eq!(
            err(vec![vec![tr(0, 0, &[3]), tr(1, 0, &[5])]]),
            "invalid plan: step 1: P1 sends two messages"
        );
        assert_eq!(
            err(vec![vec![tr(0, 0, &[3]), tr(2, 1, &[3])]]),
            "invalid plan: step 1: P4 receives two messages"
        );
        assert_eq!(
            err(vec![
                vec![tr(0, 0, &[3])],
                vec![tr(0, 3, &[4]), tr(0, 4, &[5])]
            ]),
            "invalid plan: step 2: P5 sends a, which it does not hold at the start of the step"
        );
        assert_eq!(
            err(vec![vec![tr(0, 0, &[0])]]),
            "invalid plan: step 1: P1 sends a to itself"
        );
        assert_eq!(
            err(vec![vec![tr(0, 0, &[3, 4])]]),
            "invalid plan: at the end, P6 does not hold b, which it needs"
        );
        assert_eq!(
            err(vec![vec![], vec![tr(7, 0, &[3])]]),
            "invalid plan: step 2: P1 sends message 8, which does not exist (there are 6, numbered from 1)"
        );
        // The largest indices a file can hold are named without overflow (found by
        // tests/fuzz_import.rs in the ci profile, which checks overflows).
        assert_eq!(
            err(vec![vec![tr(usize::MAX, 0, &[3])]]),
            "invalid plan: step 1: P1 sends message 18446744073709551616, which does not exist (there are 6, numbered from 1)"
        );
        assert_eq!(
            err(vec![vec![tr(0, usize::MAX, &[3])]]),
            "invalid plan: step 1: the sender P18446744073709551616 is not a processor (there are 9, P1 to P9)"
        );
        // Indices in the file count from 0; the errors say P1..Pn, as the drawings do.
        assert_eq!(
            err(vec![vec![tr(0, 9, &[3])]]),
            "invalid plan: step 1: the sender P10 is not a processor (there are 9, P1 to P9)"
        );
        assert_eq!(
            err(vec![vec![tr(0, 0, &[3, 9])]]),
            "invalid plan: step 1: P1 sends a to P10, which is not a processor (there are 9, P1 to P9)"
        );
    }
}
