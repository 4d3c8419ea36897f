//! The many-source instance editor (paper 001): node classes, the link, the messages.

use super::drafts::{ClassField, MsgField, MultiDrafts, MultiField};
use super::text::{bandwidth_text, mbps_of, per_byte_text, rate_text};
use super::{MultiAction, MAX_GRID};
use crate::components::editor::{draft_status, editor_head};
use crate::components::field::TextField;
use crate::components::{StateHandle, StateProps};
use crate::models::num_text;
use crate::state::Action;
use crate::views::message_swatch_class;
use hetcast_core::models::multi::instance::instance_words;
use hetcast_core::models::multi::Link;
use hetcast_core::units::fmt_bytes;
use yew::prelude::*;

/// Node range of each class: "P0–P4" (classes number their nodes in order).
fn node_ranges(counts: &[Option<usize>]) -> Vec<Option<String>> {
    let mut first = Some(0usize);
    counts
        .iter()
        .map(|c| {
            let out = match (first, c) {
                (Some(f), Some(c)) if *c == 1 => Some(format!("P{f}")),
                (Some(f), Some(c)) if *c > 1 => Some(format!("P{f}–P{}", f + c - 1)),
                _ => None,
            };
            first = match (first, c) {
                (Some(f), Some(c)) => Some(f + c),
                _ => None,
            };
            out
        })
        .collect()
}

/// The editor of the many-source instance: the node classes ([`classes_table`]), the link
/// ([`link_rows`], [`rate_grid`]) and the messages ([`messages_table`]).
#[function_component(MultiEditor)]
pub fn multi_editor(p: &StateProps) -> Html {
    let state = &p.state;
    // The per-pair rates as a graph rather than a grid.
    let graph = use_state(|| false);
    let Some(ms) = state.model.get::<super::MultiState>() else {
        return html! {};
    };
    let d = &ms.drafts;
    let inst = &ms.instance;
    html! {
        <section class="panel editor multi-editor" aria-labelledby="editor-h">
            { editor_head(state) }
            <p class="summary" id="instance-summary">
                { format!("{}, many-source model; {}", instance_words(inst), link_text(&inst.link)) }
            </p>
            <h3>{"Node classes"}</h3>
            { classes_table(state, d) }
            <button id="add-class" onclick={dispatch(state, MultiAction::AddClass)}>{"+ Add class"}</button>
            <h3>{"Link"}</h3>
            { link_rows(state, d, &inst.link) }
            { rate_grid(state, d, &graph) }
            <h3>{"Messages"}</h3>
            { messages_table(state, d) }
            { draft_status(d.general.as_deref(), d.is_valid()) }
            <button id="add-msg" onclick={dispatch(state, MultiAction::AddMessage)}>{"+ Add message"}</button>
        </section>
    }
}

/// A button's click: dispatch `a`.
fn dispatch(state: &StateHandle, a: MultiAction) -> Callback<MouseEvent> {
    let s = state.clone();
    Callback::from(move |_: MouseEvent| s.dispatch(Action::from(a.clone())))
}

/// The error of field `f`, for a [`TextField`].
fn error_of(d: &MultiDrafts, f: MultiField) -> Option<AttrValue> {
    d.error(f).map(|e| AttrValue::from(e.to_string()))
}

/// The link as the summary line says it: the rate and, in the other unit, the bandwidth.
fn link_text(link: &Link) -> String {
    match link {
        Link::PerByte(x) if rate_text(*x) != num_text(*x) => {
            format!("X = {} ({} µs/B)", rate_text(*x), per_byte_text(*x))
        }
        Link::PerByte(x) => format!(
            "X = {} µs/B{}",
            num_text(*x),
            mbps_of(*x)
                .map(|m| format!(" ({})", bandwidth_text(m)))
                .unwrap_or_default()
        ),
        Link::Matrix(_) => "X per pair".to_string(),
    }
}

