#!/usr/bin/env bash
# Everything CI checks, in order, stopping at the first failure:
# format, lints, native tests, browser tests (wasm-bindgen-test in Chromium), the release build,
# end-to-end tests (Playwright against the release build). Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install-tools.sh

ensure_chromium
ensure_wasm_target
ensure_wasm_bindgen
ensure_trunk
ensure_npm

section "cargo fmt --check"
cargo fmt --all -- --check

section "cargo clippy (all targets, warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

section "native tests: cargo test --workspace"
cargo test --workspace

section "browser tests: wasm-bindgen-test in headless Chromium"
cargo test -p hetcast-app --target wasm32-unknown-unknown

section "release build: trunk build --release"
trunk build --release

section "end-to-end tests: Playwright against dist/ on 127.0.0.1"
(cd tests/e2e && node --test)

section "all checks passed"
