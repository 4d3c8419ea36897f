//! What the shell asks of the model on screen: one trait, [`Screen`], that each model's
//! state implements in its own folder. The shell (top bar, layout, view panel, player,
//! compare, exports, scenarios) knows a model only through it; [`super::ModelState`] holds
//! the model on screen and hands it out as a `&dyn Screen`.

use hetcast_core::layout::{Motion, Scene};
use hetcast_core::models::View;
use hetcast_core::trace::Step;
use hetcast_core::{AnyInstance, ModelId};
use yew::Html;

use super::{Reply, ResultsView};
use crate::components::StateHandle;
use crate::state::Notice;
use crate::views::ViewLook;

/// The model on screen, as the shell sees it.
pub trait Screen {
    /// Which model this is.
    fn id(&self) -> ModelId;
    /// The model's state as itself, for its own components ([`super::ModelState::get`]).
    fn as_any(&self) -> &dyn std::any::Any;
    /// True for a model that this module leaves out, on screen until the app with every model
    /// takes over (`models::on_demand`, [`crate::handover`]).
    fn on_demand(&self) -> bool {
        false
    }
    /// Its value in the model menu: its instance file's `model` tag ("node", "multi", ...).
    fn menu_value(&self) -> &'static str {
        self.id().json_tags()[0]
    }
    /// The instance in use (the last valid one), as its model's file.
    fn instance(&self) -> AnyInstance;
    /// True when the editor holds text that does not make a valid instance.
    fn editor_has_errors(&self) -> bool;
    /// True when that text is unfinished rather than wrong (a platform drawn with no target
    /// yet): the shell then says so without an error's colour.
    fn editor_unfinished(&self) -> bool {
        false
    }
    /// Drop the editor's unfinished text: it shows the instance in use again.
    fn reset_drafts(&mut self);
    /// Put `inst` on screen without an undo step (undo, redo): results are rerun and the
    /// editor shows it. Gives `inst` back when it is another model's.
    fn restore(&mut self, inst: AnyInstance) -> Result<(), AnyInstance>;
    /// Replace the instance from outside the editor (gallery, import, generators), undoably;
    /// another model's instance is ignored.
    fn load(&mut self, inst: AnyInstance) -> Reply;
    /// What a scenario keeps of the model's work ([`super::kept`]).
    fn keep(&self) -> super::kept::ModelScenario;
    /// Put back what a scenario kept (`m`, whose instance this state was made from): the
    /// runs again, the edited plan, the selection, the model's own fields. An error names
    /// what does not read.
    fn put_back(&mut self, m: &super::kept::ModelScenario) -> Result<(), String>;
    /// The model menu chose `tag` (one of its `model` tags) while it is on screen: a model of
    /// several variants (node, sender-receiver) converts its instance, without an undo step
    /// (the shell records one), and says what changed; `None` when nothing did.
    fn choose(&mut self, tag: &str) -> Option<String> {
        let _ = tag;
        None
    }
    /// Run every algorithm.
    fn run_all(&mut self) -> Reply;
    /// The action that runs the algorithm of key `key` (a link's `algo=`), if the model has
    /// one of that key.
    fn run_action(&self, key: &str) -> Option<super::ModelAction>;
    /// Time a plan read from a file: it becomes the edited row, or the simulator's message
    /// is said and nothing changes.
    fn import_plan(&mut self, name: &str, text: &str) -> Reply;
    /// Move `node` (with its subtree) in the selected schedule's tree, when the model draws
    /// schedules as trees.
    fn move_node(&mut self, node: usize, to: hetcast_core::models::Place) -> Reply {
        let _ = (node, to);
        Reply::say(Notice::error(
            "This model's drawing is not a tree of the schedule: nothing to move.",
        ))
    }
    /// The results list.
    fn results(&self) -> &dyn ResultsView;
    /// The results list, to change the selection.
    fn results_mut(&mut self) -> &mut dyn ResultsView;
    /// The drawing of `view` of row `pick` (`None`: the selected row), laid out as `look`
    /// says.
    fn scene(&self, pick: Option<&str>, view: View, look: &ViewLook) -> Option<Scene>;
    /// The completion time and the event times of row `pick`: what its replay steps through.
    fn replay(&self, pick: Option<&str>) -> Option<(f64, Vec<f64>)>;
    /// What moves in the tree of row `pick` when it is played.
    fn motion(&self, pick: Option<&str>) -> Option<Motion> {
        let _ = pick;
        None
    }
    /// The typed steps of row `pick` and its algorithm's pseudo-code.
    fn steps(&self, pick: Option<&str>) -> Option<(Vec<Step>, &'static [&'static str])>;
    /// The message whose tree the Tree view shows (many-message models).
    fn tree_message(&self) -> Option<usize> {
        None
    }
    /// How the model writes a time ("6", "14 µs").
    fn time_fmt(&self) -> fn(f64) -> String;
    /// The selected result's name in file names ("greedy", "wrp"), "none" without one.
    fn export_key(&self) -> String {
        self.results()
            .selected_key()
            .unwrap_or_else(|| "none".into())
    }

    /// The selected schedule as a Chrome Trace Event file titled `title`, when the model has
    /// that export.
    fn trace_events(&self, title: &str) -> Option<String> {
        let _ = title;
        None
    }
    /// The selected schedule's tree as Graphviz DOT titled `title`, when it is a tree.
    fn tree_dot(&self, title: &str) -> Option<String> {
        let _ = title;
        None
    }
    /// The rows of the results table's CSV: every successful run, then the edited row.
    fn result_rows(&self) -> Vec<hetcast_core::export::csv::ResultRow>;

    /// The instance editor (the side panel's first part).
    fn editor(&self, state: &StateHandle) -> Html;
    /// The generators under the editor.
    fn generators(&self, state: &StateHandle) -> Html;
    /// The bounds of the instance.
    fn bounds(&self) -> Html;
    /// The results table.
    fn results_table(&self, state: &StateHandle) -> Html;
    /// The algorithm bar's buttons, and what "Run all" runs (its tooltip).
    fn algorithm_buttons(&self, state: &StateHandle) -> (&'static str, Html);
    /// The view panel's content: a hint without a result, a failed run's error, else the
    /// `drawing` of `view` (when it draws one) or the model's own view.
    fn view_body(&self, view: View, drawing: Option<Html>) -> Html;
    /// What the model shows over the view panel (a message menu, the exchanges bar).
    fn view_extras(&self, state: &StateHandle) -> Html {
        let _ = state;
        Html::default()
    }
    /// More walks the player offers after its mode buttons, for one result (not compared).
    fn player_extras(&self, state: &StateHandle) -> Html {
        let _ = state;
        Html::default()
    }
    /// What it shows beside the pseudo-code while the selected result's steps are shown
    /// (the tables the Lemma 5 program fills).
    fn step_tables(&self) -> Option<crate::components::player::StepPanel> {
        None
    }
    /// Tests of the shell: answer the requests pending in the model's web workers with the
    /// worker's own code, natively; what is left to apply through the app's state is returned
    /// (none by default).
    #[cfg(test)]
    fn answer_workers(&mut self) -> Vec<super::ModelAction> {
        Vec::new()
    }
    /// The model's own deep-link keys for what it shows now (e.g. the step of a walk it shows:
    /// `exchange=K`), added to a share link after its payload; empty when none.
    fn link_keys(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// Open the model's own deep-link key `key` with `value` (`exchange=2`): `None` when the
    /// model has no such key, `Some(Err)` with the reason when it cannot use the value.
    fn open_link_key(&mut self, key: &str, value: &str) -> Option<Result<(), String>> {
        let _ = (key, value);
        None
    }
    /// The side panel is wider (a graph editor).
    fn wide_editor(&self) -> bool {
        false
    }
}

/// The part of a model's [`Screen`] that only forwards to its state's own methods and fields
/// (`instance`, `drafts`, `results`; `reset_drafts`, `restore`, `load`, `run_all`,
/// `import_plan`, `scene`, `replay`, `steps`; its `results` module's table and bounds panel):
/// written once here. `screen_basics!(State,
/// Variant, Algorithm, Action)` inside `impl Screen for State`, where `Variant` names the model
/// in `ModelId`, `AnyInstance` and `ModelAction`, and `Action::Run(Algorithm)` runs one.
#[macro_export]
macro_rules! screen_basics {
    ($state:ty, $variant:ident, $algo:ty, $action:ty) => {
        fn id(&self) -> hetcast_core::ModelId {
            hetcast_core::ModelId::$variant
        }
        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
        fn instance(&self) -> hetcast_core::AnyInstance {
            hetcast_core::AnyInstance::$variant((*self.instance).clone())
        }
        fn editor_has_errors(&self) -> bool {
            !self.drafts.is_valid()
        }
        fn reset_drafts(&mut self) {
            <$state>::reset_drafts(self)
        }
        fn restore(
            &mut self,
            inst: hetcast_core::AnyInstance,
        ) -> Result<(), hetcast_core::AnyInstance> {
            match inst {
                hetcast_core::AnyInstance::$variant(i) => {
                    <$state>::restore(self, i);
                    Ok(())
                }
                other => Err(other),
            }
        }
        fn load(&mut self, inst: hetcast_core::AnyInstance) -> $crate::models::Reply {
            match inst {
                hetcast_core::AnyInstance::$variant(i) => <$state>::load(self, i),
                _ => $crate::models::Reply::default(),
            }
        }
        fn run_all(&mut self) -> $crate::models::Reply {
            <$state>::run_all(self)
        }
        fn run_action(&self, key: &str) -> Option<$crate::models::ModelAction> {
            let algo = <$algo as hetcast_core::catalog::Catalog>::parse(key).ok()?;
            Some($crate::models::ModelAction::$variant(<$action>::Run(algo)))
        }
        fn import_plan(&mut self, name: &str, text: &str) -> $crate::models::Reply {
            <$state>::import_plan(self, name, text)
        }
        fn results(&self) -> &dyn $crate::models::ResultsView {
            &self.results
        }
        fn results_mut(&mut self) -> &mut dyn $crate::models::ResultsView {
            &mut self.results
        }
        fn scene(
            &self,
            pick: Option<&str>,
            view: hetcast_core::models::View,
            look: &$crate::views::ViewLook,
        ) -> Option<hetcast_core::layout::Scene> {
            <$state>::scene(self, pick, view, look)
        }
        fn replay(&self, pick: Option<&str>) -> Option<(f64, Vec<f64>)> {
            <$state>::replay(self, pick)
        }
        fn steps(
            &self,
            pick: Option<&str>,
        ) -> Option<(Vec<hetcast_core::trace::Step>, &'static [&'static str])> {
            <$state>::steps(self, pick)
        }
        // Each model's `results` module (its table and bounds panel).
        fn bounds(&self) -> yew::Html {
            super::results::bounds_panel(self)
        }
        fn results_table(&self, state: &$crate::components::StateHandle) -> yew::Html {
            super::results::results_table(state, self)
        }
    };
}
