//! `hetcast generate MODEL [OPTIONS] [--seed N] [--count C] [--out PATH]`: an instance file
//! from the generators the app has, one per model tag of the instance files:
//!
//! - `node`, `sender_receiver`: at random ([`overhead::generate::random`]: `--nodes`,
//!   `--types`, `--max-cost`), or from a type list ([`overhead::generate::from_types`]:
//!   `--type-list "4 x 2, 7 x 3"`, `--source`, `--latency`), as the app's two forms;
//! - `multi`: paper 001's section 5 ([`multi::generate::section5`]: `--nodes`, `--classes`,
//!   `--sources`, `--network`, `--sizes`, `--fraction`);
//! - `multimessage`: random messages of bounded degree ([`multimessage::generate::random_degree`]:
//!   `--nodes`, `--degree`, `--fanout`, `--messages`);
//! - `platform`: the Tiers-like platforms of paper 002's section 7
//!   ([`platform::generate::tiers`]: `--nodes`, or `--wan`, `--man`, `--lan`; `--density`,
//!   `--targets uniform|per-lan`), the nodes placed by [`view::tidy`] (the drawing's layout).
//!
//! Every option has the app's default, so `hetcast generate MODEL --seed N` works alone. The
//! instance is validated before it is written. `--count C` writes the instances of seeds `N` to
//! `N + C - 1`, each the file `--seed` alone would give, as `PATH/MODEL-SEED.json`.

use crate::files;
use crate::registry::given;
use clap::Args;
use hetcast_core::models::multi::generate::{section5, Network, Section5Spec, SizeMix};
use hetcast_core::models::multimessage::generate::random_degree;
use hetcast_core::models::multimessage::{MAX_MESSAGES, MAX_PROCESSORS};
use hetcast_core::models::overhead::generate::{self as ogen, RandomSpec};
use hetcast_core::models::overhead::ModelKind;
use hetcast_core::models::platform::generate::{tiers, TargetSpread, TiersSpec};
use hetcast_core::models::platform::view;
use hetcast_core::models::platform::MAX_NODES as PLATFORM_MAX_NODES;
use hetcast_core::AnyInstance;
use std::path::Path;

/// The model tags `generate` takes (those of the instance files).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Tag {
    /// Node model (paper 000).
    #[value(name = "node")]
    Node,
    /// Sender-receiver model (paper 004).
    #[value(name = "sender_receiver")]
    SenderReceiver,
    /// Many-source model (paper 001).
    #[value(name = "multi")]
    Multi,
    /// Multimessage model (paper 003).
    #[value(name = "multimessage")]
    Multimessage,
    /// Platform graphs (paper 002).
    #[value(name = "platform")]
    Platform,
}

impl Tag {
    /// The `"model"` value of the files it writes.
    pub fn name(self) -> &'static str {
        match self {
            Tag::Node => "node",
            Tag::SenderReceiver => "sender_receiver",
            Tag::Multi => "multi",
            Tag::Multimessage => "multimessage",
            Tag::Platform => "platform",
        }
    }

    /// The options of this model, without the leading `--` (besides `seed`, `count`, `out`).
    fn options(self) -> &'static [&'static str] {
        match self {
            Tag::Node | Tag::SenderReceiver => &[
                "nodes",
                "types",
                "max-cost",
                "type-list",
                "source",
                "latency",
            ],
            Tag::Multi => &[
                "nodes", "classes", "sources", "network", "sizes", "fraction",
            ],
            Tag::Multimessage => &["nodes", "degree", "fanout", "messages"],
            Tag::Platform => &["nodes", "wan", "man", "lan", "density", "targets"],
        }
    }
}

/// The defaults: the app's generator forms, and for multimessage the middle of the
/// gonzalez-random experiment's grid.
pub mod defaults {
    /// Seed.
    pub const SEED: u64 = 1;
    /// Nodes: node / sender-receiver, multi, multimessage (processors), platform.
    pub const NODES: [usize; 4] = [12, 16, 8, 30];
    /// Destination types of a random one-source instance.
    pub const TYPES: usize = 3;
    /// Largest cost of a random one-source instance.
    pub const MAX_COST: u32 = 9;
    /// Source cost of a type list: node model, sender-receiver model.
    pub const SOURCE: [&str; 2] = ["3", "1/2"];
    /// Node classes (multi).
    pub const CLASSES: usize = 3;
    /// Sources (multi).
    pub const SOURCES: usize = 4;
    /// Degree (multimessage).
    pub const DEGREE: usize = 3;
    /// Largest fan-out (multimessage).
    pub const FANOUT: usize = 3;
    /// Share of the LAN nodes that are targets (platform).
    pub const DENSITY: f64 = 0.2;
}

