//! Player 0's base policy: the move it plays in every simulated turn of a
//! rollout after the first, the move the planner keeps unless a candidate
//! beats it, and the order in which the planner's candidates are ranked.
//!
//! The planner improves on whatever base it is given (one step of policy
//! improvement), so a better base makes a better bot: this trait is the seam
//! where a new one goes in.

use crate::engine::ai::AiParams;
use crate::engine::board::{Bits, Cell, MAX_PLAYERS};
use crate::engine::state::{Game, State};
use crate::policy::forecast::{self, Forecast};
use crate::policy::learned::{self, Table, Weights};

/// What player 0's policy knows of the AIs in one (real or simulated)
/// turn: their parameters (sampled or estimated), their legal sets and
/// their greedy targets under those parameters.
#[derive(Clone, Copy)]
pub struct AiView<'a> {
    pub params: &'a [AiParams; MAX_PLAYERS],
    pub legal: &'a [Bits; MAX_PLAYERS],
    pub targets: &'a [Cell; MAX_PLAYERS],
}

impl AiView<'_> {
    /// Where the AIs are expected to move this turn, per cell.
    pub fn forecast(&self, game: &Game, state: &State) -> Forecast {
        Forecast::with_targets(game, state, self.params, self.legal, self.targets)
    }

    /// The forecast on the cells of `wanted` only ([`Forecast::within`]).
    pub fn forecast_within(&self, game: &Game, state: &State, wanted: Bits) -> Forecast {
        Forecast::within(game, state, self.params, self.legal, self.targets, wanted)
    }
}

/// The move of `base` when the AIs' parameters are `params` (e.g. their
/// true ones, for training and the oracle).
pub fn choose_seeing(
    base: &dyn BasePolicy,
    game: &Game,
    state: &State,
    params: &[AiParams; MAX_PLAYERS],
) -> Cell {
    seeing(game, state, params, |view| base.choose(game, state, view))
}

/// `f` of the position seen with the AIs playing by `params`: their legal
/// moves and greedy targets worked out once.
pub fn seeing<T>(
    game: &Game,
    state: &State,
    params: &[AiParams; MAX_PLAYERS],
    f: impl FnOnce(&AiView) -> T,
) -> T {
    let legal = crate::engine::rules::ai_legal_moves(state, game.m);
    let targets = crate::engine::ai::greedy_targets(game, state, params, &legal);
    f(&AiView {
        params,
        legal: &legal,
        targets: &targets,
    })
}

/// What the planner needs of the base at the root: its move, and the worth
/// of each of our legal moves as a first move (higher first when ranking
/// the candidates), in cell order.
pub struct Ranking {
    pub base: Cell,
    pub worth: Vec<(f64, Cell)>,
}

/// Player 0's base policy.
pub trait BasePolicy: Send + Sync {
    /// The move in position `state` (legal for player 0).
    fn choose(&self, game: &Game, state: &State, ais: &AiView) -> Cell;

    /// The move and the worth of every legal move, from one look at the
    /// position (one forecast serves both).
    fn rank(&self, game: &Game, state: &State, ais: &AiView) -> Ranking;
}

/// The ranking whose move is the first cell of highest worth (as
/// `greedy::best_legal_move` picks), unless `duel` gives the move.
fn ranking(state: &State, worth: Vec<(f64, Cell)>, duel: Option<Cell>) -> Ranking {
    let best = || {
        let mut best = (f64::NEG_INFINITY, state.pos[0]);
        for &(w, c) in &worth {
            if w > best.0 {
                best = (w, c);
            }
        }
        best.1
    };
    let base = duel.unwrap_or_else(best);
    Ranking { base, worth }
}

/// Player 0's legal moves in cell order.
fn our_moves(game: &Game, state: &State) -> impl Iterator<Item = Cell> {
    crate::engine::board::cells(crate::engine::rules::legal_moves(state, game.m, 0))
}

/// The duel plan's move when there is a single AI.
fn duel_move(game: &Game, state: &State, ais: &AiView) -> Option<Cell> {
    (game.m == 2)
        .then(|| crate::policy::duel::choose(game, state, ais.legal[1], Some(ais.targets[1])))
}

/// The hand-tuned base: the duel plan against a single AI (src/policy/duel.rs),
/// else the move of highest expected worth under the forecast
/// (src/policy/forecast.rs).
pub struct HandTuned;

impl BasePolicy for HandTuned {
    fn choose(&self, game: &Game, state: &State, ais: &AiView) -> Cell {
        duel_move(game, state, ais)
            .unwrap_or_else(|| forecast::best_move(game, state, &ais.forecast(game, state)))
    }

