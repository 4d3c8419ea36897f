//! Exports that open in other tools: the schedule of either model as a Chrome Trace Event file
//! for Perfetto and `chrome://tracing` ([`trace_event`]), a multicast tree as Graphviz DOT
//! ([`dot`]) and a results table as CSV ([`csv`]). Every time comes from the model's
//! simulator; nothing here re-times a plan.

pub mod csv;
pub mod dot;
pub mod trace_event;

use crate::models::multi::MultiSchedule;
use crate::models::overhead::Schedule;

/// One transfer of a message, in either model, with the simulator's times.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Hop {
    /// Message index (0 in the overhead model, which has one message).
    pub msg: usize,
    /// Sender.
    pub from: usize,
    /// Receiver.
    pub to: usize,
    /// The sender is busy from here ...
    pub send_start: f64,
    /// ... to here; the message then enters the network.
    pub send_end: f64,
    /// The message leaves the network (is in the receiver's buffer).
    pub arrive: f64,
    /// The receiver is busy receiving from here ...
    pub recv_start: f64,
    /// ... to here, and then holds the message.
    pub recv_end: f64,
}

/// The sends of an overhead-model schedule as hops (the receive starts on arrival).
pub(crate) fn overhead_hops(s: &Schedule) -> Vec<Hop> {
    s.sends
        .iter()
        .map(|o| Hop {
            msg: 0,
            from: o.from,
            to: o.to,
            send_start: o.start,
            send_end: o.end,
            arrive: o.recv_start,
            recv_start: o.recv_start,
            recv_end: o.recv_end,
        })
        .collect()
}

/// The transfers of a many-source schedule as hops.
pub(crate) fn multi_hops(s: &MultiSchedule) -> Vec<Hop> {
    s.transfers
        .iter()
        .map(|t| Hop {
            msg: t.msg,
            from: t.from,
            to: t.to,
            send_start: t.send_start,
            send_end: t.send_end,
            arrive: t.arrive,
            recv_start: t.recv_start,
            recv_end: t.recv_end,
        })
        .collect()
}
