//! The player under the drawings: playback of the schedule in time ([`super::playback`]) or
//! the algorithm's steps ([`super::stepper`]), one bar for both, the same keys for both
//! (Space, ← / →, [ / ], Home / End; `s` switches). Every frame is drawn into the drawings on
//! screen by [`super::frames`], without laying them out again.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use hetcast_core::layout::{Motion, Scene};
use hetcast_core::trace::Step;
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use super::frames::Drawing;
use super::playback::{key_action, space_is_taken, transport_bar, use_playback, PlaybackAction};
use super::stepper::{pseudo_panel, use_stepper, StepperAction};

/// A drawing on screen that the player moves.
#[derive(Clone, Debug)]
pub struct Shown {
    /// Id of its `<svg>`.
    pub svg_id: String,
    /// Its scene.
    pub scene: Rc<Scene>,
    /// What moves in it (a tree).
    pub motion: Option<Rc<Motion>>,
    /// The message it shows (a many-message model's tree).
    pub message: Option<usize>,
    /// Nodes that hold the message later here than in the schedule compared with.
    pub later: Rc<HashSet<usize>>,
}

impl PartialEq for Shown {
    fn eq(&self, o: &Self) -> bool {
        self.svg_id == o.svg_id
            && Rc::ptr_eq(&self.scene, &o.scene)
            && self.message == o.message
            && self.later == o.later
            && match (&self.motion, &o.motion) {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            }
    }
}

/// What a model shows beside the pseudo-code after `done` steps (the Lemma 5 program's
/// tables filling), as a prop.
#[derive(Clone)]
pub struct StepPanel(pub Rc<dyn Fn(usize) -> Html>);

impl PartialEq for StepPanel {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.0, &o.0)
    }
}

/// How a model writes a time ("6", "14 µs"), as a prop.
#[derive(Clone, Copy, Debug)]
pub struct TimeFmt(pub fn(f64) -> String);

impl PartialEq for TimeFmt {
    fn eq(&self, o: &Self) -> bool {
        std::ptr::fn_addr_eq(self.0, o.0)
    }
}

pub use crate::state::ui::Mode;

/// Props of [`Player`].
#[derive(Properties, PartialEq, Clone)]
pub struct PlayerProps {
    /// The drawings it moves.
    pub shown: Vec<Shown>,
    /// The completion time (the longest, when two schedules are compared).
    pub total: f64,
    /// Event times.
    pub events: Rc<Vec<f64>>,
    /// The algorithm's steps (empty when it records none).
    pub steps: Rc<Vec<Step>>,
    /// Its pseudo-code.
    pub pseudo: &'static [&'static str],
    /// Its name.
    pub algo: AttrValue,
    /// How the model on screen writes a time.
    pub fmt: TimeFmt,
    /// Playback or steps.
    pub mode: Mode,
    /// Switch mode.
    pub on_mode: Callback<Mode>,
    /// Keys are on (no dialog or page over the view).
    pub keys: bool,
    /// A time to start at (a link's `t=`), once the schedule is loaded.
    #[prop_or_default]
    pub start_at: Option<f64>,
    /// More walks the model offers, after the mode buttons (the one-source models' exchanges).
    #[prop_or_default]
    pub more: Html,
    /// The tables of a dynamic program the steps fill (Lemma 5), shown beside the pseudo-code.
    #[prop_or_default]
    pub dp: Option<StepPanel>,
    /// Told the steps done whenever they change in Steps mode (the drawing may depend on them).
    #[prop_or_default]
    pub on_step: Option<Callback<usize>>,
}

