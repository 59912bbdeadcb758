//! Evaluation over many cases: run a bot on each (several at once), write one
//! row per case, summarize, and compare with an earlier run, paired by case.
//!
//! The statistics are small pure functions at the bottom, tested on their own.

pub mod command;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use ahc061_sim::judge::ToolInput;
use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::r#gen::generate;
use crate::runner::{self, RunOptions};

/// Where a case's input comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    File(PathBuf),
    /// Generated in memory, as the official gen would for this seed.
    Seed(u64),
}

/// One case to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The file stem, or the seed as four digits (so that seeds 0..100 line
    /// up with the official `in/0000.txt … in/0099.txt`).
    pub name: String,
    pub source: Source,
}

impl Case {
    pub fn seed(&self) -> Option<u64> {
        match self.source {
            Source::Seed(seed) => Some(seed),
            Source::File(_) => None,
        }
    }

    /// Where the case comes from, for a message: its file, or its seed.
    fn origin(&self) -> String {
        match &self.source {
            Source::File(path) => path.display().to_string(),
            Source::Seed(seed) => format!("seed {seed}"),
        }
    }

    pub fn input_text(&self) -> Result<String, String> {
        match &self.source {
            Source::File(path) => {
                fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
            }
            Source::Seed(seed) => Ok(generate(*seed, None, None).to_input_string()),
        }
    }
}

/// The `*.txt` files of a directory, in name order (at least one).
pub fn input_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .with_context(|| format!("cannot list {}", dir.display()))?;
    paths.retain(|p| p.extension().is_some_and(|e| e == "txt") && p.is_file());
    paths.sort();
    if paths.is_empty() {
        bail!("no *.txt files in {}", dir.display());
    }
    Ok(paths)
}

/// The cases of a directory: its `*.txt` files, in name order.
pub fn cases_in_dir(dir: &Path) -> Result<Vec<Case>> {
    let paths = input_files(dir)?;
    Ok(paths
        .into_iter()
        .map(|path| Case {
            name: path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
            source: Source::File(path),
        })
        .collect())
}

/// The cases of seeds `A..B` (half-open) or `A..=B`.
pub fn cases_for_seeds(range: &str) -> Result<Vec<Case>> {
    let (from, to) = parse_seed_range(range)?;
    Ok((from..to)
        .map(|seed| Case {
            name: format!("{seed:04}"),
            source: Source::Seed(seed),
        })
        .collect())
}

/// `A..B` or `A..=B` as a half-open range, not empty.
pub fn parse_seed_range(text: &str) -> Result<(u64, u64)> {
    let number = |s: &str| -> Result<u64> {
        s.trim()
            .parse()
            .with_context(|| format!("seed range {text:?}: {s:?} is not a whole number"))
    };
    let (from, to) = if let Some((a, b)) = text.split_once("..=") {
        (number(a)?, number(b)?.saturating_add(1))
    } else if let Some((a, b)) = text.split_once("..") {
        (number(a)?, number(b)?)
    } else {
        bail!("seed range {text:?}: expected A..B or A..=B");
    };
    if from >= to {
        bail!("seed range {text:?} is empty");
    }
    Ok((from, to))
}

/// One case's result: a row of the TSV or JSON output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub case: String,
    pub seed: Option<u64>,
    pub m: usize,
    pub u: u8,
    pub score: i64,
    pub wall_s: f64,
    pub error: Option<String>,
    /// The last lines of the bot's stderr ([`STDERR_TAIL_LINES`], joined by
    /// ` | `): why a bot that died says it did. Absent from older rows.
    #[serde(default)]
    pub stderr_tail: Option<String>,
}

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

