//! The results list every model keeps: its rows (one run of one algorithm each, [`Row`]), the
//! selected one and the "edited" row (a plan imported or edited by hand), generic over the row;
//! and [`ResultsView`], what the shell reads and changes of it whatever its rows.

use hetcast_core::catalog::Catalog;

/// What the shell reads and changes of a model's results list, whatever its rows.
pub trait ResultsView {
    /// The number of rows.
    fn len(&self) -> usize;
    /// No rows.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The caption over the views: the selected algorithm and its completion time.
    fn caption(&self) -> String;
    /// The key of the selected row (see [`Results::by_key`]).
    fn selected_key(&self) -> Option<String>;
    /// Every row that succeeded: its key, its name and T.
    fn succeeded(&self) -> Vec<(String, String, f64)>;
    /// Select the next (+1) or previous (-1) row.
    fn step(&mut self, d: i32);
    /// Select the edited row, if there is one.
    fn select_edited(&mut self);
    /// True when there is a hand edit to undo.
    fn has_edit(&self) -> bool;
    /// Undo the last hand edit: true when there was one.
    fn undo_edit(&mut self) -> bool;
}

impl<R: Row> ResultsView for Results<R> {
    fn len(&self) -> usize {
        self.rows.len()
    }
    fn caption(&self) -> String {
        Results::caption(self)
    }
    fn selected_key(&self) -> Option<String> {
        Results::selected_key(self)
    }
    fn succeeded(&self) -> Vec<(String, String, f64)> {
        Results::succeeded(self)
    }
    fn step(&mut self, d: i32) {
        Results::step(self, d)
    }
    fn select_edited(&mut self) {
        Results::select_edited(self)
    }
    fn has_edit(&self) -> bool {
        Results::has_edit(self)
    }
    fn undo_edit(&mut self) -> bool {
        Results::undo_edit(self)
    }
}

/// A row of a results table: one run of one algorithm.
pub trait Row: Clone {
    /// The model's list of algorithms.
    type Algo: Catalog + Copy + PartialEq + std::fmt::Debug;
    /// Which algorithm ran.
    fn algo(&self) -> Self::Algo;
    /// The completion time, when the run succeeded.
    fn time(&self) -> Option<f64>;
    /// The algorithm's name in the caption ("Greedy (FNF)", "WRP").
    fn name(&self) -> String;
    /// A time as the model writes it ("10", "1,234 µs").
    fn fmt_time(t: f64) -> String;
    /// The seed of a randomised run (none for the others).
    fn seed(&self) -> Option<u64> {
        None
    }
    /// The row's plan as its model's plan JSON, when the run succeeded.
    fn plan_json(&self) -> Option<serde_json::Value>;
    /// True for the edited row (a plan imported or edited by hand), false for an algorithm's
    /// run.
    fn is_edited(&self) -> bool {
        false
    }
}

/// The results on the instance in use, in the order of the model's algorithm list, and the
/// selected one; and the "edited" row, a plan imported from a file and timed by the simulator.
#[derive(Clone, Debug, PartialEq)]
pub struct Results<R: Row> {
    /// One row per algorithm run.
    pub rows: Vec<R>,
    /// The selected row's algorithm (`None` while the edited row is selected).
    pub selected: Option<R::Algo>,
    /// The imported plan's row, after the others (dropped when the instance changes).
    pub edited: Option<R>,
    /// The edited row is the selected one.
    pub edited_selected: bool,
    /// The edited rows before each hand edit (a move in the tree), last one last: undo.
    pub edits_before: Vec<Option<R>>,
}

impl<R: Row> Default for Results<R> {
    fn default() -> Self {
        Results {
            rows: Vec::new(),
            selected: None,
            edited: None,
            edited_selected: false,
            edits_before: Vec::new(),
        }
    }
}

/// The key of the edited row in [`Results::by_key`] (the others are their algorithm's key).
pub const EDITED_KEY: &str = "edited";

impl<R: Row> Results<R> {
    /// The row of algorithm key `key`, or the edited row ([`EDITED_KEY`]).
    pub fn by_key(&self, key: &str) -> Option<&R> {
        if key == EDITED_KEY {
            return self.edited.as_ref();
        }
        self.rows.iter().find(|r| r.algo().key() == key)
    }

    /// Every row that succeeded: its key (see [`Results::by_key`]), its name and T.
    pub fn succeeded(&self) -> Vec<(String, String, f64)> {
        self.rows
            .iter()
            .map(|r| (r.algo().key().to_string(), r))
            .chain(self.edited.iter().map(|r| (EDITED_KEY.to_string(), r)))
            .filter_map(|(k, r)| Some((k, r.name(), r.time()?)))
            .collect()
    }

    /// The key of the selected row (see [`Results::by_key`]).
    pub fn selected_key(&self) -> Option<String> {
        if self.edited_selected {
            return self.edited.as_ref().map(|_| EDITED_KEY.to_string());
        }
        self.selected.map(|a| a.key().to_string())
    }

    /// The selected row.
    pub fn selected_row(&self) -> Option<&R> {
        if self.edited_selected {
            return self.edited.as_ref();
        }
        let a = self.selected?;
        self.rows.iter().find(|r| r.algo() == a)
    }

    /// The rows the results table shows, the edited row last: every row when the table is
    /// open (`open`), else only the row the folded table keeps, the selected one (or the first
    /// when none is).
    pub fn table_rows(&self, open: bool) -> impl Iterator<Item = &R> {
        let folded = self.selected_row().or(self.rows.first());
        self.rows
            .iter()
            .chain(&self.edited)
            .filter(move |r| open || folded.is_some_and(|f| std::ptr::eq(f, *r)))
    }

