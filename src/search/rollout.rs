//! One simulated stretch of game: the loop every rollout runs, whoever plays
//! in it. Player 0's side and the AIs' side are parameters, so that the
//! planner (sampled AIs, the base policy) and the tools' omniscient oracle
//! (the AIs exactly as the judge will move them) share one loop:
//!
//! - [`AiModel`]: the AIs' parameters for this rollout and their moves;
//! - [`Player`]: player 0's move in each simulated turn.
//!
//! Each simulated turn computes the AIs' legal sets and greedy targets once;
//! both sides see them (player 0's policy forecasts from them).

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::engine::ai::{self, AiParams, NO_PARAMS, TargetCache};
use crate::engine::board::{Bits, CELLS, Cell, MAX_PLAYERS};
use crate::engine::rules;
use crate::engine::state::{Game, State};
use crate::opponent::belief::Belief;
use crate::policy::base::{AiView, BasePolicy};

/// The AIs inside a simulation.
pub trait AiModel {
    /// The parameters the AIs play by (player 0's slot is unused): their
    /// greedy targets are computed with them.
    fn params(&self) -> &[AiParams; MAX_PLAYERS];

    /// AI `p`'s destination in `sim`, given its legal set and its greedy
    /// target under [`AiModel::params`].
    fn choose(&mut self, game: &Game, sim: &State, p: usize, legal: Bits, target: Cell) -> Cell;
}

/// Player 0 inside a simulation.
pub trait Player {
    /// Player 0's destination in `sim`, legal for it; `ais` holds the AIs'
    /// parameters, legal sets and greedy targets this turn.
    fn choose(&mut self, game: &Game, sim: &State, ais: &AiView) -> Cell;

    /// Whether from now on it plays the policy every rollout along a
    /// [`Trail::Along`] shares, so that reaching another one's position
    /// means playing on as it did.
    fn joinable(&self) -> bool {
        false
    }
}

/// The AIs as the bot imagines them: each one's parameters drawn once per
/// rollout from the belief, then ε-greedy moves from one random stream,
/// drawn from as many times a turn whatever the position (which
/// [`play_out_along`]'s joins rely on).
#[derive(Clone)]
pub struct SampledAis {
    params: [AiParams; MAX_PLAYERS],
    rng: Pcg64Mcg,
}

impl SampledAis {
    /// The draws of the rollout with this `seed` (the same seed, the same
    /// AIs: the planner's candidates share them).
    pub fn new(game: &Game, belief: &Belief, seed: u64) -> SampledAis {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut params = [NO_PARAMS; MAX_PLAYERS];
        for (p, slot) in params.iter_mut().enumerate().take(game.m).skip(1) {
            *slot = belief.sample(p, &mut rng);
        }
        SampledAis { params, rng }
    }

    /// AIs of known parameters, their random moves drawn from `seed`.
    pub fn with_params(params: [AiParams; MAX_PLAYERS], seed: u64) -> SampledAis {
        let rng = Pcg64Mcg::seed_from_u64(seed);
        SampledAis { params, rng }
    }
}

impl AiModel for SampledAis {
    fn params(&self) -> &[AiParams; MAX_PLAYERS] {
        &self.params
    }

    fn choose(&mut self, _: &Game, _: &State, p: usize, legal: Bits, target: Cell) -> Cell {
        ai::sample_near_target(&self.params[p], legal, target, &mut self.rng)
    }
}

/// A fixed first move, then `lead` for up to `lead_turns` simulated turns,
/// then `base`: the planner's player 0 in an alternative continuation's
/// arm, where the alternative opens a campaign and hands over to the base,
/// as the planner, choosing afresh every turn, will not follow a plan for
/// a whole rollout.
pub struct Relay<'a> {
    pub first: Option<Cell>,
    pub lead: &'a dyn BasePolicy,
    pub lead_turns: usize,
    pub base: &'a dyn BasePolicy,
}

