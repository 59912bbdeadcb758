//! Player 0's one-turn policies: the base the planner improves on (hand-tuned
//! or learned), the forecast it values moves by, the duel plan and its hunt of the AIs, the greedy floor.

pub mod base;
pub mod duel;
pub mod features;
pub mod forecast;
pub mod greedy;
pub mod hunt;
pub mod learned;
pub mod learned_weights;