/// Writes the rows as JSON when the path ends in `.json`, as TSV otherwise.
pub fn write_rows(path: &Path, rows: &[Row]) -> Result<()> {
    let text = if is_json(path) {
        serde_json::to_string_pretty(rows)? + "\n"
    } else {
        rows_to_tsv(rows)?
    };
    fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// Fails now, before any game runs, if `path` cannot be written later: its
/// folder must exist and the file must be writable (it is created empty
/// when missing, and left as it is otherwise).
pub fn check_writable(path: &Path) -> Result<()> {
    fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map(drop)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Reads rows written by [`write_rows`].
pub fn read_rows(path: &Path) -> Result<Vec<Row>> {
    let text =
        fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    if is_json(path) {
        serde_json::from_str(&text)
            .with_context(|| format!("{}: not a JSON list of rows", path.display()))
    } else {
        rows_from_tsv(&text).with_context(|| format!("{}: not an eval TSV", path.display()))
    }
}

/// The rows of `cases`, in their order, from the files of a run's slices
/// (`--shard`): every case must be in exactly one file, and every row must
/// be one of the cases'.
pub fn merge_rows(cases: &[Case], files: &[(PathBuf, Vec<Row>)]) -> Result<Vec<Row>> {
    let mut found: HashMap<&str, (&Row, &Path)> = HashMap::new();
    for (path, rows) in files {
        for row in rows {
            if let Some((_, first)) = found.insert(&row.case, (row, path)) {
                bail!(
                    "case {} is in both {} and {}: the slices overlap",
                    row.case,
                    first.display(),
                    path.display()
                );
            }
        }
    }
    let mut merged = Vec::new();
    let mut missing = Vec::new();
    for case in cases {
        match found.remove(case.name.as_str()) {
            Some((row, _)) => merged.push(row.clone()),
            None => missing.push(case.name.as_str()),
        }
    }
    if !missing.is_empty() {
        bail!(
            "{} of the {} cases are in no file (a slice not run, or not given?): {}",
            missing.len(),
            cases.len(),
            names_in_short(&missing)
        );
    }
    if let Some((name, (_, path))) = found.iter().min_by_key(|(name, _)| **name) {
        bail!(
            "{}: case {name} is not one of the run's {} cases (another run's rows?)",
            path.display(),
            cases.len()
        );
    }
    Ok(merged)
}

/// At most the first few of `names`, then how many more.
fn names_in_short(names: &[&str]) -> String {
    const SHOWN: usize = 10;
    let mut text = names[..names.len().min(SHOWN)].join(", ");
    if names.len() > SHOWN {
        let _ = write!(text, " and {} more", names.len() - SHOWN);
    }
    text
}

fn is_json(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "json")
}

/// The columns every eval TSV starts with (`stderr_tail` came later).
const TSV_COLUMNS: [&str; 7] = ["case", "seed", "m", "u", "score", "wall_s", "error"];

/// A header line, then one line per row; an absent seed or error is an empty
/// field, wall times are rounded to 0.1 ms.
pub fn rows_to_tsv(rows: &[Row]) -> Result<String> {
    let mut writer = csv::WriterBuilder::new()
        .delimiter(b'\t')
        .from_writer(Vec::new());
    for row in rows {
        let wall_s = (row.wall_s * 1e4).round() / 1e4;
        writer.serialize(Row {
            wall_s,
            ..row.clone()
        })?;
    }
    if rows.is_empty() {
        writer.write_record(TSV_COLUMNS.iter().chain(&["stderr_tail"]))?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| anyhow::anyhow!("{}", e.error()))?;
    Ok(String::from_utf8(bytes)?)
}

pub fn rows_from_tsv(text: &str) -> Result<Vec<Row>> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b'\t')
        .from_reader(text.as_bytes());
    let header: Vec<&str> = reader.headers()?.iter().collect();
    if header.get(..TSV_COLUMNS.len()) != Some(&TSV_COLUMNS[..]) {
        bail!(
            "the first line is not the header {:?}",
            TSV_COLUMNS.join("\t")
        );
    }
    reader
        .deserialize::<Row>()
        .enumerate()
        .map(|(k, row)| row.with_context(|| format!("line {}", k + 2)))
        .collect()
}

