//! `selfplay [--dir DIR] [--budget S | --fixed-work N] [--policy planner|base|greedy] [--shard K/N] [-j N]`:
//! plays the bot's policy in-process against the local judge on every input
//! of DIR, without pipes or a child process: the quick strength check used
//! for tuning (the tester and eval run the real binary). This front parses
//! the arguments; tools/src/selfplay/ plays the games.

use std::process::ExitCode;

use ahc061_tools::selfplay::{Args, run};
use clap::Parser;

fn main() -> ExitCode {
    ahc061_tools::cli::finish("selfplay", run(&Args::parse()))
}
