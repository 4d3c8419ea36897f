//! The view panel's size, measured whenever it changes (a panel shown or hidden, the results
//! table folded, the stepper's layout, the window resized): a `ResizeObserver` on the panel.
//! The drawings are laid out for it (see [`super::fit`]).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::state::{Action, AppState, UiAction};

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
    // The size last told, shared with the observer (which outlives renders).
    let told = use_mut_ref(|| known);
    *told.borrow_mut() = known;
    use_effect_with((), move |_| {
        let measure = move |e: &web_sys::Element| {
            (
                e.client_width() as f64,
                (e.client_height() as f64 - PAD_Y).max(0.0),
            )
        };
        let observed = panel.cast::<web_sys::Element>().and_then(|el| {
            let check = {
                let el = el.clone();
                move || {
                    let size = measure(&el);
                    let last = *told.borrow();
                    if (size.0 - last.0).abs() >= 1.0 || (size.1 - last.1).abs() >= 1.0 {
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
