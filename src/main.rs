//! The bot: plays one game over stdin/stdout.

use std::io::{self, BufWriter};
use std::process::ExitCode;

use ahc061::agent::{self, Greedy};

fn main() -> ExitCode {
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    match agent::play(stdin, stdout, io::stderr(), |_| Box::new(Greedy)) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
