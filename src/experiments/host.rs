//! The Experiments page's place in the app's main module: it loads the page's own module
//! (`hetcast-experiments`, [`super::module`]) the first time the page is opened, shows a
//! loading state until the module is mounted, tells the module when the page opens and closes,
//! and does what the module asks ([`ToPage`]). Once loaded, the module stays: its runs and
//! results are kept while the editor is on screen.

use super::bridge::{self, ToPage, HELLO_EVENT, LOADER_URL, OPEN_EVENT, TO_PAGE_EVENT};
use crate::components::StateProps;
use crate::state::{Action, Notice, UiAction};
use hetcast_core::AnyInstance;
use yew::prelude::*;

/// Where the Experiments module is.
#[derive(Debug, Clone, PartialEq)]
enum Module {
    /// Not asked for yet.
    Absent,
    /// Being fetched and started.
    Loading,
    /// Mounted: it draws the page.
    Ready,
    /// Could not be loaded (the error): the browser keeps a failed module import, so only
    /// reloading the page tries again.
    Failed(String),
}

/// The Experiments page as the main module sees it: a loading state (or the loading error)
/// while its module comes, then nothing (the module draws the page over the editor).
#[function_component(ExperimentsHost)]
pub fn experiments_host(p: &StateProps) -> Html {
    let open = p.state.ui.experiments;
    let module = use_state(|| Module::Absent);

    // What the module asks.
    {
        let (app, module) = (p.state.dispatcher(), module.setter());
        use_effect_with((), move |_| {
            let listener = bridge::listen(TO_PAGE_EVENT, move |text| {
                let Ok(message) = serde_json::from_str::<ToPage>(&text) else {
                    return;
                };
                let error = |text: String| UiAction::Notify(Notice::error(text)).into();
                match message {
                    ToPage::Ready => module.set(Module::Ready),
                    ToPage::Close => app.dispatch(UiAction::CloseExperiments.into()),
                    ToPage::Load { instance, origin } => match AnyInstance::from_json(&instance) {
                        Ok(instance) => {
                            app.dispatch(Action::Load { instance, origin });
                            app.dispatch(UiAction::CloseExperiments.into());
                        }
                        Err(e) => app.dispatch(error(format!("{origin}: {e}"))),
                    },
                    ToPage::Error(text) => app.dispatch(error(text)),
                }
            });
            move || drop(listener)
        });
    }
    // The first opening loads the module.
    {
        let module = module.clone();
        use_effect_with(open, move |&open| {
            if open && *module == Module::Absent {
                module.set(Module::Loading);
                let setter = module.setter();
                wasm_bindgen_futures::spawn_local(async move {
                    match crate::util::import_module(LOADER_URL).await {
                        Ok(()) => bridge::send(HELLO_EVENT, ""),
                        Err(e) => setter.set(Module::Failed(e)),
                    }
                });
            }
        });
    }
    // The module follows the page's state (again once it is ready: it starts open).
    let ready = *module == Module::Ready;
    use_effect_with((open, ready), move |&(open, ready)| {
        if ready {
            bridge::send(OPEN_EVENT, if open { "true" } else { "false" });
        }
    });

    if !open || ready {
        return html! {};
    }
    let on_back = {
        let app = p.state.clone();
        Callback::from(move |_: MouseEvent| app.dispatch(UiAction::CloseExperiments.into()))
    };
    let status = match &*module {
        Module::Failed(e) => {
            format!("The Experiments page could not be loaded ({e}). Reload the page to try again.")
        }
        _ => "Loading the Experiments page…".to_string(),
    };
    html! {
        <section id="experiments-loading" class="experiments" aria-label="Experiments"
            aria-busy={(!matches!(*module, Module::Failed(_))).then_some("true")}>
            <header class="exp-head">
                <h2>{"Experiments"}</h2>
                <span class="spacer"></span>
                <button id="exp-loading-back" onclick={on_back} title="Back to the editor (Esc or e)">{"← Editor "}<kbd>{"Esc"}</kbd></button>
            </header>
            <p class="exp-loading" role="status">{ status }</p>
        </section>
    }
}