/// The table of node classes: per class its name, count and node range, and its send and
/// receive overheads.
fn classes_table(state: &StateHandle, d: &MultiDrafts) -> Html {
    let counts: Vec<Option<usize>> = d
        .classes
        .iter()
        .map(|c| c.count.trim().parse().ok())
        .collect();
    let ranges = node_ranges(&counts);
    let classes = (0..d.classes.len()).map(|i| class_rows(state, d, i, ranges[i].clone()));
    html! {
        <div class="table-wrap">
            <table class="classes" id="classes">
                <thead>
                    <tr>
                        <th scope="col">{"Class × count"}</th>
                        <th scope="col" title="constant part, µs">{"fixed µs"}</th>
                        <th scope="col" title="µs per byte">{"µs/B"}</th>
                        <th scope="col"><span class="sr-only">{"Remove"}</span></th>
                    </tr>
                </thead>
                { for classes }
            </table>
        </div>
    }
}

/// The rows of class `i` (its nodes `range`).
fn class_rows(state: &StateHandle, d: &MultiDrafts, i: usize, range: Option<String>) -> Html {
    let c = &d.classes[i];
    let who = if c.name.trim().is_empty() {
        format!("class {}", i + 1)
    } else {
        c.name.trim().to_string()
    };
    let field = |f: ClassField, label: String| class_field(state, d, i, f, label);
    html! {
        <tbody key={i} class="class-rows" id={format!("class-{i}")}>
            <tr class="class-head">
                <td colspan="3">
                    <span class="inline">
                        { field(ClassField::Name, format!("name of {who}")) }
                        <span class="times">{"×"}</span>
                        { field(ClassField::Count, format!("number of nodes of {who}")) }
                        <span class="range">{ range.unwrap_or_default() }</span>
                    </span>
                </td>
                <td class="center">
                    <button class="icon" id={format!("remove-class-{i}")} aria-label={format!("Remove {who}")}
                        title={format!("Remove {who}")} disabled={d.classes.len() <= 1}
                        onclick={dispatch(state, MultiAction::RemoveClass(i))}>{"✕"}</button>
                </td>
            </tr>
            <tr>
                <th scope="row" class="sub" title="send overhead S(m) = fixed + per byte × m">{"send S"}</th>
                <td>{ field(ClassField::SendFixed, format!("send overhead of {who}, fixed part in µs")) }</td>
                <td>{ field(ClassField::SendPerByte, format!("send overhead of {who}, µs per byte")) }</td>
                <td></td>
            </tr>
            <tr>
                <th scope="row" class="sub" title="receive overhead R(m) = fixed + per byte × m">{"recv R"}</th>
                <td>{ field(ClassField::RecvFixed, format!("receive overhead of {who}, fixed part in µs")) }</td>
                <td>{ field(ClassField::RecvPerByte, format!("receive overhead of {who}, µs per byte")) }</td>
                <td></td>
            </tr>
        </tbody>
    }
}

/// The field `f` of class `i`, read aloud as `label`.
fn class_field(
    state: &StateHandle,
    d: &MultiDrafts,
    i: usize,
    f: ClassField,
    label: String,
) -> Html {
    let s = state.clone();
    let (class, mode) = match f {
        ClassField::Name => ("name", "text"),
        ClassField::Count => ("num count", "numeric"),
        _ => ("num", "decimal"),
    };
    html! {
        <TextField id={format!("class-{i}-{}", f.key())} aria_label={label}
            value={d.classes[i].get(f).to_string()} class={classes!(class)} inputmode={mode}
            error={error_of(d, MultiField::Class(i, f))}
            oninput={Callback::from(move |text| s.dispatch(MultiAction::EditClass { class: i, field: f, text }.into()))} />
    }
}

