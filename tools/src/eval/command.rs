//! The `eval` command (tools/src/bin/eval.rs is its front): its arguments,
//! and a run from the cases to the summary, the comparison and the report.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{ArgGroup, Parser};

use crate::eval::{self, cases::Case, rows::Row};
use crate::runner::RunOptions;
use crate::{profile, report};

#[derive(Parser)]
#[command(
    about = "Runs a bot over many cases and summarizes the scores",
    group(ArgGroup::new("cases").required(true).args(["dir", "seeds", "rows"]))
)]
pub struct Args {
    /// Runs the input files DIR/*.txt, in name order.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Runs the cases of seeds A..B (or A..=B), generated in memory.
    #[arg(long, value_name = "A..B")]
    seeds: Option<String>,
    /// Summarizes an earlier run's rows (TSV or JSON) instead of running.
    #[arg(long, value_name = "FILE", conflicts_with = "out")]
    rows: Option<PathBuf>,
    /// Runs only the K-th of N disjoint slices of the cases (1 <= K <= N):
    /// case numbers (seeds, or places in name order from 0) n with
    /// n mod N = K - 1. `--merge` puts the slices' rows together.
    #[arg(long, value_name = "K/N", value_parser = crate::shard::parse_shard, conflicts_with = "rows")]
    shard: Option<crate::shard::Shard>,
    /// Instead of running, merges the rows of the slices of a run of the
    /// cases of --dir or --seeds (each case in exactly one FILE, none
    /// missing), then reports (and with -o, writes) them as one run.
    #[arg(
        long,
        value_name = "FILE",
        num_args = 1..,
        conflicts_with_all = ["rows", "shard", "moves", "command"]
    )]
    merge: Vec<PathBuf>,
    #[command(flatten)]
    jobs: crate::cli::Jobs,
    /// Writes one row per case: JSON if FILE ends in .json, TSV otherwise.
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Compares with an earlier run's rows (TSV or JSON), paired by case.
    #[arg(long, value_name = "FILE")]
    compare: Option<PathBuf>,
    /// Writes the report as a self-contained HTML page with plots.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Writes each game's move list (the bot's stdout, as the tester's) to
    /// DIR/NAME.out.txt, for `profile` (created if missing).
    #[arg(long, value_name = "DIR", conflicts_with = "rows")]
    moves: Option<PathBuf>,
    /// Scores 0 when a bot's wall time exceeds this.
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", value_parser = crate::cli::parse_seconds)]
    time_limit: Option<Duration>,
    /// Kills a bot this long after its start (raised above --time-limit).
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", value_parser = crate::cli::parse_seconds, default_value = "10")]
    kill_after: Duration,
    /// The bot's command and its arguments, after `--`.
    #[arg(last = true, required_unless_present_any = ["rows", "merge"], value_name = "CMD")]
    command: Vec<String>,
}

/// The run's cases (`--shard`'s slice of them, if given).
fn cases(args: &Args) -> Result<Vec<Case>> {
    let all = match (&args.dir, &args.seeds) {
        (Some(dir), _) => eval::cases::cases_in_dir(dir)?,
        (None, Some(range)) => eval::cases::cases_for_seeds(range)?,
        (None, None) => unreachable!("clap requires --dir, --seeds or --rows"),
    };
    // A seed is its case's number; a file's is its place in name order.
    let number = |place: usize, case: &Case| case.seed().unwrap_or(place as u64);
    Ok(crate::shard::select(args.shard, all, number))
}

/// Runs the bot on the cases, or reads the rows of an earlier run.
fn rows(args: &Args, cases: &[Case]) -> Result<Vec<Row>> {
    if let Some(path) = &args.rows {
        return eval::rows::read_rows(path);
    }
    if !args.merge.is_empty() {
        let files = (args.merge.iter())
            .map(|path| Ok((path.clone(), eval::rows::read_rows(path)?)))
            .collect::<Result<Vec<_>>>()?;
        let rows = eval::rows::merge_rows(cases, &files)?;
        write_out(args, &rows)?;
        return Ok(rows);
    }
    let mut options = RunOptions {
        kill_after: args.kill_after,
        // Many bots at once would garble the terminal.
        capture_stderr: true,
        ..RunOptions::default()
    };
    if let Some(limit) = args.time_limit {
        options = options.with_time_limit(limit);
    }
    let rows = eval::games::run_all(
        cases,
        &args.command,
        &options,
        args.jobs.get(),
        args.moves.as_deref(),
    )?;
    write_out(args, &rows)?;
    Ok(rows)
}

/// Writes the rows to `-o`'s file, if given.
fn write_out(args: &Args, rows: &[Row]) -> Result<()> {
    if let Some(path) = &args.out {
        eval::rows::write_rows(path, rows)?;
        eprintln!("eval: wrote {} rows to {}", rows.len(), path.display());
    }
    Ok(())
}

/// Runs (or reads) the rows, prints the summary and the comparison, and
/// writes the report; an error when a case failed.
pub fn run(args: &Args) -> Result<()> {
    // Read the earlier run first: a typo in its name should not cost a whole run.
    let other = args
        .compare
        .as_ref()
        .map(|path| eval::rows::read_rows(path))
        .transpose()?;
    // A typo in where the results go should not cost a whole run either.
    for path in args.out.iter().chain(&args.html) {
        eval::rows::check_writable(path)?;
    }
    if let Some(dir) = &args.moves {
        eval::games::prepare_moves_dir(dir)?;
    }
    let cases = match args.rows {
        Some(_) => Vec::new(),
        None => cases(args)?,
    };
    let rows = rows(args, &cases)?;
    print!("{}", eval::summary::summary(&rows));
    if let (Some(other), Some(path)) = (&other, &args.compare) {
        println!();
        print!(
            "{}",
            eval::compare::compare(&rows, other, &path.display().to_string())
        );
    }
    if let Some(html) = &args.html {
        let name = match (&args.rows, &args.out) {
            (Some(path), _) | (None, Some(path)) => path.display().to_string(),
            (None, None) if !args.merge.is_empty() => "the merged slices".to_string(),
            (None, None) => "this run".to_string(),
        };
        let compared = other
            .as_deref()
            .zip(args.compare.as_ref().map(|p| p.display().to_string()));
        let profile = match &args.moves {
            Some(dir) => Some(profile_markdown(&cases, dir, &name)?),
            None => None,
        };
        let page = report::render_report(
            &rows,
            &name,
            compared.as_ref().map(|(rows, name)| (*rows, name.as_str())),
            profile.as_deref(),
        );
        std::fs::write(html, page).with_context(|| format!("cannot write {}", html.display()))?;
        eprintln!("eval: wrote the report to {}", html.display());
    }
    let failed = eval::summary::failures(&rows)
        .iter()
        .map(|g| g.cases.len())
        .sum::<usize>();
    if failed > 0 && args.rows.is_none() {
        anyhow::bail!(
            "{failed} of {} cases failed (see \"failed\" above)",
            rows.len()
        );
    }
    Ok(())
}

/// The run's profile (`profile --moves DIR`) for the report.
fn profile_markdown(cases: &[Case], moves: &Path, name: &str) -> Result<String> {
    let inputs = profile::load_cases(cases)?;
    let run = profile::profile_run(name, &inputs, moves);
    Ok(profile::report::render(&run, None))
}
