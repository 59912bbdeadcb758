//! Training player 0's learned base policy (src/learned.rs): direct policy
//! search on the game's own objective. Each candidate weight vector plays
//! the base policy alone (no rollouts) on a fixed set of generated cases,
//! knowing the AIs' true parameters, against the judge's exact AIs; its
//! fitness is the mean absolute score. CMA-ES (the `cmaes` crate) searches
//! the weights; a held-out set of other seeds shows whether it transfers.
//! M = 2 cases are left out: the duel plan (src/duel.rs) plays them.

use anyhow::Result;
use rayon::prelude::*;

use ahc061::base::{BasePolicy, Linear, choose_seeing};
use ahc061::board::coords;
use ahc061::features::{self, Group};
use ahc061::learned::{CLASSES, Table, Weights};
use ahc061::rules;
use ahc061_sim::judge::{Judge, ToolInput};

use crate::eval::parse_seed_range;
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
    mut seen: impl FnMut(&ahc061::state::State),
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
    let mut w: Weights = [0.0; ahc061::features::WEIGHTS];
    w.copy_from_slice(x);
    w
}

/// The linear base with these weights for every game size.
pub fn linear(x: &[f64]) -> Linear {
    Linear {
        table: [weights(x); CLASSES],
    }
}

/// src/learned_weights.rs for this table, saying how it was made.
pub fn table_source(table: &Table, provenance: &[String]) -> String {
    let mut out = String::from(
        "//! The learned base policy's weights (src/learned.rs), one vector per\n\
         //! class of game size, written by the trainer (tools/src/bin/train.rs);\n\
         //! do not edit by hand.\n",
    );
    for line in provenance {
        out.push_str(&format!("//! {line}\n"));
    }
    out.push_str("pub const TRAINED: crate::learned::Table = [\n");
    for weights in table {
        out.push_str("    [\n");
        let groups = weights.chunks(ahc061::features::PER_GROUP);
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
    let expected = CLASSES * ahc061::features::WEIGHTS;
    if numbers.len() != expected {
        anyhow::bail!("{} weights, expected {expected}", numbers.len());
    }
    let mut table = [[0.0; ahc061::features::WEIGHTS]; CLASSES];
    for (row, chunk) in table
        .iter_mut()
        .zip(numbers.chunks(ahc061::features::WEIGHTS))
    {
        *row = weights(chunk);
    }
    Ok(table)
}

/// One position of a game the planner played, as the imitation sees it:
/// every legal destination's group and features, and which one it played.
#[derive(Clone, Debug)]
pub struct Position {
    pub cells: Vec<(usize, [f64; ahc061::features::PER_GROUP])>,
    pub chosen: usize,
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
    use ahc061::belief::Belief;
    use ahc061::clock::Allowance;
    use ahc061::features::{TurnContext, of};
    use ahc061::forecast::Forecast;
    use ahc061::planner::Planner;
    let game = &input.game;
    let params = input.params;
    let belief = Belief::known(&params[..game.m]);
    let config = ahc061::params::Params::default().planner(game.m);
    let mut planner = Planner::new(config, base, seed);
    let mut judge = Judge::new(input.clone());
    let mut positions = Vec::with_capacity(game.turns);
    while !judge.finished() {
        let state = judge.state;
        let decision = planner.choose(game, &state, &belief, Allowance::Rollouts(work));
        let legal = rules::ai_legal_moves(&state, game.m);
        let forecast = Forecast::new(game, &state, &params, &legal);
        let turn = TurnContext::new(game, &state, &legal);
        let mut cells = Vec::new();
        let mut chosen = 0;
        for d in ahc061::board::cells(rules::legal_moves(&state, game.m, 0)) {
            if d == decision.cell {
                chosen = cells.len();
            }
            let (group, x) = of(game, &state, &forecast, &turn, d);
            cells.push((group as usize, x));
        }
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
        let top = logits
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map_or(0, |(i, _)| i);
        hits += (top == pos.chosen) as usize;
        loss += log_sum_exp(&logits) - logits[pos.chosen];
    }
    let n = positions.len().max(1) as f64;
    (loss / n, hits as f64 / n)
}

fn logits(pos: &Position, weights: &Weights) -> Vec<f64> {
    let per = ahc061::features::PER_GROUP;
    pos.cells
        .iter()
        .map(|(g, x)| {
            let w = &weights[g * per..][..per];
            w.iter().zip(x).map(|(w, x)| w * x).sum()
        })
        .collect()
}

fn log_sum_exp(x: &[f64]) -> f64 {
    let max = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    max + x.iter().map(|v| (v - max).exp()).sum::<f64>().ln()
}

/// Fits the weights to the planner's moves: softmax cross-entropy by full-
/// batch Adam from `start`, `steps` steps of size `rate`.
pub fn fit(positions: &[Position], start: &Weights, steps: usize, rate: f64) -> Weights {
    let per = ahc061::features::PER_GROUP;
    let mut w = *start;
    let (mut m1, mut m2) = (
        [0.0; ahc061::features::WEIGHTS],
        [0.0; ahc061::features::WEIGHTS],
    );
    let (b1, b2) = (0.9f64, 0.999f64);
    for step in 1..=steps {
        let mut grad = [0.0; ahc061::features::WEIGHTS];
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

/// One player's position in a base-only game, for the leaf value's
/// regression (src/leaf.rs): its class of game size, its features at a
/// turn reached `played` turns after another, and what it gained from
/// there to the end per turn left.
#[derive(Clone, Copy, Debug)]
pub struct LeafRow {
    pub class: usize,
    pub x: [f64; ahc061::leaf::FEATURES],
    pub y: f64,
    /// The rows of one position share it: player 0's and the AIs'
    /// predictions make one objective.
    pub game: usize,
    pub turn: usize,
    pub player: usize,
    /// The player's score at the leaf.
    pub now: f64,
}

/// Plays one game of `input` with `base` for player 0 (seeing the AIs'
/// true parameters, as the planner's rollouts see sampled ones) and turns
/// every turn at least `played` turns in, and before the end, into one row
/// per player: features as a rollout of `played` turns that stopped there
/// would see them, and the true gain to the end.
pub fn leaf_rows(
    input: &ToolInput,
    base: &dyn BasePolicy,
    played: usize,
    game_id: usize,
) -> Vec<LeafRow> {
    let game = &input.game;
    let mut states = Vec::with_capacity(game.turns + 1);
    if play_base_watching(input, base, |state| states.push(*state)).is_none() {
        return Vec::new();
    }
    let last = *states.last().expect("the start is recorded");
    let class = ahc061::leaf::class(game.m);
    let mut rows = Vec::new();
    for t in played..game.turns {
        let (root, leaf) = (&states[t - played], &states[t]);
        let left = (game.turns - t) as f64;
        let open = ahc061::leaf::open_value(game, leaf);
        for p in 0..game.m {
            rows.push(LeafRow {
                class,
                x: ahc061::leaf::features(game, root, leaf, p, open),
                y: (last.score[p] as f64 - leaf.score[p] as f64) / left,
                game: game_id,
                turn: t,
                player: p,
                now: leaf.score[p] as f64,
            });
        }
    }
    rows
}

/// Least squares of `y` on `x` over `rows`, with a small ridge for the
/// features no row exercises (e.g. the room when U = 1).
pub fn fit_leaf(rows: &[&LeafRow]) -> [f64; ahc061::leaf::FEATURES] {
    use nalgebra::{SMatrix, SVector};
    const F: usize = ahc061::leaf::FEATURES;
    let mut xtx = SMatrix::<f64, F, F>::zeros();
    let mut xty = SVector::<f64, F>::zeros();
    for row in rows {
        let x = SVector::<f64, F>::from_row_slice(&row.x);
        xtx += x * x.transpose();
        xty += x * row.y;
    }
    let scale = xtx.trace() / F as f64;
    xtx += SMatrix::<f64, F, F>::identity() * (1e-6 * scale.max(1.0));
    let w = xtx
        .cholesky()
        .map(|c| c.solve(&xty))
        .unwrap_or_else(SVector::zeros);
    let mut out = [0.0; F];
    out.copy_from_slice(w.as_slice());
    out
}

/// How far `table` is from the truth on `rows`: the root mean square
/// error of the predicted final score, and the mean absolute error of the
/// predicted objective log2(1 + S0 / S_A) over the positions.
pub fn leaf_errors(rows: &[&LeafRow], table: &ahc061::leaf::LeafTable, turns: usize) -> (f64, f64) {
    let mut sq = 0.0;
    for row in rows {
        let err = (gain_per_turn(&table[row.class], row) - row.y) * (turns - row.turn) as f64;
        sq += err * err;
    }
    let positions = leaf_positions(rows);
    let abs: f64 = positions
        .iter()
        .map(|p| {
            let (predicted, truth) = position_objectives(p, &table[p[0].class], turns);
            (predicted - truth).abs()
        })
        .sum();
    (
        (sq / rows.len().max(1) as f64).sqrt(),
        abs / positions.len().max(1) as f64,
    )
}

/// The gain per turn left that `weights` predict for `row`.
fn gain_per_turn(weights: &[f64], row: &LeafRow) -> f64 {
    weights.iter().zip(&row.x).map(|(w, x)| w * x).sum()
}

/// The objective of one position's final scores: as `weights` predict
/// them, and as they were.
fn position_objectives(rows: &[&LeafRow], weights: &[f64], turns: usize) -> (f64, f64) {
    let (mut ours, mut best) = ((1.0f64, 1.0f64), (1.0f64, 1.0f64));
    for row in rows {
        let left = (turns - row.turn) as f64;
        let predicted = row.now + left * gain_per_turn(weights, row);
        let truth = row.now + left * row.y;
        if row.player == 0 {
            ours = (predicted.max(1.0), truth.max(1.0));
        } else {
            best = (best.0.max(predicted), best.1.max(truth));
        }
    }
    (
        (1.0 + ours.0 / best.0).log2(),
        (1.0 + ours.1 / best.1).log2(),
    )
}

/// src/leaf_weights.rs for this table, saying how it was made.
pub fn leaf_source(table: &ahc061::leaf::LeafTable, provenance: &[String]) -> String {
    let mut s = String::from(
        "//! The learned leaf value's weights (src/leaf.rs), one vector per class\n//! of game size, written by the trainer (tools/src/bin/train.rs); do not\n//! edit by hand.\n",
    );
    for line in provenance {
        s += &format!("//! {line}\n");
    }
    // One row a class, as written: rustfmt would fold the longer ones.
    s += "#[rustfmt::skip]\npub const LEAF: crate::leaf::LeafTable = [\n";
    s += &format!("    // {}\n", ahc061::leaf::NAMES.join(", "));
    for weights in table {
        let w: Vec<String> = weights.iter().map(|w| format!("{w:.6}")).collect();
        s += &format!("    [{}],\n", w.join(", "));
    }
    s += "];\n";
    s
}

/// The rows grouped by position (one game's turn: every player's row).
pub fn leaf_positions<'a>(rows: &[&'a LeafRow]) -> Vec<Vec<&'a LeafRow>> {
    let mut positions: std::collections::BTreeMap<(usize, usize), Vec<&LeafRow>> =
        std::collections::BTreeMap::new();
    for row in rows {
        positions.entry((row.game, row.turn)).or_default().push(row);
    }
    positions.into_values().collect()
}

