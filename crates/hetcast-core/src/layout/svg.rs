//! Writes a [`Scene`] as a standalone SVG 1.1 document: the same items, classes and stylesheet
//! the app draws, so an exported file is the picture on screen.
//!
//! The document is `<svg class="hc-scene">` with `xmlns`, `version`, `width`, `height` and
//! `viewBox`; then `<title>`, [`DEFS`] (the hatch pattern and the arrow head), `<style>` with
//! [`STYLE`], a white background and the items in paint order. Every
//! text and attribute value is XML-escaped, and characters XML 1.0 forbids are replaced by
//! U+FFFD, so user-given names cannot break the document.
//!
//! Renderers of a [`Scene`] (this one and the app's DOM renderer) follow the same rules:
//! - the holding element carries the class [`ROOT_CLASS`] and
//!   contains [`DEFS`];
//! - a `Line` with `arrow: true` gets `marker-end` = [`ARROW_MARKER`];
//! - a `Rect` or a `Line` with a non-empty `tip` gets a `<title>` child (the browser's tooltip);
//! - `Text` gets `text-anchor` from its [`Anchor`](crate::layout::Anchor).
//!
//! ```
//! use hetcast_core::{models::overhead::{gallery, algo::greedy::greedy, simulate, view}, layout};
//! let inst = gallery::libeskind_hadas_figure1();
//! let s = simulate(&inst, &greedy(&inst).unwrap().plan).unwrap();
//! let svg = layout::svg::to_svg(&view::gantt_scene(&inst, &s, &Default::default()));
//! assert!(svg.starts_with("<?xml") && svg.contains("T = 10"));
//! ```

use super::scene::{Anchor, Item, Scene};
use super::style::{ROOT_CLASS, STYLE};
use std::fmt::Write;

/// The `<defs>` both renderers include: the `hc-hatch` pattern of receive bars, the
/// `hc-wait` cross-hatching of blocked time (many-source Gantt chart) and the `hc-arrow`
/// marker of arrows. Identical copies in one page are harmless.
pub const DEFS: &str = r##"<defs><pattern id="hc-hatch" patternUnits="userSpaceOnUse" width="10" height="10" patternTransform="rotate(45)"><rect width="10" height="10" fill="#fde9b8"/><line x1="0" y1="0" x2="0" y2="10" stroke="#9a5200" stroke-width="5"/></pattern><pattern id="hc-wait" patternUnits="userSpaceOnUse" width="8" height="8"><rect width="8" height="8" fill="#ffffff"/><path d="M0,0 L8,8 M8,0 L0,8" stroke="#707070" stroke-width="1"/></pattern><marker id="hc-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="12" markerHeight="12" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#333333"/></marker></defs>"##;

/// The `marker-end` value of a `Line` with `arrow: true`.
pub const ARROW_MARKER: &str = "url(#hc-arrow)";

/// Escape `s` for XML text and attribute values: `& < > " '` become entities; characters
/// XML 1.0 does not allow (most control characters) become U+FFFD.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// A coordinate with at most two decimals and no trailing zeros; not-finite values become 0.
pub fn num(x: f64) -> String {
    if !x.is_finite() {
        return "0".into();
    }
    let s = format!("{:.2}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".into()
    } else {
        s.to_string()
    }
}

pub(crate) fn attr(out: &mut String, name: &str, value: &str) {
    let _ = write!(out, " {name}=\"{}\"", escape(value));
}

/// How [`to_svg_with`] writes a figure.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SvgOptions {
    /// Every element also carries its styles in a `style` attribute, for converters that
    /// ignore a `<style>` block (the block stays, for the others).
    pub inline_styles: bool,
    /// The figure's width in px (its height follows the drawing's aspect ratio); `None`: the
    /// drawing's own size.
    pub width: Option<f64>,
}

/// The SVG document for `scene`.
pub fn to_svg(scene: &Scene) -> String {
    to_svg_with(scene, &SvgOptions::default())
}

/// The rules of [`STYLE`], each as (selectors, declarations); a selector is (element name or
/// "", the classes it needs).
fn style_rules() -> Vec<Rule> {
    STYLE
        .lines()
        .filter_map(|line| {
            let (sel, rest) = line.split_once('{')?;
            let decls = rest.trim().trim_end_matches('}').trim().to_string();
            let sels = sel
                .split(',')
                .filter_map(|one| {
                    let one = one.trim().strip_prefix(".hc-scene")?.trim();
                    if one.is_empty() {
                        return None;
                    }
                    let (elem, classes) = match one.split_once('.') {
                        Some((e, c)) => (e.to_string(), c.split('.').map(str::to_string).collect()),
                        None => (one.to_string(), Vec::new()),
                    };
                    Some((elem, classes))
                })
                .collect::<Vec<_>>();
            (!sels.is_empty()).then_some((sels, decls))
        })
        .collect()
}

