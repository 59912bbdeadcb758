//! `vis in.txt out.txt`: the official visualizer. Replays the game of a tool
//! input file with the bot's moves (the tester's out.txt), writes `vis.html`
//! (the final board) in the current directory and prints `Score = N`; when
//! the moves are bad it prints `Score = 0` and the official error message.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use ahc061::judge::ToolInput;
use ahc061_tools::vis::{render_html, replay};
use anyhow::{Context, Result, anyhow};
use clap::Parser;

#[derive(Parser)]
#[command(about = "Replays an AHC061 game, writes vis.html and prints the score")]
struct Args {
    /// Tool input file (the game, the AIs' parameters and random numbers).
    input: PathBuf,
    /// The bot's moves, one `x y` line a turn (the tester's output).
    output: PathBuf,
}

fn run(args: &Args) -> Result<()> {
    let input_text = fs::read_to_string(&args.input)
        .with_context(|| format!("cannot read {}", args.input.display()))?;
    let input =
        ToolInput::parse(&input_text).map_err(|e| anyhow!("{}: {e}", args.input.display()))?;
    let output = fs::read_to_string(&args.output)
        .with_context(|| format!("cannot read {}", args.output.display()))?;
    let replay = replay(input, &output);
    fs::write("vis.html", render_html(&replay)).context("cannot write vis.html")?;
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
