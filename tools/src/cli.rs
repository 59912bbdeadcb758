//! What the tools share on the command line: one line on stderr for an
//! error (`TOOL: error: …`) and a failing exit code, and the options several
//! of them take, parsed and explained alike (`-j/--jobs`, `--base`, seconds).

use std::process::ExitCode;

use ahc061::agent::options::{Low, number_in};

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

/// The longest a tool waits for a game or measures (a day): any more is a
/// typo, and `Duration` cannot hold every finite number of seconds.
pub const MAX_SECONDS: f64 = 86_400.0;

/// A command-line duration: seconds in (0, [`MAX_SECONDS`]]. clap puts the
/// option's name before the message of the range check (the bot's
/// [`number_in`], as every number option here), so the error names both.
pub fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    number_in(text, "seconds", Low::Above(0.0), MAX_SECONDS).map(std::time::Duration::from_secs_f64)
}

/// A bot's budget (`selfplay --budget`): seconds in the range the bot itself
/// accepts for its `--budget`, by the same check (src/agent/options.rs).
pub fn parse_budget(text: &str) -> Result<f64, String> {
    number_in(
        text,
        "seconds",
        Low::Above(0.0),
        ahc061::search::clock::MAX_BUDGET,
    )
}

/// A count option's parser: a whole number from `min` to `max`. clap's own
/// ranged parser says "invalid digit" for a negative number or one past
/// u64; this one states the range for every bad value.
pub fn count<T: TryFrom<u64>>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        (text.trim().parse::<u64>().ok())
            .filter(|n| (min..=max).contains(n))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| format!("expected a whole number in {min}..={max}, got {text:?}"))
    }
}

/// A `--base` name (player 0's base policy, as `ahc061::policy::base::by_name`
/// knows them), checked when the arguments are parsed.
pub fn parse_base(name: &str) -> Result<String, String> {
    match ahc061::policy::base::by_name(name) {
        Some(_) => Ok(name.to_string()),
        None => Err(format!(
            "expected one of {}, got {name:?}",
            ahc061::policy::base::NAMES
        )),
    }
}

/// `-j/--jobs`, as every tool that runs games side by side takes it: the
/// same name, help and default everywhere (flatten it into the tool's
/// arguments).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Jobs {
    /// Games run at once (default: the number of cores).
    #[arg(short, long = "jobs", value_name = "JOBS", allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=1024))]
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
