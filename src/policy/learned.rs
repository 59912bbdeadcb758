//! A learned valuation of player 0's destinations: a linear scorer over the
//! features of src/policy/features.rs, one weight vector per game size class. Its
//! weights are trained by the `train` tool (tools/src/bin/train.rs) and
//! written, as Rust source, to src/policy/learned_weights.rs.

use crate::board::{Bits, Cell, MAX_PLAYERS};
use crate::features::{self, PER_GROUP, TurnContext, WEIGHTS};
use crate::forecast::Forecast;
use crate::state::{Game, State};

/// The weights of the linear scorer: group after group, each group's
/// [`PER_GROUP`] weights in the order of [`features::names`].
pub type Weights = [f64; WEIGHTS];

/// Games of 3–4, 5–6 and 7–8 players are different enough (how crowded the
/// board is, how often the AIs fight each other) to have their own weights.
pub const CLASSES: usize = 3;

/// One weight vector per class of game size.
pub type Table = [Weights; CLASSES];

/// The class of a game of `m` players (M = 2 is the duel plan's).
#[inline]
pub fn class(m: usize) -> usize {
    match m {
        0..=4 => 0,
        5 | 6 => 1,
        _ => 2,
    }
}

/// The hand-tuned valuation of src/policy/forecast.rs (its reach factor 0.15,
/// swings 2.5 / 1.4, hurts 1.1 / 0.15, early levels at half) expressed in
/// these features, up to the reach factor's fade being linear here: the
/// trainer's starting point.
pub const HAND_TUNED: Weights = {
    const fn fought(scale: f64) -> [f64; PER_GROUP] {
        [
            scale,
            -0.85 * scale,
            -0.9775 * scale,
            0.85 * scale,
            0.0,
            0.0,
            0.0,
            0.0,
        ]
    }
    let groups = [
        fought(1.0),
        fought(2.5),
        fought(1.4),
        fought(1.1),
        fought(0.15),
        [1.0, -0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
        [0.0; PER_GROUP],
    ];
    let mut w = [0.0; WEIGHTS];
    let mut g = 0;
    while g < groups.len() {
        let mut i = 0;
        while i < PER_GROUP {
            w[g * PER_GROUP + i] = groups[g][i];
            i += 1;
        }
        g += 1;
    }
    w
};

/// The value of moving onto `d` under `weights`.
#[inline]
pub fn value(
    weights: &Weights,
    game: &Game,
    state: &State,
    forecast: &Forecast,
    turn: &TurnContext,
    d: Cell,
) -> f64 {
    let (group, x) = features::of(game, state, forecast, turn, d);
    let w = &weights[group as usize * PER_GROUP..][..PER_GROUP];
    w.iter().zip(&x).map(|(w, x)| w * x).sum()
}

/// The move of `ours` (player 0's legal set) of highest value under
/// `weights` (lowest cell on ties); `legal` are the AIs' legal sets.
pub fn best_move(
    weights: &Weights,
    game: &Game,
    state: &State,
    forecast: &Forecast,
    legal: &[Bits; MAX_PLAYERS],
    ours: Bits,
) -> Cell {
    let turn = TurnContext::new(game, state, legal);
    crate::greedy::best_move_in(state, ours, |d| {
        value(weights, game, state, forecast, &turn, d)
    })
}
