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

/// Which AIs the hunt goes after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prey {
    /// The AI of highest score now (it changes as the rollout goes on).
    Leader,
    /// The AIs of the `n` highest scores now (ties to the lower index).
    Top(u8),
    /// Every AI: their land is one land to the plan.
    All,
}

impl Prey {
    /// `leader`, `all`, or `topN` (N from 2 to 7).
    pub fn parse(text: &str) -> Option<Prey> {
        match text {
            "leader" => Some(Prey::Leader),
            "all" => Some(Prey::All),
            _ => {
                let n: u8 = text.strip_prefix("top")?.parse().ok()?;
                (2..crate::engine::board::MAX_PLAYERS as u8)
                    .contains(&n)
                    .then_some(Prey::Top(n))
            }
        }
    }

    /// The hunted AIs in `state`, as a mask of player indices.
    fn players(self, game: &Game, state: &State) -> u32 {
        match self {
            Prey::Leader => 1 << crate::policy::greedy::leader(game, state),
            Prey::Top(n) => leaders(game, state, n as usize),
            Prey::All => ((1u32 << game.m) - 1) & !1,
        }
    }
}

impl std::fmt::Display for Prey {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Prey::Leader => write!(f, "leader"),
            Prey::Top(n) => write!(f, "top{n}"),
            Prey::All => write!(f, "all"),
        }
    }
}

/// The `n` AIs of highest score as a mask (all of them if fewer), ties to
/// the lower index, as [`crate::policy::greedy::leader`] breaks them.
fn leaders(game: &Game, state: &State, n: usize) -> u32 {
    let mut mask = 0u32;
    for _ in 0..n.min(game.m - 1) {
        let next = (1..game.m)
            .filter(|&p| mask & (1 << p) == 0)
            .max_by_key(|&p| (state.score[p], std::cmp::Reverse(p)));
        mask |= next.map_or(0, |p| 1 << p);
    }
    mask
}

/// The duel plan's tiers, in `order`, against the AIs of `prey`; `inner`
/// plays the duel (M = 2), the last turns, and any turn no tier has a move
/// for.
pub struct Hunt {
    pub inner: Box<dyn BasePolicy>,
    pub order: TierOrder,
    pub prey: Prey,
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
        let hunted = self.prey.players(game, state);
        // No allocation: this runs on every simulated turn of a hunt's rollout.
        let prey = || (1..game.m).filter(move |p| hunted & (1 << p) != 0);
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
