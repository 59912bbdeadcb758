//! The runner and the `tester` command: games of the real bot agree with the
//! in-process judge, each official error message comes out of a tiny bot
//! that makes that error, and nothing hangs.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use ahc061::judge::{Judge, ToolInput};
use ahc061_tools::runner::{GameLog, GameResult, RunOptions, run_game};

mod common;
use common::{bot, data};

fn input(case: &str) -> ToolInput {
    let text = std::fs::read_to_string(data(&format!("in/{case}.txt"))).unwrap();
    ToolInput::parse(&text).unwrap()
}

/// The real bot, deterministic and quick: a fixed, small amount of thinking
/// per turn instead of its clock.
fn bot_command() -> Vec<String> {
    vec![
        bot().display().to_string(),
        "--fixed-work".into(),
        "10".into(),
    ]
}

/// `sh tests/data/bots/NAME.sh` (through sh: an executable bit can get lost).
fn script(name: &str) -> Vec<String> {
    vec![
        "sh".into(),
        data(&format!("bots/{name}.sh")).display().to_string(),
    ]
}

fn quick() -> RunOptions {
    RunOptions {
        kill_after: Duration::from_secs(5),
        capture_stderr: true,
        ..RunOptions::default()
    }
}

fn run(command: &[String], case: &str, options: &RunOptions) -> GameResult {
    run_game(command, &input(case), case, options).unwrap()
}

/// Replays the bot's printed moves on the in-process judge: the final score.
fn judge_score(case: &str, lines: &[String]) -> i64 {
    let mut judge = Judge::new(input(case));
    for line in lines {
        let (x, y) = ahc061_tools::runner::parse_move(line.trim()).unwrap();
        judge.play(x, y).unwrap();
    }
    assert!(judge.finished());
    judge.score()
}

#[test]
fn real_bot_scores_as_the_in_process_judge() {
    for case in ["0000", "0005"] {
        let result = run(&bot_command(), case, &quick());
        assert_eq!(result.error, None, "case {case}");
        assert_eq!(result.turns, 100);
        assert_eq!(result.lines.len(), 100);
        assert!(result.score > 0);
        assert_eq!(
            result.score,
            judge_score(case, &result.lines),
            "case {case}"
        );
        assert!(result.wall > Duration::ZERO);
        assert_eq!(result.input_closed, None, "the bot reads every answer");
    }
}

/// The recorded games' moves, printed by `cat` (a bot that never reads),
/// make the runner send exactly the recorded judge stream and score the
/// recorded score.
#[test]
fn runner_reproduces_recorded_games() {
    let index = std::fs::read_to_string(data("transcripts/INDEX.tsv")).unwrap();
    // Every one of the 60 recorded games.
    for line in index.lines().skip(1) {
        let case = line.split('\t').next().unwrap();
        let score: i64 = line.rsplit('\t').next().unwrap().parse().unwrap();
        let moves = data(&format!("transcripts/{case}.moves"));
        let command = vec!["cat".to_string(), moves.display().to_string()];
        let options = RunOptions {
            record_log: true,
            ..quick()
        };
        let result = run(&command, case, &options);
        assert_eq!(result.error, None, "case {case}");
        assert_eq!(result.score, score, "case {case}");
        let log = GameLog::parse(&result.log.unwrap()).unwrap();
        let sent: String = log.judge_lines.iter().map(|l| format!("{l}\n")).collect();
        let recorded = std::fs::read_to_string(data(&format!("transcripts/{case}.judge"))).unwrap();
        assert!(sent == recorded, "case {case}: the judge stream differs");
    }
}

#[test]
fn each_official_error_message() {
    // The start of player 0 in case 0000 is (6, 1).
    let expected = [
        ("garbage", "Parse error: hello"),
        ("too_many_tokens", "Too many tokens in line: 0 0 0"),
        ("out_of_range", "Out of range: 10"),
        ("one_token", "Unexpected EOF"),
        (
            "illegal_move",
            "Player 0 attempted invalid move from (6, 1) to (1, 1).",
        ),
        ("silent_exit", "Your program has terminated unexpectedly"),
    ];
    for (name, message) in expected {
        let result = run(&script(name), "0000", &quick());
        assert_eq!(result.error.as_deref(), Some(message), "bot {name}");
        assert_eq!(result.score, 0, "bot {name}");
        assert_eq!(result.turns, 0, "bot {name}");
    }
}

#[test]
fn a_silent_bot_is_killed_at_the_deadline() {
    let options = RunOptions {
        kill_after: Duration::from_millis(300),
        ..quick()
    };
    let clock = Instant::now();
    let result = run(&script("never_answers"), "0000", &options);
    assert!(clock.elapsed() < Duration::from_secs(3), "the runner hung");
    let error = result.error.unwrap();
    assert!(error.starts_with("Killed after 0.3 s"), "{error}");
    assert_eq!(result.score, 0);
}

