//! The duel plan (M = 2, src/policy/duel.rs) on constructed positions: it reads
//! the AI's next move off its greedy target and never spends a turn on a
//! move that target makes void.

use ahc061::engine::ai::{AiParams, greedy_target};
use ahc061::engine::board::{cell, coords};
use ahc061::engine::rules::legal_moves;

mod common;

/// An AI that raises its own cells before anything else.
const BUILDER: AiParams = AiParams {
    wa: 0.3,
    wb: 1.0,
    wc: 0.3,
    wd: 0.3,
    eps: 0.1,
};

#[test]
fn it_does_not_attack_the_cell_the_ai_is_about_to_raise() {
    // The AI's level-1 cells A (worth 3000) and B (1000) both touch our
    // land. A builder raises A this turn: its piece stands on A, so our
    // capture there would be void. The plan takes B, and A only when blind
    // to the AI's target.
    let (a, b) = (cell(5, 3), cell(4, 3));
    let (game, state) = common::duel(
        cell(5, 4),
        cell(5, 2),
        &[
            (cell(5, 4), 0, 1),
            (cell(4, 4), 0, 1),
            (cell(5, 2), 1, 3),
            (a, 1, 1),
            (b, 1, 1),
        ],
        &[(a, 3000), (b, 1000)],
    );
    let ai_reach = legal_moves(&state, 2, 1);
    let target = greedy_target(&game, &state, 1, &BUILDER, ai_reach);
    assert_eq!(coords(target), coords(a), "the builder raises A");
    let blind = ahc061::policy::duel::choose(&game, &state, ai_reach, None);
    assert_eq!(coords(blind), coords(a), "blind, A is the richer capture");
    let seeing = ahc061::policy::duel::choose(&game, &state, ai_reach, Some(target));
    assert_eq!(coords(seeing), coords(b));
}
