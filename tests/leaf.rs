//! The learned leaf value (src/leaf.rs): its features on constructed
//! positions, and its agreement with the planner's other leaves where they
//! must agree.

mod common;

use ahc061::board::cell;
use ahc061::leaf::{self, EXTRAPOLATION, FEATURES};
use ahc061::planner::{Leaf, objective};
use ahc061::rules::resolve;
use ahc061::state::{Game, State};

/// Three players on a board of 1000-point cells (U = 3); after the moves
/// below, player 0 owns its start at level 2 and one more cell at level 1,
/// player 1 the same, and player 2, which stood still (raising its start
/// each turn), its start at the cap.
fn position() -> (Game, State, State) {
    let game = common::game(3, 1000, &[(0, 0), (9, 9), (5, 5)]);
    let root = game.initial_state();
    let mut leaf = root;
    // Turn 1: player 0 takes (0, 1), player 1 (9, 8), player 2 stays.
    resolve(
        &game,
        &mut leaf,
        &[cell(0, 1), cell(9, 8), cell(5, 5), 0, 0, 0, 0, 0],
    );
    // Turn 2: player 0 raises its start, the others stay.
    resolve(
        &game,
        &mut leaf,
        &[cell(0, 0), cell(9, 9), cell(5, 5), 0, 0, 0, 0, 0],
    );
    (game, root, leaf)
}

#[test]
fn features_count_the_rate_the_room_and_the_open_land() {
    let (game, root, leaf) = position();
    assert_eq!(leaf.turn, 2);
    assert_eq!(leaf.score[0], 3000);
    let open = leaf::open_value(&game, &leaf);
    // 100 cells, 2 + 2 + 1 of them owned.
    assert_eq!(open, 95_000.0);
    let x = leaf::features(&game, &root, &leaf, 0, open);
    let left = 98.0;
    // Gained 2000 in 2 turns; room: (3 − 2) + (3 − 1) levels of 1000.
    let rate = 1000.0;
    let room = 3000.0 / left;
    let share = open / 3.0 / left;
    let expected = [
        rate,
        rate * left / 100.0,
        room,
        share,
        rate.min(room + share),
        1000.0,
    ];
    for (got, want) in x.iter().zip(expected) {
        assert!((got - want).abs() < 1e-9, "{x:?} against {expected:?}");
    }
    // Player 2 gained as fast, but has no room left: the last feature
    // caps its rate by what remains to be had.
    let x2 = leaf::features(&game, &root, &leaf, 2, open);
    assert_eq!(x2[0], 1000.0);
    assert_eq!(x2[2], 0.0);
    assert!((x2[4] - share).abs() < 1e-9);
}

#[test]
fn the_extrapolation_weights_are_the_extrapolated_leaf() {
    let (game, root, leaf) = position();
    let table = [EXTRAPOLATION; leaf::CLASSES];
    let learned = leaf::value(&table, &game, &root, &leaf);
    let extrapolated = Leaf::Extrapolated.value(&game, &root, &leaf);
    assert!(
        (learned - extrapolated).abs() < 1e-12,
        "{learned} against {extrapolated}"
    );
    // And zero weights are the objective as it stands.
    let still = leaf::value(&[[0.0; FEATURES]; leaf::CLASSES], &game, &root, &leaf);
    assert!((still - objective(&leaf, game.m)).abs() < 1e-12);
}

#[test]
fn at_the_game_s_end_every_leaf_is_the_objective() {
    let input = common::input("0000");
    let game = &input.game;
    let mut judge = ahc061_sim::judge::Judge::new(input.clone());
    let root = judge.state;
    while !judge.finished() {
        let (x, y) = ahc061::board::coords(judge.state.pos[0]);
        judge.play(x, y).unwrap();
    }
    let end = judge.state;
    for leaf in [Leaf::Objective, Leaf::Extrapolated, Leaf::Learned] {
        assert_eq!(
            leaf.value(game, &root, &end),
            objective(&end, game.m),
            "{leaf:?}"
        );
    }
}

#[test]
fn the_committed_weights_predict_gains_of_the_right_size() {
    // A sanity check on src/leaf_weights.rs as trained: from the position
    // above, no class predicts a loss or more than the whole board's value.
    let (game, root, leaf) = position();
    for class in 0..leaf::CLASSES {
        let weights = &ahc061::leaf_weights::LEAF[class];
        let open = leaf::open_value(&game, &leaf);
        for p in 0..game.m {
            let at_end = leaf::predicted(weights, &game, &root, &leaf, p, open);
            assert!(
                (1.0..300_000.0).contains(&at_end),
                "class {class} player {p}: {at_end}"
            );
        }
    }
}
