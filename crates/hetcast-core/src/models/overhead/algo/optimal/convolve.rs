//! The (max, +) convolution of the frontier arrays, `out[y] = max_{a + b = y} x[a] + z[b]` over
//! the valid (non-negative) entries of a mixed-radix box: the step that takes nearly all of
//! [`super`]'s time (`docs/optimal.md` sections 3.6 and 3.10).

use super::NEG;

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

/// `out[y] = max(out[y], max_{i + j = y} x[i] + z[j])` for two rows concave on the intervals
/// `xi` and `zi` (differences `dx`, `dz`, [`i32::MIN`] at each interval's end), `y` below
/// `out.len()`: the sums along the merge of the two difference sequences, largest difference
/// first (the (max, +) convolution of concave sequences is the concave sequence whose differences
/// are both sequences' differences sorted). Without branches on the data. Returns the steps.
fn merge_concave(
    (x, dx, xi): (&[i32], &[i32], (usize, usize)),
    (z, dz, zi): (&[i32], &[i32], (usize, usize)),
    out: &mut [i32],
) -> usize {
    let (mut i, mut j) = (xi.0, zi.0);
    let y0 = i + j;
    if y0 >= out.len() {
        return 0;
    }
    let steps = (xi.1 - xi.0 + zi.1 - zi.0 + 1).min(out.len() - y0);
    for o in &mut out[y0..y0 + steps] {
        let v = x[i] + z[j];
        *o = (*o).max(v);
        let take_x = dx[i] >= dz[j];
        i += take_x as usize;
        j += !take_x as usize;
    }
    steps
}

/// [`convolve`] when every row (last coordinate) of both arrays is concave on an interval: each
/// pair of rows is merged in time linear in their lengths instead of their product. The result
/// is the same as the definition (`convolution_equals_the_definition` checks both paths). `None`
/// when some row is not concave (then [`convolve`] does the general work).
fn convolve_concave_rows(
    x: &[i32],
    z: &[i32],
    m: &[usize],
    out: &mut [i32],
    budget: f64,
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
    for (a, xa) in rx.rows.iter().enumerate() {
        let Some(xi) = *xa else { continue };
        let xrow = (
            &x[a * len..(a + 1) * len],
            &rx.diff[a * len..(a + 1) * len],
            xi,
        );
        for &(b, zi) in &zs {
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
            work += merge_concave(xrow, zrow, &mut out[o * len..(o + 1) * len]);
        }
    }
    Some(Ok(work as f64))
}

/// `out[y] = max(out[y], max_{a + b = y} x[a] + z[b])` over valid (non-negative) entries, on the
/// mixed-radix box `m`. Returns the number of inner steps, or `Err(steps)` without doing them
/// when they exceed `budget`. Rows concave on intervals (the usual case) go through
/// [`convolve_concave_rows`], the rest through [`convolve_general`].
pub(super) fn convolve(
    x: &[i32],
    z: &[i32],
    m: &[usize],
    stride: &[usize],
    out: &mut [i32],
    budget: f64,
) -> Result<f64, f64> {
    match convolve_concave_rows(x, z, m, out, budget) {
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
                let mut d = nd - 1;
                let mut more = false;
                while d > 0 {
                    d -= 1;
                    if y[d] < lim[d] {
                        y[d] += 1;
                        more = true;
                        break;
                    }
                    y[d] = 0;
                }
                if !more {
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
            convolve(&x, &z, &m, &stride, &mut got, f64::INFINITY).unwrap();
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
        use crate::rng::{below, Rng64};
        use rand::SeedableRng;
        let mut rng = Rng64::seed_from_u64(2121);
        let mut merged = 0;
        for case in 0..300 {
            let m: Vec<usize> = match case % 3 {
                0 => vec![1 + below(&mut rng, 60)],
                1 => vec![1 + below(&mut rng, 6), 1 + below(&mut rng, 25)],
                _ => (0..3).map(|_| 1 + below(&mut rng, 5)).collect(),
            };
            let nd = m.len();
            let mut stride = vec![1usize; nd];
            for d in (0..nd - 1).rev() {
                stride[d] = stride[d + 1] * m[d + 1];
            }
            let p: usize = m.iter().product();
            let len = m[nd - 1];
            let top = [30usize, 1000, 10_000_000][(case / 3) % 3];
            let draw = |rng: &mut Rng64| -> Vec<i32> {
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
            };
            let (x, z) = (draw(&mut rng), draw(&mut rng));
            let want = definition(&x, &z, &m, &stride);
            let mut got = vec![NEG; p];
            let r = convolve_concave_rows(&x, &z, &m, &mut got, f64::INFINITY);
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
        let mut out = vec![NEG; 3];
        assert!(convolve_concave_rows(&[0, 5, 20], &[0, NEG, NEG], &[3], &mut out, 1e9).is_none());
        // Nor is a row with a hole.
        assert!(convolve_concave_rows(&[0, NEG, 1], &[0, NEG, NEG], &[3], &mut out, 1e9).is_none());
    }

    #[test]
    fn convolution_is_max_plus() {
        // 1-D: x = [0, 2, -], z = [1, -, 0] -> out[0] = 1, out[1] = 3, out[2] = max(0+0, 2+?) = 0.
        let mut out = vec![NEG; 3];
        assert_eq!(
            convolve(&[0, 2, NEG], &[1, NEG, 0], &[3], &[1], &mut out, 100.0),
            Ok(5.0)
        );
        let mut big = vec![NEG; 3];
        assert_eq!(
            convolve(&[0, 2, NEG], &[1, NEG, 0], &[3], &[1], &mut big, 4.0),
            Err(5.0)
        );
        assert_eq!(big, vec![NEG; 3]);
        assert_eq!(&out[..2], &[1, 3]);
        assert_eq!(out[2], 0);
    }
}
