//! The AI players' policy (docs/RULES.md §4): an ε-greedy choice over the
//! candidate list B_p by the value A_p of each cell.

use crate::engine::board::Cell;
use crate::engine::rules::Candidates;
use crate::engine::state::{Game, NOBODY, State};

/// One AI's hidden parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AiParams {
    /// Weight of an unowned cell.
    pub wa: f64,
    /// Weight of an own cell below the level cap.
    pub wb: f64,
    /// Weight of another player's level-1 cell.
    pub wc: f64,
    /// Weight of another player's cell at level 2 or more.
    pub wd: f64,
    /// Probability of a uniformly random move.
    pub eps: f64,
}

/// Placeholder parameters for player 0's slot in per-player arrays of
/// [`AiParams`] (never read as an AI's).
pub const NO_PARAMS: AiParams = AiParams {
    wa: 1.0,
    wb: 1.0,
    wc: 1.0,
    wd: 1.0,
    eps: 0.0,
};

/// The four kinds of cell the AI weighs differently (and one it never wants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    Unowned = 0,
    OwnBelowCap = 1,
    EnemyLevel1 = 2,
    EnemyHigher = 3,
    /// Own cell at the level cap: worth 0 whatever the weights.
    OwnAtCap = 4,
}

/// The category of cell `c` for player `p`.
#[inline]
pub fn category(game: &Game, state: &State, p: usize, c: Cell) -> Category {
    let owner = state.owner[c as usize];
    let level = state.level[c as usize];
    if owner == NOBODY {
        Category::Unowned
    } else if owner == p as i8 {
        if level < game.u {
            Category::OwnBelowCap
        } else {
            Category::OwnAtCap
        }
    } else if level == 1 {
        Category::EnemyLevel1
    } else {
        Category::EnemyHigher
    }
}

impl AiParams {
    /// The weight of a category (0 for an own cell at the cap).
    #[inline]
    pub fn weight(&self, cat: Category) -> f64 {
        match cat {
            Category::Unowned => self.wa,
            Category::OwnBelowCap => self.wb,
            Category::EnemyLevel1 => self.wc,
            Category::EnemyHigher => self.wd,
            Category::OwnAtCap => 0.0,
        }
    }

    /// A_p of cell `c` for player `p`, computed as the judge does: V·w.
    #[inline]
    pub fn value(&self, game: &Game, state: &State, p: usize, c: Cell) -> f64 {
        game.value[c as usize] as f64 * self.weight(category(game, state, p, c))
    }
}

/// The judge's tie tolerance (docs/RULES.md §4): a value within
/// `TIE_RELATIVE · max(|best|, 1)` of the best one ties with it.
pub const TIE_RELATIVE: f64 = 1e-9;

/// How far below `best` a value still ties with it, as the judge counts.
#[inline]
pub fn tie_tolerance(best: f64) -> f64 {
    TIE_RELATIVE * best.abs().max(1.0)
}

/// The judge's choice for AI `p` given its parameters and this turn's two
/// uniform numbers: a random candidate when `r1 < ε`, else a greedy one,
/// ties ([`tie_tolerance`]) broken by `r2` in candidate order.
pub fn choose(game: &Game, state: &State, p: usize, params: &AiParams, r1: f64, r2: f64) -> Cell {
    let list = Candidates::of(state, game.m, p);
    let cands = list.as_slice();
    if r1 < params.eps {
        return cands[pick_index(r2, cands.len())];
    }
    let mut values = [0.0f64; crate::engine::board::CELLS];
    let mut best = f64::NEG_INFINITY;
    for (k, &c) in cands.iter().enumerate() {
        values[k] = params.value(game, state, p, c);
        best = best.max(values[k]);
    }
    let tol = tie_tolerance(best);
    let mut ties = [0 as Cell; crate::engine::board::CELLS];
    let mut n = 0;
    for (k, &c) in cands.iter().enumerate() {
        if values[k] >= best - tol {
            ties[n] = c;
            n += 1;
        }
    }
    ties[pick_index(r2, n)]
}

/// ⌊r·len⌋ clamped to the last index, as the judge picks from a list.
#[inline]
pub fn pick_index(r: f64, len: usize) -> usize {
    ((r * len as f64) as usize).min(len - 1)
}

