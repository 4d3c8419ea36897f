//! Doing a job: the pure part of the worker (no web dependency, tested natively).

use crate::charts::draw;
use crate::explore::search_part;
use crate::protocol::{Job, Message, Request, PROGRESS_STEPS};
use hetcast_core::models::multi::experiment::{wu_item, wu_items};
use hetcast_core::models::multi::MultiInstance;
use hetcast_core::models::multimessage::experiment as gonzalez;
use hetcast_core::models::multimessage::{MmInstance, MmSolution};
use hetcast_core::models::overhead::experiment::liu_fig6_row;
use hetcast_core::models::overhead::{self, Instance};
use hetcast_core::models::platform::experiment::{fig11_platforms, platform_ratios};
use hetcast_core::models::platform::PlatformInstance;
use std::cell::{Cell, RefCell};

type Sink = Box<dyn FnMut(Message)>;

thread_local! {
    // Where the messages of the job running go (set by `run`, for `progress`).
    static SINK: RefCell<Option<Sink>> = RefCell::new(None);
    static LAST_STEP: Cell<u64> = const { Cell::new(u64::MAX) };
    // When the job running last posted its progress.
    static LAST_POST: Cell<Option<web_time::Instant>> = const { Cell::new(None) };
}

fn send(m: Message) {
    SINK.with(|s| {
        if let Some(post) = s.borrow_mut().as_mut() {
            post(m);
        }
    });
}

/// The least time between two progress messages of a platform job (ms).
pub const PROGRESS_MS: u128 = 100;

/// The least time between two progress messages of a job counted in items (ms), but its
/// first and last. Every message redraws the page (its main thread and the compositor's),
/// which on a machine with as many cores as workers takes its time from a worker: one per
/// second and worker keeps the bar moving (docs/performance.md "wu-fig3 with 1000 runs in the
/// browser").
pub const ITEM_PROGRESS_MS: u128 = 1000;

/// Post progress at the start and the end, and when it reaches a new step of
/// `total / PROGRESS_STEPS` at least [`ITEM_PROGRESS_MS`] after the last message posted.
fn progress(id: u32, done: u64, total: u64) {
    let step = done
        .saturating_mul(PROGRESS_STEPS)
        .checked_div(total)
        .unwrap_or(0);
    let first = LAST_STEP.with(|l| l.get()) == u64::MAX;
    if step == LAST_STEP.with(|l| l.get()) && done != total {
        return;
    }
    let due = LAST_POST.with(|p| {
        p.get()
            .is_none_or(|t| t.elapsed().as_millis() >= ITEM_PROGRESS_MS)
    });
    if first || done == total || due {
        LAST_STEP.with(|l| l.set(step));
        LAST_POST.with(|p| p.set(Some(web_time::Instant::now())));
        send(Message::Progress { id, done, total });
    }
}

