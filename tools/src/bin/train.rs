//! `train`: learns the weights of player 0's linear base policy
//! (src/policy/learned.rs), and writes them as Rust source (`-o
//! src/policy/learned_weights.rs`). Two ways (tools/src/train/):
//!
//! - `train search`: CMA-ES on the game's own objective, base-only self-play
//!   over a fixed set of generated cases, checked on held-out seeds;
//! - `train imitate`: expert iteration, one round: the planner plays games
//!   at a fixed amount of work over the current base, and the weights are
//!   fitted to its moves (softmax cross-entropy); the fitted policy then
//!   becomes the base the planner improves on.
//!
//! This front parses the arguments; tools/src/train/command.rs does the work.

use std::process::ExitCode;

use ahc061_tools::train::command::{Cli, run};
use clap::Parser;

fn main() -> ExitCode {
    ahc061_tools::cli::finish("train", run(Cli::parse()))
}
