//! One vocabulary across the tools (docs/TOOLS.md, "The tools, one command
//! each"): `-j/--jobs` with one default and one help line, `-o/--out FILE`
//! always a file and `--out-dir DIR` always a folder, `--seed` always the bot's
//! seed with the binary's default (`play --case N` is the case), and every
//! error a line `TOOL: error: …`.

use std::fs;
use std::process::{Command, Output};

mod common;
use common::{data, scratch_dir};

/// Runs the tool `exe` with `args`.
fn run(exe: &str, args: &[&str]) -> Output {
    Command::new(exe).args(args).output().unwrap()
}

/// The tool's `--help` (with `args` before it, e.g. a subcommand).
fn help(exe: &str, args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.push("--help");
    let out = run(exe, &all);
    common::assert_success(&out);
    String::from_utf8(out.stdout).unwrap()
}

/// The help's paragraph of option `flag`: its line and the explanation
/// under it, up to the next option's line (indented at most six spaces).
fn option(help: &str, flag: &str) -> String {
    let mut lines = help
        .lines()
        .skip_while(|line| !line.trim_start().starts_with(flag));
    let first = lines
        .next()
        .unwrap_or_else(|| panic!("no {flag} in:\n{help}"));
    let is_option = |line: &str| {
        let body = line.trim_start();
        body.starts_with('-') && line.len() - body.len() <= 6
    };
    let rest: Vec<&str> = lines.take_while(|line| !is_option(line)).collect();
    format!("{first}\n{}", rest.join("\n"))
}

const EVAL: &str = env!("CARGO_BIN_EXE_eval");
const SELFPLAY: &str = env!("CARGO_BIN_EXE_selfplay");
const ORACLE: &str = env!("CARGO_BIN_EXE_oracle");
const LOADTEST: &str = env!("CARGO_BIN_EXE_loadtest");
const PLAY: &str = env!("CARGO_BIN_EXE_play");

#[test]
fn every_tool_that_runs_games_at_once_takes_the_same_jobs_option() {
    for exe in [EVAL, SELFPLAY, ORACLE, LOADTEST] {
        let jobs = option(&help(exe, &[]), "-j, --jobs <JOBS>");
        assert!(
            jobs.contains("Games run at once (default: the number of cores)"),
            "{exe}: {jobs}"
        );
        assert!(!jobs.contains("[default:"), "{exe}: {jobs}");
        // The same check of the value everywhere: at least one game.
        let zero = run(exe, &["-j", "0"]);
        assert_eq!(zero.status.code(), Some(2), "{exe}");
        let stderr = String::from_utf8_lossy(&zero.stderr);
        assert!(stderr.contains("--jobs <JOBS>"), "{exe}: {stderr}");
    }
}

