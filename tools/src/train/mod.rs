//! Training player 0's learned base policy (src/policy/learned.rs): direct policy
//! search on the game's own objective. Each candidate weight vector plays
//! the base policy alone (no rollouts) on a fixed set of generated cases,
//! knowing the AIs' true parameters, against the judge's exact AIs; its
//! fitness is the mean absolute score. CMA-ES (the `cmaes` crate) searches
//! the weights; a held-out set of other seeds shows whether it transfers.
//! M = 2 cases are left out: the duel plan (src/policy/duel.rs) plays them.

pub mod command;
pub mod improve;

use anyhow::Result;
use rayon::prelude::*;

use ahc061::engine::board::{Cell, coords};
use ahc061::engine::rules;
use ahc061::engine::state::State;
use ahc061::policy::base::{BasePolicy, Linear, choose_seeing};
use ahc061::policy::features::{self, Group};
use ahc061::policy::learned::{CLASSES, Table, Weights};
use ahc061_sim::judge::{Judge, ToolInput};

use crate::eval::cases::parse_seed_range;
use crate::r#gen::generate;

/// The cases of the seeds in `range` ("A..B") that `keep` accepts (by
/// their number of players).
pub fn cases(range: &str, keep: impl Fn(usize) -> bool) -> Result<Vec<ToolInput>> {
    let (from, to) = parse_seed_range(range)?;
    let mut cases = Vec::new();
    for seed in from..to {
        let text = generate(seed, None, None).to_input_string();
        let input = ToolInput::parse(&text).map_err(anyhow::Error::msg)?;
        if keep(input.game.m) {
            cases.push(input);
        }
    }
    Ok(cases)
}

/// One game of `input` with `base` playing player 0 on every turn, seeing
/// the AIs' true parameters; returns the absolute score.
pub fn play_base(input: &ToolInput, base: &dyn BasePolicy) -> i64 {
    play_base_watching(input, base, |_| {}).unwrap_or(0)
}

/// [`play_base`], showing `seen` the position before every turn and the
/// final one; `None` if the base moved illegally.
fn play_base_watching(
    input: &ToolInput,
    base: &dyn BasePolicy,
    mut seen: impl FnMut(&ahc061::engine::state::State),
) -> Option<i64> {
    let game = &input.game;
    let params = input.params;
    let mut judge = Judge::new(input.clone());
    while !judge.finished() {
        let state = judge.state;
        seen(&state);
        let (x, y) = coords(choose_seeing(base, game, &state, &params));
        judge.play(x, y).ok()?;
    }
    seen(&judge.state);
    Some(judge.score())
}

/// The mean absolute score of `base` over `cases`, in thousands.
pub fn mean_score(cases: &[ToolInput], base: &dyn BasePolicy) -> f64 {
    let total: i64 = cases.iter().map(|input| play_base(input, base)).sum();
    total as f64 / cases.len().max(1) as f64 / 1000.0
}

/// Like [`mean_score`], over both cores.
pub fn mean_score_parallel(cases: &[ToolInput], base: &dyn BasePolicy) -> f64 {
    let total: i64 = cases.par_iter().map(|input| play_base(input, base)).sum();
    total as f64 / cases.len().max(1) as f64 / 1000.0
}

/// A weight vector from a slice of its length (CMA-ES's points).
pub fn weights(x: &[f64]) -> Weights {
    let mut w: Weights = [0.0; ahc061::policy::features::WEIGHTS];
    w.copy_from_slice(x);
    w
}

/// The linear base with these weights for every game size.
pub fn linear(x: &[f64]) -> Linear {
    Linear {
        table: [weights(x); CLASSES],
    }
}

