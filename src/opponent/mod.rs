//! What the bot believes of the AIs: a particle filter over each AI's hidden
//! parameters, learned from the moves it sees them make. Depends on the engine.

pub mod belief;
