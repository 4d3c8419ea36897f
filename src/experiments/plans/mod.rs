//! The experiments of the page that have their own settings, jobs and merging beyond
//! [`super::plan`]'s: one file each.
//!
//! - [`explore`]: the explorer's settings and chart title;
//! - [`fig11`]: Beaumont et al. Figure 11 (paper 002), one job per platform;
//! - [`gonzalez`]: Gonzalez's random experiment (paper 003), one job per (n, d, fan-out);
//! - [`liu`]: Liu et al.'s Figure 6 (paper 004), the sizes in one range per worker;
//! - [`wu`]: Wu et al.'s Figures 3 and 4 (paper 001), the runs in chunks the workers share.
//!
//! Each names its model's experiment in the core; [`super::plan`], the page's list of
//! experiments, reaches a model only through these files, and the explorer, shared by every
//! model, names none (its families come from the worker's registry,
//! [`hetcast_worker::AnyFamily::of`]).

pub mod explore;
pub mod fig11;
pub mod gonzalez;
pub mod liu;
pub mod wu;

use std::ops::Range;

/// Items `0..weights.len()` in contiguous chunks for a queue that `workers` workers share
/// ([`crate::experiments::pool::Pool::queue`]: a worker takes the next chunk when it has
/// answered its last). Each chunk holds about `1/(2·workers)` of the weight still queued, and
/// at least `1/(32·workers)` of the whole (guided scheduling): the chunks shrink along the
/// queue, so the workers finish within about one small chunk of each other, however far the
/// weights are from the true times. None is empty; a weight of 0 counts as 1.
///
/// # Complexity
/// O(items).
pub fn queue_chunks(weights: &[u64], workers: usize) -> Vec<Range<usize>> {
    let parts = 2 * workers.max(1) as u64;
    let weight = |w: u64| w.max(1);
    let total: u64 = weights.iter().map(|&w| weight(w)).sum();
    let least = total / (16 * parts);
    let mut out = Vec::new();
    let (mut from, mut acc, mut left) = (0, 0, total);
    for (i, &w) in weights.iter().enumerate() {
        acc += weight(w);
        if acc >= (left / parts).max(least) || i + 1 == weights.len() {
            out.push(from..i + 1);
            from = i + 1;
            left -= acc;
            acc = 0;
        }
    }
    out
}

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
