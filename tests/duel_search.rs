//! The duel's search (M = 2, src/duel_search.rs): it finds the move that
//! one-move lookahead misses in constructed positions, and the bot plays a
//! whole duel with it, legally and repeatably, with its real settings.

use ahc061::agent::FullBot;
use ahc061::ai::{AiParams, NO_PARAMS};
use ahc061::belief::Belief;
use ahc061::board::{Cell, cell, coords};
use ahc061::clock::{Allowance, Clock};
use ahc061::duel_policy::Plan;
use ahc061::duel_search::{Config, DuelSearch};
use ahc061::params::Params;

mod common;

/// An AI that wants to attack (wc, wd) far more than to grow (wa, wb).
const ATTACKER: AiParams = AiParams {
    wa: 0.3,
    wb: 0.3,
    wc: 1.0,
    wd: 1.0,
    eps: 0.1,
};

fn search() -> DuelSearch {
    DuelSearch::new(Config::default(), 3)
}

#[test]
fn it_stands_on_the_cell_the_ai_is_about_to_attack() {
    // The AI (its cells at the cap) is about to attack our valuable level-2
    // cell X. One-move lookahead takes the more valuable land G; stepping on
    // X instead raises it and voids the attack, and G is still there next
    // turn, out of the AI's reach. The duel plan, blind to the AI's target,
    // attacks the AI's cells: the search must find X itself.
    let (x, g) = (cell(5, 4), cell(5, 6));
    let (game, state) = common::duel(
        cell(5, 5),
        cell(5, 2),
        &[
            (cell(5, 5), 0, 1),
            (x, 0, 2),
            (cell(5, 2), 1, 3),
            (cell(5, 3), 1, 3),
        ],
        &[(x, 3000), (g, 4000)],
    );
    assert_eq!(ahc061::greedy::choose(&game, &state), g);
    let belief = Belief::known(&[NO_PARAMS, ATTACKER]);
    // The plan blind to the AI's target (it parries what it sees coming).
    let ai_reach = ahc061::rules::legal_moves(&state, 2, 1);
    let plan = ahc061::duel::choose(&game, &state, ai_reach, None);
    assert_ne!(plan, x, "the blind plan would block: no test of the search");
    let decision = search().choose_with(&game, &state, &belief, Allowance::Rollouts(600), &Plan);
    assert_eq!(
        coords(decision.cell),
        coords(x),
        "{:?}",
        decision.candidates
    );
    let decision = search().choose(&game, &state, &belief, Allowance::Rollouts(600));
    assert_eq!(
        coords(decision.cell),
        coords(x),
        "{:?}",
        decision.candidates
    );
}

#[test]
fn it_does_not_grab_land_while_a_capture_two_turns_away_threatens() {
    // Our valuable level-1 cell X hangs on our piece through the cheap
    // level-1 cell W, which the AI is about to take: that cuts X off from
    // us, with the AI's piece next to it, and it takes X the turn after.
    // One-move lookahead grabs the richer land G (out of the AI's reach,
    // still there later). The search must see the capture coming and keep X:
    // by standing on W (the AI's move is void), on X (a cell holding our
    // piece cannot be attacked), or next to X (our piece then keeps X in
    // reach, to block the attack: since session 6 the plan that plays on
    // after the first move does block it).
    let (w, x, g) = (cell(5, 6), cell(5, 5), cell(6, 7));
    let (game, state) = common::duel(
        cell(5, 7),
        cell(4, 6),
        &[(cell(5, 7), 0, 3), (w, 0, 1), (x, 0, 1), (cell(4, 6), 1, 3)],
        &[(x, 5000), (g, 6000)],
    );
    assert_eq!(ahc061::greedy::choose(&game, &state), g);
    let belief = Belief::known(&[NO_PARAMS, ATTACKER]);
    let keeps = [w, x, cell(4, 5), cell(6, 5), cell(5, 4)];
    let decision = search().choose_with(&game, &state, &belief, Allowance::Rollouts(600), &Plan);
    assert!(keeps.contains(&decision.cell), "{:?}", decision.candidates);
    let decision = search().choose(&game, &state, &belief, Allowance::Rollouts(600));
    assert!(keeps.contains(&decision.cell), "{:?}", decision.candidates);
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
