//! A small command-line parser: positional arguments and `--name value` / `--name=value` options
//! checked against a list of known names.

use std::collections::BTreeMap;

/// Parsed arguments of one subcommand.
#[derive(Debug, Default)]
pub struct Args {
    /// Positional arguments, in order.
    pub positional: Vec<String>,
    options: BTreeMap<String, String>,
}

impl Args {
    /// Parse `args` allowing only the options named in `known` (without the leading `--`).
    /// Every option takes a value. `-` alone is a positional argument (standard input).
    pub fn parse(args: &[String], known: &[&str]) -> Result<Args, String> {
        let mut out = Args::default();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if let Some(opt) = a.strip_prefix("--") {
                let (name, value) = match opt.split_once('=') {
                    Some((n, v)) => (n.to_string(), v.to_string()),
                    None => {
                        let v = it
                            .next()
                            .ok_or_else(|| format!("option --{opt} needs a value"))?;
                        (opt.to_string(), v.clone())
                    }
                };
                if !known.contains(&name.as_str()) {
                    return Err(format!(
                        "unknown option --{name} (options: {})",
                        known
                            .iter()
                            .map(|k| format!("--{k}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
                if out.options.insert(name.clone(), value).is_some() {
                    return Err(format!("option --{name} given twice"));
                }
            } else if a.starts_with('-') && a != "-" {
                return Err(format!("unknown option {a}"));
            } else {
                out.positional.push(a.clone());
            }
        }
        Ok(out)
    }

    /// The value of `--name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.options.get(name).map(String::as_str)
    }

    /// The value of `--name` as a whole number, if given.
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        self.parsed(name, "whole number")
    }

    /// The value of `--name` as a real number, if given.
    pub fn real(&self, name: &str) -> Result<Option<f64>, String> {
        self.parsed(name, "number")
    }

    fn parsed<T: std::str::FromStr>(&self, name: &str, what: &str) -> Result<Option<T>, String> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| format!("--{name} {v}: not a valid {what}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn parses_both_option_forms() {
        let a = Args::parse(
            &v(&["x.json", "--algo", "fnf", "--seed=3"]),
            &["algo", "seed"],
        )
        .unwrap();
        assert_eq!(a.positional, vec!["x.json"]);
        assert_eq!(a.get("algo"), Some("fnf"));
        assert_eq!(a.number::<u64>("seed").unwrap(), Some(3));
        assert!(Args::parse(&v(&["--bogus", "1"]), &["algo"]).is_err());
        assert!(Args::parse(&v(&["--algo"]), &["algo"]).is_err());
        assert!(Args::parse(&v(&["--algo", "a", "--algo", "b"]), &["algo"]).is_err());
        assert!(Args::parse(&v(&["-x"]), &["algo"]).is_err());
        let a = Args::parse(&v(&["--seed", "x"]), &["seed"]).unwrap();
        assert!(a.number::<u64>("seed").is_err());
        let a = Args::parse(&v(&["--budget", "0.5"]), &["budget"]).unwrap();
        assert_eq!(a.real("budget").unwrap(), Some(0.5));
        assert_eq!(a.real("seed").unwrap(), None);
    }
}
