//! What `hetcast experiment NAME` and `hetcast bench NAME` share: a closed list of named
//! commands ([`Entry`], a [`Catalog`]), each with its options and its runner. [`run`] looks the
//! name up, checks the options and runs the entry; an unknown or missing name lists the
//! registry; [`usage`] writes the help lines of every entry.

use hetcast_core::catalog::Catalog;

/// What a registry command (`experiment`, `bench`) was given: the names and which options.
pub trait EntryArgs {
    /// The positional arguments (one name is expected).
    fn names(&self) -> &[String];
    /// The options given, by name without the leading `--`.
    fn given(&self) -> Vec<&'static str>;
}

/// The options given among `(name, given)` pairs.
pub fn given(pairs: &[(&'static str, bool)]) -> Vec<&'static str> {
    pairs.iter().filter(|(_, g)| *g).map(|(n, _)| *n).collect()
}

/// One command of a registry ([`crate::experiments::Experiment`],
/// [`crate::bench::Bench`]).
pub trait Entry: Catalog {
    /// The command (`experiment`, `bench`).
    const COMMAND: &'static str;
    /// What one entry is called in messages (`experiment`, `benchmark`).
    const NOUN: &'static str;

    /// Where it comes from: paper and figure, or what it measures.
    fn source(self) -> &'static str;

    /// Its options without the leading `--`, each with what the usage shows as its value (the
    /// default, or a placeholder such as `DIR`).
    fn options(self) -> Vec<(&'static str, String)>;

    /// The files it writes, for the usage text (none: it only prints).
    fn writes(self) -> Option<String>;

    /// The command's parsed arguments.
    type Args: EntryArgs;

    /// Run it with parsed arguments (options already checked against [`Entry::options`]).
    fn run(self, a: &Self::Args) -> Result<(), String>;
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The registry in one line: "liu-fig6 (Liu et al. Fig. 6), wu-fig3 (...)".
fn listing<E: Entry>() -> String {
    E::ALL
        .iter()
        .map(|e| format!("{} ({})", e.key(), e.short()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Run `hetcast COMMAND ARGS`: the first positional argument names the entry.
pub fn run<E: Entry>(a: &E::Args) -> Result<(), String> {
    let noun = E::NOUN;
    let entry = match a.names() {
        [name] => E::parse(name)
            .map_err(|_| format!("unknown {noun} '{name}' ({noun}s: {})", listing::<E>()))?,
        [] => {
            return Err(format!(
                "{}: which one? usage: hetcast {} NAME [OPTIONS], NAME one of: {}",
                E::COMMAND,
                E::COMMAND,
                listing::<E>()
            ))
        }
        more => {
            return Err(format!(
                "{} takes one name, got: {}",
                E::COMMAND,
                more.join(" ")
            ))
        }
    };
    let takes = entry.options();
    for opt in a.given() {
        if !takes.iter().any(|(n, _)| *n == opt) {
            let takers: Vec<&str> = E::ALL
                .iter()
                .filter(|e| e.options().iter().any(|(n, _)| *n == opt))
                .map(|e| e.key())
                .collect();
            return Err(format!("--{opt} applies to {} only", and_list(&takers)));
        }
    }
    entry.run(a)
}

/// The help lines of every entry: `hetcast COMMAND KEY [--opt VALUE] ...`, then where it comes
/// from and what it writes.
pub fn usage<E: Entry>() -> String {
    E::ALL
        .iter()
        .map(|e| {
            let opts: String = e
                .options()
                .iter()
                .map(|(n, v)| format!(" [--{n} {v}]"))
                .collect();
            let writes = e
                .writes()
                .map(|w| format!("      writes {w}\n"))
                .unwrap_or_default();
            format!(
                "  hetcast {} {}{opts}\n      {}: {}\n{writes}",
                E::COMMAND,
                e.key(),
                e.source(),
                e.title(),
            )
        })
        .collect()
}

/// Test support: keys are unique and read back; no entry names an option twice; the usage
/// has a line per entry (each registry's tests call it).
#[cfg(test)]
pub fn assert_well_formed<E: Entry + PartialEq + std::fmt::Debug>() {
    for (i, e) in E::ALL.iter().enumerate() {
        assert_eq!(E::parse(e.key()).unwrap(), *e);
        assert!(E::ALL[..i].iter().all(|o| o.key() != e.key()), "{e:?}");
        let names: Vec<_> = e.options().iter().map(|(n, _)| *n).collect();
        assert!(names
            .iter()
            .enumerate()
            .all(|(j, n)| !names[..j].contains(n)));
        assert!(usage::<E>().contains(&format!("hetcast {} {} ", E::COMMAND, e.key())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_in_words() {
        assert_eq!(and_list(&["a"]), "a");
        assert_eq!(and_list(&["a", "b"]), "a and b");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
    }
}
