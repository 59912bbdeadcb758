//! The scored duel plan (src/duel_linear.rs): its plan weights play the
//! duel plan (src/duel.rs) move for move along whole duels, and trained or
//! not, it plays legal moves.

use ahc061::ai::greedy_target;
use ahc061::base::{ScoredDuel, choose_seeing};
use ahc061::board::coords;
use ahc061::duel_linear::{self, PLAN};
use ahc061::rules;
use ahc061_sim::judge::Judge;

mod common;

/// The public duels among tests/data/in.
const DUELS: [&str; 5] = ["0006", "0020", "0034", "0074", "0096"];

#[test]
fn the_plan_weights_play_the_duel_plan_move_for_move() {
    let mut positions = 0;
    for case in DUELS {
        let input = common::input(case);
        let game = &input.game;
        let mut judge = Judge::new(input.clone());
        while !judge.finished() {
            let state = judge.state;
            let reach = rules::legal_moves(&state, 2, 1);
            let target = greedy_target(game, &state, 1, &input.params[1], reach);
            let plan = ahc061::duel::choose(game, &state, reach, Some(target));
            let scored = duel_linear::choose(&PLAN, game, &state, reach, target);
            assert_eq!(scored, plan, "case {case}, turn {}", state.turn);
            positions += 1;
            let (x, y) = coords(plan);
            judge.play(x, y).unwrap();
        }
    }
    assert_eq!(positions, 500);
}

#[test]
fn the_trained_scored_duel_plays_legal_moves_only() {
    let base = ScoredDuel {
        inner: ahc061::base::standard(),
        weights: ahc061::duel_weights::TRAINED,
    };
    for case in DUELS {
        let input = common::input(case);
        let mut judge = Judge::new(input.clone());
        while !judge.finished() {
            let mv = choose_seeing(&base, &input.game, &judge.state, &input.params);
            let (x, y) = coords(mv);
            judge.play(x, y).expect("a legal move");
        }
        assert!(judge.score() > 0, "case {case}");
    }
}