/// The mean squared error of the objective log2(1 + S0 / S_A) predicted
/// with `weights` over `positions` (of one class).
pub fn leaf_objective_error(positions: &[Vec<&LeafRow>], weights: &[f64], turns: usize) -> f64 {
    let total: f64 = positions
        .iter()
        .map(|p| {
            let (predicted, truth) = position_objectives(p, weights, turns);
            (predicted - truth) * (predicted - truth)
        })
        .sum();
    total / positions.len().max(1) as f64
}

/// Refines `start` by CMA-ES on [`leaf_objective_error`]: the planner
/// compares leaves by their objective, not by the scores behind it.
pub fn fit_leaf_objective(
    positions: &[Vec<&LeafRow>],
    start: &[f64; ahc061::leaf::FEATURES],
    generations: usize,
    seed: u64,
) -> [f64; ahc061::leaf::FEATURES] {
    use cmaes::{CMAESOptions, DVector, Mode};
    let objective = |x: &DVector<f64>| leaf_objective_error(positions, x.as_slice(), 100);
    let built = CMAESOptions::new(start.to_vec(), 0.1)
        .mode(Mode::Minimize)
        .seed(seed)
        .max_generations(generations)
        .build(objective);
    let mut out = *start;
    if let Ok(mut cma) = built {
        let end = cma.run_parallel();
        if let Some(best) = end.overall_best {
            out.copy_from_slice(best.point.as_slice());
        }
    }
    out
}

