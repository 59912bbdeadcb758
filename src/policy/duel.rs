//! Player 0's base policy when there is a single AI (M = 2): a priority
//! plan (after a strong contest bot's published M = 2 plan, re-ordered here:
//! docs/RESULTS.md, "duel tier order") that closes in on the AI, stands in
//! the way of its attacks, and eats its level-1 cells, so that it is boxed in
//! and its score stays small. The planner's rollouts use it as player 0's
//! policy.
//!
//! Once the AI is boxed in, every greedy move it makes is an attack on one of
//! our wall cells. Answering each attack after the fact (raising the cell it
//! knocked down) spends all our turns on the wall; stepping on the cell it is
//! about to attack spends only the turns it aims at a wall below the cap:
//! the other half it knocks a full wall down, and we play elsewhere
//! (docs/RESULTS.md, "session 6").
//!
//! The AI's target also tells where our own moves would be void: a piece
//! on a cell its owner is about to step on is removed, so the plan never
//! attacks the AI's cell the AI is raising this turn (docs/RESULTS.md,
//! "session 7").

use crate::engine::board::{Bits, Cell, bit, cells, has, neighbours};
use crate::engine::rules::legal_moves;
use crate::engine::state::{Game, State};

/// Turns at the end of the game played for this turn's gain in the objective
/// ([`endgame_move`]).
pub const ENDGAME: usize = 2;

/// Number of the plan's tiers ([`tiers`]).
pub const TIERS: usize = 7;

/// The order in which a plan tries the tiers of [`tiers`]: a permutation
/// of some of `0..TIERS` (a tier left out is never tried).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TierOrder {
    tiers: [u8; TIERS],
    len: u8,
}

impl TierOrder {
    /// The plan's own order: every tier, as [`tiers`] lists them.
    pub const PLAN: TierOrder = TierOrder {
        tiers: [0, 1, 2, 3, 4, 5, 6],
        len: TIERS as u8,
    };

    /// An order written as its tiers' digits, e.g. `0123645`; each tier
    /// at most once.
    pub fn parse(text: &str) -> Option<TierOrder> {
        let mut order = TierOrder {
            tiers: [0; TIERS],
            len: 0,
        };
        for ch in text.chars() {
            let tier = ch.to_digit(10).filter(|&d| (d as usize) < TIERS)? as u8;
            if order.iter().any(|t| t == tier as usize) || order.len as usize == TIERS {
                return None;
            }
            order.tiers[order.len as usize] = tier;
            order.len += 1;
        }
        (order.len > 0).then_some(order)
    }

    /// The tiers in order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.tiers[..self.len as usize].iter().map(|&t| t as usize)
    }
}

impl std::fmt::Display for TierOrder {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        self.iter().try_for_each(|t| write!(f, "{t}"))
    }
}

/// The move by the plan in a game of two players. `ai_reach` is the AI's
/// legal set this turn and `ai_target` its greedy destination, when known
/// (where it goes unless it moves at random).
pub fn choose(game: &Game, state: &State, ai_reach: Bits, ai_target: Option<Cell>) -> Cell {
    choose_ordered(TierOrder::PLAN, game, state, ai_reach, ai_target)
}

/// The plan's move with its tiers tried in `order` (the parry, the approach
/// and the endgame as in [`choose`]).
pub fn choose_ordered(
    order: TierOrder,
    game: &Game,
    state: &State,
    ai_reach: Bits,
    ai_target: Option<Cell>,
) -> Cell {
    let legal = legal_moves(state, game.m, 0);
    let mine = state.owned[0];
    let theirs = state.owned[1];
    let turns_left = game.turns - state.turn;
    if turns_left <= ENDGAME {
        return endgame_move(game, state, ai_target);
    }
    if let Some(c) = ai_target.filter(|&c| parries(game, state, legal, c)) {
        return c;
    }
    if neighbours(mine) & theirs == 0 {
        return approach(game, state, legal, theirs);
    }
    let tiers = tiers(game, state, legal, ai_reach, ai_target);
    order
        .iter()
        .find_map(|t| most_valuable(game, legal & tiers[t]))
        .unwrap_or_else(|| endgame_move(game, state, ai_target))
}

/// The plan's tiers, tried in order: sets of cells (not yet cut to our
/// legal set) of which the plan takes the first one that holds a legal
/// cell. `legal` is our legal set, whose levels the tiers read.
pub fn tiers(
    game: &Game,
    state: &State,
    legal: Bits,
    ai_reach: Bits,
    ai_target: Option<Cell>,
) -> [Bits; TIERS] {
    let spared = ai_target.map_or(0, bit);
    tiers_against(game, state, legal, state.owned[1], ai_reach, spared)
}

