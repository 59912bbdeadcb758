//! The planner: Monte Carlo rollouts from each candidate first move.
//!
//! Each rollout draws every AI's parameters from the belief, plays the first
//! turn with the candidate, then continues for a horizon with the
//! continuation (the base policy unless [`Planner::continuation`] says
//! otherwise) for player 0 and the sampled ε-greedy policies for the AIs, and
//! scores where it stops with the game's objective, log2(1 + S0 / S_A): at
//! the game's end exactly, before it as the leaf (src/search/leaf.rs) estimates it. Candidates
//! share the rollouts' random seeds (common random numbers) and successive
//! halving spends the rollouts on the close ones. Sharing a seed also saves
//! work: the AIs' first turn is played once a seed, and an arm that reaches
//! a position an earlier arm on its seed had stops there (src/search/rollout.rs).
//!
//! This file holds the planner's knobs and the race itself
//! ([`Planner::choose`]); the race's schedule is src/search/race.rs, its
//! candidates src/search/candidates.rs, its arms and their rollouts
//! src/search/arms.rs.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::engine::board::Cell;
use crate::engine::state::{Game, State};
use crate::opponent::belief::Belief;
use crate::policy::base::{BasePolicy, DuelOrdered, HandTuned};
use crate::policy::duel::TierOrder;
use crate::policy::hunt::Hunt;
use crate::search::arms::{SeedArms, rollout_end};
use crate::search::candidates::{Candidate, CandidateGenerator, TopRanked};
use crate::search::clock::Allowance;
use crate::search::leaf::Leaf;
use crate::search::race::{Halving, Rate};

/// The planner's knobs (their values: src/agent/params.rs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Turns simulated after the first one.
    pub horizon: usize,
    /// Candidate first moves kept after ranking by the greedy value.
    pub max_candidates: usize,
    /// Rollouts per candidate in one batch.
    pub batch: u64,
    /// Rounds of batches between two cuts of the challengers (successive
    /// halving): the fewer, the sooner the work goes to the close ones.
    /// Under [`Halving::Work`] only for a turn whose work is unknown.
    pub halve_every: u64,
    /// When the race cuts its challengers.
    pub halving: Halving,
    /// The share of the challengers a cut keeps (the best by mean; at
    /// least one).
    pub keep: f64,
    /// The fewest challengers the cuts leave: the rest of the turn's work
    /// goes to them and the base.
    pub finalists: usize,
    /// Standard errors by which a candidate must beat the base move.
    pub switch_z: f64,
    /// Add each AI's expected destination, when legal for us, to the
    /// candidates.
    pub block_candidates: bool,
    /// What a rollout cut at the horizon before the game's end is worth.
    pub leaf: Leaf,
    /// Other continuations raced beside the base (parallel rollouts): the
    /// duel plan with its tiers in other orders (M = 2), or its hunt of the
    /// AIs (M ≥ 3; [`Alternative`]). Each candidate
    /// first move is tried under each continuation, and the planner plays
    /// the first move of the best pair: a move worth more under a plan the
    /// base would not follow is seen.
    pub alternatives: [Option<Alternative>; MAX_ALTERNATIVES],
    /// Rollouts the turn must be able to afford per candidate of the base's
    /// ranking; never fewer than
    /// [`MIN_CANDIDATES`](crate::search::race::MIN_CANDIDATES) are raced (0: always
    /// `max_candidates`). Successive halving needs that many to tell a
    /// challenger from the base; with fewer, a wide field of challengers
    /// only adds false switches.
    pub rollouts_per_candidate: f64,
    /// The alternative continuations join the race only on a turn that
    /// affords at least this many rollouts (0: always): they split the
    /// turn's work between twice the arms, which pays only when there is
    /// work to spare.
    pub alternatives_from: f64,
    /// Simulated turns an alternative continuation plays after its arm's
    /// first move before the planner's continuation takes over (0: to the
    /// rollout's end).
    pub alternative_turns: usize,
    /// Every legal attack on an AI's cell (a capture or a knock) joins the
    /// candidates, beyond the base's ranking.
    pub attack_candidates: bool,
}

