//! The `train` command end to end on a tiny budget: both ways write a
//! weights file that loads, and the policy it describes plays legal games.

use std::fs;
use std::path::Path;
use std::process::Command;

use ahc061::base::Linear;
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

#[test]
fn one_class_is_trained_and_the_others_are_kept() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("train-class.rs");
    let _ = fs::remove_file(&path);
    run_train(&[
        "search",
        "--train",
        "0..12",
        "--holdout",
        "12..16",
        "--generations",
        "1",
        "--population",
        "4",
        "--class",
        "2",
        "--from-hand",
        "-o",
        path.to_str().unwrap(),
    ]);
    let table = train::parse_table(&fs::read_to_string(&path).unwrap()).unwrap();
    let hand = ahc061::learned::HAND_TUNED;
    let near = |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-6);
    assert!(near(&table[0], &hand) && near(&table[1], &hand));
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
    let mut table = [ahc061::learned::HAND_TUNED; ahc061::learned::CLASSES];
    table[1][3] = -0.123456;
    let text = train::table_source(&table, &["a note".to_string()]);
    assert_eq!(train::parse_table(&text).unwrap(), table);
    assert!(train::parse_table("pub const TRAINED: T = [1.0, 2.0];").is_err());
    // The committed file, rows labelled, reads back as the table the bot uses.
    let committed = format!("{}/../src/learned_weights.rs", env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(committed).unwrap();
    assert_eq!(
        train::parse_table(&text).unwrap(),
        ahc061::learned_weights::TRAINED
    );
}

#[test]
fn leaf_fits_and_writes_weights_that_load() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("train-leaf.rs");
    let _ = fs::remove_file(&path);
    let stdout = run_train(&[
        "leaf",
        "--games",
        "0..12",
        "--holdout",
        "12..16",
        "--generations",
        "2",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(stdout.contains("held out"), "{stdout}");
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("Command: train leaf"), "{text}");
    let table = train::parse_leaf_table(&text).unwrap();
    // Fitted, not left at the extrapolation's weights.
    assert!(
        table.iter().any(|w| *w != ahc061::leaf::EXTRAPOLATION),
        "{table:?}"
    );
    // The table values a rollout's leaf: from a recorded game's turn 30 to
    // its turn 50, every class gives a finite objective.
    let input = ahc061_sim::judge::ToolInput::parse(
        &fs::read_to_string(format!(
            "{}/../tests/data/in/0000.txt",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    let mut judge = ahc061_sim::judge::Judge::new(input.clone());
    let mut states = vec![judge.state];
    while !judge.finished() {
        let (x, y) = ahc061::board::coords(judge.state.pos[0]);
        judge.play(x, y).unwrap();
        states.push(judge.state);
    }
    let value = ahc061::leaf::value(&table, &input.game, &states[30], &states[50]);
    assert!(value.is_finite() && value >= 0.0, "{value}");
}

#[test]
fn the_committed_leaf_weights_read_back() {
    let committed = format!("{}/../src/leaf_weights.rs", env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(committed).unwrap();
    assert_eq!(
        train::parse_leaf_table(&text).unwrap(),
        ahc061::leaf_weights::LEAF
    );
}

/// The scored duel plan of the weights in `path` plays every duel of
/// `seeds` legally.
fn duel_loads_and_plays(path: &Path, seeds: &str) {
    let weights = train::parse_duel(&fs::read_to_string(path).unwrap()).unwrap();
    let base = train::scored_duel(&weights);
    for input in train::duel_cases(seeds).unwrap() {
        assert!(train::play_base(&input, &base) > 0);
    }
}

#[test]
fn duel_search_writes_weights_that_load_and_play() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("train-duel.rs");
    let _ = fs::remove_file(&path);
    let stdout = run_train(&[
        "duel",
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
        "--sigma",
        "2",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(stdout.contains("generation   2"), "{stdout}");
    duel_loads_and_plays(&path, "6..10");
}

#[test]
fn duel_imitation_records_the_planners_positions_and_writes_weights_that_play() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("train-duel-imitate.rs");
    let _ = fs::remove_file(&path);
    let stdout = run_train(&[
        "duel",
        "--imitate",
        "200",
        "--train",
        "0..2",
        "--holdout",
        "2..4",
        "--generations",
        "2",
        "--holdout-every",
        "1",
        "--sigma",
        "2",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(stdout.contains("positions"), "{stdout}");
    duel_loads_and_plays(&path, "2..4");
}

#[test]
fn duel_weights_survive_writing_and_reading() {
    let mut weights = ahc061::duel_linear::PLAN;
    weights[7] = -0.654321;
    let text = train::duel_source(&weights, &["a note".to_string()]);
    assert_eq!(train::parse_duel(&text).unwrap(), weights);
    // The committed file reads back as the weights `+duel` plays.
    let committed = format!("{}/../src/duel_weights.rs", env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(committed).unwrap();
    assert_eq!(
        train::parse_duel(&text).unwrap(),
        ahc061::duel_weights::TRAINED
    );
}