#[test]
fn a_bot_that_does_not_exit_is_killed_after_the_game() {
    let options = RunOptions {
        kill_after: Duration::from_millis(500),
        ..quick()
    };
    let result = run(&script("lingers"), "0000", &options);
    assert_eq!(result.turns, 100);
    let error = result.error.unwrap();
    assert!(
        error.contains("had not exited after the last turn"),
        "{error}"
    );
    assert_eq!(result.score, 0);
}

#[test]
fn a_bot_that_stops_reading_still_plays() {
    let result = run(&script("stay_deaf"), "0000", &quick());
    assert_eq!(result.error, None);
    assert_eq!(result.turns, 100);
    // The comment and the empty line are skipped, but kept in the output.
    assert_eq!(result.lines.len(), 102);
    assert_eq!(result.lines[..3], ["# staying on 6 1", "", "6 1"]);
    assert_eq!(result.score, judge_score("0000", &result.lines[2..]));
    assert!(result.score > 0);
}

#[test]
fn time_limit_scores_zero_only_when_exceeded() {
    let slow = script("slow");
    let relaxed = run(&slow, "0000", &quick());
    assert_eq!(relaxed.error, None);
    assert!(relaxed.score > 0);

    let strict = quick().with_time_limit(Duration::from_millis(200));
    let result = run(&slow, "0000", &strict);
    let error = result.error.unwrap();
    assert!(error.starts_with("Time limit exceeded"), "{error}");
    assert_eq!(result.score, 0);
}

#[test]
fn a_command_that_cannot_start_is_an_error() {
    let command = vec!["/nonexistent/bot".to_string()];
    assert!(run_game(&command, &input("0000"), "0000", &quick()).is_err());
    assert!(run_game(&[], &input("0000"), "0000", &quick()).is_err());
}

// ---- the tester command ----

fn tester(args: &[&str], stdin_file: Option<&Path>) -> Output {
    let stdin = match stdin_file {
        Some(path) => Stdio::from(std::fs::File::open(path).unwrap()),
        None => Stdio::null(),
    };
    Command::new(env!("CARGO_BIN_EXE_tester"))
        .args(args)
        .stdin(stdin)
        .output()
        .unwrap()
}

#[test]
fn tester_prints_moves_on_stdout_and_score_on_stderr() {
    let bot = bot().display().to_string();
    let out = tester(&[&bot, "--fixed-work", "10"], Some(&data("in/0001.txt")));
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<String> = stdout.lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 100);
    let stderr = String::from_utf8(out.stderr).unwrap();
    let score = judge_score("0001", &lines);
    let report: Vec<&str> = stderr.lines().collect();
    assert_eq!(report.len(), 2, "{stderr}");
    assert_eq!(report[0], format!("Score = {score}"));
    assert!(
        report[1].starts_with("Time = ") && report[1].ends_with(" s"),
        "{stderr}"
    );
}

#[test]
fn tester_reports_the_error_then_a_zero_score_and_exits_0() {
    let [sh, script] = &script("out_of_range")[..] else {
        unreachable!()
    };
    let out = tester(&[sh, script], Some(&data("in/0000.txt")));
    assert!(out.status.success(), "the official tester exits 0 here");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "10 0\n");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("Out of range: 10\nScore = 0\nTime = "),
        "{stderr}"
    );
}

#[test]
fn tester_passes_options_after_the_command_to_the_bot() {
    let bot = bot().display().to_string();
    let input = data("in/0002.txt").display().to_string();
    let out = tester(
        &[
            "--time-limit",
            "5",
            "--input",
            &input,
            &bot,
            "--seed",
            "7",
            "--fixed-work",
            "10",
        ],
        None,
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("Score = "), "{stderr}");
}

#[test]
fn tester_rejects_a_bad_invocation() {
    let no_command = tester(&[], Some(&data("in/0000.txt")));
    assert!(!no_command.status.success());

    let unreadable = tester(&["--input", "/nonexistent/in.txt", "true"], None);
    assert!(!unreadable.status.success());
    let stderr = String::from_utf8(unreadable.stderr).unwrap();
    assert!(stderr.contains("cannot read the input"), "{stderr}");

    let malformed = tester(&["true"], Some(&data("bots/garbage.sh")));
    assert!(!malformed.status.success());
    let stderr = String::from_utf8(malformed.stderr).unwrap();
    assert!(stderr.contains("malformed input"), "{stderr}");

    let missing_bot = tester(&["/nonexistent/bot"], Some(&data("in/0000.txt")));
    assert!(!missing_bot.status.success());
}
