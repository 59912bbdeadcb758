//! Policy improvement from the planner's own values: the data and the
//! objective of `train improve`.
//!
//! The planner plays games (knowing the AIs' true parameters, as `imitate`
//! does); at every position, every legal move of player 0 is valued by the
//! same rollouts the planner races (its horizon, its leaf, the base as the
//! continuation), on fresh seeds shared by all the moves: its advantage
//! over the base's move, unbiased by the race's cuts. A weight vector is
//! then worth the mean advantage of the moves it would pick: one step of
//! policy iteration, measured offline, which CMA-ES maximises without
//! playing a game. A base that picks what the rollouts value makes the
//! planner's default move better and its rollouts play more like it.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

use ahc061::engine::board::coords;
use ahc061::policy::base::BasePolicy;
use ahc061::policy::learned::Weights;
use ahc061::search::arms::rollout;
use ahc061::search::clock::Allowance;
use ahc061_sim::judge::{Judge, ToolInput};

/// One position: every legal move's group and features, its advantage
/// over the base's move (0 for the base's move itself), and the planner's
/// choice; with the position itself, so that other features can be tried
/// on the same values without playing again.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Valued {
    pub m: usize,
    pub cells: Vec<super::Features>,
    pub advantage: Vec<f64>,
    pub planner: usize,
    /// The standard error of each advantage (0 for the base's move).
    #[serde(default)]
    pub error: Vec<f64>,
    #[serde(default)]
    pub position: Option<Board>,
}

/// A position as plain numbers: the legal moves in the order of
/// [`Valued::cells`], the level cap, the turns played, every cell's value,
/// owner (−1: nobody) and level, each player's piece and score.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Board {
    pub moves: Vec<u8>,
    pub u: u8,
    pub turn: usize,
    pub value: Vec<u32>,
    pub owner: Vec<i8>,
    pub level: Vec<u8>,
    pub pos: Vec<u8>,
    pub score: Vec<u32>,
}

/// Plays one game of `input` with the planner over `base` at `turns`
/// simulated turns a turn, and values every legal move of every position
/// it meets on `rollouts` shared seeds.
pub fn record_values(
    input: &ToolInput,
    base: Box<dyn BasePolicy>,
    turns: u64,
    rollouts: usize,
    seed: u64,
) -> Vec<Valued> {
    let game = &input.game;
    let (belief, mut planner) = super::planner_knowing(input, base, seed);
    let config = planner.config;
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0xA5A5_5A5A);
    let mut judge = Judge::new(input.clone());
    let mut positions = Vec::with_capacity(game.turns);
    while !judge.finished() {
        let state = judge.state;
        let decision = planner.choose(game, &state, &belief, Allowance::Turns(turns));
        let base_move = decision.candidates[0].cell;
        let seeds: Vec<u64> = (0..rollouts).map(|_| rng.random()).collect();
        let value =
            |first, seed| rollout(game, &state, &belief, &*planner.base, first, seed, &config);
        let base_values: Vec<f64> = seeds.iter().map(|&s| value(base_move, s)).collect();
        let (moves, cells) = super::legal_features(input, &state);
        let (advantage, error) = (moves.iter())
            .map(|&d| {
                if d == base_move {
                    return (0.0, 0.0);
                }
                let gains: Vec<f64> = (seeds.iter().zip(&base_values))
                    .map(|(&s, &b)| value(d, s) - b)
                    .collect();
                mean_and_error(&gains)
            })
            .unzip();
        let position = Valued {
            m: game.m,
            cells,
            advantage,
            planner: moves.iter().position(|&d| d == decision.cell).unwrap_or(0),
            error,
            position: Some(Board {
                moves,
                u: game.u,
                turn: state.turn,
                value: game.value.to_vec(),
                owner: state.owner.to_vec(),
                level: state.level.to_vec(),
                pos: state.pos[..game.m].to_vec(),
                score: state.score[..game.m].to_vec(),
            }),
        };
        positions.push(position);
        let (x, y) = coords(decision.cell);
        if judge.play(x, y).is_err() {
            break;
        }
    }
    positions
}

/// The mean of `xs` and its standard error.
fn mean_and_error(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// The move `weights` pick in `position`: the highest value, the first
/// (lowest cell) on ties, as the bot's base picks.
pub fn pick(position: &Valued, weights: &Weights) -> usize {
    super::first_best(position.cells.iter().map(|f| super::move_value(weights, f)))
}

/// The mean advantage over the base's move of the moves `weights` pick.
pub fn improvement(positions: &[Valued], weights: &Weights) -> f64 {
    let total: f64 = positions
        .iter()
        .map(|p| p.advantage[pick(p, weights)])
        .sum();
    total / positions.len().max(1) as f64
}

/// The share of positions where `weights` pick the planner's move.
pub fn agreement(positions: &[Valued], weights: &Weights) -> f64 {
    let hits = positions
        .iter()
        .filter(|p| pick(p, weights) == p.planner)
        .count();
    hits as f64 / positions.len().max(1) as f64
}

/// What `train improve` maximises over a set of positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Objective {
    /// The mean advantage of the picked moves ([`improvement`]): a better
    /// base by the rollouts' values.
    Improvement,
    /// The share of the planner's moves picked ([`agreement`]): a policy
    /// that plays as the planner does, for the rollouts' continuation.
    Agreement,
}

