//! What every CLI test file needs: run the `hetcast` binary, check that it succeeded or failed
//! the documented way (exit status 2, one line `hetcast: ...`), and scratch files.
//! Each test file takes it with `mod common;` (not every file uses every helper).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Run `hetcast ARGS`; its exit status and both outputs.
pub fn hetcast(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hetcast"))
        .args(args)
        .output()
        .unwrap()
}

/// `hetcast ARGS` must succeed; its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = hetcast(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `hetcast ARGS` must fail as bad input does: exit status 2, nothing on standard output and
/// exactly one line `hetcast: ...` on standard error (no panic); that line, without its end.
pub fn fails(args: &[&str]) -> String {
    let out = hetcast(args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("hetcast: "), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err.trim_end().to_string()
}

/// A fresh scratch directory for one test, named after the test file and `name`.
pub fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{}-{name}", env!("CARGO_CRATE_NAME")));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Write `text` to `dir/name`; its path.
pub fn file(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}
