#!/usr/bin/env bash
# Build the hetcast app and serve it on http://127.0.0.1:8080 (installs what is missing).
# Stop with Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install-tools.sh

ensure_wasm_target
ensure_wasm_bindgen
ensure_trunk
ensure_npm

section "trunk serve --release"
echo "hetcast: http://127.0.0.1:8080/  (the first build takes about a minute)"
exec trunk serve --release --address 127.0.0.1 --port 8080
