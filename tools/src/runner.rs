//! Runs one game of a bot (any command) against the local judge, the way the
//! official tester does (docs/RULES.md §7), but never hangs.
//!
//! The bot gets the initial input, then each turn the runner reads its next
//! line (skipping empty lines and lines starting with `#`, as the official
//! tester does), parses `x y`, plays the turn and sends the judge's answer.
//! After the last turn the bot's input is closed and the runner waits for it
//! to exit. Errors carry the official messages; any error scores 0.
//!
//! Nothing here can block forever: the bot's stdout is read by a thread that
//! hands lines over a channel (received with a deadline), the bot's stdin is
//! written by another thread (so a bot that never reads cannot stall us on a
//! full pipe), and past `kill_after` the bot is killed. Nor can a bot that
//! floods exhaust memory: past [`MAX_OUTPUT`] bytes on stdout, or a line
//! longer than [`MAX_LINE`], the game ends ("Too much output") and the bot
//! is killed; of its captured stderr the first [`MAX_STDERR`] bytes are kept.
//!
//! # Log format
//!
//! A game log is plain text, one record per line; the first two characters
//! of a line say what it is:
//!
//! ```text
//! # AHC061 game log          comment (ignored)
//! input in/0000.txt          the input file's name, as the runner was given it
//! > 10 4 100 3               a line the judge sent to the bot, in order
//! < 3 4                      a line the bot printed (comments and empty lines too)
//! score 84915                the final score (0 on an error)
//! error Parse error: x       the error, when there is one
//! ```
//!
//! Judge lines and bot lines appear in the order the runner sent and read
//! them, so the concatenated `> ` lines are exactly the judge's stream and the
//! `< ` lines exactly what the tester writes to its stdout.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use ahc061::engine::board::{CELLS, Cell, N, coords};
use ahc061::engine::state::Game;
use ahc061::judge::protocol::Feedback;
use ahc061_sim::judge::{Judge, ToolInput};
use ahc061_sim::text::{feedback_text, initial_text};
use anyhow::{Context, Result, bail};
use wait_timeout::ChildExt;

/// How long a bot may run before it is killed, unless told otherwise.
pub const DEFAULT_KILL_AFTER: Duration = Duration::from_secs(10);

/// The official message when the bot's output ends early.
const TERMINATED: &str = "Your program has terminated unexpectedly";

/// Most a bot may print on stdout in one game (a game needs about 600
/// bytes): past it, the game ends with an error and the bot is killed.
pub const MAX_OUTPUT: usize = 16 << 20;
/// Longest line a bot may print on stdout.
pub const MAX_LINE: usize = 1 << 20;
/// Most of a bot's stderr kept when it is captured (the rest is read and dropped).
pub const MAX_STDERR: usize = 1 << 20;

/// How one game is run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The bot is killed this long after it was started, whatever it does.
    pub kill_after: Duration,
    /// When set, a bot whose wall time exceeds it scores 0 (the official
    /// tester enforces no limit, so this is off by default).
    pub time_limit: Option<Duration>,
    /// Keep the bot's stderr in the result instead of passing it through.
    pub capture_stderr: bool,
    /// Record the game in the log format above.
    pub record_log: bool,
    /// Turns whose report to the bot gets one owner or level changed (see
    /// [`corrupt`]): a lying judge, to test the bot's mirror. The runner
    /// keeps the true state and scores by it.
    pub corrupt: Vec<usize>,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            kill_after: DEFAULT_KILL_AFTER,
            time_limit: None,
            capture_stderr: false,
            record_log: false,
            corrupt: Vec::new(),
        }
    }
}

impl RunOptions {
    /// Sets the scoring time limit, raising the kill deadline above it so
    /// that a bot always gets the chance to finish within the limit.
    pub fn with_time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self.kill_after = self.kill_after.max(limit + Duration::from_secs(1));
        self
    }
}

/// What happened in one game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The absolute score, 0 on any error.
    pub score: i64,
    /// The error that ended the game, with the official message when there is one.
    pub error: Option<String>,
    /// Every line the bot printed while the game was played, without the
    /// newline (what the official tester copies to its stdout).
    pub lines: Vec<String>,
    /// Wall time of the bot process, from spawn to exit (or to the kill).
    pub wall: Duration,
    /// Turns played to the end.
    pub turns: usize,
    /// Why the bot's input could not be written, if it could not (not an
    /// error by itself: the official tester ignores it too, and a bot that
    /// crashed is reported by the read side).
    pub input_closed: Option<String>,
    /// The bot's stderr, when captured.
    pub stderr: Option<String>,
    /// The game log, when recorded.
    pub log: Option<String>,
    /// What was changed in the reports of the `corrupt` turns, one line each.
    pub corrupted: Vec<String>,
}

