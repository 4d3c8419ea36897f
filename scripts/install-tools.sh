# Sourced by scripts/serve.sh and scripts/test.sh: installs what is missing, from package
# registries only (crates.io, npm, Debian). Safe to run again: each step checks first.
# Pinned versions and why: docs/toolchain.md (trunk 0.22 needs a newer rustc; wasm-bindgen-cli
# must equal the wasm-bindgen crate; Debian's binaryen is too old for wasm-opt).

WASM_BINDGEN_VERSION=0.2.130
TRUNK_VERSION=0.21.14
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
E2E_DIR="$REPO_ROOT/tests/e2e"

export PATH="$E2E_DIR/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true

section() { # a header with the seconds since the script started
    printf '\n\033[1m==> [%ds] %s\033[0m\n' "$SECONDS" "$*"
}

# The tools are built once per machine: without link-time optimisation and with parallel code
# generation (trunk's own release profile asks for fat LTO and one codegen unit, which makes
# its build several times longer for no speed the checks notice).
install_tool() { # install_tool ARGS...: cargo install ARGS with that build profile
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 cargo install "$@"
}

have_version() { # have_version CMD VERSION: CMD --version prints VERSION
    command -v "$1" >/dev/null 2>&1 && "$1" --version 2>/dev/null | grep -qF "$2"
}

ensure_wasm_target() {
    if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
        section "rustup target add wasm32-unknown-unknown"
        rustup target add wasm32-unknown-unknown
    fi
}

ensure_wasm_bindgen() {
    if ! have_version wasm-bindgen "$WASM_BINDGEN_VERSION" ||
        ! have_version wasm-bindgen-test-runner "$WASM_BINDGEN_VERSION"; then
        section "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
        # Not --locked: its lock file names a webpki-roots version the registry lacks.
        install_tool --force wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
    fi
}

ensure_trunk() {
    if ! have_version trunk "$TRUNK_VERSION"; then
        section "cargo install trunk $TRUNK_VERSION (about 7 minutes, once)"
        install_tool --force trunk --version "$TRUNK_VERSION" --locked
    fi
}

# npm packages of tests/e2e: playwright-core, fast-xml-parser, and binaryen (wasm-opt for
# Trunk's release build). `npm ci` only when the lock file is newer than the install.
ensure_npm() {
    local stamp="$E2E_DIR/node_modules/.package-lock.json"
    if [ ! -f "$stamp" ] || [ "$E2E_DIR/package-lock.json" -nt "$stamp" ] ||
        [ ! -x "$E2E_DIR/node_modules/.bin/wasm-opt" ]; then
        section "npm ci (tests/e2e)"
        (cd "$E2E_DIR" && npm ci --no-audit --no-fund)
    fi
}

# The browser and its driver: $CHROMIUM / $CHROMEDRIVER when set, else from PATH, else Debian's
# /usr/bin. Exported for the browser tests (wasm-bindgen-test-runner reads CHROMEDRIVER) and the
# end-to-end tests (tests/e2e reads CHROMIUM).
find_browser() {
    CHROMIUM="${CHROMIUM:-$(command -v chromium || echo /usr/bin/chromium)}"
    CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver || echo /usr/bin/chromedriver)}"
    export CHROMIUM CHROMEDRIVER
}

ensure_chromium() {
    find_browser
    if [ -x "$CHROMIUM" ] && [ -x "$CHROMEDRIVER" ]; then
        return
    fi
    section "apt-get install chromium chromium-driver"
    local sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get install -y chromium chromium-driver ||
        { $sudo apt-get update && $sudo apt-get install -y chromium chromium-driver; }
    unset CHROMIUM CHROMEDRIVER
    find_browser
}
