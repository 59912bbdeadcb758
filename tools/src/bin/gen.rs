//! `gen seeds.txt [--out-dir=in] [--M=m] [--U=u]`: the official input generator.
//!
//! Writes one file per non-empty line of seeds.txt (a u64 seed each) as
//! `DIR/NNNN.txt`, NNNN being the seed's 0-based index among the non-empty
//! lines (as the official gen numbers them: blank lines are skipped and do
//! not use up a number). Says on stderr how many it wrote and where; a file
//! without a seed is an error.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use ahc061_tools::r#gen::generate;
use anyhow::{Context, Result, bail};
use clap::Parser;

#[derive(Parser)]
#[command(about = "Generates AHC061 input files, as the official gen does")]
struct Args {
    /// File with one seed (a whole number) per line, e.g. from `seq 100 299 > seeds.txt`.
    #[arg(value_name = "SEEDS_FILE")]
    seeds: PathBuf,
    /// Output folder (created if missing): DIR/NNNN.txt for the NNNN-th seed, from 0.
    // `--out-dir` as play's and loadtest's; no `--dir`, an input folder in
    // the other tools (clap suggests `--out-dir` for it).
    #[arg(long = "out-dir", value_name = "DIR", default_value = "in")]
    dir: PathBuf,
    /// Overrides the number of players M (2..=8).
    #[arg(long = "M", visible_alias = "m", value_name = "PLAYERS", allow_negative_numbers = true,
        value_parser = clap::value_parser!(u8).range(2..=8))]
    m: Option<u8>,
    /// Overrides the level cap U (1..=5).
    #[arg(long = "U", visible_alias = "u", value_name = "LEVEL_CAP", allow_negative_numbers = true,
        value_parser = clap::value_parser!(u8).range(1..=5))]
    u: Option<u8>,
}

fn run(args: &Args) -> Result<()> {
    let seeds = read_seeds(&args.seeds)?;
    fs::create_dir_all(&args.dir)
        .with_context(|| format!("cannot create {}", args.dir.display()))?;
    // Numbered like the official gen: a counter of the seeds seen so far.
    for (index, &seed) in seeds.iter().enumerate() {
        let case = generate(seed, args.m.map(usize::from), args.u);
        let path = args.dir.join(format!("{index:04}.txt"));
        fs::write(&path, case.to_input_string())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    eprintln!(
        "gen: wrote {} input files to {}: 0000.txt to {:04}.txt",
        seeds.len(),
        args.dir.display(),
        seeds.len() - 1
    );
    Ok(())
}

/// The seeds of the file at `path`, one a line, blank lines skipped; at
/// least one.
fn read_seeds(path: &std::path::Path) -> Result<Vec<u64>> {
    let text =
        fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut seeds = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Ok(seed) = line.parse::<u64>() else {
            bail!(
                "{}:{}: not a u64 seed: {line:?}",
                path.display(),
                line_no + 1
            );
        };
        seeds.push(seed);
    }
    if seeds.is_empty() {
        bail!(
            "{}: no seed in it (one whole number a line): nothing written",
            path.display()
        );
    }
    Ok(seeds)
}

/// The arguments, or clap's error and exit code 2. `--dir`, an input folder
/// in the other tools, gets the tip clap gives a misspelt option: gen's
/// folder is `--out-dir` (clap finds no likeness between the two names).
fn parse_args() -> Args {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    Args::try_parse().unwrap_or_else(|mut e| {
        let is_dir = matches!(
            e.get(ContextKind::InvalidArg),
            Some(ContextValue::String(arg)) if arg == "--dir" || arg.starts_with("--dir=")
        );
        if e.kind() == ErrorKind::UnknownArgument && is_dir {
            e.insert(
                ContextKind::SuggestedArg,
                ContextValue::String("--out-dir".to_string()),
            );
        }
        e.exit()
    })
}

fn main() -> ExitCode {
    let args = parse_args();
    ahc061_tools::cli::finish("gen", run(&args))
}
