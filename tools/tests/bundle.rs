//! The bundle as AtCoder builds it: a synthetic tree bundled and compiled by
//! rustc; and the real bot bundled, built in a crate like AtCoder's (rand
//! 0.9.2 and rand_pcg 0.9.0, edition 2024), and played against the local
//! judge next to the normal bot build, both of which must play the same moves.
//!
//! The real-bot check builds in `<target>/tmp/bundle-check/` (cached between
//! runs: about a minute the first time, seconds after) and needs crates.io
//! the first time.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

use ahc061_sim::judge::{Judge, ToolInput};
use ahc061_sim::text::{feedback_text, initial_text};
use ahc061_tools::bundle::{MAX_BYTES, bundle};
use wait_timeout::ChildExt;

mod common;

/// Flags that make the bot play the same game on every run.
const BOT_ARGS: [&str; 4] = ["--seed", "1", "--fixed-work", "50"];
/// Far more than a turn takes; only a stuck bot reaches it.
const TURN_TIMEOUT: Duration = Duration::from_secs(30);

/// AtCoder's Cargo.toml for a Rust submission (2025 language update), as
/// far as it matters here: these two dependencies, edition 2024, LTO.
const SUBMISSION_MANIFEST: &str = r#"# Written by tools/tests/bundle.rs: a crate built the way AtCoder builds a submission.
[package]
name = "submission"
version = "0.1.0"
edition = "2024"

[dependencies]
rand = "=0.9.2"
rand_pcg = "=0.9.0"

[profile.release]
lto = true

# A workspace of its own, not a member of the one its folder sits in.
[workspace]
"#;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A folder for this test's builds, kept between runs.
fn check_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundle-check")
}

/// Writes `text` unless the file already holds it, so that cargo, which
/// goes by modification times, does not rebuild what has not changed.
fn write_if_changed(path: &Path, text: &str) {
    if fs::read_to_string(path).ok().as_deref() != Some(text) {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
}

/// `cargo build --release` of a manifest, into `target_dir`: a target
/// folder of its own, since the one running this test is locked by it.
fn cargo_build_release(manifest: &Path, target_dir: &Path) {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.args(["build", "--release", "--quiet", "--manifest-path"]);
    command.arg(manifest).arg("--target-dir").arg(target_dir);
    let status = command.status().expect("cannot run cargo");
    assert!(
        status.success(),
        "cargo build of {} failed",
        manifest.display()
    );
}

/// Lines the bot prints, read on a thread so that waiting for one can time out.
fn lines_of(stdout: ChildStdout) -> Receiver<String> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    receiver
}

/// The bot's next move, skipping blank and `#` lines as the official tester does.
fn next_move(lines: &Receiver<String>, child: &mut Child) -> Result<(usize, usize), String> {
    loop {
        let Ok(line) = lines.recv_timeout(TURN_TIMEOUT) else {
            let _ = child.kill();
            return Err("no move: the bot ended or is stuck".to_string());
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let numbers: Result<Vec<usize>, _> = line.split_whitespace().map(str::parse).collect();
        return match numbers.as_deref() {
            Ok(&[x, y]) => Ok((x, y)),
            _ => Err(format!("not a move: {line:?}")),
        };
    }
}

/// Plays a whole game of `input` with the bot at `exe` against the local
/// judge, as the official tester would, and returns the bot's moves. The
/// bot's stderr goes to `exe` + ".stderr".
fn play(exe: &Path, input: &ToolInput) -> Vec<(usize, usize)> {
    let log = exe.with_extension("stderr");
    let mut child = Command::new(exe)
        .args(BOT_ARGS)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(fs::File::create(&log).unwrap())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.display()));
    let fail = |turn: usize, what: &str| -> ! {
        panic!(
            "{}, turn {turn}: {what} (its stderr: {})",
            exe.display(),
            log.display()
        )
    };
    let mut stdin = child.stdin.take().unwrap();
    let lines = lines_of(child.stdout.take().unwrap());
    let mut judge = Judge::new(input.clone());
    let m = input.game.m;
    let mut moves = Vec::new();
    if let Err(e) = stdin.write_all(initial_text(&input.game).as_bytes()) {
        fail(0, &format!("cannot send the input: {e}"));
    }
    for turn in 1..=input.game.turns {
        let (x, y) = next_move(&lines, &mut child).unwrap_or_else(|e| fail(turn, &e));
        let (feedback, _) = judge
            .play(x, y)
            .unwrap_or_else(|e| fail(turn, &e.to_string()));
        moves.push((x, y));
        let sent = stdin
            .write_all(feedback_text(&feedback, m).as_bytes())
            .and_then(|_| stdin.flush());
        if let Err(e) = sent {
            fail(turn, &format!("cannot send the feedback: {e}"));
        }
    }
    drop(stdin);
    match child.wait_timeout(TURN_TIMEOUT).unwrap() {
        Some(status) if status.success() => {}
        Some(status) => fail(input.game.turns, &format!("exited with {status}")),
        None => {
            let _ = child.kill();
            fail(input.game.turns, "did not exit after the last turn")
        }
    }
    eprintln!("{}: score {}", exe.display(), judge.score());
    moves
}

