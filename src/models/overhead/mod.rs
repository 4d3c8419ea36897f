//! The node model and the sender-receiver model (one source, one message) in the app: the
//! state on screen ([`OverheadState`]), its actions ([`OverheadAction`]) and their reducer, the
//! runs of its algorithms ([`RunRow`]); the editor, generators, results and views are in the
//! submodules.

pub mod dp_table;
pub mod drafts;
pub mod editor;
pub mod generators;
pub mod plan_edit;
pub mod results;
mod row;
pub mod runner;
mod screen;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
pub mod views;

use std::rc::Rc;

use hetcast_core::catalog::Catalog;
use hetcast_core::models::overhead::algo::exchanges::{exchanges, Exchange};
use hetcast_core::models::overhead::algo::Algorithm;
use hetcast_core::models::overhead::bounds::{self, BoundsReport};
use hetcast_core::models::overhead::{Instance, ModelKind, APP_MAX_NODES};
use hetcast_core::AnyInstance;

use self::drafts::{Drafts, NodeField};
pub use self::row::{RunOk, RunRow};
pub use self::runner::{row_of, run_one};
use crate::models::{marked, Reply, Results};
use crate::state::Notice;

/// The deep-link key that opens the exchanges walk at an exchange: `#example=lh-fig1&algo=greedy&exchange=2`.
pub const EXCHANGE_KEY: &str = "exchange";

/// The keys of the one-source models, as (key, meaning) for the help.
pub const KEYS: &[(&str, &str)] = &[
    ("g", "run greedy / FNF (one-source models)"),
    ("o", "run the optimum (one-source models)"),
];

/// The action of key `key`, if it is one of [`KEYS`].
pub fn key_action(key: &str) -> Option<OverheadAction> {
    match key {
        "g" => Some(OverheadAction::Run(Algorithm::Greedy)),
        "o" => Some(OverheadAction::Run(Algorithm::Optimal)),
        _ => None,
    }
}

/// The model on screen, as the shell's list of models ([`crate::models::ModelState`]) names it.
pub type State = OverheadState;
/// What can be done to it, as the shell's list of models names it.
pub type Action = OverheadAction;

/// What can be done to a one-source instance and its results.
#[derive(Clone, Debug, PartialEq)]
pub enum OverheadAction {
    /// Convert the instance to the node or the sender-receiver model.
    SetKind(ModelKind),
    /// Edit a field of a node row.
    EditNode {
        /// Row.
        node: usize,
        /// Field.
        field: NodeField,
        /// New text.
        text: String,
    },
    /// Edit the latency.
    EditLatency(String),
    /// Make node `0` the source.
    SetSource(usize),
    /// Append a node (a copy of the last row's costs).
    AddNode,
    /// Remove a node row.
    RemoveNode(usize),
    /// Run one algorithm.
    Run(Algorithm),
    /// Edit the random-selection seed.
    SetSeed(String),
    /// Select a result row.
    Select(Algorithm),
    /// The exchanges of 000's Lemmas 2 and 6 from the selected schedule: start (`0`), go a
    /// step forward or back (`+1`, `-1`).
    Exchange(i32),
    /// Leave the exchanges.
    StopExchanges,
    /// Stop the runs in the web worker.
    Cancel,
    /// A message of the web worker about request `index` of run `job`.
    Worker {
        /// The run.
        job: u32,
        /// Which of its pending algorithms.
        index: usize,
        /// What the worker said.
        message: hetcast_worker::Message,
    },
}

impl OverheadAction {
    /// The text field the action types into, as a key (`None` when it is not typing).
    pub fn edit_key(&self) -> Option<String> {
        Some(match self {
            OverheadAction::EditNode { node, field, .. } => format!("node {node} {field:?}"),
            OverheadAction::EditLatency(_) => "latency".into(),
            _ => return None,
        })
    }
}

/// The answer to a one-source action while the many-source model is on screen: a run key
/// says what to press instead; other actions do nothing.
pub fn elsewhere(action: &OverheadAction) -> Reply {
    match action {
        OverheadAction::Run(a) => Reply::say(Notice::info(format!(
            "{} runs in the one-source models; in the many-source model press w (WRP) or r (FEF, ECF, WR and WRP).",
            a.title()
        ))),
        _ => Reply::default(),
    }
}

