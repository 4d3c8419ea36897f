//! Figure 6 of Liu et al. (paper 004, section 5).

use crate::text::{legend, Sample, Svg};
use crate::{err, line_chart, Size};
use hetcast_core::models::overhead::experiment::LiuFig6Row;
use plotters::prelude::*;

/// The Figure 6 chart: completion time against cluster size for FNF, random selection (mean,
/// and the best and worst run) and the lower bound.
pub fn liu_fig6(rows: &[LiuFig6Row], runs: usize) -> Result<String, String> {
    liu_fig6_sized(rows, runs, Size::FILE)
}

/// [`liu_fig6`] on a canvas of `size` (type sizes: [`Type`]).
pub fn liu_fig6_sized(rows: &[LiuFig6Row], runs: usize, size: Size) -> Result<String, String> {
    let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
        return Err("no data to draw".into());
    };
    let data_max = rows.iter().map(|r| r.random_max).fold(0.0, f64::max);
    let x_range = first.n as f64..(last.n as f64).max(first.n as f64 + 1.0);
    let mut buf = String::new();
    {
        let root = Svg::with_string(&mut buf, (size.width, size.height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let caption = "Liu et al. Fig. 6: FNF vs random selection (3 classes, L = 0)";
        // Five lines of legend.
        let (mut chart, ty) = line_chart(&root, size, caption, x_range, (data_max, 1.08, 0.0), 5)?;
        let mut items: Vec<(String, Sample)> = Vec::new();
        chart
            .configure_mesh()
            .x_desc("cluster size n (processors, source included)")
            .y_desc("completion time")
            .axis_desc_style(("sans-serif", ty.px(20.0)))
            .label_style(("sans-serif", ty.px(18.0)))
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
            .map_err(|e| err(&e))?;
        items.push((
            format!("random selection, best and worst of {runs}"),
            Sample {
                colour: orange,
                width: 2,
                dashes: Some((6, 4)),
            },
        ));
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
            .map_err(|e| err(&e))?;
        items.push((
            format!("random selection, mean of {runs} runs"),
            Sample {
                colour: vermillion,
                width: 4,
                dashes: None,
            },
        ));
        let green = RGBColor(0, 158, 115);
        chart
            .draw_series(DashedLineSeries::new(
                pts(|r| r.random_order_mean),
                12,
                5,
                green.stroke_width(3),
            ))
            .map_err(|e| err(&e))?;
        items.push((
            format!("random order, earliest sender, mean of {runs}"),
            Sample {
                colour: green,
                width: 3,
                dashes: Some((12, 5)),
            },
        ));
        chart
            .draw_series(LineSeries::new(pts(|r| r.fnf), blue.stroke_width(4)))
            .map_err(|e| err(&e))?;
        items.push((
            "FNF (fastest node first)".to_string(),
            Sample {
                colour: blue,
                width: 4,
                dashes: None,
            },
        ));
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
            .map_err(|e| err(&e))?;
        items.push((
            "lower bound".to_string(),
            Sample {
                colour: black,
                width: 3,
                dashes: Some((3, 3)),
            },
        ));
        legend(&chart.plotting_area().strip_coord_spec(), &items, false, ty)?;
        root.present().map_err(|e| err(&e))?;
    }
    Ok(buf)
}
