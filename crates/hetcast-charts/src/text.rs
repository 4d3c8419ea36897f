//! Text sizes without a font: the charts are laid out the same natively (the CLI) and in
//! WebAssembly (the app's web worker).
//!
//! plotters sizes text through its font: natively a fixed estimate from the font size, in
//! WebAssembly a `<span>` measured in the page's `document`, which a web worker does not have
//! (it panics there). Two places ask: the backend's `estimate_text_size` (captions, axis
//! labels), which [`Svg`] answers with the native estimate, and the series legend
//! (`configure_series_labels`), which measures its lines through the font directly: [`legend`]
//! draws the same legend with the same estimate instead.

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
// The backend trait's style trait by path: in scope, its `stroke_width` would clash with
// `Color`'s.
use plotters_backend::{BackendColor, BackendCoord, BackendTextStyle, DrawingErrorKind};

use crate::{err, Type};

/// The size plotters' native font estimate gives `text` at `size` (its `naive` font: about
/// 0.7 em per byte, 1.24 em high, the em being `size / 1.24²`).
fn text_size(size: f64, text: &str) -> (u32, u32) {
    let em = size / 1.24 / 1.24;
    let width = (em * 0.7 * text.len() as f64).round() as i32;
    let (top, bottom) = (-em.round() as i32, (em * 0.24).round() as i32);
    (width.unsigned_abs(), (bottom - top).unsigned_abs())
}

/// The plotting area's height of a plotters chart `height` px high with `margin` px around,
/// a caption in `caption` px and an x label area of `x_labels` px (plotters' `titled`: the
/// caption takes its text's height and up to 5 px above and below).
pub fn plot_height(height: u32, margin: u32, caption: f64, x_labels: u32) -> f64 {
    let text_h = text_size(caption, "").1 as i32;
    let title = text_h + 2 * (text_h / 2).min(5);
    (height as i32 - 2 * margin as i32 - title - x_labels as i32).max(1) as f64
}

/// plotters' SVG backend, text sized by [`text_size`] (the charts draw on this one).
pub struct Svg<'a>(SVGBackend<'a>);

impl<'a> Svg<'a> {
    /// A chart of `size` pixels written into `buf`.
    pub fn with_string(buf: &'a mut String, size: (u32, u32)) -> Svg<'a> {
        Svg(SVGBackend::with_string(buf, size))
    }
}

type Failure<'a> = DrawingErrorKind<<SVGBackend<'a> as DrawingBackend>::ErrorType>;

impl<'a> DrawingBackend for Svg<'a> {
    type ErrorType = <SVGBackend<'a> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.0.get_size()
    }
    fn ensure_prepared(&mut self) -> Result<(), Failure<'a>> {
        self.0.ensure_prepared()
    }
    fn present(&mut self) -> Result<(), Failure<'a>> {
        self.0.present()
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), Failure<'a>> {
        self.0.draw_pixel(point, color)
    }
    fn draw_line<S: plotters_backend::BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), Failure<'a>> {
        self.0.draw_line(from, to, style)
    }
    fn draw_rect<S: plotters_backend::BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), Failure<'a>> {
        self.0.draw_rect(upper_left, bottom_right, style, fill)
    }
    fn draw_path<S: plotters_backend::BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), Failure<'a>> {
        self.0.draw_path(path, style)
    }
    fn draw_circle<S: plotters_backend::BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), Failure<'a>> {
        self.0.draw_circle(center, radius, style, fill)
    }
    fn fill_polygon<S: plotters_backend::BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), Failure<'a>> {
        self.0.fill_polygon(vert, style)
    }
    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), Failure<'a>> {
        self.0.draw_text(text, style, pos)
    }
    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), Failure<'a>> {
        Ok(text_size(style.size(), text))
    }
    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        (w, h): (u32, u32),
        src: &[u8],
    ) -> Result<(), Failure<'a>> {
        self.0.blit_bitmap(pos, (w, h), src)
    }
}

