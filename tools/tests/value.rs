//! The learned value's data, trainer and inference (tools/src/value/,
//! src/search/value.rs): `selfplay --positions` writes what a game was, a
//! tiny `train value` lowers its loss, and the bot's quantized inference
//! gives the trainer's value.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use ahc061::search::value::{FEATURES, ValueNet};
use ahc061_tools::value::data::{self, MAX_LAG, Record};
use ahc061_tools::value::model::{self, Network, Options};

fn tmp(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// Public cases of three or more players, copied to a folder of the
/// calling test's own (`test`), so that tests running at once never share
/// one.
fn cases(test: &str, names: &[&str]) -> PathBuf {
    let dir = tmp(&format!("value-cases-{test}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/in");
    for name in names {
        let file = format!("{name}.txt");
        fs::copy(root.join(&file), dir.join(&file)).unwrap();
    }
    dir
}

const FOUR: [&str; 4] = ["0000", "0003", "0004", "0019"];
/// Eleven cases: 1 089 positions at one a turn.
const ELEVEN: [&str; 11] = [
    "0000", "0003", "0004", "0005", "0007", "0009", "0012", "0013", "0014", "0016", "0019",
];

/// `selfplay --policy base` over `dir`, writing its positions to `file`,
/// with `more` options: its stdout (the games' rows).
fn selfplay_positions(dir: &Path, file: &Path, more: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_selfplay"))
        .args(["--dir", dir.to_str().unwrap(), "--policy", "base"])
        .args(["--positions", file.to_str().unwrap()])
        .args(more)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `selfplay --policy base` over `dir` with `--positions`: the records and
/// the games' rows (case, M, score).
fn positions(dir: &Path, every: &str) -> (Vec<Record>, Vec<(String, usize, i64)>) {
    let file = dir.join("positions.bin");
    let stdout = selfplay_positions(dir, &file, &["-j", "1", "--positions-every", every]);
    let rows = stdout
        .lines()
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect();
    (data::read(&file).unwrap(), rows)
}

#[test]
fn selfplay_writes_each_games_positions_with_its_final_objective() {
    let dir = cases("every3", &FOUR);
    let (records, rows) = positions(&dir, "3");
    // Turns 1, 4, …, 97 of each game: 33 positions.
    assert_eq!(records.len(), 33 * rows.len());
    for (game, row) in records.chunks(33).zip(&rows) {
        let (_, m, score) = row;
        let turns: Vec<u32> = game.iter().map(|r| r.turn).collect();
        assert_eq!(turns, (1..99).step_by(3).collect::<Vec<u32>>());
        for r in game {
            assert_eq!(r.m as usize, *m);
            assert_eq!(r.x.len(), FEATURES);
            // The judge's score is 1e5 × the final objective, rounded.
            assert!(
                (1e5 * r.outcome as f64 - *score as f64).abs() < 1.0,
                "{row:?}"
            );
        }
    }
    // A position's inputs hold its turn: the turns left, first global.
    let left = records[1].x[2 * 128];
    assert!((left - (100.0 - 4.0) / 100.0).abs() < 1e-6);
}

#[test]
fn a_bad_positions_path_fails_before_any_game() {
    let out = Command::new(env!("CARGO_BIN_EXE_selfplay"))
        .args([
            "--dir",
            cases("bad-path", &FOUR).to_str().unwrap(),
            "--policy",
            "base",
        ])
        .args(["--positions", "/nonexistent/dir/p.bin"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "no game was played");
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/dir/p.bin"));
}

/// The positions of `names`, every turn, played in the calling test's
/// own folder.
fn every_position(test: &str, names: &[&str]) -> Vec<Record> {
    positions(&cases(test, names), "1").0
}

fn tiny(epochs: usize) -> Options {
    Options {
        hidden: vec![16, 8],
        epochs,
        batch: 64,
        lr: 3e-3,
        weight_decay: 0.0,
        seed: 7,
        paired: 0.0,
        cosine: false,
    }
}

#[test]
fn the_cosine_schedule_falls_from_the_rate_to_zero() {
    let lr = |cosine, step| model::learning_rate(0.01, cosine, step, 100);
    assert_eq!(lr(true, 0), 0.01);
    assert!((lr(true, 50) - 0.005).abs() < 1e-12);
    assert!(
        (lr(true, 25) - 0.01 * (0.5 + 0.5 * (0.25f64 * std::f64::consts::PI).cos())).abs() < 1e-12
    );
    assert!(lr(true, 100).abs() < 1e-12);
    assert!(lr(true, 90) < lr(true, 80), "it falls all along");
    assert_eq!(lr(false, 90), 0.01, "without it the rate stays");
}

#[test]
fn a_cosine_run_differs_from_a_constant_one_and_still_learns() {
    let records = every_position("cosine-run", &FOUR);
    let (constant, _) = model::fit(&records, &[], &tiny(10), |_, _| {}).unwrap();
    let cosine_options = Options {
        cosine: true,
        ..tiny(10)
    };
    let (cosine, epochs) = model::fit(&records, &[], &cosine_options, |_, _| {}).unwrap();
    assert_ne!(constant, cosine, "the schedule reached the optimizer");
    assert!(epochs.last().unwrap().train < epochs[0].train);
}

fn mse(net: &Network, records: &[Record]) -> f64 {
    records
        .iter()
        .map(|r| (net.predict(&r.x, r.extrapolated) - r.outcome) as f64)
        .map(|e| e * e)
        .sum::<f64>()
        / records.len() as f64
}

#[test]
fn a_tiny_training_run_lowers_its_loss_and_repeats_from_its_seed() {
    let records = every_position("tiny-run", &FOUR);
    assert!(records.len() >= 300);
    let (untrained, _) = model::fit(&records, &[], &tiny(0), |_, _| {}).unwrap();
    let (trained, epochs) = model::fit(&records, &[], &tiny(30), |_, _| {}).unwrap();
    let (before, after) = (mse(&untrained, &records), mse(&trained, &records));
    assert!(after < 0.5 * before, "{before} → {after}");
    assert!(epochs.last().unwrap().train < epochs[0].train);
    // The loss the trainer reports is the float network's.
    assert!((epochs.last().unwrap().train - after).abs() < 1e-4 * before.max(1.0));
    let (again, _) = model::fit(&records, &[], &tiny(30), |_, _| {}).unwrap();
    assert_eq!(trained, again, "the same seed, the same network");
}

/// The bot's value of each record's inputs through `bot`, against the
/// float network's.
fn largest_gap(net: &Network, bot: &ValueNet, records: &[Record]) -> f64 {
    let mut worst = 0f64;
    for r in records {
        let inputs = ahc061::search::value::Inputs {
            x: r.x.clone().try_into().unwrap(),
            extrapolated: r.extrapolated,
        };
        let gap = (bot.eval(&inputs) - net.predict(&r.x, r.extrapolated) as f64).abs();
        worst = worst.max(gap);
    }
    worst
}

#[test]
fn the_bots_quantized_inference_gives_the_trainers_value() {
    let records = every_position("quantized", &FOUR);
    assert!(records.len() >= 300);
    let (net, _) = model::fit(&records, &[], &tiny(10), |_, _| {}).unwrap();
    // i16 weights, one scale per output unit: within 0.001 of the
    // objective (100 score points) on every position.
    let gap = largest_gap(&net, &net.to_bot(), &records);
    assert!(gap < 1e-3, "{gap}");
}

#[test]
fn the_committed_weights_are_the_committed_float_networks() {
    // src/search/value_weights.rs is the quantized form of
    // tools/data/value.json, both written by one `train value` run.
    let json = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/value.json");
    let net = Network::read(&json).unwrap();
    let committed = ValueNet::committed();
    assert_eq!(committed.layers.len(), net.layers.len());
    let records = every_position("committed", &ELEVEN);
    assert!(records.len() >= 1000, "{}", records.len());
    let gap = largest_gap(&net, &committed, &records);
    assert!(gap < 1e-3, "{gap}");
}

#[test]
fn the_inputs_see_the_lag_a_rollout_had() {
    // A position's gains are measured from a root 1 to MAX_LAG turns back.
    let records = every_position("lag", &FOUR);
    let played: Vec<f32> = records.iter().map(|r| r.x[2 * 128 + 19] * 10.0).collect();
    assert!(
        played
            .iter()
            .all(|&p| p >= 1.0 && p <= MAX_LAG as f32 + 1e-3)
    );
    assert!(played.iter().any(|&p| p > 10.0) && played.iter().any(|&p| p < 5.0));
}

#[test]
fn the_committed_weights_file_is_the_writers_output_for_the_committed_network() {
    // Both were written by one `train value` run: the file is what the
    // writer makes of tools/data/value.json with the command in its header,
    // byte for byte. On a change of the writer, the file to commit is left
    // in the test's folder.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let net = Network::read(&root.join("data/value.json")).unwrap();
    let file = fs::read_to_string(root.join("../src/search/value_weights.rs")).unwrap();
    let command = file.lines().nth(2).unwrap();
    let command = command.trim_start_matches("//! `").trim_end_matches('`');
    let written = net.to_rust(command);
    let expected = tmp("value_weights.rs");
    fs::write(&expected, &written).unwrap();
    assert!(written == file, "the writer's file: {}", expected.display());
    // And the bot decodes it into the network's quantized weights exactly.
    let (committed, quantized) = (ValueNet::committed(), net.to_bot());
    assert_eq!(committed.layers.len(), quantized.layers.len());
    for (k, (ours, theirs)) in committed.layers.iter().zip(quantized.layers).enumerate() {
        assert!(ours.w == theirs.w, "layer {k}'s weights");
        assert_eq!(
            (ours.scale, ours.bias),
            (theirs.scale, theirs.bias),
            "layer {k}"
        );
    }
}

#[test]
fn weights_go_through_their_text_unchanged() {
    let weights = [
        0,
        1,
        -1,
        2,
        -2,
        63,
        64,
        -64,
        4095,
        4096,
        -32767,
        32767,
        i16::MIN,
        i16::MAX,
    ];
    let text = model::encode(&weights);
    assert_eq!(text.len(), 3 * weights.len());
    assert!(
        text.bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'+' || c == b'/')
    );
    assert_eq!(ahc061::search::value::decode(&text), weights);
}

/// `selfplay --policy base --leaves` over `dir`: the leaf records.
fn leaves(dir: &Path, arms: &str) -> Vec<Record> {
    let file = dir.join("leaves.bin");
    let options = [
        "-j",
        "2",
        "--positions-every",
        "7",
        "--leaves",
        "--leaf-arms",
        arms,
        "--leaf-seeds",
        "2",
        "--leaf-playouts",
        "8",
    ];
    selfplay_positions(dir, &file, &options);
    data::read(&file).unwrap()
}

#[test]
fn leaves_come_in_groups_of_one_root_and_seed_labelled_by_playouts() {
    let records = leaves(&cases("leaves", &FOUR), "5");
    assert!(records.len() >= 4 * 5 * 2 * 5, "{} leaves", records.len());
    let groups: Vec<&[Record]> = records.chunk_by(|a, b| a.group == b.group).collect();
    let mut arms_differ = 0;
    for group in &groups {
        // Every arm of a root and seed (five, or every legal move when
        // fewer), stopped at one turn before the end.
        assert!((2..=5).contains(&group.len()), "{} arms", group.len());
        assert!(
            group
                .iter()
                .all(|r| r.turn == group[0].turn && r.turn < 100)
        );
        for r in *group {
            assert!((0.0..=8.0).contains(&r.outcome), "label {}", r.outcome);
            assert_eq!(r.x.len(), FEATURES);
        }
        if group.iter().any(|r| r.outcome != group[0].outcome) {
            arms_differ += 1;
        }
    }
    let numbers: std::collections::HashSet<u32> = groups.iter().map(|g| g[0].group).collect();
    assert_eq!(
        numbers.len(),
        groups.len(),
        "each group's number is its own"
    );
    assert!(arms_differ * 2 > groups.len(), "the first move matters");
    // Near the end a leaf's playouts agree with extrapolation closely, as
    // little is left to play; early they do not have to.
    let late: Vec<&Record> = records.iter().filter(|r| r.turn >= 90).collect();
    assert!(!late.is_empty());
    let gap = late
        .iter()
        .map(|r| (r.outcome - r.extrapolated).abs() as f64)
        .sum::<f64>()
        / late.len() as f64;
    assert!(
        gap < 0.05,
        "mean |label − extrapolated| {gap} after turn 90"
    );
    // The same command writes the same leaves.
    assert!(leaves(&cases("leaves-again", &FOUR), "5") == records);
}

fn record(group: u32, outcome: f32, extrapolated: f32) -> Record {
    Record {
        outcome,
        turn: 50,
        m: 4,
        extrapolated,
        group,
        x: vec![0.0; FEATURES],
    }
}

#[test]
fn the_paired_error_counts_only_differences_within_a_group() {
    let records = [
        record(1, 1.0, 0.7),
        record(1, 1.2, 0.9),
        record(2, 0.5, 0.5),
        record(2, 0.3, 0.4),
        // Alone in its group: left out.
        record(3, 0.9, 0.0),
    ];
    // Group 1 is off by a constant: no paired error. Group 2's differences
    // are 0.2 (labels) and 0.1 (predictions): each leaf is off its
    // group's mean by 0.05.
    let (error, n) = data::paired_error(&records, |r| r.extrapolated as f64);
    assert_eq!(n, 4);
    let expected = (2.0 * 0.05f64 * 0.05 / 4.0).sqrt();
    assert!((error - expected).abs() < 1e-6, "{error} vs {expected}");
    let (exact, _) = data::paired_error(&records, |r| r.outcome as f64 + 3.0);
    assert!(exact < 1e-9);
}
