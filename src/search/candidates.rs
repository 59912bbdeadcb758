//! The race's candidates: the first moves the planner tries against the base
//! policy's move, each with the continuation it is tried under, and the
//! measure of what each is worth over the base move on shared seeds.

use crate::engine::ai::NO_PARAMS;
use crate::engine::board::{Cell, MAX_PLAYERS};
use crate::engine::rules::legal_moves;
use crate::engine::state::{Game, State};
use crate::opponent::belief::Belief;
use crate::policy::base::{AiView, BasePolicy, Ranking, seeing};
use crate::search::planner::{Config, Planner};

/// What the planner found for one candidate, measured against the base
/// policy's move on the same seeds (common random numbers).
#[derive(Clone, Copy, Debug, Default)]
pub struct Candidate {
    pub cell: Cell,
    /// The continuation after it: 0 the planner's continuation (the base
    /// unless [`Planner::continuation`] is set), k its k-th alternative.
    pub policy: usize,
    pub rollouts: u64,
    /// Σ of (this candidate's value − the base move's value) per seed.
    pub diff: f64,
    /// Σ of the squared differences, for the standard error.
    pub diff_sq: f64,
    /// Dropped by a cut of the race (successive halving) before the turn
    /// ended: it could not be played, whatever its z on fewer rollouts.
    pub cut: bool,
}

impl Candidate {
    fn new(cell: Cell, policy: usize) -> Candidate {
        Candidate {
            cell,
            policy,
            ..Candidate::default()
        }
    }

    /// Mean advantage over the base move.
    pub fn mean(&self) -> f64 {
        if self.rollouts == 0 {
            f64::NEG_INFINITY
        } else {
            self.diff / self.rollouts as f64
        }
    }

    /// How many standard errors the mean advantage lies above zero.
    pub fn z(&self) -> f64 {
        let n = self.rollouts as f64;
        if n < 2.0 {
            return f64::NEG_INFINITY;
        }
        let mean = self.diff / n;
        let var = (self.diff_sq / n - mean * mean).max(1e-12) / (n - 1.0);
        mean / var.sqrt()
    }
}

impl Planner {
    /// The candidate first moves, the base policy's move first, from the
    /// position seen with the AIs at their posterior-mean parameters.
    pub fn rank_candidates(&self, game: &Game, state: &State, belief: &Belief) -> Vec<Candidate> {
        self.rank_candidates_within(game, state, belief, usize::MAX, true)
    }

    /// [`Planner::rank_candidates`] with at most `limit` of the base's
    /// ranking, and the alternative continuations' arms only if
    /// `alternatives`.
    pub(super) fn rank_candidates_within(
        &self,
        game: &Game,
        state: &State,
        belief: &Belief,
        limit: usize,
        alternatives: bool,
    ) -> Vec<Candidate> {
        let mut params = [NO_PARAMS; MAX_PLAYERS];
        for (p, slot) in params.iter_mut().enumerate().take(game.m).skip(1) {
            *slot = belief.mean_params(p);
        }
        seeing(game, state, &params, |view| {
            let ranking = self.base.rank(game, state, view);
            let cells = self.generator.candidates(game, state, ranking, view, limit);
            let mut arms: Vec<Candidate> = cells.iter().map(|&c| Candidate::new(c, 0)).collect();
            // Each alternative continuation after its own first move and
            // after every candidate of the base.
            let raced: &[Box<dyn BasePolicy>] = if alternatives {
                &self.alternatives
            } else {
                &[]
            };
            for (k, alt) in raced.iter().enumerate() {
                let own = alt.choose(game, state, view);
                let firsts =
                    std::iter::once(own).chain(cells.iter().copied().filter(|&c| c != own));
                arms.extend(firsts.map(|c| Candidate::new(c, k + 1)));
            }
            arms
        })
    }
}

/// Where the planner's candidate first moves come from: the seam for a new
/// generator (one that proposes two-move plans' first steps, say).
pub trait CandidateGenerator: Send + Sync {
    /// The candidates in `state`, legal for player 0, `ranking.base` first;
    /// `ais` is the position seen with the AIs' posterior-mean parameters;
    /// at most `limit` of them from the ranking (what the turn's work can
    /// race), others (the AIs' targets) on top.
    fn candidates(
        &self,
        game: &Game,
        state: &State,
        ranking: Ranking,
        ais: &AiView,
        limit: usize,
    ) -> Vec<Cell>;
}

/// The base move, then the other legal moves by the base's worth, cut to
/// `max`; with `block`, each AI's expected destination when legal for us.
pub struct TopRanked {
    pub max: usize,
    pub block: bool,
    /// Every legal attack on an AI's cell joins ([`Config::attack_candidates`]).
    pub attacks: bool,
}

impl TopRanked {
    pub fn from_config(config: &Config) -> TopRanked {
        TopRanked {
            max: config.max_candidates,
            block: config.block_candidates,
            attacks: config.attack_candidates,
        }
    }
}

impl CandidateGenerator for TopRanked {
    fn candidates(
        &self,
        game: &Game,
        state: &State,
        ranking: Ranking,
        ais: &AiView,
        limit: usize,
    ) -> Vec<Cell> {
        let Ranking {
            base,
            worth: mut ranked,
        } = ranking;
        // Rollouts can only improve on the base move if it is in the race.
        ranked.sort_by(|a, b| {
            let key = |x: &(f64, Cell)| x.1 != base;
            key(a)
                .cmp(&key(b))
                .then(b.0.total_cmp(&a.0))
                .then(a.1.cmp(&b.1))
        });
        ranked.truncate(self.max.min(limit));
        let mut chosen: Vec<Cell> = ranked.into_iter().map(|(_, cell)| cell).collect();
        // The AI's own next move as a candidate: moving there blocks it
        // (both moves are void), which the forecast's ranking never favours.
        let blocks = (self.block.then_some(&ais.targets[1..game.m]).into_iter())
            .flatten()
            .copied();
        // Attacks on the AIs' cells, which the ranking may keep out.
        let theirs = state.taken() & !state.owned[0];
        let attacks = crate::engine::board::cells(if self.attacks { theirs } else { 0 });
        let ours = legal_moves(state, game.m, 0);
        for c in blocks.chain(attacks) {
            if crate::engine::board::has(ours, c) && !chosen.contains(&c) {
                chosen.push(c);
            }
        }
        chosen
    }
}