    fn rank(&self, game: &Game, state: &State, ais: &AiView) -> Ranking {
        let forecast = ais.forecast(game, state);
        let leader = crate::policy::greedy::leader(game, state);
        let worth = our_moves(game, state)
            .map(|c| (forecast::move_value(game, state, &forecast, leader, c), c))
            .collect();
        ranking(state, worth, duel_move(game, state, ais))
    }
}

/// The learned base: the duel plan against a single AI, else the linear
/// scorer of src/policy/learned.rs with the weights of the game's size class.
pub struct Linear {
    pub table: Table,
}

impl Linear {
    /// The weights trained by the `train` tool (src/policy/learned_weights.rs).
    pub fn trained() -> Linear {
        Linear {
            table: crate::policy::learned_weights::TRAINED,
        }
    }

    fn weights(&self, game: &Game) -> &Weights {
        &self.table[learned::class(game.m)]
    }
}

impl BasePolicy for Linear {
    fn choose(&self, game: &Game, state: &State, ais: &AiView) -> Cell {
        duel_move(game, state, ais).unwrap_or_else(|| {
            let ours = crate::engine::rules::legal_moves(state, game.m, 0);
            let forecast = ais.forecast_within(game, state, ours);
            learned::best_move(self.weights(game), game, state, &forecast, ais.legal, ours)
        })
    }

    fn rank(&self, game: &Game, state: &State, ais: &AiView) -> Ranking {
        // The weights are not trained for the duel: its candidates keep the
        // hand-tuned order.
        if game.m == 2 {
            return HandTuned.rank(game, state, ais);
        }
        let forecast = ais.forecast(game, state);
        let turn = crate::policy::features::TurnContext::new(game, state, ais.legal);
        let scorer = learned::TurnScorer::new(self.weights(game), &turn);
        let worth = our_moves(game, state)
            .map(|c| (scorer.value(game, state, &forecast, &turn, c), c))
            .collect();
        ranking(state, worth, None)
    }
}

/// A base that plays another base, except where a plan of its own says
/// otherwise: the seam of the duel's variants below and of the hunt
/// (src/policy/hunt.rs). Its move and its ranking's base move are the
/// plan's when it has one, the inner base's otherwise; the candidates keep
/// the inner base's ranking.
pub trait Override: Send + Sync {
    /// The base played where the plan has no move.
    fn inner(&self) -> &dyn BasePolicy;

    /// The plan's move, or `None` to play the inner base.
    fn planned(&self, game: &Game, state: &State, ais: &AiView) -> Option<Cell>;
}

impl<T: Override> BasePolicy for T {
    fn choose(&self, game: &Game, state: &State, ais: &AiView) -> Cell {
        self.planned(game, state, ais)
            .unwrap_or_else(|| self.inner().choose(game, state, ais))
    }

    fn rank(&self, game: &Game, state: &State, ais: &AiView) -> Ranking {
        let mut ranking = self.inner().rank(game, state, ais);
        if let Some(cell) = self.planned(game, state, ais) {
            ranking.base = cell;
        }
        ranking
    }
}

/// The duel plan with its tiers in another order (src/policy/duel.rs), else
/// `inner`: an alternative continuation for the planner's rollouts.
pub struct DuelOrdered {
    pub inner: Box<dyn BasePolicy>,
    pub order: crate::policy::duel::TierOrder,
}

impl Override for DuelOrdered {
    fn inner(&self) -> &dyn BasePolicy {
        &*self.inner
    }

    fn planned(&self, game: &Game, state: &State, ais: &AiView) -> Option<Cell> {
        (game.m == 2).then(|| {
            crate::policy::duel::choose_ordered(
                self.order,
                game,
                state,
                ais.legal[1],
                Some(ais.targets[1]),
            )
        })
    }
}

/// The names [`by_name`] knows.
pub const NAMES: &str = "hand, learned";

/// A base policy by name: `hand` ([`HandTuned`]) or `learned` ([`Linear`]
/// with the trained weights of src/policy/learned_weights.rs).
pub fn by_name(name: &str) -> Option<Box<dyn BasePolicy>> {
    match name {
        "hand" => Some(Box::new(HandTuned)),
        "learned" => Some(Box::new(Linear::trained())),
        _ => None,
    }
}

/// The bot's base policy: the learned one (real time, 1 000 cases with
/// M ≥ 3: +3.8k over the hand-tuned base, 95 % CI +0.8k … +6.7k;
/// docs/RESULTS.md).
pub fn standard() -> Box<dyn BasePolicy> {
    Box::new(Linear::trained())
}