/// Draw the frame into the drawings `shown`: in Time mode the schedule at time `at`, in
/// Steps mode after `done` of `steps`. What the drawings hold is rebuilt when they change; a
/// drawing scrolled or resized is drawn again (the layer over it covers the part in sight).
#[hook]
fn use_frames(shown: &[Shown], steps: &Rc<Vec<Step>>, mode: Mode, at: Option<f64>, done: usize) {
    let cache: Rc<RefCell<(Vec<Shown>, Vec<Drawing>)>> = use_mut_ref(Default::default);
    let steps = steps.clone();
    let frames = cache.clone();
    use_effect_with(
        (shown.to_vec(), mode, at, done),
        move |(shown, mode, at, done)| {
            let mut c = frames.borrow_mut();
            if c.0 != *shown {
                c.1 = shown
                    .iter()
                    .filter_map(|s| {
                        let d = Drawing::find(&s.svg_id, &s.scene, s.motion.as_deref(), s.message)?;
                        d.mark_later(&s.later);
                        Some(d)
                    })
                    .collect();
                c.0 = shown.clone();
            }
            for d in c.1.iter_mut() {
                match mode {
                    Mode::Time => d.time_frame(*at),
                    Mode::Steps => d.step_frame(&steps, *done),
                }
            }
        },
    );
    use_effect_with((), move |_| {
        let redraw = move |_: &Event| {
            if let Ok(mut c) = cache.try_borrow_mut() {
                c.1.iter_mut().for_each(Drawing::redraw);
            }
        };
        let opts = EventListenerOptions::run_in_capture_phase();
        let doc = gloo::utils::document();
        let scroll = EventListener::new_with_options(&doc, "scroll", opts, redraw.clone());
        let resize = EventListener::new(&gloo::utils::window(), "resize", redraw);
        move || drop((scroll, resize))
    });
}

/// The current cell of a dynamic program's tables, else the lit line of the pseudo-code,
/// stays in sight as the steps go.
#[hook]
fn use_current_line_in_sight(mode: Mode, done: usize) {
    use_effect_with((mode, done), |_| {
        let doc = gloo::utils::document();
        let current = doc
            .query_selector("#dp-tables td.current")
            .ok()
            .flatten()
            .or_else(|| {
                doc.query_selector("#pseudo .pseudo-line.lit")
                    .ok()
                    .flatten()
            });
        if let Some(line) = current {
            let opts = web_sys::ScrollIntoViewOptions::new();
            opts.set_block(web_sys::ScrollLogicalPosition::Nearest);
            line.scroll_into_view_with_scroll_into_view_options(&opts);
        }
    });
}

/// The player's keys, for the mode on screen, while `keys` is on: `s` switches mode (when
/// there are steps), the transport keys go to playback or the stepper.
#[hook]
fn use_player_keys(
    keys: bool,
    mode: Mode,
    has_steps: bool,
    pd: UseReducerDispatcher<super::playback::Playback>,
    sd: UseReducerDispatcher<super::stepper::Stepper>,
    on_mode: Callback<Mode>,
) {
    use_effect_with((keys, mode, has_steps), move |&(keys, mode, has_steps)| {
        let listener = keys.then(|| {
            let doc = gloo::utils::document();
            let opts = EventListenerOptions::enable_prevent_default();
            EventListener::new_with_options(&doc, "keydown", opts, move |e| {
                let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if e.ctrl_key() || e.alt_key() || e.meta_key() || e.default_prevented() {
                    return;
                }
                let key = e.key();
                if crate::keys::is_typing(e.target(), &key) || space_is_taken(e, &key) {
                    return;
                }
                if key == "s" && has_steps {
                    e.prevent_default();
                    on_mode.emit(match mode {
                        Mode::Time => Mode::Steps,
                        Mode::Steps => Mode::Time,
                    });
                    return;
                }
                let Some(a) = key_action(&key) else {
                    return;
                };
                e.prevent_default();
                match (mode, a) {
                    (Mode::Time, a) => pd.dispatch(a),
                    (Mode::Steps, PlaybackAction::TogglePlay) => {
                        sd.dispatch(StepperAction::TogglePlay)
                    }
                    (Mode::Steps, PlaybackAction::Step(d)) => sd.dispatch(StepperAction::Step(d)),
                    (Mode::Steps, PlaybackAction::Edge(end)) => {
                        sd.dispatch(StepperAction::Edge(end))
                    }
                    (Mode::Steps, a) => pd.dispatch(a),
                }
            })
        });
        move || drop(listener)
    });
}

