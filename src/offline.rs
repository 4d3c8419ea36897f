//! Offline use: the page's side of the service worker (`static/sw.js`, registered by
//! `static/offline.js`). After one visit the app, its Experiments worker and the gallery are
//! in the browser's cache and it opens with no network. A new deployment is offered, never
//! forced: [`UpdateBanner`] says "A new version is ready" with a Reload button, and the page
//! changes only when that button is pressed.

use gloo::events::EventListener;
use yew::prelude::*;

/// The event `static/offline.js` sends when a new version is installed and waiting.
pub const READY_EVENT: &str = "hetcast-update";
/// The event that asks `static/offline.js` to let the new version take over and reload.
pub const RELOAD_EVENT: &str = "hetcast-reload";

/// True when a new version was already waiting when the app started.
fn waiting() -> bool {
    js_sys::Reflect::get(&gloo::utils::window(), &"hetcastUpdate".into())
        .is_ok_and(|v| !v.is_undefined() && !v.is_null())
}

/// "A new version is ready: Reload", when a new deployment is installed and waiting.
#[function_component(UpdateBanner)]
pub fn update_banner() -> Html {
    let ready = use_state(waiting);
    let dismissed = use_state(|| false);
    {
        let ready = ready.clone();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo::utils::window(), READY_EVENT, move |_| {
                ready.set(true)
            });
            move || drop(listener)
        });
    }
    if !*ready || *dismissed {
        return Html::default();
    }
    let reload = Callback::from(|_: MouseEvent| {
        if let Ok(e) = web_sys::Event::new(RELOAD_EVENT) {
            let _ = gloo::utils::window().dispatch_event(&e);
        }
    });
    let later = Callback::from(move |_: MouseEvent| dismissed.set(true));
    html! {
        <div class="notice update-ready" id="update-ready" role="status">
            <span>{"A new version of hetcast is ready. It opens when you reload; your work is kept."}</span>
            <button id="update-reload" class="primary" onclick={reload}>{"Reload"}</button>
            <button class="icon" id="update-later" aria-label="Later" title="Not now (the next visit opens the new version)" onclick={later}>{"✕"}</button>
        </div>
    }
}