/// Plays one game of `command` (program and arguments) on `input`.
/// `input_name` only goes into the log. An `Err` means the bot could not be
/// started at all; everything the bot does wrong is in `GameResult::error`.
pub fn run_game(
    command: &[String],
    input: &ToolInput,
    input_name: &str,
    options: &RunOptions,
) -> Result<GameResult> {
    let Some((program, args)) = command.split_first() else {
        bail!("no command to run");
    };
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(if options.capture_stderr {
            Stdio::piped()
        } else {
            Stdio::inherit()
        })
        .spawn()
        .with_context(|| format!("cannot start {program:?}"))?;
    let stderr = child.stderr.take().map(collect_text);
    let (to_bot, write_errors) = start_writer(child.stdin.take().expect("stdin is piped"));
    let mut bot = Bot {
        to_bot,
        from_bot: start_line_reader(child.stdout.take().expect("stdout is piped")),
        deadline: start + options.kill_after,
        lines: Vec::new(),
        log: options.record_log.then(|| log_header(input_name)),
    };
    let mut judge = Judge::new(input.clone());
    let mut corrupted = Vec::new();
    let mut error = play(&mut bot, &mut judge, options, &mut corrupted).err();

    // Closing the bot's input tells it the game is over.
    drop(bot.to_bot);
    match error {
        None => error = wait_for_exit(&mut child, bot.deadline, options.kill_after).err(),
        Some(_) => kill(&mut child),
    }
    let wall = start.elapsed();
    if error.is_none() {
        error = check_time_limit(wall, options.time_limit).err();
    }
    let score = if error.is_none() { judge.score() } else { 0 };
    let log = bot.log.map(|log| log_footer(log, score, error.as_deref()));
    Ok(GameResult {
        score,
        error,
        lines: bot.lines,
        wall,
        turns: judge.turn(),
        // A thread that has not finished by now is stuck on a pipe that some
        // process the bot left behind still holds: don't wait for it.
        input_closed: write_errors.recv_timeout(Duration::from_millis(200)).ok(),
        stderr: stderr.and_then(|text| text.recv_timeout(Duration::from_secs(1)).ok()),
        log,
        corrupted,
    })
}

/// The runner's ends of the bot's pipes, and what it has seen so far.
struct Bot {
    /// Text to write to the bot's stdin.
    to_bot: Sender<String>,
    /// The bot's stdout, line by line; disconnected at end of file.
    from_bot: Receiver<Printed>,
    /// When the bot gets killed.
    deadline: Instant,
    lines: Vec<String>,
    log: Option<String>,
}

impl Bot {
    /// Queues judge text for the bot (never blocks).
    fn send(&mut self, text: String) {
        if let Some(log) = &mut self.log {
            for line in text.lines() {
                log.push_str("> ");
                log.push_str(line);
                log.push('\n');
            }
        }
        // A send fails only when the writer has stopped on an error, which
        // it reports itself.
        let _ = self.to_bot.send(text);
    }

    /// The bot's next line, or why there is none.
    fn next_line(&mut self, turn: usize, kill_after: Duration) -> Result<String, String> {
        let wait = self.deadline.saturating_duration_since(Instant::now());
        match self.from_bot.recv_timeout(wait) {
            Ok(Printed::TooMuch(error)) => Err(error),
            Ok(Printed::Line(line)) => {
                if let Some(log) = &mut self.log {
                    log.push_str("< ");
                    log.push_str(&line);
                    log.push('\n');
                }
                self.lines.push(line.clone());
                Ok(line)
            }
            Err(RecvTimeoutError::Disconnected) => Err(TERMINATED.to_string()),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "Killed after {:.1} s: no move for turn {turn} by then",
                kill_after.as_secs_f64()
            )),
        }
    }

    /// The bot's move for `turn`: its next line that is neither empty nor a
    /// comment, parsed.
    fn next_move(&mut self, turn: usize, kill_after: Duration) -> Result<(usize, usize), String> {
        loop {
            let line = self.next_line(turn, kill_after)?;
            let line = line.trim();
            if !line.is_empty() && !line.starts_with('#') {
                return parse_move(line);
            }
        }
    }
}

