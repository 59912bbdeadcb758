//! `loadtest [--seeds A..B] [-j JOBS] [--burners PROCESSES] [--phases quiet,load]
//! [--out-dir DIR] [--time-limit SECONDS] -- CMD [ARGS…]`
//!
//! Time safety under load (issue #6, point 5): runs the bot over the cases
//! of seeds A..B (default 0..500), N games at once (default: the number of
//! cores), first on a quiet machine, then while K busy-looping processes
//! (default 2, this program started with `--burn`) keep the cores busy. For each phase it
//! prints the wall-time distribution (median, p99, max), the zero scores
//! and whether every game stayed under the limit (default 2.0 s), and with
//! `--out-dir` writes each phase's rows (`quiet.tsv`, `load.tsv`). Exits 1
//! when a phase has a zero score or a game at or over the limit.
//!
//! The full run takes about 2 × 500 × 1.8 s / 2 ≈ 15 minutes: run it alone.

//!
//! This front parses the arguments; tools/src/loadtest.rs does the work.

use std::process::ExitCode;

use ahc061_tools::loadtest::{Args, burn, run};
use clap::Parser;

fn main() -> ExitCode {
    let args = Args::parse();
    if args.burn {
        burn();
    }
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("loadtest: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
