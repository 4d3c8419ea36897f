//! Native tests of the page's pure parts: forms, splitting the work, merging the answers.

use super::plan::*;
use super::screen::Screen;
use super::state::{ExpAction, ExpState};
use hetcast_core::models::multi::experiment::{wu_figure, WuSpec};
use hetcast_core::models::overhead::experiment::{liu_fig6, LiuFig6Spec};
use hetcast_worker::{run, Job, Message, Request};
use std::cell::RefCell;
use std::rc::Rc;
use yew::Reducible;

/// Each job through the worker's code (natively), as the pool would: the answers.
fn answers(jobs: &[Job], id: u32) -> Vec<Vec<Message>> {
    jobs.iter()
        .map(|job| {
            let out = Rc::new(RefCell::new(Vec::new()));
            let sink = out.clone();
            run(
                &Request {
                    id,
                    job: job.clone(),
                },
                move |m| sink.borrow_mut().push(m),
            );
            let v = out.borrow().clone();
            v
        })
        .collect()
}

/// The outcome's charts drawn by the worker's code (natively), asked and answered as JSON text
/// as the page and the worker do: the page's SVG texts and the files.
fn drawn(outcome: &Outcome) -> (Vec<String>, Vec<(String, String)>) {
    use hetcast_worker::{
        decode_experiment_message, decode_request, encode_message, encode_request,
    };
    let charts = outcome.charts(None);
    let request = Request {
        id: 5,
        job: charts.job(),
    };
    let request = decode_request(&encode_request(&request)).unwrap();
    let mut msgs = answers(&[request.job], 5).remove(0);
    match msgs
        .pop()
        .map(|m| decode_experiment_message(&encode_message(&m)).unwrap())
    {
        Some(Message::Charts { id: 5, svgs }) => charts.split(svgs).unwrap(),
        m => panic!("the worker answered {m:?}"),
    }
}

#[test]
fn split_work_gives_the_rows_of_one_call() {
    let liu = LiuFig6Spec {
        n_min: 6,
        n_max: 30,
        runs: 5,
        seed: 9,
    };
    let small_wu = WuSpec {
        nodes: 16,
        runs: 2,
        source_counts: vec![1, 2, 4, 8, 16],
        threads: 1,
        ..WuSpec::fig4()
    };
    for workers in [1, 2, 3, 8] {
        let whole = Whole::Liu(liu);
        let jobs = whole.jobs(workers);
        assert_eq!(jobs.len(), workers.min(25));
        let last: Vec<Message> = answers(&jobs, 1)
            .into_iter()
            .rev()
            .filter_map(|a| a.last().cloned())
            .collect();
        let Ok(Outcome::Liu(_, rows)) = whole.merge(last) else {
            panic!()
        };
        assert_eq!(rows, liu_fig6(&liu).unwrap(), "{workers} workers");

        let whole = Whole::Wu(4, small_wu.clone());
        let jobs = whole.jobs(workers);
        let ranges: Vec<(usize, usize)> = jobs.iter().map(wu_range).collect();
        // Contiguous, in order, none empty, every item once.
        assert_eq!(ranges[0].0, 0);
        assert_eq!(ranges.last().unwrap().1, 30);
        assert!(ranges.windows(2).all(|w| w[0].1 == w[1].0));
        assert!(ranges.iter().all(|r| r.0 < r.1));
        let last: Vec<Message> = answers(&jobs, 1)
            .into_iter()
            .filter_map(|a| a.last().cloned())
            .collect();
        let Ok(Outcome::Wu(4, _, rows)) = whole.merge(last) else {
            panic!()
        };
        assert_eq!(
            rows,
            wu_figure(&small_wu, None).unwrap(),
            "{workers} workers"
        );
    }
    // The paper's settings on two workers (the page's 100 runs per point): chunks of a quarter
    // of the weight queued, down to 1/64 of the whole, 8 runs of 64 sources (weights
    // k² + 16k + 32 for k sources: 7,717 per run of each point, 2,315,100 in all).
    let Whole::Wu(_, fig3) = Forms::default().whole(Experiment::WuFig3).unwrap() else {
        panic!()
    };
    let ranges: Vec<(usize, usize)> = Whole::Wu(3, fig3).jobs(2).iter().map(wu_range).collect();
    assert_eq!(
        ranges,
        [
            (0, 663),
            (663, 1292),
            (1292, 1361),
            (1361, 1787),
            (1787, 1980),
            (1980, 2021),
            (2021, 2041),
            (2041, 2056),
            (2056, 2067),
            (2067, 2076),
            (2076, 2084),
            (2084, 2092),
            (2092, 2100),
        ]
    );
}

