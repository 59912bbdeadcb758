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

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::engine::ai::{self, NO_PARAMS};
use crate::engine::board::{Cell, MAX_PLAYERS};
use crate::engine::rules::{self, legal_moves};
use crate::engine::state::{Game, State};
use crate::opponent::belief::Belief;
use crate::policy::base::{AiView, BasePolicy, DuelOrdered, HandTuned, Ranking};
use crate::policy::duel::TierOrder;
use crate::policy::hunt::Hunt;
use crate::search::clock::Allowance;
use crate::search::leaf::{Leaf, LeafContext};
use crate::search::rollout::{Opening, Outcome, Relay, SampledAis, Trail, Trails, play_out_opened};

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
    /// ranking; never fewer than [`MIN_CANDIDATES`] are raced (0: always
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

/// When the race cuts its challengers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halving {
    /// Every [`Config::halve_every`] rounds, whatever the turn affords: on
    /// a short turn the race may end before its first cut, every
    /// challenger on a handful of rollouts, and the best of many noisy
    /// means is a false switch.
    Rounds,
    /// Sequential halving over the rollouts the turn affords: one stage per
    /// cut and a last one for the finalists, each an equal share of the
    /// work, so that the race ends with its finalists on any turn.
    Work,
}

/// The fewest candidates of the base's ranking a work-aware bound
/// ([`Config::rollouts_per_candidate`]) leaves.
pub const MIN_CANDIDATES: usize = 10;

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

/// The arms played on one seed in a round of the race, by their number
/// (the base move's 0): the AIs' first turn, which they share; where their
/// rollouts went, so that a later arm that reaches one of those positions
/// stops there; and what each was worth.
#[derive(Default)]
struct SeedArms {
    opening: Option<Opening<SampledAis>>,
    trails: Trails,
    worth: Vec<f64>,
}

impl SeedArms {
    /// Ready for `arms` arms from `state` on `seed`.
    fn start(&mut self, game: &Game, state: &State, belief: &Belief, seed: u64, arms: usize) {
        let ais = SampledAis::new(game, belief, seed);
        self.opening = Some(Opening::new(game, state, ais));
        self.trails.clear();
        self.worth.clear();
        self.worth.resize(arms, f64::NAN);
    }
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
    rate: Option<f64>,
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
            rate: None,
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
        let affordable = self.affordable_rollouts(allowance, length);
        let limit = self.affordable_candidates(affordable);
        let alternatives = self.alternatives_join(affordable);
        let mut candidates = self.rank_candidates_within(game, state, belief, limit, alternatives);
        let base = candidates[0];
        let mut alive = candidates.len();
        let mut done = 0u64;
        // Simulated turns: a rollout's `length`, fewer for an arm that
        // joined an earlier arm's rollout on its seed.
        let mut simulated = 0u64;
        let mut by_seed = std::mem::take(&mut self.seed_arms);
        let mut round = 0u64;
        let mut stage_work = self.stage_work(affordable, 0, alive - 1);
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
                alive = 1 + self.kept(alive - 1);
                stage_start = done;
                stage_work = self.stage_work(affordable, done, alive - 1);
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
            self.measure_rate(done, started.elapsed().as_secs_f64());
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

    /// How many of the base's ranked moves a turn that affords
    /// `affordable` rollouts can race ([`Config::rollouts_per_candidate`]).
    fn affordable_candidates(&self, affordable: Option<f64>) -> usize {
        let per = self.config.rollouts_per_candidate;
        match affordable {
            Some(rollouts) if per > 0.0 => ((rollouts / per) as usize).max(MIN_CANDIDATES),
            _ => usize::MAX,
        }
    }

    /// Whether a turn that affords `affordable` rollouts is enough for the
    /// alternative continuations to join the race
    /// ([`Config::alternatives_from`]).
    fn alternatives_join(&self, affordable: Option<f64>) -> bool {
        let from = self.config.alternatives_from;
        from <= 0.0 || affordable.is_none_or(|rollouts| rollouts >= from)
    }

    /// The rollouts this turn affords: from the allowance or, on the clock,
    /// from the rate of the turns before (None before any turn measured it).
    fn affordable_rollouts(&self, allowance: Allowance, length: usize) -> Option<f64> {
        match allowance {
            Allowance::Rollouts(n) => Some(n as f64),
            Allowance::Turns(n) => Some(n as f64 / length.max(1) as f64),
            Allowance::Until(deadline) => self.rate.map(|rate| {
                let left = deadline.saturating_duration_since(std::time::Instant::now());
                rate * left.as_secs_f64()
            }),
        }
    }

    /// Under [`Halving::Work`], the rollouts of the next stage of a race
    /// of `challengers` on a turn that affords `affordable` and has done
    /// `done` (None: cut by rounds, as while the turn's work is unknown).
    /// The stages left share what is left, so that a stage that overran (a
    /// round is its grain) takes from the ones after, and the race still
    /// reaches its finalists.
    fn stage_work(&self, affordable: Option<f64>, done: u64, challengers: usize) -> Option<f64> {
        match (self.config.halving, affordable) {
            (Halving::Work, Some(rollouts)) => {
                Some((rollouts - done as f64).max(0.0) / self.stages(challengers) as f64)
            }
            _ => None,
        }
    }

    /// The stages of a race of `challengers`: one per cut down to the
    /// finalists, and the finalists' own.
    fn stages(&self, challengers: usize) -> usize {
        let mut left = challengers;
        let mut stages = 1;
        while left > self.config.finalists && self.kept(left) < left {
            left = self.kept(left);
            stages += 1;
        }
        stages
    }

