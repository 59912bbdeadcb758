//! `play [--seed SEED] [--out-dir DIR] [--trace] [-- BOT ARGS…]`: the README's
//! first command. Generates the case of seed SEED (default 0) with the
//! official generator, runs the real bot binary (`ahc061`, next to this
//! program) through the tester's runner, prints the score and the bot's time,
//! and writes the input, the move list and the replay page (`NNNN.html`, as
//! `vis` draws it) into DIR (default `out/`). With `--trace` the bot writes
//! its trace (`NNNN.trace.jsonl`) and the replay shows its beliefs and
//! candidates beside the true parameters.
//!
//! A game that fails (say, the bot refused its arguments) is an error: the
//! bot's stderr and the tester's message are shown, exit code 1, and the
//! move list and replay of an earlier game are left as they were.
//!
//! `play --serve [--port P] [--seed N | --input FILE]`: instead, a local web
//! page on 127.0.0.1 where a person plays player 0 on that case, with the
//! bot as a coach (tools/src/serve/). Saved logs go into DIR.

//!
//! This front parses the arguments; tools/src/play.rs does the work.

use std::process::ExitCode;

use ahc061_tools::play::{Args, run};
use clap::Parser;

fn main() -> ExitCode {
    ahc061_tools::cli::finish("play", run(&Args::parse()))
}
