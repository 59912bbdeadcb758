//! Running the games: one case (never failing: what goes wrong is its
//! row's error), or every case several at once with their progress on
//! stderr, and the move lists they print.

use std::fs;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use ahc061_sim::judge::ToolInput;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use super::cases::Case;
use super::rows::{Row, check_writable};
use super::stats::mean;
use crate::runner::{self, RunOptions};

/// How many of the last non-empty lines of a bot's stderr a row keeps.
pub const STDERR_TAIL_LINES: usize = 3;
/// Longest stderr line kept in a row, in characters.
const STDERR_LINE_CHARS: usize = 300;

/// The last non-empty lines of a bot's stderr, for its row (None if none).
pub fn stderr_tail(stderr: &str) -> Option<String> {
    let lines: Vec<String> = stderr
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .map(|l| l.chars().take(STDERR_LINE_CHARS).collect())
        .collect();
    let start = lines.len().saturating_sub(STDERR_TAIL_LINES);
    (!lines.is_empty()).then(|| lines[start..].join(" | "))
}

/// Runs one case. Never fails: whatever goes wrong is the row's error.
pub fn run_case(case: &Case, command: &[String], options: &RunOptions) -> Row {
    run_case_with_lines(case, command, options).0
}

/// Runs one case, and returns with its row every line the bot printed (what
/// the tester writes to its stdout: the move list).
pub fn run_case_with_lines(
    case: &Case,
    command: &[String],
    options: &RunOptions,
) -> (Row, Vec<String>) {
    let mut row = Row {
        case: case.name.clone(),
        seed: case.seed(),
        m: 0,
        u: 0,
        score: 0,
        wall_s: 0.0,
        error: None,
        stderr_tail: None,
    };
    let parse =
        |text: String| ToolInput::parse(&text).map_err(|e| format!("{}: {e}", case.origin()));
    let input = match case.input_text().and_then(parse) {
        Ok(input) => input,
        Err(e) => {
            row.error = Some(format!("bad input: {e}"));
            return (row, Vec::new());
        }
    };
    row.m = input.game.m;
    row.u = input.game.u;
    let mut lines = Vec::new();
    match runner::run_game(command, &input, &case.name, options) {
        Ok(result) => {
            row.score = result.score;
            row.wall_s = result.wall.as_secs_f64();
            row.error = result.error;
            row.stderr_tail = result.stderr.as_deref().and_then(stderr_tail);
            lines = result.lines;
        }
        Err(e) => row.error = Some(format!("{e:#}")),
    }
    (row, lines)
}

/// The file a case's move list goes to in `dir`: `NAME.out.txt`.
pub fn moves_path(dir: &Path, case: &str) -> PathBuf {
    dir.join(format!("{case}.out.txt"))
}

/// Writes a move list (lines as the bot printed them) as the tester's
/// stdout would hold it.
pub fn write_moves(path: &Path, lines: &[String]) -> Result<()> {
    let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// Makes the folder for the move lists, before any game runs.
pub fn prepare_moves_dir(dir: &Path) -> Result<()> {
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    check_writable(&dir.join(".write-check"))?;
    let _ = fs::remove_file(dir.join(".write-check"));
    Ok(())
}

/// Runs every case, `jobs` at a time, with a progress bar on stderr.
/// The rows come back in the cases' order. With `moves`, each case's move
/// list is written there as it ends ([`moves_path`]).
pub fn run_all(
    cases: &[Case],
    command: &[String],
    options: &RunOptions,
    jobs: usize,
    moves: Option<&Path>,
) -> Result<Vec<Row>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let bar = ProgressBar::new(cases.len() as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} [{elapsed_precise}, eta {eta}] {msg}")
            .expect("the template is valid"),
    );
    let scores = Mutex::new(Vec::new());
    let progress = Mutex::new(ProgressLines::new(cases.len()));
    let rows = pool.install(|| {
        cases
            .par_iter()
            .map(|case| {
                let (mut row, lines) = run_case_with_lines(case, command, options);
                if let Some(dir) = moves
                    && let Err(e) = write_moves(&moves_path(dir, &case.name), &lines)
                {
                    row.error.get_or_insert(format!("{e:#}"));
                }
                let mut scores = scores.lock().expect("no panics while locked");
                scores.push(row.score as f64);
                bar.set_message(format!("mean {:.0}", mean(&scores)));
                bar.inc(1);
                let mut progress = progress.lock().expect("no panics while locked");
                progress.game_done(scores.len(), mean(&scores));
                row
            })
            .collect()
    });
    bar.finish_and_clear();
    Ok(rows)
}

/// Progress as plain lines on stderr when it is not a terminal (a log, nohup,
/// CI), where the bar does not show: the first game, then one line every
/// [`ProgressLines::PACE`] at most, and the last game.
struct ProgressLines {
    total: usize,
    start: Instant,
    last: Option<Instant>,
    on: bool,
}

impl ProgressLines {
    /// The most time between two lines while games end.
    const PACE: Duration = Duration::from_secs(30);

    fn new(total: usize) -> ProgressLines {
        ProgressLines {
            total,
            start: Instant::now(),
            last: None,
            on: !std::io::stderr().is_terminal(),
        }
    }

    /// Game `done` of the total has ended; `mean` is the mean score so far.
    fn game_done(&mut self, done: usize, mean: f64) {
        let due = self.last.is_none_or(|last| last.elapsed() >= Self::PACE);
        if !self.on || !(due || done == self.total) {
            return;
        }
        self.last = Some(Instant::now());
        let elapsed = self.start.elapsed().as_secs_f64();
        let eta = elapsed / done as f64 * (self.total - done) as f64;
        eprintln!(
            "progress: {done}/{} games, {elapsed:.0} s, eta {eta:.0} s, mean {mean:.0}",
            self.total
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_lines_of_stderr() {
        assert_eq!(stderr_tail(""), None);
        assert_eq!(stderr_tail("\n \n"), None);
        let text = "one\ntwo\n\nthree\nerror: four  \n";
        assert_eq!(
            stderr_tail(text).as_deref(),
            Some("two | three | error: four")
        );
        let long = "x".repeat(1000);
        assert_eq!(stderr_tail(&long).unwrap().len(), STDERR_LINE_CHARS);
    }
}
