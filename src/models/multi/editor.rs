//! The many-source instance editor (paper 001): node classes, the link, the messages.

use super::drafts::{ClassField, MsgField, MultiField};
use super::text::{bandwidth_text, mbps_of, per_byte_text, rate_text};
use super::{MultiAction, MAX_GRID};
use crate::components::editor::{draft_status, editor_head};
use crate::components::field::TextField;
use crate::components::StateProps;
use crate::models::{num_text, ModelState};
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

/// The editor of the many-source instance.
#[function_component(MultiEditor)]
pub fn multi_editor(p: &StateProps) -> Html {
    let state = &p.state;
    // The per-pair rates as a graph rather than a grid.
    let graph = use_state(|| false);
    let ModelState::Multi(ms) = &state.model else {
        return html! {};
    };
    let d = &ms.drafts;
    let inst = &ms.instance;
    let err = |f: MultiField| d.error(f).map(|e| AttrValue::from(e.to_string()));
    let dispatch = |a: MultiAction| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::from(a.clone())))
    };
    let class_field = |i: usize, f: ClassField, label: String| {
        let s = state.clone();
        let (class, mode) = match f {
            ClassField::Name => ("name", "text"),
            ClassField::Count => ("num count", "numeric"),
            _ => ("num", "decimal"),
        };
        html! {
            <TextField id={format!("class-{i}-{}", f.key())} aria_label={label}
                value={d.classes[i].get(f).to_string()} class={classes!(class)} inputmode={mode}
                error={err(MultiField::Class(i, f))}
                oninput={Callback::from(move |text| s.dispatch(MultiAction::EditClass { class: i, field: f, text }.into()))} />
        }
    };
    let counts: Vec<Option<usize>> = d
        .classes
        .iter()
        .map(|c| c.count.trim().parse().ok())
        .collect();
    let ranges = node_ranges(&counts);
    let nclasses = d.classes.len();
    let classes = d.classes.iter().enumerate().map(|(i, c)| {
        let who = if c.name.trim().is_empty() {
            format!("class {}", i + 1)
        } else {
            c.name.trim().to_string()
        };
        html! {
            <tbody key={i} class="class-rows" id={format!("class-{i}")}>
                <tr class="class-head">
                    <td colspan="3">
                        <span class="inline">
                            { class_field(i, ClassField::Name, format!("name of {who}")) }
                            <span class="times">{"×"}</span>
                            { class_field(i, ClassField::Count, format!("number of nodes of {who}")) }
                            <span class="range">{ ranges[i].clone().unwrap_or_default() }</span>
                        </span>
                    </td>
                    <td class="center">
                        <button class="icon" id={format!("remove-class-{i}")} aria-label={format!("Remove {who}")}
                            title={format!("Remove {who}")} disabled={nclasses <= 1}
                            onclick={dispatch(MultiAction::RemoveClass(i))}>{"✕"}</button>
                    </td>
                </tr>
                <tr>
                    <th scope="row" class="sub" title="send overhead S(m) = fixed + per byte × m">{"send S"}</th>
                    <td>{ class_field(i, ClassField::SendFixed, format!("send overhead of {who}, fixed part in µs")) }</td>
                    <td>{ class_field(i, ClassField::SendPerByte, format!("send overhead of {who}, µs per byte")) }</td>
                    <td></td>
                </tr>
                <tr>
                    <th scope="row" class="sub" title="receive overhead R(m) = fixed + per byte × m">{"recv R"}</th>
                    <td>{ class_field(i, ClassField::RecvFixed, format!("receive overhead of {who}, fixed part in µs")) }</td>
                    <td>{ class_field(i, ClassField::RecvPerByte, format!("receive overhead of {who}, µs per byte")) }</td>
                    <td></td>
                </tr>
            </tbody>
        }
    });
    // Link.
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
        Err(_) => match inst.link {
            Link::PerByte(x) if d.is_valid() => format!("= {} µs/byte", per_byte_text(x)),
            _ => String::new(),
        },
    };
    let n_draft = d.node_count();
    let grid = if d.per_pair {
        match n_draft {
            Some(n) if n <= MAX_GRID && d.matrix.len() == n => {
                let rows = (0..n).map(|i| {
                    let cells = (0..n).map(|j| {
                        if i == j {
                            html! { <td class="diag">{"—"}</td> }
                        } else {
                            let s = state.clone();
                            html! {
                                <td>
                                    <TextField id={format!("matrix-{i}-{j}")} aria_label={format!("µs per byte from P{i} to P{j}")}
                                        value={d.matrix[i][j].clone()} class={classes!("num", "cell")}
                                        error={err(MultiField::Matrix(i, j))}
                                        oninput={Callback::from(move |text| s.dispatch(MultiAction::EditMatrix { from: i, to: j, text }.into()))} />
                                </td>
                            }
                        }
                    });
                    html! { <tr><th scope="row">{ format!("P{i}") }</th>{ for cells }</tr> }
                });
                let as_graph = {
                    let g = graph.clone();
                    Callback::from(move |_: MouseEvent| g.set(!*g))
                };
                let toggle = html! {
                    <button id="matrix-as-graph" onclick={as_graph} aria-pressed={graph.to_string()}
                        title="Show the rates as a graph (click a rate to change it) or as a grid">
                        { if *graph { "Show as grid" } else { "Show as graph" } }
                    </button>
                };
                if *graph {
                    html! {
                        <>
                            { toggle }
                            <super::link_graph::LinkGraph state={state.clone()} matrix={d.matrix.clone()} errors={d.errors.clone()} />
                        </>
                    }
                } else {
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
            _ => html! {
                <p class="hint small" id="matrix-note">
                    { format!("Per-pair rates: a {0} x {0} matrix. The grid is for at most {MAX_GRID} nodes; edit larger matrices in the JSON file and import it.", d.matrix.len()) }
                </p>
            },
        }
    } else {
        html! {}
    };
    // Messages.
    let nmsg = d.messages.len();
    let messages = d.messages.iter().enumerate().map(|(k, m)| {
        let field = |f: MsgField, class: &'static str, mode: &'static str, label: String, ph: Option<&'static str>| {
            let s = state.clone();
            html! {
                <TextField id={format!("msg-{k}-{}", f.key())} aria_label={label}
                    value={m.get(f).to_string()} class={classes!(class)} inputmode={mode}
                    placeholder={ph.map(AttrValue::from)}
                    error={err(MultiField::Msg(k, f))}
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
                        title={format!("Remove m{k}")} disabled={nmsg <= 1}
                        onclick={dispatch(MultiAction::RemoveMessage(k))}>{"✕"}</button>
                </td>
            </tr>
        }
    });
    let link_text = match &inst.link {
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
    };
    html! {
        <section class="panel editor multi-editor" aria-labelledby="editor-h">
            { editor_head(state) }
            <p class="summary" id="instance-summary">
                { format!("{}, many-source model; {link_text}", instance_words(inst)) }
            </p>
            <h3>{"Node classes"}</h3>
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
            <button id="add-class" onclick={dispatch(MultiAction::AddClass)}>{"+ Add class"}</button>
            <h3>{"Link"}</h3>
            <div class="row">
                <label for="link-rate" title="network time per byte X: µs per byte, or a bandwidth such as 155 Mbps">{"X"}</label>
                <TextField id="link-rate" value={d.rate.clone()} error={err(MultiField::LinkRate)}
                    oninput={on_rate} class={classes!("num", "rate")} />
                if d.rate.trim().parse::<f64>().is_ok() {
                    <span>{"µs/B"}</span>
                }
                <span class="hint small" id="rate-hint">{ rate_hint }</span>
            </div>
            <div class="row">
                <button id="rate-155" onclick={dispatch(MultiAction::SetRateMbps(155.0))} title="X = 8 / 155 µs per byte">{"155 Mbps"}</button>
                <button id="rate-1g" onclick={dispatch(MultiAction::SetRateMbps(1000.0))} title="X = 0.008 µs per byte">{"1 Gbps"}</button>
                <label class="check">
                    <input type="checkbox" id="per-pair" checked={d.per_pair} onchange={on_per_pair} />
                    {" per pair"}
                </label>
            </div>
            { grid }
            <h3>{"Messages"}</h3>
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
            { draft_status(d.general.as_deref(), d.is_valid()) }
            <button id="add-msg" onclick={dispatch(MultiAction::AddMessage)}>{"+ Add message"}</button>
        </section>
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
