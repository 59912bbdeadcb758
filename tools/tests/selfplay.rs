//! `selfplay --details`: the per-game accounting of what the AIs took from
//! player 0, and how much of it a parry could have saved.

use std::fs;
use std::process::Command;

mod common;
use common::data;

/// `selfplay` on the cases of `dir`, one game at a time, with `args`;
/// asserts that it succeeded.
fn selfplay(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    let out = Command::new(env!("CARGO_BIN_EXE_selfplay"))
        .args(["--dir", dir.to_str().unwrap(), "-j", "1"])
        .args(args)
        .output()
        .unwrap();
    common::assert_success(&out);
    out
}

/// The `key=value` integer of a `--details` line.
fn field(line: &str, key: &str) -> i64 {
    let prefix = format!(" {key}=");
    let start = line
        .find(&prefix)
        .unwrap_or_else(|| panic!("{key} in {line}"))
        + prefix.len();
    line[start..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn details_bound_the_parryable_loss_by_the_loss() {
    let dir = common::scratch_dir("selfplay", "details");
    // Case 0000 has M = 4; 0034 is a duel.
    for case in ["0000", "0034"] {
        fs::copy(
            data(&format!("in/{case}.txt")),
            dir.join(format!("{case}.txt")),
        )
        .unwrap();
    }
    let out = selfplay(&dir, &["--policy", "base", "--details"]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().filter(|l| l.contains(" S0=")).collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    for line in lines {
        let (lost, parryable, greedy) = (
            field(line, "lost"),
            field(line, "parryable"),
            field(line, "parryable_greedy"),
        );
        assert!(
            0 <= greedy && greedy <= parryable && parryable <= lost,
            "{line}"
        );
        // The base alone loses something to the AIs in these games.
        assert!(lost > 0, "{line}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// The score of the one case in `dir` that `selfplay` prints at a small
/// fixed work, with `extra` arguments.
fn score(dir: &std::path::Path, extra: &[&str]) -> i64 {
    let mut args = vec!["--fixed-turns", "300"];
    args.extend_from_slice(extra);
    let out = selfplay(dir, &args);
    let stdout = String::from_utf8(out.stdout).unwrap();
    // A row: the case, M, the score, the seconds.
    let row = stdout.lines().next().unwrap_or_default();
    row.split('\t')
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{stdout}"))
}

#[test]
fn continuation_weights_play_in_the_rollouts_only() {
    let dir = common::scratch_dir("selfplay", "continuation");
    // Case 0000 has M = 4.
    fs::copy(data("in/0000.txt"), dir.join("0000.txt")).unwrap();
    let committed = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../src/policy/learned_weights.rs"
    );
    let hand = dir.join("hand.rs");
    let table = [ahc061::policy::learned::HAND_TUNED; ahc061::policy::learned::CLASSES];
    fs::write(&hand, ahc061_tools::train::table_source(&table, &[])).unwrap();
    let standard = score(&dir, &[]);
    // The committed weights as the continuation: the base's own policy, the
    // same game move for move.
    assert_eq!(
        score(&dir, &["--continuation-weights", committed]),
        standard
    );
    // Other weights change what the rollouts see, so the game.
    assert_ne!(
        score(&dir, &["--continuation-weights", hand.to_str().unwrap()]),
        standard
    );
    let _ = fs::remove_dir_all(&dir);
}

/// A row without its wall time, the one field two runs of the same games
/// need not share.
fn without_time(rows: Vec<ahc061_tools::eval::rows::Row>) -> Vec<ahc061_tools::eval::rows::Row> {
    rows.into_iter()
        .map(|row| ahc061_tools::eval::rows::Row { wall_s: 0.0, ..row })
        .collect()
}

/// `eval` with `args`: its output.
fn eval(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_eval"))
        .args(args)
        .output()
        .unwrap()
}

/// At fixed work, the two slices of a run (`--shard 1/2`, `2/2`) play
/// disjoint cases whose rows, merged by `eval --merge`, are the whole run's;
/// a merge of slices that overlap, or leave a case out, is refused.
#[test]
fn two_slices_merged_are_the_whole_run() {
    use ahc061_tools::eval::rows::read_rows;
    let dir = common::scratch_dir("selfplay", "shards");
    let cases = dir.join("in");
    fs::create_dir_all(&cases).unwrap();
    for case in ["0000", "0001", "0002", "0034", "0005"] {
        fs::copy(
            data(&format!("in/{case}.txt")),
            cases.join(format!("{case}.txt")),
        )
        .unwrap();
    }
    let run = |name: &str, shard: &[&str]| {
        let path = dir.join(name);
        let mut args = vec!["--fixed-work", "5", "-o", path.to_str().unwrap()];
        args.extend_from_slice(shard);
        selfplay(&cases, &args);
        path
    };
    let whole = run("whole.tsv", &[]);
    let first = run("first.tsv", &["--shard", "1/2"]);
    let second = run("second.tsv", &["--shard", "2/2"]);
    let names = |path: &std::path::Path| -> Vec<String> {
        read_rows(path)
            .unwrap()
            .into_iter()
            .map(|r| r.case)
            .collect()
    };
    assert_eq!(names(&first), ["0000", "0002", "0034"]);
    assert_eq!(names(&second), ["0001", "0005"]);
    let merged = dir.join("merged.tsv");
    let (cases, first, second, merged) = (
        cases.to_str().unwrap(),
        first.to_str().unwrap(),
        second.to_str().unwrap(),
        merged.to_str().unwrap(),
    );
    // Given in any order, the slices come back in the cases' order.
    let out = eval(&["--dir", cases, "--merge", second, first, "-o", merged]);
    common::assert_success(&out);
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.starts_with("cases       5\n"), "{report}");
    assert_eq!(
        without_time(read_rows(merged.as_ref()).unwrap()),
        without_time(read_rows(&whole).unwrap())
    );
    // Overlapping slices, a slice missing, a slice of another run.
    let other = dir.join("other.tsv");
    fs::write(
        &other,
        fs::read_to_string(second).unwrap().replace("0005", "0099"),
    )
    .unwrap();
    let other = other.to_str().unwrap();
    for (files, error) in [
        (vec![first, second, first], "case 0000 is in both"),
        (vec![first, first], "the slices overlap"),
        (
            vec![first],
            "2 of the 5 cases are in no file (a slice not run, or not given?): 0001, 0005",
        ),
        (vec![first, second, other], "case 0001 is in both"),
        (vec![first, other], "0005"),
    ] {
        let mut args = vec!["--dir", cases, "--merge"];
        args.extend(files.iter().copied());
        let out = eval(&args);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1), "{files:?}: {stderr}");
        assert!(stderr.contains(error), "{files:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{files:?}: a report of a bad merge");
    }
    let _ = fs::remove_dir_all(&dir);
}
