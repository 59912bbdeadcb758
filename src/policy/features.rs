//! What a learned policy sees of one destination of player 0: a short
//! vector of numbers per legal cell, computed from the position and the
//! forecast of the AIs' moves (src/policy/forecast.rs).
//!
//! The cell's kind for player 0 picks a *group* (unowned, an AI's level-1
//! cell — the leader's or another's —, an AI's higher cell — the leader's
//! or another's —, our own cell below the cap, our own cell at the cap), and
//! each group has its own few features, all in units of the cell's value V
//! (V/1000, so 1 is an average cell). A linear scorer over them generalises
//! the hand-tuned valuation of src/policy/forecast.rs, which is one point of its
//! weight space ([`crate::policy::learned::HAND_TUNED`]).

use crate::engine::board::{Bits, Cell, MAX_PLAYERS};
use crate::engine::state::{Game, NOBODY, State};
use crate::policy::forecast::Forecast;

/// The groups of destinations; each has [`PER_GROUP`] features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Unowned = 0,
    LeaderLevel1 = 1,
    OtherLevel1 = 2,
    LeaderHigher = 3,
    OtherHigher = 4,
    OwnBelowCap = 5,
    OwnAtCap = 6,
}

/// Number of groups.
pub const GROUPS: usize = 7;

impl Group {
    /// Every group, in the order of the weight vector.
    pub const ALL: [Group; GROUPS] = [
        Group::Unowned,
        Group::LeaderLevel1,
        Group::OtherLevel1,
        Group::LeaderHigher,
        Group::OtherHigher,
        Group::OwnBelowCap,
        Group::OwnAtCap,
    ];

    /// What the group is, in words.
    pub fn label(self) -> &'static str {
        match self {
            Group::Unowned => "unowned",
            Group::LeaderLevel1 => "the leader's level-1 cell",
            Group::OtherLevel1 => "another AI's level-1 cell",
            Group::LeaderHigher => "the leader's higher cell",
            Group::OtherHigher => "another AI's higher cell",
            Group::OwnBelowCap => "own, below the cap",
            Group::OwnAtCap => "own, at the cap",
        }
    }
}
/// Features per group.
pub const PER_GROUP: usize = 8;
/// Length of the whole weight vector: every group's weights in a row.
pub const WEIGHTS: usize = GROUPS * PER_GROUP;

/// The names of a group's features (the trainer labels the weights it
/// writes with them).
pub fn names(group: Group) -> [&'static str; PER_GROUP] {
    match group {
        Group::OwnBelowCap => [
            "v",
            "v·early·(level≥2)",
            "v·threat",
            "v·(level=1)",
            "v·late",
            "v·leader reach",
            "v·threat·(level=1)",
            "v·level/U",
        ],
        Group::OwnAtCap => ["1", "v·threat", "-", "-", "-", "-", "-", "-"],
        _ => [
            "v·free",
            "v·free·(k=1)",
            "v·free·(k≥2)",
            "v·free·(k≥1)·late",
            "v·free·unowned nbrs",
            "v·free·log ratio",
            "v·free·late",
            "v·free·own nbrs",
        ],
    }
}

/// Turns that count as early (land is worth more than levels then).
const EARLY_TURNS: usize = 20;
/// Over how many final turns `late` ramps from 0 to 1.
const LATE_TURNS: f64 = 25.0;

/// What stays the same for every destination in one turn.
#[derive(Clone, Copy, Debug)]
pub struct TurnContext {
    /// The AI with the highest score.
    pub leader: usize,
    /// 0 until the last [`LATE_TURNS`] turns, then rising to 1 at the end.
    pub late: f64,
    /// log2(S0 / S_leader), clamped to [−2, 2].
    pub log_ratio: f64,
    /// Whether the game is still in its first turns.
    pub early: bool,
    /// The cells the leader may step onto.
    pub leader_reach: Bits,
}

impl TurnContext {
    /// The context of a turn, given the AIs' legal sets (for the leader's).
    pub fn new(game: &Game, state: &State, legal: &[Bits; MAX_PLAYERS]) -> TurnContext {
        let leader = crate::policy::greedy::leader(game, state);
        let leader_reach = legal[leader];
        let left = game.turns.saturating_sub(state.turn) as f64;
        let ratio = state.score[0].max(1) as f64 / state.score[leader].max(1) as f64;
        TurnContext {
            leader,
            late: (1.0 - left / LATE_TURNS).max(0.0),
            log_ratio: ratio.log2().clamp(-2.0, 2.0),
            early: state.turn < EARLY_TURNS,
            leader_reach,
        }
    }
}

/// The group of destination `d`.
#[inline]
pub fn group(game: &Game, state: &State, turn: &TurnContext, d: Cell) -> Group {
    let owner = state.owner[d as usize];
    let level = state.level[d as usize];
    if owner == 0 {
        return if level >= game.u {
            Group::OwnAtCap
        } else {
            Group::OwnBelowCap
        };
    }
    if owner == NOBODY {
        return Group::Unowned;
    }
    let leader = owner as usize == turn.leader;
    match (level == 1, leader) {
        (true, true) => Group::LeaderLevel1,
        (true, false) => Group::OtherLevel1,
        (false, true) => Group::LeaderHigher,
        (false, false) => Group::OtherHigher,
    }
}

/// How many of the four neighbours of `d` are unowned, and how many ours
/// (read off the owners of its few neighbours: cheaper than counting the
/// bits of two sets on a target without a population count).
#[inline]
pub fn open_and_ours(state: &State, d: Cell) -> (f64, f64) {
    let (mut open, mut ours) = (0u32, 0u32);
    for &n in crate::engine::board::neighbour_cells(d) {
        let owner = state.owner[n as usize];
        open += (owner == NOBODY) as u32;
        ours += (owner == 0) as u32;
    }
    (open as f64, ours as f64)
}

/// The group of destination `d` and its features.
#[inline]
pub fn of(
    game: &Game,
    state: &State,
    forecast: &Forecast,
    turn: &TurnContext,
    d: Cell,
) -> (Group, [f64; PER_GROUP]) {
    let c = d as usize;
    let v = game.value[c] as f64 / 1000.0;
    let level = state.level[c];
    let group = group(game, state, turn, d);
    if group == Group::OwnAtCap || group == Group::OwnBelowCap {
        let threat = 1.0 - forecast.free[c] as f64;
        if group == Group::OwnAtCap {
            let x = [1.0, v * threat, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
            return (group, x);
        }
        let flag = |b: bool| if b { v } else { 0.0 };
        return (
            group,
            [
                v,
                flag(turn.early && level >= 2),
                v * threat,
                flag(level == 1),
                v * turn.late,
                flag(crate::engine::board::has(turn.leader_reach, d)),
                if level == 1 { v * threat } else { 0.0 },
                v * level as f64 / game.u as f64,
            ],
        );
    }
    let vf = v * forecast.free[c] as f64;
    let k = forecast.reach_count[c];
    let (open, ours) = open_and_ours(state, d);
    let (open, ours) = (open / 4.0, ours / 4.0);
    let ratio = if matches!(group, Group::LeaderLevel1 | Group::LeaderHigher) {
        turn.log_ratio
    } else {
        0.0
    };
    (
        group,
        [
            vf,
            if k == 1 { vf } else { 0.0 },
            if k >= 2 { vf } else { 0.0 },
            if k >= 1 { vf * turn.late } else { 0.0 },
            vf * open,
            vf * ratio,
            vf * turn.late,
            vf * ours,
        ],
    )
}
