//! Where a directed link between two points is drawn when its reverse may be drawn too: the
//! two directions side by side (each shifted to its right, y growing downwards), stopping
//! short of the shapes at its ends. The platform drawing (`models::platform::view`) and the
//! app's graph editor draw their edges with it.

/// A directed link drawn from `from` to `to`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Link {
    /// Where the drawn line starts.
    pub start: (f64, f64),
    /// Where it ends (the arrow's tip).
    pub end: (f64, f64),
    from: (f64, f64),
    to: (f64, f64),
    side: (f64, f64),
}

impl Link {
    /// The link from `from` to `to`, shifted `offset` to its right and cut `cut` short at each
    /// end (at most a third of its length).
    ///
    /// ```
    /// use hetcast_core::layout::links::Link;
    /// // Left to right: its right is down (y grows downwards).
    /// let l = Link::new((0.0, 0.0), (100.0, 0.0), 4.0, 10.0);
    /// assert_eq!((l.start, l.end), ((10.0, 4.0), (90.0, 4.0)));
    /// assert_eq!(l.label(0.5, 2.0), (50.0, 8.0));
    /// ```
    pub fn new(from: (f64, f64), to: (f64, f64), offset: f64, cut: f64) -> Link {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = dx.hypot(dy).max(1e-9);
        let (ux, uy) = (dx / len, dy / len);
        let side = (-uy * offset, ux * offset);
        let cut = cut.min(len / 3.0);
        Link {
            start: (from.0 + ux * cut + side.0, from.1 + uy * cut + side.1),
            end: (to.0 - ux * cut + side.0, to.1 - uy * cut + side.1),
            from,
            to,
            side,
        }
    }

    /// Where a label of the link sits: a fraction `t` of the way from `from` to `to`, shifted
    /// `k` times the offset to the right.
    pub fn label(&self, t: f64, k: f64) -> (f64, f64) {
        (
            self.from.0 + (self.to.0 - self.from.0) * t + self.side.0 * k,
            self.from.1 + (self.to.1 - self.from.1) * t + self.side.1 * k,
        )
    }
}
