//! What the tools share on the command line: one line on stderr for an
//! error (`TOOL: error: …`) and a failing exit code, and the options several
//! of them take, parsed and explained alike (`-j/--jobs`, seconds).

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

/// `-j/--jobs`, as every tool that runs games side by side takes it: the
/// same name, help and default everywhere (flatten it into the tool's
/// arguments).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Jobs {
    /// Games run at once (default: the number of cores).
    #[arg(short, long = "jobs", value_name = "JOBS", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
}

impl Jobs {
    /// The games to run at once: as given, else [`default_jobs`].
    pub fn get(self) -> usize {
        self.jobs.map_or_else(default_jobs, usize::from)
    }
}

/// `-j`'s default: the cores this process may use (1 if that is unknown).
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}