/// The plan's tiers against the land `theirs` (one AI's, or several's at
/// M ≥ 3: src/policy/hunt.rs) whose owners reach `ai_reach`; the cells of
/// `spared` are not attacked (an owner is about to step there).
pub fn tiers_against(
    game: &Game,
    state: &State,
    legal: Bits,
    theirs: Bits,
    ai_reach: Bits,
    spared: Bits,
) -> [Bits; TIERS] {
    let mine = state.owned[0];
    // The plan's tiers, tried in order, their order tuned by self-play on
    // M = 2 cases (docs/RESULTS.md). Raising our level-1 cells in the AI's
    // reach before it attacks them is no tier: the parry above answers the
    // attacks that come, at a lower cost (docs/RESULTS.md, session 7).
    let levels = Levels::within(game, state, legal);
    // Its cells but the one it is about to step on (to raise it): its
    // owner's piece stays there and ours would be removed, a lost turn.
    let attackable = theirs & !spared;
    // Nobody's (with one AI, neither ours nor its).
    let unowned = !state.taken();
    [
        // Its level-1 cells within its own reach: it would build on them.
        attackable & levels.one & ai_reach,
        // Any of its higher cells: a point off its score is worth more to
        // log(S0 / S1) than one on ours once we are ahead, and measured, from
        // the start (docs/RESULTS.md, session 7).
        attackable & levels.high,
        // Any other of its level-1 cells.
        attackable & levels.one,
        // Unowned land the AI could expand into: taking it shrinks its options.
        unowned & ai_reach,
        // Our higher cells it can reach, while they can still grow.
        mine & levels.below_cap & ai_reach,
        // Any unowned land.
        unowned,
        // Reinforce anything of ours.
        mine & levels.below_cap,
    ]
}

/// The cells of a set by level, computed once for the plan's tiers.
struct Levels {
    /// At level 1.
    one: Bits,
    /// At level 2 or more.
    high: Bits,
    /// Below the cap U (unowned cells included).
    below_cap: Bits,
}

impl Levels {
    fn within(game: &Game, state: &State, set: Bits) -> Levels {
        let owned = state.owned[..game.m].iter().fold(0, |acc, &o| acc | o);
        Levels {
            one: set & state.level_one,
            high: set & owned & !state.level_one,
            below_cap: set & !state.capped,
        }
    }
}

/// The endgame's move (and the move when no tier has one): the most to
/// log2(1 + S0 / S1) this turn, to first order: a point off the AI's score
/// is worth S0 / S1 points on ours. The AI's target takes part: a step on
/// its own cell there is void, and on the unowned cell it is about to take
/// denies it that cell. (Against S0 − S1, blind to the target: +4.8k a case.)
pub fn endgame_move(game: &Game, state: &State, ai_target: Option<Cell>) -> Cell {
    let (mine, theirs) = (state.owned[0], state.owned[1]);
    let ratio = state.score[0].max(1) as f64 / state.score[1].max(1) as f64;
    let worth = |c: Cell| -> f64 {
        let v = game.value[c as usize] as f64;
        let level = state.level[c as usize];
        if has(mine, c) {
            return if level < game.u { v } else { 0.0 };
        }
        if Some(c) == ai_target {
            return if has(theirs, c) { 0.0 } else { ratio * v };
        }
        match (has(theirs, c), level) {
            (true, 1) => v + ratio * v,
            (true, _) => ratio * v,
            (false, _) => v,
        }
    };
    crate::policy::greedy::best_legal_move(game, state, worth)
}

/// Whether stepping on `target`, the cell the AI is about to attack, voids
/// the attack: it must be ours, within our reach, and below the cap, so
/// that our piece (the owner's) stays and raises it. At the cap the step
/// gains nothing and the AI only turns to the next cell of the wall: a dance
/// with no winner (measured: −118k a case for the plan alone).
pub fn parries(game: &Game, state: &State, legal: Bits, target: Cell) -> bool {
    let t = target as usize;
    state.owner[t] == 0 && state.level[t] < game.u && has(legal, target)
}

/// The legal cell that most shortens the way to the AI's land, the most
/// valuable among equals.
pub fn approach(game: &Game, state: &State, legal: Bits, target: Bits) -> Cell {
    let mut frontier = target;
    // Grow rings around the AI's land until one touches a legal cell.
    for _ in 0..20 {
        let closest = legal & frontier;
        if let Some(c) = most_valuable(game, closest) {
            return c;
        }
        frontier |= neighbours(frontier);
    }
    state.pos[0]
}

/// The most valuable cell of `set` (lowest index on ties).
pub fn most_valuable(game: &Game, set: Bits) -> Option<Cell> {
    cells(set).max_by_key(|&c| (game.value[c as usize], std::cmp::Reverse(c)))
}
