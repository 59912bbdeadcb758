//! The agent around the search: the game loop (here), its options and tuned
//! parameters, the trace of what it thought, and how it survives a fault.
//!
//! The game loop: read the initial input, then every turn choose a move,
//! send it, read the judge's feedback and check it on the mirror.

pub mod fault;
pub mod options;
pub mod params;
pub mod trace;

use std::io::{BufRead, Write};

use crate::engine::board::{Cell, coords};
use crate::engine::state::State;
use crate::judge::mirror::Mirror;
use crate::judge::protocol::{Feedback, ProtocolError, Reader};

/// A way of choosing player 0's moves.
pub trait Policy {
    /// The destination for the coming turn; must be legal in `mirror.state`.
    fn choose(&mut self, mirror: &Mirror) -> Cell;
    /// Called after each turn with the state the turn started from and the
    /// judge's report, for policies that learn from the AIs' choices.
    fn observe(&mut self, _mirror: &Mirror, _before: &State, _feedback: &Feedback) {}
}

/// Counts of what happened during a game, for the caller's report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameCounts {
    pub turns: usize,
    pub divergences: usize,
}

/// Plays a whole game over the given streams. Divergences between the
/// mirror and the judge go to `log`, one line each; the game goes on.
pub fn play<R: BufRead, W: Write, L: Write>(
    input: R,
    mut output: W,
    mut log: L,
    make_policy: impl FnOnce(&Mirror) -> Box<dyn Policy>,
) -> Result<GameCounts, ProtocolError> {
    let mut reader = Reader::new(input);
    let game = reader.read_initial()?;
    let mut mirror = Mirror::new(game);
    let mut policy = make_policy(&mirror);
    let mut summary = GameCounts::default();
    for turn in 1..=mirror.game.turns {
        let mv = policy.choose(&mirror);
        let (x, y) = coords(mv);
        writeln!(output, "{x} {y}")
            .and_then(|_| output.flush())
            .map_err(|e| ProtocolError(format!("turn {turn}: cannot send the move: {e}")))?;
        let feedback = reader.read_feedback(&mirror.game, turn)?;
        let before = mirror.state;
        if let (_, Some(divergence)) = mirror.apply(&feedback) {
            summary.divergences += 1;
            let _ = writeln!(log, "{divergence}");
        }
        policy.observe(&mirror, &before, &feedback);
        summary.turns = turn;
    }
    Ok(summary)
}

/// The baseline policy: one-ply greedy.
pub struct Greedy;

impl Policy for Greedy {
    fn choose(&mut self, mirror: &Mirror) -> Cell {
        crate::policy::greedy::choose(&mirror.game, &mirror.state)
    }
}

/// The full bot: a belief over the AIs' parameters, updated every turn, and
/// the rollout planner, run within the clock's allowance.
pub struct FullBot {
    belief: crate::opponent::belief::Belief,
    planner: crate::search::planner::Planner,
    clock: crate::search::clock::Clock,
    rng: rand_pcg::Pcg64Mcg,
    /// What the bot thought each turn, when asked (`--trace FILE`).
    trace: Option<crate::agent::trace::Trace>,
    /// Particles per AI, for a belief that must start again.
    particles: usize,
}

/// The planner's seed is the bot's seed xor this, so that its random
/// numbers differ from the belief's (the oracle derives it the same way).
pub const PLANNER_SEED_XOR: u64 = 0x5DEE_CE66;

impl FullBot {
    /// The bot with its standard settings and base policy.
    pub fn new(mirror: &Mirror, seed: u64, clock: crate::search::clock::Clock) -> FullBot {
        let params = crate::agent::params::Params::default();
        FullBot::with_params(
            mirror,
            seed,
            clock,
            &params,
            crate::policy::base::standard(),
        )
    }

    /// A bot with the given settings (the planner's for this game's M, the
    /// clock's schedule, the belief's size) and base policy.
    pub fn with_params(
        mirror: &Mirror,
        seed: u64,
        clock: crate::search::clock::Clock,
        params: &crate::agent::params::Params,
        base: Box<dyn crate::policy::base::BasePolicy>,
    ) -> FullBot {
        use rand::SeedableRng;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let particles = params.particles;
        let belief = crate::opponent::belief::Belief::new(mirror.game.m, particles, &mut rng);
        let config = params.planner(mirror.game.m);
        let planner = crate::search::planner::Planner::new(config, base, seed ^ PLANNER_SEED_XOR);
        FullBot {
            belief,
            planner,
            clock: clock.with_schedule(params.clock),
            rng,
            trace: None,
            particles,
        }
    }

    /// Plays `continuation` for player 0 in the rollouts after the first
    /// move (the base still ranks the candidates and gives the move to
    /// beat): the seam for a continuation trained apart from the base.
    pub fn with_continuation(
        mut self,
        continuation: Box<dyn crate::policy::base::BasePolicy>,
    ) -> FullBot {
        self.planner.continuation = Some(continuation);
        self
    }

    /// Writes a line per turn to `trace` (see src/agent/trace.rs).
    pub fn with_trace(mut self, trace: crate::agent::trace::Trace) -> FullBot {
        self.trace = Some(trace);
        self
    }
}

impl Policy for FullBot {
    fn choose(&mut self, mirror: &Mirror) -> Cell {
        let turn = mirror.state.turn + 1;
        let allowance = self.clock.allowance(turn, mirror.game.turns);
        let (game, state, belief) = (&mirror.game, &mirror.state, &self.belief);
        let planner = &mut self.planner;
        // A failure inside the planner must not cost the game: one line on
        // stderr, and the baseline answers this turn.
        let planned = crate::agent::fault::guard(|| {
            crate::agent::fault::inject("planner", turn);
            planner.choose(game, state, belief, allowance)
        });
        let decision = match planned {
            Ok(decision) if crate::engine::rules::is_legal(state, game.m, 0, decision.cell) => {
                Some(decision)
            }
            failed => {
                let failure = match failed {
                    Ok(decision) => format!("chose the illegal move {:?}", coords(decision.cell)),
                    Err(e) => format!("failed ({e})"),
                };
                let _ = writeln!(
                    std::io::stderr(),
                    "turn {turn}: the planner {failure}; the baseline answers this turn"
                );
                None
            }
        };
        if let Some(decision) = &decision {
            self.clock.charge(decision.simulated_turns);
        }
        let cell = match &decision {
            Some(decision) => decision.cell,
            // Staying put is always legal, should even the baseline fail.
            None => crate::agent::fault::guard(|| crate::policy::greedy::choose(game, state))
                .unwrap_or(state.pos[0]),
        };
        if let Some(trace) = &mut self.trace {
            trace.record(turn, game, belief, decision.as_ref(), cell);
        }
        cell
    }

    fn observe(&mut self, mirror: &Mirror, before: &State, feedback: &Feedback) {
        let turn = mirror.state.turn;
        let (belief, rng) = (&mut self.belief, &mut self.rng);
        let update = crate::agent::fault::guard(|| {
            crate::agent::fault::inject("belief", turn);
            belief.observe(&mirror.game, before, &feedback.dest, rng)
        });
        // A failed update may leave the particles and their weights out of
        // step: the belief starts again from the prior (the planner works
        // with any belief), and the game goes on.
        if let Err(e) = update {
            let _ = writeln!(
                std::io::stderr(),
                "turn {turn}: the belief update failed ({e}); the belief starts again from the prior"
            );
            self.belief =
                crate::opponent::belief::Belief::new(mirror.game.m, self.particles, &mut self.rng);
        }
    }
}
