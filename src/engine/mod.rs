//! The game itself, exactly as the judge plays it: the board, the position,
//! the rules of a turn and the AIs' policy. Depends on nothing else here.

pub mod ai;
pub mod board;
pub mod rules;
pub mod state;
