//! The messages between the page and the worker, and their encoding (JSON text).

use crate::charts::Chart;
use crate::explore::AnyFamily;
use hetcast_core::explore::{Record, Search};
use hetcast_core::models::multi::experiment::WuSpec;
use hetcast_core::models::multi::{MultiAlgorithm, MultiSolution};
use hetcast_core::models::multimessage::experiment::{Row as GonzalezRow, Spec as GonzalezSpec};
use hetcast_core::models::multimessage::{MmAlgorithm, MmSolution};
use hetcast_core::models::overhead::algo::{Algorithm as OverheadAlgorithm, Solution};
use hetcast_core::models::overhead::experiment::{LiuFig6Row, LiuFig6Spec};
use hetcast_core::models::platform::experiment::Fig11Spec;
use hetcast_core::models::platform::generate::TargetSpread;
use hetcast_core::models::platform::{PlatformAlgorithm, PlatformSolution};
use serde::{Deserialize, Serialize};

/// About how many progress messages a job sends (one per step of `total / PROGRESS_STEPS`).
pub const PROGRESS_STEPS: u64 = 200;

/// What the page asks: job `id` (echoed in every answer, so that late answers of an older job
/// are recognised).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// The page's number of this job.
    pub id: u32,
    /// What to do.
    pub job: Job,
}

/// One job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Job {
    /// Rows of Liu et al. Figure 6 (`liu_fig6_row` for every n of the spec's range).
    LiuFig6 {
        /// The settings (a part of the range when the page splits the work).
        spec: LiuFig6Spec,
    },
    /// Work items `from..to` of Wu et al. Figure 3 or 4 (`wu_item`: the times of one run),
    /// which the page turns into rows (`wu_rows`) once it has them all.
    WuItems {
        /// The settings of the whole figure.
        spec: WuSpec,
        /// First item.
        from: usize,
        /// Past the last item.
        to: usize,
    },
    /// Part `part[0]` of `part[1]` (from 0) of the explorer of any model
    /// ([`crate::explore::search_part`]): the members `i` with `i mod part[1] = part[0]`, then
    /// the part's climbs.
    Explore {
        /// The model's family.
        family: AnyFamily,
        /// How it is searched.
        search: Search,
        /// `[k, n]`: part `k` of `n`.
        part: [u64; 2],
    },
    /// Platform `item` of Beaumont et al. Figure 11 (`platform_ratios` on the `item`-th of
    /// `fig11_platforms`): the heuristics' periods over the two bounds. One platform per job
    /// (a 65-node platform takes seconds), so that the workers share the run evenly.
    Fig11 {
        /// The settings of the whole figure.
        settings: Fig11Settings,
        /// The platform.
        item: usize,
    },
    /// Instances `from..to` of Gonzalez's random experiment (`row` on each of `jobs(spec)`).
    Gonzalez {
        /// The settings of the whole experiment.
        spec: GonzalezSpec,
        /// First instance.
        from: usize,
        /// Past the last instance.
        to: usize,
    },
    /// Charts of a finished experiment, drawn with `hetcast-charts` (the page does not link
    /// plotters).
    Charts {
        /// What to draw, in order.
        charts: Vec<Chart>,
    },
    /// One algorithm of the platform model (paper 002) on one platform: the app runs every
    /// platform LP here (the page does not link the LP solver).
    Platform {
        /// The platform as its JSON file (`docs/formats.md`).
        instance: String,
        /// The algorithm.
        algo: PlatformAlgorithm,
    },
    /// One algorithm of the one-source models (papers 000 and 004) on one instance: the app
    /// runs the exact optimum (the frontier program) here, so that a long one never freezes
    /// the page and the page's wasm does not link it.
    Overhead {
        /// The instance as its JSON file (`docs/formats.md`).
        instance: String,
        /// The algorithm.
        algo: OverheadAlgorithm,
        /// The seed (random selection only).
        seed: u64,
    },
    /// One algorithm of the many-source model (paper 001) on one instance: the app runs its
    /// algorithms here, so that the page's wasm does not link them.
    Multi {
        /// The instance as its JSON file (`docs/formats.md`).
        instance: String,
        /// The algorithm.
        algo: MultiAlgorithm,
    },
    /// One algorithm of the multimessage model (paper 003) on one instance: the app runs its
    /// algorithms here, so that the page's wasm does not link them.
    Multimessage {
        /// The instance as its JSON file (`docs/formats.md`).
        instance: String,
        /// The algorithm.
        algo: MmAlgorithm,
    },
}

