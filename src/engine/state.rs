//! The game's fixed description ([`Game`]) and its changing position ([`State`]).
//!
//! `State` is `Copy` and a few hundred bytes: rollouts copy it freely. It keeps
//! both a per-player bitboard of owned cells (for flood fills) and a per-cell
//! owner (for O(1) look-ups), plus what would otherwise be recomputed every
//! simulated turn: scores, each player's reach, and the cells at level 1 and
//! at the cap as bitboards. `rules` keeps them in step, and
//! [`State::check_invariants`] checks them against a recomputation.

use crate::engine::board::{Bits, CELLS, Cell, MAX_PLAYERS, bit, cells, flood};

/// Number of turns of every game.
pub const TURNS: usize = 100;
/// Owner of a cell nobody owns.
pub const NOBODY: i8 = -1;

/// The highest level cap U a game may have (the input is checked against it).
pub const MAX_U: u8 = 5;

/// What does not change during a game: players, level cap, cell values, starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Number of players, 2..=8; player 0 is ours.
    pub m: usize,
    /// Number of turns (always 100 in the contest).
    pub turns: usize,
    /// Level cap U, 1..=[`MAX_U`].
    pub u: u8,
    /// Value V of each cell.
    pub value: [u32; CELLS],
    /// Start cell of each player (only the first `m` are meaningful).
    pub start: [Cell; MAX_PLAYERS],
}

/// A position: who owns what at which level, where the pieces stand, scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// Cells owned by each player.
    pub owned: [Bits; MAX_PLAYERS],
    /// Owner of each cell, or [`NOBODY`].
    pub owner: [i8; CELLS],
    /// Level of each cell, 0 when unowned.
    pub level: [u8; CELLS],
    /// Cell of each player's piece.
    pub pos: [Cell; MAX_PLAYERS],
    /// Σ V·L over each player's cells, kept up to date by the rules.
    pub score: [u32; MAX_PLAYERS],
    /// Each player's reach: the cells connected to its piece through cells
    /// it owns, its own cell included (a flood fill, kept up to date by the
    /// rules: most turns change it by one cell or not at all).
    pub reach: [Bits; MAX_PLAYERS],
    /// The owned cells at level 1.
    pub level_one: Bits,
    /// The owned cells at the level cap U.
    pub capped: Bits,
    /// Turns played so far.
    pub turn: usize,
}

impl Game {
    /// The position before turn 1: each player on its start cell at level 1.
    pub fn initial_state(&self) -> State {
        let mut owner = [NOBODY; CELLS];
        let mut level = [0; CELLS];
        let mut pos = [0; MAX_PLAYERS];
        for p in 0..self.m {
            let c = self.start[p];
            owner[c as usize] = p as i8;
            level[c as usize] = 1;
            pos[p] = c;
        }
        self.state_from_grids(&owner, &level, &pos, 0)
    }

    /// Builds a state from owners, levels and piece positions as the judge
    /// reports them (bitboards and scores are derived).
    pub fn state_from_grids(
        &self,
        owner: &[i8; CELLS],
        level: &[u8; CELLS],
        pos: &[Cell; MAX_PLAYERS],
        turn: usize,
    ) -> State {
        let mut state = State {
            owned: [0; MAX_PLAYERS],
            owner: *owner,
            level: *level,
            pos: *pos,
            score: [0; MAX_PLAYERS],
            reach: [0; MAX_PLAYERS],
            level_one: 0,
            capped: 0,
            turn,
        };
        for c in 0..CELLS {
            if owner[c] >= 0 {
                let p = owner[c] as usize;
                state.owned[p] |= 1u128 << c;
                state.score[p] += self.value[c] * level[c] as u32;
            }
        }
        state.level_one = self.cells_at_level(&state, 1);
        state.capped = self.cells_at_level(&state, self.u);
        for p in 0..self.m {
            state.reach[p] = self.reach_of(&state, p);
        }
        state
    }

