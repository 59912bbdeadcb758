//! `eval (--dir DIR | --seeds A..B) [--shard K/N] [-j JOBS] [-o FILE.tsv|FILE.json]
//! [--compare OTHER.tsv] [--html REPORT.html] [--moves DIR] [--time-limit SECONDS] -- CMD [ARGS…]`
//! `eval --rows RUN.tsv [--compare OTHER.tsv] [--html REPORT.html]`
//! `eval (--dir DIR | --seeds A..B) --merge SLICE.tsv… [-o FILE] [--compare OTHER.tsv] [--html REPORT.html]`
//!
//! Runs the bot on every case (several at once), prints a summary on stdout
//! (the progress bar goes to stderr), optionally writes one row per case and
//! compares with an earlier run's rows, paired by case name. With `--rows`
//! it summarizes (and compares) an earlier run instead of running anything;
//! `--shard K/N` runs one slice of the cases, and `--merge` reports the
//! slices' rows as one run (tools/src/shard.rs). `--html` also writes the report as a page with plots (tools/src/report/);
//! `--moves DIR` saves each game's move list there, and with `--html` adds
//! the run's profile (tools/src/profile/) to the page.
//!
//! The cases that failed are summarized by how they failed (the error and
//! the last line of the bot's stderr), and then eval exits with code 1.
//! Where the rows and the report go is checked before any game runs.

//!
//! This front parses the arguments; tools/src/eval/command.rs does the work.

use std::process::ExitCode;

use ahc061_tools::eval::command::{Args, run};
use clap::Parser;

/// The arguments, or clap's error and exit code 2; an argument it does not
/// know that is not an option gets a tip, as it is most often the bot's
/// command given without `--` (an unknown option keeps clap's suggestion).
fn parse_args() -> Args {
    use clap::builder::StyledStr;
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    Args::try_parse().unwrap_or_else(|mut e| {
        let not_an_option = matches!(
            e.get(ContextKind::InvalidArg),
            Some(ContextValue::String(arg)) if !arg.starts_with('-')
        );
        if e.kind() == ErrorKind::UnknownArgument && not_an_option {
            let tip = "the bot's command and its arguments go after `--`: \
                       eval --dir DIR -- target/release/ahc061 [ARG]...";
            e.insert(
                ContextKind::Suggested,
                ContextValue::StyledStrs(vec![StyledStr::from(tip)]),
            );
        }
        e.exit()
    })
}

fn main() -> ExitCode {
    let args = parse_args();
    ahc061_tools::cli::finish("eval", run(&args))
}
