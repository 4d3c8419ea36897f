//! The exports of `hetcast_core::export`: Chrome Trace Event JSON read back with serde_json,
//! DOT read back with a small lexer of quoted strings, CSV read back with a small RFC 4180
//! reader.

use hetcast_core::catalog::Catalog;
use hetcast_core::export::csv::{field, results_csv, ResultRow, HEADER};
use hetcast_core::export::{dot, trace_event};
use hetcast_core::models::multi::{Multi, MultiInstance, MultiSchedule};
use hetcast_core::models::overhead::{bounds, Instance, Overhead, Schedule};
use hetcast_core::models::Model;
use serde_json::Value;

fn overhead_gallery(id: &str) -> Instance {
    Overhead::gallery()
        .into_iter()
        .find(|e| e.id == id)
        .unwrap()
        .instance
}

fn solve_overhead(inst: &Instance, algo: <Overhead as Model>::Algorithm) -> Schedule {
    let sol = Overhead::solve(inst, algo, 0).unwrap();
    Overhead::simulate(inst, &sol).unwrap()
}

fn solve_multi(inst: &MultiInstance, algo: <Multi as Model>::Algorithm) -> MultiSchedule {
    let sol = Multi::solve(inst, algo, 0).unwrap();
    Multi::simulate(inst, &sol).unwrap()
}

fn events(json: &str) -> Vec<Value> {
    let v: Value = serde_json::from_str(json).unwrap();
    v["traceEvents"].as_array().unwrap().clone()
}

fn of_cat<'a>(ev: &'a [Value], cat: &str) -> Vec<&'a Value> {
    ev.iter().filter(|e| e["cat"] == cat).collect()
}

fn f(v: &Value, k: &str) -> f64 {
    v[k].as_f64().unwrap()
}

/// Every event is well formed: metadata has no time, a complete event has `ts` and `dur >= 0`,
/// async `b`/`e` pair up by id with `b` no later than `e`; tids are nodes.
fn well_formed(ev: &[Value], nodes: usize) {
    let mut open = std::collections::BTreeMap::new();
    for e in ev {
        assert_eq!(e["pid"], 1, "{e}");
        assert!((e["tid"].as_u64().unwrap() as usize) < nodes.max(1), "{e}");
        match e["ph"].as_str().unwrap() {
            "M" => assert!(e.get("ts").is_none() && e["args"].is_object(), "{e}"),
            "X" => assert!(f(e, "dur") >= 0.0 && f(e, "ts").is_finite(), "{e}"),
            "b" => assert!(open.insert(e["id"].as_u64().unwrap(), f(e, "ts")).is_none()),
            "e" => {
                let b = open.remove(&e["id"].as_u64().unwrap()).unwrap();
                assert!(b < f(e, "ts"), "{e}");
            }
            ph => panic!("unexpected phase {ph}"),
        }
    }
    assert!(open.is_empty());
    let names: Vec<&Value> = ev.iter().filter(|e| e["name"] == "thread_name").collect();
    assert_eq!(names.len(), nodes);
}

#[test]
fn libeskind_hadas_figure_1_greedy_trace() {
    let inst = overhead_gallery("lh-fig1");
    let s = solve_overhead(&inst, Catalog::parse("greedy").unwrap());
    assert_eq!(s.sends.len(), 11);
    assert_eq!(s.completion_time, 10.0);
    let file = trace_event::overhead(&inst, &s, "Greedy / FNF");
    let text = file.to_json();
    let ev = events(&text);
    well_formed(&ev, 12);
    let sends = of_cat(&ev, "send");
    let recvs = of_cat(&ev, "recv");
    assert_eq!(sends.len(), 11);
    assert_eq!(recvs.len(), 11);
    // The node model has no latency: no transit is written.
    assert!(of_cat(&ev, "transit").is_empty());
    let end = |e: &&Value| f(e, "ts") + f(e, "dur");
    let max_end = sends.iter().chain(&recvs).map(end).fold(0.0, f64::max);
    assert_eq!(max_end, 10.0);
    // Every slice ends exactly when the simulator says.
    for op in &s.sends {
        let send = sends
            .iter()
            .find(|e| e["tid"] == op.from && e["args"]["to"] == inst.label(op.to))
            .unwrap();
        assert_eq!((f(send, "ts"), end(send)), (op.start, op.end));
        let recv = recvs.iter().find(|e| e["tid"] == op.to).unwrap();
        assert_eq!((f(recv, "ts"), end(recv)), (op.recv_start, op.recv_end));
        assert_eq!(recv["args"]["from"], inst.label(op.from));
        assert_eq!(recv["args"]["message"], "m0");
    }
    let v: Value = serde_json::from_str(&text).unwrap();
    assert!(v["otherData"]["time_unit"]
        .as_str()
        .unwrap()
        .starts_with("unitless"));
    assert_eq!(v["otherData"]["model"], "node");
    let p0 = ev
        .iter()
        .find(|e| e["name"] == "thread_name" && e["tid"] == 0)
        .unwrap();
    assert_eq!(p0["args"]["name"], "P0");
}

