//! Every chart's text sizes at the page's widths.

use crate::{Size, Type};
use hetcast_core::catalog::Catalog;
use hetcast_core::models::multi::experiment::{wu_figure as wu_rows, WuSpec};
use hetcast_core::models::multimessage::experiment::Summary;
use hetcast_core::models::overhead::experiment::{liu_fig6 as liu_rows, LiuFig6Spec};
use hetcast_core::models::overhead::explore::BINS;
use hetcast_core::models::platform::experiment::{Fig11Row, HEURISTICS};

/// The `font-size` of every text of `svg` (plotters writes a size `s` as `s / 1.24`).
fn font_sizes(svg: &str) -> Vec<f64> {
    svg.split("font-size=\"")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].parse().unwrap())
        .collect()
}

/// Every chart drawn on a canvas `width` x `height` (Wu's: that figure, in three panels).
fn every_chart(width: u32, height: u32) -> Vec<(&'static str, String)> {
    let size = Size { width, height };
    let liu = liu_rows(&LiuFig6Spec {
        n_min: 6,
        n_max: 40,
        runs: 3,
        seed: 1,
    })
    .unwrap();
    let spec = WuSpec {
        runs: 1,
        threads: 1,
        ..WuSpec::fig3()
    };
    let wu = wu_rows(&spec, None).unwrap();
    let fig11: Vec<Fig11Row> = [0.1, 0.5, 1.0]
        .iter()
        .flat_map(|&density| {
            HEURISTICS.iter().enumerate().map(move |(i, a)| Fig11Row {
                size: "small",
                density,
                targets: 3.0,
                algorithm: a.key(),
                over_lb: 1.0 + 0.2 * i as f64,
                over_scatter: 0.5 + 0.1 * i as f64,
            })
        })
        .collect();
    let gonzalez: Vec<Summary> = (1..=8)
        .map(|degree| Summary {
            degree,
            count: 10,
            mean_over_d: [1.7, 1.3, 1.2],
            max_gonzalez_over_d: 2.0,
            with_optimum: 3,
            mean_opt_over_d: 1.0,
            mean_gonzalez_over_opt: 1.7,
            max_gonzalez_over_opt: 2.0,
        })
        .collect();
    let mut histogram = [0u64; BINS];
    histogram[0] = 123_456;
    histogram[1] = 98_765;
    histogram[BINS - 1] = 1;
    let panel = Size {
        width: width / 3,
        height,
    };
    vec![
        ("liu", crate::liu_fig6_sized(&liu, 3, size).unwrap()),
        (
            "wu",
            crate::wu_figure_sized(&wu, &spec, 3, panel, Size::WU_PANEL_SCREEN).unwrap(),
        ),
        (
            "beaumont",
            crate::beaumont_fig11_sized(&fig11, "small", false, size).unwrap(),
        ),
        ("gonzalez", crate::gonzalez_random(&gonzalez, size).unwrap()),
        (
            "explore",
            crate::explore_histogram(
                &histogram,
                "REDUCED_BROADCAST / Multicast-LB",
                "REDUCED_BROADCAST / Multicast-LB: platform model, every member",
                size,
            )
            .unwrap(),
        ),
    ]
}

/// Drawn for a panel of the page from 320 px wide, no text of any chart is under
/// [`Type::MIN`] / 1.24 px (11.3 px: the floors are 9 px at 1024x768 and 11 px at 1280x720,
/// where the page shows the charts 1:1).
#[test]
fn no_text_is_under_the_smallest_size_at_any_width() {
    for width in [320, 597, 853, 1100, 1493, 2400] {
        for (name, svg) in every_chart(width, (width as f64 * 0.62) as u32) {
            let sizes = font_sizes(&svg);
            assert!(sizes.len() > 15, "{name} at {width}: {} texts", sizes.len());
            let min = sizes.iter().copied().fold(f64::INFINITY, f64::min);
            assert!(
                min >= Type::MIN / 1.24 - 1e-9,
                "{name} at {width} px: a text of {min} px"
            );
        }
    }
}

/// The type's scale: the files' sizes at the files' width, in proportion to the width below
/// and above it, never under [`Type::MIN`] nor over 1.4 times the files'.
#[test]
fn type_sizes_follow_the_width() {
    let full = Type::new(1100, 1100);
    assert_eq!(
        (full.px(26.0), full.px(18.0), full.len(80)),
        (26.0, 18.0, 80)
    );
    assert_eq!(Type::new(1100 * 2, 1100), Type::new(1100 * 14 / 10, 1100));
    let wide = Type::new(1100 * 14 / 10, 1100);
    assert_eq!(
        (wide.px(26.0), wide.px(18.0), wide.len(80)),
        (36.0, 25.0, 112)
    );
    let less = Type::new(990, 1100);
    assert_eq!(
        (less.px(26.0), less.px(18.0), less.len(80)),
        (23.0, 16.0, 72)
    );
    assert_eq!(Type::new(100, 1100), Type::new(778, 1100));
    // A title is made smaller to fit, down to the smallest size.
    assert_eq!(full.fit(26.0, "abcd", 1000.0), 26.0);
    assert_eq!(full.fit(26.0, &"a".repeat(80), 800.0), 20.0);
    assert_eq!(full.fit(26.0, &"a".repeat(80), 100.0), Type::MIN);
}
