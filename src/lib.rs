//! An AHC061 ("Multi-Player Territory Game") bot: the exact game engine and
//! everything the bot thinks with. Data flows one way: the protocol reads the
//! judge, the mirror checks and holds the position, the policy picks a move.
//!
//! The folders, each using only those before it: `engine` (the game's
//! rules), `judge` (the protocol and the mirror), `opponent` (the belief over
//! the AIs), `policy` (player 0's one-turn policies), `search` (the planner's
//! rollouts and its clock), `agent` (the game loop and its options).

// Board code indexes several parallel arrays by player or cell; the index
// loops say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub mod agent;
pub mod engine;
pub mod judge;
pub mod opponent;
pub mod policy;
pub mod search;

// Every module keeps its short path (`ahc061::board`, `crate::planner`): the
// tools, the tests and the modules themselves use these.
pub use agent::{fault, options, params, trace};
pub use engine::{ai, board, rules, state};
pub use judge::{mirror, protocol};
pub use opponent::belief;
pub use policy::{
    base, blocking, duel, features, forecast, greedy, hunt, learned, learned_weights,
};
pub use search::{clock, lookahead, planner, rollout};