impl Objective {
    /// The objective's value for `weights` on `positions`.
    pub fn of(self, positions: &[Valued], weights: &Weights) -> f64 {
        match self {
            Objective::Improvement => improvement(positions, weights),
            Objective::Agreement => agreement(positions, weights),
        }
    }

    /// What it is, in words.
    pub fn label(self) -> &'static str {
        match self {
            Objective::Improvement => "Mean advantage of the picked move over the base's",
            Objective::Agreement => "Share of the planner's moves picked",
        }
    }
}

/// Reference points of a set of positions: the mean advantage of the
/// planner's moves and of the best-valued move of each position (the
/// latter an upper bound, flattered by its own noise).
pub fn references(positions: &[Valued]) -> (f64, f64) {
    let n = positions.len().max(1) as f64;
    let planner: f64 = positions.iter().map(|p| p.advantage[p.planner]).sum();
    let best: f64 = positions
        .iter()
        .map(|p| {
            p.advantage
                .iter()
                .copied()
                .fold(f64::NEG_INFINITY, f64::max)
        })
        .sum();
    (planner / n, best / n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ahc061::policy::features::PER_GROUP;

    fn position(advantage: Vec<f64>, values: &[f64]) -> Valued {
        // One feature carries the value: group 0, feature 0.
        let cells = values
            .iter()
            .map(|&v| {
                let mut x = [0.0; PER_GROUP];
                x[0] = v;
                (0, x)
            })
            .collect();
        Valued {
            m: 3,
            cells,
            advantage,
            planner: 1,
            error: Vec::new(),
            position: None,
        }
    }

    #[test]
    fn the_improvement_is_the_advantage_of_the_picked_moves() {
        let mut w: Weights = [0.0; ahc061::policy::features::WEIGHTS];
        w[0] = 1.0;
        let positions = [
            position(vec![0.0, 0.5, -1.0], &[1.0, 3.0, 2.0]),
            position(vec![0.0, 0.2, 0.4], &[5.0, 1.0, 2.0]),
        ];
        assert_eq!(pick(&positions[0], &w), 1);
        assert_eq!(pick(&positions[1], &w), 0);
        assert!((improvement(&positions, &w) - 0.25).abs() < 1e-12);
        assert!((agreement(&positions, &w) - 0.5).abs() < 1e-12);
        assert_eq!(Objective::Improvement.of(&positions, &w), 0.25);
        assert_eq!(Objective::Agreement.of(&positions, &w), 0.5);
        // The opposite sign picks the lowest values.
        w[0] = -1.0;
        assert!((improvement(&positions, &w) - 0.1).abs() < 1e-12);
        let (planner, best) = references(&positions);
        assert!((planner - 0.35).abs() < 1e-12);
        assert!((best - 0.45).abs() < 1e-12);
    }

    #[test]
    fn the_error_is_the_standard_error_of_the_mean() {
        let (mean, error) = mean_and_error(&[1.0, 3.0]);
        assert_eq!(mean, 2.0);
        // Sample variance 2, over n = 2: a standard error of 1.
        assert!((error - 1.0).abs() < 1e-12);
        assert_eq!(mean_and_error(&[5.0]), (5.0, 0.0));
    }

    #[test]
    fn a_recorded_game_values_every_legal_move_against_the_base_move() {
        // Seed 0's case: M = 4, U = 3 (the official generator's fixed case).
        let text = crate::r#gen::generate(0, None, None).to_input_string();
        let input = ToolInput::parse(&text).expect("generated input parses");
        let base = Box::new(ahc061::policy::base::Linear::trained());
        let positions = record_values(&input, base, 100, 2, 7);
        assert_eq!(positions.len(), input.game.turns);
        for p in &positions {
            let board = p.position.as_ref().expect("the position is kept");
            assert_eq!(board.moves.len(), p.cells.len());
            assert_eq!(p.advantage.len(), p.cells.len());
            assert_eq!(p.error.len(), p.cells.len());
            assert!(p.planner < p.cells.len());
            // The base's move is among the legal moves, valued 0 exactly.
            let zeros = (p.advantage.iter().zip(&p.error))
                .filter(|&(&a, &e)| a == 0.0 && e == 0.0)
                .count();
            assert!(zeros >= 1, "turn {}: no base move", board.turn);
            assert!(p.advantage.iter().all(|a| a.is_finite()));
        }
        // The moves played follow the planner: the positions are successive turns.
        let turns: Vec<usize> = positions
            .iter()
            .map(|p| p.position.as_ref().map_or(0, |b| b.turn))
            .collect();
        assert_eq!(turns, (0..input.game.turns).collect::<Vec<_>>());
    }

    #[test]
    fn ties_go_to_the_first_move() {
        let w: Weights = [0.0; ahc061::policy::features::WEIGHTS];
        let p = position(vec![0.3, 0.0, 0.9], &[1.0, 1.0, 1.0]);
        assert_eq!(pick(&p, &w), 0);
    }
}
