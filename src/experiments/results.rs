//! What the Experiments page shows of a run: its progress, and the result (chart, summary,
//! downloads; the explorer's own view: [`super::explorer`]).

use super::controls::Exp;
use super::explorer::explorer_result;
use super::plan::{Experiment, Outcome};
use super::state::{Done, Running};
use hetcast_core::AnyInstance;
use std::rc::Rc;
use yew::prelude::*;

/// What the progress counts, by experiment.
fn unit(exp: Experiment) -> &'static str {
    match exp {
        Experiment::LiuFig6 => "node-sizes",
        Experiment::WuFig3 | Experiment::WuFig4 => "runs",
        Experiment::Fig11 => "platforms",
        Experiment::Gonzalez => "instances",
        Experiment::Explore => "instances",
    }
}

/// The progress bar of `run`, with counts, percent, seconds and workers.
pub fn progress_view(run: &Running) -> Html {
    let (done, total) = run.progress();
    let pct = if total == 0 {
        0.0
    } else {
        100.0 * done as f64 / total as f64
    };
    let secs = (run.now - run.started) / 1000.0;
    let workers = run.workers;
    let counts = if run.drawing.is_some() {
        format!("{done} of {total} {}; drawing the chart", unit(run.exp))
    } else {
        format!("{pct:.0}% · {done} of {total} {}", unit(run.exp))
    };
    html! {
        <div class="exp-progress" id="exp-running" role="status">
            <progress id="exp-progress" max={total.max(1).to_string()} value={done.to_string()}></progress>
            <p>{ counts }</p>
            <p>{ format!("{secs:.1} s · {workers} worker{}", if workers == 1 { "" } else { "s" }) }</p>
        </div>
    }
}

/// The results area while `run` goes on and there is no result yet: a large progress line.
pub fn running_view(run: &Running) -> Html {
    let (done, total) = run.progress();
    let pct = if total == 0 {
        0.0
    } else {
        100.0 * done as f64 / total as f64
    };
    let what = if run.drawing.is_some() {
        format!("{}: drawing the chart in a web worker", run.exp.tab())
    } else {
        format!("Running {}: {pct:.0}%", run.exp.tab())
    };
    html! {
        <div class="exp-running-big">
            <p>{ what }</p>
            <progress max={total.max(1).to_string()} value={done.to_string()}></progress>
            <p class="exp-hint">{"The page stays usable; Cancel stops the workers."}</p>
        </div>
    }
}

/// The result of `exp`, if any: summary, chart, downloads and (explorer) the comparisons and
/// worst instances. `on_load` gets an instance to load into the editor and where it came
/// from; `on_download` a file name, MIME type and text.
pub fn result_view(
    st: &Exp,
    exp: Experiment,
    done: Option<&Rc<Done>>,
    on_load: Callback<(AnyInstance, String)>,
    on_download: Callback<(String, &'static str, String)>,
) -> Html {
    let Some(done) = done else {
        return html! {
            <p class="exp-empty">{ format!("Press Run to compute {} here; the chart appears when it is done.", exp.tab()) }</p>
        };
    };
    let o = &done.outcome;
    let stem = o.file_stem();
    let dl_svg = {
        let cb = on_download.clone();
        let files = done.files.clone();
        // The files are the CLI's charts (its names and sizes), drawn by the worker.
        Callback::from(move |_: MouseEvent| {
            for (name, text) in &files {
                cb.emit((name.clone(), "image/svg+xml", text.clone()))
            }
        })
    };
    let dl_csv = {
        let (cb, name, text) = (on_download, format!("{stem}.csv"), o.csv());
        Callback::from(move |_: MouseEvent| cb.emit((name.clone(), "text/csv", text.clone())))
    };
    let chart = match &done.svg {
        Ok(svgs) => Html::from_html_unchecked(AttrValue::from(svgs.concat())),
        Err(e) => html! { <p class="exp-error">{ e.clone() }</p> },
    };
    html! {
        <>
        <div class="exp-summary">
            <p id="exp-summary">{ o.summary() }</p>
            <p class="exp-time" id="exp-time">{ format!("computed in {:.1} s on {} worker{}", done.seconds, done.workers,
                if done.workers == 1 { "" } else { "s" }) }</p>
            <button id="exp-svg" onclick={dl_svg} disabled={done.svg.is_err()}>{"SVG ⤓"}</button>
            <button id="exp-csv" onclick={dl_csv}>{"CSV ⤓"}</button>
        </div>
        if let Outcome::Explore(run, records) = o {
            { explorer_result(st, run, records, &done.svg, on_load) }
        } else {
            <div class="exp-chart" id="exp-chart">{ chart }</div>
        }
        </>
    }
}