    /// True when `r`, one of this list's rows, is the selected one.
    pub fn is_selected(&self, r: &R) -> bool {
        if r.is_edited() {
            self.edited_selected
        } else {
            self.selected == Some(r.algo())
        }
    }

    /// The caption over the views: the selected algorithm and its completion time.
    pub fn caption(&self) -> String {
        self.selected_row()
            .map(|r| {
                let t = r.time().map(R::fmt_time);
                format!("{}: T = {}", r.name(), t.unwrap_or_else(|| "—".into()))
            })
            .unwrap_or_default()
    }

    /// Insert or replace the row of `row.algo()`, keeping the algorithm list's order.
    pub fn put(&mut self, row: R) {
        let rank = |a: R::Algo| R::Algo::ALL.iter().position(|&x| x == a);
        match self.rows.iter_mut().find(|r| r.algo() == row.algo()) {
            Some(r) => *r = row,
            None => {
                self.rows.push(row);
                hetcast_core::order::sort_by_key(&mut self.rows, |r| rank(r.algo()));
            }
        }
    }

    /// Select the row of `a`, if it ran.
    pub fn select(&mut self, a: R::Algo) {
        if self.rows.iter().any(|r| r.algo() == a) {
            self.selected = Some(a);
            self.edited_selected = false;
        }
    }

    /// Select the edited row, if there is one.
    pub fn select_edited(&mut self) {
        if self.edited.is_some() {
            self.selected = None;
            self.edited_selected = true;
        }
    }

    /// Put `row` (an imported plan's run) as the edited row and select it.
    pub fn put_edited(&mut self, row: R) {
        self.edited = Some(row);
        self.edits_before.clear();
        self.select_edited();
    }

    /// Put `row` (a hand edit of the selected schedule) as the edited row and select it;
    /// [`Results::undo_edit`] brings the row before back.
    pub fn push_edit(&mut self, row: R) {
        self.edits_before.push(self.edited.take());
        self.edited = Some(row);
        self.select_edited();
    }

    /// True when there is a hand edit to undo.
    pub fn has_edit(&self) -> bool {
        !self.edits_before.is_empty()
    }

    /// Undo the last hand edit: true when there was one.
    pub fn undo_edit(&mut self) -> bool {
        let Some(before) = self.edits_before.pop() else {
            return false;
        };
        self.edited = before;
        if self.edited.is_none() {
            self.edited_selected = false;
            if self.selected.is_none() {
                self.selected = self.rows.first().map(R::algo);
            }
        }
        true
    }

    /// Select the next (+1) or previous (-1) row, round the list (the edited row last).
    pub fn step(&mut self, d: i32) {
        let n = self.rows.len() + usize::from(self.edited.is_some());
        if n == 0 {
            return;
        }
        let n = n as i64;
        let cur = if self.edited_selected {
            Some(self.rows.len())
        } else {
            self.selected
                .and_then(|a| self.rows.iter().position(|r| r.algo() == a))
        };
        let next = match cur {
            Some(i) => (i as i64 + d as i64).rem_euclid(n),
            None if d >= 0 => 0,
            None => n - 1,
        } as usize;
        match self.rows.get(next) {
            Some(r) => {
                self.selected = Some(r.algo());
                self.edited_selected = false;
            }
            None => self.select_edited(),
        }
    }

    /// Run every row again (on a new instance), keeping the selection; the edited row (a plan
    /// for the instance it was imported on) is dropped.
    pub fn rerun(&mut self, run: impl Fn(&R) -> R) {
        self.rows = self.rows.iter().map(run).collect();
        self.edited = None;
        self.edited_selected = false;
        self.edits_before.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetcast_core::models::multi::MultiAlgorithm as A;

    /// A row with nothing but its algorithm and whether it is the edited one.
    #[derive(Clone, Debug, PartialEq)]
    struct R(A, bool);

    impl Row for R {
        type Algo = A;
        fn algo(&self) -> A {
            self.0
        }
        fn time(&self) -> Option<f64> {
            None
        }
        fn name(&self) -> String {
            self.0.short().into()
        }
        fn fmt_time(t: f64) -> String {
            t.to_string()
        }
        fn plan_json(&self) -> Option<serde_json::Value> {
            None
        }
        fn is_edited(&self) -> bool {
            self.1
        }
    }

    fn keys(results: &Results<R>, open: bool) -> Vec<(A, bool)> {
        results.table_rows(open).map(|r| (r.0, r.1)).collect()
    }

    #[test]
    fn the_folded_table_keeps_the_selected_row_and_the_open_one_every_row() {
        let mut results = Results::<R>::default();
        assert_eq!(keys(&results, false), []);
        results.put(R(A::Wrp, false));
        results.put(R(A::Fef, false));
        // Nothing selected: the folded table shows the first row.
        assert_eq!(keys(&results, false), [(A::Fef, false)]);
        results.select(A::Wrp);
        assert_eq!(keys(&results, false), [(A::Wrp, false)]);
        assert!(results.is_selected(&R(A::Wrp, false)));
        assert!(!results.is_selected(&R(A::Fef, false)));
        // An edited plan of the same algorithm: a row of its own, last, and selected.
        results.put_edited(R(A::Wrp, true));
        assert_eq!(keys(&results, false), [(A::Wrp, true)]);
        assert_eq!(
            keys(&results, true),
            [(A::Fef, false), (A::Wrp, false), (A::Wrp, true)]
        );
        assert!(results.is_selected(&R(A::Wrp, true)));
        assert!(!results.is_selected(&R(A::Wrp, false)));
    }
}
