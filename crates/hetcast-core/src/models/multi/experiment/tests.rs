use super::*;

fn small_spec(threads: usize) -> WuSpec {
    WuSpec {
        nodes: 12,
        classes: 3,
        source_counts: vec![1, 3, 12],
        runs: 4,
        threads,
        ..WuSpec::fig4()
    }
}

#[test]
fn rows_are_bounded_below_and_independent_of_threads() {
    let one = wu_figure(&small_spec(1), None).unwrap();
    let three = wu_figure(&small_spec(3), None).unwrap();
    assert_eq!(one, three);
    assert_eq!(one.len(), 9);
    for r in &one {
        for a in MultiAlgorithm::ALL.iter().copied() {
            assert!(r.lower_bound <= r.mean(a) * (1.0 + 1e-12), "{r:?}");
        }
        assert!(r.wrp_best_runs <= r.runs);
        assert!(r.wrp_over_lb_max >= r.wrp_over_lb() * (1.0 - 1e-12));
        assert!(r.lower_bound > 80.0, "{r:?}");
    }
    // Large messages take longer than small ones on a 155 Mbps link.
    assert!(one[3].lower_bound > 10.0 * one[0].lower_bound);
    // Each row averages the runs that wu_instance rebuilds.
    let spec = small_spec(1);
    let wrp: f64 = (0..4)
        .map(|r| times(&wu_instance(&spec, 1, 3, r).unwrap()).unwrap()[3])
        .sum::<f64>()
        / 4.0;
    assert_eq!(one[4].wrp, wrp);
}

#[test]
fn item_weights_follow_the_sources_of_each_item() {
    // Items go runs first, then points (1, 3, 12 sources), then mixes: k² + 16k + 32.
    let spec = small_spec(1);
    let weights: Vec<u64> = (0..14).map(|i| wu_item_weight(&spec, i)).collect();
    let (one, three, twelve) = (49, 89, 368);
    assert_eq!(
        weights,
        [
            one, one, one, one, three, three, three, three, twelve, twelve, twelve, twelve, one,
            one
        ]
    );
}

#[test]
fn progress_counts_every_run() {
    let seen = AtomicUsize::new(0);
    let cb = |done: usize, total: usize| {
        assert!(done <= total && total == 36);
        seen.fetch_max(done, Ordering::Relaxed);
    };
    wu_figure(&small_spec(2), Some(&cb)).unwrap();
    assert_eq!(seen.load(Ordering::Relaxed), 36);
}

#[test]
fn bad_settings_are_errors() {
    let mut s = small_spec(1);
    s.runs = 0;
    assert!(wu_figure(&s, None)
        .unwrap_err()
        .to_string()
        .contains("runs"));
    let mut s = small_spec(1);
    s.source_counts = vec![13];
    assert!(wu_figure(&s, None)
        .unwrap_err()
        .to_string()
        .contains("13 sources"));
    assert!(wu_instance(&small_spec(1), 5, 1, 0).is_err());
}

#[test]
fn csv_has_the_documented_columns() {
    let rows = wu_figure(&small_spec(0), None).unwrap();
    let csv = to_csv(&rows);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], CSV_HEADER);
    assert_eq!(lines.len(), rows.len() + 1);
    assert!(lines[1].starts_with("slow,small,1,4,"));
    let cols: Vec<&str> = lines[2].split(',').collect();
    assert_eq!(cols.len(), CSV_HEADER.split(',').count());
    assert_eq!(cols[7].parse::<f64>().unwrap(), rows[1].wrp);
}

fn csv_cols(csv: &str) -> usize {
    csv.lines().nth(1).map_or(0, |l| l.split(',').count())
}

#[test]
fn best_counts_ties() {
    let rows = wu_figure(&small_spec(1), None).unwrap();
    for r in &rows {
        let best = r.best();
        assert!(!best.is_empty());
        for a in MultiAlgorithm::ALL.iter().copied() {
            assert_eq!(best.contains(&a), r.is_best(a));
            if !best.contains(&a) {
                assert!(r.mean(a) > r.mean(best[0]));
            }
        }
    }
}

#[test]
fn single_broadcast_averages_every_source() {
    let spec = BroadcastSpec {
        nodes: 10,
        ..BroadcastSpec::new(Network::Fast, 1024.0)
    };
    let row = wu_broadcast(&spec).unwrap();
    assert_eq!(row.sources, 10);
    assert!(row.same_plans <= row.same_times && row.same_times <= 10);
    assert!(row.same_plans <= row.ecf_wr_same_plans.min(row.wr_wrp_same_plans));
    assert_eq!(
        csv_cols(&broadcast_csv(std::slice::from_ref(&row))),
        BROADCAST_CSV_HEADER.split(',').count()
    );
    for a in MultiAlgorithm::ALL.iter().copied() {
        assert!(row.lower_bound <= row.mean(a) * (1.0 + 1e-12), "{row:?}");
    }
    if row.same_times == 10 {
        assert!(row.max_spread <= TIME_TOLERANCE);
    }
    let csv = broadcast_csv(&[row]);
    assert!(csv.starts_with(BROADCAST_CSV_HEADER));
    assert!(csv.lines().nth(1).unwrap().starts_with("fast,1024,10,"));
    assert!(wu_broadcast(&BroadcastSpec { size: 0.0, ..spec }).is_err());
}