/// src/policy/learned_weights.rs for this table, saying how it was made.
pub fn table_source(table: &Table, provenance: &[String]) -> String {
    let mut out = String::from(
        "//! The learned base policy's weights (src/policy/learned.rs), one vector per\n\
         //! class of game size, written by the trainer (tools/src/bin/train.rs);\n\
         //! do not edit by hand.\n",
    );
    for line in provenance {
        out.push_str(&format!("//! {line}\n"));
    }
    out.push_str("pub const TRAINED: crate::policy::learned::Table = [\n");
    for weights in table {
        out.push_str("    [\n");
        let groups = weights.chunks(ahc061::policy::features::PER_GROUP);
        for (group, row) in Group::ALL.into_iter().zip(groups) {
            let names = features::names(group).join(", ");
            out.push_str(&format!("        // {}: {names}\n", group.label()));
            let row: Vec<String> = row.iter().map(|w| format!("{w:.6}")).collect();
            out.push_str(&format!("        {},\n", row.join(", ")));
        }
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    out
}

/// The numbers of the constant `name` in a weights file (its rows'
/// labels are comments).
fn numbers_of(text: &str, name: &str) -> Result<Vec<f64>> {
    let body = text
        .split_once(name)
        .and_then(|(_, rest)| rest.split_once('='))
        .map(|(_, body)| body)
        .ok_or_else(|| anyhow::anyhow!("no `{name}: … = [ … ];`"))?;
    body.lines()
        .map(|line| line.split_once("//").map_or(line, |(code, _)| code))
        .flat_map(|line| line.split([',', '[', ']', ';']))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse()
                .map_err(|_| anyhow::anyhow!("not a number: {s:?}"))
        })
        .collect()
}

/// The table in a file written by [`table_source`] (for evaluating a
/// training run's output without rebuilding the bot).
pub fn parse_table(text: &str) -> Result<Table> {
    let numbers = numbers_of(text, "TRAINED")?;
    let expected = CLASSES * ahc061::policy::features::WEIGHTS;
    if numbers.len() != expected {
        anyhow::bail!("{} weights, expected {expected}", numbers.len());
    }
    let mut table = [[0.0; ahc061::policy::features::WEIGHTS]; CLASSES];
    for (row, chunk) in table
        .iter_mut()
        .zip(numbers.chunks(ahc061::policy::features::WEIGHTS))
    {
        *row = weights(chunk);
    }
    Ok(table)
}

/// One position of a game the planner played, as the imitation sees it:
/// every legal destination's group and features, and which one it played.
#[derive(Clone, Debug)]
pub struct Position {
    pub cells: Vec<Features>,
    pub chosen: usize,
}

/// The bot's planner over `base` for `input`'s game, and a belief that
/// knows the AIs' true parameters (as the `oracle` tool's `params` mode:
/// estimating them costs nothing measurable), for the trainer's games.
pub fn planner_knowing(
    input: &ToolInput,
    base: Box<dyn BasePolicy>,
    seed: u64,
) -> (
    ahc061::opponent::belief::Belief,
    ahc061::search::planner::Planner,
) {
    let m = input.game.m;
    let belief = ahc061::opponent::belief::Belief::known(&input.params[..m]);
    let config = ahc061::agent::params::Params::default().planner(m);
    (
        belief,
        ahc061::search::planner::Planner::new(config, base, seed),
    )
}

/// Player 0's legal moves in `state`, in cell order, and each one's group
/// and features as the learned base sees them, with the AIs' true
/// parameters.
pub fn legal_features(input: &ToolInput, state: &State) -> (Vec<Cell>, Vec<Features>) {
    use ahc061::policy::features::{TurnContext, of};
    use ahc061::policy::forecast::Forecast;
    let game = &input.game;
    let legal = rules::ai_legal_moves(state, game.m);
    let forecast = Forecast::new(game, state, &input.params, &legal);
    let turn = TurnContext::new(game, state, &legal);
    let moves: Vec<Cell> =
        ahc061::engine::board::cells(rules::legal_moves(state, game.m, 0)).collect();
    let features = (moves.iter())
        .map(|&d| {
            let (group, x) = of(game, state, &forecast, &turn, d);
            (group as usize, x)
        })
        .collect();
    (moves, features)
}

/// One move's group and features ([`legal_features`]).
pub type Features = (usize, [f64; ahc061::policy::features::PER_GROUP]);