/// A draw from the AI's policy for rollouts, given its greedy `target`
/// ([`greedy_target`]): a uniformly random legal cell with probability ε,
/// else the target (exact ties between cells are rare enough to take one).
///
/// The random cell is the legal cell of highest priority, each cell's
/// priority a hash of the cell and one random number ([`random_cell`]):
/// uniform over the legal set, and the planner's rollouts of two candidates,
/// which share their random numbers, send the AI to the same cell unless
/// its legal sets differ at that very cell. Picking the k-th legal cell
/// instead would send it elsewhere whenever the sets differ anywhere before
/// it, and the two rollouts would part for no reason of their first moves.
#[inline]
pub fn sample_near_target<R: rand::Rng>(
    params: &AiParams,
    legal: crate::engine::board::Bits,
    target: Cell,
    rng: &mut R,
) -> Cell {
    if rng.random::<f64>() < params.eps {
        random_cell(legal, rng.random()).unwrap_or(target)
    } else {
        target
    }
}

/// The cell of `legal` of highest priority under `salt` (None if `legal` is
/// empty): over a uniformly random salt, a uniformly random cell of the set.
#[inline]
pub fn random_cell(legal: crate::engine::board::Bits, salt: u64) -> Option<Cell> {
    crate::engine::board::cells(legal).max_by_key(|&c| priority(salt, c))
}

