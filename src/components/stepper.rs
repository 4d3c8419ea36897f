//! The algorithm stepper: a player over the typed trace of the selected result (its
//! [`Step`](hetcast_core::trace::Step)s), forward and back, with the algorithm's pseudo-code
//! and the current line lit. Its own small reducer ([`Stepper`]); the drawings show the
//! schedule as far as the steps so far decided it ([`crate::components::frames`]).

use std::rc::Rc;

use hetcast_core::trace::Step;
use yew::prelude::*;

use super::playback::SPEEDS;

/// Seconds a step stays on screen at 1x while the stepper plays.
pub const STEP_SECONDS: f64 = 1.0;

/// The state of the stepper: how many steps are done (0: none, `len`: all).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Stepper {
    /// Number of steps.
    pub len: usize,
    /// Steps done.
    pub done: usize,
    /// Playing (one step every [`STEP_SECONDS`] / speed).
    pub playing: bool,
    /// Seconds since the last step while playing.
    waited: f64,
    last_frame: Option<f64>,
    /// Frames seen while playing.
    pub frames: u64,
}

/// What changes the stepper.
#[derive(Clone, Debug, PartialEq)]
pub enum StepperAction {
    /// A trace of this many steps: a new one starts at its first step.
    Load(usize),
    /// Pause and go one step forward (+1) or back (-1).
    Step(i32),
    /// Pause at no step done (Home, `false`) or all (End, `true`).
    Edge(bool),
    /// Play or pause; playing from the end starts again.
    TogglePlay,
    /// An animation frame at this time stamp (ms), at speed factor `speed`.
    Frame(f64, f64),
}

impl Stepper {
    /// This state after `action`.
    pub fn after(&self, action: StepperAction) -> Stepper {
        let mut s = self.clone();
        match action {
            StepperAction::Load(len) => {
                if len != s.len {
                    s = Stepper {
                        len,
                        done: len.min(1),
                        ..Stepper::default()
                    };
                }
            }
            StepperAction::Step(d) => {
                s.playing = false;
                s.done = s.done.saturating_add_signed(d as isize).min(s.len);
            }
            StepperAction::Edge(end) => {
                s.playing = false;
                s.done = if end { s.len } else { 0 };
            }
            StepperAction::TogglePlay => {
                if s.playing {
                    s.playing = false;
                } else if s.len > 0 {
                    if s.done >= s.len {
                        s.done = 0;
                    }
                    s.playing = true;
                    s.waited = 0.0;
                }
                s.last_frame = None;
            }
            StepperAction::Frame(ts, speed) => {
                if !s.playing {
                    return s;
                }
                if let Some(last) = s.last_frame {
                    s.waited += ((ts - last) / 1000.0).clamp(0.0, 0.25) * speed;
                    if s.waited >= STEP_SECONDS {
                        s.waited = 0.0;
                        s.done = (s.done + 1).min(s.len);
                        if s.done == s.len {
                            s.playing = false;
                        }
                    }
                }
                s.last_frame = Some(ts);
                s.frames += 1;
            }
        }
        s
    }
}

impl Reducible for Stepper {
    type Action = StepperAction;

    fn reduce(self: Rc<Self>, action: StepperAction) -> Rc<Self> {
        let next = self.after(action);
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

/// The stepper over a trace of `len` steps, with animation frames while playing at speed
/// index `speed` of [`SPEEDS`].
#[hook]
pub fn use_stepper(len: usize, speed: usize) -> UseReducerHandle<Stepper> {
    let st = use_reducer(Stepper::default);
    {
        let d = st.dispatcher();
        use_effect_with(len, move |&len| d.dispatch(StepperAction::Load(len)));
    }
    {
        let d = st.dispatcher();
        let factor = SPEEDS[speed.min(SPEEDS.len() - 1)];
        use_effect_with((st.playing, st.frames, speed), move |&(playing, _, _)| {
            let frame = playing.then(|| {
                gloo::render::request_animation_frame(move |ts| {
                    d.dispatch(StepperAction::Frame(ts, factor))
                })
            });
            move || drop(frame)
        });
    }
    st
}

/// The pseudo-code of the algorithm, line `lit` (from 1) lit, the step's sentence, and
/// `more` under them (a dynamic program's tables).
pub fn pseudo_panel(
    algo: &str,
    pseudo: &[&str],
    steps: &[Step],
    st: &Stepper,
    fmt: fn(f64) -> String,
    more: Html,
) -> Html {
    let step = st.done.checked_sub(1).and_then(|i| steps.get(i));
    let lit = step.and_then(|s| s.pseudo_line);
    // Steps with no time (a dynamic program's cells, a steady-state heuristic's LPs) all
    // say t = 0: their sentences go without it.
    let timed = steps.iter().any(|s| s.t != 0.0);
    let sentence = match step {
        Some(s) if timed => format!("t = {}: {}", fmt(s.t), s.text),
        Some(s) => s.text.clone(),
        None if timed => "Before the first step: only the source holds the message.".to_string(),
        None => "Before the first step.".to_string(),
    };
    html! {
        <div class="stepper" aria-label="Algorithm steps">
            <p class="step-text" id="step-text" aria-live="polite">
                <span class="step-count" id="step-count">{ format!("Step {} / {}", st.done, st.len) }</span>
                { " " }{ sentence }
            </p>
            <div class="stepper-code">
                if !pseudo.is_empty() {
                    <ol class="pseudo" id="pseudo" aria-label={format!("Pseudo-code of {algo}")}>
                        { for pseudo.iter().enumerate().map(|(i, line)| {
                            let on = lit == Some(i + 1);
                            html! {
                                <li class={classes!("pseudo-line", on.then_some("lit"))}
                                    id={format!("pseudo-{}", i + 1)} aria-current={on.then_some("step")}>
                                    <code>{ *line }</code>
                                </li>
                            }
                        }) }
                    </ol>
                }
                { more }
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_go_forward_and_back_within_the_trace() {
        let s = Stepper::default().after(StepperAction::Load(3));
        assert_eq!((s.done, s.len), (1, 3));
        let s = s
            .after(StepperAction::Step(1))
            .after(StepperAction::Step(1));
        assert_eq!(s.done, 3);
        assert_eq!(s.after(StepperAction::Step(1)).done, 3);
        let s = s.after(StepperAction::Step(-1));
        assert_eq!(s.done, 2);
        assert_eq!(s.after(StepperAction::Edge(false)).done, 0);
        assert_eq!(
            s.after(StepperAction::Edge(false))
                .after(StepperAction::Step(-1))
                .done,
            0
        );
        // The same trace again keeps the place; another one starts over.
        assert_eq!(s.after(StepperAction::Load(3)).done, 2);
        assert_eq!(s.after(StepperAction::Load(5)).done, 1);
    }

    #[test]
    fn playing_takes_one_step_a_second_at_1x_and_stops_at_the_end() {
        let s = Stepper::default()
            .after(StepperAction::Load(2))
            .after(StepperAction::Edge(true))
            .after(StepperAction::TogglePlay);
        // From the end it starts again.
        assert_eq!((s.done, s.playing), (0, true));
        let s = s.after(StepperAction::Frame(0.0, 1.0));
        let s = (1..=4).fold(s, |s, i| {
            s.after(StepperAction::Frame(i as f64 * 250.0, 1.0))
        });
        assert_eq!(s.done, 1);
        // At 4x, a quarter of a second is a step.
        let s = s.after(StepperAction::Frame(1250.0, 4.0));
        assert_eq!((s.done, s.playing), (2, false));
    }
}
