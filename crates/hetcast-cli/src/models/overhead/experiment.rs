//! `hetcast experiment liu-fig6`: re-runs the experiment of Liu et al. section 5 (data from
//! `hetcast_core::models::overhead::experiment`) and writes `liu-fig6.csv` and `liu-fig6.svg`
//! (a line chart drawn with plotters).

use crate::args::ExperimentArgs;
use crate::files::{out_dir, write_in};
use crate::progress::Bar;
use hetcast_core::models::overhead::experiment::{liu_fig6_row, to_csv, LiuFig6Row, LiuFig6Spec};
use plotters::element::DashedPathElement;
use plotters::prelude::*;

/// The largest cluster `--n-max` takes.
pub const N_MAX_LIMIT: usize = 100_000;

/// Run `hetcast experiment liu-fig6` with parsed arguments.
pub fn run(a: &ExperimentArgs) -> Result<(), String> {
    let mut spec = LiuFig6Spec::default();
    if let Some(r) = a.runs {
        if r == 0 {
            return Err("--runs must be at least 1".into());
        }
        spec.runs = r;
    }
    if let Some(s) = a.seed {
        spec.seed = s;
    }
    if let Some(n) = a.n_max {
        if !(spec.n_min..=N_MAX_LIMIT).contains(&n) {
            return Err(format!(
                "--n-max {n}: must be between {} and {N_MAX_LIMIT}",
                spec.n_min
            ));
        }
        spec.n_max = n;
    }
    let dir = out_dir(a.out.as_deref())?;
    let sizes = spec.n_min.max(2)..=spec.n_max;
    let bar = Bar::new("liu-fig6", sizes.clone().count());
    let rows = sizes
        .map(|n| {
            let row = liu_fig6_row(n, spec.runs, spec.seed);
            bar.inc();
            row
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    bar.finish();
    let csv_path = write_in(&dir, "liu-fig6.csv", &to_csv(&rows))?;
    let svg_path = write_in(&dir, "liu-fig6.svg", &chart(&rows, spec.runs)?)?;
    println!(
        "Liu et al. section 5: 3 classes (s,r) = (1,2), (5,6), (10,11); L = 0; random selection over {} runs",
        spec.runs
    );
    println!(
        "{:>5} {:>8} {:>12} {:>11} {:>11} {:>12} {:>13}",
        "n", "FNF", "random mean", "random min", "random max", "lower bound", "random order"
    );
    for r in rows
        .iter()
        .filter(|r| r.n == spec.n_min || r.n % 10 == 0 || r.n == spec.n_max)
    {
        println!(
            "{:>5} {:>8} {:>12.2} {:>11} {:>11} {:>12} {:>13.2}",
            r.n,
            r.fnf,
            r.random_mean,
            r.random_min,
            r.random_max,
            r.lower_bound,
            r.random_order_mean
        );
    }
    println!("wrote {csv_path} and {svg_path}");
    Ok(())
}

/// The Figure 6 chart: completion time against cluster size for FNF, random selection (mean,
/// and the best and worst run) and the lower bound.
pub fn chart(rows: &[LiuFig6Row], runs: usize) -> Result<String, String> {
    let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
        return Err("no data to draw".into());
    };
    let y_max = rows.iter().map(|r| r.random_max).fold(0.0, f64::max) * 1.08;
    let x_range = first.n as f64..(last.n as f64).max(first.n as f64 + 1.0);
    let mut buf = String::new();
    let err = |e: &dyn std::fmt::Display| format!("cannot draw the chart: {e}");
    {
        let root = SVGBackend::with_string(&mut buf, (1100, 680)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Liu et al. Fig. 6: FNF vs random selection (3 classes, L = 0)",
                ("sans-serif", 26),
            )
            .margin(24)
            .x_label_area_size(64)
            .y_label_area_size(80)
            .build_cartesian_2d(x_range, 0f64..y_max)
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .x_desc("cluster size n (processors, source included)")
            .y_desc("completion time")
            .axis_desc_style(("sans-serif", 20))
            .label_style(("sans-serif", 18))
            .light_line_style(RGBColor(240, 240, 240))
            .x_labels(12)
            .y_labels(10)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .draw()
            .map_err(|e| err(&e))?;
        // Okabe-Ito colours; series also differ by line style and markers.
        let blue = RGBColor(0, 114, 178);
        let vermillion = RGBColor(213, 94, 0);
        let orange = RGBColor(230, 159, 0);
        let black = RGBColor(0, 0, 0);
        let pts = |f: fn(&LiuFig6Row) -> f64| -> Vec<(f64, f64)> {
            rows.iter().map(|r| (r.n as f64, f(r))).collect()
        };
        chart
            .draw_series(DashedLineSeries::new(
                pts(|r| r.random_max),
                6,
                4,
                orange.stroke_width(2),
            ))
            .map_err(|e| err(&e))?
            .label(format!("random selection, best and worst of {runs}"))
            .legend(move |(x, y)| {
                DashedPathElement::new(vec![(x, y), (x + 36, y)], 6, 4, orange.stroke_width(2))
            });
        chart
            .draw_series(DashedLineSeries::new(
                pts(|r| r.random_min),
                6,
                4,
                orange.stroke_width(2),
            ))
            .map_err(|e| err(&e))?;
        chart
            .draw_series(LineSeries::new(
                pts(|r| r.random_mean),
                vermillion.stroke_width(4),
            ))
            .map_err(|e| err(&e))?
            .label(format!("random selection, mean of {runs} runs"))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 36, y)], vermillion.stroke_width(4))
            });
        let green = RGBColor(0, 158, 115);
        chart
            .draw_series(DashedLineSeries::new(
                pts(|r| r.random_order_mean),
                12,
                5,
                green.stroke_width(3),
            ))
            .map_err(|e| err(&e))?
            .label(format!("random order, earliest sender, mean of {runs}"))
            .legend(move |(x, y)| {
                DashedPathElement::new(vec![(x, y), (x + 36, y)], 12, 5, green.stroke_width(3))
            });
        chart
            .draw_series(LineSeries::new(pts(|r| r.fnf), blue.stroke_width(4)))
            .map_err(|e| err(&e))?
            .label("FNF (fastest node first)")
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 36, y)], blue.stroke_width(4))
            });
        chart
            .draw_series(
                rows.iter()
                    .filter(|r| r.n % 5 == 0)
                    .map(|r| Circle::new((r.n as f64, r.fnf), 5, blue.filled())),
            )
            .map_err(|e| err(&e))?;
        chart
            .draw_series(DashedLineSeries::new(
                pts(|r| r.lower_bound),
                3,
                3,
                black.stroke_width(3),
            ))
            .map_err(|e| err(&e))?
            .label("lower bound")
            .legend(move |(x, y)| {
                DashedPathElement::new(vec![(x, y), (x + 36, y)], 3, 3, black.stroke_width(3))
            });
        chart
            .configure_series_labels()
            .label_font(("sans-serif", 18))
            .legend_area_size(48)
            .background_style(WHITE.mix(0.9))
            .border_style(black)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    Ok(buf)
}
