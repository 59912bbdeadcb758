//! The runner and the `tester` command: games of the real bot agree with the
//! in-process judge, each official error message comes out of a tiny bot
//! that makes that error, and nothing hangs.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use ahc061_sim::judge::{Judge, ToolInput};
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

/// How long a run may take before a test calls it hung: generous, since it
/// is there to catch a hang, not to time the runner (a loaded machine can
/// be many times slower than a quiet one: 20 s was once too short), and
/// still below the 300 s the scripts that never answer sleep
/// (tests/data/bots), so that a runner that waited for the bot to end
/// instead of killing it fails.
const HUNG: Duration = Duration::from_secs(120);

/// Options for a bot that is expected to finish: its kill deadline so far
/// off that no load comes near it (at 5 s the real bot's game was killed
/// on a loaded machine); the tests of the deadline set their own.
fn quick() -> RunOptions {
    RunOptions {
        kill_after: Duration::from_secs(60),
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
    assert!(clock.elapsed() < HUNG, "the runner hung");
    let error = result.error.unwrap();
    assert!(error.starts_with("Killed after 0.3 s"), "{error}");
    assert_eq!(result.score, 0);
}

#[test]
fn a_bot_that_does_not_exit_is_killed_after_the_game() {
    // The deadline counts from the start: the whole game must fit in it,
    // on a loaded machine too.
    let options = RunOptions {
        kill_after: Duration::from_secs(3),
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
    // The real bot's games through the command get the kill deadline of
    // quick(), for the same reason: at the default 10 s a loaded machine
    // once killed them.
    let out = tester(
        &["--kill-after", "60", &bot, "--fixed-work", "10"],
        Some(&data("in/0001.txt")),
    );
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

/// Mutations this catches: `run_game(&args.command[..1], …)` in
/// tools/src/bin/tester.rs (the bot's arguments dropped: the game at fixed
/// work no longer repeats), and `--seed` with its value alone dropped ("--seed
/// did not reach the bot").
#[test]
fn tester_passes_options_after_the_command_to_the_bot() {
    let bot = bot().display().to_string();
    let input = data("in/0002.txt").display().to_string();
    // The move list of a game with the bot's options `seed` and `work`.
    let game = |seed: &str, work: &str| {
        let out = tester(
            &[
                // A limit (and so a kill deadline) no loaded machine comes near.
                "--time-limit",
                "30",
                "--kill-after",
                "60",
                "--input",
                &input,
                &bot,
                "--seed",
                seed,
                "--fixed-work",
                work,
            ],
            None,
        );
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.starts_with("Score = "), "{stderr}");
        String::from_utf8(out.stdout).unwrap()
    };
    let moves = game("7", "10");
    // At fixed work the game repeats, which it does only if --fixed-work
    // reached the bot; another seed, or other work, plays another game.
    assert_eq!(moves, game("7", "10"));
    assert_ne!(moves, game("8", "10"), "--seed did not reach the bot");
    assert_ne!(moves, game("7", "40"), "--fixed-work did not reach the bot");
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

#[test]
fn an_unknown_option_before_the_bot_is_an_error_not_the_bot() {
    // `--timelimit` for `--time-limit`: before, the tester ran "--timelimit"
    // as the bot's command ("cannot start").
    let bot = bot().display().to_string();
    let out = tester(&["--timelimit", "2", &bot], Some(&data("in/0000.txt")));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("unexpected argument '--timelimit' found"),
        "{stderr}"
    );
    assert!(stderr.contains("--time-limit"), "{stderr}");
    assert!(!stderr.contains("Score ="), "{stderr}");
}

// ---- bad bots in the middle of a game, and bots that print too much ----

fn script_with(name: &str, arg: &str) -> Vec<String> {
    let mut command = script(name);
    command.push(arg.into());
    command
}

#[test]
fn a_bot_that_exits_mid_game_scores_zero() {
    let result = run(&script_with("plays_ten_turns", "exit"), "0000", &quick());
    assert_eq!(
        result.error.as_deref(),
        Some("Your program has terminated unexpectedly")
    );
    assert_eq!(result.turns, 10);
    assert_eq!(result.lines.len(), 10);
    assert_eq!(result.score, 0);
}

#[test]
fn a_bot_that_hangs_mid_game_is_killed() {
    // The deadline counts from the start: the ten turns the script plays
    // must fit in it, on a loaded machine too.
    let options = RunOptions {
        kill_after: Duration::from_secs(3),
        ..quick()
    };
    let clock = Instant::now();
    let result = run(&script_with("plays_ten_turns", "hang"), "0003", &options);
    assert!(clock.elapsed() < HUNG, "the runner hung");
    let error = result.error.unwrap();
    assert!(
        error.starts_with("Killed after 3.0 s: no move for turn 11"),
        "{error}"
    );
    assert_eq!(result.turns, 10);
    assert_eq!(result.score, 0);
}

#[test]
fn a_bot_that_prints_far_too_much_is_stopped() {
    let limits = [
        ("floods", "Too much output: more than 16777216 bytes"),
        (
            "long_line",
            "Too much output: a line longer than 1048576 bytes",
        ),
    ];
    // The kill deadline far off (quick's): however slow the machine, the
    // output limit, not the deadline, must stop the bot (its message says
    // which).
    for (name, message) in limits {
        let clock = Instant::now();
        let result = run(&script(name), "0000", &quick());
        assert!(clock.elapsed() < HUNG, "{name}: too slow");
        assert_eq!(result.error.as_deref(), Some(message), "bot {name}");
        assert_eq!(result.score, 0);
        assert_eq!(result.turns, 0);
        // What was kept stays within the limit.
        let kept: usize = result.lines.iter().map(|l| l.len() + 1).sum();
        assert!(kept <= ahc061_tools::runner::MAX_OUTPUT, "{name}: {kept}");
    }
}

#[test]
fn the_tester_reports_each_bad_bot_and_never_hangs() {
    // Through the command: the message, a zero score, exit code 0.
    let cases = [
        ("garbage", "", "Parse error: hello"),
        (
            "silent_exit",
            "",
            "Your program has terminated unexpectedly",
        ),
        (
            "plays_ten_turns",
            "exit",
            "Your program has terminated unexpectedly",
        ),
        (
            "plays_ten_turns",
            "hang",
            "Killed after 3.0 s: no move for turn 11",
        ),
        (
            "never_answers",
            "",
            "Killed after 0.5 s: no move for turn 1",
        ),
        ("lingers", "", "Killed after 3.0 s: the bot had not exited"),
        ("floods", "", "Too much output"),
    ];
    let input = data("in/0000.txt");
    for (name, arg, message) in cases {
        let path = data(&format!("bots/{name}.sh")).display().to_string();
        // The kill deadline counts from the start, and a bot must do what
        // it does before it: only the bot that never answers gets a short
        // one; those that play turns before they hang or linger get 3 s
        // for them; the rest, which end by themselves, one no load comes
        // near. (The flood must reach its 16 MiB before the kill: on a
        // loaded machine 0.5 s did not always suffice, 1 run in 30 under
        // two busy loops.)
        let kill_after = match (name, arg) {
            ("never_answers", _) => "0.5",
            ("plays_ten_turns", "hang") | ("lingers", _) => "3",
            _ => "60",
        };
        let mut args = vec!["--kill-after", kill_after, "sh", &path];
        if !arg.is_empty() {
            args.push(arg);
        }
        let clock = Instant::now();
        let out = tester(&args, Some(&input));
        assert!(clock.elapsed() < HUNG, "{name}: the tester hung");
        assert!(out.status.success(), "{name}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.starts_with(message), "{name}: {stderr}");
        assert!(stderr.contains("\nScore = 0\n"), "{name}: {stderr}");
    }
}

// ---- a lying judge: the bot's mirror ----

#[test]
fn the_bot_notices_corrupted_reports_and_plays_on_legally() {
    // Case 0000 has U = 3 (levels change), 0007 has U = 1 (owners change).
    for (case, turns) in [("0000", vec![3, 40, 99]), ("0007", vec![5, 60])] {
        let options = RunOptions {
            corrupt: turns.clone(),
            ..quick()
        };
        let result = run(&bot_command(), case, &options);
        assert_eq!(result.error, None, "case {case}");
        assert_eq!(result.turns, 100);
        assert_eq!(result.corrupted.len(), turns.len());
        assert!(
            result.corrupted.iter().all(|c| !c.contains("no cell")),
            "{:?}",
            result.corrupted
        );
        // Every move legal in the true game, and the true score.
        assert_eq!(result.score, judge_score(case, &result.lines));
        assert!(result.score > 0);
        let stderr = result.stderr.unwrap();
        for turn in turns {
            // The corrupted report differs from the bot's own turn; the next
            // (true) one differs from the turn played on the corrupted state.
            assert!(
                stderr.contains(&format!("mirror: turn {turn}: ")),
                "case {case}, turn {turn}: {stderr}"
            );
        }
        assert!(stderr.contains("adopting the judge's state"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn corruption_changes_one_cell_and_keeps_the_report_consistent() {
    let mut judge = Judge::new(input("0007"));
    let start = judge.state.pos[0];
    let (x, y) = ahc061::engine::board::coords(start);
    let (mut feedback, _) = judge.play(x, y).unwrap();
    let before = feedback.clone();
    let change = ahc061_tools::runner::corrupt(&mut feedback, &judge.input.game, 1).unwrap();
    let changed: Vec<usize> = (0..100)
        .filter(|&c| feedback.owner[c] != before.owner[c] || feedback.level[c] != before.level[c])
        .collect();
    assert_eq!(changed.len(), 1, "{change}");
    // U = 1 in case 0007: an owner changed, to an AI, off the pieces.
    let c = changed[0];
    assert!(feedback.owner[c] >= 1 && feedback.owner[c] != before.owner[c]);
    assert!(!feedback.end[..judge.input.game.m].contains(&(c as u8)));
    // The bot's reader accepts it.
    let text = ahc061_sim::text::initial_text(&judge.input.game)
        + &ahc061_sim::text::feedback_text(&feedback, judge.input.game.m);
    let mut reader = ahc061::judge::protocol::Reader::new(text.as_bytes());
    let game = reader.read_initial().unwrap();
    reader.read_feedback(&game, 1).unwrap();
}

#[test]
fn the_tester_corrupts_on_request() {
    let bot = bot().display().to_string();
    let out = tester(
        &[
            "--corrupt",
            "2,50",
            "--kill-after",
            "60",
            &bot,
            "--fixed-work",
            "10",
        ],
        Some(&data("in/0001.txt")),
    );
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    // The bot's stderr passes through: its mirror's reports come first.
    assert!(stderr.contains("mirror: turn 2: "), "{stderr}");
    assert!(
        stderr.contains("\ncorrupted: turn 2: reported cell ("),
        "{stderr}"
    );
    assert!(
        stderr.contains("\ncorrupted: turn 50: reported cell ("),
        "{stderr}"
    );
    let score = common::tester_score(&stderr);
    assert!(score > 0, "{stderr}");
}
