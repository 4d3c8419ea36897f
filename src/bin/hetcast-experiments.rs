//! The `hetcast-experiments` binary that Trunk builds next to the app: the Experiments page's
//! own WebAssembly module, loaded when the page is first opened (`hetcast_app::experiments`).

fn main() {
    hetcast_app::experiments::module::start();
}
