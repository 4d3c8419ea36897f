//! The texts of the many-source editor: numbers, rates and bandwidths, message sizes with
//! units, node numbers and destination lists; read as typed and written back shortest.

use hetcast_core::limits::cost_ok;
use hetcast_core::models::multi::Link;
use hetcast_core::units::{trimmed, with_unit};

use crate::models::num_text;

pub(super) fn parse_num(text: &str) -> Result<f64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("enter a number".into());
    }
    match t.parse::<f64>() {
        Ok(v) if v.is_nan() => Err("NaN is not a number".into()),
        Ok(v) if v.is_infinite() => Err(format!("'{t}' is not a finite number")),
        Ok(v) => Ok(v),
        Err(_) => Err(format!("'{t}' is not a number")),
    }
}

/// A cost that must be positive (a send's constant part).
pub(super) fn positive(text: &str) -> Result<f64, String> {
    let v = parse_num(text)?;
    if cost_ok(v) {
        Ok(v)
    } else if v <= 0.0 {
        Err(format!("{v} must be > 0"))
    } else {
        Err(format!("{v} is too large (≤ 1e9)"))
    }
}

/// The bandwidth (Mbps) of a rate in µs per byte (8 bits per byte, 1 Mbps = 1 bit per µs).
pub fn mbps_of(per_byte: f64) -> Option<f64> {
    (per_byte.is_finite() && per_byte > 0.0).then(|| 8.0 / per_byte)
}

/// "155 Mbps", "1 Gbps", "1.333 Mbps".
pub fn bandwidth_text(mbps: f64) -> String {
    if mbps >= 1000.0 {
        format!("{} Gbps", trimmed(mbps / 1000.0, 3))
    } else {
        format!("{} Mbps", trimmed(mbps, 3))
    }
}

/// The text of a link rate (µs/byte) in the editor: a bandwidth ("155 Mbps", "1 Gbps") when the
/// rate is exactly that of a whole number of Mbps, so that 8/155 does not show as
/// 0.05161290322580645; otherwise the number.
pub fn rate_text(per_byte: f64) -> String {
    match mbps_of(per_byte) {
        Some(m) if m.round() >= 1.0 && Link::per_byte_of_mbps(m.round()) == per_byte => {
            bandwidth_text(m.round())
        }
        _ => num_text(per_byte),
    }
}

/// A rate in µs per byte to five decimals, trailing zeros dropped ("0.05161", "0.008").
pub fn per_byte_text(x: f64) -> String {
    trimmed(x, 5)
}

/// A link rate: µs per byte ("0.008"), or a bandwidth ("155 Mbps", "1 Gbps", "100mbps").
pub(super) fn rate(text: &str) -> Result<f64, String> {
    let Some((num, factor)) = with_unit(text, &[("gbps", 1000.0), ("mbps", 1.0)]) else {
        return non_negative(text);
    };
    let v = parse_num(&num)?;
    if v > 0.0 && v <= 1e9 {
        Ok(Link::per_byte_of_mbps(v * factor))
    } else {
        Err(format!("{} must be a bandwidth > 0", text.trim()))
    }
}

/// A message size: bytes ("1500"), or with a unit, binary as in the paper's section 5 and
/// the generator: "64 B", "1 KB" = 1024, "1.5 MB" = 1,572,864, "1 GB" (case ignored, "k",
/// "m", "g" also read).
pub(super) fn parse_size(text: &str) -> Result<f64, String> {
    const UNITS: [(&str, f64); 7] = [
        ("gb", 1024.0 * 1024.0 * 1024.0),
        ("mb", 1024.0 * 1024.0),
        ("kb", 1024.0),
        ("g", 1024.0 * 1024.0 * 1024.0),
        ("m", 1024.0 * 1024.0),
        ("k", 1024.0),
        ("b", 1.0),
    ];
    match with_unit(text, &UNITS) {
        Some((num, factor)) => parse_num(&num).map(|v| v * factor),
        None => parse_num(text),
    }
}

/// A cost that may be 0 (per-byte parts, receive constants, link rates).
pub(super) fn non_negative(text: &str) -> Result<f64, String> {
    let v = parse_num(text)?;
    if !v.is_finite() || v > hetcast_core::limits::MAX_COST {
        Err(format!("{v} is too large (≤ 1e9)"))
    } else if v < 0.0 {
        Err(format!("{v} is negative; must be ≥ 0"))
    } else {
        Ok(v)
    }
}

