//! The Experiments page's controls: starting a run on the workers, the tabs, and the settings
//! form (its fields, Run and Cancel, the progress and the error).

use super::explorer::explorer_menus;
use super::plan::{units, Experiment, Field};
use super::pool::{keep_spares, worker_count, Pool, EXPERIMENTS, WARM_UP_ID};
use super::results::progress_view;
use super::screen::Screen;
use super::state::{ExpAction, ExpState};
use hetcast_worker::{Job, Message, Request};
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The page's state handle.
pub type Exp = UseReducerHandle<ExpState>;

/// Milliseconds since the epoch (`Date.now()`).
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// Start `exp` as the forms say: its jobs on the workers (kept in `pool`; the run's id is the
/// next of `next_id`), or the error of the forms.
pub fn start(st: &Exp, pool: &Rc<RefCell<Option<Pool>>>, next_id: &Rc<RefCell<u32>>) {
    let exp = st.tab();
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
    let on = Callback::from(move |(i, m)| dispatcher.dispatch(ExpAction::Worker(i, m, now())));
    match Pool::queue(requests, workers, on, EXPERIMENTS) {
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
}

/// The warm-up job of the page's spare workers ([`keep_spares`]): one run of each point of Wu
/// Figure 3 (21 runs, the work of FEF, ECF, WR, WRP and the lower bound on 64 nodes; about
/// 0.1 s), so that the browser has optimized those functions before the first real run.
fn warm_up() -> Request {
    Request {
        id: WARM_UP_ID,
        job: super::plans::wu::warm_up(),
    }
}

/// While the page is open and nothing runs, [`worker_count`] workers wait, loaded and warm
/// ([`keep_spares`]): Run does not wait for the workers' WebAssembly to be compiled and
/// started, nor for its functions to be optimized (docs/performance.md "The worker's allocator,
/// its allocations, warm workers and the page's redraws").
pub fn keep_workers_ready() {
    keep_spares(worker_count(), &warm_up(), EXPERIMENTS);
}

/// Every answer of the run is in: a worker draws its charts (the run's workers, idle now, are
/// kept as spares, and the drawing takes one of them; the pool is the run's, so Cancel stops
/// it too).
pub fn draw_charts(st: &Exp, pool: &Rc<RefCell<Option<Pool>>>) {
    let Some((id, d)) = st
        .running
        .as_ref()
        .and_then(|r| r.drawing.as_ref().map(|d| (r.id, d)))
    else {
        return;
    };
    pool.borrow_mut().take();
    let dispatcher = st.dispatcher();
    let on = Callback::from(move |(i, m)| dispatcher.dispatch(ExpAction::Worker(i, m, now())));
    let job = d.charts.job();
    match Pool::queue(vec![Request { id, job }], 1, on, EXPERIMENTS) {
        Ok(p) => *pool.borrow_mut() = Some(p),
        Err(error) => st.dispatch(ExpAction::Worker(0, Message::Failed { id, error }, now())),
    }
}

/// Draw the page's charts of the finished run `id` again, for `screen`, in a worker of a pool
/// kept in `pool` (which stops a drawing still going on for another size).
pub fn redraw_charts(st: &Exp, pool: &Rc<RefCell<Option<Pool>>>, id: u32, screen: Screen) {
    let Some((_, done)) = st.done.iter().find(|(_, d)| d.id == id) else {
        return;
    };
    let job = Job::Charts {
        charts: done.outcome.screen_charts(Some(screen)),
    };
    pool.borrow_mut().take();
    let dispatcher = st.dispatcher();
    let on = Callback::from(move |(_, m)| dispatcher.dispatch(ExpAction::Redrawn(id, screen, m)));
    match Pool::queue(vec![Request { id, job }], 1, on, EXPERIMENTS) {
        Ok(p) => *pool.borrow_mut() = Some(p),
        Err(error) => st.dispatch(ExpAction::Redrawn(
            id,
            screen,
            Message::Failed { id, error },
        )),
    }
}

/// The tab of experiment `e`.
pub fn tab(st: &Exp, e: Experiment) -> Html {
    let selected = e == st.tab();
    let onclick = {
        let st = st.clone();
        Callback::from(move |_: MouseEvent| st.dispatch(ExpAction::Tab(e)))
    };
    html! {
        <button id={format!("exp-tab-{}", e.key())} role="tab" aria-selected={selected.to_string()}
            class={classes!(selected.then_some("selected"))} {onclick}>{ e.tab() }</button>
    }
}

/// The input of field `f`, with its label and hint.
pub fn field(st: &Exp, f: Field) -> Html {
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
}

/// The settings form of the experiment on screen: its fields, Run (a submit: Enter runs) and
/// Cancel, the run's progress and the last error.
pub fn settings_form(
    st: &Exp,
    run_ref: &NodeRef,
    on_submit: Callback<SubmitEvent>,
    on_cancel: Callback<MouseEvent>,
) -> Html {
    let exp = st.tab();
    let running_here = st.running.as_ref().filter(|r| r.exp == exp);
    let busy_elsewhere = st.running.as_ref().filter(|r| r.exp != exp).map(|r| r.exp);
    let error = st
        .error
        .as_ref()
        .filter(|(e, _)| *e == exp)
        .map(|(_, m)| m.clone());
    html! {
        <form class="exp-settings" onsubmit={on_submit} aria-label="Settings">
            <p class="exp-about">{ exp.about() }</p>
            if exp == Experiment::Explore {
                { explorer_menus(st) }
            }
            { for Field::of(exp).iter().map(|&f| field(st, f)) }
            <div class="exp-actions">
                <button id="exp-run" type="submit" class="primary" ref={run_ref.clone()}
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
    }
}
