//! The section-5 generator of the many-source model (paper 001).

use crate::components::field::{parse_count, setter, TextField};
use crate::components::StateProps;
use crate::state::Action;
use hetcast_core::models::multi::generate::{section5, Network, Section5Spec, SizeMix};
use hetcast_core::models::multi::{app_max_sources, APP_MAX_NODES as MULTI_MAX, APP_MAX_TRANSFERS};
use yew::prelude::*;

/// Parse the destination share of the section-5 generator: empty or "random" (a uniform
/// number of destinations per message), or a fraction in (0, 1] ("0.5", "50%").
pub fn parse_fraction(text: &str) -> Result<Option<f64>, String> {
    let t = text.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("random") {
        return Ok(None);
    }
    let (num, scale) = match t.strip_suffix('%') {
        Some(p) => (p.trim(), 100.0),
        None => (t, 1.0),
    };
    match num.parse::<f64>() {
        Ok(v) if v.is_finite() && v / scale > 0.0 && v / scale <= 1.0 => Ok(Some(v / scale)),
        _ => Err("a fraction from 0 to 1 (e.g. 0.5 or 50%), or empty for random".into()),
    }
}

/// The most sources the generator takes with the node count and destination share as typed, and
/// why: said beside the field before the user builds.
pub fn sources_hint(nodes: &str, fraction: &str) -> String {
    let n = parse_count(nodes, 2, MULTI_MAX as u64).unwrap_or(MULTI_MAX as u64) as usize;
    match parse_fraction(fraction) {
        Ok(f) => {
            let most = app_max_sources(n, f);
            if most < n {
                format!(
                    "at most {most}: a message may reach {} nodes, the app runs at most {APP_MAX_TRANSFERS} transfers",
                    match f {
                        Some(f) => ((f * (n - 1) as f64).round() as usize).clamp(1, n - 1),
                        None => n - 1,
                    }
                )
            } else {
                format!("at most {most}")
            }
        }
        Err(_) => String::new(),
    }
}

