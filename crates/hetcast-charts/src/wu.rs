//! Figures 3 and 4 of Wu, Yeh, Liu (paper 001, section 5).

use crate::text::Svg;
use crate::{err, Size, Type};
use hetcast_core::catalog::Catalog;
use hetcast_core::models::multi::algo::MultiAlgorithm;
use hetcast_core::models::multi::experiment::{WuRow, WuSpec};
use hetcast_core::models::multi::generate::SizeMix;
use hetcast_core::units::time_unit;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Okabe-Ito colours of FEF, ECF, WR, WRP and the lower bound (the series of [`series`]).
const COLOURS: [RGBColor; 5] = [
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 158, 115),
    RGBColor(0, 114, 178),
    RGBColor(60, 60, 60),
];

/// The chart's series, left to right: the algorithms in the paper's order, then the bound.
fn series() -> impl Iterator<Item = &'static str> {
    MultiAlgorithm::ALL
        .iter()
        .map(|a| a.short())
        .chain(["lower bound"])
}

/// Three significant digits: 2.53, 25.3, 253.
fn short_number(v: f64) -> String {
    if v < 10.0 {
        format!("{v:.2}")
    } else if v < 100.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.0}")
    }
}

/// The figure: one panel per size mix, grouped bars per number of sources, from left to right
/// FEF, ECF, WR, WRP and the lower bound (the paper's order).
pub fn wu_figure(rows: &[WuRow], spec: &WuSpec, figure: u32) -> Result<String, String> {
    wu_figure_sized(rows, spec, figure, Size::WU_PANEL_FILE, Size::WU_PANEL_FILE)
}

