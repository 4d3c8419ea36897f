//! The papers' tours: every stop opens with the state its link names (example, algorithm,
//! view, time, comparison, mode), notes of one to three sentences under 300 characters; the
//! validation's messages; tour links.

use super::*;
use crate::components::player::Mode;
use crate::models::ModelState;
use crate::share::ready;
use hetcast_core::catalog::Catalog;

/// One tour per paper, in the menu's order.
#[test]
fn there_is_a_tour_per_paper() {
    let ids: Vec<String> = builtin().iter().map(|t| t.id.clone()).collect();
    assert_eq!(
        ids,
        [
            "000-libeskind-hadas",
            "004-liu-wang-guo",
            "001-wu-yeh-liu",
            "002-beaumont",
            "003-gonzalez"
        ]
    );
    for (file, tour) in BUILTIN.iter().zip(builtin()) {
        assert_eq!(parse(file).as_ref(), Ok(&*tour));
        for s in &tour.stops {
            let n = s.note.chars().count();
            assert!(n < MAX_NOTE, "{}: {n} characters", s.title);
            let k = sentences(&s.note);
            assert!(
                (1..=MAX_SENTENCES).contains(&k),
                "{}: {k} sentences",
                s.title
            );
        }
    }
}

/// Every stop of every tour opens with what its link names: the example's model, the
/// algorithm selected (or, on the platform model, running in workers), the one compared
/// with, the view, the player's time and mode; in lecture mode, without a notice.
#[test]
fn every_stop_opens_with_the_state_it_names() {
    let around = Ui::default();
    for tour in builtin() {
        for (i, stop) in tour.stops.iter().enumerate() {
            let at = format!("{} stop {}", tour.id, i + 1);
            let link = deep_link::parse(&stop.link).unwrap();
            let mut s = open_stop(&tour, i, &around, true).unwrap();
            // The one-source models' optimum comes from the web worker.
            s.answer_workers();
            let example = hetcast_core::registry::example(&link.example).unwrap();
            assert_eq!(s.model.id(), example.model(), "{at}");
            assert_eq!(Some(s.ui.tab.key()), link.view.as_deref(), "{at}: the view");
            assert_eq!(s.ui.start_at, link.t, "{at}: the time");
            let steps = if link.steps { Mode::Steps } else { Mode::Time };
            assert_eq!(s.ui.mode, steps, "{at}: the mode");
            assert_eq!(s.ui.compare, link.compare.is_some(), "{at}");
            assert_eq!(s.ui.compare_with, link.compare, "{at}: compared with");
            assert!(s.ui.lecture && s.ui.notice.is_none(), "{at}");
            let algo = link.algo.clone().unwrap();
            let mut named: Vec<String> = link.compare.iter().cloned().collect();
            if let ModelState::Platform(p) = &s.model {
                // A platform runs in workers: pending here.
                let mut have: Vec<String> = p.running().map(|r| r.algo.key().to_string()).collect();
                have.extend(s.model.succeeded().into_iter().map(|r| r.0));
                if p.running().next().is_none() {
                    assert_eq!(s.model.selected_key(), Some(algo.clone()), "{at}");
                }
                named.push(algo);
                have.sort();
                named.sort();
                assert_eq!(have, named, "{at}: the runs");
            } else if algo == "all" {
                assert_eq!(s.model.succeeded().len(), 4, "{at}: every algorithm");
            } else {
                if link.keys.is_empty() {
                    assert_eq!(s.model.selected_key(), Some(algo.clone()), "{at}");
                } else {
                    // A model's own key (`exchange=K`) shows what it opens: the walk from the
                    // algorithm's plan, at that step (the edited row is the walk's plan).
                    let shown: Vec<(String, String)> = s
                        .model
                        .screen()
                        .link_keys()
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v))
                        .collect();
                    assert_eq!(shown, link.keys, "{at}: the model's own keys");
                }
                named.push(algo);
                for k in named {
                    assert!(
                        s.model.succeeded().iter().any(|r| r.0 == k),
                        "{at}: {k} ran"
                    );
                }
            }
        }
    }
}

