//! `play [--case N] [--seed SEED] [--out-dir DIR] [--trace] [-- BOT ARGS…]`:
//! the README's first command. Generates case N (the official generator's
//! seed N; default 0, the example case), runs the real bot binary
//! (`ahc061`, next to this program) through the tester's runner, prints the
//! score and the bot's time, and writes the input, the move list and the
//! replay page (`NNNN.html`, as `vis` draws it) into DIR (default `out/`).
//! `--seed` is the bot's seed, as in the other tools (given to the bot as
//! its own `--seed`). With `--trace` the bot writes its trace
//! (`NNNN.trace.jsonl`) and the replay shows its beliefs and candidates
//! beside the true parameters.
//!
//! A game that fails (say, the bot refused its arguments) is an error: the
//! bot's stderr and the tester's message are shown, exit code 1, and the
//! move list and replay of an earlier game are left as they were.
//!
//! `play --serve [--port P] [--case N | --input FILE] [--seed SEED]`:
//! instead, a local web page on 127.0.0.1 where a person plays player 0 on
//! that case, with the bot as a coach (tools/src/serve/). Saved logs go into
//! DIR.

//!
//! This front parses the arguments; tools/src/play.rs does the work.

use std::process::ExitCode;

use ahc061_tools::play::{Args, run};
use clap::Parser;

fn main() -> ExitCode {
    ahc061_tools::cli::finish("play", run(&Args::parse()))
}