/// How a legend line shows its series: a line of `colour` and `width`, dashed (`dash`, `gap`)
/// or not.
#[derive(Clone, Copy)]
pub struct Sample {
    /// The series' colour.
    pub colour: RGBColor,
    /// Stroke width.
    pub width: u32,
    /// `(dash, gap)` lengths, or `None` for a solid line.
    pub dashes: Option<(u32, u32)>,
}

/// The legend's text size, left-column width, margin and sample line's length in the files
/// (the charts' plotters legend: `label_font(("sans-serif", 18))`, `legend_area_size(48)`,
/// plotters' margin 10), scaled by the chart's [`Type`].
const FONT: f64 = 18.0;
const SAMPLE_AREA: u32 = 48;
const MARGIN: u32 = 10;
const SAMPLE: u32 = 36;
/// plotters' line height of a multi-line text, in font sizes.
const LINE_HEIGHT: f64 = 1.25;
/// The legend's distance from the plotting area's corner.
const INSET: i32 = 5;

/// The top of each of `lines` legend lines, from the first's.
fn line_tops(lines: usize, font: f64) -> Vec<i32> {
    // plotters lays the lines out from the legend's top, rounding each.
    (0..lines)
        .map(|i| (i as f64 * font * LINE_HEIGHT).round() as i32)
        .collect()
}

/// How far below the plotting area's top the legend of `lines` lines in `ty` ends, in px.
pub fn legend_bottom(lines: usize, ty: Type) -> i32 {
    let font = ty.px(FONT);
    let tops = line_tops(lines, font);
    let last = tops.last().map_or(0, |&t| t + text_size(font, "").1 as i32);
    INSET + last + 2 * ty.len(MARGIN) as i32
}

/// The top of a y axis from 0 whose data reach `data_max` on a plotting area `plot_h` px high,
/// at least `top`, so that the data stay below a legend in a top corner ending `legend` px
/// below the area's top (and a 10 px gap, for the points' 5 px markers). The legend may take
/// at most 60 % of the height: on a flatter area the data may reach it.
pub fn top_below_legend(top: f64, data_max: f64, plot_h: f64, legend: i32) -> f64 {
    let taken = ((legend + 10) as f64 / plot_h.max(1.0)).min(0.6);
    top.max(data_max / (1.0 - taken))
}

