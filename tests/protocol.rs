//! Bad judge input: each case gets one clear line naming what and where,
//! and the bot binary exits non-zero without panicking or hanging.

use std::io::Write;
use std::process::{Command, Stdio};

use ahc061::agent::{self, Greedy};

const VALUES: &str = "1000 1000 1000 1000 1000 1000 1000 1000 1000 1000\n";

/// A valid initial input for M = 2, U = 3, starts (0,0) and (9,9).
fn initial() -> String {
    format!("10 2 100 3\n{}0 0\n9 9\n", VALUES.repeat(10))
}

/// A valid first-turn answer where both players stay home.
fn first_feedback() -> String {
    let mut owners = vec![vec!["-1"; 10]; 10];
    let mut levels = vec![vec!["0"; 10]; 10];
    owners[0][0] = "0";
    owners[9][9] = "1";
    levels[0][0] = "2";
    levels[9][9] = "2";
    let grid = |g: Vec<Vec<&str>>| g.iter().map(|r| r.join(" ") + "\n").collect::<String>();
    format!("0 0\n9 9\n0 0\n9 9\n{}{}", grid(owners), grid(levels))
}

/// The error the library reports for this judge input.
fn error_for(input: &str) -> String {
    let mut sink = Vec::new();
    match agent::play(input.as_bytes(), &mut sink, Vec::new(), |_| {
        Box::new(Greedy)
    }) {
        Ok(_) => panic!("input accepted: {input:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_short_line_is_named_with_the_missing_field() {
    assert_eq!(
        error_for("10 2 100\n"),
        "initial input, line 1 (N M T U): expected 4 numbers, found 3 (missing U)"
    );
}

#[test]
fn a_non_number_is_quoted_with_its_field() {
    let input = initial().replacen("1000", "1o00", 1);
    assert_eq!(
        error_for(&input),
        "initial input, line 2 (V row 0), field column 0: not an integer: \"1o00\""
    );
}

#[test]
fn a_value_out_of_range_is_named_with_its_range() {
    assert_eq!(
        error_for("10 9 100 3\n"),
        "initial input, line 1 (N M T U), field M: 9 is out of range 2..=8"
    );
    assert_eq!(
        error_for("12 2 100 3\n"),
        "initial input, line 1 (N M T U), field N: 12 is out of range 10..=10"
    );
}

#[test]
fn fewer_lines_than_promised_is_an_unexpected_end() {
    let input = format!("10 2 100 3\n{}", VALUES.repeat(4));
    assert_eq!(
        error_for(&input),
        "initial input, line 6 (V row 4): unexpected end of input"
    );
}

#[test]
fn the_judge_closing_the_pipe_early_names_the_turn() {
    assert_eq!(
        error_for(&initial()),
        "turn 1 feedback, line 14 (destination of player 0): unexpected end of input"
    );
    let cut: String = first_feedback()
        .lines()
        .take(9)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        error_for(&(initial() + &cut)),
        "turn 1 feedback, line 23 (owner row 5): unexpected end of input"
    );
}

#[test]
fn extra_tokens_on_a_line_are_an_error() {
    let input = initial().replacen("0 0\n", "0 0 7\n", 1);
    assert_eq!(
        error_for(&input),
        "initial input, line 12 (start of player 0): more than 2 numbers (extra \"7\")"
    );
}

#[test]
fn two_players_on_one_start_cell_is_an_error() {
    let input = initial().replace("9 9\n", "0 0\n");
    assert_eq!(
        error_for(&input),
        "initial input, line 13: player 1 starts on (0, 0), which another player already holds"
    );
}

#[test]
fn a_position_the_rules_cannot_produce_is_an_error() {
    let feedback = first_feedback().replacen("0 0\n9 9\n0 0\n9 9\n", "0 0\n9 9\n0 0\n9 8\n", 1);
    assert_eq!(
        error_for(&(initial() + &feedback)),
        "turn 1 feedback (ending at line 37): player 1's piece stands on (9, 8), owned by -1"
    );
}

#[test]
fn a_valid_turn_is_accepted_before_the_input_ends() {
    // One whole valid turn, then the pipe closes: the error names turn 2.
    let error = error_for(&(initial() + &first_feedback()));
    assert!(error.starts_with("turn 2 feedback, line 38"), "{error}");
}

/// Runs the real binary on `input`; returns (exit code, stdout, stderr).
fn run_bot(input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ahc061"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bot binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap_or(-1),
        text(out.stdout),
        text(out.stderr),
    )
}

#[test]
fn the_binary_reports_bad_input_in_one_line_and_exits_non_zero() {
    let (code, stdout, stderr) = run_bot("10 2 100 3\n1 2 3\n");
    assert_eq!(code, 1);
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        "error: initial input, line 2 (V row 0): expected 10 numbers, found 3 (missing column 3)\n"
    );
}

#[test]
fn the_binary_exits_cleanly_when_the_judge_goes_away_mid_game() {
    let (code, stdout, stderr) = run_bot(&(initial() + &first_feedback()));
    assert_eq!(code, 1);
    assert_eq!(
        stdout.lines().count(),
        2,
        "one move per turn, then the error"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!stderr.contains("panicked"));
}