    /// The owned cells at `level`, from the level grid (for checks and
    /// construction; the rules keep [`State::level_one`] and
    /// [`State::capped`] up to date).
    pub fn cells_at_level(&self, state: &State, level: u8) -> Bits {
        (0..CELLS)
            .filter(|&c| state.owner[c] != NOBODY && state.level[c] == level)
            .fold(0, |acc, c| acc | bit(c as Cell))
    }

    /// Player `p`'s reach by a flood fill from its piece (for checks and
    /// construction; the rules keep [`State::reach`] up to date).
    pub fn reach_of(&self, state: &State, p: usize) -> Bits {
        flood(bit(state.pos[p]), state.owned[p])
    }

    /// Recomputes a player's score from scratch (for checks and tests).
    pub fn score_of(&self, state: &State, p: usize) -> u32 {
        cells(state.owned[p])
            .map(|c| self.value[c as usize] * state.level[c as usize] as u32)
            .sum()
    }
}

impl State {
    /// Every owned cell, whoever owns it.
    #[inline]
    pub fn taken(&self) -> Bits {
        self.owned.iter().fold(0, |all, &owned| all | owned)
    }

    /// Checks the rules' invariants: levels within 0..=U, owned cells at
    /// level >= 1 and unowned ones at 0, bitboards in step with the owner
    /// grid, every piece on a cell of its owner (so no player is left without
    /// territory) and no two on one cell, and each score equal to its Σ V·L.
    /// Returns the first violation (for the fuzzers and the invariant tests).
    pub fn check_invariants(&self, game: &Game) -> Result<(), String> {
        let m = game.m;
        for c in 0..CELLS {
            let (owner, level) = (self.owner[c], self.level[c]);
            if level > game.u {
                return Err(format!("cell {c}: level {level} above U = {}", game.u));
            }
            if (owner == NOBODY) != (level == 0) {
                return Err(format!("cell {c}: owner {owner} at level {level}"));
            }
            if owner != NOBODY && (owner < 0 || owner as usize >= m) {
                return Err(format!("cell {c}: owner {owner} is not a player"));
            }
            for p in 0..MAX_PLAYERS {
                let in_set = self.owned[p] >> c & 1 != 0;
                if in_set != (owner == p as i8) {
                    return Err(format!(
                        "cell {c}: owner {owner}, bitboard of player {p} disagrees"
                    ));
                }
            }
        }
        for p in 0..m {
            let c = self.pos[p];
            if c as usize >= CELLS || self.owner[c as usize] != p as i8 {
                return Err(format!("player {p}'s piece on cell {c}, not its own"));
            }
            if self.owned[p] == 0 {
                return Err(format!("player {p} has no territory"));
            }
            if let Some(q) = (0..p).find(|&q| self.pos[q] == c) {
                return Err(format!("players {q} and {p} share cell {c}"));
            }
            let sum = game.score_of(self, p);
            if self.score[p] != sum {
                return Err(format!(
                    "player {p}'s score {} but Σ V·L = {sum}",
                    self.score[p]
                ));
            }
            let flooded = game.reach_of(self, p);
            if self.reach[p] != flooded {
                return Err(format!(
                    "player {p}'s reach {:#x} but the flood fill gives {flooded:#x}",
                    self.reach[p]
                ));
            }
        }
        if self.level_one != game.cells_at_level(self, 1) {
            return Err("the level-1 bitboard disagrees with the levels".into());
        }
        if self.capped != game.cells_at_level(self, game.u) {
            return Err("the capped bitboard disagrees with the levels".into());
        }
        Ok(())
    }

    /// The set of cells holding a piece of any of the first `m` players.
    #[inline]
    pub fn pieces(&self, m: usize) -> Bits {
        self.pos[..m].iter().fold(0, |acc, &c| acc | bit(c))
    }

    /// Highest score among the AI players 1..m.
    #[inline]
    pub fn best_ai_score(&self, m: usize) -> u32 {
        self.score[1..m].iter().copied().max().unwrap_or(0)
    }
}

/// The contest's absolute score of a case: round(1e5 · log2(1 + S0 / S_A)).
pub fn absolute_score(s0: u32, best_ai: u32) -> i64 {
    let ratio = s0 as f64 / best_ai.max(1) as f64;
    (1e5 * (1.0 + ratio).log2()).round() as i64
}