/// The items of a Wu job.
fn wu_range(j: &Job) -> (usize, usize) {
    match j {
        Job::WuItems { from, to, .. } => (*from, *to),
        _ => panic!("{j:?}"),
    }
}

/// Guided chunks by hand: 64 items of weight 1 on 2 workers take a quarter of what is left
/// (16, 12, 9, 6, 5, 4, 3, 2), then the least chunk, 64 / 64 = 1.
#[test]
fn queue_chunks_shrink_along_the_queue() {
    use super::plans::queue_chunks;
    let sizes: Vec<usize> = queue_chunks(&[1; 64], 2).iter().map(|r| r.len()).collect();
    assert_eq!(sizes, [16, 12, 9, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1]);
    // One worker: halves; weights of 0 count as 1; a single item is one chunk.
    let sizes: Vec<usize> = queue_chunks(&[0; 8], 1).iter().map(|r| r.len()).collect();
    assert_eq!(sizes, [4, 2, 1, 1]);
    assert_eq!(
        queue_chunks(&[5], 8),
        vec![std::ops::Range { start: 0, end: 1 }]
    );
    assert!(queue_chunks(&[], 2).is_empty());
}

#[test]
fn forms_name_the_bad_field() {
    let mut f = Forms::default();
    assert!(f.whole(Experiment::LiuFig6).is_ok());
    f.set(Field::LiuRuns, "lots".into());
    assert_eq!(
        f.whole(Experiment::LiuFig6).unwrap_err(),
        "Random runs per n: a whole number from 1 to 10000, not 'lots'"
    );
    f.set(Field::WuRuns, "0".into());
    assert!(f
        .whole(Experiment::WuFig4)
        .unwrap_err()
        .starts_with("Runs per point"));
}

#[test]
fn the_page_state_follows_the_workers() {
    let forms = Forms::default();
    let whole = forms.whole(Experiment::Explore).unwrap();
    let jobs = whole.jobs(1);
    assert_eq!(jobs.len(), 1);
    let mut s = Rc::new(ExpState::default());
    s = s.reduce(ExpAction::Started {
        id: 3,
        exp: Experiment::Explore,
        whole,
        units: vec![0],
        workers: 1,
        at: 1000.0,
    });
    let msgs = answers(&jobs, 3).remove(0);
    // A late message of an older run changes nothing.
    let before = s.clone();
    s = s.reduce(ExpAction::Worker(
        0,
        Message::Progress {
            id: 2,
            done: 1,
            total: 9,
        },
        1100.0,
    ));
    assert_eq!(s, before);
    for m in &msgs[..msgs.len() - 1] {
        s = s.reduce(ExpAction::Worker(0, m.clone(), 1200.0));
    }
    let (done, total) = s.running.as_ref().unwrap().progress();
    assert_eq!(done, total);
    s = s.reduce(ExpAction::Worker(0, msgs.last().unwrap().clone(), 1500.0));
    // Every answer is in: a worker draws the charts (the page starts it), then the run is done.
    let charts = s
        .running
        .as_ref()
        .unwrap()
        .drawing
        .as_ref()
        .unwrap()
        .charts
        .job();
    assert!(s.done(Experiment::Explore).is_none());
    let drawn = answers(&[charts], 3).remove(0);
    s = s.reduce(ExpAction::Worker(0, drawn.last().unwrap().clone(), 1700.0));
    assert!(s.running.is_none());
    let done = s.done(Experiment::Explore).unwrap();
    assert_eq!(done.seconds, 0.5, "the time of the computation");
    let Outcome::Explore(_, records) = &done.outcome else {
        panic!()
    };
    let w = &records[0].worst[0];
    assert_eq!((w.value, w.reference), (5.0, 4.0));
    // One chart per comparison on the page, one file per comparison.
    let svgs = done.svg.as_ref().unwrap();
    assert_eq!(svgs.len(), records.len());
    assert!(svgs[0].starts_with("<svg width=\"900\" height=\"330\""));
    assert_eq!(done.files.len(), records.len());
    assert!(done.files[0].0.starts_with("explore-node-"));
    assert!(done.files[0]
        .1
        .starts_with("<svg width=\"1100\" height=\"680\""));
    // The page measures the room of its charts: the worker draws them again for it (the files
    // stay the CLI's), and the answer replaces the page's charts of that run only.
    let comparisons = records.len();
    let room = Screen {
        width: 610,
        height: 768,
    };
    s = s.reduce(ExpAction::Screen(room));
    let done = s.done(Experiment::Explore).unwrap().clone();
    assert_eq!((done.screen, s.screen), (None, Some(room)));
    let job = Job::Charts {
        charts: done.outcome.screen_charts(Some(room)),
    };
    let redrawn = answers(&[job], done.id).remove(0).pop().unwrap();
    let before = s.clone();
    s = s.reduce(ExpAction::Redrawn(done.id + 1, room, redrawn.clone()));
    assert_eq!(s, before, "another run's charts change nothing");
    s = s.reduce(ExpAction::Redrawn(done.id, room, redrawn));
    let again = s.done(Experiment::Explore).unwrap();
    assert_eq!(again.screen, Some(room));
    assert_eq!(again.files, done.files);
    let svgs = again.svg.as_ref().unwrap();
    assert_eq!(svgs.len(), comparisons);
    // 610 px wide, 0.37 of that high (under 768 / 2 - 40).
    assert!(svgs[0].starts_with("<svg width=\"610\" height=\"225\""));
    // A failure ends the run with its message.
    s = s.reduce(ExpAction::Started {
        id: 4,
        exp: Experiment::LiuFig6,
        whole: Forms::default().whole(Experiment::LiuFig6).unwrap(),
        units: vec![0, 0],
        workers: 2,
        at: 0.0,
    });
    s = s.reduce(ExpAction::Worker(
        1,
        Message::Failed {
            id: 4,
            error: "boom".into(),
        },
        1.0,
    ));
    assert!(s.running.is_none());
    assert_eq!(s.error, Some((Experiment::LiuFig6, "boom".into())));
}

