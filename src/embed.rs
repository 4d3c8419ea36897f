//! Embed mode, for an `<iframe>` on a course page: any link of the app (a deep link
//! `#example=…`, a share link `#s=…`) followed by `&embed=1` opens with only the drawing, the
//! player's bar and a small "open in hetcast" link (the same link without `embed`).
//!
//! The drawing is fitted whole to the frame (see [`crate::views::ViewLook::whole`]): in a
//! frame too small for the text floor its text is smaller, never cut.
//!
//! An embedded app is a view, not a workplace: it never autosaves (the user's work in this
//! browser stays as it was), it keeps its link in the address (a reload of the frame opens
//! the link again), and its keys are the player's and a few of the view's (see
//! [`key_action`]); they work when the frame has the focus (a click in it gives it).

use yew::prelude::*;

use crate::components::StateHandle;
use crate::state::{Action, AppState, Notice, UiAction};

/// The fragment's key that asks for embed mode (`embed=1`; `embed=0` is the whole app).
pub use crate::deep_link::EMBED_KEY as KEY;

/// Size of the `<iframe>` of the Share menu's snippet (CSS px), 16:9: the smallest such frame
/// where 000 Figure 1's tree and Gantt chart keep their text at the 11 px floor
/// (tests/e2e/embed.test.mjs measures it).
pub const FRAME: (u32, u32) = (800, 450);

/// Split fragment `hash` (with or without its `#`) into the link it holds, as a fragment with
/// its `#` and without the embed key, and whether it asks for embed mode.
pub fn split(hash: &str) -> (String, bool) {
    let body = hash.strip_prefix('#').unwrap_or(hash);
    let mut embed = false;
    let rest: Vec<&str> = body
        .split('&')
        .filter(|part| {
            let (k, v) = part.split_once('=').unwrap_or((part, "1"));
            if k == KEY {
                embed = v != "0";
                false
            } else {
                !part.is_empty()
            }
        })
        .collect();
    (format!("#{}", rest.join("&")), embed)
}

/// The state an embed link `rest` (a fragment without the embed key) opens: a deep link or a
/// share link; `Err` with the reason when it opens neither.
pub fn open(rest: &str) -> Result<AppState, String> {
    let mut s = if let Some(link) = crate::deep_link::parse(rest) {
        let mut s = crate::deep_link::open(&link)?;
        // Problems in the link are said; "Opened the link" is not (no notice line here).
        if s.ui
            .notice
            .as_ref()
            .is_some_and(|n| n.kind != crate::state::NoticeKind::Error)
        {
            s.ui.notice = None;
        }
        s
    } else if let Some(payload) = crate::share::payload_of(rest) {
        let r =
            crate::share::open(payload).map_err(|e| format!("This link does not open: {e}."))?;
        AppState::restored(r)
    } else {
        return Err("This embedded link names no example and holds no scenario.".into());
    };
    s.ui.embed = Some(rest.to_string());
    Ok(s)
}

/// The state the page starts with when its address asks for embed mode, else `None`. A link
/// that does not open shows the first gallery example with the reason.
pub fn startup() -> Option<AppState> {
    let (rest, embed) = split(&crate::share::location_hash()?);
    if !embed {
        return None;
    }
    Some(open(&rest).unwrap_or_else(|e| {
        let mut s = crate::saved::first_visit();
        s.ui.notice = Some(Notice::error(e));
        s.ui.embed = Some(rest);
        s
    }))
}

/// What a key does in embed mode (the player's keys are the player's): c compares, x shows
/// the critical path, v switches fit and 100%, ( and ) zoom.
pub fn key_action(key: &str) -> Option<Action> {
    Some(
        match key {
            "c" => UiAction::ToggleCompare,
            "x" => UiAction::ToggleCritical,
            "v" => UiAction::ToggleFit,
            ")" => UiAction::Zoom(crate::keys::ZOOM_STEP),
            "(" => UiAction::Zoom(1.0 / crate::keys::ZOOM_STEP),
            _ => return None,
        }
        .into(),
    )
}

/// The `<iframe>` element that embeds the app at `url` (a deep link or a share link, on this
/// page's address), [`FRAME`] in size.
pub fn snippet(url: &str, title: &str) -> String {
    let (w, h) = FRAME;
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('"', "&quot;")
            .replace('<', "&lt;")
    };
    format!(
        "<iframe src=\"{}&amp;{KEY}=1\" width=\"{w}\" height=\"{h}\" style=\"border:0\" title=\"{}\" loading=\"lazy\"></iframe>",
        esc(url),
        esc(title)
    )
}

/// The Share menu's embed field: the `<iframe>` snippet of share link `url` (none while there
/// is no link), selected on focus, and a button that copies it.
pub fn snippet_field(url: &str, caption: &str) -> Html {
    if url.is_empty() {
        return Html::default();
    }
    let code = snippet(url, &format!("hetcast: {caption}"));
    html! { <SnippetField {code} /> }
}

