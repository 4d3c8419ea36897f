//! The Scenarios menu (save the work under a name, load, rename, delete; kept in this
//! browser) and the Share menu (a link holding the whole scenario, copied to the clipboard or
//! shown to copy); and the opening of share links pasted into an open tab.

use gloo::events::EventListener;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::menu::Menu;
use super::{StateHandle, StateProps};
use crate::saved::{self, Named};
use crate::scenario::{capture, restore};
use crate::share;
use crate::state::{Action, Notice, UiAction};
use std::rc::Rc;

fn notify(n: Notice) -> Action {
    Action::Ui(UiAction::Notify(n))
}

/// A change of the saved list: the function gets the list and returns the new one and what
/// to say; the new list is stored, or the error is said, and the menu's list read again.
type Change = Rc<dyn Fn(&dyn Fn(Vec<Named>) -> Result<(Vec<Named>, String), String>)>;

/// What the rows of the list act on.
#[derive(Clone)]
struct Rows {
    state: StateHandle,
    /// The menu is open.
    open: UseStateHandle<bool>,
    /// The row whose name is being edited.
    renaming: UseStateHandle<Option<usize>>,
    /// The row whose Delete was pressed once (pressed again, it deletes).
    confirm: UseStateHandle<Option<usize>>,
    /// The field of the new name.
    rename_ref: NodeRef,
    change: Change,
}

/// The Scenarios menu: a field to save the work under a name, then the saved list
/// ([`list_html`]).
#[function_component(ScenarioMenu)]
pub fn scenario_menu(p: &StateProps) -> Html {
    let state = &p.state;
    let open = use_state(|| false);
    // Bumped after every change of the list, so that it is read again.
    let version = use_state(|| 0u32);
    let renaming = use_state(|| None::<usize>);
    let confirm = use_state(|| None::<usize>);
    let name_ref = use_node_ref();
    let rename_ref = use_node_ref();
    use_links_opened(state);
    let list: Result<Vec<Named>, String> = {
        let _ = *version;
        saved::named()
    };
    let rows = Rows {
        state: state.clone(),
        open: open.clone(),
        change: change_fn(state, &version, &renaming, &confirm),
        renaming,
        confirm,
        rename_ref,
    };
    let on_save = save_callback(&rows, &name_ref);
    html! {
        <Menu id="scenarios" label="Scenarios" open={open.clone()}
            title="Save the work under a name in this browser, or open a saved scenario">
            <form class="scenario-save" onsubmit={on_save}>
                <label for="scenario-name">{"Name"}</label>
                <input id="scenario-name" ref={name_ref} class="input scenario-name-input" type="text"
                    placeholder="e.g. Lecture 3, Fig. 1" maxlength={saved::MAX_NAME.to_string()} />
                <button type="submit" id="scenario-save" class="primary">{"Save"}</button>
            </form>
            <p class="hint small">{"A scenario keeps the instance of every model, the results, the selected row and the view."}</p>
            { list_html(&rows, &list) }
        </Menu>
    }
}

/// A share link or a deep link followed in this tab (or pasted into its address) opens here
/// too, and is taken off the address as at startup.
#[hook]
fn use_links_opened(state: &StateHandle) {
    let s = state.clone();
    use_effect_with((), move |_| {
        let listener = EventListener::new(&gloo::utils::window(), "hashchange", move |_| {
            // The browser decompresses a share link's payload first (share::unpack).
            let s = s.clone();
            wasm_bindgen_futures::spawn_local(async move {
                share::inflate_address().await;
                open_hash(&s);
            });
        });
        move || drop(listener)
    });
}

/// Open the link in the address's hash, if any: a deep link, else a share link (the work it
/// replaces kept, as [`saved::keep_before_link`] says).
fn open_hash(s: &StateHandle) {
    let Some(hash) = share::location_hash() else {
        return;
    };
    if let Some(link) = crate::deep_link::parse(&hash) {
        share::clear_hash();
        match crate::deep_link::open(&link) {
            Ok(opened) => s.dispatch(Action::OpenLink(Box::new(opened))),
            Err(e) => s.dispatch(notify(Notice::error(e))),
        }
        return;
    }
    let Some(payload) = share::payload_of(&hash) else {
        return;
    };
    let opened = share::open(payload);
    let kept = opened
        .as_ref()
        .map(|_| saved::keep_before_link(payload))
        .unwrap_or_default();
    share::clear_hash();
    match opened {
        Ok(r) => {
            let said = format!("Opened the shared link: {}.{kept}", r.words);
            s.dispatch(Action::Restore {
                restored: Box::new(r),
                origin: "the shared link".into(),
            });
            s.dispatch(notify(Notice::info(said)));
        }
        Err(e) => s.dispatch(notify(saved::link_error(&e))),
    }
}

