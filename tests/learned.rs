//! The learned base policy's features (src/policy/features.rs) and scorer
//! (src/policy/learned.rs): on constructed positions, and against the hand-tuned
//! valuation it generalises, along recorded games.
#![allow(clippy::needless_range_loop)]

use ahc061::engine::ai::NO_PARAMS;
use ahc061::engine::board::{MAX_PLAYERS, cell, cells, coords};
use ahc061::engine::rules;
use ahc061::engine::state::{Game, State};
use ahc061::policy::base::{HandTuned, Linear, choose_seeing};
use ahc061::policy::features::{self, Group, TurnContext};
use ahc061::policy::forecast::{self, Forecast};
use ahc061::policy::learned::{self, HAND_TUNED};
use ahc061_sim::judge::Judge;

mod common;

fn game(m: usize, starts: &[(usize, usize)]) -> Game {
    common::game(m, 1000, starts)
}

/// The forecast and turn context of `state` with every AI at `eps`.
fn look(game: &Game, state: &State, eps: f64) -> (Forecast, TurnContext) {
    let mut params = [NO_PARAMS; MAX_PLAYERS];
    for p in 1..game.m {
        params[p].eps = eps;
    }
    let legal = rules::ai_legal_moves(state, game.m);
    (
        Forecast::new(game, state, &params, &legal),
        TurnContext::new(game, state, &legal),
    )
}

#[test]
fn an_unowned_cell_out_of_every_ais_reach_is_worth_its_value() {
    let g = game(3, &[(0, 0), (9, 9), (9, 0)]);
    let state = g.initial_state();
    let (forecast, turn) = look(&g, &state, 0.3);
    // (0, 1): two unowned neighbours of four ((0, 2), (1, 1)); no AI near.
    let (group, x) = features::of(&g, &state, &forecast, &turn, cell(0, 1));
    assert_eq!(group, Group::Unowned);
    // One neighbour of four, (0, 0), is ours.
    assert_eq!(x, [1.0, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.25]);
}

