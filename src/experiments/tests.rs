//! Native tests of the page's pure parts: forms, splitting the work, merging the answers.

use super::plan::*;
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
        assert_eq!(jobs.len(), workers);
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
    // Two workers for the paper's settings: about half the work each, so the first takes
    // every point but the last one or two (64 sources are half of it all).
    let Whole::Wu(_, fig3) = Forms::default().whole(Experiment::WuFig3).unwrap() else {
        panic!()
    };
    let jobs = Whole::Wu(3, fig3).jobs(2);
    let ranges: Vec<(usize, usize)> = jobs
        .iter()
        .map(|j| match j {
            Job::WuItems { from, to, .. } => (*from, *to),
            _ => panic!(),
        })
        .collect();
    assert_eq!(ranges.len(), 2);
    assert_eq!(
        (ranges[0].0, ranges[0].1, ranges[1].1),
        (0, ranges[1].0, 2100)
    );
    assert!((1000..1400).contains(&ranges[0].1), "{ranges:?}");
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
    f.set(Field::ExNMin, "2".into());
    assert!(f
        .whole(Experiment::Explore)
        .unwrap_err()
        .contains("at least 3"));
    f.set(Field::ExNMin, "3".into());
    f.random = true;
    let Ok(Whole::Explore(s)) = f.whole(Experiment::Explore) else {
        panic!()
    };
    assert_eq!(s.random, Some((10_000, 1)));
}

#[test]
fn the_page_state_follows_the_workers() {
    let forms = Forms::default();
    let whole = forms.whole(Experiment::Explore).unwrap();
    let jobs = whole.jobs(4);
    assert_eq!(jobs.len(), 1);
    let mut s = Rc::new(ExpState::default());
    s = s.reduce(ExpAction::Started {
        id: 3,
        exp: Experiment::Explore,
        whole,
        parts: 1,
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
    assert_eq!(s.running.as_ref().unwrap().progress(), (135, 135));
    s = s.reduce(ExpAction::Worker(0, msgs.last().unwrap().clone(), 1500.0));
    assert!(s.running.is_none());
    let done = s.done(Experiment::Explore).unwrap();
    assert_eq!(done.seconds, 0.5);
    let Outcome::Explore(_, found) = &done.outcome else {
        panic!()
    };
    assert_eq!(
        (found.tried, found.worst[0].greedy, found.worst[0].optimum),
        (135, 5.0, 4.0)
    );
    assert!(done.svg.as_ref().unwrap().starts_with("<svg"));
    let csv = done.outcome.csv();
    assert!(csv.starts_with("ratio_from,ratio_to,instances\n1.00,1.05,"));
    assert!(csv.ends_with(",inf,0\n") || csv.contains("2.00,inf,"));
    assert!(done.outcome.summary().starts_with("135 instances timed"));
    // A failure ends the run with its message.
    s = s.reduce(ExpAction::Started {
        id: 4,
        exp: Experiment::LiuFig6,
        whole: Forms::default().whole(Experiment::LiuFig6).unwrap(),
        parts: 2,
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
