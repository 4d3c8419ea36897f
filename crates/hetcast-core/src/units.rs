//! Units: how every time, size and rate is written and read, in one place.
//!
//! - [`fmt_t`]: a time of the overhead models (unitless): "10", "2.5", "1.333";
//! - [`fmt_us`], [`fmt_in`], [`time_unit`]: a time in µs at any scale ("14 µs", "12.35 ms");
//! - [`fmt_bytes`]: a message size ("1.5 MB");
//! - [`trimmed`]: a number with at most n decimals, trailing zeros dropped;
//! - [`with_unit`]: split a unit suffix off a typed value ("155 Mbps", "1.5 MB").

/// Format a time for messages: integers without a decimal point, others with up to 3 decimals.
pub fn fmt_t(t: f64) -> String {
    if !t.is_finite() || t.abs() >= 1e15 {
        format!("{t:e}")
    } else if (t - t.round()).abs() < 1e-9 {
        format!("{}", t.round() as i64)
    } else {
        let s = format!("{t:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// `x` with `decimals` decimals, trailing zeros (and a bare point) dropped: `trimmed(1.2, 3)`
/// is "1.2", `trimmed(0.0080, 5)` is "0.008".
///
/// ```
/// use hetcast_core::units::trimmed;
/// assert_eq!(trimmed(1.2, 3), "1.2");
/// assert_eq!(trimmed(0.0080, 5), "0.008");
/// assert_eq!(trimmed(3.0, 2), "3");
/// ```
pub fn trimmed(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// `text` as a number and the factor of its unit, when it ends with one of `units`
/// (case ignored; the first that matches wins, so list "mb" before "b").
///
/// ```
/// use hetcast_core::units::with_unit;
/// let units = [("gbps", 1000.0), ("mbps", 1.0)];
/// assert_eq!(with_unit(" 155 Mbps", &units), Some(("155".to_string(), 1.0)));
/// assert_eq!(with_unit("0.008", &units), None);
/// ```
pub fn with_unit(text: &str, units: &[(&str, f64)]) -> Option<(String, f64)> {
    let t = text.trim().to_ascii_lowercase();
    units
        .iter()
        .find_map(|&(u, f)| t.strip_suffix(u).map(|num| (num.trim().to_string(), f)))
}

/// `x` with `digits` significant digits, trailing zeros removed ("12.35", "850", "0.5").
fn sig(x: f64, digits: i32) -> String {
    if x == 0.0 || !x.is_finite() {
        return if x.is_finite() {
            "0".into()
        } else {
            "—".into()
        };
    }
    let mag = x.abs().log10().floor() as i32;
    let dec = (digits - 1 - mag).clamp(0, 12) as usize;
    let s = format!("{x:.dec$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// A time given in µs, readable at any size, with 4 significant digits: "14 µs",
/// "850.5 µs", "12.35 ms", "1.5 s". Not-finite values are "—".
///
/// ```
/// use hetcast_core::units::fmt_us;
/// assert_eq!(fmt_us(14.0), "14 µs");
/// assert_eq!(fmt_us(12_345.0), "12.35 ms");
/// assert_eq!(fmt_us(1_500_000.0), "1.5 s");
/// assert_eq!(fmt_us(0.0), "0 µs");
/// ```
pub fn fmt_us(t: f64) -> String {
    fmt_in(t, unit_of(t.abs()))
}

/// `t` µs in a given unit of [`time_unit`], up to 4 significant digits: every time of one
/// drawing in the same unit ("735.1 µs" and "1.454 ms" become "0.7351 ms" and "1.454 ms").
pub fn fmt_in(t: f64, (scale, unit): (f64, &str)) -> String {
    if !t.is_finite() {
        return "—".into();
    }
    format!("{} {unit}", sig(t / scale, 4))
}

fn unit_of(t: f64) -> (f64, &'static str) {
    if t >= 999_950.0 {
        (1e6, "s")
    } else if t >= 999.95 {
        (1e3, "ms")
    } else {
        (1.0, "µs")
    }
}

/// The unit of an axis that runs to `max` µs: (µs per unit, unit name) — µs below 1 ms, ms
/// below 1 s, then s.
pub fn time_unit(max: f64) -> (f64, &'static str) {
    unit_of(max)
}

/// A size in bytes: "1 B", "512 B", "1 KB", "1.5 MB" (KB = 1024 bytes when the size is a
/// multiple of 256, else 1000; up to 4 significant digits).
///
/// ```
/// use hetcast_core::units::fmt_bytes;
/// assert_eq!(fmt_bytes(1.0), "1 B");
/// assert_eq!(fmt_bytes(1024.0), "1 KB");
/// assert_eq!(fmt_bytes(1_048_576.0), "1 MB");
/// assert_eq!(fmt_bytes(1_500_000.0), "1.5 MB");
/// ```
pub fn fmt_bytes(b: f64) -> String {
    if !b.is_finite() {
        return "—".into();
    }
    let base = if b >= 1024.0 && b % 256.0 == 0.0 {
        1024.0
    } else {
        1000.0
    };
    if b < base {
        format!("{} B", sig(b, 4))
    } else if b < base * base {
        format!("{} KB", sig(b / base, 4))
    } else if b < base * base * base {
        format!("{} MB", sig(b / (base * base), 4))
    } else {
        format!("{} GB", sig(b / (base * base * base), 4))
    }
}
