//! The `train` command end to end on a tiny budget: both ways write a
//! weights file that loads, and the policy it describes plays legal games.

use std::fs;
use std::path::Path;
use std::process::Command;

use ahc061::policy::base::Linear;
use ahc061_tools::train;

fn run_train(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_train"))
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The weights in `path` load and play every case of `seeds` legally.
fn loads_and_plays(path: &Path, seeds: &str) {
    let table = train::parse_table(&fs::read_to_string(path).unwrap()).unwrap();
    let base = Linear { table };
    for input in train::cases(seeds, |m| m >= 3).unwrap() {
        // play_base scores an illegal move 0; a real game never scores 0.
        assert!(train::play_base(&input, &base) > 0);
    }
}

#[test]
fn search_writes_weights_that_load_and_play() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("train-search.rs");
    let _ = fs::remove_file(&path);
    let stdout = run_train(&[
        "search",
        "--train",
        "0..6",
        "--holdout",
        "6..10",
        "--generations",
        "2",
        "--population",
        "4",
        "--holdout-every",
        "1",
        "--from-hand",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(stdout.contains("generation   2"), "{stdout}");
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("Command: train search"), "{text}");
    loads_and_plays(&path, "6..10");
}

/// Mutation this catches: `Some(c) => table[c as usize] = *weights` made
/// `Some(_c) => {}` in `table_with` (tools/src/train/command.rs): the chosen
/// class keeps its start weights, and "class 2 was not trained" fails.
#[test]
fn one_class_is_trained_and_the_others_are_kept() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("train-class.rs");
    let _ = fs::remove_file(&path);
    let stdout = run_train(&[
        "search",
        // Seeds with games of class 2 (M = 7–8) among them: five to train
        // on, one held out.
        "--train",
        "0..40",
        "--holdout",
        "40..50",
        "--generations",
        "2",
        "--population",
        "4",
        "--class",
        "2",
        "--from-hand",
        "-o",
        path.to_str().unwrap(),
    ]);
    let table = train::parse_table(&fs::read_to_string(&path).unwrap()).unwrap();
    let hand = ahc061::policy::learned::HAND_TUNED;
    let near = |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-6);
    assert!(near(&table[0], &hand) && near(&table[1], &hand));
    // The trained class moved, to weights that score better than the start
    // on its training and held-out games: the last line reads "… train Xk,
    // held out Yk (start Tk, Hk) …".
    assert!(!near(&table[2], &hand), "class 2 was not trained");
    let kept = stdout
        .lines()
        .find(|l| l.starts_with("kept the search mean"))
        .expect(&stdout);
    // Its figures in order: train, held out, the start's train and held out.
    let figures: Vec<f64> = kept
        .split_whitespace()
        .filter_map(|w| w.trim_end_matches([',', ')', ';']).strip_suffix('k'))
        .filter_map(|n| n.parse().ok())
        .collect();
    assert_eq!(figures.len(), 4, "{kept}");
    assert!(figures[0] > figures[2] && figures[1] > figures[3], "{kept}");
}

#[test]
fn imitate_fits_the_planners_moves_and_writes_weights_that_load_and_play() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("train-imitate.rs");
    let _ = fs::remove_file(&path);
    let stdout = run_train(&[
        "imitate",
        "--games",
        "0..3",
        "--holdout",
        "3..5",
        "--work",
        "8",
        "--steps",
        "20",
        "--from-hand",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(stdout.contains("positions"), "{stdout}");
    loads_and_plays(&path, "3..5");
}

#[test]
fn a_table_survives_writing_and_reading() {
    let mut table = [ahc061::policy::learned::HAND_TUNED; ahc061::policy::learned::CLASSES];
    table[1][3] = -0.123456;
    let text = train::table_source(&table, &["a note".to_string()]);
    assert_eq!(train::parse_table(&text).unwrap(), table);
    assert!(train::parse_table("pub const TRAINED: T = [1.0, 2.0];").is_err());
    // The committed file, rows labelled, reads back as the table the bot uses.
    let committed = format!(
        "{}/../src/policy/learned_weights.rs",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = fs::read_to_string(committed).unwrap();
    assert_eq!(
        train::parse_table(&text).unwrap(),
        ahc061::policy::learned_weights::TRAINED
    );
}

#[test]
fn the_imitation_score_counts_the_first_of_equal_moves_as_the_bot_plays_it() {
    // Two moves of the same group and features: equal values, and the bot
    // plays the first (the lower cell).
    let weights: ahc061::policy::learned::Weights = [1.0; ahc061::policy::features::WEIGHTS];
    let twin = (0, [0.5; ahc061::policy::features::PER_GROUP]);
    let first = train::Position {
        cells: vec![twin, twin],
        chosen: 0,
    };
    let second = train::Position {
        chosen: 1,
        ..first.clone()
    };
    assert_eq!(train::imitation_loss(&[first], &weights).1, 1.0);
    assert_eq!(train::imitation_loss(&[second], &weights).1, 0.0);
    assert_eq!(train::first_best([1.0, 3.0, 3.0, 2.0].into_iter()), 1);
    assert_eq!(train::first_best(std::iter::empty()), 0);
}