#[test]
fn a_cell_at_the_cap_out_of_reach_is_only_a_constant() {
    let g = game(3, &[(0, 0), (9, 9), (9, 0)]);
    let mut state = g.initial_state();
    state.level[cell(0, 0) as usize] = 3;
    let (forecast, turn) = look(&g, &state, 0.3);
    let (group, x) = features::of(&g, &state, &forecast, &turn, cell(0, 0));
    assert_eq!(group, Group::OwnAtCap);
    // No AI can reach it: no threat.
    assert_eq!(x, [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
}

#[test]
fn the_leaders_level_1_cell_in_its_reach_carries_the_reach_and_the_score_ratio() {
    // Player 1 (the leader: two cells) owns (0, 1) beside our piece at
    // (0, 0) and stands next to it at (0, 2).
    let g = game(3, &[(0, 0), (0, 2), (9, 9)]);
    let base = g.initial_state();
    let (mut owner, mut level) = (base.owner, base.level);
    owner[cell(0, 1) as usize] = 1;
    level[cell(0, 1) as usize] = 1;
    let state = g.state_from_grids(&owner, &level, &base.pos, 10);
    let (forecast, turn) = look(&g, &state, 0.3);
    assert_eq!(turn.leader, 1);
    let (group, x) = features::of(&g, &state, &forecast, &turn, cell(0, 1));
    assert_eq!(group, Group::LeaderLevel1);
    let free = forecast.free[cell(0, 1) as usize] as f64;
    assert!(free < 1.0, "the leader may step on its own cell");
    assert_eq!(x[0], free);
    assert_eq!(x[1], free, "one AI can step onto it");
    assert_eq!(x[2], 0.0);
    // S0 / S1 = 1000 / 2000: log2 = −1.
    assert_eq!(x[5], -free);
}

/// Hands `at` every position of five recorded games before turn `until`
/// (the hand-tuned base playing player 0), with the forecast and turn
/// context of the AIs' true parameters, and the case's seed.
fn along_recorded_games(
    until: usize,
    mut at: impl FnMut(u64, &Game, &State, &Forecast, &TurnContext),
) {
    for seed in [0, 1, 4, 5, 6] {
        let input = common::input(&format!("{seed:04}"));
        let g = input.game.clone();
        let params = input.params;
        let mut judge = Judge::new(input);
        while !judge.finished() && judge.turn() < until {
            let state = judge.state;
            let legal = rules::ai_legal_moves(&state, g.m);
            let forecast = Forecast::new(&g, &state, &params, &legal);
            let turn = TurnContext::new(&g, &state, &legal);
            at(seed, &g, &state, &forecast, &turn);
            let (x, y) = coords(choose_seeing(&HandTuned, &g, &state, &params));
            judge.play(x, y).unwrap();
        }
    }
}

/// Before the reach factor fades (turn < 75) and where at most two AIs
/// reach a cell, the hand-tuned weights in these features give exactly the
/// hand-tuned valuation (in units of 1000).
#[test]
fn hand_tuned_weights_reproduce_the_forecasts_valuation_along_recorded_games() {
    let mut compared = 0;
    along_recorded_games(75, |seed, g, state, forecast, turn| {
        if g.m < 3 {
            return;
        }
        for d in cells(rules::legal_moves(state, g.m, 0)) {
            if forecast.reach_count[d as usize] > 2 {
                continue;
            }
            let hand = forecast::move_value(g, state, forecast, turn.leader, d) / 1000.0;
            let linear = learned::value(&HAND_TUNED, g, state, forecast, turn, d);
            assert!(
                (hand - linear).abs() < 1e-6 * hand.abs().max(1.0),
                "seed {seed} turn {} cell {:?}: hand {hand} linear {linear}",
                state.turn,
                coords(d)
            );
            compared += 1;
        }
    });
    assert!(compared > 1000, "{compared}");
}

/// The turn's folded scorer, which the rollouts use, values every legal
/// cell as the feature-by-feature dot product does (up to rounding), with
/// the committed weights of every class, along recorded games to the end.
///
/// Mutation this catches: `TurnScorer::new` (src/policy/learned.rs) folding
/// `w[0] + w[5] * ratio` without `+ w[6] * turn.late`: late in a game the
/// folded value parts from the dot product (seed 0, turn 76).
#[test]
fn the_turn_scorer_is_the_dot_product_of_the_features() {
    let mut compared = 0;
    along_recorded_games(usize::MAX, |seed, g, state, forecast, turn| {
        for weights in ahc061::policy::learned_weights::TRAINED
            .iter()
            .chain([&HAND_TUNED])
        {
            let scorer = learned::TurnScorer::new(weights, turn);
            for d in cells(rules::legal_moves(state, g.m, 0)) {
                let dot = learned::value(weights, g, state, forecast, turn, d);
                let folded = scorer.value(g, state, forecast, turn, d);
                assert!(
                    (dot - folded).abs() < 1e-9 * dot.abs().max(1.0),
                    "seed {seed} turn {} cell {:?}: {dot} against {folded}",
                    state.turn,
                    coords(d)
                );
                compared += 1;
            }
        }
    });
    assert!(compared > 10_000, "{compared}");
}

/// The learned base's move, which finds the best of our quiet cells (own,
/// out of every AI's reach) by their level's factor, is the move of
/// valuing every legal cell with the turn's scorer, with every class's
/// weights, along recorded games to the end; and quiet cells were chosen.
#[test]
fn the_best_move_values_quiet_cells_as_the_scorer_does() {
    let (mut compared, mut quiet_chosen) = (0, 0);
    along_recorded_games(usize::MAX, |seed, g, state, forecast, turn| {
        if g.m < 3 {
            return;
        }
        let legal = rules::ai_legal_moves(state, g.m);
        let ours = rules::legal_moves(state, g.m, 0);
        let reached = legal[1..g.m].iter().fold(0, |all, &l| all | l);
        for weights in ahc061::policy::learned_weights::TRAINED
            .iter()
            .chain([&HAND_TUNED])
        {
            let scorer = learned::TurnScorer::new(weights, turn);
            let walked = ahc061::policy::greedy::best_move_in(state, ours, |d| {
                scorer.value(g, state, forecast, turn, d)
            });
            let fast = learned::best_move(weights, g, state, forecast, &legal, ours);
            assert_eq!(fast, walked, "seed {seed} turn {}", state.turn);
            let quiet = state.owned[0] & !reached;
            quiet_chosen += ahc061::engine::board::has(quiet, fast) as usize;
            compared += 1;
        }
    });
    assert!(compared > 1000, "{compared}");
    assert!(quiet_chosen > 100, "{quiet_chosen} of {compared}");
}

#[test]
fn the_learned_base_plays_legal_moves_only() {
    let input = common::input("0000");
    let g = input.game.clone();
    let params = input.params;
    let base = Linear {
        table: ahc061::policy::learned_weights::TRAINED,
    };
    let mut judge = Judge::new(input);
    while !judge.finished() {
        let state = judge.state;
        let mv = choose_seeing(&base, &g, &state, &params);
        assert!(
            rules::is_legal(&state, g.m, 0, mv),
            "turn {}",
            state.turn + 1
        );
        let (x, y) = coords(mv);
        judge.play(x, y).unwrap();
    }
    assert!(judge.score() > 0);
}

/// The whole bot with its real settings for the game's M (the planner's
/// configuration and the standard, learned base), at a small fixed amount
/// of work: every move legal (the judge checks) and the same game twice.
fn play_bot(case: &str, work: u64) -> (i64, Vec<u8>) {
    common::play(case, |mirror| {
        let clock = ahc061::search::clock::Clock::new(std::time::Instant::now(), 1.8, Some(work));
        Box::new(ahc061::agent::FullBot::new(mirror, 1, clock))
    })
}

#[test]
fn the_bot_plays_games_of_three_to_eight_players_legally_and_repeatably() {
    // 0000: M = 4; 0019: M = 8 (tests/data/in).
    for case in ["0000", "0019"] {
        let (score, moves) = play_bot(case, 12);
        assert!(score > 0, "{case}");
        assert_eq!(play_bot(case, 12), (score, moves), "{case}");
    }
}