/// The usage lines of `hetcast help`.
pub fn usage() -> String {
    use defaults::*;
    format!(
        "\
  hetcast generate MODEL [--seed N] [--count C] [--out PATH] [OPTIONS]
      MODEL node | sender_receiver: [--nodes {}] [--types {TYPES}] [--max-cost {MAX_COST}]
        or [--type-list \"4 x 2, 7 x 3\"] [--source {}] [--latency 0]
      MODEL multi: [--nodes {}] [--classes {CLASSES}] [--sources {SOURCES}] [--network fast|slow]
        [--sizes small|large|hybrid] [--fraction random]
      MODEL multimessage: [--nodes {}] [--degree {DEGREE}] [--fanout {FANOUT}] [--messages nodes x degree]
      MODEL platform: [--nodes {} | --wan W --man M --lan L] [--density {DENSITY}] [--targets uniform|per-lan]
      seed {SEED} by default; --count C writes seeds N..N+C-1 as PATH/MODEL-SEED.json
",
        NODES[0], SOURCE[0], NODES[1], NODES[2], NODES[3]
    )
}

/// Parse a share: a fraction in (0, 1] or a percentage ("20%").
fn share(text: &str, what: &str) -> Result<f64, String> {
    let t = text.trim();
    let (num, scale) = match t.strip_suffix('%') {
        Some(p) => (p.trim(), 100.0),
        None => (t, 1.0),
    };
    match num.parse::<f64>() {
        Ok(v) if v.is_finite() && v / scale > 0.0 && v / scale <= 1.0 => Ok(v / scale),
        _ => Err(format!(
            "--{what} {t}: give a fraction above 0 and at most 1 (0.2) or a percentage (20%)"
        )),
    }
}

/// The most nodes of a one-source instance `generate` writes (about 0.5 GB in memory).
pub const OVERHEAD_MAX_NODES: usize = 10_000_000;

/// A count option: from `lo` to `hi`.
fn within(
    value: Option<usize>,
    default: usize,
    (lo, hi): (usize, usize),
    what: &str,
) -> Result<usize, String> {
    let v = value.unwrap_or(default);
    if !(lo..=hi).contains(&v) {
        return Err(format!("--{what} {v}: from {lo} to {hi}"));
    }
    Ok(v)
}

/// The instance of `tag` for `seed`, validated.
pub fn instance(tag: Tag, a: &GenerateArgs, seed: u64) -> Result<AnyInstance, String> {
    use defaults::*;
    let inst: AnyInstance = match tag {
        Tag::Node | Tag::SenderReceiver => {
            let kind = if tag == Tag::Node {
                ModelKind::Node
            } else {
                ModelKind::SenderReceiver
            };
            match &a.type_list {
                Some(list) => {
                    let groups = ogen::parse_types(list, kind).map_err(|e| e.to_string())?;
                    let source = a
                        .source
                        .as_deref()
                        .unwrap_or(SOURCE[(tag != Tag::Node) as usize]);
                    let source = ogen::parse_source(source, kind)
                        .map_err(|e| format!("--source {source}: {e}"))?;
                    let latency = a.latency.unwrap_or(0.0);
                    ogen::from_types(kind, latency, source, &groups)
                        .map_err(|e| e.to_string())?
                        .into()
                }
                None => {
                    let nodes = within(a.nodes, NODES[0], (2, OVERHEAD_MAX_NODES), "nodes")?;
                    let types = within(a.types, TYPES, (1, usize::MAX), "types")?;
                    let max_cost = a.max_cost.unwrap_or(MAX_COST);
                    if max_cost < 1 {
                        return Err("--max-cost 0: at least 1".into());
                    }
                    if types > max_cost as usize {
                        return Err(format!(
                            "--types {types} with --max-cost {max_cost}: costs are whole numbers from 1 to {max_cost}, so at most {max_cost} types"
                        ));
                    }
                    ogen::random(RandomSpec {
                        model: kind,
                        nodes,
                        types,
                        max_cost,
                        seed,
                    })
                    .into()
                }
            }
        }
        Tag::Multi => {
            let spec = Section5Spec {
                nodes: a.nodes.unwrap_or(NODES[1]),
                classes: a.classes.unwrap_or(CLASSES),
                sources: a.sources.unwrap_or(SOURCES),
                network: a.network.map_or(Network::Fast, |n| n.0),
                sizes: a.sizes.map_or(SizeMix::Small, |s| s.0),
                dest_fraction: match a.fraction.as_deref() {
                    None => None,
                    Some(t) if t.trim().eq_ignore_ascii_case("random") => None,
                    Some(t) => Some(share(t, "fraction")?),
                },
            };
            section5(&spec, seed).map_err(|e| e.to_string())?.into()
        }
        Tag::Multimessage => {
            let n = within(a.nodes, NODES[2], (1, MAX_PROCESSORS), "nodes")?;
            let d = within(a.degree, DEGREE, (1, usize::MAX), "degree")?;
            let fanout = within(a.fanout, FANOUT, (1, usize::MAX), "fanout")?;
            let most = n.saturating_mul(d).min(MAX_MESSAGES);
            let messages = within(a.messages, most, (0, MAX_MESSAGES), "messages")?;
            random_degree(n, d, fanout, messages, seed).into()
        }
        Tag::Platform => {
            let density = match a.density.as_deref() {
                Some(t) => share(t, "density")?,
                None => DENSITY,
            };
            let nodes = within(a.nodes, NODES[3], (4, PLATFORM_MAX_NODES), "nodes")?;
            let mut spec = TiersSpec::sized(nodes, density);
            if let Some(t) = a.targets.as_deref() {
                spec.targets = TargetSpread::parse(t).ok_or_else(|| {
                    format!("--targets {t}: uniform (among all LAN nodes) or per-lan (one per LAN first)")
                })?;
            }
            match (a.wan, a.man, a.lan) {
                (None, None, None) => {}
                (Some(w), Some(m), Some(l)) => {
                    if a.nodes.is_some() {
                        return Err("give --nodes or --wan, --man and --lan, not both".into());
                    }
                    if w < 1
                        || m < 1
                        || l < 1
                        || w.saturating_add(m).saturating_add(l) > PLATFORM_MAX_NODES
                    {
                        return Err(format!(
                            "--wan {w} --man {m} --lan {l}: at least one node of each level, at most {PLATFORM_MAX_NODES} in all"
                        ));
                    }
                    (spec.wan, spec.man, spec.lan) = (w, m, l);
                }
                _ => return Err("--wan, --man and --lan go together".into()),
            }
            view::tidy(&tiers(&spec, seed)).into()
        }
    };
    inst.validate()
        .map_err(|e| format!("the generated instance is refused: {e}"))?;
    Ok(inst)
}

/// `hetcast generate`.
pub fn run(a: &GenerateArgs) -> Result<(), String> {
    let tag = a.model;
    for opt in a.given() {
        if !tag.options().contains(&opt) {
            let takers: Vec<&str> = [
                Tag::Node,
                Tag::SenderReceiver,
                Tag::Multi,
                Tag::Multimessage,
                Tag::Platform,
            ]
            .into_iter()
            .filter(|t| t.options().contains(&opt))
            .map(Tag::name)
            .collect();
            return Err(format!(
                "--{opt} does not apply to {} (it applies to {})",
                tag.name(),
                takers.join(", ")
            ));
        }
    }
    let seed = a.seed.unwrap_or(defaults::SEED);
    let count = a.count.unwrap_or(1);
    if a.type_list.is_some() {
        let random = ["nodes", "types", "max-cost"];
        if let Some(o) = a.given().into_iter().find(|o| random.contains(o)) {
            return Err(format!(
                "--{o} is an option of the random generator, --type-list builds one instance from its list"
            ));
        }
        if a.seed.is_some() || a.count.is_some() {
            return Err(
                "--type-list builds one instance from its list: --seed and --count do not apply"
                    .into(),
            );
        }
    } else if a.source.is_some() || a.latency.is_some() {
        return Err("--source and --latency go with --type-list".into());
    }
    if count == 0 {
        return Err("--count 0: at least 1".into());
    }
    if seed.checked_add(count as u64 - 1).is_none() {
        return Err(format!(
            "--seed {seed} --count {count}: the seeds pass 2^64 - 1"
        ));
    }
    if a.count.is_none() {
        let inst = instance(tag, a, seed)?;
        return files::emit(&text(&inst), a.out.as_deref());
    }
    let Some(dir) = a.out.as_deref() else {
        return Err("--count writes one file per seed: give the directory with --out DIR".into());
    };
    let dir = files::out_dir(Some(dir))?;
    for s in seed..=seed + (count as u64 - 1) {
        let inst = instance(tag, a, s)?;
        files::write_in(&dir, &file_name(tag, s), &text(&inst))?;
    }
    println!(
        "wrote {count} instance{} in {}",
        if count == 1 { "" } else { "s" },
        Path::new(&dir).display()
    );
    Ok(())
}

/// The instance's file: its JSON and a newline.
fn text(inst: &AnyInstance) -> String {
    let mut t = inst.to_json();
    t.push('\n');
    t
}

/// The file `--count` writes for `seed`: `MODEL-SEED.json`.
pub fn file_name(tag: Tag, seed: u64) -> String {
    format!("{}-{seed}.json", tag.name())
}

/// `--network`, parsed by clap from [`Network::key`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NetworkArg(pub Network);

impl clap::ValueEnum for NetworkArg {
    fn value_variants<'a>() -> &'a [Self] {
        &[NetworkArg(Network::Fast), NetworkArg(Network::Slow)]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.key()).help(self.0.title()))
    }
}