/// A move's value under `weights`, as the linear base's model defines it.
pub fn move_value(weights: &Weights, (group, x): &Features) -> f64 {
    ahc061::policy::learned::features_value(weights, *group, x)
}

/// Plays one game of `input` with the planner over `base` at `work`
/// rollouts a turn, knowing the AIs' true parameters (the `oracle` tool's
/// `params` mode: estimating them costs nothing measurable), and records
/// each position with the move the planner chose.
pub fn record_game(
    input: &ToolInput,
    base: Box<dyn BasePolicy>,
    work: u64,
    seed: u64,
) -> Vec<Position> {
    use ahc061::search::clock::Allowance;
    let game = &input.game;
    let (belief, mut planner) = planner_knowing(input, base, seed);
    let mut judge = Judge::new(input.clone());
    let mut positions = Vec::with_capacity(game.turns);
    while !judge.finished() {
        let state = judge.state;
        let decision = planner.choose(game, &state, &belief, Allowance::Rollouts(work));
        let (moves, cells) = legal_features(input, &state);
        let chosen = moves.iter().position(|&d| d == decision.cell).unwrap_or(0);
        positions.push(Position { cells, chosen });
        let (x, y) = coords(decision.cell);
        if judge.play(x, y).is_err() {
            break;
        }
    }
    positions
}

/// How well `weights` imitate: mean cross-entropy of the softmax over each
/// position's legal moves, and the share of positions whose argmax is the
/// planner's move.
pub fn imitation_loss(positions: &[Position], weights: &Weights) -> (f64, f64) {
    let mut loss = 0.0;
    let mut hits = 0usize;
    for pos in positions {
        let logits = logits(pos, weights);
        hits += (first_best(logits.iter().copied()) == pos.chosen) as usize;
        loss += log_sum_exp(&logits) - logits[pos.chosen];
    }
    let n = positions.len().max(1) as f64;
    (loss / n, hits as f64 / n)
}

/// The index of the first of the highest `values` (0 when there are none):
/// the move the bot plays among equally valued ones, the lowest cell, since
/// the moves are listed in cell order.
pub fn first_best(values: impl Iterator<Item = f64>) -> usize {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, value) in values.enumerate() {
        if value > best.1 {
            best = (i, value);
        }
    }
    best.0
}

fn logits(pos: &Position, weights: &Weights) -> Vec<f64> {
    pos.cells.iter().map(|f| move_value(weights, f)).collect()
}

fn log_sum_exp(x: &[f64]) -> f64 {
    let max = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    max + x.iter().map(|v| (v - max).exp()).sum::<f64>().ln()
}

/// Fits the weights to the planner's moves: softmax cross-entropy by full-
/// batch Adam from `start`, `steps` steps of size `rate`.
pub fn fit(positions: &[Position], start: &Weights, steps: usize, rate: f64) -> Weights {
    let per = ahc061::policy::features::PER_GROUP;
    let mut w = *start;
    let (mut m1, mut m2) = (
        [0.0; ahc061::policy::features::WEIGHTS],
        [0.0; ahc061::policy::features::WEIGHTS],
    );
    let (b1, b2) = (0.9f64, 0.999f64);
    for step in 1..=steps {
        let mut grad = [0.0; ahc061::policy::features::WEIGHTS];
        for pos in positions {
            let logits = logits(pos, &w);
            let z = log_sum_exp(&logits);
            for (i, (g, x)) in pos.cells.iter().enumerate() {
                let p = (logits[i] - z).exp() - (i == pos.chosen) as u8 as f64;
                for k in 0..per {
                    grad[g * per + k] += p * x[k];
                }
            }
        }
        let n = positions.len().max(1) as f64;
        for i in 0..w.len() {
            let g = grad[i] / n;
            m1[i] = b1 * m1[i] + (1.0 - b1) * g;
            m2[i] = b2 * m2[i] + (1.0 - b2) * g * g;
            let mh = m1[i] / (1.0 - b1.powi(step as i32));
            let vh = m2[i] / (1.0 - b2.powi(step as i32));
            w[i] -= rate * mh / (vh.sqrt() + 1e-8);
        }
    }
    w
}