/// The submission carries the bot only: none of the local judge, the tool
/// input reader, the judge's text or the oracle's belief (tools/sim, the
/// `oracle` feature), and no blanket `allow(dead_code)` to hide unused code.
fn assert_no_tool_code(text: &str) {
    for tool_only in [
        "struct Judge",
        "struct ToolInput",
        "fn initial_text",
        "fn feedback_text",
        "fn known",
        "#![allow(dead_code)]",
        "cfg(test)",
    ] {
        assert!(!text.contains(tool_only), "the bundle has {tool_only:?}");
    }
}

#[test]
fn real_bot_bundle_builds_like_atcoder_and_plays_like_the_bot() {
    let root = workspace_root();
    let bundle = bundle(&root).unwrap_or_else(|e| panic!("{e:#}"));
    let size = bundle.text.len();
    assert!(size < MAX_BYTES, "the bundle is {size} bytes");
    eprintln!("bundle: {size} bytes from {} files", bundle.files.len());

    let dir = check_dir();
    let target = dir.join("target");
    write_if_changed(&dir.join("Cargo.toml"), SUBMISSION_MANIFEST);
    write_if_changed(&dir.join("src/main.rs"), &bundle.text);
    // The workspace's lock pins rand_core to 0.9.3, AtCoder's version.
    if !dir.join("Cargo.lock").exists() {
        fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    }
    cargo_build_release(&dir.join("Cargo.toml"), &target);
    let lock = fs::read_to_string(dir.join("Cargo.lock")).unwrap();
    assert!(
        lock.contains("name = \"rand_core\"\nversion = \"0.9.3\""),
        "the submission crate must use rand_core 0.9.3, as AtCoder does"
    );
    // The normal bot, built from the same sources now (not a stale binary).
    let bot = common::bot();
    assert_no_tool_code(&bundle.text);

    let input_text = fs::read_to_string(root.join("tests/data/in/0000.txt")).unwrap();
    let input = ToolInput::parse(&input_text).unwrap();
    let bundled = play(&target.join("release/submission"), &input);
    let normal = play(bot, &input);
    assert_eq!(bundled.len(), input.game.turns);
    assert_eq!(
        bundled, normal,
        "the bundle and the bot played different games"
    );
}

/// A small crate that uses everything the inliner has to get right.
const SYNTHETIC: [(&str, &str); 6] = [
    (
        "src/lib.rs",
        "//! A test crate.\n#![allow(clippy::all)]\n\n/// Maths.\npub mod maths;\nmod text;\n\n\
         pub use text::greeting;\n\n/// Tests: their file does not exist, so it must not be read.\n\
         #[cfg(test)]\nmod tests;\n",
    ),
    (
        "src/maths/mod.rs",
        "//! Maths, with a nested module.\npub mod square;\n\n\
         pub fn twice(x: u32) -> u32 {\n    crate::maths::square::helper(x) * 0 + 2 * x\n}\n",
    ),
    (
        "src/maths/square.rs",
        "#![allow(dead_code)]\n//! Squares.\npub fn square(x: u32) -> u32 {\n    x * x\n}\n\n\
         pub(crate) fn helper(x: u32) -> u32 {\n    x\n}\n\n\
         #[cfg(test)]\nmod tests {\n    #[test]\n    fn squares() {\n        assert_eq!(super::square(3), 9);\n    }\n}",
    ),
    (
        "src/text.rs",
        "/// Says hello. The word mod; here is no module, nor in \"mod x;\".\n\
         pub fn greeting() -> String {\n    let quote = '\"';\n    let raw = r#\"mod y; \"quoted\"\"#;\n\
         /* mod z; */\n    format!(\"hello {quote}{}{quote}\", raw.len())\n}\n",
    ),
    (
        "src/main.rs",
        "//! The binary.\n#![allow(unused_imports)]\n\nuse ahc061::maths::{self, square::square};\n\n\
         fn main() {\n    println!(\"{} {} {}\", maths::twice(2), square(5), ahc061::greeting());\n}\n",
    ),
    ("Cargo.toml", "[package]\nname = \"ahc061\"\n"),
];

#[test]
fn synthetic_bundle_compiles_and_runs() {
    let dir = check_dir().join("synthetic");
    let _ = fs::remove_dir_all(&dir);
    for (path, text) in SYNTHETIC {
        write_if_changed(&dir.join(path), text);
    }
    let bundle = bundle(&dir).unwrap_or_else(|e| panic!("{e:#}"));
    let source = dir.join("bundle.rs");
    fs::write(&source, &bundle.text).unwrap();
    let exe = dir.join("bundle");
    let compiled = Command::new("rustc")
        .args(["--edition", "2024", "--crate-type", "bin", "-o"])
        .arg(&exe)
        .arg(&source)
        .output()
        .expect("cannot run rustc");
    let stderr = String::from_utf8_lossy(&compiled.stderr);
    assert!(
        compiled.status.success(),
        "rustc failed on {}:\n{stderr}",
        source.display()
    );
    assert!(stderr.is_empty(), "rustc warned:\n{stderr}");
    let ran = Command::new(&exe).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&ran.stdout), "4 25 hello \"15\"\n");
}
