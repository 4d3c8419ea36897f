//! The one stylesheet of every scene, and the type sizes the layouts are computed for.
//!
//! Both renderers use it: [`to_svg`](crate::layout::svg::to_svg) writes it inside the exported
//! document's `<style>`, and the app injects it into the page. Every rule is scoped under
//! [`ROOT_CLASS`], so the element that holds a scene's items (the `<svg>`) must carry that
//! class, and the stylesheet cannot leak into the rest of the page.
//!
//! Choices, for a projector at 1280x720 and for colour-blind viewers:
//! - type is 16px at least (names, lanes, ticks), 20px for node labels, 22px for titles;
//! - near-black text and outlines on white (contrast above 10:1 for all text);
//! - colours from the Okabe-Ito palette (blue, orange, vermillion, bluish green), and never
//!   colour alone: **send** bars are solid dark blue, **receive** bars are hatched (the
//!   `hc-hatch` pattern of [`DEFS`](crate::layout::svg::DEFS)), **transit** is a thin dashed
//!   outline, the completion time is a thick dashed line with a "T = ..." label, and the
//!   Gantt chart has a legend with the words "send", "transit", "receive".
//!
//! Classes (an item may have several, separated by spaces):
//!
//! | class | item | meaning |
//! |---|---|---|
//! | `bg` | rect | white background |
//! | `title` | text | visible heading |
//! | `node` | rect | a tree node's box; with `source` for the root, `last` for the node(s) that finish last |
//! | `node-label` | text | "c\|t" (node model) or "s/r\|t" (sender-receiver) inside a box |
//! | `node-name` | text | the node's name inside a box |
//! | `edge` | line | tree edge (arrow); with `critical` on the critical path (when asked for) |
//! | `critical` | rect | Gantt chart: outline of a stretch of the critical path (when asked for) |
//! | `lane` | rect | a Gantt lane; `alt` every other lane |
//! //! | `busiest` | rect | with `lane`: the busiest port's lane (platform period), and its legend swatch |
//! | `lane-label` | text | name and costs of a lane |
//! | `grid` | line | vertical grid line at a tick |
//! | `send` | rect | send overhead (solid) |
//! | `transit` | rect | message in the network, latency L (thin, dashed) |
//! | `recv` | rect | receive overhead (hatched) |
//! | `ready` | rect | small marker: the node holds the message |
//! | `msg` | line | the message going from the end of a send to its receiver (arrow) |
//! | `bar-label` | text | the receiver's name inside a send bar |
//! | `axis`, `tick` | line | the time axis and its ticks |
//! | `tick-label`, `axis-label` | text | tick values and "time" |
//! | `top-axis`, `top-tick`, `top-tick-label`, `top-axis-label` | line, text | the same axis repeated above the lanes of a tall chart |
//! | `completion` | line | vertical marker at the completion time |
//! | `completion-label` | text | "T = 10" |
//! | `legend` | text | legend words |
//! | `future` | any | not yet happened at the replay time (faded) |
//! | `now` | line | the replay time |
//! | `mc0`..`mc7` | any | the colour of a message (many-source views, [`MESSAGE_COLOURS`]) |
//! | `msend`, `mrecv`, `mtransit` | rect | many-source send (solid), receive (tinted, hatched), transit (dashed) |
//! | `mhatch`, `mstripe` | line | hatching of a receive bar, stripes of a send bar (pattern variants) |
//! | `blocked` | rect | a receiver waiting for its message (grey cross-hatching on white, the `hc-wait` pattern) |
//! | `mmsg` | line | a message from the end of its send to its receive (arrow) |
//! | `mbar-label` | text | label inside a many-source bar (haloed) |
//! | `mnode`, `medge` | rect, line | a node and an edge of a message's tree |
//! | `dummy` | rect, line | with `node` / `medge`: a dummy processor or message (Gonzalez's input balancing), dashed |
//! | `picked` | line | with `medge`: a bundle `Q_j` chosen to move, dotted (the paper's figures 3, 5) |
//! | `new` | rect, line | with `node` / `medge` / `xsend`: built by the step shown |
//! | `chosen` | rect | with `node`: a processor in a set the step chose (`S`, `S'`, marked) |
//! | `node-tag` | text | the sets a processor is in, under its box |
//! | `xsend` | line | a transmission of the schedule being built (arrow) |
//! | `step-note` | text | the sets and transmissions of the step shown, in words |

