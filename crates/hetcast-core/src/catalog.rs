//! One trait for the list of algorithms of a model: every model's algorithm enum implements
//! [`Catalog`], so the CLI's `--algo`, the app's menus and the tests read names the same way.

use crate::error::Error;

/// A closed list of algorithms (or experiments, or benches) with names for machines and people.
pub trait Catalog: Copy + Sized + 'static {
    /// Every entry, in the order menus list them.
    const ALL: &'static [Self];

    /// Machine name (CLI `--algo`, JSON `algorithm`): "greedy", "wrp".
    fn key(self) -> &'static str;

    /// Name shown to people: "Greedy / FNF", "Work-Racing-Preemptive".
    fn title(self) -> &'static str;

    /// Abbreviation for narrow columns and legends: "FNF", "WRP".
    fn short(self) -> &'static str;

    /// Other names `parse` accepts besides the key (lower case, without '-', '_' or spaces).
    fn aliases(self) -> &'static [&'static str] {
        &[]
    }

    /// Read a name: the key or an alias, case, '-', '_' and spaces ignored.
    fn parse(s: &str) -> Result<Self, Error> {
        let norm = |x: &str| x.to_ascii_lowercase().replace(['-', '_', ' '], "");
        let want = norm(s);
        Self::ALL
            .iter()
            .copied()
            .find(|a| norm(a.key()) == want || a.aliases().iter().any(|x| norm(x) == want))
            .ok_or_else(|| Error::UnknownAlgorithm(s.to_string()))
    }

    /// Every key, joined by `sep` ("greedy|random|optimal").
    fn keys(sep: &str) -> String {
        Self::ALL
            .iter()
            .map(|a| a.key())
            .collect::<Vec<_>>()
            .join(sep)
    }
}
