//! The `hetcast-full` binary that Trunk builds next to the page: the app with every model
//! (the feature `all-models`), loaded when a model that the page's module leaves out comes on
//! screen (`hetcast_app::handover`). It mounts the app as the page's module does.

fn main() {
    hetcast_app::start();
}
