//! A [`Program`] in CPLEX LP format (`hetcast ... --format lp`), so that any LP solver reads
//! the paper's LP: rows unscaled (costs in the instance's units), long rows wrapped.
//!
//! # Complexity
//! Linear in the program's terms.

use super::{Cmp, Program};

impl Program {
    /// The program in CPLEX LP format (costs in the original units: the rows are written
    /// unscaled, so any solver reads the paper's LP).
    pub fn to_cplex(&self, title: &str) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(s, "\\ {title}");
        let _ = writeln!(s, "Minimize");
        let mut obj = String::from(" obj: T");
        for (v, &c) in self.objective.iter().enumerate().skip(1) {
            if c != 0.0 {
                let _ = write!(obj, " + {} {}", fmt_coef(c * self.scale), self.names[v]);
            }
        }
        wrap(&mut s, &obj);
        let _ = writeln!(s, "Subject To");
        for row in &self.rows {
            let mut line = format!(" {}:", row.name);
            for (i, &(v, c)) in row.terms.iter().enumerate() {
                // Port rows: costs were divided by `scale`; write them in user units.
                let c = if row.name.starts_with("port_") && v != 0 {
                    c * self.scale
                } else {
                    c
                };
                let sign = if c < 0.0 {
                    "-"
                } else if i == 0 {
                    ""
                } else {
                    "+"
                };
                let a = c.abs();
                if a == 1.0 {
                    let _ = write!(line, " {sign} {}", self.names[v]);
                } else {
                    let _ = write!(line, " {sign} {} {}", fmt_coef(a), self.names[v]);
                }
            }
            let op = match row.cmp {
                Cmp::Le => "<=",
                Cmp::Eq => "=",
            };
            let _ = write!(line, " {op} {}", fmt_coef(row.rhs));
            wrap(&mut s, &line);
        }
        let _ = writeln!(s, "End");
        s
    }
}

fn fmt_coef(c: f64) -> String {
    let t = format!("{c}");
    if t.contains('e') || t.len() < 18 {
        t
    } else {
        format!("{c:e}")
    }
}

/// CPLEX LP lines are limited to 510 characters: break long rows between terms.
fn wrap(out: &mut String, line: &str) {
    let mut cur = String::new();
    for word in line.split(' ') {
        if cur.len() + word.len() + 1 > 200 && (word == "+" || word == "-") {
            out.push_str(&cur);
            out.push('\n');
            cur = String::from("  ");
        }
        if !cur.is_empty() && !cur.ends_with(' ') {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    out.push_str(&cur);
    out.push('\n');
}