/// The Time and Steps buttons (none when the algorithm records no steps).
fn mode_buttons(p: &PlayerProps, mode: Mode) -> Html {
    if p.steps.is_empty() {
        return html! {};
    }
    let switch = |m: Mode, label: &str, title: &str, id: &str| {
        let on_mode = p.on_mode.clone();
        let on = mode == m;
        html! {
            <button id={id.to_string()} class={classes!("mode-btn", on.then_some("on"))} aria-pressed={on.to_string()}
                onclick={Callback::from(move |_: MouseEvent| on_mode.emit(m))} title={title.to_string()}>{ label.to_string() }</button>
        }
    };
    html! {
        <span class="modes" role="group" aria-label="Play">
            { switch(Mode::Time, "Time", "Play the schedule in time (key s switches)", "mode-time") }
            { switch(Mode::Steps, "Steps", "Step through the algorithm's decisions (key s switches)", "mode-steps") }
        </span>
    }
}

/// The player (see the module documentation).
#[function_component(Player)]
pub fn player(p: &PlayerProps) -> Html {
    let fmt = p.fmt.0;
    let pb = use_playback(Some((p.total, (*p.events).clone())));
    let st = use_stepper(p.steps.len(), pb.speed);
    let mode = if p.steps.is_empty() {
        Mode::Time
    } else {
        p.mode
    };
    {
        let d = pb.dispatcher();
        use_effect_with((p.start_at, p.total), move |&(t, _)| {
            if let Some(t) = t {
                d.dispatch(PlaybackAction::Seek(t));
            }
        });
    }
    use_frames(&p.shown, &p.steps, mode, pb.at(), st.done);
    {
        let on_step = p.on_step.clone();
        use_effect_with((mode, st.done), move |&(mode, done)| {
            if let (Mode::Steps, Some(cb)) = (mode, on_step) {
                cb.emit(done);
            }
        });
    }
    use_current_line_in_sight(mode, st.done);
    use_player_keys(
        p.keys,
        mode,
        !p.steps.is_empty(),
        pb.dispatcher(),
        st.dispatcher(),
        p.on_mode.clone(),
    );
    let bar = match mode {
        Mode::Time => transport_bar(&pb, fmt),
        Mode::Steps => step_bar(&st, &pb),
    };
    html! {
        <div class={classes!("player", (mode == Mode::Steps).then_some("stepping"))}>
            if mode == Mode::Steps {
                { pseudo_panel(&p.algo, p.pseudo, &p.steps, &st, fmt,
                    p.dp.as_ref().map(|d| (d.0)(st.done)).unwrap_or_default()) }
            }
            <div class="player-bar">
                { mode_buttons(p, mode) }
                { p.more.clone() }
                { bar }
            </div>
        </div>
    }
}

/// The bar of the stepper: back, play, next, a slider over the steps, the speed.
fn step_bar(
    st: &UseReducerHandle<super::stepper::Stepper>,
    pb: &UseReducerHandle<super::playback::Playback>,
) -> Html {
    let send = |a: StepperAction| {
        let d = st.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(a.clone()))
    };
    let seek = {
        let (d, done) = (st.dispatcher(), st.done);
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(k) = input.value().parse::<usize>() {
                d.dispatch(StepperAction::Step(k as i32 - done as i32));
            }
        })
    };
    let (icon, word) = super::playback::play_label(st.playing);
    html! {
        <div class="transport" role="group" aria-label="Steps">
            <button id="step-back" class="transport-btn" onclick={send(StepperAction::Step(-1))}
                title="Previous step (key ←)" aria-label="Previous step">{"|◀"}</button>
            <button id="step-play" class="transport-btn primary" onclick={send(StepperAction::TogglePlay)}
                title="Play or pause the steps (key Space)" aria-pressed={st.playing.to_string()} aria-label={word}>
                { icon }<span class="word">{" "}{ word }</span>
            </button>
            <button id="step-next" class="transport-btn" onclick={send(StepperAction::Step(1))}
                title="Next step (key →)" aria-label="Next step">{"▶|"}</button>
            <input id="step-scrub" type="range" min="0" max={st.len.to_string()} step="1"
                value={st.done.to_string()} oninput={seek} aria-label="Step" />
            { super::playback::speed_menu(pb, "step-speed", "Steps per second (keys [ and ]; 1x: one a second)") }
        </div>
    }
}