/// What the worker says, as `{"platform_solved": {...}}` (`"ready"` for [`Message::Ready`]):
/// serde's externally tagged form, the variant's name first and its fields in it, so that
/// reading a message never buffers it whole before reading it again (serde does that for an
/// internally tagged enum, which was half the time the page took to read a 65-node platform's
/// answer, and for an adjacently tagged one whose content comes before its tag, which doubled
/// the page's code for reading messages).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Message {
    /// The worker listens (requests posted before this may be lost: the page waits for it).
    Ready,
    /// `done` of `total` work items of job `id`.
    Progress {
        /// The job.
        id: u32,
        /// Items done.
        done: u64,
        /// Items in all.
        total: u64,
    },
    /// The rows of a [`Job::LiuFig6`].
    LiuFig6 {
        /// The job.
        id: u32,
        /// One per n, increasing.
        rows: Vec<LiuFig6Row>,
    },
    /// The times of a [`Job::WuItems`]: FEF, ECF, WR, WRP and the lower bound, per item.
    WuTimes {
        /// The job.
        id: u32,
        /// One per item, in order.
        times: Vec<[f64; 5]>,
    },
    /// What a [`Job::Fig11`] found: the platform's number of targets and, per heuristic of
    /// Figure 11, its period over Multicast-LB's and over Multicast-UB's.
    Fig11Platform {
        /// The job.
        id: u32,
        /// Targets of the platform.
        targets: usize,
        /// `(over LB, over scatter)` per heuristic, in the figure's legend order.
        ratios: Vec<(f64, f64)>,
    },
    /// The rows of a [`Job::Gonzalez`], one per instance, in order.
    GonzalezRows {
        /// The job.
        id: u32,
        /// The rows.
        rows: Vec<GonzalezRow>,
    },
    /// What a [`Job::Explore`] found: per comparison, its record.
    Explored {
        /// The job.
        id: u32,
        /// In the order of the family's comparisons.
        records: Vec<Record>,
    },
    /// What a [`Job::Platform`] found: the algorithm's loads, kept nodes, sources and steps
    /// (the page builds and checks the periodic schedule from them).
    PlatformSolved {
        /// The job.
        id: u32,
        /// The solution.
        solution: Box<PlatformSolution>,
    },
    /// What a [`Job::Overhead`] found: the plan and the algorithm's steps (the page simulates
    /// the plan and checks its properties).
    OverheadSolved {
        /// The job.
        id: u32,
        /// The solution.
        solution: Box<Solution>,
    },
    /// What a [`Job::Multi`] found: the task lists and the algorithm's steps (the page
    /// simulates the task lists).
    MultiSolved {
        /// The job.
        id: u32,
        /// The solution.
        solution: Box<MultiSolution>,
    },
    /// What a [`Job::Multimessage`] found: the schedule and the algorithm's steps (the page
    /// checks the schedule).
    MultimessageSolved {
        /// The job.
        id: u32,
        /// The solution.
        solution: Box<MmSolution>,
    },
    /// The SVG text of each chart of a [`Job::Charts`], in order.
    Charts {
        /// The job.
        id: u32,
        /// One per chart.
        svgs: Vec<String>,
    },
    /// The job failed (bad settings, an algorithm's error), or the request could not be read.
    Failed {
        /// The job (0 when the request could not be read).
        id: u32,
        /// Why.
        error: String,
    },
}

