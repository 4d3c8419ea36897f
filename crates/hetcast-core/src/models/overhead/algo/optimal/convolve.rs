//! The (max, +) convolution of the frontier arrays, `out[y] = max_{a + b = y} x[a] + z[b]` over
//! the valid (non-negative) entries of a mixed-radix box: the step that takes nearly all of
//! [`super`]'s time (`docs/optimal.md` sections 3.6 and 3.10).

use super::NEG;

/// Shortcuts of the row-merge path (`docs/optimal.md` section 3.13); [`Fast::NONE`] computes
/// every pair of rows in full.
#[derive(Clone, Copy, Debug)]
pub(super) struct Fast {
    /// Merge one pair of each two mirror-image pairs when `x` is `z` moved up by one along a row
    /// dimension ([`mirror_dim`]); the result is the same.
    pub mirror: bool,
    /// Skip the outputs already at `cap` or above: the result is the same once clamped to
    /// `cap` (the caller clamps to `n_K`), not before. `i32::MAX`: no skipping.
    pub cap: i32,
    /// `out` starts with values: look there for outputs at the cap (a scan of `out`).
    pub filled: bool,
}

impl Fast {
    /// No shortcut: every pair of rows merged in full.
    pub const NONE: Fast = Fast {
        mirror: false,
        cap: i32::MAX,
        filled: false,
    };
}

/// Rows of `v` (its last coordinate, `len` entries each) concave on intervals.
struct ConcaveRows {
    /// Each row's `(first, last)` valid index, None for an empty row.
    rows: Vec<Option<(usize, usize)>>,
    /// `v[i + 1] - v[i]` inside a row's interval, [`i32::MIN`] at its last entry (and outside).
    diff: Vec<i32>,
}

/// The valid entries of each row of `v` and their differences when every non-empty row is
/// *concave on an interval* (its valid entries are consecutive and their differences never
/// increase), `None` otherwise.
fn concave_rows(v: &[i32], len: usize) -> Option<ConcaveRows> {
    let mut rows = Vec::with_capacity(v.len() / len.max(1));
    let mut diff = vec![i32::MIN; v.len()];
    for (row, drow) in v.chunks_exact(len).zip(diff.chunks_exact_mut(len)) {
        let Some(lo) = row.iter().position(|&e| e >= 0) else {
            rows.push(None);
            continue;
        };
        let mut hi = lo;
        let mut prev_diff = i32::MAX;
        while hi + 1 < len && row[hi + 1] >= 0 {
            // Valid entries are below 2^30: no overflow.
            let d = row[hi + 1] - row[hi];
            if d > prev_diff {
                return None;
            }
            drow[hi] = d;
            prev_diff = d;
            hi += 1;
        }
        if row[hi + 1..].iter().any(|&e| e >= 0) {
            return None;
        }
        rows.push(Some((lo, hi)));
    }
    Some(ConcaveRows { rows, diff })
}

/// One row concave on an interval: its values, differences ([`ConcaveRows::diff`]) and valid
/// interval.
type Row<'a> = (&'a [i32], &'a [i32], (usize, usize));

/// `out[y] = max(out[y], max_{i + j = y} x[i] + z[j])` for two rows concave on the intervals
/// `xi` and `zi` (differences `dx`, `dz`, [`i32::MIN`] at each interval's end), `y` below
/// `out.len()`: the sums along the merge of the two difference sequences, largest difference
/// first (the (max, +) convolution of concave sequences is the concave sequence whose differences
/// are both sequences' differences sorted). Without branches on the data. Returns the steps.
fn merge_concave(xr: Row, zr: Row, out: &mut [i32]) -> usize {
    let (xi, zi) = (xr.2, zr.2);
    let y0 = xi.0 + zi.0;
    if y0 >= out.len() {
        return 0;
    }
    let steps = (xi.1 - xi.0 + zi.1 - zi.0 + 1).min(out.len() - y0);
    merge_run(xr, zr, (xi.0, zi.0), &mut out[y0..y0 + steps]);
    steps
}