/// [`wu_figure`] with panels of `panel`, its type sizes ([`Type`]) those of the files at a
/// panel as wide as `type_panel` and scaled with the width from there (the legend's items
/// narrow when the figure is too narrow for them). The files use [`Size::WU_PANEL_FILE`] for
/// both; the page gives [`Size::WU_PANEL_SCREEN`] as `type_panel`, the panel it drew before it
/// drew for its own width, so that on a wide screen (a lecture's projector: three panels of
/// about 500 px at 1920x1080) the type is as large as it was when that drawing was scaled up
/// (ticks 15.7 px on screen rather than 11.3).
pub fn wu_figure_sized(
    rows: &[WuRow],
    spec: &WuSpec,
    figure: u32,
    panel: Size,
    type_panel: Size,
) -> Result<String, String> {
    if rows.is_empty() {
        return Err("no data to draw".into());
    }
    let panels = &spec.mixes;
    let columns = panels.len().max(1) as u32;
    let (w, h) = (panel.width * columns, panel.height);
    let ty = Type::new(w, type_panel.width * columns);
    let heading = Heading::new(spec, figure, w, ty);
    let mut buf = String::new();
    {
        let root = Svg::with_string(&mut buf, (w, h)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let (top, body) = root.split_vertically(heading.height());
        heading.draw(&top)?;
        let areas = body.split_evenly((1, panels.len().max(1)));
        for (area, mix) in areas.iter().zip(panels) {
            let of: Vec<&WuRow> = rows.iter().filter(|r| r.sizes == *mix).collect();
            draw_panel(area, &of, &spec.source_counts, mix, ty)?;
        }
        root.present().map_err(|e| err(&e))?;
    }
    Ok(buf)
}

/// The figure's top `w` px wide: its title, the legend (the five series, left to right as the
/// bars, narrower items when the figure is narrow) and the note on cut FEF bars (on two lines
/// when it does not fit on one), in type `ty`.
struct Heading {
    title: String,
    /// The note's lines.
    note: Vec<String>,
    w: u32,
    ty: Type,
}

/// The note on cut FEF bars, in two parts (its lines when it does not fit on one).
const NOTE: [&str; 2] = [
    "mean simulated completion time; ",
    "FEF bars too tall for a panel are cut, their value written above (same unit)",
];

impl Heading {
    fn new(spec: &WuSpec, figure: u32, w: u32, ty: Type) -> Heading {
        let title = format!(
            "Wu, Yeh, Liu Fig. {figure}: multiple multicast, {} nodes, {} network, mean of {} runs",
            spec.nodes,
            spec.network.title(),
            spec.runs
        );
        let one = NOTE.concat();
        let note = if ty.fit(18.0, &one, Heading::room(w)) < ty.px(18.0) {
            vec![NOTE[0].trim_end_matches([' ', ';']).into(), NOTE[1].into()]
        } else {
            vec![one]
        };
        Heading { title, note, w, ty }
    }

    /// The width a line of the heading may take.
    fn room(w: u32) -> f64 {
        w as f64 - 20.0
    }

    /// The note's line height.
    fn line(&self) -> i32 {
        (self.ty.px(18.0) * 1.25).round() as i32
    }

    /// Its height: 130 px in the files, and a line for a note on two lines.
    fn height(&self) -> u32 {
        self.ty.len(130) + (self.line() * (self.note.len() as i32 - 1)) as u32
    }

    fn draw(&self, top: &DrawingArea<Svg<'_>, Shift>) -> Result<(), String> {
        let (w, ty) = (self.w as i32, self.ty);
        let room = Heading::room(self.w);
        let y = |px: u32| ty.len(px) as i32;
        top.draw(&Text::new(
            self.title.as_str(),
            (w / 2, y(30)),
            ("sans-serif", ty.fit(28.0, &self.title, room))
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Center, VPos::Center)),
        ))
        .map_err(|e| err(&e))?;
        // Legend: the five series, left to right as the bars.
        let item_w = y(190).min((w - 40) / 5);
        let x0 = w / 2 - item_w * 5 / 2;
        let font = ty.fit(22.0, "lower bound", (item_w - y(40) - 4) as f64);
        for (i, name) in series().enumerate() {
            let x = x0 + item_w * i as i32;
            top.draw(&Rectangle::new(
                [(x, y(70)), (x + y(30), y(94))],
                COLOURS[i].filled(),
            ))
            .map_err(|e| err(&e))?;
            top.draw(&Text::new(
                name.to_string(),
                (x + y(40), y(82)),
                ("sans-serif", font)
                    .into_font()
                    .color(&BLACK)
                    .pos(Pos::new(HPos::Left, VPos::Center)),
            ))
            .map_err(|e| err(&e))?;
        }
        for (i, line) in self.note.iter().enumerate() {
            top.draw(&Text::new(
                line.as_str(),
                (w / 2, y(108) + self.line() * i as i32),
                ("sans-serif", ty.fit(18.0, line, room))
                    .into_font()
                    .color(&RGBColor(80, 80, 80))
                    .pos(Pos::new(HPos::Center, VPos::Center)),
            ))
            .map_err(|e| err(&e))?;
        }
        Ok(())
    }
}

