//! The explorer on the Experiments page: its menus (model, search) and fields, and its result:
//! one row per comparison (instances, how many at the reference, the worst ratio, Load), the
//! chosen comparison's histogram and its worst instances (ratios, size, member number), each
//! loading into the editor of its model in one click.

use super::controls::{field, Exp};
use super::plans::explore::{fields, ratio_name, ExploreRun, SearchKind};
use super::state::ExpAction;
use hetcast_core::explore::{Record, Worst};
use hetcast_core::registry::MODEL_MENU;
use hetcast_core::AnyInstance;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The explorer's model and search menus, then the fields they call for.
pub fn explorer_menus(st: &Exp) -> Html {
    let on_model = {
        let st = st.clone();
        Callback::from(move |e: Event| {
            let sel: HtmlSelectElement = e.target_unchecked_into();
            st.dispatch(ExpAction::Model(sel.value()))
        })
    };
    let on_search = {
        let st = st.clone();
        Callback::from(move |e: Event| {
            let sel: HtmlSelectElement = e.target_unchecked_into();
            if let Some(&(k, ..)) = SearchKind::ALL.iter().find(|s| s.1 == sel.value()) {
                st.dispatch(ExpAction::Search(k))
            }
        })
    };
    let (model, search) = (st.forms.model, st.forms.search);
    html! {
        <>
        <div class="exp-field">
            <label for="exp-model">{"model"}</label>
            <select id="exp-model" onchange={on_model}>
                { for MODEL_MENU.iter().map(|&(tag, label, _)| html! {
                    <option value={tag} selected={tag == model}>{ short(label) }</option>
                }) }
            </select>
        </div>
        <div class="exp-field">
            <label for="exp-search">{"search"}</label>
            <select id="exp-search" onchange={on_search}>
                { for SearchKind::ALL.iter().map(|&(k, value, label)| html! {
                    <option {value} selected={k == search}>{ label }</option>
                }) }
            </select>
        </div>
        { for fields(model, search).into_iter().map(|f| field(st, f)) }
        </>
    }
}

/// A model menu's label up to its first comma or parenthesis, without "model" or "graph"
/// ("platform", "many-source").
fn short(label: &str) -> &str {
    let head = label.split([',', '(']).next().unwrap_or(label).trim();
    head.trim_end_matches(" model").trim_end_matches(" graph")
}

/// What an instance of the explorer is, without its model ("7 nodes", "4 nodes, 5 edges,
/// 1 target"), and the instance itself; `None` if it cannot be read or shown.
fn size_of(w: &Worst) -> Option<(String, AnyInstance)> {
    let inst = AnyInstance::from_json(&w.instance).ok()?;
    let words = crate::models::describe(&inst).ok()?;
    let size = words.rsplit_once(", ").map_or(words.as_str(), |(s, _)| s);
    Some((size.to_string(), inst))
}

/// The Load button of `w` (`id`); `origin` says where it came from in the notice.
fn load_button(
    id: String,
    w: &Worst,
    origin: String,
    on_load: &Callback<(AnyInstance, String)>,
) -> Html {
    let loaded = size_of(w).map(|(_, inst)| {
        let cb = on_load.clone();
        Callback::from(move |_: MouseEvent| cb.emit((inst.clone(), origin.clone())))
    });
    html! {
        <button {id} disabled={loaded.is_none()} onclick={loaded}
            title="Load this instance into the editor">{"Load"}</button>
    }
}

