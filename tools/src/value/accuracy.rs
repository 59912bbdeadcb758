//! `train value-accuracy`: how well each leaf predicts a game's result
//! (Gate 1 of the learned value). The bot plays each case at a fixed
//! amount of work; at the turns asked for, each predictor estimates the
//! final objective from the position, and its error against the game's
//! true final objective is reported, turn by turn, in score points (1e5 ×
//! the objective):
//! - `extrap, here`: the scores extrapolated at their gain over the last 6
//!   turns (no rollout);
//! - `extrap, 20-turn rollout`: today's leaf, the mean over R rollouts of
//!   20 turns (the base for us, the AIs' true parameters) each extrapolated;
//! - `value, here`: the learned value at the position (gains over the last
//!   6 turns);
//! - `value, 5-turn rollout`: the learned value at the end of R rollouts of
//!   5 turns, as the planner would use it at horizon 5;
//! - `playouts to the end`: the mean objective of K rollouts to the end.

use std::path::PathBuf;
use std::time::Instant;

use ahc061::agent::params::Params;
use ahc061::agent::{FullBot, Policy};
use ahc061::engine::state::{Game, State};
use ahc061::judge::mirror::Mirror;
use ahc061::policy::base::{self, BasePolicy};
use ahc061::search::clock::Clock;
use ahc061::search::leaf::{Leaf, objective};
use ahc061::search::rollout::{Relay, SampledAis, play_out};
use ahc061::search::value::{ValueNet, features};
use ahc061_sim::judge::{Judge, ToolInput};
use anyhow::{Result, anyhow};
use rayon::prelude::*;

use crate::value::model::Network;

/// The predictors, in the report's column order.
pub const PREDICTORS: [&str; 5] = [
    "extrap, here",
    "extrap, 20-turn rollout",
    "value, here",
    "value, 5-turn rollout",
    "playouts to the end",
];

/// What an accuracy run is asked for.
pub struct Options {
    pub fixed_work: u64,
    pub turns: Vec<usize>,
    /// Rollouts behind each rollout predictor's mean.
    pub rollouts: usize,
    /// Rollouts to the end behind the playouts' mean.
    pub playouts: usize,
    /// The value in floats (`train value --json`); the bot's committed
    /// weights without it.
    pub network: Option<PathBuf>,
    pub seed: u64,
}

/// One position's predictions and its game's outcome.
pub struct Sample {
    pub turn: usize,
    pub outcome: f64,
    pub predicted: [f64; PREDICTORS.len()],
}

/// The learned value: the float network read from a file, or the bot's.
enum Value {
    Float(Network),
    Bot(ValueNet),
}

impl Value {
    fn at(&self, game: &Game, params: &Params6, root: &State, leaf: &State) -> f64 {
        if leaf.turn >= game.turns {
            return objective(leaf, game.m);
        }
        let inputs = features(game, params, root, leaf);
        match self {
            Value::Float(net) => net.predict(&inputs.x, inputs.extrapolated) as f64,
            Value::Bot(net) => net.eval(&inputs),
        }
    }
}

type Params6 = [ahc061::engine::ai::AiParams; ahc061::engine::board::MAX_PLAYERS];

/// The states of one game of the bot at `work` rollouts a turn.
fn play(input: &ToolInput, work: u64, seed: u64) -> Vec<State> {
    let mut judge = Judge::new(input.clone());
    let mut mirror = Mirror::new(judge.input.game.clone());
    let clock = Clock::new(Instant::now(), 1.8, Some(work));
    let mut bot = FullBot::with_params(&mirror, seed, clock, &Params::default(), base::standard());
    let mut states = vec![judge.state];
    while !judge.finished() {
        let (x, y) = ahc061::engine::board::coords(bot.choose(&mirror));
        let (feedback, _) = judge.play(x, y).expect("the bot plays legal moves");
        let before = mirror.state;
        mirror.apply(&feedback);
        bot.observe(&mirror, &before, &feedback);
        states.push(judge.state);
    }
    states
}

