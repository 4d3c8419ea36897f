//! The experiments of the page that have their own settings, jobs and merging beyond
//! [`super::plan`]'s: one file each.
//!
//! - [`explore`]: the explorer's settings and chart title;
//! - [`fig11`]: Beaumont et al. Figure 11 (paper 002), one job per platform;
//! - [`gonzalez`]: Gonzalez's random experiment (paper 003), one job per (n, d, fan-out).

pub mod explore;
pub mod fig11;
pub mod gonzalez;

use std::ops::Range;

/// Items `0..weights.len()` cut into at most `workers` contiguous ranges of about equal weight
/// (a range ends once the weight so far reaches its share of the whole), none empty.
pub fn shares(weights: &[u64], workers: usize) -> Vec<Range<usize>> {
    let workers = workers.max(1) as u64;
    let work: u64 = weights.iter().sum();
    let mut out = Vec::new();
    let (mut from, mut acc) = (0, 0);
    for (i, w) in weights.iter().enumerate() {
        acc += w;
        let share = work * (out.len() as u64 + 1) / workers;
        if acc >= share || i + 1 == weights.len() {
            out.push(from..i + 1);
            from = i + 1;
        }
    }
    out
}

/// `s` with its first letter in upper case (error messages that start with a field's label).
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
