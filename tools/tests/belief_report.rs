//! `belief_report`: a belief without particles is refused, not reported;
//! with some, one line per checkpoint with the errors and the hit rate.

use std::fs;
use std::process::{Command, Output};

mod common;
use common::data;

fn belief_report(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_belief_report"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn no_particles_is_refused() {
    for count in ["0", "100001", "x"] {
        let out = belief_report(&["--particles", count]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{count}: {stderr}");
        assert!(
            stderr.starts_with(&format!(
                "error: invalid value '{count}' for '--particles <PARTICLES>'"
            )),
            "{count}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{count}");
    }
}

#[test]
fn a_few_particles_give_a_report() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("belief-report");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::copy(data("in/0000.txt"), dir.join("0000.txt")).unwrap();
    let out = belief_report(&["--dir", dir.to_str().unwrap(), "--particles", "50"]);
    common::assert_success(&out);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{stdout}");
    for (line, turn) in lines[1..].iter().zip(["10", "25", "50", "100"]) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields[0], turn, "{line}");
        for error in &fields[1..5] {
            let error: f64 = error.parse().unwrap();
            assert!(error.is_finite() && error >= 0.0, "{line}");
        }
        let hits: f64 = fields[5].trim_end_matches('%').parse().unwrap();
        assert!((0.0..=100.0).contains(&hits), "{line}");
    }
}

/// A folder it cannot list: one line, prefixed with the tool's name as
/// every tool's error is, and exit code 1.
#[test]
fn a_missing_folder_is_one_line_naming_the_tool() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-folder");
    let out = belief_report(&["--dir", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "belief_report: error: cannot list {}",
            dir.display()
        )),
        "{stderr}"
    );
}
