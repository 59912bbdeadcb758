//! `tester [OPTIONS] CMD [ARGS…] < in.txt > out.txt`: a drop-in for the
//! official tester. Plays one game of the bot against the local judge.
//!
//! stdout gets every line the bot printed (the move list); stderr gets a
//! `corrupted: …` line per report changed by `--corrupt`, the error message,
//! if any, then `Score = N`, then `Time = S s` (the bot's wall time). Like
//! the official tester it exits with 0 whatever the score; a bad invocation
//! (no command, unreadable or malformed input, a command that cannot start)
//! is an error with a non-zero exit code.

use std::fs;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use ahc061_sim::judge::ToolInput;
use ahc061_tools::runner::{self, RunOptions};
use anyhow::{Context, Result, anyhow};
use clap::Parser;

#[derive(Parser)]
#[command(about = "Plays one game of a bot against the local judge, as the official tester does")]
struct Args {
    /// Scores 0 when the bot's wall time exceeds this (off by default, as in the official tester).
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", value_parser = ahc061_tools::cli::parse_seconds)]
    time_limit: Option<Duration>,
    /// Kills the bot this long after its start (raised above --time-limit).
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", value_parser = ahc061_tools::cli::parse_seconds, default_value = "10")]
    kill_after: Duration,
    /// Writes a log of the whole game (format: tools/src/runner.rs).
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Changes one owner or level in the report sent on these turns
    /// (comma-separated, each in 1..=100), to test the bot's mirror; the
    /// score is the true one.
    #[arg(long, value_name = "TURN,…", value_delimiter = ',', allow_negative_numbers = true,
          value_parser = ahc061_tools::cli::count::<usize>(1, ahc061::engine::state::TURNS as u64))]
    corrupt: Vec<usize>,
    /// Reads the input file from here instead of stdin.
    #[arg(long, value_name = "FILE")]
    input: Option<PathBuf>,
    /// The bot's command and its arguments: everything from CMD on goes to
    /// the bot. An option before CMD is the tester's, and one it does not
    /// know is an error (not taken for the bot's command).
    #[arg(required = true, trailing_var_arg = true, value_name = "CMD")]
    command: Vec<String>,
}

/// The input text and the name it goes by in the log.
fn read_input(path: Option<&PathBuf>) -> Result<(String, String)> {
    match path {
        Some(path) => {
            let text = fs::read_to_string(path)
                .with_context(|| format!("cannot read the input {}", path.display()))?;
            Ok((text, path.display().to_string()))
        }
        None => {
            let mut text = String::new();
            io::stdin()
                .read_to_string(&mut text)
                .context("cannot read the input from stdin")?;
            Ok((text, stdin_name()))
        }
    }
}

/// The file behind stdin when the shell redirected one (Linux), else `-`.
fn stdin_name() -> String {
    match fs::read_link("/proc/self/fd/0") {
        Ok(path) if path.is_file() => path.display().to_string(),
        _ => "-".to_string(),
    }
}

fn run(args: &Args) -> Result<()> {
    let (text, input_name) = read_input(args.input.as_ref())?;
    let input = ToolInput::parse(&text).map_err(|e| anyhow!("malformed input: {e}"))?;
    // A typo in the log's path should not cost the game (as eval checks).
    if let Some(path) = &args.log {
        ahc061_tools::eval::rows::check_writable(path)?;
    }
    let mut options = RunOptions {
        kill_after: args.kill_after,
        record_log: args.log.is_some(),
        corrupt: args.corrupt.clone(),
        ..RunOptions::default()
    };
    if let Some(limit) = args.time_limit {
        options = options.with_time_limit(limit);
    }
    let result = runner::run_game(&args.command, &input, &input_name, &options)?;

    write_moves(&result.lines).context("cannot write the moves to stdout")?;
    if let (Some(path), Some(log)) = (&args.log, &result.log) {
        fs::write(path, log).with_context(|| format!("cannot write the log {}", path.display()))?;
    }
    for change in &result.corrupted {
        eprintln!("corrupted: {change}");
    }
    if let Some(error) = &result.error {
        eprintln!("{error}");
    } else if let Some(note) = &result.input_closed {
        eprintln!("note: {note}");
    }
    eprintln!("Score = {}", result.score);
    eprintln!("Time = {:.3} s", result.wall.as_secs_f64());
    Ok(())
}

/// The bot's lines (the move list) on stdout.
fn write_moves(lines: &[String]) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    for line in lines {
        writeln!(stdout, "{line}")?;
    }
    stdout.flush()
}

fn main() -> ExitCode {
    let args = Args::parse();
    ahc061_tools::cli::finish("tester", run(&args))
}