/// A continuation raced beside the base ([`Config::alternatives`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alternative {
    /// The duel plan with its tiers in this order (M = 2; the hand-tuned
    /// base with more AIs).
    Duel(TierOrder),
    /// The duel plan's tiers in this order against every AI (M ≥ 3;
    /// src/policy/hunt.rs), the learned base where the plan has no move.
    Hunt(TierOrder),
}

impl Alternative {
    /// `ORDER` (the duel plan) or `hunt-all:ORDER`.
    pub fn parse(text: &str) -> Option<Alternative> {
        match text.strip_prefix("hunt-all:") {
            Some(order) => TierOrder::parse(order).map(Alternative::Hunt),
            None => TierOrder::parse(text).map(Alternative::Duel),
        }
    }

    /// The continuation it names.
    pub fn policy(self) -> Box<dyn BasePolicy> {
        match self {
            Alternative::Duel(order) => Box::new(DuelOrdered {
                inner: Box::new(HandTuned),
                order,
            }),
            Alternative::Hunt(order) => Box::new(Hunt {
                inner: crate::policy::base::standard(),
                order,
            }),
        }
    }
}

impl std::fmt::Display for Alternative {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Alternative::Duel(order) => write!(f, "{order}"),
            Alternative::Hunt(order) => write!(f, "hunt-all:{order}"),
        }
    }
}

/// Most alternative continuations a planner races ([`Config::alternatives`]).
pub const MAX_ALTERNATIVES: usize = 2;

impl Default for Config {
    fn default() -> Self {
        Config {
            horizon: 25,
            max_candidates: 10,
            batch: 4,
            halve_every: 3,
            halving: Halving::Rounds,
            keep: 0.5,
            finalists: 1,
            switch_z: 2.0,
            block_candidates: false,
            leaf: Leaf::Objective,
            alternatives: [None; MAX_ALTERNATIVES],
            rollouts_per_candidate: 0.0,
            alternatives_from: 0.0,
            alternative_turns: 0,
            attack_candidates: false,
        }
    }
}

/// The planner's decision and what it is based on.
#[derive(Clone, Debug)]
pub struct Decision {
    pub cell: Cell,
    /// The base move first, then the other candidates.
    pub candidates: Vec<Candidate>,
    pub rollouts: u64,
    /// Turns simulated in all by those rollouts (what a pooled clock
    /// charges: src/search/clock.rs).
    pub simulated_turns: u64,
    /// The z a challenger still in the race needed to replace the base move.
    pub threshold: f64,
}

pub struct Planner {
    pub config: Config,
    /// The policy that ranks the candidates and gives the move to beat;
    /// player 0's policy in the rollouts too, unless
    /// [`Planner::continuation`] is set.
    pub base: Box<dyn BasePolicy>,
    /// The candidate first moves.
    pub generator: Box<dyn CandidateGenerator>,
    /// Other continuations than the base, raced beside it
    /// ([`Config::alternatives`]).
    pub alternatives: Vec<Box<dyn BasePolicy>>,
    /// Player 0's policy in the rollouts when it is not the base (the seam
    /// for a continuation trained apart from the base): the base still
    /// ranks the candidates and gives the move to beat.
    pub continuation: Option<Box<dyn BasePolicy>>,
    rng: Pcg64Mcg,
    /// Rollouts a second on the last turns played by the clock, for the
    /// work-aware bound on the candidates.
    rate: Rate,
    /// Each seed's arms in a round, kept from turn to turn: their trails
    /// grow to a megabyte a turn, which the allocator would otherwise give
    /// back to the system and ask for again.
    seed_arms: Vec<SeedArms>,
}

