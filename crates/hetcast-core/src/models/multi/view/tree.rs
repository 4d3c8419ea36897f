//! One message's tree ([`multi_tree_scene`]): see the parent module's documentation.

use super::*;

/// The heading (and title) of the tree message `k` followed in algorithm `algo`'s schedule
/// `s`: the algorithm, the message, the instance, when the message is done and the
/// completion time, e.g. "WRP — tree of m3, 8 nodes, 4 messages: m3 done at 9 µs, T = 14 µs"
/// (as [`gantt_heading`]).
pub fn tree_heading(algo: &str, inst: &MultiInstance, s: &MultiSchedule, k: usize) -> String {
    if k >= inst.messages.len() {
        return format!(
            "{algo} — tree, {}, T = {}",
            instance_words(inst),
            fmt_us(s.completion_time)
        );
    }
    let mk = inst.message_label(k);
    format!(
        "{algo} — tree of {mk}, {}: {mk} done at {}, T = {}",
        instance_words(inst),
        s.message_completion
            .get(k)
            .map(|&t| fmt_us(t))
            .unwrap_or_else(|| "—".into()),
        fmt_us(s.completion_time)
    )
}

/// The name line of node `v`'s box: "P3 · fast" (class name cut to fit).
pub fn box_name(inst: &MultiInstance, v: usize) -> String {
    with_class(inst, v, " · ", NAME_CHARS.saturating_sub(5))
}

/// The tree message `k` followed in `s` (see the module documentation). A `k` that is not a
/// message, or a schedule that does not fit the instance, gives a scene with a message only.
pub fn multi_tree_scene(
    inst: &MultiInstance,
    s: &MultiSchedule,
    k: usize,
    opts: &MultiTreeOptions,
) -> Scene {
    if !schedule_fits(inst, s) || k >= inst.messages.len() {
        let title = title_or(&opts.title, || "Tree of a message".to_string());
        return Scene::mismatch(title);
    }
    let mk = inst.message_label(k);
    let done = s.message_completion.get(k).copied().unwrap_or(0.0);
    let title = title_or(&opts.title, || {
        format!("Tree of {mk}, done at {}", fmt_us(done))
    });
    let n = inst.node_count();
    let root = inst.messages[k].source;
    // Children in the order of the sends (the layout visits them breadth-first from the root).
    let mut sends: Vec<&Transfer> = s.transfers.iter().filter(|t| t.msg == k).collect();
    crate::order::sort_by(&mut sends, |a, b| {
        a.send_start.total_cmp(&b.send_start).then(a.to.cmp(&b.to))
    });
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for t in &sends {
        children[t.from].push(t.to);
    }
    let hold = |v: usize| s.holds[k][v];
    let is_last =
        |v: usize| v != root && hold(v).is_some_and(|h| (h - done).abs() <= 1e-9 * done.max(1.0));
    let names: Vec<String> = (0..n).map(|v| box_name(inst, v)).collect();
    // One unit for every time in the tree: the unit of the latest one.
    let unit = time_unit(done);
    let labels: Vec<String> = (0..n)
        .map(|v| {
            if v == root {
                "source".to_string()
            } else {
                hold(v)
                    .map(|h| format!("t = {}", fmt_in(h, unit)))
                    .unwrap_or_else(|| "—".into())
            }
        })
        .collect();
    // The transfers of this message whose receive is on the critical path, and their nodes.
    let mut crit_edge = vec![false; n];
    let mut crit_node = vec![false; n];
    if opts.critical {
        let cp = critical_path(inst, s);
        for seg in &cp.segments {
            if let (SegmentKind::Receive, ItemId::Edge { from, to, message }) = (seg.kind, seg.item)
            {
                if message == Some(k) {
                    crit_edge[to] = true;
                    crit_node[to] = true;
                    crit_node[from] = true;
                }
            }
        }
    }
    let key = format!(
        "{}. Box: node · class | time it holds {mk}; dashed: gets it last{}",
        message_summary(inst, k),
        if opts.critical {
            "; thick: on the critical path"
        } else {
            ""
        }
    );
    let lay = TidyTree::new_in(
        &children,
        root,
        &names,
        &labels,
        &opts.title,
        &key,
        opts.room,
    );
    let kids = &lay.kids;
    let colour = message_class(k);
    lay.scene(
        title,
        |_, c| {
            if crit_edge[c] {
                format!("medge {colour} critical")
            } else {
                format!("medge {colour}")
            }
        },
        |v| {
            let mut class = format!("mnode {colour}");
            if v == root {
                class.push_str(" source");
            }
            if crit_node[v] {
                class.push_str(" critical");
            }
            if is_last(v) {
                class.push_str(" last");
            }
            let tip = match s.parent[k][v] {
                _ if v == root => format!(
                    "{} is the source of {mk}; sends it to {} node(s)",
                    inst.label(v),
                    kids[v].len()
                ),
                Some(p) => {
                    let rank = kids[p].iter().position(|&c| c == v).unwrap_or(0) + 1;
                    format!(
                        "{} receives {mk} from {} (send {rank} of {}); holds it at {}{}",
                        inst.label(v),
                        inst.label(p),
                        kids[p].len(),
                        hold(v).map(fmt_us).unwrap_or_else(|| "—".into()),
                        if is_last(v) { " (the last)" } else { "" }
                    )
                }
                None => inst.label(v),
            };
            BoxLook {
                class,
                tip,
                faded: false,
            }
        },
    )
}