    /// How many of `challengers` a cut keeps ([`Config::keep`]).
    fn kept(&self, challengers: usize) -> usize {
        let fewest = self.config.finalists.clamp(1, challengers);
        ((challengers as f64 * self.config.keep).ceil() as usize).clamp(fewest, challengers)
    }

    /// Folds a turn's rollouts a second into the rate (a turn that did
    /// almost nothing says little: it is left out).
    fn measure_rate(&mut self, rollouts: u64, seconds: f64) {
        if rollouts < 8 || seconds <= 0.0 {
            return;
        }
        let now = rollouts as f64 / seconds;
        self.rate = Some(self.rate.map_or(now, |rate| 0.5 * rate + 0.5 * now));
    }

    /// The continuation of policy index `k` ([`Candidate::policy`]).
    fn policy(&self, k: usize) -> &dyn BasePolicy {
        if k == 0 {
            self.continuation.as_deref().unwrap_or(&*self.base)
        } else {
            &*self.alternatives[k - 1]
        }
    }

    /// One rollout of `arm`, the `number`-th of the race's arms, on the
    /// seed of `arms`: its first move, then its continuation (an
    /// alternative's for [`Config::alternative_turns`], then the
    /// planner's), beside the arms played before on the seed. Returns its
    /// worth and the turns it simulated.
    fn arm_rollout(
        &self,
        game: &Game,
        state: &State,
        arm: &Candidate,
        number: usize,
        arms: &mut SeedArms,
    ) -> (f64, u64) {
        let lead_turns = match (arm.policy, self.config.alternative_turns) {
            (0, _) => 0,
            (_, 0) => usize::MAX,
            (_, turns) => turns,
        };
        let us = Relay {
            first: Some(arm.cell),
            lead: self.policy(arm.policy),
            lead_turns,
            base: self.policy(0),
        };
        let opening = arms
            .opening
            .as_ref()
            .expect("a seed's arms start from its opening");
        let trail = Trail::Along(&mut arms.trails, number);
        let (worth, turns) = relay_rollout(game, state, opening, us, &self.config, trail);
        // An arm that joined another's rollout ends as that one did.
        let worth = worth.unwrap_or_else(|joined| arms.worth[joined]);
        arms.worth[number] = worth;
        (worth, turns)
    }

    /// The candidate first moves, the base policy's move first, from the
    /// position seen with the AIs at their posterior-mean parameters.
    pub fn rank_candidates(&self, game: &Game, state: &State, belief: &Belief) -> Vec<Candidate> {
        self.rank_candidates_within(game, state, belief, usize::MAX, true)
    }

    /// [`Planner::rank_candidates`] with at most `limit` of the base's
    /// ranking, and the alternative continuations' arms only if
    /// `alternatives`.
    fn rank_candidates_within(
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
        let legal = rules::ai_legal_moves(state, game.m);
        let targets = ai::greedy_targets(game, state, &params, &legal);
        let view = AiView {
            params: &params,
            legal: &legal,
            targets: &targets,
        };
        let ranking = self.base.rank(game, state, &view);
        let cells = self
            .generator
            .candidates(game, state, ranking, &view, limit);
        let mut arms: Vec<Candidate> = cells.iter().map(|&c| Candidate::new(c, 0)).collect();
        // Each alternative continuation after its own first move and after
        // every candidate of the base.
        let raced: &[Box<dyn BasePolicy>] = if alternatives {
            &self.alternatives
        } else {
            &[]
        };
        for (k, alt) in raced.iter().enumerate() {
            let own = alt.choose(game, state, &view);
            let firsts = std::iter::once(own).chain(cells.iter().copied().filter(|&c| c != own));
            arms.extend(firsts.map(|c| Candidate::new(c, k + 1)));
        }
        arms
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

/// One rollout: `first` for player 0 now, then the base policy for
/// `config.horizon` turns (or to the game's end), against AIs sampled from
/// the belief with `seed`; returns the leaf's worth.
pub fn rollout(
    game: &Game,
    state: &State,
    belief: &Belief,
    base: &dyn BasePolicy,
    first: Cell,
    seed: u64,
    config: &Config,
) -> f64 {
    let us = Relay::first_then(first, base);
    let opening = Opening::new(game, state, SampledAis::new(game, belief, seed));
    let (worth, _) = relay_rollout(game, state, &opening, us, config, Trail::Off);
    worth.expect("a rollout without a trail plays to its end")
}

/// One rollout from `opening` with player 0 played by `us`, along
/// `trail`: its worth (or the number of the rollout it joined) and the
/// turns it simulated.
fn relay_rollout(
    game: &Game,
    state: &State,
    opening: &Opening<SampledAis>,
    mut us: Relay,
    config: &Config,
    trail: Trail,
) -> (Result<f64, usize>, u64) {
    let end = rollout_end(state, config);
    let base = us.base;
    match play_out_opened(game, state, end, &mut us, opening, trail) {
        Outcome::Leaf(leaf) => (
            Ok(config.leaf.value_in(
                game,
                state,
                &leaf,
                LeafContext {
                    base,
                    params: opening.params(),
                },
            )),
            (leaf.turn - state.turn) as u64 + config.leaf.cost_in_turns(),
        ),
        Outcome::Joined { turns, rollout } => (Err(rollout), turns as u64),
    }
}

/// The turn a rollout from `state` stops at, before the game's end cuts
/// it: its first turn and the horizon's.
fn rollout_end(state: &State, config: &Config) -> usize {
    state.turn + 1 + config.horizon
}