impl<'a> Relay<'a> {
    /// A fixed first move, then `base` throughout: the planner's player 0
    /// in a base arm, and the oracle's.
    pub fn first_then(first: Cell, base: &'a dyn BasePolicy) -> Relay<'a> {
        Relay {
            first: Some(first),
            lead: base,
            lead_turns: 0,
            base,
        }
    }

    /// `base` throughout, from the first simulated turn: a rollout that
    /// values a position rather than a move.
    pub fn plain(base: &'a dyn BasePolicy) -> Relay<'a> {
        Relay {
            first: None,
            lead: base,
            lead_turns: 0,
            base,
        }
    }
}

impl Player for Relay<'_> {
    fn choose(&mut self, game: &Game, sim: &State, ais: &AiView) -> Cell {
        if let Some(first) = self.first.take() {
            return first;
        }
        if self.lead_turns == 0 {
            return self.base.choose(game, sim, ais);
        }
        self.lead_turns -= 1;
        self.lead.choose(game, sim, ais)
    }

    /// Past its first move and its lead's turns, a relay plays its base:
    /// it may join another rollout that plays that base.
    fn joinable(&self) -> bool {
        self.first.is_none() && self.lead_turns == 0
    }
}

/// Plays from `root` until turn `end` (or the game's end): each turn the AIs
/// of `ais` and player 0 by `us` choose from the same position, then the
/// turn resolves by the rules. Returns the position reached.
pub fn play_out(
    game: &Game,
    root: &State,
    end: usize,
    us: &mut impl Player,
    ais: &mut impl AiModel,
) -> State {
    match play_out_along(game, root, end, us, ais, Trail::Off) {
        Outcome::Leaf(leaf) => leaf,
        Outcome::Joined { .. } => unreachable!("a rollout without a trail never joins one"),
    }
}

/// Where the rollouts on one seed have been: the positions each reached
/// after each simulated turn while playing the continuation they share
/// ([`Player::joinable`]), and which of them reached it first. Cleared for
/// each seed; its vectors keep their room from one seed to the next.
#[derive(Default)]
pub struct Trails {
    /// Index t − 1: the positions after t simulated turns, each with the
    /// rollout (the caller's number for it) that reached it first.
    by_turn: Vec<Vec<(Footprint, usize)>>,
}

impl Trails {
    /// Forgets every position, keeping the room.
    pub fn clear(&mut self) {
        self.by_turn.iter_mut().for_each(Vec::clear);
    }

    /// The rollout that reached `sim` after `played` simulated turns before
    /// `rollout` did, or None, `rollout` then being recorded there.
    fn meet(&mut self, played: usize, sim: &State, rollout: usize) -> Option<usize> {
        if self.by_turn.len() < played {
            self.by_turn.resize_with(played, Vec::new);
        }
        let seen = &mut self.by_turn[played - 1];
        let here = Footprint::of(sim);
        if let Some(&(_, first)) = seen.iter().find(|(s, _)| *s == here) {
            return Some(first);
        }
        seen.push((here, rollout));
        None
    }
}

/// Whether a rollout of [`play_out_along`] meets the others on its seed.
pub enum Trail<'a> {
    /// No: it plays to its end.
    Off,
    /// It records its positions in these trails as the rollout with this
    /// number, and stops where an earlier one has been.
    Along(&'a mut Trails, usize),
}

/// How a rollout along a [`Trail`] ended. Returned once a rollout, by
/// value: boxing the position would cost an allocation a rollout.
#[allow(clippy::large_enum_variant)]
pub enum Outcome {
    /// At its end, in this position.
    Leaf(State),
    /// After `turns` simulated turns, where the rollout numbered `rollout`
    /// had been: from there on it would play as that one did.
    Joined { turns: usize, rollout: usize },
}

/// The AIs' side of one simulated turn, which player 0's policy sees too:
/// their legal sets, greedy targets and destinations (player 0's slot
/// left for its move).
#[derive(Clone, Copy)]
struct AiTurn {
    legal: [Bits; MAX_PLAYERS],
    targets: [Cell; MAX_PLAYERS],
    dest: [Cell; MAX_PLAYERS],
}

impl AiTurn {
    /// The AIs of `ais` choose in `sim`.
    fn play(game: &Game, sim: &State, ais: &mut impl AiModel, cache: &mut TargetCache) -> AiTurn {
        let legal = rules::ai_legal_moves(sim, game.m);
        let mut targets = [0 as Cell; MAX_PLAYERS];
        let mut dest = [0 as Cell; MAX_PLAYERS];
        for p in 1..game.m {
            // One greedy scan serves the AI's move and player 0's forecast.
            targets[p] = ai::greedy_target_cached(game, sim, p, &ais.params()[p], legal[p], cache);
            dest[p] = ais.choose(game, sim, p, legal[p], targets[p]);
        }
        AiTurn {
            legal,
            targets,
            dest,
        }
    }
}

/// The AIs' side of the first turn of the rollouts from one root on one
/// seed: the same whatever player 0 plays, so it is played once and every
/// rollout on the seed starts from a copy of the AIs after it.
#[derive(Clone)]
pub struct Opening<A> {
    /// The AIs after their first turn's draws.
    ais: A,
    cache: TargetCache,
    turn: AiTurn,
}

impl<A: AiModel + Clone> Opening<A> {
    /// The first turn from `root` of the AIs of `ais`.
    pub fn new(game: &Game, root: &State, mut ais: A) -> Opening<A> {
        let mut cache = TargetCache::default();
        let turn = AiTurn::play(game, root, &mut ais, &mut cache);
        Opening { ais, cache, turn }
    }