/// The class of the element that holds a scene (the `<svg>`); every rule of [`STYLE`] is scoped
/// under it.
pub const ROOT_CLASS: &str = "hc-scene";

/// Font size (px) of titles.
pub const FONT_TITLE: f64 = 22.0;
/// Font size (px) of node labels "c|t".
pub const FONT_LABEL: f64 = 20.0;
/// Font size (px) of names, lane labels, tick labels, legends.
pub const FONT_SMALL: f64 = 16.0;

/// The colours of messages in the many-source views (Okabe-Ito, safe for colour-blind
/// viewers): message `k` gets colour `k % 8` through the class `mc{k % 8}`
/// ([`message_class`]); each is paired with a light tint used for receive bars.
pub const MESSAGE_COLOURS: [&str; 8] = [
    "#0072b2", "#e69f00", "#009e73", "#d55e00", "#56b4e9", "#cc79a7", "#f0e442", "#000000",
];

/// The colour class of message `k`: `mc0` .. `mc7` (the palette cycles after 8 messages;
/// [`message_variant`] then tells the cycles apart by pattern).
pub fn message_class(k: usize) -> String {
    format!("mc{}", k % MESSAGE_COLOURS.len())
}

/// Which pattern variant message `k` is drawn with: 0 for the first 8 messages, 1 for the next
/// 8, 2 for the 8 after, then again 0. Variants change the stripes of send bars and the
/// direction of the hatching of receive bars, so messages sharing a colour differ in pattern.
pub fn message_variant(k: usize) -> usize {
    (k / MESSAGE_COLOURS.len()) % 3
}

