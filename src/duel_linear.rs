//! A learned duel policy (M = 2): the duel plan of src/duel.rs with its
//! strict tier order replaced by a linear score.
//!
//! The plan takes the most valuable cell of the first tier that has one; a
//! cell of a later tier can never win, however valuable. Here each legal
//! cell falls in one *group* (the parry, the plan's tiers, the rest: the
//! first that holds it) and is scored by its group's weights over a few
//! numbers in units of its value V (V/1000): a constant, V, V late in the
//! game, V times the score ratio, V times its unowned, our and the AI's
//! neighbours, its level, whether it is the AI's target, and constants and
//! V scaled by the level cap U, the first turns and the last. With a large
//! constant per group, falling group by group, and weight 1 on V, the score
//! plays the plan ([`PLAN`]); the trainer (`train duel`) searches from there.
//! The plan's two other phases stay: the approach while no cell of ours
//! touches the AI's, and the last turns' first-order gain.

use crate::board::{Bits, Cell, bit, has, neighbours};
use crate::duel;
use crate::rules::legal_moves;
use crate::state::{Game, State};

/// The groups: the parry (the AI's target, when it is ours to raise), the
/// plan's tiers in order, and every other legal cell.
pub const GROUPS: usize = duel::TIERS + 2;
/// Numbers per group.
pub const PER_GROUP: usize = 13;
/// Length of the weight vector: every group's weights in a row.
pub const WEIGHTS: usize = GROUPS * PER_GROUP;

/// The weights, group after group in the order of [`group_label`], each
/// group's in the order of [`FEATURES`].
pub type Weights = [f64; WEIGHTS];

/// What each group's numbers are.
pub const FEATURES: [&str; PER_GROUP] = [
    "5",
    "v",
    "v·late",
    "v·log ratio",
    "v·unowned nbrs",
    "v·own nbrs",
    "v·AI nbrs",
    "v·level/U",
    "v·AI target",
    "5·cap",
    "v·cap",
    "v·early",
    "5·late",
];

/// What group `g` is, in words.
pub fn group_label(g: usize) -> &'static str {
    [
        "parry",
        "its level-1 cells in its reach",
        "its higher cells",
        "its other level-1 cells",
        "unowned in its reach",
        "ours below the cap in its reach",
        "other unowned",
        "ours below the cap",
        "the rest",
    ][g]
}

/// The constant number of every group, in units of V/1000: large enough
/// that the weights on it and on V are of one scale for the search.
const UNIT: f64 = 5.0;
/// The gap between two groups' constants in [`PLAN`], in [`UNIT`]s: above
/// the value of any cell (at most about 6.3 units in generated cases).
const GAP: f64 = 4.0;

/// The weights that play the duel plan's tier order.
pub const PLAN: Weights = {
    let mut w = [0.0; WEIGHTS];
    let mut g = 0;
    while g < GROUPS {
        w[g * PER_GROUP] = GAP * (GROUPS - 1 - g) as f64;
        w[g * PER_GROUP + 1] = 1.0;
        g += 1;
    }
    w
};

/// Over how many final turns `late` ramps from 0 to 1.
const LATE_TURNS: f64 = 25.0;
/// How many turns count as early.
const EARLY_TURNS: usize = 20;

/// The move by the scored plan. `ai_reach` is the AI's legal set and
/// `ai_target` its greedy destination.
pub fn choose(
    weights: &Weights,
    game: &Game,
    state: &State,
    ai_reach: Bits,
    ai_target: Cell,
) -> Cell {
    let legal = legal_moves(state, game.m, 0);
    match Scene::new(game, state, legal, ai_reach, ai_target) {
        Err(rule) => rule,
        Ok(scene) => crate::greedy::best_move_in(state, legal, |d| {
            score(weights, &scene.features(game, state, d))
        }),
    }
}

/// The score of a cell of group `g` and numbers `x`.
#[inline]
pub fn score(weights: &Weights, (g, x): &(usize, [f64; PER_GROUP])) -> f64 {
    let w = &weights[g * PER_GROUP..][..PER_GROUP];
    w.iter().zip(x).map(|(w, x)| w * x).sum()
}

/// What stays the same for every cell in one turn.
pub struct Scene {
    /// Each group's cells, disjoint, within our legal set.
    groups: [Bits; GROUPS],
    late: f64,
    log_ratio: f64,
    /// (U − 1) / 4: 0 at the lowest cap, 1 at the highest.
    cap: f64,
    /// 1 in the first [`EARLY_TURNS`] turns, else 0.
    early: f64,
    unowned: Bits,
    target: Cell,
}

impl Scene {
    /// The scene of a position whose move is scored, or `Err` with the
    /// plan's own move in the phases it keeps: the last turns, the approach,
    /// and a turn where no group but the rest has a cell. `legal` is our
    /// legal set.
    pub fn new(
        game: &Game,
        state: &State,
        legal: Bits,
        ai_reach: Bits,
        target: Cell,
    ) -> Result<Scene, Cell> {
        if game.turns - state.turn <= duel::ENDGAME {
            return Err(duel::endgame_move(game, state, Some(target)));
        }
        if neighbours(state.owned[0]) & state.owned[1] == 0 {
            return Err(duel::approach(game, state, legal, state.owned[1]));
        }
        let mut groups = [0; GROUPS];
        if duel::parries(game, state, legal, target) {
            groups[0] = bit(target);
        }
        let mut taken = groups[0];
        let tiers = duel::tiers(game, state, legal, ai_reach, Some(target));
        for (g, tier) in tiers.iter().enumerate() {
            groups[g + 1] = legal & tier & !taken;
            taken |= groups[g + 1];
        }
        groups[GROUPS - 1] = legal & !taken;
        if taken == 0 {
            return Err(duel::endgame_move(game, state, Some(target)));
        }
        let left = game.turns.saturating_sub(state.turn) as f64;
        let ratio = state.score[0].max(1) as f64 / state.score[1].max(1) as f64;
        Ok(Scene {
            groups,
            late: (1.0 - left / LATE_TURNS).max(0.0),
            cap: (game.u as f64 - 1.0) / 4.0,
            early: if state.turn < EARLY_TURNS { 1.0 } else { 0.0 },
            log_ratio: ratio.log2().clamp(-4.0, 6.0),
            unowned: crate::board::ALL & !(state.owned[0] | state.owned[1]),
            target,
        })
    }

    /// The group of legal cell `d` and its numbers.
    pub fn features(&self, game: &Game, state: &State, d: Cell) -> (usize, [f64; PER_GROUP]) {
        let g = self
            .groups
            .iter()
            .position(|&s| has(s, d))
            .unwrap_or(GROUPS - 1);
        let c = d as usize;
        let v = game.value[c] as f64 / 1000.0;
        let around = neighbours(bit(d));
        let count = |set: Bits| (around & set).count_ones() as f64 / 4.0;
        let x = [
            UNIT,
            v,
            v * self.late,
            v * self.log_ratio,
            v * count(self.unowned),
            v * count(state.owned[0]),
            v * count(state.owned[1]),
            v * state.level[c] as f64 / game.u as f64,
            if d == self.target { v } else { 0.0 },
            UNIT * self.cap,
            v * self.cap,
            v * self.early,
            UNIT * self.late,
        ];
        (g, x)
    }
}
