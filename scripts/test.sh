#!/usr/bin/env bash
# Everything CI checks, in order, stopping at the first failure:
# format, lints, native tests (optimised, all of them), browser tests (wasm-bindgen-test in
# Chromium), the release build, end-to-end tests (Playwright against the release build). Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install-tools.sh

ensure_chromium
ensure_wasm_target
ensure_wasm_bindgen
ensure_trunk
ensure_npm

# Free disk space, printed so that a linker crash on a full disk (rust-lld dies in memcpy when it
# cannot write its output) is told apart from a real failure.
df -h . | tail -1

section "cargo fmt --check"
cargo fmt --all -- --check

section "cargo clippy (all targets, warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings
# The page's module as index.html builds it: without the feature all-models (src/handover.rs).
cargo clippy -p hetcast-app --target wasm32-unknown-unknown --no-default-features --lib --bins -- -D warnings

# One optimised build runs every native test (profile `ci` in Cargo.toml: release speed, built
# without LTO, debug assertions and overflow checks kept), the ones ignored in debug builds for
# their length included: the four 10^6-input fuzz tests and the full 200,000-try wu-search.
section "native tests: cargo test --workspace --profile ci -- --include-ignored"
cargo test --workspace --profile ci -- --include-ignored

# The wasm test binaries carry no debug info: with it each is about 115 MB (14 of them), and
# nothing reads it (a failing test prints its panic message either way). tests/shell.rs walks
# every example of every model in every view and mode in one test: past wasm-bindgen-test's
# default 20 s on a loaded 2-core machine, so the runner waits up to 300 s per test.
section "browser tests: wasm-bindgen-test in headless Chromium"
CARGO_PROFILE_DEV_DEBUG=0 WASM_BINDGEN_TEST_TIMEOUT=300 cargo test -p hetcast-app --target wasm32-unknown-unknown

section "release build: trunk build --release"
trunk build --release

# The page's module (what every first visit downloads) has a budget of 1,200,000 bytes (issue 19
# F; docs/performance.md "The app's wasm"): a change that crosses it fails here, with the size.
section "size budget: the page's wasm at most 1,200,000 bytes"
page_wasm=$(ls dist/hetcast-app-*_bg.wasm)
page_bytes=$(stat -c %s "$page_wasm")
echo "$page_wasm: $page_bytes bytes"
if [ "$page_bytes" -gt 1200000 ]; then
    echo "the page's wasm is $page_bytes bytes, over its budget of 1,200,000 (docs/performance.md)" >&2
    exit 1
fi

section "end-to-end tests: Playwright against dist/ on 127.0.0.1"
(cd tests/e2e && node --test)

section "all checks passed"