    /// The parameters the AIs play by in the rollouts from this opening.
    pub fn params(&self) -> &[AiParams; MAX_PLAYERS] {
        self.ais.params()
    }
}

/// [`play_out`] beside the other rollouts on its seed. Two rollouts on one
/// seed whose player 0 plays the same policy from some turn on (a
/// planner's arms after their first moves) play alike from any position
/// they share after the same turn: the AIs' parameters and random numbers
/// come from the seed, drawn as many times a turn whatever the position,
/// and every choice depends on the position alone. So a rollout that
/// reaches a position an earlier one had after the same turn ends as that
/// one did, and need not be played on.
pub fn play_out_along(
    game: &Game,
    root: &State,
    end: usize,
    us: &mut impl Player,
    ais: &mut impl AiModel,
    trail: Trail,
) -> Outcome {
    let mut cache = TargetCache::default();
    play_on(game, root, end, us, ais, &mut cache, None, trail)
}

/// [`play_out_along`] from an opening: the same rollout as from its AIs
/// before their first turn, that turn not played again.
pub fn play_out_opened<A: AiModel + Clone>(
    game: &Game,
    root: &State,
    end: usize,
    us: &mut impl Player,
    opening: &Opening<A>,
    trail: Trail,
) -> Outcome {
    let mut ais = opening.ais.clone();
    let mut cache = opening.cache;
    let first = Some(opening.turn);
    play_on(game, root, end, us, &mut ais, &mut cache, first, trail)
}

/// The loop of [`play_out_along`], the AIs' side of its first turn given
/// or not.
#[allow(clippy::too_many_arguments)]
fn play_on(
    game: &Game,
    root: &State,
    end: usize,
    us: &mut impl Player,
    ais: &mut impl AiModel,
    cache: &mut TargetCache,
    mut first: Option<AiTurn>,
    mut trail: Trail,
) -> Outcome {
    let mut sim = *root;
    let end = end.min(game.turns);
    while sim.turn < end {
        let mut turn = first
            .take()
            .unwrap_or_else(|| AiTurn::play(game, &sim, ais, cache));
        let view = AiView {
            params: ais.params(),
            legal: &turn.legal,
            targets: &turn.targets,
        };
        turn.dest[0] = us.choose(game, &sim, &view);
        rules::resolve(game, &mut sim, &turn.dest);
        if let Trail::Along(trails, number) = &mut trail
            && us.joinable()
        {
            let turns = sim.turn - root.turn;
            if let Some(rollout) = trails.meet(turns, &sim, *number) {
                return Outcome::Joined { turns, rollout };
            }
        }
    }
    Outcome::Leaf(sim)
}

/// What tells two positions after the same turn apart: the pieces, owners
/// and levels decide everything else a position holds (its scores, reaches
/// and sets). Less than half a [`State`], so that the trails a turn records
/// stay in cache; the pieces first, as they differ most often.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Footprint {
    pos: [Cell; MAX_PLAYERS],
    owner: [i8; CELLS],
    level: [u8; CELLS],
}

impl Footprint {
    #[inline]
    fn of(state: &State) -> Footprint {
        Footprint {
            pos: state.pos,
            owner: state.owner,
            level: state.level,
        }
    }
}
