//! The tour on screen: the tour bar (the stop's title and note, the arrows, PageDown /
//! PageUp); the top bar's ways in: the gallery menu's tours ([`gallery_group`]), the Import
//! button ([`import`]: a tour file starts the tour) and the Share menu's link ([`TourLink`]).
//! All reach the tour through [`TourContext`], which the root component provides.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use super::{builtin, from_hash, link, open_stop, parse, Tour};
use crate::components::{StateHandle, StateProps};
use crate::state::{Action, Notice, UiAction};

/// The tour on screen and its stop (0-based), `None` when no tour runs.
#[derive(Clone, PartialEq)]
pub struct TourContext(pub UseStateHandle<Option<(Rc<Tour>, usize)>>);

fn notify(state: &StateHandle, n: Notice) {
    state.dispatch(Action::Ui(UiAction::Notify(n)));
}

/// Put stop `i` of `tour` on screen (in lecture mode when `lecture`), or say why not.
fn show(ctx: &TourContext, state: &StateHandle, tour: Rc<Tour>, i: usize, lecture: bool) {
    match open_stop(&tour, i, &state.ui, lecture) {
        Ok(s) => {
            state.dispatch(Action::OpenLink(Box::new(s)));
            ctx.0.set(Some((tour, i)));
        }
        Err(e) => notify(state, Notice::error(e)),
    }
}

/// Move `by` stops from the one on screen (nothing past either end).
fn step(ctx: &TourContext, state: &StateHandle, by: isize) {
    let Some((tour, i)) = (*ctx.0).clone() else {
        return;
    };
    let j = i as isize + by;
    if j >= 0 && (j as usize) < tour.stops.len() {
        show(ctx, state, tour, j as usize, state.ui.lecture);
    }
}

/// The bar of the tour on screen, over the drawing; and, once, the tour of a tour link in the
/// address.
#[function_component(TourBar)]
pub fn tour_bar(p: &StateProps) -> Html {
    let state = &p.state;
    let ctx = use_context::<TourContext>().expect("the root provides the tour");
    // The latest state and tour, for the listeners (which outlive renders).
    let latest: Rc<RefCell<(StateHandle, TourContext)>> =
        use_mut_ref(|| (state.clone(), ctx.clone()));
    *latest.borrow_mut() = (state.clone(), ctx.clone());
    {
        // A tour link in the address (at startup, or followed in this tab).
        let latest = latest.clone();
        use_effect_with((), move |_| {
            let open = move || {
                let Some(found) = crate::share::location_hash().and_then(|h| from_hash(&h)) else {
                    return;
                };
                crate::share::clear_hash();
                let (state, ctx) = latest.borrow().clone();
                match found {
                    Ok((tour, i)) => show(&ctx, &state, tour, i, true),
                    Err(e) => notify(&state, Notice::error(e)),
                }
            };
            open();
            let open = Rc::new(open);
            let listener = EventListener::new(&gloo::utils::window(), "hashchange", move |_| {
                // The browser decompresses a tour's payload first (share::unpack).
                let open = open.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    crate::share::inflate_address().await;
                    open();
                });
            });
            move || drop(listener)
        });
    }
    let on = ctx.0.is_some();
    {
        let latest = latest.clone();
        use_effect_with(on, move |&on| {
            let listener = on.then(|| {
                let opts = EventListenerOptions::enable_prevent_default();
                let doc = gloo::utils::document();
                EventListener::new_with_options(&doc, "keydown", opts, move |e| {
                    let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                        return;
                    };
                    let key = e.key();
                    let by = match key.as_str() {
                        "PageDown" => 1,
                        "PageUp" => -1,
                        _ => return,
                    };
                    if e.ctrl_key() || e.alt_key() || e.meta_key() || e.default_prevented() {
                        return;
                    }
                    if crate::keys::is_typing(e.target(), &key) {
                        return;
                    }
                    e.prevent_default();
                    let (state, ctx) = latest.borrow().clone();
                    step(&ctx, &state, by);
                })
            });
            move || drop(listener)
        });
    }
    let Some((tour, i)) = (*ctx.0).clone() else {
        return Html::default();
    };
    let stop = &tour.stops[i];
    let go = |by: isize| {
        let (ctx, s) = (ctx.clone(), state.clone());
        Callback::from(move |_: MouseEvent| step(&ctx, &s, by))
    };
    let end = {
        let (ctx, s) = (ctx.clone(), state.clone());
        Callback::from(move |_: MouseEvent| {
            ctx.0.set(None);
            s.dispatch(Action::Ui(UiAction::LeaveLecture));
        })
    };
    let n = tour.stops.len();
    html! {
        <section class="tour-bar" id="tour-bar" aria-label={format!("Tour: {}", tour.title)}>
            <button id="tour-prev" class="tour-arrow" onclick={go(-1)} disabled={i == 0}
                title="The previous stop (key PageUp)" aria-label="Previous stop">{"◀"}</button>
            <div class="tour-text">
                <div class="tour-head">
                    <span class="tour-count" id="tour-count">{ format!("{}/{n}", i + 1) }</span>
                    <strong id="tour-stop-title">{ stop.title.clone() }</strong>
                    <span class="tour-title">{ format!(" · {}", tour.title) }</span>
                </div>
                <p class="tour-note" id="tour-note" aria-live="polite">{ stop.note.clone() }</p>
            </div>
            <button id="tour-next" class="tour-arrow" onclick={go(1)} disabled={i + 1 >= n}
                title="The next stop (key PageDown)" aria-label="Next stop">{"▶"}</button>
            <button id="tour-end" class="icon" onclick={end} title="End the tour (and lecture mode)"
                aria-label="End the tour">{"✕"}</button>
        </section>
    }
}

