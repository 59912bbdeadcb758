//! The baseline policy: a one-ply greedy choice by what a move is worth to
//! player 0's score relative to the leading AI. It plays `--policy greedy`
//! (the floor the planner is measured against) and answers a turn whose
//! plan failed (src/agent/mod.rs); the forecast (src/policy/forecast.rs) uses its
//! leader and its best-legal-move search. The rollouts' base policies are
//! the forecast's and, at M = 2, the duel plan's (src/search/planner.rs).

use crate::engine::board::{Cell, cells, has, neighbours};
use crate::engine::rules::{legal_moves, reach};
use crate::engine::state::{Game, NOBODY, State};

/// The weights of the greedy valuation.
#[derive(Clone, Copy, Debug)]
pub struct GreedyWeights {
    /// Factor on a non-own cell that some AI can also move onto.
    pub risk: f64,
    /// Value of taking the leader's level-1 cell, in V.
    pub swing_leader: f64,
    /// Value of taking another AI's level-1 cell, in V.
    pub swing_other: f64,
    /// Value of lowering the leader's cell of level ≥ 2, in V.
    pub hurt_leader: f64,
    /// Value of lowering another AI's cell of level ≥ 2, in V.
    pub hurt_other: f64,
    /// Extra value, in V, of raising an own level-1 cell some AI can reach.
    pub guard: f64,
}

pub const WEIGHTS: GreedyWeights = GreedyWeights {
    risk: 0.6,
    swing_leader: 2.0,
    swing_other: 1.4,
    hurt_leader: 0.5,
    hurt_other: 0.2,
    guard: 0.0,
};

/// How much a move onto `d` is worth to player 0, counting the collision
/// risk: a move onto a non-own cell that an AI can also reach may be voided.
pub fn move_value(game: &Game, state: &State, contested: u128, leader: usize, d: Cell) -> f64 {
    let w = WEIGHTS;
    let c = d as usize;
    let v = game.value[c] as f64;
    let owner = state.owner[c];
    let risk = if has(contested, d) { w.risk } else { 1.0 };
    if owner == NOBODY {
        v * risk
    } else if owner == 0 {
        if state.level[c] >= game.u {
            0.0
        } else if state.level[c] == 1 && has(contested, d) {
            // A level-1 cell an AI can step on: raising it makes an attack bounce.
            v * (1.0 + w.guard)
        } else {
            v
        }
    } else if state.level[c] == 1 {
        // Taking an enemy level-1 cell: we gain V and its owner loses V,
        // which matters most when the owner is the leader.
        let swing = if owner as usize == leader {
            w.swing_leader
        } else {
            w.swing_other
        };
        v * swing * risk
    } else {
        // A level-2+ attack only lowers the cell and bounces back.
        let hurt = if owner as usize == leader {
            w.hurt_leader
        } else {
            w.hurt_other
        };
        v * hurt * risk
    }
}

/// The cells some AI could move onto this turn.
pub fn contested_cells(game: &Game, state: &State) -> u128 {
    let mut set = 0;
    for p in 1..game.m {
        let region = reach(state, p);
        set |= region | neighbours(region);
    }
    set
}

/// The AI with the highest score (the lowest index on ties).
pub fn leader(game: &Game, state: &State) -> usize {
    (1..game.m)
        .max_by_key(|&p| (state.score[p], std::cmp::Reverse(p)))
        .unwrap_or(1)
}

/// The legal move of highest value; ties go to the lowest cell index.
pub fn choose(game: &Game, state: &State) -> Cell {
    let contested = contested_cells(game, state);
    let lead = leader(game, state);
    best_legal_move(game, state, |d| move_value(game, state, contested, lead, d))
}

/// Player 0's legal move of highest `value` (the lowest cell on ties).
pub fn best_legal_move(game: &Game, state: &State, value: impl Fn(Cell) -> f64) -> Cell {
    best_move_in(state, legal_moves(state, game.m, 0), value)
}

/// The cell of `moves` (player 0's legal set, already known) of highest
/// value, the lowest on ties; the piece's cell if `moves` is empty.
pub fn best_move_in(
    state: &State,
    moves: crate::engine::board::Bits,
    value: impl Fn(Cell) -> f64,
) -> Cell {
    let mut best = state.pos[0];
    let mut best_value = f64::NEG_INFINITY;
    for d in cells(moves) {
        let v = value(d);
        if v > best_value {
            best_value = v;
            best = d;
        }
    }
    best
}