/// A cell's priority under `salt`: SplitMix64's finaliser of the two mixed,
/// so that every cell's priority is as good as an independent draw.
#[inline]
fn priority(salt: u64, c: Cell) -> u64 {
    let mut z = salt ^ (c as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Every AI's greedy target ([`greedy_target`]) under `params`, given their
/// legal sets (player 0's slot is unused).
pub fn greedy_targets(
    game: &Game,
    state: &State,
    params: &[AiParams; crate::engine::board::MAX_PLAYERS],
    legal: &[crate::engine::board::Bits; crate::engine::board::MAX_PLAYERS],
) -> [Cell; crate::engine::board::MAX_PLAYERS] {
    let mut targets = [0; crate::engine::board::MAX_PLAYERS];
    for p in 1..game.m {
        targets[p] = greedy_target(game, state, p, &params[p], legal[p]);
    }
    targets
}

/// The AI's greedy choice within its legal set, the first of any ties in
/// cell order (rollouts and forecasts need one representative target).
#[inline]
pub fn greedy_target(
    game: &Game,
    state: &State,
    p: usize,
    params: &AiParams,
    legal: crate::engine::board::Bits,
) -> Cell {
    target_from_bests(state, p, params, legal, |_, set| top_key(game, set))
}

/// [`greedy_target`] for a rollout, which asks it of every AI every
/// simulated turn: each category's best cell is carried over from the
/// turn before in `cache` and only the cells that joined the category are
/// looked at, unless its best cell left it. The same cell as
/// [`greedy_target`] whatever the cache holds, so long as the cache was
/// only ever used for this game (a cell's value never changes).
#[inline]
pub fn greedy_target_cached(
    game: &Game,
    state: &State,
    p: usize,
    params: &AiParams,
    legal: crate::engine::board::Bits,
    cache: &mut TargetCache,
) -> Cell {
    let slots = &mut cache.slots[p];
    target_from_bests(state, p, params, legal, |k, set| slots[k].update(game, set))
}

/// What [`greedy_target_cached`] carries over between simulated turns: per
/// player and category, the category's cells when last scanned and the key
/// ([`top_key`]) of its best (a category left unscanned, being empty or
/// worth 0, keeps what it had: still a set and its best).
#[derive(Clone, Copy, Default)]
pub struct TargetCache {
    slots: [[CategoryBest; CATEGORIES]; crate::engine::board::MAX_PLAYERS],
}

/// The categories of cell [`greedy_target`] weighs: unowned, own below the
/// cap, another's at level 1, another's higher, own at the cap.
const CATEGORIES: usize = 5;

/// One category's cells and the key of its best, as last seen.
#[derive(Clone, Copy, Default)]
struct CategoryBest {
    set: crate::engine::board::Bits,
    key: u64,
}

impl CategoryBest {
    /// The key of the best cell of `set`, from the last one seen when it is
    /// still in the category: a cell keeps its value, so only the cells that
    /// joined can beat it.
    #[inline]
    fn update(&mut self, game: &Game, set: crate::engine::board::Bits) -> u64 {
        let left = self.set & !set;
        let kept = self.key != 0 && !crate::engine::board::has(left, key_cell(self.key));
        self.key = if kept {
            self.key.max(top_key(game, set & !self.set))
        } else {
            top_key(game, set)
        };
        self.set = set;
        self.key
    }
}

/// The greedy choice given how to find the key of a category's most
/// valuable cell (`best(k, set)`, k its index; asked only of a category
/// that is not empty and not worth 0).
#[inline]
fn target_from_bests(
    state: &State,
    p: usize,
    params: &AiParams,
    legal: crate::engine::board::Bits,
    mut best: impl FnMut(usize, crate::engine::board::Bits) -> u64,
) -> Cell {
    // A greedy choice is the best cell of one of five categories, and the
    // best of a category is its most valuable cell (the first in cell order
    // among equals; the first of all when the category is worth 0), then
    // the judge's comparison with its tie tolerance over those few, in cell
    // order. Which cell wins is a coin toss to the branch predictor: the
    // code below chooses by selects, not jumps.
    let mine = state.owned[p];
    let taken = state.taken();
    let enemy = taken & !mine;
    let categories = [
        (legal & !taken, params.wa),
        (legal & mine & !state.capped, params.wb),
        (legal & enemy & state.level_one, params.wc),
        (legal & enemy & !state.level_one, params.wd),
        (legal & mine & state.capped, 0.0),
    ];
    // Each category's best as a key, its cell in the high bits and its
    // index in the low ones, so that sorting the keys sorts by cell; an
    // empty category sorts last and is worth less than the first bar.
    let mut keys = [0u64; CATEGORIES];
    let mut values = [0.0f64; CATEGORIES];
    for (k, (set, weight)) in categories.into_iter().enumerate() {
        let (cell, value) = if set == 0 {
            (EMPTY, -2.0)
        } else if weight == 0.0 {
            // Worth 0 whatever its value, a category's first cell is its best.
            (set.trailing_zeros() as Cell, 0.0)
        } else {
            let top = best(k, set);
            (key_cell(top), (top >> 8) as f64 * weight)
        };
        values[k] = value;
        keys[k] = (cell as u64) << 8 | k as u64;
    }
    sort5(&mut keys);
    // Values are never negative, so −1 is below every cell; −∞ would make
    // the tolerance below NaN and no cell would ever be taken.
    // The bar a cell must clear is kept rather than recomputed per cell.
    let mut bar = -1.0 + tie_tolerance(-1.0);
    let mut choice = state.pos[p];
    for key in keys {
        let value = values[(key & 7) as usize];
        let better = value > bar;
        bar = if better {
            value + tie_tolerance(value)
        } else {
            bar
        };
        choice = if better { (key >> 8) as Cell } else { choice };
    }
    choice
}

/// The cell that stands for an empty category in [`greedy_target`]'s keys:
/// above every cell, so that it sorts last.
const EMPTY: Cell = crate::engine::board::CELLS as Cell;

/// Sorts five keys by a sorting network (nine compare-exchanges, each a
/// min and a max): no branch depends on the keys.
#[inline]
fn sort5(keys: &mut [u64; 5]) {
    const PAIRS: [(usize, usize); 9] = [
        (0, 1),
        (3, 4),
        (2, 4),
        (2, 3),
        (0, 3),
        (0, 2),
        (1, 4),
        (1, 3),
        (1, 2),
    ];
    for (i, j) in PAIRS {
        let (a, b) = (keys[i], keys[j]);
        keys[i] = a.min(b);
        keys[j] = a.max(b);
    }
}

/// The key of the most valuable cell of `set`, the first in cell order
/// among equals (0 for an empty set): each cell's key is its value above
/// its complemented cell, so that the greatest key is the answer and the
/// scan keeps a running maximum instead of branching on every comparison.
#[inline]
fn top_key(game: &Game, set: crate::engine::board::Bits) -> u64 {
    let mut top = 0u64;
    for c in crate::engine::board::cells(set) {
        let key = (game.value[c as usize] as u64) << 8 | (255 - c) as u64;
        top = top.max(key);
    }
    top
}

/// The cell of a key of [`top_key`].
#[inline]
fn key_cell(key: u64) -> Cell {
    255 - (key & 0xff) as Cell
}
