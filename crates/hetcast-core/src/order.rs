//! One total order on `f64`, for heaps and sorted keys: [`Total`] compares by
//! [`f64::total_cmp`] (so NaN sorts last and `-0.0 < 0.0`), which the validated instances never
//! meet but which keeps `Ord` honest.
//!
//! ```
//! use hetcast_core::order::Total;
//! use std::collections::BinaryHeap;
//! use std::cmp::Reverse;
//! let mut heap = BinaryHeap::new();
//! for (t, v) in [(3.0, 1), (2.5, 2), (3.0, 0)] {
//!     heap.push(Reverse((Total(t), v)));
//! }
//! // Earliest time first, then the smaller index.
//! assert_eq!(heap.pop(), Some(Reverse((Total(2.5), 2))));
//! assert_eq!(heap.pop(), Some(Reverse((Total(3.0), 0))));
//! ```

use std::cmp::Ordering;

/// An `f64` ordered by [`f64::total_cmp`].
#[derive(Debug, Clone, Copy)]
pub struct Total(pub f64);

impl PartialEq for Total {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Total {}
impl PartialOrd for Total {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Total {
    fn cmp(&self, o: &Self) -> Ordering {
        self.0.total_cmp(&o.0)
    }
}

/// `x` as a `u64` whose unsigned order is [`f64::total_cmp`]'s (so `-0.0 < 0.0`, NaN last):
/// a heap key compared many times then costs one integer comparison instead of the bit
/// twiddling of `total_cmp` at each. [`from_total_key`] gives `x` back, to the bit.
///
/// ```
/// use hetcast_core::order::{from_total_key, total_key};
/// let xs = [f64::NEG_INFINITY, -2.5, -1e-300, -0.0, 0.0, 1e-300, 3.0, f64::INFINITY];
/// for w in xs.windows(2) {
///     assert!(total_key(w[0]) < total_key(w[1]));
/// }
/// for x in xs {
///     assert_eq!(from_total_key(total_key(x)).to_bits(), x.to_bits());
/// }
/// ```
#[inline]
pub fn total_key(x: f64) -> u64 {
    let b = x.to_bits();
    if b >> 63 == 1 {
        !b
    } else {
        b | 1 << 63
    }
}

/// The later of two times that are never NaN nor -0.0: the value of `a.max(b)` for them, by one
/// comparison (`f64::max` also checks for NaN: four instructions instead of one natively, more
/// in WebAssembly, in the many-source model's inner loops).
///
/// ```
/// use hetcast_core::order::later;
/// assert_eq!(later(2.0, 3.5), 3.5);
/// assert_eq!(later(3.5, 2.0), 3.5);
/// assert_eq!(later(0.0, 0.0).to_bits(), 0.0f64.to_bits());
/// ```
#[inline]
pub fn later(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// The `f64` of a [`total_key`].
#[inline]
pub fn from_total_key(k: u64) -> f64 {
    f64::from_bits(if k >> 63 == 1 { k & !(1 << 63) } else { !k })
}

/// Sort `v` stably by `cmp`: the same order as `v.sort_by(cmp)`, equal elements kept in their
/// order.
///
/// With the feature `compact` (the app's page, where code size counts), every call goes through
/// one instance of the standard library's stable sort, on indices with a `dyn` comparator
/// ([`sort_by_indices`]), instead of one instance per element type and comparator (about 6 KB
/// of WebAssembly each; the page had 34). Without it (the CLI, the web worker), it is
/// `v.sort_by(cmp)`.
///
/// # Complexity
/// `O(n log n)` comparisons either way; `compact` adds `O(n)` memory and moves.
///
/// ```
/// let mut v = [(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd')];
/// hetcast_core::order::sort_by(&mut v, |x, y| x.0.cmp(&y.0));
/// assert_eq!(v, [(1, 'b'), (1, 'd'), (2, 'a'), (2, 'c')]);
/// ```
pub fn sort_by<T>(v: &mut [T], cmp: impl FnMut(&T, &T) -> Ordering) {
    #[cfg(feature = "compact")]
    sort_by_indices(v, cmp);
    #[cfg(not(feature = "compact"))]
    v.sort_by(cmp);
}

/// Sort `v` stably by `key`, as `v.sort_by_key(key)` (see [`sort_by`]).
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)))
}

/// Sort `f64`s by [`f64::total_cmp`] (see [`sort_by`]).
pub fn sort_floats(v: &mut [f64]) {
    sort_by(v, f64::total_cmp)
}

/// The distinct values of `times`, in increasing order ([`sort_floats`], then equal neighbours
/// dropped): a replay's steps, a set of costs.
///
/// ```
/// assert_eq!(hetcast_core::order::sorted_distinct([3.0, 1.0, 3.0, 2.0]), [1.0, 2.0, 3.0]);
/// ```
pub fn sorted_distinct(times: impl IntoIterator<Item = f64>) -> Vec<f64> {
    let mut v: Vec<f64> = times.into_iter().collect();
    sort_floats(&mut v);
    v.dedup();
    v
}

/// [`sort_by`] through one non-generic stable sort of indices, then the permutation applied in
/// place (one swap per element out of place).
///
/// # Complexity
/// `O(n log n)` comparisons, `O(n)` swaps and memory.
pub fn sort_by_indices<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    let mut order = sorted_indices(v.len(), &mut |a, b| cmp(&v[a], &v[b]));
    // `order[i]` is the index of the element that goes to `i`; follow each cycle once, marking
    // a placed position `i` by `order[i] = i`.
    for start in 0..v.len() {
        let mut cur = start;
        loop {
            let next = order[cur];
            order[cur] = cur;
            if next == start {
                break;
            }
            v.swap(cur, next);
            cur = next;
        }
    }
}

/// The indices `0..n` stably sorted by `cmp`: the one instance of the standard stable sort
/// behind [`sort_by_indices`].
#[inline(never)]
fn sorted_indices(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The index sort gives exactly the standard stable sort's order (keys with many ties,
        /// tagged by their original position so stability shows).
        #[test]
        fn index_sort_equals_the_standard_stable_sort(keys in prop::collection::vec(0u8..6, 0..200)) {
            let tagged: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
            let mut want = tagged.clone();
            want.sort_by_key(|a| a.0);
            let mut got = tagged.clone();
            sort_by_indices(&mut got, |a, b| a.0.cmp(&b.0));
            prop_assert_eq!(&got, &want);
            let mut via = tagged;
            sort_by(&mut via, |a, b| a.0.cmp(&b.0));
            prop_assert_eq!(via, want);
        }
    }
}