/// The summary of a run, as printed.
pub fn summary(rows: &[Row]) -> String {
    let scores = scores_of(rows);
    let walls: Vec<f64> = rows.iter().map(|r| r.wall_s).collect();
    let mut out = String::new();
    let _ = writeln!(out, "cases       {}", rows.len());
    let _ = writeln!(
        out,
        "score       mean {:.1}  sd {:.1}  (se of mean {:.1})  median {:.1}",
        mean(&scores),
        std_dev(&scores),
        std_dev(&scores) / (scores.len() as f64).sqrt(),
        median(&scores)
    );
    let _ = writeln!(
        out,
        "wall time   mean {:.3} s  median {:.3} s  p99 {:.3} s  max {:.3} s",
        mean(&walls),
        median(&walls),
        quantile(&walls, 0.99),
        walls.iter().copied().fold(0.0, f64::max)
    );
    out.push_str(&slow_summary(rows));
    let zeros = rows.iter().filter(|r| r.score == 0).count();
    let _ = writeln!(out, "zero score  {zeros} cases");
    out.push_str(&failure_summary(rows));
    // A case whose input could not be read has no M or U: the failures
    // above name it, and the tables leave it out rather than file it under
    // M=0 and U=0.
    let read: Vec<Row> = rows.iter().filter(|r| r.m > 0).cloned().collect();
    out.push_str(&group_table("M", &group_means(&read, |r| r.m)));
    out.push_str(&group_table("U", &group_means(&read, |r| r.u as usize)));
    out
}

/// AtCoder's time limit per game: a game that takes it or longer is a
/// time-out there, scored 0, whatever it scored here.
pub const CONTEST_LIMIT_S: f64 = 2.0;

/// The games that took [`CONTEST_LIMIT_S`] or longer, slowest first.
pub fn over_the_limit(rows: &[Row]) -> Vec<&Row> {
    let mut slow: Vec<&Row> = rows
        .iter()
        .filter(|r| r.wall_s >= CONTEST_LIMIT_S)
        .collect();
    slow.sort_by(|a, b| b.wall_s.total_cmp(&a.wall_s));
    slow
}

/// The games over the contest's limit as printed, each case with its time
/// (at most [`CASES_NAMED`]); empty when there is none.
pub fn slow_summary(rows: &[Row]) -> String {
    let slow = over_the_limit(rows);
    if slow.is_empty() {
        return String::new();
    }
    let named: Vec<String> = (slow.iter().take(CASES_NAMED))
        .map(|r| format!("{} ({:.3} s)", r.case, r.wall_s))
        .collect();
    let more = match slow.len().saturating_sub(CASES_NAMED) {
        0 => String::new(),
        k => format!(" and {k} more"),
    };
    format!(
        "over {CONTEST_LIMIT_S:.1} s  {} cases, each a time-out (score 0) on AtCoder: {}{more}\n",
        slow.len(),
        named.join(", ")
    )
}

/// Cases that failed the same way: the error, and the last line of the
/// bot's stderr (which says why when the bot itself gave up).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub error: String,
    pub stderr_last: Option<String>,
    pub cases: Vec<String>,
}

/// The failed cases (those with an error), grouped by how they failed, in
/// the order each way first occurs.
pub fn failures(rows: &[Row]) -> Vec<Failure> {
    let mut groups: Vec<Failure> = Vec::new();
    for row in rows {
        let Some(error) = &row.error else { continue };
        let stderr_last = (row.stderr_tail.as_deref())
            .and_then(|tail| tail.rsplit(" | ").next())
            .map(str::to_string);
        match groups
            .iter_mut()
            .find(|g| &g.error == error && g.stderr_last == stderr_last)
        {
            Some(group) => group.cases.push(row.case.clone()),
            None => groups.push(Failure {
                error: error.clone(),
                stderr_last,
                cases: vec![row.case.clone()],
            }),
        }
    }
    groups
}

/// Cases named in a failure group's line, at most.
const CASES_NAMED: usize = 8;

/// The failures as printed: one block per way of failing, not one line per
/// case; empty when nothing failed.
pub fn failure_summary(rows: &[Row]) -> String {
    let groups = failures(rows);
    let failed: usize = groups.iter().map(|g| g.cases.len()).sum();
    if failed == 0 {
        return String::new();
    }
    let mut out = format!(
        "failed      {failed} of {} cases
",
        rows.len()
    );
    for group in &groups {
        let n = group.cases.len();
        let _ = writeln!(out, "  {n} × {}", group.error);
        if let Some(line) = &group.stderr_last {
            let _ = writeln!(out, "      the bot's stderr ends: {line}");
        }
        let named = group.cases[..n.min(CASES_NAMED)].join(", ");
        let more = match n.saturating_sub(CASES_NAMED) {
            0 => String::new(),
            k => format!(" and {k} more"),
        };
        let _ = writeln!(out, "      cases {named}{more}");
    }
    out
}

