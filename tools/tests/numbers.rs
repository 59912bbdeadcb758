//! Issue 55, §1: every seconds and count option of the tools is checked when
//! the arguments are parsed: a number out of its range (NaN, infinite, too
//! large, negative, zero where it makes no sense) is a one-line usage error
//! that names the option and the range, never a panic, and a negative
//! number gets the same error, not clap's hint to write it after `--`
//! (which would make it the bot's command).

use std::process::Command;

const TESTER: &str = env!("CARGO_BIN_EXE_tester");
const EVAL: &str = env!("CARGO_BIN_EXE_eval");
const LOADTEST: &str = env!("CARGO_BIN_EXE_loadtest");
const BENCH: &str = env!("CARGO_BIN_EXE_bench");
const SELFPLAY: &str = env!("CARGO_BIN_EXE_selfplay");
const PLAY: &str = env!("CARGO_BIN_EXE_play");
const TRAIN: &str = env!("CARGO_BIN_EXE_train");
const ORACLE: &str = env!("CARGO_BIN_EXE_oracle");

/// Runs `exe` with `args` and checks that it refused them as a usage error
/// (exit code 2) whose message names `option` and `range`.
fn refused(exe: &str, args: &[&str], option: &str, range: &str) {
    let out = Command::new(exe).args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let what = format!("{exe} {args:?}: {stderr}");
    assert_eq!(out.status.code(), Some(2), "{what}");
    assert!(!stderr.contains("panicked"), "{what}");
    assert!(stderr.contains(option), "no {option} in {what}");
    assert!(stderr.contains(range), "no {range} in {what}");
    assert!(!stderr.contains("'-- "), "{what}");
}

const DAY: &str = "(0, 86400]";

#[test]
fn seconds_out_of_range_are_usage_errors_naming_the_option() {
    for value in ["1e20", "1e300", "NaN", "inf", "0", "-1"] {
        refused(TESTER, &["--kill-after", value, "cat"], "--kill-after", DAY);
        refused(TESTER, &["--time-limit", value, "cat"], "--time-limit", DAY);
        let eval = ["--seeds", "0..1", "--time-limit", value, "--", "cat"];
        refused(EVAL, &eval, "--time-limit", DAY);
        let eval = ["--seeds", "0..1", "--kill-after", value, "--", "cat"];
        refused(EVAL, &eval, "--kill-after", DAY);
        let loadtest = [
            "--seeds",
            "0..1",
            "--phases",
            "quiet",
            "--time-limit",
            value,
        ];
        refused(
            LOADTEST,
            &[&loadtest[..], &["--", "cat"]].concat(),
            "--time-limit",
            DAY,
        );
        refused(BENCH, &["--seconds", value], "--seconds", DAY);
    }
}

#[test]
fn selfplay_takes_the_budget_the_bot_takes() {
    for value in ["NaN", "inf", "1e25", "1e300", "0", "-1", "60.5"] {
        refused(SELFPLAY, &["--budget", value], "--budget", "(0, 60]");
    }
}

#[test]
fn counts_out_of_range_are_usage_errors_naming_the_option() {
    refused(
        TESTER,
        &["--corrupt", "0,999", "cat"],
        "--corrupt",
        "1..=100",
    );
    refused(
        TESTER,
        &["--corrupt", "5,101", "cat"],
        "--corrupt",
        "1..=100",
    );
    refused(TESTER, &["--corrupt", "-1", "cat"], "--corrupt", "1..=100");
    let play = ["--serve", "--port", "0", "--coach-work"];
    refused(
        PLAY,
        &[&play[..], &["1000000000"]].concat(),
        "--coach-work",
        "0..=20000",
    );
    refused(
        PLAY,
        &[&play[..], &["-5"]].concat(),
        "--coach-work",
        "0..=20000",
    );
    // The server's own cap on a case (tools/src/serve/app.rs).
    let cap = "0..=1099511627776";
    refused(PLAY, &["--case", "1099511627777"], "--case", cap);
    refused(PLAY, &["--case", "-1"], "--case", cap);
    refused(
        LOADTEST,
        &["--burners", "1000000000", "--", "cat"],
        "--burners",
        "0..=64",
    );
    refused(
        LOADTEST,
        &["--burners", "-2", "--", "cat"],
        "--burners",
        "0..=64",
    );
    for work in ["--fixed-work", "--fixed-turns", "--pooled-turns"] {
        refused(SELFPLAY, &[work, "-1"], work, "0..=1000000000");
        refused(SELFPLAY, &[work, "1e99"], work, "");
    }
}

#[test]
fn cma_es_options_are_checked_with_their_ranges() {
    for way in ["search", "improve"] {
        refused(
            TRAIN,
            &[way, "--generations", "0"],
            "--generations",
            "1..=100000",
        );
        refused(
            TRAIN,
            &[way, "--generations", "-3"],
            "--generations",
            "1..=100000",
        );
        for sigma in ["0", "-1", "NaN", "inf"] {
            refused(TRAIN, &[way, "--sigma", sigma], "--sigma", "(0, 100]");
        }
    }
    refused(
        TRAIN,
        &["search", "--population", "1"],
        "--population",
        "2..=10000",
    );
}

#[test]
fn oracle_work_and_the_learning_rate_are_checked_with_their_ranges() {
    // A folder that is not there: before the check, a value it let through
    // ends the run at once instead of playing the cases.
    let oracle = ["--dir", "no-such-dir", "--fixed-work"];
    for work in ["0", "-1", "1000000001", "1e99"] {
        refused(
            ORACLE,
            &[&oracle[..], &[work]].concat(),
            "--fixed-work",
            "1..=1000000000",
        );
    }
    for lr in ["0", "-1", "1.5", "NaN", "inf"] {
        refused(TRAIN, &["value", "--lr", lr], "--lr", "(0, 1]");
    }
}

/// `train value --weight-decay` was not checked at all (NaN trained a
/// network of NaNs), and `--paired` said its range in other words than
/// every other option.
#[test]
fn the_weight_decay_and_the_paired_weight_are_checked_with_their_ranges() {
    for (option, range, values) in [
        ("--weight-decay", "[0, 1]", ["-1", "1.5", "NaN", "inf"]),
        ("--paired", "[0, 1000]", ["-1", "1001", "NaN", "inf"]),
    ] {
        for value in values {
            refused(TRAIN, &["value", option, value], option, range);
        }
    }
}