#[derive(Properties, PartialEq)]
struct SnippetProps {
    code: AttrValue,
}

#[function_component(SnippetField)]
fn snippet_field_view(p: &SnippetProps) -> Html {
    let said = use_state(String::new);
    let field = use_node_ref();
    let on_copy = {
        let (code, said, field) = (p.code.clone(), said.clone(), field.clone());
        Callback::from(move |_: MouseEvent| {
            let (code, said, field) = (code.clone(), said.clone(), field.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let ok = crate::share::copy(&code).await.is_ok();
                said.set(if ok {
                    "Copied: paste it into the course page's HTML.".into()
                } else {
                    "The browser did not allow copying: the code is selected, press Ctrl+C.".into()
                });
                if let Some(t) = field.cast::<web_sys::HtmlTextAreaElement>() {
                    let _ = t.focus();
                    t.select();
                }
            });
        })
    };
    let onfocus = Callback::from(|e: FocusEvent| {
        let t: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
        t.select();
    });
    html! {
        <div class="embed-snippet">
            <label for="embed-code">{"Embed in a page (only the drawing and its player)"}</label>
            <textarea id="embed-code" ref={field} class="input" readonly=true rows="3" {onfocus}
                value={p.code.clone()} />
            <button id="embed-copy" onclick={on_copy}
                title="Copy the <iframe> element to the clipboard">{"Copy <iframe>"}</button>
            <span class="share-said" id="embed-said" role="status">{ (*said).clone() }</span>
        </div>
    }
}

/// The page in embed mode: the view panel (its tab strip hidden by the style sheet), what
/// runs the models' work off the page (`runners`) and the link to the whole app.
pub fn view(state: &StateHandle, rest: &str, runners: Html) -> Html {
    use crate::views::ViewPanel;
    let href = format!("{}{rest}", crate::share::page_address());
    let notice = state
        .ui
        .notice
        .as_ref()
        .filter(|n| n.kind == crate::state::NoticeKind::Error)
        .map(|n| html! { <div class="notice error embed-notice" id="notice" role="alert">{ n.text.clone() }</div> });
    let caption = state.model.caption();
    // A press on the drawing does not move the focus (the hand edits take the pointer): the
    // frame takes it here, so that its keys work after a click anywhere in it.
    let onpointerdown = Callback::from(|_: PointerEvent| {
        let _ = gloo::utils::window().focus();
    });
    html! {
        <div class="app embed" {onpointerdown}>
            <div class="embed-head">
                <span class="embed-caption" id="embed-caption" title={caption.clone()}>{ caption }</span>
                <a class="embed-open" id="embed-open" href={href} target="_blank" rel="noopener"
                    title="Open this in the whole app, in a new tab">{"open in hetcast ↗"}</a>
            </div>
            { notice.unwrap_or_default() }
            <main class="main">
                <ViewPanel state={state.clone()} />
            </main>
            { runners }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embed_key_is_taken_off_the_link() {
        assert_eq!(
            split("#example=lh-fig1&algo=greedy&embed=1"),
            ("#example=lh-fig1&algo=greedy".to_string(), true)
        );
        assert_eq!(split("#embed&s=abc"), ("#s=abc".to_string(), true));
        assert_eq!(
            split("#example=x&embed=0"),
            ("#example=x".to_string(), false)
        );
        assert_eq!(split("#example=x"), ("#example=x".to_string(), false));
    }

    #[test]
    fn an_embedded_deep_link_opens_without_a_notice_and_keeps_its_link() {
        let s = open("#example=lh-fig1&algo=greedy&compare=optimal&view=gantt").unwrap();
        assert_eq!(
            s.ui.embed.as_deref(),
            Some("#example=lh-fig1&algo=greedy&compare=optimal&view=gantt")
        );
        assert_eq!(s.ui.notice, None);
        assert!(s.ui.compare);
        let s = open("#example=lh-fig1&algo=nope").unwrap();
        assert!(s
            .ui
            .notice
            .unwrap()
            .text
            .contains("'nope' is not an algorithm"));
        assert!(open("#example=nope").is_err());
        assert!(open("#s=%%%").unwrap_err().contains("does not open"));
        assert!(open("#zzz").is_err());
    }

    #[test]
    fn the_snippet_is_an_iframe_of_the_link_in_embed_mode() {
        assert_eq!(
            snippet("https://x.org/h/#example=lh-fig1&algo=greedy", "a \"b\""),
            "<iframe src=\"https://x.org/h/#example=lh-fig1&amp;algo=greedy&amp;embed=1\" \
             width=\"800\" height=\"450\" style=\"border:0\" title=\"a &quot;b&quot;\" loading=\"lazy\"></iframe>"
        );
    }
}
