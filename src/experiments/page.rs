//! The Experiments page component: its state, its workers and the layout (the controls are in
//! [`super::controls`], the results in [`super::results`] and [`super::explorer`]).

use super::controls::{draw_charts, keep_workers_ready, redraw_charts, settings_form, start, tab};
use super::plan::Experiment;
use super::pool::Pool;
use super::results::{result_view, running_view};
use super::screen::{Screen, SETTLE_MS};
use super::state::{ExpAction, ExpState};
use crate::util;
use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use hetcast_core::AnyInstance;
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::HtmlElement;
use yew::prelude::*;

/// Props of [`ExperimentsPage`]: what it asks of the app (in the app's main module, through
/// [`super::bridge`]).
#[derive(Properties, PartialEq)]
pub struct ExpProps {
    /// The page is on screen.
    pub open: bool,
    /// Back to the editor.
    pub on_close: Callback<()>,
    /// Load an instance into the editor and go back to it (the instance, where it came from).
    pub on_load: Callback<(AnyInstance, String)>,
    /// Say an error in the app's notice.
    pub on_error: Callback<String>,
}

/// The Experiments page. It stays mounted while closed (hidden), so that a run goes on and
/// results stay while the editor is on screen.
#[function_component(ExperimentsPage)]
pub fn experiments_page(p: &ExpProps) -> Html {
    let open = p.open;
    let st = use_reducer(ExpState::default);
    let pool: Rc<RefCell<Option<Pool>>> = use_mut_ref(|| None);
    let next_id: Rc<RefCell<u32>> = use_mut_ref(|| 0);
    let run_ref = use_node_ref();
    let results_ref = use_node_ref();
    let redraw_pool: Rc<RefCell<Option<Pool>>> = use_mut_ref(|| None);

    // The workers go when their run ends (finished, failed or cancelled).
    {
        let pool = pool.clone();
        use_effect_with(st.running.as_ref().map(|r| r.id), move |id| {
            if id.is_none() {
                pool.borrow_mut().take();
            }
        });
    }
    // While the page is open and nothing runs, workers wait loaded and warm (after a run,
    // once its workers are handed back as spares by the effect above).
    {
        let idle = st.running.is_none();
        use_effect_with((open, idle), move |&(open, idle)| {
            if open && idle {
                keep_workers_ready();
            }
        });
    }
    // Every answer is in: a worker draws the charts.
    {
        let (st, pool) = (st.clone(), pool.clone());
        let drawing = st
            .running
            .as_ref()
            .filter(|r| r.drawing.is_some())
            .map(|r| r.id);
        use_effect_with(drawing, move |_| draw_charts(&st, &pool));
    }
    // The room of the charts: measured when the page opens and once a resize has settled.
    {
        let (dispatcher, results_ref) = (st.dispatcher(), results_ref.clone());
        use_effect_with(open, move |&open| {
            let measure = Rc::new(move || {
                let el = results_ref.cast::<web_sys::Element>();
                if let Some(screen) = el.as_ref().and_then(Screen::measure) {
                    dispatcher.dispatch(ExpAction::Screen(screen));
                }
            });
            let listener = open.then(|| {
                measure();
                let settle: RefCell<Option<Timeout>> = RefCell::new(None);
                EventListener::new(&gloo::utils::window(), "resize", move |_| {
                    let measure = measure.clone();
                    *settle.borrow_mut() = Some(Timeout::new(SETTLE_MS, move || measure()));
                })
            });
            move || drop(listener)
        });
    }
    // The result on screen was drawn for another room: a worker draws its charts again.
    {
        let stale = st
            .done(st.tab())
            .filter(|d| open && d.svg.is_ok() && st.screen.is_some() && d.screen != st.screen)
            .map(|d| d.id)
            .zip(st.screen);
        let (st, pool) = (st.clone(), redraw_pool.clone());
        use_effect_with(stale, move |stale| {
            if let Some((id, screen)) = *stale {
                redraw_charts(&st, &pool, id, screen);
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
    let on_submit = {
        let (st, pool) = (st.clone(), pool.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            start(&st, &pool, &next_id);
        })
    };
    let on_cancel = {
        let (st, pool) = (st.clone(), pool.clone());
        Callback::from(move |_: MouseEvent| {
            // Terminating the workers is the only way to stop them mid-job.
            pool.borrow_mut().take();
            st.dispatch(ExpAction::Cancel);
        })
    };
    let on_back = p.on_close.reform(|_: MouseEvent| ());
    let on_load = p.on_load.clone();
    let on_download = {
        let on_error = p.on_error.clone();
        Callback::from(move |(name, mime, text): (String, &'static str, String)| {
            if let Err(e) = util::download(&name, mime, &text) {
                on_error.emit(format!("Download failed: {e:?}"));
            }
        })
    };
    let running_here = st.running.as_ref().filter(|r| r.exp == exp);

    html! {
        <section id="experiments" class={classes!("experiments", (!open).then_some("hidden"))}
            aria-label="Experiments" aria-hidden={(!open).then_some("true")}>
            <header class="exp-head">
                <h2>{"Experiments"}</h2>
                <nav class="exp-tabs" role="tablist" aria-label="Experiment">
                    { for Experiment::ALL.iter().map(|&e| tab(&st, e)) }
                </nav>
                <span class="spacer"></span>
                <button id="exp-back" onclick={on_back} title="Back to the editor (Esc or e)">{"← Editor "}<kbd>{"Esc"}</kbd></button>
            </header>
            <div class="exp-body">
                { settings_form(&st, &run_ref, on_submit, on_cancel) }
                <div class="exp-results" id="exp-results" ref={results_ref}>
                    if let (Some(run), None) = (running_here, st.done(exp)) {
                        { running_view(run) }
                    } else {
                        { result_view(&st, exp, st.done(exp), on_load, on_download) }
                    }
                </div>
            </div>
        </section>
    }
}
