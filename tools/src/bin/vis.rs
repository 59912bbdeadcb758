//! `vis in.txt out.txt [--trace FILE] [-o vis.html] [--static]`
//! `vis --log game.log [--input in.txt] [--trace FILE] [-o vis.html]`
//!
//! The official visualizer, grown into a replay viewer. Replays the game of
//! a tool input file with the bot's moves (the tester's out.txt, or the bot's
//! lines in a `tester --log` file), writes one self-contained HTML page
//! (default `vis.html` in the current directory) that animates the game, and
//! prints `Score = N`; when the moves are bad it prints `Score = 0` and the
//! official error message. `--trace` adds the bot's trace (its beliefs and
//! candidates, written by `ahc061 --trace FILE`); `--static` writes the
//! official tool's static page (the final board) instead.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ahc061_sim::judge::ToolInput;
use ahc061_tools::replay::{check_trace, parse_trace, render_replay};
use ahc061_tools::runner::GameLog;
use ahc061_tools::vis::{render_html, replay};
use anyhow::{Context, Result, anyhow, bail};
use clap::Parser;

#[derive(Parser)]
#[command(about = "Replays an AHC061 game, writes an animated HTML replay and prints the score")]
struct Args {
    /// Tool input file (the game, the AIs' parameters and random numbers).
    #[arg(value_name = "INPUT")]
    input: Option<PathBuf>,
    /// The bot's moves, one `x y` line a turn (the tester's output).
    #[arg(value_name = "OUTPUT")]
    output: Option<PathBuf>,
    /// Takes the moves (and, unless INPUT is given, the input's name) from a `tester --log` file.
    #[arg(long, value_name = "FILE", conflicts_with = "output")]
    log: Option<PathBuf>,
    /// The bot's trace (`ahc061 --trace FILE`), shown beside the true parameters.
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// Where the page goes.
    #[arg(short, long, value_name = "FILE", default_value = "vis.html")]
    out: PathBuf,
    /// Writes the official tool's static page (the final board) instead of the replay.
    #[arg(long = "static")]
    static_page: bool,
}

fn read(path: &Path) -> Result<String> {
    fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

/// The input file's text and the moves' text.
fn sources(args: &Args) -> Result<(String, String)> {
    if let Some(log_path) = &args.log {
        let log =
            GameLog::parse(&read(log_path)?).map_err(|e| anyhow!("{}: {e}", log_path.display()))?;
        // The log names its input as the tester was given it: relative to
        // where the tester ran, which is most often here or beside the log.
        let input_path = match &args.input {
            Some(path) => path.clone(),
            None => {
                let named = PathBuf::from(&log.input_name);
                let beside = log_path.parent().unwrap_or(Path::new(".")).join(&named);
                if named.is_file() || !beside.is_file() {
                    named
                } else {
                    beside
                }
            }
        };
        let moves: String = log.bot_lines.iter().map(|l| format!("{l}\n")).collect();
        return Ok((read(&input_path)?, moves));
    }
    match (&args.input, &args.output) {
        (Some(input), Some(output)) => Ok((read(input)?, read(output)?)),
        _ => bail!("give INPUT and OUTPUT, or --log FILE"),
    }
}

fn run(args: &Args) -> Result<()> {
    let (input_text, moves) = sources(args)?;
    let input = ToolInput::parse(&input_text).map_err(|e| anyhow!("input: {e}"))?;
    let replay = replay(input, &moves);
    let page = if args.static_page {
        render_html(&replay)
    } else {
        let trace = match &args.trace {
            Some(path) => {
                let trace = parse_trace(&read(path)?)
                    .and_then(|trace| check_trace(&replay, &trace).map(|()| trace))
                    .map_err(|e| anyhow!("{}: {e}", path.display()))?;
                Some(trace)
            }
            None => None,
        };
        render_replay(&replay, trace.as_deref())
    };
    fs::write(&args.out, page).with_context(|| format!("cannot write {}", args.out.display()))?;
    // The score alone on stdout, as the official vis prints it.
    let what = if args.static_page { "page" } else { "replay" };
    eprintln!("vis: wrote the {what} to {}", args.out.display());
    println!("Score = {}", replay.score());
    if let Some(error) = &replay.error {
        println!("{error}");
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    ahc061_tools::cli::finish("vis", run(&args))
}
