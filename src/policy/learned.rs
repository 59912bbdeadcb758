//! A learned valuation of player 0's destinations: a linear scorer over the
//! features of src/policy/features.rs, one weight vector per game size class. Its
//! weights are trained by the `train` tool (tools/src/bin/train.rs) and
//! written, as Rust source, to src/policy/learned_weights.rs.

use crate::engine::board::{Bits, Cell, MAX_PLAYERS};
use crate::engine::state::{Game, State};
use crate::policy::features::{self, PER_GROUP, TurnContext, WEIGHTS};
use crate::policy::forecast::Forecast;

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

/// The value of moving onto `d` under `weights`: the model's definition,
/// a dot product of the features (src/policy/features.rs) as the trainer
/// fits them. The bot plays through its faster form, [`TurnScorer`].
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
    features_value(weights, group as usize, &x)
}

/// The model's value of a move of group `group` with features `x`: the dot
/// product of the group's weights and the features.
#[inline]
pub fn features_value(weights: &Weights, group: usize, x: &[f64; PER_GROUP]) -> f64 {
    let w = &weights[group * PER_GROUP..][..PER_GROUP];
    w.iter().zip(x).map(|(w, x)| w * x).sum()
}

/// [`value`] for one turn, its constants folded into each group's weights
/// once: the same sums in another order, so equal up to rounding (the
/// rollouts call it for every legal cell of every simulated turn).
pub struct TurnScorer {
    /// Per group of an AI's or no one's cell: the constant factor of
    /// `v·free`, then the extra factors for one AI and for two or more
    /// AIs in reach, for open and for own neighbours.
    fought: [[f64; 5]; 5],
    /// Own cell below the cap: the constant factor of `v`, then the extras
    /// for early and level ≥ 2, threat, level 1, threat at level 1, the
    /// leader's reach and level / U.
    below: [f64; 7],
    /// Own cell at the cap: the constant and the factor of `v·threat`.
    at_cap: [f64; 2],
}

impl TurnScorer {
    pub fn new(weights: &Weights, turn: &TurnContext) -> TurnScorer {
        let w = |g: features::Group| &weights[g as usize * PER_GROUP..][..PER_GROUP];
        let mut fought = [[0.0; 5]; 5];
        for (g, row) in fought.iter_mut().enumerate() {
            let group = features::Group::ALL[g];
            let w = w(group);
            let leader = matches!(
                group,
                features::Group::LeaderLevel1 | features::Group::LeaderHigher
            );
            let ratio = if leader { turn.log_ratio } else { 0.0 };
            *row = [
                w[0] + w[5] * ratio + w[6] * turn.late,
                w[1] + w[3] * turn.late,
                w[2] + w[3] * turn.late,
                w[4] / 4.0,
                w[7] / 4.0,
            ];
        }
        let b = w(features::Group::OwnBelowCap);
        let a = w(features::Group::OwnAtCap);
        TurnScorer {
            fought,
            below: [b[0] + b[4] * turn.late, b[1], b[2], b[3], b[6], b[5], b[7]],
            at_cap: [a[0], a[1]],
        }
    }

    /// The factor of V of an own cell below the cap at `level`, under
    /// `threat` (the chance an AI lands there), in the leader's reach or not.
    #[inline]
    fn below_factor(
        &self,
        game: &Game,
        turn: &TurnContext,
        level: u8,
        threat: f64,
        leader: bool,
    ) -> f64 {
        let b = &self.below;
        let mut f = b[0] + b[2] * threat;
        if turn.early && level >= 2 {
            f += b[1];
        }
        if level == 1 {
            f += b[3] + b[4] * threat;
        }
        if leader {
            f += b[5];
        }
        f + b[6] * level as f64 / game.u as f64
    }

    /// The value of an own cell at the cap worth `v` (in units of 1000)
    /// under `threat`.
    #[inline]
    fn at_cap_value(&self, v: f64, threat: f64) -> f64 {
        self.at_cap[0] + self.at_cap[1] * v * threat
    }

    /// The value of moving onto `d`.
    #[inline]
    pub fn value(
        &self,
        game: &Game,
        state: &State,
        forecast: &Forecast,
        turn: &TurnContext,
        d: Cell,
    ) -> f64 {
        let c = d as usize;
        // A product, not a quotient: the same to rounding, several times faster.
        let v = game.value[c] as f64 * 0.001;
        let level = state.level[c];
        let group = features::group(game, state, turn, d);
        if group == features::Group::OwnAtCap {
            let threat = 1.0 - forecast.free[c] as f64;
            return self.at_cap_value(v, threat);
        }
        if group == features::Group::OwnBelowCap {
            let threat = 1.0 - forecast.free[c] as f64;
            let leader = crate::engine::board::has(turn.leader_reach, d);
            return v * self.below_factor(game, turn, level, threat, leader);
        }
        let row = &self.fought[group as usize];
        let (open, ours) = features::open_and_ours(state, d);
        let mut f = row[0] + row[3] * open + row[4] * ours;
        match forecast.reach_count[c] {
            0 => {}
            1 => f += row[1],
            _ => f += row[2],
        }
        v * forecast.free[c] as f64 * f
    }
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
    let scorer = TurnScorer::new(weights, &turn);
    // Our own cells out of every AI's reach are quiet: no threat, not the
    // leader's reach, so their value is V times a factor of their level
    // alone, found once per level instead of once per cell (the same
    // arithmetic as `TurnScorer::value`, so the same move).
    let reached = legal[1..game.m].iter().fold(0, |all, &l| all | l);
    let quiet = ours & state.owned[0] & !reached;
    let (mut best, mut top) = (state.pos[0], f64::NEG_INFINITY);
    let mut consider = |d: Cell, value: f64| {
        if value > top || (value == top && d < best) {
            (best, top) = (d, value);
        }
    };
    for d in crate::engine::board::cells(ours & !quiet) {
        consider(d, scorer.value(game, state, forecast, &turn, d));
    }
    // One factor per level below the cap, indexed by level.
    let mut factor = [0.0; crate::engine::state::MAX_U as usize];
    for (level, f) in factor.iter_mut().enumerate().take(game.u as usize).skip(1) {
        *f = scorer.below_factor(game, &turn, level as u8, 0.0, false);
    }
    for d in crate::engine::board::cells(quiet) {
        let c = d as usize;
        let v = game.value[c] as f64 * 0.001;
        let level = state.level[c];
        let value = if level >= game.u {
            scorer.at_cap_value(v, 0.0)
        } else {
            v * factor[level as usize]
        };
        consider(d, value);
    }
    best
}