/// The section-5 generator of the many-source model (paper 001): node classes with overheads
/// drawn from the paper's ranges, a 155 Mbps or 1 Gbps network, small, large or mixed messages,
/// random destinations.
#[function_component(MultiGenerators)]
pub fn multi_generators(p: &StateProps) -> Html {
    let nodes = use_state(|| "16".to_string());
    let classes = use_state(|| "3".to_string());
    let sources = use_state(|| "4".to_string());
    let fraction = use_state(String::new);
    let seed = use_state(|| "1".to_string());
    let network = use_state(|| Network::Fast);
    let sizes = use_state(|| SizeMix::Small);
    let errs = use_state(Vec::<(&'static str, String)>::new);
    let on_submit = {
        let s = p.state.clone();
        let (nodes, classes, sources, fraction, seed, network, sizes, errs) = (
            nodes.clone(),
            classes.clone(),
            sources.clone(),
            fraction.clone(),
            seed.clone(),
            network.clone(),
            sizes.clone(),
            errs.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let mut found = Vec::new();
            let frac = parse_fraction(&fraction);
            if let Err(e) = &frac {
                found.push(("fraction", e.clone()));
            }
            let mut get = |name: &'static str, text: &str, lo: u64, hi: u64| {
                parse_count(text, lo, hi)
                    .map_err(|e| found.push((name, e)))
                    .unwrap_or(0)
            };
            let n = get("nodes", &nodes, 2, MULTI_MAX as u64);
            // A bad node count must not make good class and source counts look wrong.
            let hi = if n == 0 { MULTI_MAX as u64 } else { n };
            let c = get("classes", &classes, 1, hi);
            let src_hi = app_max_sources(hi as usize, frac.clone().unwrap_or(None)) as u64;
            let src = get("sources", &sources, 1, src_hi);
            let seed_v = get("seed", &seed, 0, u64::MAX);
            if found.is_empty() {
                let spec = Section5Spec {
                    nodes: n as usize,
                    classes: c as usize,
                    sources: src as usize,
                    network: *network,
                    sizes: *sizes,
                    dest_fraction: frac.unwrap_or(None),
                };
                match section5(&spec, seed_v) {
                    Ok(instance) => s.dispatch(Action::Load {
                        instance: instance.into(),
                        origin: format!(
                            "section 5 instance (seed {seed_v}, {}, {})",
                            network.title(),
                            sizes.key()
                        ),
                    }),
                    Err(e) => found.push(("nodes", e.to_string())),
                }
            }
            errs.set(found);
        })
    };
    let err = |name: &str| {
        errs.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, e)| AttrValue::from(e.clone()))
    };
    let on_network = {
        let network = network.clone();
        Callback::from(move |e: Event| {
            let sel: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(n) = Network::ALL.into_iter().find(|n| n.key() == sel.value()) {
                network.set(n);
            }
        })
    };
    let on_sizes = {
        let sizes = sizes.clone();
        Callback::from(move |e: Event| {
            let sel: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(m) = SizeMix::ALL.into_iter().find(|m| m.key() == sel.value()) {
                sizes.set(m);
            }
        })
    };
    html! {
        <details class="panel generators" id="generators">
            <summary><h2 id="gen-h">{"Generate (paper, section 5)"}</h2></summary>
            <form class="gen" id="gen-multi" onsubmit={on_submit}>
                <div class="grid4">
                    <label for="gen-m-nodes">{"Nodes"}</label>
                    <TextField id="gen-m-nodes" value={(*nodes).clone()} inputmode="numeric" error={err("nodes")} oninput={setter(&nodes)} class={classes!("num")} />
                    <label for="gen-m-classes">{"Classes"}</label>
                    <TextField id="gen-m-classes" value={(*classes).clone()} inputmode="numeric" error={err("classes")} oninput={setter(&classes)} class={classes!("num")} />
                    <label for="gen-m-sources">{"Sources"}</label>
                    <TextField id="gen-m-sources" value={(*sources).clone()} inputmode="numeric" error={err("sources")} oninput={setter(&sources)} class={classes!("num")} />
                    <span class="hint" id="gen-m-sources-hint">{ sources_hint(&nodes, &fraction) }</span>
                    <label for="gen-m-seed">{"Seed"}</label>
                    <TextField id="gen-m-seed" value={(*seed).clone()} inputmode="numeric" error={err("seed")} oninput={setter(&seed)} class={classes!("num")} />
                </div>
                <div class="row">
                    <label for="gen-m-network">{"Network"}</label>
                    <select id="gen-m-network" onchange={on_network}>
                        { for Network::ALL.iter().map(|n| html! {
                            <option value={n.key()} selected={*n == *network}>{ n.title() }</option>
                        }) }
                    </select>
                </div>
                <div class="row">
                    <label for="gen-m-sizes">{"Sizes"}</label>
                    <select id="gen-m-sizes" onchange={on_sizes}>
                        { for SizeMix::ALL.iter().map(|m| html! {
                            <option value={m.key()} selected={*m == *sizes}>{ m.title() }</option>
                        }) }
                    </select>
                </div>
                <div class="row">
                    <label for="gen-m-fraction" title="share of the other nodes each message goes to; empty: a random number">{"Destinations"}</label>
                    <TextField id="gen-m-fraction" value={(*fraction).clone()} inputmode="decimal" placeholder="random" error={err("fraction")} oninput={setter(&fraction)} class={classes!("num")} />
                </div>
                <p class="hint small">{"Overheads: fixed 80–400 µs, 0.0001–0.01 µs/B per class, as in the paper. Destinations: a share such as 0.5, or empty for a random number per message."}</p>
                <button type="submit" id="gen-multi-build">{"Random instance"}</button>
            </form>
        </details>
    }
}
