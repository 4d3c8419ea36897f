//! The view panel's size, measured whenever it changes (a panel shown or hidden, the results
//! table folded, the stepper's layout, the window resized): a `ResizeObserver` on the panel.
//! The drawings are laid out for it (see [`super::fit`]).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::state::{Action, AppState, UiAction};

/// A size that comes back within this many ms of the size before it is a loop, not a change.
const OSCILLATION_MS: f64 = 500.0;

/// The panel's vertical padding (0.4rem each side), not room for the drawing.
const PAD_Y: f64 = 16.0;

/// Measure the panel `panel` and tell the state (`SetViewSize`) when its size differs from
/// `known` by a pixel or more.
#[hook]
pub fn use_panel_size(
    panel: NodeRef,
    dispatcher: UseReducerDispatcher<AppState>,
    known: (f64, f64),
) {
    // The size last told, shared with the observer (which outlives renders), and the one
    // before it.
    let told = use_mut_ref(|| known);
    let before = use_mut_ref(|| known);
    // When the last size was told (ms): a turn back within OSCILLATION_MS is a loop.
    let at = use_mut_ref(|| f64::NEG_INFINITY);
    *told.borrow_mut() = known;
    use_effect_with((), move |_| {
        // Never more than the window: a panel sized by its content (no stylesheet) must not
        // grow with the drawing laid out for it.
        let window = |f: fn(&web_sys::Window) -> Result<wasm_bindgen::JsValue, _>| {
            f(&gloo::utils::window())
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(f64::INFINITY)
        };
        let measure = move |e: &web_sys::Element| {
            (
                (e.client_width() as f64).min(window(web_sys::Window::inner_width)),
                (e.client_height() as f64 - PAD_Y)
                    .max(0.0)
                    .min(window(web_sys::Window::inner_height)),
            )
        };
        let observed = panel.cast::<web_sys::Element>().and_then(|el| {
            let check = {
                let el = el.clone();
                move || {
                    let size = measure(&el);
                    let last = *told.borrow();
                    let differs = |a: (f64, f64), b: (f64, f64)| {
                        (a.0 - b.0).abs() >= 1.0 || (a.1 - b.1).abs() >= 1.0
                    };
                    // Back to the size before the last one at once (a scroll bar that a
                    // drawing laid out for one size brings and the other takes away): keep the
                    // last one, or the two would take turns for ever.
                    let now = js_sys::Date::now();
                    let turn_back =
                        !differs(size, *before.borrow()) && now - *at.borrow() < OSCILLATION_MS;
                    if differs(size, last) && !turn_back {
                        *at.borrow_mut() = now;
                        *before.borrow_mut() = last;
                        *told.borrow_mut() = size;
                        dispatcher.dispatch(Action::Ui(UiAction::SetViewSize(size.0, size.1)));
                    }
                }
            };
            check();
            let callback = Closure::<dyn FnMut()>::new(check);
            let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
            observer.observe(&el);
            Some((observer, callback))
        });
        move || {
            if let Some((observer, _callback)) = observed {
                observer.disconnect();
            }
        }
    });
}