/// Each job through the worker's code, merged: the outcome.
fn run_whole(whole: &Whole, workers: usize) -> Outcome {
    let jobs = whole.jobs(workers);
    let last: Vec<Message> = answers(&jobs, 1)
        .into_iter()
        .filter_map(|a| a.last().cloned())
        .collect();
    whole.merge(last).unwrap()
}

/// Figure 11 on the page, one job per platform, gives the CLI's CSV to the byte: the core's
/// `fig11` and `fig11_csv` are what `hetcast experiment beaumont-fig11` runs and writes.
#[test]
fn fig11_csv_is_the_clis() {
    use hetcast_core::models::platform::experiment::{fig11, fig11_csv};
    let mut f = Forms::default();
    f.set(Field::Fig11Nodes, "30".into());
    f.set(Field::Fig11Densities, "0.3, 1".into());
    f.set(Field::Fig11Targets, "per-lan".into());
    f.set(Field::Fig11Seed, "4".into());
    let whole = f.whole(Experiment::Fig11).unwrap();
    let Whole::Fig11(settings) = &whole else {
        panic!("{whole:?}")
    };
    // One platform per (size, density): two jobs, one unit of progress each, the densest
    // first (the CLI's second platform first; the answers are put back in the CLI's order).
    let jobs = whole.jobs(2);
    let items: Vec<usize> = jobs
        .iter()
        .map(|j| match j {
            Job::Fig11 { item, .. } => *item,
            _ => panic!("{j:?}"),
        })
        .collect();
    assert_eq!(items, [1, 0]);
    assert!(jobs.iter().all(|j| units(j) == 1));
    let outcome = run_whole(&whole, 2);
    let cli = fig11_csv(&fig11(&settings.spec(), |_, _| {}).unwrap());
    assert_eq!(outcome.csv(), cli);
    assert_eq!(cli.lines().count(), 1 + 2 * 5);
    assert_eq!(outcome.file_stem(), "beaumont-fig11");
    // The chart files are the CLI's, to the byte (`hetcast-charts` draws them, in the worker).
    let (screen, files) = drawn(&outcome);
    let Outcome::Fig11(_, rows) = &outcome else {
        panic!()
    };
    let cli: Vec<(String, String)> = [("lb", true), ("scatter", false)]
        .into_iter()
        .map(|(tag, over_lb)| {
            let svg = hetcast_charts::beaumont_fig11(rows, "small", over_lb).unwrap();
            (format!("beaumont-fig11-small-{tag}.svg"), svg)
        })
        .collect();
    assert_eq!(files, cli);
    assert_eq!(screen.len(), 2);
    assert!(screen
        .iter()
        .all(|s| s.starts_with("<svg width=\"900\" height=\"560\"")));
    assert!(outcome
        .summary()
        .starts_with("Mean T* / lower bound over the 2 points: "));
    // A missing answer is an error, not a short CSV.
    let mut short = answers(&jobs, 1);
    short.pop();
    let last = short
        .into_iter()
        .filter_map(|a| a.last().cloned())
        .collect();
    assert_eq!(
        whole.merge(last).unwrap_err(),
        "1 of the 2 platforms came back"
    );
}