pub(super) fn node_number(t: &str, n: usize) -> Result<usize, String> {
    let digits = t.trim().trim_start_matches(['P', 'p']);
    let v: usize = digits
        .parse()
        .map_err(|_| format!("'{}' is not a node number", t.trim()))?;
    if v >= n {
        return Err(format!(
            "P{v} does not exist (nodes P0 to P{})",
            n.saturating_sub(1)
        ));
    }
    Ok(v)
}

/// Parse a destination list: node numbers and ranges separated by commas or spaces
/// ("1,2,5-8", "P1 P3"), or "all" (every node but the source). Checks that every node exists,
/// is not the source and is listed once.
pub fn parse_destinations(text: &str, n: usize, source: usize) -> Result<Vec<usize>, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("all") {
        return Ok((0..n).filter(|&v| v != source).collect());
    }
    let mut out = Vec::new();
    let mut seen = vec![false; n];
    // Commas separate; an empty place between two ("1,,2", a leading or trailing comma) is
    // a typing slip, refused rather than skipped.
    if t.split(',').any(|part| part.trim().is_empty()) && t.contains(',') {
        return Err(format!(
            "'{t}' has an empty place between commas; write the nodes as 1,2,5-8"
        ));
    }
    for tok in t.split([',', ' ', ';']).filter(|s| !s.trim().is_empty()) {
        let range = match tok.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (node_number(a, n)?, node_number(b, n)?);
                if a > b {
                    return Err(format!("{} is an empty range", tok.trim()));
                }
                a..=b
            }
            None => {
                let v = node_number(tok, n)?;
                v..=v
            }
        };
        for v in range {
            if v == source {
                return Err(format!("P{v} is the source"));
            }
            if seen[v] {
                return Err(format!("P{v} is listed twice"));
            }
            seen[v] = true;
            out.push(v);
        }
    }
    if out.is_empty() {
        return Err("list at least one node, e.g. 1,2,5-8 or all".into());
    }
    Ok(out)
}

/// The shortest text of a destination list: "all" when it is every node but the source,
/// otherwise its runs as ranges ("1-3,6").
pub fn format_destinations(dests: &[usize], n: usize, source: usize) -> String {
    let mut sorted = dests.to_vec();
    sorted.sort_unstable();
    let all: Vec<usize> = (0..n).filter(|&v| v != source).collect();
    if n > 2 && sorted == all {
        return "all".into();
    }
    let mut parts = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
            j += 1;
        }
        parts.push(if j >= i + 2 {
            format!("{}-{}", sorted[i], sorted[j])
        } else if j == i + 1 {
            format!("{},{}", sorted[i], sorted[j])
        } else {
            sorted[i].to_string()
        });
        i = j + 1;
    }
    parts.join(",")
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn destinations_parse_and_print() {
        assert_eq!(parse_destinations("1,2,5-7", 8, 0), Ok(vec![1, 2, 5, 6, 7]));
        assert_eq!(parse_destinations("all", 4, 2), Ok(vec![0, 1, 3]));
        assert_eq!(parse_destinations(" P1 p3 ", 4, 0), Ok(vec![1, 3]));
        assert!(parse_destinations("1,9", 8, 0)
            .unwrap_err()
            .contains("P9 does not exist"));
        assert!(parse_destinations("0-2", 8, 1)
            .unwrap_err()
            .contains("P1 is the source"));
        assert!(parse_destinations("2,2", 8, 0)
            .unwrap_err()
            .contains("twice"));
        assert!(parse_destinations("x", 8, 0).unwrap_err().contains("'x'"));
        for slip in ["1,,2", ",1", "1,", "1, ,2"] {
            assert_eq!(
                parse_destinations(slip, 8, 0).unwrap_err(),
                format!("'{slip}' has an empty place between commas; write the nodes as 1,2,5-8")
            );
        }
        assert!(parse_destinations("", 8, 0)
            .unwrap_err()
            .contains("at least"));
        assert!(parse_destinations("5-3", 8, 0)
            .unwrap_err()
            .contains("empty"));
        assert_eq!(format_destinations(&[1, 2, 3, 6], 8, 0), "1-3,6");
        assert_eq!(format_destinations(&[0, 3, 4, 5, 6, 7], 8, 2), "0,3-7");
        assert_eq!(format_destinations(&[1, 2], 3, 0), "all");
        assert_eq!(format_destinations(&[7, 1], 8, 0), "1,7");
    }
}