/// The table in a file written by [`leaf_source`].
pub fn parse_leaf_table(text: &str) -> Result<ahc061::leaf::LeafTable> {
    use ahc061::leaf::{CLASSES, FEATURES};
    let numbers = numbers_of(text, "LEAF")?;
    if numbers.len() != CLASSES * FEATURES {
        anyhow::bail!("{} weights, expected {}", numbers.len(), CLASSES * FEATURES);
    }
    let mut table = [[0.0; FEATURES]; CLASSES];
    for (row, chunk) in table.iter_mut().zip(numbers.chunks(FEATURES)) {
        row.copy_from_slice(chunk);
    }
    Ok(table)
}

/// The cases of the seeds in `range` ("A..B") made with M = 2 (the duel's
/// training and held-out sets).
pub fn duel_cases(range: &str) -> Result<Vec<ToolInput>> {
    let (from, to) = parse_seed_range(range)?;
    (from..to)
        .map(|seed| {
            let text = generate(seed, Some(2), None).to_input_string();
            ToolInput::parse(&text).map_err(anyhow::Error::msg)
        })
        .collect()
}

/// The standard base with the scored duel plan (src/duel_linear.rs) of
/// weights `x`.
pub fn scored_duel(x: &[f64]) -> ahc061::base::ScoredDuel {
    let mut weights = [0.0; ahc061::duel_linear::WEIGHTS];
    weights.copy_from_slice(x);
    ahc061::base::ScoredDuel {
        inner: ahc061::base::standard(),
        weights,
    }
}

