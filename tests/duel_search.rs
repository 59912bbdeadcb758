//! The duel's search (M = 2, src/duel_search.rs): it finds the move that
//! one-move lookahead misses in constructed positions, and the bot plays a
//! whole duel with it, legally and repeatably, with its real settings.

use ahc061::agent::FullBot;
use ahc061::ai::NO_PARAMS;
use ahc061::belief::Belief;
use ahc061::board::Cell;
use ahc061::clock::{Allowance, Clock};
use ahc061::duel_policy::Plan;
use ahc061::duel_search::{Config, DuelSearch};
use ahc061::params::Params;

mod common;

fn search() -> DuelSearch {
    DuelSearch::new(Config::default(), 3)
}

#[test]
fn it_stands_on_the_cell_the_ai_is_about_to_attack() {
    // common::parry_lesson. The duel plan, blind to the AI's target,
    // attacks the AI's cells: the search must find X itself.
    let common::Lesson {
        game,
        state,
        greedy,
        right,
    } = common::parry_lesson();
    assert_eq!(ahc061::greedy::choose(&game, &state), greedy);
    let belief = Belief::known(&[NO_PARAMS, common::ATTACKER]);
    // The plan blind to the AI's target (it parries what it sees coming).
    let ai_reach = ahc061::rules::legal_moves(&state, 2, 1);
    let plan = ahc061::duel::choose(&game, &state, ai_reach, None);
    assert!(
        !right.contains(&plan),
        "the blind plan would block: no test of the search"
    );
    let decision = search().choose_with(&game, &state, &belief, Allowance::Rollouts(600), &Plan);
    assert_eq!(right, [decision.cell], "{:?}", decision.candidates);
    let decision = search().choose(&game, &state, &belief, Allowance::Rollouts(600));
    assert_eq!(right, [decision.cell], "{:?}", decision.candidates);
}

#[test]
fn it_does_not_grab_land_while_a_capture_two_turns_away_threatens() {
    // common::threatened_cell_lesson: the search must see the capture
    // coming (since session 6 the plan that plays on after the first move
    // blocks the attack once our piece is next to X).
    let common::Lesson {
        game,
        state,
        greedy,
        right,
    } = common::threatened_cell_lesson();
    assert_eq!(ahc061::greedy::choose(&game, &state), greedy);
    let belief = Belief::known(&[NO_PARAMS, common::ATTACKER]);
    let decision = search().choose_with(&game, &state, &belief, Allowance::Rollouts(600), &Plan);
    assert!(right.contains(&decision.cell), "{:?}", decision.candidates);
    let decision = search().choose(&game, &state, &belief, Allowance::Rollouts(600));
    assert!(right.contains(&decision.cell), "{:?}", decision.candidates);
}

/// Plays a public M = 2 case in-process at a fixed amount of work, with the
/// bot's settings for M = 2 and the duel's search on or off; every move must
/// be legal (the judge checks).
fn play_duel(case: &str, work: u64, params: &Params) -> (i64, Vec<Cell>) {
    common::play(case, |mirror| {
        assert_eq!(mirror.game.m, 2);
        let clock = Clock::new(std::time::Instant::now(), 1.8, Some(work));
        let base = ahc061::base::standard();
        Box::new(FullBot::with_params(mirror, 1, clock, params, base))
    })
}

#[test]
fn the_bot_plays_a_duel_legally_and_repeatably_with_the_search() {
    let params = Params::default()
        .with_overrides(["duel.search=on"])
        .unwrap();
    let (score, moves) = play_duel("0006", 60, &params);
    assert!(score > 0);
    assert_eq!(play_duel("0006", 60, &params), (score, moves));
}

#[test]
fn the_bots_real_duel_settings_play_legally() {
    let (score, _) = play_duel("0010", 60, &Params::default());
    assert!(score > 0);
}

#[test]
fn the_bots_real_duel_settings_play_legally_with_work_for_the_alternatives() {
    let work = Params::default().duel.alternatives_from as u64;
    assert!(work > 0);
    let (score, _) = play_duel("0010", work, &Params::default());
    assert!(score > 0);
}
