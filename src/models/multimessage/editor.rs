//! The multimessage instance editor (paper 003): the number of processors and the messages
//! (name, source, destinations).

use super::drafts::{MmField, MsgField};
use super::MmAction;
use crate::components::editor::{draft_status, editor_head};
use crate::components::field::TextField;
use crate::components::StateProps;
use crate::state::Action;
use crate::views::message_swatch_class;
use hetcast_core::models::multimessage::view::instance_words;
use yew::prelude::*;

/// The editor of the multimessage instance.
#[function_component(MmEditor)]
pub fn mm_editor(p: &StateProps) -> Html {
    let state = &p.state;
    let Some(ms) = state.model.get::<super::MmState>() else {
        return html! {};
    };
    let d = &ms.drafts;
    let inst = &ms.instance;
    let err = |f: MmField| d.error(f).map(|e| AttrValue::from(e.to_string()));
    let dispatch = |a: MmAction| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Action::from(a.clone())))
    };
    let on_processors = {
        let s = state.clone();
        Callback::from(move |t| s.dispatch(MmAction::EditProcessors(t).into()))
    };
    let messages = d.messages.iter().enumerate().map(|(k, m)| {
        // Rows and processors count from 1, as the drawings do (P1..Pn); ids keep the index.
        let no = k + 1;
        let field = |f: MsgField, class: &'static str, mode: &'static str, label: String| {
            let s = state.clone();
            html! {
                <TextField id={format!("msg-{k}-{}", f.key())} aria_label={label}
                    value={m.get(f).to_string()} class={classes!(class)} inputmode={mode}
                    error={err(MmField::Message(k, f))}
                    oninput={Callback::from(move |text| s.dispatch(MmAction::EditMessage { msg: k, field: f, text }.into()))} />
            }
        };
        html! {
            <tr key={k} id={format!("msg-{k}")}>
                <th scope="row" class={classes!("idx", message_swatch_class(k))}>{ no }</th>
                <td>{ field(MsgField::Name, "name", "text", format!("name of message {no}")) }</td>
                <td>{ field(MsgField::Source, "num src", "numeric", format!("source processor of message {no} (1 for P1)")) }</td>
                <td>{ field(MsgField::Dests, "dests", "text", format!("destination processors of message {no}, e.g. 4, 5 for P4 and P5")) }</td>
                <td class="center">
                    <button class="icon" id={format!("remove-msg-{k}")} aria-label={format!("Remove message {no}")}
                        title={format!("Remove message {no}")}
                        onclick={dispatch(MmAction::RemoveMessage(k))}>{"✕"}</button>
                </td>
            </tr>
        }
    });
    html! {
        <section class="panel editor mm-editor" aria-labelledby="editor-h">
            { editor_head(state) }
            <p class="summary" id="instance-summary">
                { format!("{}, multimessage model (unit steps, forwarding allowed)", instance_words(inst)) }
            </p>
            <div class="row">
                <label for="processors" title="processors are P1 to Pn, as in the drawings">{"Processors"}</label>
                <TextField id="processors" value={d.processors.clone()} error={err(MmField::Processors)}
                    oninput={on_processors} class={classes!("num")} inputmode="numeric" />
            </div>
            <h3>{"Messages"}</h3>
            <div class="table-wrap">
                <table class="messages" id="messages">
                    <thead>
                        <tr>
                            <th scope="col">{"#"}</th>
                            <th scope="col">{"Name"}</th>
                            <th scope="col" title="the processor that holds the message at first: 1 for P1">{"From"}</th>
                            <th scope="col" title="the processors that need it, e.g. 4, 5 for P4 and P5">{"To"}</th>
                            <th scope="col"><span class="sr-only">{"Remove"}</span></th>
                        </tr>
                    </thead>
                    <tbody>{ for messages }</tbody>
                </table>
            </div>
            { draft_status(d.general.as_deref(), d.is_valid()) }
            <button id="add-msg" onclick={dispatch(MmAction::AddMessage)}>{"+ Add message"}</button>
        </section>
    }
}