/// A parsed rule of [`STYLE`]: its selectors (element name or "", the classes each needs) and
/// its declarations.
type Rule = (Vec<(String, Vec<String>)>, String);

/// The declarations of `rules` that apply to element `elem` of classes `class`, in order.
fn declarations(rules: &[Rule], elem: &str, class: &str) -> String {
    let have: Vec<&str> = class.split_whitespace().collect();
    let applies = |sels: &[(String, Vec<String>)]| {
        sels.iter().any(|(e, cs)| {
            (e.is_empty() || e == elem) && cs.iter().all(|c| have.contains(&c.as_str()))
        })
    };
    rules
        .iter()
        .filter(|(sels, _)| applies(sels))
        .map(|(_, d)| d.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The declarations of [`STYLE`] that apply to element `elem` of classes `class`, in order:
/// what [`SvgOptions::inline_styles`] writes in its `style` attribute.
pub fn inline_style(elem: &str, class: &str) -> String {
    declarations(&style_rules(), elem, class)
}

/// The SVG document for `scene`, written as `opts` says.
pub fn to_svg_with(scene: &Scene, opts: &SvgOptions) -> String {
    let mut w = Writer::open(scene, opts);
    for item in &scene.items {
        w.item(item, "");
    }
    w.close()
}

/// A document being written: [`Writer::open`] writes its head (the root, title, defs,
/// stylesheet and background), [`Writer::item`] one item, [`Writer::close`] its end. The
/// animated export writes its own elements between them.
pub struct Writer {
    out: String,
    rules: Option<Vec<Rule>>,
}

impl Writer {
    /// A document for `scene` written as `opts` says, its head written.
    pub fn open(scene: &Scene, opts: &SvgOptions) -> Writer {
        let (w, h) = (num(scene.width.max(1.0)), num(scene.height.max(1.0)));
        let (out_w, out_h) = match opts.width.filter(|w| w.is_finite() && *w > 0.0) {
            Some(fw) => (
                num(fw),
                num(fw * scene.height.max(1.0) / scene.width.max(1.0)),
            ),
            None => (w.clone(), h.clone()),
        };
        let mut out = String::with_capacity(256 + scene.items.len() * 120 + STYLE.len());
        out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" class=\"{ROOT_CLASS}\" width=\"{out_w}\" height=\"{out_h}\" viewBox=\"0 0 {w} {h}\" role=\"img\">"
        );
        let _ = writeln!(out, "<title>{}</title>", escape(&scene.title));
        out.push_str(DEFS);
        out.push('\n');
        let _ = writeln!(out, "<style type=\"text/css\"><![CDATA[{STYLE}]]></style>");
        let _ = writeln!(
            out,
            "<rect class=\"bg\"{} x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\"/>",
            if opts.inline_styles {
                " style=\"fill: #ffffff; stroke: none;\""
            } else {
                ""
            }
        );
        Writer {
            out,
            rules: opts.inline_styles.then(style_rules),
        }
    }

    /// The text written so far, to add to.
    pub fn out(&mut self) -> &mut String {
        &mut self.out
    }

    /// Write the `class` attribute `class` of element `elem`, and its `style` attribute: the
    /// stylesheet's declarations when styles are inline, then `more`.
    pub fn class(&mut self, elem: &str, class: &str, more: &str) {
        attr(&mut self.out, "class", class);
        let mut decls = match &self.rules {
            Some(rules) => declarations(rules, elem, class),
            None => String::new(),
        };
        if !more.is_empty() {
            if !decls.is_empty() {
                decls.push(' ');
            }
            decls.push_str(more);
        }
        if !decls.is_empty() {
            attr(&mut self.out, "style", &decls);
        }
    }

    /// Write `item`, with the declarations `more` added to its style.
    pub fn item(&mut self, item: &Item, more: &str) {
        match item {
            Item::Rect {
                x,
                y,
                w,
                h,
                rx,
                class,
                id,
                tip,
            } => {
                self.out.push_str("<rect");
                if !id.is_empty() {
                    attr(&mut self.out, "id", id);
                }
                self.class("rect", class, more);
                let out = &mut self.out;
                attr(out, "x", &num(*x));
                attr(out, "y", &num(*y));
                attr(out, "width", &num(w.max(0.0)));
                attr(out, "height", &num(h.max(0.0)));
                if *rx > 0.0 {
                    attr(out, "rx", &num(*rx));
                }
                if tip.is_empty() {
                    out.push_str("/>\n");
                } else {
                    let _ = writeln!(out, "><title>{}</title></rect>", escape(tip));
                }
            }
            Item::Line {
                x1,
                y1,
                x2,
                y2,
                class,
                arrow,
                id,
                tip,
            } => {
                self.out.push_str("<line");
                if !id.is_empty() {
                    attr(&mut self.out, "id", id);
                }
                self.class("line", class, more);
                let out = &mut self.out;
                attr(out, "x1", &num(*x1));
                attr(out, "y1", &num(*y1));
                attr(out, "x2", &num(*x2));
                attr(out, "y2", &num(*y2));
                if *arrow {
                    attr(out, "marker-end", ARROW_MARKER);
                }
                if tip.is_empty() {
                    out.push_str("/>\n");
                } else {
                    let _ = writeln!(out, "><title>{}</title></line>", escape(tip));
                }
            }
            Item::Text {
                x,
                y,
                text,
                class,
                anchor,
            } => {
                self.text_open(*x, *y, class, *anchor, more);
                let _ = writeln!(self.out, "{}</text>", escape(text));
            }
        }
    }

    /// Write the start tag of a text item, up to its content.
    pub fn text_open(&mut self, x: f64, y: f64, class: &str, anchor: Anchor, more: &str) {
        self.out.push_str("<text");
        self.class("text", class, more);
        attr(&mut self.out, "x", &num(x));
        attr(&mut self.out, "y", &num(y));
        attr(&mut self.out, "text-anchor", anchor.svg());
        self.out.push('>');
    }

    /// Close the document and give its text.
    pub fn close(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Anchor;

    #[test]
    fn inline_styles_follow_the_stylesheet_in_order() {
        assert_eq!(
            inline_style("line", "edge critical"),
            "stroke: #333333; stroke-width: 2px; fill: none; stroke: #b34700; stroke-width: 5px;"
        );
        assert!(inline_style("text", "title").starts_with("font-family:"));
        assert!(inline_style("text", "title").ends_with("font-size: 22px; font-weight: bold;"));
        assert_eq!(inline_style("rect", "no-such-class"), "");
        let scene = Scene {
            width: 200.0,
            height: 100.0,
            title: "t".into(),
            items: vec![Item::Line {
                x1: 0.0,
                y1: 0.0,
                x2: 1.0,
                y2: 1.0,
                class: "edge".into(),
                arrow: false,
                id: String::new(),
                tip: String::new(),
            }],
            time: None,
        };
        let svg = to_svg_with(
            &scene,
            &SvgOptions {
                inline_styles: true,
                width: Some(400.0),
            },
        );
        assert!(
            svg.contains("width=\"400\" height=\"200\" viewBox=\"0 0 200 100\""),
            "{svg}"
        );
        assert!(
            svg.contains("style=\"stroke: #333333; stroke-width: 2px; fill: none;\""),
            "{svg}"
        );
    }

    #[test]
    fn escapes_and_numbers() {
        assert_eq!(escape("<&>\"'x\u{1}"), "&lt;&amp;&gt;&quot;&apos;x\u{FFFD}");
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.256), "1.26");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(f64::NAN), "0");
        assert_eq!(num(12.5), "12.5");
    }

    #[test]
    fn writes_every_item() {
        let scene = Scene {
            width: 100.0,
            height: 50.0,
            title: "a <b>".into(),
            items: vec![
                Item::Rect {
                    x: 1.0,
                    y: 2.0,
                    w: 3.0,
                    h: 4.0,
                    rx: 0.0,
                    class: "send".into(),
                    id: "send-0-1".into(),
                    tip: "P0 & P1".into(),
                },
                Item::Line {
                    x1: 0.0,
                    y1: 0.0,
                    x2: 5.0,
                    y2: 5.0,
                    class: "edge".into(),
                    arrow: true,
                    id: "edge-0-1".into(),
                    tip: String::new(),
                },
                Item::Text {
                    x: 1.0,
                    y: 1.0,
                    text: "T = 10".into(),
                    class: "title".into(),
                    anchor: Anchor::Middle,
                },
            ],
            time: None,
        };
        let s = to_svg(&scene);
        assert!(s.contains("<title>a &lt;b&gt;</title>"));
        assert!(s.contains(
            "<rect id=\"send-0-1\" class=\"send\" x=\"1\" y=\"2\" width=\"3\" height=\"4\"><title>P0 &amp; P1</title></rect>"
        ));
        assert!(s.contains("<line id=\"edge-0-1\" class=\"edge\""));
        assert!(s.contains("marker-end=\"url(#hc-arrow)\""));
        assert!(s.contains("text-anchor=\"middle\">T = 10</text>"));
        assert!(s.contains("viewBox=\"0 0 100 50\""));
    }
}