/// Every change of the list goes through here: the new list is stored, or the error is said;
/// then the list is read again and no row is renamed or confirmed.
fn change_fn(
    state: &StateHandle,
    version: &UseStateHandle<u32>,
    renaming: &UseStateHandle<Option<usize>>,
    confirm: &UseStateHandle<Option<usize>>,
) -> Change {
    let (s, version, renaming, confirm) = (
        state.clone(),
        version.clone(),
        renaming.clone(),
        confirm.clone(),
    );
    Rc::new(
        move |f: &dyn Fn(Vec<Named>) -> Result<(Vec<Named>, String), String>| {
            let result = saved::named().and_then(f).and_then(|(l, said)| {
                saved::store_named(&l)?;
                Ok(said)
            });
            s.dispatch(notify(match result {
                Ok(said) => Notice::info(said),
                Err(e) => Notice::error(e),
            }));
            version.set(*version + 1);
            renaming.set(None);
            confirm.set(None);
        },
    )
}

/// Save: the work captured under the name typed in `name_ref` (a bad name is said and the
/// field keeps the focus).
fn save_callback(rows: &Rows, name_ref: &NodeRef) -> Callback<SubmitEvent> {
    let (s, change, name_ref) = (rows.state.clone(), rows.change.clone(), name_ref.clone());
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        let Some(input) = name_ref.cast::<HtmlInputElement>() else {
            return;
        };
        let name = match saved::clean_name(&input.value()) {
            Ok(n) => n,
            Err(e) => {
                s.dispatch(notify(Notice::error(e)));
                let _ = input.focus();
                return;
            }
        };
        let sc = capture(&s);
        change(&|l| {
            let said = format!("Saved the scenario '{name}' in this browser.");
            Ok((saved::with_saved(l, &name, sc.clone()), said))
        });
        input.set_value("");
    })
}

/// The saved list (or why it cannot be read, or that it is empty).
fn list_html(rows: &Rows, list: &Result<Vec<Named>, String>) -> Html {
    match list {
        Err(e) => html! { <p class="field-error" id="scenario-error">{ format!("⚠ {e}") }</p> },
        Ok(l) if l.is_empty() => html! {
            <p class="hint" id="scenario-empty">{"No saved scenarios yet: type a name and press Save."}</p>
        },
        Ok(l) => {
            let items = l.iter().enumerate().map(|(i, n)| {
                if *rows.renaming == Some(i) {
                    rename_row(rows, &n.name)
                } else {
                    row_html(rows, i, n)
                }
            });
            html! { <ul class="scenario-list" id="scenario-list">{ for items }</ul> }
        }
    }
}

/// Row `i` of the list: its name, Load, Rename and Delete (pressed twice).
fn row_html(rows: &Rows, i: usize, n: &Named) -> Html {
    let name = n.name.clone();
    let on_load = {
        let (s, open, sc, name) = (
            rows.state.clone(),
            rows.open.clone(),
            n.scenario.clone(),
            name.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            s.dispatch(match restore(&sc) {
                Ok(r) => Action::Restore {
                    restored: Box::new(r),
                    origin: format!("the scenario '{name}'"),
                },
                Err(e) => notify(Notice::error(format!(
                    "Could not open the scenario '{name}': {e}. Your work is unchanged."
                ))),
            });
            open.set(false);
        })
    };
    let on_rename = {
        let (renaming, confirm) = (rows.renaming.clone(), rows.confirm.clone());
        Callback::from(move |_: MouseEvent| {
            renaming.set(Some(i));
            confirm.set(None);
        })
    };
    let sure = *rows.confirm == Some(i);
    let on_delete = {
        let (confirm, change, name) = (rows.confirm.clone(), rows.change.clone(), name.clone());
        Callback::from(move |_: MouseEvent| {
            if sure {
                change(&|l| {
                    Ok((
                        saved::without(l, &name),
                        format!("Deleted the scenario '{name}'."),
                    ))
                });
            } else {
                confirm.set(Some(i));
            }
        })
    };
    html! {
        <li key={name.clone()}>
            <span class="scenario-title" id={format!("scenario-name-{i}")}>{ name.clone() }</span>
            <button id={format!("scenario-load-{i}")} class="primary" onclick={on_load}
                title={format!("Open the scenario '{name}' (the current work stays autosaved until it changes)")}>{"Load"}</button>
            <button id={format!("scenario-rename-{i}")} onclick={on_rename}>{"Rename"}</button>
            <button id={format!("scenario-delete-{i}")} onclick={on_delete}
                class={classes!(sure.then_some("danger"))}>
                { if sure { "Really delete?" } else { "Delete" } }
            </button>
        </li>
    }
}

