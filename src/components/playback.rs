//! Playback of the selected schedule: a transport bar (play/pause, speed, a scrubber over
//! [0, T], steps to the previous and next event, the current time) and its own small reducer
//! ([`Playback`]), apart from the app state: a frame changes only the view panel.
//!
//! The state is model-independent: it knows only T and the event times of the selected
//! schedule ([`crate::models::ModelState::replay`]). The view draws the schedule as it stands at [`Playback::at`], from
//! the schedule itself (`Model::timeline_scene(.., Some(t))`), so stepping back is exact.
//! While playing, `requestAnimationFrame` advances t; at 1x the whole schedule takes
//! [`PLAY_SECONDS`]. Keys (outside text fields): p or Space play/pause, `,` and `.` step.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

/// The speeds offered, the speed at start and the seconds of the whole schedule at 1x: the
/// core's, which the animated export plays at too.
pub use hetcast_core::playback::{NORMAL_SPEED, PLAY_SECONDS, SPEEDS};

/// The state of the transport bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Playback {
    /// The completion time of the schedule played.
    pub total: f64,
    /// Its event times (`event_times` of its model's view).
    pub events: Rc<Vec<f64>>,
    /// The current time, in [0, total]; `total` at rest (the whole schedule).
    pub t: f64,
    /// Playing.
    pub playing: bool,
    /// Index of the speed in [`SPEEDS`].
    pub speed: usize,
    /// The time stamp (ms) of the last animation frame while playing.
    last_frame: Option<f64>,
    /// Frames seen while playing (the next frame is asked for after each).
    pub frames: u64,
}

impl Default for Playback {
    fn default() -> Self {
        Playback {
            total: 0.0,
            events: Rc::default(),
            t: 0.0,
            playing: false,
            speed: NORMAL_SPEED,
            last_frame: None,
            frames: 0,
        }
    }
}

/// What changes the playback.
#[derive(Clone, Debug, PartialEq)]
pub enum PlaybackAction {
    /// The selected schedule (its T and events): a new one stops and rewinds to the end.
    Load(f64, Vec<f64>),
    /// Play, or pause; playing from the end starts again at 0.
    TogglePlay,
    /// Move to a time (the scrubber), clamped to [0, T].
    Seek(f64),
    /// Pause and move to the next (+1) or previous (-1) event.
    Step(i32),
    /// Set the speed (an index into [`SPEEDS`]).
    Speed(usize),
    /// One speed faster (+1) or slower (-1).
    SpeedStep(i32),
    /// Pause at the start (Home, `false`) or the end (End, `true`).
    Edge(bool),
    /// An animation frame at this time stamp (ms).
    Frame(f64),
}

/// Slack under which two times are the same moment.
fn eps(total: f64) -> f64 {
    1e-9 * total.abs().max(1.0)
}

/// The first event after `t`, or `total` when there is none.
pub fn next_event(events: &[f64], total: f64, t: f64) -> f64 {
    let e = eps(total);
    events
        .iter()
        .copied()
        .find(|&x| x > t + e && x <= total)
        .unwrap_or(total)
}

/// The last event before `t`, or 0 when there is none.
pub fn prev_event(events: &[f64], total: f64, t: f64) -> f64 {
    let e = eps(total);
    events
        .iter()
        .rev()
        .copied()
        .find(|&x| x < t - e && x >= 0.0)
        .unwrap_or(0.0)
}

impl Playback {
    /// The time the view draws the schedule at: `None` (the whole schedule, as without
    /// playback) at rest at the end, else the current time.
    pub fn at(&self) -> Option<f64> {
        (self.playing || self.t < self.total - eps(self.total)).then_some(self.t)
    }