/// `name` that wraps only at its spaces and after its underscores: each word a piece that
/// does not break (`nowrap`, so not at the hyphen of "Multicast-LB"; a "/" kept with the word
/// after it), the pieces of a word split after each underscore with a `<wbr>` between them. A
/// narrow column then wraps "REDUCED_BROADCAST / Multicast-LB" as "REDUCED_ / BROADCAST /
/// Multicast-LB", never inside a word; the text is unchanged.
fn breakable(name: &str) -> Html {
    let mut words: Vec<String> = Vec::new();
    for word in name.split(' ') {
        match words.last_mut() {
            Some(last) if last == "/" => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
    }
    let mut out = Vec::new();
    for (w, word) in words.iter().enumerate() {
        if w > 0 {
            out.push(html! { {" "} });
        }
        let mut parts = word.split_inclusive('_').peekable();
        while let Some(p) = parts.next() {
            out.push(html! { <span class="nowrap">{ p.to_string() }</span> });
            if parts.peek().is_some() {
                out.push(html! { <wbr /> });
            }
        }
    }
    html! { for out }
}

/// The explorer's result: the comparisons, the chosen one's chart (of `svgs`, one per
/// comparison, as the worker drew them) and worst instances.
pub fn explorer_result(
    st: &Exp,
    run: &ExploreRun,
    records: &[Record],
    svgs: &Result<Vec<String>, String>,
    on_load: Callback<(AnyInstance, String)>,
) -> Html {
    let chosen = st.comparison.min(records.len().saturating_sub(1));
    let rows = records.iter().enumerate().map(|(c, r)| {
        let pick = {
            let st = st.clone();
            Callback::from(move |_: MouseEvent| st.dispatch(ExpAction::Comparison(c)))
        };
        let name = ratio_name(run, c);
        let worst = r.worst.first();
        let ratio = worst.map_or("–".into(), |w| {
            format!("{} / {} = {:.3}", w.value, w.reference, w.ratio())
        });
        let load = worst.map(|w| {
            let origin = format!("explorer, the worst {name}");
            load_button(format!("exp-cmp-load-{c}"), w, origin, &on_load)
        });
        html! {
            <tr id={format!("exp-cmp-{c}")} class={classes!((c == chosen).then_some("selected"))}>
                <td><button id={format!("exp-cmp-pick-{c}")} onclick={pick} aria-pressed={(c == chosen).to_string()}
                    title="Show its histogram and worst instances">{ breakable(&name) }</button></td>
                <td>{ r.tried }</td>
                <td>{ r.at_reference }</td>
                <td>{ ratio }</td>
                <td>{ for load }</td>
            </tr>
        }
    });
    let chart = match svgs.as_ref().map(|s| s.get(chosen)) {
        Ok(Some(svg)) => Html::from_html_unchecked(AttrValue::from(svg.clone())),
        Ok(None) => html! { <p class="exp-error">{ "no chart for this comparison" }</p> },
        Err(e) => html! { <p class="exp-error">{ e.clone() }</p> },
    };
    html! {
        <>
        <table class="exp-worst" id="exp-comparisons">
            <caption>{"Each algorithm against its reference (pick one for its histogram and worst instances)"}</caption>
            <thead><tr><th>{"comparison"}</th><th>{"instances"}</th><th>{"at the reference"}</th>
                <th>{"worst"}</th><th></th></tr></thead>
            <tbody>{ for rows }</tbody>
        </table>
        <div class="exp-chart short" id="exp-chart">{ chart }</div>
        { records.get(chosen).map_or(html! {}, |r| worst_table(run, chosen, r, on_load)) }
        </>
    }
}

/// The worst instances of comparison `c`, each with a Load button (Enter on a focused row
/// loads it too).
fn worst_table(
    run: &ExploreRun,
    c: usize,
    r: &Record,
    on_load: Callback<(AnyInstance, String)>,
) -> Html {
    let name = ratio_name(run, c);
    let rows = r.worst.iter().enumerate().map(|(i, w)| {
        let sized = size_of(w);
        let origin = format!(
            "explorer, {name} worst #{}: {} / {}",
            i + 1,
            w.value,
            w.reference
        );
        let onkeydown = sized.clone().map(|(_, inst)| {
            let (cb, origin) = (on_load.clone(), origin.clone());
            Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Enter" {
                    e.prevent_default();
                    cb.emit((inst.clone(), origin.clone()));
                }
            })
        });
        html! {
            <tr tabindex="0" {onkeydown} id={format!("exp-worst-{i}")}>
                <td>{ i + 1 }</td>
                <td>{ w.value }</td>
                <td>{ w.reference }</td>
                <td>{ format!("{:.3}", w.ratio()) }</td>
                <td class="exp-size">{ sized.map_or(String::new(), |s| s.0) }</td>
                <td>{ w.member }</td>
                <td>{ load_button(format!("exp-load-{i}"), w, origin, &on_load) }</td>
            </tr>
        }
    });
    html! {
        <table class="exp-worst" id="exp-worst">
            <caption>{ format!("The worst instances of {name} (click Load, or Enter on a row)") }</caption>
            <thead><tr><th>{"#"}</th><th>{"algorithm"}</th><th>{"reference"}</th><th>{"ratio"}</th>
                <th>{"size"}</th><th>{"member"}</th><th></th></tr></thead>
            <tbody>{ for rows }</tbody>
        </table>
    }
}
