//! Player 0's continuation policy in the duel's simulations (M = 2): what
//! plays our moves once the search tree (src/duel_search.rs) has run out.
//!
//! The search takes it as a parameter ([`Continuation`]), so that a better
//! policy (a learned one, say) can replace the hand-made ones below without
//! touching the search.

use crate::board::{Bits, Cell, has};
use crate::rules::legal_moves;
use crate::state::{Game, NOBODY, State};

/// Player 0's policy inside a duel simulation. `ai_legal` is the AI's legal
/// set in `state` and `ai_target` its greedy destination under the
/// simulation's parameters: where it goes with probability 1 − ε.
pub trait Continuation {
    fn choose(&self, game: &Game, state: &State, ai_legal: Bits, ai_target: Cell) -> Cell;
}

/// The duel plan of src/duel.rs.
pub struct Plan;

impl Continuation for Plan {
    fn choose(&self, game: &Game, state: &State, ai_legal: Bits, ai_target: Cell) -> Cell {
        crate::duel::choose(game, state, ai_legal, Some(ai_target))
    }
}

/// The duel plan, except that it first stands in the AI's way: when the AI
/// is about to attack one of our cells of level at most `max_level` (and
/// below the cap) that we can step on, we step on it (our piece, the owner's, stays: the cell gains
/// a level and the attack is void). With `unowned`, it also steps on the
/// unowned cell the AI is about to take (both moves are void: the AI does
/// not grow). Since session 6 the plan itself parries every attack below
/// the cap, so only `unowned` changes its moves.
pub struct Blocking {
    pub max_level: u8,
    pub unowned: bool,
}

impl Continuation for Blocking {
    fn choose(&self, game: &Game, state: &State, ai_legal: Bits, ai_target: Cell) -> Cell {
        self.block(game, state, ai_target)
            .unwrap_or_else(|| crate::duel::choose(game, state, ai_legal, Some(ai_target)))
    }
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

/// The continuations the search can be configured with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// [`Plan`].
    Plan,
    /// [`Blocking`] of attacks on our level-1 cells (captures).
    Block1,
    /// [`Blocking`] of every attack on our cells.
    Block,
    /// [`Blocking`] of attacks and of the AI's expansion.
    BlockAll,
}
