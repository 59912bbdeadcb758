//! What the tools share on the command line: one line on stderr for an
//! error (`TOOL: error: …`) and a failing exit code, and the options several
//! of them take, parsed and explained alike (`-j/--jobs`, `--base`, seconds).

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

/// A command-line duration: seconds as a positive, finite number.
pub fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 => Ok(std::time::Duration::from_secs_f64(s)),
        _ => Err(format!(
            "expected a positive number of seconds, got {text:?}"
        )),
    }
}

/// A `--base` name (player 0's base policy, as `ahc061::policy::base::by_name`
/// knows them), checked when the arguments are parsed.
pub fn parse_base(name: &str) -> Result<String, String> {
    match ahc061::policy::base::by_name(name) {
        Some(_) => Ok(name.to_string()),
        None => Err(format!("expected hand or learned, got {name:?}")),
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
