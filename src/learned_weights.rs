//! The learned base policy's weights (src/learned.rs): the hand-tuned
//! starting point until the trainer writes this file.
use crate::learned::HAND_TUNED;
pub const TRAINED: crate::learned::Table = [HAND_TUNED; crate::learned::CLASSES];