/// The merge of [`merge_concave`] from the split `(i, j)` on, one output per entry of `out`
/// (which starts at `i + j`).
fn merge_run((x, dx, _): Row, (z, dz, _): Row, (mut i, mut j): (usize, usize), out: &mut [i32]) {
    for o in out {
        let v = x[i] + z[j];
        *o = (*o).max(v);
        let take_x = dx[i] >= dz[j];
        i += take_x as usize;
        j += !take_x as usize;
    }
}

/// The split `(i, j)`, `i + j = y`, where the merge of two concave rows stands at `y`
/// (`xi.0 + zi.0 <= y <= xi.1 + zi.1`), by binary search: `f(c) = x[xi.0 + c] + z[y - xi.0 - c]`
/// is concave in `c`, and `f(c + 1) >= f(c)` iff `dx[xi.0 + c] >= dz[y - xi.0 - c - 1]`. Its
/// largest maximiser is where the merge (ties to `x`) stands, and the merge continued from any
/// maximiser gives the same values: a split of largest sum holds the `s` largest differences,
/// so the next largest is the larger of the two next ones.
fn split_at((_, dx, xi): Row, (_, dz, zi): Row, y: usize) -> (usize, usize) {
    let s = y - xi.0 - zi.0;
    let (mut lo, mut hi) = (s.saturating_sub(zi.1 - zi.0), s.min(xi.1 - xi.0));
    while lo < hi {
        let c = (lo + hi) / 2;
        if dx[xi.0 + c] >= dz[zi.0 + s - c - 1] {
            lo = c + 1;
        } else {
            hi = c;
        }
    }
    (xi.0 + lo, zi.0 + s - lo)
}

/// The outputs `y < len` where the merge of two concave rows is at least `cap`: an interval,
/// since the merge is concave (None when it stays below). Its peak is after the non-negative
/// differences; binary searches on both sides of it.
fn reaches(xr: Row, zr: Row, len: usize, cap: i32) -> Option<(usize, usize)> {
    let (xi, zi) = (xr.2, zr.2);
    let (y0, last) = (xi.0 + zi.0, (xi.1 + zi.1).min(len - 1));
    let up = |d: &[i32], iv: (usize, usize)| d[iv.0..iv.1].partition_point(|&v| v >= 0);
    let peak = (y0 + up(xr.1, xi) + up(zr.1, zi)).min(last);
    let at_cap = |y: usize| {
        let (i, j) = split_at(xr, zr, y);
        xr.0[i] + zr.0[j] >= cap
    };
    if !at_cap(peak) {
        return None;
    }
    let (mut lo, mut hi) = (y0, peak);
    while lo < hi {
        let y = (lo + hi) / 2;
        if at_cap(y) {
            hi = y;
        } else {
            lo = y + 1;
        }
    }
    let first = lo;
    let (mut lo, mut hi) = (peak, last);
    while lo < hi {
        let y = (lo + hi).div_ceil(2);
        if at_cap(y) {
            lo = y;
        } else {
            hi = y - 1;
        }
    }
    Some((first, lo))
}

/// [`merge_concave`] for the outputs not in `sat`, an interval of one output row already at
/// `cap` or above (values are clamped to `cap` afterwards, so nothing there can change; empty
/// when `sat.0 > sat.1`); then `sat` grows by the pair's own outputs at `cap` ([`reaches`]) when
/// they touch it or are longer. Returns the steps.
fn merge_capped(xr: Row, zr: Row, out: &mut [i32], sat: &mut (usize, usize), cap: i32) -> usize {
    let len = out.len();
    let y0 = xr.2 .0 + zr.2 .0;
    if y0 >= len {
        return 0;
    }
    let last = (xr.2 .1 + zr.2 .1).min(len - 1);
    let (slo, shi) = *sat;
    let (from, to) = if slo > shi || shi < y0 || slo > last {
        (y0, last)
    } else if slo <= y0 && last <= shi {
        return 0;
    } else if slo <= y0 {
        (shi + 1, last)
    } else if last <= shi {
        (y0, slo - 1)
    } else {
        (y0, last)
    };
    merge_run(xr, zr, split_at(xr, zr, from), &mut out[from..=to]);
    if let Some((p, q)) = reaches(xr, zr, len, cap) {
        if slo > shi || (p <= shi + 1 && slo <= q + 1) {
            *sat = if slo > shi {
                (p, q)
            } else {
                (p.min(slo), q.max(shi))
            };
        } else if q - p > shi - slo {
            *sat = (p, q);
        }
    }
    to - from + 1
}

