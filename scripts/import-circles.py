#!/usr/bin/env python3
"""Import circles of a Rust crate: the strongly connected components of its files' module graph.

An edge runs from file A to file B when A names B's module in a `use crate::...` (test modules
left out). With --inline, any `crate::` path counts too (`crate::run::help()` inside an
attribute); with --all, also `super::` paths and a parent's paths into the child modules it
declares; --tests keeps `#[cfg(test)] mod` blocks; --show lists each circle and its edges.

Usage: python3 scripts/import-circles.py crates/hetcast-cli/src [--inline] [--all] [--show]
Prints the number of files, the largest circle's size and the sizes of all circles over 1 file."""
import os, re, sys
root = sys.argv[1]; ALL = '--all' in sys.argv; SHOW = '--show' in sys.argv; TESTS = '--tests' in sys.argv; INLINE = '--inline' in sys.argv
files = {}
for dp, _, fs in os.walk(root):
    for f in fs:
        if f.endswith('.rs'):
            p = os.path.join(dp, f); rel = os.path.relpath(p, root)[:-3].split(os.sep)
            if rel[-1] in ('mod', 'lib', 'main'): rel = rel[:-1]
            files[tuple(rel)] = os.path.relpath(p, root)
def strip(src):
    src = re.sub(r'//[^\n]*', '', src)
    src = re.sub(r'/\*.*?\*/', '', src, flags=re.S)
    src = re.sub(r'"(?:\\.|[^"\\])*"', '""', src)
    # drop #[cfg(test)] mod tests { ... } blocks: crude, cut from '#[cfg(test)]' to end
    if TESTS: return src
    m = re.search(r'#\[cfg\(test\)\]\s*mod\s+\w+\s*\{', src)
    if not m: return src
    d, j = 0, m.end() - 1
    while j < len(src):
        if src[j] == '{': d += 1
        elif src[j] == '}':
            d -= 1
            if d == 0: break
        j += 1
    return src[:m.start()] + src[j+1:]
def expand(tree):
    # expand a use tree like a::{b, c::{d, e}} into paths
    tree = tree.strip()
    depth = 0
    for i, ch in enumerate(tree):
        if ch == '{':
            pre = tree[:i].rstrip(':'); inner = tree[i+1:tree.rindex('}')]
            parts, d, cur = [], 0, ''
            for c in inner:
                if c == '{': d += 1
                if c == '}': d -= 1
                if c == ',' and d == 0: parts.append(cur); cur = ''
                else: cur += c
            parts.append(cur)
            out = []
            for p in parts:
                p = p.strip()
                if not p: continue
                for e in expand(p): out.append(pre + ('::' + e if e != 'self' else ''))
            return out
    return [tree.split(' as ')[0].strip()]
def resolve(mod, path):
    segs = path.split('::')
    if segs[0] == 'crate': base = []; segs = segs[1:]
    elif segs[0] in ('super', 'self'):
        base = list(mod)
        # a file's own module is mod; `super` of a non-mod.rs file is its parent
        while segs and segs[0] in ('super', 'self'):
            if segs[0] == 'super': base = base[:-1]
            segs = segs[1:]
    else: return None
    full = base + segs
    for k in range(len(full), -1, -1):
        if tuple(full[:k]) in files: return tuple(full[:k])
    return None
edges = {m: set() for m in files}
for mod, f in files.items():
    src = strip(open(os.path.join(root, f)).read())
    paths = []
    for u in re.finditer(r'\buse\s+((?:crate|super|self)::[^;]*);', src, re.S):
        paths += expand(re.sub(r'\s+', '', u.group(1)))
    if ALL:
        paths += re.findall(r'\b(?:crate|super)(?:::\w+)+', src)
        # paths through a child module declared here (`mod bench;` then `bench::run`)
        for child in re.findall(r'\bmod\s+(\w+)\s*;', src):
            if re.search(r'(?<![\w:])' + child + r'::', src): paths.append('self::' + child)
    if INLINE: paths += re.findall(r'\bcrate(?:::\w+)+', src)
    for p in paths:
        if not ALL and not p.startswith('crate'): continue
        t = resolve(mod, p)
        if t is not None and t != mod: edges[mod].add(t)
# Tarjan
idx, low, st, on, comps, c = {}, {}, [], set(), [], [0]
sys.setrecursionlimit(10000)
def sc(v):
    idx[v] = low[v] = c[0]; c[0] += 1; st.append(v); on.add(v)
    for w in edges[v]:
        if w not in idx: sc(w); low[v] = min(low[v], low[w])
        elif w in on: low[v] = min(low[v], idx[w])
    if low[v] == idx[v]:
        comp = []
        while True:
            w = st.pop(); on.discard(w); comp.append(w)
            if w == v: break
        comps.append(comp)
for v in files:
    if v not in idx: sc(v)
comps.sort(key=len, reverse=True)
print(f'{root}: {len(files)} files, largest SCC {len(comps[0])}; sizes>1: {[len(x) for x in comps if len(x) > 1]}')
if SHOW:
    for comp in comps:
        if len(comp) > 1:
            print('  SCC:', sorted(files[m] for m in comp))
            for m in sorted(comp):
                print('    ', files[m], '->', sorted(files[t] for t in edges[m] if t in comp))
