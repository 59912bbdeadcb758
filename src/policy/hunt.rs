//! The hunt: the duel plan (src/policy/duel.rs) turned on the AIs when there
//! are two or more, as an alternative continuation for the planner's
//! rollouts.
//!
//! The learned base plays each turn for that turn's worth, so a rollout
//! that follows it cannot show what a campaign against an AI leads to:
//! closing in on its land, eating its level-1 cells, taking the land it
//! would grow into, standing on the cell it is about to attack. Raced beside
//! the base (as the duel races its tier orders), the hunt lets the planner
//! value a first move by what follows it under such a plan, and play it when
//! that is worth more than the base's game.

use crate::engine::board::{Bits, Cell, bit, neighbours};
use crate::engine::rules::legal_moves;
use crate::engine::state::{Game, State};
use crate::policy::base::{AiView, BasePolicy, Override};
use crate::policy::duel::{self, TierOrder};

/// The duel plan's tiers, in `order`, against every AI (their land is one
/// land to the plan); `inner` plays the duel (M = 2), the last turns, and
/// any turn no tier has a move for.
pub struct Hunt {
    pub inner: Box<dyn BasePolicy>,
    pub order: TierOrder,
}

impl Override for Hunt {
    fn inner(&self) -> &dyn BasePolicy {
        &*self.inner
    }

    /// The plan's move, or `None` where `inner` plays.
    fn planned(&self, game: &Game, state: &State, ais: &AiView) -> Option<Cell> {
        if game.m == 2 || game.turns - state.turn <= duel::ENDGAME {
            return None;
        }
        // No allocation: this runs on every simulated turn of a hunt's rollout.
        let prey = || 1..game.m;
        let theirs: Bits = prey().fold(0, |all, p| all | state.owned[p]);
        if theirs == 0 {
            return None;
        }
        let legal = legal_moves(state, game.m, 0);
        // Standing on the cell a hunted AI is about to attack voids it.
        if let Some(p) = prey().find(|&p| duel::parries(game, state, legal, ais.targets[p])) {
            return Some(ais.targets[p]);
        }
        if neighbours(state.owned[0]) & theirs == 0 {
            return Some(duel::approach(game, state, legal, theirs));
        }
        let reach: Bits = prey().fold(0, |all, p| all | ais.legal[p]);
        let spared: Bits = prey().fold(0, |all, p| all | bit(ais.targets[p]));
        let tiers = duel::tiers_against(game, state, legal, theirs, reach, spared);
        self.order
            .iter()
            .find_map(|t| duel::most_valuable(game, legal & tiers[t]))
    }
}
