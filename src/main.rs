//! The `hetcast-app` binary that Trunk builds: mounts the app on the page.

fn main() {
    hetcast_app::start();
}
