//! Native tests of the explorer on the page: every model's search in parts through the
//! worker's code, joined, gives one run's records and the CLI's CSV (`explore-M.csv`, written
//! by `records_csv` from one run of the core's driver); the forms name what is wrong.

use super::plan::{Experiment, Field, Forms, Outcome, Whole};
use super::plans::explore::SearchKind;
use hetcast_core::explore::{records_csv, run, Family, Search, State};
use hetcast_core::models::multi::explore::MultiFamily;
use hetcast_core::models::multimessage::explore::MmFamily;
use hetcast_core::models::platform::explore::PlatformFamily;
use hetcast_worker::{AnyFamily, Message, Request};
use std::cell::RefCell;
use std::rc::Rc;

/// The outcome of `whole` on `workers` workers, each job through the worker's code.
fn on_workers(whole: &Whole, workers: usize) -> Outcome {
    let last: Vec<Message> = whole
        .jobs(workers)
        .into_iter()
        .map(|job| {
            let out = Rc::new(RefCell::new(None));
            let sink = out.clone();
            hetcast_worker::run(&Request { id: 1, job }, move |m| {
                *sink.borrow_mut() = Some(m)
            });
            let m = out.borrow_mut().take().unwrap();
            m
        })
        .collect();
    whole.merge(last).unwrap()
}

/// The CSV of one run of `f` (what `hetcast experiment explore` writes).
fn one_run<F: Family>(f: &F, search: Search) -> String {
    let s = run(f, &search, State::new(f, (0, 1)), &mut |_| true).unwrap();
    records_csv(f.comparisons(), &s.records)
}

/// The forms of `model` with the fields `set`.
fn forms(model: &str, set: &[(Field, &str)]) -> Forms {
    let mut f = Forms::default();
    f.set_model(model);
    for &(field, v) in set {
        f.set(field, v.into());
    }
    f
}

/// A model's forms, the CLI's CSV of the same search, and (comparison, worst ratio) pairs.
type Case = (Forms, String, &'static [(usize, f64)]);

/// Every model: one run's CSV whatever the number of workers, the worst ratio known by hand
/// (the core's tests: greedy 5/4 (paper 000), FEF 2 and WRP 1 on two nodes swapping messages
/// against the bound and the optimum alike (both 3 there),
/// Gonzalez 2 on one message to two processors, MCPH 2 over the best tree on 3 nodes).
#[test]
fn every_model_on_the_workers_is_the_clis_run() {
    use hetcast_core::models::overhead::explore::{ExploreSpec, Search as S};
    use hetcast_core::models::overhead::ModelKind;
    let node = ExploreSpec {
        model: ModelKind::Node,
        types: 2,
        max_cost: 3,
        nodes: (3, 10),
        search: S::Exhaustive,
    };
    let multi = MultiFamily {
        nodes: (2, 2),
        max_cost: 1,
    };
    let mm = MmFamily {
        processors: (2, 3),
        messages: 2,
    };
    let platform = PlatformFamily {
        nodes: (3, 3),
        max_cost: 1,
    };
    let small = |n: &'static str| {
        [
            (Field::ExNMin, n),
            (Field::ExNMax, n),
            (Field::MaxCost, "1"),
        ]
    };
    // (forms, the CLI's CSV, (comparison, worst ratio)...)
    let mm_forms = [(Field::ProcMax, "3"), (Field::Messages, "2")];
    let cases: [Case; 4] = [
        (
            forms("node", &[]),
            one_run(&node, Search::Exhaustive),
            &[(0, 1.25)],
        ),
        (
            forms("multi", &small("2")),
            one_run(&multi, Search::Exhaustive),
            // FEF and WRP against the bound, then against the optimum; the optimum / bound.
            &[(0, 2.0), (3, 1.0), (4, 2.0), (7, 1.0), (8, 1.0)],
        ),
        (
            forms("multimessage", &mm_forms),
            one_run(&mm, Search::Exhaustive),
            &[(0, 2.0)],
        ),
        (
            forms("platform", &small("3")),
            one_run(&platform, Search::Exhaustive),
            &[(4, 2.0)],
        ),
    ];
    for (f, cli, checks) in cases {
        let whole = f.whole(Experiment::Explore).unwrap();
        for workers in [1, 3] {
            let o = on_workers(&whole, workers);
            assert_eq!(o.csv(), cli, "{} on {workers} workers", f.model);
            let Outcome::Explore(_, records) = &o else {
                panic!()
            };
            for &(c, worst) in checks {
                assert_eq!(records[c].worst_ratio(), Some(worst), "{} {c}", f.model);
            }
            assert_eq!(o.file_stem(), format!("explore-{}", f.model));
        }
    }
    // A random search in parts is one random run too; a guided one is one part (one climb).
    let mut f = forms("multi", &[(Field::Tries, "40"), (Field::ExSeed, "7")]);
    f.search = SearchKind::Random;
    let whole = f.whole(Experiment::Explore).unwrap();
    let random = Search::Random {
        tries: 40,
        seed: 7,
        climb: 0,
    };
    let default_multi = MultiFamily {
        nodes: (2, 3),
        max_cost: 2,
    };
    assert_eq!(on_workers(&whole, 3).csv(), one_run(&default_multi, random));
    f.search = SearchKind::Guided;
    f.set(Field::Climb, "5".into());
    let whole = f.whole(Experiment::Explore).unwrap();
    assert_eq!(whole.jobs(4).len(), 1);
    let guided = Search::Random {
        tries: 40,
        seed: 7,
        climb: 5,
    };
    assert_eq!(on_workers(&whole, 4).csv(), one_run(&default_multi, guided));
}

#[test]
fn explorer_forms_name_the_bad_setting() {
    for (model, field, text, error) in [
        ("node", Field::ExNMin, "2", "Nodes must run from at least 3 (source and one node of each kind) up to at most 40 (got 2 to 10)"),
        ("multi", Field::ExNMax, "9", "Nodes must run from at least 2 up to at most 8 (got 2 to 9)"),
        ("multimessage", Field::Messages, "13", "Messages must be 1 to 12 (got 13)"),
        ("platform", Field::MaxCost, "x", "Largest cost: a whole number from 0 to 9999, not 'x'"),
        ("multi", Field::ExNMax, "8", "This family has 18446744073709551615 members; the page searches at most 5000000 one by one: make it smaller, or choose a random search"),
    ] {
        let f = forms(model, &[(field, text)]);
        assert_eq!(f.whole(Experiment::Explore).unwrap_err(), error, "{model}");
    }
    let mut f = forms("sender_receiver", &[(Field::Tries, "0")]);
    f.search = SearchKind::Random;
    assert_eq!(
        f.whole(Experiment::Explore).unwrap_err(),
        "Random tries: a whole number from 1 to 100000000, not '0'"
    );
    // Switching the model puts its family's CLI defaults in the fields.
    let f = forms("multimessage", &[]);
    assert_eq!(
        (
            f.get(Field::ProcMin),
            f.get(Field::ProcMax),
            f.get(Field::Messages)
        ),
        ("2", "4", "3")
    );
    let Ok(Whole::Explore(run)) = f.whole(Experiment::Explore) else {
        panic!()
    };
    assert_eq!(
        run.family,
        AnyFamily::Multimessage(MmFamily {
            processors: (2, 4),
            messages: 3
        })
    );
}
