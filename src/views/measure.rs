//! The view panel's size, measured whenever it changes (a panel shown or hidden, the results
//! table folded, the stepper's layout, the window resized): a `ResizeObserver` on the panel.
//! The drawings are laid out for it (see [`super::fit`]).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::fit::SCROLLBAR_PX;
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
                    let now = js_sys::Date::now();
                    let turn_back = is_turn_back(size, last, *before.borrow(), now - *at.borrow());
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

/// Two sizes a pixel or more apart in width or height.
fn differs(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() >= 1.0 || (a.1 - b.1).abs() >= 1.0
}

/// Whether the panel's new `size`, measured `elapsed` ms after `last` was told, is a loop to
/// be ignored rather than a change: back at once to the size `before` the last one, and apart
/// from the last one by no more than a scroll bar in each direction. That is what a scroll bar
/// does that a drawing laid out for one size brings and the other takes away; keeping the last
/// size stops the two from taking turns for ever. A bigger step back (lecture mode turned on
/// and off at once, a panel shown and hidden) is a real change, and is told.
fn is_turn_back(size: (f64, f64), last: (f64, f64), before: (f64, f64), elapsed: f64) -> bool {
    let bar = |a: f64, b: f64| (a - b).abs() <= SCROLLBAR_PX + 1.0;
    !differs(size, before) && elapsed < OSCILLATION_MS && bar(size.0, last.0) && bar(size.1, last.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scroll_bar_that_comes_and_goes_is_a_loop() {
        // A vertical scroll bar (16 px) taken away, then brought back at once.
        assert!(is_turn_back(
            (700.0, 500.0),
            (716.0, 500.0),
            (700.0, 500.0),
            40.0
        ));
        // The same, later than OSCILLATION_MS: a change.
        assert!(!is_turn_back(
            (700.0, 500.0),
            (716.0, 500.0),
            (700.0, 500.0),
            600.0
        ));
    }

    #[test]
    fn lecture_mode_on_and_off_at_once_is_a_change() {
        // Before: a 708 x 560 panel beside the instance panel; lecture mode: 1228 x 620; back
        // within 100 ms. Kept as a loop, the drawing stayed laid out for lecture mode's panel
        // and went 1244 px wide in the 708 px panel (e2e platform-labels.test.mjs).
        assert!(!is_turn_back(
            (708.0, 560.0),
            (1228.0, 620.0),
            (708.0, 560.0),
            100.0
        ));
        // Not back to the size before: a change however soon.
        assert!(!is_turn_back(
            (690.0, 500.0),
            (716.0, 500.0),
            (700.0, 500.0),
            10.0
        ));
    }
}
