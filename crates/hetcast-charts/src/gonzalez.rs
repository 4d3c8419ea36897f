//! The `gonzalez-random` experiment's chart: steps over the degree d, by degree, for each
//! algorithm of the multimessage model (Gonzalez, paper 003).

use crate::text::{legend, Sample, Svg};
use crate::{err, line_chart, Size};
use hetcast_core::models::multimessage::experiment::Summary;
use plotters::prelude::*;

/// One series' value of a summary row.
type Measure = Box<dyn Fn(&Summary) -> f64>;

/// Mean steps / d against d for gonzalez, single-send, no-forwarding and the optimum (where
/// the exact search ran), the largest gonzalez / d, and the bounds 2d and d.
pub fn gonzalez_random(rows: &[Summary], size: Size) -> Result<String, String> {
    let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
        return Err("no data to draw".into());
    };
    let data_max = rows
        .iter()
        .map(|r| r.mean_over_d[1].max(r.max_gonzalez_over_d))
        .fold(2.0, f64::max);
    let x_range = first.degree as f64 - 0.2..last.degree as f64 + 0.2;
    let mut buf = String::new();
    {
        let root = Svg::with_string(&mut buf, (size.width, size.height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let caption = "Multimessage multicasting: steps / d on random instances";
        // Seven lines of legend.
        let (mut chart, ty) = line_chart(&root, size, caption, x_range, (data_max, 1.1, 0.0), 7)?;
        let mut items: Vec<(String, Sample)> = Vec::new();
        chart
            .configure_mesh()
            .x_desc("degree d")
            .y_desc("steps / d")
            .axis_desc_style(("sans-serif", ty.px(20.0)))
            .label_style(("sans-serif", ty.px(18.0)))
            .light_line_style(RGBColor(240, 240, 240))
            // One label per degree (plotters' ticks between them would repeat a rounded one).
            .x_labels(last.degree.saturating_sub(first.degree) + 1)
            .x_label_formatter(&|x| {
                if (x - x.round()).abs() < 1e-6 {
                    format!("{x:.0}")
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|y| format!("{y:.1}"))
            .draw()
            .map_err(|e| err(&e))?;
        let blue = RGBColor(0, 114, 178);
        let vermillion = RGBColor(213, 94, 0);
        let orange = RGBColor(230, 159, 0);
        let green = RGBColor(0, 158, 115);
        let black = RGBColor(0, 0, 0);
        let pts = |f: &dyn Fn(&Summary) -> f64| -> Vec<(f64, f64)> {
            rows.iter()
                .map(|r| (r.degree as f64, f(r)))
                .filter(|p| p.1.is_finite())
                .collect()
        };
        let (x0, x1) = (first.degree as f64 - 0.2, last.degree as f64 + 0.2);
        chart
            .draw_series(DashedLineSeries::new(
                vec![(x0, 2.0), (x1, 2.0)],
                8,
                4,
                black.stroke_width(2),
            ))
            .map_err(|e| err(&e))?;
        items.push((
            "2d (Gonzalez's bound)".to_string(),
            Sample {
                colour: black,
                width: 2,
                dashes: Some((8, 4)),
            },
        ));
        chart
            .draw_series(DashedLineSeries::new(
                vec![(x0, 1.0), (x1, 1.0)],
                3,
                3,
                black.stroke_width(3),
            ))
            .map_err(|e| err(&e))?;
        items.push((
            "d (lower bound)".to_string(),
            Sample {
                colour: black,
                width: 3,
                dashes: Some((3, 3)),
            },
        ));
        let series: [(&str, RGBColor, Measure); 5] = [
            (
                "single-send, mean",
                orange,
                Box::new(|r: &Summary| r.mean_over_d[1]),
            ),
            (
                "no-forwarding, mean",
                vermillion,
                Box::new(|r: &Summary| r.mean_over_d[2]),
            ),
            (
                "gonzalez, largest",
                RGBColor(86, 180, 233),
                Box::new(|r: &Summary| r.max_gonzalez_over_d),
            ),
            (
                "gonzalez, mean",
                blue,
                Box::new(|r: &Summary| r.mean_over_d[0]),
            ),
            (
                "optimum (small instances), mean",
                green,
                Box::new(|r: &Summary| r.mean_opt_over_d),
            ),
        ];
        for (label, colour, f) in series.iter() {
            let colour = *colour;
            let data = pts(f.as_ref());
            chart
                .draw_series(LineSeries::new(data.clone(), colour.stroke_width(3)))
                .map_err(|e| err(&e))?;
            items.push((
                label.to_string(),
                Sample {
                    colour,
                    width: 3,
                    dashes: None,
                },
            ));
            chart
                .draw_series(data.into_iter().map(|p| Circle::new(p, 5, colour.filled())))
                .map_err(|e| err(&e))?;
        }
        legend(&chart.plotting_area().strip_coord_spec(), &items, true, ty)?;
        root.present().map_err(|e| err(&e))?;
    }
    Ok(buf)
}