/// Do `request`, giving every message (progress, then the result or the failure) to `post`.
pub fn run(request: &Request, post: impl FnMut(Message) + 'static) {
    SINK.with(|s| *s.borrow_mut() = Some(Box::new(post)));
    LAST_STEP.with(|l| l.set(u64::MAX));
    LAST_POST.with(|p| p.set(None));
    let id = request.id;
    let result = match &request.job {
        Job::LiuFig6 { spec } => {
            // Work grows with n: progress counts nodes, not rows.
            let sizes = spec.n_min.max(2)..=spec.n_max;
            let total: u64 = sizes.clone().map(|n| n as u64).sum();
            let mut done = 0;
            progress(id, 0, total);
            sizes
                .map(|n| {
                    let row = liu_fig6_row(n, spec.runs, spec.seed);
                    done += n as u64;
                    progress(id, done, total);
                    row
                })
                .collect::<Result<Vec<_>, _>>()
                .map(|rows| Message::LiuFig6 { id, rows })
        }
        Job::WuItems { spec, from, to } => wu_items(spec).and_then(|items| {
            let (from, to) = (*from, (*to).min(items));
            let total = to.saturating_sub(from) as u64;
            progress(id, 0, total);
            (from..to)
                .map(|i| {
                    let t = wu_item(spec, i);
                    progress(id, (i + 1 - from) as u64, total);
                    t
                })
                .collect::<Result<Vec<_>, _>>()
                .map(|times| Message::WuTimes { id, times })
        }),
        Job::Explore {
            family,
            search,
            part: [k, n],
        } => search_part(family, search, (*k, *n), &mut |done, total| {
            progress(id, done, total)
        })
        .map(|records| Message::Explored { id, records }),
        Job::Fig11 { settings, item } => {
            let spec = settings.spec();
            match fig11_platforms(&spec).get(*item) {
                Some(&(size, density, k)) => {
                    platform_ratios(&spec, size, density, k).map(|(targets, ratios)| {
                        Message::Fig11Platform {
                            id,
                            targets,
                            ratios,
                        }
                    })
                }
                None => Ok(Message::Failed {
                    id,
                    error: format!("Figure 11 has no platform {item}"),
                }),
            }
        }
        Job::Gonzalez { spec, from, to } => {
            let all = gonzalez::jobs(spec);
            let (from, to) = ((*from).min(all.len()), (*to).min(all.len()));
            let total = to.saturating_sub(from) as u64;
            progress(id, 0, total);
            all[from..to.max(from)]
                .iter()
                .enumerate()
                .map(|(i, &(n, d, f, seed))| {
                    let row = gonzalez::row(n, d, f, seed);
                    progress(id, i as u64 + 1, total);
                    row
                })
                .collect::<Result<Vec<_>, _>>()
                .map(|rows| Message::GonzalezRows { id, rows })
        }
        Job::Charts { charts } => Ok(
            match charts
                .iter()
                .map(draw)
                .collect::<Result<Vec<String>, String>>()
            {
                Ok(svgs) => Message::Charts { id, svgs },
                Err(error) => Message::Failed { id, error },
            },
        ),
        Job::Platform { instance, algo } => {
            PlatformInstance::from_json(instance)
                .and_then(|inst| {
                    // Every linear program solved is a step (the heuristics solve many, some
                    // in a millisecond). Each message redraws the page, so a step is posted
                    // only PROGRESS_MS after the start or the last one posted, and never the
                    // last step: the answer says that all are done (a short run posts the
                    // answer alone).
                    let mut last = web_time::Instant::now();
                    algo.solve_with_progress(&inst, &mut |done, total| {
                        if done < total && last.elapsed().as_millis() >= PROGRESS_MS {
                            last = web_time::Instant::now();
                            send(Message::Progress {
                                id,
                                done: done as u64,
                                total: total as u64,
                            });
                        }
                    })
                })
                .map(|solution| Message::PlatformSolved {
                    id,
                    solution: Box::new(solution),
                })
        }
        Job::Overhead {
            instance,
            algo,
            seed,
        } => Instance::from_json(instance)
            .and_then(|inst| overhead::algo::run(&inst, *algo, *seed))
            .map(|solution| Message::OverheadSolved {
                id,
                solution: Box::new(solution),
            }),
        Job::Multimessage { instance, algo } => MmInstance::from_json(instance)
            .and_then(|inst| algo.solve(&inst))
            // Gonzalez's phases are not sent (the page draws them from the steps).
            .map(|solution| Message::MultimessageSolved {
                id,
                solution: Box::new(MmSolution {
                    gonzalez: None,
                    ..solution
                }),
            }),
        Job::Multi { instance, algo } => MultiInstance::from_json(instance)
            .and_then(|inst| algo.solve(&inst))
            .map(|solution| Message::MultiSolved {
                id,
                solution: Box::new(solution),
            }),
    };
    send(result.unwrap_or_else(|e| Message::Failed {
        id,
        error: e.to_string(),
    }));
    SINK.with(|s| *s.borrow_mut() = None);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::{Canvas, Chart};
    use crate::explore::AnyFamily;
    use crate::protocol::*;
    use hetcast_core::explore::{Record, Search, Worst};
    use hetcast_core::models::multi::experiment::{wu_figure, wu_rows, WuSpec};
    use hetcast_core::models::overhead::experiment::{liu_fig6, LiuFig6Spec};
    use hetcast_core::models::overhead::explore::{ExploreSpec, Search as OldSearch};
    use hetcast_core::models::overhead::ModelKind;
    use hetcast_core::AnyInstance;
    use std::rc::Rc;

    /// The `(done, total)` of the progress messages, in order.
    fn progress_of(msgs: &[Message]) -> Vec<(u64, u64)> {
        msgs.iter()
            .filter_map(|m| match m {
                Message::Progress { done, total, .. } => Some((*done, *total)),
                _ => None,
            })
            .collect()
    }

    /// The answers of a module that leaves out the many-source and platform models:
    /// [`through_text`] reads every answer with it too.
    struct OneSourceAndMultimessage;

    impl Answers for OneSourceAndMultimessage {
        type Overhead = <EveryModel as Answers>::Overhead;
        type Multi = NotRead;
        type Multimessage = <EveryModel as Answers>::Multimessage;
        type Platform = NotRead;
    }

    /// Run `job` through the text encoding both ways, as the page and the worker do.
    fn through_text(job: Job) -> Vec<Message> {
        let req = Request { id: 7, job };
        let text = encode_request(&req);
        // The app's main module writes the models' requests alone; anything else is a
        // request the worker refuses, with its id.
        let model = encode_model_request(&req);
        if matches!(
            req.job,
            Job::Platform { .. }
                | Job::Overhead { .. }
                | Job::Multi { .. }
                | Job::Multimessage { .. }
        ) {
            assert_eq!(model, text);
        } else {
            assert!(decode_request(&model).is_err(), "{model}");
            assert_eq!(request_id(&model), 7);
        }
        let back = decode_request(&text).unwrap();
        assert_eq!(back, req);
        let out = Rc::new(RefCell::new(Vec::new()));
        let sink = out.clone();
        run(&back, move |m| {
            let text = encode_message(&m);
            let back = decode_message(&text).unwrap();
            assert_eq!(back, m, "round trip of {text}");
            // The app's main module reads the models' answers alone.
            let model = matches!(
                m,
                Message::Ready
                    | Message::Progress { .. }
                    | Message::PlatformSolved { .. }
                    | Message::OverheadSolved { .. }
                    | Message::MultiSolved { .. }
                    | Message::MultimessageSolved { .. }
                    | Message::Failed { .. }
            );
            match decode_model_message(&text) {
                Ok(read) => assert!(model && read == m, "{text}"),
                Err(e) => assert!(!model && e.contains("unknown variant"), "{text}: {e}"),
            }
            // A module that leaves out some models (the page's) reads the others' answers
            // the same, and refuses theirs.
            let unread = matches!(
                m,
                Message::MultiSolved { .. } | Message::PlatformSolved { .. }
            );
            match decode_answers::<OneSourceAndMultimessage>(&text) {
                Ok(read) => assert!(model && !unread && read == m, "{text}"),
                Err(e) if unread => assert!(
                    e.contains("a model's answer that this module does not read"),
                    "{text}: {e}"
                ),
                Err(e) => assert!(!model && e.contains("unknown variant"), "{text}: {e}"),
            }
            // The Experiments page reads the experiments' answers alone (and the messages
            // that every job sends: ready, progress, failed).
            let any = matches!(
                m,
                Message::Ready | Message::Progress { .. } | Message::Failed { .. }
            );
            match decode_experiment_message(&text) {
                Ok(read) => assert!((any || !model) && read == m, "{text}"),
                Err(e) => assert!(
                    model && !any && e.contains("unknown variant"),
                    "{text}: {e}"
                ),
            }
            sink.borrow_mut().push(back);
        });
        let v = out.borrow().clone();
        v
    }

    /// The node model, 2 kinds, costs 1 to 3, 3 to 7 nodes: 135 members (the page's default).
    fn explorer_135() -> AnyFamily {
        AnyFamily::Overhead(ExploreSpec {
            model: ModelKind::Node,
            types: 2,
            max_cost: 3,
            nodes: (3, 7),
            search: OldSearch::Exhaustive,
        })
    }

    /// Run part `k` of `n` of `family`'s exhaustive search through the text.
    fn explore(family: AnyFamily, (k, n): (u64, u64)) -> Vec<Message> {
        through_text(Job::Explore {
            family,
            search: Search::Exhaustive,
            part: [k, n],
        })
    }

    #[test]
    fn the_explorer_times_135_instances_and_the_worst_is_5_over_4() {
        let msgs = explore(explorer_135(), (0, 1));
        let Some(Message::Explored { id: 7, records }) = msgs.last() else {
            panic!("{msgs:?}");
        };
        let r = &records[0];
        assert_eq!((r.tried, r.histogram.iter().sum::<u64>()), (135, 135));
        let w = &r.worst[0];
        assert_eq!((w.value, w.reference), (5.0, 4.0));
        let AnyInstance::Overhead(inst) = AnyInstance::from_json(&w.instance).unwrap() else {
            panic!("not a one-source instance");
        };
        assert_eq!(inst.nodes.len(), 7);
        // Progress ends at the total and never goes back.
        let progress = progress_of(&msgs);
        assert_eq!(progress.last(), Some(&(135, 135)));
        assert!(progress.windows(2).all(|w| w[0].0 <= w[1].0));
    }

    /// Every model's family in parts through the text, merged: the records of one run.
    #[test]
    fn explorer_parts_merged_are_one_run_for_every_model() {
        use hetcast_core::explore::merge;
        use hetcast_core::models::multi::explore::MultiFamily;
        use hetcast_core::models::multimessage::explore::MmFamily;
        use hetcast_core::models::platform::explore::PlatformFamily;
        let families = [
            explorer_135(),
            AnyFamily::Multi(MultiFamily {
                nodes: (2, 2),
                max_cost: 2,
            }),
            AnyFamily::Multimessage(MmFamily {
                processors: (2, 3),
                messages: 2,
            }),
            AnyFamily::Platform(PlatformFamily {
                nodes: (3, 3),
                max_cost: 1,
            }),
        ];
        let records = |m: &Message| match m {
            Message::Explored { records, .. } => records.clone(),
            m => panic!("{m:?}"),
        };
        for family in families {
            let one = records(explore(family, (0, 1)).last().unwrap());
            assert_eq!(one.len(), family.comparisons().len());
            let parts: Vec<Vec<Record>> = (0..3)
                .map(|k| records(explore(family, (k, 3)).last().unwrap()))
                .collect();
            assert_eq!(merge(&parts), one, "{}", family.tag());
        }
    }

    #[test]
    fn rows_arrive_exactly_as_computed() {
        let spec = LiuFig6Spec {
            n_min: 6,
            n_max: 20,
            runs: 7,
            seed: 3,
        };
        let msgs = through_text(Job::LiuFig6 { spec });
        assert!(msgs.len() <= PROGRESS_STEPS as usize + 3);
        assert_eq!(
            msgs.last(),
            Some(&Message::LiuFig6 {
                id: 7,
                rows: liu_fig6(&spec).unwrap()
            })
        );
        let spec = WuSpec {
            nodes: 12,
            source_counts: vec![1, 4],
            runs: 3,
            threads: 0,
            ..WuSpec::fig4()
        };
        // Items 0..18 in two pieces give the rows of one wu_figure call.
        let mut all = Vec::new();
        for (from, to) in [(0, 7), (7, 18)] {
            let msgs = through_text(Job::WuItems {
                spec: spec.clone(),
                from,
                to,
            });
            let Some(Message::WuTimes { times, .. }) = msgs.last() else {
                panic!("{msgs:?}");
            };
            let n = (to - from) as u64;
            assert!(
                matches!(msgs[msgs.len() - 2], Message::Progress { done, total, .. } if done == n && total == n)
            );
            all.extend_from_slice(times);
        }
        assert_eq!(
            wu_rows(&spec, &all).unwrap(),
            wu_figure(&spec, None).unwrap()
        );
    }

    /// Gonzalez's instances arrive through the text exactly as the core computes them; a
    /// Figure 11 platform that the settings do not have is a failure, not a panic.
    #[test]
    fn gonzalez_rows_and_fig11_items() {
        use hetcast_core::models::multimessage::experiment::{jobs, row, Spec};
        let spec = Spec {
            seeds: 2,
            ..Spec::default()
        };
        let msgs = through_text(Job::Gonzalez {
            spec: spec.clone(),
            from: 6,
            to: 10,
        });
        let want: Vec<_> = jobs(&spec)[6..10]
            .iter()
            .map(|&(n, d, f, seed)| row(n, d, f, seed).unwrap())
            .collect();
        assert_eq!(
            msgs.last(),
            Some(&Message::GonzalezRows { id: 7, rows: want })
        );
        assert_eq!(progress_of(&msgs).last(), Some(&(4, 4)));
        let settings = Fig11Settings {
            platforms: 1,
            densities: vec![0.5],
            seed: 1,
            big: false,
            per_lan: false,
        };
        let msgs = through_text(Job::Fig11 { settings, item: 1 });
        assert_eq!(
            msgs,
            [Message::Failed {
                id: 7,
                error: "Figure 11 has no platform 1".into()
            }]
        );
    }

    /// Charts come back as SVG text in order; one that cannot be drawn fails the job with
    /// its reason; a row of Figure 11 reads back only with a size and heuristic it knows.
    #[test]
    fn charts_are_drawn_in_order_and_failures_named() {
        let rows = liu_fig6(&LiuFig6Spec {
            n_min: 6,
            n_max: 9,
            runs: 2,
            seed: 1,
        })
        .unwrap();
        let chart = |rows: Vec<_>, canvas| Chart::LiuFig6 {
            rows,
            runs: 2,
            canvas,
        };
        let msgs = through_text(Job::Charts {
            charts: vec![
                chart(rows.clone(), Canvas::Screen),
                chart(rows.clone(), Canvas::File),
            ],
        });
        let [Message::Charts { id: 7, svgs }] = &msgs[..] else {
            panic!("{msgs:?}")
        };
        assert_eq!(
            svgs,
            &[
                hetcast_charts::liu_fig6_sized(&rows, 2, hetcast_charts::Size::SCREEN).unwrap(),
                hetcast_charts::liu_fig6(&rows, 2).unwrap()
            ]
        );
        let msgs = through_text(Job::Charts {
            charts: vec![chart(rows, Canvas::File), chart(vec![], Canvas::File)],
        });
        assert_eq!(
            msgs,
            [Message::Failed {
                id: 7,
                error: "no data to draw".into()
            }]
        );
        let row = r#"{"size":"small","density":0.5,"targets":4.0,"algorithm":"mcph","over_lb":1.25,"over_scatter":0.5}"#;
        let read: hetcast_core::models::platform::experiment::Fig11Row =
            serde_json::from_str(row).unwrap();
        assert_eq!(
            (read.size, read.algorithm, read.over_lb),
            ("small", "mcph", 1.25)
        );
        assert_eq!(serde_json::to_string(&read).unwrap(), row);
        let bad = row.replace("mcph", "multicast-lb");
        let e = serde_json::from_str::<hetcast_core::models::platform::experiment::Fig11Row>(&bad);
        assert!(e
            .unwrap_err()
            .to_string()
            .starts_with("'multicast-lb' is not a heuristic of figure 11"));
    }

    #[test]
    fn failures_are_messages() {
        let AnyFamily::Overhead(mut bad) = explorer_135() else {
            unreachable!()
        };
        bad.nodes.0 = 2;
        let msgs = explore(AnyFamily::Overhead(bad), (0, 1));
        assert!(
            matches!(&msgs[..], [Message::Failed { id: 7, error }] if error.contains("at least 3")),
            "{msgs:?}"
        );
        assert!(decode_request("{\"id\":1}").is_err());
        // An unreadable request's failure names its job, when it has an id.
        assert_eq!(request_id("{\"id\":9,\"job\":{\"kind\":\"nope\"}}"), 9);
        assert_eq!(request_id("not json"), 0);
        assert!(decode_message("not json").is_err());
        assert_eq!(Message::Ready.id(), None);
        assert_eq!(
            decode_message(&encode_message(&Message::Ready)),
            Ok(Message::Ready)
        );
        assert_eq!(
            decode_model_message(&encode_message(&Message::Ready)),
            Ok(Message::Ready)
        );
        assert!(decode_model_message("not json").is_err());
    }

    #[test]
    fn awkward_floats_round_trip_exactly() {
        let xs = [
            0.1 + 0.2,
            1.0 / 3.0,
            2.0f64.sqrt() * 1e-300,
            123456.789e200,
            f64::MIN_POSITIVE,
            5e-324,
        ];
        for x in xs {
            let m = Message::Explored {
                id: 1,
                records: vec![Record {
                    tried: 1,
                    at_reference: 0,
                    below_reference: 0,
                    lowest: None,
                    skipped: 0,
                    histogram: vec![1],
                    worst: vec![Worst {
                        member: 3,
                        value: x,
                        reference: 1.0,
                        instance: String::new(),
                    }],
                }],
            };
            assert_eq!(decode_message(&encode_message(&m)).unwrap(), m, "{x:e}");
        }
    }

    /// Every one-source algorithm gives in the worker exactly what it gives on the page's
    /// thread, through the text both ways (Liu et al.'s Figures 1-3 instance, whose
    /// optimum is 5: `gallery::liu_figure1`); a bad instance fails with the parser's message.
    #[test]
    fn overhead_jobs_answer_what_the_core_answers() {
        use hetcast_core::catalog::Catalog;
        use hetcast_core::models::overhead::algo::{run as solve, Algorithm};
        use hetcast_core::models::overhead::{gallery, simulate};
        let inst = gallery::liu_figure1();
        for &algo in Algorithm::ALL {
            let msgs = through_text(Job::Overhead {
                instance: inst.to_json(),
                algo,
                seed: 3,
            });
            let [Message::OverheadSolved { id: 7, solution }] = msgs.as_slice() else {
                panic!("{algo:?}: {msgs:?}");
            };
            assert_eq!(**solution, solve(&inst, algo, 3).unwrap(), "{algo:?}");
            if algo.is_exact() {
                let t = simulate(&inst, &solution.plan).unwrap().completion_time;
                assert_eq!(t, 5.0, "{algo:?}");
            }
        }
        let msgs = through_text(Job::Overhead {
            instance: "{\"model\": \"node\"}".into(),
            algo: Algorithm::Optimal,
            seed: 0,
        });
        assert!(
            matches!(&msgs[..], [Message::Failed { id: 7, error }] if !error.is_empty()),
            "{msgs:?}"
        );
    }

    /// Every many-source algorithm gives in the worker exactly what the core gives (plan and
    /// steps), through the text both ways (Wu et al.'s example where WRP beats WR); a bad
    /// instance fails with the parser's message.
    #[test]
    fn multi_jobs_answer_what_the_core_answers() {
        use hetcast_core::catalog::Catalog;
        use hetcast_core::models::multi::{gallery, MultiAlgorithm};
        let inst = gallery::wrp_beats_wr();
        for &algo in MultiAlgorithm::ALL {
            let msgs = through_text(Job::Multi {
                instance: inst.to_json(),
                algo,
            });
            let [Message::MultiSolved { id: 7, solution }] = msgs.as_slice() else {
                panic!("{algo:?}: {msgs:?}");
            };
            assert_eq!(**solution, algo.solve(&inst).unwrap(), "{algo:?}");
        }
        let msgs = through_text(Job::Multi {
            instance: "{\"model\": \"multi\"}".into(),
            algo: MultiAlgorithm::Wrp,
        });
        assert!(
            matches!(&msgs[..], [Message::Failed { id: 7, error }] if !error.is_empty()),
            "{msgs:?}"
        );
    }

    /// Every multimessage algorithm gives in the worker what the core gives (schedule, steps
    /// with what they build, exactness; Gonzalez's phases stay in the worker), through the
    /// text both ways (Example 1.1: 6, 4 and 3 steps for single-send, no-forwarding and the
    /// optimum); a bad instance fails with the parser's message.
    #[test]
    fn multimessage_jobs_answer_what_the_core_answers() {
        use hetcast_core::catalog::Catalog;
        use hetcast_core::models::multimessage::{gallery, simulate, MmAlgorithm};
        let inst = gallery::example_1_1();
        for &algo in MmAlgorithm::ALL {
            let msgs = through_text(Job::Multimessage {
                instance: inst.to_json(),
                algo,
            });
            let [Message::MultimessageSolved { id: 7, solution }] = msgs.as_slice() else {
                panic!("{algo:?}: {msgs:?}");
            };
            let core = algo.solve(&inst).unwrap();
            assert_eq!(
                (&solution.plan, &solution.trace, solution.exact),
                (&core.plan, &core.trace, core.exact),
                "{algo:?}"
            );
            assert!(solution.gonzalez.is_none());
            let steps = simulate(&inst, &solution.plan).unwrap().steps;
            match algo {
                MmAlgorithm::SingleSend => assert_eq!(steps, 6),
                MmAlgorithm::NoForwarding => assert_eq!(steps, 4),
                MmAlgorithm::Optimal => assert_eq!(steps, 3),
                MmAlgorithm::Gonzalez => assert!(steps <= 6, "{steps}"),
            }
        }
        assert!(
            MmAlgorithm::Gonzalez
                .solve(&inst)
                .unwrap()
                .trace
                .iter()
                .any(|s| !s.built.is_empty()),
            "Gonzalez's steps build its multigraph"
        );
        let msgs = through_text(Job::Multimessage {
            instance: "{\"model\": \"multimessage\"}".into(),
            algo: MmAlgorithm::Gonzalez,
        });
        assert!(
            matches!(&msgs[..], [Message::Failed { id: 7, error }] if !error.is_empty()),
            "{msgs:?}"
        );
    }

    /// Every platform algorithm gives in the worker exactly what it gives on the page's
    /// thread, through the text both ways (section 3's example: T* = 1 for the bounds' LPs).
    #[test]
    fn platform_jobs_answer_what_the_core_answers() {
        use hetcast_core::catalog::Catalog;
        use hetcast_core::models::platform::{gallery, PlatformAlgorithm};
        let inst = gallery::section3();
        for &algo in PlatformAlgorithm::ALL {
            let msgs = through_text(Job::Platform {
                instance: inst.to_json(),
                algo,
            });
            let Some(Message::PlatformSolved { id: 7, solution }) = msgs.last() else {
                panic!("{algo:?}: {msgs:?}");
            };
            assert_eq!(**solution, algo.solve(&inst).unwrap(), "{algo:?}");
            // Progress counts the linear programs and never goes back; the answer, not a
            // progress message, says that all are done.
            let steps = progress_of(&msgs);
            assert!(
                steps.windows(2).all(|w| w[0].0 <= w[1].0),
                "{algo:?}: {steps:?}"
            );
            assert!(steps.iter().all(|&(d, t)| d < t), "{algo:?}: {steps:?}");
            assert_eq!(msgs.len(), steps.len() + 1, "{algo:?}: {msgs:?}");
        }
        let msgs = through_text(Job::Platform {
            instance: "{\"model\": \"platform\"}".into(),
            algo: PlatformAlgorithm::Mcph,
        });
        assert!(
            matches!(msgs.last(), Some(Message::Failed { id: 7, .. })),
            "{msgs:?}"
        );
    }
}
