//! The hunt (src/policy/hunt.rs), the duel plan turned on the AIs at M ≥ 3,
//! on constructed positions: which AI's cell it goes after, the parry, and
//! where it leaves the move to its inner base.

use ahc061::engine::ai::{self, AiParams, NO_PARAMS};
use ahc061::engine::board::{Cell, cell, coords};
use ahc061::engine::rules;
use ahc061::engine::state::{Game, State};
use ahc061::policy::base::{BasePolicy, HandTuned};
use ahc061::policy::duel::TierOrder;
use ahc061::policy::hunt::Hunt;

mod common;

/// An AI that grows into unowned land before anything else.
const GROWER: AiParams = AiParams {
    wa: 1.0,
    wb: 0.3,
    wc: 0.3,
    wd: 0.3,
    eps: 0.1,
};

/// Our piece at (5, 4) with (4, 4) and (6, 4) at level 1. AI 1, the leader
/// (5 500 against 3 000), holds a row of capped cells from (5, 1) and
/// level-1 cells at (5, 2) and (5, 3), the last one next to our piece, and
/// a capped cell at (6, 3) next to our (6, 4). AI 2 holds (2, 4) capped and
/// (3, 4) at level 1, worth 1 500, next to our (4, 4).
fn three_players() -> (Game, State) {
    common::position(
        &[cell(5, 4), cell(5, 1), cell(2, 4)],
        &[
            (cell(5, 4), 0, 1),
            (cell(4, 4), 0, 1),
            (cell(6, 4), 0, 1),
            (cell(5, 1), 1, 3),
            (cell(6, 1), 1, 3),
            (cell(7, 1), 1, 3),
            (cell(5, 2), 1, 1),
            (cell(5, 3), 1, 1),
            (cell(6, 3), 1, 3),
            (cell(2, 4), 2, 3),
            (cell(3, 4), 2, 1),
        ],
        &[(cell(3, 4), 1500)],
    )
}

/// The hunt's move with the AIs playing by `params`, checked to be legal
/// and its ranking's move.
fn hunt_move(game: &Game, state: &State, params: &[AiParams]) -> Cell {
    common::seeing(game, state, params, |view| {
        let hunt = Hunt {
            inner: Box::new(HandTuned),
            order: TierOrder::parse("0235461").unwrap(),
        };
        let cell = hunt.choose(game, state, view);
        assert!(
            ahc061::engine::board::has(rules::legal_moves(state, game.m, 0), cell),
            "the hunt's move is legal"
        );
        assert_eq!(
            hunt.rank(game, state, view).base,
            cell,
            "its ranking's move"
        );
        cell
    })
}

#[test]
fn it_takes_the_most_valuable_level_one_cell_of_any_ai() {
    let (game, state) = three_players();
    assert_eq!(ahc061::policy::greedy::leader(&game, &state), 1);
    let growers = [NO_PARAMS, GROWER, GROWER];
    // AI 2's, worth more than the leader's level-1 cell next to us.
    let all = hunt_move(&game, &state, &growers);
    assert_eq!(coords(all), (3, 4));
}

#[test]
fn it_stands_on_the_cell_the_hunted_ai_is_about_to_attack() {
    let (game, state) = three_players();
    let params = [NO_PARAMS, common::ATTACKER, GROWER];
    let legal = rules::ai_legal_moves(&state, game.m);
    let target = ai::greedy_target(&game, &state, 1, &params[1], legal[1]);
    assert_eq!(coords(target), (6, 4), "the leader attacks our (6, 4)");
    // Our piece steps there: the owner's piece stays, the attack is void.
    assert_eq!(coords(hunt_move(&game, &state, &params)), (6, 4));
}

#[test]
fn the_last_turns_and_the_duel_are_the_inner_bases() {
    let (game, mut state) = three_players();
    state.turn = game.turns - ahc061::policy::duel::ENDGAME;
    let params = [NO_PARAMS, common::ATTACKER, GROWER];
    let inner = common::seeing(&game, &state, &params, |view| {
        HandTuned.choose(&game, &state, view)
    });
    // Not the hunt's move earlier in the game (the parry): the check can fail.
    assert_ne!(coords(inner), (6, 4));
    assert_eq!(hunt_move(&game, &state, &params), inner);
}

#[test]
fn the_last_ai_is_hunted_too() {
    // The three-player position with a fourth player, the lowest score
    // (2 500), holding a level-1 cell worth 2 000 next to our piece (it
    // steps onto the unowned cell worth 4 000 beside it, not there).
    let (_, three) = three_players();
    let mut cells: Vec<(Cell, i8, u8)> = (0..100)
        .filter(|&c| three.owner[c as usize] >= 0)
        .map(|c| (c, three.owner[c as usize], three.level[c as usize]))
        .collect();
    cells.extend([(cell(5, 5), 3, 1), (cell(5, 6), 3, 1)]);
    let (game, state) = common::position(
        &[cell(5, 4), cell(5, 1), cell(2, 4), cell(5, 6)],
        &cells,
        &[(cell(3, 4), 1500), (cell(5, 5), 2000), (cell(6, 6), 4000)],
    );
    assert!(state.score[3] < state.score[2] && state.score[2] < state.score[1]);
    let growers = [NO_PARAMS, GROWER, GROWER, GROWER];
    let target = common::seeing(&game, &state, &growers, |view| view.targets[3]);
    assert_eq!(coords(target), (6, 6));
    assert_eq!(
        coords(hunt_move(&game, &state, &growers)),
        (5, 5),
        "the most valuable level-1 cell, the last AI's"
    );
}
