//! One-source instance generators: by node types ("4 x 2, 7 x 3") and at random with a seed.

use crate::components::field::{parse_count, setter, TextField};
use crate::components::StateProps;
use crate::models::ModelState;
use crate::state::Action;
use hetcast_core::models::overhead::generate::{self, RandomSpec};
use hetcast_core::models::overhead::{ModelKind, APP_MAX_NODES as MAX_NODES};
use yew::prelude::*;

/// Parse the source cost: `c` in the node model, `s/r` in the sender-receiver model.
pub fn parse_source(text: &str, model: ModelKind) -> Result<(f64, f64), String> {
    let num = |t: &str| -> Result<f64, String> {
        t.trim()
            .parse::<f64>()
            .map_err(|_| format!("'{}' is not a number", t.trim()))
    };
    match model {
        ModelKind::Node => Ok((num(text)?, 0.0)),
        ModelKind::SenderReceiver => {
            let (s, r) = text
                .split_once('/')
                .ok_or_else(|| "write SEND/RECV, e.g. 1/2".to_string())?;
            Ok((num(s)?, num(r)?))
        }
    }
}

/// The number of types to draw: at most `max_cost` (the costs are whole numbers from 1 to
/// `max_cost`), with a note saying so when `types` asks for more.
pub fn clamp_types(types: u64, max_cost: u64) -> (u64, Option<String>) {
    if types > max_cost {
        (
            max_cost,
            Some(format!(
                "{types} types asked, but costs run from 1 to {max_cost}: at most {max_cost} types, so {max_cost} were used."
            )),
        )
    } else {
        (types, None)
    }
}