/// The series legend of `items` in the upper left (`right`: upper right) corner of `area` (a
/// chart's plotting area, in pixels) in type `ty`: plotters' `configure_series_labels` with
/// the charts' settings (white at 0.9 behind, a black border), each line's size from
/// [`text_size`].
pub fn legend(
    area: &DrawingArea<Svg<'_>, Shift>,
    items: &[(String, Sample)],
    right: bool,
    ty: Type,
) -> Result<(), String> {
    let (font, margin) = (ty.px(FONT), ty.len(MARGIN) as i32);
    let tops = line_tops(items.len(), font);
    let sizes: Vec<(u32, u32)> = items.iter().map(|(t, _)| text_size(font, t)).collect();
    let (mut w, mut h) = tops
        .iter()
        .zip(&sizes)
        .fold((0, 0), |(mx, my), (&y, &(dx, dy))| {
            (mx.max(dx as i32), my.max(y + dy as i32))
        });
    w += ty.len(SAMPLE_AREA) as i32 + margin * 2;
    h += margin * 2;
    let x = if right {
        area.dim_in_pixel().0 as i32 - w - INSET
    } else {
        INSET
    };
    let y = INSET;
    let back: ShapeStyle = WHITE.mix(0.9).into();
    let border: ShapeStyle = BLACK.into();
    let frame = [(x, y), (x + w, y + h)];
    area.draw(&Rectangle::new(frame, back.filled()))
        .map_err(|e| err(&e))?;
    area.draw(&Rectangle::new(frame, border))
        .map_err(|e| err(&e))?;
    let style: TextStyle = ("sans-serif", font).into_font().into();
    let (text_x, text_y) = (x + ty.len(SAMPLE_AREA) as i32 + margin, y + margin);
    for ((label, _), &top) in items.iter().zip(&tops) {
        area.draw(&Text::new(label.as_str(), (text_x, text_y + top), &style))
            .map_err(|e| err(&e))?;
    }
    for (((_, s), &top), &(_, dy)) in items.iter().zip(&tops).zip(&sizes) {
        let y0 = text_y + top;
        let mid = (y0 + y0 + dy as i32) / 2;
        let line = vec![(x + margin, mid), (x + margin + ty.len(SAMPLE) as i32, mid)];
        let style = s.colour.stroke_width(s.width);
        match s.dashes {
            Some((dash, gap)) => area.draw(&DashedPathElement::new(line, dash, gap, style)),
            None => area.draw(&PathElement::new(line, style)),
        }
        .map_err(|e| err(&e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chart with two series, its legend in the upper right (`right`) or left corner, drawn by
    /// plotters (`ours` false) or by [`legend`].
    fn chart(ours: bool, right: bool) -> String {
        let mut buf = String::new();
        {
            let root = Svg::with_string(&mut buf, (500, 300)).into_drawing_area();
            let mut chart = ChartBuilder::on(&root)
                .caption("two series", ("sans-serif", 22))
                .margin(20)
                .x_label_area_size(40)
                .y_label_area_size(50)
                .build_cartesian_2d(0.0..1.0, 0.0..1.0)
                .unwrap();
            chart.configure_mesh().draw().unwrap();
            let blue = RGBColor(0, 114, 178);
            let series = [
                ("a solid line", blue, None),
                ("dashed, the longer label", BLACK, Some((6, 4))),
            ];
            let mut items = Vec::new();
            for (label, c, dashes) in series {
                let line = LineSeries::new(vec![(0.0, 0.2), (1.0, 0.8)], c.stroke_width(3));
                let anno = chart.draw_series(line).unwrap();
                if !ours {
                    anno.label(label).legend(move |(x, y)| -> DynElement<_, _> {
                        match dashes {
                            Some((d, g)) => DashedPathElement::new(
                                vec![(x, y), (x + 36, y)],
                                d,
                                g,
                                c.stroke_width(3),
                            )
                            .into_dyn(),
                            None => PathElement::new(vec![(x, y), (x + 36, y)], c.stroke_width(3))
                                .into_dyn(),
                        }
                    });
                }
                let (colour, width) = (c, 3);
                items.push((
                    label.to_string(),
                    Sample {
                        colour,
                        width,
                        dashes,
                    },
                ));
            }
            if ours {
                legend(
                    &chart.plotting_area().strip_coord_spec(),
                    &items,
                    right,
                    Type::new(500, 500),
                )
                .unwrap();
            } else {
                chart
                    .configure_series_labels()
                    .label_font(("sans-serif", 18))
                    .legend_area_size(48)
                    .background_style(WHITE.mix(0.9))
                    .border_style(BLACK)
                    .position(if right {
                        SeriesLabelPosition::UpperRight
                    } else {
                        SeriesLabelPosition::UpperLeft
                    })
                    .draw()
                    .unwrap();
            }
            root.present().unwrap();
        }
        buf
    }

    /// Natively (where plotters' font is the same estimate) the legend is plotters' own, to the
    /// byte, in both corners.
    #[test]
    fn the_legend_is_plotters_own_natively() {
        for right in [false, true] {
            let ours = chart(true, right);
            assert!(ours.contains("dashed, the longer label"));
            assert_eq!(ours, chart(false, right), "right: {right}");
        }
    }

    /// plotters' native estimate at the legend's 18 px: 12 px above the baseline, 3 below,
    /// 8.19 px a byte.
    #[test]
    fn text_size_is_plotters_native_estimate() {
        assert_eq!(text_size(18.0, ""), (0, 15));
        assert_eq!(text_size(18.0, "a"), (8, 15));
        assert_eq!(text_size(18.0, "lower bound"), (90, 15));
        assert_eq!(text_size(18.0, "≥"), (25, 15));
    }
}