    /// This state after `action`.
    pub fn after(&self, action: PlaybackAction) -> Playback {
        let mut p = self.clone();
        match action {
            PlaybackAction::Load(total, events) => {
                if total == p.total && *events == *p.events {
                    return p;
                }
                p.total = total.max(0.0);
                p.events = Rc::new(events);
                p.t = p.total;
                p.playing = false;
                p.last_frame = None;
            }
            PlaybackAction::TogglePlay => {
                if p.playing {
                    p.playing = false;
                } else if p.total > 0.0 {
                    if p.t >= p.total - eps(p.total) {
                        p.t = 0.0;
                    }
                    p.playing = true;
                }
                p.last_frame = None;
            }
            PlaybackAction::Seek(t) => {
                p.t = if t.is_finite() {
                    t.clamp(0.0, p.total)
                } else {
                    p.total
                };
                p.last_frame = None;
            }
            PlaybackAction::Step(d) => {
                p.playing = false;
                p.t = if d >= 0 {
                    next_event(&p.events, p.total, p.t)
                } else {
                    prev_event(&p.events, p.total, p.t)
                };
            }
            PlaybackAction::Speed(i) => p.speed = i.min(SPEEDS.len() - 1),
            PlaybackAction::SpeedStep(d) => {
                p.speed = p
                    .speed
                    .saturating_add_signed(d as isize)
                    .min(SPEEDS.len() - 1)
            }
            PlaybackAction::Edge(end) => {
                p.playing = false;
                p.t = if end { p.total } else { 0.0 };
                p.last_frame = None;
            }
            PlaybackAction::Frame(ts) => {
                if !p.playing {
                    return p;
                }
                if let Some(last) = p.last_frame {
                    let dt = ((ts - last) / 1000.0).clamp(0.0, 0.25);
                    p.t += dt * SPEEDS[p.speed] * p.total / PLAY_SECONDS;
                    if p.t >= p.total {
                        p.t = p.total;
                        p.playing = false;
                    }
                }
                p.last_frame = Some(ts);
                p.frames += 1;
            }
        }
        p
    }
}

impl Reducible for Playback {
    type Action = PlaybackAction;

