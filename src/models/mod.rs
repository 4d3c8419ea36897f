//! One folder per model, as in the core: its drafts (the editor's text), its reducer, its
//! editor, its generators, its results and its views.
//!
//! - [`overhead`]: the node model and the sender-receiver model (one source, one message);
//! - [`multi`]: the many-source model (paper 001);
//! - [`multimessage`]: multimessage multicasting in unit steps (paper 003);
//! - [`platform`]: platform graphs in steady state (paper 002).
//!
//! [`ModelState`] is the model on screen with everything of it (instance, drafts, results,
//! selection); [`ModelAction`] is what can be done to it. What every model shares is here:
//! the results list ([`Results`]) and the helpers of the drafts.

pub mod kept;
pub mod multi;
pub mod multimessage;
#[cfg(not(feature = "all-models"))]
pub mod on_demand;
pub mod overhead;
pub mod platform;
mod results_list;
pub mod screen;
pub mod worker_runs;

pub use results_list::{Results, ResultsView, Row, EDITED_KEY};
pub use screen::Screen;

/// The models' web-worker runners (each renders nothing, and starts and stops the workers of
/// its model's runs): what the app mounts once.
#[yew::function_component(Runners)]
pub fn runners(p: &crate::components::StateProps) -> yew::Html {
    yew::html! {
        <>
            { platform_runner(p) }
            <overhead::runner::OverheadRunner state={p.state.clone()} />
            { multi_runner(p) }
            { multimessage_runner(p) }
        </>
    }
}

// The runners of the models that the page's module leaves out ([`app_models!`]'s `if`).
#[cfg(feature = "all-models")]
fn platform_runner(p: &crate::components::StateProps) -> yew::Html {
    yew::html! { <platform::runner::PlatformRunner state={p.state.clone()} /> }
}
#[cfg(feature = "all-models")]
fn multi_runner(p: &crate::components::StateProps) -> yew::Html {
    yew::html! { <multi::runner::MultiRunner state={p.state.clone()} /> }
}
#[cfg(feature = "all-models")]
fn multimessage_runner(p: &crate::components::StateProps) -> yew::Html {
    yew::html! { <multimessage::runner::MmRunner state={p.state.clone()} /> }
}
#[cfg(not(feature = "all-models"))]
fn platform_runner(_: &crate::components::StateProps) -> yew::Html {
    yew::Html::default()
}
#[cfg(not(feature = "all-models"))]
fn multi_runner(_: &crate::components::StateProps) -> yew::Html {
    yew::Html::default()
}
#[cfg(not(feature = "all-models"))]
fn multimessage_runner(_: &crate::components::StateProps) -> yew::Html {
    yew::Html::default()
}

/// Tests of the shell (deep links, tours, the app's state): what the models' runners
/// ([`runners`]) and the web workers do, done natively through each model's
/// [`Screen::answer_workers`], without naming a model.
#[cfg(test)]
impl crate::state::AppState {
    /// Answer every request pending in a web worker, in order.
    pub fn answer_workers(&mut self) {
        for action in self.model.screen_mut().answer_workers() {
            self.apply(crate::state::Action::Model(action));
        }
    }
}

/// What the web workers answer to `requests`, done natively (tests): each request run by
/// [`hetcast_worker::run`], the worker's own code, its messages in order with the request's
/// index.
#[cfg(test)]
pub fn answer_natively(
    requests: &[hetcast_worker::Request],
) -> Vec<(usize, hetcast_worker::Message)> {
    let out = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    for (index, r) in requests.iter().enumerate() {
        let sink = out.clone();
        hetcast_worker::run(r, move |m| sink.borrow_mut().push((index, m)));
    }
    out.take()
}

use hetcast_core::layout::{Motion, Scene};
use hetcast_core::models::View;
use hetcast_core::trace::Step;
use hetcast_core::{AnyInstance, ModelId};

use crate::state::ui::Notice;
use crate::views::fit::ViewLook;

