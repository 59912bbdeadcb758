//! Talking to the judge: its text protocol, and the mirror that checks the
//! judge's report against the engine every turn. Depends on the engine.

pub mod mirror;
pub mod protocol;
