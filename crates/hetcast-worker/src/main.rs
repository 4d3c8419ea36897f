//! The web worker that runs hetcast's experiments (Trunk builds it from `index.html`'s
//! `<link data-trunk rel="rust" data-type="worker" ...>`): it listens for requests of the page,
//! does them with [`hetcast_worker::run`] and posts the messages back, as JSON text.

#[cfg(target_arch = "wasm32")]
fn main() {
    use hetcast_worker::{decode_request, encode_message, request_id, run, Message};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let poster = |scope: DedicatedWorkerGlobalScope| {
        move |m: Message| {
            // Nothing to do if posting fails: the page is gone.
            let _ = scope.post_message(&JsValue::from_str(&encode_message(&m)));
        }
    };
    let reply = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let post = poster(reply.clone());
        match e
            .data()
            .as_string()
            .ok_or_else(|| "a request must be text".to_string())
        {
            Ok(text) => match decode_request(&text) {
                Ok(request) => run(&request, post),
                Err(error) => post(Message::Failed {
                    id: request_id(&text),
                    error,
                }),
            },
            Err(error) => post(Message::Failed { id: 0, error }),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    poster(scope)(Message::Ready);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("hetcast-worker runs in a browser's web worker: build it with Trunk (index.html)");
    std::process::exit(2);
}