/// The link's rate with its hint in the other unit, the bandwidth buttons and the per-pair
/// switch.
fn link_rows(state: &StateHandle, d: &MultiDrafts, link: &Link) -> Html {
    let on_rate = {
        let s = state.clone();
        Callback::from(move |t| s.dispatch(MultiAction::EditRate(t).into()))
    };
    let on_per_pair = {
        let s = state.clone();
        let on = d.per_pair;
        Callback::from(move |_: Event| s.dispatch(MultiAction::SetPerPair(!on).into()))
    };
    // The other unit next to the rate: the bandwidth of a number, the µs/byte of a bandwidth.
    let rate_hint = match d.rate.trim().parse::<f64>() {
        Ok(x) => mbps_of(x)
            .map(|m| format!("≈ {}", bandwidth_text(m)))
            .unwrap_or_default(),
        Err(_) => match link {
            Link::PerByte(x) if d.is_valid() => format!("= {} µs/byte", per_byte_text(*x)),
            _ => String::new(),
        },
    };
    html! {
        <>
            <div class="row">
                <label for="link-rate" title="network time per byte X: µs per byte, or a bandwidth such as 155 Mbps">{"X"}</label>
                <TextField id="link-rate" value={d.rate.clone()} error={error_of(d, MultiField::LinkRate)}
                    oninput={on_rate} class={classes!("num", "rate")} />
                if d.rate.trim().parse::<f64>().is_ok() {
                    <span>{"µs/B"}</span>
                }
                <span class="hint small" id="rate-hint">{ rate_hint }</span>
            </div>
            <div class="row">
                <button id="rate-155" onclick={dispatch(state, MultiAction::SetRateMbps(155.0))} title="X = 8 / 155 µs per byte">{"155 Mbps"}</button>
                <button id="rate-1g" onclick={dispatch(state, MultiAction::SetRateMbps(1000.0))} title="X = 0.008 µs per byte">{"1 Gbps"}</button>
                <label class="check">
                    <input type="checkbox" id="per-pair" checked={d.per_pair} onchange={on_per_pair} />
                    {" per pair"}
                </label>
            </div>
        </>
    }
}

/// With per-pair rates: the matrix as a grid of fields or as a graph (`graph`, switched by a
/// button), or a note when it is too large for the grid.
fn rate_grid(state: &StateHandle, d: &MultiDrafts, graph: &UseStateHandle<bool>) -> Html {
    if !d.per_pair {
        return html! {};
    }
    let n = match d.node_count() {
        Some(n) if n <= MAX_GRID && d.matrix.len() == n => n,
        _ => {
            return html! {
                <p class="hint small" id="matrix-note">
                    { format!("Per-pair rates: a {0} x {0} matrix. The grid is for at most {MAX_GRID} nodes; edit larger matrices in the JSON file and import it.", d.matrix.len()) }
                </p>
            }
        }
    };
    let as_graph = {
        let g = graph.clone();
        Callback::from(move |_: MouseEvent| g.set(!*g))
    };
    let toggle = html! {
        <button id="matrix-as-graph" onclick={as_graph} aria-pressed={graph.to_string()}
            title="Show the rates as a graph (click a rate to change it) or as a grid">
            { if **graph { "Show as grid" } else { "Show as graph" } }
        </button>
    };
    if **graph {
        html! {
            <>
                { toggle }
                <super::link_graph::LinkGraph state={state.clone()} matrix={d.matrix.clone()} errors={d.errors.clone()} />
            </>
        }
    } else {
        let rows = (0..n).map(|i| matrix_row(state, d, n, i));
        html! {
            <>
            { toggle }
            <div class="table-wrap matrix-wrap">
                <table class="matrix" id="matrix">
                    <caption class="hint small">{"X(i → j) in µs/byte: row sends, column receives"}</caption>
                    <thead><tr><th></th>{ for (0..n).map(|j| html! { <th scope="col">{ format!("P{j}") }</th> }) }</tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            </>
        }
    }
}

