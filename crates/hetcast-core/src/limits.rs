//! What the instance files of every model share: the largest cost validation accepts and the
//! format version. Each model's own limits (nodes, messages, transfers) are stated on the
//! model; these two are every model's.

/// The largest cost (and latency) hetcast accepts: 1e9. Sums of up to 10^6 such costs stay far
/// below 2^53, so times keep their whole-number precision, and the power-of-two rounding of the
/// bounds cannot overflow.
pub const MAX_COST: f64 = 1e9;

/// A send or receive cost hetcast accepts: positive, finite, at most [`MAX_COST`].
pub fn cost_ok(v: f64) -> bool {
    // NaN and the infinities fail one of the two comparisons: no separate finiteness test.
    v > 0.0 && v <= MAX_COST
}

/// The format version this build writes and reads, in every model's instance file.
pub const FORMAT_VERSION: u32 = 1;
