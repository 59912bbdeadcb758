//! The fuzz targets' harness (fuzz/harness.rs) on stable: every seed input
//! and every input a fuzzer found to crash (fuzz/regressions/TARGET/), so
//! that a fixed crash stays fixed. See fuzz/README.md.

use std::fs;
use std::path::{Path, PathBuf};

#[path = "../fuzz/harness.rs"]
mod harness;

fn inputs(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join(dir);
    // Each target's folders exist (a README.md keeps an empty one in git),
    // so that a misnamed folder fails here rather than being read as empty.
    let entries =
        fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut paths: Vec<PathBuf> = entries
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    paths.sort();
    paths
}

fn run_all(target: &str, run: fn(&[u8])) {
    let mut count = 0;
    for dir in [format!("seeds/{target}"), format!("regressions/{target}")] {
        for path in inputs(&dir) {
            let data = fs::read(&path).unwrap();
            let outcome = std::panic::catch_unwind(|| run(&data));
            assert!(outcome.is_ok(), "{target} fails on {}", path.display());
            count += 1;
        }
    }
    assert!(count > 0, "no inputs for {target}");
}

#[test]
fn every_fuzz_target_has_its_seeds_and_regressions_here() {
    let targets = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/fuzz_targets");
    let mut names: Vec<String> = fs::read_dir(targets)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
        .collect();
    names.sort();
    // The targets this file runs, below.
    assert_eq!(names, ["engine", "protocol"]);
}

#[test]
fn protocol_seeds_and_regressions() {
    run_all("protocol", harness::protocol);
}

/// Mutation this catches: fuzz/regressions/engine renamed (or missing): its
/// folder cannot be read, which fails instead of reading as no regressions.
#[test]
fn engine_seeds_and_regressions() {
    run_all("engine", harness::engine);
}

/// Every prefix of a real judge stream, and each of its bytes changed: the
/// protocol harness's checks on a few thousand near-valid inputs.
#[test]
fn protocol_on_prefixes_and_one_byte_changes() {
    let stream = fs::read(inputs("seeds/protocol")[0].clone()).unwrap();
    for len in 0..=stream.len() {
        harness::protocol(&stream[..len]);
    }
    for (k, replacement) in
        (0..stream.len()).zip([b'x', b'0', b'9', b'-', b' ', b'\n'].iter().cycle())
    {
        let mut changed = stream.clone();
        changed[k] = *replacement;
        harness::protocol(&changed);
    }
}
