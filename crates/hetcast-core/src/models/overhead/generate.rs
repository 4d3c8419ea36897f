//! Instance generators: by node types ("4 x 2, 7 x 3") and at random (seeded).

use crate::error::Error;
use crate::models::overhead::instance::{Instance, ModelKind, Node};
use crate::rng::Rng64;
use rand::{Rng, SeedableRng};

/// One group of identical destinations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TypeGroup {
    /// How many destinations.
    pub count: usize,
    /// Send cost (the node model's c).
    pub send: f64,
    /// Receive cost (0 in the node model).
    pub recv: f64,
}

/// Parse a type list such as `4 x 2, 7 x 3` (node model: count x cost) or
/// `2 x 1/2, 1 x 2/3` (sender-receiver: count x send/recv). `×` and `*` work as `x`.
pub fn parse_types(text: &str, model: ModelKind) -> Result<Vec<TypeGroup>, Error> {
    let mut out = Vec::new();
    for part in text
        .split([',', ';', '\n'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let norm = part.replace(['×', '*'], "x");
        let (count, cost) = norm
            .split_once('x')
            .ok_or_else(|| Error::Format(format!("'{part}': write COUNT x COST, e.g. 4 x 2")))?;
        let count: usize = count.trim().parse().map_err(|_| {
            Error::Format(format!(
                "'{part}': '{}' is not a whole number",
                count.trim()
            ))
        })?;
        let num = |s: &str| -> Result<f64, Error> {
            let s = s.trim().trim_start_matches("cost").trim();
            s.parse::<f64>()
                .map_err(|_| Error::Format(format!("'{part}': '{s}' is not a number")))
        };
        let (send, recv) = match model {
            ModelKind::Node => (num(cost)?, 0.0),
            ModelKind::SenderReceiver => {
                let (s, r) = cost.split_once('/').ok_or_else(|| {
                    Error::Format(format!("'{part}': write COUNT x SEND/RECV, e.g. 3 x 1/2"))
                })?;
                (num(s)?, num(r)?)
            }
        };
        out.push(TypeGroup { count, send, recv });
    }
    if out.is_empty() {
        return Err(Error::Format("no node types given".into()));
    }
    Ok(out)
}

/// Parse the source's cost of a type list: `c` in the node model, `s/r` in the
/// sender-receiver model.
pub fn parse_source(text: &str, model: ModelKind) -> Result<(f64, f64), Error> {
    let num = |t: &str| -> Result<f64, Error> {
        t.trim()
            .parse::<f64>()
            .map_err(|_| Error::Format(format!("'{}' is not a number", t.trim())))
    };
    match model {
        ModelKind::Node => Ok((num(text)?, 0.0)),
        ModelKind::SenderReceiver => {
            let (s, r) = text
                .split_once('/')
                .ok_or_else(|| Error::Format("write SEND/RECV, e.g. 1/2".into()))?;
            Ok((num(s)?, num(r)?))
        }
    }
}

/// Build an instance: node 0 is the source with `source` = (send, recv), then the groups.
pub fn from_types(
    model: ModelKind,
    latency: f64,
    source: (f64, f64),
    groups: &[TypeGroup],
) -> Result<Instance, Error> {
    let mut nodes = vec![Node {
        name: None,
        send: source.0,
        recv: source.1,
        gap: None,
    }];
    for g in groups {
        nodes.extend((0..g.count).map(|_| Node {
            name: None,
            send: g.send,
            recv: g.recv,
            gap: None,
        }));
    }
    let inst = Instance {
        model,
        latency,
        source: 0,
        nodes,
    };
    inst.validate()?;
    Ok(inst)
}

/// Settings of the random generator.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RandomSpec {
    /// Model of the instance.
    pub model: ModelKind,
    /// Number of nodes, source included (at least 2).
    pub nodes: usize,
    /// Number of distinct destination types (costs drawn from them), at least 1.
    pub types: usize,
    /// Costs are whole numbers from 1 to `max_cost`.
    pub max_cost: u32,
    /// Seed.
    pub seed: u64,
}