#[test]
fn sender_receiver_trace_has_transits() {
    // Liu et al. Figure 1: L = 1, so every send has a transit of length 1.
    let inst = overhead_gallery("liu-fig1");
    let s = solve_overhead(&inst, Catalog::parse("greedy").unwrap());
    let ev = events(&trace_event::overhead(&inst, &s, "FNF").to_json());
    well_formed(&ev, inst.len());
    let b: Vec<&Value> = ev.iter().filter(|e| e["ph"] == "b").collect();
    assert_eq!(b.len(), s.sends.len());
    for op in &s.sends {
        let begin = b
            .iter()
            .find(|e| e["tid"] == op.from && e["args"]["to"] == inst.label(op.to))
            .unwrap();
        assert_eq!(f(begin, "ts"), op.end);
        let id = &begin["id"];
        let end = ev
            .iter()
            .find(|e| e["ph"] == "e" && &e["id"] == id)
            .unwrap();
        assert_eq!(f(end, "ts"), op.recv_start);
    }
}

/// On random instances of both models and every algorithm that runs, `ts + dur` is exactly the
/// simulator's end, counted in the file as written.
#[test]
fn slices_end_exactly_at_the_simulators_times() {
    for seed in 0..8u64 {
        let inst = Overhead::random_instance(7, seed);
        for &algo in <Overhead as Model>::Algorithm::ALL {
            let Ok(sol) = Overhead::solve(&inst, algo, seed) else {
                continue;
            };
            let s = Overhead::simulate(&inst, &sol).unwrap();
            let file = trace_event::overhead(&inst, &s, algo.title());
            for e in &file.trace_events {
                if let (Some(ts), Some(dur)) = (e.ts, e.dur) {
                    let op = s
                        .sends
                        .iter()
                        .find(|o| {
                            (e.cat == "send" && o.start == ts && o.from == e.tid)
                                || (e.cat == "recv" && o.recv_start == ts && o.to == e.tid)
                        })
                        .unwrap();
                    let end = if e.cat == "send" { op.end } else { op.recv_end };
                    assert_eq!(ts + dur, end, "seed {seed} {}", algo.key());
                }
            }
            let ev = events(&file.to_json());
            well_formed(&ev, inst.len());
            assert_eq!(of_cat(&ev, "send").len(), inst.len() - 1);
        }
        let inst = Multi::random_instance(12, seed);
        for &algo in <Multi as Model>::Algorithm::ALL {
            let s = solve_multi(&inst, algo);
            let file = trace_event::multi(&inst, &s, algo.title());
            let slices: Vec<_> = file.trace_events.iter().filter(|e| e.ph == "X").collect();
            assert_eq!(slices.len(), 2 * s.transfers.len());
            for t in &s.transfers {
                let m = format!("m{}", t.msg);
                let send = slices
                    .iter()
                    .find(|e| {
                        e.cat == "send"
                            && e.tid == t.from
                            && e.args["to"] == inst.label(t.to)
                            && e.args["message"] == m.as_str()
                    })
                    .unwrap();
                assert_eq!(send.ts.unwrap() + send.dur.unwrap(), t.send_end);
                let recv = slices
                    .iter()
                    .find(|e| e.cat == "recv" && e.tid == t.to && e.args["message"] == m.as_str())
                    .unwrap();
                assert_eq!(recv.ts, Some(t.recv_start));
                assert_eq!(recv.ts.unwrap() + recv.dur.unwrap(), t.recv_end);
                assert_eq!(recv.args["arrived"].as_f64(), Some(t.arrive));
            }
            let ev = events(&file.to_json());
            well_formed(&ev, inst.node_count());
            let v: Value = serde_json::from_str(&file.to_json()).unwrap();
            assert_eq!(v["otherData"]["time_unit"], "µs");
        }
    }
}

