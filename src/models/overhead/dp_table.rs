//! The Lemma 5 dynamic program drawn as its tables, for the stepper: one table per sender
//! class (`τ(C, i)`, rows the counts of every type but the last, columns the last), filling
//! cell by cell as the steps go, the cell of the current step marked, the cell that gives the
//! optimum marked once the program reaches it, and, as the optimal tree is read back, the
//! cells on its path. Everything is read from the typed steps ([`DpStep`]) and the tables'
//! layout ([`DpLayout`]), so stepping back is exact.

use std::collections::{HashMap, HashSet};

use hetcast_core::models::overhead::algo::lemma5::{dp_layout, dp_steps, DpLayout, DpStep};
use hetcast_core::models::overhead::Instance;
use hetcast_core::units::fmt_t;
use yew::prelude::*;

/// The steps of the program on one instance and how its tables are laid out.
#[derive(Debug, Clone, PartialEq)]
pub struct DpTables {
    layout: DpLayout,
    steps: Vec<DpStep>,
}

/// A cell: its class (table) and flat index.
type Cell = (usize, usize);

/// What the tables show after some steps.
#[derive(Debug, Default, PartialEq)]
struct Shown {
    /// Cells filled so far: the first this many cell steps.
    filled: usize,
    /// The cell of the last step done.
    current: Option<Cell>,
    /// The optimum's cell, once the program has reached it.
    optimum: Option<Cell>,
    /// The cells on the path of the tree read back so far.
    path: HashSet<Cell>,
}

impl DpTables {
    /// The tables of `inst`, when the program's steps are shown for it (small instances:
    /// see [`dp_steps`]).
    pub fn of(inst: &Instance) -> Option<DpTables> {
        let (steps, _) = dp_steps(inst).ok()?;
        Some(DpTables {
            layout: dp_layout(inst),
            steps,
        })
    }

    fn classes(&self) -> usize {
        self.layout.class_send.len()
    }

    /// Number of cell steps (they come first).
    fn cell_steps(&self) -> usize {
        self.classes() * self.layout.cells()
    }

    /// The cell step `i` fills: cells go by flat index, then class.
    fn cell_of_step(&self, i: usize) -> Cell {
        let nc = self.classes().max(1);
        (i % nc, i / nc)
    }

    /// What the tables show after `done` steps.
    fn shown(&self, done: usize) -> Shown {
        let l = &self.layout;
        let done = done.min(self.steps.len());
        let opt = (l.class_src, l.cells().saturating_sub(1));
        let mut s = Shown {
            filled: done.min(self.cell_steps()),
            ..Shown::default()
        };
        // The class of each node read back so far, as a sender.
        let mut class: HashMap<usize, usize> = HashMap::new();
        for (i, step) in self.steps[..done].iter().enumerate() {
            let cell = match step {
                DpStep::Cell { .. } => self.cell_of_step(i),
                DpStep::Optimum { .. } => {
                    s.optimum = Some(opt);
                    s.path.insert(opt);
                    opt
                }
                DpStep::Edge {
                    from,
                    to,
                    l: ty,
                    counts,
                    subtree,
                    ..
                } => {
                    let c = class.get(from).copied().unwrap_or(l.class_src);
                    let child = l.class_of_type.get(*ty).copied().unwrap_or(0);
                    class.insert(*to, child);
                    let sender = (c, l.flat(counts));
                    s.path.insert(sender);
                    if subtree.iter().any(|&n| n > 0) {
                        s.path.insert((child, l.flat(subtree)));
                    }
                    sender
                }
            };
            s.current = Some(cell);
        }
        s
    }
}

/// The counts `i` of flat index `f`.
fn counts_of(layout: &DpLayout, mut f: usize) -> Vec<usize> {
    let mut out = vec![0; layout.counts.len()];
    for (l, &n) in layout.counts.iter().enumerate().rev() {
        out[l] = f % (n + 1);
        f /= n + 1;
    }
    out
}

