//! The generator against the official input files, its override flags, and
//! the `gen` command line.

use std::fs;
use std::path::PathBuf;
use std::process::Command;

use ahc061_tools::r#gen::{N, T, generate};

mod common;

/// Copies of the official `in/0000.txt … in/0099.txt` (seed = file number).
const OFFICIAL_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/in/");

fn official(seed: u64) -> String {
    let path = format!("{OFFICIAL_DIR}{seed:04}.txt");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// A fresh, empty scratch directory for one test.
fn scratch_dir(name: &str) -> PathBuf {
    common::scratch_dir("gen", name)
}

#[test]
fn reproduces_the_official_files() {
    let mut mismatched = Vec::new();
    for seed in 0..100u64 {
        let ours = generate(seed, None, None).to_input_string();
        let theirs = official(seed);
        if ours != theirs {
            let line = ours
                .lines()
                .zip(theirs.lines())
                .position(|(a, b)| a != b)
                .map_or("(length)".to_string(), |i| (i + 1).to_string());
            mismatched.push(format!("seed {seed}: first difference at line {line}"));
        }
    }
    assert!(mismatched.is_empty(), "{}", mismatched.join("\n"));
}

#[test]
fn seed_0_is_the_fixed_example() {
    let case = generate(0, None, None);
    assert_eq!((case.n, case.m, case.t, case.u), (N, 4, T, 3));
}

#[test]
fn overrides_set_m_and_u() {
    for seed in [0u64, 1, 7, 42] {
        for m in 2..=8usize {
            for u in 1..=5u8 {
                let case = generate(seed, Some(m), Some(u));
                assert_eq!((case.m, case.u), (m, u));
                let text = case.to_input_string();
                let lines: Vec<&str> = text.lines().collect();
                assert_eq!(lines[0], format!("{N} {m} {T} {u}"));
                // Header, N value rows, M start cells, M−1 params, T·(M−1) r.
                assert_eq!(lines.len(), 1 + N + m + (m - 1) + T * (m - 1));
                let params = &lines[1 + N + m..1 + N + m + (m - 1)];
                assert!(params.iter().all(|l| l.split(' ').count() == 5));
                let r = &lines[1 + N + m + (m - 1)..];
                assert!(r.iter().all(|l| l.split(' ').count() == 2));
                // Start cells stay distinct and on the board.
                let mut cells = case.start.clone();
                cells.sort();
                cells.dedup();
                assert_eq!(cells.len(), m);
                assert!(cells.iter().all(|&(x, y)| x < N && y < N));
                // The values are drawn before M matters: overriding M or U
                // leaves them as the official file has them.
                assert_eq!(case.v, generate(seed, None, None).v);
            }
        }
    }
}

#[test]
fn override_to_the_drawn_value_changes_nothing() {
    for seed in 0..20u64 {
        let plain = generate(seed, None, None);
        assert_eq!(generate(seed, Some(plain.m), Some(plain.u)), plain);
    }
}

#[test]
fn cli_writes_files_numbered_by_seed_index() {
    let dir = scratch_dir("cli");
    let seeds = dir.join("seeds.txt");
    // A blank line is skipped and does not use up a file number.
    fs::write(&seeds, "5\n17\n\n3\n").unwrap();
    let out = dir.join("in");
    let output = Command::new(env!("CARGO_BIN_EXE_gen"))
        .arg(&seeds)
        .arg(format!("--out-dir={}", out.display()))
        .output()
        .unwrap();
    assert!(output.status.success());
    // What it wrote, and where, on stderr.
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "gen: wrote 3 input files to {}: 0000.txt to 0002.txt\n",
            out.display()
        )
    );
    assert!(output.stdout.is_empty());
    for (index, seed) in [5u64, 17, 3].into_iter().enumerate() {
        let text = fs::read_to_string(out.join(format!("{index:04}.txt"))).unwrap();
        assert_eq!(text, official(seed));
    }
    assert_eq!(fs::read_dir(&out).unwrap().count(), 3);

    // `--out-dir DIR` (space-separated) and the uppercase override flags.
    let out2 = dir.join("in2");
    let status = Command::new(env!("CARGO_BIN_EXE_gen"))
        .arg(&seeds)
        .arg("--out-dir")
        .arg(&out2)
        .args(["--M=2", "--U", "5"])
        .status()
        .unwrap();
    assert!(status.success());
    let text = fs::read_to_string(out2.join("0001.txt")).unwrap();
    assert_eq!(text, generate(17, Some(2), Some(5)).to_input_string());
    assert!(text.starts_with(&format!("{N} 2 {T} 5\n")));
    assert_eq!(text.lines().count(), 1 + N + 2 + 1 + T);

    // `--m` and `--u` are `--M` and `--U`.
    let out3 = dir.join("in3");
    let status = Command::new(env!("CARGO_BIN_EXE_gen"))
        .arg(&seeds)
        .arg("--out-dir")
        .arg(&out3)
        .args(["--m=2", "--u", "5"])
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(fs::read_to_string(out3.join("0001.txt")).unwrap(), text);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_reports_errors_without_panicking() {
    let dir = scratch_dir("errors");
    let run_gen = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gen"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    // A seeds file without a seed is an error, not a silent success.
    let empty = dir.join("empty.txt");
    fs::write(&empty, "\n\n").unwrap();
    let output = run_gen(&[empty.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "gen: error: {}: no seed in it (one whole number a line): nothing written\n",
            empty.display()
        )
    );
    let seeds = dir.join("seeds.txt");
    fs::write(&seeds, "1\nnot-a-seed\n").unwrap();
    let seeds = seeds.to_str().unwrap();
    let out_dir = format!("--out-dir={}", dir.join("out").display());
    for args in [
        vec!["missing-seeds.txt"],
        vec![seeds, out_dir.as_str()],
        vec![seeds, "--M=9"],
        vec![seeds, "--U=0"],
    ] {
        let output = run_gen(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.trim().is_empty(), "{args:?}: no message");
    }
    fs::remove_dir_all(&dir).unwrap();
}
