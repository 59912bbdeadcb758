//! The planner: Monte Carlo rollouts from each candidate first move.
//!
//! Each rollout draws every AI's parameters from the belief, plays the first
//! turn with the candidate, then continues for a horizon with the greedy base
//! policy for player 0 and the sampled ε-greedy policies for the AIs, and
//! scores the end with the game's objective, log2(1 + S0 / S_A). Candidates
//! share the rollouts' random seeds (common random numbers) and successive
//! halving spends the rollouts on the close ones.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::ai::{self, AiParams};
use crate::belief::Belief;
use crate::board::{Bits, Cell, MAX_PLAYERS, cells};
use crate::clock::Allowance;
use crate::greedy;
use crate::rules::{self, legal_moves};
use crate::state::{Game, State};

/// The planner's knobs.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Turns simulated after the first one.
    pub horizon: usize,
    /// Candidate first moves kept after ranking by the greedy value.
    pub max_candidates: usize,
    /// Rollouts per candidate in one batch.
    pub batch: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config { horizon: 25, max_candidates: 10, batch: 4 }
    }
}

impl Config {
    /// The settings for a game of `m` players. With one AI, long rollouts
    /// wash out the difference between first moves (measured: M = 2 scored
    /// best at horizon 5, M ≥ 3 at 25, at 400 rollouts a turn).
    pub fn for_players(m: usize) -> Config {
        let horizon = if m == 2 { 5 } else { 25 };
        Config { horizon, ..Config::default() }
    }
}

/// What the planner found for one candidate.
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    pub cell: Cell,
    pub rollouts: u64,
    pub total: f64,
}

impl Candidate {
    pub fn mean(&self) -> f64 {
        if self.rollouts == 0 {
            f64::NEG_INFINITY
        } else {
            self.total / self.rollouts as f64
        }
    }
}

/// The planner's decision and what it is based on.
#[derive(Clone, Debug)]
pub struct Decision {
    pub cell: Cell,
    pub candidates: Vec<Candidate>,
    pub rollouts: u64,
}

pub struct Planner {
    pub config: Config,
    rng: Pcg64Mcg,
}

impl Planner {
    pub fn new(config: Config, seed: u64) -> Planner {
        Planner {
            config,
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// Chooses player 0's move within the allowance.
    pub fn choose(
        &mut self,
        game: &Game,
        state: &State,
        belief: &Belief,
        allowance: Allowance,
    ) -> Decision {
        let mut candidates = self.rank_candidates(game, state);
        if candidates.len() == 1 {
            return Decision {
                cell: candidates[0].cell,
                candidates,
                rollouts: 0,
            };
        }
        let mut alive = candidates.len();
        let mut done = 0u64;
        let mut round = 0u64;
        'search: loop {
            // One batch for every surviving candidate on shared seeds.
            let seeds: Vec<u64> = (0..self.config.batch).map(|_| self.rng.random()).collect();
            for cand in candidates[..alive].iter_mut() {
                for &seed in &seeds {
                    // Checked per rollout: a turn never overruns by more than one.
                    if out_of_work(allowance, done) {
                        break 'search;
                    }
                    cand.total += rollout(game, state, belief, cand.cell, seed, self.config.horizon);
                    cand.rollouts += 1;
                    done += 1;
                }
            }
            round += 1;
            // Halve the field every few rounds, keeping at least two.
            if round % 3 == 0 && alive > 2 {
                candidates[..alive].sort_by(|a, b| b.mean().total_cmp(&a.mean()));
                alive = (alive / 2).max(2);
            }
        }
        if round == 0 {
            // Not even one round: the greedy ranking decides.
            return Decision { cell: candidates[0].cell, candidates, rollouts: done };
        }
        // Candidates cut short in the last round are compared on what they have.
        // Equal means go to the candidate the greedy ranking put first.
        let mut best = candidates[0];
        for cand in &candidates[1..alive] {
            if cand.mean() > best.mean() {
                best = *cand;
            }
        }
        let best = best.cell;
        Decision {
            cell: best,
            candidates,
            rollouts: done,
        }
    }

    /// Legal moves ranked by the greedy value, best first, cut to the limit.
    fn rank_candidates(&self, game: &Game, state: &State) -> Vec<Candidate> {
        let contested = greedy::contested_cells(game, state);
        let leader = greedy::leader(game, state);
        let mut ranked: Vec<(f64, Cell)> = cells(legal_moves(state, game.m, 0))
            .map(|c| (greedy::move_value(game, state, contested, leader, c), c))
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        ranked.truncate(self.config.max_candidates);
        ranked
            .into_iter()
            .map(|(_, cell)| Candidate {
                cell,
                rollouts: 0,
                total: 0.0,
            })
            .collect()
    }
}

fn out_of_work(allowance: Allowance, done: u64) -> bool {
    match allowance {
        Allowance::Rollouts(n) => done >= n,
        Allowance::Until(deadline) => std::time::Instant::now() >= deadline,
    }
}

/// One rollout: `first` for player 0 now, then the base policy for
/// `horizon` turns (or to the game's end); returns the objective.
pub fn rollout(
    game: &Game,
    state: &State,
    belief: &Belief,
    first: Cell,
    seed: u64,
    horizon: usize,
) -> f64 {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut params = [AiParams {
        wa: 1.0,
        wb: 1.0,
        wc: 1.0,
        wd: 1.0,
        eps: 0.0,
    }; MAX_PLAYERS];
    for (p, slot) in params.iter_mut().enumerate().take(game.m).skip(1) {
        *slot = belief.sample(p, &mut rng);
    }
    let mut sim = *state;
    let end = (state.turn + 1 + horizon).min(game.turns);
    while sim.turn < end {
        let mut dest = [0 as Cell; MAX_PLAYERS];
        let mut contested: Bits = 0;
        for p in 1..game.m {
            let legal = legal_moves(&sim, game.m, p);
            contested |= legal;
            dest[p] = ai::sample_within(game, &sim, p, &params[p], legal, &mut rng);
        }
        dest[0] = if sim.turn == state.turn {
            first
        } else {
            base_move(game, &sim, contested)
        };
        rules::resolve(game, &mut sim, &dest);
    }
    objective(&sim, game.m)
}

/// Player 0's base policy inside rollouts: the greedy choice.
#[inline]
fn base_move(game: &Game, state: &State, contested: Bits) -> Cell {
    let leader = greedy::leader(game, state);
    let mut best = state.pos[0];
    let mut best_value = f64::NEG_INFINITY;
    for d in cells(legal_moves(state, game.m, 0)) {
        let value = greedy::move_value(game, state, contested, leader, d);
        if value > best_value {
            best_value = value;
            best = d;
        }
    }
    best
}

/// The game's objective on a position: log2(1 + S0 / S_A).
#[inline]
pub fn objective(state: &State, m: usize) -> f64 {
    (1.0 + state.score[0] as f64 / state.best_ai_score(m).max(1) as f64).log2()
}
