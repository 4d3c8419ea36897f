//! Exports that open in other tools: the schedule of either model as a Chrome Trace Event file
//! for Perfetto and `chrome://tracing` ([`trace_event`]), a multicast tree as Graphviz DOT
//! ([`dot`]) and a results table as CSV ([`csv`]). Every time comes from the model's
//! simulator; nothing here re-times a plan.

pub mod animated;
pub mod csv;
pub mod dot;
pub mod trace_event;

use crate::models::multi::Transfer;
use crate::models::overhead::Schedule;

/// The sends of an overhead-model schedule as transfers of message 0, the many-source model's
/// timed hop, so both models are exported by one code path (the receive is issued and starts
/// on arrival, `end + L`).
pub(crate) fn overhead_transfers(s: &Schedule) -> Vec<Transfer> {
    s.sends
        .iter()
        .map(|o| Transfer {
            msg: 0,
            from: o.from,
            to: o.to,
            send_start: o.start,
            send_end: o.end,
            arrive: o.recv_start,
            recv_issue: o.recv_start,
            recv_start: o.recv_start,
            recv_end: o.recv_end,
        })
        .collect()
}
