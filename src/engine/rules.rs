//! The rules of one turn, in one place (docs/RULES.md §2 and §4's move list):
//! where a player may move, the AI's candidate list in the judge's order,
//! and the simultaneous resolution of a turn.

use crate::engine::board::{
    Bits, CELLS, Cell, MAX_PLAYERS, bit, flood, has, neighbours, neighbours_of, ordered_neighbours,
};
use crate::engine::state::{Game, NOBODY, State};

/// Cells reachable from `p`'s piece through cells `p` owns (its own cell
/// included): kept in the state by [`resolve`].
#[inline]
pub fn reach(state: &State, p: usize) -> Bits {
    state.reach[p]
}

/// Every legal destination of player `p`: its reach and the reach's
/// neighbours, minus the cells where another player's piece stands.
#[inline]
pub fn legal_moves(state: &State, m: usize, p: usize) -> Bits {
    legal_among(state, state.pieces(m), p)
}

/// [`legal_moves`] of `p` given every piece's cell (`pieces`).
#[inline]
fn legal_among(state: &State, pieces: Bits, p: usize) -> Bits {
    let region = reach(state, p);
    let others = pieces & !bit(state.pos[p]);
    (region | neighbours(region)) & !others
}

/// The legal sets of the AI players 1..m (player 0's slot and unused ones
/// are empty).
#[inline]
pub fn ai_legal_moves(state: &State, m: usize) -> [Bits; MAX_PLAYERS] {
    let mut legal = [0; MAX_PLAYERS];
    // The pieces once for every player, not once each.
    let pieces = state.pieces(m);
    for (p, slot) in legal.iter_mut().enumerate().take(m).skip(1) {
        *slot = legal_among(state, pieces, p);
    }
    legal
}

/// Whether `dest` is a legal destination of player `p`.
#[inline]
pub fn is_legal(state: &State, m: usize, p: usize, dest: Cell) -> bool {
    (dest as usize) < CELLS && has(legal_moves(state, m, p), dest)
}

/// The candidate list B_p of an AI, in the judge's breadth-first order.
#[derive(Clone, Copy)]
pub struct Candidates {
    cells: [Cell; CELLS],
    len: usize,
}

impl Candidates {
    /// The candidates of player `p`: a BFS from its piece, neighbours in the
    /// order right, down, left, up; only owned cells are expanded; a cell
    /// holding another piece is visited but not listed. `B[0]` is the piece's cell.
    pub fn of(state: &State, m: usize, p: usize) -> Self {
        let others = state.pieces(m) & !bit(state.pos[p]);
        let mut list = Candidates {
            cells: [0; CELLS],
            len: 0,
        };
        let mut queue = [0 as Cell; CELLS];
        let (mut head, mut tail) = (0, 1);
        queue[0] = state.pos[p];
        let mut seen = bit(state.pos[p]);
        let mut next = [0 as Cell; 4];
        while head < tail {
            let c = queue[head];
            head += 1;
            if !has(others, c) {
                list.cells[list.len] = c;
                list.len += 1;
            }
            if state.owner[c as usize] != p as i8 {
                continue;
            }
            let count = ordered_neighbours(c, &mut next);
            for &nb in &next[..count] {
                if !has(seen, nb) {
                    seen |= bit(nb);
                    queue[tail] = nb;
                    tail += 1;
                }
            }
        }
        list
    }

    /// The listed cells, in order.
    #[inline]
    pub fn as_slice(&self) -> &[Cell] {
        &self.cells[..self.len]
    }

    /// Number of candidates (at least 1: the piece's own cell).
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Never true: the piece's own cell is always a candidate.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// What happened to the pieces in a turn, as bitmasks over players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Pieces removed because two or more chose the same cell.
    pub collided: u8,
    /// Pieces that attacked a cell without taking it (and went back).
    pub bounced: u8,
}

impl Outcome {
    /// Pieces that went back to where they stood.
    #[inline]
    pub fn returned(&self) -> u8 {
        self.collided | self.bounced
    }
}

/// Plays one turn: every player `p < m` moves to `dest[p]` at once.
/// The destinations must be legal; the caller checks player 0's.
pub fn resolve(game: &Game, state: &mut State, dest: &[Cell; MAX_PLAYERS]) -> Outcome {
    let m = game.m;
    let mut outcome = Outcome::default();
    for p in 0..m {
        let d = dest[p];
        let shared = (0..m).any(|q| q != p && dest[q] == d);
        // In a collision only the cell owner's own piece survives.
        if shared && state.owner[d as usize] != p as i8 {
            outcome.collided |= 1 << p;
        }
    }
    // Survivors stand on distinct cells, none of them another piece's start
    // cell, so applying them one by one equals applying them at once.
    for p in 0..m {
        if outcome.collided >> p & 1 == 0 && !update_territory(game, state, p, dest[p]) {
            outcome.bounced |= 1 << p;
        }
    }
    state.turn += 1;
    outcome
}

