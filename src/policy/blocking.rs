//! Player 0's block: step in an AI's way when it is about to attack one of
//! our cells; the duel's `+block1` and `+block` bases (M = 2) and, one AI
//! target at a time, the guard continuation at M >= 3 (src/policy/base.rs).

use crate::engine::board::{Cell, has};
use crate::engine::rules::legal_moves;
use crate::engine::state::{Game, NOBODY, State};

/// When to stand in the AI's way: when the AI is about to attack one of
/// our cells of level at most `max_level` (and below the cap) that we can
/// step on, we step on it (our piece, the owner's, stays: the cell gains
/// a level and the attack is void). With `unowned`, it also steps on the
/// unowned cell the AI is about to take (both moves are void: the AI does
/// not grow). Since session 6 the plan itself parries every attack below
/// the cap, so only `unowned` changes its moves.
pub struct Blocking {
    pub max_level: u8,
    pub unowned: bool,
}

impl Blocking {
    /// The AI's target, when we should step in its way.
    pub fn block(&self, game: &Game, state: &State, ai_target: Cell) -> Option<Cell> {
        let t = ai_target as usize;
        let wanted = match state.owner[t] {
            // A block that cannot raise the cell (at the cap, e.g. U = 1)
            // only starts a dance: the AI turns to our next cell, we follow,
            // and neither side gains (measured: −215k a case at U = 1 for
            // the base policy alone, docs/RESULTS.md).
            0 => state.level[t] <= self.max_level && state.level[t] < game.u,
            NOBODY => self.unowned,
            _ => false,
        };
        (wanted && has(legal_moves(state, game.m, 0), ai_target)).then_some(ai_target)
    }
}