/// Per row of `out` (`len` entries each), its longest run of entries at `cap` or above, as
/// `(first, last)`; `(1, 0)` (empty) when there is none.
fn runs_at_cap(out: &[i32], len: usize, cap: i32) -> Vec<(usize, usize)> {
    out.chunks_exact(len)
        .map(|row| {
            let (mut best, mut start) = ((1, 0), None);
            for (y, &v) in row.iter().enumerate() {
                match (v >= cap, start) {
                    (true, None) => start = Some(y),
                    (false, Some(s)) => {
                        if best.0 > best.1 || y - s > best.1 - best.0 + 1 {
                            best = (s, y - 1);
                        }
                        start = None;
                    }
                    _ => {}
                }
            }
            if let Some(s) = start {
                if best.0 > best.1 || len - s > best.1 - best.0 + 1 {
                    best = (s, len - 1);
                }
            }
            best
        })
        .collect()
}

/// [`convolve`] when every row (last coordinate) of both arrays is concave on an interval: each
/// pair of rows is merged in time linear in their lengths instead of their product. The result
/// is the same as the definition (`convolution_equals_the_definition` checks both paths). `None`
/// when some row is not concave (then [`convolve`] does the general work). With `fast`, see
/// [`Fast`].
fn convolve_concave_rows(
    x: &[i32],
    z: &[i32],
    m: &[usize],
    out: &mut [i32],
    budget: f64,
    Fast {
        mirror,
        cap,
        filled,
    }: Fast,
) -> Option<Result<f64, f64>> {
    let nd = m.len();
    let len = if nd == 0 { 1 } else { m[nd - 1] };
    let rx = concave_rows(x, len)?;
    let rz = concave_rows(z, len)?;
    // Coordinates of each row in the first nd - 1 dimensions (a row index is their mixed radix).
    let pm = &m[..nd.saturating_sub(1)];
    let rows = rx.rows.len();
    let mut coords = vec![0usize; rows * pm.len()];
    for r in 0..rows {
        let mut rem = r;
        for d in (0..pm.len()).rev() {
            coords[r * pm.len() + d] = rem % pm[d];
            rem /= pm[d];
        }
    }
    let fits = |a: usize, b: usize| {
        (0..pm.len()).all(|d| coords[a * pm.len() + d] + coords[b * pm.len() + d] < pm[d])
    };
    let mirror = if mirror {
        mirror_dim(x, z, pm, &coords, len)
    } else {
        None
    };
    let zs: Vec<(usize, (usize, usize))> = rz
        .rows
        .iter()
        .enumerate()
        .filter_map(|(r, v)| v.map(|iv| (r, iv)))
        .collect();
    // Refuse before starting when even the bound on the steps passes the budget.
    let xs = rx.rows.iter().filter(|v| v.is_some()).count();
    let cost = (xs * zs.len() * len) as f64;
    if cost > budget {
        let exact: usize = rx
            .rows
            .iter()
            .enumerate()
            .filter_map(|(a, v)| v.map(|_| a))
            .map(|a| zs.iter().filter(|&&(b, _)| fits(a, b)).count() * len)
            .sum();
        if exact as f64 > budget {
            return Some(Err(exact as f64));
        }
    }
    let mut work = 0usize;
    let mut sat = match (cap < i32::MAX, filled) {
        (true, true) => runs_at_cap(out, len, cap),
        (true, false) => vec![(1, 0); out.len() / len],
        _ => Vec::new(),
    };
    for (a, xa) in rx.rows.iter().enumerate() {
        let Some(xi) = *xa else { continue };
        let xrow = (
            &x[a * len..(a + 1) * len],
            &rx.diff[a * len..(a + 1) * len],
            xi,
        );
        // With a mirror along `d`, the pair (a, b) with a_d >= 1 merges the rows z[a - e_d] and
        // z[b] into row a + b, and so does the pair (b + e_d, a - e_d): keep a - e_d <= b.
        let low = match mirror {
            Some((d, rs)) if coords[a * pm.len() + d] >= 1 => a - rs,
            _ => 0,
        };
        let first = zs.partition_point(|&(b, _)| b < low);
        for &(b, zi) in &zs[first..] {
            if pm.len() == 1 && a + b >= pm[0] {
                break; // rows in increasing order: the rest do not fit either
            }
            if !fits(a, b) {
                continue;
            }
            let o = a + b;
            let zrow = (
                &z[b * len..(b + 1) * len],
                &rz.diff[b * len..(b + 1) * len],
                zi,
            );
            let orow = &mut out[o * len..(o + 1) * len];
            work += match sat.get_mut(o) {
                Some(so) => merge_capped(xrow, zrow, orow, so, cap),
                None => merge_concave(xrow, zrow, orow),
            };
        }
    }
    Some(Ok(work as f64))
}