/// Plays turns until the game ends or the bot errs.
fn play(
    bot: &mut Bot,
    judge: &mut Judge,
    options: &RunOptions,
    corrupted: &mut Vec<String>,
) -> Result<(), String> {
    let m = judge.input.game.m;
    bot.send(initial_text(&judge.input.game));
    while !judge.finished() {
        let turn = judge.turn() + 1;
        let (x, y) = bot.next_move(turn, options.kill_after)?;
        let (mut feedback, _) = judge.play(x, y).map_err(|illegal| illegal.to_string())?;
        if options.corrupt.contains(&turn) {
            let change = corrupt(&mut feedback, &judge.input.game, turn)
                .unwrap_or_else(|| "no cell to change".to_string());
            corrupted.push(format!("turn {turn}: reported {change}"));
        }
        bot.send(feedback_text(&feedback, m));
    }
    Ok(())
}

/// Changes one cell of a report, keeping it a position the rules could
/// produce and the bot's own territory no larger (so that a bot that
/// believes the report still moves legally): the level of an owned cell
/// without a piece when U ≥ 2, otherwise its owner, to another AI. The cell
/// is the first suitable one from a place that depends on the turn.
/// Returns what was changed, or None when no cell qualifies.
pub fn corrupt(feedback: &mut Feedback, game: &Game, turn: usize) -> Option<String> {
    let m = game.m;
    let pieces: Vec<Cell> = feedback.end[..m].to_vec();
    for k in 0..CELLS {
        let c = (turn * 37 + k) % CELLS;
        let (owner, level) = (feedback.owner[c], feedback.level[c]);
        if owner < 0 || pieces.contains(&(c as Cell)) {
            continue;
        }
        let (x, y) = coords(c as Cell);
        if game.u >= 2 {
            let new = if level < game.u { level + 1 } else { level - 1 };
            feedback.level[c] = new;
            return Some(format!("cell ({x}, {y}) at level {new} instead of {level}"));
        }
        // Another AI than the owner (player 0's cells go to player 1).
        let Some(new) = (1..m as i8).find(|&q| q != owner) else {
            continue;
        };
        feedback.owner[c] = new;
        return Some(format!("cell ({x}, {y}) owned by {new} instead of {owner}"));
    }
    None
}

/// Parses a move line (already trimmed) as the official tester does, with
/// its messages: coordinates are unsigned integers below N, exactly two.
pub fn parse_move(line: &str) -> Result<(usize, usize), String> {
    let mut tokens = line.split_whitespace();
    let x = parse_coordinate(tokens.next())?;
    let y = parse_coordinate(tokens.next())?;
    if tokens.next().is_some() {
        return Err(format!("Too many tokens in line: {line}"));
    }
    Ok((x, y))
}

fn parse_coordinate(token: Option<&str>) -> Result<usize, String> {
    let token = token.ok_or_else(|| "Unexpected EOF".to_string())?;
    let value: usize = token.parse().map_err(|_| format!("Parse error: {token}"))?;
    if value >= N {
        return Err(format!("Out of range: {value}"));
    }
    Ok(value)
}

/// Waits for the bot to exit after the last turn, killing it at the deadline.
fn wait_for_exit(child: &mut Child, deadline: Instant, kill_after: Duration) -> Result<(), String> {
    let wait = deadline.saturating_duration_since(Instant::now());
    match child.wait_timeout(wait) {
        Ok(Some(_)) => Ok(()),
        Ok(None) => {
            kill(child);
            Err(format!(
                "Killed after {:.1} s: the bot had not exited after the last turn",
                kill_after.as_secs_f64()
            ))
        }
        Err(e) => {
            kill(child);
            Err(format!("cannot wait for the bot: {e}"))
        }
    }
}

fn kill(child: &mut Child) {
    // Both fail only when the process is already gone, which is the goal.
    let _ = child.kill();
    let _ = child.wait();
}

