//! The `play` command, the README's first one: a game written out with its
//! replay, and a game that fails said to have failed, without replacing the
//! replay of the last good game.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

mod common;
use common::bot;

fn play(dir: &Path, bot_args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_play"))
        .arg("--out-dir")
        .arg(dir)
        .arg("--bot")
        .arg(bot())
        .arg("--")
        .args(bot_args)
        .output()
        .unwrap()
}

#[test]
fn a_failed_game_is_an_error_and_keeps_the_last_replay() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("play-command");
    let _ = fs::remove_dir_all(&dir);
    let good = play(&dir, &["--fixed-work", "5"]);
    let stderr = String::from_utf8_lossy(&good.stderr);
    assert!(good.status.success(), "{stderr}");
    let stdout = String::from_utf8_lossy(&good.stdout);
    assert!(
        stdout.starts_with("seed 0 (M = 4, U = 3): Score = "),
        "{stdout}"
    );
    let page = fs::read_to_string(dir.join("0000.html")).unwrap();

    let bad = play(&dir, &["--budget", "abc"]);
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(bad.status.code(), Some(1), "{stderr}");
    assert!(bad.stdout.is_empty());
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines,
        [
            "error: --budget: expected seconds in (0, 60], got \"abc\"",
            &format!(
                "play: error: the game on {} failed: Your program has terminated unexpectedly \
                 (the bot's stderr, if any, is above); no move list or replay written",
                dir.join("0000.txt").display()
            ),
        ]
    );
    assert_eq!(fs::read_to_string(dir.join("0000.html")).unwrap(), page);
    fs::remove_dir_all(&dir).unwrap();
}
