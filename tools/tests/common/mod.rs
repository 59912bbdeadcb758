//! What the tools' integration tests share: the test data and the bot.

// Each test binary uses its own part of this.
#![allow(dead_code)]

pub mod browser;
pub mod server;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// A file under the project's tests/data.
pub fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(path)
}

/// Asserts that a tool's run succeeded, showing its stderr if not.
pub fn assert_success(out: &Output) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A fresh, empty scratch directory for one test of `tool`, under the
/// system's temporary folder, apart for each test process.
pub fn scratch_dir(tool: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ahc061-{tool}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The score in a tester's stderr (its `Score = N` line).
pub fn tester_score(stderr: &str) -> i64 {
    stderr
        .lines()
        .find_map(|line| line.strip_prefix("Score = "))
        .unwrap_or_else(|| panic!("no score from the tester: {stderr}"))
        .parse()
        .unwrap()
}

/// The release bot, built from the current sources: `cargo build --release
/// -p ahc061` into a target directory of its own under the tests' temporary
/// folder (the running `cargo test` holds the lock of its own). Always run,
/// so that a bot binary left over from older sources is never tested; when
/// nothing changed, cargo only checks and returns at once.
pub fn bot() -> &'static Path {
    static BOT: OnceLock<PathBuf> = OnceLock::new();
    BOT.get_or_init(|| {
        let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bot-target");
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml");
        let status = Command::new(env!("CARGO"))
            .args([
                "build",
                "--release",
                "--quiet",
                "-p",
                "ahc061",
                "--manifest-path",
            ])
            .arg(&manifest)
            .arg("--target-dir")
            .arg(&target)
            .status()
            .expect("cannot run cargo");
        assert!(status.success(), "cannot build the bot");
        target.join(format!("release/ahc061{}", std::env::consts::EXE_SUFFIX))
    })
}

/// The real bot's moves and score on `case` (under tests/data/) at a fixed
/// work and seed, through the tester.
pub fn real_bot(case: &str, work: u64, seed: u64) -> (Vec<(usize, usize)>, i64) {
    let out = Command::new(env!("CARGO_BIN_EXE_tester"))
        .arg("--input")
        .arg(data(case))
        .arg(bot())
        .args(["--fixed-work", &work.to_string()])
        .args(["--seed", &seed.to_string()])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    let score = stderr
        .lines()
        .find_map(|l| l.strip_prefix("Score = "))
        .expect(&stderr)
        .trim()
        .parse()
        .unwrap();
    let moves = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let (x, y) = l.split_once(' ').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    (moves, score)
}
