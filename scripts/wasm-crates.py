#!/usr/bin/env python3
"""Code bytes of a WebAssembly module by crate, or by module path, from its name section.

Usage: scripts/wasm-crates.py FILE.wasm [DEPTH] [TOP]

FILE must keep its function names: the module cargo writes before wasm-bindgen and wasm-opt,
e.g. target/wasm32-unknown-unknown/release/hetcast-app.wasm after `trunk build --release`
(the built app's wasm is optimised and stripped). DEPTH 1 (the default) sums each function's
body size by crate (the first part of its mangled path: `core` is Rust's, and generic code
counts under the crate that defines it, not the one that uses it); DEPTH 2 or more by that many
parts of the path. Prints the TOP (default 30) largest. Names without a path (wasm-bindgen's
glue) count under `(other)`.
"""

import collections
import re
import sys


def leb(data, i):
    """An unsigned LEB128 number at data[i:]: (value, index after it)."""
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def skip_limits(data, i):
    flags, i = leb(data, i)
    _, i = leb(data, i)
    return leb(data, i)[1] if flags & 1 else i


def functions(data):
    """(name, body size) of every function defined in the module."""
    i, imported, sizes, names = 8, 0, [], {}
    while i < len(data):
        section = data[i]
        size, i = leb(data, i + 1)
        end = i + size
        if section == 2:  # imports: defined functions are numbered after the imported ones
            count, j = leb(data, i)
            for _ in range(count):
                for _ in range(2):  # module and field names
                    n, j = leb(data, j)
                    j += n
                kind = data[j]
                j += 1
                if kind == 0:
                    _, j = leb(data, j)
                    imported += 1
                elif kind == 1:
                    j = skip_limits(data, j + 1)
                elif kind == 2:
                    j = skip_limits(data, j)
                else:
                    j += 2
        elif section == 10:  # code
            count, j = leb(data, i)
            for _ in range(count):
                n, j = leb(data, j)
                sizes.append(n)
                j += n
        elif section == 0:  # custom: the name section's function names
            n, j = leb(data, i)
            if data[j:j + n] == b"name":
                j += n
                while j < end:
                    sub = data[j]
                    n, j = leb(data, j + 1)
                    if sub == 1:
                        count, k = leb(data, j)
                        for _ in range(count):
                            index, k = leb(data, k)
                            length, k = leb(data, k)
                            names[index] = data[k:k + length].decode("utf-8", "replace")
                            k += length
                    j += n
        i = end
    return [(names.get(imported + f, "?"), n) for f, n in enumerate(sizes)]


def path(name, depth):
    """The first `depth` parts of a mangled (legacy `_ZN...E`) name's path."""
    if name.startswith("__wbindgen_describe"):
        return "(wasm-bindgen descriptors: wasm-bindgen removes them)"
    if not name.startswith("_ZN"):
        return "(other)"
    parts, k = [], 3
    while len(parts) < depth:
        m = re.match(r"(\d+)", name[k:])
        if not m:
            break
        k += len(m.group(1))
        parts.append(name[k:k + int(m.group(1))])
        k += int(m.group(1))
    # `<T as Trait>::f`: the crate of T.
    first = re.match(r"_\$LT\$(?:\$RF\$|mut\$u20\$|\$BP\$)*([A-Za-z_0-9]+)", parts[0]) if parts else None
    if first:
        parts[0] = first.group(1)
    return "::".join(parts) or "(other)"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    data = open(sys.argv[1], "rb").read()
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    top = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    funcs = functions(data)
    total = collections.Counter()
    for name, size in funcs:
        total[path(name, depth)] += size
    print(f"{sum(n for _, n in funcs)} bytes of code in {len(funcs)} functions")
    for key, size in total.most_common(top):
        print(f"{size:>9}  {key}")


if __name__ == "__main__":
    main()
