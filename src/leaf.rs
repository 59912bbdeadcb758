//! A learned value of the position where a rollout stops before the game's
//! end: each player's final score predicted from what the rollout saw (its
//! rate of gain) and what is left to gain on the board (room to raise its
//! cells, unowned land), by a linear model per class of game size, fitted
//! by the `train leaf` tool on base-only games and written, as Rust source,
//! to src/leaf_weights.rs.
//!
//! The plain extrapolation (each player gains at its rollout rate to the
//! end) is one point of this model: weight 1 on the rate, 0 elsewhere
//! ([`EXTRAPOLATION`]). The rate overshoots where the board runs out of land
//! or levels before the end, which the room features can see.

use crate::state::{Game, NOBODY, State};

/// Classes of game size: the duel (M = 2), then src/learned.rs's three.
pub const CLASSES: usize = 1 + crate::learned::CLASSES;

/// The class of a game of `m` players.
pub fn class(m: usize) -> usize {
    if m == 2 {
        0
    } else {
        1 + crate::learned::class(m)
    }
}

/// Features per player, in the order of [`NAMES`].
pub const FEATURES: usize = 6;

/// What each feature is (all in score per turn left).
pub const NAMES: [&str; FEATURES] = [
    "rate",
    "rate·left/T",
    "room/left",
    "open/(M·left)",
    "min(rate, (room+open/M)/left)",
    "1000",
];

/// One weight vector per class of game size ([`class`]).
pub type LeafTable = [[f64; FEATURES]; CLASSES];

/// The plain extrapolation: every player goes on at its rollout rate.
pub const EXTRAPOLATION: [f64; FEATURES] = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0];

/// Player `p`'s features at `leaf`, reached from `root` by a rollout.
/// `open` is the value of the unowned cells, the same for every player.
pub fn features(game: &Game, root: &State, leaf: &State, p: usize, open: f64) -> [f64; FEATURES] {
    let left = game.turns.saturating_sub(leaf.turn).max(1) as f64;
    let played = leaf.turn.saturating_sub(root.turn).max(1) as f64;
    let rate = (leaf.score[p] as f64 - root.score[p] as f64) / played;
    let room = room(game, leaf, p) / left;
    let share = open / game.m as f64 / left;
    [
        rate,
        rate * left / game.turns as f64,
        room,
        share,
        rate.min(room + share),
        1000.0,
    ]
}

/// Σ V·(U − L) over the cells `p` owns: what raising them all to the cap
/// would add.
fn room(game: &Game, state: &State, p: usize) -> f64 {
    crate::board::cells(state.owned[p])
        .map(|c| game.value[c as usize] as f64 * (game.u - state.level[c as usize]) as f64)
        .sum()
}

/// The value of the unowned cells.
pub fn open_value(game: &Game, state: &State) -> f64 {
    (0..crate::board::CELLS)
        .filter(|&c| state.owner[c] == NOBODY)
        .map(|c| game.value[c] as f64)
        .sum()
}

/// Player `p`'s predicted final score under `weights`.
pub fn predicted(
    weights: &[f64; FEATURES],
    game: &Game,
    root: &State,
    leaf: &State,
    p: usize,
    open: f64,
) -> f64 {
    let left = game.turns.saturating_sub(leaf.turn) as f64;
    let x = features(game, root, leaf, p, open);
    let per_turn: f64 = weights.iter().zip(&x).map(|(w, x)| w * x).sum();
    (leaf.score[p] as f64 + left * per_turn).max(1.0)
}

/// The objective log2(1 + S0 / S_A) of the predicted final scores.
pub fn value(table: &LeafTable, game: &Game, root: &State, leaf: &State) -> f64 {
    let weights = &table[class(game.m)];
    let open = open_value(game, leaf);
    let at_end = |p: usize| predicted(weights, game, root, leaf, p, open);
    let best_ai = (1..game.m).map(at_end).fold(1.0, f64::max);
    (1.0 + at_end(0) / best_ai).log2()
}
