//! The scored duel plan's weights (src/duel_linear.rs), written by the
//! trainer (`train duel`, tools/src/bin/train.rs); do not edit by hand.

use crate::duel_linear::{PLAN, Weights};

/// Not trained yet: the plan's own tier order.
pub const TRAINED: Weights = PLAN;