/// src/duel_weights.rs for these weights, saying how they were made.
pub fn duel_source(weights: &ahc061::duel_linear::Weights, provenance: &[String]) -> String {
    use ahc061::duel_linear::{FEATURES, PER_GROUP, group_label};
    let mut out = String::from(
        "//! The scored duel plan's weights (src/duel_linear.rs), written by the\n\
         //! trainer (`train duel`, tools/src/bin/train.rs); do not edit by hand.\n",
    );
    for line in provenance {
        out.push_str(&format!("//! {line}\n"));
    }
    // A row a group, as written: rustfmt would fold them and strand the labels.
    out.push_str("#[rustfmt::skip]\npub const TRAINED: crate::duel_linear::Weights = [\n");
    out.push_str(&format!("    // per group: {}\n", FEATURES.join(", ")));
    for (g, row) in weights.chunks(PER_GROUP).enumerate() {
        out.push_str(&format!("    // {}\n", group_label(g)));
        let row: Vec<String> = row.iter().map(|w| format!("{w:.6}")).collect();
        out.push_str(&format!("    {},\n", row.join(", ")));
    }
    out.push_str("];\n");
    out
}

/// The weights in a file written by [`duel_source`].
pub fn parse_duel(text: &str) -> Result<ahc061::duel_linear::Weights> {
    let numbers = numbers_of(text, "TRAINED")?;
    let mut weights = [0.0; ahc061::duel_linear::WEIGHTS];
    if numbers.len() != weights.len() {
        anyhow::bail!("{} numbers, expected {}", numbers.len(), weights.len());
    }
    weights.copy_from_slice(&numbers);
    Ok(weights)
}

