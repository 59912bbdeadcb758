//! What every tool's `main` shares: one line on stderr for an error, and a
//! failing exit code.

use std::process::ExitCode;

/// Ends tool `name` with `result`: success, or `name: error: …` on stderr
/// (the whole chain of causes on one line) and exit code 1.
pub fn finish(name: &str, result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// The `*.txt` inputs of `dir`, or, as [`finish`] says it, tool `name`'s
/// error on stderr and exit code 1.
pub fn input_files_or_exit(name: &str, dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    crate::eval::input_files(dir).unwrap_or_else(|e| {
        eprintln!("{name}: error: {e:#}");
        std::process::exit(1)
    })
}

/// A command-line duration: seconds as a positive, finite number.
pub fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 => Ok(std::time::Duration::from_secs_f64(s)),
        _ => Err(format!(
            "expected a positive number of seconds, got {text:?}"
        )),
    }
}
