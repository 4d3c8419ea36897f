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
