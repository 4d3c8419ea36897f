//! The progress bar of the experiments that take more than a second: indicatif on standard
//! error, drawn only when standard error is a terminal (pipes, files and tests see nothing).
//! The core stays free of it: its experiments report through a callback.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A bar counting work items.
pub struct Bar(ProgressBar);

impl Bar {
    /// A bar of `total` items labelled `what`, hidden unless standard error is a terminal.
    pub fn new(what: &str, total: usize) -> Bar {
        let target = if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(Some(total as u64), target);
        bar.set_style(
            ProgressStyle::with_template("{msg} [{wide_bar}] {pos}/{len} (eta {eta})")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        bar.set_message(what.to_string());
        Bar(bar)
    }

    /// `done` of `total` items are done (the core's progress callback; any thread).
    pub fn set(&self, done: usize, total: usize) {
        self.0.set_length(total as u64);
        self.0.set_position(done as u64);
    }

    /// Start counting `total` items of another step, labelled `what`.
    pub fn restart(&self, what: &str, total: usize) {
        self.0.set_message(what.to_string());
        self.set(0, total);
    }

    /// One more item done.
    pub fn inc(&self) {
        self.0.inc(1);
    }

    /// Remove the bar before the report is printed.
    pub fn finish(&self) {
        self.0.finish_and_clear();
    }
}

impl Drop for Bar {
    /// An error ends the run: clear the bar so the error line stands alone.
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}
