//! The guard (src/policy/base.rs, `Guard`): a continuation that steps onto
//! the cell of ours an AI is about to attack, on constructed positions with
//! two AIs aiming at two of our cells, and where it leaves the move to its
//! inner base.

use ahc061::engine::ai::{AiParams, NO_PARAMS};
use ahc061::engine::board::{Cell, MAX_PLAYERS, cell};
use ahc061::engine::rules;
use ahc061::engine::state::{Game, State};
use ahc061::policy::base::{AiView, BasePolicy, Guard, HandTuned, Ranking};

mod common;

use common::ATTACKER;

/// Our piece at (5, 4) on a level-1 cell, with (4, 4) at level 1 and
/// (6, 4) at level 2 (U = 3) and (5, 5) at the cap. AI 1 stands on (3, 4),
/// next to our (4, 4); AI 2 on (7, 4), next to our (6, 4); both attack
/// before they grow. `values` overrides the cells' values (500 elsewhere).
fn two_attacks(values: &[(Cell, u32)]) -> (Game, State) {
    common::position(
        &[cell(5, 4), cell(3, 4), cell(7, 4)],
        &[
            (cell(5, 4), 0, 1),
            (cell(4, 4), 0, 1),
            (cell(6, 4), 0, 2),
            (cell(5, 5), 0, 3),
            (cell(3, 4), 1, 1),
            (cell(7, 4), 2, 1),
        ],
        values,
    )
}

/// Every AI of `game` playing by `params` (player 0's slot unused).
fn all_playing(game: &Game, params: AiParams) -> Vec<AiParams> {
    let mut all = vec![NO_PARAMS; game.m];
    all[1..].fill(params);
    all
}

/// The AIs' greedy targets with every AI playing by `params`.
fn targets(game: &Game, state: &State, params: AiParams) -> [Cell; MAX_PLAYERS] {
    common::seeing(game, state, &all_playing(game, params), |view| {
        *view.targets
    })
}

/// The move of `policy` with every AI playing by `params`, checked legal.
fn move_of(game: &Game, state: &State, params: AiParams, policy: &dyn BasePolicy) -> Cell {
    let cell = common::seeing(game, state, &all_playing(game, params), |view| {
        policy.choose(game, state, view)
    });
    assert!(rules::is_legal(state, game.m, 0, cell), "a legal move");
    cell
}

/// An inner base that stays where it is, so that any other move is the
/// guard's own.
struct Stay;

impl BasePolicy for Stay {
    fn choose(&self, _: &Game, state: &State, _: &AiView) -> Cell {
        state.pos[0]
    }

    fn rank(&self, game: &Game, state: &State, ais: &AiView) -> Ranking {
        HandTuned.rank(game, state, ais)
    }
}

fn guard(max_level: u8) -> Guard {
    Guard {
        inner: Box::new(Stay),
        max_level,
    }
}

#[test]
fn the_ais_aim_at_the_cells_the_positions_say() {
    let (game, state) = two_attacks(&[(cell(4, 4), 900), (cell(6, 4), 1200)]);
    let targets = targets(&game, &state, ATTACKER);
    assert_eq!(targets[1], cell(4, 4));
    assert_eq!(targets[2], cell(6, 4));
}

#[test]
fn guard1_parries_only_the_capture_of_a_level_1_cell() {
    let (game, state) = two_attacks(&[(cell(4, 4), 900), (cell(6, 4), 1200)]);
    assert_eq!(move_of(&game, &state, ATTACKER, &guard(1)), cell(4, 4));
}

#[test]
fn guard_parries_the_most_valuable_attacked_cell_below_the_cap() {
    let (game, state) = two_attacks(&[(cell(4, 4), 900), (cell(6, 4), 1200)]);
    assert_eq!(
        move_of(&game, &state, ATTACKER, &guard(u8::MAX)),
        cell(6, 4)
    );
    let (game, state) = two_attacks(&[(cell(4, 4), 1300), (cell(6, 4), 1200)]);
    assert_eq!(
        move_of(&game, &state, ATTACKER, &guard(u8::MAX)),
        cell(4, 4)
    );
}

#[test]
fn with_no_attack_on_us_the_guard_plays_its_inner_base() {
    // Growers take unowned land: nothing of ours is aimed at.
    let grower = AiParams {
        wa: 1.0,
        wb: 0.3,
        wc: 0.3,
        wd: 0.3,
        eps: 0.1,
    };
    let (game, state) = two_attacks(&[(cell(4, 4), 900), (cell(6, 4), 1200)]);
    assert_eq!(move_of(&game, &state, grower, &guard(u8::MAX)), cell(5, 4));
}

#[test]
fn an_attack_on_a_capped_cell_is_not_parried() {
    // Only the capped cell (5, 5), worth far more than anything else, is
    // next to AI 1, at (4, 5): it aims there; stepping on it would raise
    // nothing. AI 2 grows in a far corner.
    let (game, state) = common::position(
        &[cell(5, 4), cell(4, 5), cell(0, 0)],
        &[
            (cell(5, 4), 0, 1),
            (cell(5, 5), 0, 3),
            (cell(4, 5), 1, 1),
            (cell(0, 0), 2, 1),
        ],
        &[(cell(5, 5), 5000)],
    );
    assert_eq!(targets(&game, &state, ATTACKER)[1], cell(5, 5));
    assert_eq!(
        move_of(&game, &state, ATTACKER, &guard(u8::MAX)),
        cell(5, 4)
    );
}

#[test]
fn in_a_duel_the_guard_leaves_the_parry_to_the_duel_plan() {
    // AI 1 alone, about to capture our level-1 cell (4, 4).
    let (game, state) = common::position(
        &[cell(5, 4), cell(3, 4)],
        &[(cell(5, 4), 0, 1), (cell(4, 4), 0, 1), (cell(3, 4), 1, 1)],
        &[(cell(4, 4), 900), (cell(6, 6), 5000)],
    );
    assert_eq!(
        move_of(&game, &state, ATTACKER, &guard(u8::MAX)),
        cell(5, 4)
    );
}
