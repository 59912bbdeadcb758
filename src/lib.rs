//! An AHC061 ("Multi-Player Territory Game") bot: the exact game engine and
//! everything the bot thinks with. Data flows one way: the protocol reads the
//! judge, the mirror checks and holds the position, the policy picks a move.
//!
//! The folders are layers, each using only those before it: `engine` (the
//! game's rules); `judge` (the protocol and the mirror) and `opponent` (the
//! belief over the AIs), side by side; `policy` (player 0's one-turn
//! policies); `search` (the planner's rollouts and its clock); `agent` (the
//! game loop and its options). Every path names its folder
//! (`crate::search::planner`), so the imports draw these layers, and
//! tests/layers.rs fails when a folder reaches above itself.

// Board code indexes several parallel arrays by player or cell; the index
// loops say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub mod agent;
pub mod engine;
pub mod judge;
pub mod opponent;
pub mod policy;
pub mod search;
