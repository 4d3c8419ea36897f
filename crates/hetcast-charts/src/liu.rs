//! Figure 6 of Liu et al. (paper 004, section 5).

use crate::{err, Size};
use hetcast_core::models::overhead::experiment::LiuFig6Row;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

/// The Figure 6 chart: completion time against cluster size for FNF, random selection (mean,
/// and the best and worst run) and the lower bound.
pub fn liu_fig6(rows: &[LiuFig6Row], runs: usize) -> Result<String, String> {
    liu_fig6_sized(rows, runs, Size::FILE)
}

/// [`liu_fig6`] on a canvas of `size`.
pub fn liu_fig6_sized(rows: &[LiuFig6Row], runs: usize, size: Size) -> Result<String, String> {
    let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
        return Err("no data to draw".into());
    };
    let y_max = rows.iter().map(|r| r.random_max).fold(0.0, f64::max) * 1.08;
    let x_range = first.n as f64..(last.n as f64).max(first.n as f64 + 1.0);
    let mut buf = String::new();
    {
        let root = SVGBackend::with_string(&mut buf, (size.width, size.height)).into_drawing_area();
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
