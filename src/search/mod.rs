//! The search over player 0's moves: Monte Carlo rollouts from each candidate
//! against AIs drawn from the belief, within the clock's allowance.

pub mod arms;
pub mod candidates;
pub mod clock;
pub mod leaf;
pub mod planner;
pub mod race;
pub mod rollout;
pub mod value;
pub mod value_weights;