/// The value of a tour's entry in the gallery menu ([`gallery_group`]).
const GALLERY_PREFIX: &str = "tour:";

/// The gallery menu's group of tours, one entry per paper (value `tour:ID`).
pub fn gallery_group() -> Html {
    html! {
        <optgroup label="Tours (lecture mode; PageDown / PageUp)">
        { for builtin().into_iter().map(|t| html! {
            <option value={format!("{GALLERY_PREFIX}{}", t.id)} title={format!("{} ({} stops)", t.paper, t.stops.len())}>
                { format!("Tour: {}", t.title) }
            </option>
        }) }
        </optgroup>
    }
}

/// Start the tour of gallery entry `value`, if it is one; true when it was.
pub fn start_from_gallery(ctx: &TourContext, state: &StateHandle, value: &str) -> bool {
    let Some(id) = value.strip_prefix(GALLERY_PREFIX) else {
        return false;
    };
    match super::builtin_tour(id) {
        Some(t) => show(ctx, state, t, 0, true),
        None => notify(state, Notice::error(format!("There is no tour '{id}'."))),
    }
    true
}

/// Start the tour in file `name` of text `text`, if it is a tour file (its `format` is
/// [`super::FORMAT`]), or say why it does not open; false when it is not a tour file.
pub fn import(ctx: &TourContext, state: &StateHandle, name: &str, text: &str) -> bool {
    let is_tour = serde_json::from_str::<serde_json::Value>(text)
        .is_ok_and(|v| v.get("format").and_then(|f| f.as_str()) == Some(super::FORMAT));
    if is_tour {
        match parse(text) {
            Ok(tour) => show(ctx, state, Rc::new(tour), 0, true),
            Err(e) => notify(
                state,
                Notice::error(format!("Could not import {name}: {e}")),
            ),
        }
    }
    is_tour
}

/// The Share menu's link to the tour on screen at its stop (nothing without a tour). The link
/// is made when the tour or its stop changes (a tour of the user's own is compressed by the
/// browser, [`crate::share::pack`], which waits); its field shows once it is made.
#[function_component(TourLink)]
pub fn tour_link() -> Html {
    let ctx = use_context::<TourContext>().expect("the root provides the tour");
    let at = (*ctx.0).clone();
    // The link of the tour and stop it was made for (an older one is not shown).
    let made = use_state(|| None::<((Rc<Tour>, usize), Result<String, String>)>);
    {
        let made = made.setter();
        use_effect_with(at.clone(), move |at| {
            if let Some((tour, i)) = at.clone() {
                wasm_bindgen_futures::spawn_local(async move {
                    let url = link(&tour, i)
                        .await
                        .map(|l| format!("{}{l}", crate::share::page_address()));
                    made.set(Some(((tour, i), url)));
                });
            }
        });
    }
    let Some((tour, i)) = at else {
        return Html::default();
    };
    let url = match &*made {
        Some(((t, j), url)) if *t == tour && *j == i => Some(url.clone()),
        _ => None,
    };
    html! {
        <div class="tour-link">
            <label for="tour-link">{ format!("Link to the tour '{}', at stop {}", tour.title, i + 1) }</label>
            { match url {
                Some(Ok(url)) => html! {
                    <input id="tour-link" class="input share-link" type="text" readonly=true value={url} />
                },
                Some(Err(e)) => html! {
                    <p class="field-error small" id="tour-link-error">
                        { format!("No link: this browser cannot compress the tour ({e}).") }
                    </p>
                },
                None => html! { <p class="hint small">{"Making the link…"}</p> },
            } }
        </div>
    }
}