/// Applies player `p`'s surviving move onto `d`: occupation, reinforcement or
/// attack. Returns false when the piece goes back (a failed attack).
#[inline]
fn update_territory(game: &Game, state: &mut State, p: usize, d: Cell) -> bool {
    let c = d as usize;
    let v = game.value[c];
    let owner = state.owner[c];
    if owner == NOBODY {
        take(game, state, p, d, v);
    } else if owner == p as i8 {
        if state.level[c] < game.u {
            set_level(game, state, d, state.level[c] + 1);
            state.score[p] += v;
        }
    } else {
        let q = owner as usize;
        set_level(game, state, d, state.level[c] - 1);
        state.score[q] -= v;
        if state.level[c] > 0 {
            return false;
        }
        state.owned[q] &= !bit(d);
        // Losing a cell of its reach may cut the owner's region in two;
        // most losses do not, and a look at the cell's surroundings says so
        // without a flood fill of the whole region.
        let region = state.reach[q];
        if has(region, d) {
            state.reach[q] = if removal_keeps_connected(region, d) {
                region & !bit(d)
            } else {
                flood(bit(state.pos[q]), state.owned[q])
            };
        }
        take(game, state, p, d, v);
    }
    state.pos[p] = d;
    follow_piece(state, p, d);
    true
}

/// Whether `region` (connected, holding `d`) stays connected without `d`,
/// judged from the ring of eight cells around `d` alone: true when the
/// region's cells next to `d` are joined to one another through the ring.
/// A path through `d` then has a way round it, so the answer true is
/// always right; false may be wrong (the region may join them further
/// away), and the caller then floods.
#[inline]
fn removal_keeps_connected(region: Bits, d: Cell) -> bool {
    let sides = neighbours_of(d) & region;
    if sides.count_ones() <= 1 {
        return true;
    }
    let ring = RINGS[d as usize] & region;
    let start = sides & sides.wrapping_neg();
    flood(start, ring) & sides == sides
}

/// The (up to) eight cells around each cell: those within one row and one
/// column of it, the cell itself left out.
const RINGS: [Bits; CELLS] = {
    const N: usize = crate::engine::board::N;
    let mut table = [0; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (row, column) = (c / N, c % N);
        let mut k = 0;
        while k < CELLS {
            let (i, j) = (k / N, k % N);
            if k != c && i.abs_diff(row) <= 1 && j.abs_diff(column) <= 1 {
                table[c] |= bit(k as Cell);
            }
            k += 1;
        }
        c += 1;
    }
    table
};

/// `p` takes the unowned cell `d` at level 1.
#[inline]
fn take(game: &Game, state: &mut State, p: usize, d: Cell, v: u32) {
    state.owner[d as usize] = p as i8;
    set_level(game, state, d, 1);
    state.owned[p] |= bit(d);
    state.score[p] += v;
}

/// Sets the level of cell `d` and keeps the level bitboards in step.
#[inline]
fn set_level(game: &Game, state: &mut State, d: Cell, level: u8) {
    state.level[d as usize] = level;
    let b = bit(d);
    state.level_one = if level == 1 {
        state.level_one | b
    } else {
        state.level_one & !b
    };
    state.capped = if level == game.u {
        state.capped | b
    } else {
        state.capped & !b
    };
}

/// Brings `p`'s reach up to date once its piece stands on `d`, a cell of
/// its own. A step within the reach changes nothing; otherwise the new
/// reach is `d`, the old reach if `d` touches it (a capture earlier in the
/// turn may have cut the piece's region off from `d`), and the other parts
/// of `p`'s land that touch `d`, found by a flood fill of those parts
/// alone (the reach is a whole part already: it needs none).
#[inline]
fn follow_piece(state: &mut State, p: usize, d: Cell) {
    let region = state.reach[p];
    if has(region, d) {
        return;
    }
    let around = neighbours_of(d) & state.owned[p];
    let joined = if around & region != 0 { region } else { 0 };
    let others = around & !region;
    let parts = if others == 0 {
        0
    } else {
        flood(others, state.owned[p] & !region & !bit(d))
    };
    state.reach[p] = bit(d) | joined | parts;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::cells;
    use rand::{Rng, SeedableRng};

    /// The ring test never says a region stays whole when it falls apart,
    /// and says so for most cells (else it would save no flood fills).
    #[test]
    fn removal_keeps_connected_only_when_it_does() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(61);
        let (mut kept, mut asked) = (0, 0);
        for _ in 0..3000 {
            let density = rng.random_range(0.3..0.9);
            let mut set: Bits = 0;
            for c in 0..CELLS as Cell {
                if rng.random::<f64>() < density {
                    set |= bit(c);
                }
            }
            let Some(seed) = cells(set).next() else {
                continue;
            };
            let region = flood(bit(seed), set);
            for d in cells(region) {
                let rest = region & !bit(d);
                let Some(other) = cells(rest).next() else {
                    continue;
                };
                asked += 1;
                let whole = flood(bit(other), rest) == rest;
                if removal_keeps_connected(region, d) {
                    kept += 1;
                    assert!(whole, "region {region:#x} without cell {d} falls apart");
                }
            }
        }
        assert!(kept * 2 > asked, "{kept} of {asked} judged without a flood");
    }

    #[test]
    fn rings_hold_the_eight_cells_around() {
        assert_eq!(RINGS[55].count_ones(), 8);
        assert_eq!(RINGS[0], bit(1) | bit(10) | bit(11));
        assert_eq!(RINGS[99], bit(98) | bit(89) | bit(88));
        assert_eq!(RINGS[9].count_ones(), 3);
        assert_eq!(RINGS[50].count_ones(), 5);
        assert!(!has(RINGS[19], 20) && !has(RINGS[20], 19));
    }
}