#[test]
fn out_is_a_file_and_out_dir_a_folder() {
    let file_tools: [(&str, &[&str]); 6] = [
        (EVAL, &[]),
        (SELFPLAY, &[]),
        (ORACLE, &[]),
        (env!("CARGO_BIN_EXE_vis"), &[]),
        (env!("CARGO_BIN_EXE_bundle"), &[]),
        (env!("CARGO_BIN_EXE_train"), &["search"]),
    ];
    for (exe, before) in file_tools {
        let text = help(exe, before);
        option(&text, "-o, --out <FILE>");
        assert!(!text.contains("--out-dir"), "{exe}:\n{text}");
    }
    for exe in [PLAY, LOADTEST, env!("CARGO_BIN_EXE_gen")] {
        let text = help(exe, &[]);
        option(&text, "--out-dir <DIR>");
        assert!(
            !text.contains("--out <") && !text.contains("-o,"),
            "{exe}:\n{text}"
        );
    }
    // gen's folder is --out-dir alone: --dir (an input folder everywhere
    // else) is refused, with --out-dir as the tip.
    let gen_out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("vocabulary-gen-dir");
    let out = run(
        env!("CARGO_BIN_EXE_gen"),
        &["seeds.txt", "--dir", gen_out.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("a similar argument exists: '--out-dir'"),
        "{stderr}"
    );
    assert!(!gen_out.exists());
    let text = help(env!("CARGO_BIN_EXE_gen"), &[]);
    assert!(!text.contains("--dir"), "{text}");
    // play's folder is --out-dir alone: --out (a file everywhere else) is refused.
    // (A folder of the tests' own: were it taken, the game would go there.)
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("vocabulary-play-out");
    let out = run(PLAY, &["--out", folder.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--out-dir"));
}

#[test]
fn seed_is_the_bots_seed_and_play_takes_the_case_as_case() {
    for exe in [PLAY, SELFPLAY, ORACLE] {
        let seed = option(&help(exe, &[]), "--seed <SEED>");
        assert!(seed.contains("The bot's seed"), "{exe}: {seed}");
    }
    let case = option(&help(PLAY, &[]), "--case <N>");
    assert!(case.contains("generator's seed N"), "{case}");
}

/// A row of selfplay's stdout without its seconds: case, M, score.
fn rows_without_times(out: &Output) -> Vec<String> {
    common::assert_success(out);
    let stdout = String::from_utf8_lossy(&out.stdout);
    stdout
        .lines()
        .map(|line| line.rsplit_once('\t').unwrap().0.to_string())
        .collect()
}

#[test]
fn the_bots_seed_defaults_to_the_binarys_everywhere() {
    let default = ahc061::agent::options::DEFAULT_SEED;
    for exe in [SELFPLAY, ORACLE] {
        let seed = option(&help(exe, &[]), "--seed <SEED>");
        assert!(seed.contains("(default: the binary's"), "{exe}: {seed}");
        assert!(
            seed.contains(&format!("[default: {default}]")),
            "{exe}: {seed}"
        );
    }
    // play passes no --seed unless given one: the bot's own default.
    let seed = option(&help(PLAY, &[]), "--seed <SEED>");
    assert!(seed.contains("default: the bot's"), "{seed}");
    // selfplay without --seed plays the game of --seed DEFAULT_SEED (on this
    // duel, not the game of seed 1, its default before).
    let dir = scratch_dir("vocabulary", "seed");
    fs::copy(data("in/0034.txt"), dir.join("0034.txt")).unwrap();
    let selfplay = |extra: &[&str]| {
        let mut args = vec![
            "--dir",
            dir.to_str().unwrap(),
            "--fixed-work",
            "10",
            "-j",
            "1",
        ];
        args.extend_from_slice(extra);
        rows_without_times(&run(SELFPLAY, &args))
    };
    let plain = selfplay(&[]);
    assert_eq!(plain.len(), 1, "{plain:?}");
    assert_eq!(plain, selfplay(&["--seed", &default.to_string()]));
    assert_ne!(plain, selfplay(&["--seed", "1"]));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn errors_name_the_tool() {
    let dir = scratch_dir("vocabulary", "errors");
    fs::write(dir.join("0000.txt"), "not a case\n").unwrap();
    let bad_dir = dir.to_str().unwrap();
    let missing = dir.join("missing.txt");
    let cases = data("in");
    let runs: [(&str, &str, Vec<&str>); 4] = [
        ("selfplay", SELFPLAY, vec!["--dir", bad_dir, "-j", "1"]),
        (
            "selfplay",
            SELFPLAY,
            vec![
                "--dir",
                cases.to_str().unwrap(),
                "--weights",
                missing.to_str().unwrap(),
            ],
        ),
        (
            "belief_report",
            env!("CARGO_BIN_EXE_belief_report"),
            vec!["--dir", bad_dir],
        ),
        ("oracle", ORACLE, vec!["--dir", bad_dir, "-j", "1"]),
    ];
    for (name, exe, args) in runs {
        let out = run(exe, &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name} {args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name} {args:?}: {stderr}");
        assert!(
            stderr.starts_with(&format!("{name}: error: ")),
            "{name} {args:?}: {stderr}"
        );
    }
    // A base policy that does not exist is refused before anything runs.
    for exe in [SELFPLAY, env!("CARGO_BIN_EXE_bench")] {
        let out = run(exe, &["--base", "nope"]);
        assert_eq!(out.status.code(), Some(2), "{exe}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("expected one of hand, learned"),
            "{exe}: {stderr}"
        );
    }
    // So is a policy selfplay does not know (it played the planner).
    let out = run(SELFPLAY, &["--policy", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    fs::remove_dir_all(&dir).unwrap();
}
