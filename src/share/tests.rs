//! Share links: every gallery example of both models round-trips, with its runs and selection;
//! damaged links are refused with an error, never a panic.

use super::*;
use crate::models::{ModelAction, ModelState};
use crate::scenario::{capture, EDITED};
use crate::state::{Action, AppState, UiAction};
use hetcast_core::models::multi::gallery as multi_gallery;
use hetcast_core::models::overhead::gallery;
use hetcast_core::models::View;
use hetcast_core::AnyInstance;

/// The times of every result row of the model on screen, the edited row last.
fn times(s: &AppState) -> Vec<Option<f64>> {
    match &s.model {
        ModelState::Overhead(m) => m
            .results
            .rows
            .iter()
            .chain(&m.results.edited)
            .map(|r| r.time())
            .collect(),
        ModelState::Multi(m) => m
            .results
            .rows
            .iter()
            .chain(&m.results.edited)
            .map(|r| r.time())
            .collect(),
        ModelState::Multimessage(m) => m
            .results
            .rows
            .iter()
            .chain(&m.results.edited)
            .map(|r| r.time())
            .collect(),
        // Runs still in workers count as rows without a time.
        ModelState::Platform(m) => m
            .results
            .rows
            .iter()
            .map(|r| r.time())
            .chain(m.running().map(|_| None))
            .collect(),
    }
}

/// The runs of the many-source and multimessage models in web workers, answered here by the
/// worker's code (the one-source optimum and the platform's runs are left running: the
/// actions a model gives back to apply are dropped).
fn answer(s: &mut AppState) {
    s.model.screen_mut().answer_workers();
}