/// The row of scenario `name` while it is renamed: the new name's field, Rename and Cancel.
fn rename_row(rows: &Rows, name: &str) -> Html {
    let on_rename_ok = {
        let (change, rename_ref, s, name) = (
            rows.change.clone(),
            rows.rename_ref.clone(),
            rows.state.clone(),
            name.to_string(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(input) = rename_ref.cast::<HtmlInputElement>() else {
                return;
            };
            match saved::clean_name(&input.value()) {
                Ok(new) => change(&|l| {
                    let said = format!("Renamed the scenario '{name}' to '{new}'.");
                    Ok((saved::with_renamed(l, &name, &new)?, said))
                }),
                Err(e) => s.dispatch(notify(Notice::error(e))),
            }
        })
    };
    let cancel = {
        let renaming = rows.renaming.clone();
        Callback::from(move |_: MouseEvent| renaming.set(None))
    };
    html! {
        <li key={name.to_string()}>
            <form class="scenario-rename" onsubmit={on_rename_ok}>
                <label for="scenario-rename-input" class="sr-only">{ format!("New name of {name}") }</label>
                <input id="scenario-rename-input" ref={rows.rename_ref.clone()} class="input scenario-name-input"
                    value={name.to_string()} maxlength={saved::MAX_NAME.to_string()} autofocus=true />
                <button type="submit" id="scenario-rename-ok" class="primary">{"Rename"}</button>
                <button type="button" id="scenario-rename-cancel" onclick={cancel}>{"Cancel"}</button>
            </form>
        </li>
    }
}

/// The Share menu: a link to this exact scenario, copied to the clipboard when the browser
/// allows it, and shown in a field to copy by hand.
#[function_component(ShareMenu)]
pub fn share_menu(p: &StateProps) -> Html {
    let state = &p.state;
    let open = use_state(|| false);
    let link = use_state(String::new);
    let copied = use_state(|| None::<Result<bool, String>>);
    let field = use_node_ref();
    let on_open = {
        let (s, link, copied, field) = (state.clone(), link.clone(), copied.clone(), field.clone());
        Callback::from(move |_| {
            let keys = crate::deep_link::model_keys_text(&s.model.screen().link_keys());
            let scenario = capture(&s);
            link.set(String::new());
            copied.set(None);
            let (link, copied, field) = (link.clone(), copied.clone(), field.clone());
            // The browser compresses the link (share::pack) and copies it: both wait.
            wasm_bindgen_futures::spawn_local(async move {
                let url = match share::link(&scenario, &keys).await {
                    Ok(url) => url,
                    Err(e) => {
                        copied.set(Some(Err(format!(
                            "No link: {e}. Save it under Scenarios, or export the instance."
                        ))));
                        return;
                    }
                };
                link.set(url.clone());
                let ok = share::copy(&url).await.is_ok();
                copied.set(Some(Ok(ok)));
                if let Some(input) = field.cast::<HtmlInputElement>() {
                    let _ = input.focus();
                    input.select();
                }
            });
        })
    };
    let said = match &*copied {
        Some(Ok(true)) => "Copied to the clipboard. Anyone opening it sees this scenario.",
        Some(Ok(false)) => "The browser did not allow copying: the link is selected, press Ctrl+C.",
        Some(Err(too_large)) => too_large,
        None => "Copying…",
    };
    html! {
        <Menu id="share" label="Share" open={open.clone()} {on_open}
            title="A link holding this scenario (instance, results, selection, view), copied to the clipboard">
            <label for="share-link">{"Link to this scenario"}</label>
            <input id="share-link" ref={field} class="input share-link" type="text" readonly=true
                value={(*link).clone()} />
            <p class="share-said" id="share-said" role="status">{ said }</p>
            <p class="hint small">{ format!("{} characters. Nothing is sent anywhere: the scenario is in the link itself.", link.len()) }</p>
            { crate::embed::snippet_field(&link, &state.model.caption()) }
            <crate::tours::TourLink />
        </Menu>
    }
}
