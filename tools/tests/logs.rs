//! Game logs written by `tester --log`: each saved log in tests/data/logs/
//! replays exactly — the engine, given the logged input and bot moves,
//! sends every logged judge line and ends on the logged score, and the bot's
//! mirror, fed the logged judge lines, sees no difference.
//!
//! The saved logs are regenerated (after a change of the bot, say) with
//! `cargo test -p ahc061-tools --test logs -- --ignored`.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use ahc061::agent::{self, Policy};
use ahc061::engine::board::{Cell, cell};
use ahc061::judge::mirror::Mirror;
use ahc061_sim::judge::{Judge, ToolInput};
use ahc061_sim::text::{feedback_text, initial_text};
use ahc061_tools::runner::GameLog;

mod common;
use common::{bot, data};

const CASES: [&str; 3] = ["0000", "0001", "0002"];

/// Plays `case` with the real bot through `tester --log`, run from
/// tests/data so that the log names its input `in/NNNN.txt`.
fn record(case: &str, log: &Path) {
    let status = Command::new(env!("CARGO_BIN_EXE_tester"))
        .current_dir(data(""))
        .args(["--input", &format!("in/{case}.txt"), "--log"])
        .arg(log)
        .arg(bot())
        .args(["--fixed-work", "10"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "tester failed on {case}");
}

/// Replays recorded moves.
struct Replay(std::vec::IntoIter<(usize, usize)>);

impl Policy for Replay {
    fn choose(&mut self, _: &Mirror) -> Cell {
        let (x, y) = self.0.next().expect("more turns than logged moves");
        cell(x, y)
    }
}

/// Checks one log as the module comment says.
fn replay(log_path: &Path) {
    let name = log_path.display();
    let log = GameLog::parse(&fs::read_to_string(log_path).unwrap()).unwrap();
    assert_eq!(log.error, None, "{name}");
    let input_text = fs::read_to_string(data(&log.input_name)).unwrap();
    let input = ToolInput::parse(&input_text).unwrap();
    let moves = log.moves().unwrap();
    assert_eq!(moves.len(), input.game.turns, "{name}");

    let mut judge = Judge::new(input.clone());
    let mut sent = initial_text(&input.game);
    for &(x, y) in &moves {
        let (feedback, _) = judge.play(x, y).unwrap();
        sent.push_str(&feedback_text(&feedback, input.game.m));
    }
    let sent: Vec<&str> = sent.lines().collect();
    assert_eq!(
        sent.len(),
        log.judge_lines.len(),
        "{name}: number of judge lines"
    );
    if let Some(k) = (0..sent.len()).find(|&k| sent[k] != log.judge_lines[k]) {
        panic!(
            "{name}: judge line {} differs: {:?} vs logged {:?}",
            k + 1,
            sent[k],
            log.judge_lines[k]
        );
    }
    assert_eq!(judge.score(), log.score, "{name}: score");

    let logged_judge: String = log.judge_lines.iter().map(|l| format!("{l}\n")).collect();
    let mut bot_output = Vec::new();
    let mut divergences = Vec::new();
    let summary = agent::play(
        logged_judge.as_bytes(),
        &mut bot_output,
        &mut divergences,
        |_| Box::new(Replay(moves.clone().into_iter())),
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(summary.turns, input.game.turns, "{name}");
    assert_eq!(
        summary.divergences,
        0,
        "{name}: {}",
        String::from_utf8_lossy(&divergences)
    );
}

#[test]
fn saved_logs_replay() {
    for case in CASES {
        replay(&data(&format!("logs/{case}.log")));
    }
}

#[test]
fn a_fresh_log_replays() {
    let path = std::env::temp_dir().join(format!("ahc061-log-{}.log", std::process::id()));
    record("0001", &path);
    replay(&path);
    fs::remove_file(&path).unwrap();
}

#[test]
fn a_tampered_log_is_caught() {
    let text = fs::read_to_string(data("logs/0002.log")).unwrap();
    // The owner row of some turn's answer, with one cell's owner changed.
    let changed = text.replacen("\n> -1 -1", "\n> -1 0", 1);
    assert_ne!(changed, text);
    let path = std::env::temp_dir().join(format!("ahc061-tampered-{}.log", std::process::id()));
    fs::write(&path, changed).unwrap();
    let caught = std::panic::catch_unwind(|| replay(&path)).is_err();
    fs::remove_file(&path).unwrap();
    assert!(caught, "a changed judge line went unnoticed");
}

#[test]
#[ignore = "rewrites tests/data/logs/: run it on purpose"]
fn record_saved_logs() {
    fs::create_dir_all(data("logs")).unwrap();
    for case in CASES {
        // Written aside and renamed, so that a replay running at the same
        // time never reads half a log.
        let path = data(&format!("logs/{case}.log"));
        let fresh = path.with_extension("log.tmp");
        record(case, &fresh);
        replay(&fresh);
        fs::rename(&fresh, &path).unwrap();
    }
}
