//! The learned base policy's weights (src/learned.rs): the hand-tuned
//! starting point until the trainer writes this file.
pub const TRAINED: crate::learned::Weights = crate::learned::HAND_TUNED;