/// Scores 0 past the time limit, if one is set.
fn check_time_limit(wall: Duration, limit: Option<Duration>) -> Result<(), String> {
    match limit {
        Some(limit) if wall > limit => Err(format!(
            "Time limit exceeded: the bot ran {:.3} s, the limit is {:.3} s",
            wall.as_secs_f64(),
            limit.as_secs_f64()
        )),
        _ => Ok(()),
    }
}

/// Starts the thread that writes to the bot's stdin. Returns the channel to
/// send text on and the one the thread reports its first error on. Dropping
/// the sender makes the thread finish its queue and close the bot's stdin.
fn start_writer(mut stdin: ChildStdin) -> (Sender<String>, Receiver<String>) {
    let (text_tx, text_rx) = mpsc::channel::<String>();
    let (error_tx, error_rx) = mpsc::channel();
    thread::spawn(move || {
        for text in text_rx {
            if let Err(e) = stdin.write_all(text.as_bytes()).and_then(|_| stdin.flush()) {
                let _ = error_tx.send(format!("the bot's input was closed early ({e})"));
                return;
            }
        }
    });
    (text_tx, error_rx)
}

/// What the reader of the bot's stdout hands over.
enum Printed {
    /// A line, without its newline, invalid UTF-8 replaced.
    Line(String),
    /// The bot printed more than [`MAX_OUTPUT`] or a line longer than
    /// [`MAX_LINE`]: the error; nothing comes after it.
    TooMuch(String),
}

/// Starts the thread that reads the bot's stdout line by line. It reads to
/// end of file even when nobody listens any more (or the bot printed too
/// much), so that the bot never blocks on a full pipe; it keeps at most
/// [`MAX_OUTPUT`] bytes.
fn start_line_reader(stdout: impl Read + Send + 'static) -> Receiver<Printed> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut buf = Vec::new();
        let mut total = 0;
        loop {
            buf.clear();
            let limit = (MAX_LINE + 1) as u64;
            match reader.by_ref().take(limit).read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => return,
                Ok(n) => total += n,
            }
            let too_much = if !buf.ends_with(b"\n") && buf.len() > MAX_LINE {
                Some(format!(
                    "Too much output: a line longer than {} bytes",
                    MAX_LINE
                ))
            } else if total > MAX_OUTPUT {
                Some(format!("Too much output: more than {MAX_OUTPUT} bytes"))
            } else {
                None
            };
            if let Some(error) = too_much {
                let _ = tx.send(Printed::TooMuch(error));
                let _ = std::io::copy(&mut reader, &mut std::io::sink());
                return;
            }
            if buf.ends_with(b"\n") {
                buf.pop();
            }
            let _ = tx.send(Printed::Line(String::from_utf8_lossy(&buf).into_owned()));
        }
    });
    rx
}

/// Collects a stream to its end on a thread, keeping its first
/// [`MAX_STDERR`] bytes; the text arrives on the channel.
fn collect_text(stream: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut stream = stream;
        let mut bytes = Vec::new();
        let _ = stream
            .by_ref()
            .take(MAX_STDERR as u64)
            .read_to_end(&mut bytes);
        let _ = std::io::copy(&mut stream, &mut std::io::sink());
        let _ = tx.send(String::from_utf8_lossy(&bytes).into_owned());
    });
    rx
}

/// The log `tester --log` writes for a bot that prints `moves` and exits:
/// the same records in the same order, the score by the same judge. A move
/// the judge refuses ends the log with its message and score 0, as the
/// tester's would; fewer moves than turns end it as a bot that stopped
/// early. `play --serve` saves a game played by hand with it.
pub fn log_of_moves(input: &ToolInput, input_name: &str, moves: &[(usize, usize)]) -> String {
    let mut log = log_header(input_name);
    let mut judge = Judge::new(input.clone());
    let send = |log: &mut String, text: String| {
        for line in text.lines() {
            log.push_str("> ");
            log.push_str(line);
            log.push('\n');
        }
    };
    send(&mut log, initial_text(&input.game));
    let mut moves = moves.iter();
    let mut error = None;
    while !judge.finished() {
        let Some(&(x, y)) = moves.next() else {
            error = Some(TERMINATED.to_string());
            break;
        };
        log.push_str(&format!("< {x} {y}\n"));
        match judge.play(x, y) {
            Ok((feedback, _)) => send(&mut log, feedback_text(&feedback, input.game.m)),
            Err(illegal) => {
                error = Some(illegal.to_string());
                break;
            }
        }
    }
    let score = if error.is_none() { judge.score() } else { 0 };
    log_footer(log, score, error.as_deref())
}