/// The shared stylesheet (see the module documentation). It contains no `<`, `&` or `]]>`,
/// so it can be written inside an SVG `<style>` and an HTML `<style>` alike.
pub const STYLE: &str = r#"
.hc-scene { background: #ffffff; }
.hc-scene text { font-family: "DejaVu Sans", Verdana, Arial, Helvetica, sans-serif; fill: #111111; font-variant-numeric: tabular-nums; }
.hc-scene .bg { fill: #ffffff; stroke: none; }
.hc-scene .title { font-size: 22px; font-weight: bold; }
.hc-scene .node { fill: #ffffff; stroke: #222222; stroke-width: 2px; }
.hc-scene .node.source { fill: #dceefb; stroke: #0072b2; stroke-width: 3px; }
.hc-scene .node.last { fill: #fde3d6; stroke: #d55e00; stroke-width: 4px; }
.hc-scene .node-label { font-size: 20px; font-weight: bold; }
.hc-scene .node-name { font-size: 16px; fill: #333333; }
.hc-scene .edge { stroke: #333333; stroke-width: 2px; fill: none; }
.hc-scene .edge.critical { stroke: #b34700; stroke-width: 5px; }
.hc-scene .medge.critical { stroke-width: 5px; stroke-dasharray: none; }
.hc-scene .node.critical, .hc-scene .mnode.critical { stroke: #b34700; stroke-width: 4px; }
.hc-scene rect.critical { fill: none; stroke: #b34700; stroke-width: 3px; pointer-events: none; }
.hc-scene .lane { fill: #ffffff; stroke: none; }
.hc-scene .lane.alt { fill: #ededed; }
.hc-scene .lane.busiest { fill: #fde3d6; stroke: #b34700; stroke-width: 2px; }
.hc-scene .lane-label { font-size: 16px; }
.hc-scene .grid { stroke: #b0b0b0; stroke-width: 1px; stroke-dasharray: 2 4; }
.hc-scene .send { fill: #0b3c6e; stroke: #ffffff; stroke-width: 1.5px; }
.hc-scene .transit { fill: #ffffff; stroke: #333333; stroke-width: 1.5px; stroke-dasharray: 5 3; }
.hc-scene .recv { fill: url(#hc-hatch); stroke: #8a4500; stroke-width: 1.5px; }
.hc-scene .ready { fill: #009e73; stroke: #00422f; stroke-width: 1px; }
.hc-scene .msg { stroke: #444444; stroke-width: 1.5px; fill: none; }
.hc-scene .bar-label { font-size: 16px; font-weight: bold; fill: #ffffff; }
.hc-scene .axis { stroke: #111111; stroke-width: 2px; }
.hc-scene .tick { stroke: #111111; stroke-width: 2px; }
.hc-scene .tick-label { font-size: 16px; }
.hc-scene .axis-label { font-size: 16px; font-style: italic; }
.hc-scene .top-axis, .hc-scene .top-tick { stroke: #111111; stroke-width: 2px; }
.hc-scene .top-tick-label { font-size: 16px; }
.hc-scene .top-axis-label { font-size: 16px; font-style: italic; }
.hc-scene .completion { stroke: #d55e00; stroke-width: 3px; stroke-dasharray: 8 4; }
.hc-scene .completion-label { font-size: 18px; font-weight: bold; fill: #a33a00; }
.hc-scene .legend { font-size: 16px; }
.hc-scene .now { stroke: #009e73; stroke-width: 3px; }
.hc-scene .future { opacity: 0.3; }
.hc-scene .mc0 { fill: #0072b2; stroke: #0072b2; }
.hc-scene .mc1 { fill: #e69f00; stroke: #e69f00; }
.hc-scene .mc2 { fill: #009e73; stroke: #009e73; }
.hc-scene .mc3 { fill: #d55e00; stroke: #d55e00; }
.hc-scene .mc4 { fill: #56b4e9; stroke: #56b4e9; }
.hc-scene .mc5 { fill: #cc79a7; stroke: #cc79a7; }
.hc-scene .mc6 { fill: #f0e442; stroke: #8f8300; }
.hc-scene .mc7 { fill: #000000; stroke: #000000; }
.hc-scene .msend { stroke: #ffffff; stroke-width: 1.5px; }
.hc-scene .mstripe { stroke: #ffffff; stroke-width: 3px; }
.hc-scene .mtransit { fill: #ffffff; stroke-width: 2px; stroke-dasharray: 5 3; }
.hc-scene .mrecv { stroke-width: 2px; }
.hc-scene .mrecv.mc0 { fill: #cfe3f1; }
.hc-scene .mrecv.mc1 { fill: #fbecc6; }
.hc-scene .mrecv.mc2 { fill: #c8ece1; }
.hc-scene .mrecv.mc3 { fill: #f6d7c2; }
.hc-scene .mrecv.mc4 { fill: #dcf0fb; }
.hc-scene .mrecv.mc5 { fill: #f4dfeb; }
.hc-scene .mrecv.mc6 { fill: #fbf7cc; }
.hc-scene .mrecv.mc7 { fill: #d6d6d6; }
.hc-scene .mhatch { stroke-width: 2.5px; pointer-events: none; }
.hc-scene .blocked { fill: url(#hc-wait); stroke: #333333; stroke-width: 1.5px; stroke-dasharray: 4 2; }
.hc-scene .mmsg { fill: none; stroke-width: 1.5px; opacity: 0.75; }
.hc-scene .mbar-label { font-size: 16px; font-weight: bold; fill: #111111; stroke: #ffffff; stroke-width: 4px; paint-order: stroke; stroke-linejoin: round; }
.hc-scene .mnode { fill: #ffffff; stroke-width: 3px; }
.hc-scene .mnode.source { stroke-width: 5px; }
.hc-scene .mnode.last { stroke-width: 5px; stroke-dasharray: 10 3; }
.hc-scene .medge { fill: none; stroke-width: 3px; }
.hc-scene .bundle { fill: none; stroke-width: 1.5px; }
.hc-scene .bundle-label { font-size: 16px; font-weight: bold; stroke: #ffffff; stroke-width: 4px; paint-order: stroke; }
.hc-scene .mnode.source.mc0 { fill: #cfe3f1; }
.hc-scene .mnode.source.mc1 { fill: #fbecc6; }
.hc-scene .mnode.source.mc2 { fill: #c8ece1; }
.hc-scene .mnode.source.mc3 { fill: #f6d7c2; }
.hc-scene .mnode.source.mc4 { fill: #dcf0fb; }
.hc-scene .mnode.source.mc5 { fill: #f4dfeb; }
.hc-scene .mnode.source.mc6 { fill: #fbf7cc; }
.hc-scene .mnode.source.mc7 { fill: #d6d6d6; }
.hc-scene .pnode { fill: #ffffff; stroke: #1f3b5c; stroke-width: 2.5px; }
.hc-scene .pnode.target { fill: #ffe2a8; stroke: #7a4b00; stroke-width: 3px; }
.hc-scene .pnode.source { fill: #dceefb; stroke: #0072b2; stroke-width: 4px; }
.hc-scene .pnode.dropped { fill: #e4e4e4; stroke: #8a8a8a; stroke-dasharray: 4 3; }
.hc-scene .pnode.critical { stroke: #b34700; stroke-width: 5px; }
.hc-scene .pedge { fill: none; }
.hc-scene .pedge.idle { stroke: #b8b8b8; stroke-width: 1.5px; stroke-dasharray: 4 4; }
.hc-scene .pedge.used { stroke: #0b3c6e; }
.hc-scene .pedge.load-1 { stroke-width: 2px; }
.hc-scene .pedge.load-2 { stroke-width: 3.5px; }
.hc-scene .pedge.load-3 { stroke-width: 5px; }
.hc-scene .pedge.load-4 { stroke-width: 6.5px; }
.hc-scene .pedge.load-5 { stroke-width: 8px; }
.hc-scene .pedge.tree { stroke: #009e73; }
.hc-scene .edge-load { font-size: 16px; font-weight: bold; fill: #0b3c6e; stroke: #ffffff; stroke-width: 4px; paint-order: stroke; stroke-linejoin: round; }
.hc-scene .diamond { stroke: #cc79a7; stroke-width: 3px; }
.hc-scene .node.dummy { fill: #eeeeee; stroke-dasharray: 7 4; }
.hc-scene .node.chosen { stroke-width: 4px; }
.hc-scene .node.new { stroke: #d55e00; stroke-width: 5px; }
.hc-scene .medge.dummy { stroke-dasharray: 10 5; }
.hc-scene .medge.picked { stroke-dasharray: 2 6; stroke-linecap: round; stroke-width: 5px; }
.hc-scene .medge.new { stroke-width: 6px; }
.hc-scene .xsend { stroke: #111111; stroke-width: 4px; fill: none; opacity: 0.8; }
.hc-scene .xsend.new { stroke: #d55e00; stroke-width: 6px; opacity: 1; }
.hc-scene .node-tag { font-size: 16px; font-weight: bold; fill: #a33a00; stroke: #ffffff; stroke-width: 4px; paint-order: stroke; }
.hc-scene .step-note { font-size: 16px; }
"#;

/// A generous estimate of the width of `text` at `font` px in the stylesheet's fonts
/// (DejaVu Sans and Verdana are wide: about 0.62 em per digit or lower-case letter).
pub fn text_width(text: &str, font: f64) -> f64 {
    text.chars()
        .map(|c| {
            if c.is_ascii_uppercase() || c == 'm' || c == 'w' || c == 'W' || c == 'M' {
                0.75
            } else if matches!(c, 'i' | 'l' | 'j' | '|' | '.' | ',' | ':' | '\'' | ' ') {
                0.36
            } else if (c as u32) > 0x2E80 {
                // CJK and other wide scripts.
                1.0
            } else {
                0.64
            }
        })
        .sum::<f64>()
        * font
}

/// A generous estimate of the width of a heading (class `title`: [`FONT_TITLE`] px, bold,
/// about a tenth wider than [`text_width`] says for regular type).
pub fn title_width(text: &str) -> f64 {
    text_width(text, FONT_TITLE) * 1.1
}

/// `text` broken after the first `sep` of each part wider than `width` (as measured by
/// `measure`, e.g. [`text_width`] at a font size, or [`title_width`]), into as few lines as
/// fit; a part wider than `width` alone stays on its line, and a separator's space is dropped
/// at a line's end. The one line breaker of every scene: headings after their ": ", keys and
/// legends at their "; ", prose at its spaces.
///
/// **Complexity**: O(p × |text|) for p pieces, each measured once joined to the line so far.
pub fn break_at(
    text: &str,
    seps: &[&str],
    width: f64,
    measure: impl Fn(&str) -> f64,
) -> Vec<String> {
    if text.is_empty() {
        return Vec::new();
    }
    if measure(text) <= width {
        return vec![text.to_string()];
    }
    // The pieces, each keeping its separator (trimmed of its space at a line's end).
    let mut pieces: Vec<String> = vec![text.to_string()];
    for sep in seps {
        pieces = pieces
            .into_iter()
            .flat_map(|p| {
                let parts: Vec<&str> = p.split(sep).collect();
                let last = parts.len() - 1;
                parts
                    .into_iter()
                    .enumerate()
                    .map(|(i, q)| {
                        if i < last {
                            format!("{q}{sep}")
                        } else {
                            q.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for p in pieces {
        let joined = format!("{cur}{p}");
        if cur.is_empty() || measure(joined.trim_end()) <= width {
            cur = joined;
        } else {
            out.push(cur.trim_end().to_string());
            cur = p;
        }
    }
    out.push(cur.trim_end().to_string());
    out
}

/// `text` cut to at most `max` characters, with "…" when cut.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_break_after_their_separators_into_as_few_lines_as_fit() {
        let key = "m0 from P0, 1 B → 11 nodes. Box: node · class | time it holds m0; dashed: gets it last";
        let chars = |t: &str| t.chars().count() as f64;
        assert_eq!(break_at(key, &["; ", ". "], 200.0, chars), [key]);
        assert_eq!(
            break_at(key, &["; ", ". "], 70.0, chars),
            [
                "m0 from P0, 1 B → 11 nodes. Box: node · class | time it holds m0;",
                "dashed: gets it last"
            ]
        );
        assert_eq!(
            break_at(key, &["; ", ". "], 40.0, chars),
            [
                "m0 from P0, 1 B → 11 nodes.",
                "Box: node · class | time it holds m0;",
                "dashed: gets it last"
            ]
        );
        // A part wider than the width alone stays whole on its line; no text, no line.
        assert_eq!(
            break_at("a: bbbbbbbb", &[": "], 4.0, chars),
            ["a:", "bbbbbbbb"]
        );
        assert!(break_at("", &[": "], 4.0, chars).is_empty());
    }

    #[test]
    fn style_is_safe_in_markup_and_uses_the_declared_sizes() {
        assert!(!STYLE.contains('<') && !STYLE.contains('&') && !STYLE.contains("]]>"));
        assert!(STYLE.contains(&format!(".node-label {{ font-size: {FONT_LABEL}px")));
        assert!(STYLE.contains(&format!(".title {{ font-size: {FONT_TITLE}px")));
        for class in [
            "node-name",
            "lane-label",
            "tick-label",
            "legend",
            "bar-label",
            "top-tick-label",
        ] {
            assert!(
                STYLE.contains(&format!(".{class} {{ font-size: {FONT_SMALL}px")),
                "{class}"
            );
        }
        // Every rule is scoped.
        for line in STYLE.lines().filter(|l| !l.trim().is_empty()) {
            assert!(line.starts_with(&format!(".{ROOT_CLASS}")), "{line}");
        }
    }

    #[test]
    fn truncation_and_widths() {
        assert_eq!(truncate("abc", 5), "abc");
        assert_eq!(truncate("abcdefgh", 5), "abcd…");
        assert!(text_width("WWW", 16.0) > text_width("iii", 16.0));
        assert_eq!(text_width("", 16.0), 0.0);
    }
}
