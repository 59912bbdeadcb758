//! The `play` command, the README's first one: a game written out with its
//! replay, and a game that fails said to have failed, without replacing the
//! replay of the last good game; `--case` picks the case and `--seed` is the
//! bot's.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

mod common;
use common::{bot, scratch_dir};

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
        stdout.starts_with("case 0 (M = 4, U = 3): Score = "),
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

#[test]
fn case_is_the_generated_case_and_seed_goes_to_the_bot() {
    let dir = scratch_dir("play", "case-and-seed");
    // The real bot behind a script that first writes down its arguments.
    let script = dir.join("bot.sh");
    let args_file = dir.join("args.txt");
    fs::write(
        &script,
        format!(
            "#!/bin/sh\necho \"$@\" > '{}'\nexec '{}' \"$@\"\n",
            args_file.display(),
            bot().display()
        ),
    )
    .unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_play"))
        .args(["--case", "3", "--seed", "5", "--out-dir"])
        .arg(&dir)
        .arg("--bot")
        .arg(&script)
        .args(["--", "--fixed-work", "5"])
        .output()
        .unwrap();
    common::assert_success(&out);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("case 3 (M = "), "{stdout}");
    assert_eq!(
        fs::read_to_string(dir.join("0003.txt")).unwrap(),
        ahc061_tools::r#gen::generate(3, None, None).to_input_string()
    );
    assert!(dir.join("0003.html").exists());
    assert_eq!(
        fs::read_to_string(&args_file).unwrap(),
        "--seed 5 --fixed-work 5\n"
    );
    fs::remove_dir_all(&dir).unwrap();
}
