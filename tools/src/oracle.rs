//! Omniscient references for the bot: the same planner, playing with
//! knowledge the bot cannot have, to split the bot's shortfall into what
//! estimating the AIs costs and what planning costs.
//!
//! - [`Mode::Bot`]: the bot itself (its belief learns from the moves seen).
//! - [`Mode::Params`]: the AIs' true parameters (a point-mass belief,
//!   [`Belief::known`]); the planner is unchanged.
//! - [`Mode::Full`]: the true parameters and the future random numbers
//!   (r1, r2) of the tool input file. The AIs' moves are then determined by
//!   the position, so a rollout is exact and one per candidate is enough:
//!   the planner's candidates (same ranking), each followed by the same base
//!   policy for the same horizon, and the best exact value is played (the
//!   base move unless another is strictly better).

use std::time::Instant;

use ahc061::agent::{FullBot, PLANNER_SEED_XOR, Policy};
use ahc061::engine::board::{Cell, coords};
use ahc061::engine::state::State;
use ahc061::judge::mirror::Mirror;
use ahc061::opponent::belief::Belief;
use ahc061::policy::base::BasePolicy;
use ahc061::search::clock::{Allowance, Clock};
use ahc061::search::leaf;
use ahc061::search::planner::Planner;
use ahc061::search::rollout::{Relay, play_out};
use ahc061_sim::judge::{Judge, JudgeAis, ToolInput};

/// What the player knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// What the bot knows: the moves seen (the bot itself).
    Bot,
    /// The AIs' true parameters.
    Params,
    /// The true parameters and the future random numbers r1, r2.
    Full,
}

/// The bot's default seed (src/agent/options.rs), so that `--mode bot` plays the
/// game the binary plays with `--fixed-work N`.
pub const BOT_SEED: u64 = ahc061::agent::options::DEFAULT_SEED;

/// The omniscient player: the planner with the true parameters, and in
/// the full mode the future random numbers too.
struct Oracle {
    input: ToolInput,
    belief: Belief,
    planner: Planner,
    work: u64,
    full: bool,
}

impl Policy for Oracle {
    fn choose(&mut self, mirror: &Mirror) -> Cell {
        let (game, state) = (&mirror.game, &mirror.state);
        if !self.full {
            let allowance = Allowance::Rollouts(self.work);
            return self
                .planner
                .choose(game, state, &self.belief, allowance)
                .cell;
        }
        let candidates = self.planner.rank_candidates(game, state, &self.belief);
        let horizon = self.planner.config.horizon;
        let mut best = (f64::NEG_INFINITY, candidates[0].cell);
        for cand in &candidates {
            let value = exact_rollout(&self.input, &*self.planner.base, state, cand.cell, horizon);
            if value > best.0 {
                best = (value, cand.cell);
            }
        }
        best.1
    }
}

/// A rollout that knows the future: `first` now, then the planner's base
/// policy for `horizon` turns (or to the end), the AIs moving exactly as
/// the judge will move them; returns the planner's objective.
pub fn exact_rollout(
    input: &ToolInput,
    base: &dyn BasePolicy,
    state: &State,
    first: Cell,
    horizon: usize,
) -> f64 {
    let mut ais = JudgeAis::new(input);
    let mut us = Relay::first_then(first, base);
    let end = state.turn + 1 + horizon;
    let leaf = play_out(&input.game, state, end, &mut us, &mut ais);
    leaf::objective(&leaf, input.game.m)
}

/// Plays one game of the tool input `input` in `mode` with `work` rollouts
/// a turn; returns the absolute score.
pub fn play(input: &ToolInput, mode: Mode, work: u64, seed: u64) -> i64 {
    let mut judge = Judge::new(input.clone());
    let mut mirror = Mirror::new(input.game.clone());
    let mut policy: Box<dyn Policy> = match mode {
        Mode::Bot => Box::new(FullBot::new(
            &mirror,
            seed,
            Clock::new(Instant::now(), 1.8, Some(work)),
        )),
        Mode::Params | Mode::Full => Box::new(Oracle {
            input: input.clone(),
            belief: Belief::known(&input.params[..input.game.m]),
            // The planner's seed as the bot derives it (src/agent/mod.rs).
            planner: Planner::new(
                ahc061::agent::params::Params::default().planner(input.game.m),
                ahc061::policy::base::standard(),
                seed ^ PLANNER_SEED_XOR,
            ),
            work,
            full: mode == Mode::Full,
        }),
    };
    while !judge.finished() {
        let (x, y) = coords(policy.choose(&mirror));
        let (feedback, _) = judge
            .play(x, y)
            .expect("the planner plays legal moves only");
        let before = mirror.state;
        mirror.apply(&feedback);
        policy.observe(&mirror, &before, &feedback);
    }
    judge.score()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ahc061::policy::base::HandTuned;

    fn input(case: &str) -> ToolInput {
        let path = format!("{}/../tests/data/in/{case}.txt", env!("CARGO_MANIFEST_DIR"));
        ToolInput::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn a_known_belief_is_sure_of_the_truth() {
        let input = input("0000");
        let m = input.game.m;
        let belief = Belief::known(&input.params[..m]);
        for p in 1..m {
            let a = &input.params[p];
            let s = belief.summary(p);
            let truth = [a.wb / a.wa, a.wc / a.wa, a.wd / a.wa, a.eps];
            for (k, t) in truth.iter().enumerate() {
                assert!((s.mean[k] - t).abs() < 1e-12);
                assert_eq!(s.spread[k], 0.0);
            }
        }
    }

    #[test]
    fn an_exact_rollout_foresees_the_judge() {
        // Player 0 plays the base policy all game against the judge; the
        // exact rollout from the start, first move included, must end on the
        // same position's objective.
        for case in ["0000", "0004"] {
            let input = input(case);
            let game = &input.game;
            let params = input.params;
            let mut judge = Judge::new(input.clone());
            let mut first = None;
            while !judge.finished() {
                let state = judge.state;
                let mv = ahc061::policy::base::choose_seeing(&HandTuned, game, &state, &params);
                first.get_or_insert(mv);
                let (x, y) = coords(mv);
                judge.play(x, y).unwrap();
            }
            let start = game.initial_state();
            let predicted = exact_rollout(&input, &HandTuned, &start, first.unwrap(), game.turns);
            assert_eq!(predicted, leaf::objective(&judge.state, game.m), "{case}");
        }
    }
}
