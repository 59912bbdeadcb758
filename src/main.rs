//! The bot: plays one game over stdin/stdout.
//!
//! Options (all optional): `--seed N` fixes the random seed; `--budget S`
//! sets the total thinking time in seconds (default 1.8, also read from the
//! environment variable AHC061_BUDGET); `--fixed-work N` replaces the clock
//! by a fixed amount of thinking per turn, so that a seed plays the same game
//! every time (tests and the bundle check use it).

use std::io::{self, BufWriter};
use std::process::ExitCode;

use ahc061::agent::{self, Greedy};

fn main() -> ExitCode {
    if let Err(e) = ahc061::options::Options::from_args(std::env::args().skip(1)) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    match agent::play(stdin, stdout, io::stderr(), |_| Box::new(Greedy)) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