/// A random instance with whole-number costs. In the sender-receiver model each type's
/// receive time is its send time plus a random 1..=max_cost/2+1, and L is drawn from 0..=2;
/// types are sorted so that speeds are consistent.
pub fn random(spec: RandomSpec) -> Instance {
    let mut rng = Rng64::seed_from_u64(spec.seed);
    let max = spec.max_cost.max(1);
    let mut types: Vec<(f64, f64)> = (0..spec.types.max(1))
        .map(|_| {
            let s = rng.gen_range(1..=max) as f64;
            let r = match spec.model {
                ModelKind::Node => 0.0,
                ModelKind::SenderReceiver => s + rng.gen_range(1..=max / 2 + 1) as f64,
            };
            (s, r)
        })
        .collect();
    crate::order::sort_by(&mut types, |a, b| {
        a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1))
    });
    if spec.model == ModelKind::SenderReceiver {
        // Enforce consistency: receive times non-decreasing with send times, strictly where sends differ.
        for i in 1..types.len() {
            if types[i].0 > types[i - 1].0 && types[i].1 <= types[i - 1].1 {
                types[i].1 = types[i - 1].1 + 1.0;
            } else if types[i].0 == types[i - 1].0 {
                types[i].1 = types[i - 1].1;
            }
        }
    }
    let nodes = (0..spec.nodes.max(2))
        .map(|_| {
            let (send, recv) = types[crate::rng::below(&mut rng, types.len())];
            Node {
                name: None,
                send,
                recv,
                gap: None,
            }
        })
        .collect();
    let latency = match spec.model {
        ModelKind::Node => 0.0,
        ModelKind::SenderReceiver => rng.gen_range(0..=2) as f64,
    };
    Instance {
        model: spec.model,
        latency,
        source: 0,
        nodes,
    }
}

/// A random plan for `inst`, reproducible from `seed`: every destination joins, in a random
/// order, as the next child of a random node already in the tree; with `waits`, about one send
/// in four is delayed by a random wait up to the largest cost. For tests and for the exchanges
/// of [`crate::models::overhead::algo::exchanges`] (any schedule, not only good ones).
///
/// **Complexity**: O(n).
pub fn random_plan(inst: &Instance, seed: u64, waits: bool) -> crate::models::overhead::Plan {
    use crate::models::overhead::Plan;
    use crate::rng::below;
    let mut rng = Rng64::seed_from_u64(seed);
    let n = inst.nodes.len();
    let mut plan = Plan::new(inst.source, n);
    let mut dest: Vec<usize> = inst.destinations().collect();
    for i in (1..dest.len()).rev() {
        dest.swap(i, below(&mut rng, i + 1));
    }
    let mut inside = vec![inst.source];
    for v in dest {
        let p = inside[below(&mut rng, inside.len())];
        plan.children[p].push(v);
        inside.push(v);
    }
    if waits {
        let top = inst
            .nodes
            .iter()
            .map(|x| x.send.max(x.recv))
            .fold(0.0, f64::max);
        plan.wait = plan
            .children
            .iter()
            .map(|ch| {
                ch.iter()
                    .map(|_| {
                        if rng.gen_bool(0.25) {
                            (rng.gen_range(0.0..=1.0) * top * 1e6).round() / 1e6
                        } else {
                            0.0
                        }
                    })
                    .collect()
            })
            .collect();
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_type_lists() {
        let g = parse_types("4 × cost 2, 7 x 3", ModelKind::Node).unwrap();
        assert_eq!(
            g,
            vec![
                TypeGroup {
                    count: 4,
                    send: 2.0,
                    recv: 0.0
                },
                TypeGroup {
                    count: 7,
                    send: 3.0,
                    recv: 0.0
                }
            ]
        );
        let inst = from_types(ModelKind::Node, 0.0, (3.0, 0.0), &g).unwrap();
        assert_eq!(
            inst,
            crate::models::overhead::gallery::libeskind_hadas_figure1()
        );
        let g = parse_types("2 x 1/2; 1 x 2/3", ModelKind::SenderReceiver).unwrap();
        assert_eq!(
            g[1],
            TypeGroup {
                count: 1,
                send: 2.0,
                recv: 3.0
            }
        );
        assert!(parse_types("4 x two", ModelKind::Node)
            .unwrap_err()
            .to_string()
            .contains("two"));
        assert!(parse_types("4 2", ModelKind::Node).is_err());
        assert!(parse_types("3 x 2", ModelKind::SenderReceiver).is_err());
        assert_eq!(parse_source(" 3 ", ModelKind::Node).unwrap(), (3.0, 0.0));
        assert_eq!(
            parse_source("1/2.5", ModelKind::SenderReceiver).unwrap(),
            (1.0, 2.5)
        );
        assert!(parse_source("3", ModelKind::SenderReceiver).is_err());
        assert!(parse_source("x", ModelKind::Node)
            .unwrap_err()
            .to_string()
            .contains("'x'"));
    }

    #[test]
    fn random_instances_are_valid_and_consistent() {
        for seed in 0..200 {
            for model in [ModelKind::Node, ModelKind::SenderReceiver] {
                let i = random(RandomSpec {
                    model,
                    nodes: 2 + seed as usize % 9,
                    types: 3,
                    max_cost: 6,
                    seed,
                });
                i.validate().unwrap();
                assert!(i.is_consistent());
            }
        }
    }
}
