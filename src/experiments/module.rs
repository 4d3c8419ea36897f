//! The Experiments module's root (the `hetcast-experiments` binary, loaded by
//! [`super::host`]): it mounts the [`ExperimentsPage`] in a layer of its own on the page's body
//! and connects it to the app's main module through [`super::bridge`].

use super::bridge::{self, ToPage, HELLO_EVENT, OPEN_EVENT};
use super::page::ExperimentsPage;
use hetcast_core::AnyInstance;
use yew::prelude::*;

/// Mount the Experiments page on the page's body (the binary's entry point).
pub fn start() {
    let document = gloo::utils::document();
    let Ok(root) = document.create_element("div") else {
        return;
    };
    root.set_id("experiments-module");
    if gloo::utils::body().append_child(&root).is_ok() {
        yew::Renderer::<ExperimentsRoot>::with_root(root).render();
    }
}

/// The page, open as the main module says (it is loaded when the user opens it, so it starts
/// open).
#[function_component(ExperimentsRoot)]
fn experiments_root() -> Html {
    let open = use_state(|| true);
    {
        let open = open.setter();
        use_effect_with((), move |_| {
            let listener = bridge::listen(OPEN_EVENT, move |text| open.set(text == "true"));
            let hello = bridge::listen(HELLO_EVENT, |_| bridge::send_to_page(&ToPage::Ready));
            bridge::send_to_page(&ToPage::Ready);
            move || drop((listener, hello))
        });
    }
    let on_close = Callback::from(|()| bridge::send_to_page(&ToPage::Close));
    let on_load = Callback::from(|(instance, origin): (AnyInstance, String)| {
        let instance = instance.to_json();
        bridge::send_to_page(&ToPage::Load { instance, origin });
    });
    let on_error = Callback::from(|text: String| bridge::send_to_page(&ToPage::Error(text)));
    html! { <ExperimentsPage open={*open} {on_close} {on_load} {on_error} /> }
}