impl Message {
    /// The job the message is about (`None` for [`Message::Ready`]).
    pub fn id(&self) -> Option<u32> {
        match self {
            Message::Ready => None,
            Message::Progress { id, .. }
            | Message::LiuFig6 { id, .. }
            | Message::WuTimes { id, .. }
            | Message::Explored { id, .. }
            | Message::Fig11Platform { id, .. }
            | Message::GonzalezRows { id, .. }
            | Message::PlatformSolved { id, .. }
            | Message::OverheadSolved { id, .. }
            | Message::MultiSolved { id, .. }
            | Message::MultimessageSolved { id, .. }
            | Message::Charts { id, .. }
            | Message::Failed { id, .. } => Some(*id),
        }
    }
}

/// Figure 11's settings ([`Fig11Spec`] with serde): the sizes by name ("small", "big") and
/// the targets' spread by its key ("uniform", "per-lan").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fig11Settings {
    /// Platforms per (size, density).
    pub platforms: usize,
    /// Target densities among the LAN nodes.
    pub densities: Vec<f64>,
    /// First seed.
    pub seed: u64,
    /// Whether the 65-node platforms run too (the 30-node ones always run).
    pub big: bool,
    /// One target per LAN first (otherwise uniformly among the LAN nodes).
    pub per_lan: bool,
}

impl Fig11Settings {
    /// The core's spec.
    pub fn spec(&self) -> Fig11Spec {
        Fig11Spec {
            platforms: self.platforms,
            densities: self.densities.clone(),
            seed: self.seed,
            sizes: if self.big {
                vec!["small", "big"]
            } else {
                vec!["small"]
            },
            targets: if self.per_lan {
                TargetSpread::PerLan
            } else {
                TargetSpread::Uniform
            },
        }
    }
}

/// A request as the text posted to the worker.
pub fn encode_request(r: &Request) -> String {
    serde_json::to_string(r).unwrap_or_default()
}

/// A model's job ([`Job::Platform`], [`Job::Overhead`]) written as [`Job`] writes it.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum ModelJob<'a> {
    Platform {
        instance: &'a str,
        algo: PlatformAlgorithm,
    },
    Overhead {
        instance: &'a str,
        algo: OverheadAlgorithm,
        seed: u64,
    },
    Multi {
        instance: &'a str,
        algo: MultiAlgorithm,
    },
    Multimessage {
        instance: &'a str,
        algo: MmAlgorithm,
    },
}

/// A [`Request`] of a model's job, written as [`Request`] writes it.
#[derive(Serialize)]
struct ModelRequest<'a> {
    id: u32,
    job: ModelJob<'a>,
}

/// A request of a model ([`Job::Platform`], [`Job::Overhead`], [`Job::Multi`], [`Job::Multimessage`]) as the text posted to the
/// worker: the same text as [`encode_request`], without linking the writers of the
/// experiments' jobs (the app's main module writes its requests with this alone). Any other
/// job is written as a job the worker does not know, which it answers with a
/// [`Message::Failed`] about the request's id.
pub fn encode_model_request(r: &Request) -> String {
    let job = match &r.job {
        Job::Platform { instance, algo } => ModelJob::Platform {
            instance,
            algo: *algo,
        },
        Job::Overhead {
            instance,
            algo,
            seed,
        } => ModelJob::Overhead {
            instance,
            algo: *algo,
            seed: *seed,
        },
        Job::Multi { instance, algo } => ModelJob::Multi {
            instance,
            algo: *algo,
        },
        Job::Multimessage { instance, algo } => ModelJob::Multimessage {
            instance,
            algo: *algo,
        },
        _ => {
            return format!(
                "{{\"id\":{},\"job\":{{\"kind\":\"not_a_model_job\"}}}}",
                r.id
            )
        }
    };
    serde_json::to_string(&ModelRequest { id: r.id, job }).unwrap_or_default()
}

/// A request from the text the worker received.
pub fn decode_request(text: &str) -> Result<Request, String> {
    serde_json::from_str(text).map_err(|e| format!("unreadable request: {e}"))
}

