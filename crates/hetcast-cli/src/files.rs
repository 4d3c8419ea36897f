//! Reading instance files and writing results: the only places the CLI touches files and the
//! standard streams' bytes.

use serde::Serialize;
use std::path::{Path, PathBuf};

/// Read an instance file's text (`-` reads standard input) and the name to show in errors.
pub fn read_text(path: &str) -> Result<(String, String), String> {
    let text = if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        s
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?
    };
    let shown = if path == "-" { "standard input" } else { path };
    Ok((text, shown.to_string()))
}

/// Write `text` to `out`, or to standard output when `out` is `None`.
pub fn emit(text: &str, out: Option<&str>) -> Result<(), String> {
    match out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}")),
        None => {
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(text.as_bytes())
                .and_then(|_| stdout.flush())
                .map_err(|e| format!("cannot write to standard output: {e}"))
        }
    }
}

/// `value` as pretty JSON ending with a newline.
pub fn json<T: Serialize + ?Sized>(value: &T) -> Result<String, String> {
    let mut j =
        serde_json::to_string_pretty(value).map_err(|e| format!("cannot write JSON: {e}"))?;
    j.push('\n');
    Ok(j)
}

/// The output directory of an experiment (`--out`, default `.`), created if missing.
pub fn out_dir(out: Option<&str>) -> Result<PathBuf, String> {
    let dir = PathBuf::from(out.unwrap_or("."));
    std::fs::create_dir_all(&dir)
        .map_err(|e| format!("cannot create directory {}: {e}", dir.display()))?;
    Ok(dir)
}

/// Write `text` to `dir/file`; returns the path written, for the closing `wrote ...` line.
pub fn write_in(dir: &Path, file: &str, text: &str) -> Result<String, String> {
    let p = dir.join(file);
    std::fs::write(&p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
    Ok(p.display().to_string())
}