    fn reduce(self: Rc<Self>, action: PlaybackAction) -> Rc<Self> {
        let next = self.after(action);
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

/// What a key press (outside text fields) does to the playback, if anything: Space or p
/// play/pause, ← / → (or , / .) step, [ / ] (or − / +) speed, Home / End.
pub fn key_action(key: &str) -> Option<PlaybackAction> {
    match key {
        "p" | " " => Some(PlaybackAction::TogglePlay),
        "," | "ArrowLeft" => Some(PlaybackAction::Step(-1)),
        "." | "ArrowRight" => Some(PlaybackAction::Step(1)),
        "[" | "-" => Some(PlaybackAction::SpeedStep(-1)),
        "]" | "+" | "=" => Some(PlaybackAction::SpeedStep(1)),
        "Home" => Some(PlaybackAction::Edge(false)),
        "End" => Some(PlaybackAction::Edge(true)),
        _ => None,
    }
}

/// The playback of `replay` (the schedule on screen, when there is one): the reducer, fed
/// with the schedule, and animation frames while playing. The keys are the player's
/// ([`crate::components::player`]).
#[hook]
pub fn use_playback(replay: Option<(f64, Vec<f64>)>) -> UseReducerHandle<Playback> {
    let pb = use_reducer(Playback::default);
    {
        let d = pb.dispatcher();
        use_effect_with(replay, move |r| {
            if let Some((total, events)) = r {
                d.dispatch(PlaybackAction::Load(*total, events.clone()));
            }
        });
    }
    {
        // One frame asked for after each render while playing: the frame's handler never
        // asks for the next itself, so no callback is dropped while it runs.
        let d = pb.dispatcher();
        use_effect_with((pb.playing, pb.frames), move |&(playing, _)| {
            let frame = playing.then(|| {
                gloo::render::request_animation_frame(move |ts| {
                    d.dispatch(PlaybackAction::Frame(ts))
                })
            });
            move || drop(frame)
        });
    }
    pb
}

/// True when Space presses a focused control (a button, a link, a menu, a slider): it does
/// that, not play/pause.
pub fn space_is_taken(e: &KeyboardEvent, key: &str) -> bool {
    key == " "
        && e.target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| {
                matches!(
                    el.tag_name().to_ascii_uppercase().as_str(),
                    "BUTTON" | "A" | "SELECT" | "INPUT" | "SUMMARY"
                )
            })
}

/// The icon and word of a play/pause button.
pub fn play_label(playing: bool) -> (&'static str, &'static str) {
    if playing {
        ("❚❚", "Pause")
    } else {
        ("▶", "Play")
    }
}

/// The speed menu (`id`, tooltip `title`) of playback `pb`, shared by the playback and the
/// stepper bars.
pub fn speed_menu(pb: &UseReducerHandle<Playback>, id: &'static str, title: &'static str) -> Html {
    let d = pb.dispatcher();
    let onchange = Callback::from(move |e: Event| {
        let sel: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Ok(i) = sel.value().parse::<usize>() {
            d.dispatch(PlaybackAction::Speed(i));
        }
    });
    html! {
        <label class="play-speed">
            <select {id} aria-label="Speed" {onchange} {title}>
                { for SPEEDS.iter().enumerate().map(|(i, s)| html! {
                    <option value={i.to_string()} selected={i == pb.speed}>{ format!("{s}x") }</option>
                }) }
            </select>
        </label>
    }
}

/// The transport bar of playback `pb`, times written by `fmt`.
pub fn transport_bar(pb: &UseReducerHandle<Playback>, fmt: fn(f64) -> String) -> Html {
    let send = |a: PlaybackAction| {
        let d = pb.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(a.clone()))
    };
    let seek = {
        let d = pb.dispatcher();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(t) = input.value().parse::<f64>() {
                d.dispatch(PlaybackAction::Seek(t));
            }
        })
    };
    let (icon, word) = play_label(pb.playing);
    html! {
        <div class="transport" role="group" aria-label="Playback">
            <button id="play-step-back" class="transport-btn" onclick={send(PlaybackAction::Step(-1))}
                title="Previous event (key ← or ,)" aria-label="Previous event">{"|◀"}</button>
            <button id="play" class="transport-btn primary" onclick={send(PlaybackAction::TogglePlay)}
                title="Play or pause (key p or Space)" aria-pressed={pb.playing.to_string()} aria-label={word}>
                { icon }<span class="word">{" "}{ word }</span>
            </button>
            <button id="play-step-next" class="transport-btn" onclick={send(PlaybackAction::Step(1))}
                title="Next event (key → or .)" aria-label="Next event">{"▶|"}</button>
            <input id="play-scrub" type="range" min="0" max={pb.total.to_string()} step="any"
                value={pb.t.to_string()} oninput={seek} aria-label="Time"
                aria-valuetext={format!("t = {}", fmt(pb.t))} />
            <output id="play-time" class="play-time" for="play-scrub">
                <span class="word">{"t = "}</span>{ format!("{} / {}", fmt(pb.t), fmt(pb.total)) }
            </output>
            { speed_menu(pb, "play-speed", "Playback speed (keys [ and ]; 1x: the whole schedule in 10 s)") }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The events of the greedy schedule of Libeskind-Hadas Figure 1 (T = 10).
    const EV: [f64; 8] = [0.0, 3.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0];

    fn loaded() -> Playback {
        Playback::default().after(PlaybackAction::Load(10.0, EV.to_vec()))
    }

    #[test]
    fn at_rest_at_the_end_the_whole_schedule_is_drawn() {
        let p = loaded();
        assert_eq!((p.t, p.at(), p.playing), (10.0, None, false));
        let p = p.after(PlaybackAction::Seek(3.0));
        assert_eq!(p.at(), Some(3.0));
        assert_eq!(p.after(PlaybackAction::Seek(99.0)).at(), None);
        assert_eq!(p.after(PlaybackAction::Seek(-1.0)).t, 0.0);
    }

    #[test]
    fn steps_go_from_event_to_event_and_stop_at_the_ends() {
        assert_eq!(next_event(&EV, 10.0, 3.0), 5.0);
        assert_eq!(next_event(&EV, 10.0, 3.5), 5.0);
        assert_eq!(next_event(&EV, 10.0, 10.0), 10.0);
        assert_eq!(prev_event(&EV, 10.0, 3.0), 0.0);
        assert_eq!(prev_event(&EV, 10.0, 6.5), 6.0);
        assert_eq!(prev_event(&EV, 10.0, 0.0), 0.0);
        let mut p = loaded().after(PlaybackAction::Seek(0.0));
        let mut seen = vec![p.t];
        for _ in 0..9 {
            p = p.after(PlaybackAction::Step(1));
            seen.push(p.t);
        }
        assert_eq!(seen, [0.0, 3.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 10.0, 10.0]);
        let back: Vec<f64> = (0..3)
            .scan(p, |p, _| {
                *p = p.after(PlaybackAction::Step(-1));
                Some(p.t)
            })
            .collect();
        assert_eq!(back, [9.0, 8.0, 7.0]);
    }

    #[test]
    fn playing_advances_with_the_frames_and_stops_at_the_end() {
        let p = loaded().after(PlaybackAction::TogglePlay);
        // Playing from the end starts again at 0.
        assert_eq!((p.t, p.playing, p.at()), (0.0, true, Some(0.0)));
        // The first frame only takes the time; 1 s at 1x is a tenth of T.
        let p = p.after(PlaybackAction::Frame(1000.0));
        assert_eq!(p.t, 0.0);
        let p = p.after(PlaybackAction::Frame(1100.0));
        assert!((p.t - 0.1).abs() < 1e-12, "{}", p.t);
        let p = p
            .after(PlaybackAction::Speed(5))
            .after(PlaybackAction::Frame(1200.0));
        assert!((p.t - 0.9).abs() < 1e-12, "{}", p.t);
        // A step pauses.
        let q = p.after(PlaybackAction::Step(1));
        assert_eq!((q.t, q.playing), (3.0, false));
        // Frames run it to the end, where it stops and draws the whole schedule.
        let mut p = p;
        for i in 0..100 {
            p = p.after(PlaybackAction::Frame(1300.0 + 100.0 * i as f64));
        }
        assert_eq!((p.t, p.playing, p.at()), (10.0, false, None));
        // A new schedule stops and rewinds.
        let p = loaded()
            .after(PlaybackAction::Seek(2.0))
            .after(PlaybackAction::Load(14.0, vec![0.0, 14.0]));
        assert_eq!((p.t, p.at()), (14.0, None));
    }

    #[test]
    fn keys() {
        assert_eq!(key_action("p"), Some(PlaybackAction::TogglePlay));
        assert_eq!(key_action(" "), Some(PlaybackAction::TogglePlay));
        assert_eq!(key_action("."), Some(PlaybackAction::Step(1)));
        assert_eq!(key_action(","), Some(PlaybackAction::Step(-1)));
        assert_eq!(key_action("ArrowRight"), Some(PlaybackAction::Step(1)));
        assert_eq!(key_action("["), Some(PlaybackAction::SpeedStep(-1)));
        assert_eq!(key_action("+"), Some(PlaybackAction::SpeedStep(1)));
        assert_eq!(key_action("End"), Some(PlaybackAction::Edge(true)));
        assert_eq!(key_action("x"), None);
        let p = loaded().after(PlaybackAction::SpeedStep(1));
        assert_eq!(SPEEDS[p.speed], 2.0);
        let p = (0..9).fold(p, |p, _| p.after(PlaybackAction::SpeedStep(1)));
        assert_eq!(SPEEDS[p.speed], 8.0);
        let p = (0..9).fold(p, |p, _| p.after(PlaybackAction::SpeedStep(-1)));
        assert_eq!(SPEEDS[p.speed], 0.25);
        assert_eq!(loaded().after(PlaybackAction::Edge(false)).t, 0.0);
    }
}