/// The mean of `f` over `n` rollouts from `state` to turn `end`, seeded
/// from `seed`.
fn mean_rollout(
    input: &ToolInput,
    state: &State,
    end: usize,
    n: usize,
    seed: u64,
    base: &dyn BasePolicy,
    f: impl Fn(&State) -> f64,
) -> f64 {
    let game = &input.game;
    let mut sum = 0.0;
    for k in 0..n {
        let mut ais = SampledAis::with_params(input.params, seed ^ ((k as u64 + 1) * 0x9e37));
        let mut us = Relay::plain(base);
        let leaf = play_out(game, state, end, &mut us, &mut ais);
        sum += f(&leaf);
    }
    sum / n as f64
}

/// Every sample of one case.
fn case_samples(input: &ToolInput, options: &Options, value: &Value, case: u64) -> Vec<Sample> {
    let game = &input.game;
    let states = play(input, options.fixed_work, options.seed);
    let outcome = objective(states.last().unwrap(), game.m);
    let base = base::standard();
    let params = &input.params;
    let mut samples = Vec::new();
    for &t in options.turns.iter().filter(|&&t| t >= 1 && t < game.turns) {
        let here = &states[t];
        let back = &states[t.saturating_sub(6)];
        let seed = case * 1_000 + t as u64;
        let r = options.rollouts;
        let extrap_here = Leaf::Extrapolated.value(game, back, here);
        let extrap_20 = mean_rollout(input, here, t + 21, r, seed, &*base, |leaf| {
            Leaf::Extrapolated.value(game, here, leaf)
        });
        let value_here = value.at(game, params, back, here);
        let value_5 = mean_rollout(input, here, t + 6, r, seed, &*base, |leaf| {
            value.at(game, params, here, leaf)
        });
        let playouts = mean_rollout(
            input,
            here,
            game.turns,
            options.playouts,
            seed,
            &*base,
            |e| objective(e, game.m),
        );
        samples.push(Sample {
            turn: t,
            outcome,
            predicted: [extrap_here, extrap_20, value_here, value_5, playouts],
        });
    }
    samples
}

/// Every sample of the cases with three players or more.
pub fn run(cases: &[(PathBuf, ToolInput)], options: &Options) -> Result<Vec<Sample>> {
    let value = match &options.network {
        Some(path) => Value::Float(Network::read(path)?),
        None => Value::Bot(ValueNet::committed()),
    };
    let many: Vec<(usize, &ToolInput)> = cases
        .iter()
        .map(|(_, input)| input)
        .enumerate()
        .filter(|(_, input)| input.game.m >= 3)
        .collect();
    if many.is_empty() {
        return Err(anyhow!("no case with three players or more"));
    }
    Ok(many
        .par_iter()
        .flat_map_iter(|&(k, input)| case_samples(input, options, &value, k as u64))
        .collect())
}

/// The report: per turn, each predictor's root mean squared error and mean
/// error (prediction − outcome), in score points.
pub fn table(samples: &[Sample], turns: &[usize]) -> String {
    let mut s = String::from("| turn | positions |");
    for name in PREDICTORS {
        s.push_str(&format!(" {name}: RMSE (bias) |"));
    }
    s.push_str("\n| --- | --- |");
    s.push_str(&" --- |".repeat(PREDICTORS.len()));
    s.push('\n');
    for &t in turns {
        let at: Vec<&Sample> = samples.iter().filter(|x| x.turn == t).collect();
        if at.is_empty() {
            continue;
        }
        let n = at.len() as f64;
        s.push_str(&format!("| {t} | {} |", at.len()));
        for k in 0..PREDICTORS.len() {
            let errors: Vec<f64> = at
                .iter()
                .map(|x| 1e5 * (x.predicted[k] - x.outcome))
                .collect();
            let rmse = (errors.iter().map(|e| e * e).sum::<f64>() / n).sqrt();
            let bias = errors.iter().sum::<f64>() / n;
            s.push_str(&format!(" {rmse:.0} ({bias:+.0}) |"));
        }
        s.push('\n');
    }
    s
}
