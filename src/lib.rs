//! An AHC061 ("Multi-Player Territory Game") bot: the exact game engine and
//! everything the bot thinks with. Data flows one way: the protocol reads the
//! judge, the mirror checks and holds the position, the policy picks a move.

// Board code indexes several parallel arrays by player or cell; the index
// loops say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub mod agent;
pub mod ai;
pub mod base;
pub mod belief;
pub mod blocking;
pub mod board;
pub mod clock;
pub mod duel;
pub mod fault;
pub mod features;
pub mod forecast;
pub mod greedy;
pub mod learned;
pub mod learned_weights;
pub mod mirror;
pub mod options;
pub mod params;
pub mod planner;
pub mod protocol;
pub mod rollout;
pub mod rules;
pub mod state;
pub mod trace;
