//! One strict SVG reader for every test that checks an exported drawing.

use quick_xml::events::Event;
use quick_xml::Reader;
use std::collections::HashMap;

/// One element of a parsed document: name, attributes (unescaped), its text (unescaped).
#[derive(Debug)]
pub struct Elem {
    pub name: String,
    pub attrs: HashMap<String, String>,
    pub text: String,
    pub depth: usize,
}

/// Parse `svg` strictly (end names checked, every attribute and text unescaped); panics with
/// the parser's message on any error.
pub fn parse(svg: &str) -> Vec<Elem> {
    let mut r = Reader::from_str(svg);
    r.config_mut().check_end_names = true;
    let mut out: Vec<Elem> = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut roots = 0;
    loop {
        let ev = r
            .read_event()
            .unwrap_or_else(|e| panic!("XML error {e}: {svg}"));
        let mut open = |e: &quick_xml::events::BytesStart, stack: &Vec<usize>| {
            let mut attrs = HashMap::new();
            for a in e.attributes().with_checks(true) {
                let a = a.expect("well-formed attribute");
                let key = String::from_utf8(a.key.as_ref().to_vec()).unwrap();
                let v = a
                    .unescape_value()
                    .expect("attribute unescapes")
                    .into_owned();
                assert!(attrs.insert(key, v).is_none(), "duplicate attribute");
            }
            out.push(Elem {
                name: String::from_utf8(e.name().as_ref().to_vec()).unwrap(),
                attrs,
                text: String::new(),
                depth: stack.len(),
            });
            out.len() - 1
        };
        match ev {
            Event::Start(e) => {
                if stack.is_empty() {
                    roots += 1;
                }
                let i = open(&e, &stack);
                stack.push(i);
            }
            Event::Empty(e) => {
                if stack.is_empty() {
                    roots += 1;
                }
                open(&e, &stack);
            }
            Event::End(_) => {
                stack.pop().expect("balanced tags");
            }
            Event::Text(t) => {
                let s = t.unescape().expect("text unescapes");
                if let Some(&i) = stack.last() {
                    out[i].text.push_str(&s);
                } else {
                    assert!(s.trim().is_empty(), "text outside the root: {s:?}");
                }
            }
            Event::CData(_) | Event::Decl(_) | Event::Comment(_) => {}
            Event::Eof => break,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(stack.is_empty(), "unclosed elements");
    assert_eq!(roots, 1, "one root element");
    out
}
