//! Issue 55, §4: a failure says so at once and names its subject, and a
//! skipped test says it was skipped.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

mod common;
use common::{data, scratch_dir};

const TESTER: &str = env!("CARGO_BIN_EXE_tester");
const EVAL: &str = env!("CARGO_BIN_EXE_eval");
const SELFPLAY: &str = env!("CARGO_BIN_EXE_selfplay");

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A folder holding one good case, tests/data/in/0000.txt, as `good.txt`.
fn one_case(name: &str) -> std::path::PathBuf {
    let dir = scratch_dir("failures", name);
    fs::copy(data("in/0000.txt"), dir.join("good.txt")).unwrap();
    dir
}

#[test]
fn the_browser_tests_are_ignored_as_needing_chromium_and_ci_asks_for_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for file in ["tools/tests/browser.rs", "tools/tests/serve_browser.rs"] {
        let source = fs::read_to_string(root.join(file)).unwrap();
        let tests = source.matches("#[test]\n").count();
        let ignored = source
            .matches("#[test]\n#[ignore = \"needs chromium\"]\n")
            .count();
        assert!(
            tests > 0 && ignored == tests,
            "{file}: {ignored} of {tests} marked"
        );
    }
    let ci = fs::read_to_string(root.join(".ci/run")).unwrap();
    let asks = ci
        .lines()
        .any(|line| line.contains("--test browser --test serve_browser"))
        && ci.contains("-- --ignored");
    assert!(asks, ".ci/run does not run the browser tests:\n{ci}");
}

#[test]
fn tester_checks_the_log_path_before_the_game() {
    let dir = scratch_dir("failures", "tester-log");
    let started = dir.join("started");
    let bot = format!("touch {}", started.display());
    let log = dir.join("no/such/folder/game.log");
    let out = Command::new(TESTER)
        .arg("--log")
        .arg(&log)
        .arg("--input")
        .arg(data("in/0000.txt"))
        .args(["sh", "-c", &bot])
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&log.display().to_string()), "{stderr}");
    assert!(!started.exists(), "the bot was started before the check");
}

#[test]
fn selfplay_checks_out_before_the_first_game() {
    let dir = one_case("selfplay-out");
    let out_path = dir.join("no/such/folder/rows.tsv");
    let out = Command::new(SELFPLAY)
        .arg("--dir")
        .arg(&dir)
        .args(["--policy", "greedy", "-o"])
        .arg(&out_path)
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&out_path.display().to_string()), "{stderr}");
    // No game ran: no row was printed.
    assert_eq!(text(&out.stdout), "", "{stderr}");
}

/// eval over `dir` with a "bot" that exits at once (each game an error).
fn eval_quick(dir: &Path) -> Output {
    Command::new(EVAL)
        .arg("--dir")
        .arg(dir)
        .args(["-j", "1", "--", "true"])
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn eval_prints_progress_lines_when_stderr_is_not_a_terminal() {
    let dir = one_case("eval-progress");
    fs::copy(data("in/0001.txt"), dir.join("other.txt")).unwrap();
    let out = eval_quick(&dir);
    let stderr = text(&out.stderr);
    // The first and the last game always get a line; the pace between
    // them is time's (every 30 s), which this short run does not reach.
    for done in ["progress: 1/2 games, ", "progress: 2/2 games, "] {
        let line = stderr.lines().find(|l| l.starts_with(done));
        let line = line.unwrap_or_else(|| panic!("no {done:?} line in:\n{stderr}"));
        assert!(
            line.contains(" s, eta ") && line.contains(", mean 0"),
            "{line}"
        );
    }
}

#[test]
fn eval_names_a_case_it_cannot_read_instead_of_filing_it_under_m_0() {
    let dir = one_case("eval-unreadable");
    // Not UTF-8: the file cannot be read as text.
    fs::write(dir.join("binary.txt"), [0xff, 0xfe, 0x00]).unwrap();
    fs::write(dir.join("malformed.txt"), "4 2\n").unwrap();
    let out = eval_quick(&dir);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    for name in ["binary.txt", "malformed.txt"] {
        let path = dir.join(name).display().to_string();
        assert!(stdout.contains(&path), "{path} not named in:\n{stdout}");
    }
    assert!(
        !stdout.contains("M=0") && !stdout.contains("U=0"),
        "{stdout}"
    );
    // The case that was read is still in the tables.
    assert!(
        stdout.contains("by M  cases") && stdout.contains("\nM="),
        "{stdout}"
    );
}

#[test]
fn tester_says_it_was_writing_the_moves_to_stdout() {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(TESTER)
        .arg("--input")
        .arg(data("in/0000.txt"))
        .args(["sh", "-c", "echo 0 0"])
        .stdout(full)
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("tester: error: cannot write the moves to stdout: "),
        "{stderr}"
    );
}
