//! The coach: the real bot (`ahc061::agent::FullBot`), fed the game the
//! person is playing turn by turn, as the bot would be fed it by the judge.
//! Its belief over each AI follows the AIs' observed moves through the bot's
//! own `observe`; asked for advice, it runs its own `choose` (belief and
//! planner) with a fixed number of rollouts and reports what it thought
//! through its own trace line (src/agent/trace.rs), the same record the replay
//! page shows. Nothing of the bot is re-implemented here.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::time::Instant;

use ahc061::agent::trace::Trace;
use ahc061::agent::{FullBot, Policy};
use ahc061::engine::state::Game;
use ahc061::judge::mirror::Mirror;
use ahc061::judge::protocol::Feedback;
use ahc061::search::clock::Clock;
use ahc061_sim::judge::ToolInput;
use serde_json::Value;

use crate::oracle::{self, Mode};

/// A `Write` into a buffer the coach keeps a handle on: the bot's trace
/// lines land here and are read back at once.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The bot following one game.
pub struct Coach {
    mirror: Mirror,
    bot: FullBot,
    trace: Shared,
}

impl Coach {
    /// A bot at the start of `game`, thinking `work` rollouts a turn, its
    /// random numbers from `seed` (so that its advice repeats).
    pub fn new(game: &Game, work: u64, seed: u64) -> Coach {
        let mirror = Mirror::new(game.clone());
        let trace = Shared::default();
        // The clock's start and budget do not matter: fixed work ignores them.
        let clock = Clock::new(Instant::now(), 1.8, Some(work));
        let bot = FullBot::new(&mirror, seed, clock)
            .with_trace(Trace::to_writer(Box::new(trace.clone())));
        Coach { mirror, bot, trace }
    }

    /// Feeds the judge's report of a turn, as the bot's game loop does
    /// (src/agent/mod.rs `play`): the mirror plays it, then the belief learns
    /// from the AIs' choices.
    pub fn observe(&mut self, feedback: &Feedback) {
        let before = self.mirror.state;
        self.mirror.apply(feedback);
        self.bot.observe(&self.mirror, &before, feedback);
    }

    /// What the bot thinks before the coming turn: its trace line (turn,
    /// each AI's posterior summary, the planner's candidates with their
    /// rollouts, mean advantage and z, and `chosen`, the move it would play).
    pub fn advise(&mut self) -> Value {
        self.trace.0.borrow_mut().clear();
        self.bot.choose(&self.mirror);
        let text = String::from_utf8_lossy(&self.trace.0.borrow()).into_owned();
        serde_json::from_str(text.trim()).expect("the bot's trace line is JSON")
    }
}

/// The bot's absolute score on `input`, played in-process against the
/// judge at `work` rollouts a turn from `seed`: what the person's score is
/// measured against.
pub fn bot_score(input: &ToolInput, work: u64, seed: u64) -> i64 {
    oracle::play(input, Mode::Bot, work, seed)
}