/// The bar chart of a Wu figure's panel.
type Bars<'a, 'b> = ChartContext<'a, Svg<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// One panel: the rows `of` of size mix `mix`, a group of five bars per number of sources of
/// `counts`, in type `ty`. FEF is far slower than the others: its bars are cut (with their
/// value written above) when they would squash the other bars.
fn draw_panel(
    area: &DrawingArea<Svg<'_>, Shift>,
    of: &[&WuRow],
    counts: &[usize],
    mix: &SizeMix,
    ty: Type,
) -> Result<(), String> {
    let n = counts.len() as f64;
    let others = of
        .iter()
        .flat_map(|r| [r.ecf, r.wr, r.wrp, r.lower_bound])
        .fold(0.0, f64::max);
    let fef_max = of.iter().map(|r| r.fef).fold(0.0, f64::max);
    let cut = fef_max > 1.6 * others;
    let y_max = if cut {
        others * 1.35
    } else {
        others.max(fef_max) * 1.08
    };
    let (scale, unit) = time_unit(y_max);
    let y_top = (y_max / scale).max(1e-9);
    let panel_w = area.dim_in_pixel().0;
    let margin = ty.len(16);
    let caption_px = ty.fit(24.0, mix.title(), (panel_w - 2 * margin) as f64);
    let mut chart = ChartBuilder::on(area)
        .caption(mix.title(), ("sans-serif", caption_px))
        .margin(margin)
        .x_label_area_size(ty.len(60))
        .y_label_area_size(ty.len(80))
        .build_cartesian_2d(-0.5f64..n - 0.5, 0f64..y_top)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("number of sources")
        .y_desc(format!("mean completion time ({unit})"))
        .axis_desc_style(("sans-serif", ty.px(20.0)))
        .label_style(("sans-serif", ty.px(18.0)))
        .light_line_style(RGBColor(235, 235, 235))
        .x_labels(counts.len())
        .y_labels(8)
        .x_label_formatter(&|x| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < counts.len() {
                counts[i as usize].to_string()
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| {
            if y_top < 10.0 {
                format!("{y:.1}")
            } else {
                format!("{y:.0}")
            }
        })
        .draw()
        .map_err(|e| err(&e))?;
    // The values of cut FEF bars (up to 4 characters) in the tick labels' size, smaller on
    // narrow panels so that neighbours' values do not run into each other: on two rows, every
    // other one higher, when one row would take them under the smallest size (the bars are
    // then cut a row lower).
    let plot = chart.plotting_area().dim_in_pixel();
    let group_px = plot.0 as f64 / n;
    let rows = if group_px / 2.6 < Type::MIN { 2 } else { 1 };
    let font = (rows as f64 * group_px / 2.6).clamp(Type::MIN, ty.px(18.0));
    let row = 1.1 * font / (plot.1 as f64).max(1.0);
    let cut = Cut {
        font,
        rows,
        row,
        cap: 0.88 - (rows - 1) as f64 * row,
    };
    for (i, &k) in counts.iter().enumerate() {
        let Some(r) = of.iter().find(|r| r.sources == k) else {
            continue;
        };
        draw_group(&mut chart, i, r, scale, y_top, cut)?;
    }
    Ok(())
}

/// Where FEF bars are cut (`cap`, a share of the axis) and how their values are written:
/// `font` px, on `rows` rows (1 or 2) `row` of the axis apart.
#[derive(Clone, Copy)]
struct Cut {
    font: f64,
    rows: usize,
    row: f64,
    cap: f64,
}

/// The five bars of row `r` around `x = i`, values divided by `scale`, on an axis up to
/// `y_top`. A FEF bar above `cut.cap` of `y_top` (0.88 on one row) is cut there, the cut
/// marked with a white gap and its value written above as `cut` says.
fn draw_group(
    chart: &mut Bars<'_, '_>,
    i: usize,
    r: &WuRow,
    scale: f64,
    y_top: f64,
    cut: Cut,
) -> Result<(), String> {
    let bar = 0.8 / 5.0;
    let fef_cap = cut.cap * y_top;
    let vals = [r.fef, r.ecf, r.wr, r.wrp, r.lower_bound];
    let left = |j: usize| i as f64 - 0.4 + bar * j as f64;
    chart
        .draw_series(vals.iter().enumerate().map(|(j, v)| {
            let x = left(j);
            Rectangle::new(
                [(x + 0.01, 0.0), (x + bar - 0.01, (v / scale).min(y_top))],
                COLOURS[j].filled(),
            )
        }))
        .map_err(|e| err(&e))?;
    if r.fef / scale > fef_cap {
        let x = left(0);
        // Cut the bar at fef_cap, mark the cut with a white gap, write its value.
        chart
            .draw_series([
                Rectangle::new([(x, fef_cap), (x + bar, y_top)], WHITE.filled()),
                Rectangle::new(
                    [
                        (x + 0.01, fef_cap - 0.045 * y_top),
                        (x + bar - 0.01, fef_cap - 0.03 * y_top),
                    ],
                    WHITE.filled(),
                ),
            ])
            .map_err(|e| err(&e))?;
        // The lower row just above the cut, the upper one a row higher.
        let row = (cut.rows - 1 - i % cut.rows) as f64;
        let y = (cut.cap + 0.055 + row * cut.row) * y_top;
        chart
            .draw_series(std::iter::once(Text::new(
                short_number(r.fef / scale),
                (x + bar / 2.0, y),
                ("sans-serif", cut.font)
                    .into_font()
                    .color(&RGBColor(170, 100, 0))
                    .pos(Pos::new(HPos::Center, VPos::Center)),
            )))
            .map_err(|e| err(&e))?;
    }
    Ok(())
}