/// The one-source model on screen: its instance, editor text, bounds and results.
#[derive(Clone, Debug, PartialEq)]
pub struct OverheadState {
    /// The last valid instance: what the algorithms run on.
    pub instance: Rc<Instance>,
    /// Bounds of `instance`.
    pub bounds: Rc<BoundsReport>,
    /// The editor's text.
    pub drafts: Drafts,
    /// Results on `instance`, in [`Algorithm`] list order, and the selected one.
    pub results: Results<RunRow>,
    /// Seed text of random selection.
    pub seed_text: String,
    /// Error of the seed text.
    pub seed_error: Option<String>,
    /// The exchanges walked through (Lemmas 2 and 6) and the step shown, whose plan is the
    /// edited row.
    pub exchanges: Option<(Rc<Vec<Exchange>>, usize)>,
    /// The result the exchanges walk started from (`None`: the edited row, or no walk).
    pub exchanges_from: Option<Algorithm>,
    /// The number of the latest run in the web worker ([`runner`]).
    pub job: u32,
    /// The algorithms of run `job` (with their seeds), in request order.
    pub pending: Vec<(Algorithm, u64)>,
    /// Those of `pending` that have answered.
    pub answered: Vec<Algorithm>,
    /// The algorithm to select once its row comes from the worker.
    pub follow: Option<Algorithm>,
}

impl OverheadState {
    /// A fresh state showing `instance` (which must be valid).
    pub fn new(instance: Instance) -> OverheadState {
        OverheadState {
            bounds: Rc::new(bounds::report(&instance)),
            drafts: Drafts::from_instance(&instance),
            instance: Rc::new(instance),
            results: Results::default(),
            seed_text: "1".into(),
            seed_error: None,
            exchanges: None,
            exchanges_from: None,
            job: 0,
            pending: Vec::new(),
            answered: Vec::new(),
            follow: None,
        }
    }

    /// The best completion time among successful exact runs.
    pub fn optimum(&self) -> Option<f64> {
        self.results
            .rows
            .iter()
            .filter(|r| r.algo.is_exact())
            .filter_map(RunRow::time)
            .reduce(f64::min)
    }

    /// The editor shows the instance in use again.
    pub fn reset_drafts(&mut self) {
        self.drafts = Drafts::from_instance(&self.instance);
    }

    /// Put `inst` on screen without an undo step; results rerun, editor reset.
    pub fn restore(&mut self, inst: Instance) {
        self.set_instance(inst);
        self.reset_drafts();
    }

    /// Replace the instance from outside the editor (gallery, import, generators).
    pub fn load(&mut self, inst: Instance) -> Reply {
        let reply = self.commit(inst);
        self.reset_drafts();
        reply
    }

    /// Run every algorithm (random selection only with a valid seed); one past its size limit
    /// ([`Algorithm::refusal`]) is skipped, and said so.
    pub fn run_all(&mut self) -> Reply {
        let mut reply = Reply::default();
        let mut skipped = Vec::new();
        let mut later = Vec::new();
        for a in Algorithm::ALL.iter().copied() {
            if let Some(e) = a.refusal(&self.instance) {
                skipped.push((a.name_in(self.instance.model), e));
                continue;
            }
            match self.run_checked(a) {
                Ok(Some(row)) => self.results.put(row),
                Ok(None) => later.push((a, 0)),
                Err(n) => reply.notice = Some(n),
            }
        }
        self.run_in_worker(later);
        if self.results.selected_row().is_none() {
            self.results.selected = self.results.rows.first().map(|r| r.algo);
        }
        reply.notice = reply.notice.or(crate::models::skipped_notice(&skipped));
        reply
    }

