//! What the position where a rollout stops is worth: the planner's leaf.
//! At the game's end it is the objective exactly; before it, an estimate of
//! the final objective. This is the seam for a better estimate: a new leaf
//! is a new [`Leaf`] variant, valued here.

use rand::Rng;
use rand_pcg::Pcg64Mcg;

use crate::engine::ai::AiParams;
use crate::engine::board::{CELLS, MAX_PLAYERS};
use crate::engine::state::{Game, State};
use crate::policy::base::BasePolicy;
use crate::search::rollout::{Relay, SampledAis, play_out};
use crate::search::value::ValueNet;

/// What the position at the end of a rollout is worth: exactly the
/// objective at the game's end; before it, an estimate of the final one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// The objective of the position as it stands: the score if the game
    /// ended now.
    Objective,
    /// The objective of the scores extrapolated to the game's end, each
    /// player going on gaining at the rate it gained during the rollout.
    Extrapolated,
    /// The mean objective of this many rollouts from the leaf to the game's
    /// end, player 0 playing the base and the AIs the rollout's sampled
    /// parameters. A stand-in for a near-perfect value, many times the cost
    /// of the rollout it ends: a measuring instrument (docs/RESULTS.md,
    /// "Gate 0"). Without the rollout's base and AIs (see
    /// [`Leaf::value_in`]) it is valued as [`Leaf::Extrapolated`].
    Playouts(u8),
    /// The final objective as the learned value predicts it
    /// (src/search/value.rs), from the position, the AIs' parameters and the
    /// gains since the rollout's root. Without the rollout's parameters
    /// (see [`Leaf::value_in`]) it is valued as [`Leaf::Extrapolated`].
    Value,
}

/// What a rollout knows at its leaf besides the position: player 0's base
/// and the AIs' parameters it played with.
#[derive(Clone, Copy)]
pub struct LeafContext<'a> {
    pub base: &'a dyn BasePolicy,
    pub params: &'a [AiParams; MAX_PLAYERS],
}

impl Leaf {
    /// Parses a leaf's name: `objective`, `extrapolated`, `value` or `playouts-K`
    /// (K from 1 to 64).
    pub fn parse(text: &str) -> Option<Leaf> {
        match text {
            "objective" => Some(Leaf::Objective),
            "extrapolated" => Some(Leaf::Extrapolated),
            "value" => Some(Leaf::Value),
            _ => {
                let k: u8 = text.strip_prefix("playouts-")?.parse().ok()?;
                (1..=64).contains(&k).then_some(Leaf::Playouts(k))
            }
        }
    }

    /// The worth of `leaf`, reached from `root` by a rollout.
    pub fn value(self, game: &Game, root: &State, leaf: &State) -> f64 {
        if leaf.turn >= game.turns || self == Leaf::Objective {
            return objective(leaf, game.m);
        }
        extrapolated(game, root, leaf)
    }

    /// What valuing a leaf costs, in simulated turns, charged to a rollout
    /// on top of the turns it played (an allowance in turns then pays for
    /// it). The learned value costs about as much as two simulated turns
    /// at M = 3–8 (`bench`); the playouts, a measuring instrument, are not
    /// charged.
    pub fn cost_in_turns(self) -> u64 {
        match self {
            Leaf::Value => 2,
            _ => 0,
        }
    }

    /// The worth of `leaf` as [`Leaf::value`], with what the rollout knows.
    pub fn value_in(self, game: &Game, root: &State, leaf: &State, ctx: LeafContext) -> f64 {
        match self {
            Leaf::Playouts(k) if leaf.turn < game.turns => playouts(game, leaf, ctx, k as usize),
            Leaf::Value if leaf.turn < game.turns && game.m > 2 => {
                ValueNet::committed().value(game, ctx.params, root, leaf)
            }
            _ => self.value(game, root, leaf),
        }
    }
}

/// The mean objective of `k` rollouts from `leaf` to the game's end. Their
/// random numbers come from the position and the parameters alone, so that
/// two arms that reach the same leaf value it alike (the planner's joins
/// rely on that).
fn playouts(game: &Game, leaf: &State, ctx: LeafContext, k: usize) -> f64 {
    let mut seeds = Pcg64Mcg::new(position_hash(leaf, ctx.params) as u128 | 1);
    let mut sum = 0.0;
    for _ in 0..k {
        let mut ais = SampledAis::with_params(*ctx.params, seeds.random());
        let mut us = Relay::plain(ctx.base);
        let end = play_out(game, leaf, game.turns, &mut us, &mut ais);
        sum += objective(&end, game.m);
    }
    sum / k as f64
}

/// The objective of the scores extrapolated to the game's end, each player
/// going on gaining at its gain per turn since `root`.
pub fn extrapolated(game: &Game, root: &State, leaf: &State) -> f64 {
    let left = game.turns - leaf.turn;
    let played = (leaf.turn - root.turn).max(1) as f64;
    let at_end = |p: usize| {
        let rate = (leaf.score[p] as f64 - root.score[p] as f64) / played;
        (leaf.score[p] as f64 + rate * left as f64).max(1.0)
    };
    let best_ai = (1..game.m).map(at_end).fold(1.0, f64::max);
    (1.0 + at_end(0) / best_ai).log2()
}

/// The game's objective on a position: log2(1 + S0 / S_A).
#[inline]
pub fn objective(state: &State, m: usize) -> f64 {
    (1.0 + state.score[0] as f64 / state.best_ai_score(m).max(1) as f64).log2()
}

/// A hash of the position (turn, pieces, owners, levels) and the AIs'
/// parameters: the seed of a search that must be a function of what it
/// sees. Hand-rolled so that it is the same on every toolchain.
pub fn position_hash(state: &State, params: &[AiParams; MAX_PLAYERS]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ state.turn as u64;
    let mut mix = |x: u64| {
        h ^= x;
        h = h.wrapping_mul(0x1000_0000_01b3).rotate_left(17);
    };
    for &p in &state.pos {
        mix(p as u64);
    }
    for c in 0..CELLS {
        mix(((state.owner[c] as u8 as u64) << 8) | state.level[c] as u64);
    }
    for p in params {
        mix(p.wa.to_bits() ^ p.wd.to_bits().rotate_left(32));
    }
    h
}