/// The row dimension `d` (not the last coordinate) along which `x` is `z` moved up by one, with
/// its stride in rows: every row of `x` whose coordinate `d` is at least 1 equals the row of `z`
/// one lower in `d` (rows with `d = 0` are free). This is a class convolving its own array: its
/// first child of its own type, `e_l + F(s, t)` in the node model, against its rest `F(s, t)`.
/// Then the pairs of rows `(a, b)` and `(b + e_d, a - e_d)` merge the same two rows of `z` into
/// the same output row. Linear time; `coords` holds each row's coordinates in the `pm` box.
fn mirror_dim(
    x: &[i32],
    z: &[i32],
    pm: &[usize],
    coords: &[usize],
    len: usize,
) -> Option<(usize, usize)> {
    let nd = pm.len();
    let rows = x.len() / len;
    let mut rs = 1;
    for d in (0..nd).rev() {
        let shifted = (0..rows)
            .filter(|&r| coords[r * nd + d] >= 1)
            .all(|r| x[r * len..(r + 1) * len] == z[(r - rs) * len..(r - rs + 1) * len]);
        if shifted {
            return Some((d, rs));
        }
        rs *= pm[d];
    }
    None
}

/// The next point of the box `0 <= y <= lim` (per coordinate, the last fastest); false, with
/// `y` back at zero, after the last.
pub(super) fn next_in_box(y: &mut [usize], lim: &[usize]) -> bool {
    for d in (0..y.len()).rev() {
        if y[d] < lim[d] {
            y[d] += 1;
            return true;
        }
        y[d] = 0;
    }
    false
}

/// `out[y] = max(out[y], max_{a + b = y} x[a] + z[b])` over valid (non-negative) entries, on the
/// mixed-radix box `m`. Returns the number of inner steps, or `Err(steps)` without doing them
/// when they exceed `budget`. Rows concave on intervals (the usual case) go through
/// [`convolve_concave_rows`] (with the shortcuts of [`Fast`]), the rest through
/// [`convolve_general`].
pub(super) fn convolve(
    x: &[i32],
    z: &[i32],
    m: &[usize],
    stride: &[usize],
    out: &mut [i32],
    budget: f64,
    fast: Fast,
) -> Result<f64, f64> {
    match convolve_concave_rows(x, z, m, out, budget, fast) {
        Some(r) => r,
        None => convolve_general(x, z, m, stride, out, budget),
    }
}