    /// Apply `action`.
    pub fn apply(&mut self, action: OverheadAction) -> Reply {
        match action {
            OverheadAction::SetKind(model) => {
                if model == self.instance.model {
                    return Reply::default();
                }
                let mut reply = self.load(convert_model(&self.instance, model));
                reply.notice = Some(Notice::info(converted_to(model)));
                reply
            }
            OverheadAction::EditNode { node, field, text } => {
                if self.drafts.set(node, field, text) {
                    return self.try_commit();
                }
                Reply::default()
            }
            OverheadAction::EditLatency(text) => {
                self.drafts.latency = text;
                self.try_commit()
            }
            OverheadAction::SetSource(v) => {
                if v < self.drafts.nodes.len() {
                    self.drafts.source = v;
                    return self.try_commit();
                }
                Reply::default()
            }
            OverheadAction::AddNode => {
                if self.drafts.nodes.len() >= APP_MAX_NODES {
                    return Reply::say(Notice::error(format!(
                        "The editor holds at most {APP_MAX_NODES} nodes."
                    )));
                }
                let mut d = self.drafts.nodes.last().cloned().unwrap_or_default();
                d.name.clear();
                self.drafts.nodes.push(d);
                self.try_commit()
            }
            OverheadAction::RemoveNode(v) => {
                let d = &mut self.drafts;
                if v < d.nodes.len() && v != d.source {
                    d.nodes.remove(v);
                    d.errors.clear();
                    if d.source > v {
                        d.source -= 1;
                    }
                    return self.try_commit();
                }
                Reply::default()
            }
            OverheadAction::Run(a) => match self.run_checked(a) {
                Ok(Some(row)) => {
                    self.results.put(row);
                    self.results.select(a);
                    self.follow = None;
                    Reply::default()
                }
                Ok(None) => {
                    self.run_in_worker([(a, 0)]);
                    self.follow = Some(a);
                    Reply::default()
                }
                Err(n) => Reply::say(n),
            },
            OverheadAction::Cancel => Reply::cancelled(self.cancel()),
            OverheadAction::Worker {
                job,
                index,
                message,
            } => {
                self.on_worker(job, index, message);
                Reply::default()
            }
            OverheadAction::SetSeed(text) => {
                self.seed_error = match text.trim().parse::<u64>() {
                    Ok(_) => None,
                    Err(_) => Some(format!(
                        "'{}' is not a whole number from 0 to {}",
                        text.trim(),
                        u64::MAX
                    )),
                };
                self.seed_text = text;
                Reply::default()
            }
            OverheadAction::Exchange(d) => self.exchange(d),
            OverheadAction::StopExchanges => {
                self.exchanges = None;
                self.exchanges_from = None;
                Reply::default()
            }
            OverheadAction::Select(a) => {
                self.results.select(a);
                self.follow = None;
                Reply::default()
            }
        }
    }

    /// Run `a` unless random selection's seed is invalid (then say so); `None` for an
    /// algorithm of the web worker ([`runner::in_worker`]), which the caller starts there.
    fn run_checked(&self, a: Algorithm) -> Result<Option<RunRow>, Notice> {
        if runner::in_worker(a) {
            return Ok(None);
        }
        let seed = if a == Algorithm::Random {
            self.seed_text
                .trim()
                .parse()
                .map_err(|_| Notice::error("Random selection needs a whole-number seed."))?
        } else {
            0
        };
        Ok(Some(run_one(&self.instance, a, seed)))
    }

    /// Commit the drafts when they are valid; otherwise record their errors.
    fn try_commit(&mut self) -> Reply {
        let d = &mut self.drafts;
        match marked(d.build(self.instance.model), &mut d.errors, &mut d.general) {
            Some(inst) => self.commit(inst),
            None => Reply::default(),
        }
    }

    /// Make `inst` (valid) the instance; the reply carries the one it replaces.
    fn commit(&mut self, inst: Instance) -> Reply {
        if inst == *self.instance {
            return Reply::default();
        }
        let before = AnyInstance::Overhead((*self.instance).clone());
        self.set_instance(inst);
        Reply::replaced(before)
    }

    /// Replace the instance and recompute bounds and every result shown.
    fn set_instance(&mut self, inst: Instance) {
        self.bounds = Rc::new(bounds::report(&inst));
        self.instance = Rc::new(inst);
        let again = self.take_worker_rows();
        let inst = &self.instance;
        self.results.rerun(|r| run_one(inst, r.algo, r.seed));
        self.run_in_worker(again);
        self.exchanges = None;
        self.exchanges_from = None;
    }

    /// Start the exchanges from the selected schedule (`d == 0`) or step through them.
    fn exchange(&mut self, d: i32) -> Reply {
        if d == 0 || self.exchanges.is_none() {
            let Some(Ok(ok)) = self.results.selected_row().map(|r| &r.outcome) else {
                return Reply::say(Notice::error(
                    "Select a result to walk through the exchanges of its schedule.",
                ));
            };
            let from = (!self.results.edited_selected)
                .then_some(self.results.selected)
                .flatten();
            match exchanges(&self.instance, &ok.solution.plan) {
                Ok(steps) if !steps.is_empty() => {
                    self.exchanges = Some((Rc::new(steps), 0));
                    self.exchanges_from = from;
                }
                Ok(_) => return Reply::default(),
                Err(e) => return Reply::say(Notice::error(format!("No exchanges: {e}"))),
            }
        } else if let Some((steps, i)) = &mut self.exchanges {
            *i = i.saturating_add_signed(d as isize).min(steps.len() - 1);
        }
        let Some((steps, i)) = &self.exchanges else {
            return Reply::default();
        };
        match plan_edit::overhead_row(&self.instance, steps[*i].plan.clone()) {
            Ok(row) => {
                self.results.edited = Some(row);
                self.results.select_edited();
                Reply::default()
            }
            Err(e) => Reply::say(Notice::error(e)),
        }
    }

