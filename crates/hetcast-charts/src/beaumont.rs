//! Figure 11 of Beaumont, Legrand, Marchal, Robert (paper 002, section 7).

use crate::text::{legend, Sample, Svg};
use crate::{err, line_chart, Size};
use hetcast_core::catalog::Catalog;
use hetcast_core::models::platform::experiment::{Fig11Row, HEURISTICS};
use plotters::prelude::*;

/// One panel of figure 11: for the platforms of `size` ("small" or "big"), every heuristic's
/// mean `T*` over the lower bound (`over_lb`) or over the scatter bound, against the target
/// density.
pub fn beaumont_fig11(rows: &[Fig11Row], size: &str, over_lb: bool) -> Result<String, String> {
    beaumont_fig11_sized(rows, size, over_lb, Size::FILE)
}

/// [`beaumont_fig11`] on a canvas of `size_px` (type sizes: [`Type`]).
pub fn beaumont_fig11_sized(
    rows: &[Fig11Row],
    size: &str,
    over_lb: bool,
    size_px: Size,
) -> Result<String, String> {
    let mine: Vec<&Fig11Row> = rows.iter().filter(|r| r.size == size).collect();
    if mine.is_empty() {
        return Err("no data to draw".into());
    }
    let y = |r: &Fig11Row| if over_lb { r.over_lb } else { r.over_scatter };
    let data_max = mine.iter().map(|r| y(r)).fold(0.0, f64::max);
    let x_max = mine.iter().map(|r| r.density).fold(0.0, f64::max) * 100.0;
    let mut buf = String::new();
    {
        let root = Svg::with_string(&mut buf, (size_px.width, size_px.height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let nodes = if size == "small" { 30 } else { 65 };
        let caption = format!(
            "Beaumont et al. Fig. 11: {nodes}-node platforms, T* / {}",
            if over_lb {
                "lower bound"
            } else {
                "scatter (upper bound)"
            }
        );
        // A line of legend per heuristic.
        let x = 0f64..x_max.max(1.0);
        let top = (data_max, 1.1, 1.1);
        let (mut chart, ty) = line_chart(&root, size_px, &caption, x, top, HEURISTICS.len())?;
        let mut items: Vec<(String, Sample)> = Vec::new();
        chart
            .configure_mesh()
            .x_desc("target density among the LAN nodes (%)")
            .y_desc(if over_lb {
                "T* / Multicast-LB"
            } else {
                "T* / Multicast-UB (scatter)"
            })
            .axis_desc_style(("sans-serif", ty.px(20.0)))
            .label_style(("sans-serif", ty.px(18.0)))
            .light_line_style(RGBColor(240, 240, 240))
            .draw()
            .map_err(|e| err(&e))?;
        let colours = [
            RGBColor(230, 159, 0),
            RGBColor(86, 180, 233),
            RGBColor(0, 158, 115),
            RGBColor(0, 114, 178),
            RGBColor(213, 94, 0),
        ];
        for (i, al) in HEURISTICS.iter().enumerate() {
            let c = colours[i % colours.len()];
            let pts: Vec<(f64, f64)> = mine
                .iter()
                .filter(|r| r.algorithm == al.key())
                .map(|r| (r.density * 100.0, y(r)))
                .collect();
            chart
                .draw_series(LineSeries::new(pts.clone(), c.stroke_width(3)))
                .map_err(|e| err(&e))?;
            items.push((
                al.short().to_string(),
                Sample {
                    colour: c,
                    width: 3,
                    dashes: None,
                },
            ));
            chart
                .draw_series(pts.iter().map(|&p| Circle::new(p, 5, c.filled())))
                .map_err(|e| err(&e))?;
        }
        legend(&chart.plotting_area().strip_coord_spec(), &items, true, ty)?;
        root.present().map_err(|e| err(&e))?;
    }
    Ok(buf)
}
