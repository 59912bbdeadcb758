//! The `eval` command end to end: a few cases from a directory and from
//! seeds, the rows it writes, its summary and its paired comparison.

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Output};

use ahc061_tools::eval::rows::read_rows;

mod common;
use common::{bot, data};

/// A fresh, empty scratch directory for one test.
fn scratch_dir(name: &str) -> PathBuf {
    common::scratch_dir("eval", name)
}

fn eval(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_eval"))
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

#[test]
fn runs_a_directory_then_compares_with_the_same_seeds() {
    let dir = scratch_dir("compare");
    let cases = dir.join("in");
    fs::create_dir_all(&cases).unwrap();
    for case in ["0000", "0001", "0002"] {
        fs::copy(
            data(&format!("in/{case}.txt")),
            cases.join(format!("{case}.txt")),
        )
        .unwrap();
    }
    let tsv = dir.join("first.tsv");
    let bot = bot().display().to_string();
    let first = eval(&[
        "--dir",
        cases.to_str().unwrap(),
        "-j",
        "2",
        "--out",
        tsv.to_str().unwrap(),
        // A game at fixed work takes milliseconds; the deadline is there
        // only to end a hung bot, and a starved machine must meet it.
        "--kill-after",
        "60",
        "--",
        &bot,
        "--fixed-work",
        "10",
    ]);
    assert!(first.status.success(), "{}", text(first.stderr));
    let summary = text(first.stdout);
    assert!(summary.starts_with("cases       3\n"), "{summary}");
    assert!(summary.contains("zero score  0 cases"), "{summary}");
    assert!(
        summary.contains("by M  cases  mean score\nM=4       3"),
        "{summary}"
    );
    let rows = read_rows(&tsv).unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r.case.as_str()).collect();
    assert_eq!(names, ["0000", "0001", "0002"]);
    assert!(
        rows.iter()
            .all(|r| r.score > 0 && r.seed.is_none() && r.error.is_none())
    );
    assert_eq!((rows[0].m, rows[0].u), (4, 3));

    // Seeds 0..4 generate the same three cases and one more: the bot, thinking a
    // fixed amount, plays the same games, so the three shared cases are all ties.
    let json = dir.join("second.json");
    let second = eval(&[
        "--seeds",
        "0..4",
        "--out",
        json.to_str().unwrap(),
        "--compare",
        tsv.to_str().unwrap(),
        "--kill-after",
        "60",
        "--",
        &bot,
        "--fixed-work",
        "10",
    ]);
    assert!(second.status.success(), "{}", text(second.stderr));
    let report = text(second.stdout);
    assert!(
        report.contains("3 cases in common (of 4 here, 3 there)"),
        "{report}"
    );
    assert!(report.contains("difference  +0.0  95% CI"), "{report}");
    assert!(
        report.contains("wins        this 0  other 0  ties 3"),
        "{report}"
    );
    let rows = read_rows(&json).unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[3].seed, Some(3));

    // Saved rows can be summarized and compared without running anything.
    let saved = eval(&[
        "--rows",
        tsv.to_str().unwrap(),
        "--compare",
        json.to_str().unwrap(),
    ]);
    assert!(saved.status.success(), "{}", text(saved.stderr));
    let report = text(saved.stdout);
    // (Wall times are rounded in the TSV: compare the scores' line only.)
    let score_line = summary.lines().nth(1).unwrap();
    assert!(report.contains(score_line), "{report}");
    assert!(
        report.contains("3 cases in common (of 3 here, 4 there)"),
        "{report}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// Stderr without the progress lines eval prints when it is not a terminal
/// (as here): the messages a test checks.
fn without_progress(stderr: Vec<u8>) -> String {
    let all = text(stderr);
    let kept: Vec<&str> = all
        .lines()
        .filter(|l| !l.starts_with("progress: "))
        .collect();
    kept.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn groups_the_failures_and_exits_1() {
    let script = data("bots/garbage.sh").display().to_string();
    let out = eval(&["--seeds", "5..=6", "-j", "1", "--", "sh", &script]);
    assert_eq!(out.status.code(), Some(1));
    let summary = text(out.stdout);
    assert!(
        summary.contains(
            "zero score  2 cases\nfailed      2 of 2 cases\n  2 × Parse error: hello\n      cases 0005, 0006\n"
        ),
        "{summary}"
    );
    assert_eq!(
        without_progress(out.stderr),
        "eval: error: 2 of 2 cases failed (see \"failed\" above)\n"
    );
}

#[test]
fn a_bot_that_dies_says_why_in_the_rows_the_summary_and_the_report() {
    // The bot refuses its arguments: every game ends at once.
    let dir = scratch_dir("dies");
    let (tsv, html) = (dir.join("rows.tsv"), dir.join("report.html"));
    let bot = bot().display().to_string();
    let out = eval(&[
        "--seeds",
        "0..3",
        "-o",
        tsv.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
        "--",
        &bot,
        "--budget",
        "abc",
    ]);
    assert_eq!(out.status.code(), Some(1));
    // Where the rows and the report went, before why it failed.
    assert_eq!(
        without_progress(out.stderr.clone()),
        format!(
            "eval: wrote 3 rows to {}\neval: wrote the report to {}\n\
             eval: error: 3 of 3 cases failed (see \"failed\" above)\n",
            tsv.display(),
            html.display()
        )
    );
    let why = "error: --budget: expected seconds in (0, 60], got \"abc\"";
    let summary = text(out.stdout);
    assert!(
        summary.contains(&format!(
            "failed      3 of 3 cases\n  3 × Your program has terminated unexpectedly\n      \
             the bot's stderr ends: {why}\n      cases 0000, 0001, 0002\n"
        )),
        "{summary}"
    );
    assert_eq!(summary.matches("terminated unexpectedly").count(), 1);
    let rows = read_rows(&tsv).unwrap();
    assert!(rows.iter().all(|r| r.stderr_tail.as_deref() == Some(why)));
    let page = fs::read_to_string(&html).unwrap();
    assert!(page.contains("id=\"failures\""));
    assert!(page.contains("error: --budget: expected seconds in (0, 60], got &quot;abc&quot;"));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_output_path_is_found_before_any_game() {
    // The bot notes every start in a file (and would then take 10 s a
    // game): no start noted, no game begun, whatever the machine's speed.
    let dir = scratch_dir("bad-output-path");
    fs::create_dir_all(&dir).unwrap();
    let starts = dir.join("starts");
    for flag in ["--out", "--html"] {
        let out = eval(&[
            "--seeds",
            "0..20",
            flag,
            "/nonexistent/dir/rows.tsv",
            "--",
            "sh",
            "-c",
            "echo started >> \"$0\"; exec sleep 10",
            starts.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            text(out.stderr),
            "eval: error: cannot write /nonexistent/dir/rows.tsv: No such file or directory (os error 2)\n"
        );
    }
    assert!(!starts.exists(), "a game began");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rejects_a_bad_invocation() {
    // Neither --dir nor --seeds; no command; an empty seed range.
    assert!(!eval(&["--", "true"]).status.success());
    assert!(!eval(&["--seeds", "0..2"]).status.success());
    let empty = eval(&["--seeds", "3..3", "--", "true"]);
    assert!(!empty.status.success());
    assert!(text(empty.stderr).contains("is empty"));
}

#[test]
fn records_each_failing_case_and_carries_on() {
    // picky.sh hangs on the two-player case 0006 (killed after 1 s) and
    // plays the others; one input file is malformed. Every case gets its row.
    let dir = scratch_dir("failures");
    let cases = dir.join("in");
    fs::create_dir_all(&cases).unwrap();
    for case in ["0000", "0006", "0001"] {
        fs::copy(
            data(&format!("in/{case}.txt")),
            cases.join(format!("{case}.txt")),
        )
        .unwrap();
    }
    fs::write(cases.join("0002.txt"), "10 4 100\n").unwrap();
    let tsv = dir.join("rows.tsv");
    let script = data("bots/picky.sh").display().to_string();
    let clock = std::time::Instant::now();
    let out = eval(&[
        "--dir",
        cases.to_str().unwrap(),
        "-j",
        "2",
        "--kill-after",
        "1",
        "--out",
        tsv.to_str().unwrap(),
        "--",
        "sh",
        &script,
    ]);
    // A bound to catch a hang, generous for a loaded machine, and below
    // the 300 s picky.sh sleeps, so that an eval that waited for it instead
    // of killing it fails.
    assert!(clock.elapsed() < std::time::Duration::from_secs(120));
    assert_eq!(out.status.code(), Some(1), "{}", text(out.stderr));
    let summary = text(out.stdout);
    assert!(
        summary.contains("zero score  2 cases\nfailed      2 of 4 cases\n"),
        "{summary}"
    );
    let rows = read_rows(&tsv).unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r.case.as_str()).collect();
    assert_eq!(names, ["0000", "0001", "0002", "0006"]);
    assert!(rows[0].score > 0 && rows[0].error.is_none());
    assert!(rows[1].score > 0 && rows[1].error.is_none());
    let bad = rows[2].error.as_deref().unwrap();
    assert!(bad.starts_with("bad input: "), "{bad}");
    let killed = rows[3].error.as_deref().unwrap();
    assert!(killed.starts_with("Killed after 1.0 s"), "{killed}");
    assert_eq!((rows[2].score, rows[3].score), (0, 0));
    fs::remove_dir_all(&dir).unwrap();
}

// ---- loadtest (issue #6, point 5: the full run is documented, not tested) ----

#[test]
fn loadtest_reports_wall_times_quiet_and_loaded() {
    let bot = bot().display().to_string();
    let run = |limit: &str| {
        Command::new(env!("CARGO_BIN_EXE_loadtest"))
            .args([
                "--seeds",
                "0..2",
                "-j",
                "2",
                "--burners",
                "1",
                "--limit",
                limit,
            ])
            .args(["--", &bot, "--fixed-work", "5"])
            .output()
            .unwrap()
    };
    // A limit (wall seconds a game) that a game of a few milliseconds'
    // work meets however loaded the machine (10 s was once too short).
    let out = run("300");
    assert!(out.status.success(), "{}", text(out.stderr));
    let report = text(out.stdout);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), 2, "{report}");
    assert!(
        lines[0].starts_with("quiet  cases 2  wall median "),
        "{report}"
    );
    assert!(
        lines[1].starts_with("load   cases 2  wall median "),
        "{report}"
    );
    assert!(
        lines
            .iter()
            .all(|l| l.contains("zero scores 0") && l.ends_with(" ok")),
        "{report}"
    );
    // A limit no game can meet fails the run.
    let strict = run("0.001");
    assert!(!strict.status.success());
    assert!(text(strict.stdout).contains("FAILED"));
}

/// The bot's command without `--` before it: clap's error, with a tip.
#[test]
fn a_bot_without_the_double_dash_gets_a_tip() {
    let out = eval(&["--dir", "tests/data/in", "target/release/ahc061"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(out.stderr);
    assert!(
        stderr.starts_with("error: unexpected argument 'target/release/ahc061' found"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "tip: the bot's command and its arguments go after `--`: \
             eval --dir DIR -- target/release/ahc061 [ARG]..."
        ),
        "{stderr}"
    );
    // An unknown option of eval's own keeps clap's suggestion.
    let stderr = text(eval(&["--dir", "tests/data/in", "--sede", "1"]).stderr);
    assert!(
        stderr.contains("--seeds") && !stderr.contains("after `--`"),
        "{stderr}"
    );
}

/// At fixed work, `--shard 1/2` and `2/2` of a run of seeds run disjoint
/// cases, by seed, and `--merge` gives the rows of the whole run (but for
/// the wall times) and its report; slices that overlap are refused.
#[test]
fn two_slices_merged_are_the_whole_run() {
    let dir = scratch_dir("shards");
    let bot = bot().display().to_string();
    let run = |name: &str, shard: &[&str]| {
        let path = dir.join(name);
        let mut args = vec!["--seeds", "3..8", "-j", "2", "-o", path.to_str().unwrap()];
        args.extend_from_slice(shard);
        args.extend(["--kill-after", "60", "--", &bot, "--fixed-work", "5"]);
        let out = eval(&args);
        assert!(out.status.success(), "{}", text(out.stderr));
        path
    };
    let whole = run("whole.tsv", &[]);
    let first = run("first.tsv", &["--shard", "1/2"]);
    let second = run("second.tsv", &["--shard", "2/2"]);
    let seeds = |path: &PathBuf| -> Vec<Option<u64>> {
        read_rows(path).unwrap().iter().map(|r| r.seed).collect()
    };
    assert_eq!(seeds(&first), [Some(4), Some(6)]);
    assert_eq!(seeds(&second), [Some(3), Some(5), Some(7)]);
    let merged = dir.join("merged.tsv");
    let out = eval(&[
        "--seeds",
        "3..8",
        "--merge",
        first.to_str().unwrap(),
        second.to_str().unwrap(),
        "-o",
        merged.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(out.stderr));
    let report = text(out.stdout);
    let times = |rows: Vec<ahc061_tools::eval::rows::Row>| -> Vec<_> {
        rows.into_iter()
            .map(|row| ahc061_tools::eval::rows::Row { wall_s: 0.0, ..row })
            .collect()
    };
    assert_eq!(
        times(read_rows(&merged).unwrap()),
        times(read_rows(&whole).unwrap())
    );
    // Reported as the whole run is: its count and scores (the times differ).
    let alone = text(eval(&["--rows", whole.to_str().unwrap()]).stdout);
    let head = |report: &str| report.lines().take(2).collect::<Vec<_>>().join("\n");
    assert_eq!(head(&report), head(&alone));
    let out = eval(&[
        "--seeds",
        "3..8",
        "--merge",
        first.to_str().unwrap(),
        whole.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(out.stderr);
    assert!(stderr.contains("case 0004 is in both"), "{stderr}");
    assert!(stderr.contains("the slices overlap"), "{stderr}");
    fs::remove_dir_all(&dir).unwrap();
}
