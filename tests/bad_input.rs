//! The bot under bad input: a corpus of malformed judge streams built from a
//! real recorded game (tests/data/transcripts/0000.judge, M = 4, U = 3).
//! Every line of the initial input and of the first two turns' feedback is
//! cut off, at its start and in its middle; then targeted corruptions, each
//! with its exact message. All go through the library's game loop (the
//! reader, the mirror, a policy); a representative set also through the real
//! binary, which must exit with code 1 after exactly one stderr line
//! `error: …` naming what and where, never panic, and print only complete
//! moves. A judge that stops reading the bot's moves must not make it panic
//! either.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{PoisonError, RwLock};
use std::time::{Duration, Instant};

use ahc061::agent::{self, Greedy};

fn recorded() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/transcripts/0000.judge");
    std::fs::read_to_string(path).unwrap()
}

const M: usize = 4;
/// Lines of the initial input and of one turn's feedback.
const INITIAL_LINES: usize = 11 + M;
const TURN_LINES: usize = 2 * M + 20;

/// The first `n` lines of the stream, each with its newline.
fn lines(stream: &str, n: usize) -> String {
    stream.lines().take(n).map(|l| format!("{l}\n")).collect()
}

/// Section and name of (1-based) line `k` of the judge's stream, as the
/// bot's errors name them.
fn place(k: usize) -> (String, String) {
    if k <= INITIAL_LINES {
        let name = match k {
            1 => "N M T U".to_string(),
            2..=11 => format!("V row {}", k - 2),
            _ => format!("start of player {}", k - 12),
        };
        return ("initial input".into(), name);
    }
    let turn = (k - INITIAL_LINES - 1) / TURN_LINES + 1;
    let i = (k - INITIAL_LINES - 1) % TURN_LINES;
    let name = match i {
        _ if i < M => format!("destination of player {i}"),
        _ if i < 2 * M => format!("position of player {}", i - M),
        _ if i < 2 * M + 10 => format!("owner row {}", i - 2 * M),
        _ => format!("level row {}", i - 2 * M - 10),
    };
    (format!("turn {turn} feedback"), name)
}

/// The error the library's game loop reports for this judge stream, and the
/// moves it sent before it.
fn error_for(input: &[u8]) -> (String, usize) {
    let mut moves = Vec::new();
    let mut log = Vec::new();
    match agent::play(input, &mut moves, &mut log, |_| Box::new(Greedy)) {
        Ok(_) => panic!("input accepted: {:?}", String::from_utf8_lossy(input)),
        Err(e) => {
            let text = e.to_string();
            assert!(!text.contains('\n'), "{text}");
            let moves = String::from_utf8(moves).unwrap();
            (text, moves.lines().count())
        }
    }
}

/// The corpus of truncations: (input, expected message, or its start when
/// the message depends on where a line was cut).
fn truncations() -> Vec<(String, String)> {
    let stream = recorded();
    let total = INITIAL_LINES + 2 * TURN_LINES;
    let mut corpus = Vec::new();
    for k in 0..total {
        // Cut before line k + 1: it is missing.
        let (section, name) = place(k + 1);
        corpus.push((
            lines(&stream, k),
            format!(
                "{section}, line {} ({name}): unexpected end of input",
                k + 1
            ),
        ));
        // Cut in the middle of line k + 1 (after its first token and before
        // its last): it is short.
        let line = stream.lines().nth(k).unwrap();
        let cut = line.find(' ').unwrap() + 1;
        corpus.push((
            lines(&stream, k) + &line[..cut],
            format!("{section}, line {} ({name}): expected ", k + 1),
        ));
    }
    corpus
}

#[test]
fn every_truncation_of_the_first_turns_names_the_missing_line() {
    for (input, expected) in truncations() {
        let (error, moves) = error_for(input.as_bytes());
        assert!(
            error.starts_with(&expected),
            "{error:?} should start with {expected:?}"
        );
        // One move per turn whose feedback began.
        let turn = error
            .strip_prefix("turn ")
            .map_or(0, |rest| rest.split(' ').next().unwrap().parse().unwrap());
        assert_eq!(moves, turn, "{error}");
    }
}

