//! The rollout planner: it finds the obviously best move in constructed
//! positions and never proposes an illegal move.

use ahc061::base;
use ahc061::belief::Belief;
use ahc061::board::{cell, coords};
use ahc061::clock::Allowance;
use ahc061::planner::{Config, Planner};
use ahc061::rules;
use ahc061::state::Game;
use ahc061_sim::judge::Judge;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

mod common;

fn game(m: usize, starts: &[(usize, usize)]) -> Game {
    common::game(m, 500, starts)
}

#[test]
fn it_takes_the_leaders_only_capturable_level_1_cell() {
    // The leader (player 1) holds a valuable level-1 cell next to our piece,
    // away from its own piece, on the last turn: capturing it now is worth far
    // more than anything else (earlier, capturing it a turn later would do).
    let mut g = game(3, &[(0, 0), (5, 5), (9, 9)]);
    g.value[cell(0, 1) as usize] = 5000;
    let base = g.initial_state();
    let mut owner = base.owner;
    let mut level = base.level;
    owner[cell(0, 1) as usize] = 1;
    level[cell(0, 1) as usize] = 1;
    let state = g.state_from_grids(&owner, &level, &base.pos, 99);
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let belief = Belief::new(3, 200, &mut rng);
    let mut planner = Planner::new(Config::default(), base::standard(), 9);
    let decision = planner.choose(&g, &state, &belief, Allowance::Rollouts(400));
    assert_eq!(coords(decision.cell), (0, 1), "{:?}", decision.candidates);
}

#[test]
fn it_never_proposes_an_illegal_move_along_recorded_games() {
    for name in ["0030", "0031", "0032"] {
        let input = common::input(name);
        let mut judge = Judge::new(input);
        let mut rng = Pcg64Mcg::seed_from_u64(2);
        let mut belief = Belief::new(judge.input.game.m, 200, &mut rng);
        let mut planner = Planner::new(Config::default(), base::standard(), 5);
        while !judge.finished() {
            let before = judge.state;
            let game = judge.input.game.clone();
            let decision = planner.choose(&game, &before, &belief, Allowance::Rollouts(40));
            assert!(
                rules::is_legal(&before, game.m, 0, decision.cell),
                "case {name} turn {}",
                before.turn + 1
            );
            let (x, y) = coords(decision.cell);
            let (feedback, _) = judge.play(x, y).unwrap();
            belief.observe(&game, &before, &feedback.dest, &mut rng);
        }
    }
}

#[test]
fn a_fixed_amount_of_work_plays_the_same_move_twice() {
    let g = game(4, &[(0, 0), (3, 3), (6, 6), (9, 9)]);
    let state = g.initial_state();
    let belief = Belief::new(4, 100, &mut Pcg64Mcg::seed_from_u64(4));
    let a = Planner::new(Config::default(), base::standard(), 11).choose(
        &g,
        &state,
        &belief,
        Allowance::Rollouts(300),
    );
    let b = Planner::new(Config::default(), base::standard(), 11).choose(
        &g,
        &state,
        &belief,
        Allowance::Rollouts(300),
    );
    assert_eq!(a.cell, b.cell);
    assert_eq!(a.rollouts, b.rollouts);
}