/// Figure 11's jobs at both sizes: the 65-node platforms first, the densest first, each
/// (size, density) in the CLI's order; the answers, in the jobs' order, are put back in the
/// CLI's order before they are summed (answers made up: each platform's number as its
/// targets and ratios).
#[test]
fn fig11_jobs_go_largest_first_and_merge_in_the_clis_order() {
    use hetcast_core::models::platform::experiment::{fig11_platforms, fig11_rows};
    let settings = hetcast_worker::Fig11Settings {
        platforms: 2,
        densities: vec![0.05, 0.5, 1.0],
        seed: 1,
        big: true,
        per_lan: false,
    };
    let order = super::plans::fig11::order(&settings);
    // CLI order: small 0.05 (0, 1), 0.5 (2, 3), 1 (4, 5), then big likewise (6 to 11).
    assert_eq!(order, [10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1]);
    let made_up = |item: usize| (item, vec![(item as f64, 1.0 / (item + 1) as f64); 5]);
    let answers: Vec<Message> = super::plans::fig11::jobs(&settings)
        .iter()
        .map(|j| match j {
            Job::Fig11 { item, .. } => {
                let (targets, ratios) = made_up(*item);
                Message::Fig11Platform {
                    id: 1,
                    targets,
                    ratios,
                }
            }
            _ => panic!("{j:?}"),
        })
        .collect();
    let spec = settings.spec();
    let cli: Vec<_> = (0..fig11_platforms(&spec).len()).map(made_up).collect();
    assert_eq!(
        super::plans::fig11::merge(&settings, &answers).unwrap(),
        fig11_rows(&spec, &cli)
    );
}

#[test]
fn fig11_forms_name_the_bad_field() {
    let mut f = Forms::default();
    let Ok(Whole::Fig11(s)) = f.whole(Experiment::Fig11) else {
        panic!()
    };
    assert_eq!(s.densities, [0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0]);
    assert!(s.big && !s.per_lan);
    assert_eq!(Whole::Fig11(s).jobs(2).len(), 14);
    for (field, text, error) in [
        (
            Field::Fig11Nodes,
            "40",
            "Nodes: 30 (the small platforms) or 65 (both sizes), not '40'",
        ),
        (
            Field::Fig11Densities,
            "0.5,1.5",
            "Densities 0.5,1.5: shares of the LAN nodes above 0 and at most 1, e.g. 0.1,0.5",
        ),
        (
            Field::Fig11Targets,
            "lan",
            "Targets: uniform (among all LAN nodes) or per-lan (one per LAN first), not 'lan'",
        ),
        (
            Field::Fig11Runs,
            "0",
            "Platforms per point: a whole number from 1 to 1000, not '0'",
        ),
    ] {
        let mut g = f.clone();
        g.set(field, text.into());
        assert_eq!(g.whole(Experiment::Fig11).unwrap_err(), error);
    }
    f.set(Field::Fig11Densities, "0,1".into());
    assert!(f.whole(Experiment::Fig11).is_err());
}

/// Gonzalez's experiment on the page, one job per (n, d, fan-out), gives the CLI's CSV to the
/// byte (the core's `run` and `csv`, which `hetcast experiment gonzalez-random` writes).
#[test]
fn gonzalez_csv_is_the_clis() {
    use hetcast_core::models::multimessage::experiment::{csv, run};
    let mut f = Forms::default();
    f.set(Field::GonzalezRuns, "1".into());
    let whole = f.whole(Experiment::Gonzalez).unwrap();
    let Whole::Gonzalez(spec) = &whole else {
        panic!("{whole:?}")
    };
    let jobs = whole.jobs(2);
    assert_eq!(jobs.len(), 80);
    assert_eq!(jobs.iter().map(units).sum::<u64>(), 80);
    let outcome = run_whole(&whole, 2);
    assert_eq!(outcome.csv(), csv(&run(spec, |_, _| {}).unwrap()));
    assert_eq!(outcome.csv().lines().count(), 81);
    let (screen, files) = drawn(&outcome);
    let Outcome::Gonzalez(_, rows) = &outcome else {
        panic!()
    };
    let summary = hetcast_core::models::multimessage::experiment::summary(rows);
    let cli = hetcast_charts::gonzalez_random(&summary, hetcast_charts::Size::FILE).unwrap();
    assert_eq!(files, [("gonzalez-random.svg".to_string(), cli)]);
    assert!(screen[0].contains("steps / d"));
    assert!(outcome.summary().starts_with("Gonzalez: mean steps / d "));
    f.set(Field::GonzalezRuns, "10001".into());
    assert_eq!(
        f.whole(Experiment::Gonzalez).unwrap_err(),
        "Runs per point: a whole number from 1 to 10000, not '10001'"
    );
}