/// The two generators. Their text is local; a valid result replaces the instance.
#[function_component(Generators)]
pub fn generators(p: &StateProps) -> Html {
    let (model, latency) = match &p.state.model {
        ModelState::Overhead(m) => (m.instance.model, m.instance.latency),
        _ => (ModelKind::Node, 0.0),
    };
    let sr = model == ModelKind::SenderReceiver;
    let types = use_state(|| "4 x 2, 7 x 3".to_string());
    let source = use_state(|| "3".to_string());
    let types_err = use_state(|| None::<String>);
    let source_err = use_state(|| None::<String>);
    let n = use_state(|| "12".to_string());
    let k = use_state(|| "3".to_string());
    let max = use_state(|| "9".to_string());
    let seed = use_state(|| "1".to_string());
    let rand_err = use_state(Vec::<(&'static str, String)>::new);
    let rand_note = use_state(|| None::<String>);
    {
        // Examples that parse in the model on screen.
        let (types, source, types_err, source_err) = (
            types.clone(),
            source.clone(),
            types_err.clone(),
            source_err.clone(),
        );
        use_effect_with(model, move |m| {
            let (t, s) = match m {
                ModelKind::Node => ("4 x 2, 7 x 3", "3"),
                ModelKind::SenderReceiver => ("2 x 1/2, 1 x 2/3", "1/2"),
            };
            types.set(t.to_string());
            source.set(s.to_string());
            types_err.set(None);
            source_err.set(None);
        });
    }

    let on_types = {
        let (s, types, source, types_err, source_err) = (
            p.state.clone(),
            types.clone(),
            source.clone(),
            types_err.clone(),
            source_err.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let groups = generate::parse_types(&types, model).map_err(|e| e.to_string());
            let src = parse_source(&source, model);
            types_err.set(groups.as_ref().err().cloned());
            source_err.set(src.as_ref().err().cloned());
            if let (Ok(g), Ok(src)) = (groups, src) {
                let total: usize = g.iter().map(|t| t.count).sum::<usize>() + 1;
                if total > MAX_NODES {
                    types_err.set(Some(format!("{total} nodes; at most {MAX_NODES}")));
                    return;
                }
                match generate::from_types(model, latency, src, &g) {
                    Ok(instance) => s.dispatch(Action::Load {
                        instance: instance.into(),
                        origin: format!("types {}", types.trim()),
                    }),
                    Err(e) => types_err.set(Some(e.to_string())),
                }
            }
        })
    };
    let on_random = {
        let (s, n, k, max, seed, rand_err, rand_note) = (
            p.state.clone(),
            n.clone(),
            k.clone(),
            max.clone(),
            seed.clone(),
            rand_err.clone(),
            rand_note.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let mut errs = Vec::new();
            let mut get = |name: &'static str, text: &str, lo: u64, hi: u64| {
                parse_count(text, lo, hi)
                    .map_err(|e| errs.push((name, e)))
                    .unwrap_or(0)
            };
            let nodes = get("n", &n, 2, MAX_NODES as u64);
            let types = get("types", &k, 1, MAX_NODES as u64);
            let max_cost = get("max", &max, 1, 1000);
            let seed_v = get("seed", &seed, 0, u64::MAX);
            let ok = errs.is_empty();
            rand_err.set(errs);
            if ok {
                let (used, note) = clamp_types(types, max_cost);
                let instance = generate::random(RandomSpec {
                    model,
                    nodes: nodes as usize,
                    types: used as usize,
                    max_cost: max_cost as u32,
                    seed: seed_v,
                });
                let distinct = instance.destination_types().len();
                rand_note.set(note);
                s.dispatch(Action::Load {
                    instance: instance.into(),
                    origin: format!(
                        "random instance (seed {seed_v}, {distinct} distinct destination types)"
                    ),
                });
            } else {
                rand_note.set(None);
            }
        })
    };
    let rerr = |name: &str| {
        rand_err
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, e)| AttrValue::from(e.clone()))
    };
    let (types_label, types_ph, source_label) = if sr {
        (
            "Destination types (count x send/recv)",
            "2 x 1/2, 1 x 2/3",
            "Source send/recv",
        )
    } else {
        (
            "Destination types (count x cost)",
            "4 x 2, 7 x 3",
            "Source cost",
        )
    };
    html! {
        <details class="panel generators" id="generators">
            <summary><h2 id="gen-h">{"Generate an instance"}</h2></summary>
            <form class="gen" id="gen-types" onsubmit={on_types}>
                <label for="gen-types-text">{types_label}</label>
                <TextField id="gen-types-text" value={(*types).clone()} inputmode="text"
                    placeholder={types_ph} error={(*types_err).clone().map(AttrValue::from)}
                    oninput={setter(&types)} class={classes!("wide")} />
                <div class="row">
                    <label for="gen-source">{source_label}</label>
                    <TextField id="gen-source" value={(*source).clone()}
                        error={(*source_err).clone().map(AttrValue::from)}
                        oninput={setter(&source)} class={classes!("num")} />
                    <button type="submit" id="gen-types-build">{"Build"}</button>
                </div>
            </form>
            <form class="gen" id="gen-random" onsubmit={on_random}>
                <div class="grid4">
                    <label for="gen-n">{"Nodes"}</label>
                    <TextField id="gen-n" value={(*n).clone()} inputmode="numeric" error={rerr("n")} oninput={setter(&n)} class={classes!("num")} />
                    <label for="gen-k" title="distinct destination types, at most Max cost (costs are whole numbers from 1 to Max cost)">{"Types"}</label>
                    <TextField id="gen-k" value={(*k).clone()} inputmode="numeric" error={rerr("types")} oninput={setter(&k)} class={classes!("num")} />
                    <label for="gen-max">{"Max cost"}</label>
                    <TextField id="gen-max" value={(*max).clone()} inputmode="numeric" error={rerr("max")} oninput={setter(&max)} class={classes!("num")} />
                    <label for="gen-seed">{"Seed"}</label>
                    <TextField id="gen-seed" value={(*seed).clone()} inputmode="numeric" error={rerr("seed")} oninput={setter(&seed)} class={classes!("num")} />
                </div>
                <p class="hint small" id="gen-random-hint">{"Costs are whole numbers from 1 to Max cost, so there are at most Max cost types; types drawn twice merge."}</p>
                if let Some(note) = &*rand_note {
                    <p class="note" id="gen-random-note" role="status">{ note.clone() }</p>
                }
                <button type="submit" id="gen-random-build">{"Random instance"}</button>
            </form>
        </details>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn parses_source_costs_and_counts() {
        assert_eq!(parse_source(" 3 ", ModelKind::Node), Ok((3.0, 0.0)));
        assert_eq!(
            parse_source("1/2", ModelKind::SenderReceiver),
            Ok((1.0, 2.0))
        );
        assert!(parse_source("3", ModelKind::SenderReceiver).is_err());
        assert!(parse_source("x", ModelKind::Node)
            .unwrap_err()
            .contains("'x'"));
        assert_eq!(parse_count("12", 2, 500), Ok(12));
        assert!(parse_count("1", 2, 500).is_err());
        assert!(parse_count("-3", 0, 5).is_err());
        assert_eq!(clamp_types(4, 9), (4, None));
        let (used, note) = clamp_types(20, 9);
        assert_eq!(used, 9);
        assert!(note.unwrap().contains("at most 9 types"));
    }
}
