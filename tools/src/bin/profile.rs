//! `profile (--dir DIR | --seeds A..B) --moves A [--compare B] [--per-game FILE.tsv]`
//!
//! Replays every game of a run (the case's tool input file and player 0's
//! move list `A/NAME.out.txt`, as `selfplay --moves` and `eval --moves`
//! write them) through the local judge and prints its profile as Markdown
//! on stdout: the scores over the game, player 0's move mix by phase, the
//! value taken from and lost to the AIs, the AIs' room, by group of M
//! (tools/src/profile/). With `--compare B`, the two runs side by side,
//! paired by case, with the difference A − B and its 95 % interval.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ahc061_tools::eval;
use ahc061_tools::profile::{self, Run, report};
use anyhow::{Context, Result, bail};
use clap::{ArgGroup, Parser};

#[derive(Parser)]
#[command(
    about = "Profiles a run of games (or two, paired by case) from the inputs and the move lists",
    group(ArgGroup::new("cases").required(true).args(["dir", "seeds"]))
)]
struct Args {
    /// The tool input files DIR/*.txt the games were played on.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// The cases of seeds A..B (or A..=B), generated in memory as `eval --seeds` plays them.
    #[arg(long, value_name = "A..B")]
    seeds: Option<String>,
    /// The run's move lists: NAME.out.txt (or NAME.txt) for case NAME.
    #[arg(long, value_name = "DIR")]
    moves: PathBuf,
    /// Another run's move lists on the same cases, to compare with.
    #[arg(long, value_name = "DIR")]
    compare: Option<PathBuf>,
    /// Writes every game's figures as TSV (one row per run and case).
    #[arg(long, value_name = "FILE")]
    per_game: Option<PathBuf>,
}

/// A run's name in the tables: its folder's last part.
fn run_name(dir: &Path) -> String {
    dir.file_name().map_or_else(
        || dir.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

fn load(cases: &[(String, ahc061_sim::judge::ToolInput)], dir: &Path, name: String) -> Result<Run> {
    if !dir.is_dir() {
        bail!("{} is not a folder of move lists", dir.display());
    }
    let run = profile::profile_run(&name, cases, dir);
    if run.games.is_empty() {
        let why = run.skipped.first().map_or("no cases", |s| s.1.as_str());
        bail!("no game of {} could be profiled ({why})", dir.display());
    }
    Ok(run)
}

fn run(args: &Args) -> Result<()> {
    let mut cases = match (&args.dir, &args.seeds) {
        (Some(dir), _) => eval::cases::cases_in_dir(dir)?,
        (None, Some(range)) => eval::cases::cases_for_seeds(range)?,
        (None, None) => unreachable!("clap requires --dir or --seeds"),
    };
    // `play` writes the move list NAME.out.txt beside the input NAME.txt.
    cases.retain(|case| !case.name.ends_with(".out"));
    let inputs = profile::load_cases(&cases)?;
    let name_a = run_name(&args.moves);
    let mut name_b = args.compare.as_deref().map(run_name);
    if name_b.as_ref() == Some(&name_a) {
        name_a_clash(&mut name_b);
    }
    let a = load(&inputs, &args.moves, name_a)?;
    let b = match (&args.compare, name_b) {
        (Some(dir), Some(name)) => Some(load(&inputs, dir, name)?),
        _ => None,
    };
    if let Some(b) = &b
        && report::pair_runs(&a, Some(b)).is_empty()
    {
        bail!("the two runs have no profiled case in common");
    }
    if let Some(path) = &args.per_game {
        let runs: Vec<&Run> = std::iter::once(&a).chain(&b).collect();
        std::fs::write(path, report::per_game_tsv(&runs)?)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    print!("{}", report::render(&a, b.as_ref()));
    Ok(())
}

/// Two folders of the same name (`x/run` and `y/run`): B is called `run (B)`.
fn name_a_clash(name_b: &mut Option<String>) {
    if let Some(name) = name_b {
        name.push_str(" (B)");
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    ahc061_tools::cli::finish("profile", run(&args))
}