/// The one list of the app's models: each line names a model's variant (as in
/// [`ModelId`]) and its folder, which defines `State` (the model on screen), `Action` (what
/// can be done to it, with `edit_key`), `describe`, `welcome`, `adopt` and `elsewhere` (the
/// answer to its action when another model is on screen), then, after `if`, when the module
/// holds its `State`: `all()` always, `feature = "all-models"` for a model that the page's
/// module leaves out (its state comes on screen as an `on_demand::OnDemand`, and the app
/// with every model takes over: [`crate::handover`]). The enums below and their dispatch are
/// made from it; a new model joins by one line here (and one in the core's registry).
macro_rules! app_models {
    ($($(#[$doc:meta])* $variant:ident => $module:ident if $cond:meta,)+) => {
        /// The models whose web workers' answers this module reads: those it holds (a
        /// model it leaves out never runs here, and its readers are not linked).
        pub struct ReadAnswers;

        impl hetcast_worker::Answers for ReadAnswers {
            $(
                #[cfg($cond)]
                type $variant = <hetcast_worker::EveryModel as hetcast_worker::Answers>::$variant;
                #[cfg(not($cond))]
                type $variant = hetcast_worker::NotRead;
            )+
        }

        /// The model on screen and its state.
        #[derive(Clone, Debug, PartialEq)]
        pub enum ModelState {
            $(#[cfg($cond)] $(#[$doc])* $variant(Box<$module::State>),)+
            /// A model that this module leaves out: what it shows, until the app with every
            /// model takes over.
            #[cfg(not(feature = "all-models"))]
            OnDemand(Box<on_demand::OnDemand>),
        }

        /// What can be done to the model on screen.
        #[derive(Clone, Debug, PartialEq)]
        pub enum ModelAction {
            /// Run every algorithm of the model on screen.
            RunAll,
            /// Select the next (+1) or previous (-1) result row.
            SelectStep(i32),
            /// Time a plan read from a file (`name`, its `text`) on the instance in use: it
            /// becomes the edited row, or the simulator's message is said and nothing changes.
            ImportPlan {
                /// The file's name, said in the notice.
                name: String,
                /// The plan JSON, or a `hetcast run` output with a `plan`.
                text: String,
            },
            /// Select the edited row (the imported plan).
            SelectEdited,
            /// Move node `node` (with its subtree) in the selected schedule's tree; the
            /// simulator times the edited tree, which becomes the edited row.
            MoveNode {
                /// The node moved.
                node: usize,
                /// Where to.
                to: hetcast_core::models::Place,
            },
            $($(#[$doc])* $variant($module::Action),)+
        }

        $(
            impl From<$module::Action> for ModelAction {
                fn from(a: $module::Action) -> ModelAction {
                    ModelAction::$variant(a)
                }
            }

            impl From<$module::Action> for crate::state::Action {
                fn from(a: $module::Action) -> crate::state::Action {
                    crate::state::Action::Model(ModelAction::$variant(a))
                }
            }
        )+

        impl ModelAction {
            /// The text field the action types into, as a key (`None` when it is not typing).
            pub fn edit_key(&self) -> Option<String> {
                match self {
                    $(ModelAction::$variant(a) => a.edit_key(),)+
                    ModelAction::RunAll
                    | ModelAction::SelectStep(_)
                    | ModelAction::ImportPlan { .. }
                    | ModelAction::SelectEdited
                    | ModelAction::MoveNode { .. } => None,
                }
            }
        }

        impl ModelState {
            /// A fresh state of the model of `inst` showing it (`inst` must be valid).
            pub fn of(inst: AnyInstance) -> ModelState {
                match inst {
                    $(#[cfg($cond)] AnyInstance::$variant(i) => ModelState::$variant(Box::new($module::State::new(i))),)+
                    #[cfg(not(feature = "all-models"))]
                    other => ModelState::OnDemand(Box::new(on_demand::OnDemand::new(other))),
                }
            }

            /// The model on screen, as the shell sees it.
            pub fn screen(&self) -> &dyn Screen {
                match self {
                    $(#[cfg($cond)] ModelState::$variant(s) => s.as_ref(),)+
                    #[cfg(not(feature = "all-models"))]
                    ModelState::OnDemand(s) => s.as_ref(),
                }
            }

            /// The model on screen, to change it.
            pub fn screen_mut(&mut self) -> &mut dyn Screen {
                match self {
                    $(#[cfg($cond)] ModelState::$variant(s) => s.as_mut(),)+
                    #[cfg(not(feature = "all-models"))]
                    ModelState::OnDemand(s) => s.as_mut(),
                }
            }

            /// Apply a model's own `action`: to it when it is on screen, else its answer for
            /// another model (a hint, or nothing).
            fn apply_own(&mut self, action: ModelAction) -> Reply {
                match (self, action) {
                    $(#[cfg($cond)] (ModelState::$variant(s), ModelAction::$variant(a)) => s.apply(a),)+
                    $((_, ModelAction::$variant(a)) => $module::elsewhere(&a),)+
                    // The shell's own actions are applied by [`ModelState::apply`].
                    _ => Reply::default(),
                }
            }
        }

        /// The keys of every model (outside text fields), as (key, meaning): each model's
        /// `KEYS`.
        pub fn model_keys() -> Vec<(&'static str, &'static str)> {
            [$($module::KEYS,)+].concat()
        }

        impl ModelAction {
            /// The action of a model's own key (its `key_action`), whichever model is on
            /// screen: another model's key is answered with a hint ([`ModelState::apply`]).
            pub fn of_key(key: &str) -> Option<ModelAction> {
                $(if let Some(a) = $module::key_action(key) {
                    return Some(ModelAction::$variant(a));
                })+
                None
            }
        }

        /// The instance `inst` in words for a notice ("12 nodes, node model"), or why it is
        /// not valid.
        pub fn describe(inst: &AnyInstance) -> Result<String, String> {
            match inst {
                $(AnyInstance::$variant(i) => $module::describe(i),)+
            }
        }

        /// The notice when the model menu brings the model of `inst` on screen: the `first`
        /// time (its first example), or back to where it was left.
        pub fn welcome(inst: &AnyInstance, first: bool) -> String {
            match inst {
                $(AnyInstance::$variant(i) => $module::welcome(i, first),)+
            }
        }

        /// The first time the model menu brings model `id`: the instance it makes of `from`,
        /// the other model's instance on screen, and what it says, when it converts one (the
        /// many-source model takes a one-source instance as one message).
        pub fn adopt(id: ModelId, from: &AnyInstance) -> Option<(AnyInstance, String)> {
            $(if id == ModelId::$variant {
                return $module::adopt(from);
            })+
            None
        }
    };
}

app_models! {
    /// The node or sender-receiver model.
    Overhead => overhead if all(),
    /// The many-source model.
    Multi => multi if feature = "all-models",
    /// The multimessage model.
    Multimessage => multimessage if feature = "all-models",
    /// The platform model.
    Platform => platform if feature = "all-models",
}

/// What a model's reducer reports back to the root.
#[derive(Debug, Default)]
pub struct Reply {
    /// The instance that was on screen, when the action replaced it (undo remembers it).
    pub replaced: Option<AnyInstance>,
    /// A message for the notice line.
    pub notice: Option<Notice>,
}

impl Reply {
    /// The reply of a commit that replaced `before`.
    pub fn replaced(before: AnyInstance) -> Reply {
        Reply {
            replaced: Some(before),
            notice: None,
        }
    }

    /// A reply that only says something.
    pub fn say(notice: Notice) -> Reply {
        Reply {
            replaced: None,
            notice: Some(notice),
        }
    }

    /// What Cancel says when it stopped `n` runs in web workers: "Cancelled 2 runs.", or
    /// nothing when none was running.
    pub fn cancelled(n: usize) -> Reply {
        match n {
            0 => Reply::default(),
            n => Reply::say(Notice::info(format!(
                "Cancelled {n} run{}.",
                if n == 1 { "" } else { "s" }
            ))),
        }
    }
}

/// The notice of "Run all" when it skipped algorithms past their size limits (`skipped`: the
/// name shown, and the refusal, [`hetcast_core::Error::TooLarge`]): said plainly, not as an
/// error, since nothing failed.
pub fn skipped_notice(skipped: &[(&str, hetcast_core::Error)]) -> Option<Notice> {
    use hetcast_core::error::count;
    if skipped.is_empty() {
        return None;
    }
    let each: Vec<String> = skipped
        .iter()
        .map(|(name, e)| match e {
            hetcast_core::Error::TooLarge {
                size, limit, what, ..
            } => format!(
                "{name}: over its limit of {} {what} (this instance has {})",
                count(*limit),
                count(*size)
            ),
            e => format!("{name}: {e}"),
        })
        .collect();
    Some(Notice::info(format!("Skipped {}.", each.join("; "))))
}

impl ModelState {
    /// A fresh state of model `id` showing its first example.
    pub fn fresh(id: ModelId) -> ModelState {
        ModelState::of(hetcast_core::registry::default_instance(id))
    }

    /// True when the model on screen is one that this module leaves out ([`app_models!`]'s
    /// `if`): the app with every model is to take over ([`crate::handover`]).
    pub fn loads_elsewhere(&self) -> bool {
        self.screen().on_demand()
    }

    /// The model on screen's state as its own type `S` (a model's components read their own
    /// state), `None` when another model is on screen. The models that the page's module leaves
    /// out read theirs so: their `ModelState` variant is not in that module.
    pub fn get<S: 'static>(&self) -> Option<&S> {
        self.screen().as_any().downcast_ref::<S>()
    }

    /// Which model this is.
    pub fn id(&self) -> ModelId {
        self.screen().id()
    }

    /// The views of the model, in tab order (keys 1, 2, ...).
    pub fn views(&self) -> &'static [View] {
        views_of(self.id())
    }

    /// The instance in use (the last valid one), as its model's file.
    pub fn instance(&self) -> AnyInstance {
        self.screen().instance()
    }

    /// True when the editor holds text that does not make a valid instance.
    pub fn editor_has_errors(&self) -> bool {
        self.screen().editor_has_errors()
    }

    /// True when that text is unfinished rather than wrong ([`Screen::editor_unfinished`]).
    pub fn editor_unfinished(&self) -> bool {
        self.screen().editor_unfinished()
    }

    /// Drop the editor's unfinished text: it shows the instance in use again.
    pub fn reset_drafts(&mut self) {
        self.screen_mut().reset_drafts()
    }

    /// Put `inst` (valid) on screen without an undo step (undo, redo); results are rerun and
    /// the editor shows it. Another model's instance puts that model on screen.
    pub fn restore(&mut self, inst: AnyInstance) {
        if let Err(other) = self.screen_mut().restore(inst) {
            *self = ModelState::of(other);
        }
    }

    /// Replace the instance from outside the editor (gallery, import, generators), undoably;
    /// `inst` is valid and of this model (another model's is ignored).
    pub fn load(&mut self, inst: AnyInstance) -> Reply {
        self.screen_mut().load(inst)
    }

    /// What the view panel's size depends on besides the screen: the number of results and
    /// the selected one.
    pub fn results_shape(&self) -> (usize, Option<String>) {
        let r = self.screen().results();
        (r.len(), r.selected_key())
    }

    /// The caption over the views: the selected algorithm and its completion time.
    pub fn caption(&self) -> String {
        self.screen().results().caption()
    }

    /// Apply `action`; actions of another model are answered with a hint (keys) or ignored.
    pub fn apply(&mut self, action: ModelAction) -> Reply {
        let screen = self.screen_mut();
        match action {
            ModelAction::RunAll => screen.run_all(),
            ModelAction::SelectStep(d) => {
                screen.results_mut().step(d);
                Reply::default()
            }
            ModelAction::ImportPlan { name, text } => screen.import_plan(&name, &text),
            ModelAction::SelectEdited => {
                screen.results_mut().select_edited();
                Reply::default()
            }
            ModelAction::MoveNode { node, to } => screen.move_node(node, to),
            own => self.apply_own(own),
        }
    }

    /// The drawing of `view` of row `pick` (see [`Results::by_key`]; `None`: the selected
    /// row), if it has one, laid out as `look` says.
    pub fn scene(&self, pick: Option<&str>, view: View, look: &ViewLook) -> Option<Scene> {
        self.screen().scene(pick, view, look)
    }

    /// The completion time and the event times of row `pick` (`None`: the selected row),
    /// if it succeeded: what its replay steps through.
    pub fn replay(&self, pick: Option<&str>) -> Option<(f64, Vec<f64>)> {
        self.screen().replay(pick)
    }

    /// What moves in the tree of row `pick` when it is played.
    pub fn motion(&self, pick: Option<&str>) -> Option<Motion> {
        self.screen().motion(pick)
    }

    /// The typed steps of row `pick` and its algorithm's pseudo-code (none for an edited
    /// schedule).
    pub fn steps(&self, pick: Option<&str>) -> Option<(Vec<Step>, &'static [&'static str])> {
        self.screen().steps(pick)
    }

    /// The message whose tree the Tree view shows (many-message models).
    pub fn tree_message(&self) -> Option<usize> {
        self.screen().tree_message()
    }

    /// Undo the last hand edit of a tree: true when there was one.
    pub fn undo_edit(&mut self) -> bool {
        self.screen_mut().results_mut().undo_edit()
    }

    /// True when there is a hand edit of a tree to undo.
    pub fn has_tree_edit(&self) -> bool {
        self.screen().results().has_edit()
    }

    /// Every result that succeeded: key, name, T.
    pub fn succeeded(&self) -> Vec<(String, String, f64)> {
        self.screen().results().succeeded()
    }

    /// The key of the selected result.
    pub fn selected_key(&self) -> Option<String> {
        self.screen().results().selected_key()
    }

    /// How the model writes a time ("6", "14 µs").
    pub fn time_fmt(&self) -> fn(f64) -> String {
        self.screen().time_fmt()
    }

    /// The selected result's name in file names ("greedy", "random-seed7", "wrp"), "none"
    /// without one.
    pub fn export_key(&self) -> String {
        self.screen().export_key()
    }
}

/// The views of model `id`, in tab order.
pub fn views_of(id: ModelId) -> &'static [View] {
    hetcast_core::registry::views_of(id)
}

/// Text of a number as an editor shows it: the shortest form that reads back the same value.
pub fn num_text(x: f64) -> String {
    format!("{x}")
}

/// The message of the first error about `field` in an editor's list of field errors.
pub fn field_error<F: PartialEq>(errors: &[(F, String)], field: F) -> Option<&str> {
    errors
        .iter()
        .find(|(f, _)| *f == field)
        .map(|(_, m)| m.as_str())
}

/// What an editor keeps of `built`, its drafts parsed: the errors (`errors`, `general`; both
/// cleared when the drafts are valid) and, when valid, the instance to commit.
pub fn marked<I, F>(
    built: Result<I, DraftErrors<F>>,
    errors: &mut Vec<(F, String)>,
    general: &mut Option<String>,
) -> Option<I> {
    let (e, g) = match built {
        Ok(inst) => {
            errors.clear();
            *general = None;
            return Some(inst);
        }
        Err(eg) => eg,
    };
    *errors = e;
    *general = g;
    None
}

/// Errors of drafts that do not make a valid instance: by field, and for the whole instance.
pub type DraftErrors<F> = (Vec<(F, String)>, Option<String>);