fn log_header(input_name: &str) -> String {
    format!("# AHC061 game log (format: tools/src/runner.rs)\ninput {input_name}\n")
}

fn log_footer(mut log: String, score: i64, error: Option<&str>) -> String {
    log.push_str(&format!("score {score}\n"));
    if let Some(error) = error {
        // An error message is one line; keep the log one record per line.
        log.push_str(&format!("error {}\n", error.replace('\n', " ")));
    }
    log
}

/// A game log read back (see the format above).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameLog {
    pub input_name: String,
    /// The judge's lines, in order.
    pub judge_lines: Vec<String>,
    /// The bot's lines, in order.
    pub bot_lines: Vec<String>,
    pub score: i64,
    pub error: Option<String>,
}

impl GameLog {
    /// Parses a log, rejecting any line it does not know.
    pub fn parse(text: &str) -> Result<GameLog, String> {
        let mut log = GameLog::default();
        for (k, line) in text.lines().enumerate() {
            let bad = || format!("log line {}: not a log record: {line:?}", k + 1);
            if line.starts_with('#') {
                continue;
            } else if let Some(rest) = line.strip_prefix("> ") {
                log.judge_lines.push(rest.to_string());
            } else if let Some(rest) = line.strip_prefix("< ") {
                log.bot_lines.push(rest.to_string());
            } else if let Some(rest) = line.strip_prefix("input ") {
                log.input_name = rest.to_string();
            } else if let Some(rest) = line.strip_prefix("score ") {
                log.score = rest.parse().map_err(|_| bad())?;
            } else if let Some(rest) = line.strip_prefix("error ") {
                log.error = Some(rest.to_string());
            } else {
                return Err(bad());
            }
        }
        Ok(log)
    }

    /// The moves in the bot's lines (comments and empty lines skipped).
    pub fn moves(&self) -> Result<Vec<(usize, usize)>, String> {
        self.bot_lines
            .iter()
            .map(|line| line.trim())
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(parse_move)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_moves_with_the_official_messages() {
        assert_eq!(parse_move("3 4"), Ok((3, 4)));
        assert_eq!(parse_move("0  9"), Ok((0, 9)));
        assert_eq!(parse_move("a 4"), Err("Parse error: a".into()));
        assert_eq!(parse_move("-1 4"), Err("Parse error: -1".into()));
        assert_eq!(parse_move("3 10"), Err("Out of range: 10".into()));
        assert_eq!(parse_move("3"), Err("Unexpected EOF".into()));
        assert_eq!(
            parse_move("3 4 5"),
            Err("Too many tokens in line: 3 4 5".into())
        );
    }

    #[test]
    fn time_limit_only_when_set_and_exceeded() {
        let second = Duration::from_secs(1);
        assert!(check_time_limit(2 * second, None).is_ok());
        assert!(check_time_limit(second, Some(2 * second)).is_ok());
        let err = check_time_limit(3 * second, Some(2 * second)).unwrap_err();
        assert!(err.starts_with("Time limit exceeded"), "{err}");
    }

    #[test]
    fn time_limit_raises_the_kill_deadline() {
        let options = RunOptions::default().with_time_limit(Duration::from_secs(30));
        assert_eq!(options.kill_after, Duration::from_secs(31));
        let options = RunOptions::default().with_time_limit(Duration::from_secs(2));
        assert_eq!(options.kill_after, DEFAULT_KILL_AFTER);
    }

    #[test]
    fn log_round_trips() {
        let mut log = log_header("in/0000.txt");
        log.push_str("> 10 2 100 1\n< # thinking\n< \n< 3 4\n");
        let text = log_footer(log, 0, Some("Out of range: 10"));
        let parsed = GameLog::parse(&text).unwrap();
        assert_eq!(parsed.input_name, "in/0000.txt");
        assert_eq!(parsed.judge_lines, ["10 2 100 1"]);
        assert_eq!(parsed.bot_lines, ["# thinking", "", "3 4"]);
        assert_eq!(parsed.moves(), Ok(vec![(3, 4)]));
        assert_eq!(parsed.score, 0);
        assert_eq!(parsed.error.as_deref(), Some("Out of range: 10"));
        assert!(GameLog::parse("what is this\n").is_err());
    }
}