#[test]
fn duration_lands_on_the_end() {
    for (a, b) in [
        (0.1, 0.3),
        (1e-3, 1e6 + 0.1),
        (123.456789, 123.456790),
        (0.0, 5.0),
    ] {
        assert_eq!(a + trace_event::duration(a, b), b);
    }
}

/// The quoted strings of a DOT text, decoded (`\"` and `\\` undone, `\n` a line break,
/// entities expanded), with what is left outside the strings.
fn dot_strings(text: &str) -> (Vec<String>, String) {
    let mut strings = Vec::new();
    let mut outside = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            outside.push(c);
            continue;
        }
        outside.push_str("\"\"");
        let mut s = String::new();
        loop {
            match chars.next().expect("unterminated string") {
                '"' => break,
                '\\' => match chars.next().unwrap() {
                    'n' => s.push('\n'),
                    c => s.push(c),
                },
                '\n' => panic!("raw line break inside a string"),
                c => s.push(c),
            }
        }
        let s = s
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        strings.push(s);
    }
    (strings, outside)
}

#[test]
fn dot_keeps_hostile_labels_inside_their_strings() {
    let names = [
        "src",
        "say \"hi\"",
        "back\\slash\\",
        "two\nlines",
        "<b>&amp;</b>",
        "\"]; n9 [label=\"x",
        "\\\"",
    ];
    let nodes: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(i, n)| serde_json::json!({"cost": 1 + i, "name": n}))
        .collect();
    let json = serde_json::json!({"model": "node", "source": 0, "nodes": nodes}).to_string();
    let inst = Instance::from_json(&json).unwrap();
    let s = solve_overhead(&inst, Catalog::parse("greedy").unwrap());
    let title = "a \"title\" \\ with <tags> & \r\nbreaks";
    let text = dot::overhead(&inst, &s, title);
    let (strings, outside) = dot_strings(&text);
    // Outside the strings only the statements hetcast writes remain.
    let mut lines = outside.lines();
    assert_eq!(lines.next(), Some("digraph multicast {"));
    assert_eq!(lines.next(), Some("  label=\"\";"));
    assert_eq!(lines.next(), Some("  labelloc=t;"));
    assert_eq!(lines.next(), Some("  node [shape=box, style=rounded];"));
    for v in 0..names.len() {
        let border = if v == 0 { ", peripheries=2" } else { "" };
        assert_eq!(
            lines.next(),
            Some(format!("  n{v} [label=\"\"{border}];").as_str())
        );
    }
    let mut edges = 0;
    for l in lines.by_ref() {
        if l == "}" {
            break;
        }
        let (a, b) = l.trim().split_once(" -> ").unwrap();
        assert!(a.starts_with('n') && b.contains(" [label=\"\"];"), "{l}");
        edges += 1;
    }
    assert_eq!(edges, names.len() - 1);
    assert_eq!(lines.next(), None);
    // The strings read back as written.
    assert_eq!(strings[0], title.replace("\r\n", "\n"));
    for (v, name) in names.iter().enumerate() {
        let label = &strings[1 + v];
        let want = if v == 0 {
            format!("{name}\nsource")
        } else {
            format!(
                "{name}\nholds at {}",
                hetcast_core::units::fmt_t(s.ready[v])
            )
        };
        assert_eq!(label, &want);
    }
}