/// The job id of a request that [`decode_request`] cannot read (0 if it has none), so that the
/// page hears of the failure: it ignores answers about other jobs.
pub fn request_id(text: &str) -> u32 {
    #[derive(Deserialize)]
    struct Id {
        id: u32,
    }
    serde_json::from_str::<Id>(text).map_or(0, |r| r.id)
}

/// A message as the text posted to the page.
pub fn encode_message(m: &Message) -> String {
    serde_json::to_string(m).unwrap_or_default()
}

/// A message from the text the page received.
pub fn decode_message(text: &str) -> Result<Message, String> {
    serde_json::from_str(text).map_err(|e| format!("unreadable message from the worker: {e}"))
}

/// A model's solution in the worker's answer to its job, as a module reads it: the model's
/// own solution type, or [`NotRead`] for a model whose answers the module leaves unread.
pub trait Solved: serde::de::DeserializeOwned {
    /// The message of the answer to job `id`.
    fn message(self, id: u32) -> Message;
}

/// The solution of a model whose answers a module does not read: reading one is an error
/// ("a model's answer that this module does not read"), so the module does not link that
/// model's readers. The page's module leaves out some models (the app's feature
/// `all-models`), never asks for their runs, and reads their answers with this.
#[derive(Debug)]
pub enum NotRead {}

impl<'de> Deserialize<'de> for NotRead {
    fn deserialize<D: serde::Deserializer<'de>>(_: D) -> Result<NotRead, D::Error> {
        Err(serde::de::Error::custom(
            "a model's answer that this module does not read",
        ))
    }
}

impl Solved for NotRead {
    fn message(self, _: u32) -> Message {
        match self {}
    }
}

impl Solved for Box<Solution> {
    fn message(self, id: u32) -> Message {
        Message::OverheadSolved { id, solution: self }
    }
}

impl Solved for Box<MultiSolution> {
    fn message(self, id: u32) -> Message {
        Message::MultiSolved { id, solution: self }
    }
}

impl Solved for Box<MmSolution> {
    fn message(self, id: u32) -> Message {
        Message::MultimessageSolved { id, solution: self }
    }
}

impl Solved for Box<PlatformSolution> {
    fn message(self, id: u32) -> Message {
        Message::PlatformSolved { id, solution: self }
    }
}

/// Which models' answers a module reads ([`decode_answers`]): each associated type, named as
/// the model's [`hetcast_core::ModelId`] variant, is that model's solution ([`EveryModel`]'s)
/// or [`NotRead`].
pub trait Answers {
    /// The node and sender-receiver models' solution ([`Job::Overhead`]).
    type Overhead: Solved;
    /// The many-source model's ([`Job::Multi`]).
    type Multi: Solved;
    /// The multimessage model's ([`Job::Multimessage`]).
    type Multimessage: Solved;
    /// The platform model's ([`Job::Platform`]).
    type Platform: Solved;
}

/// Every model's answers read ([`decode_model_message`]).
pub struct EveryModel;

impl Answers for EveryModel {
    type Overhead = Box<Solution>;
    type Multi = Box<MultiSolution>;
    type Multimessage = Box<MmSolution>;
    type Platform = Box<PlatformSolution>;
}

/// The answers to a model's jobs ([`Job::Platform`], [`Job::Overhead`], [`Job::Multi`],
/// [`Job::Multimessage`]): the variants of [`Message`] that the app's modules read, written
/// the same way (the variant's name first), so that they do not link the readers of the
/// experiments' rows, records and charts (those are read by the Experiments page's own
/// module, with [`decode_experiment_message`]), nor those of the models whose answers they
/// leave unread ([`NotRead`]).
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum ModelMessage<O, M, MM, P> {
    Ready,
    Progress { id: u32, done: u64, total: u64 },
    PlatformSolved { id: u32, solution: P },
    OverheadSolved { id: u32, solution: O },
    MultiSolved { id: u32, solution: M },
    MultimessageSolved { id: u32, solution: MM },
    Failed { id: u32, error: String },
}

