//! Labels along links, none over another nor over a node: each label of a drawn link is put
//! beside its link, on the link's right (the side its [`Link`] is shifted to, so the two
//! directions of a link keep their labels on opposite sides), at the free spot nearest the
//! link's middle; where the right has none, on the line, then on its left, then one label
//! further out ([`candidates`]). A label with no free spot along its link is left out
//! ([`place_link_labels`] says which); the platform drawing then names that load in the link's
//! tooltip only.
//!
//! Placement is greedy: the labels of the shortest links first (they have the fewest spots),
//! each at the first free one of its candidates, the middle first, then outwards.

use super::links::Link;

/// An axis-aligned box: left, top, right, bottom.
pub type Bounds = (f64, f64, f64, f64);

/// The free space kept between a label beside its line and that line (pixels): room for the
/// widest link (8 px) and the label's halo.
pub const LINE_GAP: f64 = 5.0;

/// The free space kept between two labels side by side (pixels), so that two numbers never
/// read as one. Labels one above the other may touch: their boxes hold the type's line
/// spacing (figures leave about 3 px free above and 4 px below). Node boxes and other
/// obstacles may touch a label too (they are drawn over its halo).
pub const LABEL_GAP: f64 = 3.0;

/// The share of a link's drawn length between two candidate spots of its label.
const STEP: f64 = 0.025;

/// Whether the interiors of `a` and `b` meet.
pub fn meet(a: &Bounds, b: &Bounds) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// Where the centre of a `size` (width, height) label of `link` may go, best first: beside the
/// drawn line on its right, [`LINE_GAP`] clear of it, at the fractions 0.5, 0.475, 0.525,
/// 0.45, ... of its drawn length (from 0.025 to 0.975); then on the line itself (its halo over the
/// line), at the same fractions; then beside it on its left; then one label further out on
/// its right, then on its left.
pub fn candidates(link: &Link, size: (f64, f64)) -> Vec<(f64, f64)> {
    let (dx, dy) = (link.end.0 - link.start.0, link.end.1 - link.start.1);
    let len = dx.hypot(dy);
    if len < 1e-9 {
        return Vec::new();
    }
    let (ux, uy) = (dx / len, dy / len);
    // The right of the direction of travel (y grows downwards), as `Link` shifts.
    let (nx, ny) = (-uy, ux);
    // How far the box reaches across the line from its centre, plus the gap.
    let off = size.0 / 2.0 * nx.abs() + size.1 / 2.0 * ny.abs() + LINE_GAP;
    let steps = (0.5 / STEP).round() as i32;
    let mut out = Vec::with_capacity(10 * steps as usize);
    // A second row out on either side, last: still nearer its link than most others.
    let far = off + size.0 * nx.abs() + size.1 * ny.abs() + LABEL_GAP;
    for side in [off, 0.0, -off, far, -far] {
        for k in 0..steps {
            for sign in [-1.0, 1.0] {
                if k == 0 && sign > 0.0 {
                    continue;
                }
                // The fraction (steps ± k) / (2 steps), as an exact ratio.
                let (num, den) = (f64::from(steps) + sign * f64::from(k), f64::from(2 * steps));
                out.push((
                    link.start.0 + dx * num / den + nx * side,
                    link.start.1 + dy * num / den + ny * side,
                ));
            }
        }
    }
    out
}

/// The box of a `size` label centred at `c`.
pub fn label_box(c: (f64, f64), size: (f64, f64)) -> Bounds {
    (
        c.0 - size.0 / 2.0,
        c.1 - size.1 / 2.0,
        c.0 + size.0 / 2.0,
        c.1 + size.1 / 2.0,
    )
}

/// The centre of each label (`labels[i]`: its link and its size), or `None` where no spot
/// along its link is free: inside `frame`, meeting no box of `obstacles` (node boxes, legend
/// lines) and [`LABEL_GAP`] clear, side by side, of every label placed before it.
///
/// # Complexity
/// O(L·c·(L + B)) for L labels, c = 195 candidates each and B obstacles.
pub fn place_link_labels(
    labels: &[(Link, (f64, f64))],
    obstacles: &[Bounds],
    frame: Bounds,
) -> Vec<Option<(f64, f64)>> {
    let mut order: Vec<usize> = (0..labels.len()).collect();
    let length = |l: &Link| (l.end.0 - l.start.0).hypot(l.end.1 - l.start.1);
    // Through the one shared sort on the page (`order::sort_by`: no stable sort of its own).
    crate::order::sort_by(&mut order, |&a, &b| {
        length(&labels[a].0)
            .total_cmp(&length(&labels[b].0))
            .then(a.cmp(&b))
    });
    let mut taken: Vec<Bounds> = Vec::new();
    let mut out = vec![None; labels.len()];
    for i in order {
        let (link, size) = &labels[i];
        let inside =
            |b: &Bounds| b.0 >= frame.0 && b.1 >= frame.1 && b.2 <= frame.2 && b.3 <= frame.3;
        let spot = candidates(link, *size).into_iter().find(|&c| {
            let b = label_box(c, *size);
            let apart = (b.0 - LABEL_GAP, b.1, b.2 + LABEL_GAP, b.3);
            inside(&b)
                && !obstacles.iter().any(|o| meet(&b, o))
                && !taken.iter().any(|t| meet(&apart, t))
        });
        if let Some(c) = spot {
            taken.push(label_box(c, *size));
            out[i] = Some(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_sits_beside_the_middle_of_its_link_on_its_right() {
        // Left to right: the right is below; the box 40 x 20 clears the line by the gap.
        let l = Link::new((0.0, 0.0), (200.0, 0.0), 4.0, 0.0);
        let c = candidates(&l, (40.0, 20.0));
        assert_eq!(c.len(), 195);
        assert_eq!(c[0], (100.0, 4.0 + 10.0 + LINE_GAP));
        assert_eq!(c[1], (95.0, 19.0));
        assert_eq!(c[2], (105.0, 19.0));
        // The reverse direction: above, on its own side.
        let r = Link::new((200.0, 0.0), (0.0, 0.0), 4.0, 0.0);
        assert_eq!(candidates(&r, (40.0, 20.0))[0], (100.0, -19.0));
    }

    #[test]
    fn two_labels_of_one_link_take_its_two_sides_and_a_crowded_one_moves_along() {
        let ab = Link::new((0.0, 0.0), (200.0, 0.0), 4.0, 0.0);
        let ba = Link::new((200.0, 0.0), (0.0, 0.0), 4.0, 0.0);
        // A node box over the middle of the link's right side.
        let node = (80.0, 10.0, 120.0, 40.0);
        let got = place_link_labels(
            &[(ab, (40.0, 20.0)), (ba, (40.0, 20.0))],
            &[node],
            (-500.0, -500.0, 500.0, 500.0),
        );
        assert_eq!(got[1], Some((100.0, -19.0)));
        // Spots 0.325 to 0.675 meet the node; 0.3 is the first clear (its box touches the
        // node's, which may be).
        assert_eq!(got[0], Some((60.0, 19.0)));
    }

    #[test]
    fn a_label_with_no_free_spot_is_left_out() {
        let ab = Link::new((0.0, 0.0), (100.0, 0.0), 4.0, 0.0);
        // A box over the whole link, both sides.
        let wall = (-10.0, -60.0, 110.0, 60.0);
        let got = place_link_labels(&[(ab, (30.0, 20.0))], &[wall], (-99.0, -99.0, 199.0, 199.0));
        assert_eq!(got, vec![None]);
    }
}