/// `--sizes`, parsed by clap from [`SizeMix::key`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SizesArg(pub SizeMix);

impl clap::ValueEnum for SizesArg {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            SizesArg(SizeMix::Small),
            SizesArg(SizeMix::Large),
            SizesArg(SizeMix::Hybrid),
        ]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.key()).help(self.0.title()))
    }
}

/// `hetcast generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The instance file's model tag
    #[arg(value_enum, value_name = "MODEL")]
    pub model: Tag,
    /// The seed [default: 1]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Write the instances of C seeds from --seed on, one file each in --out DIR
    #[arg(long, value_name = "C")]
    pub count: Option<usize>,
    /// Write to FILE (a directory with --count) instead of standard output
    #[arg(long, value_name = "PATH")]
    pub out: Option<String>,
    /// Nodes (processors in the multimessage model)
    #[arg(long, value_name = "N")]
    pub nodes: Option<usize>,
    /// node, sender_receiver: distinct destination types, at most --max-cost
    #[arg(long, value_name = "K")]
    pub types: Option<usize>,
    /// node, sender_receiver: costs are whole numbers from 1 to C
    #[arg(long, value_name = "C")]
    pub max_cost: Option<u32>,
    /// node, sender_receiver: build from a type list, e.g. "4 x 2, 7 x 3" or "2 x 1/2, 1 x 2/3"
    #[arg(long, value_name = "LIST")]
    pub type_list: Option<String>,
    /// node, sender_receiver with --type-list: the source's cost (C, or SEND/RECV)
    #[arg(long, value_name = "COST")]
    pub source: Option<String>,
    /// sender_receiver with --type-list: the latency L [default: 0]
    #[arg(long, value_name = "L")]
    pub latency: Option<f64>,
    /// multi: node classes
    #[arg(long, value_name = "N")]
    pub classes: Option<usize>,
    /// multi: sources (one message each)
    #[arg(long, value_name = "N")]
    pub sources: Option<usize>,
    /// multi: the network [default: fast]
    #[arg(long, value_enum, value_name = "NET")]
    pub network: Option<NetworkArg>,
    /// multi: message sizes [default: small]
    #[arg(long, value_enum, value_name = "MIX")]
    pub sizes: Option<SizesArg>,
    /// multi: share of the other nodes each message goes to (0.5, 50%), or random [default: random]
    #[arg(long, value_name = "F")]
    pub fraction: Option<String>,
    /// multimessage: the largest number of messages a processor sends or receives
    #[arg(long, value_name = "D")]
    pub degree: Option<usize>,
    /// multimessage: the largest number of destinations of a message
    #[arg(long, value_name = "F")]
    pub fanout: Option<usize>,
    /// multimessage: messages to draw (fewer when no message fits) [default: nodes x degree]
    #[arg(long, value_name = "M")]
    pub messages: Option<usize>,
    /// platform: WAN nodes (with --man and --lan, instead of --nodes)
    #[arg(long, value_name = "N")]
    pub wan: Option<usize>,
    /// platform: MAN nodes
    #[arg(long, value_name = "N")]
    pub man: Option<usize>,
    /// platform: LAN nodes
    #[arg(long, value_name = "N")]
    pub lan: Option<usize>,
    /// platform: share of the LAN nodes that are targets (0.2, 20%) [default: 0.2]
    #[arg(long, value_name = "F")]
    pub density: Option<String>,
    /// platform: targets drawn uniformly among the LAN nodes, or one per LAN first [default: uniform]
    #[arg(long, value_name = "uniform|per-lan")]
    pub targets: Option<String>,
}

impl GenerateArgs {
    /// The model options given, by name without the leading `--` (not seed, count, out).
    pub fn given(&self) -> Vec<&'static str> {
        given(&[
            ("nodes", self.nodes.is_some()),
            ("types", self.types.is_some()),
            ("max-cost", self.max_cost.is_some()),
            ("type-list", self.type_list.is_some()),
            ("source", self.source.is_some()),
            ("latency", self.latency.is_some()),
            ("classes", self.classes.is_some()),
            ("sources", self.sources.is_some()),
            ("network", self.network.is_some()),
            ("sizes", self.sizes.is_some()),
            ("fraction", self.fraction.is_some()),
            ("degree", self.degree.is_some()),
            ("fanout", self.fanout.is_some()),
            ("messages", self.messages.is_some()),
            ("wan", self.wan.is_some()),
            ("man", self.man.is_some()),
            ("lan", self.lan.is_some()),
            ("density", self.density.is_some()),
            ("targets", self.targets.is_some()),
        ])
    }
}
