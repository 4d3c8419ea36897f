//! The explorer's histogram of one comparison's ratio (an algorithm over its reference).

use crate::text::Svg;
use crate::{err, Size, Type};
use hetcast_core::models::overhead::explore::BIN;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Bars of `histogram` (`histogram[b]`: instances with the ratio `ratio` ("greedy / optimum")
/// in `[1 + b BIN, 1 + (b + 1) BIN)`, the last bin open above, as in
/// [`hetcast_core::explore::Record::histogram`]) under the title `caption`; each bar has its
/// count written above it, so that bins of a few instances next to the tall "at the
/// reference" bin can still be read.
pub fn explore_histogram(
    histogram: &[u64],
    ratio: &str,
    caption: &str,
    size: Size,
) -> Result<String, String> {
    if histogram.is_empty() {
        return Err("no data to draw".into());
    }
    let bins = histogram.len();
    let top = histogram.iter().copied().max().unwrap_or(0).max(1) as f64 * 1.15;
    let label = |b: usize| {
        let from = 1.0 + b as f64 * BIN;
        if b + 1 == bins {
            format!("≥{from:.2}")
        } else {
            format!("{from:.2}")
        }
    };
    let mut buf = String::new();
    {
        let root = Svg::with_string(&mut buf, (size.width, size.height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let ty = Type::new(size.width, Size::FILE.width);
        let margin = ty.len(24);
        let caption_px = ty.fit(26.0, caption, (size.width - 2 * margin) as f64);
        let mut chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", caption_px))
            .margin(margin)
            .x_label_area_size(ty.len(64))
            .y_label_area_size(ty.len(80))
            .build_cartesian_2d(-0.5f64..bins as f64 - 0.5, 0f64..top)
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(format!("{ratio} (bins of 0.05, from their lower end)"))
            .y_desc("instances")
            .axis_desc_style(("sans-serif", ty.px(20.0)))
            .label_style(("sans-serif", ty.px(18.0)))
            .light_line_style(RGBColor(235, 235, 235))
            .x_labels(bins.div_ceil(2))
            .y_labels(8)
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < bins {
                    label(i as usize)
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|y| format!("{y:.0}"))
            .draw()
            .map_err(|e| err(&e))?;
        // Each count fits its bar's width (80 % of a bin).
        let bar_px = chart.plotting_area().dim_in_pixel().0 as f64 / bins as f64 * 0.8;
        let widest = histogram
            .iter()
            .map(|c| c.to_string())
            .max_by_key(|c| c.len());
        let count_px = ty.fit(18.0, &widest.unwrap_or_default(), bar_px);
        let blue = RGBColor(0, 114, 178);
        let vermillion = RGBColor(213, 94, 0);
        chart
            .draw_series(histogram.iter().enumerate().map(|(b, &c)| {
                // At the reference (the first bin) in blue, the gaps in vermillion.
                let colour = if b == 0 { blue } else { vermillion };
                Rectangle::new(
                    [(b as f64 - 0.4, 0.0), (b as f64 + 0.4, c as f64)],
                    colour.filled(),
                )
            }))
            .map_err(|e| err(&e))?;
        chart
            .draw_series(
                histogram
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c > 0)
                    .map(|(b, &c)| {
                        Text::new(
                            c.to_string(),
                            (b as f64, c as f64 + top * 0.02),
                            ("sans-serif", count_px)
                                .into_font()
                                .color(&BLACK)
                                .pos(Pos::new(HPos::Center, VPos::Bottom)),
                        )
                    }),
            )
            .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    Ok(buf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetcast_core::models::multi::experiment::{wu_figure as wu_rows, WuSpec};
    use hetcast_core::models::overhead::experiment::{liu_fig6 as liu_rows, LiuFig6Spec};
    use hetcast_core::models::overhead::explore::BINS;

    /// Strict XML parse; returns the number of elements named `name`.
    fn count(svg: &str, name: &[u8]) -> usize {
        let mut r = quick_xml::Reader::from_str(svg);
        let mut n = 0;
        loop {
            match r.read_event().expect("well-formed SVG") {
                quick_xml::events::Event::Eof => break,
                quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e)
                    if e.name().as_ref() == name =>
                {
                    n += 1
                }
                _ => {}
            }
        }
        n
    }

    #[test]
    fn every_chart_is_well_formed_svg() {
        let mut h = [0u64; BINS];
        h[0] = 120;
        h[5] = 14;
        h[BINS - 1] = 1;
        let svg = explore_histogram(&h, "FEF / lower bound", "title", Size::FILE).unwrap();
        assert!(svg.contains("FEF / lower bound (bins of 0.05"));
        assert!(svg.starts_with("<svg"));
        assert!(count(&svg, b"rect") >= BINS);
        assert!(svg.contains("\n120\n") && svg.contains("\n14\n") && svg.contains("≥2.00"));
        assert!(explore_histogram(&[], "x", "x", Size::SCREEN).is_err());

        let rows = liu_rows(&LiuFig6Spec {
            n_min: 6,
            n_max: 12,
            runs: 3,
            seed: 1,
        })
        .unwrap();
        assert!(count(&crate::liu_fig6(&rows, 3).unwrap(), b"svg") == 1);
        assert!(crate::liu_fig6(&[], 3).is_err());

        let spec = WuSpec {
            nodes: 12,
            source_counts: vec![1, 4],
            runs: 2,
            threads: 1,
            ..WuSpec::fig3()
        };
        let rows = wu_rows(&spec, None).unwrap();
        let svg = crate::wu_figure(&rows, &spec, 3).unwrap();
        assert_eq!(count(&svg, b"svg"), 1);
        assert!(svg.contains("Fig. 3"));
        let small = crate::wu_figure_sized(
            &rows,
            &spec,
            3,
            Size::WU_PANEL_SCREEN,
            Size::WU_PANEL_SCREEN,
        )
        .unwrap();
        assert!(small.starts_with("<svg width=\"1140\" height=\"620\""));
    }
}
