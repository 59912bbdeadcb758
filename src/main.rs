//! The bot: plays one game over stdin/stdout.
//!
//! Options (all optional): `--seed N` fixes the random seed; `--budget S`
//! sets the total thinking time in seconds (default 1.8, also read from the
//! environment variable AHC061_BUDGET); `--fixed-work N` replaces the clock
//! by a fixed number of rollouts per turn, so that a seed plays the same game
//! every time (tests and the bundle check use it); `--policy greedy` plays
//! the one-ply baseline instead of the planner; `--base hand|learned` picks
//! player 0's base policy (src/policy/base.rs); `--trace FILE` (or the
//! environment variable AHC061_TRACE) writes what the planner thought each
//! turn to FILE, for `vis --trace` (off by default); `--set KEY=VALUE`
//! overrides one of the tuned numbers of src/agent/params.rs. `--help` prints the
//! usage (src/agent/options.rs); `--flag=value` works too.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use ahc061::agent::options::{Options, PolicyKind};
use ahc061::agent::{self, FullBot, Greedy, Policy};
use ahc061::search::clock::Clock;

fn main() -> ExitCode {
    let start = Instant::now();
    // A panic is one line on stderr (and one the planner survives: agent.rs).
    ahc061::agent::fault::install_hook();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if ahc061::agent::options::wants_help(&args) {
        print!("{}", ahc061::agent::options::usage());
        return ExitCode::SUCCESS;
    }
    let options = match Options::from_args(args) {
        Ok(options) => options,
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    let make_policy = |mirror: &ahc061::judge::mirror::Mirror| -> Box<dyn Policy> {
        match options.policy {
            PolicyKind::Greedy => Box::new(Greedy),
            PolicyKind::Planner => {
                let clock = Clock::new(start, options.budget, options.fixed_work);
                let base = (options
                    .base
                    .as_deref()
                    .and_then(ahc061::policy::base::by_name))
                .unwrap_or_else(ahc061::policy::base::standard);
                let params = &options.params;
                let planned = FullBot::with_params(mirror, options.seed, clock, params, base);
                let Some(path) = options.trace.as_deref() else {
                    return Box::new(planned);
                };
                match ahc061::agent::trace::Trace::create(path) {
                    Ok(trace) => Box::new(planned.with_trace(trace)),
                    Err(e) => {
                        // The game goes on without it; the path says which
                        // file (a relative one is the bot's working folder's).
                        let _ =
                            writeln!(io::stderr(), "warning: no trace: cannot create {path}: {e}");
                        Box::new(planned)
                    }
                }
            }
        }
    };
    match agent::play(stdin, stdout, io::stderr(), make_policy) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            // Not eprintln!, which panics when stderr is closed too.
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::from(1)
        }
    }
}