#[test]
fn sentences_end_at_a_stop_before_a_capital_or_a_digit() {
    assert_eq!(sentences("One. Two! Three?"), 3);
    assert_eq!(sentences("Libeskind-Hadas et al. show it. T = 2.5 here"), 2);
    assert_eq!(sentences("no stop at the end"), 1);
    assert_eq!(sentences(""), 0);
    assert_eq!(sentences("At 3. 4 follows."), 2);
}

fn a_tour(stops: &str) -> String {
    format!(
        r#"{{"format": "hetcast-tour", "version": 1, "id": "mine", "title": "Mine", "stops": [{stops}]}}"#
    )
}

#[test]
fn a_tour_that_does_not_open_says_why_stop_by_stop() {
    let ok =
        r#"{"title": "A", "link": "example=lh-fig1&algo=greedy&view=gantt&t=3", "note": "Fine."}"#;
    assert!(parse(&a_tour(ok)).is_ok());
    assert_eq!(
        parse(&a_tour("")).unwrap_err(),
        "This tour does not open: a tour has 1 to 40 stops, this one 0."
    );
    let long = "x".repeat(300);
    let bad = format!(
        r#"{ok}, {{"title": "", "link": "example=nope", "note": "{long}"}},
        {{"title": "B", "link": "algo=greedy", "note": "One. Two. Three. Four."}},
        {{"title": "C", "link": "example=lh-fig1&algo=wrp&view=tasks&zoom=2", "note": "Hm."}}"#
    );
    assert_eq!(
        parse(&a_tour(&bad)).unwrap_err(),
        "This tour does not open: stop 2: its title must have 1 to 80 characters; \
         stop 2: its note has 300 characters, 299 at most; \
         stop 2: The link names the example 'nope', which is not in the gallery.; \
         stop 3: its note has 4 sentences, 3 at most; \
         stop 3: its link 'algo=greedy' names no example (example=ID); \
         stop 4: link: 'wrp' is not an algorithm of this model; \
         stop 4: link: 'tasks' is not a view of this model; \
         stop 4: link: 'zoom' is not a link key."
    );
    let wrong = r#"{"format": "x", "version": 2, "id": "a b", "title": "T", "stops": []}"#;
    assert_eq!(
        parse(wrong).unwrap_err(),
        "This tour does not open: 'format' must be \"hetcast-tour\"; 'version' 2 is not one \
         this build reads (1); 'id' must be 1 to 40 letters, digits or '-'; a tour has 1 to 40 \
         stops, this one 0."
    );
    assert!(parse("{")
        .unwrap_err()
        .starts_with("This is not a tour file: "));
    let extra = r#"{"format": "hetcast-tour", "version": 1, "id": "a", "title": "T", "stops": [], "zoom": 1}"#;
    assert!(parse(extra).unwrap_err().contains("unknown field `zoom`"));
}

#[test]
fn tour_links_name_a_builtin_tour_or_hold_the_tour() {
    let first = builtin().remove(0);
    assert_eq!(
        ready(link(&first, 1)).unwrap(),
        "#tour=000-libeskind-hadas&stop=2"
    );
    let (t, i) = from_hash("#tour=000-libeskind-hadas&stop=2")
        .unwrap()
        .unwrap();
    assert_eq!((&*t, i), (&*first, 1));
    assert_eq!(
        from_hash("#tour=000-libeskind-hadas").unwrap().unwrap().1,
        0
    );
    // A tour of one's own travels in the link.
    let mut mine = (*first).clone();
    mine.title = "My tour".into();
    mine.stops.truncate(2);
    let l = ready(link(&mine, 0)).unwrap();
    assert!(l.starts_with("#tour=~"), "{l}");
    let (t, i) = from_hash(&l).unwrap().unwrap();
    assert_eq!((&*t, i), (&mine, 0));
    assert_eq!(
        from_hash("#tour=nope").unwrap().unwrap_err(),
        "There is no tour 'nope' in this build."
    );
    assert!(from_hash("#tour=000-libeskind-hadas&stop=9")
        .unwrap()
        .unwrap_err()
        .starts_with("The tour link names no stop"));
    assert!(from_hash("#tour=~%%")
        .unwrap()
        .unwrap_err()
        .starts_with("This tour link does not open"));
    assert!(from_hash("#example=lh-fig1").is_none());
}