/// The recorded stream with line `k` (1-based) replaced by `with`.
fn replace_line(k: usize, with: &str) -> String {
    let stream = recorded();
    let mut out: Vec<String> = stream.lines().map(str::to_string).collect();
    out[k - 1] = with.to_string();
    out.truncate(INITIAL_LINES + 2 * TURN_LINES);
    out.iter().map(|l| format!("{l}\n")).collect()
}

/// Line `k` of the recorded stream.
fn line(k: usize) -> String {
    recorded().lines().nth(k - 1).unwrap().to_string()
}

/// Targeted corruptions and their exact messages.
fn corruptions() -> Vec<(&'static str, String, String)> {
    let t1 = INITIAL_LINES; // the line before turn 1's feedback
    let owner0 = t1 + 2 * M + 1; // turn 1, owner row 0
    let level0 = owner0 + 10;
    vec![
        (
            "non-number",
            replace_line(2, &line(2).replacen("1237", "12a7", 1)),
            "initial input, line 2 (V row 0), field column 0: not an integer: \"12a7\"".into(),
        ),
        (
            "non-number in feedback",
            replace_line(owner0 + 3, &line(owner0 + 3).replacen("-1", "?", 1)),
            format!(
                "turn 1 feedback, line {} (owner row 3), field column 0: not an integer: \"?\"",
                owner0 + 3
            ),
        ),
        (
            "a number too large for any integer",
            replace_line(1, "10 4 99999999999999999999 3"),
            "initial input, line 1 (N M T U), field T: not an integer: \"99999999999999999999\""
                .into(),
        ),
        (
            "M out of range",
            replace_line(1, "10 9 100 3"),
            "initial input, line 1 (N M T U), field M: 9 is out of range 2..=8".into(),
        ),
        (
            "U out of range",
            replace_line(1, "10 4 100 0"),
            "initial input, line 1 (N M T U), field U: 0 is out of range 1..=5".into(),
        ),
        (
            "value out of range",
            replace_line(3, &line(3).replacen("914", "0", 1)),
            "initial input, line 3 (V row 1), field column 0: 0 is out of range 1..=100000".into(),
        ),
        (
            "start off the board",
            replace_line(12, "6 10"),
            "initial input, line 12 (start of player 0), field y: 10 is out of range 0..=9".into(),
        ),
        (
            "destination off the board",
            replace_line(t1 + 2, "-1 3"),
            format!(
                "turn 1 feedback, line {} (destination of player 1), field x: -1 is out of range 0..=9",
                t1 + 2
            ),
        ),
        (
            "owner not a player",
            replace_line(owner0, &line(owner0).replacen("-1", "4", 1)),
            format!(
                "turn 1 feedback, line {owner0} (owner row 0), field column 0: 4 is out of range -1..=3"
            ),
        ),
        (
            "level above U",
            replace_line(level0 + 9, &line(level0 + 9).replacen("0", "4", 1)),
            format!(
                "turn 1 feedback, line {} (level row 9), field column 0: 4 is out of range 0..=3",
                level0 + 9
            ),
        ),
        (
            "a row missing",
            // V row 9 dropped: the start of player 0 is read as a row.
            {
                let stream = recorded();
                let mut out: Vec<&str> = stream.lines().take(INITIAL_LINES + TURN_LINES).collect();
                out.remove(10);
                out.iter().map(|l| format!("{l}\n")).collect()
            },
            "initial input, line 11 (V row 9): expected 10 numbers, found 2 (missing column 2)"
                .into(),
        ),
        (
            "a row too many",
            // An extra owner row: the last owner row is read as level row 0.
            {
                let stream = recorded();
                let mut out: Vec<&str> = stream
                    .lines()
                    .take(INITIAL_LINES + 2 * TURN_LINES)
                    .collect();
                out.insert(owner0, out[owner0 - 1]);
                out.iter().map(|l| format!("{l}\n")).collect()
            },
            format!(
                "turn 1 feedback, line {level0} (level row 0), field column 0: -1 is out of range 0..=3"
            ),
        ),
        (
            "an empty line",
            replace_line(owner0 + 5, ""),
            format!(
                "turn 1 feedback, line {} (owner row 5): expected 10 numbers, found 0 (missing column 0)",
                owner0 + 5
            ),
        ),
        (
            "extra token",
            replace_line(12, "6 1 0"),
            "initial input, line 12 (start of player 0): more than 2 numbers (extra \"0\")".into(),
        ),
        (
            "extra token in a row",
            replace_line(level0, &(line(level0) + " 0")),
            format!(
                "turn 1 feedback, line {level0} (level row 0): more than 10 numbers (extra \"0\")"
            ),
        ),
        (
            "owner grid contradicting the pieces",
            // Player 1 ends turn 1 on (3, 3): give that cell to player 2.
            {
                assert_eq!(line(t1 + M + 2), "3 3");
                let row = line(owner0 + 3);
                let mut cells: Vec<&str> = row.split(' ').collect();
                assert_eq!(cells[3], "1");
                cells[3] = "2";
                replace_line(owner0 + 3, &cells.join(" "))
            },
            format!(
                "turn 1 feedback (ending at line {}): player 1's piece stands on (3, 3), owned by 2",
                t1 + TURN_LINES
            ),
        ),
        (
            "an owned cell at level 0",
            {
                let row = line(level0 + 3);
                let mut cells: Vec<&str> = row.split(' ').collect();
                assert_eq!(cells[3], "2");
                cells[3] = "0";
                replace_line(level0 + 3, &cells.join(" "))
            },
            format!(
                "turn 1 feedback (ending at line {}): cell (3, 3) has owner 1 but level 0",
                t1 + TURN_LINES
            ),
        ),
        (
            "a character that is not a digit",
            replace_line(t1 + TURN_LINES + 1, "\u{FFFF}"),
            format!(
                "turn 2 feedback, line {} (destination of player 0), field x: not an integer: \"\\u{{ffff}}\"",
                t1 + TURN_LINES + 1
            ),
        ),
    ]
}

