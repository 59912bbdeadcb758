//! `selfplay --details`: the per-game accounting of what the AIs took from
//! player 0, and how much of it a parry could have saved.

use std::fs;
use std::process::Command;

mod common;
use common::data;

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
    let dir = std::env::temp_dir().join(format!("ahc061-selfplay-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    // Case 0000 has M = 4; 0034 is a duel.
    for case in ["0000", "0034"] {
        fs::copy(
            data(&format!("in/{case}.txt")),
            dir.join(format!("{case}.txt")),
        )
        .unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_selfplay"))
        .args([
            "--dir",
            dir.to_str().unwrap(),
            "--policy",
            "base",
            "-j",
            "1",
            "--details",
        ])
        .output()
        .unwrap();
    common::assert_success(&out);
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