fn round_trip(s: &AppState) -> AppState {
    let sc = capture(s);
    let payload = ready(encode(&sc)).unwrap();
    assert!(payload
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    assert_eq!(decode(&payload).unwrap(), sc);
    let mut back = AppState::restored(open(&payload).unwrap());
    assert_eq!(capture(&back), sc);
    // The many-source and multimessage runs start again in workers.
    answer(&mut back);
    back
}

#[test]
fn every_gallery_example_of_both_models_round_trips_with_its_runs_and_selection() {
    let mut n = 0;
    let one: Vec<AnyInstance> = gallery::examples()
        .iter()
        .map(|e| (e.build)().into())
        .collect();
    let many: Vec<AnyInstance> = multi_gallery::all()
        .into_iter()
        .map(|x| x.2.into())
        .collect();
    let mm: Vec<AnyInstance> = hetcast_core::models::multimessage::gallery::all()
        .into_iter()
        .map(|x| x.2.into())
        .collect();
    let platforms: Vec<AnyInstance> = hetcast_core::models::platform::gallery::all()
        .into_iter()
        .map(|x| x.2.into())
        .collect();
    for inst in one.into_iter().chain(many).chain(mm).chain(platforms) {
        let mut s = AppState::from_saved(inst.clone());
        s.apply(ModelAction::RunAll);
        answer(&mut s);
        s.apply(ModelAction::SelectStep(1));
        s.apply(Action::Ui(UiAction::SetTab(View::Gantt)));
        let back = round_trip(&s);
        assert_eq!(back.current(), inst);
        assert_eq!(back.model.export_key(), s.model.export_key());
        assert_eq!(back.ui.tab, View::Gantt);
        assert_eq!(times(&back), times(&s));
        assert!(!times(&s).is_empty());
        n += 1;
    }
    assert_eq!(
        n,
        gallery::examples().len()
            + multi_gallery::all().len()
            + hetcast_core::models::multimessage::gallery::all().len()
            + hetcast_core::models::platform::gallery::all().len()
    );
}

/// A multimessage scenario with an imported schedule (the edited row, selected) round trips.
#[test]
fn multimessage_edited_schedule_round_trips() {
    use crate::models::multimessage::default_mm;
    let mut s = AppState::from_saved(default_mm().into());
    s.apply(ModelAction::RunAll);
    answer(&mut s);
    let plan = match &s.model {
        ModelState::Multimessage(m) => {
            serde_json::to_string(&m.results.rows[3].outcome.as_ref().unwrap().solution.plan)
                .unwrap()
        }
        _ => panic!("the multimessage model is not on screen"),
    };
    s.apply(ModelAction::ImportPlan {
        name: "opt.json".into(),
        text: plan,
    });
    assert_eq!(s.model.export_key(), "edited");
    let back = round_trip(&s);
    assert_eq!(times(&back), times(&s));
    assert_eq!(times(&s)[4], Some(3.0));
    assert_eq!(back.model.export_key(), "edited");
}

#[test]
fn both_models_the_edited_plan_the_seed_and_the_tree_message_round_trip() {
    let mut s = AppState::from_saved(multi_gallery::wrp_beats_wr().into());
    s.apply(ModelAction::RunAll);
    s.answer_workers();
    let plan = match &s.model {
        ModelState::Multi(m) => {
            serde_json::to_string(&m.results.rows[0].outcome.as_ref().unwrap().solution.plan)
                .unwrap()
        }
        _ => unreachable!(),
    };
    s.apply(ModelAction::ImportPlan {
        name: "fef.json".into(),
        text: plan,
    });
    s.apply(crate::models::multi::MultiAction::SetTreeMessage(2));
    // The one-source model is shelved with its own runs.
    s.apply(Action::UseModel("node"));
    s.apply(crate::models::overhead::OverheadAction::SetSeed("7".into()));
    s.apply(crate::models::overhead::OverheadAction::Run(
        hetcast_core::models::overhead::algo::Algorithm::Random,
    ));
    s.apply(Action::UseModel("multi"));
    let sc = capture(&s);
    assert_eq!(sc.models.len(), 2);
    assert_eq!(sc.models[0].selected.as_deref(), Some(EDITED));
    assert_eq!(sc.models[0].tree_message, 2);
    assert_eq!(sc.models[1].seed.as_deref(), Some("7"));
    assert_eq!(sc.models[1].runs[0].seed, Some(7));
    let back = round_trip(&s);
    assert_eq!(back.model.export_key(), "edited");
    assert_eq!(times(&back), times(&s));
    assert_eq!(back.shelved()[0].export_key(), "random-seed7");
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

#[test]
fn a_thousand_random_corruptions_of_a_link_are_refused_with_an_error() {
    let mut s = AppState::new(crate::models::overhead::default_instance());
    s.apply(ModelAction::RunAll);
    let payload = ready(encode(&capture(&s))).unwrap();
    let bytes = payload.as_bytes();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut kinds = [0usize; 5];
    for _ in 0..1000 {
        let mut b = bytes.to_vec();
        let i = rng.below(b.len());
        let kind = rng.below(5);
        match kind {
            0 => b.truncate(i),
            1 => {
                let c = loop {
                    let c = ALPHABET[rng.below(ALPHABET.len())];
                    if c != b[i] {
                        break c;
                    }
                };
                b[i] = c;
            }
            2 => {
                b.remove(i);
            }
            3 => b.insert(i, ALPHABET[rng.below(ALPHABET.len())]),
            _ => {
                let j = (i + 1 + rng.below(b.len() - 1)) % b.len();
                if b[i] == b[j] {
                    b[i] = if b[i] == b'A' { b'B' } else { b'A' };
                } else {
                    b.swap(i, j);
                }
            }
        }
        kinds[kind] += 1;
        let damaged = String::from_utf8(b).unwrap();
        assert_ne!(damaged, payload);
        assert!(open(&damaged).is_err(), "accepted: {damaged}");
    }
    assert!(kinds.iter().all(|&k| k > 150), "{kinds:?}");
}

#[test]
fn damaged_links_say_why() {
    let s = AppState::new(crate::models::overhead::default_instance());
    let payload = ready(encode(&capture(&s))).unwrap();
    let cut = &payload[..payload.len() / 8 * 4];
    assert!(decode(cut)
        .unwrap_err()
        .to_string()
        .starts_with("it does not decompress"));
    assert!(decode("@@@")
        .unwrap_err()
        .to_string()
        .starts_with("it is not URL-safe base64"));
    assert_eq!(payload_of("#s=abc"), Some("abc"));
    assert_eq!(payload_of("#other"), None);
    // A scenario of another version.
    let json = capture(&s)
        .to_json()
        .replace("\"version\":1", "\"version\":2");
    let z = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec_zlib(
        json.as_bytes(),
        9,
    ));
    assert_eq!(
        decode(&z).unwrap_err().to_string(),
        "scenario version 2: this build reads version 1"
    );
}

/// A link whose scenario inflates past [`MAX_INFLATED`] is called too large, not damaged (the
/// issue's 680 KB link was "damaged or cut short… does not decompress"); one byte less is not.
#[test]
fn a_link_past_the_cap_is_too_large_not_damaged() {
    let link_of = |n: usize| {
        let mut json = b"{\"format\":\"hetcast-scenario\",\"pad\":\"".to_vec();
        json.resize(n - 2, b' ');
        json.extend_from_slice(b"\"}");
        URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec_zlib(&json, 9))
    };
    let big = link_of(MAX_INFLATED + 1);
    assert!(big.len() < 20_000, "{}", big.len());
    assert_eq!(decode(&big), Err(LinkError::TooLarge));
    assert_eq!(
        crate::saved::link_error(&LinkError::TooLarge).text,
        "This share link is too large: its scenario is more than 8 MB as text, the most a link opens. Your work is unchanged."
    );
    // At the cap it inflates, and is then read as a scenario (this one is not).
    assert!(matches!(
        decode(&link_of(MAX_INFLATED)),
        Err(LinkError::Damaged(_))
    ));
    assert_eq!(
        crate::saved::link_error(&LinkError::Damaged("it is not UTF-8 text".into())).text,
        "This share link is damaged or cut short (it is not UTF-8 text). Your work is unchanged."
    );
}

#[test]
fn the_payloads_of_an_address_are_its_share_links_and_its_tours() {
    let none: [&str; 0] = [];
    assert_eq!(payloads("#s=abc&exchange=2"), ["abc"]);
    assert_eq!(payloads("#s=abc&embed=1"), ["abc"]);
    assert_eq!(payloads("#embed=1&s=abc"), ["abc"]);
    assert_eq!(payloads("#tour=~xyz&stop=2"), ["xyz"]);
    assert_eq!(payloads("#tour=000-libeskind-hadas&stop=2"), none);
    assert_eq!(payloads("#example=lh-fig1&algo=greedy"), none);
    assert_eq!(payloads(""), none);
}