#[test]
fn each_corruption_gets_its_message() {
    for (what, input, expected) in corruptions() {
        let (error, _) = error_for(input.as_bytes());
        assert_eq!(error, expected, "{what}");
    }
}

#[test]
fn bytes_that_are_not_text_are_named() {
    let mut input = lines(&recorded(), INITIAL_LINES).into_bytes();
    input.extend_from_slice(b"6 \xff\n");
    let (error, moves) = error_for(&input);
    assert_eq!(
        error,
        "turn 1 feedback, line 16 (destination of player 0): cannot read: stream did not contain valid UTF-8"
    );
    assert_eq!(moves, 1);
}

#[test]
fn the_whole_recorded_game_is_accepted_with_crlf_too() {
    for stream in [recorded(), recorded().replace('\n', "\r\n")] {
        let mut moves = Vec::new();
        let summary = agent::play(stream.as_bytes(), &mut moves, Vec::new(), |_| {
            Box::new(Greedy)
        })
        .unwrap();
        assert_eq!(summary.turns, 100);
    }
}

// ---- the real binary ----

/// Shared while a test of this binary starts a process, exclusive while a
/// test holds a pipe end that it is about to close. A process forked from
/// another test's thread carries a copy of every open pipe end until its
/// `exec` (they are close-on-exec); a copy of the read end of the bot's
/// stdout would let its first writes succeed. `Command::spawn` returns only
/// after the child's `exec`, so no copy outlives the lock. Every process this
/// binary starts goes through [`spawn_bot`].
static SPAWNING: RwLock<()> = RwLock::new(());

