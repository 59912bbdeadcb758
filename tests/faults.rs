//! Never die: a failure inside the planner or the belief update (forced by
//! AHC061_FAULT) costs the bot nothing but that turn's plan. The real binary
//! plays a whole game against the in-process judge; every move must be legal,
//! the score nonzero, and stderr must say, in one line per failure, what
//! failed and what the bot did instead.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use ahc061_sim::judge::{Judge, ToolInput};
use ahc061_sim::text::{feedback_text, initial_text};

fn input(case: &str) -> ToolInput {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/in/{case}.txt"));
    ToolInput::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Plays `case` with the bot binary, `AHC061_FAULT` set to `faults`.
/// Returns the score, the bot's stderr and its exit code. Panics on an
/// illegal or malformed move.
fn play(case: &str, faults: &str) -> (i64, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ahc061"))
        .args(["--seed", "1", "--fixed-work", "20"])
        .env("AHC061_FAULT", faults)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut to_bot = child.stdin.take().unwrap();
    let mut from_bot = BufReader::new(child.stdout.take().unwrap());
    let mut judge = Judge::new(input(case));
    let m = judge.input.game.m;
    to_bot
        .write_all(initial_text(&judge.input.game).as_bytes())
        .unwrap();
    while !judge.finished() {
        let mut line = String::new();
        from_bot.read_line(&mut line).unwrap();
        let (x, y) = ahc061_move(&line);
        let (feedback, _) = judge
            .play(x, y)
            .unwrap_or_else(|e| panic!("turn {}: {e}", judge.turn() + 1));
        to_bot
            .write_all(feedback_text(&feedback, m).as_bytes())
            .unwrap();
    }
    drop(to_bot);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    (judge.score(), stderr, status.code().unwrap_or(-1))
}

fn ahc061_move(line: &str) -> (usize, usize) {
    let numbers: Vec<usize> = line
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(numbers.len(), 2, "{line:?}");
    (numbers[0], numbers[1])
}

#[test]
fn a_planner_failure_falls_back_to_the_baseline_for_that_turn() {
    let (score, stderr, code) = play("0000", "planner:1,planner:37,planner:100");
    assert_eq!(code, 0, "{stderr}");
    assert!(score > 0);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    for (line, turn) in lines.iter().zip([1, 37, 100]) {
        assert!(
            line.starts_with(&format!("turn {turn}: the planner failed (fault injected")),
            "{line}"
        );
        assert!(line.ends_with("the baseline answers this turn"), "{line}");
    }
}

#[test]
fn a_belief_failure_restarts_the_belief_and_play_goes_on() {
    let (score, stderr, code) = play("0003", "belief:2,belief:50,planner:51");
    assert_eq!(code, 0, "{stderr}");
    assert!(score > 0);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    assert!(
        lines[0].starts_with("turn 2: the belief update failed (fault injected"),
        "{stderr}"
    );
    assert!(
        lines[0].ends_with("the belief starts again from the prior"),
        "{stderr}"
    );
    assert!(lines[1].starts_with("turn 50: the belief update failed"));
    assert!(lines[2].starts_with("turn 51: the planner failed"));
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn without_faults_the_bot_is_silent_and_plays_the_same_game() {
    // An unset or unrelated AHC061_FAULT changes nothing.
    let (score, stderr, code) = play("0001", "");
    assert_eq!((code, stderr.as_str()), (0, ""));
    let (again, _, _) = play("0001", "planner:0,belief:x,nonsense");
    assert_eq!(score, again);
}
