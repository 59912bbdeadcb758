//! The race's arms and their rollouts: an arm is a candidate first move with
//! the continuation after it. The arms played on one seed share the AIs'
//! first turn, and an arm that reaches a position an earlier arm on its seed
//! had joins that rollout and ends as it did (src/search/rollout.rs).

use crate::engine::board::Cell;
use crate::engine::state::{Game, State};
use crate::opponent::belief::Belief;
use crate::policy::base::BasePolicy;
use crate::search::candidates::Candidate;
use crate::search::leaf::LeafContext;
use crate::search::planner::{Config, Planner};
use crate::search::rollout::{Opening, Outcome, Relay, SampledAis, Trail, Trails, play_out_opened};

/// The arms played on one seed in a round of the race, by their number
/// (the base move's 0): the AIs' first turn, which they share; where their
/// rollouts went, so that a later arm that reaches one of those positions
/// stops there; and what each was worth.
#[derive(Default)]
pub(super) struct SeedArms {
    opening: Option<Opening<SampledAis>>,
    trails: Trails,
    worth: Vec<f64>,
}

impl SeedArms {
    /// Ready for `arms` arms from `state` on `seed`.
    pub(super) fn start(
        &mut self,
        game: &Game,
        state: &State,
        belief: &Belief,
        seed: u64,
        arms: usize,
    ) {
        let ais = SampledAis::new(game, belief, seed);
        self.opening = Some(Opening::new(game, state, ais));
        self.trails.clear();
        self.worth.clear();
        self.worth.resize(arms, f64::NAN);
    }
}

impl Planner {
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
    pub(super) fn arm_rollout(
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
pub(super) fn rollout_end(state: &State, config: &Config) -> usize {
    state.turn + 1 + config.horizon
}