/// [`convolve`] for any arrays: every valid entry of the sparser array against the bounding box
/// of the other's valid entries.
fn convolve_general(
    x: &[i32],
    z: &[i32],
    m: &[usize],
    stride: &[usize],
    out: &mut [i32],
    budget: f64,
) -> Result<f64, f64> {
    let nd = m.len();
    let count = |v: &[i32]| v.iter().filter(|&&e| e >= 0).count();
    let (outer, inner) = if count(x) <= count(z) { (x, z) } else { (z, x) };
    // Bounding box of the inner array's valid entries.
    let mut bb = vec![0usize; nd];
    let mut any = false;
    let mut c = vec![0usize; nd];
    for (i, &v) in inner.iter().enumerate() {
        if v >= 0 {
            any = true;
            for d in 0..nd {
                c[d] = (i / stride[d]) % m[d];
                bb[d] = bb[d].max(c[d]);
            }
        }
    }
    if !any {
        return Ok(0.0);
    }
    if nd == 0 {
        if outer[0] >= 0 {
            out[0] = out[0].max(outer[0] + inner[0]);
        }
        return Ok(1.0);
    }
    // Count first, so that a huge convolution is refused before it starts.
    let mut cost = 0.0;
    for (a, &gv) in outer.iter().enumerate() {
        if gv >= 0 {
            cost += (0..nd)
                .map(|d| (bb[d].min(m[d] - 1 - (a / stride[d]) % m[d]) + 1) as f64)
                .product::<f64>();
        }
    }
    if cost > budget {
        return Err(cost);
    }
    // The inner loop in f32 when every sum is exact there (below 2^24): the baseline x86-64
    // target has a vector max for f32 (maxps) but none for i32 (pmaxsd is SSE4.1), which it
    // emulates in four instructions. Negative entries stay negative, which is all that counts.
    let top = |v: &[i32]| v.iter().copied().max().unwrap_or(0);
    let exact_f32 = (top(outer) as i64 + top(inner) as i64) < (1 << 24);
    let (inner_f, mut out_f): (Vec<f32>, Vec<f32>) = if exact_f32 {
        (
            inner.iter().map(|&v| v as f32).collect(),
            out.iter().map(|&v| v as f32).collect(),
        )
    } else {
        (Vec::new(), Vec::new())
    };
    let mut work = 0.0;
    let mut lim = vec![0usize; nd];
    let mut y = vec![0usize; nd];
    // The last coordinate in blocks of BLOCK: for consecutive outer entries the output window
    // moves by one, so it and the inner block stay in the L1 cache.
    const BLOCK: usize = 2048;
    for c0 in (0..=bb[nd - 1]).step_by(BLOCK) {
        for (a, &gv) in outer.iter().enumerate() {
            if gv < 0 {
                continue;
            }
            for d in 0..nd {
                let ca = (a / stride[d]) % m[d];
                lim[d] = bb[d].min(m[d] - 1 - ca);
            }
            if lim[nd - 1] < c0 {
                continue;
            }
            let len = (lim[nd - 1] + 1).min(c0 + BLOCK) - c0;
            y.iter_mut().for_each(|v| *v = 0);
            loop {
                let base: usize = (0..nd - 1).map(|d| y[d] * stride[d]).sum::<usize>() + c0;
                if exact_f32 {
                    let g = gv as f32;
                    let dst = &mut out_f[a + base..a + base + len];
                    for (o, &zv) in dst.iter_mut().zip(&inner_f[base..base + len]) {
                        let v = g + zv;
                        *o = if v > *o { v } else { *o };
                    }
                } else {
                    let dst = &mut out[a + base..a + base + len];
                    for (o, &zv) in dst.iter_mut().zip(&inner[base..base + len]) {
                        *o = (*o).max(gv + zv);
                    }
                }
                work += len as f64;
                if !next_in_box(&mut y[..nd - 1], &lim[..nd - 1]) {
                    break;
                }
            }
        }
    }
    if exact_f32 {
        for (o, &v) in out.iter_mut().zip(&out_f) {
            // Whole numbers, or negatives that only have to stay negative.
            *o = if v >= 0.0 { v as i32 } else { NEG };
        }
    }
    Ok(work)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The (max, +) convolution by its definition: every valid pair whose sum stays in the box.
    fn definition(x: &[i32], z: &[i32], m: &[usize], stride: &[usize]) -> Vec<i32> {
        let (p, nd) = (x.len(), m.len());
        let coords: Vec<Vec<usize>> = (0..p)
            .map(|i| (0..nd).map(|d| (i / stride[d]) % m[d]).collect())
            .collect();
        let mut want = vec![NEG; p];
        for a in (0..p).filter(|&a| x[a] >= 0) {
            for b in (0..p).filter(|&b| z[b] >= 0) {
                let (ca, cb) = (&coords[a], &coords[b]);
                if (0..nd).all(|d| ca[d] + cb[d] < m[d]) {
                    let y: usize = (0..nd).map(|d| (ca[d] + cb[d]) * stride[d]).sum();
                    want[y] = want[y].max(x[a] + z[b]);
                }
            }
        }
        want
    }

    /// A random box and its strides: one dimension (up to 60), two (up to `rows` by 25) or three
    /// (up to 5 each), by `case % 3`.
    fn random_box(
        rng: &mut crate::rng::Rng64,
        case: usize,
        rows: usize,
    ) -> (Vec<usize>, Vec<usize>) {
        use crate::rng::below;
        let m: Vec<usize> = match case % 3 {
            0 => vec![1 + below(rng, 60)],
            1 => vec![1 + below(rng, rows), 1 + below(rng, 25)],
            _ => (0..3).map(|_| 1 + below(rng, 5)).collect(),
        };
        let mut stride = vec![1usize; m.len()];
        for d in (0..m.len() - 1).rev() {
            stride[d] = stride[d + 1] * m[d + 1];
        }
        (m, stride)
    }

    /// `p / len` rows of `len` entries, each concave on a random interval (one in five empty;
    /// single entries, long flat runs, steep and shallow slopes; values below about `top`).
    fn concave_array(rng: &mut crate::rng::Rng64, p: usize, len: usize, top: usize) -> Vec<i32> {
        use crate::rng::below;
        let mut v = vec![NEG; p];
        for row in v.chunks_exact_mut(len) {
            if below(rng, 5) == 0 {
                continue; // an empty row
            }
            let lo = below(rng, len);
            let hi = lo + below(rng, len - lo);
            // Differences drawn, then sorted down: concave.
            let mut diffs: Vec<i64> = (lo..hi)
                .map(|_| below(rng, 2 * top / len + 2) as i64 - (top / len) as i64)
                .collect();
            diffs.sort_unstable_by(|a, b| b.cmp(a));
            let start = below(rng, top) as i64;
            let mut vals = vec![start];
            for d in diffs {
                vals.push(vals[vals.len() - 1] + d);
            }
            // Shift up so that every entry is valid (non-negative).
            let low = *vals.iter().min().unwrap();
            for (i, val) in vals.into_iter().enumerate() {
                row[lo + i] = (val - low.min(0)) as i32;
            }
        }
        v
    }

    /// The shortcuts of [`Fast`] against the definition, on arrays of concave rows in one to
    /// three dimensions: `x` is `z` moved up by one along a random row dimension (rows at 0
    /// drawn freely) in half the cases, unrelated otherwise; the cap is absent, 0, 1, half the
    /// values' range or random; `out` starts empty or with values (some above the cap). After
    /// clamping to the cap, every combination of shortcuts gives the definition's result.
    #[test]
    fn shortcuts_equal_the_definition() {
        use crate::rng::{below, Rng64};
        use rand::SeedableRng;
        let mut rng = Rng64::seed_from_u64(2114);
        let (mut mirrored, mut capped) = (0, 0);
        for case in 0..400 {
            let (m, stride) = random_box(&mut rng, case, 8);
            let nd = m.len();
            let (p, len) = (m.iter().product::<usize>(), m[nd - 1]);
            let top = [30usize, 1000, 10_000_000][(case / 3) % 3];
            let z = concave_array(&mut rng, p, len, top);
            let mut x = concave_array(&mut rng, p, len, top);
            if case % 2 == 0 && nd > 1 {
                let d = below(&mut rng, nd - 1);
                for r in (0..p).step_by(len).filter(|&i| (i / stride[d]) % m[d] >= 1) {
                    let from = r - stride[d];
                    x[r..r + len].copy_from_slice(&z[from..from + len]);
                }
            }
            let cap = [i32::MAX, 0, 1, top as i32 / 2, below(&mut rng, top) as i32][case % 5];
            let start: Vec<i32> = (0..p)
                .map(|_| match (case / 5) % 2 {
                    0 => NEG,
                    _ if below(&mut rng, 3) == 0 => below(&mut rng, 2 * top) as i32,
                    _ => NEG,
                })
                .collect();
            let clamp = |v: &mut Vec<i32>| {
                for e in v.iter_mut() {
                    *e = if *e < 0 { NEG } else { (*e).min(cap) };
                }
            };
            let mut want = definition(&x, &z, &m, &stride);
            for (w, &s0) in want.iter_mut().zip(&start) {
                *w = (*w).max(s0);
            }
            clamp(&mut want);
            let mut works = Vec::new();
            for (mirror, c) in [
                (false, i32::MAX),
                (true, i32::MAX),
                (false, cap),
                (true, cap),
            ] {
                let mut got = start.clone();
                // A scan for outputs at the cap when `out` starts with values; both ways if not.
                let filled = mirror || start.iter().any(|&v| v >= 0);
                let fast = Fast {
                    mirror,
                    cap: c,
                    filled,
                };
                let r = convolve_concave_rows(&x, &z, &m, &mut got, f64::INFINITY, fast);
                works.push(r.unwrap().unwrap());
                clamp(&mut got);
                assert_eq!(got, want, "case {case}: {m:?}, {fast:?}, {x:?} with {z:?}");
            }
            mirrored += (works[1] < works[0]) as usize;
            capped += (works[2] < works[0]) as usize;
        }
        assert!(mirrored > 40 && capped > 40, "{mirrored}, {capped}");
    }

    /// A hand-computed case: `z` has the rows [0, 2, 3], [1, 2, -], [-, 0, 1]; `x` is `z` moved
    /// up by one row, with [1, -, -] as its row 0. Row 0 of the result is x0 ⊕ z0 = [1, 3, 4];
    /// row 1 is max(x0 ⊕ z1, z0 ⊕ z0) = max([2, 3, -], [0, 2, 4]); row 2 is max(x0 ⊕ z2,
    /// z0 ⊕ z1, z1 ⊕ z0) = max([-, 1, 2], [1, 3, 4], [1, 3, 4]). Six pairs of rows fit, 16 steps
    /// (each merge has at most 3 outputs); the mirror skips the pair (2, 0) (the same rows as
    /// (1, 1)), 13 steps. With the cap 3 and no mirror, row 2 is at 3 on outputs 1 and 2 before
    /// the pair (2, 0), which then merges output 0 alone: 14 steps.
    #[test]
    fn shortcuts_on_a_hand_computed_case() {
        let z = [0, 2, 3, 1, 2, NEG, NEG, 0, 1];
        let x = [1, NEG, NEG, 0, 2, 3, 1, 2, NEG];
        let run = |fast: Fast| {
            let mut out = vec![NEG; 9];
            let w = convolve_concave_rows(&x, &z, &[3, 3], &mut out, 1e9, fast);
            (out, w.unwrap().unwrap())
        };
        let full = vec![1, 3, 4, 2, 3, 4, 1, 3, 4];
        assert_eq!(run(Fast::NONE), (full.clone(), 16.0));
        let mirror = Fast {
            mirror: true,
            cap: i32::MAX,
            filled: false,
        };
        assert_eq!(run(mirror), (full, 13.0));
        let (out, w) = run(Fast {
            mirror: false,
            cap: 3,
            filled: false,
        });
        assert_eq!(w, 14.0);
        let clamped: Vec<i32> = out.iter().map(|&v| v.min(3)).collect();
        assert_eq!(clamped, vec![1, 3, 3, 2, 3, 3, 1, 3, 3]);
        assert_eq!(mirror_dim(&x, &z, &[3], &[0, 1, 2], 3), Some((0, 1)));
    }

    /// The blocked, f32 or i32 convolution against the definition, on random boxes longer
    /// than a block, with values small enough for f32 and too large for it.
    #[test]
    fn convolution_equals_the_definition() {
        use crate::rng::{below, Rng64};
        use rand::SeedableRng;
        let mut rng = Rng64::seed_from_u64(21);
        for (m, top, sparse) in [
            (vec![2200], 100, 2),
            (vec![2200], 100, 40),
            (vec![2100], 20_000_000, 40),
            (vec![2, 2100], 1000, 40),
            (vec![3, 3, 250], 9_000_000, 3),
        ] {
            let nd = m.len();
            let mut stride = vec![1usize; nd];
            for d in (0..nd - 1).rev() {
                stride[d] = stride[d + 1] * m[d + 1];
            }
            let p: usize = m.iter().product();
            let draw = |rng: &mut Rng64| -> Vec<i32> {
                (0..p)
                    .map(|_| {
                        // One entry in `sparse` valid: few sums per output, so a lost
                        // one shows.
                        if below(rng, sparse) != 0 {
                            NEG
                        } else {
                            below(rng, top) as i32
                        }
                    })
                    .collect()
            };
            let (mut x, mut z) = (draw(&mut rng), draw(&mut rng));
            // Entries on both sides of a block's edge in the last coordinate.
            let last = m[nd - 1];
            for b in [2047, 2048] {
                if b < last {
                    z[b] = top as i32 - 1;
                }
            }
            x[0] = 0;
            let want = definition(&x, &z, &m, &stride);
            let mut got = vec![NEG; p];
            convolve(&x, &z, &m, &stride, &mut got, f64::INFINITY, Fast::NONE).unwrap();
            for v in got.iter_mut().filter(|v| **v < 0) {
                *v = NEG;
            }
            assert_eq!(got, want, "{m:?}, values below {top}, 1 in {sparse} valid");
        }
    }

    /// The row-merge path against the definition and against the general path, on arrays whose
    /// rows are concave on random intervals (empty rows, single entries, long flat runs, steep
    /// and shallow slopes, values up to 10^7), in one to three dimensions.
    #[test]
    fn concave_rows_convolution_equals_the_definition() {
        use crate::rng::Rng64;
        use rand::SeedableRng;
        let mut rng = Rng64::seed_from_u64(2121);
        let mut merged = 0;
        for case in 0..300 {
            let (m, stride) = random_box(&mut rng, case, 6);
            let nd = m.len();
            let p: usize = m.iter().product();
            let len = m[nd - 1];
            let top = [30usize, 1000, 10_000_000][(case / 3) % 3];
            let draw = |rng: &mut Rng64| concave_array(rng, p, len, top);
            let (x, z) = (draw(&mut rng), draw(&mut rng));
            let want = definition(&x, &z, &m, &stride);
            let mut got = vec![NEG; p];
            let r = convolve_concave_rows(&x, &z, &m, &mut got, f64::INFINITY, Fast::NONE);
            assert!(r.is_some(), "{m:?}: rows are concave");
            merged += 1;
            let mut general = vec![NEG; p];
            convolve_general(&x, &z, &m, &stride, &mut general, f64::INFINITY).unwrap();
            for v in got.iter_mut().chain(general.iter_mut()).filter(|v| **v < 0) {
                *v = NEG;
            }
            assert_eq!(got, want, "case {case}: {m:?}, {x:?} with {z:?}");
            assert_eq!(general, want, "case {case}: {m:?}");
        }
        assert_eq!(merged, 300);
        // A row that is not concave ([0, 5, 20]) sends the whole convolution to the general path.
        let merges = |x: &[i32]| {
            let mut out = vec![NEG; 3];
            convolve_concave_rows(x, &[0, NEG, NEG], &[3], &mut out, 1e9, Fast::NONE).is_some()
        };
        assert!(!merges(&[0, 5, 20]));
        // Nor is a row with a hole.
        assert!(!merges(&[0, NEG, 1]));
    }

    #[test]
    fn convolution_is_max_plus() {
        // 1-D: x = [0, 2, -], z = [1, -, 0] -> out[0] = 1, out[1] = 3, out[2] = max(0+0, 2+?) = 0.
        let run = |out: &mut [i32], budget| {
            let (x, z) = ([0, 2, NEG], [1, NEG, 0]);
            convolve(&x, &z, &[3], &[1], out, budget, Fast::NONE)
        };
        let mut out = vec![NEG; 3];
        assert_eq!(run(&mut out, 100.0), Ok(5.0));
        let mut big = vec![NEG; 3];
        assert_eq!(run(&mut big, 4.0), Err(5.0));
        assert_eq!(big, vec![NEG; 3]);
        assert_eq!(&out[..2], &[1, 3]);
        assert_eq!(out[2], 0);
    }
}