/// Row `i` of the `n` × `n` rate grid: a field per other node.
fn matrix_row(state: &StateHandle, d: &MultiDrafts, n: usize, i: usize) -> Html {
    let cells = (0..n).map(|j| {
        if i == j {
            html! { <td class="diag">{"—"}</td> }
        } else {
            let s = state.clone();
            html! {
                <td>
                    <TextField id={format!("matrix-{i}-{j}")} aria_label={format!("µs per byte from P{i} to P{j}")}
                        value={d.matrix[i][j].clone()} class={classes!("num", "cell")}
                        error={error_of(d, MultiField::Matrix(i, j))}
                        oninput={Callback::from(move |text| s.dispatch(MultiAction::EditMatrix { from: i, to: j, text }.into()))} />
                </td>
            }
        }
    });
    html! { <tr><th scope="row">{ format!("P{i}") }</th>{ for cells }</tr> }
}

/// The table of messages: source, size, destinations.
fn messages_table(state: &StateHandle, d: &MultiDrafts) -> Html {
    let messages = (0..d.messages.len()).map(|k| message_row(state, d, k));
    html! {
        <div class="table-wrap">
            <table class="messages" id="messages">
                <thead>
                    <tr>
                        <th scope="col">{"Msg"}</th>
                        <th scope="col" title="the node that holds the message at time 0">{"From"}</th>
                        <th scope="col">{"Bytes"}</th>
                        <th scope="col" title="node numbers and ranges, e.g. 1,2,5-8, or all">{"To"}</th>
                        <th scope="col"><span class="sr-only">{"Remove"}</span></th>
                    </tr>
                </thead>
                <tbody>{ for messages }</tbody>
            </table>
        </div>
    }
}

/// The row of message `k`, with its size in bytes read out when large.
fn message_row(state: &StateHandle, d: &MultiDrafts, k: usize) -> Html {
    let m = &d.messages[k];
    let field = |f: MsgField,
                 class: &'static str,
                 mode: &'static str,
                 label: String,
                 ph: Option<&'static str>| {
        let s = state.clone();
        html! {
            <TextField id={format!("msg-{k}-{}", f.key())} aria_label={label}
                value={m.get(f).to_string()} class={classes!(class)} inputmode={mode}
                placeholder={ph.map(AttrValue::from)}
                error={error_of(d, MultiField::Msg(k, f))}
                oninput={Callback::from(move |text| s.dispatch(MultiAction::EditMessage { msg: k, field: f, text }.into()))} />
        }
    };
    let size_hint = m
        .size
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|v| *v >= 1000.0 && v.is_finite())
        .map(fmt_bytes)
        .unwrap_or_default();
    html! {
        <tr key={k} id={format!("msg-{k}")}>
            <th scope="row" class={classes!("idx", message_swatch_class(k))}>{ format!("m{k}") }</th>
            <td>{ field(MsgField::Source, "num src", "numeric", format!("source node of m{k}"), None) }</td>
            <td>
                { field(MsgField::Size, "num size", "text", format!("size of m{k} in bytes, or with a unit: 1 KB, 1.5 MB"), None) }
                <span class="size-hint">{ size_hint }</span>
            </td>
            <td>{ field(MsgField::Dests, "dests", "text", format!("destinations of m{k}: node numbers and ranges, e.g. 1,2,5-8, or all"), Some("1,2,5-8 or all")) }</td>
            <td class="center">
                <button class="icon" id={format!("remove-msg-{k}")} aria-label={format!("Remove m{k}")}
                    title={format!("Remove m{k}")} disabled={d.messages.len() <= 1}
                    onclick={dispatch(state, MultiAction::RemoveMessage(k))}>{"✕"}</button>
            </td>
        </tr>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use hetcast_core::models::multi::Link;

    #[test]
    fn bandwidths_and_ranges() {
        assert_eq!(bandwidth_text(mbps_of(0.008).unwrap()), "1 Gbps");
        assert_eq!(
            bandwidth_text(mbps_of(Link::per_byte_of_mbps(155.0)).unwrap()),
            "155 Mbps"
        );
        assert_eq!(mbps_of(0.0), None);
        assert_eq!(
            node_ranges(&[Some(5), Some(1), None, Some(2)]),
            vec![Some("P0–P4".into()), Some("P5".into()), None, None]
        );
    }
}
