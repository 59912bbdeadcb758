//! The `loadtest` command (tools/src/bin/loadtest.rs is its front): the
//! bot's wall times over many cases, quiet and with the cores kept busy.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::Parser;

use crate::eval::{self, rows::Row};
use crate::runner::RunOptions;

#[derive(Parser)]
#[command(about = "Wall times of the bot over many cases, quiet and with the cores loaded")]
pub struct Args {
    /// Busy-loops forever (what the load processes run).
    #[arg(long, hide = true)]
    pub burn: bool,
    /// The cases: seeds A..B (or A..=B), generated in memory.
    #[arg(long, value_name = "A..B", default_value = "0..500")]
    seeds: String,
    #[command(flatten)]
    jobs: crate::cli::Jobs,
    /// Busy-looping processes during the loaded phase (at most 64: enough
    /// to load any machine this runs on, few enough not to swamp it).
    #[arg(long, value_name = "PROCESSES", default_value_t = 2, allow_negative_numbers = true,
          value_parser = crate::cli::count::<usize>(0, 64))]
    burners: usize,
    /// Which phases to run, in order (comma-separated).
    #[arg(
        long,
        value_name = "PHASES",
        value_enum,
        value_delimiter = ',',
        default_value = "quiet,load"
    )]
    phases: Vec<Phase>,
    /// Writes each phase's rows to DIR/PHASE.tsv.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// A game's wall time must stay below this (--limit works too).
    #[arg(long, allow_negative_numbers = true, visible_alias = "limit", value_name = "SECONDS", value_parser = crate::cli::parse_seconds, default_value = "2")]
    time_limit: Duration,
    /// The bot's command and its arguments, after `--`.
    #[arg(last = true, value_name = "CMD")]
    command: Vec<String>,
}

/// A phase of the test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Phase {
    /// Nothing else runs.
    Quiet,
    /// With the busy-looping processes.
    Load,
}

impl Phase {
    fn name(self) -> &'static str {
        match self {
            Phase::Quiet => "quiet",
            Phase::Load => "load",
        }
    }
}

/// Processes that spin until they are dropped, or until loadtest ends in
/// any way at all: each burner reads its stdin, a pipe whose only writer is
/// this process, and stops at its end of file. The kernel closes that pipe
/// when loadtest exits, by a signal (SIGTERM, SIGINT, SIGKILL) as well as
/// by a return, so no burner outlives it.
struct Burners(Vec<Child>);

impl Burners {
    fn start(count: usize) -> Result<Burners> {
        let exe = std::env::current_exe().context("cannot locate this program")?;
        let mut children = Vec::new();
        for _ in 0..count {
            // Rust opens the pipes close-on-exec: the next burners and the
            // bots do not hold the write end open.
            let child = Command::new(&exe)
                .arg("--burn")
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .spawn()
                .context("cannot start a load process")?;
            children.push(child);
        }
        Ok(Burners(children))
    }
}

impl Drop for Burners {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A burner's life: spins on one thread until stdin ends (see [`Burners`]).
pub fn burn() -> ! {
    std::thread::spawn(|| {
        let mut x: u64 = 1;
        loop {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
    });
    let _ = std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink());
    std::process::exit(0)
}

/// The phase's report, and whether it passed.
fn report(phase: Phase, rows: &[Row], limit: Duration) -> (String, bool) {
    let walls: Vec<f64> = rows.iter().map(|r| r.wall_s).collect();
    let max = walls.iter().copied().fold(0.0, f64::max);
    let zeros = rows.iter().filter(|r| r.score == 0).count();
    let scores: Vec<f64> = rows.iter().map(|r| r.score as f64).collect();
    let pass = zeros == 0 && max < limit.as_secs_f64();
    let text = format!(
        "{:<6} cases {}  wall median {:.3} s  p99 {:.3} s  max {:.3} s  \
         zero scores {zeros}  mean score {:.1}  {}\n",
        phase.name(),
        rows.len(),
        eval::stats::median(&walls),
        eval::stats::quantile(&walls, 0.99),
        max,
        eval::stats::mean(&scores),
        if pass { "ok" } else { "FAILED" }
    );
    (text, pass)
}

/// Runs the phases; whether every one passed.
pub fn run(args: &Args) -> Result<bool> {
    if args.command.is_empty() {
        bail!("no bot command: give it after `--`");
    }
    let cases = eval::cases::cases_for_seeds(&args.seeds)?;
    let options = RunOptions {
        capture_stderr: true,
        // Far above the limit: a slow game is measured, not cut short.
        kill_after: Duration::from_secs(10).max(args.time_limit * 3),
        ..RunOptions::default()
    };
    let mut all_pass = true;
    for &phase in &args.phases {
        let _burners = match phase {
            Phase::Quiet => None,
            Phase::Load => Some(Burners::start(args.burners)?),
        };
        let rows = eval::games::run_all(&cases, &args.command, &options, args.jobs.get(), None)?;
        if let Some(dir) = &args.out_dir {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            eval::rows::write_rows(&dir.join(format!("{}.tsv", phase.name())), &rows)?;
        }
        let (text, pass) = report(phase, &rows, args.time_limit);
        print!("{text}");
        std::io::stdout().flush()?;
        all_pass &= pass;
    }
    Ok(all_pass)
}
