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

/// The text of the generator by types: the types, the source's cost, their errors.
#[derive(Clone)]
struct TypesForm {
    types: UseStateHandle<String>,
    source: UseStateHandle<String>,
    types_err: UseStateHandle<Option<String>>,
    source_err: UseStateHandle<Option<String>>,
}

/// The text of the random generator: nodes, types, max cost, seed, the fields' errors and
/// the note on types clamped.
#[derive(Clone)]
struct RandomForm {
    n: UseStateHandle<String>,
    k: UseStateHandle<String>,
    max: UseStateHandle<String>,
    seed: UseStateHandle<String>,
    errors: UseStateHandle<Vec<(&'static str, String)>>,
    note: UseStateHandle<Option<String>>,
}

/// The generator by types' text, with examples that parse in the model on screen (`model`).
#[hook]
fn use_types_form(model: ModelKind) -> TypesForm {
    let form = TypesForm {
        types: use_state(|| "4 x 2, 7 x 3".to_string()),
        source: use_state(|| "3".to_string()),
        types_err: use_state(|| None::<String>),
        source_err: use_state(|| None::<String>),
    };
    let f = form.clone();
    use_effect_with(model, move |m| {
        let (t, s) = match m {
            ModelKind::Node => ("4 x 2, 7 x 3", "3"),
            ModelKind::SenderReceiver => ("2 x 1/2, 1 x 2/3", "1/2"),
        };
        f.types.set(t.to_string());
        f.source.set(s.to_string());
        f.types_err.set(None);
        f.source_err.set(None);
    });
    form
}

/// Build by types: a valid instance of `model` (latency `latency`) replaces the one on screen.
fn on_types(
    p: &StateProps,
    f: &TypesForm,
    model: ModelKind,
    latency: f64,
) -> Callback<SubmitEvent> {
    let (s, f) = (p.state.clone(), f.clone());
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        let groups = generate::parse_types(&f.types, model).map_err(|e| e.to_string());
        let src = parse_source(&f.source, model);
        f.types_err.set(groups.as_ref().err().cloned());
        f.source_err.set(src.as_ref().err().cloned());
        if let (Ok(g), Ok(src)) = (groups, src) {
            let total: usize = g.iter().map(|t| t.count).sum::<usize>() + 1;
            if total > MAX_NODES {
                f.types_err
                    .set(Some(format!("{total} nodes; at most {MAX_NODES}")));
                return;
            }
            match generate::from_types(model, latency, src, &g) {
                Ok(instance) => s.dispatch(Action::Load {
                    instance: instance.into(),
                    origin: format!("types {}", f.types.trim()),
                }),
                Err(e) => f.types_err.set(Some(e.to_string())),
            }
        }
    })
}

/// Build at random: with every field valid, a random instance of `model` replaces the one on
/// screen.
fn on_random(p: &StateProps, f: &RandomForm, model: ModelKind) -> Callback<SubmitEvent> {
    let (s, f) = (p.state.clone(), f.clone());
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        let mut errs = Vec::new();
        let mut get = |name: &'static str, text: &str, lo: u64, hi: u64| {
            parse_count(text, lo, hi)
                .map_err(|e| errs.push((name, e)))
                .unwrap_or(0)
        };
        let nodes = get("n", &f.n, 2, MAX_NODES as u64);
        let types = get("types", &f.k, 1, MAX_NODES as u64);
        let max_cost = get("max", &f.max, 1, 1000);
        let seed_v = get("seed", &f.seed, 0, u64::MAX);
        let ok = errs.is_empty();
        f.errors.set(errs);
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
            f.note.set(note);
            s.dispatch(Action::Load {
                instance: instance.into(),
                origin: format!(
                    "random instance (seed {seed_v}, {distinct} distinct destination types)"
                ),
            });
        } else {
            f.note.set(None);
        }
    })
}

/// The form of the generator by types, its labels for the sender-receiver model when `sr`.
fn types_form_html(f: &TypesForm, sr: bool, onsubmit: Callback<SubmitEvent>) -> Html {
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
        <form class="gen" id="gen-types" {onsubmit}>
            <label for="gen-types-text">{types_label}</label>
            <TextField id="gen-types-text" value={(*f.types).clone()} inputmode="text"
                placeholder={types_ph} error={(*f.types_err).clone().map(AttrValue::from)}
                oninput={setter(&f.types)} class={classes!("wide")} />
            <div class="row">
                <label for="gen-source">{source_label}</label>
                <TextField id="gen-source" value={(*f.source).clone()}
                    error={(*f.source_err).clone().map(AttrValue::from)}
                    oninput={setter(&f.source)} class={classes!("num")} />
                <button type="submit" id="gen-types-build">{"Build"}</button>
            </div>
        </form>
    }
}

/// The form of the random generator.
fn random_form_html(f: &RandomForm, onsubmit: Callback<SubmitEvent>) -> Html {
    let rerr = |name: &str| {
        f.errors
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, e)| AttrValue::from(e.clone()))
    };
    html! {
        <form class="gen" id="gen-random" {onsubmit}>
            <div class="grid4">
                <label for="gen-n">{"Nodes"}</label>
                <TextField id="gen-n" value={(*f.n).clone()} inputmode="numeric" error={rerr("n")} oninput={setter(&f.n)} class={classes!("num")} />
                <label for="gen-k" title="distinct destination types, at most Max cost (costs are whole numbers from 1 to Max cost)">{"Types"}</label>
                <TextField id="gen-k" value={(*f.k).clone()} inputmode="numeric" error={rerr("types")} oninput={setter(&f.k)} class={classes!("num")} />
                <label for="gen-max">{"Max cost"}</label>
                <TextField id="gen-max" value={(*f.max).clone()} inputmode="numeric" error={rerr("max")} oninput={setter(&f.max)} class={classes!("num")} />
                <label for="gen-seed">{"Seed"}</label>
                <TextField id="gen-seed" value={(*f.seed).clone()} inputmode="numeric" error={rerr("seed")} oninput={setter(&f.seed)} class={classes!("num")} />
            </div>
            <p class="hint small" id="gen-random-hint">{"Costs are whole numbers from 1 to Max cost, so there are at most Max cost types; types drawn twice merge."}</p>
            if let Some(note) = &*f.note {
                <p class="note" id="gen-random-note" role="status">{ note.clone() }</p>
            }
            <button type="submit" id="gen-random-build">{"Random instance"}</button>
        </form>
    }
}

/// The two generators. Their text is local; a valid result replaces the instance.
#[function_component(Generators)]
pub fn generators(p: &StateProps) -> Html {
    let (model, latency) = match &p.state.model {
        ModelState::Overhead(m) => (m.instance.model, m.instance.latency),
        _ => (ModelKind::Node, 0.0),
    };
    let types = use_types_form(model);
    let random = RandomForm {
        n: use_state(|| "12".to_string()),
        k: use_state(|| "3".to_string()),
        max: use_state(|| "9".to_string()),
        seed: use_state(|| "1".to_string()),
        errors: use_state(Vec::<(&'static str, String)>::new),
        note: use_state(|| None::<String>),
    };
    html! {
        <details class="panel generators" id="generators">
            <summary><h2 id="gen-h">{"Generate an instance"}</h2></summary>
            { types_form_html(&types, model == ModelKind::SenderReceiver, on_types(p, &types, model, latency)) }
            { random_form_html(&random, on_random(p, &random, model)) }
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