/// A message from the text the page received about a model's job ([`Job::Platform`],
/// [`Job::Overhead`], [`Job::Multi`], [`Job::Multimessage`]), as [`decode_message`] reads it;
/// any other kind of message is an error, and so is the answer of a model that `A` leaves
/// unread ([`NotRead`]). The app's modules read their workers' messages with this alone: the
/// app with every model with [`EveryModel`] ([`decode_model_message`]), the page's module with
/// the models it holds.
pub fn decode_answers<A: Answers>(text: &str) -> Result<Message, String> {
    let m: ModelMessage<A::Overhead, A::Multi, A::Multimessage, A::Platform> =
        serde_json::from_str(text)
            .map_err(|e| format!("unreadable message from the worker: {e}"))?;
    Ok(match m {
        ModelMessage::Ready => Message::Ready,
        ModelMessage::Progress { id, done, total } => Message::Progress { id, done, total },
        ModelMessage::PlatformSolved { id, solution } => solution.message(id),
        ModelMessage::OverheadSolved { id, solution } => solution.message(id),
        ModelMessage::MultiSolved { id, solution } => solution.message(id),
        ModelMessage::MultimessageSolved { id, solution } => solution.message(id),
        ModelMessage::Failed { id, error } => Message::Failed { id, error },
    })
}

/// A message from the text the page received about a model's job, every model's answer read
/// ([`decode_answers`] with [`EveryModel`]).
pub fn decode_model_message(text: &str) -> Result<Message, String> {
    decode_answers::<EveryModel>(text)
}

/// The answers to the experiments' jobs ([`Job::LiuFig6`], [`Job::WuItems`], [`Job::Fig11`],
/// [`Job::Gonzalez`], [`Job::Explore`], [`Job::Charts`]): the variants of [`Message`] that the
/// Experiments page's module reads, written the same way, so that it does not link the
/// readers of the models' solutions and their steps (those are read by the app's main module,
/// with [`decode_model_message`]).
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum ExperimentMessage {
    Ready,
    Progress {
        id: u32,
        done: u64,
        total: u64,
    },
    LiuFig6 {
        id: u32,
        rows: Vec<LiuFig6Row>,
    },
    WuTimes {
        id: u32,
        times: Vec<[f64; 5]>,
    },
    Fig11Platform {
        id: u32,
        targets: usize,
        ratios: Vec<(f64, f64)>,
    },
    GonzalezRows {
        id: u32,
        rows: Vec<GonzalezRow>,
    },
    Explored {
        id: u32,
        records: Vec<Record>,
    },
    Charts {
        id: u32,
        svgs: Vec<String>,
    },
    Failed {
        id: u32,
        error: String,
    },
}

/// A message from the text the page received about an experiment's job, as [`decode_message`]
/// reads it; any other kind of message (a model's solution) is an error. The Experiments
/// page's module reads its workers' messages with this alone.
pub fn decode_experiment_message(text: &str) -> Result<Message, String> {
    let m = serde_json::from_str(text)
        .map_err(|e| format!("unreadable message from the worker: {e}"))?;
    Ok(match m {
        ExperimentMessage::Ready => Message::Ready,
        ExperimentMessage::Progress { id, done, total } => Message::Progress { id, done, total },
        ExperimentMessage::LiuFig6 { id, rows } => Message::LiuFig6 { id, rows },
        ExperimentMessage::WuTimes { id, times } => Message::WuTimes { id, times },
        ExperimentMessage::Fig11Platform {
            id,
            targets,
            ratios,
        } => Message::Fig11Platform {
            id,
            targets,
            ratios,
        },
        ExperimentMessage::GonzalezRows { id, rows } => Message::GonzalezRows { id, rows },
        ExperimentMessage::Explored { id, records } => Message::Explored { id, records },
        ExperimentMessage::Charts { id, svgs } => Message::Charts { id, svgs },
        ExperimentMessage::Failed { id, error } => Message::Failed { id, error },
    })
}