    /// Open the exchanges walk from the selected result at exchange `text` (a link's
    /// `exchange=K`, [`EXCHANGE_KEY`]); `Err` says why not (the walk, when it opened, stays at
    /// exchange 0).
    pub fn open_exchange(&mut self, text: &str) -> Result<(), String> {
        let k: usize = text.trim().parse().map_err(|_| {
            format!("{EXCHANGE_KEY} = '{text}' is not an exchange (a whole number ≥ 0)")
        })?;
        let said = |r: Reply| r.notice.map_or(Ok(()), |n| Err(n.text));
        said(self.exchange(0))?;
        let Some((steps, _)) = &self.exchanges else {
            return Err("the selected schedule has no exchanges".into());
        };
        let last = steps.len() - 1;
        if k > last {
            return Err(format!(
                "{EXCHANGE_KEY} = {k}: this walk has exchanges 0 to {last}; it opened at 0"
            ));
        }
        said(self.exchange(k as i32))
    }

    /// The link keys of what is on screen: the exchanges walk's step (`exchange=K`) when it
    /// started from a result of the table (a link cannot name the edited row).
    pub fn link_keys(&self) -> Vec<(&'static str, String)> {
        match (&self.exchanges, self.exchanges_from) {
            (Some((_, i)), Some(_)) => vec![(EXCHANGE_KEY, i.to_string())],
            _ => Vec::new(),
        }
    }

    /// The selected result in file names: its key, and the seed of random selection.
    pub fn export_key(&self) -> String {
        self.results
            .selected_row()
            .map(|r| match r.algo {
                _ if r.edited => "edited".to_string(),
                Algorithm::Random => format!("{}-seed{}", r.algo.key(), r.seed),
                a => a.key().to_string(),
            })
            .unwrap_or_else(|| "none".into())
    }
}

/// The notice when the model menu brings the model on screen (see [`crate::models::welcome`]).
pub fn welcome(inst: &Instance, first: bool) -> String {
    let title = model_title(inst.model);
    if first {
        format!("One-source {title} model (Libeskind-Hadas et al., Liu et al.): the first gallery example. Press r to run every algorithm.")
    } else {
        format!(
            "{title} model: back to the last one-message instance ({} nodes).",
            inst.len()
        )
    }
}

/// What the model makes of another model's instance the first time it is chosen
/// ([`crate::models::adopt`]): nothing, it opens its first example.
pub fn adopt(_from: &AnyInstance) -> Option<(AnyInstance, String)> {
    None
}

/// What a loaded instance is, for the notice ("12 nodes, node model"), or why it is refused.
pub fn describe(inst: &Instance) -> Result<String, String> {
    inst.validate().map_err(|e| e.to_string())?;
    if let Some(why) = hetcast_core::models::overhead::app_refusal(inst) {
        return Err(why);
    }
    Ok(format!(
        "{} nodes, {} model",
        inst.len(),
        model_title(inst.model)
    ))
}

/// `inst` in `model`: receive times and latency dropped for the node model; receive time =
/// send time and latency 0 for the sender-receiver model. Unchanged when already in `model`.
pub fn convert_model(inst: &Instance, model: ModelKind) -> Instance {
    let mut inst = inst.clone();
    if inst.model == model {
        return inst;
    }
    inst.model = model;
    inst.latency = 0.0;
    for n in &mut inst.nodes {
        n.recv = match model {
            ModelKind::Node => 0.0,
            ModelKind::SenderReceiver => n.send,
        };
    }
    inst
}

/// Name of a model as shown on screen.
pub fn model_title(m: ModelKind) -> &'static str {
    match m {
        ModelKind::Node => "node",
        ModelKind::SenderReceiver => "sender-receiver",
    }
}

/// What the notice says when an instance is converted to model `kind`.
pub fn converted_to(kind: ModelKind) -> &'static str {
    match kind {
        ModelKind::Node => {
            "Node model: each cost is the former send time; receive times and latency dropped."
        }
        ModelKind::SenderReceiver => {
            "Sender-receiver model: receive time = send time, latency 0. Edit them in the table."
        }
    }
}

/// The instance shown on a first visit: the first gallery example.
pub fn default_instance() -> Instance {
    hetcast_core::models::overhead::gallery::examples()
        .first()
        .map(|e| (e.build)())
        .unwrap_or_else(|| Instance::node_model(0, &[1.0, 1.0]))
}