#[test]
fn dot_trees_of_both_models() {
    let inst = overhead_gallery("lh-fig1");
    let s = solve_overhead(&inst, Catalog::parse("greedy").unwrap());
    let text = dot::overhead(&inst, &s, "Greedy / FNF");
    assert_eq!(text.matches(" -> ").count(), 11);
    assert!(text.contains("n0 [label=\"P0\\nsource\", peripheries=2];"));
    let (u, v) = (s.sends[0].from, s.sends[0].to);
    assert!(
        text.contains(&format!("n{u} -> n{v} [label=\"1\"];")),
        "{text}"
    );
    // The last destination to hold the message holds it at 10.
    assert!(text.contains("holds at 10\""), "{text}");

    let (_, _, multi) = hetcast_core::models::multi::gallery::all()
        .into_iter()
        .next()
        .unwrap();
    let s = solve_multi(&multi, Catalog::parse("wrp").unwrap());
    for (k, m) in multi.messages.iter().enumerate() {
        let text = dot::multi(&multi, &s, k, "WRP").unwrap();
        assert_eq!(text.matches(" -> ").count(), m.destinations.len(), "m{k}");
        assert_eq!(
            text.matches(" [label=\"P").count(),
            m.destinations.len() + 1
        );
        assert!(text.contains(&format!(
            "n{} [label=\"P{}\\nsource of m{k}\", peripheries=2];",
            m.source, m.source
        )));
        for &d in &m.destinations {
            let t = s.holds[k][d].unwrap();
            assert!(text.contains(&format!(
                "n{d} [label=\"P{d}\\nholds m{k} at {}\"];",
                hetcast_core::units::fmt_us(t)
            )));
        }
    }
    assert!(dot::multi(&multi, &s, multi.messages.len(), "x").is_none());
}

/// RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks.
fn read_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut cell = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') => {
                assert!(cell.is_empty(), "a quote inside an unquoted field");
                quoted = true;
            }
            (false, ',') => row.push(std::mem::take(&mut cell)),
            (false, '\r') => {
                assert_eq!(chars.next(), Some('\n'), "CR without LF");
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            (false, '\n') => panic!("a line ends without CR"),
            (false, c) => cell.push(c),
        }
    }
    assert!(!quoted && cell.is_empty() && row.is_empty(), "unterminated");
    rows
}

#[test]
fn csv_quotes_per_rfc_4180() {
    assert_eq!(field("plain"), "plain");
    assert_eq!(field("a,b"), "\"a,b\"");
    assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
    assert_eq!(field("two\nlines"), "\"two\nlines\"");
    assert_eq!(field("cr\r"), "\"cr\r\"");
    let hostile = ResultRow {
        model: "multi".into(),
        algorithm: "x,\"y\"".into(),
        algorithm_title: "line\r\nbreak, \"quoted\"".into(),
        completion_time: 12.5,
        lower_bound: 5.0,
    };
    let rows = read_csv(&results_csv(&[hostile.clone(), hostile.clone()]));
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].join(","), HEADER);
    for r in &rows[1..] {
        assert_eq!(r.len(), 6);
        assert_eq!(r[1], hostile.algorithm);
        assert_eq!(r[2], hostile.algorithm_title);
        assert_eq!(
            (r[3].as_str(), r[4].as_str(), r[5].as_str()),
            ("12.5", "5", "2.5")
        );
    }
}

#[test]
fn csv_rows_of_both_models() {
    let inst = overhead_gallery("lh-fig1");
    let s = solve_overhead(&inst, Catalog::parse("greedy").unwrap());
    let row = ResultRow::overhead(&inst, "greedy", "Greedy / FNF", &s);
    let lb = bounds::lower_bound(&inst);
    assert_eq!(
        results_csv(&[row]),
        format!(
            "{HEADER}\r\nnode,greedy,Greedy / FNF,10,{lb},{}\r\n",
            10.0 / lb
        )
    );
    let (_, _, multi) = hetcast_core::models::multi::gallery::all()
        .into_iter()
        .next()
        .unwrap();
    let rows: Vec<ResultRow> = <Multi as Model>::Algorithm::ALL
        .iter()
        .map(|&a| ResultRow::multi(&multi, a.key(), a.title(), &solve_multi(&multi, a)))
        .collect();
    let back = read_csv(&results_csv(&rows));
    assert_eq!(back.len(), 5);
    for (r, row) in back[1..].iter().zip(&rows) {
        assert_eq!(r[0], "multi");
        assert_eq!(r[3].parse::<f64>().unwrap(), row.completion_time);
        assert!(row.lower_bound > 0.0 && row.lower_bound <= row.completion_time);
        assert_eq!(r[5].parse::<f64>().unwrap(), row.ratio());
    }
}
