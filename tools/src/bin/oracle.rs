//! `oracle [--dir DIR] [--mode bot|params|full] [--fixed-work ROLLOUTS] [-j JOBS] [-o FILE]`:
//! plays every tool input of DIR in-process with the bot's planner, knowing
//! what the bot knows (`bot`), the AIs' true parameters (`params`), or those
//! and the future random numbers (`full`); see tools/src/oracle.rs. Prints
//! eval's summary and writes eval's rows (TSV, or JSON for *.json), so that
//! `eval --rows A.tsv --compare B.tsv [--html report.html]` compares modes.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use ahc061_sim::judge::ToolInput;
use ahc061_tools::eval::{self, rows::Row};
use ahc061_tools::oracle::{self, BOT_SEED, Mode};
use anyhow::{Context, Result, anyhow};
use clap::Parser;
use rayon::prelude::*;

#[derive(Parser)]
#[command(about = "The bot's planner with the true parameters (and the future random numbers)")]
struct Args {
    /// Plays the tool input files DIR/*.txt, in name order.
    #[arg(long, value_name = "DIR", default_value = "tests/data/in")]
    dir: PathBuf,
    /// What the player knows.
    #[arg(long, value_enum, default_value = "params")]
    mode: Mode,
    /// Rollouts per turn (the full mode needs one per candidate), from 1 to
    /// 1 000 000 000 (selfplay's most, far past any useful amount).
    #[arg(long, value_name = "ROLLOUTS", default_value_t = 100, allow_negative_numbers = true,
        value_parser = ahc061_tools::cli::count::<u64>(1, 1_000_000_000))]
    fixed_work: u64,
    /// The bot's seed (default: the binary's).
    #[arg(long, value_name = "SEED", default_value_t = BOT_SEED)]
    seed: u64,
    #[command(flatten)]
    jobs: ahc061_tools::cli::Jobs,
    /// Writes one row per case, as eval does (JSON if FILE ends in .json, TSV otherwise).
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
}

fn run(args: &Args) -> Result<()> {
    let files = eval::cases::input_files(&args.dir)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.get())
        .build()
        .context("cannot start the worker threads")?;
    let rows: Vec<Row> = pool.install(|| {
        files
            .par_iter()
            .map(|path| -> Result<Row> {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                let input =
                    ToolInput::parse(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
                let start = Instant::now();
                let score = oracle::play(&input, args.mode, args.fixed_work, args.seed);
                Ok(Row {
                    case: path
                        .file_stem()
                        .unwrap_or_default()
                        .to_string_lossy()
                        .into(),
                    seed: None,
                    m: input.game.m,
                    u: input.game.u,
                    score,
                    wall_s: start.elapsed().as_secs_f64(),
                    error: None,
                    stderr_tail: None,
                })
            })
            .collect::<Result<_>>()
    })?;
    if let Some(path) = &args.out {
        eval::rows::write_rows(path, &rows)?;
    }
    print!("{}", eval::summary::summary(&rows));
    Ok(())
}

fn main() -> ExitCode {
    ahc061_tools::cli::finish("oracle", run(&Args::parse()))
}