fn scores_of(rows: &[Row]) -> Vec<f64> {
    rows.iter().map(|r| r.score as f64).collect()
}

fn group_table(name: &str, groups: &[Group]) -> String {
    let mut out = format!("by {name}  cases  mean score\n");
    for g in groups {
        let label = format!("{name}={}", g.key);
        let _ = writeln!(out, "{label:<4}  {:>5}  {:>10.1}", g.count, g.mean);
    }
    out
}

/// The paired comparison of this run with another one, as printed.
pub fn compare(this: &[Row], other: &[Row], other_name: &str) -> String {
    let pairs = paired_scores(this, other);
    let mut out = format!(
        "compare with {other_name}: {} cases in common (of {} here, {} there)\n",
        pairs.len(),
        this.len(),
        other.len()
    );
    if pairs.is_empty() {
        return out;
    }
    let diffs: Vec<f64> = pairs.iter().map(|(a, b)| a - b).collect();
    let (lo, hi) = mean_ci95(&diffs);
    let _ = writeln!(
        out,
        "  mean        this {:.1}  other {:.1}",
        mean(&pairs.iter().map(|p| p.0).collect::<Vec<_>>()),
        mean(&pairs.iter().map(|p| p.1).collect::<Vec<_>>())
    );
    let _ = writeln!(
        out,
        "  difference  {:+.1}  95% CI [{:+.1}, {:+.1}]  (paired, Student t with {} df)",
        mean(&diffs),
        lo,
        hi,
        diffs.len().saturating_sub(1)
    );
    let _ = writeln!(
        out,
        "  median of paired differences  {:+.1}",
        median(&diffs)
    );
    let (wins, losses, ties) = win_counts(&diffs);
    let _ = writeln!(
        out,
        "  wins        this {wins}  other {losses}  ties {ties}"
    );
    out
}

/// (this score, other score) for each case both runs have, in this run's order.
pub fn paired_scores(this: &[Row], other: &[Row]) -> Vec<(f64, f64)> {
    let other: std::collections::HashMap<&str, i64> =
        other.iter().map(|r| (r.case.as_str(), r.score)).collect();
    this.iter()
        .filter_map(|r| {
            other
                .get(r.case.as_str())
                .map(|&o| (r.score as f64, o as f64))
        })
        .collect()
}

// ---- statistics ----

pub fn mean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.iter().sum::<f64>() / xs.len() as f64
}

/// The sample standard deviation (n − 1 in the denominator); 0 below two values.
pub fn std_dev(xs: &[f64]) -> f64 {
    if xs.len() < 2 {
        return 0.0;
    }
    let m = mean(xs);
    let squares: f64 = xs.iter().map(|x| (x - m) * (x - m)).sum();
    (squares / (xs.len() - 1) as f64).sqrt()
}

pub fn median(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let mut sorted = xs.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    }
}

/// The `q` quantile (0 ≤ q ≤ 1) by the nearest-rank rule: the smallest value
/// with at least a fraction `q` of the values at or below it (0 when empty).
pub fn quantile(xs: &[f64], q: f64) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let mut sorted = xs.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The 97.5 % quantile of Student's t with `df` degrees of freedom
/// (unbounded at 0).
pub fn t_quantile_975(df: usize) -> f64 {
    use statrs::distribution::{ContinuousCDF, StudentsT};
    match StudentsT::new(0.0, 1.0, df as f64) {
        Ok(t) if df > 0 => t.inverse_cdf(0.975),
        _ => f64::INFINITY,
    }
}

/// The 95 % confidence interval of the mean, by Student's t.
/// With fewer than two values the interval is unbounded.
pub fn mean_ci95(xs: &[f64]) -> (f64, f64) {
    if xs.len() < 2 {
        return (f64::NEG_INFINITY, f64::INFINITY);
    }
    let half = t_quantile_975(xs.len() - 1) * std_dev(xs) / (xs.len() as f64).sqrt();
    let m = mean(xs);
    (m - half, m + half)
}

/// (positive, negative, zero) counts of paired differences.
pub fn win_counts(diffs: &[f64]) -> (usize, usize, usize) {
    let wins = diffs.iter().filter(|&&d| d > 0.0).count();
    let losses = diffs.iter().filter(|&&d| d < 0.0).count();
    (wins, losses, diffs.len() - wins - losses)
}

