//! The Trace view of any model: the algorithm's steps in order, or a hint when it has none.

use yew::prelude::*;

/// The steps as (text, times) pairs (`times` may be empty); `empty` is said when there are
/// none (`trace-empty`).
pub fn trace_list(steps: Vec<(String, String)>, empty: &str) -> Html {
    if steps.is_empty() {
        return html! { <p class="hint" id="trace-empty">{ empty.to_string() }</p> };
    }
    html! {
        <ol class="trace" id="trace">
            { for steps.into_iter().map(|(text, times)| html! {
                <li>
                    <span class="step-text">{ text }</span>
                    if !times.is_empty() {
                        <span class="step-times">{ times }</span>
                    }
                </li>
            }) }
        </ol>
    }
}

/// The typed steps with, after each, the pseudo-code line it lit (" line 3: ..."), for the
/// models whose steps name a line of `pseudo`.
pub fn steps_with_lines(steps: &[hetcast_core::trace::Step], pseudo: &[&str], empty: &str) -> Html {
    trace_list(
        steps
            .iter()
            .map(|s| {
                let line = s
                    .pseudo_line
                    .and_then(|l| {
                        pseudo
                            .get(l.wrapping_sub(1))
                            .map(|p| format!(" line {l}: {}", p.trim()))
                    })
                    .unwrap_or_default();
                (s.text.clone(), line)
            })
            .collect(),
        empty,
    )
}