/// One scored position of a duel the planner played: each legal cell's
/// group and numbers (src/duel_linear.rs) and, for the planner's
/// candidates, the mean of its rollouts' objective over the base move's
/// (the base move's is 0); `None` for cells the planner did not try.
#[derive(Clone, Debug)]
pub struct DuelPosition {
    pub cells: Vec<(DuelFeatures, Option<f64>)>,
}

/// A cell's group and numbers in the scored duel plan.
pub type DuelFeatures = (usize, [f64; ahc061::duel_linear::PER_GROUP]);

/// Plays one duel of `input` with the planner over the scored duel plan
/// of `weights`, at `turns` simulated turns a turn, knowing the AI's true
/// parameters, and records every position the scored plan decides (not
/// the approach or the last turns) with the planner's candidate values.
pub fn record_duel(
    input: &ToolInput,
    weights: &ahc061::duel_linear::Weights,
    turns: u64,
    seed: u64,
) -> Vec<DuelPosition> {
    use ahc061::belief::Belief;
    use ahc061::clock::Allowance;
    use ahc061::duel_linear::Scene;
    use ahc061::planner::Planner;
    let game = &input.game;
    let params = input.params;
    let belief = Belief::known(&params[..game.m]);
    let config = ahc061::params::Params::default().planner(game.m);
    let mut planner = Planner::new(config, Box::new(scored_duel(weights)), seed);
    let mut judge = Judge::new(input.clone());
    let mut positions = Vec::with_capacity(game.turns);
    while !judge.finished() {
        let state = judge.state;
        let decision = planner.choose(game, &state, &belief, Allowance::Turns(turns));
        let legal = rules::legal_moves(&state, game.m, 0);
        let reach = rules::legal_moves(&state, game.m, 1);
        let target = ahc061::ai::greedy_target(game, &state, 1, &params[1], reach);
        if let Ok(scene) = Scene::new(game, &state, legal, reach, target) {
            let cells = ahc061::board::cells(legal)
                .map(|d| {
                    let q = decision
                        .candidates
                        .iter()
                        .find(|c| c.cell == d && c.rollouts > 0)
                        .map(|c| c.mean());
                    (scene.features(game, &state, d), q)
                })
                .collect();
            positions.push(DuelPosition { cells });
        }
        let (x, y) = coords(decision.cell);
        if judge.play(x, y).is_err() {
            break;
        }
    }
    positions
}

/// How much better than the base move, on average over `positions`, the
/// planner's rollouts found the move `weights` pick; a move the planner
/// did not try counts as its worst candidate.
pub fn duel_regret_score(
    positions: &[DuelPosition],
    weights: &ahc061::duel_linear::Weights,
) -> f64 {
    let total: f64 = positions
        .iter()
        .map(|pos| {
            let mut best = (f64::NEG_INFINITY, None);
            for (x, q) in &pos.cells {
                let s = ahc061::duel_linear::score(weights, x);
                if s > best.0 {
                    best = (s, *q);
                }
            }
            best.1
                .unwrap_or_else(|| pos.cells.iter().filter_map(|(_, q)| *q).fold(0.0, f64::min))
        })
        .sum();
    total / positions.len().max(1) as f64
}
