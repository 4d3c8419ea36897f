//! The one-source instance editor: one row per node, the latency, add and remove.

use super::drafts::{FieldId, NodeField};
use super::{model_title, OverheadAction};
use crate::components::editor::{draft_status, editor_head};
use crate::components::field::TextField;
use crate::components::StateProps;
use crate::models::ModelState;
use hetcast_core::models::overhead::ModelKind;
use yew::prelude::*;

/// The node table of the current instance, editable.
#[function_component(InstanceEditor)]
pub fn instance_editor(p: &StateProps) -> Html {
    let state = &p.state;
    let ModelState::Overhead(m) = &state.model else {
        return html! {};
    };
    let d = &m.drafts;
    let model = m.instance.model;
    let sr = model == ModelKind::SenderReceiver;
    let n = d.nodes.len();
    let field = |i: usize, f: NodeField, value: &str, label: String| {
        let s = state.clone();
        let key = f.key();
        let (class, inputmode) = match f {
            NodeField::Name => ("name", "text"),
            _ => ("num", "decimal"),
        };
        html! {
            <TextField
                id={format!("node-{i}-{key}")}
                aria_label={label}
                value={value.to_string()}
                class={classes!(class)}
                inputmode={inputmode}
                error={d.error(FieldId::Node(i, f)).map(|e| AttrValue::from(e.to_string()))}
                oninput={Callback::from(move |text| s.dispatch(OverheadAction::EditNode { node: i, field: f, text }.into()))}
            />
        }
    };
    let rows = d.nodes.iter().enumerate().map(|(i, nd)| {
        let label = format!("P{i}");
        let is_source = i == d.source;
        let on_source = {
            let s = state.clone();
            Callback::from(move |_: Event| s.dispatch(OverheadAction::SetSource(i).into()))
        };
        let on_remove = {
            let s = state.clone();
            Callback::from(move |_: MouseEvent| s.dispatch(OverheadAction::RemoveNode(i).into()))
        };
        let remove_title = if is_source {
            format!("{label} is the source: choose another source before removing it")
        } else {
            format!("Remove {label}")
        };
        html! {
            <tr key={i} class={classes!(is_source.then_some("source-row"))}>
                <th scope="row" class="idx">{label.clone()}</th>
                <td>{ field(i, NodeField::Name, &nd.name, format!("name of {label}")) }</td>
                if sr {
                    <td>{ field(i, NodeField::Send, &nd.send, format!("send time of {label}")) }</td>
                    <td>{ field(i, NodeField::Recv, &nd.recv, format!("receive time of {label}")) }</td>
                } else {
                    <td>{ field(i, NodeField::Send, &nd.send, format!("cost of {label}")) }</td>
                }
                <td>{ field(i, NodeField::Gap, &nd.gap, format!("LogP gap of {label} (optional)")) }</td>
                <td class="center">
                    <input type="radio" name="source" id={format!("source-{i}")}
                        aria-label={format!("{label} is the source")}
                        checked={is_source} onchange={on_source} />
                </td>
                <td class="center">
                    <button class="icon" id={format!("remove-{i}")}
                        aria-label={remove_title.clone()} title={remove_title}
                        disabled={is_source || n <= 2} onclick={on_remove}>{"✕"}</button>
                </td>
            </tr>
        }
    });
    let on_add = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(OverheadAction::AddNode.into()))
    };
    let on_latency = {
        let s = state.clone();
        Callback::from(move |t| s.dispatch(OverheadAction::EditLatency(t).into()))
    };
    let inst = &m.instance;
    html! {
        <section class="panel editor" aria-labelledby="editor-h">
            { editor_head(state) }
            <p class="summary" id="instance-summary">
                { format!("{} nodes, {} model, source {}", inst.len(), model_title(inst.model), inst.label(inst.source)) }
                if sr { { format!(", L = {}", crate::util::fmt_time(inst.latency)) } }
            </p>
            if sr {
                <div class="row">
                    <label for="latency">{"Latency L"}</label>
                    <TextField id="latency" value={d.latency.clone()}
                        error={d.error(FieldId::Latency).map(|e| AttrValue::from(e.to_string()))}
                        oninput={on_latency} class={classes!("num")} />
                </div>
            }
            <div class="table-wrap">
                <table class={classes!("nodes", sr.then_some("sr"))} id="nodes">
                    <thead>
                        <tr>
                            <th scope="col">{"Node"}</th>
                            <th scope="col">{"Name"}</th>
                            if sr {
                                <th scope="col" title="send overhead s">{"Send s"}</th>
                                <th scope="col" title="receive overhead r">{"Recv r"}</th>
                            } else {
                                <th scope="col" title="message-initiation cost c">{"Cost c"}</th>
                            }
                            <th scope="col" title="LogP gap g (optional): the least time between the starts of two sends of the node; empty: its send time">{"Gap g"}</th>
                            <th scope="col" class="center"><abbr title="source">{"Src"}</abbr></th>
                            <th scope="col"><span class="sr-only">{"Remove"}</span></th>
                        </tr>
                    </thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            { draft_status(d.general.as_deref(), d.is_valid()) }
            <button id="add-node" onclick={on_add}>{"+ Add node"}</button>
        </section>
    }
}