impl Planner {
    pub fn new(config: Config, base: Box<dyn BasePolicy>, seed: u64) -> Planner {
        let alternatives = (config.alternatives.iter().flatten())
            .map(|alt| alt.policy())
            .collect();
        Planner {
            config,
            base,
            generator: Box::new(TopRanked::from_config(&config)),
            alternatives,
            continuation: None,
            rng: Pcg64Mcg::seed_from_u64(seed),
            rate: Rate::default(),
            seed_arms: Vec::new(),
        }
    }

    /// Chooses player 0's move within the allowance: the base policy's move
    /// unless another candidate beats it clearly on shared rollouts.
    pub fn choose(
        &mut self,
        game: &Game,
        state: &State,
        belief: &Belief,
        allowance: Allowance,
    ) -> Decision {
        let started = std::time::Instant::now();
        // A rollout simulates the first turn and up to `horizon` more.
        let length = rollout_end(state, &self.config).min(game.turns) - state.turn;
        let affordable = self.rate.affordable_rollouts(allowance, length);
        let limit = self.config.affordable_candidates(affordable);
        let alternatives = self.config.alternatives_join(affordable);
        let mut candidates = self.rank_candidates_within(game, state, belief, limit, alternatives);
        let base = candidates[0];
        let mut alive = candidates.len();
        let mut done = 0u64;
        // Simulated turns: a rollout's `length`, fewer for an arm that
        // joined an earlier arm's rollout on its seed.
        let mut simulated = 0u64;
        let mut by_seed = std::mem::take(&mut self.seed_arms);
        let mut round = 0u64;
        let mut stage_work = self.config.stage_work(affordable, 0, alive - 1);
        let mut stage_start = 0u64;
        'search: while alive > 1 {
            let seeds: Vec<u64> = (0..self.config.batch).map(|_| self.rng.random()).collect();
            let mut base_values = Vec::with_capacity(seeds.len());
            by_seed.resize_with(seeds.len(), SeedArms::default);
            for (&seed, arms) in seeds.iter().zip(&mut by_seed) {
                arms.start(game, state, belief, seed, candidates.len());
                let (value, turns) = self.arm_rollout(game, state, &base, 0, arms);
                base_values.push(value);
                simulated += turns;
            }
            done += seeds.len() as u64;
            // Counted now: the challengers' loop may stop on the clock.
            candidates[0].rollouts += seeds.len() as u64;
            for (k, cand) in candidates[1..alive].iter_mut().enumerate() {
                for (&base_value, arms) in base_values.iter().zip(&mut by_seed) {
                    // Checked per rollout: a turn never overruns by more than one.
                    if allowance.used_up(done, simulated) {
                        break 'search;
                    }
                    let (value, turns) = self.arm_rollout(game, state, cand, k + 1, arms);
                    simulated += turns;
                    let d = value - base_value;
                    cand.diff += d;
                    cand.diff_sq += d * d;
                    cand.rollouts += 1;
                    done += 1;
                }
            }
            round += 1;
            // Cut the challengers at the end of a stage; the base move stays.
            let due = match stage_work {
                Some(work) => (done - stage_start) as f64 >= work,
                None => round.is_multiple_of(self.config.halve_every),
            };
            if due && alive > 1 + self.config.finalists {
                candidates[1..alive].sort_by(|a, b| b.mean().total_cmp(&a.mean()));
                alive = 1 + self.config.kept(alive - 1);
                stage_start = done;
                stage_work = self.config.stage_work(affordable, done, alive - 1);
            }
        }
        self.seed_arms = by_seed;
        let threshold = self.config.switch_z;
        let cell = candidates[1..alive]
            .iter()
            .filter(|c| c.z() > threshold)
            .max_by(|a, b| a.mean().total_cmp(&b.mean()))
            .map_or(base.cell, |c| c.cell);
        if matches!(allowance, Allowance::Until(_)) {
            self.rate.measure(done, started.elapsed().as_secs_f64());
        }
        for cand in &mut candidates[alive..] {
            cand.cut = true;
        }
        Decision {
            cell,
            candidates,
            rollouts: done,
            simulated_turns: simulated,
            threshold,
        }
    }
}
