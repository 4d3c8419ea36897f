//! The Experiments page component.

use super::plan::{units, Experiment, Field};
use super::pool::{worker_count, Pool};
use super::results::{progress_view, result_view, running_view};
use super::state::{ExpAction, ExpState};
use crate::components::StateProps;
use crate::state::{Action, Notice, UiAction};
use crate::util;
use hetcast_core::models::overhead::ModelKind;
use hetcast_worker::Request;
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::{HtmlElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

fn now() -> f64 {
    js_sys::Date::now()
}

/// The Experiments page. It stays mounted while closed (hidden), so that a run goes on and
/// results stay while the editor is on screen.
#[function_component(ExperimentsPage)]
pub fn experiments_page(p: &StateProps) -> Html {
    let app = &p.state;
    let open = app.ui.experiments;
    let st = use_reducer(ExpState::default);
    let pool: Rc<RefCell<Option<Pool>>> = use_mut_ref(|| None);
    let next_id: Rc<RefCell<u32>> = use_mut_ref(|| 0);
    let run_ref = use_node_ref();

    // The workers go when their run ends (finished, failed or cancelled).
    {
        let pool = pool.clone();
        use_effect_with(st.running.as_ref().map(|r| r.id), move |id| {
            if id.is_none() {
                pool.borrow_mut().take();
            }
        });
    }
    // Opening the page puts the focus on Run: Enter starts the experiment on screen.
    {
        let run_ref = run_ref.clone();
        use_effect_with(open, move |&open| {
            if open {
                if let Some(b) = run_ref.cast::<HtmlElement>() {
                    let _ = b.focus();
                }
            }
        });
    }

    let exp = st.tab();
    let start = {
        let st = st.clone();
        let pool = pool.clone();
        let next_id = next_id.clone();
        Callback::from(move |_: ()| {
            if st.running.is_some() {
                return;
            }
            let whole = match st.forms.whole(exp) {
                Ok(w) => w,
                Err(e) => return st.dispatch(ExpAction::Failed(exp, e)),
            };
            let workers = worker_count();
            let jobs = whole.jobs(workers);
            let units: Vec<u64> = jobs.iter().map(units).collect();
            let workers = workers.min(jobs.len());
            let id = {
                let mut n = next_id.borrow_mut();
                *n += 1;
                *n
            };
            let requests: Vec<Request> = jobs.into_iter().map(|job| Request { id, job }).collect();
            let dispatcher = st.dispatcher();
            let on =
                Callback::from(move |(i, m)| dispatcher.dispatch(ExpAction::Worker(i, m, now())));
            match Pool::queue(requests, workers, on) {
                Ok(p) => {
                    *pool.borrow_mut() = Some(p);
                    st.dispatch(ExpAction::Started {
                        id,
                        exp,
                        whole,
                        units,
                        workers,
                        at: now(),
                    });
                }
                Err(e) => st.dispatch(ExpAction::Failed(exp, e)),
            }
        })
    };
    let on_submit = {
        let start = start.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            start.emit(());
        })
    };
    let on_cancel = {
        let st = st.clone();
        let pool = pool.clone();
        Callback::from(move |_: MouseEvent| {
            // Terminating the workers is the only way to stop them mid-job.
            pool.borrow_mut().take();
            st.dispatch(ExpAction::Cancel);
        })
    };
    let on_back = {
        let app = app.clone();
        Callback::from(move |_: MouseEvent| app.dispatch(UiAction::CloseExperiments.into()))
    };
    let tab = |e: Experiment| {
        let st = st.clone();
        let selected = e == exp;
        let onclick = Callback::from(move |_: MouseEvent| st.dispatch(ExpAction::Tab(e)));
        html! {
            <button id={format!("exp-tab-{}", e.key())} role="tab" aria-selected={selected.to_string()}
                class={classes!(selected.then_some("selected"))} {onclick}>{ e.tab() }</button>
        }
    };
    let field = |f: Field| {
        let value = st.forms.get(f).to_string();
        let dispatcher = st.dispatcher();
        let oninput = Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            dispatcher.dispatch(ExpAction::Set(f, input.value()));
        });
        html! {
            <div class="exp-field">
                <label for={f.id()}>{ f.label() }</label>
                <input id={f.id()} type="text" inputmode={f.input_mode()} autocomplete="off"
                    {value} {oninput} />
                <span class="exp-hint">{ f.hint() }</span>
            </div>
        }
    };
    let explorer_menus = if exp == Experiment::Explore {
        let on_model = {
            let st = st.clone();
            Callback::from(move |e: Event| {
                let sel: HtmlSelectElement = e.target_unchecked_into();
                st.dispatch(ExpAction::Model(if sel.value() == "sender_receiver" {
                    ModelKind::SenderReceiver
                } else {
                    ModelKind::Node
                }))
            })
        };
        let on_search = {
            let st = st.clone();
            Callback::from(move |e: Event| {
                let sel: HtmlSelectElement = e.target_unchecked_into();
                st.dispatch(ExpAction::Random(sel.value() == "random"))
            })
        };
        let model = st.forms.model;
        let random = st.forms.random;
        html! {
            <>
            <div class="exp-field">
                <label for="exp-model">{"model"}</label>
                <select id="exp-model" onchange={on_model}>
                    <option value="node" selected={model == ModelKind::Node}>{"node"}</option>
                    <option value="sender_receiver" selected={model == ModelKind::SenderReceiver}>{"sender-receiver"}</option>
                </select>
            </div>
            <div class="exp-field">
                <label for="exp-search">{"search"}</label>
                <select id="exp-search" onchange={on_search}>
                    <option value="all" selected={!random}>{"every member"}</option>
                    <option value="random" selected={random}>{"random"}</option>
                </select>
            </div>
            </>
        }
    } else {
        html! {}
    };
    let random_fields = (exp == Experiment::Explore && st.forms.random)
        .then(|| html! { <>{ field(Field::Tries) }{ field(Field::ExSeed) }</> });
    let running_here = st.running.as_ref().filter(|r| r.exp == exp);
    let busy_elsewhere = st.running.as_ref().filter(|r| r.exp != exp).map(|r| r.exp);
    let on_load = {
        let app = app.clone();
        Callback::from(
            move |(instance, origin): (hetcast_core::AnyInstance, String)| {
                app.dispatch(Action::Load { instance, origin });
                app.dispatch(UiAction::CloseExperiments.into());
            },
        )
    };
    let on_download = {
        let app = app.clone();
        Callback::from(move |(name, mime, text): (String, &'static str, String)| {
            if let Err(e) = util::download(&name, mime, &text) {
                app.dispatch(
                    UiAction::Notify(Notice::error(format!("Download failed: {e:?}"))).into(),
                );
            }
        })
    };
    let error = st
        .error
        .as_ref()
        .filter(|(e, _)| *e == exp)
        .map(|(_, m)| m.clone());

    html! {
        <section id="experiments" class={classes!("experiments", (!open).then_some("hidden"))}
            aria-label="Experiments" aria-hidden={(!open).then_some("true")}>
            <header class="exp-head">
                <h2>{"Experiments"}</h2>
                <nav class="exp-tabs" role="tablist" aria-label="Experiment">
                    { for Experiment::ALL.iter().map(|&e| tab(e)) }
                </nav>
                <span class="spacer"></span>
                <button id="exp-back" onclick={on_back} title="Back to the editor (Esc or e)">{"← Editor "}<kbd>{"Esc"}</kbd></button>
            </header>
            <div class="exp-body">
                <form class="exp-settings" onsubmit={on_submit} aria-label="Settings">
                    <p class="exp-about">{ exp.about() }</p>
                    { explorer_menus }
                    { for Field::of(exp).iter().map(|&f| field(f)) }
                    { for random_fields }
                    <div class="exp-actions">
                        <button id="exp-run" type="submit" class="primary" ref={run_ref}
                            disabled={st.running.is_some()}>{"Run"}</button>
                        <button id="exp-cancel" type="button" onclick={on_cancel}
                            disabled={st.running.is_none()}>{"Cancel"}</button>
                    </div>
                    if let Some(other) = busy_elsewhere {
                        <p class="exp-hint">{ format!("{} is running (one run at a time).", other.tab()) }</p>
                    }
                    if let Some(run) = running_here {
                        { progress_view(run) }
                    }
                    if let Some(e) = error {
                        <p id="exp-error" class="exp-error" role="alert">{ e }</p>
                    }
                </form>
                <div class="exp-results" id="exp-results">
                    if let (Some(run), None) = (running_here, st.done(exp)) {
                        { running_view(run) }
                    } else {
                        { result_view(exp, st.done(exp), on_load, on_download) }
                    }
                </div>
            </div>
        </section>
    }
}