/// Starts the bot binary, quick and deterministic, with `stdout` as its
/// stdout and piped stdin and stderr.
fn spawn_bot(stdout: Stdio) -> Child {
    let _spawning = SPAWNING.read().unwrap_or_else(PoisonError::into_inner);
    Command::new(env!("CARGO_BIN_EXE_ahc061"))
        .args(["--seed", "1", "--fixed-work", "5"])
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs the bot binary on `input` (its stdin closed after it), within 10 s.
fn run_bot(input: &[u8]) -> Run {
    let mut child = spawn_bot(Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // The bot may stop reading early: a failed write is fine.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let start = Instant::now();
    let out = loop {
        if child.try_wait().unwrap().is_some() {
            break child.wait_with_output().unwrap();
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("the bot hung");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    writer.join().unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// Only whole `x y` lines with 0 <= x, y < 10.
fn only_complete_moves(stdout: &str) -> bool {
    stdout.is_empty()
        || stdout.ends_with('\n')
            && stdout.lines().all(|l| {
                let t: Vec<&str> = l.split(' ').collect();
                t.len() == 2 && t.iter().all(|n| n.parse::<u8>().is_ok_and(|v| v < 10))
            })
}

#[test]
fn the_binary_reports_each_bad_input_in_one_line_and_exits_1() {
    let stream = recorded();
    let t1 = INITIAL_LINES;
    let mut cases: Vec<Vec<u8>> = vec![
        Vec::new(),                     // nothing at all
        lines(&stream, 1).into_bytes(), // cut in the initial input
        lines(&stream, 7).into_bytes(),
        (lines(&stream, 12) + "6").into_bytes(), // cut mid-line
        lines(&stream, t1).into_bytes(),         // closed before turn 1
        lines(&stream, t1 + 9).into_bytes(),     // closed in turn 1
        lines(&stream, t1 + TURN_LINES).into_bytes(), // closed after turn 1
        lines(&stream, t1 + TURN_LINES + 2 * M + 15).into_bytes(),
    ];
    let corrupted = corruptions();
    for (what, input, _) in &corrupted {
        if [
            "non-number",
            "non-number in feedback",
            "owner grid contradicting the pieces",
            "a row too many",
            "level above U",
        ]
        .contains(what)
        {
            cases.push(input.clone().into_bytes());
        }
    }
    assert_eq!(cases.len(), 13);
    let runs: Vec<Run> = std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .iter()
            .map(|input| s.spawn(|| run_bot(input)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (input, run) in cases.iter().zip(runs) {
        let (expected, moves) = error_for(input);
        let context = format!("{expected}\nstderr: {}", run.stderr);
        assert_eq!(run.code, Some(1), "{context}");
        assert_eq!(run.stderr, format!("error: {expected}\n"), "{context}");
        assert!(!run.stderr.contains("panicked"), "{context}");
        assert!(
            only_complete_moves(&run.stdout),
            "{context}\nstdout: {}",
            run.stdout
        );
        assert_eq!(run.stdout.lines().count(), moves, "{context}");
    }
}

#[test]
fn the_binary_survives_a_judge_that_stops_reading() {
    // The judge's whole stream is there, but nobody reads the moves: a move
    // fails with a broken pipe (Rust ignores SIGPIPE), which the bot reports
    // in one line naming the turn before exiting with 1. The read end is
    // closed before the bot starts, and no other process has a copy of it
    // (see SPAWNING), so here that is the first move; but which turn the
    // system reports it on is not the bot's concern.
    let no_reader = {
        let _alone = SPAWNING.write().unwrap_or_else(PoisonError::into_inner);
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        writer
    };
    let mut child = spawn_bot(no_reader.into());
    let mut stdin = child.stdin.take().unwrap();
    // The bot stops reading when it fails: so may this write.
    let _ = stdin.write_all(recorded().as_bytes());
    drop(stdin);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let turn = stderr
        .strip_prefix("error: turn ")
        .and_then(|rest| rest.split_once(": cannot send the move: Broken pipe"))
        .and_then(|(turn, _)| turn.parse::<usize>().ok());
    assert!(turn.is_some_and(|t| (1..=100).contains(&t)), "{stderr}");
}
