//! The bot's command line as a user meets it: `--help`, the `--flag=value`
//! form, and a tool input file fed to it directly instead of through the
//! tester.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use ahc061::agent::options::{Options, PolicyKind};

/// Runs the bot binary with `args`, `input` on its stdin.
fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ahc061"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The bot may exit before it reads everything: a broken pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

fn data(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path);
    std::fs::read_to_string(path).unwrap()
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn help_prints_the_usage_and_exits_0() {
    for flag in ["--help", "-h"] {
        let out = run(&[flag], "");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{flag}: {:?}", out.status);
        for option in [
            "--seed",
            "--budget",
            "--fixed-work",
            "--policy",
            "--trace",
            "tester",
        ] {
            assert!(stdout.contains(option), "{flag}: no {option} in:\n{stdout}");
        }
        assert!(out.stderr.is_empty());
    }
}

#[test]
fn flags_take_their_value_after_an_equals_sign_too() {
    let spaced = Options::from_args(args(&[
        "--seed",
        "7",
        "--budget",
        "0.5",
        "--fixed-work",
        "20",
        "--policy",
        "greedy",
        "--trace",
        "t=1.jsonl",
    ]))
    .unwrap();
    let joined = Options::from_args(args(&[
        "--seed=7",
        "--budget=0.5",
        "--fixed-work=20",
        "--policy=greedy",
        "--trace=t=1.jsonl",
    ]))
    .unwrap();
    assert_eq!(spaced, joined);
    assert_eq!(joined.seed, 7);
    assert_eq!(joined.policy, PolicyKind::Greedy);
    assert_eq!(joined.trace.as_deref(), Some("t=1.jsonl"));
    let error = Options::from_args(args(&["--budget=abc"])).unwrap_err();
    assert_eq!(error, "--budget: expected seconds in (0, 60], got \"abc\"");
    let error = Options::from_args(args(&["--sede=1"])).unwrap_err();
    assert!(error.starts_with("unknown option \"--sede\""), "{error}");
}

#[test]
fn the_binary_plays_with_joined_flags_as_with_spaced_ones() {
    let judge = data("transcripts/0000.judge");
    // Turn 1's move only depends on the initial input and the options.
    let initial: String = judge.lines().take(15).map(|l| format!("{l}\n")).collect();
    let first_move = |flags: &[&str]| {
        let out = run(flags, &initial);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .map(str::to_string)
    };
    let spaced = first_move(&["--seed", "3", "--fixed-work", "20"]);
    assert!(spaced.is_some());
    assert_eq!(first_move(&["--seed=3", "--fixed-work=20"]), spaced);
}

#[test]
fn a_tool_input_file_is_told_to_go_through_the_tester() {
    let out = run(&["--policy", "greedy"], &data("in/0000.txt"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: this is a tool input file, not the judge's protocol (line 16"),
        "{stderr}"
    );
    assert!(
        stderr.contains("run the bot through the tester"),
        "{stderr}"
    );
}

/// `--set` blames an unknown knob after a known class for being unknown,
/// and a known knob's bad value for its value.
#[test]
fn set_names_an_unknown_knob_as_the_fault() {
    let error = |pair: &str| Options::from_args(args(&["--set", pair])).unwrap_err();
    let unknown = error("many.foo=1");
    assert!(
        unknown.starts_with("--set: unknown key \"many.foo\" (known after \"many.\": horizon, "),
        "{unknown}"
    );
    assert!(!unknown.contains("got \"1\""), "{unknown}");
    // The duel's tree search left the bot (issue 26): its keys are unknown.
    let unknown = error("duel.search=on");
    assert!(
        unknown.starts_with("--set: unknown key \"duel.search\" (known after \"duel.\": "),
        "{unknown}"
    );
    assert!(error("foo=1").starts_with("--set: unknown key \"foo\" (known: "));
    // A known knob: its value is the fault.
    assert_eq!(
        error("many.horizon=x"),
        "--set: many.horizon: expected a number of turns ≥ 1, got \"x\""
    );
    // Every knob the error lists is one `--set` takes.
    for field in unknown_list(&error("many.foo=1")) {
        let pair = format!("many.{field}=1");
        let result = Options::from_args(args(&["--set", &pair]));
        assert!(
            !result.as_ref().is_err_and(|e| e.contains("unknown key")),
            "{pair}: {result:?}"
        );
    }
}

/// The names an unknown-key error lists after its colon.
fn unknown_list(error: &str) -> Vec<String> {
    let list = error.rsplit_once(": ").unwrap().1.trim_end_matches(')');
    list.split(", ").map(str::to_string).collect()
}

#[test]
fn a_trace_it_cannot_create_is_named_in_the_warning() {
    let judge = data("transcripts/0000.judge");
    let initial: String = judge.lines().take(15).map(|l| format!("{l}\n")).collect();
    let path = "/nonexistent-ahc061-folder/trace.jsonl";
    let out = run(&["--fixed-work", "1", "--trace", path], &initial);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let warning = stderr.lines().find(|l| l.starts_with("warning: no trace"));
    let warning = warning.unwrap_or_else(|| panic!("no warning in {stderr}"));
    assert!(warning.contains(path), "{warning}");
}

/// `--help`'s `--base` names the bases `--base` accepts, and no other.
#[test]
fn the_help_names_the_bases_the_bot_accepts() {
    let help = String::from_utf8(run(&["--help"], "").stdout).unwrap();
    let line = help.lines().find(|l| l.trim_start().starts_with("--base"));
    let line = line.unwrap_or_else(|| panic!("no --base in {help}"));
    for name in ahc061::policy::base::NAMES.split(", ") {
        assert!(ahc061::policy::base::by_name(name).is_some(), "{name}");
        assert!(line.contains(name), "{name} not in {line}");
    }
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for removed in ["+block", "+duel"] {
        assert!(
            !line.contains(removed) && !readme.contains(removed),
            "{removed}"
        );
    }
}
