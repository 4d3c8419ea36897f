//! A multicast tree as a Graphviz DOT digraph (`dot -Tsvg tree.dot`): the overhead model's
//! schedule tree ([`overhead`]), or the tree one message of a many-source schedule followed
//! ([`multi`]).
//!
//! Nodes are `n{v}` (the instance's index), labelled with the node's label and when it holds
//! the message (its holding time, from the simulator); the source has a double border. An edge
//! `u -> v` is a send, labelled with its place in `u`'s sends of that message (1 first); each
//! sender's edges are written in its send order. The title is the graph's label. Every text is written
//! as a quoted DOT string through [`escape`], so any label (quotes, backslashes, newlines,
//! `<`, `&`) stays inside its string and is shown as written.
//!
//! ```
//! use hetcast_core::export::dot;
//! use hetcast_core::models::overhead::{algo::greedy, simulate, Instance};
//! let inst = Instance::node_model(0, &[3.0, 2.0, 2.0]);
//! let s = simulate(&inst, &greedy::greedy(&inst).unwrap().plan).unwrap();
//! let text = dot::overhead(&inst, &s, "Greedy");
//! assert!(text.starts_with("digraph multicast {"));
//! assert!(text.contains("n0 -> n1 [label=\"1\"];"));
//! assert_eq!(dot::escape("a \"b\"\n<c & d>"), r#"a \"b\"\n&lt;c &amp; d&gt;"#);
//! ```

use crate::models::multi::{MultiInstance, MultiSchedule};
use crate::models::overhead::{Instance, Schedule};
use crate::units::{fmt_t, fmt_us};

/// `text` as the inside of a quoted DOT string: `\` and `"` are escaped with a backslash, a
/// line break becomes `\n` (Graphviz's centred line break; `\r\n` and `\r` count as one),
/// other control characters become U+FFFD, and `&`, `<`, `>` become the entities
/// `&amp;`, `&lt;`, `&gt;` (Graphviz expands entities in labels, so a literal `&lt;` in a
/// name is shown as written).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str("\\n");
            }
            '\n' => out.push_str("\\n"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c if c.is_control() => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// One node of a tree to write: index, label text, source or not.
struct TreeNode {
    v: usize,
    label: String,
    source: bool,
}

/// A digraph of `nodes` and `edges` (`(from, to, place in from's sends, 1 first)`).
fn digraph(title: &str, nodes: &[TreeNode], edges: &[(usize, usize, usize)]) -> String {
    let mut out = String::from("digraph multicast {\n");
    out.push_str(&format!("  label=\"{}\";\n  labelloc=t;\n", escape(title)));
    out.push_str("  node [shape=box, style=rounded];\n");
    for n in nodes {
        let border = if n.source { ", peripheries=2" } else { "" };
        out.push_str(&format!(
            "  n{} [label=\"{}\"{border}];\n",
            n.v,
            escape(&n.label)
        ));
    }
    for &(u, v, place) in edges {
        out.push_str(&format!("  n{u} -> n{v} [label=\"{place}\"];\n"));
    }
    out.push_str("}\n");
    out
}

/// The tree of an overhead-model schedule: every node, labelled `NAME\nholds at T` (the
/// source: `NAME\nsource`), edges in send order.
pub fn overhead(inst: &Instance, s: &Schedule, title: &str) -> String {
    let nodes: Vec<TreeNode> = (0..inst.len())
        .map(|v| TreeNode {
            v,
            label: if v == s.source {
                format!("{}\nsource", inst.label(v))
            } else {
                format!("{}\nholds at {}", inst.label(v), fmt_t(s.ready[v]))
            },
            source: v == s.source,
        })
        .collect();
    let edges: Vec<(usize, usize, usize)> = s
        .children
        .iter()
        .enumerate()
        .flat_map(|(u, ch)| ch.iter().enumerate().map(move |(i, &v)| (u, v, i + 1)))
        .collect();
    digraph(title, &nodes, &edges)
}

/// The tree message `msg` followed in a many-source schedule: its source and every node that
/// received it, labelled `P3\nholds m2 at 14 µs` (the source: `P0\nsource of m2`). `None` when
/// the instance has no message `msg`.
pub fn multi(inst: &MultiInstance, s: &MultiSchedule, msg: usize, title: &str) -> Option<String> {
    let source = inst.messages.get(msg)?.source;
    let m = inst.message_label(msg);
    let holds = s.holds.get(msg)?;
    let nodes: Vec<TreeNode> = holds
        .iter()
        .enumerate()
        .filter_map(|(v, t)| {
            let t = (*t)?;
            Some(TreeNode {
                v,
                label: if v == source {
                    format!("{}\nsource of {m}", inst.label(v))
                } else {
                    format!("{}\nholds {m} at {}", inst.label(v), fmt_us(t))
                },
                source: v == source,
            })
        })
        .collect();
    // Transfers are sorted by send start, so each sender's sends of `msg` come in order.
    let mut sent = vec![0usize; holds.len()];
    let edges: Vec<(usize, usize, usize)> = s
        .transfers
        .iter()
        .filter(|t| t.msg == msg)
        .map(|t| {
            sent[t.from] += 1;
            (t.from, t.to, sent[t.from])
        })
        .collect();
    Some(digraph(title, &nodes, &edges))
}