/// The tables after `done` steps (see the module documentation).
pub fn tables_html(t: &DpTables, done: usize) -> Html {
    let l = &t.layout;
    let Some(&last) = l.counts.last() else {
        return html! {};
    };
    let shown = t.shown(done);
    let nc = t.classes();
    let values: Vec<Option<f64>> = (0..t.cell_steps())
        .map(|i| match t.steps.get(i) {
            Some(DpStep::Cell { value, .. }) => Some(*value),
            _ => None,
        })
        .collect();
    let rows = l.cells() / (last + 1);
    let k = l.counts.len();
    let table = |c: usize| {
        let title = format!(
            "τ(C={}, i){}",
            fmt_t(l.class_send[c]),
            if c == l.class_src {
                ": the source's"
            } else {
                ""
            }
        );
        let head = if k > 1 {
            format!("i_1..i_{} \\ i_{k}", k - 1)
        } else {
            format!("i_{k}")
        };
        html! {
            <div class="dp-class">
                <div class="dp-title">{ title }</div>
                <table class="dp" id={format!("dp-{c}")}>
                    <tr><th>{ head }</th>{ for (0..=last).map(|j| html! { <th>{ j }</th> }) }</tr>
                    { for (0..rows).map(|r| {
                        let first = r * (last + 1);
                        let label = if k > 1 {
                            let i = counts_of(l, first);
                            let v: Vec<String> = i[..k - 1].iter().map(|x| x.to_string()).collect();
                            format!("({})", v.join(", "))
                        } else {
                            String::new()
                        };
                        html! {
                            <tr><th>{ label }</th>{ for (first..first + last + 1).map(|f| {
                                let cell = (c, f);
                                let filled = f * nc + c < shown.filled;
                                let class = classes!(
                                    "dp-cell",
                                    filled.then_some("filled"),
                                    (shown.current == Some(cell)).then_some("current"),
                                    (shown.optimum == Some(cell)).then_some("optimum"),
                                    shown.path.contains(&cell).then_some("path"),
                                );
                                let value = values.get(f * nc + c).copied().flatten().filter(|_| filled);
                                let i = counts_of(l, f);
                                let words: Vec<String> = i.iter().map(|x| x.to_string()).collect();
                                html! {
                                    <td id={format!("dp-{c}-{f}")} {class}
                                        title={format!("τ(C={}, ({}))", fmt_t(l.class_send[c]), words.join(", "))}>
                                        { value.map(fmt_t).unwrap_or_default() }
                                    </td>
                                }
                            }) }</tr>
                        }
                    }) }
                </table>
            </div>
        }
    };
    html! {
        <div class="dp-tables" id="dp-tables" aria-label="The tables of the dynamic program">
            { for (0..nc).map(table) }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetcast_core::models::overhead::gallery;

    #[test]
    fn the_tables_of_figure_1_fill_then_give_the_optimum_then_the_path() {
        let t = DpTables::of(&gallery::libeskind_hadas_figure1()).unwrap();
        // Two classes (send times 2 and 3) of 5 x 8 cells; the source's class is 1.
        assert_eq!((t.classes(), t.layout.cells(), t.cell_steps()), (2, 40, 80));
        let s = t.shown(4);
        assert_eq!((s.filled, s.current, s.optimum), (4, Some((1, 1)), None));
        let s = t.shown(81);
        assert_eq!((s.current, s.optimum), (Some((1, 39)), Some((1, 39))));
        // Read back: the first edge is the source's, from the optimum's cell.
        let s = t.shown(82);
        assert_eq!(s.current, Some((1, 39)));
        let all = t.shown(t.steps.len());
        assert!(all.path.len() > 2 && all.path.contains(&(1, 39)));
        assert!(all.path.iter().all(|&(c, f)| c < 2 && f < 40));
        assert_eq!(counts_of(&t.layout, 39), vec![4, 7]);
        assert_eq!(t.layout.flat(&[2, 3]), 19);
        assert_eq!(counts_of(&t.layout, 19), vec![2, 3]);
    }
}