/// The rows that share a key, summarized.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub key: usize,
    pub count: usize,
    pub mean: f64,
}

/// Mean score per key, keys in increasing order (only keys that occur).
pub fn group_means(rows: &[Row], key: impl Fn(&Row) -> usize) -> Vec<Group> {
    let mut by_key: std::collections::BTreeMap<usize, Vec<f64>> = Default::default();
    for row in rows {
        by_key.entry(key(row)).or_default().push(row.score as f64);
    }
    by_key
        .into_iter()
        .map(|(key, scores)| Group {
            key,
            count: scores.len(),
            mean: mean(&scores),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(case: &str, m: usize, u: u8, score: i64) -> Row {
        Row {
            case: case.into(),
            seed: None,
            m,
            u,
            score,
            wall_s: 0.5,
            error: None,
            stderr_tail: None,
        }
    }

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn mean_sd_median() {
        let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        assert_eq!(mean(&xs), 5.0);
        // Sample sd: Σ(x−5)² = 32, / 7.
        assert!(close(std_dev(&xs), (32.0f64 / 7.0).sqrt(), 1e-12));
        assert_eq!(median(&xs), 4.5);
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(mean(&[]), 0.0);
        assert_eq!(std_dev(&[1.0]), 0.0);
        assert_eq!(median(&[]), 0.0);
    }

    #[test]
    fn quantiles_by_nearest_rank() {
        let xs: Vec<f64> = (1..=200).map(f64::from).collect();
        assert_eq!(quantile(&xs, 0.99), 198.0);
        assert_eq!(quantile(&xs, 0.5), 100.0);
        assert_eq!(quantile(&xs, 1.0), 200.0);
        assert_eq!(quantile(&xs, 0.0), 1.0);
        assert_eq!(quantile(&[0.3, 0.1, 0.2], 0.99), 0.3);
        assert_eq!(quantile(&[], 0.99), 0.0);
    }

    #[test]
    fn t_quantiles_match_the_tables() {
        assert!(close(t_quantile_975(1), 12.7062, 2e-4));
        assert!(close(t_quantile_975(30), 2.0423, 2e-4));
        assert_eq!(t_quantile_975(0), f64::INFINITY);
        // Exact values: df 40 → 2.0211, 60 → 2.0003, 99 → 1.9842, 1000 → 1.9623.
        assert!(close(t_quantile_975(40), 2.0211, 2e-4));
        assert!(close(t_quantile_975(60), 2.0003, 2e-4));
        assert!(close(t_quantile_975(99), 1.9842, 2e-4));
        assert!(close(t_quantile_975(1000), 1.9623, 2e-4));
    }

    #[test]
    fn confidence_interval_of_the_mean() {
        // n = 4, mean 2.5, sd √(5/3), t(3) = 3.18245.
        let (lo, hi) = mean_ci95(&[1.0, 2.0, 3.0, 4.0]);
        let half = 3.18245 * (5.0f64 / 3.0).sqrt() / 2.0;
        assert!(close(lo, 2.5 - half, 1e-4) && close(hi, 2.5 + half, 1e-4));
        assert_eq!(mean_ci95(&[1.0]), (f64::NEG_INFINITY, f64::INFINITY));
    }

    #[test]
    fn groups_and_pairs() {
        let rows = [row("a", 3, 1, 10), row("b", 2, 1, 20), row("c", 3, 2, 30)];
        assert_eq!(
            group_means(&rows, |r| r.m),
            [
                Group {
                    key: 2,
                    count: 1,
                    mean: 20.0
                },
                Group {
                    key: 3,
                    count: 2,
                    mean: 20.0
                }
            ]
        );
        let other = [row("c", 3, 2, 35), row("a", 3, 1, 4), row("z", 2, 2, 1)];
        assert_eq!(paired_scores(&rows, &other), [(10.0, 4.0), (30.0, 35.0)]);
        assert_eq!(win_counts(&[1.0, -2.0, 0.0, 3.0]), (2, 1, 1));
    }

    #[test]
    fn seed_ranges() {
        assert_eq!(parse_seed_range("0..100").unwrap(), (0, 100));
        assert_eq!(parse_seed_range("5..=7").unwrap(), (5, 8));
        assert!(parse_seed_range("7..7").is_err());
        assert!(parse_seed_range("7").is_err());
        assert!(parse_seed_range("a..3").is_err());
        let cases = cases_for_seeds("8..10").unwrap();
        assert_eq!(cases[0].name, "0008");
        assert_eq!(cases[1].source, Source::Seed(9));
    }

    #[test]
    fn tsv_round_trips() {
        let mut rows = vec![row("0000", 4, 3, 95000), row("0001", 2, 5, 0)];
        rows[0].seed = Some(0);
        rows[1].error = Some("Parse error:\tx \"quoted\"".into());
        rows[1].stderr_tail = Some("a | error: b".into());
        let tsv = rows_to_tsv(&rows).unwrap();
        assert!(tsv.starts_with("case\tseed\tm\tu\tscore\twall_s\terror\tstderr_tail\n"));
        assert!(tsv.contains("\n0000\t0\t4\t3\t95000\t0.5\t\t\n"), "{tsv}");
        assert_eq!(rows_from_tsv(&tsv).unwrap(), rows);
        assert!(rows_from_tsv("nonsense\n").is_err());
        assert!(
            rows_from_tsv(&rows_to_tsv(&[]).unwrap())
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn reads_the_tsv_of_older_runs() {
        let old = "case\tseed\tm\tu\tscore\twall_s\terror\n\
                   0000\t0\t4\t3\t95000\t1.7431\t\n\
                   0001\t\t2\t5\t0\t0.0100\tParse error: x\n";
        let rows = rows_from_tsv(old).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].seed, rows[0].wall_s, rows[0].error.as_deref()),
            (Some(0), 1.7431, None)
        );
        assert_eq!(rows[1].seed, None);
        assert_eq!(rows[1].error.as_deref(), Some("Parse error: x"));
        assert_eq!(rows[1].stderr_tail, None);
    }

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

    #[test]
    fn games_at_or_over_the_contests_limit_are_named() {
        let mut rows: Vec<Row> = (0..12).map(|k| row(&format!("{k:04}"), 4, 3, 1)).collect();
        assert_eq!(slow_summary(&rows), "");
        assert!(!summary(&rows).contains("over 2.0 s"));
        rows[3].wall_s = 2.0;
        rows[7].wall_s = 2.013;
        rows[9].wall_s = 1.999;
        let text = slow_summary(&rows);
        assert_eq!(
            text,
            "over 2.0 s  2 cases, each a time-out (score 0) on AtCoder: 0007 (2.013 s), \
             0003 (2.000 s)\n"
        );
        assert!(summary(&rows).contains(&text));
        for r in &mut rows {
            r.wall_s += 2.0;
        }
        assert!(slow_summary(&rows).ends_with(" and 4 more\n"));
    }

    #[test]
    fn groups_failures_by_error_and_the_bots_last_word() {
        let mut rows: Vec<Row> = (0..12).map(|k| row(&format!("{k:04}"), 4, 3, 0)).collect();
        for (k, r) in rows.iter_mut().enumerate() {
            r.error = Some("Your program has terminated unexpectedly".into());
            r.stderr_tail = Some(format!("warning {k} | error: --budget: bad"));
        }
        rows[3].stderr_tail = None;
        rows[5].error = None;
        rows[5].score = 7;
        let groups = failures(&rows);
        assert_eq!(groups.len(), 2);
        assert_eq!(
            groups[0].stderr_last.as_deref(),
            Some("error: --budget: bad")
        );
        assert_eq!(groups[0].cases.len(), 10);
        assert_eq!(groups[1].cases, ["0003"]);
        let text = failure_summary(&rows);
        assert_eq!(
            text,
            "failed      11 of 12 cases\n\
             \x20 10 × Your program has terminated unexpectedly\n\
             \x20     the bot's stderr ends: error: --budget: bad\n\
             \x20     cases 0000, 0001, 0002, 0004, 0006, 0007, 0008, 0009 and 2 more\n\
             \x20 1 × Your program has terminated unexpectedly\n\
             \x20     cases 0003\n"
        );
        assert_eq!(failure_summary(&rows[5..6]), "");
    }
}
